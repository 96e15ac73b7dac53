//! Aalina's UCI dialect, as Aualé drives an Oware engine: UCI's words,
//! Oware's houses as letters.
//!
//! - `position startpos|fen <fourteen numbers>-S|N [moves <letters>]`: the
//!   position in Oware's letters form (`4-4-…-0-0-S`), the moves as one
//!   word of house letters (`moves FdCa`) or several; translated to Ply's
//!   notation and checked move by move, so a wrong letter is refused with
//!   the letter named and nothing changes.
//! - `go` as in UCI (`searchmoves` in letters); everything else is UCI
//!   (Aualé's `setoption name OwnBook` is Ply's own `OwnBook`).
//! - Ply's `bestmove` and `ponder` become letters (`bestmove 0000` when the
//!   game is over), a `pv` one word of letters (Aualé reads one), the
//!   scores stay as they are: 100 a seed, Aualé's own scale. Everything
//!   else is UCI.

use std::sync::Arc;

use ply_protocol::{Command, Info, ParseError, Response, StartingPosition, parse_command};
use ply_rules::game::{Game, NotationError, Player};
use ply_rules::games::oware::Oware;
use ply_rules::variant::{AnyGame, Variant};

use super::{Front, Step};
use crate::options::{EngineOptions, VARIANT};
use crate::search_thread::output::Translate;

/// Aualé's start position (Abapa: four seeds in each of six houses).
const START: &str = "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S";

/// Houses a side may have and still be written as a letter.
const MAX_HOUSES: u8 = 26;

/// UCI's null move, Aalina's answer when there is no move.
const NO_MOVE: &str = "0000";

/// The session's translator of Aalina's dialect.
#[derive(Debug)]
pub struct AalinaFront {
    /// The last position translated, whose side `searchmoves` letters
    /// must belong to.
    position: Oware,
}

impl Default for AalinaFront {
    fn default() -> Self {
        Self { position: start() }
    }
}

/// Aualé's start: its `startpos` is always this Abapa board, whatever the
/// session's Oware options (Aualé plays no other).
fn start() -> Oware {
    Oware::from_letters_position(START)
        .unwrap_or_else(|e| panic!("Aualé's start position must read: {e}"))
}

impl Front for AalinaFront {
    fn setup(&self) -> Vec<Command> {
        vec![Command::SetOption {
            name: VARIANT.to_owned(),
            value: Some(Variant::Oware.name().to_owned()),
        }]
    }

    fn command(&mut self, line: &str) -> Vec<Step> {
        let command = match parse_command(line) {
            Ok(command) => command,
            Err(ParseError::Empty) => return Vec::new(),
            Err(e) => return vec![error(&e.to_string())],
        };
        match command {
            Command::Position { start, moves } => match position(&start, &moves) {
                Ok((command, position)) => {
                    self.position = position;
                    vec![Step::Run(command)]
                }
                Err(e) => vec![Step::Refuse(error_line(&format!(
                    "{e}; the position is unchanged"
                )))],
            },
            Command::SetOption { name, .. } if !is_setting(&name) => vec![error(&format!(
                "option '{name}' is not set in Aalina's dialect, which plays Abapa Oware; \
                 the options are Ply's settings ({})",
                settings().join(", ")
            ))],
            Command::Go(mut params) if !params.searchmoves.is_empty() => {
                match params
                    .searchmoves
                    .iter()
                    .map(|text| self.house_number(text))
                    .collect::<Result<Vec<_>, _>>()
                {
                    Ok(numbers) => {
                        params.searchmoves = numbers;
                        vec![Step::Run(Command::Go(params))]
                    }
                    Err(e) => vec![error(&format!("searchmoves: {e}"))],
                }
            }
            other => vec![Step::Run(other)],
        }
    }

    fn responses(&self, root: &AnyGame) -> Arc<dyn Translate> {
        Arc::new(AalinaResponses {
            side: root.side_to_move(),
        })
    }
}

/// An error line (UCI's `info string error: …`).
fn error(message: &str) -> Step {
    Step::Reply(error_line(message))
}

/// The text of an error line.
fn error_line(message: &str) -> String {
    Response::InfoString(format!("error: {message}")).to_string()
}

impl AalinaFront {
    /// A `searchmoves` letter as Ply's house number, checked in the last
    /// position.
    fn house_number(&self, text: &str) -> Result<String, String> {
        let mut letters = text.chars();
        match (letters.next(), letters.next()) {
            (Some(letter), None) => self
                .position
                .read_house_letter(letter)
                .map(Oware::write_move)
                .map_err(|e| e.to_string()),
            _ => Err(format!("'{text}' is not one house letter")),
        }
    }
}

/// The names of Ply's settings, the options every game has.
fn settings() -> Vec<String> {
    EngineOptions::setting_declarations()
        .into_iter()
        .map(|decl| decl.name)
        .collect()
}

/// Whether `name` is one of Ply's settings (not the game or its rules,
/// which Aualé's board fixes).
fn is_setting(name: &str) -> bool {
    settings()
        .iter()
        .any(|setting| setting.eq_ignore_ascii_case(name.trim()))
}

/// The `position` in Ply's notation, every move checked, and the
/// position it reaches.
fn position(start: &StartingPosition, moves: &[String]) -> Result<(Command, Oware), NotationError> {
    let (ply_start, mut position) = match start {
        StartingPosition::StartPos => (StartingPosition::StartPos, self::start()),
        StartingPosition::Fen(text) => {
            let position = Oware::from_letters_position(text)?;
            (StartingPosition::Fen(position.write_position()), position)
        }
    };
    let mut written = Vec::new();
    for letter in moves.iter().flat_map(|word| word.chars()) {
        let house = position.read_house_letter(letter)?;
        written.push(Oware::write_move(house));
        position.play(house);
    }
    Ok((
        Command::Position {
            start: ply_start,
            moves: written,
        },
        position,
    ))
}

/// Ply's messages about a search, with moves as letters.
struct AalinaResponses {
    /// Who moves at the root.
    side: Player,
}

impl Translate for AalinaResponses {
    fn translate(&self, response: &Response) -> Option<String> {
        let translated = match response {
            Response::BestMove { best, ponder } => {
                let best = best.as_deref().map_or_else(
                    || NO_MOVE.to_owned(),
                    |mv| self.letters(std::slice::from_ref(&mv.to_owned())),
                );
                let ponder = ponder
                    .as_ref()
                    .map(|mv| letters_from(self.side.opponent(), std::slice::from_ref(mv)));
                Response::BestMove {
                    best: Some(best),
                    ponder,
                }
            }
            Response::Info(info) => Response::Info(Info {
                pv: if info.pv.is_empty() {
                    Vec::new()
                } else {
                    vec![self.letters(&info.pv)]
                },
                currmove: info
                    .currmove
                    .as_ref()
                    .map(|mv| self.letters(std::slice::from_ref(mv))),
                ..info.clone()
            }),
            other => other.clone(),
        };
        Some(translated.to_string())
    }
}

impl AalinaResponses {
    /// Moves played in turn from the root, as one word of letters.
    fn letters(&self, moves: &[String]) -> String {
        letters_from(self.side, moves)
    }
}

/// House numbers played in turn from `side`'s move (Oware's sides always
/// alternate), as one word of letters; a move that is no house number
/// ends the word.
fn letters_from(side: Player, moves: &[String]) -> String {
    let mut mover = side;
    let mut word = String::with_capacity(moves.len());
    for text in moves {
        let Some(house) = text
            .parse::<u8>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .filter(|&house| house < MAX_HOUSES)
        else {
            log::warn!("'{text}' is not a house number; the line is cut");
            break;
        };
        word.push(Oware::house_letter(mover, house));
        mover = mover.opponent();
    }
    word
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_protocol::GoParams;

    fn steps(line: &str) -> Vec<Step> {
        AalinaFront::default().command(line)
    }

    #[test]
    fn auale_positions_become_ply_positions() {
        assert_eq!(
            steps("position startpos moves FdCa"),
            [Step::Run(Command::Position {
                start: StartingPosition::StartPos,
                moves: ["6", "4", "3", "1"].map(str::to_owned).to_vec(),
            })]
        );
        assert_eq!(
            steps("position fen 3-6-3-3-2-0-0-0-1-1-11-9-9-0-N moves cEa"),
            [Step::Run(Command::Position {
                start: StartingPosition::Fen("3,6,3,3,2,0 9 0,0,1,1,11,9 0 n".to_owned()),
                moves: ["3", "5", "1"].map(str::to_owned).to_vec(),
            })]
        );
        assert_eq!(
            steps("go depth 10 movetime 1000"),
            [Step::Run(Command::Go(GoParams {
                depth: Some(10),
                movetime: Some(1000),
                ..GoParams::default()
            }))]
        );
    }

    #[test]
    fn a_wrong_letter_is_refused_by_name() {
        assert_eq!(
            steps("position startpos moves FF"),
            [Step::Refuse(
                "info string error: illegal move 'F': it is North's move, and F is South's \
                 house; the position is unchanged"
                    .to_owned()
            )]
        );
        let got = steps("position fen 4-4-4-S");
        let [Step::Refuse(line)] = got.as_slice() else {
            panic!("one error line, got {got:?}");
        };
        assert!(
            line.starts_with("info string error: bad position '4-4-4-S'"),
            "{line}"
        );
    }

    #[test]
    fn only_settings_may_be_set_and_searchmoves_are_the_movers_letters() {
        assert_eq!(
            steps("setoption name OwnBook value true"),
            [Step::Run(Command::SetOption {
                name: "OwnBook".to_owned(),
                value: Some("true".to_owned())
            })]
        );
        for option in ["UCI_Variant value kalah", "Seeds value 3"] {
            let got = steps(&format!("setoption name {option}"));
            let [Step::Reply(line)] = got.as_slice() else {
                panic!("one error line, got {got:?}");
            };
            assert!(line.starts_with("info string error: option '"), "{line}");
        }
        let mut front = AalinaFront::default();
        front.command("position startpos moves F");
        assert_eq!(
            front.command("go depth 3 searchmoves a c"),
            [Step::Run(Command::Go(GoParams {
                depth: Some(3),
                searchmoves: vec!["1".to_owned(), "3".to_owned()],
                ..GoParams::default()
            }))]
        );
        let got = front.command("go depth 3 searchmoves A");
        let [Step::Reply(line)] = got.as_slice() else {
            panic!("one error line, got {got:?}");
        };
        assert!(
            line.contains("it is North's move, and A is South's house"),
            "{line}"
        );
    }

    #[test]
    fn moves_and_lines_go_out_as_letters() {
        let north =
            Oware::from_letters_position("4-4-4-4-4-0-5-5-5-5-4-4-0-0-N").expect("position");
        let out = AalinaFront::default().responses(&AnyGame::Oware(north));
        let best = Response::BestMove {
            best: Some("1".to_owned()),
            ponder: Some("3".to_owned()),
        };
        assert_eq!(out.translate(&best).as_deref(), Some("bestmove a ponder C"));
        let info = Info {
            depth: Some(4),
            pv: ["1", "3", "6", "2"].map(str::to_owned).to_vec(),
            ..Info::default()
        };
        assert_eq!(
            out.translate(&Response::Info(info)).as_deref(),
            Some("info depth 4 pv aCfB")
        );
        let none = Response::BestMove {
            best: None,
            ponder: None,
        };
        assert_eq!(out.translate(&none).as_deref(), Some("bestmove 0000"));
        assert_eq!(
            out.translate(&Response::ReadyOk).as_deref(),
            Some("readyok")
        );
    }
}
