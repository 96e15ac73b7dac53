//! The progress of `ply-engine build-db`, `verify-db` and `tune` on
//! stderr (a module of the binary).
//!
//! On a terminal, a bar redrawn in place ([`indicatif`], whose estimate of
//! the time left is smoothed, so the first guesses of a build are not
//! wild). Anywhere else (a log file, a pipe), a bar's carriage-return
//! frames would fill the log with hundreds of copies, so a plain line is
//! printed when the build reaches a new level (seed count) instead: a
//! handful of lines in all.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};

use indicatif::{ProgressBar, ProgressStyle};
use ply_engine::endgame::{Progress, format_duration};

/// Width of the bar, in characters.
const BAR_WIDTH: usize = 30;

/// Shows a build's progress on stderr, as a bar or as lines.
#[derive(Debug)]
pub enum BuildProgress {
    /// stderr is a terminal: a bar.
    Bar(ProgressBar),
    /// stderr is not a terminal: a line per level reached.
    Lines {
        /// The last level a line was printed for.
        last_level: Option<u8>,
    },
}

impl BuildProgress {
    /// A bar when stderr is a terminal, else lines.
    #[must_use]
    pub fn for_stderr() -> Self {
        if !std::io::stderr().is_terminal() {
            return Self::Lines { last_level: None };
        }
        let template = format!(
            "[{{bar:{BAR_WIDTH}}}] {{percent:>3}}%  level {{msg}}  elapsed {{elapsed}}  left {{eta}}"
        );
        let bar = ProgressBar::new(0);
        // The template is fixed: should it ever be refused, the default style stays.
        if let Ok(style) = ProgressStyle::with_template(&template) {
            bar.set_style(style.progress_chars("#>-"));
        }
        Self::Bar(bar)
    }

    /// Shows where the build is.
    pub fn update(&mut self, progress: &Progress) {
        let level = format!("{}/{}", progress.level, progress.max_level);
        match self {
            Self::Bar(bar) => {
                bar.set_length(progress.total);
                bar.set_position(progress.done);
                bar.set_message(level);
            }
            Self::Lines { last_level } => {
                // The end is said by the summary that follows.
                let finished = progress.done >= progress.total;
                if finished || *last_level == Some(progress.level) {
                    return;
                }
                *last_level = Some(progress.level);
                eprintln!(
                    "working on level {level} (seeds or pieces on the board): {:.1}% of the entries done, \
                     {} elapsed",
                    progress.fraction() * 100.0,
                    format_duration(progress.elapsed)
                );
            }
        }
    }

    /// The build is over: the bar is cleared, for the summary that follows.
    pub fn finish(self) {
        if let Self::Bar(bar) = self {
            bar.finish_and_clear();
        }
    }
}

/// Shows a check's progress on stderr: a bar on a terminal, nothing
/// elsewhere (a check takes seconds; its result line says the rest).
#[derive(Debug)]
pub struct VerifyProgress(Option<ProgressBar>);

impl VerifyProgress {
    /// A bar when stderr is a terminal, else nothing.
    #[must_use]
    pub fn for_stderr() -> Self {
        if !std::io::stderr().is_terminal() {
            return Self(None);
        }
        let template = format!("checking [{{bar:{BAR_WIDTH}}}] {{percent:>3}}%  left {{eta}}");
        let bar = ProgressBar::new(0);
        if let Ok(style) = ProgressStyle::with_template(&template) {
            bar.set_style(style.progress_chars("#>-"));
        }
        Self(Some(bar))
    }

    /// `done` of `total` parts checked.
    pub fn update(&mut self, done: u64, total: u64) {
        if let Some(bar) = &self.0 {
            bar.set_length(total);
            bar.set_position(done);
        }
    }

    /// The check is over: the bar is cleared.
    pub fn finish(self) {
        if let Some(bar) = self.0 {
            bar.finish_and_clear();
        }
    }
}

/// Lines a count prints off a terminal: one at each tenth.
const COUNT_LINES: u64 = 10;

/// Shows how many of a known number of things are done (`tune`'s games
/// and epochs) on stderr: a bar on a terminal, a line at each tenth
/// elsewhere. Threads may report at once.
#[derive(Debug)]
pub struct CountProgress {
    /// The bar, on a terminal.
    bar: Option<ProgressBar>,
    /// What is counted, for the lines ("games").
    what: &'static str,
    /// How many there are (set again by [`Self::update_of`]).
    total: AtomicU64,
    /// The last tenth a line was printed for.
    tenth: AtomicU64,
}

impl CountProgress {
    /// A count of `total` things called `what`.
    #[must_use]
    pub fn for_stderr(what: &'static str, total: u64) -> Self {
        let bar = std::io::stderr().is_terminal().then(|| {
            let template = format!(
                "[{{bar:{BAR_WIDTH}}}] {{pos}}/{{len}} {what}  elapsed {{elapsed}}  left {{eta}}"
            );
            let bar = ProgressBar::new(total);
            if let Ok(style) = ProgressStyle::with_template(&template) {
                bar.set_style(style.progress_chars("#>-"));
            }
            bar
        });
        Self {
            bar,
            what,
            total: AtomicU64::new(total),
            tenth: AtomicU64::new(0),
        }
    }

    /// Runs `work` with a count of `total` things called `what` shown,
    /// which `work` reports to by calling its argument with how many are
    /// done; the count is cleared when `work` returns.
    pub fn around<T>(
        what: &'static str,
        total: usize,
        work: impl FnOnce(&(dyn Fn(usize) + Sync)) -> T,
    ) -> T {
        let progress = Self::for_stderr(what, total as u64);
        let result = work(&|done| progress.update(done as u64));
        progress.finish();
        result
    }

    /// As [`Self::around`], for work that learns how many things there
    /// are only once it starts (the games of a data file, the openings of
    /// a match): `work` reports how many are done and of how many.
    pub fn around_counted<T>(
        what: &'static str,
        work: impl FnOnce(&(dyn Fn(usize, usize) + Sync)) -> T,
    ) -> T {
        let progress = Self::for_stderr(what, 0);
        let result = work(&|done, total| progress.update_of(done as u64, total as u64));
        progress.finish();
        result
    }

    /// `done` things are done.
    pub fn update(&self, done: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(done);
            return;
        }
        let total = self.total.load(Ordering::Relaxed);
        let tenth = done * COUNT_LINES / total.max(1);
        if tenth > self.tenth.fetch_max(tenth, Ordering::Relaxed) {
            eprintln!("{done} of {total} {} done", self.what);
        }
    }

    /// `done` of `total` things are done.
    pub fn update_of(&self, done: u64, total: u64) {
        self.total.store(total, Ordering::Relaxed);
        if let Some(bar) = &self.bar {
            bar.set_length(total);
        }
        self.update(done);
    }

    /// The count is over: the bar is cleared.
    pub fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}
