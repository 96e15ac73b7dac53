//! Mastermind in `ply-play`, as the Prolog bulls-and-cows program plays
//! bulls and cows: the person breaks the engine's code (the engine answers
//! as an adversary), or makes one and answers the engine's guesses; bad
//! input gets the reason and a new prompt, the rows are drawn after every
//! turn, `quit` quits.

mod play_support;

use play_support::Terminal;
use ply_rules::games::mastermind::{Answer, Mastermind, MastermindRules};

/// The answer's words on one line (long messages are wrapped).
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn position(terminal: &mut Terminal) -> Mastermind {
    let fen = terminal.fen();
    Mastermind::from_position_string(&fen, MastermindRules::default())
        .expect("ply-play shows a valid position")
}

#[test]
fn the_person_breaks_the_engines_code() {
    let mut terminal = Terminal::start(&["--variant", "mastermind", "--depth", "1"]);
    let start = terminal.until_prompt();
    assert!(start.contains("You play Breaker"), "{start}");
    assert!(start.contains("codes still possible: 5040"), "{start}");

    let refused = terminal.answer("0113");
    assert!(
        flat(&refused).contains("a code repeats no symbol (Repeats is false)"),
        "{refused}"
    );
    let refused = terminal.answer("012");
    assert!(
        flat(&refused).contains("a guess has 4 digits, this one 3"),
        "{refused}"
    );
    assert_eq!(terminal.fen(), "- b", "nothing was played");

    let answer = terminal.answer("0123");
    assert!(answer.contains("You play [0123]."), "{answer}");
    // The engine's answer, and the rows drawn again.
    assert!(answer.contains("Ply plays ["), "{answer}");
    assert!(answer.contains("guesses in all"), "{answer}");
    let game = position(&mut terminal);
    let row = game.rows()[0];
    assert!(
        answer.contains(&format!(" 1  0123  {}", row.answer)),
        "{answer}"
    );
    let (rest, status) = terminal.finish(Some("quit"));
    assert!(rest.contains("Bye."), "{rest}");
    assert!(status.success());
}

#[test]
fn the_person_answers_the_engines_guesses() {
    let mut terminal = Terminal::start(&[
        "--variant",
        "mastermind",
        "--depth",
        "1",
        "--first",
        "engine",
    ]);
    let start = terminal.until_prompt();
    assert!(start.contains("You play Maker"), "{start}");
    let game = position(&mut terminal);
    let first = game.pending_guess().expect("the engine's first guess");

    // Plain numbers are an answer too: no bulls, no cows.
    let answer = terminal.answer("0 0");
    assert!(answer.contains("You play [0A0B]."), "{answer}");
    let game = position(&mut terminal);
    assert_eq!(game.rows()[0].guess, first);
    let second = game.pending_guess().expect("the engine's second guess");

    // An answer no code left gives is refused with the library's reason.
    let contradiction = Answer::all_possible(4)
        .into_iter()
        .find(|a| !game.possible_answers(second).contains(a))
        .expect("some answer contradicts the first");
    let before = terminal.fen();
    let refused = terminal.answer(&contradiction.to_string());
    assert!(
        flat(&refused).contains("it contradicts the earlier answers"),
        "{refused}"
    );
    assert_eq!(terminal.fen(), before);
    let refused = terminal.answer("3A1B");
    assert!(
        flat(&refused).contains("with 3 symbols in place the last one cannot be elsewhere"),
        "{refused}"
    );
    let (rest, status) = terminal.finish(Some("quit"));
    assert!(rest.contains("Bye."), "{rest}");
    assert!(status.success());
}
