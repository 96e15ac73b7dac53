//! The `info string` labels a front end reads, as the engine writes them
//! (docs/protocol.md): `proven margin …` after a line whose value is
//! proven, `multipv k proven margin …` for line k of several.

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

#[cfg(test)]
mod tests {
    use super::*;

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
