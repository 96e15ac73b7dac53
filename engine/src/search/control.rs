//! The flags a running search shares with the protocol loop.
//!
//! The loop never waits for the search: `stop` and `ponderhit` just set
//! atomics that the search polls (Stockfish's design), so `isready` is
//! answered at once even while a search runs.

use std::sync::atomic::{AtomicBool, Ordering};

/// Shared between the protocol loop (which writes) and the search (which reads).
#[derive(Debug, Default)]
pub struct SearchControl {
    stop: AtomicBool,
    pondering: AtomicBool,
    /// `go infinite`: the result waits for `stop` however soon the search ends.
    infinite: bool,
}

impl SearchControl {
    /// A control for a search that is (or is not) pondering, and that
    /// does (or does not) hold its result back until `stop`.
    #[must_use]
    pub fn new(pondering: bool, infinite: bool) -> Self {
        Self {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(pondering),
            infinite,
        }
    }

    /// Whether the search ends only on `stop` (`go infinite`).
    #[must_use]
    pub fn waits_for_stop(&self) -> bool {
        self.infinite
    }

    /// Asks the search to finish as soon as it can (`stop`, `quit`).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether `stop` was asked for.
    #[must_use]
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The opponent played the expected move: the ponder search becomes a
    /// normal one (`ponderhit`).
    pub fn ponder_hit(&self) {
        self.pondering.store(false, Ordering::Relaxed);
    }

    /// Whether the search is still pondering (time limits do not run yet).
    #[must_use]
    pub fn pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }
}
