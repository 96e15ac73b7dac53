//! The `info string` labels a front end reads, as the engine writes them
//! (docs/protocol.md): `proven margin …` after a line whose value is
//! proven, `multipv k proven margin …` for line k of several, and
//! `multipv k between L and U` for a line of `solve` whose value is only
//! bounded (Oware, where the repetition rule can leave it open).

/// How the engine labels a proven line: `info string [multipv k ]proven margin …`.
const PROVEN_PREFIX: &str = "proven margin";
/// The `info string` prefix naming a MultiPV line.
const MULTIPV_PREFIX: &str = "multipv ";

/// The line (1 without `multipv k`) an `info string` says is proven, if
/// it is such a label.
#[must_use]
pub fn proven_line(text: &str) -> Option<u32> {
    if text.starts_with(PROVEN_PREFIX) {
        return Some(1);
    }
    let rest = text.strip_prefix(MULTIPV_PREFIX)?;
    let (rank, label) = rest.split_once(' ')?;
    label
        .starts_with(PROVEN_PREFIX)
        .then(|| rank.parse().ok())
        .flatten()
}

/// The words between a bounded line's two bounds.
const BETWEEN: &str = "between ";
const AND: &str = " and ";

/// The label of line `rank` of `solve` whose value is proven to lie
/// between `lower` and `upper`: `multipv 2 between -4 and 6`.
#[must_use]
pub fn bounds_label(rank: u32, lower: i32, upper: i32) -> String {
    format!("{MULTIPV_PREFIX}{rank} {BETWEEN}{lower}{AND}{upper}")
}

/// The line and its bounds an `info string` gives, if it is a
/// [`bounds_label`].
#[must_use]
pub fn bounded_line(text: &str) -> Option<(u32, i32, i32)> {
    let rest = text.strip_prefix(MULTIPV_PREFIX)?;
    let (rank, label) = rest.split_once(' ')?;
    let (lower, upper) = label.strip_prefix(BETWEEN)?.split_once(AND)?;
    let (lower, upper): (i32, i32) = (lower.parse().ok()?, upper.parse().ok()?);
    (lower <= upper).then_some((rank.parse().ok()?, lower, upper))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounded_lines_round_trip() {
        assert_eq!(bounds_label(2, -4, 6), "multipv 2 between -4 and 6");
        assert_eq!(bounded_line(&bounds_label(2, -4, 6)), Some((2, -4, 6)));
        assert_eq!(bounded_line("multipv 1 between +3 and 9"), Some((1, 3, 9)));
        for other in [
            "multipv 2 between 6 and -4",
            "multipv 2 between -4 and",
            "multipv x between 1 and 2",
            "multipv 3 proven margin 0 (solved)",
            "solve: the value is between 1 and 2",
        ] {
            assert_eq!(bounded_line(other), None, "{other}");
        }
    }

    #[test]
    fn proven_labels_name_their_line() {
        assert_eq!(proven_line("proven margin +8 (endgame database)"), Some(1));
        assert_eq!(
            proven_line("multipv 3 proven margin 0 (searched to the end of the game)"),
            Some(3)
        );
        assert_eq!(
            proven_line("search stopped at depth 9 of 20: the value is proven"),
            None
        );
        assert_eq!(proven_line("multipv x proven margin 1"), None);
        // A database bound proves no margin: the line is not proven.
        assert_eq!(
            proven_line("proven win, margin at least +2 (endgame database)"),
            None
        );
        assert_eq!(
            proven_line("multipv 2 proven loss, margin at most -4 (endgame database)"),
            None
        );
    }
}
