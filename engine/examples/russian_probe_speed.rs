//! Probe speed of a Russian draughts endgame database, for
//! `docs/endgame-db.md`.
//!
//! ```sh
//! cargo run --release -p ply-engine --example russian_probe_speed [-- FILE]
//! ```
//!
//! With a FILE, probes that database (memory-mapped, its blocks
//! decompressed on first read); without one, the tables of at most 4
//! pieces built here. Random positions all over the tables: the first
//! pass decompresses the blocks it touches, the later ones find them
//! decompressed; then the same 1,024 positions again and again.

use anyhow::{Context, Result};
use ply_engine::games::russian::endgame::{Directory, RussianDb};
use ply_rules::game::Player;
use ply_rules::games::russian::Board;

/// Random positions probed per pass.
const POSITIONS: usize = 1 << 20;
/// Positions of the repeated set.
const REPEATED: usize = 1024;

fn main() -> Result<()> {
    let db = match std::env::args().nth(1) {
        Some(path) => RussianDb::open(&path).with_context(|| format!("cannot open {path}"))?,
        None => RussianDb::build(4, 2, |_| {})?,
    };
    let directory = Directory::new(db.max_pieces());
    let tables: Vec<_> = directory.tables().collect();
    let mut rng = fastrand::Rng::with_seed(0x0123_4567_89ab_cdef);
    let mut positions: Vec<(Board, Player)> = Vec::with_capacity(POSITIONS);
    while positions.len() < POSITIONS {
        // A rank over the whole run, so big tables are probed most.
        let rank = rng.u64(0..directory.total());
        let at = tables.partition_point(|&(_, start)| start <= rank) - 1;
        let (layout, start) = tables[at];
        let Some(board) = layout.board_at(rank - start) else {
            continue;
        };
        let side = if rng.bool() { Player::One } else { Player::Two };
        let board = match side {
            Player::One => board,
            Player::Two => board.flipped(),
        };
        positions.push((board, side));
    }
    let started = std::time::Instant::now();
    let passes = [
        ("random, first", &positions[..], 1),
        ("random, again", &positions[..], 4),
    ];
    let repeated = [("repeated", &positions[..REPEATED], 4096)];
    for (what, set, rounds) in passes.into_iter().chain(repeated) {
        let mut found = 0u64;
        let started = std::time::Instant::now();
        for _ in 0..rounds {
            for (board, side) in set {
                let entry = db.probe_board(std::hint::black_box(board), *side);
                found += u64::from(std::hint::black_box(entry).is_some());
            }
        }
        let elapsed = started.elapsed();
        let probes = (rounds * set.len()) as f64;
        println!(
            "{} pieces: {probes} {what} probes in {elapsed:?}: {:.2} M probes/s, {:.0} ns each ({found} found)",
            db.max_pieces(),
            probes / elapsed.as_secs_f64() / 1e6,
            elapsed.as_secs_f64() * 1e9 / probes
        );
    }
    println!("all passes: {:?}", started.elapsed());
    Ok(())
}
