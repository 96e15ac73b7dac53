//! The generic search's view of Mastermind.
//!
//! `go` plays Mastermind with its own strategy (`strategy`), not with the
//! alpha-beta search, but every game at the protocol boundary is a
//! [`SearchGame`], so this gives the generic search something sound: the
//! breaker's evaluation is minus the codes still possible (fewer is better
//! for the breaker).

use std::hash::{DefaultHasher, Hash, Hasher};

use super::position::{BREAKER, Mastermind, MastermindMove};
use crate::search::SearchGame;
use ply_rules::game::Game;

/// History slots: moves are hashed into this many.
const MOVE_SLOTS: usize = 4096;

impl SearchGame for Mastermind {
    fn hash_key(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.hash(&mut hasher);
        hasher.finish()
    }

    fn evaluate(&self) -> i32 {
        let left = i32::try_from(self.consistent_codes().len()).unwrap_or(i32::MAX);
        if self.side_to_move() == BREAKER {
            -left
        } else {
            left
        }
    }

    fn move_priority(&self, _mv: MastermindMove) -> i32 {
        0
    }

    fn move_index(mv: MastermindMove) -> usize {
        let mut hasher = DefaultHasher::new();
        mv.hash(&mut hasher);
        // The remainder is below MOVE_SLOTS.
        usize::try_from(hasher.finish() % MOVE_SLOTS as u64).unwrap_or(0)
    }

    const MOVE_INDEX_LIMIT: usize = MOVE_SLOTS;
}
