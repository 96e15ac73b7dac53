//! Perft figures from the Kalah(6, 4) and Kalah(6, 6) starts, a ply being
//! one sowing. The fast code's counts are checked against the naive
//! reference written from the Prolog Kalah program, which is what makes
//! them trustworthy: the two share no sowing code.

use super::reference::{self, Reference};
use crate::game::Game;
use crate::games::kalah::{Kalah, KalahRules};
use crate::perft::{perft, perft_divide};

/// Kalah(6, 4), depths 1 to 10.
const PERFT_6_4: [u64; 10] = [
    6, 35, 185, 942, 4_690, 23_233, 114_430, 563_055, 2_763_490, 13_519_607,
];

/// Kalah(6, 6), depths 1 to 10.
const PERFT_6_6: [u64; 10] = [
    6, 35, 190, 1_056, 5_882, 32_243, 177_827, 962_153, 5_197_521, 27_673_819,
];

/// Depth to which the naive reference recounts (it is slow).
const REFERENCE_DEPTH: u32 = 8;

fn start(pits: u8, seeds: u8, empty_capture: bool) -> Kalah {
    Kalah::start(KalahRules::new(pits, seeds, empty_capture).unwrap()).unwrap()
}

fn counts(pos: &Kalah, max_depth: u32) -> Vec<u64> {
    (1..=max_depth).map(|depth| perft(pos, depth)).collect()
}

fn reference_counts(pos: &Reference, max_depth: u32) -> Vec<u64> {
    (1..=max_depth)
        .map(|depth| reference::perft(pos, depth))
        .collect()
}

#[test]
fn kalah_6_4_to_depth_10() {
    assert_eq!(counts(&start(6, 4, false), 10), PERFT_6_4);
}

#[test]
fn kalah_6_6_to_depth_10() {
    assert_eq!(counts(&start(6, 6, false), 10), PERFT_6_6);
}

#[test]
fn the_reference_agrees_to_depth_8() {
    let depth = usize::try_from(REFERENCE_DEPTH).unwrap();
    assert_eq!(
        reference_counts(&Reference::start(6, 4, false), REFERENCE_DEPTH),
        PERFT_6_4[..depth]
    );
    assert_eq!(
        reference_counts(&Reference::start(6, 6, false), REFERENCE_DEPTH),
        PERFT_6_6[..depth]
    );
}

#[test]
fn the_reference_agrees_on_other_variants() {
    // (pits, seeds, empty capture, depth): empty captures, tiny and wide
    // boards, and boards whose pits make many laps.
    let variants = [
        (6, 4, true, 8),
        (6, 6, true, 7),
        (6, 3, false, 8),
        (1, 1, false, 6),
        (1, 127, true, 12),
        (2, 30, false, 10),
        (3, 3, true, 9),
        (4, 5, false, 8),
        (12, 10, false, 5),
        (12, 1, true, 6),
    ];
    for (pits, seeds, empty_capture, depth) in variants {
        let fast = counts(&start(pits, seeds, empty_capture), depth);
        let naive = reference_counts(
            &Reference::start(usize::from(pits), seeds, empty_capture),
            depth,
        );
        assert_eq!(
            fast, naive,
            "Kalah({pits}, {seeds}) empty capture {empty_capture}"
        );
    }
}

#[test]
fn divide_splits_the_count_by_first_move() {
    let pos = start(6, 4, false);
    let divided = perft_divide(&pos, 5);
    let moves: Vec<String> = divided.iter().map(|&(mv, _)| pos.format_move(mv)).collect();
    assert_eq!(moves, ["1", "2", "3", "4", "5", "6"]);
    assert_eq!(divided.iter().map(|&(_, n)| n).sum::<u64>(), PERFT_6_4[4]);
    // Pit 3 gives an extra turn: South moves again, six choices at depth 2.
    let mut after_three = pos;
    after_three.play(2);
    assert_eq!(perft(&after_three, 1), 5);
    assert_eq!(divided[2], (2, perft(&after_three, 4)));
}
