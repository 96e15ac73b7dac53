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
//! at its tried weight), `default` (what the engine plays), or
//! comma-separated terms `king:W`, `advance:W`, `back:W`, `centre:W`,
//! `mobility:W` set on top of material (see `RussianEvaluation`).

use anyhow::{Context, Result, bail};
use ply_engine::games::russian::{Russian, RussianEvaluation};
use ply_engine::selfplay::{openings, run_match, weighted_terms};

/// Reads an evaluation (see the module docs).
fn evaluation(text: &str) -> Result<RussianEvaluation> {
    match text {
        "material" => return Ok(RussianEvaluation::MATERIAL),
        "full" => return Ok(RussianEvaluation::FULL),
        "default" => return Ok(RussianEvaluation::DEFAULT),
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

fn main() -> Result<()> {
    let mut nodes = 5_000u64;
    let mut plies = 3u32;
    let mut a = RussianEvaluation::DEFAULT;
    let mut b = RussianEvaluation::MATERIAL;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args
            .next()
            .with_context(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--nodes" => nodes = value.parse()?,
            "--plies" => plies = value.parse()?,
            "--a" => a = evaluation(&value)?,
            "--b" => b = evaluation(&value)?,
            other => bail!("unknown flag {other}"),
        }
    }
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
