//! Resuming a match: the games an existing results file holds are counted
//! and not played again, so an interrupted match (or shard) goes on where
//! it stopped. A game is taken only when it is the very game this match
//! would play; anything else is ignored with a warning, never counted.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use super::error::MatchError;
use super::setup::MatchPlan;
use crate::config::MatchConfig;
use crate::game::{GameRecord, GameResult};
use crate::openings::Opening;
use crate::output::{Console, read_results};
use crate::schedule::{Schedule, ScheduledGame};
use crate::tally::Tally;

/// Counts into `tally` the finished games of the configured results file,
/// if it exists, says so on the console, and returns their numbers.
///
/// # Errors
/// A results file that cannot be read, a console that cannot be written.
pub(super) fn read_back(
    config: &MatchConfig,
    plan: &MatchPlan,
    tally: &mut Tally,
    console: &mut Console,
) -> Result<HashSet<u64>, MatchError> {
    let Some(path) = config.results.as_ref().filter(|path| path.exists()) else {
        return Ok(HashSet::new());
    };
    let done = resume(path, &plan.schedule, &plan.names, &plan.openings, tally)?;
    if !done.is_empty() {
        console
            .message(&format!(
                "Resumed {} finished games from {}",
                done.len(),
                path.display()
            ))
            .map_err(MatchError::Output)?;
    }
    Ok(done)
}

/// Counts the games of an existing results file that belong to this match
/// (same game number, same engines on the same sides, same opening) and
/// returns their numbers, so they are not played again.
fn resume(
    path: &Path,
    schedule: &Schedule,
    names: &[String],
    openings: &[Opening],
    tally: &mut Tally,
) -> Result<HashSet<u64>, MatchError> {
    let scheduled: HashMap<u64, &ScheduledGame> = schedule.games().map(|g| (g.number, g)).collect();
    let mut done = HashSet::new();
    for record in read_results(path)? {
        let Some(game) = scheduled.get(&record.game) else {
            log::warn!(
                "{}: game {} is not part of this match (or shard); ignored",
                path.display(),
                record.game
            );
            continue;
        };
        if let Some(why) = another_game(&record, game, names, openings) {
            log::warn!("{}: game {} {why}; ignored", path.display(), record.game);
            continue;
        }
        if record.result == GameResult::None || !done.insert(record.game) {
            continue;
        }
        tally.add(&record);
    }
    Ok(done)
}

/// Why the results file's `record` is not the game this match plays under
/// its number (other engines or sides, another opening), if it is not.
fn another_game(
    record: &GameRecord,
    game: &ScheduledGame,
    names: &[String],
    openings: &[Opening],
) -> Option<String> {
    let expected = [&names[game.players[0]], &names[game.players[1]]];
    if [&record.p1, &record.p2] != expected {
        return Some(format!(
            "was {} vs {}, but this match plays {} vs {}",
            record.p1, record.p2, expected[0], expected[1]
        ));
    }
    let opening = &openings[game.opening];
    if record.opening.fen != opening.start_position.position_string()
        || record.opening.moves != opening.moves
    {
        return Some("started from another opening than this match gives it".to_owned());
    }
    None
}
