//! Oware (Abapa) rules, each on a hand-made position, through the public
//! interface the referee and the front ends use.

use ply_rules::game::{Game, MoveList, NotationError, Outcome, Player};
use ply_rules::games::oware::{Oware, OwareRules};

fn pos(text: &str) -> Oware {
    Oware::from_position_string(text).expect("a valid position")
}

/// Plays the 1-based house numbers in `moves` and returns the position.
fn after(mut position: Oware, moves: &[u8]) -> Oware {
    for &house in moves {
        let mv = position
            .parse_move(&house.to_string())
            .unwrap_or_else(|e| panic!("{e} at {}", position.position_string()));
        position.play(mv);
    }
    position
}

/// The position string after playing `moves` from `text`.
fn string_after(text: &str, moves: &[u8]) -> String {
    after(pos(text), moves).position_string()
}

fn legal(position: &Oware) -> Vec<String> {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    moves.iter().map(|&mv| position.format_move(mv)).collect()
}

#[test]
fn the_start() {
    let start = Oware::start(OwareRules::default()).unwrap();
    assert_eq!(start.position_string(), "4,4,4,4,4,4 0 4,4,4,4,4,4 0 s");
    assert_eq!(start.total_seeds(), 48);
    assert_eq!(legal(&start), ["1", "2", "3", "4", "5", "6"]);
    assert_eq!(start.outcome(), None);
    // Sowing one house: one seed a house, counter-clockwise into North's row.
    assert_eq!(
        string_after("4,4,4,4,4,4 0 4,4,4,4,4,4 0 s", &[5]),
        "4,4,4,4,0,5 0 5,5,5,4,4,4 0 n"
    );
    // North's houses are numbered from North's own left too.
    assert_eq!(
        string_after("4,4,4,4,0,5 0 5,5,5,4,4,4 0 n", &[6]),
        "5,5,5,5,0,5 0 5,5,5,4,4,0 0 s"
    );
}

#[test]
fn twelve_seeds_or_more_skip_the_house_they_came_from() {
    // 12 seeds from South's house 1: houses 2-6, North's 1-6 (11), then
    // past house 1 (skipped) into house 2.
    assert_eq!(
        string_after("12,0,0,0,0,0 18 0,0,0,0,0,6 12 s", &[1]),
        "0,2,1,1,1,1 18 1,1,1,1,1,7 12 n"
    );
    // 13 from house 6: North's 1-6, South's 1-5, house 6 skipped, North's
    // 1 and 2 again: they hold 2 each, and the last seed captures both.
    assert_eq!(
        string_after("0,0,0,0,0,13 17 0,0,0,0,0,0 18 s", &[6]),
        "1,1,1,1,1,0 21 0,0,1,1,1,1 18 n"
    );
    // 23 seeds: two full laps of 11 and one more; the origin stays empty.
    assert_eq!(
        string_after("23,0,0,0,0,0 0 1,0,0,0,0,0 24 s", &[1]),
        "0,3,2,2,2,2 0 3,2,2,2,2,2 24 n"
    );
}

#[test]
fn a_capture_runs_backwards_through_houses_of_two_and_three() {
    // South's 3 seeds make North's houses 1-3 hold 2, 3, 2: all captured
    // (7 seeds), North's house 4 with 5 seeds is left.
    assert_eq!(
        string_after("0,0,0,0,0,3 12 1,2,1,5,6,6 12 s", &[6]),
        "0,0,0,0,0,0 19 0,0,0,5,6,6 12 n"
    );
    // North captures in South's row the same way.
    assert_eq!(
        string_after("1,2,4,4,4,4 3 4,4,4,4,0,2 6 n", &[6]),
        "0,0,4,4,4,4 3 4,4,4,4,0,0 11 s"
    );
}

#[test]
fn the_chain_stops_at_a_house_that_is_not_two_or_three() {
    // North's houses become 2, 5, 2: house 3 is captured, house 2 (5)
    // stops the chain, so house 1 (2) stays.
    assert_eq!(
        string_after("0,0,0,0,0,3 12 1,4,1,5,6,6 10 s", &[6]),
        "0,0,0,0,0,0 14 2,5,0,5,6,6 10 n"
    );
    // A last house of 4 captures nothing, even with 2s before it.
    assert_eq!(
        string_after("0,0,0,0,0,2 12 1,3,5,6,6,6 7 s", &[6]),
        "0,0,0,0,0,0 12 2,4,5,6,6,6 7 n"
    );
}

#[test]
fn no_capture_on_the_own_side() {
    // South's last seed makes its own house 2 hold 2: nothing happens.
    assert_eq!(
        string_after("1,1,4,4,4,4 6 4,4,4,4,4,4 0 s", &[1]),
        "0,2,4,4,4,4 6 4,4,4,4,4,4 0 n"
    );
    // Nor when a sowing goes round into the own row: 11 seeds from house
    // 6 end in house 5, which then holds 3.
    assert_eq!(
        string_after("0,1,0,0,2,11 6 2,2,2,2,2,2 16 s", &[6]),
        "1,2,1,1,3,0 6 3,3,3,3,3,3 16 n"
    );
}

#[test]
fn a_grand_slam_is_played_but_captures_nothing() {
    // South's 2 seeds make North's only houses hold 2 and 2: capturing both
    // would leave North with nothing, so nothing is captured.
    let grand_slam = after(pos("3,0,0,0,0,2 17 1,1,0,0,0,0 24 s"), &[6]);
    assert_eq!(
        grand_slam.position_string(),
        "3,0,0,0,0,0 17 2,2,0,0,0,0 24 n"
    );
    assert_eq!(grand_slam.outcome(), None);
    assert_eq!(legal(&grand_slam), ["1", "2"]);
    // The same sowing with a seed left elsewhere in North's row captures.
    assert_eq!(
        string_after("3,0,0,0,0,2 16 1,1,0,0,0,1 24 s", &[6]),
        "3,0,0,0,0,0 20 0,0,0,0,0,1 24 n"
    );
}

#[test]
fn a_player_must_feed_an_opponent_who_has_no_seeds() {
    // North is empty: house 5 (1 seed, to house 6) is refused, house 6
    // (3 seeds, into North's row) must be played.
    let p = pos("0,0,0,0,1,3 20 0,0,0,0,0,0 24 s");
    assert_eq!(legal(&p), ["6"]);
    assert_eq!(
        p.parse_move("5"),
        Err(NotationError::IllegalMove {
            text: "5".to_owned(),
            reason: "the opponent has no seeds and house 5 does not reach them; \
                     a move must give them some"
                .to_owned()
        })
    );
    assert_eq!(
        after(p, &[6]).position_string(),
        "0,0,0,0,1,0 20 1,1,1,0,0,0 24 n"
    );
}

#[test]
fn a_player_who_cannot_feed_ends_the_game_and_each_takes_their_row() {
    // Read as it stands: North empty, South's seeds cannot reach it. South
    // takes its 2 seeds: 25 against 23.
    let p = pos("1,1,0,0,0,0 23 0,0,0,0,0,0 23 s");
    assert!(legal(&p).is_empty());
    assert_eq!(p.outcome(), Some(Outcome::Win(Player::One)));
    assert!(p.parse_move("1").is_err());
    // Reached by play: North sows its last seed into South's house 1;
    // South cannot feed, both rows are taken: 24-24.
    let end = after(pos("0,1,0,0,0,0 22 0,0,0,0,0,1 24 n"), &[6]);
    assert_eq!(end.position_string(), "0,0,0,0,0,0 24 0,0,0,0,0,0 24 s");
    assert_eq!(end.outcome(), Some(Outcome::Draw));
}

#[test]
fn a_position_repeated_since_the_last_capture_ends_the_game() {
    // Four seeds go round without a capture; after 12 moves the start is
    // back and each side takes its own row: 24-24.
    let start = "1,0,0,0,0,1 22 1,0,0,0,0,1 22 s";
    let line = [1, 1, 2, 2, 3, 3, 4, 4, 6, 6, 5, 5];
    let before_last = after(pos(start), &line[..11]);
    assert_eq!(before_last.outcome(), None);
    assert_eq!(before_last.since_capture(), 12);
    let end = after(before_last.clone(), &line[11..]);
    assert_eq!(end.position_string(), "0,0,0,0,0,0 24 0,0,0,0,0,0 24 s");
    assert_eq!(end.outcome(), Some(Outcome::Draw));
    // The history is what ends it: the same move from the same board read
    // afresh (no history) goes on.
    let fresh = after(pos(&before_last.position_string()), &line[11..]);
    assert_eq!(fresh.position_string(), start);
    assert_eq!(fresh.outcome(), None);
    // A longer line (18 moves) repeats a position seen 6 moves in.
    let long = [1, 1, 2, 2, 3, 3, 4, 4, 6, 1, 5, 6, 1, 2, 2, 3, 3, 5];
    let before_last = after(pos(start), &long[..17]);
    assert_eq!(before_last.outcome(), None);
    assert_eq!(before_last.since_capture(), 18);
    let end = after(before_last, &long[17..]);
    assert!(legal(&end).is_empty());
    assert_eq!(end.position_string(), "0,0,0,0,0,0 24 0,0,0,0,0,0 24 s");
}

#[test]
fn a_capture_starts_a_new_history() {
    // On one house a side: South's seed makes North's house 2 (a grand
    // slam: nothing), North's two seeds go round into South's house (again
    // a grand slam), and South's move repeats the position after its first.
    let mut p = pos("1 0 1 0 s");
    p = after(p, &[1]);
    assert_eq!(p.position_string(), "0 0 2 0 n");
    p = after(p, &[1]);
    assert_eq!(p.position_string(), "2 0 0 0 s");
    p = after(p, &[1]);
    assert_eq!(p.position_string(), "0 0 0 2 n");
    assert_eq!(p.outcome(), Some(Outcome::Win(Player::Two)));
    // After a capture the count starts again at the new position.
    let captured = after(pos("0,0,0,0,0,3 12 1,2,1,5,6,6 12 s"), &[6]);
    assert_eq!(captured.since_capture(), 1);
}

#[test]
fn more_than_half_wins_at_once_and_equal_halves_draw() {
    // South's capture of 2 brings it to 26 of 48: over, though seeds remain.
    let won = after(pos("0,0,0,0,0,1 24 1,0,0,0,0,5 17 s"), &[6]);
    assert_eq!(won.position_string(), "0,0,0,0,0,0 26 0,0,0,0,0,5 17 n");
    assert_eq!(won.outcome(), Some(Outcome::Win(Player::One)));
    assert!(legal(&won).is_empty());
    assert_eq!(
        pos("1,1,1,1,1,1 18 0,0,0,0,0,0 25 s").outcome(),
        Some(Outcome::Win(Player::Two))
    );
    // 24 is not more than half: the game goes on.
    assert_eq!(pos("1,1,1,1,1,1 18 0,0,0,0,0,0 24 s").outcome(), None);
    assert_eq!(
        pos("0,0,0,0,0,0 24 0,0,0,0,0,0 24 s").outcome(),
        Some(Outcome::Draw)
    );
    // Other boards: 3 houses of 2 seeds hold 12; 7 wins, 6 does not.
    let small = Oware::start(OwareRules::new(3, 2).unwrap()).unwrap();
    assert_eq!(small.total_seeds(), 12);
    assert_eq!(
        pos("0,1,0 7 1,0,0 3 n").outcome(),
        Some(Outcome::Win(Player::One))
    );
    assert_eq!(pos("0,1,0 6 1,0,0 4 n").outcome(), None);
    assert_eq!(pos("0,0,0 6 0,0,0 6 n").outcome(), Some(Outcome::Draw));
}
