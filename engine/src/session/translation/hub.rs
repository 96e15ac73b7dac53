//! Hub, Scan's draughts protocol, as pydraughts speaks it: Ply plays
//! Russian draughts in it, in Hub's notation
//! ([`HubNotation`]). This is Hub's framing: how its lines look; the
//! settings, position checks and move rewriting are the generic
//! translator's.
//!
//! - `hub` → `id`, one `param` a Ply option (`variant` standing for
//!   `UCI_Variant`, whose only value is `russian`), `wait`;
//!   `set-param` → `setoption`; `init` → `ready`; `ping` → `pong` (at once
//!   also while a search runs, as `isready`; `stop`, `ponder-hit` and
//!   `quit` too: see [`Framing::role`]).
//! - `pos pos=… moves="…"` → `position fen … moves …` (`position startpos
//!   moves …` without `pos=`), through Russian
//!   draughts' Hub notation (squares numbered from a1, captures with their
//!   captured squares); a bad position or move is refused whole.
//! - `level …` is kept for the next `go`: `go think` is a `go` within it,
//!   `go ponder` a pondering `go` (`ponder-hit` its `ponderhit`), `go
//!   analyze` an infinite `go`. Hub's `inc` is added before the move, so
//!   the clock given to the search is `time + inc`.
//! - Ply's `info` lines become `info depth= score= nodes= time= nps= pv=`
//!   (scores in men, the first line of a `MultiPV` search only), its
//!   `bestmove` `done move= ponder=`, its errors `error message=`; its
//!   other text has no place in Hub and is only logged.

use ply_protocol::hub::{
    HubCommand, HubGoMode, HubInfo, HubLevel, HubParam, HubParamType, HubResponse,
    parse_hub_command,
};
use ply_protocol::{
    Command, GoParams, Info, OptionDecl, OptionKind, ParseError, Response, ScoreValue,
};
use ply_rules::game::NotationError;
use ply_rules::games::russian::HubNotation;

use super::framing::{Framing, Request};
use crate::session::input::LineRole;
use crate::session::{ENGINE_AUTHOR, ENGINE_VERSION, PROGRAM_NAME};

/// The word that starts Hub.
pub const HELLO: &str = "hub";

/// The word of Hub's line that sets the position.
const POS_WORD: &str = "pos";

/// Hub's name for the game being played (Ply's `UCI_Variant`).
const VARIANT_PARAM: &str = "variant";

/// The variant's value for Russian draughts, as pydraughts names it.
const RUSSIAN: &str = "russian";

/// Hundredths of a man in Hub's score of a won game (pydraughts reads a
/// score past 90 men as a win, and `100 - score` as the plies to it).
const WIN_HUNDREDTHS: i32 = 10_000;

/// Nodes a second in the thousands Hub's `nps` is printed from.
const NODES_PER_KNODE: u64 = 1000;

/// The move time, in milliseconds, of a `go think` or `go ponder` (after
/// its `ponder-hit`) whose level sets no limit: no `level` was sent, or
/// each one was refused. Without it the search would run until `stop`,
/// and a program that forgot `level` (pydraughts sends none for a limit
/// it does not know) would wait for ever. One second gives a sound move
/// at once; a program that wants another sends its `level`.
const DEFAULT_MOVE_TIME_MS: u64 = 1000;

/// Hub's framing: the level set by the last `level`.
#[derive(Debug, Default)]
pub struct Hub {
    level: HubLevel,
}

impl Framing for Hub {
    type Notation = HubNotation;

    /// pydraughts sends names unquoted.
    const SPACED_NAMES: bool = false;

    /// Hub's parameters have no button type.
    const BUTTONS: bool = false;

    fn read(&mut self, line: &str, settings: &[OptionDecl]) -> Request {
        let command = match parse_hub_command(line) {
            Ok(command) => command,
            Err(ParseError::Empty) => return Request::Reply(Vec::new()),
            Err(e @ ParseError::Malformed { .. }) if is_position(&e) => {
                return Request::BadPosition(e.to_string());
            }
            Err(e) => return Request::Error(e.to_string()),
        };
        match command {
            HubCommand::Hub => Request::Reply(hello(settings)),
            HubCommand::SetParam { name, value } => set_param(name, value),
            HubCommand::Init => Request::Reply(vec![HubResponse::Ready.to_string()]),
            HubCommand::Pos { pos, moves } => Request::Position { start: pos, moves },
            HubCommand::Level(level) => {
                self.level = level;
                Request::Reply(Vec::new())
            }
            HubCommand::Go(mode) => Request::Run(Command::Go(self.go(mode))),
            HubCommand::Ping => Request::Run(Command::IsReady),
            HubCommand::PonderHit => Request::Run(Command::PonderHit),
            HubCommand::Stop => Request::Run(Command::Stop),
            HubCommand::NewGame => Request::Run(Command::NewGame(ply_protocol::Dialect::Uci)),
            HubCommand::Quit => Request::Run(Command::Quit),
        }
    }

    /// Hub's lines that may come during a search (its `ping`,
    /// `ponder-hit` and `stop`), `quit`, and `go`.
    fn role(line: &str) -> LineRole {
        match parse_hub_command(line) {
            Ok(HubCommand::Ping) => LineRole::IsReady,
            Ok(HubCommand::PonderHit) => LineRole::PonderHit,
            Ok(HubCommand::Stop) => LineRole::Stop,
            Ok(HubCommand::Quit) => LineRole::Quit,
            Ok(HubCommand::Go(_)) => LineRole::StartsSearch,
            _ => LineRole::Other,
        }
    }

    /// An `error` line, the answer to what cannot be done.
    fn error_line(message: &str) -> String {
        HubResponse::error(message).to_string()
    }

    fn bad_move(index: usize, error: &NotationError) -> String {
        format!("move {} of the list: {error}", index + 1)
    }

    fn not_a_setting(name: &str, settings: &[String]) -> String {
        format!(
            "no parameter '{name}': the parameters are {VARIANT_PARAM}, {}",
            settings.join(", ")
        )
    }

    fn write(response: &Response) -> Option<String> {
        let hub = match response {
            Response::ReadyOk => HubResponse::Pong,
            Response::BestMove { best, ponder } => HubResponse::Done {
                mv: best.clone(),
                ponder: ponder.clone(),
            },
            Response::Info(info) => HubResponse::Info(info_of(info)?),
            Response::InfoString(text) => HubResponse::error(text.strip_prefix("error: ")?),
            _ => return None,
        };
        Some(hub.to_string())
    }
}

impl Hub {
    /// The `go` of a Hub `go` within the current level; a level without
    /// a limit thinks for [`DEFAULT_MOVE_TIME_MS`] (`go analyze` and
    /// `level infinite` search until `stop`, as asked).
    fn go(&self, mode: HubGoMode) -> GoParams {
        let level = &self.level;
        let clock = level.time.map(|time| time + level.inc.unwrap_or(0));
        let infinite = mode == HubGoMode::Analyze || level.infinite;
        let unlimited = level.depth.is_none()
            && level.nodes.is_none()
            && level.move_time.is_none()
            && clock.is_none();
        GoParams {
            depth: level.depth,
            nodes: level.nodes,
            movetime: if unlimited && !infinite {
                Some(DEFAULT_MOVE_TIME_MS)
            } else {
                level.move_time
            },
            time: [clock, clock],
            inc: [level.inc, level.inc],
            movestogo: level.moves,
            infinite,
            ponder: mode == HubGoMode::Ponder,
            ..GoParams::default()
        }
    }
}

/// Whether a line that does not read was a `pos`: it is refused as a
/// position is (see [`Step::Refuse`]), and the position stays.
fn is_position(e: &ParseError) -> bool {
    matches!(e, ParseError::Malformed { command, .. } if command == POS_WORD)
}

/// `hub`: who Ply is, its parameters, `wait`. Russian draughts has no
/// rule options, so the parameters are the variant and Ply's `settings`.
fn hello(settings: &[OptionDecl]) -> Vec<String> {
    let id = HubResponse::Id(vec![
        ("name".to_owned(), PROGRAM_NAME.to_owned()),
        ("version".to_owned(), ENGINE_VERSION.to_owned()),
        ("author".to_owned(), ENGINE_AUTHOR.to_owned()),
    ]);
    let variant = HubResponse::Param(HubParam {
        name: VARIANT_PARAM.to_owned(),
        value: RUSSIAN.to_owned(),
        kind: HubParamType::Enum {
            values: vec![RUSSIAN.to_owned()],
        },
    });
    let params = settings.iter().filter_map(param).map(HubResponse::Param);
    std::iter::once(id)
        .chain(std::iter::once(variant))
        .chain(params)
        .chain(std::iter::once(HubResponse::Wait))
        .map(|response| response.to_string())
        .collect()
}

/// A Ply setting as a Hub parameter; none for a button, which Hub has
/// not (and [`Hub::BUTTONS`] keeps out of the settings offered).
fn param(decl: &OptionDecl) -> Option<HubParam> {
    let (value, kind) = match &decl.kind {
        OptionKind::Check { default } => (default.to_string(), HubParamType::Bool),
        OptionKind::Spin { default, min, max } => (
            default.to_string(),
            HubParamType::Int {
                min: *min,
                max: *max,
            },
        ),
        OptionKind::Combo { default, vars } => (
            default.clone(),
            HubParamType::Enum {
                values: vars.clone(),
            },
        ),
        OptionKind::String { default } => (default.clone(), HubParamType::String),
        OptionKind::Button => return None,
    };
    Some(HubParam {
        name: decl.name.clone(),
        value,
        kind,
    })
}

/// `set-param`: `variant` must be Russian draughts; the other parameters
/// are Ply's settings `hub` declared, which the translator checks. Ply's
/// other options (`UCI_Variant`, other games' rules) are refused: they
/// would change the game Hub plays.
fn set_param(name: String, value: String) -> Request {
    if name != VARIANT_PARAM {
        return Request::SetSetting {
            name,
            value: Some(value),
        };
    }
    if value == RUSSIAN {
        Request::Reply(Vec::new())
    } else {
        Request::Error(format!(
            "variant '{value}' is not played: Ply plays {RUSSIAN} in Hub"
        ))
    }
}

/// An iteration's `info` in Hub's form, its `pv` already in Hub's
/// notation: none for lines Hub has no place for (a second `MultiPV`
/// line, a line without depth).
fn info_of(info: &Info) -> Option<HubInfo> {
    if info.multipv.is_some_and(|line| line > 1) || info.depth.is_none() {
        return None;
    }
    Some(HubInfo {
        depth: info.depth,
        score: info.score.map(|score| match score.value {
            ScoreValue::Centi(centi) => centi,
            ScoreValue::Mate(moves) => mate_hundredths(moves),
        }),
        nodes: info.nodes,
        time: info.time,
        knps: info.nps.map(|nps| nps / NODES_PER_KNODE),
        pv: info.pv.clone(),
    })
}

/// Ply's `mate N`, a win in `plies` plies (a loss when negative), as
/// Hub's score: 100 men less a hundredth a ply, which pydraughts reads
/// back as a win in `ceil(plies / 2)` moves.
fn mate_hundredths(plies: i32) -> i32 {
    let size = WIN_HUNDREDTHS - plies.abs();
    if plies > 0 { size } else { -size }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::translation::translator::Translation;
    use crate::session::translation::{Step, Translator};
    use ply_rules::games::russian::Russian;
    use ply_rules::variant::AnyGame;

    type HubTranslator = Translation<Hub>;

    fn replies(front: &mut HubTranslator, line: &str) -> Vec<String> {
        front
            .command(line)
            .into_iter()
            .map(|step| match step {
                Step::Reply(text) | Step::Refuse(text) => text,
                Step::Run(command) => format!("run: {command}"),
            })
            .collect()
    }

    #[test]
    fn hub_declares_the_variant_and_ends_with_wait() {
        let mut front = HubTranslator::default();
        let lines = replies(&mut front, "hub");
        assert!(lines[0].starts_with("id name=Ply version="), "{lines:?}");
        assert_eq!(
            lines[1],
            "param name=variant value=russian type=enum values=russian"
        );
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("param name=Hash value="))
        );
        assert!(!lines.iter().any(|l| l.contains("UCI_Variant")));
        assert_eq!(lines.last().map(String::as_str), Some("wait"));
        assert_eq!(replies(&mut front, "init"), ["ready"]);
    }

    #[test]
    fn a_pydraughts_position_becomes_ply_moves() {
        let mut front = HubTranslator::default();
        assert_eq!(
            replies(
                &mut front,
                "pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"10-14 23-19 14x23x19 28x19x23\""
            ),
            [format!(
                "run: position fen {} moves c3-d4 f6-e5 d4:f6 g7:e5",
                Russian::start().write_position()
            )]
        );
    }

    #[test]
    fn bad_input_is_an_error_line_and_nothing_else() {
        let mut front = HubTranslator::default();
        for (line, start) in [
            ("pos pos=Wbbb", "error message=\"bad position"),
            (
                "pos moves=\"10-14 10-14\"",
                "error message=\"move 2 of the list",
            ),
            ("go", "error message=\"go: expected"),
            (
                "pos moves=10-14 23-19",
                "error message=\"pos: unexpected word '23-19'",
            ),
            ("fly", "error message=\"unknown command 'fly'\""),
            ("level depth=x", "error message=\"level: 'depth' needs"),
            (
                "set-param name=variant value=frisian",
                "error message=\"variant 'frisian'",
            ),
            (
                "set-param name=UCI_Variant value=kalah",
                "error message=\"no parameter 'UCI_Variant'",
            ),
            (
                "set-param name=Seeds value=3",
                "error message=\"no parameter 'Seeds'",
            ),
        ] {
            let lines = replies(&mut front, line);
            assert_eq!(lines.len(), 1, "{line}: {lines:?}");
            assert!(lines[0].starts_with(start), "{line}: {lines:?}");
        }
        let mut hub = Hub::default();
        assert!(matches!(hub.read("level depth=x", &[]), Request::Error(_)));
        assert_eq!(
            hub.level,
            HubLevel::default(),
            "a bad level changes nothing"
        );
    }

    #[test]
    fn levels_become_go_limits() {
        let mut front = Hub::default();
        let replies = |front: &mut Hub, line: &str| match front.read(line, &[]) {
            Request::Reply(lines) => lines,
            other => panic!("{line}: {other:?}"),
        };
        for mode in [HubGoMode::Think, HubGoMode::Ponder] {
            assert_eq!(
                front.go(mode).movetime,
                Some(DEFAULT_MOVE_TIME_MS),
                "no level: the default, not a search until stop"
            );
        }
        assert_eq!(front.go(HubGoMode::Analyze).movetime, None);
        replies(&mut front, "level moves=40");
        assert_eq!(
            front.go(HubGoMode::Think).movetime,
            Some(DEFAULT_MOVE_TIME_MS)
        );
        replies(&mut front, "level infinite");
        assert_eq!(front.go(HubGoMode::Think).movetime, None);
        assert!(replies(&mut front, "level time=9 inc=1").is_empty());
        let go = front.go(HubGoMode::Think);
        assert_eq!(go.time, [Some(10_000), Some(10_000)]);
        assert_eq!(go.inc, [Some(1000), Some(1000)]);
        replies(&mut front, "level move-time=0.5");
        assert_eq!(front.go(HubGoMode::Think).movetime, Some(500));
        assert_eq!(front.go(HubGoMode::Think).time, [None, None]);
        replies(&mut front, "level depth=7");
        let ponder = front.go(HubGoMode::Ponder);
        assert_eq!((ponder.depth, ponder.ponder), (Some(7), true));
        assert!(front.go(HubGoMode::Analyze).infinite);
    }

    #[test]
    fn ply_messages_in_hub_form() {
        let front = HubTranslator::default();
        let out = front.responses(&AnyGame::Russian(Russian::start()));
        let best = Response::BestMove {
            best: Some("c3-d4".to_owned()),
            ponder: Some("f6-e5".to_owned()),
        };
        assert_eq!(
            out.translate(&best).as_deref(),
            Some("done move=10-14 ponder=23-19")
        );
        let info = Info {
            depth: Some(5),
            score: Some(ply_protocol::Score {
                value: ScoreValue::Centi(-25),
                bound: None,
            }),
            nodes: Some(1234),
            nps: Some(2_500_000),
            time: Some(1500),
            pv: vec!["c3-d4".to_owned(), "f6-e5".to_owned(), "d4:f6".to_owned()],
            ..Info::default()
        };
        assert_eq!(
            out.translate(&Response::Info(info)).as_deref(),
            Some(
                "info depth=5 score=-0.25 nodes=1234 time=1.5 nps=2.5 pv=\"10-14 23-19 14x23x19\""
            )
        );
        assert_eq!(out.translate(&Response::ReadyOk).as_deref(), Some("pong"));
        assert_eq!(
            out.translate(&Response::InfoString("error: no".to_owned()))
                .as_deref(),
            Some("error message=no")
        );
        assert_eq!(
            out.translate(&Response::InfoString("hello".to_owned())),
            None
        );
        assert_eq!(mate_hundredths(1), 9999);
        assert_eq!(mate_hundredths(-2), -9998);
        let mate = Info {
            depth: Some(9),
            score: Some(ply_protocol::Score {
                value: ScoreValue::Mate(3),
                bound: None,
            }),
            ..Info::default()
        };
        assert_eq!(
            out.translate(&Response::Info(mate)).as_deref(),
            Some("info depth=9 score=99.97"),
            "a win in 3 plies, 2 moves for pydraughts"
        );
    }
}
