//! A match between two Oware evaluations with the same search, the way an
//! evaluation term earns its place.
//!
//! The match loop is `ply_engine::selfplay`: every opening a few moves
//! deep, played twice with colours swapped.
//!
//! ```sh
//! cargo run --release -p ply-engine --example oware_eval_match -- \
//!     [--houses 6] [--seeds 4] [--nodes 20000] [--plies 3] [--a margin] [--b margin]
//! ```
//!
//! An evaluation is `margin` (the captured-seed margin alone), `mobility`
//! (the margin and mobility, what the engine played before the house
//! table), `default` (what the engine plays: the margin and the fitted
//! house table), or comma-separated terms `row:W`, `target:W`,
//! `mobility:W`, `kroo:W` and `table:1` (the fitted house table) added to
//! the margin (see `OwareEvaluation`).

use anyhow::{Result, bail};
use clap::Parser;
use ply_engine::games::oware::{OwareEvaluation, house_table};
use ply_engine::selfplay::{openings, run_match, weighted_terms};
use ply_rules::games::oware::{Oware, OwareRules};

/// Reads an evaluation (see the module docs).
fn evaluation(text: &str) -> Result<OwareEvaluation> {
    match text {
        "margin" => return Ok(OwareEvaluation::MARGIN),
        "mobility" => return Ok(OwareEvaluation::MOBILITY),
        "default" => return Ok(OwareEvaluation::DEFAULT),
        _ => {}
    }
    let mut eval = OwareEvaluation::MARGIN;
    for (name, weight) in weighted_terms(text).map_err(anyhow::Error::msg)? {
        match name {
            "row" => eval.row_weight = weight,
            "target" => eval.target_weight = weight,
            "mobility" => eval.mobility_weight = weight,
            "kroo" => eval.kroo_weight = weight,
            "table" => eval.house_table = (weight != 0).then_some(&house_table::FITTED),
            other => bail!("unknown term '{other}'"),
        }
    }
    Ok(eval)
}

/// The match's settings (see the module docs).
#[derive(Parser)]
struct Args {
    /// Houses a side.
    #[arg(long, default_value_t = 6)]
    houses: u8,
    /// Seeds a house at the start.
    #[arg(long, default_value_t = 4)]
    seeds: u8,
    /// Nodes a move.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Moves from the start that make an opening.
    #[arg(long, default_value_t = 3)]
    plies: u32,
    /// The first evaluation.
    #[arg(long, default_value = "default", value_parser = evaluation)]
    a: OwareEvaluation,
    /// The second evaluation.
    #[arg(long, default_value = "margin", value_parser = evaluation)]
    b: OwareEvaluation,
}

fn main() -> Result<()> {
    let Args {
        houses,
        seeds,
        nodes,
        plies,
        a,
        b,
    } = Args::parse();
    let start = Oware::start(OwareRules::new(houses, seeds)?)?;
    let openings = openings(&start, plies);
    let result = run_match(&openings, &a, &b, nodes);
    println!(
        "Oware({houses},{seeds}) nodes/move {nodes}, {} openings x 2 colours, longest game {} moves",
        openings.len(),
        result.longest
    );
    println!("A = {a:?}\nB = {b:?}\n{}", result.report());
    Ok(())
}
