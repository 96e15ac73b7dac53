//! A match between two Oware evaluations with the same search, the way an
//! evaluation term earns its place.
//!
//! Every position a few moves from the start is an opening; each is played
//! twice with colours swapped, so neither side profits from a lucky
//! opening. The match loop is generic over the game and the evaluation.
//!
//! ```sh
//! cargo run --release -p ply-engine --example oware_eval_match -- \
//!     [--houses 6] [--seeds 4] [--nodes 20000] [--plies 3] [--a margin] [--b margin]
//! ```
//!
//! An evaluation is `margin` (the captured-seed margin alone), `default`
//! (what the engine plays), or comma-separated terms `row:W`, `target:W`,
//! `mobility:W` added to the margin (see `OwareEvaluation`).

use anyhow::{Context, Result, bail};
use ply_engine::game::{Game, MoveList, Outcome, Player, SearchGame};
use ply_engine::games::oware::{Oware, OwareEvaluation, OwareRules};
use ply_engine::search::{
    Evaluator, History, Limits, SearchControl, SearchSettings, SearchTables, TranspositionTable,
    search,
};

/// Table size for each player, in MB.
const HASH_MB: usize = 8;

/// A game still going after this many moves is scored by the seeds each
/// side would take (it has never happened in the recorded matches).
const MAX_PLIES: usize = 2_000;

/// Reads an evaluation (see the module docs).
fn evaluation(text: &str) -> Result<OwareEvaluation> {
    match text {
        "margin" => return Ok(OwareEvaluation::MARGIN),
        "default" => return Ok(OwareEvaluation::DEFAULT),
        _ => {}
    }
    let mut eval = OwareEvaluation::MARGIN;
    for term in text.split(',') {
        let (name, weight) = term
            .split_once(':')
            .with_context(|| format!("'{term}' is not NAME:WEIGHT"))?;
        let weight: i32 = weight
            .parse()
            .with_context(|| format!("weight '{weight}'"))?;
        match name {
            "row" => eval.row_weight = weight,
            "target" => eval.target_weight = weight,
            "mobility" => eval.mobility_weight = weight,
            other => bail!("unknown term '{other}'"),
        }
    }
    Ok(eval)
}

/// Every position `plies` moves from `start` (or the end, if sooner).
fn openings<G: Game>(start: &G, plies: u32) -> Vec<G> {
    if plies == 0 || start.outcome().is_some() {
        return vec![start.clone()];
    }
    let mut moves = MoveList::new();
    start.legal_moves(&mut moves);
    moves
        .iter()
        .flat_map(|&mv| {
            let mut child = start.clone();
            child.play(mv);
            openings(&child, plies - 1)
        })
        .collect()
}

/// Plays one game; `players[0]` moves for player one. Returns player
/// one's result (1, ½, 0) and the number of moves.
fn play<G: SearchGame, E: Evaluator<G>>(opening: &G, players: &[E; 2], nodes: u64) -> (f64, usize) {
    let mut tables = [0, 1].map(|_| {
        (
            TranspositionTable::new(HASH_MB),
            History::new(G::MOVE_INDEX_LIMIT),
        )
    });
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut position = opening.clone();
    let mut plies = 0;
    while position.outcome().is_none() && plies < MAX_PLIES {
        let side = position.side_to_move().index();
        let (tt, history) = &mut tables[side];
        let result = search(
            &position,
            &limits,
            SearchSettings::default(),
            SearchTables { tt, history },
            &SearchControl::default(),
            players[side].clone(),
            |_| {},
        );
        let Some(mv) = result.best else { break };
        position.play(mv);
        plies += 1;
    }
    let score = match position.outcome() {
        Some(Outcome::Win(Player::One)) => 1.0,
        Some(Outcome::Win(Player::Two)) => 0.0,
        _ => 0.5,
    };
    (score, plies)
}

/// Wins, losses and draws of `a` against `b` over every opening with both
/// colours, and the longest game.
fn run_match<G: SearchGame, E: Evaluator<G>>(
    openings: &[G],
    a: &E,
    b: &E,
    nodes: u64,
) -> ([u32; 3], usize) {
    let mut wld = [0u32; 3];
    let mut longest = 0;
    for opening in openings {
        for a_first in [true, false] {
            let players = if a_first {
                [a.clone(), b.clone()]
            } else {
                [b.clone(), a.clone()]
            };
            let (first, plies) = play(opening, &players, nodes);
            longest = longest.max(plies);
            let a_result = if a_first { first } else { 1.0 - first };
            match a_result {
                r if r > 0.75 => wld[0] += 1,
                r if r < 0.25 => wld[1] += 1,
                _ => wld[2] += 1,
            }
        }
    }
    (wld, longest)
}

/// Elo difference for a score fraction.
fn elo(score: f64) -> f64 {
    let p = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / p - 1.0).log10()
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
    let ([wins, losses, draws], longest) = run_match(&openings, &a, &b, nodes);
    let games = f64::from(wins + losses + draws);
    let score = (f64::from(wins) + f64::from(draws) / 2.0) / games;
    // 95% interval from the per-game variance.
    let variance = (f64::from(wins) * (1.0 - score).powi(2)
        + f64::from(losses) * score.powi(2)
        + f64::from(draws) * (0.5 - score).powi(2))
        / games;
    let margin = 1.96 * (variance / games).sqrt();
    println!(
        "Oware({houses},{seeds}) nodes/move {nodes}, {} openings x 2 colours, longest game {longest} moves",
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
