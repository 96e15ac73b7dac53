//! Sessions in the protocols Ply speaks by translation, against the real
//! `ply-engine` binary: Hub as pydraughts sends it (Russian draughts), and
//! Aalina's UCI dialect as Aualé sends it (Oware). The lines sent are the
//! ones those programs were seen sending; bad input gets the protocol's
//! own error line and changes nothing.

use std::process::Output;
use std::time::Duration;

use assert_cmd::Command;

mod open_session;
use open_session::OpenSession;

/// A cache directory that does not exist, so that `EndgameDB auto`
/// loads nothing.
const NO_CACHE: &str = "/nonexistent/ply-test-cache";

/// Generous: these sessions take milliseconds; a hang fails instead of blocking CI.
const TIMEOUT: Duration = Duration::from_secs(60);

/// The start position as pydraughts sends it.
const HUB_START: &str = "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww";

/// Runs the engine with `args` on `input` and returns its stdout.
fn session(args: &[&str], input: &str) -> String {
    let output: Output = Command::cargo_bin("ply-engine")
        .expect("the ply-engine binary is built")
        .env("XDG_CACHE_HOME", NO_CACHE)
        .args(args)
        .write_stdin(input)
        .timeout(TIMEOUT)
        .output()
        .expect("ply-engine runs");
    assert!(output.status.success(), "exit status {:?}", output.status);
    String::from_utf8(output.stdout).expect("stdout is UTF-8")
}

fn lines_starting<'a>(out: &'a str, prefix: &str) -> Vec<&'a str> {
    out.lines().filter(|l| l.starts_with(prefix)).collect()
}

#[test]
fn hub_as_pydraughts_starts_it() {
    let out = session(
        &[],
        "hub\nset-param name=variant value=russian\nset-param name=Hash value=8\ninit\nping\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("id name=Ply version="), "{out}");
    assert_eq!(
        lines[1],
        "param name=variant value=russian type=enum values=russian"
    );
    let wait = lines.iter().position(|&l| l == "wait").expect("wait");
    assert_eq!(&lines[wait + 1..], ["ready", "pong"], "{out}");
    assert!(
        lines[2..wait].iter().all(|l| l.starts_with("param name=")),
        "{out}"
    );
}

#[test]
fn hub_plays_the_move_after_pydraughts_moves() {
    // pydraughts sends the game's first position and every move since,
    // numbered from a1: c3-d4 f6-e5, then White must take e5 (d4:f6,
    // `14x23x19`) and Black retakes (g7:e5 `28x19x23` or e7:g5 `27x20x23`).
    let out = session(
        &[],
        &format!("hub\ninit\npos pos={HUB_START} moves=\"10-14 23-19\"\nlevel depth=4\ngo think\n"),
    );
    // Which retake the search expects is the evaluation's choice.
    let done = out.lines().last().unwrap_or_default();
    assert!(
        [
            "done move=14x23x19 ponder=28x19x23",
            "done move=14x23x19 ponder=27x20x23"
        ]
        .contains(&done),
        "{out}"
    );
    let info = lines_starting(&out, "info depth=4 ");
    assert_eq!(info.len(), 1, "{out}");
    assert!(info[0].contains(" score="), "{}", info[0]);
    assert!(info[0].contains(" pv=\"14x23x19 "), "{}", info[0]);
}

#[test]
fn hub_refuses_bad_positions_and_keeps_the_last_good_one() {
    let setup = format!("hub\ninit\npos pos={HUB_START} moves=\"10-14 23-19\"\nlevel depth=3\n");
    let good = session(&[], &format!("{setup}go think\n"));
    let bad_lines = [
        "pos pos=Wbbbb",
        "pos pos=Xbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww",
        "pos moves=\"10-14 10-14\"",
        "pos moves=\"10-15\"",
        "pos moves=\"10x19\"",
        "pos pos=\"unclosed",
        "level depth=deep",
        "go sideways",
        "fly away",
    ];
    let bad = session(&[], &format!("{setup}{}\ngo think\n", bad_lines.join("\n")));
    let errors = lines_starting(&bad, "error message=");
    assert_eq!(errors.len(), bad_lines.len(), "{bad}");
    assert!(errors[0].contains("bad position 'Wbbbb'"), "{}", errors[0]);
    assert!(
        errors[2].contains("move 2 of the list: illegal move '10-14'"),
        "{}",
        errors[2]
    );
    assert!(errors[8].contains("unknown command 'fly'"), "{}", errors[8]);
    assert_eq!(
        lines_starting(&bad, "done"),
        lines_starting(&good, "done"),
        "the same position, the same move"
    );
}

#[test]
fn hub_refuses_an_unquoted_move_list_and_keeps_the_position() {
    // After 10-14 23-19 White must take (14x23x19); after 10-14 alone,
    // which is what the unquoted list used to be read as, Black moves.
    let setup = format!("hub\ninit\npos pos={HUB_START} moves=\"10-14 23-19\"\nlevel depth=3\n");
    let good = session(&[], &format!("{setup}go think\n"));
    let bad_lines = [
        "pos moves=10-14 23-19",
        "pos moves=\"10-14\" moves=\"10-14 23-19\"",
        "pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"10-14\" side=B",
        "pos pos",
    ];
    let bad = session(&[], &format!("{setup}{}\ngo think\n", bad_lines.join("\n")));
    let errors = lines_starting(&bad, "error message=");
    assert_eq!(errors.len(), bad_lines.len(), "{bad}");
    assert!(
        errors[0].contains("unexpected word '23-19'")
            && errors[0].contains("pos takes pos=P, moves=M"),
        "{}",
        errors[0]
    );
    assert!(
        errors[1].contains("'moves' is given twice"),
        "{}",
        errors[1]
    );
    assert!(
        errors[2].contains("unknown argument 'side'"),
        "{}",
        errors[2]
    );
    assert!(errors[3].contains("'pos' needs a value"), "{}", errors[3]);
    assert!(
        errors
            .iter()
            .all(|e| e.ends_with("the position is unchanged\"")),
        "{errors:?}"
    );
    assert_eq!(
        lines_starting(&bad, "done"),
        lines_starting(&good, "done"),
        "the same position, the same move"
    );
    assert!(
        lines_starting(&bad, "done move=14x23x19").len() == 1,
        "White takes: {bad}"
    );
}

#[test]
fn hub_refuses_a_capture_listing_a_square_twice_or_with_a_sign() {
    // A white man on c3 (10) takes d4 (14) and f6 (23), landing on g7 (28).
    let capture = "Weeeeeeeeeebeeeeeebeeeweeeeeeeeee";
    let out = session(
        &[],
        &format!(
            "hub\ninit\npos pos={capture} moves=\"10x28x14x23\"\n\
             pos pos={capture} moves=\"10x28x14x23x14\"\n\
             pos pos={capture} moves=\"+10x28x14x23\"\n"
        ),
    );
    let errors = lines_starting(&out, "error message=");
    assert_eq!(errors.len(), 2, "only the malformed ones: {out}");
    assert!(
        errors[0].contains("captured square 14 is listed twice"),
        "{}",
        errors[0]
    );
    assert!(
        errors[1].contains("'+10' is not a square number from 1 to 32"),
        "{}",
        errors[1]
    );
}

#[test]
fn hub_thinks_without_a_level_and_answers_by_itself() {
    // No `level` at all, then only a refused one: either way `done`
    // comes without `stop`, while the input stays open.
    let mut engine = OpenSession::start(&[]);
    for line in ["hub", "init", &format!("pos pos={HUB_START}"), "go think"] {
        engine.send(line);
    }
    let lines = engine.until("done");
    assert!(
        lines.last().is_some_and(|l| l.starts_with("done move=")),
        "{lines:?}"
    );
    for line in ["level depth=deep", "go think"] {
        engine.send(line);
    }
    let lines = engine.until("done");
    assert!(
        lines.iter().any(|l| l.starts_with("error message=")),
        "{lines:?}"
    );
    assert!(
        lines.last().is_some_and(|l| l.starts_with("done move=")),
        "{lines:?}"
    );
    engine.send("quit");
}

#[test]
fn hub_errors_quote_bad_lines_cut_and_escaped() {
    // A megabyte word (under the 1 MiB a line may have), a NUL byte, an
    // unclosed quote: each error is one short line naming what is wrong.
    let long = "fly".repeat(330_000);
    let out = session(
        &[],
        &format!("hub\n{long}\nfly\0away\npos pos=\"unclosed\n"),
    );
    let errors = lines_starting(&out, "error message=");
    assert_eq!(errors.len(), 3, "{}", &out[..out.len().min(2000)]);
    assert!(
        errors[0].starts_with("error message=\"unknown command 'flyfly")
            && errors[0].contains(" characters cut …]")
            && errors[0].ends_with("flyfly'\""),
        "{}",
        errors[0]
    );
    assert!(errors[0].len() < 1000, "cut: {} bytes", errors[0].len());
    assert!(!out.contains('\0'), "no raw NUL: {}", errors[1]);
    assert!(
        errors[1].contains("expected an argument name, found '\\u{0}'"),
        "{}",
        errors[1]
    );
    assert!(
        errors[2].contains("the value of 'pos' has no closing double quote"),
        "{}",
        errors[2]
    );
}

#[test]
fn hub_ponders_analyses_and_stops() {
    let out = session(
        &[],
        &format!(
            "hub\ninit\npos pos={HUB_START}\nlevel move-time=0.2\ngo ponder\nping\nponder-hit\n"
        ),
    );
    assert!(out.contains("\npong\n"), "{out}");
    assert_eq!(lines_starting(&out, "done move=").len(), 1, "{out}");
    let analysed = session(
        &[],
        &format!("hub\ninit\npos pos={HUB_START}\ngo analyze\nping\nstop\n"),
    );
    assert!(
        !lines_starting(&analysed, "info depth=").is_empty(),
        "{analysed}"
    );
    assert_eq!(
        lines_starting(&analysed, "done move=").len(),
        1,
        "{analysed}"
    );
}

#[test]
fn hub_time_levels_give_a_move() {
    let out = session(
        &[],
        &format!("hub\ninit\npos pos={HUB_START}\nlevel time=0.3 inc=0.05\ngo think\n"),
    );
    let done = lines_starting(&out, "done move=");
    assert_eq!(done.len(), 1, "{out}");
    let first_moves = ["9-13", "10-13", "10-14", "11-14", "11-15", "12-15", "12-16"];
    let mv = done[0]
        .trim_start_matches("done move=")
        .split(' ')
        .next()
        .unwrap_or_default();
    assert!(first_moves.contains(&mv), "{out}");
}

#[test]
fn aalina_dialect_as_auale_drives_it() {
    // Aualé's own lines: the handshake, its OwnBook, a new game, the
    // position since the last capture with the moves as one word, `go`
    // with depth and time; and its command line, which names the flag by
    // its old name, `--dialect` (`--protocol` is the new one).
    let out = session(
        &["--dialect", "aalina"],
        "uci\nsetoption name OwnBook value true\nucinewgame\nisready\n\
         position startpos moves Fa\ngo depth 6 movetime 1000\n",
    );
    assert!(out.contains("\nuciok\n"), "{out}");
    assert!(out.contains("\nreadyok\n"), "{out}");
    assert!(!out.contains("error"), "{out}");
    assert!(
        !out.lines().any(str::is_empty),
        "Aualé ends a session at a blank line"
    );
    let best = out.lines().last().unwrap_or_default();
    let words: Vec<&str> = best.split(' ').collect();
    assert_eq!(words[0], "bestmove", "{out}");
    assert!(
        words[1].len() == 1 && words[1].chars().all(|c| ('A'..='F').contains(&c)),
        "South moves, with a capital: {best}"
    );
    assert!(
        words
            .get(3)
            .is_none_or(|p| p.len() == 1 && p.chars().all(|c| ('a'..='f').contains(&c))),
        "North's reply in lower case: {best}"
    );
    let pv = lines_starting(&out, "info depth 6 ");
    assert_eq!(pv.len(), 1, "{out}");
    let word = pv[0].rsplit(" pv ").next().unwrap_or_default();
    assert_eq!(word.len(), 6, "one word of six letters: {}", pv[0]);
}

#[test]
fn aalina_dialect_reads_positions_after_a_capture() {
    let out = session(
        &["--protocol", "aalina"],
        "uci\nposition fen 3-6-3-3-2-0-0-0-1-1-11-9-9-0-N moves cEa\nd\n",
    );
    assert!(
        out.contains("Fen: 3,6,3,3,0,1 9 0,1,0,2,11,9 0 s"),
        "c, E and a sown from Aualé's position: {out}"
    );
}

#[test]
fn aalina_dialect_refuses_wrong_letters_and_keeps_the_position() {
    let out = session(
        &["--protocol", "aalina"],
        "uci\nposition startpos moves Fa\nposition startpos moves FF\n\
         position fen 4-4-4-S\nposition startpos moves Fz\nd\n",
    );
    let errors = lines_starting(&out, "info string error: ");
    assert_eq!(errors.len(), 3, "{out}");
    assert!(
        errors[0].contains("illegal move 'F': it is North's move, and F is South's house"),
        "{}",
        errors[0]
    );
    assert!(
        errors[1].contains("bad position '4-4-4-S'"),
        "{}",
        errors[1]
    );
    assert!(errors[2].contains("'z' is not a move"), "{}", errors[2]);
    assert!(
        out.contains("Fen: 4,4,4,4,4,0 0 0,6,6,6,5,5 0 s"),
        "the position after F and a: {out}"
    );
}

#[test]
fn aalina_dialect_ponders_until_stop() {
    let out = session(
        &["--protocol", "aalina"],
        "uci\nposition startpos moves F\ngo ponder\nisready\nstop\n",
    );
    let best = lines_starting(&out, "bestmove ");
    assert_eq!(best.len(), 1, "{out}");
    let mv = best[0].split(' ').nth(1).unwrap_or_default();
    assert!(
        mv.len() == 1 && mv.chars().all(|c| ('a'..='f').contains(&c)),
        "North: {out}"
    );
}

#[test]
fn hub_can_be_chosen_on_the_command_line() {
    // Without the `hub` line: `--protocol hub` speaks it from the start,
    // and so does the flag's old name, `--dialect hub`.
    for flag in ["--protocol", "--dialect"] {
        let out = session(
            &[flag, "hub"],
            &format!("init\nping\npos pos={HUB_START}\nlevel depth=2\ngo think\n"),
        );
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(&lines[..2], ["ready", "pong"], "{flag}: {out}");
        assert!(
            lines.last().is_some_and(|l| l.starts_with("done move=")),
            "{flag}: {out}"
        );
    }
}

#[test]
fn hub_ping_is_answered_while_a_search_runs() {
    let mut engine = OpenSession::start(&[]);
    for line in ["hub", "init", &format!("pos pos={HUB_START}"), "go analyze"] {
        engine.send(line);
    }
    engine.until("info depth=");
    engine.send("ping");
    let lines = engine.until("pong");
    assert!(!lines.iter().any(|l| l.starts_with("done")), "{lines:?}");
    engine.send("stop");
    engine.until("done move=");
    // A `pos` behind a search with a limit waits for it (as UCI's
    // `position` does); a `ping` sent meanwhile is Hub's `isready`,
    // answered at once, before the search ends; Hub's `stop` ends it.
    for line in [
        "level depth=99",
        "go think",
        &format!("pos pos={HUB_START} moves=\"10-14\""),
    ] {
        engine.send(line);
    }
    engine.until("info depth=");
    engine.send("ping");
    let lines = engine.until("pong");
    assert!(
        !lines.iter().any(|l| l.starts_with("done")),
        "pong before the search ends: {lines:?}"
    );
    engine.send("stop");
    engine.until("done move=");
    engine.send("quit");
}

#[test]
fn hub_ponders_until_ponder_hit_then_moves_within_its_level() {
    // `go ponder` thinks in the opponent's time: its level's clock does
    // not run until `ponder-hit`, which turns it into a `go think`.
    let mut engine = OpenSession::start(&[]);
    for line in [
        "hub",
        "init",
        &format!("pos pos={HUB_START}"),
        "level move-time=0.2",
        "go ponder",
    ] {
        engine.send(line);
    }
    engine.until("info depth=");
    std::thread::sleep(Duration::from_millis(600));
    engine.send("ping");
    let lines = engine.until("pong");
    assert!(
        !lines.iter().any(|l| l.starts_with("done")),
        "a ponder search waits for ponder-hit: {lines:?}"
    );
    engine.send("ponder-hit");
    let lines = engine.until("done");
    assert!(
        lines.last().is_some_and(|l| l.starts_with("done move=")),
        "{lines:?}"
    );
    engine.send("quit");
}

#[test]
fn a_session_speaks_uci_until_told_otherwise() {
    // `uci` then `hub`: the Hub line switches the protocol, as `uci`/`ugi`
    // switch theirs; UCI's answers before it stay UCI's.
    let out = session(&[], "uci\nhub\ninit\n");
    assert!(out.contains("\nuciok\nid name=Ply "), "{out}");
    assert_eq!(out.lines().last(), Some("ready"), "{out}");
}
