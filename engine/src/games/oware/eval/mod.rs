//! Oware's static evaluation.
//!
//! The base is the captured-seed margin, as the Prolog Kalah program
//! scores Kalah. On it Ply plays the **house table** (`house_table.rs`):
//! what each house, counted from the mover's left round the board, is
//! worth for the seeds it holds, tapered from the opening to the end,
//! fitted to game results by Texel's method. It replaced the hand-tuned
//! **mobility** term (each house of the mover that holds seeds, minus the
//! opponent's, worth a seed), which had beaten every other guessed term.
//!
//! Terms that were tried by hand and are off (weight 0) because they lost
//! to mobility or added nothing: seeds in one's own row, the opponent's
//! houses of 1 or 2 seeds as targets, houses that lap the board. The
//! figures are in `docs/engine.md`; `ply-engine tune match --variant oware`
//! replays the matches. A weight of 0 (or no table) switches a term off,
//! so versions can be matched with the same search.

pub mod house_table;

use crate::search::Evaluator;
use house_table::{BUCKETS, FITTED, HOUSES, HouseTable, fits, for_each_house, phase_parts};
use ply_rules::game::Player;
use ply_rules::games::mancala::SEED_VALUE;
use ply_rules::games::oware::Oware;

/// Centi-seeds per house holding seeds (tuned by matches: 100 beat 50,
/// 75 and 150 at 5000 nodes a move; see `docs/engine.md`).
pub const MOBILITY_WEIGHT: i32 = SEED_VALUE;

/// An Oware evaluation with its weights as settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwareEvaluation {
    /// Centi-seeds per seed in the mover's row, minus the opponent's: seeds
    /// at home are moves in hand and cannot be captured by the mover's
    /// own sowing, but they are what the opponent captures.
    pub row_weight: i32,
    /// Centi-seeds per opponent house holding 1 or 2 seeds (one or two
    /// more make a capture), minus the mover's own such houses.
    pub target_weight: i32,
    /// Centi-seeds per house of the mover that holds seeds (a move it can
    /// make, the feeding rule aside), minus the opponent's: a player short
    /// of moves is forced, and one with empty houses offers no seeds to
    /// sow the opponent's captures from.
    pub mobility_weight: i32,
    /// Centi-seeds per house of the mover holding more seeds than go once
    /// round the board (a "kroo": its sowing laps the board and ends in
    /// the opponent's row with seeds added to every house there), minus
    /// the opponent's.
    pub kroo_weight: i32,
    /// The fitted house table, if any (see [`HouseTable`]).
    pub house_table: Option<&'static HouseTable>,
}

impl OwareEvaluation {
    /// The captured-seed margin alone.
    pub const MARGIN: Self = Self {
        row_weight: 0,
        target_weight: 0,
        mobility_weight: 0,
        kroo_weight: 0,
        house_table: None,
    };

    /// The evaluation Ply played with before the house table: the margin
    /// and mobility.
    pub const MOBILITY: Self = Self {
        mobility_weight: MOBILITY_WEIGHT,
        ..Self::MARGIN
    };

    /// The evaluation Ply plays with: the margin and the fitted house
    /// table (which has its own mobility, in what an empty house costs);
    /// on boards other than the one it was fitted to (six houses, 48
    /// seeds), the margin and mobility.
    pub const DEFAULT: Self = Self {
        house_table: Some(&FITTED),
        ..Self::MARGIN
    };
}

impl Default for OwareEvaluation {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl OwareEvaluation {
    /// The house table's size: every house of both sides times every
    /// bucket (the features of `engine/src/tune.rs`).
    pub const HOUSE_FEATURES: usize = HOUSES * BUCKETS;

    /// The house table's features that are on in `position`: for each
    /// house, counted from the mover's left round the board, its bucket.
    /// Empty on boards of other sizes than six houses a side.
    #[must_use]
    pub fn house_features(position: &Oware) -> Vec<u16> {
        let mut features = Vec::with_capacity(HOUSES);
        for_each_house(position, |house, bucket| {
            // At most 12 * 16 features.
            features.push(u16::try_from(house * BUCKETS + bucket).unwrap_or(u16::MAX));
        });
        features
    }

    /// The captured-seed margin for the mover, in centi-seeds.
    #[must_use]
    pub fn margin(position: &Oware) -> i32 {
        let me = position.side;
        (i32::from(position.store(me)) - i32::from(position.store(me.opponent()))) * SEED_VALUE
    }

    /// The game's phase: the share of the seeds still on the board, 1 at
    /// the start and 0 when all are captured.
    #[must_use]
    pub fn phase(position: &Oware) -> f32 {
        let (on_board, total) = phase_parts(position);
        // Both at most 255.
        on_board as f32 / total as f32
    }
}

/// Houses of `player` that hold 1 or 2 seeds.
fn targets(position: &Oware, player: Player) -> i32 {
    let count = position
        .houses(player)
        .iter()
        .filter(|&&s| s == 1 || s == 2)
        .count();
    // At most 12 houses.
    i32::try_from(count).unwrap_or(i32::MAX)
}

/// Houses of `player` whose sowing laps the board: more seeds than the
/// other houses twice over (more than 12 on six houses a side).
fn kroos(position: &Oware, player: Player) -> i32 {
    let houses = position.houses(player);
    let lap = 2 * houses.len();
    let count = houses.iter().filter(|&&s| usize::from(s) > lap).count();
    i32::try_from(count).unwrap_or(i32::MAX)
}

/// Houses of `player` that could be sown if it were to move (no feeding
/// rule: an estimate of freedom, not the legal moves).
fn movable(position: &Oware, player: Player) -> i32 {
    let count = position.houses(player).iter().filter(|&&s| s > 0).count();
    i32::try_from(count).unwrap_or(i32::MAX)
}

impl Evaluator<Oware> for OwareEvaluation {
    #[inline]
    fn evaluate(&self, position: &Oware) -> i32 {
        let me = position.side;
        let them = me.opponent();
        // 1. The captured-seed margin.
        let mut score =
            (i32::from(position.store(me)) - i32::from(position.store(them))) * SEED_VALUE;
        // 2. Seeds at home.
        if self.row_weight != 0 {
            let row = |p: Player| {
                position
                    .houses(p)
                    .iter()
                    .map(|&s| i32::from(s))
                    .sum::<i32>()
            };
            score += self.row_weight * (row(me) - row(them));
        }
        // 3. Targets: the opponent's houses one or two seeds from a capture.
        if self.target_weight != 0 {
            score += self.target_weight * (targets(position, them) - targets(position, me));
        }
        // 4. Freedom to move.
        if self.mobility_weight != 0 {
            score += self.mobility_weight * (movable(position, me) - movable(position, them));
        }
        // 5. Houses that lap the board.
        if self.kroo_weight != 0 {
            score += self.kroo_weight * (kroos(position, me) - kroos(position, them));
        }
        // 6. The house table, on the board it was fitted to; elsewhere
        //    mobility, the term it replaced, stands in for it.
        if let Some(table) = self.house_table {
            score += if fits(position) {
                table.value(position)
            } else {
                MOBILITY_WEIGHT * (movable(position, me) - movable(position, them))
            };
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str) -> Oware {
        Oware::from_position_string(text).unwrap()
    }

    #[test]
    fn margin_is_for_the_mover() {
        let south = pos("4,4,4,4,4,4 7 4,4,4,4,4,4 3 s");
        assert_eq!(OwareEvaluation::MARGIN.evaluate(&south), 400);
        let north = pos("4,4,4,4,4,4 7 4,4,4,4,4,4 3 n");
        assert_eq!(OwareEvaluation::MARGIN.evaluate(&north), -400);
    }

    #[test]
    fn mobility_counts_houses_with_seeds() {
        // Two seeds ahead, but one house with seeds against three.
        let p = pos("1,0,0,0,0,0 2 1,1,1,0,0,0 0 s");
        assert_eq!(
            OwareEvaluation::MOBILITY.evaluate(&p),
            200 - 2 * MOBILITY_WEIGHT
        );
    }

    #[test]
    fn the_default_is_the_margin_and_the_fitted_table() {
        // Oware's 48 seeds, 44 of them captured.
        let p = pos("1,0,0,0,0,0 23 1,1,1,0,0,0 21 s");
        assert_eq!(
            OwareEvaluation::DEFAULT.evaluate(&p),
            200 + FITTED.value(&p)
        );
        assert_eq!(
            crate::search::SearchGame::evaluate(&p),
            OwareEvaluation::DEFAULT.evaluate(&p)
        );
        // The table has learnt what mobility said: an empty house of one's
        // own costs, one of the opponent's gains, at the opening and at
        // the end (but for the mover's house 6 at the end, where the fit
        // finds an empty house a gain).
        for house in 0..5 {
            assert!(FITTED.midgame[house][0] < 0 && FITTED.endgame[house][0] < 0);
            assert!(FITTED.midgame[6 + house][0] > 0 && FITTED.endgame[6 + house][0] > 0);
        }
    }

    #[test]
    fn other_boards_fall_back_to_mobility() {
        for text in ["1,0,0,0,0 2 1,1,1,0,0 0 s", "5,5,5,5,5,5 0 5,5,5,5,5,0 0 n"] {
            let p = pos(text);
            assert_eq!(
                OwareEvaluation::DEFAULT.evaluate(&p),
                OwareEvaluation::MOBILITY.evaluate(&p),
                "{text}"
            );
        }
    }

    #[test]
    fn house_features_index_the_table() {
        let p = pos("0,3,0,0,0,20 5 1,0,0,2,0,0 9 n");
        let features = OwareEvaluation::house_features(&p);
        assert_eq!(features.len(), HOUSES);
        let mut midgame = 0;
        for &f in &features {
            let f = usize::from(f);
            midgame += i32::from(FITTED.midgame[f / BUCKETS][f % BUCKETS]);
        }
        let mut expected = 0;
        for_each_house(&p, |house, bucket| {
            expected += i32::from(FITTED.midgame[house][bucket]);
        });
        assert_eq!(midgame, expected);
        assert_eq!(OwareEvaluation::margin(&p), 400);
        // 26 seeds on the board of 40.
        assert!((OwareEvaluation::phase(&p) - 26.0 / 40.0).abs() < 1e-6);
    }

    #[test]
    fn terms() {
        // South: 10 seeds at home, targets in houses 1 and 2; North: 6
        // seeds, targets in houses 1, 2 and 3; 5 houses with seeds each.
        let p = pos("1,2,3,4,0,0 0 1,2,1,0,2,0 0 s");
        let only = |e: OwareEvaluation| e.evaluate(&p);
        let zero = OwareEvaluation::MARGIN;
        assert_eq!(
            only(OwareEvaluation {
                row_weight: 10,
                ..zero
            }),
            10 * (10 - 6)
        );
        assert_eq!(
            only(OwareEvaluation {
                target_weight: 10,
                ..zero
            }),
            10 * (4 - 2)
        );
        // Four houses with seeds each: no difference.
        assert_eq!(
            only(OwareEvaluation {
                mobility_weight: 10,
                ..zero
            }),
            0
        );
    }
}
