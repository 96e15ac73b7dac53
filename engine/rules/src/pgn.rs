//! The text of game records (PGN, and PDN for draughts), as every program
//! that writes or annotates them spells it: tag values escaped, comments
//! in braces, and move text wrapped at [`LINE_WIDTH`].

/// Longest line of move text.
pub const LINE_WIDTH: usize = 79;

/// A tag value with `\` and `"` escaped.
#[must_use]
pub fn escape_tag(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// A comment in braces (a `}` inside would end it: written as `)`).
#[must_use]
pub fn braced(text: &str) -> String {
    format!("{{{}}}", text.replace('}', ")"))
}

/// The move text's tokens (numbers, moves, NAGs, comments, the result)
/// joined by spaces into lines of at most [`LINE_WIDTH`] characters (a
/// longer token stands alone), without a newline after the last.
#[must_use]
pub fn wrap_movetext(tokens: impl IntoIterator<Item = String>) -> String {
    let mut text = String::new();
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > LINE_WIDTH {
            text.push_str(&line);
            text.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    text.push_str(&line);
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_text_is_wrapped_and_comments_and_tags_escaped() {
        let tokens = (1..=30).map(|n| format!("{n}. 3"));
        let text = wrap_movetext(tokens);
        assert!(text.lines().all(|l| l.len() <= LINE_WIDTH), "{text}");
        assert_eq!(text.split_whitespace().count(), 60);
        assert!(!text.ends_with('\n'));
        assert_eq!(braced("a } b"), "{a ) b}");
        assert_eq!(escape_tag(r#"a "b" \c"#), r#"a \"b\" \\c"#);
    }
}
