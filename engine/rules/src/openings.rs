//! Openings files (`referee/openings/`): one opening a line, `#` starts a
//! comment, blank lines are skipped. What a line holds (moves from the
//! start, or a position string) its reader decides: the referee by its
//! `format=` option, the engine's tuning toolkit by trying moves first.
//! Both read the lines through [`lines`], so both skip the same ones.

/// The openings of an openings file's text: each line's number (from 1)
/// and its text without comment or surrounding blanks, empty lines left
/// out.
pub fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter_map(|(index, raw)| {
        let line = raw.split('#').next().unwrap_or("").trim();
        (!line.is_empty()).then_some((index + 1, line))
    })
}

#[cfg(test)]
mod tests {
    use super::lines;

    #[test]
    fn comments_and_blank_lines_are_skipped_and_lines_keep_their_numbers() {
        let text = "# a file\n1 1 3  # +100\n\n   \n4,4 0 s\n#\n";
        assert_eq!(
            lines(text).collect::<Vec<_>>(),
            vec![(2, "1 1 3"), (5, "4,4 0 s")]
        );
    }
}
