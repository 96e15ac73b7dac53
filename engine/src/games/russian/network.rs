//! Russian draughts' network input (see `crate::network`): from a side's
//! view (the board turned round for Black, so that its men head for rank
//! 8 as White's do), what stands on each of the 32 squares: its own man or
//! king, the other side's man or king, or nothing (no feature). A move
//! changes a few squares, so the accumulators change by a few rows. The
//! network's value is added to the material (a man 100, a king 250).

use ply_rules::game::Player;
use ply_rules::games::russian::Russian;
use ply_rules::games::russian::squares::SQUARES;
use ply_rules::registry::GameDef;

use super::RussianEvaluation;
use crate::network::input::{InputShape, feature_id};
use crate::network::{EmbeddedNetwork, NONE, Slots};
use crate::search::Evaluator;

/// What may stand on a square: one's own man or king, the other side's.
const KINDS: usize = 4;

/// Russian draughts' network input: a slot a square.
pub const INPUT: InputShape = InputShape::new(<Russian as GameDef>::NAME, SQUARES * KINDS, SQUARES);

/// The network Russian draughts plays unless `EvalFile` says otherwise.
pub static EMBEDDED: EmbeddedNetwork = EmbeddedNetwork::new(
    include_bytes!("../../../networks/russian-b9d0ad531719.nnue"),
    INPUT,
);

/// The features on in `position` from `perspective`'s view, a slot a
/// square ([`NONE`] where it is empty).
pub fn input(position: &Russian, perspective: Player, slots: &mut Slots) -> bool {
    let board = match perspective {
        Player::One => position.board,
        Player::Two => position.board.flipped(),
    };
    // Turned round, `perspective`'s pieces are White's.
    let kinds = [
        board.men(Player::One),
        board.kings_of(Player::One),
        board.men(Player::Two),
        board.kings_of(Player::Two),
    ];
    // 1. Every square empty; 2. each piece's square marked: a walk over
    //    the pieces (at most 24), not a look at every kind on every square,
    //    since the search fills both sides' slots at every node it
    //    evaluates or moves from.
    let first = slots.len();
    slots.extend(std::iter::repeat_n(NONE, SQUARES));
    for (kind, &pieces) in kinds.iter().enumerate() {
        let mut rest = pieces;
        while rest != 0 {
            let square = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            slots[first + square] = feature_id(square * KINDS + kind);
        }
    }
    true
}

/// Pieces on the board at the start, the most a position has.
const PIECES_AT_START: usize = 24;

/// The output layer of `buckets` that weighs `position`: the pieces left
/// (1 to 24) cut into `buckets` equal ranges, the fewest pieces first.
#[must_use]
pub fn bucket(position: &Russian, buckets: usize) -> usize {
    let pieces = position.board.occupied().count_ones() as usize;
    (pieces.saturating_sub(1) * buckets / PIECES_AT_START).min(buckets.saturating_sub(1))
}

/// The material for the side to move, in centi-men.
#[must_use]
pub fn base(position: &Russian) -> i32 {
    RussianEvaluation::MATERIAL.evaluate(position)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pieces_left_choose_the_bucket() {
        let start = Russian::default();
        let three = Russian::from_position_string("W:Wc3,Kd4:Bb8").unwrap_or_default();
        assert_eq!(bucket(&start, 1), 0);
        assert_eq!(bucket(&three, 1), 0);
        // 24 pieces: the last of 4; 3 pieces: the first.
        assert_eq!(bucket(&start, 4), 3);
        assert_eq!(bucket(&three, 4), 0);
        // Of two buckets, 1 to 12 pieces play the first, 13 to 24 the
        // second: White's first `men` squares and Black's man on h8.
        let of = |men: usize| {
            const SQUARES: [&str; 12] = [
                "a1", "c1", "e1", "g1", "b2", "d2", "f2", "h2", "a3", "c3", "e3", "g3",
            ];
            let white = SQUARES[..men].join(",");
            Russian::from_position_string(&format!("W:W{white}:Bh8")).unwrap_or_default()
        };
        assert_eq!(of(12).board.occupied().count_ones(), 13);
        assert_eq!(bucket(&of(12), 2), 1);
        assert_eq!(bucket(&of(11), 2), 0);
    }

    #[test]
    fn each_side_sees_the_board_from_its_own_side() {
        // White's man on c3 (square 9), king on d4 (13); Black's man on
        // b8 (28).
        let p = Russian::from_position_string("W:Wc3,Kd4:Bb8").unwrap_or_default();
        let mut white = Slots::new();
        assert!(input(&p, Player::One, &mut white));
        assert_eq!(white.len(), SQUARES);
        assert_eq!(white[9], (9 * KINDS) as u16);
        assert_eq!(white[13], (13 * KINDS + 1) as u16);
        assert_eq!(white[28], (28 * KINDS + 2) as u16);
        assert_eq!(white.iter().filter(|&&f| f != NONE).count(), 3);
        // Black's view: the board turned round (square s becomes 31 - s)
        // and the colours swapped: its man on b8 is its own on square 3,
        // White's man on c3 the other side's on 22, White's king on d4
        // the other side's king on 18.
        let mut black = Slots::new();
        assert!(input(&p, Player::Two, &mut black));
        let on: Vec<u16> = black.iter().copied().filter(|&f| f != NONE).collect();
        assert_eq!(
            on,
            [
                (3 * KINDS) as u16,
                (18 * KINDS + 3) as u16,
                (22 * KINDS + 2) as u16
            ]
        );
        assert_eq!(base(&p), 100 + 250 - 100);
    }
}
