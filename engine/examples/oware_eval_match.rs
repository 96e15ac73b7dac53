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

use anyhow::{Context, Result, bail};
use ply_engine::games::oware::{Oware, OwareEvaluation, OwareRules, house_table};
use ply_engine::selfplay::{openings, run_match, weighted_terms};

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

fn main() -> Result<()> {
    let mut houses = 6u8;
    let mut seeds = 4u8;
    let mut nodes = 20_000u64;
    let mut plies = 3u32;
    let mut a = OwareEvaluation::DEFAULT;
    let mut b = OwareEvaluation::MARGIN;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args
            .next()
            .with_context(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--houses" => houses = value.parse()?,
            "--seeds" => seeds = value.parse()?,
            "--nodes" => nodes = value.parse()?,
            "--plies" => plies = value.parse()?,
            "--a" => a = evaluation(&value)?,
            "--b" => b = evaluation(&value)?,
            other => bail!("unknown flag {other}"),
        }
    }
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
