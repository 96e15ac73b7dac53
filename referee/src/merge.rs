//! `ply-referee merge FILE…`: the statistics of several results files (the
//! shards of one match) as one report, the same lines a match prints at its
//! end. A game found in more than one file (by game number) is counted
//! once.

use std::collections::BTreeMap;
use std::io::{self, Write};

use thiserror::Error;

use crate::config::MergeConfig;
use crate::game::{GameRecord, GameResult};
use crate::output::{ResultsError, read_results};
use crate::stats::SprtError;
use crate::summary::{Report, report_lines};
use crate::tally::Tally;

/// Why the files could not be merged.
#[derive(Debug, Error)]
pub enum MergeError {
    /// A file cannot be read.
    #[error(transparent)]
    Results(#[from] ResultsError),
    /// The SPRT parameters.
    #[error("-sprt: {0}")]
    Sprt(#[from] SprtError),
    /// The report cannot be written.
    #[error("cannot write the report: {0}")]
    Output(#[from] io::Error),
}

/// How many missing game numbers a warning lists before "…".
const LISTED_MISSING: usize = 8;

/// The game numbers up to `last` that no file holds: the shards of one
/// match number their games from 1 without gaps, so a gap is a shard whose
/// results file is missing or incomplete. `last` is the match's number of
/// games when the records say it, else the highest game read (games past
/// it cannot be seen then).
#[must_use]
pub fn missing_games(numbers: &[u64], last: u64) -> Vec<u64> {
    (1..=last)
        .filter(|n| numbers.binary_search(n).is_err())
        .collect()
}

/// The warning line for [`missing_games`], `None` when none is missing.
#[must_use]
pub fn missing_games_warning(missing: &[u64], highest: u64) -> Option<String> {
    if missing.is_empty() {
        return None;
    }
    let mut listed: Vec<String> = missing
        .iter()
        .take(LISTED_MISSING)
        .map(u64::to_string)
        .collect();
    if missing.len() > LISTED_MISSING {
        listed.push("…".to_owned());
    }
    Some(format!(
        "Warning: {} of games 1-{highest} are in no file (game {}): a shard's results file is missing or incomplete, unless the match stopped early (SPRT, an engine lost)",
        missing.len(),
        listed.join(", ")
    ))
}

/// Reads the files and counts their games, ordered by game number.
///
/// # Errors
/// [`MergeError::Results`] when a file cannot be read.
pub fn merged_tally(config: &MergeConfig) -> Result<(Tally, usize), MergeError> {
    let (tally, numbers, _) = merged_games(config)?;
    Ok((tally, numbers.len()))
}

/// [`merged_tally`], with the game numbers read, in order, and the games
/// the match schedules (0 when no record says).
fn merged_games(config: &MergeConfig) -> Result<(Tally, Vec<u64>, u64), MergeError> {
    let mut games: BTreeMap<u64, GameRecord> = BTreeMap::new();
    let mut scheduled = 0;
    for path in &config.files {
        for record in read_results(path)? {
            scheduled = scheduled.max(record.match_games.unwrap_or(0));
            if record.result == GameResult::None {
                continue;
            }
            if let Some(previous) = games.get(&record.game) {
                if *previous != record {
                    log::warn!(
                        "game {} is in more than one file with different contents; the first one read is counted",
                        record.game
                    );
                }
                continue;
            }
            games.insert(record.game, record);
        }
    }
    let mut tally = Tally::new(&[]);
    for record in games.values() {
        tally.add(record);
    }
    Ok((tally, games.keys().copied().collect(), scheduled))
}

/// Prints the merged report to `out`; returns the number of games.
///
/// # Errors
/// [`MergeError`] when a file cannot be read or the report written.
pub fn merge(config: &MergeConfig, out: &mut dyn Write) -> Result<u64, MergeError> {
    let report = Report::new(config.sprt, config.report_penta)?;
    let (tally, numbers, scheduled) = merged_games(config)?;
    writeln!(
        out,
        "Merged {} games from {} file{}",
        numbers.len(),
        config.files.len(),
        if config.files.len() == 1 { "" } else { "s" }
    )?;
    let last = numbers.last().copied().unwrap_or(0).max(scheduled);
    if let Some(warning) = missing_games_warning(&missing_games(&numbers, last), last) {
        log::warn!("{warning}");
        writeln!(out, "{warning}")?;
    }
    for line in report_lines(&tally, &report, true) {
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    Ok(tally.games())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gaps_in_the_game_numbers_are_missing_games() {
        assert!(missing_games(&[], 0).is_empty());
        assert!(missing_games(&[1, 2, 3, 4], 4).is_empty());
        assert_eq!(missing_games(&[1, 2, 5, 6, 9], 9), [3, 4, 7, 8]);
        // The match's own count shows the games after the last one read.
        assert_eq!(missing_games(&[1, 2, 5, 6], 8), [3, 4, 7, 8]);
        assert_eq!(missing_games_warning(&[], 4), None);
        assert_eq!(
            missing_games_warning(&[3, 4], 6).as_deref(),
            Some(
                "Warning: 2 of games 1-6 are in no file (game 3, 4): a shard's results file is missing or incomplete, unless the match stopped early (SPRT, an engine lost)"
            )
        );
        let many: Vec<u64> = (1..=10).collect();
        let line = missing_games_warning(&many, 20).unwrap_or_default();
        assert!(line.contains("(game 1, 2, 3, 4, 5, 6, 7, 8, …)"), "{line}");
    }
}
