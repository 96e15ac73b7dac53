//! A whole match: `-concurrency` worker threads take game pairs from a
//! channel and play them, each with its own engine processes (started once
//! per encounter and reused); the main thread gets every game back on
//! another channel, counts it, writes the outputs, and stops the match when
//! the SPRT decides, on Ctrl-C, or when an engine is lost under
//! `-norecover`.
//!
//! One concern a module: `setup` (configuration → rules, openings,
//! schedule, statistics), `resume` (reading a results file back),
//! `outputs` (opened first, written at the end), `shared` (what every
//! worker reads), `events` (what workers tell the main loop), `worker`
//! (a worker playing game pairs), `main_loop` (events in, statistics and
//! outputs out) and `error`. [`run_match_to`] calls them in order.

mod error;
mod events;
mod main_loop;
mod outputs;
mod resume;
mod setup;
mod shared;
mod worker;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

pub use error::MatchError;
pub use shared::MAX_CONSECUTIVE_FAULTS;

use crate::config::MatchConfig;
use crate::engine::registry;
use crate::output::{Console, MatchEnd};
use crate::tally::Tally;
use main_loop::MainLoop;
use setup::MatchPlan;
use shared::Shared;

/// What a match did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchSummary {
    /// How it ended.
    pub end: MatchEnd,
    /// Games counted (resumed ones included).
    pub games: u64,
}

/// Runs a match to its end, printing to standard output. `ctrl_c` is set
/// by the binary's Ctrl-C handler.
///
/// # Errors
/// [`MatchError`] for what stops a match from starting (bad rules,
/// openings, files, engines that do not start) or from being recorded.
pub fn run_match(config: &MatchConfig, ctrl_c: &AtomicBool) -> Result<MatchSummary, MatchError> {
    run_match_to(config, ctrl_c, Console::stdout())
}

/// [`run_match`] with the console lines going to `console`.
///
/// # Errors
/// As [`run_match`].
pub fn run_match_to(
    config: &MatchConfig,
    ctrl_c: &AtomicBool,
    mut console: Console,
) -> Result<MatchSummary, MatchError> {
    // 1. The rules, openings, schedule and statistics: every error of the
    //    command line and its files before an engine is started.
    let plan = MatchPlan::build(config)?;
    // 2. The games an earlier run left in the results file are counted,
    //    not played again.
    let mut tally = Tally::new(&plan.names);
    let done = resume::read_back(config, &plan, &mut tally, &mut console)?;
    // 3. The outputs, opened before the first game.
    let mut outputs = outputs::open(config, &plan.rules, console)?;
    // 4. What is left to play, and what every worker reads.
    let units = setup::games_to_play(&plan.schedule, &done);
    let MatchPlan {
        rules,
        openings,
        schedule,
        report,
        ..
    } = plan;
    let shared = Arc::new(Shared::new(config, rules, openings));
    // 5. The workers play and the main loop counts, unless the resumed
    //    games decided the SPRT already.
    let mut end = setup::decided_already(&tally, &report);
    let mut failure = None;
    if end.is_none() && !units.is_empty() {
        MainLoop {
            shared: &shared,
            ctrl_c,
            outputs: &mut outputs,
            tally: &mut tally,
            report: &report,
            total: schedule.total_games,
            end: &mut end,
            failure: &mut failure,
        }
        .play(units, config.concurrency);
    }
    // 6. Teardown. Every engine is gone by now; this is the belt to the
    //    braces.
    registry::kill_all();
    let end = match (&failure, end) {
        (Some(error), _) => MatchEnd::Failed(error.to_string()),
        (None, end) => end.unwrap_or(MatchEnd::Completed),
    };
    outputs::write_match_end(&mut outputs, &tally, &report, &end, &mut failure, ctrl_c);
    match failure {
        Some(failure) => Err(failure),
        None => Ok(MatchSummary {
            end,
            games: tally.games(),
        }),
    }
}
