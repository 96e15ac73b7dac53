//! Fits Oware's evaluation to game results (Texel's method): the data and
//! the fit behind `engine/src/games/oware/eval.rs`'s house table.
//!
//! ```sh
//! # 1. Self-play games from random openings; every position with the
//! #    result for the side to move, one per line.
//! cargo run --release -p ply-engine --example oware_texel -- \
//!     generate --games 12000 --nodes 5000 --threads 2 --seed 1 --evaluation mobility \
//!     --output oware.data
//! # 2. Fit the house table to them and print it as Rust.
//! cargo run --release -p ply-engine --example oware_texel -- fit --data oware.data --epochs 600
//! ```
//!
//! `generate` plays an evaluation against itself at a fixed number of
//! nodes a move: `default` (the engine's) or `mobility` (the one the
//! shipped table was fitted on the games of). Each game opens with 2 to 10 random legal
//! moves, so the games do not all follow the search's favourite lines.
//! `fit` holds out every tenth game to check the fit on games it did not
//! see, and prints the mean squared error on them of the mobility
//! evaluation, the current one and the fitted one. `--threats` adds an
//! experiment: the most each side could capture at once (bucketed), as
//! features.

use anyhow::{Context, Result, bail};
use ply_engine::games::oware::{OwareEvaluation, house_table};
use ply_engine::search::Evaluator;
use ply_engine::training_data::{self, SelfPlay};
use ply_engine::tune::{self, Sample};
use ply_rules::game::Player;
use ply_rules::games::oware::{Oware, OwareRules};
use std::path::Path;

/// Fewest and most random moves that open a game.
const RANDOM_PLIES: std::ops::RangeInclusive<u32> = 2..=10;

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, flags)) = args.split_first() else {
        bail!("usage: oware_texel generate|fit [--flag value ...]");
    };
    let flag = |name: &str| training_data::flag_value(flags, name);
    match command.as_str() {
        "generate" => {
            let settings = SelfPlay::from_flags(flag, RANDOM_PLIES).map_err(anyhow::Error::msg)?;
            let output = flag("--output").context("generate needs --output FILE")?;
            let evaluation = match flag("--evaluation").unwrap_or("default") {
                "default" => OwareEvaluation::DEFAULT,
                "mobility" => OwareEvaluation::MOBILITY,
                other => bail!("unknown evaluation '{other}' (default or mobility)"),
            };
            let start = Oware::start(OwareRules::default())?;
            training_data::write_self_play(&start, &evaluation, &settings, Path::new(output))
                .with_context(|| format!("writing {output}"))
        }
        "fit" => {
            let data = flag("--data").context("fit needs --data FILE")?;
            let epochs: usize = flag("--epochs").unwrap_or("400").parse()?;
            let threats = flags.iter().any(|f| f == "--threats");
            fit(data, epochs, threats)
        }
        other => bail!("unknown command '{other}' (generate or fit)"),
    }
}

/// Reads the data, fits the house table and prints it.
fn fit(data: &str, epochs: usize, threats: bool) -> Result<()> {
    let labelled = training_data::read(Path::new(data), |text| {
        Oware::from_position_string(text).map_err(|e| e.to_string())
    })?;
    let split = training_data::split(labelled, |position, result| -> Result<_> {
        let mut features = OwareEvaluation::house_features(position);
        if threats {
            let me = position.side;
            for (i, player) in [me, me.opponent()].into_iter().enumerate() {
                let bucket = usize::from(best_capture(position, player)).min(15);
                features.push(u16::try_from(
                    OwareEvaluation::HOUSE_FEATURES + 16 * i + bucket,
                )?);
            }
        }
        Ok(Some(Sample {
            features,
            base: OwareEvaluation::margin(position) as f32,
            phase: OwareEvaluation::phase(position),
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
        ("mobility", OwareEvaluation::MOBILITY),
        ("current", OwareEvaluation::DEFAULT),
    ] {
        let (scale, error) = split.held_out_error(|p| evaluation.evaluate(p));
        println!("{name} evaluation: scale {scale:.5}, held-out error {error:.6}");
    }
    // 2. The fit.
    let count = OwareEvaluation::HOUSE_FEATURES + if threats { 32 } else { 0 };
    let model = tune::fit(&split.train, count, epochs);
    let fitted: Vec<f32> = split.test.iter().map(|s| model.evaluate(s)).collect();
    println!(
        "fitted: scale {:.5}, training error {:.6}, held-out error {:.6}",
        model.scale,
        model.training_error,
        tune::error(&fitted, &split.test, model.scale)
    );
    println!("{}", model.rust_table(house_table::BUCKETS));
    Ok(())
}

/// The most `player` could capture with one sowing if it were to move.
fn best_capture(position: &Oware, player: Player) -> u8 {
    (0..usize::from(position.house_count()))
        .filter(|&h| position.houses(player)[h] > 0)
        .map(|h| {
            let mut board = position.board;
            board.sow(player, h)
        })
        .max()
        .unwrap_or(0)
}
