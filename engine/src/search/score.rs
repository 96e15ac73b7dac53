//! Search scores: centi-units for evaluations, a band at the top and bottom
//! for proven wins and losses ("mate" scores), and conversions to the
//! protocol's `score cp|mate`.
//!
//! A proven win found `ply` plies below the root scores `MATE - ply`, so a
//! shorter win is always preferred and the distance can be read back.

use ply_protocol::ScoreValue;

/// Centi-units in one unit of a game (a seed, a man, an open line): the
/// `cp` of `info score`, the search's evaluations; proven values, books
/// and annotations count whole units.
pub const CENTI: i32 = 100;

/// The score of a win at the root itself. Every evaluation stays far below it.
pub const MATE: i32 = 1_000_000;

/// Deepest ply the search ever reaches below the root; sizes per-ply arrays.
pub const MAX_PLY: usize = 256;

/// Scores at or above this (or at or below its negation) are proven results.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

/// Scores of positions whose final margin is proven without reaching the
/// end (by an endgame database): `PROVEN + margin` for a win, `-PROVEN +
/// margin` for a loss, so that any proven win beats any evaluation, a larger
/// winning margin is better, and all stay below the mate band.
pub const PROVEN: i32 = 500_000;

/// The widest margin a proven score may carry (255 seeds, in centi-units).
const MAX_PROVEN_MARGIN: i32 = 25_500;

/// Larger than any score: the initial window bound.
pub const INFINITE: i32 = MATE + 1;

/// A margin in whole units written with its sign, as the engine writes
/// proven values (`+8`, `0`, `-2`): in `info string`s and in books.
#[must_use]
pub fn signed(units: i32) -> String {
    if units > 0 {
        format!("+{units}")
    } else {
        units.to_string()
    }
}

/// The score of a win `ply` plies below the root.
#[must_use]
pub fn win_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// The score of a loss `ply` plies below the root.
#[must_use]
pub fn loss_in(ply: usize) -> i32 {
    -win_in(ply)
}

/// The score of a position whose final margin (centi-units, for the side to
/// move) is proven.
#[must_use]
pub fn proven_margin(margin: i32) -> i32 {
    match margin.signum() {
        1 => PROVEN + margin,
        -1 => -PROVEN + margin,
        _ => 0,
    }
}

/// The margin of a proven-margin score (see [`proven_margin`]), if it is one.
#[must_use]
pub fn margin_of(score: i32) -> Option<i32> {
    let within = |s: i32| s.abs() <= MAX_PROVEN_MARGIN;
    if score.abs() >= MATE_BOUND {
        None
    } else if within(score - PROVEN) && score > PROVEN {
        Some(score - PROVEN)
    } else if within(score + PROVEN) && score < -PROVEN {
        Some(score + PROVEN)
    } else {
        None
    }
}

/// Whether `score` is a proven win or loss at a known distance (the end of
/// the game was reached in the tree).
#[must_use]
pub fn is_proven(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// Converts a score relative to the root into one relative to the node at
/// `ply`, for storing in the transposition table: proven scores are kept as
/// distance from the node, so they stay right when the node is reached by
/// another path.
#[must_use]
pub fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_table`].
#[must_use]
pub fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The protocol form of a root score: `cp X`, or `mate N` where N counts
/// plies (single moves) to the end of the game, negative when losing. A
/// proven margin (see [`proven_margin`]) is reported as that margin in `cp`.
///
/// UCI counts full moves for chess; a Kalah turn has a variable number of
/// sowings, so Ply counts plies and says so in `docs/protocol.md`.
#[must_use]
pub fn to_protocol(score: i32) -> ScoreValue {
    if score >= MATE_BOUND {
        ScoreValue::Mate(MATE - score)
    } else if score <= -MATE_BOUND {
        ScoreValue::Mate(-(MATE + score))
    } else {
        ScoreValue::Centi(margin_of(score).unwrap_or(score))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_round_trip_through_the_table() {
        for ply in [0, 1, 7, 100] {
            for score in [win_in(ply + 3), loss_in(ply + 5), 250, -40, 0] {
                assert_eq!(from_table(to_table(score, ply), ply), score);
            }
        }
    }

    #[test]
    fn proven_margins_order_and_report() {
        assert!(proven_margin(100) > 25_000 && proven_margin(300) > proven_margin(100));
        assert!(proven_margin(-100) < -25_000 && proven_margin(-100) > proven_margin(-300));
        assert!(proven_margin(2500) < win_in(200) && proven_margin(-2500) > loss_in(200));
        assert_eq!(proven_margin(0), 0);
        assert_eq!(margin_of(proven_margin(800)), Some(800));
        assert_eq!(margin_of(proven_margin(-200)), Some(-200));
        assert_eq!(margin_of(1500), None);
        assert_eq!(margin_of(win_in(3)), None);
        assert_eq!(to_protocol(proven_margin(800)), ScoreValue::Centi(800));
    }

    #[test]
    fn protocol_scores_count_plies() {
        assert_eq!(to_protocol(win_in(3)), ScoreValue::Mate(3));
        assert_eq!(to_protocol(loss_in(4)), ScoreValue::Mate(-4));
        assert_eq!(to_protocol(-250), ScoreValue::Centi(-250));
        assert!(is_proven(win_in(10)) && !is_proven(25_500));
    }
}
