//! The book's text format.
//!
//! ```text
//! # Comments start with '#'; blank lines are ignored.
//! [kalah]
//! 4,4,4,4,4,4 0 4,4,4,4,4,4 0 s => 3 100, 6 35
//! [russian]
//! W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6 => c3-d4 60, g3-h4 40
//! ```
//!
//! A section header `[name]` names the game and rules of the lines below
//! it (see [`super::section_of`]). Each entry is one position string, `=>`,
//! and its moves as `<move> <weight>` separated by commas; weights are
//! whole numbers from 0 to 65535. A move may add its proven value,
//! `<move> <weight> =<value>` (`3 100 =+2`: the final margin for the side
//! that plays it, proven by the solver). A position appears at most once per
//! section. Each entry must be a position of the section's game with
//! legal moves; it is stored as the game writes it.

use std::collections::HashMap;
use std::fmt::Write as _;

use thiserror::Error;

use super::{Book, BookMove};
use crate::search::score::signed;

/// Largest weight a move may have (Polyglot's limit too).
pub const MAX_WEIGHT: u32 = 65_535;

/// Separates a position from its moves.
const ARROW: &str = "=>";

/// Starts a move's proven value: `3 100 =+2`.
const EXACT_MARK: char = '=';

/// Why a book could not be read or written.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BookError {
    /// The file could not be read or written.
    #[error("book file {path}: {message}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        message: String,
    },
    /// The file is larger than a book may be.
    #[error(
        "book file {path}: {bytes} bytes; a book may hold at most {} bytes",
        super::MAX_BOOK_BYTES
    )]
    TooLarge {
        /// The file.
        path: String,
        /// Its size (or as much of it as was read).
        bytes: u64,
    },
    /// A line is not in the book format.
    #[error("book line {line}: {reason}")]
    Syntax {
        /// 1-based line number.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// A line of a book file is not in the book format: the file, the
    /// line and the reason, as the protocol promises for a bad book.
    #[error("book file {path} line {line}: {reason}")]
    FileSyntax {
        /// The file.
        path: String,
        /// 1-based line number.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
}

/// Checks one entry against its game and writes it as the game writes it:
/// `(section, position, moves)` to the canonical `(position, moves)`, or
/// why the entry is not one of that game.
pub type EntryCheck<'a> =
    dyn Fn(&str, &str, Vec<BookMove>) -> Result<(String, Vec<BookMove>), String> + 'a;

/// Reads a book from its text, passing every entry through `check` (see
/// [`super::canonical_entry`]), so that a position is found however its
/// string was written and a mistake is reported with its line.
///
/// # Errors
/// [`BookError::Syntax`] naming the first bad line.
pub fn parse(text: &str, check: &EntryCheck<'_>) -> Result<Book, BookError> {
    let mut book = Book::new();
    let mut section: Option<String> = None;
    // Where each position of each section was first given, for the error.
    let mut first_seen: HashMap<(String, String), usize> = HashMap::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let error = |reason: String| BookError::Syntax { line, reason };
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        // 1. A section header.
        if let Some(name) = content.strip_prefix('[') {
            let name = name
                .strip_suffix(']')
                .ok_or_else(|| error(format!("section header '{content}' lacks its ']'")))?
                .trim();
            if name.is_empty() {
                return Err(error("empty section name".to_owned()));
            }
            section = Some(name.to_owned());
            continue;
        }
        // 2. An entry: position => moves.
        let name = section
            .clone()
            .ok_or_else(|| error("an entry before any [section] header".to_owned()))?;
        let (position, moves) = content
            .split_once(ARROW)
            .ok_or_else(|| error(format!("expected '<position> {ARROW} <move> <weight>, …'")))?;
        let position = position.trim();
        if position.is_empty() {
            return Err(error(format!("no position before '{ARROW}'")));
        }
        let moves = parse_moves(moves).map_err(error)?;
        let (position, moves) = check(&name, position, moves).map_err(error)?;
        let position = position.as_str();
        let key = (name.clone(), position.to_owned());
        if let Some(first) = first_seen.get(&key) {
            return Err(error(format!(
                "position '{position}' is already in [{name}] at line {first}"
            )));
        }
        first_seen.insert(key, line);
        book.insert(&name, position, moves);
    }
    Ok(book)
}

/// Reads `<move> <weight> [=<value>], …`.
fn parse_moves(text: &str) -> Result<Vec<BookMove>, String> {
    let mut moves: Vec<BookMove> = Vec::new();
    for item in text.split(',') {
        let mut words = item.split_whitespace();
        let (Some(mv), Some(weight), exact, None) =
            (words.next(), words.next(), words.next(), words.next())
        else {
            return Err(format!(
                "'{}' is not '<move> <weight>' or '<move> <weight> {EXACT_MARK}<value>'",
                item.trim()
            ));
        };
        let weight: u32 = weight
            .parse()
            .ok()
            .filter(|&w| w <= MAX_WEIGHT)
            .ok_or_else(|| {
                format!(
                    "weight '{weight}' of move '{mv}' is not a whole number from 0 to {MAX_WEIGHT}"
                )
            })?;
        let exact = exact
            .map(|text| {
                text.strip_prefix(EXACT_MARK)
                    .and_then(|value| value.parse::<i32>().ok())
                    .ok_or_else(|| {
                        format!(
                            "'{text}' after move '{mv}' is not a proven value such as {EXACT_MARK}+2, {EXACT_MARK}0 or {EXACT_MARK}-3"
                        )
                    })
            })
            .transpose()?;
        if moves.iter().any(|m| m.text == mv) {
            return Err(format!("move '{mv}' is listed twice"));
        }
        moves.push(BookMove {
            text: mv.to_owned(),
            weight,
            exact,
        });
    }
    Ok(moves)
}

/// A move as the book writes it: `3 100`, or `3 100 =+2` with its value.
fn write_move(m: &BookMove) -> String {
    match m.exact {
        Some(value) => format!("{} {} {EXACT_MARK}{}", m.text, m.weight, signed(value)),
        None => format!("{} {}", m.text, m.weight),
    }
}

/// Writes a book as text: sections and positions sorted, moves in their
/// stored order (heaviest first when built by `build-book`).
#[must_use]
pub fn print(book: &Book) -> String {
    let mut out = String::from("# Ply opening book (format: docs/book.md)\n");
    let mut sections: Vec<&String> = book.sections.keys().collect();
    sections.sort();
    for section in sections {
        let positions = &book.sections[section];
        let _ = writeln!(out, "[{section}]");
        let mut keys: Vec<&String> = positions.keys().collect();
        keys.sort();
        for position in keys {
            let moves: Vec<String> = positions[position].iter().map(write_move).collect();
            let _ = writeln!(out, "{position} {ARROW} {}", moves.join(", "));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No game checks: the format alone.
    fn parse(text: &str) -> Result<Book, BookError> {
        super::parse(text, &|_, position, moves| Ok((position.to_owned(), moves)))
    }

    const SAMPLE: &str = "\
# a comment
[kalah]
4,4,4,4,4,4 0 4,4,4,4,4,4 0 s => 3 100, 6 35   # trailing comment

[oware]
4,4,4,4,4,4 0 4,4,4,4,4,4 0 s => 5 1
";

    #[test]
    fn reads_sections_positions_and_weights() {
        let book = parse(SAMPLE).expect("valid book");
        assert_eq!(book.len(), 2);
        let moves = book
            .moves("kalah", "4,4,4,4,4,4 0 4,4,4,4,4,4 0 s")
            .expect("kalah start");
        assert_eq!(
            moves,
            [
                BookMove {
                    text: "3".into(),
                    weight: 100,
                    exact: None,
                },
                BookMove {
                    text: "6".into(),
                    weight: 35,
                    exact: None,
                }
            ]
        );
        assert!(book.contains("oware", "4,4,4,4,4,4 0 4,4,4,4,4,4 0 s"));
        assert!(!book.contains("tictactoe", "4,4,4,4,4,4 0 4,4,4,4,4,4 0 s"));
    }

    #[test]
    fn printing_and_reading_give_the_same_book() {
        let book = parse(SAMPLE).expect("valid book");
        assert_eq!(parse(&print(&book)), Ok(book));
    }

    #[test]
    fn bad_lines_are_named() {
        let cases = [
            ("x../... x => a1 1", 1, "before any [section]"),
            ("[kalah\n", 1, "lacks its ']'"),
            ("[]\n", 1, "empty section"),
            ("[k]\npos 1 2", 2, "expected"),
            ("[k]\n => 1 2", 2, "no position"),
            ("[k]\np => 1", 2, "not '<move> <weight>'"),
            ("[k]\np => 1 x", 2, "not a whole number"),
            ("[k]\np => 1 70000", 2, "not a whole number"),
            ("[k]\np => 1 2, 1 3", 2, "listed twice"),
            ("[k]\np => 1 2\n\np => 2 2", 4, "already in [k] at line 2"),
        ];
        for (text, line, needle) in cases {
            match parse(text) {
                Err(BookError::Syntax { line: l, reason }) => {
                    assert_eq!(l, line, "{text:?}");
                    assert!(reason.contains(needle), "{text:?}: {reason}");
                }
                other => panic!("{text:?} gave {other:?}"),
            }
        }
    }

    #[test]
    fn the_same_position_may_be_in_two_sections() {
        let book = parse("[a]\np => 1 1\n[b]\np => 2 1\n").expect("valid");
        assert_eq!(book.len(), 2);
    }

    #[test]
    fn proven_values_are_read_and_written_back() {
        let text = "[kalah]\np => 3 100 =+2, 6 0 =-1, 1 0 =0, 2 5\n";
        let book = parse(text).expect("valid");
        let moves = book.moves("kalah", "p").expect("the entry");
        let exact: Vec<Option<i32>> = moves.iter().map(|m| m.exact).collect();
        assert_eq!(exact, [Some(2), Some(-1), Some(0), None]);
        let printed = print(&book);
        assert!(
            printed.contains("p => 3 100 =+2, 6 0 =-1, 1 0 =0, 2 5\n"),
            "{printed}"
        );
        assert_eq!(parse(&printed).expect("valid"), book);
        for bad in ["3 100 2", "3 100 =two", "3 100 =", "3 100 =+2 x"] {
            let error = parse(&format!("[kalah]\np => {bad}\n")).expect_err(bad);
            assert!(error.to_string().starts_with("book line 2: "), "{error}");
        }
    }
}
