//! The progress of `ply-engine analyse` on stderr: a bar (positions done,
//! rate, time left) when stderr is a terminal, nothing otherwise, so logs
//! and pipes get no carriage-return frames.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

/// Width of the bar, in characters.
const BAR_WIDTH: usize = 30;

/// A progress bar, hidden when stderr is not a terminal.
#[derive(Debug)]
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// A bar for `total` positions on stderr, if stderr is a terminal.
    #[must_use]
    pub fn for_stderr(total: usize) -> Self {
        if !std::io::stderr().is_terminal() {
            return Self::hidden();
        }
        let bar = ProgressBar::new(total as u64);
        let template = format!(
            "[{{bar:{BAR_WIDTH}}}] {{pos}}/{{len}} positions  {{per_sec}}  elapsed {{elapsed}}  left {{eta}}"
        );
        // The template is fixed: should it ever be refused, the default style stays.
        if let Ok(style) = ProgressStyle::with_template(&template) {
            bar.set_style(style.progress_chars("#>-"));
        }
        Self { bar }
    }

    /// No bar at all.
    #[must_use]
    pub fn hidden() -> Self {
        Self {
            bar: ProgressBar::hidden(),
        }
    }

    /// The positions to do, when they are known only after the bar was made.
    pub fn set_length(&self, total: usize) {
        self.bar.set_length(total as u64);
    }

    /// One more position to do (read from an input of unknown length).
    pub fn one_more(&self) {
        self.bar.inc_length(1);
    }

    /// One more position done.
    pub fn done_one(&self) {
        self.bar.inc(1);
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
