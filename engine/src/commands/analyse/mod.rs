//! `ply-engine analyse`: analyses a file of positions, one a line, with
//! several in-process engine sessions at once, and writes one record a
//! line in input order (see `docs/analysis.md`).
//!
//! - [`input`]: reading the positions, and [`feed`]: handing them to the
//!   jobs as they are read;
//! - [`job`]: one session analysing one position at a time, and
//!   [`job_limit`]: how many run at once;
//! - [`record`]: what is said about a line, and [`mod@format`]: JSON or EPD;
//! - [`writer`]: input order whatever order the jobs finish in;
//! - [`resume`]: carrying on after an interrupted run;
//! - [`progress`]: the bar on stderr.

pub mod feed;
pub mod format;
pub mod input;
pub mod job;
pub mod job_limit;
pub mod progress;
pub mod record;
pub mod resume;
pub mod writer;

use std::io::Write;
use std::sync::mpsc;

use ply_protocol::{Command, GoParams, SolveParams};

pub use feed::Feed;
pub use format::Format;
pub use input::{InputLine, PositionSpec, input_lines, read_input};
pub use job::Job;
pub use job_limit::{JOBS_MEMORY_BUDGET_MB, JobLimit, hash_mb_of, limit_jobs};
pub use progress::Progress;
pub use record::{Origin, Record};
pub use resume::{Done, open_for_resume};
pub use writer::OrderedWriter;

/// The search depth when no limit is given: deep enough for a sound
/// answer in every game, quick enough for files of many positions (about
/// a tenth of a second a Kalah position), and never an infinite search.
pub const DEFAULT_DEPTH: u32 = 12;

/// How each position is searched.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limit {
    /// `go depth N`.
    pub depth: Option<u32>,
    /// `go nodes N`.
    pub nodes: Option<u64>,
    /// `go movetime MS`.
    pub movetime: Option<u64>,
    /// `solve` instead of `go`: the exact value (and with `MultiPV` K > 1
    /// the exact values of the K best moves), within `nodes` or
    /// `movetime` when given (`depth` does not apply: a solve's depth is
    /// not the search's).
    pub solve: bool,
}

impl Limit {
    /// The command of each position: `solve` with its node or time
    /// limit, or `go` with the limit ([`DEFAULT_DEPTH`] when none is
    /// given).
    #[must_use]
    pub fn command(self) -> Command {
        if self.solve {
            return Command::Solve(SolveParams {
                nodes: self.nodes,
                movetime: self.movetime,
            });
        }
        Command::Go(self.params())
    }

    /// The parameters of the `go` of [`Limit::command`].
    #[must_use]
    pub fn params(self) -> GoParams {
        let none = self.depth.is_none() && self.nodes.is_none() && self.movetime.is_none();
        GoParams {
            depth: if none {
                Some(DEFAULT_DEPTH)
            } else {
                self.depth
            },
            nodes: self.nodes,
            movetime: self.movetime,
            ..GoParams::default()
        }
    }
}

/// The `setoption` commands each job starts with: `Threads 1` (one search
/// thread a job, unless the options say otherwise), the variant, the
/// options in the order given, and `MultiPV`.
///
/// # Errors
/// An option that is not `NAME=VALUE` (or a bare `NAME` for a button).
pub fn setup_commands(
    variant: Option<&str>,
    options: &[String],
    multipv: Option<u32>,
) -> Result<Vec<Command>, String> {
    let set = |name: &str, value: Option<String>| Command::SetOption {
        name: name.to_owned(),
        value,
    };
    let mut commands = vec![set("Threads", Some("1".to_owned()))];
    if let Some(variant) = variant {
        commands.push(set("UCI_Variant", Some(variant.to_owned())));
    }
    for option in options {
        let (name, value) = match option.split_once('=') {
            Some((name, value)) => (name.trim(), Some(value.trim().to_owned())),
            None => (option.trim(), None),
        };
        if name.is_empty() {
            return Err(format!(
                "--option '{option}' has no name: expected NAME=VALUE (Seeds=4), or NAME for a button"
            ));
        }
        commands.push(set(name, value));
    }
    if let Some(k) = multipv {
        commands.push(set("MultiPV", Some(k.to_string())));
    }
    Ok(commands)
}

/// How a batch is run.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The `setoption` commands of every job (see [`setup_commands`]).
    pub setup: Vec<Command>,
    /// The command of every position (`go …` or `solve`).
    pub go: Command,
    /// Positions analysed at once.
    pub jobs: usize,
    /// How records are written.
    pub format: Format,
}

impl Settings {
    /// The settings as a record states them: the options set, as
    /// `NAME=VALUE` in order, then the command of each position
    /// (`Threads=1, Seeds=4; go depth 12`).
    #[must_use]
    pub fn description(&self) -> String {
        let options: Vec<String> = self
            .setup
            .iter()
            .filter_map(|command| match command {
                Command::SetOption { name, value: None } => Some(name.clone()),
                Command::SetOption {
                    name,
                    value: Some(value),
                } => Some(format!("{name}={value}")),
                _ => None,
            })
            .collect();
        format!("{}; {}", options.join(", "), self.go)
    }

    /// What the record of `line` says it was made from, with the
    /// settings as [`Self::description`] gives them.
    #[must_use]
    pub fn origin(line: &InputLine, description: &str) -> Origin {
        Origin {
            line: line.line,
            id: line.id.clone(),
            // Cut as error words are: a huge line is not echoed whole.
            input: line
                .position
                .as_ref()
                .ok()
                .map(|position| crate::input_text::cut(&position_text(position)).into_owned()),
            settings: description.to_owned(),
        }
    }
}

/// A position as the words after `position` (`startpos moves 3 6`).
fn position_text(position: &PositionSpec) -> String {
    let command = position.command().to_string();
    command
        .strip_prefix(POSITION)
        .map_or(command.clone(), |words| words.trim_start().to_owned())
}

/// The word that starts a `position` command.
const POSITION: &str = "position";

/// What a batch did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Records written.
    pub written: usize,
    /// The input line numbers that could not be analysed.
    pub bad_lines: Vec<usize>,
}

/// Errors that stop a batch.
#[derive(Debug, thiserror::Error)]
pub enum AnalyseError {
    /// The options make no game, or are not the engine's.
    #[error("the engine refused the options: {0}")]
    Setup(String),
    /// The output cannot be written (the cause follows in the error chain).
    #[error("cannot write the output")]
    Write(#[from] std::io::Error),
    /// The input could not be read to its end (the lines before were analysed).
    #[error("cannot read the input")]
    Read(#[source] std::io::Error),
}

/// Analyses `lines` with up to `settings.jobs` sessions at once, writing
/// one record a line to `out` in the order of `lines`. Lines are read as
/// jobs are free to take them, so analysis starts before the input ends
/// (a job's session is started with its first line: a short input starts
/// no more sessions than it has lines).
///
/// # Errors
/// The options are refused (before any line is read), `out` cannot be
/// written, or the input cannot be read to its end. A bad input line is
/// not an error here: it gets an error record and is listed in the summary.
pub fn analyse(
    settings: &Settings,
    lines: impl Iterator<Item = std::io::Result<InputLine>> + Send,
    out: impl Write,
    progress: &Progress,
) -> Result<Summary, AnalyseError> {
    // A first session is set up at once, so refused options stop the
    // batch before anything is read or written; the others start with
    // their first line.
    let mut first_job = Some(Job::new(&settings.setup).map_err(AnalyseError::Setup)?);
    let feed = Feed::new(lines);
    let description = settings.description();
    let mut writer = OrderedWriter::new(out);
    let mut summary = Summary::default();
    std::thread::scope(|scope| {
        let (sender, records) = mpsc::channel();
        for _ in 0..settings.jobs.max(1) {
            let (job, sender) = (first_job.take(), sender.clone());
            let (feed, description) = (&feed, description.as_str());
            scope.spawn(move || run_job(job, feed, settings, description, progress, &sender));
        }
        drop(sender);
        for (seq, record) in records {
            if record.error.is_some() {
                summary.bad_lines.push(record.origin.line);
            }
            writer.push(seq, settings.format.write(&record))?;
            summary.written += 1;
            progress.done_one();
        }
        Ok::<(), AnalyseError>(())
    })?;
    progress.finish();
    feed.finish().map_err(AnalyseError::Read)?;
    summary.bad_lines.sort_unstable();
    Ok(summary)
}

/// One job's loop: takes the next line, analyses it and sends its record
/// with its sequence number, until the input ends or the output has failed.
/// `job` is its session, or `None` to start one with the first line.
fn run_job<I: Iterator<Item = std::io::Result<InputLine>>>(
    mut job: Option<Job>,
    feed: &Feed<I>,
    settings: &Settings,
    description: &str,
    progress: &Progress,
    sender: &mpsc::Sender<(usize, Record)>,
) {
    while let Some((seq, line)) = feed.next_line() {
        progress.one_more();
        let (record, no_session) = match started(&mut job, &settings.setup) {
            Ok(job) => (analyse_line(job, &line, settings, description), false),
            Err(error) => {
                log::warn!("{error}");
                (
                    Record::failed(Settings::origin(&line, description), error),
                    true,
                )
            }
        };
        // The receiver has gone when the output failed: stop. A job whose
        // session would not start takes no more lines (the others, which
        // have theirs, analyse them), so at most one record a job fails so.
        if sender.send((seq, record)).is_err() || no_session {
            break;
        }
    }
}

/// The session of `job`, started with `setup` if it has not been. The
/// first session took the same options, so a later one fails only when
/// the memory has run out, which the error says how to avoid.
///
/// # Errors
/// The session would not start.
fn started<'a>(job: &'a mut Option<Job>, setup: &[Command]) -> Result<&'a mut Job, String> {
    match *job {
        Some(ref mut job) => Ok(job),
        None => {
            let new = Job::new(setup).map_err(|reason| {
                format!(
                    "cannot start another engine session: {reason}; each job has its own tables \
                     of Hash MB: lower --jobs or Hash (--option Hash=MB)"
                )
            })?;
            Ok(job.insert(new))
        }
    }
}

/// The record of one input line.
fn analyse_line(job: &mut Job, line: &InputLine, settings: &Settings, description: &str) -> Record {
    let origin = Settings::origin(line, description);
    let analysis = line
        .position
        .as_ref()
        .map_err(Clone::clone)
        .and_then(|position| job.analyse(position, &settings.go));
    match analysis {
        Ok(analysis) => Record {
            origin,
            error: None,
            analysis: Some(analysis),
        },
        Err(error) => Record::failed(origin, error),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_limit_is_a_fixed_depth() {
        assert_eq!(
            Limit::default().command().to_string(),
            format!("go depth {DEFAULT_DEPTH}")
        );
        let nodes = Limit {
            nodes: Some(500),
            ..Limit::default()
        };
        assert_eq!(nodes.command().to_string(), "go nodes 500");
        let solve = Limit {
            solve: true,
            ..Limit::default()
        };
        assert_eq!(solve.command().to_string(), "solve");
        let bounded = Limit {
            solve: true,
            movetime: Some(250),
            ..Limit::default()
        };
        assert_eq!(bounded.command().to_string(), "solve movetime 250");
    }

    #[test]
    fn a_record_states_its_line_position_and_settings() {
        let settings = Settings {
            setup: setup_commands(Some("kalah"), &["Clear Hash".into()], None).unwrap(),
            go: Limit::default().command(),
            jobs: 1,
            format: Format::Json,
        };
        let description = settings.description();
        assert_eq!(
            description,
            format!("Threads=1, UCI_Variant=kalah, Clear Hash; go depth {DEFAULT_DEPTH}")
        );
        let line = input::parse_line(4, "startpos moves 3 6 ; mine").unwrap();
        assert_eq!(
            Settings::origin(&line, &description),
            Origin {
                line: 4,
                id: Some("mine".into()),
                input: Some("startpos moves 3 6".into()),
                settings: description.clone(),
            }
        );
        let unreadable = input::parse_line(5, "moves 3").unwrap();
        assert_eq!(Settings::origin(&unreadable, &description).input, None);
    }

    #[test]
    fn setup_sets_one_thread_then_the_variant_options_and_multipv() {
        let lines: Vec<String> = setup_commands(
            Some("kalah"),
            &["Seeds=3".into(), "Clear Hash".into()],
            Some(2),
        )
        .unwrap()
        .iter()
        .map(ToString::to_string)
        .collect();
        assert_eq!(
            lines,
            [
                "setoption name Threads value 1",
                "setoption name UCI_Variant value kalah",
                "setoption name Seeds value 3",
                "setoption name Clear Hash",
                "setoption name MultiPV value 2",
            ]
        );
        assert!(
            setup_commands(None, &["=3".into()], None)
                .unwrap_err()
                .contains("NAME=VALUE")
        );
    }
}
