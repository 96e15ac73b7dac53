//! What an Oware database file holds, level by level: the boards, the
//! share whose bounds meet (exact values), and the mean width `U - L`, for
//! `docs/endgame-db.md`.
//!
//! ```sh
//! cargo run --release -p ply-engine --example oware_db_stats -- FILE
//! ```

use anyhow::{Context, Result};
use ply_engine::endgame::Backed;
use ply_engine::endgame::level_range;
use ply_engine::games::oware::endgame::OwareDb;

fn main() -> Result<()> {
    let path = std::env::args()
        .nth(1)
        .context("usage: oware_db_stats FILE")?;
    let db = OwareDb::open(&path).with_context(|| format!("cannot open {path}"))?;
    let len = 2 * usize::from(db.houses());
    let (mut all_exact, mut all_width) = (0u64, 0i64);
    for level in 0..=db.max_seeds() {
        let ranks = level_range(len, level);
        let boards = ranks.len() as u64;
        let (mut exact, mut width) = (0u64, 0i64);
        for rank in ranks {
            let rank = rank as u64;
            let bounds = db
                .entry(rank)
                .with_context(|| format!("{path}: entry {rank} is in a damaged block"))?;
            exact += u64::from(bounds.exact().is_some());
            width += i64::from(bounds.upper - bounds.lower);
        }
        all_exact += exact;
        all_width += width;
        println!(
            "level {level:3}: {boards:>12} boards, {:5.1}% exact, mean width {:.2}",
            100.0 * exact as f64 / boards as f64,
            width as f64 / boards as f64
        );
    }
    println!(
        "{} boards, {:.1}% exact, mean width {:.2}",
        db.len(),
        100.0 * all_exact as f64 / db.len() as f64,
        all_width as f64 / db.len() as f64
    );
    Ok(())
}
