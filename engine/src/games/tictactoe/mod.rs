//! Tic-tac-toe in the engine: the rules are [`ply_rules::games::tictactoe`];
//! here are its static evaluation (`eval`, the open-lines count of the
//! Prolog tic-tac-toe programs) and the
//! [`SearchGame`](crate::search::SearchGame) impl (`search`).

mod eval;
mod search;

pub use eval::LINE_VALUE;
use ply_rules::games::tictactoe::*;

/// Tic-tac-toe thinks with the alpha-beta search, and has no solver.
impl crate::engine_game::EngineGame for TicTacToe {
    /// Two openings, searched to the end.
    const BENCH_POSITIONS: &'static [&'static str] = &[".../.../... x", "x../.o./... x"];
    /// Searched to the end at any useful depth, tic-tac-toe has only wins,
    /// draws and losses: a move that changes the outcome is a blunder.
    const JUDGING: crate::engine_game::judging::Judging =
        crate::engine_game::judging::Judging::Outcome;
}
