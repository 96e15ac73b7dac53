//! `go` for the board games: the alpha-beta search on its own thread,
//! printing its `info` lines and the one `bestmove`. (A game that thinks
//! otherwise says so through its `EngineGame` hook.)
//!
//! With `MultiPV` 1 an iteration prints one `info` line without a
//! `multipv` field, as before MultiPV existed (so tools that read the
//! last `info` line keep working); with `MultiPV` K > 1 it prints one line
//! a principal variation, `multipv 1` to `multipv K`, best first (fewer
//! when there are fewer root moves). A `go` whose `searchmoves` names a
//! move that is not legal is refused before anything starts: an error and
//! no `bestmove`.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use ply_protocol::{GoParams, Info, Response, Score};

use crate::options::EngineOptions;
use crate::search::SearchGame;
use crate::search::score::{margin_of, to_protocol};
use crate::search::{
    GameEvaluation, Iteration, Limits, Root, SearchControl, SearchResult, SearchSettings,
    SearchTables, search_root,
};
use ply_rules::game::Game;

use super::memory::SearchMemory;
use super::output::Output;
use super::running::{RunningSearch, limits_from, nodes_per_second};

/// What `go` is given: the command's limits, the search settings of the
/// engine's options, whether `bestmove` names the expected reply, the
/// search memory (the transposition table and history kept from one search
/// to the next, the databases it trusts) and where its lines go. The session builds it once and hands
/// it to the game's [`crate::engine_game::EngineGame::go`] hook, which may
/// think otherwise (Mastermind) or first (Kalah's proof) and hands the
/// rest to [`start`].
#[derive(Debug)]
pub struct GoJob {
    /// The `go` command: its clock, limits, `searchmoves` and `ponder`.
    pub params: GoParams,
    /// `Move Overhead`, `Threads` and `MultiPV`.
    pub settings: SearchSettings,
    /// Whether `bestmove` adds the expected reply (`ponder`).
    pub with_ponder: bool,
    /// What searches keep from one to the next.
    pub memory: Arc<Mutex<SearchMemory>>,
    /// Where the lines go.
    pub out: Output,
}

/// Starts searching `game` as the job's `params` say, on a new thread;
/// `with_ponder` adds the expected reply to `bestmove`.
///
/// # Errors
/// A `searchmoves` move that is malformed or not legal here, named with
/// what is wrong: nothing is started.
pub fn start<G: SearchGame>(game: G, job: GoJob) -> Result<RunningSearch, String> {
    let GoJob {
        params,
        settings,
        with_ponder,
        memory,
        out,
    } = job;
    let searchmoves = parse_searchmoves(&game, &params.searchmoves)?;
    let limits = limits_from(&params, game.side_to_move());
    let control = Arc::new(SearchControl::new(params.ponder, limits.infinite));
    let thread_control = Arc::clone(&control);
    let thread_limits = limits.clone();
    let handle = std::thread::spawn(move || {
        let mut memory = memory.lock().unwrap_or_else(PoisonError::into_inner);
        let root = Root {
            position: &game,
            searchmoves: &searchmoves,
        };
        let result = run(
            root,
            &thread_limits,
            settings,
            &mut memory,
            &thread_control,
            &out,
            Duration::ZERO,
        );
        out.send(&best_move_line(&game, &result, with_ponder));
    });
    let limited = limits.depth.is_some()
        || limits.nodes.is_some()
        || limits.movetime.is_some()
        || limits.clock.is_some();
    Ok(RunningSearch::new(control, handle, limited))
}

/// The moves of `go searchmoves`, each read and checked against `position`.
///
/// # Errors
/// The first move that is malformed or illegal, and why.
pub fn parse_searchmoves<G: Game>(position: &G, texts: &[String]) -> Result<Vec<G::Move>, String> {
    texts
        .iter()
        .map(|text| {
            position
                .parse_move(text)
                .map_err(|e| format!("searchmoves: {e}; the go is refused, nothing searched"))
        })
        .collect()
}

/// The search settings the engine's options give.
#[must_use]
pub fn settings(options: &EngineOptions) -> SearchSettings {
    SearchSettings {
        move_overhead: options.move_overhead,
        threads: options.threads,
        multipv: options.multipv,
    }
}

/// Searches, printing `info` after each iteration; the caller prints the
/// one `bestmove`. `spent` is the time this `go` took before the search
/// (a proof that did not finish): the `info` lines' `time` counts it, as
/// UCI's `time` counts from the `go`; their `nodes` and `nps` are the
/// search's own.
pub fn run<G: SearchGame>(
    root: Root<'_, G>,
    limits: &Limits,
    settings: SearchSettings,
    memory: &mut SearchMemory,
    control: &SearchControl,
    out: &Output,
    spent: Duration,
) -> SearchResult<G::Move> {
    memory.history.ensure_size(G::MOVE_INDEX_LIMIT);
    let evaluation = GameEvaluation::for_root(
        memory.oracles.clone(),
        memory.network.clone(),
        root.position,
    );
    let search_tables = SearchTables {
        tt: &mut memory.tt,
        history: &mut memory.history,
    };
    let many_lines = settings.multipv > 1;
    let spent_ms = u64::try_from(spent.as_millis()).unwrap_or(u64::MAX);
    search_root(
        root,
        limits,
        settings,
        search_tables,
        control,
        evaluation,
        |it| {
            let mut info = info_line(root.position, it);
            info.time = info.time.map(|time| time.saturating_add(spent_ms));
            if many_lines {
                info.multipv = u32::try_from(it.multipv).ok();
            }
            out.send(&Response::Info(info));
            if let Some(text) = proven_note(it, many_lines) {
                out.send(&Response::InfoString(text));
            }
            if it.proven_stop && it.multipv == it.lines {
                out.send(&Response::InfoString(proven_stop_note(
                    it.depth,
                    limits.depth,
                )));
            }
        },
    )
}

/// The `info string` that labels a proven line: `proven margin M (how)`,
/// for a win, loss or draw whose final margin the search knows (a win or
/// loss reached within the tree is labelled by its `score mate N`). With
/// several lines it names the line (`multipv k`).
///
/// A database's win or loss proves the margin only when every line
/// searched for it ended in the database or at the end of the game
/// (`exact`). Otherwise some line stopped at the horizon, and the score
/// proves only a bound: a win by at least M (the mover has a way to force
/// the database's win, and may have a better one beyond the horizon) or a
/// loss by at least M; the label then says so, `proven win, margin at
/// least +M` or `proven loss, margin at most -M`.
#[must_use]
pub fn proven_note<M>(iteration: &Iteration<M>, many_lines: bool) -> Option<String> {
    let line = if many_lines {
        format!("multipv {} ", iteration.multipv)
    } else {
        String::new()
    };
    let label = match margin_of(iteration.score) {
        Some(margin) if iteration.exact => {
            format!("proven margin {} (endgame database)", signed_seeds(margin))
        }
        Some(margin) if margin > 0 => format!(
            "proven win, margin at least {} (endgame database)",
            signed_seeds(margin)
        ),
        Some(margin) => format!(
            "proven loss, margin at most {} (endgame database)",
            signed_seeds(margin)
        ),
        None if iteration.exact && iteration.score == 0 => format!(
            "proven margin 0 ({})",
            if iteration.database {
                "endgame database"
            } else {
                "searched to the end of the game"
            }
        ),
        None => return None,
    };
    Some(format!("{line}{label}"))
}

/// The `info string` of a search that stopped before the depth it was
/// allowed because its value is proven.
#[must_use]
pub fn proven_stop_note(depth: u32, asked: Option<u32>) -> String {
    match asked {
        Some(asked) => {
            format!("search stopped at depth {depth} of {asked}: the value is proven")
        }
        None => format!("search stopped at depth {depth}: the value is proven"),
    }
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
