//! Sessions against the real `ply-engine` binary: what a front end sends,
//! what it must get back. Bad input must be answered, never fatal, and
//! must leave the last good state in place.

use std::process::Output;
use std::time::Duration;

use assert_cmd::Command;

/// A cache directory that does not exist, so that `EndgameDB auto`
/// loads nothing.
const NO_CACHE: &str = "/nonexistent/ply-test-cache";

/// Generous: these sessions take milliseconds; a hang fails instead of blocking CI.
const TIMEOUT: Duration = Duration::from_secs(60);

/// Runs the engine with command-line `args` on `input` (end of input = quit).
fn run_engine(args: &[&str], input: impl Into<Vec<u8>>) -> Output {
    Command::cargo_bin("ply-engine")
        .expect("the ply-engine binary is built")
        // The user's cached databases would change the answers.
        .env("XDG_CACHE_HOME", NO_CACHE)
        .args(args)
        .write_stdin(input)
        .timeout(TIMEOUT)
        .output()
        .expect("ply-engine runs")
}

/// Runs a protocol session on `input` and returns the engine's stdout.
fn session(input: impl Into<Vec<u8>>) -> String {
    let output = run_engine(&[], input);
    assert!(output.status.success(), "exit status {:?}", output.status);
    String::from_utf8(output.stdout).expect("stdout is UTF-8")
}

fn lines_starting<'a>(out: &'a str, prefix: &str) -> Vec<&'a str> {
    out.lines().filter(|l| l.starts_with(prefix)).collect()
}

/// The `Fen:` line of the last `d` in the session.
fn last_fen(out: &str) -> &str {
    out.lines()
        .rev()
        .find_map(|l| l.strip_prefix("Fen: "))
        .expect("a Fen: line")
}

#[test]
fn uci_handshake_lists_id_and_options() {
    let out = session("uci\n");
    assert!(
        out.lines()
            .next()
            .is_some_and(|l| l.starts_with("id name Ply"))
    );
    assert!(out.contains("id author "));
    for option in [
        "UCI_Variant type combo default kalah var kalah",
        "Pits type spin default 6 min 1 max 12",
    ] {
        assert!(
            out.contains(&format!("option name {option}")),
            "{option} missing in\n{out}"
        );
    }
    assert!(out.contains("option name EmptyCapture type check default false"));
    assert!(out.contains("option name Hash type spin"));
    assert_eq!(out.lines().last(), Some("uciok"));
}

#[test]
fn ugi_handshake_ends_with_ugiok() {
    let out = session("ugi\n");
    assert_eq!(out.lines().last(), Some("ugiok"));
}

#[test]
fn isready_is_answered_during_a_search() {
    let out = session("go infinite\nisready\nstop\n");
    let ready = out.lines().position(|l| l == "readyok").expect("readyok");
    let best = out
        .lines()
        .position(|l| l.starts_with("bestmove"))
        .expect("bestmove");
    assert!(
        ready < best,
        "readyok must come before the stopped search's bestmove:\n{out}"
    );
    assert_eq!(lines_starting(&out, "bestmove").len(), 1);
}

#[test]
fn every_go_ends_in_exactly_one_bestmove() {
    let out = session(
        "position startpos\ngo depth 4\nisready\ngo nodes 500\nisready\ngo movetime 50\nisready\n\
         go wtime 1000 btime 1000 winc 10 binc 10\nisready\ngo p1time 500 p2time 500 p1inc 0 p2inc 0 movestogo 5\nisready\n",
    );
    assert_eq!(lines_starting(&out, "bestmove").len(), 5, "{out}");
    assert!(lines_starting(&out, "info depth").iter().all(|l| {
        [
            "seldepth", "score cp", "nodes", "nps", "time", "hashfull", " pv ",
        ]
        .iter()
        .all(|field| l.contains(field))
            || l.contains("score mate")
    }));
}

#[test]
fn stop_ends_an_infinite_search_with_one_bestmove() {
    let out = session("position startpos\ngo infinite\nstop\n");
    let best = lines_starting(&out, "bestmove");
    assert_eq!(best.len(), 1, "{out}");
    assert!(
        best[0]
            .split_whitespace()
            .nth(1)
            .is_some_and(|m| (1..=6).map(|p| p.to_string()).any(|p| p == m))
    );
}

#[test]
fn end_of_input_lets_a_limited_search_finish() {
    let out = session("go depth 6\n");
    assert!(out.contains("info depth 6 "), "{out}");
    assert_eq!(lines_starting(&out, "bestmove").len(), 1);
}

#[test]
fn bestmove_none_when_the_game_is_over() {
    let out = session("position fen 0,0,0 5 0,0,0 7 s\ngo depth 3\nquery gameover\nquery result\n");
    assert!(out.contains("bestmove (none)"), "{out}");
    assert!(out.contains("response true"));
    assert!(out.contains("response p2win"));
}

#[test]
fn queries_answer_ugi_style() {
    let out = session(
        "query gameover\nquery p1turn\nquery result\nposition startpos moves 1\nquery p1turn\n",
    );
    let responses = lines_starting(&out, "response");
    // From the (6,6) start, pit 1 holds 6 seeds: its last seed lands in the store.
    assert_eq!(
        responses,
        [
            "response false",
            "response true",
            "response none",
            "response true"
        ]
    );
}

#[test]
fn d_draws_the_board_as_the_prolog_kalah_program_does() {
    // The 4-seed game of the Prolog Kalah transcripts after the opening
    // turn [3,6], drawn with South (who moved first) at the bottom: North's
    // row reversed on top, North's store at the left, South's at the right.
    let out = session("setoption name Seeds value 4\nposition startpos moves 3 6\nd\n");
    let drawing: Vec<&str> = out
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .take(3)
        .collect();
    assert_eq!(
        drawing,
        [
            "     4    4    5    5    5    5",
            "0                                  2",
            "     4    4    0    5    5    0",
        ],
        "{out}"
    );
    assert_eq!(last_fen(&out), "4,4,0,5,5,0 2 5,5,5,5,4,4 0 n");
}

#[test]
fn perft_prints_stockfish_form() {
    let out = session("setoption name Seeds value 4\ngo perft 2\n");
    let per_move = out
        .lines()
        .filter(|l| l.contains(": ") && !l.starts_with("Nodes"))
        .count();
    assert_eq!(per_move, 6);
    assert!(out.contains("\n\nNodes searched: "), "{out}");
}

#[test]
fn a_perft_is_stopped_and_isready_answered_while_it_counts() {
    // Depth 30 would count for ages: `isready` must be answered meanwhile
    // and `stop` must end it, saying so, with no total that could be read
    // as the full count.
    let out = session("go perft 30\nisready\nstop\nquit\n");
    assert_eq!(lines_starting(&out, "readyok").len(), 1, "{out}");
    let stopped = lines_starting(&out, "info string perft 30 stopped after ");
    assert_eq!(stopped.len(), 1, "{out}");
    assert!(stopped[0].contains("not the full count"), "{out}");
    assert!(!out.contains("Nodes searched"), "{out}");
}

#[test]
fn quit_ends_a_perft_at_once() {
    let out = session("go perft 30\nquit\nisready\n");
    assert!(
        !out.contains("readyok"),
        "nothing after quit is read:\n{out}"
    );
    assert!(!out.contains("Nodes searched"), "{out}");
}

#[test]
fn a_perft_finishes_before_the_next_command_that_changes_the_state() {
    // A perft ends by itself, so a later `position` waits for it, as it
    // waits for `go depth N`.
    let out = session("setoption name Seeds value 4\ngo perft 3\nposition startpos moves 1\nd\n");
    let total = out.find("Nodes searched: ").expect("the full count");
    let fen = out.find("Fen: ").expect("d's answer");
    assert!(total < fen, "{out}");
}

#[test]
fn unknown_command_is_answered_and_harmless() {
    let out = session("position startpos moves 2\nfrobnicate now\nd\n");
    assert!(
        lines_starting(&out, "info string error: ").len() == 1,
        "{out}"
    );
    assert_eq!(last_fen(&out), "6,0,7,7,7,7 1 7,6,6,6,6,6 0 n");
}

#[test]
fn unknown_leading_tokens_are_skipped() {
    let out = session("joho isready\n");
    assert_eq!(out.trim(), "readyok");
}

#[test]
fn illegal_move_in_a_move_list_keeps_the_last_good_position() {
    let out = session(
        "position startpos moves 2\nposition startpos moves 3 1 9\nd\nposition startpos moves x\nd\n",
    );
    let errors = lines_starting(&out, "info string error: ");
    assert_eq!(errors.len(), 2, "{out}");
    assert!(errors[0].contains("move 3"), "{}", errors[0]);
    assert_eq!(last_fen(&out), "6,0,7,7,7,7 1 7,6,6,6,6,6 0 n");
}

#[test]
fn moving_from_an_empty_pit_is_illegal() {
    // After pit 1 the sower moves again (last seed in the store); pit 1 is now empty.
    let out = session("position startpos moves 1 1\nd\n");
    assert!(out.contains("info string error: "), "{out}");
    assert!(out.contains("empty"), "{out}");
    assert_eq!(last_fen(&out), "6,6,6,6,6,6 0 6,6,6,6,6,6 0 s");
}

#[test]
fn broken_position_string_keeps_the_last_good_position() {
    let out = session(
        "position fen 1,2,3 0 1,2,3 0 n\nposition fen 1,2,3 0 1,2 0 s\nposition fen 1,2,3 0 1,2,x 0 s\nd\n",
    );
    assert_eq!(
        lines_starting(&out, "info string error: ").len(),
        2,
        "{out}"
    );
    assert_eq!(last_fen(&out), "1,2,3 0 1,2,3 0 n");
}

#[test]
fn bad_option_values_are_refused() {
    let out = session(
        "setoption name Pits value 13\nsetoption name Seeds value many\nsetoption name Nope value 1\n\
         setoption name EmptyCapture value maybe\nsetoption name UCI_Variant value chess\nd\n",
    );
    assert_eq!(
        lines_starting(&out, "info string error: ").len(),
        5,
        "{out}"
    );
    assert_eq!(last_fen(&out), "6,6,6,6,6,6 0 6,6,6,6,6,6 0 s");
}

#[test]
fn options_change_the_start_position() {
    let out = session(
        "setoption name pits value 4\nsetoption name SEEDS value 3\nposition startpos\nd\n",
    );
    assert_eq!(last_fen(&out), "3,3,3,3 0 3,3,3,3 0 s");
}

#[test]
fn empty_capture_option_changes_the_rules() {
    // South sows pit 1 (one seed) into empty pit 2; North's pit opposite is empty.
    let fen = "position fen 1,0,0,1 0 1,0,0,0 0 s moves 1\nd\n";
    let standard = session(fen);
    assert_eq!(last_fen(&standard), "0,1,0,1 0 1,0,0,0 0 n");
    let empty = session(format!("setoption name EmptyCapture value true\n{fen}"));
    assert_eq!(last_fen(&empty), "0,0,0,1 1 1,0,0,0 0 n");
}

#[test]
fn bench_prints_a_node_count() {
    let out = session("bench 4\n");
    assert!(lines_starting(&out, "Nodes searched: ").len() == 1, "{out}");
    // Deterministic: the same count twice.
    assert_eq!(session("bench 4\n").lines().last(), out.lines().last());
}

#[test]
fn a_bench_is_stopped_and_isready_answered_while_it_runs() {
    let out = session("bench 60\nisready\nstop\nisready\n");
    assert_eq!(lines_starting(&out, "readyok").len(), 2, "{out}");
    let stopped = lines_starting(&out, "info string bench stopped after ");
    assert_eq!(stopped.len(), 1, "{out}");
    assert!(!out.contains("Nodes searched"), "{out}");
    let out = session("bench 60\nquit\n");
    assert!(!out.contains("Nodes searched"), "{out}");
}

#[test]
fn quit_ends_the_process_at_once() {
    let out = session("go infinite\nquit\nisready\n");
    assert_eq!(lines_starting(&out, "bestmove").len(), 1);
    assert!(
        !out.contains("readyok"),
        "nothing after quit is read:\n{out}"
    );
}

#[test]
fn ponderhit_turns_a_ponder_search_into_a_timed_one() {
    // After ponderhit the clock runs: the search ends by itself within its budget.
    let out = session("position startpos\ngo ponder wtime 300 btime 300\nponderhit\n");
    assert_eq!(lines_starting(&out, "bestmove").len(), 1, "{out}");
}

#[test]
fn stop_ends_a_ponder_search() {
    let out = session("position startpos\ngo ponder wtime 100000 btime 100000\nstop\n");
    assert_eq!(lines_starting(&out, "bestmove").len(), 1, "{out}");
}

#[test]
fn negative_clocks_are_accepted() {
    let out = session("position startpos\ngo wtime -50 btime -50\n");
    assert!(!out.contains("error"), "{out}");
    assert_eq!(lines_starting(&out, "bestmove").len(), 1, "{out}");
}

/// The first move of the `pv` of an `info` line.
fn pv_first(line: &str) -> Option<&str> {
    line.split(" pv ").nth(1)?.split_whitespace().next()
}

#[test]
fn searchmoves_searches_only_the_moves_named() {
    let out = session(
        "go depth 5 searchmoves 2 5
",
    );
    let infos = lines_starting(&out, "info depth");
    assert_eq!(infos.len(), 5, "{out}");
    for line in infos {
        assert!(matches!(pv_first(line), Some("2" | "5")), "{line}\n{out}");
    }
    let best = lines_starting(&out, "bestmove");
    assert!(
        best.len() == 1
            && ["bestmove 2", "bestmove 5"]
                .iter()
                .any(|mv| best[0] == *mv || best[0].starts_with(&format!("{mv} ponder "))),
        "{out}"
    );
    assert!(!out.contains("error"), "{out}");
}

#[test]
fn a_bad_searchmoves_move_refuses_the_go_and_searches_nothing() {
    // 7 is no pit of Kalah(6); pit 3 of the second position is empty.
    let out = session(
        "go depth 3 searchmoves 1 7\nisready\nposition fen 4,4,0,4,4,4 0 4,4,4,4,4,4 0 s\n\
         go depth 3 searchmoves 3\nisready\ngo depth 3 searchmoves 1 x\nisready\n",
    );
    let errors = lines_starting(&out, "info string error: searchmoves: ");
    assert_eq!(errors.len(), 3, "{out}");
    for (error, bad) in errors.iter().zip(["'7'", "'3'", "'x'"]) {
        assert!(error.contains(bad), "{error} should name {bad}");
        assert!(error.contains("nothing searched"), "{error}");
    }
    assert!(lines_starting(&out, "info depth").is_empty(), "{out}");
    assert!(lines_starting(&out, "bestmove").is_empty(), "{out}");
    assert_eq!(lines_starting(&out, "readyok").len(), 3, "{out}");
}

#[test]
fn multipv_prints_one_line_a_move_best_first() {
    // x wins at once on c3; the other moves are worse.
    let out = session(
        "setoption name UCI_Variant value tictactoe\nsetoption name MultiPV value 3\n\
         position fen xx./.../oo. x\ngo depth 4\n",
    );
    let infos = lines_starting(&out, "info depth ");
    assert!(!infos.is_empty() && infos.len().is_multiple_of(3), "{out}");
    for iteration in infos.chunks(3) {
        let depth = iteration[0].split_whitespace().nth(2);
        for (k, line) in iteration.iter().enumerate() {
            assert_eq!(line.split_whitespace().nth(2), depth, "{out}");
            assert!(
                line.contains(&format!(" multipv {} score ", k + 1)),
                "{line}"
            );
        }
    }
    let last = &infos[infos.len() - 3..];
    assert_eq!(pv_first(last[0]), Some("c3"), "{out}");
    assert!(last[0].contains("score mate 1 "), "{out}");
    // Three different first moves.
    let mut firsts: Vec<_> = last.iter().filter_map(|l| pv_first(l)).collect();
    firsts.sort_unstable();
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "{out}");
    assert_eq!(lines_starting(&out, "bestmove c3").len(), 1, "{out}");
}

#[test]
fn multipv_beyond_the_moves_prints_a_line_a_move() {
    // Two empty squares: two lines, however many are asked for.
    let out = session(
        "setoption name UCI_Variant value tictactoe\nsetoption name MultiPV value 5\n\
         position fen xox/xoo/.x. o\ngo depth 2\n",
    );
    let lines = lines_starting(&out, "info depth");
    assert!(!lines.is_empty(), "{out}");
    assert!(lines.iter().all(|l| !l.contains("multipv 3")), "{out}");
    assert!(lines.iter().any(|l| l.contains("multipv 2")), "{out}");
}

#[test]
fn multipv_1_prints_the_lines_as_before() {
    let out = session("go depth 3\n");
    assert_eq!(lines_starting(&out, "info depth").len(), 3, "{out}");
    assert!(!out.contains("multipv"), "{out}");
}

#[test]
fn multipv_is_declared_after_threads_and_checked() {
    let out = session(
        "uci\nsetoption name MultiPV value 0\nsetoption name multipv value 257\n\
         setoption name MultiPV value two\nsetoption name MultiPV value 256\nisready\n",
    );
    let threads = out
        .lines()
        .position(|l| l.starts_with("option name Threads "))
        .expect("Threads declared");
    assert_eq!(
        out.lines().nth(threads + 1),
        Some("option name MultiPV type spin default 1 min 1 max 256"),
        "{out}"
    );
    let errors = lines_starting(&out, "info string error: option 'MultiPV' cannot be");
    assert_eq!(errors.len(), 3, "{out}");
}

#[test]
fn two_threads_find_a_legal_move_and_count_nodes() {
    let out = session("setoption name Threads value 2\nposition startpos\ngo depth 8\n");
    let best = lines_starting(&out, "bestmove");
    assert_eq!(best.len(), 1, "{out}");
    let mv = best[0].split_whitespace().nth(1).expect("a move");
    assert!(["1", "2", "3", "4", "5", "6"].contains(&mv), "{out}");
    // The search ends when either thread finishes depth 8, so the main
    // thread may report fewer depths, then the helper's depth 8; or both
    // finish it, and the helper's line follows when its score is better.
    let depths: Vec<u32> = lines_starting(&out, "info depth ")
        .iter()
        .filter_map(|line| line.split_whitespace().nth(2)?.parse().ok())
        .collect();
    assert!(depths.windows(2).all(|w| w[0] <= w[1]), "{out}");
    assert_eq!(depths.last(), Some(&8), "{out}");
}

#[test]
fn a_draw_proven_by_searching_to_the_end_is_labelled_proven() {
    let out = session("setoption name UCI_Variant value tictactoe\ngo depth 20\n");
    assert!(
        out.contains("info string proven margin 0 (searched to the end of the game)\n"),
        "{out}"
    );
    // Tic-tac-toe ends within 9 plies: the search stops there and says why.
    assert!(
        out.contains("info string search stopped at depth 9 of 20: the value is proven\n"),
        "{out}"
    );
    assert_eq!(lines_starting(&out, "bestmove").len(), 1, "{out}");
}

#[test]
fn solve_prints_the_proven_value_and_a_best_move() {
    // Kalah(3,2): small enough to solve at once.
    let out =
        session("setoption name Pits value 3\nsetoption name Seeds value 2\nsolve\nisready\n");
    let solved = lines_starting(&out, "solved value ");
    assert_eq!(solved.len(), 1, "{out}");
    assert!(
        solved[0].contains(" bestmove ")
            && solved[0].contains(" nodes ")
            && solved[0].contains(" time ")
    );
    assert!(out.contains("readyok"));
}

#[test]
fn solve_of_a_finished_game_names_no_move() {
    let out = session("position fen 0,0,0 5 0,0,0 7 s\nsolve\n");
    assert!(out.contains("solved value -2 bestmove (none) "), "{out}");
}

#[test]
fn a_stopped_solve_reports_bounds() {
    let out = session("setoption name Seeds value 6\nsolve\nstop\n");
    let unsolved = lines_starting(&out, "unsolved lowerbound ");
    assert_eq!(unsolved.len(), 1, "{out}");
    assert!(unsolved[0].contains(" upperbound "), "{out}");
}

/// Russian draughts' `solve` gives results (+1 a win): a man taking the
/// last piece is solved at once, without tables; the start, stopped at
/// once, is bounded between a loss and a win.
#[test]
fn russian_solve_proves_results_and_a_stopped_one_says_its_bounds() {
    let out = session(
        "setoption name UCI_Variant value russian\nsetoption name MultiPV value 2\n\
         position fen W:Wc3:Bd4\nsolve\nposition startpos\nsolve\nstop\n",
    );
    let ends: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("solved ") || l.starts_with("unsolved "))
        .collect();
    assert_eq!(ends.len(), 2, "{out}");
    assert!(
        ends[0].starts_with("solved value +1 bestmove c3:e5 "),
        "{out}"
    );
    assert!(
        out.contains("info string multipv 1 proven margin +1 (solved)\n"),
        "{out}"
    );
    assert!(
        ends[1].starts_with("unsolved lowerbound -1 upperbound +1 bestmove "),
        "{out}"
    );
}

#[test]
fn invalid_utf8_is_an_unknown_command() {
    let mut input = b"position startpos moves 2\n".to_vec();
    input.extend_from_slice(&[0xff, 0xfe, b'\n']);
    input.extend_from_slice(b"d\n");
    let out = session(input);
    assert_eq!(
        lines_starting(&out, "info string error: ").len(),
        1,
        "{out}"
    );
    assert_eq!(last_fen(&out), "6,0,7,7,7,7 1 7,6,6,6,6,6 0 n");
}

#[test]
fn bench_from_the_command_line() {
    let output = run_engine(&["bench", "3"], "");
    assert!(output.status.success());
    let out = String::from_utf8(output.stdout).expect("stdout is UTF-8");
    assert!(
        out.lines()
            .last()
            .is_some_and(|l| l.starts_with("Nodes searched: ")),
        "{out}"
    );
}

#[test]
fn bad_command_line_arguments_fail_with_a_message() {
    let output = run_engine(&["frobnicate"], "");
    assert!(!output.status.success());
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("unrecognized subcommand 'frobnicate'")
    );
}

#[test]
fn a_bare_go_is_stopped_by_the_next_position() {
    // `go` without limits would run to the end of the game tree; a new
    // position stops it instead of waiting for it.
    let out = session("go\nposition startpos moves 1\nd\n");
    assert_eq!(lines_starting(&out, "bestmove").len(), 1, "{out}");
    assert_eq!(last_fen(&out), "0,7,7,7,7,7 1 6,6,6,6,6,6 0 s");
}

/// A Kalah(6) endgame database of up to 8 seeds, built once per test run.
fn small_database() -> std::path::PathBuf {
    static BUILT: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    BUILT
        .get_or_init(|| {
            // A fixed name: build-db replaces the file atomically, so runs may share it.
            let path = std::env::temp_dir().join("ply-session-test-kalah6-8.plydb");
            let out = run_engine(
                &[
                    "build-db",
                    "--max-seeds",
                    "8",
                    "--output",
                    path.to_str().expect("UTF-8 path"),
                ],
                "",
            );
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            path
        })
        .clone()
}

#[test]
fn go_reports_the_proven_margin_from_the_endgame_database() {
    let db = small_database();
    // 8 seeds on the board, stores 20 and 20: the database knows every child.
    let out = session(format!(
        "setoption name EndgameDB value {}\nposition fen 1,2,0,0,1,0 20 0,0,3,0,1,0 20 s\ngo depth 4\n",
        db.display()
    ));
    assert!(out.contains("info string endgame database"), "{out}");
    assert!(out.contains("info string proven margin "), "{out}");
    assert_eq!(lines_starting(&out, "bestmove").len(), 1);
    // The proven margin agrees with the solver's value.
    let solved = session(format!(
        "setoption name EndgameDB value {}\nposition fen 1,2,0,0,1,0 20 0,0,3,0,1,0 20 s\nsolve\n",
        db.display()
    ));
    let value = solved
        .lines()
        .find_map(|l| l.strip_prefix("solved value "))
        .and_then(|rest| rest.split_whitespace().next())
        .expect("a solved line");
    let proven = out
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("info string proven margin "))
        .and_then(|rest| rest.split_whitespace().next())
        .expect("a proven margin");
    assert_eq!(proven, value, "{out}\n{solved}");
}

/// A database's win reached by one line while others stop at the horizon
/// proves only a bound: here the search's best line at depth 8 ends in a
/// database win by 2 seeds, but the position is worth +6 (the solver's
/// value). The label says "at least", and never "proven margin +2".
#[test]
fn a_database_win_behind_a_horizon_is_labelled_a_bound_not_the_margin() {
    let db = small_database();
    let fen = "2,2,1,3,1,0 15 0,2,3,1,1,1 16 s";
    let out = session(format!(
        "setoption name EndgameDB value {}\nposition fen {fen}\ngo depth 8\n",
        db.display()
    ));
    let solved = session(format!(
        "setoption name EndgameDB value {}\nposition fen {fen}\nsolve\n",
        db.display()
    ));
    let value: i32 = solved
        .lines()
        .find_map(|l| l.strip_prefix("solved value "))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .expect("a solved line");
    assert_eq!(value, 6, "{solved}");
    assert!(
        out.contains("info string proven win, margin at least +2 (endgame database)\n"),
        "{out}"
    );
    // Every label the search printed holds for the solver's value.
    for label in out
        .lines()
        .filter_map(|l| l.strip_prefix("info string proven "))
    {
        let number = |text: &str| -> i32 {
            text.split_whitespace()
                .next()
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("a number in {label:?}"))
        };
        if let Some(rest) = label.strip_prefix("margin ") {
            assert_eq!(number(rest), value, "{label}");
        } else if let Some(rest) = label.strip_prefix("win, margin at least ") {
            assert!(value >= number(rest), "{label}");
        } else if let Some(rest) = label.strip_prefix("loss, margin at most ") {
            assert!(value <= number(rest), "{label}");
        } else {
            panic!("an unknown label: {label}");
        }
    }
}

#[test]
fn a_draw_proven_by_the_endgame_database_is_labelled_proven() {
    let db = small_database();
    // 4 seeds on the board, stores 22 and 22: a draw the database knows.
    let out = session(format!(
        "setoption name EndgameDB value {}\nposition fen 0,0,0,0,1,1 22 0,0,0,0,1,1 22 s\n\
         go depth 10\n",
        db.display()
    ));
    assert!(out.contains(" score cp 0 "), "{out}");
    assert!(
        out.contains("info string proven margin 0 (endgame database)\n"),
        "{out}"
    );
    assert!(
        out.contains("info string search stopped at depth 1 of 10: the value is proven\n"),
        "{out}"
    );
    assert_eq!(lines_starting(&out, "bestmove").len(), 1, "{out}");
}

#[test]
fn a_missing_endgame_database_is_refused_and_nothing_changes() {
    let out = session("setoption name EndgameDB value /nonexistent/kalah.plydb\nisready\n");
    assert_eq!(
        lines_starting(&out, "info string error: EndgameDB").len(),
        1,
        "{out}"
    );
    assert!(out.contains("readyok"));
}

#[cfg(unix)]
#[test]
fn only_a_regular_file_is_opened_as_an_endgame_database_and_the_old_one_stays() {
    // A FIFO would block the engine for ever (no `readyok`, `quit`
    // ignored); a device or a directory cannot be mapped.
    let db = small_database();
    let dir = std::env::temp_dir().join(format!("ply-session-test-{}-special", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory made");
    let fifo = dir.join("db.fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let refused = [
        ("/dev/zero".to_owned(), "a character device"),
        (fifo.display().to_string(), "a named pipe (FIFO)"),
        (dir.display().to_string(), "a directory"),
    ];
    let mut input = format!("setoption name EndgameDB value {}\n", db.display());
    for (path, _) in &refused {
        input.push_str(&format!("setoption name EndgameDB value {path}\nisready\n"));
    }
    input.push_str("position fen 1,2,0,0,1,0 20 0,0,3,0,1,0 20 s\ngo depth 4\n");
    let out = session(input);
    let _ = std::fs::remove_dir_all(&dir);
    for (path, kind) in &refused {
        assert!(
            out.contains(&format!(
                "info string error: EndgameDB: {path}: {kind}, not a regular file \
                 (only a regular file is read)"
            )),
            "{out}"
        );
    }
    assert_eq!(
        lines_starting(&out, "readyok").len(),
        refused.len(),
        "{out}"
    );
    // The database loaded first still answers.
    assert!(out.contains("info string proven margin "), "{out}");
}

#[test]
fn uci_lists_every_game() {
    let out = session("uci\n");
    // Every registered game, in the registry's order (derived, so that a
    // new game needs no change here).
    let games = ply_rules::variant::Variant::names().join(" var ");
    let line = format!("option name UCI_Variant type combo default kalah var {games}\n");
    assert!(out.contains(&line), "{line} not in {out}");
    assert!(out.contains("var kalah var oware"), "{out}");
}

#[test]
fn russian_draughts_through_the_protocol() {
    let out = session(
        "setoption name UCI_Variant value russian\nposition startpos moves c3-d4 f6-e5\nd\n\
         go perft 2\nposition startpos moves c3-d4 c3-b4\nquery p1turn\n",
    );
    assert!(
        out.contains(
            "Fen: W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,d4:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,h6,e5\n"
        ),
        "{out}"
    );
    // The capture is forced: one root move.
    assert!(out.contains("d4:f6: "), "{out}");
    // A bad move list keeps the last good position: White to move.
    assert!(out.contains("info string error: "), "{out}");
    assert!(out.contains("response true"), "{out}");
}

#[test]
fn oware_is_chosen_with_uci_variant_and_played_through_the_protocol() {
    let out = session(
        "setoption name UCI_Variant value oware\nd\nposition startpos moves 5 6\nd\n\
         query p1turn\ngo perft 2\n",
    );
    // Abapa's start, drawn like Kalah's board, stores holding captures.
    let drawing: Vec<&str> = out.lines().take(3).collect();
    assert_eq!(
        drawing,
        [
            "     4    4    4    4    4    4",
            "0                                  0",
            "     4    4    4    4    4    4",
        ],
        "{out}"
    );
    assert!(
        out.contains("Fen: 4,4,4,4,4,4 0 4,4,4,4,4,4 0 s\n"),
        "{out}"
    );
    assert!(out.contains("     0    4    4    5    5    5\n"), "{out}");
    assert_eq!(last_fen(&out), "5,5,5,5,0,5 0 5,5,5,4,4,0 0 s");
    assert_eq!(lines_starting(&out, "response"), ["response true"]);
    // House 5 is empty; North's emptied house 6 leaves it 5 replies each.
    assert!(
        out.contains("1: 5\n2: 5\n3: 5\n4: 5\n6: 5\n\nNodes searched: 25\n"),
        "{out}"
    );
}

#[test]
fn oware_search_answers_a_legal_house_and_sees_the_end() {
    let out = session(
        "setoption name UCI_Variant value oware\nposition startpos\ngo depth 6\n\
         position fen 0,0,0,0,0,1 24 1,0,0,0,0,5 17 s\ngo depth 4\n\
         position fen 0,0,0,0,0,1 24 1,0,0,0,0,5 17 s moves 6\nquery result\ngo depth 3\n",
    );
    let best = lines_starting(&out, "bestmove");
    assert_eq!(best.len(), 3, "{out}");
    let first = best[0].split_whitespace().nth(1).unwrap_or_default();
    assert!(["1", "2", "3", "4", "5", "6"].contains(&first), "{out}");
    // House 6 captures 2 and brings South past half: a win in one.
    assert!(best[1].starts_with("bestmove 6"), "{out}");
    assert!(out.contains("score mate 1 "), "{out}");
    assert!(out.contains("response p1win"), "{out}");
    assert_eq!(best[2], "bestmove (none)");
}

#[test]
fn oware_options_set_its_own_board_and_refuse_kalahs() {
    let out = session(
        "setoption name UCI_Variant value oware\nsetoption name Pits value 4\n\
         setoption name Seeds value 3\nsetoption name EmptyCapture value true\nd\n\
         position startpos moves 5\nd\n",
    );
    let errors = lines_starting(&out, "info string error: ");
    assert_eq!(errors.len(), 2, "{out}");
    assert_eq!(
        errors[0],
        "info string error: option 'EmptyCapture' does not apply to oware; \
         choose its game with UCI_Variant first"
    );
    assert!(out.contains("Fen: 3,3,3,3 0 3,3,3,3 0 s\n"), "{out}");
    // Only 4 houses: 5 is refused and the start stays.
    assert!(errors[1].contains("pits are numbered 1 to 4"), "{out}");
    assert_eq!(last_fen(&out), "3,3,3,3 0 3,3,3,3 0 s");
}

#[test]
fn tictactoe_is_drawn_with_coordinates_and_read_from_its_string() {
    let out = session(
        "setoption name UCI_Variant value tictactoe\nposition startpos moves b2 a1\nd\n\
         position fen x../.o./... x moves c3 b2\nd\nposition fen xx./.../... x\nd\n",
    );
    assert!(
        out.contains("3  . . .\n2  . x .\n1  o . .\n   a b c\n\nFen: .../.x./o.. x\n"),
        "{out}"
    );
    let errors = lines_starting(&out, "info string error: ");
    assert_eq!(errors.len(), 2, "{out}");
    assert!(errors[0].contains("b2 is taken by o"), "{}", errors[0]);
    assert!(errors[1].contains("x has 2 marks and o 0"), "{}", errors[1]);
    assert_eq!(last_fen(&out), ".../.x./o.. x");
}

#[test]
fn tictactoe_engine_takes_the_win_and_reports_the_end() {
    let out = session(
        "setoption name UCI_Variant value tictactoe\nposition fen xx./.../oo. x\ngo depth 9\n\
         position fen xx./.../oo. x moves c3\nquery gameover\nquery result\ngo depth 9\n\
         position startpos\ngo perft 9\nsolve\n",
    );
    let best = lines_starting(&out, "bestmove");
    assert_eq!(best, ["bestmove c3", "bestmove (none)"], "{out}");
    assert!(out.contains("score mate 1 "), "{out}");
    assert_eq!(
        lines_starting(&out, "response"),
        ["response true", "response p1win"]
    );
    assert!(out.contains("\n\nNodes searched: 127872\n"), "{out}");
    assert!(
        out.contains("info string error: solve is only available for kalah, oware, russian\n"),
        "{out}"
    );
}

#[test]
fn game_options_do_not_apply_to_tictactoe() {
    let out =
        session("setoption name UCI_Variant value tictactoe\nsetoption name Seeds value 4\nd\n");
    assert!(
        out.contains(
            "info string error: option 'Seeds' does not apply to tictactoe; \
             choose its game with UCI_Variant first\n"
        ),
        "{out}"
    );
    assert_eq!(last_fen(&out), ".../.../... x");
}

#[test]
fn switching_back_to_kalah_restores_its_start() {
    let out = session(
        "setoption name UCI_Variant value tictactoe\nsetoption name UCI_Variant value kalah\nd\n",
    );
    assert_eq!(last_fen(&out), "6,6,6,6,6,6 0 6,6,6,6,6,6 0 s");
}

/// `bench`'s node count, the search's signature (docs/engine.md, "Search"),
/// as Stockfish pins its own: a change to the search or an evaluation that
/// changes it must say so here (and in its match note); a speed-up must
/// keep it.
const BENCH_SIGNATURE: &str = "Nodes searched: 3022106";

#[test]
fn the_bench_signature_is_pinned() {
    let out = session("bench\n");
    assert_eq!(
        lines_starting(&out, "Nodes searched: "),
        [BENCH_SIGNATURE],
        "{out}"
    );
}

#[test]
fn bench_searches_every_game() {
    let out = session("bench 3\n");
    for fen in [
        "fen 4,4,4,4,4,4 0 4,4,4,4,4,4 0 s",
        "fen 2,0,13,1,3,5 6 1,2,0,4,3,0 8 n",
        "fen .../.../... x",
        "fen B:WKc1,e3,g3,h2:BKh8,b6,d6",
    ] {
        assert!(out.contains(fen), "{fen} missing in\n{out}");
    }
}

#[test]
fn ugi_bestmove_has_no_ponder_move() {
    // UGI referees such as Cute Games read `bestmove <move>` and nothing more.
    let out = session("ugi\nposition startpos\ngo depth 4\n");
    let best = lines_starting(&out, "bestmove");
    assert_eq!(best.len(), 1, "{out}");
    assert_eq!(best[0].split_whitespace().count(), 2, "{}", best[0]);
    let uci = session("uci\nposition startpos\ngo depth 4\n");
    assert!(
        lines_starting(&uci, "bestmove")[0].contains(" ponder "),
        "{uci}"
    );
}

/// Runs a session with the engine's address space limited to `megabytes`
/// (`ulimit -v` in a shell), so that a large `Hash` cannot be had on any
/// machine, whatever its memory.
#[cfg(target_os = "linux")]
fn session_with_memory_limit(megabytes: u64, input: &str) -> String {
    let engine = assert_cmd::cargo::cargo_bin("ply-engine");
    let script = format!("ulimit -v {}; exec \"$0\"", megabytes * 1024);
    let output = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(engine)
        .env("XDG_CACHE_HOME", NO_CACHE)
        .write_stdin(input)
        .timeout(TIMEOUT)
        .output()
        .expect("sh runs the engine");
    assert!(output.status.success(), "exit status {:?}", output.status);
    String::from_utf8(output.stdout).expect("stdout is UTF-8")
}

#[cfg(target_os = "linux")]
#[test]
fn a_hash_the_system_cannot_give_is_refused_and_the_old_table_stays() {
    let out = session_with_memory_limit(
        2048,
        "setoption name Hash value 8192\nisready\ngo depth 3\n",
    );
    let errors = lines_starting(&out, "info string error: Hash");
    assert_eq!(errors.len(), 1, "{out}");
    assert!(errors[0].contains("8192 MB"), "{out}");
    assert_eq!(lines_starting(&out, "readyok").len(), 1, "{out}");
    assert_eq!(lines_starting(&out, "bestmove").len(), 1, "{out}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_solver_table_the_system_cannot_give_is_an_error_not_an_abort() {
    // The search's table fits; the solver's, as large again, does not.
    let out = session_with_memory_limit(
        2048,
        "setoption name Hash value 1200\nsetoption name Pits value 2\nsetoption name Seeds value 2\nsolve\nisready\nsetoption name Hash value 16\nsolve\n",
    );
    assert!(
        lines_starting(&out, "info string error: Hash").is_empty(),
        "{out}"
    );
    let errors = lines_starting(&out, "info string error: solve");
    assert_eq!(errors.len(), 1, "{out}");
    assert_eq!(lines_starting(&out, "readyok").len(), 1, "{out}");
    assert_eq!(lines_starting(&out, "solved value").len(), 1, "{out}");
}

#[test]
fn stop_and_isready_are_heard_while_a_command_waits_for_a_search() {
    // `position` waits for the solve (a search with a limit: the end of
    // the game) to finish; Kalah(6,6) would take hours. The `isready` and
    // `stop` sent after it must still be answered and obeyed at once.
    let out = session(
        "setoption name Seeds value 6\nsolve\nposition startpos moves 1\nisready\nstop\nd\nquit\n",
    );
    assert_eq!(lines_starting(&out, "readyok").len(), 1, "{out}");
    let finals = out
        .lines()
        .filter(|l| l.starts_with("solved ") || l.starts_with("unsolved "))
        .count();
    assert_eq!(finals, 1, "{out}");
    // The position was set after the solve ended, and `d` came after it.
    assert_eq!(last_fen(&out), "0,7,7,7,7,7 1 6,6,6,6,6,6 0 s", "{out}");
}

#[test]
fn lines_read_while_a_command_waits_keep_their_order() {
    // `position` waits for the first search. The `stop` belongs to the
    // `go infinite` sent before it, and `readyok` must come after the
    // commands sent before `isready`: after both searches' answers.
    let out = session("go movetime 200\nposition startpos moves 1\ngo infinite\nstop\nisready\n");
    let order: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("bestmove") || *l == "readyok")
        .map(|l| if l == "readyok" { l } else { "bestmove" })
        .collect();
    assert_eq!(order, ["bestmove", "bestmove", "readyok"], "{out}");
}

#[test]
fn quit_read_while_a_command_waits_stops_every_later_search_at_once() {
    // The `go depth 60` queued before `quit` would run for hours: it must
    // be stopped as soon as it starts.
    let out = session("go movetime 200\nposition startpos\ngo depth 60\nposition startpos\nquit\n");
    assert_eq!(lines_starting(&out, "bestmove").len(), 2, "{out}");
}

#[test]
fn mastermind_multipv_lists_the_best_guesses_and_refuses_searchmoves() {
    // A small game after one row: searched (no book) in a few nodes, so
    // the first iteration finishes well within the one-second budget.
    let out = session(
        "setoption name UCI_Variant value mastermind\nsetoption name Length value 3\n\
         setoption name Symbols value 4\nsetoption name Repeats value true\n\
         setoption name MultiPV value 3\nposition startpos moves 001 1A0B\n\
         go depth 2 searchmoves 0123\nisready\ngo depth 2\n\
         position startpos moves 001\ngo depth 1\n",
    );
    assert_eq!(
        lines_starting(&out, "info string error: searchmoves: Mastermind").len(),
        1,
        "{out}"
    );
    let infos = lines_starting(&out, "info depth");
    for k in 1..=3 {
        assert!(
            infos
                .iter()
                .any(|l| l.contains(&format!(" multipv {k} score "))),
            "{out}"
        );
    }
    // bestmove is line 1's guess of the last iteration.
    let last_first = infos
        .iter()
        .rev()
        .find(|l| l.contains(" multipv 1 "))
        .and_then(|l| l.split(" pv ").nth(1))
        .expect("a line 1");
    let best = lines_starting(&out, "bestmove");
    assert_eq!(
        best.first(),
        Some(&format!("bestmove {last_first}").as_str()),
        "{out}"
    );
    // The maker has one answer, and says so.
    assert!(
        out.contains("info string MultiPV 3: the maker reports its one answer\n"),
        "{out}"
    );
    assert_eq!(best.len(), 2, "{out}");
}

/// A 10 MB line (a runaway script) is refused with an error and costs
/// nothing: the engine goes on with the next line, position unchanged.
#[test]
fn an_overlong_line_is_refused_and_the_session_goes_on() {
    let mut input = b"position startpos moves 3\nposition startpos moves ".to_vec();
    input.extend(std::iter::repeat_n(b'1', 10 << 20));
    input.extend_from_slice(b"\nd\n");
    let out = session(input);
    let errors = lines_starting(&out, "info string error: ");
    assert_eq!(errors.len(), 1, "{out}");
    assert!(
        errors[0].contains("longer than the 1048576 bytes a command may have"),
        "{out}"
    );
    assert_eq!(last_fen(&out), "6,6,0,7,7,7 1 7,7,6,6,6,6 0 n");
}
