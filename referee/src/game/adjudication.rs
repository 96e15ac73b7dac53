//! Adjudication from the engines' own scores (`-draw`, `-resign`) and the
//! game's length (`-maxmoves`), as cutechess does it.

use ply_protocol::ScoreValue;
use ply_rules::game::{Outcome, Player};
use ply_rules::variant::Variant;

use super::termination::Adjudication;
use crate::config::{DrawAdjudication, ResignAdjudication};

/// A mate score counts as this many centi-units, beyond any real score.
const MATE_CENTI: i64 = 1_000_000;

/// One engine move and the score its engine gave it (for the side that
/// moved), if it gave one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoredMove {
    /// Who moved.
    pub player: Player,
    /// The engine's last score before its `bestmove`.
    pub score: Option<ScoreValue>,
}

/// The adjudication rules of a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudicator {
    /// `-draw`.
    pub draw: Option<DrawAdjudication>,
    /// `-resign`.
    pub resign: Option<ResignAdjudication>,
    /// `-maxmoves`.
    pub max_moves: Option<u32>,
}

/// A score as a number; mates beyond every real score.
fn centi(score: ScoreValue) -> i64 {
    match score {
        ScoreValue::Centi(cp) => i64::from(cp),
        ScoreValue::Mate(n) if n > 0 => MATE_CENTI,
        ScoreValue::Mate(_) => -MATE_CENTI,
    }
}

/// Whether the last `count` of `moves` exist and all satisfy `test`.
fn last_all(moves: &[&ScoredMove], count: u32, test: impl Fn(i64) -> bool) -> bool {
    let count = count as usize;
    count > 0
        && moves.len() >= count
        && moves[moves.len() - count..]
            .iter()
            .all(|m| m.score.is_some_and(|s| test(centi(s))))
}

impl Adjudicator {
    /// The rules that apply to `variant`: `-draw` and `-resign` read the
    /// engines' scores as evaluations, which Mastermind's are not (the
    /// guesses the breaker is expected to need, always -100 or less for
    /// the breaker: every game would be resigned), so there only
    /// `-maxmoves` applies.
    #[must_use]
    pub fn for_variant(self, variant: Variant) -> Self {
        if scores_are_evaluations(variant) {
            return self;
        }
        if self.draw.is_some() || self.resign.is_some() {
            log::warn!(
                "-draw and -resign do not apply to {}: its scores are not evaluations",
                variant.name()
            );
        }
        Self {
            draw: None,
            resign: None,
            ..self
        }
    }

    /// The adjudication due now, if any, with the outcome it gives.
    /// `history` holds the engines' moves so far, `plies` counts every
    /// move of the game (the opening's too).
    #[must_use]
    pub fn check(&self, history: &[ScoredMove], plies: usize) -> Option<(Adjudication, Outcome)> {
        if let Some(resign) = self.resign {
            let score = i64::from(resign.score);
            // The side that moved last first: it is the one that just saw it.
            let order = history.last().map_or([Player::One, Player::Two], |m| {
                [m.player, m.player.opponent()]
            });
            for player in order {
                let own: Vec<&ScoredMove> = history.iter().filter(|m| m.player == player).collect();
                let theirs: Vec<&ScoredMove> =
                    history.iter().filter(|m| m.player != player).collect();
                if last_all(&own, resign.move_count, |s| s <= -score)
                    && (!resign.two_sided || last_all(&theirs, resign.move_count, |s| s >= score))
                {
                    return Some((Adjudication::Resign, Outcome::Win(player.opponent())));
                }
            }
        }
        if let Some(draw) = self.draw {
            let all: Vec<&ScoredMove> = history.iter().collect();
            let score = i64::from(draw.score);
            if plies >= draw.move_number as usize
                && last_all(&all, draw.move_count, |s| s.abs() <= score)
            {
                return Some((Adjudication::Draw, Outcome::Draw));
            }
        }
        if let Some(max) = self.max_moves
            && plies >= max as usize
        {
            return Some((Adjudication::MaxMoves, Outcome::Draw));
        }
        None
    }
}

/// Whether `variant`'s engine scores say who stands better, as `-draw`
/// and `-resign` read them.
fn scores_are_evaluations(variant: Variant) -> bool {
    variant.scores_are_evaluations()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(scores: &[(Player, Option<i32>)]) -> Vec<ScoredMove> {
        scores
            .iter()
            .map(|&(player, cp)| ScoredMove {
                player,
                score: cp.map(ScoreValue::Centi),
            })
            .collect()
    }

    const S: Player = Player::One;
    const N: Player = Player::Two;

    #[test]
    fn resign_after_enough_bad_scores_of_one_side() {
        let adj = Adjudicator {
            resign: Some(ResignAdjudication {
                move_count: 2,
                score: 500,
                two_sided: false,
            }),
            ..Adjudicator::default()
        };
        let h = moves(&[(S, Some(-600)), (N, Some(0)), (S, Some(-700))]);
        assert_eq!(
            adj.check(&h, 3),
            Some((Adjudication::Resign, Outcome::Win(N)))
        );
        let h = moves(&[(S, Some(-600)), (N, Some(0)), (S, Some(-400))]);
        assert_eq!(adj.check(&h, 3), None);
        let two_sided = Adjudicator {
            resign: Some(ResignAdjudication {
                move_count: 2,
                score: 500,
                two_sided: true,
            }),
            ..Adjudicator::default()
        };
        let h = moves(&[
            (S, Some(-600)),
            (N, Some(100)),
            (S, Some(-700)),
            (N, Some(600)),
        ]);
        assert_eq!(two_sided.check(&h, 4), None);
        let h = moves(&[
            (S, Some(-600)),
            (N, Some(600)),
            (S, Some(-700)),
            (N, Some(600)),
        ]);
        assert_eq!(
            two_sided.check(&h, 4),
            Some((Adjudication::Resign, Outcome::Win(N)))
        );
        let mate = vec![
            ScoredMove {
                player: N,
                score: Some(ScoreValue::Mate(-3)),
            };
            2
        ];
        assert_eq!(
            adj.check(&mate, 10),
            Some((Adjudication::Resign, Outcome::Win(S)))
        );
    }

    #[test]
    fn draw_needs_the_move_number_and_level_scores() {
        let adj = Adjudicator {
            draw: Some(DrawAdjudication {
                move_number: 10,
                move_count: 3,
                score: 20,
            }),
            ..Adjudicator::default()
        };
        let level = moves(&[(S, Some(10)), (N, Some(-5)), (S, Some(0))]);
        assert_eq!(adj.check(&level, 9), None);
        assert_eq!(
            adj.check(&level, 10),
            Some((Adjudication::Draw, Outcome::Draw))
        );
        let unscored = moves(&[(S, Some(10)), (N, None), (S, Some(0))]);
        assert_eq!(adj.check(&unscored, 20), None);
    }

    #[test]
    fn max_moves() {
        let adj = Adjudicator {
            max_moves: Some(50),
            ..Adjudicator::default()
        };
        assert_eq!(adj.check(&[], 49), None);
        assert_eq!(
            adj.check(&[], 50),
            Some((Adjudication::MaxMoves, Outcome::Draw))
        );
    }

    #[test]
    fn mastermind_scores_are_not_adjudicated_only_its_length() {
        let adj = Adjudicator {
            draw: Some(DrawAdjudication {
                move_number: 1,
                move_count: 1,
                score: 1000,
            }),
            resign: Some(ResignAdjudication {
                move_count: 1,
                score: 100,
                two_sided: false,
            }),
            max_moves: Some(20),
        };
        // The breaker expects 5 more guesses: -500, "lost" as an evaluation.
        let h = moves(&[(S, Some(-500)), (N, Some(500)), (S, Some(-400))]);
        assert!(adj.check(&h, 3).is_some(), "as evaluations they adjudicate");
        let mastermind = adj.for_variant(Variant::Mastermind);
        assert_eq!(mastermind.check(&h, 3), None);
        assert_eq!(
            mastermind.check(&h, 20),
            Some((Adjudication::MaxMoves, Outcome::Draw))
        );
        assert_eq!(adj.for_variant(Variant::Kalah), adj);
    }
}
