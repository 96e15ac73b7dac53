//! Calendar dates for PGN `Date` tags and JSON timestamps, without a
//! date-time dependency: UTC from the system clock.

use std::time::{SystemTime, UNIX_EPOCH};

/// A moment in UTC, broken down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UtcTime {
    /// Year.
    pub year: i64,
    /// Month, 1-12.
    pub month: u32,
    /// Day, 1-31.
    pub day: u32,
    /// Hour, 0-23.
    pub hour: u32,
    /// Minute.
    pub minute: u32,
    /// Second.
    pub second: u32,
}

impl UtcTime {
    /// Now.
    #[must_use]
    pub fn now() -> Self {
        let seconds = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Self::from_unix(i64::try_from(seconds).unwrap_or(0))
    }

    /// From seconds since 1970-01-01 00:00 UTC (Hinnant's civil-from-days).
    #[must_use]
    pub fn from_unix(seconds: i64) -> Self {
        let days = seconds.div_euclid(86_400);
        let rest = seconds.rem_euclid(86_400);
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        // Every value below is in range by construction.
        let small = |v: i64| u32::try_from(v).unwrap_or(0);
        Self {
            year,
            month: small(month),
            day: small(day),
            hour: small(rest / 3600),
            minute: small(rest % 3600 / 60),
            second: small(rest % 60),
        }
    }

    /// `YYYY.MM.DD`, as PGN writes dates.
    #[must_use]
    pub fn pgn_date(&self) -> String {
        format!("{:04}.{:02}.{:02}", self.year, self.month, self.day)
    }

    /// `HH:MM:SS`, as PGN's `Time` tag.
    #[must_use]
    pub fn pgn_time(&self) -> String {
        format!("{:02}:{:02}:{:02}", self.hour, self.minute, self.second)
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` (RFC 3339).
    #[must_use]
    pub fn rfc3339(&self) -> String {
        format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z",
            self.year, self.month, self.day, self.hour, self.minute, self.second
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates() {
        assert_eq!(UtcTime::from_unix(0).rfc3339(), "1970-01-01T00:00:00Z");
        assert_eq!(UtcTime::from_unix(951_782_400).pgn_date(), "2000.02.29");
        assert_eq!(
            UtcTime::from_unix(1_763_683_200 + 3723).rfc3339(),
            "2025-11-21T01:02:03Z"
        );
    }
}
