//! `ply-play` with Russian draughts (the Prolog draughts program): the
//! board with the person's side at the bottom, moves typed as `c3-d4` and
//! `c3:e5:g3`, that program's "you must capture", a clear message and a new
//! prompt on a bad move, the draw offer when only kings remain, and `exit`.

mod play_support;

use play_support::Terminal;

#[test]
fn a_draughts_game_in_the_terminal() {
    let mut terminal = Terminal::start(&["--variant", "russian", "--depth", "2"]);
    let start = terminal.until_prompt();
    assert!(start.contains("You play White"), "{start}");
    // White's men at the bottom, as the engine library draws it.
    assert!(start.contains("8 |   b   b   b   b |"), "{start}");
    assert!(start.contains("1 | w   w   w   w   |"), "{start}");
    terminal.refused("c3-e5", "the piece on c3 cannot go there");
    terminal.refused("c3-c4", "c4 is a light square");
    terminal.refused("hello", "'hello' is neither a move nor a command");
    let answer = terminal.answer("c3-d4");
    assert!(answer.contains("You play [c3-d4]."), "{answer}");
    assert!(
        answer.contains("Ply plays ["),
        "the engine answers: {answer}"
    );
    let (rest, status) = terminal.finish(Some("exit"));
    assert!(rest.contains("Bye."), "{rest}");
    assert!(status.success());
}

#[test]
fn a_move_without_capture_while_one_exists_is_refused_with_the_seeds_words() {
    let mut terminal = Terminal::start(&[
        "--variant",
        "russian",
        "--depth",
        "1",
        "--fen",
        "W:Wc3,a1,e1:Bd4,h8,b8",
    ]);
    terminal.until_prompt();
    terminal.refused("a1-b2", "you must capture: c3:e5");
    terminal.refused("e1-f2", "you must capture: c3:e5");
    // The capture in PDN's notation is read too.
    let answer = terminal.answer("c3xe5");
    assert!(answer.contains("You play [c3:e5]."), "{answer}");
    let (rest, status) = terminal.finish(Some("quit"));
    assert!(rest.contains("Bye."), "{rest}");
    assert!(status.success());
}

#[test]
fn black_is_drawn_at_the_bottom_when_the_engine_moves_first() {
    let mut terminal =
        Terminal::start(&["--variant", "russian", "--depth", "1", "--first", "engine"]);
    let start = terminal.until_prompt();
    assert!(start.contains("You play Black"), "{start}");
    let lines: Vec<&str> = start.lines().filter(|l| l.contains(" |")).collect();
    let last = lines.last().expect("a board");
    assert!(last.starts_with("8 |"), "rank 8 at the bottom: {start}");
    assert!(start.contains("    h g f e d c b a"), "{start}");
    // The Prolog draughts program's word leaves at once: the line after it
    // is not read.
    terminal.type_line("выход");
    terminal.type_line("fen");
    let (rest, status) = terminal.finish(None);
    assert!(rest.contains("Bye."), "left by выход: {rest}");
    assert!(!rest.contains("Fen:"), "nothing read after выход: {rest}");
    assert!(status.success());
}

#[test]
fn only_kings_left_brings_the_seeds_draw_offer() {
    // Declined: play on, and not asked again for the same ending.
    let mut terminal = Terminal::start(&[
        "--variant",
        "russian",
        "--depth",
        "1",
        "--fen",
        "W:WKa1:BKh2",
    ]);
    terminal.type_line("no");
    let first = terminal.until_prompt();
    assert!(
        first
            .contains("Only kings remain (1 against 1) and nothing can change: Ply offers a draw."),
        "{first}"
    );
    assert!(first.contains("Play on."), "{first}");
    // Play on: the same balance, one king each, brings no new offer. (Were
    // it asked, the "fen" typed ahead would answer it.)
    terminal.type_line("a1-b2");
    terminal.type_line("fen");
    let after_move = terminal.until_prompt();
    assert!(after_move.contains("You play [a1-b2]."), "{after_move}");
    assert!(after_move.contains("Ply plays ["), "{after_move}");
    assert!(
        !after_move.contains("offers a draw"),
        "asked again: {after_move}"
    );
    let fen = terminal.until_prompt();
    assert!(fen.contains("Fen: "), "{fen}");
    let (_, status) = terminal.finish(Some("quit"));
    assert!(status.success());

    // Accepted: the game ends as a draw.
    let mut terminal = Terminal::start(&[
        "--variant",
        "russian",
        "--depth",
        "1",
        "--fen",
        "W:WKa1:BKh2",
    ]);
    terminal.type_line("yes");
    let answer = terminal.until_prompt();
    assert!(
        answer.contains("Game over: A draw by agreement."),
        "{answer}"
    );
    let answer = terminal.answer("a1-b2");
    assert!(answer.contains("The game is over"), "{answer}");
    terminal.finish(Some("quit"));
}
