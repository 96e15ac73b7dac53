//! `ply-play`'s answers to bad input and to its commands (the Prolog Kalah
//! program's exercises 1 and 2): a clear reason, nothing changed, and the
//! prompt again.

mod play_support;

use play_support::Terminal;

const START_6_4: &str = "4,4,4,4,4,4 0 4,4,4,4,4,4 0 s";

#[test]
fn bad_turns_get_the_reason_and_a_new_prompt() {
    let mut terminal = Terminal::start(&["--seeds", "4", "--depth", "1"]);
    terminal.until_prompt();
    // Out of range and malformed.
    terminal.refused("7", "'7' is not a move: pits are numbered 1 to 6");
    terminal.refused("0", "pits are numbered 1 to 6");
    terminal.refused("[1,x]", "'x' is neither a move nor a command");
    terminal.refused("[1,5", "a '[' without its ']'");
    terminal.refused("[1,,5]", "a comma with no move");
    terminal.refused("hello", "'hello' is neither a move nor a command");
    // Pit 1 (4 seeds) does not reach the store: no second sowing.
    terminal.refused(
        "[1,2]",
        "too many moves: after [1] the last seed did not land in your store",
    );
    // Pit 3 (4 seeds) ends in the store: the turn must go on.
    terminal.refused(
        "3",
        "the turn is not over: after [3] the last seed landed in your store",
    );
    terminal.refused("[3]", "add one of 1, 2, 4, 5, 6");
    // Pit 3 then pit 3 again: empty by then.
    terminal.refused(
        "[3,3]",
        "move 2 of the turn: illegal move '3': pit 3 is empty",
    );
    assert_eq!(terminal.fen(), START_6_4);
    // And the right turn is played.
    let answer = terminal.answer("[3,6].");
    assert!(answer.contains("You play [3,6]."), "{answer}");
    let (rest, status) = terminal.finish(Some("quit"));
    assert!(rest.contains("Bye."));
    assert!(status.success());
}

#[test]
fn an_empty_pit_is_refused() {
    let fen = "0,5,5,5,5,5 0 4,4,4,4,4,4 0 s";
    let mut terminal = Terminal::start(&["--seeds", "4", "--depth", "1", "--fen", fen]);
    terminal.until_prompt();
    terminal.refused("1", "illegal move '1': pit 1 is empty");
    terminal.refused("[1]", "pit 1 is empty");
    let (_, status) = terminal.finish(Some("vége."));
    assert!(status.success());
}

#[test]
fn fen_undo_hint_new_and_help() {
    let mut terminal = Terminal::start(&["--seeds", "4", "--depth", "3"]);
    terminal.until_prompt();
    assert_eq!(terminal.fen(), START_6_4);

    let answer = terminal.answer("undo");
    assert!(answer.contains("Nothing to take back."), "{answer}");

    let answer = terminal.answer("hint");
    assert!(answer.contains("Hint: ["), "{answer}");
    assert!(answer.contains("depth 3"), "{answer}");
    assert_eq!(terminal.fen(), START_6_4, "a hint plays nothing");

    let answer = terminal.answer("[3,6]");
    assert!(answer.contains("You play [3,6]."), "{answer}");
    assert!(answer.contains("Ply plays ["), "{answer}");
    assert_ne!(terminal.fen(), START_6_4);

    // Undo takes back the engine's reply and the person's turn.
    let answer = terminal.answer("undo");
    assert!(
        answer.contains("Took back your turn [3,6] (South) and Ply's turn ["),
        "{answer}"
    );
    assert!(answer.contains("] (North)."), "{answer}");
    assert_eq!(terminal.fen(), START_6_4);

    terminal.answer("[3,6]");
    let answer = terminal.answer("new");
    assert!(answer.contains("Kalah(6,4)"), "{answer}");
    assert_eq!(terminal.fen(), START_6_4);

    let answer = terminal.answer("help");
    for word in ["undo", "hint", "fen", "new", "quit", "[1,5]"] {
        assert!(answer.contains(word), "help lacks {word}: {answer}");
    }
    let answer = terminal.answer("");
    assert_eq!(answer.trim(), "", "an empty line just prompts again");
    let (rest, status) = terminal.finish(Some("quit"));
    assert!(rest.contains("Bye."));
    assert!(status.success());
}

/// Words the screen used to show that a newcomer cannot read: numbers and
/// names standing for the Prolog programs Ply grew from, and the Hungarian
/// of the Prolog Kalah program ("vége" for quit, "Nyertél, gratulálok!",
/// "Nyertem.", "Döntetlen lett!").
const NOT_ON_SCREEN: [&str; 8] = [
    "seed 0",
    "Seed 0",
    "the seed",
    "vége",
    "Nyertél",
    "gratulálok",
    "Nyertem",
    "Döntetlen",
];

fn assert_plain_english(text: &str) {
    for words in NOT_ON_SCREEN {
        assert!(!text.contains(words), "{words:?} on screen:\n{text}");
    }
}

#[test]
fn help_prompts_and_game_over_are_in_plain_english() {
    let help = assert_cmd::Command::new(ply_tests::binary("ply-play"))
        .arg("--help")
        .output()
        .expect("ply-play --help runs");
    assert!(help.status.success());
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("--seeds"), "{help}");
    assert_plain_english(&help);

    // Kalah(6,4) ends with South's last sowing: a win for either side, or
    // a draw, told in English.
    for (fen, result) in [
        (
            "0,0,0,0,0,1 24 0,0,0,0,0,1 22 s",
            "You win 25-23. Congratulations!",
        ),
        ("0,0,0,0,0,1 22 0,0,0,0,0,1 24 s", "Ply wins 25-23."),
        ("0,0,0,0,0,1 23 0,0,0,0,0,1 23 s", "A draw"),
    ] {
        let mut terminal = Terminal::start(&["--depth", "1", "--fen", fen]);
        terminal.until_prompt();
        let help = terminal.answer("help");
        assert!(help.contains("quit   leave (also exit or q)"), "{help}");
        let answer = terminal.answer("6");
        assert!(answer.contains(&format!("Game over: {result}")), "{answer}");
        let transcript = terminal.transcript.clone();
        let (rest, status) = terminal.finish(Some("quit"));
        assert!(status.success(), "{rest}");
        assert_plain_english(&format!("{transcript}{rest}"));
    }
}

/// `ply-play` with no flags, as the README's first command runs it, plays
/// Kalah(6,4), the usual start and the game the docs show (it started
/// Kalah(6,6)); `--seeds` still chooses.
#[test]
fn with_no_flags_the_game_is_kalah_6_4() {
    let mut terminal = Terminal::start(&[]);
    let intro = terminal.until_prompt();
    assert!(intro.contains("Kalah(6,4) against Ply"), "{intro}");
    assert_eq!(terminal.fen(), START_6_4);
    terminal.finish(Some("quit"));
    let mut terminal = Terminal::start(&["--seeds", "6"]);
    let intro = terminal.until_prompt();
    assert!(intro.contains("Kalah(6,6) against Ply"), "{intro}");
    terminal.finish(Some("quit"));
}
