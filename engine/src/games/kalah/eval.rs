//! Kalah's static evaluation.
//!
//! The Prolog Kalah program evaluates a position by the store difference
//! alone (`értékelés`). Ply adds one term that matches showed to play
//! better: **extra turns in hand**. A pit whose seeds end exactly in the
//! own store is a free move the opponent must spend effort to take away,
//! so each such pit counts, against the opponent's, as much as a seed in
//! the store.
//!
//! Terms that were tried and lost their matches, and so are not here:
//! seeds on one's own side of the board (weights -50 to +100 a seed, all
//! worse than nothing) and scoring a store past half the seeds as a known
//! win (no measurable change; the search sees the end soon enough). The
//! figures are in `docs/engine.md`; `ply-engine tune match --variant kalah
//! --option Seeds=4` replays such matches (`bench/eval_match.sh`).

use crate::search::Evaluator;
use ply_rules::game::Player;
use ply_rules::games::kalah::Kalah;

/// Evaluation units per seed: scores are in centi-seeds.
pub const SEED_VALUE: i32 = 100;

/// The Prolog Kalah program's evaluation (`értékelés`): the mover's
/// store minus the opponent's, in seeds.
#[must_use]
pub fn store_difference(position: &Kalah) -> i32 {
    let me = position.side.index();
    i32::from(position.stores[me]) - i32::from(position.stores[1 - me])
}

/// Centi-seeds per extra turn in hand (tuned by matches: 100 beat 50, 150
/// and 200 at 2000 nodes a move; see `docs/engine.md`).
pub const EXTRA_TURN_WEIGHT: i32 = SEED_VALUE;

/// A Kalah evaluation with its weight as a setting, so that versions can
/// be matched against each other with the same search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KalahEvaluation {
    /// Centi-seeds per pit whose seeds end exactly in the own store (an
    /// extra turn in hand), minus the opponent's.
    pub extra_turn_weight: i32,
}

impl KalahEvaluation {
    /// The Prolog Kalah program's evaluation: the store difference and
    /// nothing else.
    pub const STORE_DIFFERENCE: Self = Self {
        extra_turn_weight: 0,
    };

    /// The evaluation Ply plays with.
    pub const DEFAULT: Self = Self {
        extra_turn_weight: EXTRA_TURN_WEIGHT,
    };
}

impl Default for KalahEvaluation {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// Pits of `player` whose seeds end exactly in its store: pit `i` (0-based)
/// of `m` needs `m - i` seeds.
fn extra_turns_in_hand(position: &Kalah, player: Player) -> i32 {
    let pits = position.pits(player);
    let m = pits.len();
    let count = pits
        .iter()
        .enumerate()
        .filter(|&(i, &seeds)| usize::from(seeds) == m - i)
        .count();
    // At most 12 pits.
    i32::try_from(count).unwrap_or(i32::MAX)
}

impl Evaluator<Kalah> for KalahEvaluation {
    #[inline]
    fn evaluate(&self, position: &Kalah) -> i32 {
        let me = position.side;
        // 1. The store margin, as in the Prolog Kalah program.
        let margin = store_difference(position) * SEED_VALUE;
        // 2. Extra turns in hand.
        if self.extra_turn_weight == 0 {
            return margin;
        }
        let in_hand =
            extra_turns_in_hand(position, me) - extra_turns_in_hand(position, me.opponent());
        margin + self.extra_turn_weight * in_hand
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str) -> Kalah {
        Kalah::from_position_string(text, false).expect("position")
    }

    #[test]
    fn seed_evaluation_is_the_store_difference() {
        let p = pos("4,4,4,0,0,0 7 4,4,4,4,4,4 3 s");
        assert_eq!(KalahEvaluation::STORE_DIFFERENCE.evaluate(&p), 400);
    }

    #[test]
    fn extra_turns_in_hand_count_a_seed_each() {
        // South: pit 3 (4 seeds) ends in the store; North: pits 3 (4) and
        // 6 (1) do. Stores 7 and 3.
        let south = pos("4,4,4,0,0,0 7 4,4,4,4,4,1 3 s");
        assert_eq!(extra_turns_in_hand(&south, Player::One), 1);
        assert_eq!(extra_turns_in_hand(&south, Player::Two), 2);
        assert_eq!(
            KalahEvaluation::DEFAULT.evaluate(&south),
            400 - EXTRA_TURN_WEIGHT
        );
        let north = pos("4,4,4,0,0,0 7 4,4,4,4,4,1 3 n");
        assert_eq!(
            KalahEvaluation::DEFAULT.evaluate(&north),
            -400 + EXTRA_TURN_WEIGHT
        );
    }
}
