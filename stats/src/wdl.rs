//! Win/draw/loss counts of a match between two engines.
//!
//! Every statistic the referee prints starts from how the *first* engine (the
//! one named first on the command line, cutechess-cli's "fcp") fared: a win
//! for it is a loss for the other. Keeping one point of view everywhere means
//! the score, Elo and SPRT lines can never disagree about who is ahead;
//! [`GameScore::flip`] and [`Wdl::flip`] give the other engine's view.

use std::iter::Sum;
use std::ops::{Add, AddAssign};

use super::moments::Moments;

/// Points for a won game.
pub const WIN_POINTS: f64 = 1.0;
/// Points for a drawn game.
pub const DRAW_POINTS: f64 = 0.5;
/// Points for a lost game.
pub const LOSS_POINTS: f64 = 0.0;

/// The per-game scores in the order the statistics count them: loss,
/// draw, win. This is the "trinomial" sample of a match without pairs.
pub const GAME_SCORES: [f64; 3] = [LOSS_POINTS, DRAW_POINTS, WIN_POINTS];

/// The result of one finished game, for the first engine.
///
/// Every way a game can end (normal end, adjudication, forfeit, crash…) comes
/// down to one of these three for the statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameScore {
    /// The first engine won.
    Win,
    /// The first engine lost.
    Loss,
    /// The game was drawn.
    Draw,
}

impl GameScore {
    /// The same game seen from the other engine.
    #[must_use]
    pub const fn flip(self) -> Self {
        match self {
            Self::Win => Self::Loss,
            Self::Loss => Self::Win,
            Self::Draw => Self::Draw,
        }
    }

    /// The points the first engine scored: 1, ½ or 0.
    #[must_use]
    pub const fn points(self) -> f64 {
        match self {
            Self::Win => WIN_POINTS,
            Self::Draw => DRAW_POINTS,
            Self::Loss => LOSS_POINTS,
        }
    }

    /// The points in half-point units (2, 1 or 0), exact in integers; a game
    /// pair's pentanomial bucket is the sum of its two games' half points.
    #[must_use]
    pub const fn half_points(self) -> usize {
        match self {
            Self::Win => 2,
            Self::Draw => 1,
            Self::Loss => 0,
        }
    }
}

/// Wins, losses and draws of the first engine against the second.
///
/// The order of the fields is cutechess-cli's `W - L - D`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Wdl {
    /// Games the first engine won.
    pub wins: u64,
    /// Games the first engine lost.
    pub losses: u64,
    /// Drawn games.
    pub draws: u64,
}

impl Wdl {
    /// Counts from their three parts.
    #[must_use]
    pub const fn new(wins: u64, losses: u64, draws: u64) -> Self {
        Self {
            wins,
            losses,
            draws,
        }
    }

    /// Finished games, `W + L + D`.
    #[must_use]
    pub const fn games(&self) -> u64 {
        self.wins + self.losses + self.draws
    }

    /// The first engine's score as a fraction of the points available,
    /// `(W + D/2) / N`; `None` before any game has finished, because 0/0 has
    /// no meaning (cutechess-cli would print `nan`).
    #[must_use]
    pub fn score(&self) -> Option<f64> {
        let games = self.games();
        if games == 0 {
            return None;
        }
        let points = self.wins as f64 * WIN_POINTS
            + self.draws as f64 * DRAW_POINTS
            + self.losses as f64 * LOSS_POINTS;
        Some(points / games as f64)
    }

    /// Counts one more finished game.
    ///
    /// (Named like [`Pentanomial::record`](super::Pentanomial::record). A
    /// method `add(&mut self, GameScore)` would be shadowed by `Add::add`,
    /// which method lookup tries first on a value receiver; instead
    /// `wdl += game` and `wdl + game` count a game through the operators.)
    pub fn record(&mut self, game: GameScore) {
        match game {
            GameScore::Win => self.wins += 1,
            GameScore::Loss => self.losses += 1,
            GameScore::Draw => self.draws += 1,
        }
    }

    /// The same counts from the second engine's point of view.
    #[must_use]
    pub const fn flip(self) -> Self {
        Self {
            wins: self.losses,
            losses: self.wins,
            draws: self.draws,
        }
    }

    /// Mean and variance of the per-game scores, for the Elo and SPRT
    /// modules.
    pub(crate) fn moments(&self) -> Option<Moments> {
        Moments::of(&[self.losses, self.draws, self.wins], &GAME_SCORES)
    }
}

/// Merging the counts of two disjoint sets of games (two shards, two
/// results files) is adding them field by field.
impl Add for Wdl {
    type Output = Self;

    fn add(self, rhs: Self) -> Self {
        Self {
            wins: self.wins + rhs.wins,
            losses: self.losses + rhs.losses,
            draws: self.draws + rhs.draws,
        }
    }
}

impl AddAssign for Wdl {
    fn add_assign(&mut self, rhs: Self) {
        *self = *self + rhs;
    }
}

/// `wdl + game`: the counts with one more game.
impl Add<GameScore> for Wdl {
    type Output = Self;

    fn add(mut self, game: GameScore) -> Self {
        self.record(game);
        self
    }
}

/// `wdl += game`: counts one more game in place.
impl AddAssign<GameScore> for Wdl {
    fn add_assign(&mut self, game: GameScore) {
        self.record(game);
    }
}

impl Sum for Wdl {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::default(), Add::add)
    }
}

impl Extend<GameScore> for Wdl {
    fn extend<I: IntoIterator<Item = GameScore>>(&mut self, iter: I) {
        for game in iter {
            self.record(game);
        }
    }
}

impl FromIterator<GameScore> for Wdl {
    fn from_iter<I: IntoIterator<Item = GameScore>>(iter: I) -> Self {
        let mut wdl = Self::default();
        wdl.extend(iter);
        wdl
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn counts_and_score() {
        let mut wdl = Wdl::default();
        assert_eq!(wdl.score(), None);
        wdl.record(GameScore::Win);
        wdl += GameScore::Win;
        wdl = wdl.add(GameScore::Draw);
        let before = wdl;
        wdl = before + GameScore::Loss;
        assert_eq!(wdl, Wdl::new(2, 1, 1));
        assert_eq!(wdl.games(), 4);
        assert_eq!(wdl.score(), Some(2.5 / 4.0));
        assert_eq!(wdl.flip(), Wdl::new(1, 2, 1));
        assert_eq!(wdl.flip().score(), Some(1.5 / 4.0));
    }

    #[test]
    fn game_score_flip_and_points() {
        assert_eq!(GameScore::Win.flip(), GameScore::Loss);
        assert_eq!(GameScore::Loss.flip(), GameScore::Win);
        assert_eq!(GameScore::Draw.flip(), GameScore::Draw);
        for g in [GameScore::Win, GameScore::Loss, GameScore::Draw] {
            assert_eq!(g.points() + g.flip().points(), WIN_POINTS);
            assert_eq!(g.half_points() + g.flip().half_points(), 2);
            assert_eq!(g.flip().flip(), g);
        }
    }

    #[test]
    fn add_assign_and_sum() {
        let mut a = Wdl::new(1, 2, 3);
        a += Wdl::new(10, 20, 30);
        assert_eq!(a, Wdl::new(11, 22, 33));
        let total: Wdl = [Wdl::new(1, 0, 0), Wdl::new(0, 1, 0), Wdl::new(0, 0, 1)]
            .into_iter()
            .sum();
        assert_eq!(total, Wdl::new(1, 1, 1));
    }

    fn game() -> impl Strategy<Value = GameScore> {
        prop_oneof![
            Just(GameScore::Win),
            Just(GameScore::Loss),
            Just(GameScore::Draw)
        ]
    }

    proptest! {
        #[test]
        fn add_matches_recording_one_by_one(
            games in proptest::collection::vec(game(), 0..200),
            split in 0usize..200,
        ) {
            let split = split.min(games.len());
            let (left, right) = games.split_at(split);
            let one_by_one: Wdl = games.iter().copied().collect();
            let merged = left.iter().copied().collect::<Wdl>()
                + right.iter().copied().collect::<Wdl>();
            prop_assert_eq!(one_by_one, merged);
            prop_assert_eq!(one_by_one.games(), games.len() as u64);
            let flipped: Wdl = games.iter().map(|g| g.flip()).collect();
            prop_assert_eq!(flipped, one_by_one.flip());
        }
    }
}
