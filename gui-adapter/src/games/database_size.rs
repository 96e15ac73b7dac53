//! The size, memory and build time of a game's endgame database, as the
//! page offers it: the file's size and the build's memory are the
//! engine's to say (its game's database hook, which knows the file
//! format), and whether this machine has room for them the engine's room
//! check (`build-db` asks the same); the build speed and the biggest file
//! offered are the page's, each game giving its own.

use std::collections::BTreeMap;

use ply_engine::engine_game::{DatabasePlan, EngineGame};
use ply_rules::variant::{AnyGame, AnyRules, Variant};
use ply_rules::with_game;

use super::BuildPlan;

/// The most seeds a database holds (`build-db --max-seeds`: 0 to 127).
pub const MAX_DB_SEEDS: u32 = 127;

/// What differs between the games' databases, for the page's estimates.
#[derive(Debug)]
pub struct Sizing {
    /// The biggest file the page builds.
    pub max_bytes: u64,
    /// Entries built a second on two threads, and the start-up cost.
    pub entries_per_second: u64,
    pub start_seconds: u64,
}

/// The rule option naming the pits (houses) a side, and the seeds a pit.
pub const PITS: &str = "Pits";
pub const SEEDS: &str = "Seeds";

/// What the engine would build for the rule options `options` of
/// `variant` at `size`: its game's own plan.
///
/// # Errors
/// Rule options the game does not take, or a database the engine would
/// not build.
pub fn engine_plan(
    variant: Variant,
    options: &BTreeMap<String, String>,
    size: u8,
) -> Result<DatabasePlan, String> {
    let mut rules = AnyRules::default_for(variant);
    for (name, value) in options {
        rules.set(name, value).map_err(|e| e.to_string())?;
    }
    let game = AnyGame::start(&rules)?;
    with_game!(&game, game => game.database_plan(size))
}

/// Whether this machine has the memory for `plan`'s build and the disk
/// for its file in the cache, as `build-db` checks before it starts (the
/// page offers only the builds that would start).
#[must_use]
pub fn fits_here(plan: &BuildPlan) -> bool {
    let cache = ply_engine::database_cache::cache_directory()
        .unwrap_or_else(|| std::path::PathBuf::from("."));
    // The cache may not exist yet: its nearest existing parent holds it.
    let directory = cache
        .ancestors()
        .find(|dir| dir.is_dir())
        .unwrap_or(std::path::Path::new("."));
    ply_engine::database_cache::room_for(directory, plan.memory, plan.bytes).is_ok()
}

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

/// The plan of a database of at most `size` seeds for the rule options
/// `options` of `variant`, built by the engine binary with `args`: its
/// file's size as the engine's own hook reckons it
/// ([`EngineGame::database_plan`], the file format's arithmetic written
/// once, in the engine) and its time from `sizing`.
///
/// # Errors
/// A size out of range, rule options the game does not take, a database
/// the engine would not build, or a file bigger than the game's limit.
pub fn plan(
    variant: Variant,
    sizing: &Sizing,
    options: &BTreeMap<String, String>,
    size: u32,
    args: Vec<String>,
) -> Result<BuildPlan, String> {
    let Some(engine_size) = u8::try_from(size)
        .ok()
        .filter(|&size| (1..=MAX_DB_SEEDS).contains(&u32::from(size)))
    else {
        return Err(format!(
            "a database holds 1 to {MAX_DB_SEEDS} seeds on the board, not {size}"
        ));
    };
    let engine_plan = engine_plan(variant, options, engine_size)?;
    if engine_plan.file_bytes > sizing.max_bytes {
        let pits = number_option(options, PITS)?;
        return Err(format!(
            "a database of {size} seeds on {pits} pits would be bigger than {} bytes: \
             choose fewer seeds",
            sizing.max_bytes
        ));
    }
    Ok(BuildPlan {
        args,
        bytes: engine_plan.file_bytes,
        memory: engine_plan.memory,
        seconds: sizing.start_seconds + engine_plan.entries.div_ceil(sizing.entries_per_second),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page offers a build only where it would start: a plan needing
    /// more memory or disk than any machine has is left out.
    #[test]
    fn a_build_too_big_for_the_machine_is_not_offered() {
        let plan = |memory, bytes| BuildPlan {
            args: Vec::new(),
            bytes,
            memory,
            seconds: 1,
        };
        assert!(fits_here(&plan(1, 1)));
        assert!(!fits_here(&plan(u64::MAX, 1)));
        assert!(!fits_here(&plan(1, u64::MAX)));
    }

    #[test]
    fn choices_are_the_sizes_a_board_fills() {
        assert_eq!(choices(&[16, 20], 48), [16, 20]);
        assert_eq!(choices(&[16, 20], 12), [12]);
        assert_eq!(choices(&[16, 20], 300), [16, 20]);
    }
}
