//! The search, generic over any [`SearchGame`].
//!
//! - [`searcher`]: iterative deepening, principal variation search,
//!   several lines (MultiPV) and threads (lazy SMP);
//! - [`threads`]: how the threads of a search split the work and whose
//!   result is played;
//! - [`tt`]: the transposition table, shared by the threads of a search;
//! - [`ordering`]: move ordering and the history heuristic;
//! - [`limits`], [`time`], [`control`]: when to stop;
//! - [`score`]: score units and proven results;
//! - [`evaluator`]: which static evaluation the search calls (the game's,
//!   or its network, whose [`accumulators`] the search keeps a ply each);
//! - [`tapered_table`]: weights a feature blended from the opening to the
//!   end, the shape of the fitted evaluation tables;
//! - [`game`]: what the search needs from a game beyond its rules;
//! - [`oracles`]: exact knowledge (endgame databases) the evaluation may use;
//! - [`bounds_solver`]: the root loop of the solvers that prove bounds on
//!   each root move's value (Oware's, Russian draughts').

pub mod accumulators;
pub mod bounds_solver;
pub mod control;
pub mod evaluator;
pub mod game;
pub mod huge_pages;
pub mod limits;
pub mod oracles;
pub mod ordering;
pub mod prefetch;
pub mod probcut;
pub mod score;
pub mod searcher;
pub mod tapered_table;
pub mod threads;
pub mod time;
pub mod tt;

pub use control::{Budget, SearchControl};
pub use evaluator::{Evaluator, GameEvaluation, NetworkChoice};
pub use game::{KnownMargin, SearchGame};
pub use limits::{Clock, Limits};
pub use ordering::History;
pub use searcher::{
    Iteration, Root, SearchResult, SearchSettings, SearchTables, search, search_root,
};
pub use tt::TranspositionTable;
