//! UTC timestamps for the game records (`started`), from which the PGN
//! `Date` tag is taken.

use jiff::Timestamp;

/// The `strftime` form of [`rfc3339_seconds`]: whole seconds, UTC, `Z`.
const RFC3339_SECONDS: &str = "%Y-%m-%dT%H:%M:%SZ";

/// `YYYY-MM-DDTHH:MM:SSZ` (RFC 3339 in UTC, without fractions of a second,
/// which the records do not need and older readers do not expect).
#[must_use]
pub fn rfc3339_seconds(moment: Timestamp) -> String {
    moment.strftime(RFC3339_SECONDS).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates() {
        let at = |s: i64| rfc3339_seconds(Timestamp::from_second(s).expect("in range"));
        assert_eq!(at(0), "1970-01-01T00:00:00Z");
        assert_eq!(at(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(at(1_763_683_200 + 3723), "2025-11-21T01:02:03Z");
        // Fractions of a second are dropped, not rounded.
        let late = Timestamp::new(59, 999_999_999).expect("in range");
        assert_eq!(rfc3339_seconds(late), "1970-01-01T00:00:59Z");
    }
}
