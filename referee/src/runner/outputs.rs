//! The match's outputs (the console, the PGN file, the results file):
//! opened before the first game, so that a file that cannot be written
//! stops the match before an engine is started, and written at its end.
//! The console alone may go away during a match (a closed pipe, a hung-up
//! terminal) without failing it.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};

use super::error::MatchError;
use crate::config::MatchConfig;
use crate::match_rules::MatchRules;
use crate::output::{Console, MatchEnd, Output, PgnWriter, ResultsWriter};
use crate::summary::Report;
use crate::tally::Tally;

/// The console, then the PGN and results files the configuration asks for.
///
/// # Errors
/// A PGN or results file that cannot be opened for writing.
pub(super) fn open(
    config: &MatchConfig,
    rules: &MatchRules,
    console: Console,
) -> Result<Vec<Box<dyn Output>>, MatchError> {
    let mut outputs: Vec<Box<dyn Output>> = vec![Box::new(console)];
    if let Some(path) = &config.pgn_out {
        let writer = PgnWriter::open(path, rules.options.clone(), &config.event, &config.site)
            .map_err(|source| MatchError::Pgn {
                path: path.clone(),
                source,
            })?;
        outputs.push(Box::new(writer));
    }
    if let Some(path) = &config.results {
        outputs.push(Box::new(ResultsWriter::open(path)?));
    }
    Ok(outputs)
}

/// Writes how the match ended to every output (nothing when it failed
/// before a game was counted: there is nothing to report). An output that
/// cannot be written fails the match unless [`output_may_go`]; the first
/// failure is kept in `failure`.
pub(super) fn write_match_end(
    outputs: &mut [Box<dyn Output>],
    tally: &Tally,
    report: &Report,
    end: &MatchEnd,
    failure: &mut Option<MatchError>,
    ctrl_c: &AtomicBool,
) {
    let report_anything = failure.is_none() || tally.games() > 0;
    for output in outputs.iter_mut().filter(|_| report_anything) {
        if let Err(e) = output.on_match_end(tally, report, end) {
            if output_may_go(output.as_ref(), &e, ctrl_c.load(Ordering::SeqCst)) {
                log::warn!("cannot write the console ({e}): the match ends without it");
            } else {
                failure.get_or_insert(MatchError::Output(e));
            }
        }
    }
}

/// Whether a write error of `output` drops it instead of failing the
/// match: only an expendable output (the console), and only when its
/// reader is gone (EIO from a terminal that hung up, EPIPE from a closed
/// pipe) or the match is being interrupted (Ctrl-C, SIGTERM, SIGHUP), when
/// failing would turn the documented exit status 130 into 1.
pub(super) fn output_may_go(output: &dyn Output, error: &io::Error, interrupted: bool) -> bool {
    output.expendable() && (interrupted || reader_gone(error))
}

/// Whether a write failed because nobody reads the other end any more.
fn reader_gone(error: &io::Error) -> bool {
    #[cfg(unix)]
    if error.raw_os_error() == Some(libc::EIO) {
        return true;
    }
    error.kind() == io::ErrorKind::BrokenPipe
}
