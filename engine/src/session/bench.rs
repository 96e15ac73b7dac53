//! `bench`: a fixed set of positions searched to a fixed depth with fresh
//! tables, so the node count is the same on every machine and every run
//! (a signature of the search, as in Stockfish) and the speed can be compared.

use std::sync::Arc;
use std::time::Instant;

use ply_protocol::{Info, Response};

use crate::engine_game::EngineGame;
use crate::search::SearchGame;
use crate::search::oracles::Oracles;
use crate::search::{
    GameEvaluation, History, Limits, NetworkChoice, SearchControl, SearchSettings, SearchTables,
    TranspositionTable, search,
};
use ply_rules::variant::{AnyGame, AnyRules, Variant};
use ply_rules::{with_game, with_variant};

use crate::search_thread::Output;
use crate::search_thread::running::{RunningSearch, nodes_per_second};

/// Depth searched by `bench` when none is given.
pub const BENCH_DEPTH: u32 = 13;

/// Table size for `bench`, fixed so the node count does not depend on `Hash`.
const BENCH_HASH_MB: usize = 16;

/// The positions, each with its game, in the registry's order: every
/// game's [`EngineGame::BENCH_POSITIONS`].
fn positions() -> Vec<(Variant, &'static str)> {
    Variant::ALL
        .into_iter()
        .flat_map(|variant| {
            let texts = with_variant!(variant, G => <G as EngineGame>::BENCH_POSITIONS);
            texts.iter().map(move |&text| (variant, text))
        })
        .collect()
}

/// Figures of one bench run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchFigures {
    /// Nodes over all positions: the signature (when `complete`).
    pub nodes: u64,
    /// Wall time in ms.
    pub millis: u64,
    /// Whether every position was searched (not stopped part way).
    pub complete: bool,
}

/// Starts the bench on a new thread, like a search: `stop` and `quit` end
/// it, `isready` is answered meanwhile.
pub fn start(depth: u32, network: NetworkChoice, out: Output) -> RunningSearch {
    let control = Arc::new(SearchControl::new(false, false));
    let thread_control = Arc::clone(&control);
    let handle = std::thread::spawn(move || {
        run_bench(&out, depth, &network, &thread_control);
    });
    // The bench ends by itself: a later command waits for it (or a `stop`).
    RunningSearch::new(control, handle, true)
}

/// Runs the bench at `depth` with `network` (a game it is not for plays
/// its own), printing one `info string` per position and a final `info
/// nodes … nps … time …` and `Nodes searched: N`. The signature is that of
/// the games' own networks ([`NetworkChoice::Default`]).
///
/// When `control` is stopped part way, an `info string` says after how
/// many positions, with the nodes so far, and no `Nodes searched` line is
/// printed: a part of the signature is no signature.
pub fn run_bench(
    out: &Output,
    depth: u32,
    network: &NetworkChoice,
    control: &SearchControl,
) -> BenchFigures {
    let started = Instant::now();
    let mut nodes = 0;
    let mut searched = 0;
    let positions = positions();
    for (i, &(variant, text)) in positions.iter().enumerate() {
        let rules = AnyRules::default_for(variant);
        let position = match AnyGame::from_position_string(&rules, text) {
            Ok(position) => position,
            Err(e) => {
                out.error(&format!("bench position {text}: {e}"));
                continue;
            }
        };
        let found = with_game!(&position, game => bench_one(game, depth, network, control));
        nodes += found;
        if control.stopped() {
            break;
        }
        searched += 1;
        out.send(&Response::InfoString(format!(
            "bench position {}/{} nodes {found} fen {text}",
            i + 1,
            positions.len()
        )));
    }
    let elapsed = started.elapsed();
    let millis = u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX);
    let micros = u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX);
    out.send(&Response::Info(Info {
        nodes: Some(nodes),
        nps: Some(nodes_per_second(nodes, micros)),
        time: Some(millis),
        ..Info::default()
    }));
    let complete = !control.stopped();
    if complete {
        out.send(&Response::PerftTotal(nodes));
    } else {
        out.send(&Response::InfoString(format!(
            "bench stopped after {searched} of {} positions: {nodes} nodes searched so far, \
             not the bench signature",
            positions.len()
        )));
    }
    BenchFigures {
        nodes,
        millis,
        complete,
    }
}

/// Searches one position with fresh tables and returns the node count.
fn bench_one<G: SearchGame>(
    position: &G,
    depth: u32,
    network: &NetworkChoice,
    control: &SearchControl,
) -> u64 {
    let mut tt = TranspositionTable::new(BENCH_HASH_MB);
    let mut history = History::new(G::MOVE_INDEX_LIMIT);
    let tables = SearchTables {
        tt: &mut tt,
        history: &mut history,
    };
    search(
        position,
        &Limits::depth(depth),
        SearchSettings::default(),
        tables,
        control,
        GameEvaluation::for_root(Oracles::default(), network.clone(), position),
        |_| {},
    )
    .nodes
}
