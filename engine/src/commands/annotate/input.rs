//! The input of `ply-engine annotate`: the game records `ply-referee`
//! writes, as its results file (`-results`, JSON lines) or as PGN/PDN
//! (`-pgnout`), told apart by their first character unless the command
//! line says which.

use ply_rules::variant::Variant;
use serde::Deserialize;

use crate::input_text::Text;

use super::pgn::{self, PgnGame, PgnMove};

/// The comment the referee writes after a move of the opening.
pub const BOOK_COMMENT: &str = "book";

/// The kinds of input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum InputFormat {
    /// The referee's results file: one JSON object a game.
    Json,
    /// PGN (or PDN, the same syntax).
    Pgn,
    /// PDN, read as PGN.
    Pdn,
}

impl InputFormat {
    /// The format of `text`: JSON lines when it starts with `{`, else PGN.
    #[must_use]
    pub fn detect(text: &str) -> Self {
        if text.trim_start().starts_with('{') {
            Self::Json
        } else {
            Self::Pgn
        }
    }
}

/// One game of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameInput {
    /// Its 1-based place in the input.
    pub index: usize,
    /// The record's own number (the results' `game`, PGN's `GameNumber`).
    pub id: Option<String>,
    /// The game, or why it cannot be read (naming the input line).
    pub game: Result<GameText, String>,
    /// The record's lines as read when it is PGN (`None` for a results
    /// line): a game that cannot be read is written back from them after
    /// its `%` line, so that the output loses nothing of the input.
    pub text: Option<String>,
}

/// A game as recorded, before the rules have looked at it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameText {
    /// The game, if the record says (`Variant`, or a PDN `GameType`).
    pub variant: Option<Variant>,
    /// The position it started from; `None` for the start position.
    pub fen: Option<String>,
    /// The record, as PGN (built from a results line when it came as one).
    pub pgn: PgnGame,
    /// How many of the first moves came from the opening book.
    pub book: usize,
}

impl GameText {
    /// The moves, as written.
    pub fn moves(&self) -> impl Iterator<Item = &str> {
        self.pgn.moves.iter().map(|m| m.text.as_str())
    }
}

/// The fields of a results line that `annotate` uses (the rest are the
/// referee's: see referee/src/game/record.rs).
#[derive(Debug, Deserialize)]
struct ResultsLine {
    game: Option<u64>,
    variant: String,
    p1: Option<String>,
    p2: Option<String>,
    score: Option<String>,
    #[serde(default)]
    opening: Opening,
    moves: Vec<String>,
}

#[derive(Debug, Default, Deserialize)]
struct Opening {
    #[serde(default)]
    fen: String,
    #[serde(default)]
    moves: Vec<String>,
}

/// The games of `input` in `format`. A game with a line that is not
/// UTF-8 is an error naming the line, and the others are read.
#[must_use]
pub fn read_games(input: &Text, format: InputFormat) -> Vec<GameInput> {
    match format {
        InputFormat::Json => read_results(input),
        InputFormat::Pgn | InputFormat::Pdn => {
            pgn::read_records_unless(&input.text, |first, count| input.bad_line_in(first, count))
                .into_iter()
                .enumerate()
                .map(|(i, record)| from_pgn(i + 1, record))
                .collect()
        }
    }
}

/// The games of a results file, one a non-blank line.
fn read_results(input: &Text) -> Vec<GameInput> {
    input
        .text
        .lines()
        .zip(1..)
        .filter(|(line, _)| !line.trim().is_empty())
        .enumerate()
        .map(|(i, (line, number))| GameInput {
            index: i + 1,
            ..read_results_line(line, number, input)
        })
        .collect()
}

/// Results line `number` (its `index` left for the caller to set).
fn read_results_line(line: &str, number: usize, input: &Text) -> GameInput {
    let failed = |error: String| GameInput {
        index: 0,
        id: None,
        game: Err(error),
        text: None,
    };
    if let Some(error) = input.bad_line_in(number, 1) {
        return failed(error);
    }
    match serde_json::from_str::<ResultsLine>(line) {
        Ok(record) => GameInput {
            index: 0,
            id: record.game.map(|n| n.to_string()),
            game: variant_named(&record.variant)
                .and_then(|variant| {
                    check_opening(&record)?;
                    Ok(from_results(record, variant))
                })
                .map_err(|e| format!("line {number}: {e}")),
            text: None,
        },
        Err(e) => failed(format!(
            "line {number}: not a game record of ply-referee's results file: {e}"
        )),
    }
}

/// Checks that a results line's opening starts its moves, as the
/// referee writes them (`moves` holds every move, the opening's first):
/// otherwise which moves came from the book cannot be told, and marking
/// the first ones would mark moves the book never gave.
fn check_opening(record: &ResultsLine) -> Result<(), String> {
    let opening = &record.opening.moves;
    let differs = opening.iter().zip(&record.moves).position(|(a, b)| a != b);
    let why = match differs {
        Some(ply) => format!(
            "ply {} is {} in the opening but {} in the game",
            ply + 1,
            opening[ply],
            record.moves[ply]
        ),
        None if opening.len() > record.moves.len() => format!(
            "the opening has {} moves but the game only {}",
            opening.len(),
            record.moves.len()
        ),
        None => return Ok(()),
    };
    Err(format!(
        "the opening's moves ({}) do not start the game's moves: {why}; \
         which moves came from the book cannot be told",
        opening.join(" ")
    ))
}

/// A results line as a game, with the PGN tags the referee would write.
fn from_results(record: ResultsLine, variant: Variant) -> GameText {
    let mut tags = Vec::new();
    let mut tag = |name: &str, value: Option<String>| {
        if let Some(value) = value {
            tags.push((name.to_owned(), value));
        }
    };
    tag("White", record.p1);
    tag("Black", record.p2);
    tag("Result", record.score.clone());
    tag("Variant", Some(record.variant.clone()));
    let fen = Some(record.opening.fen).filter(|fen| !fen.is_empty());
    if let Some(fen) = &fen {
        tag("FEN", Some(fen.clone()));
        tag("SetUp", Some("1".to_owned()));
    }
    tag("GameNumber", record.game.map(|n| n.to_string()));
    let book = record.opening.moves.len();
    let moves = record
        .moves
        .into_iter()
        .enumerate()
        .map(|(i, text)| PgnMove {
            text,
            nags: Vec::new(),
            comments: if i < book {
                vec![BOOK_COMMENT.to_owned()]
            } else {
                Vec::new()
            },
            variations: Vec::new(),
        })
        .collect();
    GameText {
        variant: Some(variant),
        fen,
        pgn: PgnGame {
            tags,
            intro: Vec::new(),
            moves,
            result: record.score.unwrap_or_else(|| "*".to_owned()),
            line: 0,
        },
        book,
    }
}

/// A PGN record as a game, its text kept.
fn from_pgn(index: usize, record: pgn::Record) -> GameInput {
    let id = record
        .game
        .as_ref()
        .ok()
        .and_then(|game| game.tag("GameNumber"))
        .map(str::to_owned);
    GameInput {
        index,
        id,
        game: record.game.and_then(game_text),
        text: Some(record.text),
    }
}

/// A PGN game as a game: its variant from `Variant` or `GameType`, its
/// start from `FEN`, its book moves marked `{book}`.
fn game_text(game: PgnGame) -> Result<GameText, String> {
    let variant = match (game.tag("Variant"), game.tag("GameType")) {
        (Some(name), _) => variant_named(name).map(Some),
        (None, Some(game_type)) => variant_of_game_type(game_type).map(Some),
        (None, None) => Ok(None),
    }
    .map_err(|e| format!("line {}: {e}", game.line))?;
    let book = game
        .moves
        .iter()
        .take_while(|m| m.comments.iter().any(|c| c == BOOK_COMMENT))
        .count();
    Ok(GameText {
        variant,
        fen: game.tag("FEN").map(str::to_owned),
        book,
        pgn: game,
    })
}

/// The game a `Variant` tag or `variant` field names.
fn variant_named(name: &str) -> Result<Variant, String> {
    Variant::from_name(name).ok_or_else(|| {
        format!(
            "unknown variant '{name}': expected one of {}",
            Variant::names().join(", ")
        )
    })
}

/// The game of a PDN `GameType` tag (`25`, or in full `25,W,8,8,A0,0`).
fn variant_of_game_type(tag: &str) -> Result<Variant, String> {
    let number = tag.split(',').next().unwrap_or_default().trim();
    Variant::ALL
        .into_iter()
        .find(|v| v.pdn_game_type() == Some(number))
        .ok_or_else(|| {
            let known: Vec<String> = Variant::ALL
                .into_iter()
                .filter_map(|v| v.pdn_game_type().map(|t| format!("{t} ({})", v.name())))
                .collect();
            format!(
                "GameType {tag} is not a game Ply plays: expected {}",
                known.join(", ")
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` as `annotate` reads it.
    fn read_games(text: &str, format: InputFormat) -> Vec<GameInput> {
        super::read_games(&Text::read(text.as_bytes()).unwrap(), format)
    }

    #[test]
    fn the_format_is_told_by_the_first_character() {
        assert_eq!(InputFormat::detect("\n {\"game\":1}"), InputFormat::Json);
        assert_eq!(InputFormat::detect("[Event \"x\"]"), InputFormat::Pgn);
        assert_eq!(InputFormat::detect("1. 3 *"), InputFormat::Pgn);
    }

    #[test]
    fn a_results_line_gives_the_game_and_its_book_moves() {
        let line = r#"{"game":4,"variant":"kalah","p1":"A","p2":"B","score":"0-1","opening":{"index":1,"line":1,"fen":"4,4,4,4,4,4 0 4,4,4,4,4,4 0 s","moves":["3"]},"moves":["3","6","2"],"extra":true}"#;
        let games = read_games(
            &format!("{line}\n\nnot json\n{}\n", line.replace("kalah", "chess")),
            InputFormat::Json,
        );
        assert_eq!(games.len(), 3);
        assert!(
            games[2]
                .game
                .as_ref()
                .unwrap_err()
                .contains("unknown variant 'chess'")
        );
        let game = games[0].game.as_ref().unwrap();
        assert_eq!(games[0].id.as_deref(), Some("4"));
        assert_eq!(game.variant, Some(Variant::Kalah));
        assert_eq!(game.moves().collect::<Vec<_>>(), ["3", "6", "2"]);
        assert_eq!(game.book, 1);
        assert_eq!(game.pgn.tag("White"), Some("A"));
        assert_eq!(game.pgn.result, "0-1");
        assert_eq!(games[1].index, 2);
        assert!(games[1].game.as_ref().unwrap_err().starts_with("line 3: "));
    }

    #[test]
    fn a_pdn_game_names_its_game_by_game_type() {
        let games = read_games(
            "[GameType \"25,W,8,8,A0,0\"]\n\n1. c3-d4 f6-e5 *\n\n[GameType \"20\"]\n\n*\n",
            InputFormat::Pdn,
        );
        let game = games[0].game.as_ref().unwrap();
        assert_eq!(game.variant, Some(Variant::Russian));
        assert_eq!(
            games[1].game.as_ref().unwrap_err(),
            "line 5: GameType 20 is not a game Ply plays: expected 25 (russian)"
        );
        assert_eq!(game.fen, None);
        assert_eq!(game.book, 0);
    }
}
