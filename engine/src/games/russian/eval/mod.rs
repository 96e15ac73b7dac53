//! Russian draughts' static evaluation.
//!
//! The base is material: a man is worth [`MAN_VALUE`] (the protocol's
//! score unit, 100 = one man), a king [`KING_VALUE`]. The positional
//! terms are weights that switch off at 0, so that versions can be
//! matched with the same search (`ply-engine tune match --variant russian`);
//! the hand-written set keeps only the terms that won their matches. The
//! square table fitted to game results (`square_table.rs`,
//! [`RussianEvaluation::FITTED`]) beat it through the referee and is the
//! default (figures in `docs/engine.md`).

pub mod square_table;

use crate::search::Evaluator;
use ply_rules::game::Player;
use ply_rules::games::russian::Board;
use ply_rules::games::russian::Russian;
use ply_rules::games::russian::squares::{RANK_1, RANK_8};
use square_table::{FITTED, SquareTable, step_room};

/// A man, in centi-men: the score unit.
pub const MAN_VALUE: i32 = 100;

/// A king: it flies, attacks from afar and cannot be blocked in; worth
/// about two and a half men (the usual estimate; 300 did no better in a
/// match, see `docs/engine.md`).
pub const KING_VALUE: i32 = 250;

/// The central squares c5, d4, e5, f4, whose holder splits the
/// opponent's forces.
const CENTRE: u32 = (1 << 17) | (1 << 13) | (1 << 18) | (1 << 14);

/// Squares of each rank, rank 1 first.
const RANKS: [u32; 8] = [
    0x0000_000F,
    0x0000_00F0,
    0x0000_0F00,
    0x0000_F000,
    0x000F_0000,
    0x00F0_0000,
    0x0F00_0000,
    0xF000_0000,
];

/// A Russian draughts evaluation with its weights as settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RussianEvaluation {
    /// A king, in centi-men (a man is always `MAN_VALUE`).
    pub king: i32,
    /// Per rank a man has advanced from its side's first rank, minus the
    /// opponent's: men near the crowning rank are near to becoming kings.
    pub advance: i32,
    /// Per man still on its own back rank, minus the opponent's: they
    /// keep the opponent's men from being crowned.
    pub back_rank: i32,
    /// Per piece on the four central squares, minus the opponent's.
    pub centre: i32,
    /// Per square the side's pieces could step to, minus the opponent's:
    /// a side short of moves is soon forced to give men away.
    pub mobility: i32,
    /// The square table fitted to game results (`square_table.rs`), added
    /// to the terms above, or none.
    pub square_table: Option<&'static SquareTable>,
}

impl RussianEvaluation {
    /// Material alone.
    pub const MATERIAL: Self = Self {
        king: KING_VALUE,
        advance: 0,
        back_rank: 0,
        centre: 0,
        mobility: 0,
        square_table: None,
    };

    /// Every term at its tried weight (before the matches decided).
    pub const FULL: Self = Self {
        king: KING_VALUE,
        advance: 4,
        back_rank: 10,
        centre: 10,
        mobility: 3,
        square_table: None,
    };

    /// The hand-written evaluation Ply played with until the square table
    /// beat it: material, the back-rank guard and room to move, the terms
    /// whose removal lost a match. Advancement and the centre did not
    /// (removing either scored slightly better, within the noise), so they
    /// are off.
    pub const HAND_WRITTEN: Self = Self {
        advance: 0,
        centre: 0,
        ..Self::FULL
    };

    /// Material and the square table fitted to game results
    /// (`square_table.rs`), which takes the place of every hand-written
    /// term. It beat [`Self::HAND_WRITTEN`] in the fixed-node matches and
    /// in an SPRT through the referee (`docs/engine.md`).
    pub const FITTED: Self = Self {
        square_table: Some(&FITTED),
        ..Self::MATERIAL
    };

    /// The evaluation Ply plays with: [`Self::FITTED`].
    pub const DEFAULT: Self = Self::FITTED;
}

impl Default for RussianEvaluation {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// Ranks advanced by `side`'s men, summed.
fn advancement(board: &Board, side: Player) -> i32 {
    let men = board.men(side);
    RANKS
        .iter()
        .enumerate()
        .map(|(rank, &squares)| {
            let advanced = match side {
                Player::One => rank,
                Player::Two => 7 - rank,
            };
            (men & squares).count_ones() as i32 * advanced as i32
        })
        .sum()
}

impl Evaluator<Russian> for RussianEvaluation {
    #[inline]
    fn evaluate(&self, position: &Russian) -> i32 {
        let board = &position.board;
        let me = position.side;
        let them = me.opponent();
        let diff = |f: &dyn Fn(Player) -> i32| f(me) - f(them);
        // 1. Material.
        let count = |bits: u32| bits.count_ones() as i32;
        let mut score =
            diff(&|p| MAN_VALUE * count(board.men(p)) + self.king * count(board.kings_of(p)));
        // 2. Advancement of the men.
        if self.advance != 0 {
            score += self.advance * diff(&|p| advancement(board, p));
        }
        // 3. The back-rank guard.
        if self.back_rank != 0 {
            let back = |p: Player| match p {
                Player::One => RANK_1,
                Player::Two => RANK_8,
            };
            score += self.back_rank * diff(&|p| count(board.men(p) & back(p)));
        }
        // 4. The centre.
        if self.centre != 0 {
            score += self.centre * diff(&|p| count(board.pieces[p.index()] & CENTRE));
        }
        // 5. Room to move.
        if self.mobility != 0 {
            score += self.mobility * diff(&|p| step_room(board, p));
        }
        // 6. The square table.
        if let Some(table) = self.square_table {
            score += table.value(position);
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str) -> Russian {
        Russian::from_position_string(text).unwrap_or_default()
    }

    #[test]
    fn material_for_the_mover() {
        let white = pos("W:Wc3,e3,Kd4:Bb8");
        assert_eq!(
            RussianEvaluation::MATERIAL.evaluate(&white),
            2 * MAN_VALUE + KING_VALUE - MAN_VALUE
        );
        let black = pos("B:Wc3,e3,Kd4:Bb8");
        assert_eq!(
            RussianEvaluation::MATERIAL.evaluate(&black),
            -(2 * MAN_VALUE + KING_VALUE - MAN_VALUE)
        );
    }

    #[test]
    fn the_start_is_even() {
        for eval in [RussianEvaluation::MATERIAL, RussianEvaluation::FULL] {
            assert_eq!(eval.evaluate(&Russian::start()), 0);
        }
    }

    #[test]
    fn terms() {
        let zero = RussianEvaluation {
            king: KING_VALUE,
            ..RussianEvaluation::MATERIAL
        };
        // White: a man on c5 (advanced 4, centre), one on a1 (back rank);
        // Black: a man on h8 (back rank).
        let p = pos("W:Wc5,a1:Bh8");
        let only = |e: RussianEvaluation| e.evaluate(&p) - MAN_VALUE;
        assert_eq!(only(RussianEvaluation { advance: 1, ..zero }), 4);
        assert_eq!(
            only(RussianEvaluation {
                back_rank: 1,
                ..zero
            }),
            0
        );
        assert_eq!(only(RussianEvaluation { centre: 1, ..zero }), 1);
        // c5 -> b6, d6; a1 -> b2; h8 -> g7.
        assert_eq!(
            only(RussianEvaluation {
                mobility: 1,
                ..zero
            }),
            3 - 1
        );
    }
}
