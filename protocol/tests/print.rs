//! The canonical lines that `Display` prints.

use ply_protocol::{
    Command, Dialect, GoParams, Id, Info, OptionDecl, OptionKind, Query, Response, Score,
    ScoreBound, ScoreValue, StartingPosition,
};

fn strings(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| (*w).to_owned()).collect()
}

#[test]
fn commands() {
    let cases = [
        (Command::Hello(Dialect::Ugi), "ugi"),
        (Command::NewGame(Dialect::Uci), "ucinewgame"),
        (Command::Debug(false), "debug off"),
        (
            Command::SetOption {
                name: "Clear Hash".to_owned(),
                value: None,
            },
            "setoption name Clear Hash",
        ),
        (
            Command::SetOption {
                name: "Hash".to_owned(),
                value: Some("64".to_owned()),
            },
            "setoption name Hash value 64",
        ),
        (
            Command::Position {
                start: StartingPosition::StartPos,
                moves: vec![],
            },
            "position startpos",
        ),
        (
            Command::Position {
                start: StartingPosition::Fen("a b c".to_owned()),
                moves: strings(&["m1", "m2"]),
            },
            "position fen a b c moves m1 m2",
        ),
        (Command::Go(GoParams::default()), "go"),
        (Command::Perft(5), "go perft 5"),
        (Command::Query(Query::P1Turn), "query p1turn"),
        (Command::Bench(None), "bench"),
        (Command::Bench(Some(7)), "bench 7"),
        (Command::Display, "d"),
    ];
    for (command, line) in cases {
        assert_eq!(command.to_string(), line);
    }
}

#[test]
fn go_prints_fields_in_a_fixed_order_with_uci_spelling() {
    let params = GoParams {
        searchmoves: strings(&["a", "b"]),
        ponder: true,
        time: [Some(1000), Some(0)],
        inc: [None, Some(5)],
        depth: Some(3),
        ..GoParams::default()
    };
    assert_eq!(
        Command::Go(params).to_string(),
        "go depth 3 wtime 1000 btime 0 binc 5 ponder searchmoves a b"
    );
}

#[test]
fn responses() {
    let cases = [
        (
            Response::Id(Id::Name("Ply 0.1".to_owned())),
            "id name Ply 0.1",
        ),
        (Response::HelloOk(Dialect::Uci), "uciok"),
        (Response::ReadyOk, "readyok"),
        (
            Response::BestMove {
                best: None,
                ponder: None,
            },
            "bestmove (none)",
        ),
        (
            Response::BestMove {
                best: Some("3".to_owned()),
                ponder: Some("9".to_owned()),
            },
            "bestmove 3 ponder 9",
        ),
        (
            Response::InfoString("hello".to_owned()),
            "info string hello",
        ),
        (Response::InfoString(String::new()), "info string"),
        (
            Response::QueryResponse("p1win".to_owned()),
            "response p1win",
        ),
        (
            Response::PerftMove {
                mv: "e2e4".to_owned(),
                nodes: 20,
            },
            "e2e4: 20",
        ),
        (Response::PerftTotal(400), "Nodes searched: 400"),
        (
            Response::Option(OptionDecl {
                name: "Book".to_owned(),
                kind: OptionKind::String {
                    default: String::new(),
                },
            }),
            "option name Book type string default <empty>",
        ),
        (
            Response::Option(OptionDecl {
                name: "V".to_owned(),
                kind: OptionKind::Combo {
                    default: "a".to_owned(),
                    vars: strings(&["a", "b c"]),
                },
            }),
            "option name V type combo default a var a var b c",
        ),
        (
            Response::Option(OptionDecl {
                name: "Hash".to_owned(),
                kind: OptionKind::Spin {
                    default: 16,
                    min: 1,
                    max: 1024,
                },
            }),
            "option name Hash type spin default 16 min 1 max 1024",
        ),
    ];
    for (response, line) in cases {
        assert_eq!(response.to_string(), line);
    }
}

#[test]
fn info_prints_present_fields_pv_last() {
    let info = Info {
        pv: strings(&["a", "b"]),
        score: Some(Score {
            value: ScoreValue::Mate(-2),
            bound: Some(ScoreBound::Lower),
        }),
        depth: Some(9),
        nodes: Some(77),
        ..Info::default()
    };
    assert_eq!(
        Response::Info(info).to_string(),
        "info depth 9 score mate -2 lowerbound nodes 77 pv a b"
    );
    assert_eq!(Info::default().to_string(), "info");
}

#[test]
fn solve_lines_print_signed_values() {
    use ply_protocol::SolveLine;
    let line = |lower, upper| {
        Response::Solve(SolveLine {
            lower,
            upper,
            best: Some("3".to_owned()),
            nodes: 10,
            time: 2,
        })
        .to_string()
    };
    assert_eq!(line(8, 8), "solved value +8 bestmove 3 nodes 10 time 2");
    assert_eq!(line(0, 0), "solved value 0 bestmove 3 nodes 10 time 2");
    assert_eq!(
        line(-2, 10),
        "unsolved lowerbound -2 upperbound +10 bestmove 3 nodes 10 time 2"
    );
}
