//! Random play-outs: on every position of many random games the fast
//! position and the slow reference agree on the string, the moves and the
//! result, and the position string round-trips.

use proptest::prelude::*;

use super::reference::Reference;
use crate::game::{Game, MoveList, Outcome, Player};
use crate::games::oware::{Oware, OwareRules};

/// Plays `choices` (each taken modulo the number of legal moves) from the
/// start of the board, checking every position on the way.
fn play_out(houses: u8, seeds: u8, choices: &[usize]) {
    let mut fast = Oware::start(OwareRules::new(houses, seeds).unwrap()).unwrap();
    let mut naive = Reference::start(usize::from(houses), u32::from(seeds));
    for &choice in choices {
        let text = fast.position_string();
        assert_eq!(text, naive.text());
        // The string round-trips (the history is not in it).
        let read = Oware::from_position_string(&text).unwrap();
        assert_eq!(read.position_string(), text);

        let mut moves = MoveList::new();
        fast.legal_moves(&mut moves);
        let expected: Vec<u8> = naive
            .moves()
            .into_iter()
            .map(|h| u8::try_from(h).unwrap())
            .collect();
        assert_eq!(moves.to_vec(), expected, "moves at {text}");
        let expected_result = naive.result().map(|winner| match winner {
            Some(side) => Outcome::Win(side),
            None => Outcome::Draw,
        });
        assert_eq!(fast.outcome(), expected_result, "result at {text}");
        if moves.is_empty() {
            assert!(fast.outcome().is_some());
            return;
        }
        let mv = moves[choice % moves.len()];
        // Every legal move reads back from its text.
        assert_eq!(fast.parse_move(&fast.format_move(mv)), Ok(mv));
        fast.play(mv);
        naive.play(usize::from(mv));
    }
    assert_eq!(fast.position_string(), naive.text());
    let side = fast.side_to_move();
    assert!(side == Player::One || side == Player::Two);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn abapa_play_outs(choices in proptest::collection::vec(0usize..12, 0..300)) {
        play_out(6, 4, &choices);
    }

    #[test]
    fn small_boards_reach_every_rule(
        houses in 1u8..=4,
        seeds in 1u8..=5,
        choices in proptest::collection::vec(0usize..12, 0..200),
    ) {
        play_out(houses, seeds, &choices);
    }

    #[test]
    fn big_piles_go_round(choices in proptest::collection::vec(0usize..12, 0..60)) {
        play_out(3, 40, &choices);
    }
}
