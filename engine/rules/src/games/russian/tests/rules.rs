//! One hand-made position for each rule.

use crate::game::{Game, NotationError, Outcome, Player};
use crate::games::russian::{Piece, Russian};

fn pos(text: &str) -> Russian {
    match Russian::from_position_string(text) {
        Ok(p) => p,
        Err(e) => panic!("{e}"),
    }
}

/// The legal moves of `text`, written, sorted.
fn moves(text: &str) -> Vec<String> {
    let p = pos(text);
    let mut written: Vec<String> = p.moves().iter().map(|&m| p.format_move(m)).collect();
    written.sort();
    written
}

/// `text` with `played` played, each checked for legality.
fn after(text: &str, played: &[&str]) -> Russian {
    let mut p = pos(text);
    for m in played {
        let mv = p.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        p.play(mv);
    }
    p
}

fn square(name: &str) -> u8 {
    super::super::squares::parse_square(name).unwrap_or(u8::MAX)
}

#[test]
fn the_start_has_seven_moves() {
    assert_eq!(
        moves("W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6"),
        [
            "a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"
        ]
    );
}

#[test]
fn capturing_is_mandatory() {
    // d4 must take c5 although a1 could step.
    assert_eq!(moves("W:Wd4,a1:Bc5"), ["d4:b6"]);
    let err = pos("W:Wd4,a1:Bc5").parse_move("a1-b2").unwrap_err();
    assert!(
        matches!(&err, NotationError::IllegalMove { reason, .. } if reason.contains("mandatory")),
        "{err}"
    );
}

#[test]
fn men_capture_backwards_but_step_forwards_only() {
    assert_eq!(moves("W:We5:Bd4"), ["e5:c3"]);
    assert_eq!(moves("W:We5:Bh8"), ["e5-d6", "e5-f6"]);
    assert_eq!(moves("B:Wh2:Bd4"), ["d4-c3", "d4-e3"]);
}

#[test]
fn any_capture_may_be_chosen_short_or_long() {
    // No majority rule: one piece by c3:a5 or two by c3:e5:g7.
    assert_eq!(moves("W:Wc3:Bb4,d4,f6"), ["c3:a5", "c3:e5:g7"]);
}

#[test]
fn a_man_crowned_mid_capture_goes_on_as_a_king() {
    // b6 takes c7 and lands on d8, is crowned, then flies over e7 to take
    // f6 (a man could not: f6 is not next to d8), landing on g5 or h4.
    assert_eq!(moves("W:Wb6:Bc7,f6"), ["b6:d8:g5", "b6:d8:h4"]);
    let p = after("W:Wb6:Bc7,f6", &["b6:d8:h4"]);
    assert_eq!(p.piece_at(square("h4")), Some(Piece::King(Player::One)));
    assert_eq!(p.board().pieces[1], 0);
    // Crowned at the end of a capture: a king.
    let q = after("W:Wf6:Bg7", &["f6:h8"]);
    assert_eq!(q.piece_at(square("h8")), Some(Piece::King(Player::One)));
    // And by a quiet move.
    let r = after("W:Wc7:Bh6", &["c7-d8"]);
    assert_eq!(r.piece_at(square("d8")), Some(Piece::King(Player::One)));
}

#[test]
fn kings_fly() {
    // Three squares each way but towards h8, which is occupied.
    let all = moves("W:WKd4:Bh8");
    assert_eq!(all.len(), 12, "{all:?}");
    assert!(all.contains(&"d4-g7".to_owned()) && all.contains(&"d4-a1".to_owned()));
    // A king takes from afar and lands on any square beyond.
    assert_eq!(moves("W:WKa1:Be5"), ["a1:f6", "a1:g7", "a1:h8"]);
}

#[test]
fn a_king_must_land_where_the_capture_goes_on() {
    // After c3 the king could land on d4..h8, but only from e5 can it
    // take d6: it must land there and go on (to c7 or b8).
    assert_eq!(moves("W:WKa1:Bc3,d6"), ["a1:e5:b8", "a1:e5:c7"]);
}

#[test]
fn captured_pieces_block_and_are_never_jumped_twice() {
    // Turkish strike. The king goes round b4, d4, d2, b2 back to a3 (both
    // ways round: one move, counted once). There it faces b4 again, still
    // on the board until the move ends: it may not jump it a second time,
    // so it cannot go on to d6 as it could if b4 were gone.
    let p = pos("W:WKa3:Bb4,d4,d2,b2,d6");
    let all = p.moves();
    assert!(all.iter().all(|m| m.capture_count() <= 4));
    let round: Vec<_> = all
        .iter()
        .filter(|m| m.from == square("a3") && m.to == square("a3"))
        .collect();
    assert_eq!(round.len(), 1, "{all:?}");
    assert_eq!(round[0].capture_count(), 4);
    // Both paths read as that one move, which leaves the king on a3.
    for path in ["a3:c5:e3:c1:a3", "a3:c1:e3:c5:a3"] {
        assert_eq!(p.parse_move(path), Ok(*round[0]));
    }
    let mut back = p.clone();
    back.play(*round[0]);
    assert_eq!(back.position_string(), "B:WKa3:Bd6");
}

#[test]
fn no_move_loses() {
    // Black has no pieces.
    let empty = pos("B:Wc3:B");
    assert!(empty.moves().is_empty());
    assert_eq!(empty.outcome(), Some(Outcome::Win(Player::One)));
    // Black's man on a3 is blocked: b2 is taken and c1 behind it too.
    let blocked = pos("B:Wb2,c1:Ba3");
    assert!(blocked.moves().is_empty());
    assert_eq!(blocked.outcome(), Some(Outcome::Win(Player::One)));
    assert_eq!(pos("W:Wb2,c1:Ba3").outcome(), None);
}

#[test]
fn threefold_repetition_draws() {
    let start = "W:WKc1,h2:BKf8,a7";
    let shuffle = ["c1-d2", "f8-e7", "d2-c1", "e7-f8"];
    let twice = after(start, &shuffle);
    assert_eq!(twice.outcome(), None);
    let mut almost = shuffle.to_vec();
    almost.extend(&shuffle[..3]);
    assert_eq!(after(start, &almost).outcome(), None);
    almost.push(shuffle[3]);
    let thrice = after(start, &almost);
    assert_eq!(thrice.outcome(), Some(Outcome::Draw));
    assert!(thrice.moves().is_empty());
    // A man's move in between starts the count again.
    let mut broken = shuffle.to_vec();
    broken.extend(["h2-g3", "a7-b6"]);
    broken.extend(shuffle);
    assert_eq!(after(start, &broken).outcome(), None);
}

#[test]
fn king_endings_have_move_limits() {
    // One king each (2 pieces): 5 moves each without change draws.
    let start = "W:WKc1:BKh8";
    let walk = [
        "c1-d2", "h8-g7", "d2-e1", "g7-h6", "e1-a5", "h6-f8", "a5-b6", "f8-h6", "b6-a7",
    ];
    let nine = after(start, &walk);
    assert_eq!(nine.outcome(), None);
    let ten = after(start, &[&walk[..], &["h6-f8"]].concat());
    assert_eq!(ten.outcome(), Some(Outcome::Draw));
}

#[test]
fn position_strings_round_trip_and_refuse_nonsense() {
    let start = Russian::start();
    let text = start.position_string();
    assert_eq!(
        text,
        "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6"
    );
    assert_eq!(pos(&text), start);
    let kings = pos("B:BKa1,c7:W Kh8, e3");
    assert_eq!(kings.position_string(), "B:We3,Kh8:Bc7,Ka1");
    assert_eq!(pos(&kings.position_string()), kings);
    for (bad, why) in [
        ("W:Wa1", "3 fields"),
        ("X:Wa1:Bb8", "W or B"),
        ("W:Wa2:Bb8", "light square"),
        ("W:Wa1,a1:Bb8", "twice"),
        ("W:Wa1:Ba1", "twice"),
        ("W:Wb8:Ba7", "crowned"),
        ("W:Wz9:Bb8", "not a square"),
        ("W:Wa1:Wb8", "two lists"),
        (
            "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3,b4:Bb8",
            "more than 12",
        ),
    ] {
        match Russian::from_position_string(bad) {
            Err(NotationError::BadPosition { reason, .. }) => {
                assert!(reason.contains(why), "{bad}: {reason}");
            }
            other => panic!("{bad}: {other:?}"),
        }
    }
}

#[test]
fn position_strings_with_an_empty_entry_are_refused_naming_it() {
    for (bad, why) in [
        ("W:WKa1,:Bh8", "entry 2 of the list 'WKa1,' is empty"),
        ("W:W,,,:Bh8", "entry 1 of the list 'W,,,' is empty"),
        ("W:Wc3:Bh8, ,f6", "entry 2 of the list 'Bh8, ,f6' is empty"),
    ] {
        match Russian::from_position_string(bad) {
            Err(NotationError::BadPosition { reason, .. }) => {
                assert!(reason.contains(why), "{bad}: {reason}");
                assert!(reason.contains("expected a square (a1)"), "{bad}: {reason}");
            }
            other => panic!("{bad}: {other:?}"),
        }
    }
    // A side without pieces is its letter alone.
    assert_eq!(pos("W:W:BKh8").position_string(), "W:W:BKh8");
}

#[test]
fn notation_reads_paths_short_forms_and_explains_mistakes() {
    let p = pos("W:Wc3:Bb4,d4,f6");
    let long = p.parse_move("c3:e5:g7");
    assert!(long.is_ok());
    assert_eq!(p.parse_move("c3:g7"), long);
    assert_eq!(p.parse_move("c3xe5xg7"), long);
    assert_eq!(p.parse_move("C3:E5:G7"), long);
    let bad = |text: &str| p.parse_move(text).unwrap_err();
    assert!(matches!(bad("c3"), NotationError::BadMove { .. }));
    assert!(matches!(bad("c3-d4:e5"), NotationError::BadMove { .. }));
    assert!(matches!(bad("c3:b3"), NotationError::BadMove { .. }));
    assert!(matches!(bad("c3-b4"), NotationError::IllegalMove { .. }));
    assert!(matches!(bad("c3:e5"), NotationError::IllegalMove { .. }));
    assert!(
        matches!(bad("e1:g3"), NotationError::IllegalMove { reason, .. } if reason.contains("no piece"))
    );
    assert!(matches!(bad("b4:c5"), NotationError::IllegalMove { .. }));
    // Every legal move reads back from its text.
    for q in [p, pos("W:WKa3:Bb4,d4,d2,b2,d6"), Russian::start()] {
        for mv in q.moves() {
            assert_eq!(q.parse_move(&q.format_move(mv)), Ok(mv));
        }
    }
}

#[test]
fn the_short_form_must_name_one_capture() {
    // Two captures go from e7 to d8, taking different pieces.
    let p = pos("W:WKe7:Bc7,g7,f6,d4,c3,e3,g3");
    let err = p.parse_move("e7:d8").unwrap_err();
    assert!(
        matches!(&err, NotationError::IllegalMove { reason, .. } if reason.contains("ambiguous")),
        "{err}"
    );
    let one = p.parse_move("e7:h4:e1:a5:d8");
    let other = p.parse_move("e7:g5:d2:a5:d8");
    assert!(one.is_ok() && other.is_ok() && one != other);
}
