//! `ply-play` against the real engine: whole games to their end, typed at
//! the prompt as a person types them.

mod play_support;

use play_support::Terminal;
use ply_rules::game::{Game, MoveList, Player};
use ply_rules::games::kalah::Kalah;

/// A whole turn for the side to move: its first legal sowing, again while
/// the last seed lands in the store.
fn first_moves_turn(position: &Kalah) -> Vec<String> {
    let mut game = *position;
    let side = game.side_to_move();
    let mut turn = Vec::new();
    while game.outcome().is_none() && game.side_to_move() == side {
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let mv = moves[0];
        turn.push(game.format_move(mv));
        game.play(mv);
    }
    turn
}

/// Plays `terminal`'s game to the end with [`first_moves_turn`], checking
/// after every turn that the board is drawn with the person at the bottom.
fn play_to_the_end(
    terminal: &mut Terminal,
    person: Player,
    typed: fn(&[String]) -> String,
) -> String {
    for _ in 0..200 {
        let position = terminal.position();
        if position.outcome().is_some() {
            return terminal.transcript.clone();
        }
        assert_eq!(
            position.side_to_move(),
            person,
            "the prompt comes on the person's turn"
        );
        let turn = first_moves_turn(&position);
        let answer = terminal.answer(&typed(&turn));
        assert!(
            answer.contains(&format!("You play [{}].", turn.join(","))),
            "{answer}"
        );
        // The board after the person's turn, drawn as the Prolog Kalah
        // program draws it.
        let mut after = position;
        for mv in &turn {
            let mv = after.parse_move(mv).expect("legal");
            after.play(mv);
        }
        assert!(answer.contains(&after.drawing_for(person)), "{answer}");
    }
    panic!("the game did not end:\n{}", terminal.transcript);
}

#[test]
fn a_whole_game_against_the_engine_typed_as_the_seed_types_it() {
    let mut terminal = Terminal::start(&["--seeds", "4", "--depth", "2"]);
    let intro = terminal.until_prompt();
    assert!(intro.contains("Kalah(6,4)"), "{intro}");
    assert!(intro.contains("You play South"), "{intro}");
    let start = "     4    4    4    4    4    4\n0                                  0\n     4    4    4    4    4    4\n";
    assert!(intro.contains(start), "{intro}");

    let transcript = play_to_the_end(&mut terminal, Player::One, |turn| {
        format!("[{}]", turn.join(","))
    });
    assert!(transcript.contains("Ply plays ["), "{transcript}");
    assert!(transcript.contains("score "), "{transcript}");
    assert!(transcript.contains("Game over: "), "{transcript}");
    // After the end, moves are refused but the session goes on.
    let answer = terminal.answer("1");
    assert!(answer.contains("The game is over"), "{answer}");
    let (rest, status) = terminal.finish(Some("quit"));
    assert!(rest.contains("Bye."), "{rest}");
    assert!(status.success());
}

#[test]
fn the_engine_may_move_first_and_the_person_then_plays_north_at_the_bottom() {
    let mut terminal = Terminal::start(&["--seeds", "3", "--first", "engine", "--depth", "1"]);
    let intro = terminal.until_prompt();
    assert!(intro.contains("You play North"), "{intro}");
    assert!(intro.contains("Ply plays ["), "{intro}");
    let position = terminal.position();
    assert_eq!(position.side_to_move(), Player::Two);
    assert!(
        intro.contains(&position.drawing_for(Player::Two)),
        "{intro}"
    );
    // Plain numbers instead of the Prolog Kalah program's list.
    play_to_the_end(&mut terminal, Player::Two, |turn| turn.join(" "));
    let (_, status) = terminal.finish(None);
    assert!(status.success(), "end of input quits");
}
