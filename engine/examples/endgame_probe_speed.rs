//! Probe speed of a Kalah endgame database, for `docs/endgame-db.md`.
//!
//! ```sh
//! cargo run --release -p ply-engine --example endgame_probe_speed [-- FILE]
//! ```
//!
//! With a FILE, probes that database (memory-mapped); without one, a
//! Kalah(6) database of at most 12 seeds built here. Random positions all
//! over the table (mostly cache and TLB misses), then the same 1,024
//! positions again and again (the table lookups and arithmetic alone).

use anyhow::{Context, Result};
use ply_engine::endgame::Backed;
use ply_engine::endgame::unrank;
use ply_engine::games::kalah::KalahDb;
use ply_rules::game::Player;
use ply_rules::games::kalah::Kalah;

/// Random positions probed per pass.
const POSITIONS: usize = 1 << 20;
/// Positions of the repeated set.
const REPEATED: usize = 1024;

/// xorshift64*: reproducible positions.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n
    }
}

/// The Kalah position with `own` pits for the side to move and `theirs` opposite.
fn position(own: &[u8], theirs: &[u8], to_move: Player, empty_capture: bool) -> Result<Kalah> {
    let join = |pits: &[u8]| pits.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
    let (south, north, side) = match to_move {
        Player::One => (own, theirs, "s"),
        Player::Two => (theirs, own, "n"),
    };
    let text = format!("{} 3 {} 4 {side}", join(south), join(north));
    Ok(Kalah::from_position_string(&text, empty_capture)?)
}

fn main() -> Result<()> {
    let db = match std::env::args().nth(1) {
        Some(path) => KalahDb::open(&path).with_context(|| format!("cannot open {path}"))?,
        None => KalahDb::build(6, false, 12, 2, |_| {})?,
    };
    let m = usize::from(db.pits());
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    let mut pits = vec![0u8; 2 * m];
    let mut positions = Vec::with_capacity(POSITIONS);
    for _ in 0..POSITIONS {
        unrank(rng.below(db.len()), &mut pits).context("rank within the table")?;
        let side = if rng.below(2) == 0 {
            Player::One
        } else {
            Player::Two
        };
        positions.push(position(&pits[..m], &pits[m..], side, db.empty_capture())?);
    }
    for (what, set, passes) in [
        ("random", &positions[..], 8),
        ("repeated", &positions[..REPEATED], 8192),
    ] {
        let mut sum = 0i64;
        let started = std::time::Instant::now();
        for _ in 0..passes {
            for p in set {
                let value = db.probe(std::hint::black_box(p));
                sum += i64::from(std::hint::black_box(value).unwrap_or(0));
            }
        }
        let elapsed = started.elapsed();
        let probes = (passes * set.len()) as f64;
        println!(
            "{db:?}: {probes} {what} probes in {elapsed:?}: {:.1} M probes/s, {:.1} ns each (sum {sum})",
            probes / elapsed.as_secs_f64() / 1e6,
            elapsed.as_secs_f64() * 1e9 / probes
        );
    }
    Ok(())
}
