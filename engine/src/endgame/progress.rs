//! Where a database build is, for its progress bar: the same for every
//! game's build.

use std::time::Duration;

/// Where a build is, as handed to its progress callback.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The level being computed: seeds on the board.
    pub level: u8,
    /// The last level: the database's seed limit.
    pub max_level: u8,
    /// Entries done, over all levels.
    pub done: u64,
    /// Entries in the database.
    pub total: u64,
    /// Time since the build started.
    pub elapsed: Duration,
}

impl Progress {
    pub(crate) fn new(level: u8, max_level: u8, done: u64, total: u64, elapsed: Duration) -> Self {
        Self {
            level,
            max_level,
            done,
            total,
            elapsed,
        }
    }

    /// Entries done as a fraction of all, `0.0..=1.0`.
    #[must_use]
    pub fn fraction(&self) -> f64 {
        if self.total == 0 {
            1.0
        } else {
            self.done as f64 / self.total as f64
        }
    }
}

/// A duration as `m:ss` (or `h:mm:ss`), or in milliseconds under a second.
#[must_use]
pub fn format_duration(duration: Duration) -> String {
    let seconds = duration.as_secs();
    if seconds == 0 {
        return format!("{}ms", duration.as_millis());
    }
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::format_duration;
    use std::time::Duration;

    #[test]
    fn durations_read_as_a_clock() {
        assert_eq!(format_duration(Duration::from_millis(5)), "5ms");
        assert_eq!(format_duration(Duration::from_secs(75)), "1:15");
        assert_eq!(format_duration(Duration::from_secs(3725)), "1:02:05");
    }
}
