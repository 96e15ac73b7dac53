//! The pieces on the board: one bitboard per colour and one of kings.

use super::moves::Move;
use super::squares::{RANK_1, RANK_8};
use crate::game::Player;

/// What stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// A man of this side: moves one square forwards.
    Man(Player),
    /// A king of this side: flies along the diagonals.
    King(Player),
}

impl Piece {
    /// The side the piece belongs to.
    #[must_use]
    pub fn owner(self) -> Player {
        match self {
            Self::Man(p) | Self::King(p) => p,
        }
    }
}

/// The pieces. White is [`Player::One`], Black [`Player::Two`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    /// Each side's pieces, men and kings, indexed by [`Player::index`].
    pub pieces: [u32; 2],
    /// The kings of both sides.
    pub kings: u32,
}

impl Board {
    /// The start: White's men on ranks 1-3, Black's on ranks 6-8.
    pub const START: Self = Self {
        pieces: [0x0000_0FFF, 0xFFF0_0000],
        kings: 0,
    };

    /// Every occupied square.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> u32 {
        self.pieces[0] | self.pieces[1]
    }

    /// Every empty square.
    #[inline]
    #[must_use]
    pub fn empty(&self) -> u32 {
        !self.occupied()
    }

    /// `side`'s men.
    #[inline]
    #[must_use]
    pub fn men(&self, side: Player) -> u32 {
        self.pieces[side.index()] & !self.kings
    }

    /// `side`'s kings.
    #[inline]
    #[must_use]
    pub fn kings_of(&self, side: Player) -> u32 {
        self.pieces[side.index()] & self.kings
    }

    /// The piece on square `s`, if any.
    #[must_use]
    pub fn piece_at(&self, s: u8) -> Option<Piece> {
        let bit = 1u32 << s;
        let owner = [Player::One, Player::Two]
            .into_iter()
            .find(|p| self.pieces[p.index()] & bit != 0)?;
        Some(if self.kings & bit != 0 {
            Piece::King(owner)
        } else {
            Piece::Man(owner)
        })
    }

    /// Plays `side`'s move `mv` on the pieces alone: the piece leaves
    /// `from` and stands on `to` (a king if it was one or the move crowns
    /// it), and the captured pieces come off. A capture may end where it
    /// started, so the piece is lifted before it is put down. Positions
    /// ([`Russian`](super::Russian)'s `play`) and the endgame databases'
    /// builds, which look at boards only, both move pieces here.
    #[inline]
    pub fn apply(&mut self, side: Player, mv: Move) {
        let from_bit = 1u32 << mv.from;
        let to_bit = 1u32 << mv.to;
        let is_king = self.kings & from_bit != 0 || mv.crowned;
        self.pieces[side.index()] = (self.pieces[side.index()] & !from_bit) | to_bit;
        self.kings &= !from_bit;
        if is_king {
            self.kings |= to_bit;
        }
        self.pieces[side.opponent().index()] &= !mv.captured;
        self.kings &= !mv.captured;
    }

    /// The board seen from the other side: turned half round (square `s`
    /// becomes `31 - s`, a1 becomes h8) with the colours swapped, so that
    /// Black's pieces stand where White's would. A position with Black to
    /// move is the flipped one with White to move, which halves what the
    /// endgame databases store.
    #[inline]
    #[must_use]
    pub fn flipped(&self) -> Self {
        Self {
            pieces: [self.pieces[1].reverse_bits(), self.pieces[0].reverse_bits()],
            kings: self.kings.reverse_bits(),
        }
    }
}

/// The rank where `side`'s men are crowned: the far one.
#[inline]
#[must_use]
pub const fn crown_rank(side: Player) -> u32 {
    match side {
        Player::One => RANK_8,
        Player::Two => RANK_1,
    }
}
