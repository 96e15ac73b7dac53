//! How a move is judged: the loss against the engine's best move, and the
//! mark it earns (inaccuracy, mistake, blunder). Each game declares how its
//! moves are judged once, in its [`EngineGame::JUDGING`] hook
//! (`games/<game>/mod.rs`) with the hooks' own types ([`Judging`],
//! [`Thresholds`]); the judging itself is here, and names no game.
//!
//! [`EngineGame::JUDGING`]: crate::engine_game::EngineGame::JUDGING

use serde::Serialize;

use crate::commands::analyse::record::{AnalysisScore, SettledResult};
use crate::engine_game::judging::{Judging, Thresholds};
use crate::search::score::CENTI;

/// The unit of [`Judging::Outcome`] games.
pub const POINTS: &str = "points";
/// A win, a draw and a loss in game points, times [`CENTI`].
const WIN_POINTS: i32 = CENTI;
const DRAW_POINTS: i32 = CENTI / 2;
const LOSS_POINTS: i32 = 0;

/// What a move is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Judgement {
    /// `?!`, NAG `$6`.
    Inaccuracy,
    /// `?`, NAG `$2`.
    Mistake,
    /// `??`, NAG `$4`.
    Blunder,
}

impl Judgement {
    /// The PGN NAG (the export form, which every PGN reader takes).
    #[must_use]
    pub fn nag(self) -> u8 {
        match self {
            Self::Inaccuracy => 6,
            Self::Mistake => 2,
            Self::Blunder => 4,
        }
    }

    /// The suffix a person writes after the move.
    #[must_use]
    pub fn suffix(self) -> &'static str {
        match self {
            Self::Inaccuracy => "?!",
            Self::Mistake => "?",
            Self::Blunder => "??",
        }
    }

    /// The judgement a NAG stands for, if any of these.
    #[must_use]
    pub fn from_nag(nag: u8) -> Option<Self> {
        [Self::Inaccuracy, Self::Mistake, Self::Blunder]
            .into_iter()
            .find(|j| j.nag() == nag)
    }
}

/// Whether a score is proven, and which way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Proven {
    Win,
    Draw,
    Loss,
    /// An estimate.
    Unknown,
}

fn proven(score: AnalysisScore) -> Proven {
    match score {
        AnalysisScore::Mate(n) | AnalysisScore::Proven(n) if n > 0 => Proven::Win,
        AnalysisScore::Mate(n) | AnalysisScore::Proven(n) if n < 0 => Proven::Loss,
        AnalysisScore::Proven(_) => Proven::Draw,
        AnalysisScore::Bounds {
            result: Some(SettledResult::Win),
            ..
        } => Proven::Win,
        AnalysisScore::Bounds {
            result: Some(SettledResult::Loss),
            ..
        } => Proven::Loss,
        AnalysisScore::Mate(_)
        | AnalysisScore::Cp(_)
        | AnalysisScore::Bounds { result: None, .. } => Proven::Unknown,
    }
}

/// The loss of a move and its mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The loss in centi-units of the game's unit, never negative.
    pub loss: i32,
    /// The mark, if the move earns one.
    pub judgement: Option<Judgement>,
}

impl Judging {
    /// The unit losses are given in, or `None` when the game is not annotated.
    #[must_use]
    pub fn unit(&self) -> Option<&'static str> {
        match self {
            Self::Margin(thresholds) => Some(thresholds.unit),
            Self::Outcome => Some(POINTS),
            Self::NotAnnotated(_) => None,
        }
    }

    /// Judges a move whose score is `played` when the best move's is
    /// `best`, both from the mover's view.
    ///
    /// Throwing away a proven win, or walking into a proven loss the best
    /// move avoids, is a blunder whatever its size (as lichess marks a lost
    /// mate); a move that keeps a proven win (or cannot avoid a proven
    /// loss) is not marked, though it may win by less.
    #[must_use]
    pub fn judge(&self, best: AnalysisScore, played: AnalysisScore) -> Verdict {
        let (best_class, played_class) = (proven(best), proven(played));
        let outcome_changed = (best_class == Proven::Win && played_class != Proven::Win)
            || (played_class == Proven::Loss && best_class != Proven::Loss);
        match self {
            Self::Margin(t) => {
                let loss = (clamped(best, t.cap) - clamped(played, t.cap)).max(0);
                let decided =
                    best_class == played_class && matches!(best_class, Proven::Win | Proven::Loss);
                let judgement = if outcome_changed {
                    Some(Judgement::Blunder)
                } else if decided {
                    None
                } else {
                    t.by_size(loss)
                };
                Verdict { loss, judgement }
            }
            Self::Outcome => {
                let loss = (points(best_class) - points(played_class)).max(0);
                Verdict {
                    loss,
                    judgement: (outcome_changed || loss > 0).then_some(Judgement::Blunder),
                }
            }
            Self::NotAnnotated(_) => Verdict {
                loss: 0,
                judgement: None,
            },
        }
    }
}

impl Thresholds {
    /// The mark of a loss by its size alone.
    #[must_use]
    pub fn by_size(&self, loss: i32) -> Option<Judgement> {
        if loss >= self.blunder {
            Some(Judgement::Blunder)
        } else if loss >= self.mistake {
            Some(Judgement::Mistake)
        } else if loss >= self.inaccuracy {
            Some(Judgement::Inaccuracy)
        } else {
            None
        }
    }
}

/// A score as a margin clamped to ±`cap` (a mate is `cap`).
fn clamped(score: AnalysisScore, cap: i32) -> i32 {
    match score {
        AnalysisScore::Cp(n)
        | AnalysisScore::Proven(n)
        | AnalysisScore::Bounds { lower: n, .. } => n.clamp(-cap, cap),
        AnalysisScore::Mate(n) if n < 0 => -cap,
        AnalysisScore::Mate(_) => cap,
    }
}

/// Game points of an outcome, times [`CENTI`]; an estimate counts as a draw.
fn points(class: Proven) -> i32 {
    match class {
        Proven::Win => WIN_POINTS,
        Proven::Draw | Proven::Unknown => DRAW_POINTS,
        Proven::Loss => LOSS_POINTS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEEDS: Thresholds = Thresholds {
        unit: "seeds",
        inaccuracy: 100,
        mistake: 200,
        blunder: 400,
        cap: 1000,
    };

    #[test]
    fn losses_are_marked_by_size() {
        let judging = Judging::Margin(SEEDS);
        let mark = |best, played| judging.judge(AnalysisScore::Cp(best), AnalysisScore::Cp(played));
        assert_eq!(mark(300, 250).judgement, None);
        assert_eq!(mark(300, 200).judgement, Some(Judgement::Inaccuracy));
        assert_eq!(mark(300, 100).judgement, Some(Judgement::Mistake));
        assert_eq!(mark(300, -100).judgement, Some(Judgement::Blunder));
        assert_eq!(mark(300, -100).loss, 400);
        // A played move the search liked better loses nothing.
        assert_eq!(mark(100, 150).loss, 0);
        // Clamped: far ahead, a little less is nothing.
        assert_eq!(mark(2500, 1200).loss, 0);
    }

    #[test]
    fn proven_results_thrown_away_are_blunders() {
        let judging = Judging::Margin(SEEDS);
        let blunder = Some(Judgement::Blunder);
        // A mate given up for a small advantage.
        assert_eq!(
            judging
                .judge(AnalysisScore::Mate(5), AnalysisScore::Cp(950))
                .judgement,
            blunder
        );
        // A proven win of 2 seeds given up for a proven draw.
        assert_eq!(
            judging
                .judge(AnalysisScore::Proven(200), AnalysisScore::Proven(0))
                .judgement,
            blunder
        );
        // Walking into a proven loss of 1 seed from an even estimate.
        assert_eq!(
            judging
                .judge(AnalysisScore::Cp(0), AnalysisScore::Proven(-100))
                .judgement,
            blunder
        );
        // Still winning, by less: not marked, but the loss counts.
        let less = judging.judge(AnalysisScore::Proven(800), AnalysisScore::Proven(200));
        assert_eq!((less.loss, less.judgement), (600, None));
        // Lost anyway.
        assert_eq!(
            judging
                .judge(AnalysisScore::Mate(-9), AnalysisScore::Mate(-2))
                .judgement,
            None
        );
    }

    #[test]
    fn outcome_games_lose_points() {
        let judging = Judging::Outcome;
        let win_to_draw = judging.judge(AnalysisScore::Mate(3), AnalysisScore::Proven(0));
        assert_eq!(win_to_draw.loss, 50);
        assert_eq!(win_to_draw.judgement, Some(Judgement::Blunder));
        let best = judging.judge(AnalysisScore::Proven(0), AnalysisScore::Proven(0));
        assert_eq!((best.loss, best.judgement), (0, None));
        assert_eq!(
            judging
                .judge(AnalysisScore::Mate(1), AnalysisScore::Mate(-2))
                .loss,
            100
        );
    }

    #[test]
    fn nags_are_the_standard_ones() {
        for judgement in [
            Judgement::Inaccuracy,
            Judgement::Mistake,
            Judgement::Blunder,
        ] {
            assert_eq!(Judgement::from_nag(judgement.nag()), Some(judgement));
        }
        assert_eq!(Judgement::from_nag(1), None);
        assert_eq!(Judgement::Blunder.suffix(), "??");
    }
}
