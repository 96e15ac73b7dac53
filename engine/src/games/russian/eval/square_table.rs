//! Russian draughts' square table: what a man or a king on each square is
//! worth, for the side to move and for the other side, and what each
//! side's room to step is worth, fitted to game results by Texel's method
//! (`engine/src/tune.rs`, `ply-engine tune`; the data and
//! figures are in `docs/engine.md`).
//!
//! It plays the part a chess engine's piece-square tables play: one number
//! per feature says what hand-written terms (the back-rank guard,
//! advancement, the centre, mobility) guessed at, each tapered between the
//! opening (every piece on the board) and the end (none left), as pieces
//! come off. The side to move's and the other side's pieces have tables of
//! their own: in draughts the move (the tempo) is worth something.

use ply_rules::game::Player;
use ply_rules::games::russian::Board;
use ply_rules::games::russian::Russian;
use ply_rules::games::russian::movegen::forwards;
use ply_rules::games::russian::squares::{Direction, SQUARES, step};

use crate::search::tapered_table::{Sums, TaperedTable};

/// Step-room counts of one side told apart; more counts as the last.
pub const ROOM_BUCKETS: usize = 24;

/// Pieces on the board at the start: the phase is the share left.
pub const START_PIECES: u32 = 24;

/// Where each kind of feature starts: the mover's men, the mover's kings,
/// the other side's men and kings (one a square each), then the mover's
/// and the other side's step room (one a bucket each).
const MY_MEN: usize = 0;
const MY_KINGS: usize = MY_MEN + SQUARES;
const THEIR_MEN: usize = MY_KINGS + SQUARES;
const THEIR_KINGS: usize = THEIR_MEN + SQUARES;
const MY_ROOM: usize = THEIR_KINGS + SQUARES;
const THEIR_ROOM: usize = MY_ROOM + ROOM_BUCKETS;

/// Every feature of the table.
pub const FEATURES: usize = THEIR_ROOM + ROOM_BUCKETS;

/// Weights a row of the table as it is printed (a rank of squares).
pub const ROW: usize = 8;

/// Rows of the table.
pub const ROWS: usize = FEATURES / ROW;

/// Centi-men for each feature (`ROW` a row, as printed), at the opening
/// (every piece on the board) and at the end (none left): a tapered
/// table.
pub type SquareTable = TaperedTable<ROWS, ROW>;

impl SquareTable {
    /// The table's part of the evaluation of `position`, for the side to move.
    #[inline]
    #[must_use]
    pub fn value(&self, position: &Russian) -> i32 {
        let mut sums = Sums::default();
        for_each_feature(position, |feature| self.add(&mut sums, feature));
        let pieces = position.board.occupied().count_ones().min(START_PIECES) as i32;
        sums.tapered(pieces, START_PIECES as i32)
    }
}

/// The features that are on in `position` (indices below [`FEATURES`]).
#[must_use]
pub fn features(position: &Russian) -> Vec<u16> {
    let mut features = Vec::with_capacity(START_PIECES as usize + 2);
    for_each_feature(position, |f| {
        features.push(u16::try_from(f).unwrap_or(u16::MAX));
    });
    features
}

/// 1 with every piece on the board, falling to 0 as they come off (the
/// fit's phase; [`SquareTable::value`] tapers by the same share).
#[must_use]
pub fn phase(position: &Russian) -> f32 {
    position.board.occupied().count_ones().min(START_PIECES) as f32 / START_PIECES as f32
}

/// Calls `f` with each feature that is on, seen from the side to move (the
/// board turned round when Black moves, so that the mover's men always
/// head for rank 8).
#[inline]
fn for_each_feature(position: &Russian, mut f: impl FnMut(usize)) {
    let board = match position.side {
        Player::One => position.board,
        Player::Two => position.board.flipped(),
    };
    let mut squares = |offset: usize, mut bits: u32| {
        while bits != 0 {
            f(offset + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    };
    squares(MY_MEN, board.men(Player::One));
    squares(MY_KINGS, board.kings_of(Player::One));
    squares(THEIR_MEN, board.men(Player::Two));
    squares(THEIR_KINGS, board.kings_of(Player::Two));
    let room = |side| (step_room(&board, side) as usize).min(ROOM_BUCKETS - 1);
    f(MY_ROOM + room(Player::One));
    f(THEIR_ROOM + room(Player::Two));
}

/// The table Ply plays with: fitted to 707,686 quiet positions of
/// 11,682 self-play games (5,000 nodes a move, 2 to 8 random moves
/// to open), its error checked on 79,532 positions of 1,298 other games
/// (see `docs/engine.md`).
pub const FITTED: SquareTable = SquareTable {
    midgame: [
        [77, 81, 98, 106, 92, 124, 95, 96],
        [77, 58, 111, 80, 57, 67, 81, 99],
        [87, 44, -10, 67, 16, -29, -15, 120],
        [82, 33, 76, 133, 0, 0, 0, 0],
        [-14, -38, -37, -30, 2, 8, -3, -26],
        [-23, 38, 15, -28, 39, -23, 6, -10],
        [-18, 13, -13, 36, 2, -15, 46, 8],
        [3, -5, 31, -11, 87, 99, 137, 15],
        [0, 0, 0, 0, -113, -97, -74, -90],
        [-126, -14, 25, -29, -65, -18, -49, -92],
        [-103, -90, -78, -56, -82, -109, -59, -80],
        [-98, -85, -111, -82, -102, -104, -83, -72],
        [-37, -127, -77, -92, -3, -25, -3, -35],
        [-16, -65, 8, -6, -41, -10, -12, 8],
        [0, -16, 18, -51, 20, -22, -38, 24],
        [23, -9, -2, -5, 26, 25, 34, 13],
        [0, 7, -84, -168, -215, -132, -46, 7],
        [47, 68, 97, 61, 148, 94, 97, 20],
        [-9, 0, 0, 0, 0, 0, 0, 0],
        [3, -10, 47, 144, 186, 127, 59, -16],
        [-41, -64, -88, -53, -137, -81, -82, -15],
        [5, 0, 0, 0, 0, 0, 0, 0],
    ],
    endgame: [
        [-71, -32, -24, -40, -75, -81, -64, -67],
        [-80, -53, -48, -65, -64, -31, -61, -89],
        [-84, -33, -27, -66, -21, 22, 28, -88],
        [-46, 40, 33, 15, 0, 0, 0, 0],
        [-109, -121, -109, -162, -116, -127, -120, -116],
        [-104, -131, -127, -128, -139, -129, -125, -141],
        [-126, -126, -122, -127, -127, -124, -137, -129],
        [-124, -130, -141, -125, -162, -174, -172, -148],
        [0, 0, 0, 0, -2, -13, -18, 63],
        [94, -5, -15, 31, 71, 42, 34, 91],
        [92, 59, 36, 66, 62, 49, 49, 84],
        [63, 53, 71, 70, 33, 25, 31, 70],
        [149, 179, 176, 166, 125, 139, 128, 133],
        [132, 137, 122, 124, 130, 121, 124, 128],
        [145, 124, 126, 142, 125, 124, 128, 102],
        [111, 119, 126, 118, 156, 107, 121, 111],
        [0, 41, 134, 133, 173, 117, 61, 22],
        [-20, -31, -90, -24, -210, -46, -206, 9],
        [-39, 0, 0, 0, 0, 0, 0, 0],
        [19, -88, -138, -123, -170, -113, -62, -15],
        [24, 37, 97, 27, 218, 79, 220, -7],
        [30, 0, 0, 0, 0, 0, 0, 0],
    ],
};

/// Empty squares `side`'s pieces could step to (kings one step only).
pub(super) fn step_room(board: &Board, side: Player) -> i32 {
    let empty = board.empty();
    let men = board.men(side);
    let kings = board.kings_of(side);
    let by_men: u32 = forwards(side)
        .into_iter()
        .map(|dir| (step(men, dir) & empty).count_ones())
        .sum();
    let by_kings: u32 = Direction::ALL
        .into_iter()
        .map(|dir| (step(kings, dir) & empty).count_ones())
        .sum();
    (by_men + by_kings) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str) -> Russian {
        Russian::from_position_string(text).unwrap_or_default()
    }

    #[test]
    fn features_are_seen_from_the_side_to_move() {
        // White to move: its man on c3 (square 9), its king on d4 (13),
        // Black's man on b8 (28). Room: c3 -> b4, d4 (taken) -> one step;
        // the king on d4 -> c5, e5, e3, c3 (taken) -> three: four in all.
        // Black: b8 -> a7, c7: two.
        let white = pos("W:Wc3,Kd4:Bb8");
        assert_eq!(
            features(&white),
            vec![
                (MY_MEN + 9) as u16,
                (MY_KINGS + 13) as u16,
                (THEIR_MEN + 28) as u16,
                (MY_ROOM + 4) as u16,
                (THEIR_ROOM + 2) as u16,
            ]
        );
        // The same board with Black to move is seen turned round: Black's
        // man on b8 stands where a White man on g1 (31 - 28 = 3) would.
        let black = pos("B:Wc3,Kd4:Bb8");
        assert_eq!(
            features(&black),
            vec![
                (MY_MEN + 3) as u16,
                (THEIR_MEN + 31 - 9) as u16,
                (THEIR_KINGS + 31 - 13) as u16,
                (MY_ROOM + 2) as u16,
                (THEIR_ROOM + 4) as u16,
            ]
        );
    }

    #[test]
    fn a_position_and_its_mirror_with_colours_swapped_are_worth_the_same() {
        for text in [
            "W:Wa1,c1,e1,g1,b2,d2,h2,a3,c3,e3,g3,f4:Bb8,d8,f8,h8,a7,c7,e7,g7,d6,h6,a5,g5",
            "B:Wc3,Kd4,e5:Bb8,Kh2",
        ] {
            let position = pos(text);
            let mirror = Russian::from_board(position.board.flipped(), position.side.opponent());
            assert_eq!(features(&position), features(&mirror), "{text}");
            assert_eq!(FITTED.value(&position), FITTED.value(&mirror), "{text}");
        }
    }

    #[test]
    fn the_taper_follows_the_pieces_on_the_board() {
        let full = Russian::start();
        assert!((phase(&full) - 1.0).abs() < f32::EPSILON);
        let table = SquareTable {
            midgame: [[1; ROW]; ROWS],
            endgame: [[-1; ROW]; ROWS],
        };
        // 24 pieces and two room features on: all at the midgame weight.
        assert_eq!(table.value(&full), 26);
        // 12 pieces of 24: halfway, 14 features summing 14 and -14.
        let half = pos("W:Wa1,c1,e1,g1,b2,d2:Bb8,d8,f8,h8,a7,c7");
        assert!((phase(&half) - 0.5).abs() < f32::EPSILON);
        assert_eq!(table.value(&half), 0);
    }
}
