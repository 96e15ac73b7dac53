//! Builds the Oware endgame bounds in memory and prints what each level
//! cost, for `docs/endgame-db.md` (`ply-engine build-db --variant oware`
//! builds and saves the same entries).
//!
//! ```sh
//! cargo run --release -p ply-engine --example oware_endgame_build [-- MAX_SEEDS [THREADS]]
//! ```
//!
//! Defaults: 6 houses, 14 seeds, every core. Each line: the level (seeds
//! on the board), its boards, the passes until one changed nothing, the
//! share of boards whose bounds meet, the mean width U - L, and the wall
//! time; then the totals and the CPU time per entry.

use std::time::Instant;

use anyhow::{Context, Result};
use ply_engine::games::oware::endgame::build::{build, unpack};

/// Houses a side in Abapa.
const HOUSES: u8 = 6;

/// The unit of the times in `/proc/self/stat` (`USER_HZ`, 100 on Linux).
const CLOCK_TICKS_PER_SECOND: f64 = 100.0;

fn main() -> Result<()> {
    let mut args = std::env::args().skip(1);
    let max_seeds: u8 = match args.next() {
        Some(text) => text
            .parse()
            .with_context(|| format!("bad seed limit {text:?}"))?,
        None => 14,
    };
    let threads = match args.next() {
        Some(text) => text
            .parse()
            .with_context(|| format!("bad thread count {text:?}"))?,
        None => std::thread::available_parallelism().map_or(1, usize::from),
    };
    let started = Instant::now();
    let cpu_before = cpu_seconds();
    let entries = build(HOUSES, max_seeds, threads, |level| {
        println!(
            "level {:3}: {:>12} boards, {:3} passes, {:5.1}% exact, {:8.2} s",
            level.level,
            level.boards,
            level.passes,
            100.0 * level.exact as f64 / level.boards.max(1) as f64,
            level.elapsed.as_secs_f64()
        );
    })
    .map_err(anyhow::Error::msg)?;
    let wall = started.elapsed().as_secs_f64();
    let cpu = cpu_seconds() - cpu_before;
    let exact = entries
        .iter()
        .filter(|&&e| unpack(e).exact().is_some())
        .count();
    let width: i64 = entries
        .iter()
        .map(|&e| {
            let b = unpack(e);
            i64::from(b.upper - b.lower)
        })
        .sum();
    let count = entries.len() as f64;
    println!(
        "{} entries ({} bytes), {:.1}% exact, mean width {:.2}; {wall:.1} s wall, {cpu:.1} s CPU on {threads} threads, {:.0} CPU-ns an entry",
        entries.len(),
        2 * entries.len(),
        100.0 * exact as f64 / count,
        width as f64 / count,
        1e9 * cpu / count
    );
    Ok(())
}

/// CPU seconds this process has used (user and system), from
/// `/proc/self/stat`; 0 where that cannot be read.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // The fields after the command (which may hold spaces) start after ')'.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .collect();
    // utime and stime are fields 14 and 15 (1-based), 12 and 13 after ')'.
    let ticks: f64 = [11, 12]
        .iter()
        .filter_map(|&i| fields.get(i)?.parse::<f64>().ok())
        .sum();
    ticks / CLOCK_TICKS_PER_SECOND
}
