//! `go perft N` on its own thread, like a search: `stop` and `quit` end it,
//! `isready` is answered meanwhile (a deep perft runs for hours).

use std::sync::Arc;

use ply_protocol::Response;

use crate::search::SearchControl;
use ply_rules::game::Game;
use ply_rules::perft::{Divided, divide};
use ply_rules::variant::AnyGame;
use ply_rules::with_game;

use crate::search_thread::Output;
use crate::search_thread::running::RunningSearch;

/// Starts counting on a new thread: per-first-move counts as each is
/// known, a blank line, the total (Stockfish's form). When stopped, an
/// `info string` says so and how much was counted, and no total is
/// printed, so a part is never taken for the full count.
pub fn start(position: &AnyGame, depth: u32, out: Output) -> RunningSearch {
    let control = Arc::new(SearchControl::new(false, false));
    let thread_control = Arc::clone(&control);
    let handle = with_game!(position.clone(), game => std::thread::spawn(move || {
        let mut total = 0;
        let divided = divide(&game, depth, &|| thread_control.stopped(), |mv, nodes| {
            out.send(&Response::PerftMove { mv: game.format_move(mv), nodes });
            total += nodes;
        });
        match divided {
            Divided::Complete => {
                out.line("");
                out.send(&Response::PerftTotal(total));
            }
            Divided::Stopped { counted, moves } => out.send(&Response::InfoString(format!(
                "perft {depth} stopped after {counted} of {moves} first moves: \
                 {total} nodes counted so far, not the full count"
            ))),
        }
    }));
    // A perft ends by itself: a later command waits for it (or a `stop`).
    RunningSearch::new(control, handle, true)
}
