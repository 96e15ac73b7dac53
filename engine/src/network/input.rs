//! A position as a network reads it: from one side's view, the feature
//! that is on in each of a game's slots.
//!
//! Slots make the accumulators' updates generic: a game fills the same
//! slots in the same order for every position of a board, so the rows to
//! change after a move are those of the slots whose features differ
//! between the parent and the child, whatever the game.

use arrayvec::ArrayVec;

/// Most slots a game may have (Russian draughts' 32 squares).
pub const MAX_SLOTS: usize = 32;

/// An empty slot: no feature on.
pub const NONE: u16 = u16::MAX;

/// The feature on in each slot ([`NONE`] for none), in the game's order.
pub type Slots = ArrayVec<u16, MAX_SLOTS>;

/// The shape of a game's network input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InputShape {
    /// The game (its registry name), as its network files name it.
    pub game: &'static str,
    /// Features a side's view has.
    pub inputs: usize,
    /// Slots a position fills.
    pub slots: usize,
}
