//! `solve` on its own thread, for every game with a solver: what the
//! command is given ([`SolveJob`]), the thread it runs on ([`spawn`]),
//! the lines it prints ([`printer`]), and the whole command for the games
//! whose solvers prove bounds on each root move ([`bounds`]). A game with
//! a solver of another kind (Kalah's exact one) starts its own thread with
//! [`spawn`] and prints through [`printer`], so that every game's `solve`
//! speaks alike.

pub mod bounds;
pub mod printer;

use std::sync::{Arc, Mutex};

use super::memory::SearchMemory;
use super::output::Output;
use super::running::RunningSearch;
use crate::search::{Budget, SearchControl};

/// What `solve` is given: when it must stop by itself, the engine's
/// `Threads` and `MultiPV`, its search memory (the databases the solver trusts)
/// and where its lines go.
#[derive(Debug)]
pub struct SolveJob {
    /// `solve nodes N movetime MS`: the solve stops once it is spent.
    pub budget: Budget,
    /// Threads to prove with (solvers that use several).
    pub threads: usize,
    /// How many of the best moves to give with their values (1: only the
    /// position's).
    pub multipv: usize,
    /// What searches keep from one to the next.
    pub memory: Arc<Mutex<SearchMemory>>,
    /// Where the lines go.
    pub out: Output,
}

/// Runs `body` on a new thread with the control that ends it (`stop`, or
/// `budget` spent): the thread of every game's `solve`, which, limited or
/// not, ends by itself once its proof does.
#[must_use]
pub fn spawn(budget: Budget, body: impl FnOnce(&SearchControl) + Send + 'static) -> RunningSearch {
    let control = Arc::new(SearchControl::new(false, false).with_budget(budget));
    let thread_control = Arc::clone(&control);
    let handle = std::thread::spawn(move || body(&thread_control));
    RunningSearch::new(control, handle, true)
}
