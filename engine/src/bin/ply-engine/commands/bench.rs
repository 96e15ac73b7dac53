//! `ply-engine bench`: the benchmark, as Stockfish's (see docs/protocol.md).

use ply_engine::search::SearchControl;
use ply_engine::search_thread::Output;
use ply_engine::session::{BENCH_DEPTH, run_bench};

/// The arguments of `ply-engine bench`.
#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// Search depth.
    #[arg(value_name = "DEPTH", default_value_t = BENCH_DEPTH)]
    depth: u32,
}

/// `ply-engine bench`: searches the benchmark's positions, printing the
/// lines and the node count on `out`.
pub fn run(args: &BenchArgs, out: &Output) {
    // Nothing stops a bench from the shell but Ctrl-C.
    run_bench(out, args.depth, &SearchControl::new(false, false));
}
