//! A search on its own thread, as every command that thinks runs one
//! (`go`, `solve`, `bench`, `perft`, the analysis jobs): the memory it
//! keeps from one search to the next ([`SearchMemory`]), where its lines go ([`Output`]), the
//! handle that stops and joins it ([`RunningSearch`]), and what `go` is
//! given with the alpha-beta `go` every game gets by default ([`go`]), and `solve`: its thread and
//! its lines for every game, and the whole command for the games whose
//! solvers prove bounds on each move ([`solve`]).
//!
//! It sits under the per-game hooks ([`crate::engine_game`]), which start
//! such searches, and under the protocol session, which runs them: it
//! knows the search and the options, not the session or any command.

pub mod go;
pub mod memory;
pub mod output;
pub mod running;
pub mod solve;

pub use memory::SearchMemory;
pub use output::Output;
pub use running::RunningSearch;
