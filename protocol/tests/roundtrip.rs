//! Properties over generated messages: printing then parsing gives the
//! message back, and no input makes a parser panic.
//!
//! Generated tokens are valid where they stand: non-empty, without
//! whitespace, and not a keyword that would end the list they are in
//! (a fen holds no `moves`, an option name no `type`, and so on).

use ply_protocol::{
    Command, Dialect, GoParams, Id, Info, OptionDecl, OptionKind, Query, Response, Score,
    ScoreBound, ScoreValue, SolveLine, SolveParams, StartingPosition, parse_command,
    parse_response,
};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;

/// The words `go` reads as fields; `searchmoves` ends at any of them.
const GO_KEYWORDS: &[&str] = &[
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "p1time",
    "p2time",
    "p1inc",
    "p2inc",
    "movestogo",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
];

/// A token other than the `forbidden` words: mostly move-like ASCII,
/// sometimes any non-whitespace characters.
fn token(forbidden: &'static [&'static str]) -> impl Strategy<Value = String> {
    prop_oneof![3 => "[a-z0-9/:()+-]{1,6}", 1 => "\\S{1,4}"]
        .prop_filter("a keyword here", move |t| !forbidden.contains(&t.as_str()))
}

fn tokens(
    forbidden: &'static [&'static str],
    len: std::ops::Range<usize>,
) -> impl Strategy<Value = Vec<String>> {
    vec(token(forbidden), len)
}

/// Tokens joined by single spaces, as multi-word names and values are.
fn phrase(
    forbidden: &'static [&'static str],
    len: std::ops::Range<usize>,
) -> impl Strategy<Value = String> {
    tokens(forbidden, len).prop_map(|tokens| tokens.join(" "))
}

/// Free text: one line, no leading or trailing whitespace.
fn text() -> impl Strategy<Value = String> {
    "[^\n]{0,24}".prop_map(|s| s.trim().to_owned())
}

fn dialect() -> impl Strategy<Value = Dialect> {
    prop_oneof![Just(Dialect::Uci), Just(Dialect::Ugi)]
}

fn go_params() -> impl Strategy<Value = GoParams> {
    (
        any::<Option<u32>>(),
        any::<Option<u64>>(),
        any::<Option<u64>>(),
        any::<[Option<u64>; 2]>(),
        any::<[Option<u64>; 2]>(),
        any::<Option<u32>>(),
        any::<Option<u32>>(),
        any::<bool>(),
        any::<bool>(),
        tokens(GO_KEYWORDS, 0..4),
    )
        .prop_map(
            |(
                depth,
                nodes,
                movetime,
                time,
                inc,
                movestogo,
                mate,
                infinite,
                ponder,
                searchmoves,
            )| {
                GoParams {
                    depth,
                    nodes,
                    movetime,
                    time,
                    inc,
                    movestogo,
                    mate,
                    infinite,
                    ponder,
                    searchmoves,
                }
            },
        )
}

fn command() -> impl Strategy<Value = Command> {
    let start = prop_oneof![
        Just(StartingPosition::StartPos),
        phrase(&["moves"], 1..7).prop_map(StartingPosition::Fen),
    ];
    let query = prop_oneof![
        Just(Query::GameOver),
        Just(Query::P1Turn),
        Just(Query::Result)
    ];
    prop_oneof![
        dialect().prop_map(Command::Hello),
        any::<bool>().prop_map(Command::Debug),
        Just(Command::IsReady),
        (
            phrase(&["value"], 1..4),
            proptest::option::of(phrase(&[], 0..4))
        )
            .prop_map(|(name, value)| Command::SetOption { name, value }),
        dialect().prop_map(Command::NewGame),
        (start, tokens(&["moves"], 0..6))
            .prop_map(|(start, moves)| Command::Position { start, moves }),
        go_params().prop_map(Command::Go),
        any::<u32>().prop_map(Command::Perft),
        Just(Command::Stop),
        Just(Command::PonderHit),
        Just(Command::Quit),
        query.prop_map(Command::Query),
        Just(Command::Display),
        any::<Option<u32>>().prop_map(Command::Bench),
        any::<(Option<u64>, Option<u64>)>()
            .prop_map(|(nodes, movetime)| Command::Solve(SolveParams { nodes, movetime })),
    ]
}

fn option_kind() -> impl Strategy<Value = OptionKind> {
    prop_oneof![
        any::<bool>().prop_map(|default| OptionKind::Check { default }),
        any::<(i64, i64, i64)>().prop_map(|(default, min, max)| OptionKind::Spin {
            default,
            min,
            max
        }),
        (phrase(&["var"], 1..3), vec(phrase(&["var"], 1..3), 0..4))
            .prop_map(|(default, vars)| OptionKind::Combo { default, vars }),
        phrase(&[OptionKind::EMPTY_STRING], 0..4)
            .prop_map(|default| OptionKind::String { default }),
        Just(OptionKind::Button),
    ]
}

fn score() -> impl Strategy<Value = Score> {
    let value = prop_oneof![
        any::<i32>().prop_map(ScoreValue::Centi),
        any::<i32>().prop_map(ScoreValue::Mate),
    ];
    let bound = proptest::option::of(prop_oneof![
        Just(ScoreBound::Lower),
        Just(ScoreBound::Upper)
    ]);
    (value, bound).prop_map(|(value, bound)| Score { value, bound })
}

fn info() -> impl Strategy<Value = Info> {
    (
        any::<Option<u32>>(),
        any::<Option<u32>>(),
        any::<Option<u32>>(),
        proptest::option::of(score()),
        any::<Option<u64>>(),
        any::<Option<u64>>(),
        any::<Option<u32>>(),
        any::<Option<u64>>(),
        proptest::option::of(token(&[])),
        any::<Option<u32>>(),
        tokens(&[], 0..6),
    )
        .prop_map(
            |(
                depth,
                seldepth,
                multipv,
                score,
                nodes,
                nps,
                hashfull,
                time,
                currmove,
                currmovenumber,
                pv,
            )| {
                Info {
                    depth,
                    seldepth,
                    multipv,
                    score,
                    nodes,
                    nps,
                    hashfull,
                    time,
                    currmove,
                    currmovenumber,
                    pv,
                }
            },
        )
}

fn response() -> impl Strategy<Value = Response> {
    let id = prop_oneof![text().prop_map(Id::Name), text().prop_map(Id::Author)];
    let decl =
        (phrase(&["type"], 1..4), option_kind()).prop_map(|(name, kind)| OptionDecl { name, kind });
    prop_oneof![
        id.prop_map(Response::Id),
        decl.prop_map(Response::Option),
        dialect().prop_map(Response::HelloOk),
        Just(Response::ReadyOk),
        (
            proptest::option::of(token(&["(none)"])),
            proptest::option::of(token(&[]))
        )
            .prop_map(|(best, ponder)| Response::BestMove { best, ponder }),
        info().prop_map(Response::Info),
        text().prop_map(Response::InfoString),
        text().prop_map(Response::QueryResponse),
        (token(&[]), any::<u64>()).prop_map(|(mv, nodes)| Response::PerftMove { mv, nodes }),
        any::<u64>().prop_map(Response::PerftTotal),
        (
            any::<i32>(),
            0..3i32,
            proptest::option::of(token(&["(none)"])),
            any::<u64>(),
            any::<u64>()
        )
            .prop_map(
                |(lower, width, best, nodes, time)| Response::Solve(SolveLine {
                    lower,
                    upper: lower.saturating_add(width),
                    best,
                    nodes,
                    time,
                })
            ),
    ]
}

/// Lines made of the protocol's own words and awkward numbers, which reach
/// far deeper into the parsers than random characters do.
fn keyword_soup() -> impl Strategy<Value = String> {
    const WORDS: &[&str] = &[
        "uci",
        "ugi",
        "debug",
        "on",
        "off",
        "isready",
        "setoption",
        "name",
        "value",
        "ucinewgame",
        "uginewgame",
        "position",
        "startpos",
        "fen",
        "moves",
        "go",
        "perft",
        "depth",
        "nodes",
        "movetime",
        "wtime",
        "btime",
        "winc",
        "binc",
        "p1time",
        "p2time",
        "p1inc",
        "p2inc",
        "movestogo",
        "mate",
        "infinite",
        "ponder",
        "searchmoves",
        "stop",
        "ponderhit",
        "quit",
        "query",
        "gameover",
        "p1turn",
        "result",
        "d",
        "bench",
        "solve",
        "id",
        "author",
        "option",
        "type",
        "check",
        "spin",
        "combo",
        "string",
        "button",
        "default",
        "min",
        "max",
        "var",
        "<empty>",
        "true",
        "false",
        "uciok",
        "ugiok",
        "readyok",
        "bestmove",
        "(none)",
        "info",
        "seldepth",
        "multipv",
        "score",
        "cp",
        "lowerbound",
        "upperbound",
        "nps",
        "hashfull",
        "time",
        "currmove",
        "currmovenumber",
        "pv",
        "response",
        "Nodes",
        "searched:",
        "e2e4:",
    ];
    let word = prop_oneof![
        4 => select(WORDS).prop_map(str::to_owned),
        2 => any::<i64>().prop_map(|n| n.to_string()),
        1 => "-?[0-9]{15,30}",
        1 => "\\S{1,3}",
    ];
    let gap = select(&[" ", " ", "  ", "\t", " \t ", "\r\n"][..]);
    vec((word, gap), 0..12)
        .prop_map(|parts| parts.into_iter().map(|(word, gap)| word + gap).collect())
}

/// If `line` parses, its printed form parses to the same message.
fn assert_stable(line: &str) {
    if let Ok(command) = parse_command(line) {
        let printed = command.to_string();
        assert_eq!(
            parse_command(&printed),
            Ok(command),
            "{line:?} printed as {printed:?}"
        );
    }
    if let Ok(response) = parse_response(line) {
        let printed = response.to_string();
        assert_eq!(
            parse_response(&printed),
            Ok(response),
            "{line:?} printed as {printed:?}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn commands_round_trip(command in command()) {
        let line = command.to_string();
        prop_assert_eq!(parse_command(&line), Ok(command), "printed as {:?}", line);
    }

    #[test]
    fn responses_round_trip(response in response()) {
        let line = response.to_string();
        prop_assert_eq!(parse_response(&line), Ok(response), "printed as {:?}", line);
    }

    #[test]
    fn any_string_parses_or_errs_without_panicking(line in any::<String>()) {
        assert_stable(&line);
    }

    #[test]
    fn keyword_soup_parses_or_errs_without_panicking(line in keyword_soup()) {
        assert_stable(&line);
    }
}
