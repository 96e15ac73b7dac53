//! Perft from the start: the published figures (a capture sequence is one
//! move; sequences with the same start, end and captured set count once).

use crate::games::russian::Russian;
use crate::perft::perft;

/// Depths 1 to 11 from the start.
pub const PERFT_START: [u64; 11] = [
    7,
    49,
    302,
    1_469,
    7_482,
    37_986,
    190_146,
    929_899,
    4_570_586,
    22_444_032,
    110_917_189,
];

/// Recounted by the unit tests (deeper ones: `bench/perft_variant.sh russian 11`).
const TEST_DEPTH: usize = 8;

#[test]
fn start_to_depth_8() {
    let start = Russian::start();
    let counts: Vec<u64> = (1..=TEST_DEPTH as u32).map(|d| perft(&start, d)).collect();
    assert_eq!(counts, PERFT_START[..TEST_DEPTH]);
}
