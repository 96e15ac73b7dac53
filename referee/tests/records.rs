//! Records hold each move as the rules write it, not as the engine did.

#![cfg(unix)]

mod support;

use support::{RUN_TIMEOUT, Running, Scratch, engine_args, referee, words};

#[test]
fn moves_are_recorded_and_sent_on_in_the_rules_notation() {
    let scratch = Scratch::new("canonical");
    // Pit 3, written with a leading zero, which the rules read as 3. (Kalah
    // 6x6: pit 3's seeds end on the other side, so each engine plays it.)
    let engine = scratch.engine("zeros", "echo 'bestmove 03'");
    let results = scratch.path("results.jsonl");
    let pgn = scratch.path("games.pgn");
    let mut args = engine_args(&engine, "a");
    args.extend(engine_args(&engine, "b"));
    args.extend(words(&format!(
        "-each st=5 -games 1 -maxmoves 2 -variant kalah -results {} -pgnout {}",
        results.display(),
        pgn.display()
    )));
    let mut referee = Running::start(referee(), &args);
    let status = referee.wait(RUN_TIMEOUT).expect("the match ends");
    let rest = referee.rest();
    assert!(status.success(), "{status}: {rest:?}");

    let results = std::fs::read_to_string(&results).expect("a results file");
    assert!(results.contains(r#""moves":["3","3"]"#), "{results}");
    assert!(!results.contains("\"03\""), "{results}");
    let pgn = std::fs::read_to_string(&pgn).expect("a PGN file");
    assert!(
        pgn.split_whitespace()
            .any(|t| t == "3" || t.ends_with(".3")),
        "{pgn}"
    );
    assert!(
        !pgn.split_whitespace()
            .any(|t| t == "03" || t.ends_with(".03")),
        "{pgn}"
    );
    // The second engine was sent the first move as "3".
    let positions =
        std::fs::read_to_string(scratch.path("zeros.positions")).expect("positions were sent");
    assert!(
        positions.lines().any(|l| l.ends_with(" moves 3")),
        "{positions}"
    );
    assert!(!positions.contains("03"), "{positions}");
    scratch.assert_no_survivors();
}
