//! `go` for the board games: the alpha-beta search on its own thread,
//! printing its `info` lines and the one `bestmove`. (A game that thinks
//! otherwise says so through its `EngineGame` hook.)

use std::sync::{Arc, Mutex, PoisonError};

use ply_protocol::{GoParams, Info, Response, Score};

use crate::game::{Game, SearchGame};
use crate::options::EngineOptions;
use crate::search::oracles::Oracles;
use crate::search::score::{margin_of, to_protocol};
use crate::search::{
    GameEvaluation, Iteration, Limits, SearchControl, SearchResult, SearchSettings, SearchTables,
    search,
};

use super::output::Output;
use super::running::{RunningSearch, limits_from, nodes_per_second};
use super::tables::EngineTables;

/// Starts searching `game` as `params` say, on a new thread;
/// `with_ponder` adds the expected reply to `bestmove`.
pub fn start<G: SearchGame>(
    game: G,
    params: &GoParams,
    options: &EngineOptions,
    with_ponder: bool,
    tables: Arc<Mutex<EngineTables>>,
    out: Output,
) -> RunningSearch {
    let limits = limits_from(params, game.side_to_move());
    let control = Arc::new(SearchControl::new(params.ponder, limits.infinite));
    let settings = SearchSettings {
        move_overhead: options.move_overhead,
    };
    let thread_control = Arc::clone(&control);
    let thread_limits = limits.clone();
    let handle = std::thread::spawn(move || {
        let mut tables = tables.lock().unwrap_or_else(PoisonError::into_inner);
        let result = run(
            &game,
            &thread_limits,
            settings,
            &mut tables,
            &thread_control,
            &out,
        );
        out.send(&best_move_line(&game, &result, with_ponder));
    });
    let limited = limits.depth.is_some()
        || limits.nodes.is_some()
        || limits.movetime.is_some()
        || limits.clock.is_some();
    RunningSearch::new(control, handle, limited)
}

/// Searches, printing `info` after each iteration; the caller prints the
/// one `bestmove`.
fn run<G: SearchGame>(
    root: &G,
    limits: &Limits,
    settings: SearchSettings,
    tables: &mut EngineTables,
    control: &SearchControl,
    out: &Output,
) -> SearchResult<G::Move> {
    tables.history.ensure_size(G::MOVE_INDEX_LIMIT);
    let evaluation = GameEvaluation {
        oracles: Oracles::default().with(tables.endgame_db.clone()),
    };
    let search_tables = SearchTables {
        tt: &mut tables.tt,
        history: &mut tables.history,
    };
    search(
        root,
        limits,
        settings,
        search_tables,
        control,
        evaluation,
        |it| {
            out.send(&Response::Info(info_line(root, it)));
            if let Some(margin) = margin_of(it.score) {
                out.send(&Response::InfoString(format!(
                    "proven margin {} (endgame database)",
                    signed_seeds(margin)
                )));
            }
        },
    )
}

/// The `info` line of a finished iteration.
#[must_use]
pub fn info_line<G: Game>(root: &G, iteration: &Iteration<G::Move>) -> Info {
    let millis = u64::try_from(iteration.elapsed.as_millis()).unwrap_or(u64::MAX);
    let micros = u64::try_from(iteration.elapsed.as_micros()).unwrap_or(u64::MAX);
    Info {
        depth: Some(iteration.depth),
        seldepth: Some(iteration.seldepth),
        score: Some(Score {
            value: to_protocol(iteration.score),
            bound: None,
        }),
        nodes: Some(iteration.nodes),
        nps: Some(nodes_per_second(iteration.nodes, micros)),
        hashfull: Some(iteration.hashfull),
        time: Some(millis),
        pv: format_line(root, &iteration.pv),
        ..Info::default()
    }
}

/// The `bestmove` line: the move and (`with_ponder`) the expected reply,
/// or `(none)`.
#[must_use]
pub fn best_move_line<G: Game>(
    root: &G,
    result: &SearchResult<G::Move>,
    with_ponder: bool,
) -> Response {
    let ponder = result.ponder.filter(|_| with_ponder);
    let line: Vec<G::Move> = result.best.into_iter().chain(ponder).collect();
    let mut texts = format_line(root, &line).into_iter();
    Response::BestMove {
        best: texts.next(),
        ponder: texts.next(),
    }
}

/// Writes a line of moves, each in the notation of the position it is played in.
fn format_line<G: Game>(root: &G, moves: &[G::Move]) -> Vec<String> {
    let mut position = root.clone();
    moves
        .iter()
        .map(|&mv| {
            let text = position.format_move(mv);
            position.play(mv);
            text
        })
        .collect()
}

/// A margin in centi-seeds written in seeds with its sign: `+8`, `-2`, `0`.
fn signed_seeds(centi: i32) -> String {
    let seeds = f64::from(centi) / 100.0;
    if centi > 0 {
        format!("+{seeds}")
    } else {
        format!("{seeds}")
    }
}
