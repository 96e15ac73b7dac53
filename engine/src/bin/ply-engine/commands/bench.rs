//! `ply-engine bench`: the benchmark, as Stockfish's (see docs/protocol.md).

use anyhow::Context;
use ply_engine::options::FileChoice;
use ply_engine::search::{NetworkChoice, SearchControl};
use ply_engine::search_thread::Output;
use ply_engine::session::{BENCH_DEPTH, run_bench};

/// The arguments of `ply-engine bench`.
#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// Search depth.
    #[arg(value_name = "DEPTH", default_value_t = BENCH_DEPTH)]
    depth: u32,
    /// The network: `auto` (each game's own), `none` (no network:
    /// the fitted tables, Kalah's terms) or a network file (for its game;
    /// the others play their own).
    #[arg(long, value_name = "FILE", default_value = FileChoice::AUTO)]
    eval_file: String,
}

/// `ply-engine bench`: searches the benchmark's positions, printing the
/// lines and the node count on `out`.
///
/// # Errors
/// A network file that cannot be played.
pub fn run(args: &BenchArgs, out: &Output) -> anyhow::Result<()> {
    let network = NetworkChoice::load(&FileChoice::parse(&args.eval_file))
        .with_context(|| format!("--eval-file {}", args.eval_file))?;
    // Nothing stops a bench from the shell but Ctrl-C.
    run_bench(out, args.depth, &network, &SearchControl::new(false, false));
    Ok(())
}
