//! Mastermind sessions against the real `ply-engine` binary: options,
//! moves, errors that keep the state, and `go` for either side.

use std::time::Duration;

use assert_cmd::Command;

/// Generous: these sessions take a second or two; a hang fails instead of blocking CI.
const TIMEOUT: Duration = Duration::from_secs(60);

/// Chooses Mastermind, then runs `input`; returns stdout.
fn session(input: &str) -> String {
    let output = Command::cargo_bin("ply-engine")
        .expect("the ply-engine binary is built")
        .write_stdin(format!(
            "setoption name UCI_Variant value mastermind\n{input}"
        ))
        .timeout(TIMEOUT)
        .output()
        .expect("ply-engine runs");
    assert!(output.status.success(), "exit status {:?}", output.status);
    String::from_utf8(output.stdout).expect("stdout is UTF-8")
}

fn lines_starting<'a>(out: &'a str, prefix: &str) -> Vec<&'a str> {
    out.lines().filter(|l| l.starts_with(prefix)).collect()
}

/// The move of the only `bestmove` line.
fn best_move(out: &str) -> &str {
    let best = lines_starting(out, "bestmove");
    assert_eq!(best.len(), 1, "{out}");
    best[0].split_whitespace().nth(1).expect("a move")
}

#[test]
fn uci_lists_the_game_and_its_options() {
    let out = session("uci\n");
    assert!(out.contains("var mastermind"), "{out}");
    for option in [
        "Length type spin default 4 min 1 max 6",
        "Symbols type spin default 10 min 1 max 10",
        "Repeats type check default false",
        "MaxGuesses type spin default 10 min 1 max 50",
    ] {
        assert!(
            out.contains(&format!("option name {option}")),
            "{option}\n{out}"
        );
    }
}

#[test]
fn the_breaker_opens_at_once_and_the_maker_answers_legally() {
    let out = session("go\nisready\nposition startpos moves 0123\ngo\nisready\n");
    let best = lines_starting(&out, "bestmove");
    assert_eq!(best.len(), 2, "{out}");
    assert_eq!(best[0], "bestmove 0123");
    let answer = best[1].split_whitespace().nth(1).expect("an answer");
    let (bulls, cows) = answer
        .strip_suffix('B')
        .and_then(|a| a.split_once('A'))
        .expect("<bulls>A<cows>B");
    // The adversary never gives the win away, nor an impossible answer.
    assert_ne!(answer, "4A0B");
    let total: u32 = bulls.parse::<u32>().unwrap() + cows.parse::<u32>().unwrap();
    assert!(total <= 4);
    assert!(out.contains("info string expected guesses in all"), "{out}");
    assert!(out.contains("info string after "), "{out}");
    assert!(
        lines_starting(&out, "info depth")
            .iter()
            .all(|l| l.contains(" score cp ") && l.contains(" nodes ") && l.contains(" pv ")),
        "{out}"
    );
}

#[test]
fn the_breaker_guesses_a_possible_code_when_two_are_left() {
    // 0A4B: a derangement of 0123; then only 2310 and 3201 give every answer.
    let out = session("position startpos moves 0123 0A4B 1032 0A4B 2301 2A2B\ngo movetime 500\n");
    assert!(["2310", "3201"].contains(&best_move(&out)), "{out}");
    assert!(out.contains("2 codes possible"), "{out}");
}

#[test]
fn go_respects_stop_and_movetime_and_infinite() {
    let out = session("position startpos moves 0123 1A1B\ngo infinite\nisready\nstop\n");
    let ready = out.lines().position(|l| l == "readyok").expect("readyok");
    let best = out
        .lines()
        .position(|l| l.starts_with("bestmove"))
        .expect("bestmove");
    assert!(ready < best, "{out}");
    best_move(&out);
    let started = std::time::Instant::now();
    let out = session("position startpos moves 0123 0A2B\ngo movetime 300\n");
    best_move(&out);
    assert!(started.elapsed() < Duration::from_secs(20));
}

/// The largest `nodes` of the `info depth` lines.
fn most_nodes(out: &str) -> u64 {
    lines_starting(out, "info depth")
        .iter()
        .filter_map(|l| {
            let mut words = l.split_whitespace();
            words.find(|&w| w == "nodes")?;
            words.next()?.parse().ok()
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn go_nodes_limits_the_search_of_either_side() {
    // The search looks at its node count every 64 nodes, so a search told
    // to stop at 10 ends before 74. Unlimited, both of these searches end
    // by themselves with more (about 400 and 130 nodes, in a fraction of a
    // second); the generous move times only keep a loaded machine from
    // cutting them short.
    const LIMIT: u64 = 10;
    const CHECK: u64 = 64;
    for (position, free) in [
        // A breaker out of the book, one iteration.
        ("0123 1A1B 4567 0A1B", "go depth 1 movetime 20000"),
        // The maker answering a second guess.
        ("0123 1A1B 4567", "go movetime 20000"),
    ] {
        let out = session(&format!("position startpos moves {position}\n{free}\n"));
        assert!(most_nodes(&out) >= LIMIT + CHECK, "{out}");
        let limited = session(&format!(
            "position startpos moves {position}\ngo nodes {LIMIT}\n"
        ));
        best_move(&limited);
        assert!(
            !lines_starting(&limited, "info depth").is_empty(),
            "{limited}"
        );
        assert!(most_nodes(&limited) < LIMIT + CHECK, "{limited}");
    }
}

#[test]
fn an_illegal_answer_is_refused_and_the_position_kept() {
    let out = session(
        "position startpos moves 0123 0A0B\n\
         position startpos moves 0123 0A0B 4567 0A0B\n\
         position startpos moves 0123 3A1B\n\
         position fen 0123:0A0B/4567 b\n\
         d\n",
    );
    let errors = lines_starting(&out, "info string error: ");
    assert_eq!(errors.len(), 3, "{out}");
    assert!(
        errors[0].contains("contradicts the earlier answers"),
        "{out}"
    );
    assert!(errors[1].contains("3A1B is impossible"), "{out}");
    assert!(errors[2].contains("the side to move is 'b'"), "{out}");
    assert!(out.contains("Fen: 0123:0A0B b"), "{out}");
    assert!(out.contains(" 1  0123  0A0B"), "{out}");
}

#[test]
fn queries_follow_the_game() {
    let out = session(
        "position startpos moves 0123\nquery p1turn\nquery gameover\n\
         position startpos moves 0123 4A0B\nquery gameover\nquery result\ngo\n",
    );
    let responses = lines_starting(&out, "response");
    assert_eq!(
        responses,
        [
            "response false",
            "response false",
            "response true",
            "response p1win"
        ]
    );
    assert_eq!(best_move(&out), "(none)");
    let out = session(
        "setoption name MaxGuesses value 1\nposition startpos moves 0123 0A4B\nquery result\n",
    );
    assert!(out.contains("response p2win"), "{out}");
}

#[test]
fn options_change_the_rules_and_perft_counts_them() {
    let out = session(
        "setoption name Symbols value 6\nsetoption name Repeats value true\ngo perft 1\n\
         setoption name Symbols value 11\nsetoption name Length value 7\n\
         setoption name UCI_Variant value kalah\nsetoption name Length value 4\nd\n",
    );
    assert!(out.contains("Nodes searched: 1296"), "{out}");
    let errors = lines_starting(&out, "info string error: ");
    assert_eq!(errors.len(), 3, "{out}");
    assert!(errors[0].contains("the digits 0-9"), "{out}");
    assert!(errors[2].contains("does not apply to kalah"), "{out}");
}

#[test]
fn classic_mastermind_opens_with_a_searched_pattern() {
    let out =
        session("setoption name Symbols value 6\nsetoption name Repeats value true\ngo depth 1\n");
    let first = best_move(&out);
    assert!(
        ["0000", "0001", "0011", "0012", "0123"].contains(&first),
        "{out}"
    );
}

#[test]
fn a_maker_that_wins_for_sure_says_so_instead_of_an_average() {
    let out = session(
        "setoption name UCI_Variant value mastermind\nsetoption name MaxGuesses value 1\n\
         position startpos moves 0123\ngo\n",
    );
    assert!(
        out.contains("cannot be sure to find the code in the rows left"),
        "{out}"
    );
    assert!(!out.contains("2147483647"), "{out}");
    assert_eq!(
        out.lines().filter(|l| l.starts_with("bestmove")).count(),
        1,
        "{out}"
    );
}

#[test]
fn a_big_game_answers_on_both_sides() {
    // 46,656 codes: without the clock polled inside the rankings, the
    // maker's answer to `go depth 1` took minutes.
    let rules = "setoption name UCI_Variant value mastermind\nsetoption name Symbols value 6\n\
                 setoption name Repeats value true\nsetoption name Length value 6\n";
    let out = session(&format!(
        "{rules}position startpos\ngo depth 1\nposition startpos moves 001122\ngo depth 1\n"
    ));
    let moves: Vec<&str> = out.lines().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(moves.len(), 2, "{out}");
    assert!(moves[0].len() == "bestmove 001122".len(), "{out}");
    assert!(moves[1].ends_with('B'), "{out}");
}
