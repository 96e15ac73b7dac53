//! Aalina's UCI dialect, as Aualé drives an Oware engine: UCI's words,
//! Oware's houses as letters ([`Letters`]). This is the dialect's
//! framing: UCI's lines, read and written by `ply_protocol`; the settings,
//! position checks and move rewriting are the generic translator's.
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

use ply_protocol::{Command, OptionDecl, ParseError, Response, StartingPosition, parse_command};
use ply_rules::games::oware::Letters;

use super::framing::{Framing, Request};
use crate::session::input::LineRole;

/// UCI's null move, Aalina's answer when there is no move.
const NO_MOVE: &str = "0000";

/// The framing of Aalina's dialect: UCI's.
#[derive(Debug, Default)]
pub struct Aalina;

impl Framing for Aalina {
    type Notation = Letters;

    const SPACED_NAMES: bool = true;

    const BUTTONS: bool = true;

    fn read(&mut self, line: &str, _: &[OptionDecl]) -> Request {
        match parse_command(line) {
            Ok(Command::Position { start, moves }) => Request::Position {
                start: match start {
                    StartingPosition::StartPos => None,
                    StartingPosition::Fen(text) => Some(text),
                },
                moves,
            },
            Ok(Command::SetOption { name, value }) => Request::SetSetting { name, value },
            Ok(command) => Request::Run(command),
            Err(ParseError::Empty) => Request::Reply(Vec::new()),
            Err(e) => Request::Error(e.to_string()),
        }
    }

    /// UCI's.
    fn role(line: &str) -> LineRole {
        LineRole::of_uci(line)
    }

    /// UCI's `info string error: …`.
    fn error_line(message: &str) -> String {
        Response::InfoString(format!("error: {message}")).to_string()
    }

    fn not_a_setting(name: &str, settings: &[String]) -> String {
        format!(
            "option '{name}' is not set in Aalina's dialect, which plays Abapa Oware; \
             the options are Ply's settings ({})",
            settings.join(", ")
        )
    }

    /// UCI's line, with `bestmove 0000` when there is no move.
    fn write(response: &Response) -> Option<String> {
        let written = match response {
            Response::BestMove { best: None, ponder } => Response::BestMove {
                best: Some(NO_MOVE.to_owned()),
                ponder: ponder.clone(),
            },
            other => other.clone(),
        };
        Some(written.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::translation::translator::Translation;
    use crate::session::translation::{Step, Translator};
    use ply_protocol::{GoParams, Info};
    use ply_rules::games::oware::Oware;
    use ply_rules::variant::AnyGame;

    type AalinaTranslator = Translation<Aalina>;

    fn steps(line: &str) -> Vec<Step> {
        AalinaTranslator::default().command(line)
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
        let mut front = AalinaTranslator::default();
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
        assert_eq!(
            front.command("go searchmoves ab"),
            [Step::Reply(
                "info string error: searchmoves: 'ab' is not one house letter".to_owned()
            )]
        );
    }

    #[test]
    fn moves_and_lines_go_out_as_letters() {
        let north =
            Oware::from_letters_position("4-4-4-4-4-0-5-5-5-5-4-4-0-0-N").expect("position");
        let out = AalinaTranslator::default().responses(&AnyGame::Oware(north));
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
