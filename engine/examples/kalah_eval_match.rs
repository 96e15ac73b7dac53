//! A match between two Kalah evaluations with the same search, the way an
//! evaluation term earns its place (until `ply-referee` runs such matches
//! between engine binaries).
//!
//! The match loop is `ply_engine::selfplay`: every opening a few sowings
//! deep, played twice with colours swapped.
//!
//! ```sh
//! cargo run --release -p ply-engine --example kalah_eval_match -- \
//!     [--seeds 4] [--pits 6] [--nodes 20000] [--plies 2] [--a default] [--b seed]
//! ```
//!
//! An evaluation is `seed`, `default` or `turn:W` (see `KalahEvaluation`).

use anyhow::{Context, Result, bail};
use ply_engine::games::kalah::{Kalah, KalahEvaluation, KalahRules};
use ply_engine::selfplay::{openings, run_match};

/// Sowings from the start that make an opening, unless `--plies` says otherwise.
const OPENING_PLIES: u32 = 2;

/// Reads an evaluation: `seed`, `default`, or `turn:W` (the weight of an
/// extra turn in hand, in centi-seeds).
fn evaluation(name: &str) -> Result<KalahEvaluation> {
    Ok(match name {
        "seed" => KalahEvaluation::SEED,
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

fn main() -> Result<()> {
    let mut pits = 6u8;
    let mut seeds = 4u8;
    let mut nodes = 20_000u64;
    let mut plies = OPENING_PLIES;
    let mut a = KalahEvaluation::DEFAULT;
    let mut b = KalahEvaluation::SEED;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args
            .next()
            .with_context(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--pits" => pits = value.parse()?,
            "--seeds" => seeds = value.parse()?,
            "--nodes" => nodes = value.parse()?,
            "--plies" => plies = value.parse()?,
            "--a" => a = evaluation(&value)?,
            "--b" => b = evaluation(&value)?,
            other => bail!("unknown flag {other}"),
        }
    }
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
