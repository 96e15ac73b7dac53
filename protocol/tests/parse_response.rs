//! `parse_response`: each engine line, the tolerance rules that apply to
//! them, and the errors.

use ply_protocol::{
    Dialect, Id, Info, OptionDecl, OptionKind, ParseError, Response, Score, ScoreBound, ScoreValue,
    parse_response,
};

fn parse(line: &str) -> Response {
    parse_response(line).unwrap_or_else(|e| panic!("{line:?} did not parse: {e}"))
}

fn error(line: &str) -> String {
    match parse_response(line) {
        Ok(response) => panic!("{line:?} parsed as {response:?}"),
        Err(e) => e.to_string(),
    }
}

fn info(line: &str) -> Info {
    match parse(line) {
        Response::Info(info) => info,
        other => panic!("{line:?} parsed as {other:?}"),
    }
}

fn option(line: &str) -> OptionDecl {
    match parse(line) {
        Response::Option(option) => option,
        other => panic!("{line:?} parsed as {other:?}"),
    }
}

fn strings(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| (*w).to_owned()).collect()
}

#[test]
fn simple_responses() {
    assert_eq!(parse("uciok"), Response::HelloOk(Dialect::Uci));
    assert_eq!(parse("ugiok\r\n"), Response::HelloOk(Dialect::Ugi));
    assert_eq!(parse("readyok"), Response::ReadyOk);
    assert_eq!(
        parse("response true"),
        Response::QueryResponse("true".to_owned())
    );
    assert_eq!(parse("Nodes searched: 8902"), Response::PerftTotal(8902));
    assert_eq!(
        parse("e2e4:   20\r\n"),
        Response::PerftMove {
            mv: "e2e4".to_owned(),
            nodes: 20,
        }
    );
}

#[test]
fn id_text_runs_to_the_end_of_the_line() {
    assert_eq!(
        parse("id name Ply 0.1\r\n"),
        Response::Id(Id::Name("Ply 0.1".to_owned()))
    );
    assert_eq!(
        parse("id   author  The Ply developers  "),
        Response::Id(Id::Author("The Ply developers".to_owned()))
    );
}

#[test]
fn bestmove() {
    let best = |best: Option<&str>, ponder: Option<&str>| Response::BestMove {
        best: best.map(str::to_owned),
        ponder: ponder.map(str::to_owned),
    };
    assert_eq!(parse("bestmove e2e4"), best(Some("e2e4"), None));
    assert_eq!(
        parse("bestmove\te2e4 ponder\te7e5"),
        best(Some("e2e4"), Some("e7e5"))
    );
    assert_eq!(parse("bestmove (none)"), best(None, None));
    assert_eq!(
        error("bestmove"),
        "bestmove: expected a move or '(none)', but the line ends"
    );
    assert_eq!(
        error("bestmove a1 ponder"),
        "bestmove: expected a move after 'ponder', but the line ends"
    );
}

#[test]
fn info_reads_every_field() {
    let line = "info depth 12 seldepth 20 multipv 2 score cp -35 upperbound nodes 123456 \
                nps 999 hashfull 17 time 250 currmove c3 currmovenumber 4 pv c3 d4 e5";
    assert_eq!(
        info(line),
        Info {
            depth: Some(12),
            seldepth: Some(20),
            multipv: Some(2),
            score: Some(Score {
                value: ScoreValue::Centi(-35),
                bound: Some(ScoreBound::Upper),
            }),
            nodes: Some(123_456),
            nps: Some(999),
            hashfull: Some(17),
            time: Some(250),
            currmove: Some("c3".to_owned()),
            currmovenumber: Some(4),
            pv: strings(&["c3", "d4", "e5"]),
        }
    );
    assert_eq!(
        info("info score mate -3 lowerbound").score,
        Some(Score {
            value: ScoreValue::Mate(-3),
            bound: Some(ScoreBound::Lower),
        })
    );
    assert_eq!(info("info"), Info::default());
}

#[test]
fn info_skips_unknown_keys() {
    let info = info("info depth 3 tbhits 0 wdl 10 980 10 nodes 55 pv a b");
    assert_eq!(info.depth, Some(3));
    assert_eq!(info.nodes, Some(55));
    assert_eq!(info.pv, strings(&["a", "b"]));
}

#[test]
fn info_string_keeps_the_text_verbatim() {
    assert_eq!(
        parse("info string error: bad  move\r\n"),
        Response::InfoString("error: bad  move".to_owned())
    );
    // One space separates; more is layout and kept.
    assert_eq!(
        parse("info string   a b"),
        Response::InfoString("  a b".to_owned())
    );
    assert_eq!(parse("info string"), Response::InfoString(String::new()));
    // After other fields, `string` takes the rest of the line, which an
    // `Info` has no place for.
    assert_eq!(info("info depth 2 string depth 9").depth, Some(2));
}

#[test]
fn info_errors() {
    assert_eq!(
        error("info depth deep"),
        "info: 'depth' needs a non-negative number, got 'deep'"
    );
    assert_eq!(
        error("info score 35"),
        "info: expected 'cp <n>' or 'mate <n>' after 'score', got '35'"
    );
    assert_eq!(
        error("info score cp 2147483648"),
        "info: 'cp' value 2147483648 is too large"
    );
}

#[test]
fn options_of_every_type() {
    let decl = |name: &str, kind| OptionDecl {
        name: name.to_owned(),
        kind,
    };
    assert_eq!(
        option("option name Ponder type check default false"),
        decl("Ponder", OptionKind::Check { default: false })
    );
    assert_eq!(
        option("option name Hash type spin default 16 min 1 max 33554432"),
        decl(
            "Hash",
            OptionKind::Spin {
                default: 16,
                min: 1,
                max: 33_554_432,
            }
        )
    );
    assert_eq!(
        option(
            "option name UCI Variant type combo default kalah var kalah var oware abapa var draughts"
        ),
        decl(
            "UCI Variant",
            OptionKind::Combo {
                default: "kalah".to_owned(),
                vars: strings(&["kalah", "oware abapa", "draughts"]),
            }
        )
    );
    assert_eq!(
        option("option name Book File type string default <empty>"),
        decl(
            "Book File",
            OptionKind::String {
                default: String::new()
            }
        )
    );
    assert_eq!(
        option("option name Log type string default my  log.txt"),
        decl(
            "Log",
            OptionKind::String {
                default: "my log.txt".to_owned()
            }
        )
    );
    assert_eq!(
        option("option  name Clear Hash\ttype button\r\n"),
        decl("Clear Hash", OptionKind::Button)
    );
}

#[test]
fn option_errors() {
    assert_eq!(
        error("option name type check default true"),
        "option: expected an option name after 'name', got 'type'"
    );
    assert_eq!(
        error("option name Hash"),
        "option: expected 'type', but the line ends"
    );
    assert_eq!(
        error("option name Hash type slider"),
        "option: unknown option type 'slider' (expected check, spin, combo, string or button)"
    );
    assert_eq!(
        error("option name Ponder type check default maybe"),
        "option: expected 'true' or 'false', got 'maybe'"
    );
    assert_eq!(
        error("option name Hash type spin default 1 max 9"),
        "option: expected 'min', got 'max'"
    );
    assert_eq!(
        error("option name V type combo default var a"),
        "option: expected a value after 'default', got 'var'"
    );
}

#[test]
fn unknown_and_empty_lines() {
    assert_eq!(parse_response("   \r\n"), Err(ParseError::Empty));
    assert_eq!(
        parse_response("hello world"),
        Err(ParseError::UnknownResponse("hello".to_owned()))
    );
    assert_eq!(
        parse_response(": 5"),
        Err(ParseError::UnknownResponse(":".to_owned()))
    );
    assert_eq!(
        error("Nodes counted: 5"),
        "Nodes: expected 'searched:', got 'counted:'"
    );
    assert_eq!(
        error("e2e4: many"),
        "e2e4: 'count' needs a non-negative number, got 'many'"
    );
}

#[test]
fn solve_lines() {
    use ply_protocol::SolveLine;
    assert_eq!(
        parse("solved value +8 bestmove 3 nodes 1234 time 56"),
        Response::Solve(SolveLine {
            lower: 8,
            upper: 8,
            best: Some("3".to_owned()),
            nodes: 1234,
            time: 56
        })
    );
    assert_eq!(
        parse("unsolved lowerbound -2 upperbound +10 bestmove (none) nodes 7 time 0"),
        Response::Solve(SolveLine {
            lower: -2,
            upper: 10,
            best: None,
            nodes: 7,
            time: 0
        })
    );
    assert!(parse_response("solved value eight bestmove 3 nodes 1 time 1").is_err());
    assert!(parse_response("solved value 8 nodes 1 time 1").is_err());
}
