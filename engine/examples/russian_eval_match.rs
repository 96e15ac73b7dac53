//! A match between two Russian draughts evaluations with the same search,
//! the way an evaluation term earns its place.
//!
//! The match loop is `ply_engine::selfplay`: every opening a few moves
//! deep, played twice with colours swapped.
//!
//! ```sh
//! cargo run --release -p ply-engine --example russian_eval_match -- \
//!     [--nodes 5000] [--plies 3] [--a default] [--b material]
//! ```
//!
//! An evaluation is `material` (men and kings alone), `full` (every term
//! at its tried weight), `default` (what the engine plays: `fitted`),
//! `fitted` (material and the square table fitted to game results),
//! `hand-written` (the terms that won their matches, the default before
//! the table), or
//! comma-separated terms `king:W`, `advance:W`, `back:W`, `centre:W`,
//! `mobility:W` set on top of material (see `RussianEvaluation`).

use anyhow::{Result, bail};
use clap::Parser;
use ply_engine::games::russian::RussianEvaluation;
use ply_engine::selfplay::{openings, run_match, weighted_terms};
use ply_rules::games::russian::Russian;

/// Reads an evaluation (see the module docs).
fn evaluation(text: &str) -> Result<RussianEvaluation> {
    match text {
        "material" => return Ok(RussianEvaluation::MATERIAL),
        "full" => return Ok(RussianEvaluation::FULL),
        "default" => return Ok(RussianEvaluation::DEFAULT),
        "hand-written" => return Ok(RussianEvaluation::HAND_WRITTEN),
        "fitted" => return Ok(RussianEvaluation::FITTED),
        _ => {}
    }
    let mut eval = RussianEvaluation::MATERIAL;
    for (name, weight) in weighted_terms(text).map_err(anyhow::Error::msg)? {
        match name {
            "king" => eval.king = weight,
            "advance" => eval.advance = weight,
            "back" => eval.back_rank = weight,
            "centre" => eval.centre = weight,
            "mobility" => eval.mobility = weight,
            other => bail!("unknown term '{other}'"),
        }
    }
    Ok(eval)
}

/// The match's settings (see the module docs).
#[derive(Parser)]
struct Args {
    /// Nodes a move.
    #[arg(long, default_value_t = 5_000)]
    nodes: u64,
    /// Moves from the start that make an opening.
    #[arg(long, default_value_t = 3)]
    plies: u32,
    /// The first evaluation.
    #[arg(long, default_value = "default", value_parser = evaluation)]
    a: RussianEvaluation,
    /// The second evaluation.
    #[arg(long, default_value = "material", value_parser = evaluation)]
    b: RussianEvaluation,
}

fn main() -> Result<()> {
    let Args { nodes, plies, a, b } = Args::parse();
    let openings = openings(&Russian::start(), plies);
    let result = run_match(&openings, &a, &b, nodes);
    println!(
        "Russian draughts nodes/move {nodes}, {} openings x 2 colours, longest game {} moves",
        openings.len(),
        result.longest
    );
    println!("A = {a:?}\nB = {b:?}\n{}", result.report());
    Ok(())
}
