//! From the configuration to what a match is made of: the rules the
//! engines' options make, the openings, the schedule (this shard's part)
//! and the statistics to report. Everything that can be wrong in the
//! command line or its files is found here, before an engine is started.

use std::collections::HashSet;

use super::error::MatchError;
use crate::config::MatchConfig;
use crate::match_rules::MatchRules;
use crate::openings::{self, Opening};
use crate::output::MatchEnd;
use crate::schedule::{Schedule, ScheduleParams, Unit};
use crate::summary::{Report, sprt_status};
use crate::tally::Tally;

/// What a match is made of, before any game is played.
#[derive(Debug)]
pub(super) struct MatchPlan {
    /// The game and its options, as the engines' options make them.
    pub(super) rules: MatchRules,
    /// The start positions (the game's own start without `-openings`).
    pub(super) openings: Vec<Opening>,
    /// Which engines play which games (this shard's part of them).
    pub(super) schedule: Schedule,
    /// The statistics reported, and the SPRT that may end the match.
    pub(super) report: Report,
    /// The engines' names, in the command line's order.
    pub(super) names: Vec<String>,
}

impl MatchPlan {
    /// Reads the configuration (and the openings file).
    ///
    /// # Errors
    /// Rules the engines' options do not make, an openings file that
    /// cannot be read, SPRT parameters out of range.
    pub(super) fn build(config: &MatchConfig) -> Result<Self, MatchError> {
        let rules = MatchRules::from_engines(config.variant, &config.engines)?;
        let openings = openings::load(config.openings.as_ref(), &rules, config.seed)?;
        let mut schedule = Schedule::build(&ScheduleParams {
            engines: config.engines.len(),
            tournament: config.tournament,
            games: config.games,
            rounds: config.rounds,
            repeat: config.repeat,
            no_swap: config.no_swap,
            openings: openings.len(),
        });
        if let Some(shard) = config.shard {
            schedule = schedule.shard(shard);
        }
        let report = Report::new(config.sprt, config.report_penta)?;
        let names = config.engines.iter().map(|e| e.name.clone()).collect();
        Ok(Self {
            rules,
            openings,
            schedule,
            report,
            names,
        })
    }
}

/// The schedule's game pairs without the games in `done` (resumed), and
/// without the pairs left empty, so that no worker starts engines for
/// nothing.
pub(super) fn games_to_play(schedule: &Schedule, done: &HashSet<u64>) -> Vec<Unit> {
    schedule
        .units
        .iter()
        .map(|unit| Unit {
            pair: unit.pair,
            games: unit
                .games
                .iter()
                .filter(|g| !done.contains(&g.number))
                .copied()
                .collect(),
        })
        .filter(|unit| !unit.games.is_empty())
        .collect()
}

/// How a resumed match ends before a game is played: when the games
/// already in the results file decide the SPRT, none is played again.
pub(super) fn decided_already(tally: &Tally, report: &Report) -> Option<MatchEnd> {
    let sprt = report.sprt.as_ref()?;
    let (_, decision) = sprt_status(tally, sprt, report.by_pairs);
    decision
        .is_final()
        .then(|| MatchEnd::Sprt(decision.to_string()))
}
