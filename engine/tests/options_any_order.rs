//! Rule options in any order: match runners such as Cute Games send
//! `setoption` in hash-map order, so a game's options may come before the
//! `UCI_Variant` that chooses it. The engine keeps them and applies them as
//! a whole when the position is next needed.

use std::time::Duration;

use assert_cmd::Command;

/// A cache directory that does not exist, so that `EndgameDB auto`
/// loads nothing (the user's cached databases would change the answers).
const NO_CACHE: &str = "/nonexistent/ply-test-cache";

/// Generous: these sessions take milliseconds; a hang fails instead of blocking CI.
const TIMEOUT: Duration = Duration::from_secs(60);

/// Runs a protocol session on `input` and returns the engine's stdout.
fn session(input: &str) -> String {
    let output = Command::cargo_bin("ply-engine")
        .expect("the ply-engine binary is built")
        .env("XDG_CACHE_HOME", NO_CACHE)
        .write_stdin(input)
        .timeout(TIMEOUT)
        .output()
        .expect("ply-engine runs");
    assert!(output.status.success(), "exit status {:?}", output.status);
    String::from_utf8(output.stdout).expect("stdout is UTF-8")
}

fn errors(out: &str) -> Vec<&str> {
    out.lines()
        .filter_map(|l| l.strip_prefix("info string error: "))
        .collect()
}

/// The `Fen:` line of the last `d` in the session.
fn last_fen(out: &str) -> &str {
    out.lines()
        .rev()
        .find_map(|l| l.strip_prefix("Fen: "))
        .expect("a Fen: line")
}

#[test]
fn seeds_before_the_variant_make_a_three_seed_oware() {
    let out = session(
        "setoption name Seeds value 3\nsetoption name UCI_Variant value oware\n\
         position startpos\nd\nposition startpos moves 4\nd\n",
    );
    assert!(errors(&out).is_empty(), "{out}");
    assert!(
        out.contains("Fen: 3,3,3,3,3,3 0 3,3,3,3,3,3 0 s\n"),
        "{out}"
    );
    // Oware's sowing, not Kalah's: no store, so the last of house 4's
    // seeds reaches North's first house, and North is to move.
    assert_eq!(last_fen(&out), "3,3,3,0,4,4 0 4,3,3,3,3,3 0 n");
}

#[test]
fn mastermind_options_before_the_variant_choose_its_codes() {
    // Six of six with repeats: fine as a whole, though six of the default
    // ten without repeats would be too many codes.
    let out = session(
        "setoption name Length value 6\nsetoption name Symbols value 6\n\
         setoption name Repeats value true\nsetoption name UCI_Variant value mastermind\n\
         go perft 1\n",
    );
    assert!(errors(&out).is_empty(), "{out}");
    assert!(out.contains("Nodes searched: 46656"), "{out}");
}

/// A front end set up Kalah(6,4), then the person chose Mastermind before
/// any game started: `Seeds` was meant for Kalah and is dropped with the
/// change of game, not reported against Mastermind; Kalah keeps its 4.
#[test]
fn options_for_the_game_left_are_dropped_when_another_is_chosen() {
    let out = session(
        "setoption name Seeds value 4\nsetoption name UCI_Variant value mastermind\n\
         setoption name Length value 3\ngo perft 1\nsetoption name UCI_Variant value kalah\n\
         setoption name EmptyCapture value true\nsetoption name UCI_Variant value oware\nd\n\
         setoption name UCI_Variant value kalah\nd\n",
    );
    assert!(errors(&out).is_empty(), "{out}");
    // Ten symbols, three without repeats.
    assert!(out.contains("Nodes searched: 720"), "{out}");
    // Oware's own board; EmptyCapture went with the change to Oware, and
    // Kalah's rules are still its default six seeds.
    assert!(
        out.contains("Fen: 4,4,4,4,4,4 0 4,4,4,4,4,4 0 s\n"),
        "{out}"
    );
    assert_eq!(last_fen(&out), "6,6,6,6,6,6 0 6,6,6,6,6,6 0 s");
}

#[test]
fn an_unplayable_whole_is_refused_and_the_old_game_kept() {
    let out = session(
        "setoption name Seeds value 4\nposition startpos moves 3\n\
         setoption name Seeds value 22\nd\ngo perft 1\n",
    );
    let errors = errors(&out);
    assert_eq!(errors.len(), 1, "{out}");
    assert!(
        errors[0].starts_with("option 'Seeds': 6 pits of 22 seeds"),
        "{out}"
    );
    // The old game and its position stay.
    assert_eq!(last_fen(&out), "4,4,0,5,5,5 1 4,4,4,4,4,4 0 s");
    assert!(out.contains("Nodes searched: 5"), "{out}");
}

#[test]
fn a_name_no_game_declares_is_refused_at_once() {
    let out = session("setoption name Houses value 4\nisready\n");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "info string error: no option named 'Houses' (send 'uci' to list them)",
            "readyok"
        ]
    );
}

#[test]
fn a_value_no_declaring_game_accepts_is_refused_at_once() {
    let out = session("setoption name Length value 7\nisready\n");
    assert!(
        out.starts_with(
            "info string error: option 'Length' cannot be '7': expected a whole number from 1 to 6\n"
        ),
        "{out}"
    );
}

/// `EndgameDB` with a file, sent just after `UCI_Variant kalah` while an
/// Oware game is on: the file is opened by the game chosen (Kalah), not
/// refused because Oware has no databases.
#[test]
fn an_endgame_database_file_is_opened_by_the_game_chosen_before_it() {
    use ply_engine::endgame::Backed;
    use ply_engine::games::kalah::KalahDb;
    let path = std::env::temp_dir().join(format!("ply-any-order-{}.plydb", std::process::id()));
    KalahDb::build(6, false, 4, 1, |_| {})
        .expect("a database")
        .save(&path)
        .expect("saved");
    let out = session(&format!(
        "setoption name UCI_Variant value oware\nposition startpos\n\
         setoption name UCI_Variant value kalah\nsetoption name EndgameDB value {}\n\
         position startpos\nd\n",
        path.display()
    ));
    std::fs::remove_file(&path).ok();
    assert!(errors(&out).is_empty(), "{out}");
    assert!(
        out.contains(&format!(
            "info string endgame database {}: ",
            path.display()
        )),
        "{out}"
    );
    assert!(last_fen(&out).ends_with(" s"), "{out}");
}
