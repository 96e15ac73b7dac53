//! The size and build time of a sowing game's endgame database, as the
//! page offers it: one file format serves Kalah's and Oware's databases
//! (docs/endgame-db.md, "The file format"), so the arithmetic is written
//! once here and each game gives its entry size and build speed.

use std::collections::BTreeMap;

use super::BuildPlan;

/// The most seeds a database holds (`build-db --max-seeds`: 0 to 127).
pub const MAX_DB_SEEDS: u32 = 127;

/// The database file's header, in bytes; a 4-byte checksum for each block
/// of entries, then the entries, follow.
const DB_HEADER_BYTES: u64 = 40;

/// Entries in a block of the file, and the bytes of a block's checksum.
const DB_BLOCK_ENTRIES: u64 = 1 << 16;
const DB_BLOCK_CHECKSUM_BYTES: u64 = 4;

/// What differs between the games' databases, for the page's estimates.
#[derive(Debug)]
pub struct Sizing {
    /// Bytes an entry (Kalah: one value; Oware: two bounds).
    pub bytes_per_entry: u64,
    /// The biggest file the page builds.
    pub max_bytes: u64,
    /// Entries built a second on two threads, and the start-up cost.
    pub entries_per_second: u64,
    pub start_seconds: u64,
}

/// The rule option naming the pits (houses) a side, and the seeds a pit.
pub const PITS: &str = "Pits";
pub const SEEDS: &str = "Seeds";

/// The whole-number rule option `name` of `options`.
///
/// # Errors
/// When it is missing or no number.
pub fn number_option(options: &BTreeMap<String, String>, name: &str) -> Result<u32, String> {
    let value = options
        .get(name)
        .ok_or_else(|| format!("no {name} option"))?;
    value
        .parse()
        .map_err(|_| format!("{name} is '{value}', not a number"))
}

/// The pits a side and the seeds in all of `options`' board.
///
/// # Errors
/// When `Pits` or `Seeds` is missing or no number.
pub fn board_of(options: &BTreeMap<String, String>) -> Result<(u32, u32), String> {
    let pits = number_option(options, PITS)?;
    let seeds = number_option(options, SEEDS)?;
    Ok((pits, 2 * pits * seeds))
}

/// Of `offered`, the sizes a board of `total` seeds can fill; the whole
/// board when it cannot fill the smallest.
#[must_use]
pub fn choices(offered: &[u32], total: u32) -> Vec<u32> {
    let total = total.min(MAX_DB_SEEDS);
    let mut sizes: Vec<u32> = offered
        .iter()
        .copied()
        .filter(|&size| size <= total)
        .collect();
    if sizes.is_empty() && total > 0 {
        sizes.push(total);
    }
    sizes
}

/// The plan of a database of at most `size` seeds on `pits` pits a side,
/// built by the engine binary with `args`: its file's size (`C(size +
/// 2 pits, 2 pits)` entries, every board of at most `size` seeds) and its
/// time.
///
/// # Errors
/// A size out of range, or a file bigger than the game's limit.
pub fn plan(sizing: &Sizing, pits: u32, size: u32, args: Vec<String>) -> Result<BuildPlan, String> {
    if !(1..=MAX_DB_SEEDS).contains(&size) {
        return Err(format!(
            "a database holds 1 to {MAX_DB_SEEDS} seeds on the board, not {size}"
        ));
    }
    let file_bytes = |entries: u64| {
        let checksums = entries.div_ceil(DB_BLOCK_ENTRIES) * DB_BLOCK_CHECKSUM_BYTES;
        entries
            .saturating_mul(sizing.bytes_per_entry)
            .saturating_add(DB_HEADER_BYTES + checksums)
    };
    let entries = binomial(u64::from(size + 2 * pits), u64::from(2 * pits))
        .filter(|&entries| file_bytes(entries) <= sizing.max_bytes)
        .ok_or_else(|| {
            format!(
                "a database of {size} seeds on {pits} pits would be bigger than {} bytes: \
                 choose fewer seeds",
                sizing.max_bytes
            )
        })?;
    Ok(BuildPlan {
        args,
        bytes: file_bytes(entries),
        seconds: sizing.start_seconds + entries.div_ceil(sizing.entries_per_second),
    })
}

/// `C(n, k)`, `None` past `u64`.
fn binomial(n: u64, k: u64) -> Option<u64> {
    let mut result: u128 = 1;
    let k = k.min(n.saturating_sub(k));
    for i in 0..k {
        result = result * u128::from(n - i) / u128::from(i + 1);
        if result > u128::from(u64::MAX) {
            return None;
        }
    }
    u64::try_from(result).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials_and_choices() {
        assert_eq!(binomial(36, 12), Some(1_251_677_700));
        assert_eq!(binomial(5, 0), Some(1));
        assert_eq!(binomial(200, 100), None);
        assert_eq!(choices(&[16, 20], 48), [16, 20]);
        assert_eq!(choices(&[16, 20], 12), [12]);
        assert_eq!(choices(&[16, 20], 300), [16, 20]);
    }
}
