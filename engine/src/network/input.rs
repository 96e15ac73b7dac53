//! A position as a network reads it: from one side's view, the feature
//! that is on in each of a game's slots.
//!
//! Slots make the accumulators' updates generic: a game fills the same
//! slots in the same order for every position of a board, so the rows to
//! change after a move are those of the slots whose features differ
//! between the parent and the child, whatever the game.

use arrayvec::ArrayVec;

/// Most slots a game may have (as many as the biggest game's input has:
/// a slot a square of a draughts board).
pub const MAX_SLOTS: usize = 32;

/// An empty slot: no feature on.
pub const NONE: u16 = u16::MAX;

/// The feature on in each slot ([`NONE`] for none), in the game's order.
pub type Slots = ArrayVec<u16, MAX_SLOTS>;

/// Pushes `feature` into the next slot ([`NONE`] if it is out of a
/// feature's range, which no game's input reaches).
pub fn push_feature(slots: &mut Slots, feature: usize) {
    slots.push(feature_id(feature));
}

/// `feature` as a slot holds it ([`NONE`] if it is out of a feature's
/// range, which no game's input reaches).
#[inline]
#[must_use]
pub fn feature_id(feature: usize) -> u16 {
    u16::try_from(feature).unwrap_or(NONE)
}

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

impl InputShape {
    /// The input of `game`: `inputs` features, `slots` slots (at most
    /// [`MAX_SLOTS`]: a constant's evaluation fails otherwise).
    #[must_use]
    pub const fn new(game: &'static str, inputs: usize, slots: usize) -> Self {
        assert!(slots <= MAX_SLOTS, "more slots than MAX_SLOTS");
        Self {
            game,
            inputs,
            slots,
        }
    }
}
