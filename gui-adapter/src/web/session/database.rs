//! The game's exact database in the page (docs/front-ends.md, "Exact
//! databases"): whether the engine has one loaded for the board played
//! (its `info string endgame database …`), and a build of one by the
//! engine binary (`ply-engine build-db …` into the user's cache), run as a
//! child process beside the game, its progress shown, cancellable.
//!
//! Which games have databases, their sizes and the build's arguments are
//! the game's ([`crate::games::DatabaseUi`]); nothing here names a game.
//!
//! One build at a time runs in the process ([`super::cache_builds`]); only
//! the sizes the page offers are built; `build-db` itself refuses a build
//! the machine lacks the memory or the disk for, and the page shows why.

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};

use ply_client::{Engine as Process, Error as ClientError, Spawn, Stderr};

use ply_rules::game::Player;

use super::PageSession;
use super::cache_builds::BuildSlot;
use crate::games::{self, DatabaseUi, database_size};
use crate::strength::Strength;
use crate::web::messages::{BuildChoice, BuildInfo, DatabaseInfo};

/// The engine option naming the database; `auto` finds the cached one.
pub(super) const ENDGAME_DB: &str = "EndgameDB";

/// `EndgameDB`'s value that loads the biggest cached database of the board.
pub(super) const AUTO: &str = "auto";

/// What the engine says when it loads a database.
const LOADED_PREFIX: &str = "endgame database ";

/// The lines of a build's output kept to explain a failure.
const KEPT_LINES: usize = 4;

/// How long a cancelled build has to remove its temporary file (it does on
/// SIGTERM) before it is killed; also how long a cancel waits for a build
/// that has just started to say its first line (by then it hears SIGTERM).
const CANCEL_GRACE: Duration = Duration::from_secs(2);

/// The engine's words for the database it has just loaded (`<path> (found
/// by auto): 6 pits, …`), if `text` (an `info string`) says it loaded one.
#[must_use]
pub(super) fn loaded_database(text: &str) -> Option<&str> {
    text.strip_prefix(LOADED_PREFIX)
}

/// The size of a cached database the engine found by itself, from its
/// words: the cache names every database `<family>-<size>.db`
/// (docs/endgame-db.md, "The cache"). `None` for a file chosen by hand.
#[must_use]
pub(super) fn cached_size(loaded: &str) -> Option<u32> {
    let (path, _) = loaded.split_once(FOUND_BY_AUTO)?;
    let name = std::path::Path::new(path).file_name()?.to_str()?;
    let (_, size) = name.strip_suffix(".db")?.rsplit_once('-')?;
    if size.is_empty() || !size.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    size.parse().ok()
}

/// What the engine adds to the path of a database it found in the cache.
const FOUND_BY_AUTO: &str = " (found by auto): ";

/// The file of the database the engine has loaded, from its words
/// (`<path> (found by auto): …` or `<path>: …`; what follows the path
/// holds no `": "`).
#[must_use]
pub(super) fn loaded_file(loaded: &str) -> Option<&str> {
    match loaded.split_once(FOUND_BY_AUTO) {
        Some((path, _)) => Some(path),
        None => loaded.rsplit_once(": ").map(|(path, _)| path),
    }
}

/// One line of `build-db`'s plain progress (`working on level 17/20 (seeds
/// or pieces on the board): 12.3% of the entries done, 0:05 elapsed`).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Progress {
    /// The level being built (seeds or pieces on the board).
    pub(super) level: u32,
    /// The last level.
    pub(super) levels: u32,
    /// The share of the entries done, in percent.
    pub(super) percent: f64,
}

/// `line` as build progress, or `None` for any other line.
#[must_use]
pub(super) fn parse_progress(line: &str) -> Option<Progress> {
    let rest = line.strip_prefix("working on level ")?;
    let (levels, rest) = rest.split_once(' ')?;
    let (level, last) = levels.split_once('/')?;
    let (_, rest) = rest.split_once("): ")?;
    let (percent, _) = rest.split_once("% ")?;
    let percent: f64 = percent.parse().ok()?;
    Some(Progress {
        level: level.parse().ok()?,
        levels: last.parse().ok()?,
        percent: percent.clamp(0.0, 100.0),
    })
}

/// An engine-binary tool running beside the game (`build-db`,
/// `verify-db`), and its last lines.
#[derive(Debug)]
pub(super) struct ToolRun {
    /// The process (in the registry, so ended with `ply-gui`).
    process: Process,
    /// Its last lines that no caller took, which explain its end.
    said: VecDeque<String>,
}

/// What a look at a [`ToolRun`] found.
enum ToolPoll {
    /// It runs; whether a line came.
    Running(bool),
    /// Its output has ended.
    Ended,
}

impl ToolRun {
    /// Starts the engine binary `program` with `args` (`name` for the log).
    fn spawn(program: &std::path::Path, name: &str, args: &[String]) -> Result<Self, ClientError> {
        let spawn = Spawn {
            name: name.to_owned(),
            args: args.iter().map(Into::into).collect(),
            stderr: Stderr::Lines,
            // Polled on the page's connection thread, as the engines are.
            die_with_thread: true,
            ..Spawn::new(program)
        };
        Ok(Self {
            process: Process::spawn(&spawn)?,
            said: VecDeque::new(),
        })
    }

    /// Reads the lines that have come; each goes to `take`, and is kept
    /// (the last [`KEPT_LINES`]) when `take` does not use it.
    fn poll(&mut self, mut take: impl FnMut(&str) -> bool) -> ToolPoll {
        let mut came = false;
        loop {
            match self.process.try_line() {
                Ok(Some((line, _))) => {
                    came = true;
                    if !take(&line.text) {
                        if self.said.len() == KEPT_LINES {
                            self.said.pop_front();
                        }
                        self.said.push_back(line.text);
                    }
                }
                Ok(None) => return ToolPoll::Running(came),
                Err(ClientError::OutputClosed) if self.process.is_running() => {
                    return ToolPoll::Running(came);
                }
                Err(_) => return ToolPoll::Ended,
            }
        }
    }

    /// Reaps the ended process: whether it succeeded, how it ended in
    /// words, and its kept lines.
    fn finish(mut self) -> (bool, String, Vec<String>) {
        let status = self.process.shutdown(Duration::ZERO);
        let ok = status.is_some_and(|s| s.success());
        let how = status.map_or_else(|| "killed".to_owned(), |s| s.to_string());
        (ok, how, self.said.into_iter().collect())
    }
}

/// A database build that is running.
#[derive(Debug)]
pub(super) struct Build {
    /// The `build-db` process and its last lines.
    run: ToolRun,
    /// Its size.
    size: u32,
    /// Its last progress line.
    progress: Option<Progress>,
    started: Instant,
    /// Its place among the process's builds: freed when it is dropped.
    slot: BuildSlot,
}

impl Build {
    /// Its progress for the page.
    fn info(&self, other_page: bool) -> BuildInfo {
        BuildInfo {
            size: self.size,
            level: self.progress.as_ref().map(|p| p.level),
            levels: self.progress.as_ref().map(|p| p.levels),
            percent: self.progress.as_ref().map_or(0.0, |p| p.percent),
            elapsed_ms: u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX),
            other_page,
        }
    }
}

/// A check of the loaded database file that is running
/// (`ply-engine verify-db FILE`).
#[derive(Debug)]
pub(super) struct Verify {
    /// The `verify-db` process, and its last lines: the verdict, or why
    /// it failed.
    run: ToolRun,
}

/// How the last build (or check) ended, for the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct BuildEnd {
    /// In words.
    pub(super) text: String,
    /// Whether it failed.
    pub(super) failed: bool,
}

impl PageSession {
    /// The game's database, if it has any.
    pub(super) fn database_ui(&self) -> Option<&'static DatabaseUi> {
        games::ui(self.record.options().variant()).database
    }

    /// Whether the game's database gives perfect play (`perfect`
    /// strength): one of exact values, as Kalah's.
    pub(super) fn plays_perfectly(&self) -> bool {
        self.database_ui().is_some_and(|db| db.perfect_play)
    }

    /// The database the engine of `slot` has loaded, in its words; `None`
    /// when it has none or is not started yet.
    pub(super) fn database_of(&self, slot: usize) -> Option<&str> {
        self.databases[slot].as_deref()
    }

    /// Reads the engine's words on its database among `notes` (its `info
    /// string`s).
    pub(super) fn note_database(&mut self, slot: usize, notes: &[String]) {
        for note in notes {
            if let Some(loaded) = loaded_database(note) {
                self.databases[slot] = Some(loaded.to_owned());
            }
        }
    }

    /// Reads what the engine of `slot` said while a command was checked
    /// (a `position` of another board makes it look in the cache again).
    pub(super) fn take_notes(&mut self, slot: usize) {
        if let Some(engine) = self.engines[slot].as_mut() {
            let notes = engine.take_notes();
            self.note_database(slot, &notes);
        }
    }

    /// The page's "build the database of `size`": starts `build-db` with
    /// the game's arguments for the rules in force.
    pub(super) fn build_database(&mut self, size: u32) -> Result<(), String> {
        let variant = self.record.options().variant();
        let ui = self
            .database_ui()
            .ok_or_else(|| format!("{} has no database to build", variant.name()))?;
        if self.build.is_some() {
            return Err("a database is being built: wait for it or cancel it".to_owned());
        }
        let plan = (ui.plan)(&self.option_values, size)?;
        let offered = (ui.choices)(&self.option_values);
        if !offered.contains(&size) {
            let offered: Vec<String> = offered.iter().map(ToString::to_string).collect();
            return Err(format!(
                "{size} {} is not offered for these rules: choose {}",
                ui.size_unit,
                offered.join(", ")
            ));
        }
        let builds = Arc::clone(&self.config.builds);
        let started = Instant::now();
        let pending = BuildInfo {
            size,
            level: None,
            levels: None,
            percent: 0.0,
            elapsed_ms: 0,
            // What the other pages see (this page shows its own build).
            other_page: true,
        };
        if let Err(running) = builds.start(self.page, pending) {
            return Err(format!(
                "another page is building the database of {} {}: wait for it to end",
                running.size, ui.size_unit
            ));
        }
        let slot = BuildSlot::new(builds, self.page);
        let run = ToolRun::spawn(&self.config.engine_paths[0], "build-db", &plan.args)
            .map_err(|e| format!("cannot build: {e}"))?;
        self.build = Some(Build {
            run,
            size,
            progress: None,
            started,
            slot,
        });
        self.build_end = None;
        Ok(())
    }

    /// The page's "cancel the build": the process is asked to end
    /// (SIGTERM), which removes its temporary file, and killed if it
    /// lingers (the next build removes what a killed one left,
    /// docs/endgame-db.md). A build that has said nothing yet may not
    /// have its handler yet (it starts with SIGTERM ignored): its first
    /// line is awaited first.
    pub(super) fn cancel_build(&mut self) -> Result<(), String> {
        let Some(mut build) = self.build.take() else {
            if self.config.builds.snapshot().running.is_some() {
                return Err(
                    "the database being built was started from another page: cancel it there"
                        .to_owned(),
                );
            }
            return Err("no database is being built".to_owned());
        };
        if build.progress.is_none() && build.run.said.is_empty() {
            let deadline = Some(Instant::now() + CANCEL_GRACE);
            let _ =
                build
                    .run
                    .process
                    .read_until(deadline, None, "the build's first line", |_, _| Some(()));
        }
        build.run.process.terminate(CANCEL_GRACE);
        let unit = self.database_ui().map_or("", |ui| ui.size_unit);
        self.build_end = Some(BuildEnd {
            text: format!(
                "the build of the database of {} {unit} was cancelled",
                build.size
            ),
            failed: true,
        });
        Ok(())
    }

    /// Reads the build's output; true when something changed for the page.
    /// A finished build makes the engines look in the cache again.
    pub(super) fn poll_build(&mut self) -> bool {
        let Some(build) = &mut self.build else {
            return self.poll_other_pages_build();
        };
        let progress = &mut build.progress;
        let polled = build.run.poll(|line| {
            let parsed = parse_progress(line);
            let is_progress = parsed.is_some();
            if is_progress {
                *progress = parsed;
            }
            is_progress
        });
        if let ToolPoll::Running(came) = polled {
            if came {
                build.slot.update(build.info(true));
            }
            return came;
        }
        let Some(build) = self.build.take() else {
            return true;
        };
        let seconds = build.started.elapsed().as_secs_f64();
        let slot = build.slot;
        let (ok, how, said) = build.run.finish();
        self.build_end = Some(if ok {
            BuildEnd {
                text: format!(
                    "built in {seconds:.1} s: {}",
                    said.last().map_or("", String::as_str)
                ),
                failed: false,
            }
        } else {
            BuildEnd {
                text: format!("the build failed ({how}): {}", said.join(" / ")),
                failed: true,
            }
        });
        if ok {
            slot.finished();
            self.builds_seen += 1;
            self.reload_databases();
        }
        true
    }

    /// The page's "check the database": runs `verify-db` on the file the
    /// engine of the side to move has loaded.
    pub(super) fn verify_database(&mut self) -> Result<(), String> {
        if self.verify.is_some() {
            return Err("the database is being checked: wait for the result".to_owned());
        }
        let slot = self.slot(self.shown().side_to_move());
        let file = self
            .database_of(slot)
            .and_then(loaded_file)
            .ok_or_else(|| "no database is loaded: nothing to check".to_owned())?
            .to_owned();
        let args = ["verify-db".to_owned(), file];
        let run = ToolRun::spawn(&self.config.engine_paths[0], "verify-db", &args)
            .map_err(|e| format!("cannot check: {e}"))?;
        self.verify = Some(Verify { run });
        self.verify_end = None;
        Ok(())
    }

    /// Reads the check's output; true when it ended (the page shows how).
    /// A damaged file is said, and the engines look in the cache again
    /// (their engine drops a file it found damaged itself).
    pub(super) fn poll_verify(&mut self) -> bool {
        let Some(verify) = &mut self.verify else {
            return false;
        };
        if let ToolPoll::Running(_) = verify.run.poll(|_| false) {
            return false;
        }
        let Some(verify) = self.verify.take() else {
            return true;
        };
        let (ok, _, said) = verify.run.finish();
        self.verify_end = Some(BuildEnd {
            text: said
                .iter()
                .map(|line| line.trim_start_matches("ply-engine: "))
                .collect::<Vec<_>>()
                .join(" / "),
            failed: !ok,
        });
        true
    }

    /// For a page that runs no build: whether another page's build made
    /// progress, ended, or (ended well) made the engines look in the
    /// cache again.
    fn poll_other_pages_build(&mut self) -> bool {
        let board = self.config.builds.snapshot();
        let running = board.running.map(|(_, info)| info);
        let mut changed = false;
        if board.finished != self.builds_seen {
            self.builds_seen = board.finished;
            self.reload_databases();
            changed = true;
        }
        // The progress lines come about once a level: each is news.
        let shown = running.as_ref().map(|info| (info.size, info.level));
        let seen = self
            .other_build_seen
            .as_ref()
            .map(|info| (info.size, info.level));
        if shown != seen {
            changed = true;
        }
        self.other_build_seen = running;
        changed
    }

    /// After a build: every engine looks in the cache again when it is
    /// next readied (the rules and `EndgameDB auto` are sent afresh), and
    /// the engine of the side to move is readied now, so the page learns
    /// at once. A running search is cancelled (and started again).
    fn reload_databases(&mut self) {
        self.cancel_search();
        self.rules_sent = [None, None];
        self.databases = [None, None];
        self.learn_failed = [false, false];
        self.exact = None;
        if let Err(message) = self.learn_database() {
            self.build_end = Some(BuildEnd {
                text: format!("built, but the engine could not load it: {message}"),
                failed: true,
            });
        }
    }

    /// Readies the engine of the shown position's side to move, when its
    /// database is not known yet, to learn which it has loaded; true when
    /// it did.
    pub(super) fn learn_database(&mut self) -> Result<bool, String> {
        if self.database_ui().is_none() || self.search.is_some() {
            return Ok(false);
        }
        let slot = self.slot(self.shown().side_to_move());
        if self.rules_sent[slot].is_some() {
            return Ok(false);
        }
        if self.learn_failed[slot] {
            return Ok(false);
        }
        let multipv = self.multipv_sent[slot].unwrap_or(1);
        let readied = self.ready_engine(slot, multipv).map(|_| ());
        if let Err(error) = readied {
            self.drop_engine(slot);
            // Said once; the next search says it again if it still fails.
            self.learn_failed[slot] = true;
            return Err(error.to_string());
        }
        Ok(true)
    }

    /// The database part of the page's state, for a game that has one.
    pub(super) fn database_info(&self) -> Option<DatabaseInfo> {
        let ui = self.database_ui()?;
        let slot = self.slot(self.shown().side_to_move());
        // Only bigger databases than the one loaded are worth building.
        let loaded_size = self.database_of(slot).and_then(cached_size);
        let choices = (ui.choices)(&self.option_values)
            .into_iter()
            .filter(|&size| loaded_size.is_none_or(|loaded| size > loaded))
            .filter_map(|size| {
                // Only the builds this machine has the memory and disk for.
                let plan = (ui.plan)(&self.option_values, size)
                    .ok()
                    .filter(database_size::fits_here)?;
                Some(BuildChoice {
                    size,
                    bytes: plan.bytes,
                    seconds: plan.seconds,
                })
            })
            .collect();
        Some(DatabaseInfo {
            loaded: self.database_of(slot).map(str::to_owned),
            known: self.rules_sent[slot].is_some(),
            size_unit: ui.size_unit,
            choices,
            build: match &self.build {
                Some(build) => Some(build.info(false)),
                None => self.config.builds.snapshot().running.map(|(_, info)| info),
            },
            build_end: self.build_end.as_ref().map(|e| e.text.clone()),
            build_failed: self.build_end.as_ref().is_some_and(|e| e.failed),
            verifying: self.verify.is_some(),
            verify_end: self.verify_end.as_ref().map(|e| e.text.clone()),
            verify_failed: self.verify_end.as_ref().is_some_and(|e| e.failed),
            perfect_note: self.perfect_note(),
            perfect_play: ui.perfect_play,
            results: ui.results,
        })
    }

    /// Why a side's perfect strength plays at the default strength: its
    /// engine has no database for the board (once known).
    fn perfect_note(&self) -> Option<String> {
        let variant = self.record.options().variant();
        let sides: Vec<&str> = [Player::One, Player::Two]
            .into_iter()
            .filter(|&side| {
                let slot = self.slot(side);
                self.strength[side.index()] == Strength::Perfect
                    && self.rules_sent[slot].is_some()
                    && self.database_of(slot).is_none()
            })
            .map(|side| variant.side_name(side))
            .collect();
        (!sides.is_empty()).then(|| {
            format!(
                "perfect play needs a database for this board: until one is built, the engine \
                 plays {} at {}",
                sides.join(" and "),
                Strength::default()
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_lines_are_read() {
        assert_eq!(
            parse_progress(
                "working on level 17/20 (seeds on the board): 12.3% of the entries done, 0:05 elapsed"
            ),
            Some(Progress {
                level: 17,
                levels: 20,
                percent: 12.3
            })
        );
        assert_eq!(
            parse_progress(
                "working on level 0/10 (seeds on the board): 0.0% of the entries done, 0:00 elapsed"
            ),
            Some(Progress {
                level: 0,
                levels: 10,
                percent: 0.0
            })
        );
        for other in [
            "building Kalah(4) standard capture, at most 10 seeds on the board, 2 thread(s)",
            "43,758 entries, 43,798 bytes (0.0 MiB), built in 0:00, saved in 0:00: x.db",
            "working on level x/20 (seeds on the board): 1.0% of the entries done",
            "working on level 3/20 (seeds on the board): lots% of the entries done",
            "Error: cannot make the cache directory /x: Permission denied",
            "",
        ] {
            assert_eq!(parse_progress(other), None, "{other}");
        }
    }

    #[test]
    fn the_loaded_file_is_read_from_the_engines_words() {
        assert_eq!(
            loaded_file("/c/ply/kalah-6-standard-24.db (found by auto): 6 pits, standard capture"),
            Some("/c/ply/kalah-6-standard-24.db")
        );
        assert_eq!(
            loaded_file("/my dbs/a: b.db: 6 pits, standard capture"),
            Some("/my dbs/a: b.db")
        );
        assert_eq!(loaded_file("no path here"), None);
    }

    #[test]
    fn a_cached_databases_size_is_read_from_its_name() {
        assert_eq!(
            cached_size("/c/ply/kalah-6-empty-capture-24.db (found by auto): 6 pits, …"),
            Some(24)
        );
        assert_eq!(cached_size("/c/kalah6-20.db: 6 pits, …"), None);
        assert_eq!(cached_size("/c/ply/kalah-6-x.db (found by auto): …"), None);
    }

    #[test]
    fn the_engines_words_on_its_database_are_read() {
        assert_eq!(
            loaded_database(
                "endgame database /c/ply/kalah-4-standard-10.db (found by auto): 4 pits, standard capture"
            ),
            Some("/c/ply/kalah-4-standard-10.db (found by auto): 4 pits, standard capture")
        );
        assert_eq!(
            loaded_database("EndgameDB auto: bad file; going on without an endgame database"),
            None
        );
    }
}
