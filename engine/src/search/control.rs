//! The flags a running search shares with the protocol loop.
//!
//! The loop never waits for the search: `stop` and `ponderhit` just set
//! atomics that the search polls (Stockfish's design), so `isready` is
//! answered at once even while a search runs.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use ply_protocol::SolveParams;

/// What a solver may spend before it stops by itself (`solve nodes N
/// movetime MS`); nothing by default. The solvers count their nodes
/// through [`SearchControl::spend`] every few thousand nodes, so both
/// limits are kept to within one such step (and the time, to within the
/// time those nodes take).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Stop once about this many nodes are searched (by all threads).
    pub nodes: Option<u64>,
    /// Stop at this instant.
    pub deadline: Option<Instant>,
}

impl Budget {
    /// The budget of a `solve` with `params`, its clock started `now`.
    #[must_use]
    pub fn of_solve(params: SolveParams, now: Instant) -> Self {
        Self {
            nodes: params.nodes,
            deadline: params.movetime.map(|ms| now + Duration::from_millis(ms)),
        }
    }

    /// Whether there is any limit to keep.
    fn is_limited(&self) -> bool {
        self.nodes.is_some() || self.deadline.is_some()
    }
}

/// Shared between the protocol loop (which writes) and the search (which reads).
#[derive(Debug, Default)]
pub struct SearchControl {
    stop: AtomicBool,
    pondering: AtomicBool,
    /// `go infinite`: the result waits for `stop` however soon the search ends.
    infinite: bool,
    /// What a solver may spend ([`Self::spend`]).
    budget: Budget,
    /// The nodes counted against the budget so far.
    spent: AtomicU64,
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
            budget: Budget::default(),
            spent: AtomicU64::new(0),
        }
    }

    /// The same control for a solver that stops by itself once `budget`
    /// is spent, as if `stop` had come.
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Counts `nodes` more searched (a solver calls it every few thousand
    /// nodes, on each of its threads) and says whether to give up: `stop`
    /// was asked, or the budget is spent, which then sets the stop flag so
    /// that every thread and every later look sees it.
    pub fn spend(&self, nodes: u64) -> bool {
        if self.budget.is_limited() {
            let spent = self.spent.fetch_add(nodes, Ordering::Relaxed) + nodes;
            let out_of_nodes = self.budget.nodes.is_some_and(|most| spent >= most);
            let out_of_time = self
                .budget
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline);
            if out_of_nodes || out_of_time {
                self.stop();
            }
        }
        self.stopped()
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
