//! Pentanomial counts: game pairs by the points the first engine took.
//!
//! The referee plays each opening twice with colours swapped. The two games
//! of such a pair are correlated (a lopsided opening tends to win for
//! whoever has the good side in both games), so treating them as independent
//! games overstates the variance and makes error bars and SPRT tests too
//! slow. Counting *pairs* by their total — 0, ½, 1, 1½ or 2 points — keeps
//! the correlation in the data. This is the "pentanomial" model of Michel
//! Van den Bergh's notes for Fishtest, reported by fastchess as
//! `Ptnml(0-2)`.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign};

use super::moments::Moments;
use super::wdl::GameScore;

/// Number of pentanomial buckets: a pair scores 0, ½, 1, 1½ or 2 points.
pub const PENTANOMIAL_BUCKETS: usize = 5;

/// The first engine's pair score, as a fraction of the pair's 2 points, for
/// each bucket: 0, ¼, ½, ¾, 1. This is the sample the pentanomial Elo and
/// SPRT average over.
pub const PAIR_SCORES: [f64; PENTANOMIAL_BUCKETS] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// Game pairs (same opening, colours swapped), counted by the first engine's
/// total points in the pair.
///
/// Index 0 = 0 points (LL), 1 = ½ (LD), 2 = 1 (WL or DD), 3 = 1½ (WD),
/// 4 = 2 (WW): the index is the pair's total in half points, and the order is
/// fastchess's `Ptnml(0-2)`. A win–loss pair and a draw–draw pair land in the
/// same bucket because they score the same.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pentanomial(pub [u64; PENTANOMIAL_BUCKETS]);

impl Pentanomial {
    /// Bucket of pairs the first engine lost twice.
    pub const LL: usize = 0;
    /// Bucket of pairs with a loss and a draw.
    pub const LD: usize = 1;
    /// Bucket of pairs with a win and a loss, or two draws.
    pub const WL_DD: usize = 2;
    /// Bucket of pairs with a win and a draw.
    pub const WD: usize = 3;
    /// Bucket of pairs the first engine won twice.
    pub const WW: usize = 4;

    /// Counts a finished pair from its two games' results (for the first
    /// engine; the order of the two games does not matter).
    pub fn record(&mut self, a: GameScore, b: GameScore) {
        self.0[a.half_points() + b.half_points()] += 1;
    }

    /// Finished game pairs.
    #[must_use]
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }

    /// Games in the finished pairs, two per pair.
    #[must_use]
    pub fn games(&self) -> u64 {
        2 * self.pairs()
    }

    /// The first engine's mean pair score as a fraction of the points
    /// available; `None` before any pair has finished.
    #[must_use]
    pub fn score(&self) -> Option<f64> {
        Moments::of(&self.0, &PAIR_SCORES).map(|m| m.mean)
    }

    /// The same counts from the second engine's point of view (the buckets
    /// in reverse order).
    #[must_use]
    pub fn flip(self) -> Self {
        let mut counts = self.0;
        counts.reverse();
        Self(counts)
    }

    /// The line fastchess prints: `Ptnml(0-2): [a, b, c, d, e]`.
    #[must_use]
    pub fn fastchess_line(&self) -> String {
        let [ll, ld, wl_dd, wd, ww] = self.0;
        format!("Ptnml(0-2): [{ll}, {ld}, {wl_dd}, {wd}, {ww}]")
    }

    /// Mean and variance of the pair scores, for the Elo and SPRT modules.
    pub(crate) fn moments(&self) -> Option<Moments> {
        Moments::of(&self.0, &PAIR_SCORES)
    }
}

/// `[LL, LD, WL/DD, WD, WW] = [a, b, c, d, e]`: the counts with their
/// bucket names, for a reader who does not know fastchess's `Ptnml(0-2)`
/// (see [`Pentanomial::fastchess_line`] for that form).
impl fmt::Display for Pentanomial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [ll, ld, wl_dd, wd, ww] = self.0;
        write!(
            f,
            "[LL, LD, WL/DD, WD, WW] = [{ll}, {ld}, {wl_dd}, {wd}, {ww}]"
        )
    }
}

/// Merging disjoint sets of pairs (shards, results files) adds bucket by
/// bucket.
impl Add for Pentanomial {
    type Output = Self;

    fn add(self, rhs: Self) -> Self {
        let mut counts = self.0;
        for (c, r) in counts.iter_mut().zip(rhs.0) {
            *c += r;
        }
        Self(counts)
    }
}

impl AddAssign for Pentanomial {
    fn add_assign(&mut self, rhs: Self) {
        *self = *self + rhs;
    }
}

impl Sum for Pentanomial {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::default(), Add::add)
    }
}

impl Extend<(GameScore, GameScore)> for Pentanomial {
    fn extend<I: IntoIterator<Item = (GameScore, GameScore)>>(&mut self, iter: I) {
        for (a, b) in iter {
            self.record(a, b);
        }
    }
}

impl FromIterator<(GameScore, GameScore)> for Pentanomial {
    fn from_iter<I: IntoIterator<Item = (GameScore, GameScore)>>(iter: I) -> Self {
        let mut p = Self::default();
        p.extend(iter);
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use GameScore::{Draw, Loss, Win};
    use proptest::prelude::*;

    #[test]
    fn records_all_nine_combinations() {
        // (first game, second game, expected bucket)
        let cases = [
            (Loss, Loss, Pentanomial::LL),
            (Loss, Draw, Pentanomial::LD),
            (Draw, Loss, Pentanomial::LD),
            (Loss, Win, Pentanomial::WL_DD),
            (Win, Loss, Pentanomial::WL_DD),
            (Draw, Draw, Pentanomial::WL_DD),
            (Win, Draw, Pentanomial::WD),
            (Draw, Win, Pentanomial::WD),
            (Win, Win, Pentanomial::WW),
        ];
        for (a, b, bucket) in cases {
            let mut p = Pentanomial::default();
            p.record(a, b);
            let mut want = [0; PENTANOMIAL_BUCKETS];
            want[bucket] = 1;
            assert_eq!(p.0, want, "{a:?} + {b:?}");
            let points = a.points() + b.points();
            assert_eq!(PAIR_SCORES[bucket] * 2.0, points);
        }
        let all: Pentanomial = cases.iter().map(|&(a, b, _)| (a, b)).collect();
        assert_eq!(all.0, [1, 2, 3, 2, 1]);
        assert_eq!(all.pairs(), 9);
        assert_eq!(all.games(), 18);
        assert_eq!(all.score(), Some(0.5));
    }

    #[test]
    fn display_and_fastchess_line() {
        let p = Pentanomial([1, 22, 333, 44, 5]);
        assert_eq!(
            p.to_string(),
            "[LL, LD, WL/DD, WD, WW] = [1, 22, 333, 44, 5]"
        );
        assert_eq!(p.fastchess_line(), "Ptnml(0-2): [1, 22, 333, 44, 5]");
    }

    #[test]
    fn flip_and_add() {
        let p = Pentanomial([1, 2, 3, 4, 5]);
        assert_eq!(p.flip(), Pentanomial([5, 4, 3, 2, 1]));
        let mut q = p;
        q += Pentanomial([10, 0, 0, 0, 1]);
        assert_eq!(q, Pentanomial([11, 2, 3, 4, 6]));
        let s: Pentanomial = [p, p].into_iter().sum();
        assert_eq!(s, Pentanomial([2, 4, 6, 8, 10]));
        assert_eq!(Pentanomial::default().score(), None);
    }

    fn game() -> impl Strategy<Value = GameScore> {
        prop_oneof![Just(Win), Just(Loss), Just(Draw)]
    }

    proptest! {
        #[test]
        fn add_matches_recording_one_by_one(
            pairs in proptest::collection::vec((game(), game()), 0..200),
            split in 0usize..200,
        ) {
            let split = split.min(pairs.len());
            let (left, right) = pairs.split_at(split);
            let one_by_one: Pentanomial = pairs.iter().copied().collect();
            let merged = left.iter().copied().collect::<Pentanomial>()
                + right.iter().copied().collect::<Pentanomial>();
            prop_assert_eq!(one_by_one, merged);
            prop_assert_eq!(one_by_one.pairs(), pairs.len() as u64);
            let flipped: Pentanomial =
                pairs.iter().map(|&(a, b)| (a.flip(), b.flip())).collect();
            prop_assert_eq!(flipped, one_by_one.flip());
        }
    }
}
