//! The JSON messages between the page and `ply-gui`.
//!
//! The page may send only the [`ClientMessage`]s below; anything else (an
//! unknown type, an unknown field, a field of the wrong type, protocol text)
//! is refused with an [`ServerMessage::Error`] and changes nothing. In
//! particular no text from the page is ever passed to the engine: moves and
//! position strings are checked with the engine library's rules first, and
//! option names against a per-game whitelist.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::strength::Strength;

/// The largest message the page may send, in bytes.
pub const MAX_MESSAGE_BYTES: usize = 4096;

/// The most lines (MultiPV) analysis mode shows at once: more than a
/// person reads while the lines change.
pub const MAX_ANALYSIS_LINES: u32 = 5;

/// The lines analysis mode shows unless told otherwise (as lichess does).
pub const DEFAULT_ANALYSIS_LINES: u32 = 3;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayerKind {
    /// A person clicking on the page.
    Human,
    /// The engine.
    Engine,
}

/// An option value as the page sends it: text, a number or a flag.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum OptionValue {
    /// `"4"`, `"kalah"`.
    Text(String),
    /// `4`.
    Number(i64),
    /// `true`.
    Flag(bool),
}

impl OptionValue {
    /// The value as `setoption … value` would carry it.
    #[must_use]
    pub fn as_text(&self) -> String {
        match self {
            Self::Text(text) => text.clone(),
            Self::Number(n) => n.to_string(),
            Self::Flag(b) => b.to_string(),
        }
    }
}

/// Everything the page may ask for.
///
/// Messages without fields are empty struct variants (`Undo {}`), not unit
/// variants: serde ignores `deny_unknown_fields` for the unit variants of
/// an internally tagged enum, so `{"type":"flip","evil":1}` would be
/// accepted. As structs, every message refuses fields it does not have.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Start a new game, of this game (`UCI_Variant`) with these rule
    /// options (only the game's own options, e.g. Kalah's `Pits`, `Seeds`,
    /// `EmptyCapture`). Absent: the current game and options.
    NewGame {
        /// The game's name.
        #[serde(default)]
        variant: Option<String>,
        /// The rule options.
        #[serde(default)]
        options: BTreeMap<String, OptionValue>,
    },
    /// Play a move for the person to move.
    Move {
        /// The move in the game's notation (`"3"`).
        #[serde(rename = "move")]
        mv: String,
    },
    /// Take back the last turn (and the engine's reply).
    Undo {},
    /// Start from a position string of the current game.
    SetPosition {
        /// The position string.
        fen: String,
    },
    /// Who plays each side and how strong the engine is on each side.
    SetOptions {
        /// South's and North's player.
        #[serde(default)]
        players: Option<[PlayerKind; 2]>,
        /// The engine's strength on each side.
        #[serde(default)]
        strength: Option<[Strength; 2]>,
    },
    /// Let the engine play the side to move now (and resume engine play).
    EngineMove {},
    /// Ask the engine for a turn for the side to move, without playing it.
    Hint {},
    /// Stop the engine: a search ends with its best move so far, and the
    /// engines stop moving by themselves until the next `engine_move`.
    Stop {},
    /// Turn the board round.
    Flip {},
    /// The person's answer to the draw offer ([`StateInfo::draw_offer`]):
    /// accept (the game ends as a draw) or play on.
    AnswerDraw {
        /// Whether the draw is accepted.
        accept: bool,
    },
    /// Turn analysis mode on or off (docs/front-ends.md, "Analysis
    /// mode"): the engine analyses the position shown with `lines`
    /// principal variations (1 to [`MAX_ANALYSIS_LINES`]), and nobody's
    /// engine plays.
    Analysis {
        /// On or off.
        on: bool,
        /// How many lines ([`DEFAULT_ANALYSIS_LINES`], or the last
        /// number chosen, when absent).
        #[serde(default)]
        lines: Option<u32>,
    },
    /// In analysis mode: show the position after the first `ply` moves of
    /// the game (0: the start).
    GoTo {
        /// How many of the game's moves are played in the position.
        ply: usize,
    },
    /// Build the game's exact database of this size (Kalah: seeds on the
    /// board) for the rules in force ([`StateInfo::database`]).
    BuildDatabase {
        /// The size.
        size: u32,
    },
    /// Cancel the database build.
    CancelBuild {},
    /// Check every part of the loaded database file (`ply-engine verify-db`).
    VerifyDatabase {},
    /// Turn the exact-value view on or off ([`StateInfo::exact`]).
    ExactValues {
        /// On or off.
        on: bool,
    },
}

/// An option a game's rules take, for the page's form.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OptionInfo {
    /// The name as `uci` declares it.
    pub name: String,
    /// `spin`, `check`, `combo` or `string`.
    pub kind: &'static str,
    /// The default value.
    pub default: Value,
    /// Smallest value (`spin`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<i64>,
    /// Largest value (`spin`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
    /// The choices (`combo`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub vars: Vec<String>,
}

/// A game the engine plays, for the page's game menu.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VariantInfo {
    /// The `UCI_Variant` name.
    pub name: &'static str,
    /// The sides' names, player one first.
    pub side_names: [&'static str; 2],
    /// The options of its rules.
    pub options: Vec<OptionInfo>,
    /// What a score's unit is (`seed`).
    pub unit: &'static str,
    /// What the page asks of the person to move, by the side to move:
    /// [`crate::games::GameUi::page_hint`].
    pub page_hint: [&'static str; 2],
    /// Whether the page shows the evaluation bar and the Flip button
    /// (both mean nothing in Mastermind): [`crate::games::GameUi::two_sided`].
    pub two_sided: bool,
}

/// A move of the game's record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveEntry {
    /// Who played it (0 for player one).
    pub side: usize,
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
}

/// A score for the page: for the side that searched, and from player
/// one's side for the evaluation bar.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreInfo {
    /// Hundredths (100 = one seed), when not a proven result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cp: Option<i32>,
    /// Plies to a proven win (negative: loss).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mate: Option<i32>,
    /// The score in words (`+1.50`, `win in 5`).
    pub text: String,
    /// Whether `cp` is a proven final margin (the engine's `info string
    /// proven margin …`, or the game's end), not an estimate.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub proven: bool,
}

/// A turn of the engine's line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TurnInfo {
    /// Who plays it.
    pub side: usize,
    /// Its moves.
    pub moves: Vec<String>,
}

/// One iteration of a search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SearchInfo {
    /// The side the engine searches for.
    pub side: usize,
    /// Whether this is a hint (the move is not played).
    pub hint: bool,
    /// `depth`.
    pub depth: Option<u32>,
    /// `seldepth`.
    pub seldepth: Option<u32>,
    /// The score for `side`.
    pub score: Option<ScoreInfo>,
    /// The score for player one.
    pub eval: Option<ScoreInfo>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `nps`.
    pub nps: Option<u64>,
    /// `time` in ms.
    pub time: Option<u64>,
    /// The line, move by move.
    pub pv: Vec<String>,
    /// The line, turn by turn (as far as it is legal).
    pub pv_turns: Vec<TurnInfo>,
    /// Which of the analysis's lines this is (1: the best), when the
    /// engine numbers them (`multipv k`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub multipv: Option<u32>,
    /// Whether this is analysis mode's search (neither played nor a hint).
    pub analysis: bool,
    /// The position searched: after this many of the game's moves.
    pub ply: usize,
    /// The score in the game's own words (Mastermind: expected guesses).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The last move, so the page can animate it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LastMove {
    /// Who played it.
    pub side: usize,
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// The board before it (the same form as [`StateInfo::board`]).
    pub before: Value,
}

/// Analysis mode, while it is on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AnalysisInfo {
    /// How many lines the engine is asked for (`MultiPV`).
    pub lines: u32,
    /// Whether the engine is analysing the position shown now (not when
    /// the game is over there, nor once the value is proven).
    pub running: bool,
}

/// A database size the page offers to build.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BuildChoice {
    /// The size (Kalah: seeds on the board).
    pub size: u32,
    /// The file's size in bytes.
    pub bytes: u64,
    /// The expected build time in seconds.
    pub seconds: u64,
}

/// A database build in progress.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BuildInfo {
    /// Its size.
    pub size: u32,
    /// The level being built and the last (from the build's progress).
    pub level: Option<u32>,
    /// The last level.
    pub levels: Option<u32>,
    /// The share of the entries done, in percent.
    pub percent: f64,
    /// Time since it started.
    pub elapsed_ms: u64,
    /// Whether another page started it (this page cannot cancel it).
    pub other_page: bool,
}

/// The game's exact database, for a game that has one.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DatabaseInfo {
    /// The database the engine of the side to move has loaded, in its
    /// words (`/…/kalah-6-standard-24.db (found by auto): 6 pits, …`).
    pub loaded: Option<String>,
    /// Whether that engine has been asked yet (`loaded` means nothing
    /// before).
    pub known: bool,
    /// What a size counts ("seeds on the board").
    pub size_unit: &'static str,
    /// The sizes offered for the rules in force.
    pub choices: Vec<BuildChoice>,
    /// The build running.
    pub build: Option<BuildInfo>,
    /// How the last build ended, in words.
    pub build_end: Option<String>,
    /// Whether it failed (or was cancelled).
    pub build_failed: bool,
    /// Whether the loaded file is being checked (`verify_database`).
    pub verifying: bool,
    /// How the last check ended, in words.
    pub verify_end: Option<String>,
    /// Whether it found the file damaged (or could not check it).
    pub verify_failed: bool,
    /// Why the perfect strength chosen for a side does not play perfectly
    /// (no database for the board), and how it plays instead.
    pub perfect_note: Option<String>,
    /// Whether the game's database gives perfect play (Kalah's exact
    /// values; not Oware's bounds): the page offers `perfect` only then.
    pub perfect_play: bool,
    /// Whether a proven value is a result (+1 a win, 0 a draw, −1 a
    /// loss), which the page says in words, rather than a final margin.
    pub results: bool,
}

/// A move's proven value, or the bounds proven on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExactMove {
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// The final margin for the side to move after it, with perfect play;
    /// `null` when only bounds are proven.
    pub value: Option<i32>,
    /// The least and the most that margin can be, proven (equal to
    /// `value` when it is exact): Oware's `solve` proves bounds where the
    /// repetition rule leaves the value open.
    pub lower: i32,
    pub upper: i32,
}

/// The exact-value view, while it is on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExactInfo {
    /// The position: after this many of the game's moves.
    pub ply: usize,
    /// `proving`, `proven`, `not proven in time`, `needs a database`, …
    pub status: &'static str,
    /// The legal moves proven so far, in the game's order.
    pub values: Vec<ExactMove>,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OutcomeInfo {
    /// The winner (0 or 1), none for a draw.
    pub winner: Option<usize>,
    /// In words: "South wins 40-32".
    pub text: String,
}

/// Everything the page shows, sent after every change.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StateInfo {
    /// The game's `UCI_Variant` name.
    pub variant: &'static str,
    /// "Kalah(6,4)".
    pub title: String,
    /// The rule options in force, by name.
    pub options: BTreeMap<String, String>,
    /// The sides' names.
    pub side_names: [&'static str; 2],
    /// The position string (of the position shown).
    pub fen: String,
    /// The position shown is the one after this many of the game's
    /// moves: the last one, or an earlier one in analysis mode.
    pub ply: usize,
    /// The board, for the game's drawing module (`kind` names it).
    pub board: Value,
    /// The board in text, the bottom side as the page shows it.
    pub text: String,
    /// The side at the bottom of the board (0 or 1).
    pub bottom: usize,
    /// The side to move.
    pub side_to_move: usize,
    /// The legal moves, when a person is to move and may click.
    pub legal: Vec<String>,
    /// The moves so far.
    pub moves: Vec<MoveEntry>,
    /// Who plays each side.
    pub players: [PlayerKind; 2],
    /// The engine's strength on each side.
    pub strength: [Strength; 2],
    /// The side the engine is thinking for, if it is.
    pub thinking: Option<usize>,
    /// Whether that search is a hint.
    pub hinting: bool,
    /// Whether engines wait for `engine_move`.
    pub paused: bool,
    /// The result, once the game is over.
    pub outcome: Option<OutcomeInfo>,
    /// Each side's count (Kalah: store plus own pits).
    pub tally: Option<[u32; 2]>,
    /// The move just played, for the animation.
    pub last_move: Option<LastMove>,
    /// A draw offered to the person, and why ("only kings remain …"),
    /// until it is answered.
    pub draw_offer: Option<String>,
    /// The engines' names, once started.
    pub engine_names: [Option<String>; 2],
    /// Analysis mode, when it is on.
    pub analysis: Option<AnalysisInfo>,
    /// The game's exact database, for a game that has one.
    pub database: Option<DatabaseInfo>,
    /// The exact-value view, when it is on.
    pub exact: Option<ExactInfo>,
    /// The evaluation of each position of the game (index: its ply), from
    /// player one's side, where a search has given one; the game's end is
    /// its result.
    pub evals: Vec<Option<ScoreInfo>>,
    /// What the last message changed that the page should say: "2 later
    /// moves were replaced".
    pub notice: Option<String>,
    /// How many messages from the page have been handled (refused ones
    /// too), so the page can tell the answer to its last message.
    pub ack: u64,
}

/// Everything `ply-gui` sends to the page.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// First message: what can be played.
    Hello {
        /// ply-gui's version.
        version: &'static str,
        /// The games.
        variants: Vec<VariantInfo>,
    },
    /// The game now.
    State(Box<StateInfo>),
    /// An engine's search, as it goes.
    Info(Box<SearchInfo>),
    /// The engine's label for a line it has just printed: its value is
    /// proven (`info string [multipv k ]proven margin …`).
    Proven {
        /// The position searched: after this many of the game's moves.
        ply: usize,
        /// The line (1: the best).
        multipv: u32,
        /// Whether the line is analysis mode's.
        analysis: bool,
    },
    /// The answer to `hint`.
    Hint {
        /// For whom.
        side: usize,
        /// The suggested turn.
        turn: Vec<String>,
        /// Its score in words.
        score: Option<String>,
    },
    /// A message was refused, or something went wrong.
    Error {
        /// What and why.
        message: String,
    },
}

/// Reads a message from the page.
///
/// # Errors
/// Why the text is not one of the messages the page may send.
pub fn parse_client_message(text: &str) -> Result<ClientMessage, String> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(format!(
            "message too long ({} bytes; at most {MAX_MESSAGE_BYTES})",
            text.len()
        ));
    }
    serde_json::from_str(text).map_err(|e| format!("message refused: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_messages_parse() {
        assert_eq!(
            parse_client_message(r#"{"type":"move","move":"3"}"#),
            Ok(ClientMessage::Move { mv: "3".into() })
        );
        assert_eq!(
            parse_client_message(r#"{"type":"undo"}"#),
            Ok(ClientMessage::Undo {})
        );
        assert_eq!(
            parse_client_message(r#"{"type":"answer_draw","accept":true}"#),
            Ok(ClientMessage::AnswerDraw { accept: true })
        );
        assert_eq!(
            parse_client_message(r#"{"type":"analysis","on":true}"#),
            Ok(ClientMessage::Analysis {
                on: true,
                lines: None
            })
        );
        assert_eq!(
            parse_client_message(r#"{"type":"analysis","on":false,"lines":5}"#),
            Ok(ClientMessage::Analysis {
                on: false,
                lines: Some(5)
            })
        );
        assert_eq!(
            parse_client_message(r#"{"type":"build_database","size":10}"#),
            Ok(ClientMessage::BuildDatabase { size: 10 })
        );
        assert_eq!(
            parse_client_message(r#"{"type":"cancel_build"}"#),
            Ok(ClientMessage::CancelBuild {})
        );
        assert_eq!(
            parse_client_message(r#"{"type":"exact_values","on":false}"#),
            Ok(ClientMessage::ExactValues { on: false })
        );
        assert_eq!(
            parse_client_message(r#"{"type":"set_options","strength":["perfect",{"depth":3}]}"#),
            Ok(ClientMessage::SetOptions {
                players: None,
                strength: Some([Strength::Perfect, Strength::Depth(3)]),
            })
        );
        assert_eq!(
            parse_client_message(r#"{"type":"go_to","ply":0}"#),
            Ok(ClientMessage::GoTo { ply: 0 })
        );
        let new_game = parse_client_message(
            r#"{"type":"new_game","variant":"kalah","options":{"Seeds":4,"EmptyCapture":true}}"#,
        )
        .unwrap();
        let ClientMessage::NewGame { variant, options } = new_game else {
            panic!("not a new game");
        };
        assert_eq!(variant.as_deref(), Some("kalah"));
        assert_eq!(options["Seeds"].as_text(), "4");
        assert_eq!(options["EmptyCapture"].as_text(), "true");
        assert_eq!(
            parse_client_message(
                r#"{"type":"set_options","players":["engine","engine"],"strength":[{"depth":2},{"movetime":100}]}"#
            ),
            Ok(ClientMessage::SetOptions {
                players: Some([PlayerKind::Engine, PlayerKind::Engine]),
                strength: Some([Strength::Depth(2), Strength::Movetime(100)]),
            })
        );
    }

    /// One well-formed example of every message the page may send.
    const EVERY_MESSAGE: [&str; 16] = [
        r#"{"type":"new_game","variant":"kalah","options":{"Seeds":4}}"#,
        r#"{"type":"move","move":"3"}"#,
        r#"{"type":"undo"}"#,
        r#"{"type":"set_position","fen":"4,4,4,4,4,4 0 4,4,4,4,4,4 0 s"}"#,
        r#"{"type":"set_options","players":["human","engine"]}"#,
        r#"{"type":"engine_move"}"#,
        r#"{"type":"hint"}"#,
        r#"{"type":"stop"}"#,
        r#"{"type":"flip"}"#,
        r#"{"type":"answer_draw","accept":false}"#,
        r#"{"type":"analysis","on":true,"lines":3}"#,
        r#"{"type":"go_to","ply":2}"#,
        r#"{"type":"build_database","size":20}"#,
        r#"{"type":"cancel_build"}"#,
        r#"{"type":"exact_values","on":true}"#,
        r#"{"type":"verify_database"}"#,
    ];

    /// The place of a message's kind in [`EVERY_MESSAGE`]; the match has no
    /// wildcard, so a new kind of message must be added there too.
    fn kind_index(message: &ClientMessage) -> usize {
        match message {
            ClientMessage::NewGame { .. } => 0,
            ClientMessage::Move { .. } => 1,
            ClientMessage::Undo {} => 2,
            ClientMessage::SetPosition { .. } => 3,
            ClientMessage::SetOptions { .. } => 4,
            ClientMessage::EngineMove {} => 5,
            ClientMessage::Hint {} => 6,
            ClientMessage::Stop {} => 7,
            ClientMessage::Flip {} => 8,
            ClientMessage::AnswerDraw { .. } => 9,
            ClientMessage::Analysis { .. } => 10,
            ClientMessage::GoTo { .. } => 11,
            ClientMessage::BuildDatabase { .. } => 12,
            ClientMessage::CancelBuild {} => 13,
            ClientMessage::ExactValues { .. } => 14,
            ClientMessage::VerifyDatabase {} => 15,
        }
    }

    /// `{"type":"flip","evil":"go depth 99"}` was accepted as a flip: the
    /// messages without fields ignored unknown ones.
    #[test]
    fn every_message_refuses_fields_it_does_not_have() {
        for (index, text) in EVERY_MESSAGE.iter().enumerate() {
            let message =
                parse_client_message(text).unwrap_or_else(|e| panic!("{text} is well-formed: {e}"));
            assert_eq!(kind_index(&message), index, "{text}");
            let mut value: Value = serde_json::from_str(text).unwrap();
            value["evil"] = Value::from("go depth 99");
            let extra = value.to_string();
            let error = parse_client_message(&extra).expect_err(&format!("{extra} was accepted"));
            assert!(error.contains("unknown field `evil`"), "{extra}: {error}");
        }
    }

    #[test]
    fn anything_else_is_refused() {
        for text in [
            "uci",
            "go depth 5",
            r#"{"type":"raw","line":"quit"}"#,
            r#"{"type":"move"}"#,
            r#"{"type":"move","move":3}"#,
            r#"{"type":"move","move":"3","extra":1}"#,
            r#"{"type":"set_options","players":["engine"]}"#,
            r#"{"type":"set_options","strength":[{"nodes":5},{"depth":1}]}"#,
            r#"{"type":"new_game","options":{"Seeds":[1]}}"#,
            r#"{"move":"3"}"#,
            r#"{"type":"answer_draw"}"#,
            r#"{"type":"answer_draw","accept":"yes"}"#,
            r#"{"type":"analysis"}"#,
            r#"{"type":"analysis","on":"yes"}"#,
            r#"{"type":"analysis","on":true,"lines":-1}"#,
            r#"{"type":"analysis","on":true,"lines":"3"}"#,
            r#"{"type":"analysis","on":true,"multipv":3}"#,
            r#"{"type":"go_to"}"#,
            r#"{"type":"go_to","ply":-1}"#,
            r#"{"type":"go_to","ply":1.5}"#,
            r#"{"type":"go_to","ply":"2"}"#,
            r#"{"type":"build_database"}"#,
            r#"{"type":"build_database","size":-1}"#,
            r#"{"type":"build_database","size":"20"}"#,
            r#"{"type":"build_database","size":20,"pits":6}"#,
            r#"{"type":"build_database","size":20,"args":"--output /etc/x"}"#,
            r#"{"type":"exact_values"}"#,
            r#"{"type":"exact_values","on":1}"#,
            r#"{"type":"set_options","strength":["perfect","best"]}"#,
        ] {
            assert!(parse_client_message(text).is_err(), "{text} was accepted");
        }
        let long = format!(r#"{{"type":"set_position","fen":"{}"}}"#, "1".repeat(5000));
        assert!(
            parse_client_message(&long)
                .unwrap_err()
                .contains("too long")
        );
    }
}
