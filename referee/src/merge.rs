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
use crate::report::{Report, report_lines};
use crate::stats::{Sprt, SprtError};
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

/// Reads the files and counts their games, ordered by game number.
///
/// # Errors
/// [`MergeError::Results`] when a file cannot be read.
pub fn merged_tally(config: &MergeConfig) -> Result<(Tally, usize), MergeError> {
    let mut games: BTreeMap<u64, GameRecord> = BTreeMap::new();
    for path in &config.files {
        for record in read_results(path)? {
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
    Ok((tally, games.len()))
}

/// Prints the merged report to `out`; returns the number of games.
///
/// # Errors
/// [`MergeError`] when a file cannot be read or the report written.
pub fn merge(config: &MergeConfig, out: &mut dyn Write) -> Result<u64, MergeError> {
    let report = Report {
        sprt: config
            .sprt
            .map(|s| Sprt::new(s.elo0, s.elo1, s.alpha, s.beta, s.model))
            .transpose()?,
        by_pairs: config.report_penta,
    };
    let (tally, games) = merged_tally(config)?;
    writeln!(
        out,
        "Merged {games} games from {} file{}",
        config.files.len(),
        if config.files.len() == 1 { "" } else { "s" }
    )?;
    for line in report_lines(&tally, &report, true) {
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    Ok(tally.games())
}
