//! Hub, Scan's draughts protocol: the lines of its specification and of
//! pydraughts read as they should, bad lines say why, printing then
//! parsing gives every message back, and no input makes a parser panic.

use ply_protocol::ParseError;
use ply_protocol::hub::{
    HubCommand, HubGoMode, HubInfo, HubLevel, HubParam, HubParamType, HubResponse,
    MAX_MESSAGE_CHARS, parse_hub_command, parse_hub_response,
};
use proptest::collection::vec;
use proptest::prelude::*;

#[test]
fn pydraughts_lines_read() {
    assert_eq!(parse_hub_command("hub"), Ok(HubCommand::Hub));
    assert_eq!(
        parse_hub_command("set-param name=variant value=russian"),
        Ok(HubCommand::SetParam {
            name: "variant".to_owned(),
            value: "russian".to_owned()
        })
    );
    assert_eq!(
        parse_hub_command(
            "pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"10-14 23-19 14x23x19\""
        ),
        Ok(HubCommand::Pos {
            pos: Some("Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww".to_owned()),
            moves: vec![
                "10-14".to_owned(),
                "23-19".to_owned(),
                "14x23x19".to_owned()
            ],
        })
    );
    // pydraughts writes Python's floats, and a clock that ran out is negative.
    assert_eq!(
        parse_hub_command("level time=4.952024587 inc=0.1"),
        Ok(HubCommand::Level(HubLevel {
            time: Some(4952),
            inc: Some(100),
            ..HubLevel::default()
        }))
    );
    assert_eq!(
        parse_hub_command("level time=-0.25"),
        Ok(HubCommand::Level(HubLevel {
            time: Some(0),
            ..HubLevel::default()
        }))
    );
    assert_eq!(
        parse_hub_command("level moves=40 time=60 inc=0 move-time=1.5 depth=9 nodes=1000 infinite"),
        Ok(HubCommand::Level(HubLevel {
            depth: Some(9),
            nodes: Some(1000),
            move_time: Some(1500),
            moves: Some(40),
            time: Some(60_000),
            inc: Some(0),
            infinite: true,
        }))
    );
    assert_eq!(
        parse_hub_command("go think"),
        Ok(HubCommand::Go(HubGoMode::Think))
    );
    assert_eq!(
        parse_hub_command("go analyze extra=1"),
        Ok(HubCommand::Go(HubGoMode::Analyze)),
        "unknown arguments are ignored"
    );
    assert_eq!(parse_hub_command("ponder-hit"), Ok(HubCommand::PonderHit));
    assert_eq!(
        parse_hub_command("pos start"),
        Ok(HubCommand::Pos {
            pos: None,
            moves: Vec::new()
        })
    );
}

#[test]
fn scan_lines_read() {
    assert_eq!(
        parse_hub_response(
            "info depth=21 mean-depth=20.8 score=-0.01 nodes=31261613 time=3.906 nps=8.0 \
             pv=\"32-28 17-22 28x17x22\""
        ),
        Ok(HubResponse::Info(HubInfo {
            depth: Some(21),
            score: Some(-1),
            nodes: Some(31_261_613),
            time: Some(3906),
            knps: Some(8000),
            pv: vec![
                "32-28".to_owned(),
                "17-22".to_owned(),
                "28x17x22".to_owned()
            ],
        }))
    );
    assert_eq!(
        parse_hub_response("id name=Scan version=3.1 author=\"Fabien Letouzey\" country=France"),
        Ok(HubResponse::Id(
            [
                ("name", "Scan"),
                ("version", "3.1"),
                ("author", "Fabien Letouzey"),
                ("country", "France")
            ]
            .map(|(n, v)| (n.to_owned(), v.to_owned()))
            .to_vec()
        ))
    );
    assert_eq!(
        parse_hub_response(
            "param name=variant value=normal type=enum values=\"normal killer bt frisian losing\""
        ),
        Ok(HubResponse::Param(HubParam {
            name: "variant".to_owned(),
            value: "normal".to_owned(),
            kind: HubParamType::Enum {
                values: ["normal", "killer", "bt", "frisian", "losing"]
                    .map(str::to_owned)
                    .to_vec()
            },
        }))
    );
    assert_eq!(
        parse_hub_response("done move=32-28 ponder=17-22"),
        Ok(HubResponse::Done {
            mv: Some("32-28".to_owned()),
            ponder: Some("17-22".to_owned())
        })
    );
}

#[test]
fn bad_lines_say_what_is_wrong() {
    assert_eq!(parse_hub_command("   "), Err(ParseError::Empty));
    assert_eq!(
        parse_hub_command("uci"),
        Err(ParseError::UnknownCommand("uci".to_owned()))
    );
    for (line, reason) in [
        ("go", "go: expected 'think', 'ponder' or 'analyze'"),
        (
            "level depth=-1",
            "level: 'depth' needs a number of plies, got '-1'",
        ),
        (
            "level time=soon",
            "level: 'time' needs a number, got 'soon'",
        ),
        ("level time=inf", "level: 'time' needs a number, got 'inf'"),
        (
            "pos pos=\"Wbb",
            "pos: the value of 'pos' has no closing double quote",
        ),
        ("set-param name=Hash", "set-param: 'value=' is missing"),
        ("pos pos=Wb start", "pos: 'pos=' and 'start' both given"),
        ("pos =x", "pos: expected an argument name, found '='"),
    ] {
        assert_eq!(
            parse_hub_command(line).map_err(|e| e.to_string()),
            Err(reason.to_owned()),
            "{line}"
        );
    }
}

#[test]
fn pos_refuses_bare_unknown_and_repeated_arguments() {
    // An unquoted list: `23-19` would be a bare flag, skipped, and the
    // position the one after `10-14` only.
    for (line, wrong) in [
        ("pos moves=10-14 23-19", "unexpected word '23-19'"),
        (
            "pos pos=Wb moves=\"10-14\" depth=3",
            "unknown argument 'depth'",
        ),
        (
            "pos moves=\"10-14\" moves=\"23-19\"",
            "'moves' is given twice",
        ),
        ("pos start start", "'start' is given twice"),
        ("pos pos", "'pos' needs a value"),
        ("pos start=1", "'start' takes no value"),
    ] {
        let error = parse_hub_command(line).map_err(|e| e.to_string());
        let Err(message) = error else {
            panic!("{line} must be refused, got {error:?}");
        };
        assert!(
            message.starts_with(&format!("pos: {wrong}")),
            "{line}: {message}"
        );
        assert!(
            message
                .ends_with("pos takes pos=P, moves=M (several moves in double quotes) and start")
                || message.ends_with("once"),
            "what would be accepted: {message}"
        );
    }
}

#[test]
fn error_lines_escape_control_characters_and_cut_long_messages() {
    assert_eq!(
        HubResponse::error("unknown command 'a\0b\tc'").to_string(),
        "error message=\"unknown command 'a\\u{0}b\\tc'\""
    );
    assert_eq!(
        HubResponse::error("short").to_string(),
        "error message=short",
        "a short message is as it was"
    );
    let long = format!("bad position '{}': why", "w".repeat(1_000_000));
    let HubResponse::Error(cut) = HubResponse::error(&long) else {
        panic!("an error");
    };
    let kept = MAX_MESSAGE_CHARS / 2;
    assert!(
        cut.starts_with(&format!("bad position '{}", "w".repeat(kept - 14))),
        "{cut}"
    );
    assert!(
        cut.ends_with(&format!("{}': why", "w".repeat(kept - 6))),
        "{cut}"
    );
    let mark = format!("[… {} characters cut …]", long.chars().count() - 2 * kept);
    assert!(cut.contains(&mark), "{cut}");
    assert_eq!(
        cut.chars().count(),
        MAX_MESSAGE_CHARS + mark.chars().count()
    );
    // Escapes count in the length, and are never split by the cut.
    let nuls = "\0".repeat(10_000);
    let HubResponse::Error(cut) = HubResponse::error(&nuls) else {
        panic!("an error");
    };
    assert!(!cut.contains('\0'));
    assert!(
        cut.starts_with("\\u{0}") && cut.ends_with("\\u{0}"),
        "{cut}"
    );
    assert!(cut.chars().count() <= MAX_MESSAGE_CHARS + 40, "{cut}");
}

#[test]
fn values_are_quoted_only_when_they_must_be() {
    let message = HubResponse::Error("bad move 10-15".to_owned());
    assert_eq!(message.to_string(), "error message=\"bad move 10-15\"");
    let id = HubResponse::Id(vec![("name".to_owned(), "Ply".to_owned())]);
    assert_eq!(id.to_string(), "id name=Ply");
    let empty = HubCommand::SetParam {
        name: "BookFile".to_owned(),
        value: String::new(),
    };
    assert_eq!(empty.to_string(), "set-param name=BookFile value=\"\"");
    let quote = HubResponse::Error("no \"quotes\" in Hub".to_owned());
    assert_eq!(quote.to_string(), "error message=\"no 'quotes' in Hub\"");
}

/// Any text a value may hold: no double quote, no control character.
fn value() -> impl Strategy<Value = String> {
    "[^\"\\p{Cc}]{0,12}"
}

/// A word: what a name or a move is (no space, `=` or quote).
fn word() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9x:.+-]{1,8}"
}

fn level() -> impl Strategy<Value = HubLevel> {
    let millis = || proptest::option::of(0..=u64::from(u32::MAX));
    (
        any::<Option<u32>>(),
        any::<Option<u64>>(),
        millis(),
        any::<Option<u32>>(),
        millis(),
        millis(),
        any::<bool>(),
    )
        .prop_map(
            |(depth, nodes, move_time, moves, time, inc, infinite)| HubLevel {
                depth,
                nodes,
                move_time,
                moves,
                time,
                inc,
                infinite,
            },
        )
}

fn command() -> impl Strategy<Value = HubCommand> {
    let mode = prop_oneof![
        Just(HubGoMode::Think),
        Just(HubGoMode::Ponder),
        Just(HubGoMode::Analyze)
    ];
    prop_oneof![
        Just(HubCommand::Hub),
        (value(), value()).prop_map(|(name, value)| HubCommand::SetParam { name, value }),
        Just(HubCommand::Init),
        (proptest::option::of(value()), vec(word(), 0..5))
            .prop_map(|(pos, moves)| HubCommand::Pos { pos, moves }),
        level().prop_map(HubCommand::Level),
        mode.prop_map(HubCommand::Go),
        Just(HubCommand::Ping),
        Just(HubCommand::PonderHit),
        Just(HubCommand::Stop),
        Just(HubCommand::NewGame),
        Just(HubCommand::Quit),
    ]
}

fn response() -> impl Strategy<Value = HubResponse> {
    let kind = prop_oneof![
        Just(HubParamType::Bool),
        (any::<i64>(), any::<i64>()).prop_map(|(min, max)| HubParamType::Int { min, max }),
        Just(HubParamType::String),
        vec(word(), 0..4).prop_map(|values| HubParamType::Enum { values }),
    ];
    let info = (
        any::<Option<u32>>(),
        proptest::option::of(-10_000_000..10_000_000_i32),
        any::<Option<u64>>(),
        proptest::option::of(0..=u64::from(u32::MAX)),
        proptest::option::of(0..=u64::from(u32::MAX)),
        vec(word(), 0..5),
    )
        .prop_map(|(depth, score, nodes, time, knps, pv)| HubInfo {
            depth,
            score,
            nodes,
            time,
            knps,
            pv,
        });
    prop_oneof![
        vec((word(), value()), 0..4).prop_map(HubResponse::Id),
        (value(), value(), kind).prop_map(|(name, value, kind)| HubResponse::Param(HubParam {
            name,
            value,
            kind
        })),
        Just(HubResponse::Wait),
        Just(HubResponse::Ready),
        Just(HubResponse::Pong),
        info.prop_map(HubResponse::Info),
        (proptest::option::of(word()), proptest::option::of(word()))
            .prop_map(|(mv, ponder)| HubResponse::Done { mv, ponder }),
        value().prop_map(HubResponse::Error),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn commands_round_trip(command in command()) {
        let printed = command.to_string();
        prop_assert_eq!(parse_hub_command(&printed), Ok(command), "{}", printed);
    }

    #[test]
    fn responses_round_trip(response in response()) {
        let printed = response.to_string();
        prop_assert_eq!(parse_hub_response(&printed), Ok(response), "{}", printed);
    }

    #[test]
    fn any_line_parses_or_errs_and_what_parses_is_stable(line in any::<String>()) {
        if let Ok(command) = parse_hub_command(&line) {
            let printed = command.to_string();
            prop_assert_eq!(parse_hub_command(&printed), Ok(command));
        }
        if let Ok(response) = parse_hub_response(&line) {
            let printed = response.to_string();
            prop_assert_eq!(parse_hub_response(&printed), Ok(response));
        }
    }

    #[test]
    fn hub_shaped_lines_parse_or_err(
        word in prop_oneof![Just("pos"), Just("level"), Just("go"), Just("info"), Just("param"), Just("done")],
        args in vec(("[a-z-]{1,6}", proptest::option::of("[^\"\\p{Cc}]{0,6}|\"[^\\p{Cc}]{0,6}")), 0..6),
    ) {
        let line = args.iter().fold(word.to_owned(), |mut line, (name, value)| {
            line.push(' ');
            line.push_str(name);
            if let Some(value) = value {
                line.push('=');
                line.push_str(value);
            }
            line
        });
        let _ = parse_hub_command(&line);
        let _ = parse_hub_response(&line);
    }
}
