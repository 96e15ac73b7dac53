//! Perft figures from the Abapa start and other boards. The fast code's
//! counts are checked against the slow reference, which shares no sowing,
//! capture or feeding code with it: that is what makes them trustworthy.

use super::reference::{self, Reference};
use crate::games::oware::{Oware, OwareRules};
use crate::perft::perft;

/// Abapa (6 houses, 4 seeds), depths 1 to 10. The reference has been run
/// to depth 10 once (18 s); the tests recount less to stay quick.
pub const PERFT_ABAPA: [u64; 10] = [
    6, 36, 190, 1_014, 5_219, 27_332, 139_157, 711_414, 3_592_872, 18_137_964,
];

/// Depth to which the reference recounts (it is slow).
const REFERENCE_DEPTH: u32 = 8;

fn start(houses: u8, seeds: u8) -> Oware {
    Oware::start(OwareRules::new(houses, seeds).unwrap()).unwrap()
}

#[test]
fn abapa_to_depth_9() {
    let counts: Vec<u64> = (1..=9).map(|d| perft(&start(6, 4), d)).collect();
    assert_eq!(counts, PERFT_ABAPA[..9]);
}

#[test]
fn the_reference_agrees_to_depth_8() {
    let naive: Vec<u64> = (1..=REFERENCE_DEPTH)
        .map(|d| reference::perft(&Reference::start(6, 4), d))
        .collect();
    let depth = usize::try_from(REFERENCE_DEPTH).unwrap();
    assert_eq!(naive, PERFT_ABAPA[..depth]);
}

#[test]
fn the_reference_agrees_on_other_boards() {
    // (houses, seeds, depth): small boards reach the feeding rule, the
    // grand slam and repetitions within a few moves; big piles go round.
    let boards = [
        (1, 1, 12),
        (1, 5, 12),
        (2, 1, 14),
        (2, 2, 12),
        (3, 1, 12),
        (3, 2, 10),
        (3, 7, 8),
        (4, 3, 8),
        (2, 30, 10),
        (6, 6, 6),
        (12, 1, 6),
    ];
    for (houses, seeds, depth) in boards {
        let fast: Vec<u64> = (1..=depth)
            .map(|d| perft(&start(houses, seeds), d))
            .collect();
        let naive: Vec<u64> = (1..=depth)
            .map(|d| reference::perft(&Reference::start(usize::from(houses), u32::from(seeds)), d))
            .collect();
        assert_eq!(fast, naive, "{houses} houses, {seeds} seeds");
    }
}
