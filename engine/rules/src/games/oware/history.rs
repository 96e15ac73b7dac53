//! The positions seen since the last capture, so that a repetition (which
//! ends an Oware game) is seen by the rules and by the search alike.
//!
//! Only positions since the last capture can repeat: a capture removes
//! seeds for good. Each position is kept as its 64-bit key (board, stores
//! and side to move), so two different positions are taken for a
//! repetition only if their keys collide, about once in 2^64 comparisons.
//!
//! A line without captures can be long, so the list cannot have a fixed
//! size without changing the rule. It is kept in two parts: the most
//! recent keys inline (copying a position copies them, no allocation),
//! and, once those fill up, the older ones in a shared, immutable block
//! that copies of the position share (an `Arc`: copying costs a counter
//! increment). A block is made once every [`RECENT`] capture-free moves,
//! so the search pays for it rarely, and the history is exact however
//! long the line.

use std::sync::Arc;

use arrayvec::ArrayVec;

/// Keys kept inline before they move to the shared block.
pub const RECENT: usize = 16;

/// The keys of the positions since the last capture, the current one
/// included, oldest first.
#[derive(Clone, Debug, Default)]
pub struct History {
    /// Keys older than `recent`, shared between copies; `None` while the
    /// line since the capture is short.
    older: Option<Arc<[u64]>>,
    /// The most recent keys.
    recent: ArrayVec<u64, RECENT>,
}

impl History {
    /// A history holding only `key`: the position after a capture, or the
    /// first position of a game.
    #[must_use]
    pub fn starting_at(key: u64) -> Self {
        let mut history = Self::default();
        history.recent.push(key);
        history
    }

    /// Whether `key` was seen since the last capture.
    #[must_use]
    pub fn contains(&self, key: u64) -> bool {
        self.recent.contains(&key) || self.older.as_deref().is_some_and(|old| old.contains(&key))
    }

    /// Records `key` as the newest position.
    pub fn push(&mut self, key: u64) {
        if self.recent.is_full() {
            let older: Vec<u64> = self.keys().collect();
            self.older = Some(older.into());
            self.recent.clear();
        }
        self.recent.push(key);
    }

    /// Positions recorded.
    #[must_use]
    pub(crate) fn len(&self) -> usize {
        self.older.as_deref().map_or(0, <[u64]>::len) + self.recent.len()
    }

    /// The keys, oldest first.
    pub fn keys(&self) -> impl Iterator<Item = u64> + '_ {
        self.older
            .as_deref()
            .unwrap_or_default()
            .iter()
            .chain(&self.recent)
            .copied()
    }
}

impl PartialEq for History {
    /// The same keys in the same order, however they are stored.
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.keys().eq(other.keys())
    }
}

impl Eq for History {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembers_every_key_however_many() {
        let mut history = History::starting_at(1000);
        for key in 0..100 {
            assert!(!history.contains(key));
            history.push(key);
            assert!(history.contains(key));
        }
        assert_eq!(history.len(), 101);
        assert!(history.contains(1000));
        assert!((0..100).all(|key| history.contains(key)));
        assert_eq!(history.keys().next(), Some(1000));
        assert_eq!(history.keys().last(), Some(99));
    }

    #[test]
    fn copies_are_independent() {
        let mut a = History::starting_at(7);
        for key in 0..40 {
            a.push(key);
        }
        let mut b = a.clone();
        assert_eq!(a, b);
        b.push(500);
        assert!(b.contains(500) && !a.contains(500));
        assert_ne!(a, b);
        a.push(500);
        assert_eq!(a, b);
    }
}
