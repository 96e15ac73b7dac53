//! Search scores: centi-units for evaluations, a band at the top and bottom
//! for proven wins and losses ("mate" scores), and conversions to the
//! protocol's `score cp|mate`.
//!
//! A proven win found `ply` plies below the root scores `MATE - ply`, so a
//! shorter win is always preferred and the distance can be read back.

use ply_protocol::ScoreValue;

/// The score of a win at the root itself. Every evaluation stays far below it.
pub const MATE: i32 = 1_000_000;

/// Deepest ply the search ever reaches below the root; sizes per-ply arrays.
pub const MAX_PLY: usize = 256;

/// Scores at or above this (or at or below its negation) are proven results.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

/// Larger than any score: the initial window bound.
pub const INFINITE: i32 = MATE + 1;

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

/// Whether `score` is a proven win or loss.
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
/// plies (single moves) to the end of the game, negative when losing.
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
        ScoreValue::Centi(score)
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
    fn protocol_scores_count_plies() {
        assert_eq!(to_protocol(win_in(3)), ScoreValue::Mate(3));
        assert_eq!(to_protocol(loss_in(4)), ScoreValue::Mate(-4));
        assert_eq!(to_protocol(-250), ScoreValue::Centi(-250));
        assert!(is_proven(win_in(10)) && !is_proven(25_500));
    }
}
