//! A match between two Kalah evaluations with the same search, the way an
//! evaluation term earns its place (until `ply-referee` runs such matches
//! between engine binaries).
//!
//! The match loop is `ply_engine::selfplay`: every opening a few sowings
//! deep, played twice with colours swapped.
//!
//! ```sh
//! cargo run --release -p ply-engine --example kalah_eval_match -- \
//!     [--seeds 4] [--pits 6] [--nodes 20000] [--plies 2] [--a default] [--b stores]
//! ```
//!
//! An evaluation is `stores` (the store difference alone), `default` or `turn:W` (see `KalahEvaluation`).

use anyhow::{Context, Result};
use clap::Parser;
use ply_engine::games::kalah::KalahEvaluation;
use ply_engine::selfplay::{openings, run_match};
use ply_rules::games::kalah::{Kalah, KalahRules};

/// Sowings from the start that make an opening, unless `--plies` says otherwise.
const OPENING_PLIES: u32 = 2;

/// Reads an evaluation: `stores`, `default`, or `turn:W` (the weight of an
/// extra turn in hand, in centi-seeds).
fn evaluation(name: &str) -> Result<KalahEvaluation> {
    Ok(match name {
        "stores" => KalahEvaluation::STORE_DIFFERENCE,
        "default" => KalahEvaluation::DEFAULT,
        other => KalahEvaluation {
            extra_turn_weight: other
                .strip_prefix("turn:")
                .with_context(|| format!("unknown evaluation '{other}'"))?
                .parse()
                .context("turn:W needs a whole number W")?,
        },
    })
}

/// The match's settings (see the module docs).
#[derive(Parser)]
struct Args {
    /// Seeds a pit at the start.
    #[arg(long, default_value_t = 4)]
    seeds: u8,
    /// Pits a side.
    #[arg(long, default_value_t = 6)]
    pits: u8,
    /// Nodes a move.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Sowings from the start that make an opening.
    #[arg(long, default_value_t = OPENING_PLIES)]
    plies: u32,
    /// The first evaluation.
    #[arg(long, default_value = "default", value_parser = evaluation)]
    a: KalahEvaluation,
    /// The second evaluation.
    #[arg(long, default_value = "stores", value_parser = evaluation)]
    b: KalahEvaluation,
}

fn main() -> Result<()> {
    let Args {
        seeds,
        pits,
        nodes,
        plies,
        a,
        b,
    } = Args::parse();
    let start = Kalah::start(KalahRules::new(pits, seeds, false)?)?;
    let openings = openings(&start, plies);
    let result = run_match(&openings, &a, &b, nodes);
    println!(
        "Kalah({pits},{seeds}) nodes/move {nodes}, {} openings x 2 colours",
        openings.len()
    );
    println!("A = {a:?}\nB = {b:?}\n{}", result.report());
    Ok(())
}
