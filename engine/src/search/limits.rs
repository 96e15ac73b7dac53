//! What a `go` command allows the search: depth, nodes, time.

use std::time::Duration;

/// One side's clock, as `wtime/winc/movestogo` (or UGI's `p1time/p1inc`) give it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the mover's clock.
    pub remaining: Duration,
    /// Increment after each move.
    pub increment: Duration,
    /// Moves until the next time control, if the control has one.
    pub moves_to_go: Option<u32>,
}

/// The limits of one search. Several may be set; the first one reached ends it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration to finish.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Spend exactly this long.
    pub movetime: Option<Duration>,
    /// The mover's clock, for time management.
    pub clock: Option<Clock>,
    /// Search until told to stop (`go infinite`): the result is held back
    /// until `stop` even when the search ends early. (Pondering is a state
    /// of the [`super::SearchControl`], since `ponderhit` ends it mid-search.)
    pub infinite: bool,
}

impl Limits {
    /// Limits for a fixed-depth search and nothing else (bench, tests).
    #[must_use]
    pub fn depth(depth: u32) -> Self {
        Self {
            depth: Some(depth),
            ..Self::default()
        }
    }
}
