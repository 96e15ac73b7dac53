//! Opening books: positions mapped to weighted moves, consulted before
//! searching (`OwnBook`, `BookFile`).
//!
//! The Prolog draughts program looks its knowledge base up before it
//! searches: exact opening positions, each with the move to play. A Ply
//! book is the same idea for every game, kept in a text file a person can
//! read and edit (the format is in [`mod@format`] and `docs/book.md`):
//!
//! ```text
//! [kalah]
//! 4,4,4,4,4,4 0 4,4,4,4,4,4 0 s => 3 100, 6 35
//! ```
//!
//! Every entry is checked against its game when the book is read, and
//! stored as the game writes it ([`canonical_entry`]).
//!
//! A position is found by its exact position string within the section of
//! its game and rules ([`section_of`]), so one file can serve Kalah, Oware
//! and draughts at once. Among the moves of a position the engine picks at
//! random in proportion to the weights (as Polyglot books do), so a book
//! gives variety; weight 0 keeps a move in the book without playing it.
//! `ply-engine build-book` writes or extends a book from the engine's own
//! analysis ([`crate::commands::build_book`]).

pub mod format;

use std::collections::HashMap;
use std::io::Read;
use std::path::Path;

pub use format::BookError;

use crate::engine_game::EngineGame;
use crate::regular_file::open_regular;
use ply_rules::game::Game;
use ply_rules::variant::{AnyGame, AnyRules, Variant};
use ply_rules::{with_game, with_variant};

/// The largest book file read, in bytes (64 MiB). The whole file is read
/// into memory and parsed into tables several times its size, so a file
/// without limit could exhaust the memory; books are far smaller (the
/// shipped one is 60 KB, and a million positions take about 50 MB).
pub const MAX_BOOK_BYTES: u64 = 64 << 20;

/// One move of a book position and how often to play it, relatively.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move in the game's notation.
    pub text: String,
    /// Relative frequency; 0 never plays it.
    pub weight: u32,
    /// The move's exact value, when the game's solver proved it
    /// (`build-book --solve`): the final margin for the side that plays
    /// it, in the game's units (seeds).
    pub exact: Option<i32>,
}

/// The moves of book positions, by section and position string.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    /// Section name → position string → moves.
    sections: HashMap<String, HashMap<String, Vec<BookMove>>>,
}

/// A move chosen from the book, with what it was chosen among.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookChoice {
    /// The move, in the game's notation, checked legal.
    pub text: String,
    /// Its weight.
    pub weight: u32,
    /// The weights of all the playable moves of the position together.
    pub total: u32,
    /// Its exact value, when the book holds one.
    pub exact: Option<i32>,
}

impl Book {
    /// An empty book.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Reads a book file: a regular file (see [`crate::regular_file`]) of
    /// at most [`MAX_BOOK_BYTES`].
    ///
    /// # Errors
    /// [`BookError`] when the file cannot be read, is no regular file, is
    /// too large, or a line is malformed (the message names the line).
    pub fn load(path: &Path) -> Result<Self, BookError> {
        let io_error = |message: String| BookError::Io {
            path: path.display().to_string(),
            message,
        };
        let too_large = |bytes: u64| BookError::TooLarge {
            path: path.display().to_string(),
            bytes,
        };
        let (file, bytes) = open_regular(path).map_err(|e| io_error(e.to_string()))?;
        if bytes > MAX_BOOK_BYTES {
            return Err(too_large(bytes));
        }
        // The size said is not trusted: a file may grow while it is read,
        // and some (in /proc) say 0 and hold more.
        let mut text = String::new();
        file.take(MAX_BOOK_BYTES + 1)
            .read_to_string(&mut text)
            .map_err(|e| io_error(e.to_string()))?;
        if text.len() as u64 > MAX_BOOK_BYTES {
            return Err(too_large(text.len() as u64));
        }
        Self::parse(&text).map_err(|e| match e {
            BookError::Syntax { line, reason } => BookError::FileSyntax {
                path: path.display().to_string(),
                line,
                reason,
            },
            other => other,
        })
    }

    /// Reads a book from its text, every entry checked against its game
    /// ([`canonical_entry`]).
    ///
    /// # Errors
    /// [`BookError::Syntax`] naming the first bad line and what is wrong.
    pub fn parse(text: &str) -> Result<Self, BookError> {
        format::parse(text, &canonical_entry)
    }

    /// Writes the book to `path` (sections and positions sorted, so the
    /// file is the same whatever order it was built in).
    ///
    /// # Errors
    /// [`BookError::Io`] when the file cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), BookError> {
        std::fs::write(path, format::print(self)).map_err(|e| BookError::Io {
            path: path.display().to_string(),
            message: e.to_string(),
        })
    }

    /// Positions in the book, all sections together.
    #[must_use]
    pub fn len(&self) -> usize {
        self.sections.values().map(HashMap::len).sum()
    }

    /// Whether the book has no positions.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The moves stored for `position` in `section`.
    #[must_use]
    pub fn moves(&self, section: &str, position: &str) -> Option<&[BookMove]> {
        self.sections
            .get(section)
            .and_then(|positions| positions.get(position))
            .map(Vec::as_slice)
    }

    /// Sets the moves of a position, replacing what was there.
    pub fn insert(&mut self, section: &str, position: &str, moves: Vec<BookMove>) {
        self.sections
            .entry(section.to_owned())
            .or_default()
            .insert(position.to_owned(), moves);
    }

    /// Whether `position` of `section` is in the book.
    #[must_use]
    pub fn contains(&self, section: &str, position: &str) -> bool {
        self.moves(section, position).is_some()
    }

    /// Every section, position and its moves, in no particular order.
    pub fn entries(&self) -> impl Iterator<Item = (&str, &str, &[BookMove])> {
        self.sections.iter().flat_map(|(section, positions)| {
            positions.iter().map(move |(position, moves)| {
                (section.as_str(), position.as_str(), moves.as_slice())
            })
        })
    }

    /// A move for `game` from the book, picked with probability
    /// proportional to its weight using `random` (any 64-bit number);
    /// `None` when the position is not in the book or none of its moves
    /// is legal and has a weight.
    #[must_use]
    pub fn choose(&self, game: &AnyGame, random: u64) -> Option<BookChoice> {
        let moves = self.moves(&section_of(game), &game.position_string())?;
        // 1. Keep the moves that are legal here (a hand-edited book may
        //    hold a mistake; it must never make the engine play one).
        let playable: Vec<(String, u32, Option<i32>)> = moves
            .iter()
            .filter(|m| m.weight > 0)
            .filter_map(|m| match canonical_move(game, &m.text) {
                Some(text) => Some((text, m.weight, m.exact)),
                None => {
                    log::warn!("book move '{}' is not legal here; skipped", m.text);
                    None
                }
            })
            .collect();
        // 2. Pick a point in the total weight and find whose share it is in.
        let total: u32 = playable.iter().map(|(_, w, _)| w).sum();
        if total == 0 {
            return None;
        }
        let mut point = u32::try_from(random % u64::from(total)).unwrap_or(0);
        for (text, weight, exact) in playable {
            if point < weight {
                return Some(BookChoice {
                    text,
                    weight,
                    total,
                    exact,
                });
            }
            point -= weight;
        }
        None
    }

    /// Adds every position of `other`; where both have a position, the
    /// moves of `other` win.
    pub fn merge(&mut self, other: Self) {
        for (section, positions) in other.sections {
            self.sections.entry(section).or_default().extend(positions);
        }
    }
}

/// The sections a book can hold, for error messages: every game that
/// books serve, and its sections for rules a position string does not
/// show ("kalah, kalah empty-capture, oware, …").
fn book_sections() -> String {
    let mut sections = Vec::new();
    for variant in Variant::ALL {
        with_variant!(variant, G => {
            if <G as EngineGame>::NO_BOOK.is_none() {
                sections.push(variant.name().to_owned());
                for (suffix, _) in <G as EngineGame>::BOOK_SECTIONS {
                    sections.push(format!("{} {suffix}", variant.name()));
                }
            }
        });
    }
    sections.join(", ")
}

/// Checks a book entry against the game its section names and writes it
/// as that game writes it: the position string as `d` prints it (so
/// `W:Wc3,a1:B…` finds the same position as `W:Wa1,c3:B…`) and each move in
/// the game's notation (so `c3xe5` and `c3:e5` are one move).
///
/// # Errors
/// Why the entry is not one of that game: an unknown section, a position
/// string the game refuses, an illegal move, a move listed twice.
pub fn canonical_entry(
    section: &str,
    position: &str,
    moves: Vec<BookMove>,
) -> Result<(String, Vec<BookMove>), String> {
    // 1. The game and rules of the section.
    let (variant, rule) = match section.split_once(' ') {
        Some((variant, rule)) => (variant, Some(rule)),
        None => (section, None),
    };
    let unknown = || {
        format!(
            "unknown section [{section}]: a book holds {}",
            book_sections()
        )
    };
    let variant = Variant::from_name(variant).ok_or_else(unknown)?;
    let (no_book, sections) = with_variant!(variant, G => {
        (<G as EngineGame>::NO_BOOK, <G as EngineGame>::BOOK_SECTIONS)
    });
    if let Some(reason) = no_book {
        return Err(reason.to_owned());
    }
    let options: &[(&str, &str)] = match rule {
        None => &[],
        Some(rule) => sections
            .iter()
            .find(|(suffix, _)| *suffix == rule)
            .map(|(_, options)| *options)
            .ok_or_else(unknown)?,
    };
    let rules = AnyRules::build(variant, options).map_err(|e| e.to_string())?;
    // 2. The position, as the game writes it.
    let game = AnyGame::from_position_string(&rules, position).map_err(|e| e.to_string())?;
    // 3. The moves, legal and each once.
    let mut canonical: Vec<BookMove> = Vec::with_capacity(moves.len());
    for mv in moves {
        let text = canonical_move(&game, &mv.text)
            .ok_or_else(|| format!("'{}' is not a legal move in this position", mv.text))?;
        if canonical.iter().any(|m| m.text == text) {
            return Err(format!("move '{}' is listed twice (as '{text}')", mv.text));
        }
        canonical.push(BookMove {
            text,
            weight: mv.weight,
            exact: mv.exact,
        });
    }
    Ok((game.position_string(), canonical))
}

/// The move `text` written as the game writes it, if it is legal in `game`.
fn canonical_move(game: &AnyGame, text: &str) -> Option<String> {
    with_game!(game, g => g.parse_move(text).ok().map(|mv| g.format_move(mv)))
}

/// The book section of a position's game and rules: the variant name, and
/// the rule options its position string does not show (Kalah's capture
/// rule). Board sizes need no section of their own: the position string
/// already shows them.
#[must_use]
pub fn section_of(game: &AnyGame) -> String {
    with_game!(game, g => g.book_section())
}

/// A small pseudo-random generator (xorshift64*) for book choices: not
/// for secrets, only for variety between games.
#[derive(Clone, Debug)]
pub struct BookRandom {
    state: u64,
}

impl BookRandom {
    /// A generator seeded from the clock, so each engine run varies.
    #[must_use]
    pub fn from_clock() -> Self {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        // Keep the low bits (they change fastest); never zero.
        #[allow(clippy::cast_possible_truncation)]
        let seed = nanos as u64 | 1;
        Self { state: seed }
    }

    /// A generator with a fixed seed (tests).
    #[must_use]
    pub fn seeded(seed: u64) -> Self {
        Self { state: seed | 1 }
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        // Marsaglia's xorshift64* (constants from Vigna's paper).
        self.state ^= self.state >> 12;
        self.state ^= self.state << 25;
        self.state ^= self.state >> 27;
        self.state.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}
