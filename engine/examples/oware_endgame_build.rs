//! Builds the Oware endgame bounds in memory and prints what each level
//! cost, for `docs/endgame-db.md` (`ply-engine build-db --variant oware`
//! builds and saves the same entries).
//!
//! ```sh
//! cargo run --release -p ply-engine --example oware_endgame_build [-- MAX_SEEDS [THREADS [propagate|passes [ENTRIES_FILE]]]]
//! ```
//!
//! Defaults: 6 houses, 14 seeds, every core, the build `build-db` uses
//! (`propagate`: each board looked at once, then only where a child
//! changed). `passes` runs the reference build instead (passes over whole
//! levels until one changes nothing), to compare the two: each line then
//! gives the passes, not the sweeps and updates. Each line: the level
//! (seeds on the board), its boards, the sweeps after the first look and
//! the updates a board in them, the share of boards whose bounds meet,
//! and the wall time; then the totals, the CPU time per entry and the
//! FNV-1a 64 of the entries. With `ENTRIES_FILE`, the entries (the
//! database file's last `2 × entries` bytes) are written there, for
//! `cmp` with a file of `build-db`.

use std::time::Instant;

use anyhow::{Context, Result, bail};
use ply_engine::endgame::fnv1a;
use ply_engine::games::oware::endgame::{build as propagate, passes};

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
    let builder = args.next().unwrap_or_else(|| "propagate".to_owned());
    let output = args.next();
    let started = Instant::now();
    let cpu_before = cpu_seconds();
    let entries = match builder.as_str() {
        "propagate" => propagate::build(HOUSES, max_seeds, threads, |level| {
            println!(
                "level {:3}: {:>12} boards, {:5.2} entries into a set a board, {:5.1}% exact, {:8.2} s",
                level.level,
                level.boards,
                level.entered as f64 / level.boards.max(1) as f64,
                100.0 * level.exact as f64 / level.boards.max(1) as f64,
                level.elapsed.as_secs_f64()
            );
        }),
        "passes" => passes::build(HOUSES, max_seeds, threads, |level| {
            println!(
                "level {:3}: {:>12} boards, {:3} passes, {:5.1}% exact, {:8.2} s",
                level.level,
                level.boards,
                level.passes,
                100.0 * level.exact as f64 / level.boards.max(1) as f64,
                level.elapsed.as_secs_f64()
            );
        })
        .map(|entries| {
            entries
                .iter()
                .flat_map(|entry| entry.to_le_bytes())
                .collect()
        }),
        other => bail!("no build {other:?}: propagate or passes"),
    }
    .map_err(anyhow::Error::msg)?;
    let wall = started.elapsed().as_secs_f64();
    let cpu = cpu_seconds() - cpu_before;
    let bounds = entries.chunks_exact(2).map(|entry| {
        let [lower, upper] = [entry[0], entry[1]].map(|byte| i64::from(i8::from_ne_bytes([byte])));
        (lower, upper)
    });
    let exact = bounds
        .clone()
        .filter(|(lower, upper)| lower == upper)
        .count();
    let width: i64 = bounds.map(|(lower, upper)| upper - lower).sum();
    let count = entries.len() / 2;
    println!(
        "{count} entries ({} bytes), {:.1}% exact, mean width {:.2}; {wall:.1} s wall, {cpu:.1} s CPU on {threads} threads, {:.0} CPU-ns an entry; FNV-1a {:016x}",
        entries.len(),
        100.0 * exact as f64 / count as f64,
        width as f64 / count as f64,
        1e9 * cpu / count as f64,
        fnv1a(&entries)
    );
    if let Some(path) = output {
        std::fs::write(&path, &entries).with_context(|| format!("cannot write {path}"))?;
    }
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
