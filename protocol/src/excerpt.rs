//! Quoting a message that may be huge: error lines and records quote what
//! they refuse, and what they refuse may be a line of a megabyte.
//!
//! One function, [`excerpt`], serves every such quote; its [`Excerpt`]
//! style says what is kept and how the cut is marked, because the two
//! readers of quotes want different things and both forms are pinned
//! (by tests and docs/protocol.md):
//! - a line of a protocol ([`Keep::HeadAndTail`], Hub's `error`): its
//!   control characters escaped (a NUL or a carriage return would corrupt
//!   the line the program reads), and its beginning and its end kept —
//!   what was refused and why — with `[… N characters cut …]` between;
//! - a record of `analyse` or `annotate` ([`Keep::Head`]): its first
//!   characters, enough to recognise the line, then
//!   `…[cut: N characters in all]` (the record is JSON, which escapes by
//!   itself).

use std::borrow::Cow;

/// How [`excerpt`] shortens a message longer than its limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keep {
    /// The first `limit` characters, then `…[cut: N characters in all]`
    /// (N the message's length).
    Head,
    /// The first and the last `limit / 2` characters, with
    /// `[… N characters cut …]` between (N the characters left out).
    HeadAndTail,
}

/// The style of a quote: how long it may be, what it keeps, and whether
/// its control characters are escaped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Excerpt {
    /// The most characters kept of the message (escapes counted), the
    /// mark aside.
    pub limit: usize,
    /// What is kept of a longer message.
    pub keep: Keep,
    /// Whether control characters are written as Rust escapes (`\u{0}`,
    /// `\t`), for a quote that goes into a line of a protocol.
    pub escape_controls: bool,
}

/// `message` quoted in `style`: as it is (escaped, if the style says so)
/// when it fits the limit, else cut as [`Keep`] says. An escape is never
/// split by the cut.
#[must_use]
pub fn excerpt(message: &str, style: Excerpt) -> Cow<'_, str> {
    let width = |c: char| {
        if style.escape_controls && c.is_control() {
            c.escape_default().count()
        } else {
            1
        }
    };
    let written = |part: &str| -> String {
        part.chars()
            .flat_map(|c| escaped(c, style.escape_controls))
            .collect()
    };
    let total: usize = message.chars().map(width).sum();
    if total <= style.limit {
        let needs_escapes = style.escape_controls && message.chars().any(char::is_control);
        return if needs_escapes {
            Cow::Owned(written(message))
        } else {
            Cow::Borrowed(message)
        };
    }
    let (head_budget, tail_budget) = match style.keep {
        Keep::Head => (style.limit, 0),
        Keep::HeadAndTail => (style.limit / 2, style.limit / 2),
    };
    // The last character of a part of at most `budget` characters (as
    // written), counted from the front or from the back.
    let fits = |chars: &mut dyn Iterator<Item = (usize, char)>, budget: usize| {
        let mut used = 0;
        chars
            .take_while(|&(_, c)| {
                used += width(c);
                used <= budget
            })
            .last()
    };
    let head = fits(&mut message.char_indices(), head_budget).map_or(0, |(i, c)| i + c.len_utf8());
    let tail = if tail_budget == 0 {
        message.len()
    } else {
        fits(&mut message.char_indices().rev(), tail_budget).map_or(message.len(), |(i, _)| i)
    };
    let mark = match style.keep {
        Keep::Head => format!("…[cut: {} characters in all]", message.chars().count()),
        Keep::HeadAndTail => format!(
            "[… {} characters cut …]",
            message[head..tail].chars().count()
        ),
    };
    Cow::Owned(format!(
        "{}{mark}{}",
        written(&message[..head]),
        written(&message[tail..])
    ))
}

/// The characters `c` is written as: itself, or its Rust escape when it
/// is a control character and `escape_controls` says so.
fn escaped(c: char, escape_controls: bool) -> impl Iterator<Item = char> {
    let escape = (escape_controls && c.is_control()).then(|| c.escape_default());
    let plain = escape.is_none().then_some(c);
    escape.into_iter().flatten().chain(plain)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: Excerpt = Excerpt {
        limit: 10,
        keep: Keep::Head,
        escape_controls: false,
    };

    const BOTH_ENDS: Excerpt = Excerpt {
        limit: 10,
        keep: Keep::HeadAndTail,
        escape_controls: true,
    };

    #[test]
    fn a_message_that_fits_is_kept_whole() {
        assert!(matches!(excerpt("short", HEAD), Cow::Borrowed("short")));
        assert_eq!(excerpt("a\tb", BOTH_ENDS), "a\\tb");
        assert_eq!(excerpt("a\tb", HEAD), "a\tb", "records are not escaped");
    }

    #[test]
    fn head_keeps_the_first_characters_and_names_the_length() {
        let long = "é".repeat(11);
        assert_eq!(
            excerpt(&long, HEAD),
            format!("{}…[cut: 11 characters in all]", "é".repeat(10))
        );
    }

    #[test]
    fn head_and_tail_keep_both_ends_and_count_the_cut() {
        assert_eq!(
            excerpt("abcdefghijklmnop", BOTH_ENDS),
            "abcde[… 6 characters cut …]lmnop"
        );
        // An escape is never split: `\u{0}` is five characters.
        assert_eq!(
            excerpt("\0\0\0\0\0\0", BOTH_ENDS),
            "\\u{0}[… 4 characters cut …]\\u{0}"
        );
    }
}
