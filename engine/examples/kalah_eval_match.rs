//! A match between two Kalah evaluations with the same search, the way an
//! evaluation term earns its place (until `ply-referee` runs such matches
//! between engine binaries).
//!
//! Every position two sowings from the start is an opening; each is played
//! twice with colours swapped, so neither side profits from a lucky opening.
//!
//! ```sh
//! cargo run --release -p ply-engine --example kalah_eval_match -- \
//!     [--seeds 4] [--pits 6] [--nodes 20000] [--plies 2] [--a default] [--b seed]
//! ```
//!
//! An evaluation is `seed`, `default` or `turn:W` (see `KalahEvaluation`).

use anyhow::{Context, Result, bail};
use ply_engine::game::{Game, MoveList, Outcome, Player};
use ply_engine::games::kalah::{Kalah, KalahEvaluation, KalahRules};
use ply_engine::search::{
    History, Limits, SearchControl, SearchSettings, SearchTables, TranspositionTable, search,
};

/// Table size for each player, in MB.
const HASH_MB: usize = 8;
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

/// Every position `plies` sowings from `start`.
fn openings(start: Kalah, plies: u32) -> Vec<Kalah> {
    if plies == 0 || start.outcome().is_some() {
        return vec![start];
    }
    let mut moves = MoveList::new();
    start.legal_moves(&mut moves);
    moves
        .iter()
        .flat_map(|&mv| {
            let mut child = start;
            child.play(mv);
            openings(child, plies - 1)
        })
        .collect()
}

/// Plays one game; `players[0]` moves for South. Returns South's result (1, ½, 0).
fn play(opening: Kalah, players: [KalahEvaluation; 2], nodes: u64) -> f64 {
    let mut tables = [0, 1].map(|_| (TranspositionTable::new(HASH_MB), History::new(16)));
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut position = opening;
    while position.outcome().is_none() {
        let side = position.side_to_move().index();
        let (tt, history) = &mut tables[side];
        let result = search(
            &position,
            &limits,
            SearchSettings::default(),
            SearchTables { tt, history },
            &SearchControl::default(),
            players[side],
            |_| {},
        );
        let Some(mv) = result.best else { break };
        position.play(mv);
    }
    match position.outcome() {
        Some(Outcome::Win(Player::One)) => 1.0,
        Some(Outcome::Win(Player::Two)) => 0.0,
        _ => 0.5,
    }
}

/// Elo difference for a score fraction.
fn elo(score: f64) -> f64 {
    let p = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / p - 1.0).log10()
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
    let openings = openings(start, plies);
    let (mut wins, mut losses, mut draws) = (0u32, 0u32, 0u32);
    for opening in &openings {
        // A as South, then A as North; record A's result.
        for a_is_south in [true, false] {
            let south_result = if a_is_south {
                play(*opening, [a, b], nodes)
            } else {
                play(*opening, [b, a], nodes)
            };
            let a_result = if a_is_south {
                south_result
            } else {
                1.0 - south_result
            };
            match a_result {
                r if r > 0.75 => wins += 1,
                r if r < 0.25 => losses += 1,
                _ => draws += 1,
            }
        }
    }
    let games = f64::from(wins + losses + draws);
    let score = (f64::from(wins) + f64::from(draws) / 2.0) / games;
    // 95% interval from the per-game variance.
    let variance = (f64::from(wins) * (1.0 - score).powi(2)
        + f64::from(losses) * score.powi(2)
        + f64::from(draws) * (0.5 - score).powi(2))
        / games;
    let margin = 1.96 * (variance / games).sqrt();
    println!(
        "Kalah({pits},{seeds}) nodes/move {nodes}, {} openings x 2 colours",
        openings.len()
    );
    println!("A = {a:?}\nB = {b:?}");
    println!(
        "Score of A vs B: {wins} - {losses} - {draws} [{score:.3}] {games}\nElo difference: {:.1} (95%: {:.1} .. {:.1})",
        elo(score),
        elo(score - margin),
        elo(score + margin)
    );
    Ok(())
}
