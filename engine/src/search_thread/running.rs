//! A search running on its own thread, whatever thinks in it (the
//! alpha-beta search, Mastermind's strategy, Kalah's solver), and what
//! every kind of thinking reads from `go`: its limits.

use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use ply_protocol::GoParams;

use crate::search::{Clock, Limits, SearchControl};
use ply_rules::game::Player;

/// A search running on its own thread.
#[derive(Debug)]
pub struct RunningSearch {
    control: Arc<SearchControl>,
    handle: JoinHandle<()>,
    /// Whether a limit (depth, nodes, time) ends the search by itself.
    limited: bool,
}

impl RunningSearch {
    /// A search running on `handle`, controlled through `control`;
    /// `limited` when it ends by itself (see [`Self::finish_naturally`]).
    #[must_use]
    pub fn new(control: Arc<SearchControl>, handle: JoinHandle<()>, limited: bool) -> Self {
        Self {
            control,
            handle,
            limited,
        }
    }

    /// Asks the search to stop and waits for its `bestmove` to be printed.
    pub fn stop(self) {
        self.control.stop();
        self.join();
    }

    /// Lets a search with a limit run to it; stops an infinite or pondering
    /// one, or one without any limit (a bare `go`), which would run on and on.
    pub fn finish_naturally(self) {
        self.stop_unless_limited();
        self.join();
    }

    /// Stops the search unless a limit ends it by itself (see
    /// [`Self::finish_naturally`]); does not wait.
    pub fn stop_unless_limited(&self) {
        if !self.limited || self.control.pondering() || self.control.waits_for_stop() {
            self.control.stop();
        }
    }

    /// Asks the search to stop; does not wait.
    pub fn request_stop(&self) {
        self.control.stop();
    }

    /// Whether the search thread has ended (its `bestmove` is printed).
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.handle.is_finished()
    }

    /// `ponderhit`: the ponder search goes on as a normal timed search.
    pub fn ponder_hit(&self) {
        self.control.ponder_hit();
    }

    /// Waits for the search thread to end.
    pub fn join(self) {
        if self.handle.join().is_err() {
            log::error!("the search thread panicked");
        }
    }
}

/// The search limits a `go` command sets for `side` to move.
#[must_use]
pub fn limits_from(params: &GoParams, side: Player) -> Limits {
    let ms = Duration::from_millis;
    let clock = params.time[side.index()].map(|remaining| Clock {
        remaining: ms(remaining),
        increment: ms(params.inc[side.index()].unwrap_or(0)),
        moves_to_go: params.movestogo,
    });
    Limits {
        // `go mate N`: a win within N plies is found by a depth-N search.
        depth: params.depth.or(params.mate),
        nodes: params.nodes,
        movetime: params.movetime.map(ms),
        clock,
        infinite: params.infinite,
    }
}

/// Nodes per second, from a time in microseconds (so short searches are not
/// rounded to zero milliseconds).
#[must_use]
pub fn nodes_per_second(nodes: u64, micros: u64) -> u64 {
    let per_second = u128::from(nodes) * 1_000_000 / u128::from(micros.max(1));
    u64::try_from(per_second).unwrap_or(u64::MAX)
}
