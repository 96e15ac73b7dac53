//! Oware's house table: what a house holding so many seeds is worth, for
//! each house counted from the mover's left round the board, fitted to
//! game results by Texel's method (`engine/src/tune.rs`, `ply-engine
//! tune`; the data and figures are in
//! `docs/engine.md`).
//!
//! It plays the part a chess engine's piece-square tables play: one number
//! per (house, seed count) says what hand-written terms (mobility, targets,
//! kroos, seeds at home) guessed at, each tapered between the opening
//! (every seed on the board) and the end (none left), as seeds leave the
//! board.

use ply_rules::game::Player;
use ply_rules::games::oware::Oware;

use crate::search::tapered_table::{Sums, TaperedTable};

/// Houses a side the table is fitted to.
pub const SIX_HOUSES: usize = 6;
/// Seed counts told apart: 0 to 14, and 15 or more.
pub const BUCKETS: usize = 16;
/// Every house of both sides, the mover's first.
pub const HOUSES: usize = 2 * SIX_HOUSES;
/// Seeds in play on the board the table is fitted to (four a house).
pub const FITTED_SEEDS: u8 = 48;

/// Whether `position` is of the board the table is fitted to: six houses
/// a side and 48 seeds in play (Oware's own). Its buckets count seeds,
/// so on another board they would mean something else.
#[inline]
#[must_use]
pub fn fits(position: &Oware) -> bool {
    usize::from(position.house_count()) == SIX_HOUSES && position.total_seeds() == FITTED_SEEDS
}

/// Centi-seeds for each house (the mover's six from its left, then the
/// opponent's six from theirs, a row each) and bucket, at the opening
/// (every seed on the board) and at the end (none left): feature
/// `house * BUCKETS + bucket` of a tapered table.
pub type HouseTable = TaperedTable<HOUSES, BUCKETS>;

/// The table Ply plays with: fitted to 1,246,795 positions of 10,800
/// self-play games (5,000 nodes a move, 2 to 10 random moves to open), its
/// error checked on 139,197 positions of 1,200 other games (see
/// `docs/engine.md`).
pub const FITTED: HouseTable = HouseTable {
    midgame: [
        [
            -153, -65, 6, 94, 83, 60, 67, 48, -27, -48, -42, -16, -51, 13, 23, -13,
        ],
        [
            -115, -77, -7, 56, 33, 36, 44, 5, 2, -37, -57, -23, -15, 28, 41, 66,
        ],
        [
            -81, -44, 22, 75, 17, 25, -9, -47, -24, -39, -62, -18, -33, 3, 65, 130,
        ],
        [
            -93, -51, -12, -35, -27, -38, -68, -44, -26, -6, -3, 30, 53, 91, 122, 87,
        ],
        [
            -80, -60, -16, -14, -49, -25, -43, -39, -68, -7, 16, 59, 57, 76, 84, 90,
        ],
        [
            -152, -133, -117, 0, 16, -19, -57, -59, -23, -25, 15, 109, 94, 143, 159, 31,
        ],
        [
            107, 93, -16, -101, -96, -68, -59, -16, 24, 57, 39, 21, 34, -22, -20, 4,
        ],
        [
            111, 82, 17, -61, -49, -40, -54, 19, -25, 38, 68, 2, 20, -41, -44, -62,
        ],
        [
            70, 68, 2, -86, -30, -40, 6, 49, 35, 36, 40, 17, 21, -4, -81, -123,
        ],
        [
            92, 76, 20, 19, 23, 20, 72, 32, 24, 1, -8, -35, -64, -82, -126, -84,
        ],
        [
            84, 63, 50, 5, 35, 9, 35, 50, 47, 6, -22, -79, -58, -84, -68, -91,
        ],
        [
            158, 131, 112, 32, -20, -3, 53, 53, 25, 23, -31, -109, -105, -156, -143, -41,
        ],
    ],
    endgame: [
        [-216, 13, 50, 56, 0, 12, 34, 15, 7, 14, 1, 23, -15, -3, 8, 2],
        [
            -284, 2, 62, 71, 39, 37, 63, 32, -14, 5, -28, -14, -6, 10, 6, 21,
        ],
        [
            -224, 18, 53, 15, 31, 38, 7, -11, -13, -49, -38, -4, 17, 17, 37, 107,
        ],
        [
            -137, 32, 1, 49, 28, 6, -46, -50, -30, -20, -33, -3, 10, 28, 48, 118,
        ],
        [
            -31, 63, 64, 104, 62, -41, -78, -78, -110, -74, -65, -17, -3, 29, 48, 127,
        ],
        [
            191, 312, 214, -65, -323, -336, -332, -224, -121, -59, 31, 116, 124, 178, 169, 124,
        ],
        [
            219, -47, -45, -51, 4, -17, -25, -14, -5, -8, 3, -13, 11, 0, -5, -5,
        ],
        [
            262, 41, -50, -84, -45, -46, -57, -41, 18, -7, 26, 11, 12, -16, -4, -20,
        ],
        [
            199, -15, -46, -11, -37, -24, -26, 15, 21, 49, 40, 3, -15, -19, -34, -100,
        ],
        [
            115, -29, -6, -35, -34, -3, 42, 49, 26, 26, 34, 4, -9, -24, -49, -107,
        ],
        [
            23, -59, -85, -109, -75, 56, 70, 96, 100, 86, 49, 23, 3, -20, -40, -119,
        ],
        [
            -196, -322, -227, 26, 302, 341, 342, 235, 136, 66, -23, -111, -117, -172, -158, -123,
        ],
    ],
};

/// Calls `visit(house, bucket)` for each house of a six-house board, the
/// mover's first; nothing on other boards.
#[inline]
pub fn for_each_house(position: &Oware, mut visit: impl FnMut(usize, usize)) {
    if usize::from(position.house_count()) != SIX_HOUSES {
        return;
    }
    let me = position.side;
    let rows = position
        .houses(me)
        .iter()
        .chain(position.houses(me.opponent()));
    for (house, &seeds) in rows.enumerate() {
        visit(house, usize::from(seeds).min(BUCKETS - 1));
    }
}

/// The seeds still on the board and all seeds in play.
#[inline]
pub fn phase_parts(position: &Oware) -> (i32, i32) {
    let total = i32::from(position.total_seeds());
    let captured = i32::from(position.store(Player::One)) + i32::from(position.store(Player::Two));
    (total - captured, total.max(1))
}

impl HouseTable {
    /// The table's value of `position` for the mover, tapered by the seeds
    /// left on the board; 0 on boards other than six houses a side.
    #[inline]
    #[must_use]
    pub fn value(&self, position: &Oware) -> i32 {
        let mut sums = Sums::default();
        for_each_house(position, |house, bucket| {
            self.add(&mut sums, house * BUCKETS + bucket);
        });
        let (on_board, total) = phase_parts(position);
        sums.tapered(on_board, total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str) -> Oware {
        Oware::from_position_string(text).unwrap()
    }

    /// House h holding b seeds is worth 100 h + b at the opening and the
    /// opposite at the end.
    fn numbered() -> HouseTable {
        let mut table = HouseTable::ZERO;
        for house in 0..HOUSES {
            for bucket in 0..BUCKETS {
                let value = i16::try_from(100 * house + bucket).unwrap();
                table.midgame[house][bucket] = value;
                table.endgame[house][bucket] = -value;
            }
        }
        table
    }

    #[test]
    fn houses_are_counted_from_the_movers_left_round_the_board() {
        // North to move: its house 1 holds 1 seed, South's house 6 holds
        // 20 (bucket 15, "15 or more"); 21 seeds, none captured.
        let p = pos("0,0,0,0,0,20 0 1,0,0,0,0,0 0 n");
        let mut seen = Vec::new();
        for_each_house(&p, |house, bucket| seen.push((house, bucket)));
        assert_eq!(seen.len(), HOUSES);
        assert_eq!(seen[0], (0, 1));
        assert_eq!(seen[6 + 5], (11, BUCKETS - 1));
        let empty = seen.iter().filter(|&&(_, b)| b == 0).count();
        assert_eq!(empty, 10);
    }

    #[test]
    fn the_value_tapers_from_the_opening_to_the_end() {
        let table = numbered();
        // Every seed on the board: the opening's weights alone.
        let start = pos("4,4,4,4,4,4 0 4,4,4,4,4,4 0 s");
        let opening: i32 = (0..12).map(|h| 100 * h + 4).sum();
        assert_eq!(table.value(&start), opening);
        // Half the seeds captured: halfway, here 0.
        let half = pos("2,2,2,2,2,2 12 2,2,2,2,2,2 12 s");
        assert_eq!(table.value(&half), 0);
        // A quarter left: a quarter of the opening's, three of the end's.
        let late = pos("1,1,1,1,1,1 18 1,1,1,1,1,1 18 n");
        let sum: i32 = (0..12).map(|h| 100 * h + 1).sum();
        assert_eq!(table.value(&late), (sum * 12 - sum * 36) / 48);
    }

    #[test]
    fn other_boards_are_worth_nothing() {
        let five = pos("4,4,4,4,4 0 4,4,4,4,4 0 s");
        assert_eq!(numbered().value(&five), 0);
        let mut visits = 0;
        for_each_house(&five, |_, _| visits += 1);
        assert_eq!(visits, 0);
    }
}
