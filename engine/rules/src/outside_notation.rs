//! A game's notation in another program's protocol: how the programs
//! players use (pydraughts over Hub, Aualé over Aalina's UCI dialect)
//! write its positions and moves, beside Ply's own notation.
//!
//! Each such notation is a type of its game's folder implementing
//! [`OutsideNotation`] (Russian draughts' `HubNotation`, Oware's
//! `Letters`). The engine's translator is written once over the trait:
//! it reads a position and the moves played from it ([`read_line`]) and
//! writes a line of Ply's moves back ([`write_line`]) without naming the
//! game, so the checks (every move legal, a bad one refused with its
//! reason) are the same in every protocol.

use std::fmt::Debug;

use crate::game::{Game, NotationError};
use crate::registry::GameDef;

/// How a protocol writes a line of moves (a move list, a `pv`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineForm {
    /// A word a move, the words separated by spaces (Hub's
    /// `moves="10-14 23-19"`).
    Words,
    /// A letter a move, and a line one word of letters (Aalina's
    /// `FdCa`): the letters say whose move each is, so nothing need
    /// separate them. A list of words is read letter by letter.
    Letters,
}

impl LineForm {
    /// The moves written in `words`, in order.
    #[must_use]
    pub fn moves(self, words: &[String]) -> Vec<&str> {
        match self {
            Self::Words => words.iter().map(String::as_str).collect(),
            Self::Letters => words
                .iter()
                .flat_map(|word| {
                    word.char_indices()
                        .map(move |(at, c)| &word[at..at + c.len_utf8()])
                })
                .collect(),
        }
    }

    /// `moves`, each written alone, as the words of a line.
    #[must_use]
    pub fn join(self, moves: Vec<String>) -> Vec<String> {
        match self {
            Self::Words => moves,
            Self::Letters if moves.is_empty() => moves,
            Self::Letters => vec![moves.concat()],
        }
    }
}

/// A game's positions and moves as another program's protocol writes
/// them, translated to and from the game's own.
pub trait OutsideNotation: Debug + Send + Sync + 'static {
    /// The game whose notation this is.
    type Game: GameDef;

    /// How the protocol writes a line of moves.
    const LINE: LineForm;

    /// What one move is called in messages ("house letter").
    const MOVE_NAME: &'static str;

    /// The protocol's start position (what `startpos`, or a position
    /// not given, stands for).
    fn start() -> Self::Game;

    /// Reads a position in this notation.
    ///
    /// # Errors
    /// [`NotationError::BadPosition`] naming what is wrong.
    fn read_position(text: &str) -> Result<Self::Game, NotationError>;

    /// Writes `position` in this notation.
    fn write_position(position: &Self::Game) -> String;

    /// Reads one move in this notation and finds the legal move of
    /// `position` it names.
    ///
    /// # Errors
    /// [`NotationError::BadMove`] for text that is no move in this
    /// notation, [`NotationError::IllegalMove`] for a move the rules
    /// forbid here.
    fn read_move(
        position: &Self::Game,
        text: &str,
    ) -> Result<<Self::Game as Game>::Move, NotationError>;

    /// Writes `mv`, a legal move of `position`, in this notation.
    fn write_move(position: &Self::Game, mv: <Self::Game as Game>::Move) -> String;
}

/// A move of a line that does not read: its index in the line (from 0)
/// and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// The move's index in the line, from 0.
    pub index: usize,
    /// Why it does not read.
    pub error: NotationError,
}

/// The moves written in `words` in notation `N`, played from `start`:
/// each checked, in Ply's notation, and the position they reach.
///
/// # Errors
/// The first move that does not read, with its index.
pub fn read_line<N: OutsideNotation>(
    start: &N::Game,
    words: &[String],
) -> Result<(Vec<String>, N::Game), LineError> {
    let mut position = start.clone();
    let mut written = Vec::with_capacity(words.len());
    for (index, text) in N::LINE.moves(words).into_iter().enumerate() {
        let mv = N::read_move(&position, text).map_err(|error| LineError { index, error })?;
        written.push(position.format_move(mv));
        position.play(mv);
    }
    Ok((written, position))
}

/// Ply's moves `line`, played from `root`, each in notation `N`, as far
/// as they read: a move that does not read in the position it is played
/// in cuts the line there (the caller sees it shorter than `line`).
#[must_use]
pub fn write_line<N: OutsideNotation>(root: &N::Game, line: &[String]) -> Vec<String> {
    let mut position = root.clone();
    let mut written = Vec::with_capacity(line.len());
    for text in line {
        let Ok(mv) = position.parse_move(text) else {
            break;
        };
        written.push(N::write_move(&position, mv));
        position.play(mv);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::oware::Letters;
    use crate::games::russian::HubNotation;

    fn words(text: &str) -> Vec<String> {
        text.split(' ').map(str::to_owned).collect()
    }

    #[test]
    fn a_line_form_reads_moves_and_joins_them() {
        assert_eq!(
            LineForm::Words.moves(&words("10-14 23-19")),
            ["10-14", "23-19"]
        );
        assert_eq!(
            LineForm::Letters.moves(&words("Fd Ca")),
            ["F", "d", "C", "a"]
        );
        assert_eq!(LineForm::Letters.join(words("a C f")), ["aCf"]);
        assert!(LineForm::Letters.join(Vec::new()).is_empty());
        assert_eq!(LineForm::Words.join(words("1 2")), ["1", "2"]);
    }

    #[test]
    fn a_line_is_read_move_by_move_in_plys_notation() {
        let (moves, reached) =
            read_line::<Letters>(&Letters::start(), &words("FdCa")).expect("Aualé's line");
        assert_eq!(moves, ["6", "4", "3", "1"]);
        assert_eq!(
            write_line::<Letters>(&Letters::start(), &moves),
            ["F", "d", "C", "a"]
        );
        assert_eq!(reached.side_to_move(), Letters::start().side_to_move());
        let error = read_line::<HubNotation>(&HubNotation::start(), &words("10-14 10-14"))
            .expect_err("the second move is White's again");
        assert_eq!(error.index, 1);
        assert!(matches!(error.error, NotationError::IllegalMove { .. }));
    }

    #[test]
    fn a_line_that_stops_reading_is_cut_there() {
        let start = HubNotation::start();
        assert_eq!(
            write_line::<HubNotation>(&start, &words("c3-d4 c3-d4 f6-e5")),
            ["10-14"]
        );
        assert_eq!(
            HubNotation::write_position(&start),
            "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww"
        );
    }
}
