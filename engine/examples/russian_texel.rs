//! Fits Russian draughts' evaluation to game results (Texel's method).
//!
//! ```sh
//! # 1. Self-play games from random openings; every position with the
//! #    result for the side to move, one per line.
//! cargo run --release -p ply-engine --example russian_texel -- \
//!     generate --games 14000 --nodes 5000 --threads 2 --seed 1 --evaluation hand-written \
//!     --output russian.data
//! # 2. Fit the square tables to them and print them as Rust.
//! cargo run --release -p ply-engine --example russian_texel -- fit --data russian.data --epochs 400
//! ```
//!
//! `generate` plays an evaluation against itself at a fixed number of
//! nodes a move, without endgame tables: `hand-written` (the terms that
//! won their matches, on whose games the shipped table was fitted),
//! `fitted` (material and the square table) or `default` (what the engine
//! plays, the fitted one). Each game opens with 2
//! to 8 random legal moves, so the games do not all follow the search's
//! favourite lines. `fit` keeps the quiet positions (no capture pending),
//! holds out every tenth game to check the fit on games it did not see,
//! and prints the held-out error of the current evaluation and of the
//! fitted one.

use anyhow::{Context, Result, bail};
use ply_engine::games::russian::{RussianEvaluation, square_table};
use ply_engine::search::Evaluator;
use ply_engine::training_data::{self, SelfPlay};
use ply_engine::tune::{self, Sample};
use ply_rules::games::russian::Russian;
use std::path::Path;

/// Fewest and most random moves that open a game.
const RANDOM_PLIES: std::ops::RangeInclusive<u32> = 2..=8;

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, flags)) = args.split_first() else {
        bail!("usage: russian_texel generate|fit [--flag value ...]");
    };
    let flag = |name: &str| training_data::flag_value(flags, name);
    match command.as_str() {
        "generate" => {
            let settings = SelfPlay::from_flags(flag, RANDOM_PLIES).map_err(anyhow::Error::msg)?;
            let output = flag("--output").context("generate needs --output FILE")?;
            let evaluation = match flag("--evaluation").unwrap_or("default") {
                "default" => RussianEvaluation::DEFAULT,
                "hand-written" => RussianEvaluation::HAND_WRITTEN,
                "fitted" => RussianEvaluation::FITTED,
                other => bail!("unknown evaluation '{other}' (default, hand-written or fitted)"),
            };
            training_data::write_self_play(
                &Russian::start(),
                &evaluation,
                &settings,
                Path::new(output),
            )
            .with_context(|| format!("writing {output}"))
        }
        "fit" => {
            let data = flag("--data").context("fit needs --data FILE")?;
            let epochs: usize = flag("--epochs").unwrap_or("400").parse()?;
            fit(data, epochs)
        }
        other => bail!("unknown command '{other}' (generate or fit)"),
    }
}

/// Reads the data, fits the tables and prints them.
fn fit(data: &str, epochs: usize) -> Result<()> {
    let labelled = training_data::read(Path::new(data), |text| {
        Russian::from_position_string(text).map_err(|e| e.to_string())
    })?;
    let split = training_data::split(labelled, |position, result| {
        // Quiet positions only: a pending capture's value is the exchange's.
        Ok::<_, std::convert::Infallible>((!position.must_capture()).then(|| Sample {
            features: square_table::features(position),
            base: RussianEvaluation::MATERIAL.evaluate(position) as f32,
            phase: square_table::phase(position),
            result,
        }))
    })?;
    eprintln!(
        "{} training positions, {} held out",
        split.train.len(),
        split.test.len()
    );
    // 1. The evaluations there are, each at its own best scale.
    for (name, evaluation) in [
        ("material", RussianEvaluation::MATERIAL),
        ("hand-written", RussianEvaluation::HAND_WRITTEN),
        ("fitted table", RussianEvaluation::FITTED),
    ] {
        let (scale, error) = split.held_out_error(|p| evaluation.evaluate(p));
        println!("{name} evaluation: scale {scale:.5}, held-out error {error:.6}");
    }
    // 2. The fit.
    let model = tune::fit(&split.train, square_table::FEATURES, epochs);
    let fitted: Vec<f32> = split.test.iter().map(|s| model.evaluate(s)).collect();
    println!(
        "fitted: scale {:.5}, training error {:.6}, held-out error {:.6}",
        model.scale,
        model.training_error,
        tune::error(&fitted, &split.test, model.scale)
    );
    println!("{}", model.rust_table(square_table::ROW));
    Ok(())
}
