//! `parse_command`: each of UCI's tolerance rules, each command, and the
//! errors a person sees.

use ply_protocol::{
    Command, Dialect, GoParams, ParseError, Query, SolveParams, StartingPosition, parse_command,
};

fn parse(line: &str) -> Command {
    parse_command(line).unwrap_or_else(|e| panic!("{line:?} did not parse: {e}"))
}

fn error(line: &str) -> String {
    match parse_command(line) {
        Ok(command) => panic!("{line:?} parsed as {command:?}"),
        Err(e) => e.to_string(),
    }
}

fn go(line: &str) -> GoParams {
    match parse(line) {
        Command::Go(params) => params,
        other => panic!("{line:?} parsed as {other:?}"),
    }
}

fn set(name: &str, value: Option<&str>) -> Command {
    Command::SetOption {
        name: name.to_owned(),
        value: value.map(str::to_owned),
    }
}

fn moves(moves: &[&str]) -> Vec<String> {
    moves.iter().map(|m| (*m).to_owned()).collect()
}

#[test]
fn simple_commands() {
    assert_eq!(parse("uci"), Command::Hello(Dialect::Uci));
    assert_eq!(parse("ugi"), Command::Hello(Dialect::Ugi));
    assert_eq!(parse("ucinewgame"), Command::NewGame(Dialect::Uci));
    assert_eq!(parse("uginewgame"), Command::NewGame(Dialect::Ugi));
    assert_eq!(parse("isready"), Command::IsReady);
    assert_eq!(parse("stop"), Command::Stop);
    assert_eq!(parse("ponderhit"), Command::PonderHit);
    assert_eq!(parse("quit"), Command::Quit);
    assert_eq!(parse("d"), Command::Display);
    assert_eq!(parse("solve"), Command::Solve(SolveParams::default()));
    assert_eq!(parse("query gameover"), Command::Query(Query::GameOver));
    assert_eq!(parse("query p1turn"), Command::Query(Query::P1Turn));
    assert_eq!(parse("query result"), Command::Query(Query::Result));
    assert_eq!(parse("bench"), Command::Bench(None));
    assert_eq!(parse("bench 9"), Command::Bench(Some(9)));
}

#[test]
fn debug_defaults_to_on() {
    assert_eq!(parse("debug"), Command::Debug(true));
    assert_eq!(parse("debug on"), Command::Debug(true));
    assert_eq!(parse("debug off"), Command::Debug(false));
    assert_eq!(
        error("debug maybe"),
        "debug: expected 'on' or 'off', got 'maybe'"
    );
}

#[test]
fn any_whitespace_separates_tokens() {
    assert_eq!(parse("  \tdebug \t  off\r\n"), Command::Debug(false));
    assert_eq!(parse("isready\r\n"), Command::IsReady);
    assert_eq!(
        parse("position\tstartpos   moves\te2e4  \t e7e5 \r\n"),
        Command::Position {
            start: StartingPosition::StartPos,
            moves: moves(&["e2e4", "e7e5"]),
        }
    );
    assert_eq!(go("go\t depth\t\t7\r\n").depth, Some(7));
}

#[test]
fn unknown_leading_tokens_are_skipped() {
    assert_eq!(parse("joho debug on"), Command::Debug(true));
    assert_eq!(parse("what is this isready"), Command::IsReady);
}

#[test]
fn unknown_commands_are_errors() {
    assert_eq!(
        parse_command("joho hello"),
        Err(ParseError::UnknownCommand("joho".to_owned()))
    );
    assert_eq!(error("xyzzy"), "unknown command 'xyzzy'");
    // Keywords are case-sensitive, as in UCI.
    assert_eq!(
        parse_command("ISREADY"),
        Err(ParseError::UnknownCommand("ISREADY".to_owned()))
    );
}

#[test]
fn blank_lines_are_empty() {
    assert_eq!(parse_command(""), Err(ParseError::Empty));
    assert_eq!(parse_command(" \t\r\n"), Err(ParseError::Empty));
}

#[test]
fn trailing_tokens_after_a_complete_command_are_ignored() {
    assert_eq!(parse("isready now"), Command::IsReady);
    assert_eq!(parse("debug on please"), Command::Debug(true));
}

#[test]
fn setoption_name_and_value_may_hold_spaces() {
    assert_eq!(parse("setoption name Clear Hash"), set("Clear Hash", None));
    assert_eq!(
        parse("setoption name Hash value 64"),
        set("Hash", Some("64"))
    );
    assert_eq!(
        parse("setoption  name  UCI_Variant   value  kalah  6 seeds"),
        set("UCI_Variant", Some("kalah 6 seeds"))
    );
    assert_eq!(
        parse("setoption name Book File value"),
        set("Book File", Some(""))
    );
    // Case is kept: the engine compares names case-insensitively.
    assert_eq!(parse("setoption name hAsH value 1"), set("hAsH", Some("1")));
}

#[test]
fn setoption_needs_a_name() {
    assert_eq!(
        error("setoption"),
        "setoption: expected 'name', but the line ends"
    );
    assert_eq!(
        error("setoption Hash value 1"),
        "setoption: expected 'name', got 'Hash'"
    );
    assert_eq!(
        error("setoption name value 1"),
        "setoption: expected an option name after 'name', got 'value'"
    );
}

#[test]
fn position_startpos_and_fen() {
    assert_eq!(
        parse("position startpos"),
        Command::Position {
            start: StartingPosition::StartPos,
            moves: vec![],
        }
    );
    assert_eq!(
        parse("position fen 4 4 4 4/4 4 4 4 0 0 S  moves 3 9"),
        Command::Position {
            start: StartingPosition::Fen("4 4 4 4/4 4 4 4 0 0 S".to_owned()),
            moves: moves(&["3", "9"]),
        }
    );
    assert_eq!(
        parse("position fen W:W31:B1 moves"),
        Command::Position {
            start: StartingPosition::Fen("W:W31:B1".to_owned()),
            moves: vec![],
        }
    );
}

#[test]
fn position_errors() {
    assert_eq!(
        error("position"),
        "position: expected 'startpos' or 'fen <position>', but the line ends"
    );
    assert_eq!(
        error("position 4 4 4 4/4 4 4 4 0 0 S"),
        "position: expected 'startpos' or 'fen <position>', got '4'"
    );
    assert_eq!(
        error("position fen"),
        "position: expected a position after 'fen', but the line ends"
    );
    assert_eq!(
        error("position fen moves e2e4"),
        "position: expected a position after 'fen', got 'moves'"
    );
    // A forgotten `moves` would otherwise silently set up the start position.
    assert_eq!(
        error("position startpos e2e4"),
        "position: unexpected 'e2e4'"
    );
}

#[test]
fn go_reads_every_field() {
    let params = go(
        "go depth 5 nodes 1000 movetime 300 wtime 1 btime 2 winc 3 binc 4 \
                     movestogo 20 mate 3 infinite ponder searchmoves a1 b2",
    );
    assert_eq!(
        params,
        GoParams {
            depth: Some(5),
            nodes: Some(1000),
            movetime: Some(300),
            time: [Some(1), Some(2)],
            inc: [Some(3), Some(4)],
            movestogo: Some(20),
            mate: Some(3),
            infinite: true,
            ponder: true,
            searchmoves: moves(&["a1", "b2"]),
        }
    );
    assert_eq!(go("go"), GoParams::default());
}

#[test]
fn go_reads_ugi_clocks_into_the_same_fields() {
    let params = go("go p1time 100 p2time 200 p1inc 10 p2inc 20");
    assert_eq!(params.time, [Some(100), Some(200)]);
    assert_eq!(params.inc, [Some(10), Some(20)]);
}

#[test]
fn go_clamps_negative_clocks_to_zero() {
    let params = go("go wtime -150 btime -1 winc -5 p2inc -9223372036854775809 movetime -1");
    assert_eq!(params.time, [Some(0), Some(0)]);
    assert_eq!(params.inc, [Some(0), Some(0)]);
    assert_eq!(params.movetime, Some(0));
    assert_eq!(go("go wtime 18446744073709551615").time[0], Some(u64::MAX));
}

#[test]
fn go_searchmoves_stops_at_the_next_keyword() {
    let params = go("go searchmoves e2e4 d2d4 depth 3");
    assert_eq!(params.searchmoves, moves(&["e2e4", "d2d4"]));
    assert_eq!(params.depth, Some(3));
    assert_eq!(go("go searchmoves").searchmoves, Vec::<String>::new());
}

#[test]
fn go_skips_unknown_tokens() {
    let params = go("go fast depth 4 please wtime 10");
    assert_eq!(params.depth, Some(4));
    assert_eq!(params.time[0], Some(10));
}

#[test]
fn go_perft() {
    assert_eq!(parse("go perft 6"), Command::Perft(6));
    assert_eq!(parse("go  perft\t3\r\n"), Command::Perft(3));
    assert_eq!(error("go perft"), "go: 'perft' needs a non-negative number");
    assert_eq!(
        error("go perft x"),
        "go: 'perft' needs a non-negative number, got 'x'"
    );
}

#[test]
fn go_number_errors_name_the_field() {
    assert_eq!(
        error("go depth x"),
        "go: 'depth' needs a non-negative number, got 'x'"
    );
    assert_eq!(
        error("go depth -2"),
        "go: 'depth' needs a non-negative number, got '-2'"
    );
    assert_eq!(error("go depth"), "go: 'depth' needs a non-negative number");
    assert_eq!(
        error("go wtime soon"),
        "go: 'wtime' needs a number, got 'soon'"
    );
    assert_eq!(
        error("go depth 4294967296"),
        "go: 'depth' value 4294967296 is too large"
    );
    assert_eq!(
        error("go nodes 18446744073709551616"),
        "go: 'nodes' value 18446744073709551616 is too large"
    );
    assert_eq!(
        error("go btime 18446744073709551616"),
        "go: 'btime' value 18446744073709551616 is too large"
    );
    assert_eq!(
        parse_command("go depth x"),
        Err(ParseError::Malformed {
            command: "go".to_owned(),
            reason: "'depth' needs a non-negative number, got 'x'".to_owned(),
        })
    );
}

#[test]
fn other_argument_errors() {
    assert_eq!(
        error("query"),
        "query: expected 'gameover', 'p1turn' or 'result', but the line ends"
    );
    assert_eq!(
        error("query winner"),
        "query: expected 'gameover', 'p1turn' or 'result', got 'winner'"
    );
    assert_eq!(
        error("bench deep"),
        "bench: 'depth' needs a non-negative number, got 'deep'"
    );
}

#[test]
fn solve_takes_a_node_and_a_time_limit_and_nothing_else() {
    assert_eq!(
        parse("solve movetime 500 nodes 1000000"),
        Command::Solve(SolveParams {
            nodes: Some(1_000_000),
            movetime: Some(500),
        })
    );
    assert_eq!(
        parse("solve nodes 5 nodes 7"),
        Command::Solve(SolveParams {
            nodes: Some(7),
            movetime: None,
        })
    );
    assert_eq!(
        error("solve depth 20"),
        "solve: unexpected 'depth': solve takes 'nodes N' and 'movetime MS'"
    );
    assert_eq!(
        error("solve movetime soon"),
        "solve: 'movetime' needs a number, got 'soon'"
    );
}
