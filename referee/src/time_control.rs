//! Time controls in cutechess's notation: `tc=[moves/]time[+inc]`.
//!
//! Times are in seconds (fractions allowed) or `minutes:seconds`:
//! `10+0.1` is ten seconds and a tenth per move, `40/60` is sixty seconds
//! for every forty moves, `1:30+1` is ninety seconds and one per move, and
//! `inf` is no clock at all.

use std::fmt;
use std::time::Duration;

use thiserror::Error;

/// A time control that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "bad time control '{text}': {reason} (expected [moves/]time[+increment] in seconds, e.g. 40/60, 10+0.1, 1:30+1 or inf)"
)]
pub struct TimeControlError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

/// A chess-style clock: `time` for every `moves` moves (or for the whole
/// game), plus `increment` after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// `inf`: no clock.
    Infinite,
    /// A clock.
    Clock {
        /// Moves per period (`None`: the whole game is one period).
        moves: Option<u32>,
        /// Time per period.
        time: Duration,
        /// Added after every move.
        increment: Duration,
    },
}

impl TimeControl {
    /// Reads `[moves/]time[+inc]` or `inf`.
    ///
    /// # Errors
    /// [`TimeControlError`] saying what is wrong.
    pub fn parse(text: &str) -> Result<Self, TimeControlError> {
        let err = |reason: &str| TimeControlError {
            text: text.to_owned(),
            reason: reason.to_owned(),
        };
        let trimmed = text.trim();
        if trimmed.eq_ignore_ascii_case("inf") || trimmed.eq_ignore_ascii_case("infinite") {
            return Ok(Self::Infinite);
        }
        let (moves, rest) = match trimmed.split_once('/') {
            Some((moves, rest)) => {
                let moves: u32 = moves
                    .parse()
                    .ok()
                    .filter(|&m| m > 0)
                    .ok_or_else(|| err("the number of moves must be a whole number above 0"))?;
                (Some(moves), rest)
            }
            None => (None, trimmed),
        };
        let (time, increment) = match rest.split_once('+') {
            Some((time, inc)) => (time, Some(inc)),
            None => (rest, None),
        };
        let time = parse_clock_time(time).map_err(err)?;
        if time.is_zero() {
            return Err(err("the time must be above 0"));
        }
        let increment = match increment {
            Some(inc) => {
                parse_seconds(inc).ok_or_else(|| err("the increment is not a number of seconds"))?
            }
            None => Duration::ZERO,
        };
        Ok(Self::Clock {
            moves,
            time,
            increment,
        })
    }
}

/// The longest time any time value may give, in seconds (about 31 years):
/// far beyond any game, and small enough that no sum of clock times
/// overflows a [`Duration`] or an engine's millisecond count.
const MAX_SECONDS: u64 = 1_000_000_000;

/// Seconds in a minute, for `minutes:seconds`.
const SECONDS_PER_MINUTE: u64 = 60;

/// `seconds` or `minutes:seconds`, or why it is neither. The minutes are
/// checked against [`MAX_SECONDS`] like plain seconds, so that a huge
/// minute count is an error rather than an overflow.
fn parse_clock_time(text: &str) -> Result<Duration, &'static str> {
    const NOT_SECONDS: &str = "the time is not a number of seconds";
    const TOO_LONG: &str = "the time must be below 1000000000 seconds";
    match text.split_once(':') {
        Some((minutes, seconds)) => {
            let minutes: u64 = minutes.parse().map_err(|_| NOT_SECONDS)?;
            let seconds = parse_seconds(seconds).ok_or(NOT_SECONDS)?;
            minutes
                .checked_mul(SECONDS_PER_MINUTE)
                .map(Duration::from_secs)
                .and_then(|minutes| minutes.checked_add(seconds))
                .filter(|total| *total < Duration::from_secs(MAX_SECONDS))
                .ok_or(TOO_LONG)
        }
        None => parse_seconds(text).ok_or(NOT_SECONDS),
    }
}

/// A non-negative number of seconds, fractions allowed.
pub fn parse_seconds(text: &str) -> Option<Duration> {
    let value: f64 = text.trim().parse().ok()?;
    // Exact: MAX_SECONDS is far below 2^53.
    let max = MAX_SECONDS as f64;
    (0.0..max)
        .contains(&value)
        .then(|| Duration::from_secs_f64(value))
}

/// Seconds written without needless decimals: `10`, `0.1`, `1.25`.
#[must_use]
pub fn format_seconds(duration: Duration) -> String {
    let ms = duration.as_millis();
    if ms.is_multiple_of(1000) {
        format!("{}", ms / 1000)
    } else {
        let text = format!("{:.3}", duration.as_secs_f64());
        text.trim_end_matches('0').to_owned()
    }
}

impl fmt::Display for TimeControl {
    /// The cutechess spelling, which [`TimeControl::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Infinite => f.write_str("inf"),
            Self::Clock {
                moves,
                time,
                increment,
            } => {
                if let Some(moves) = moves {
                    write!(f, "{moves}/")?;
                }
                f.write_str(&format_seconds(*time))?;
                if !increment.is_zero() {
                    write!(f, "+{}", format_seconds(*increment))?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(moves: Option<u32>, ms: u64, inc_ms: u64) -> TimeControl {
        TimeControl::Clock {
            moves,
            time: Duration::from_millis(ms),
            increment: Duration::from_millis(inc_ms),
        }
    }

    #[test]
    fn reads_cutechess_time_controls() {
        assert_eq!(TimeControl::parse("10+0.1"), Ok(clock(None, 10_000, 100)));
        assert_eq!(TimeControl::parse("40/60"), Ok(clock(Some(40), 60_000, 0)));
        assert_eq!(TimeControl::parse("1:30+1"), Ok(clock(None, 90_000, 1000)));
        assert_eq!(TimeControl::parse("0.5"), Ok(clock(None, 500, 0)));
        assert_eq!(TimeControl::parse("inf"), Ok(TimeControl::Infinite));
    }

    #[test]
    fn refuses_nonsense_with_a_reason() {
        for bad in ["", "x", "0", "40/", "/60", "0/60", "10+x", "-5", "10+-1"] {
            let err = TimeControl::parse(bad).expect_err(bad);
            assert!(err.to_string().contains("expected"), "{err}");
        }
    }

    #[test]
    fn huge_minutes_are_an_error_not_an_overflow() {
        for huge in [
            "307445734561825860:59.9",
            "18446744073709551615:0",
            "16666667:0",
            "40/16666666:40+1",
        ] {
            let err = TimeControl::parse(huge).expect_err(huge);
            assert!(
                err.to_string().contains("below 1000000000 seconds"),
                "{err}"
            );
        }
        assert_eq!(
            TimeControl::parse("16666666:39"),
            Ok(clock(None, 999_999_999_000, 0))
        );
    }

    #[test]
    fn prints_what_it_reads() {
        for text in ["10+0.1", "40/60", "90+1", "0.5", "inf", "40/60+0.25"] {
            let tc = TimeControl::parse(text).expect(text);
            assert_eq!(tc.to_string(), text);
            assert_eq!(TimeControl::parse(&tc.to_string()), Ok(tc));
        }
    }
}
