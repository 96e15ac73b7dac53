//! Times Oware's solver on a list of positions: bounds on the value of
//! every move of each, as `solve` with `MultiPV` gives them, until all
//! are exact or the time limit.
//!
//! ```sh
//! cargo run --release -p ply-engine --example oware_solve_times -- \
//!     bench/oware-endgames-24.txt [--db oware-6-24.db] [--limit SECONDS]
//! ```
//!
//! Prints one line a position (its seeds on the board, the time, the
//! nodes and each move's value or bounds), then how many were solved, the
//! median time and the slowest. A position not solved within the limit
//! counts as the limit.

use anyhow::{Context, Result};
use ply_engine::games::oware::endgame::OwareDb;
use ply_engine::games::oware::solve::Solver;
use ply_engine::search::SearchControl;
use ply_engine::search::bounds_solver::BoundsSolver;
use ply_rules::games::oware::Oware;
use std::time::{Duration, Instant};

/// How often the watchdog looks at the clock.
const WATCH_STEP: Duration = Duration::from_millis(2);

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let list = args
        .first()
        .context("usage: oware_solve_times FILE [--db DB] [--limit S]")?;
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
    };
    let db = flag("--db").map(OwareDb::open).transpose()?;
    let limit = Duration::from_secs_f64(flag("--limit").map_or(Ok(10.0), |s| s.parse())?);
    let text = std::fs::read_to_string(list).with_context(|| format!("reading {list}"))?;
    let mut times = Vec::new();
    let mut solved = 0;
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let position =
            Oware::from_position_string(line).map_err(|e| anyhow::anyhow!("{line}: {e}"))?;
        let stop = SearchControl::default();
        let started = Instant::now();
        let (bounds, nodes) = std::thread::scope(|scope| {
            let watch = scope.spawn(|| {
                while started.elapsed() < limit && !stop.stopped() {
                    std::thread::sleep(WATCH_STEP);
                }
                stop.stop();
            });
            let mut solver = Solver::new(db.as_ref(), &stop);
            let bounds = solver.move_bounds(&position, |_, _, _| {});
            stop.stop();
            let _ = watch.join();
            (bounds, solver.nodes())
        });
        let elapsed = started.elapsed();
        let exact = bounds.iter().all(|m| m.exact().is_some());
        let shown: Vec<String> = bounds
            .iter()
            .map(|m| match m.exact() {
                Some(v) => format!("{}:{v}", m.mv + 1),
                None => format!("{}:{}..{}", m.mv + 1, m.lower, m.upper),
            })
            .collect();
        let seeds: u32 = [position.side, position.side.opponent()]
            .iter()
            .flat_map(|&p| position.houses(p))
            .map(|&s| u32::from(s))
            .sum();
        let time = if exact { elapsed } else { limit };
        solved += usize::from(exact);
        println!(
            "{seeds:2} seeds {} {:7.3} s {nodes:>11} nodes  {line}  [{}]",
            if exact { "solved  " } else { "unsolved" },
            elapsed.as_secs_f64(),
            shown.join(" ")
        );
        times.push(time);
    }
    times.sort();
    if let (Some(median), Some(slowest)) = (times.get(times.len() / 2), times.last()) {
        println!(
            "{} positions, {solved} solved: median {:.3} s, slowest {:.3} s",
            times.len(),
            median.as_secs_f64(),
            slowest.as_secs_f64()
        );
    }
    Ok(())
}
