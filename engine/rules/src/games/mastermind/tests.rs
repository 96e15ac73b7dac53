//! Mastermind's rules against hand-worked cases: notation, legality,
//! contradictions, the end of the game, position strings and perft.

use super::{Answer, Code, MAKER, Mastermind, MastermindMove, MastermindRules};
use crate::game::{Game, NotationError, Outcome, Player};
use crate::perft::perft;

fn bulls_and_cows() -> Mastermind {
    Mastermind::start(MastermindRules::default()).expect("the default rules are playable")
}

fn classic() -> Mastermind {
    Mastermind::start(MastermindRules::CLASSIC).expect("classic Mastermind is playable")
}

/// `game` after the moves `texts`, each checked.
fn after(game: &Mastermind, texts: &[&str]) -> Mastermind {
    let mut game = game.clone();
    for text in texts {
        let mv = game
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        game.play(mv);
    }
    game
}

/// The error `text` gets in `game`, as printed.
fn error(game: &Mastermind, text: &str) -> String {
    match game.parse_move(text) {
        Err(e) => e.to_string(),
        Ok(mv) => panic!("{text} was accepted as {mv:?}"),
    }
}

#[test]
fn moves_alternate_and_round_trip() {
    let start = bulls_and_cows();
    assert_eq!(start.side_to_move(), Player::One);
    let guess = start.parse_move("0123").unwrap();
    assert_eq!(
        guess,
        MastermindMove::Guess(Code::from_digits(&[0, 1, 2, 3]))
    );
    assert_eq!(start.format_move(guess), "0123");
    let asked = after(&start, &["0123"]);
    assert_eq!(asked.side_to_move(), MAKER);
    assert_eq!(asked.guesses_made(), 1);
    let answer = asked.parse_move("1a2b").unwrap();
    assert_eq!(answer, MastermindMove::Answer(Answer { bulls: 1, cows: 2 }));
    assert_eq!(asked.format_move(answer), "1A2B");
    let answered = after(&asked, &["1A2B"]);
    assert_eq!(answered.side_to_move(), Player::One);
    assert_eq!(answered.rows().len(), 1);
    assert_eq!(answered.consistent_codes().len(), 216);
    assert_eq!(answered.outcome(), None);
}

#[test]
fn bad_and_illegal_moves_say_why() {
    let start = bulls_and_cows();
    assert_eq!(
        error(&start, "01x3"),
        "'01x3' is not a move: a guess is 4 digits (e.g. 0123), an answer is <bulls>A<cows>B (e.g. 1A2B)"
    );
    assert_eq!(
        error(&start, "01234"),
        "'01234' is not a move: a guess has 4 digits, this one 5"
    );
    assert!(matches!(
        start.parse_move("0113"),
        Err(NotationError::IllegalMove { .. })
    ));
    assert_eq!(
        error(&start, "0113"),
        "illegal move '0113': a code repeats no symbol (Repeats is false)"
    );
    assert_eq!(
        error(&classic(), "0167"),
        "illegal move '0167': symbol 6 is not in play: the symbols are 0-5 (Symbols 6; at most 10, the digits 0-9)"
    );
    assert_eq!(
        error(&start, "1A2B"),
        "illegal move '1A2B': it is the breaker's turn: guess a code such as 0123"
    );
    let asked = after(&start, &["0123"]);
    assert_eq!(
        error(&asked, "4567"),
        "illegal move '4567': it is the maker's turn: answer the guess 0123 with <bulls>A<cows>B"
    );
    assert_eq!(
        error(&asked, "3A1B"),
        "illegal move '3A1B': 3A1B is impossible: with 3 symbols in place the last one cannot be elsewhere"
    );
    assert_eq!(
        error(&asked, "2A3B"),
        "illegal move '2A3B': 2A3B is impossible: bulls and cows add up to at most 4, the code's length"
    );
    // With repeats some answers are impossible for one guess only.
    let all_zeros = after(&classic(), &["0000"]);
    assert_eq!(
        error(&all_zeros, "0A1B"),
        "illegal move '0A1B': no code answers 0000 with 0A1B"
    );
}

#[test]
fn answers_that_contradict_earlier_ones_are_illegal() {
    // 0123 0A0B leaves 4-9; 4567 0A0B would leave only 8 and 9.
    let game = after(&bulls_and_cows(), &["0123", "0A0B", "4567"]);
    assert_eq!(
        error(&game, "0A0B"),
        "illegal move '0A0B': it contradicts the earlier answers: no code gives them all"
    );
    // The code holds at least two of 4567, so 2 to 4 symbols in common.
    let answers: Vec<String> = game
        .possible_answers(Code::from_digits(&[4, 5, 6, 7]))
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        answers,
        [
            "0A2B", "0A3B", "0A4B", "1A1B", "1A2B", "1A3B", "2A0B", "2A1B", "2A2B", "3A0B", "4A0B"
        ]
    );
    // An answer some code still gives is fine, even when few codes are left.
    let narrowed = after(&game, &["2A2B", "4576"]);
    assert_eq!(narrowed.consistent_codes().len(), 6);
    assert!(narrowed.parse_move("4A0B").is_ok());
    assert!(narrowed.parse_move("0A4B").is_ok());
}

#[test]
fn the_breaker_wins_by_solving_and_the_maker_when_the_rows_run_out() {
    let solved = after(&bulls_and_cows(), &["0123", "1A2B", "0314", "4A0B"]);
    assert_eq!(solved.outcome(), Some(Outcome::Win(Player::One)));
    assert_eq!(solved.guesses_made(), 2);
    assert!(solved.moves().is_empty());
    assert_eq!(
        error(&solved, "4567"),
        "illegal move '4567': the game is over"
    );

    let short = MastermindRules {
        max_guesses: 2,
        ..MastermindRules::default()
    };
    let start = Mastermind::start(short).unwrap();
    let one_left = after(&start, &["0123", "0A0B", "4567"]);
    assert_eq!(one_left.outcome(), None);
    // The last row's answer can still be the win.
    assert!(one_left.parse_move("4A0B").is_ok());
    let out_of_rows = after(&one_left, &["0A4B"]);
    assert_eq!(out_of_rows.outcome(), Some(Outcome::Win(Player::Two)));
    assert_eq!(out_of_rows.guesses_made(), 2);
    assert!(out_of_rows.moves().is_empty());
}

#[test]
fn position_strings_round_trip() {
    let start = bulls_and_cows();
    assert_eq!(start.position_string(), "- b");
    for (moves, text) in [
        (&["0123"][..], "0123 m"),
        (&["0123", "1A2B"][..], "0123:1A2B b"),
        (&["0123", "1A2B", "4567"][..], "0123:1A2B/4567 m"),
        (
            &["0123", "1A2B", "4567", "0A1B", "0314", "4A0B"][..],
            "0123:1A2B/4567:0A1B/0314:4A0B b",
        ),
    ] {
        let game = after(&start, moves);
        assert_eq!(game.position_string(), text);
        let read = Mastermind::from_position_string(text, MastermindRules::default()).unwrap();
        assert_eq!(read, game);
    }
    // Letters in either case, any spacing.
    let read =
        Mastermind::from_position_string("  0123:1a2b   b ", MastermindRules::default()).unwrap();
    assert_eq!(read.position_string(), "0123:1A2B b");
}

#[test]
fn bad_position_strings_say_why() {
    let reason =
        |text: &str| match Mastermind::from_position_string(text, MastermindRules::default()) {
            Err(NotationError::BadPosition { reason, .. }) => reason,
            other => panic!("{text}: {other:?}"),
        };
    assert_eq!(
        reason("0123:1A2B"),
        "expected 2 fields '<guess:answer/…> <side>' (the start is '- b'), found 1"
    );
    assert_eq!(
        reason("0123:1A2B x"),
        "side to move 'x' must be 'b' (breaker) or 'm' (maker)"
    );
    assert_eq!(
        reason("0123:1A2B m"),
        "the side to move is 'm' but the board says it is the breaker's turn ('b')"
    );
    assert_eq!(
        reason("0123/4567:0A1B b"),
        "row 1 '0123' has no answer; only the last guess may wait for one"
    );
    assert_eq!(
        reason("0123:0A0B/4567:0A0B b"),
        "row 2: illegal move '0A0B': it contradicts the earlier answers: no code gives them all"
    );
    assert_eq!(
        reason("0123:4A0B/4567:0A0B b"),
        "row 2: illegal move '4567': the game is over"
    );
    assert_eq!(
        reason("0123:1A2B/45:0A0B b"),
        "row 2: '45' is not a move: a guess has 4 digits, this one 2"
    );
}

#[test]
fn perft_counts_worked_by_hand() {
    assert_eq!(perft(&bulls_and_cows(), 1), 5040);
    // Every one of the 14 answers is possible for 0123.
    assert_eq!(perft(&bulls_and_cows(), 2), 5040 * 14);
    assert_eq!(perft(&classic(), 1), 1296);
    // Two of three symbols, no repeats: 01 02 10 12 20 21. Any guess (say
    // 01) gets 2A0B (01), 0A2B (10), 1A0B (02, 21) or 0A1B (12, 20): four
    // answers, three of which go on to six guesses each.
    let tiny = Mastermind::start(MastermindRules {
        length: 2,
        symbols: 3,
        repeats: false,
        max_guesses: 10,
    })
    .unwrap();
    assert_eq!(
        (1..=3).map(|d| perft(&tiny, d)).collect::<Vec<_>>(),
        [6, 6 * 4, 6 * 3 * 6]
    );
}

#[test]
fn the_drawing_lists_the_rows() {
    let game = after(&bulls_and_cows(), &["0123", "1A2B", "4567"]);
    assert_eq!(
        game.drawing(),
        "Mastermind: 4 symbols out of 0-9, no repeats, 10 guesses\n \
         1  0123  1A2B\n \
         2  4567  ?\n\
         codes still possible: 216; maker to answer\n"
    );
}
