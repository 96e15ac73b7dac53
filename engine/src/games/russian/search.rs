//! What the search needs from Russian draughts: a key, the evaluation,
//! move-ordering hints, and which positions are quiet.
//!
//! The key is the board's and side to move's, not the draw counters':
//! a position reached along two lines shares its table entry even when
//! one is nearer a move-limit draw (the "graph history interaction"
//! chess engines accept too); the rules themselves always see the line.

use super::eval::RussianEvaluation;
use super::moves::Move;
use super::position::Russian;
use super::squares::SQUARES;
use crate::search::Evaluator;
use crate::search::SearchGame;

/// Ordering hint for a capture; each piece taken adds
/// `PER_CAPTURED`, each king taken `PER_KING_CAPTURED` more, so longer
/// captures are tried first.
pub const CAPTURE_PRIORITY: i32 = 1_000;

/// Ordering bonus per piece a capture takes.
const PER_CAPTURED: i32 = 10;

/// Extra ordering bonus per king a capture takes.
const PER_KING_CAPTURED: i32 = 15;

/// Ordering hint for a man's move that crowns it.
const CROWNING_PRIORITY: i32 = 500;

impl SearchGame for Russian {
    /// Kept up to date by every move.
    fn hash_key(&self) -> u64 {
        self.key
    }

    /// [`RussianEvaluation::DEFAULT`].
    fn evaluate(&self) -> i32 {
        RussianEvaluation::DEFAULT.evaluate(self)
    }

    /// Captures first, longer and king-taking ones before shorter, then
    /// crownings, then the rest.
    fn move_priority(&self, mv: Move) -> i32 {
        let crowning = if mv.crowned { CROWNING_PRIORITY } else { 0 };
        if mv.is_capture() {
            let kings = (mv.captured & self.board.kings).count_ones() as i32;
            CAPTURE_PRIORITY
                + PER_CAPTURED * mv.capture_count() as i32
                + PER_KING_CAPTURED * kings
                + crowning
        } else {
            crowning
        }
    }

    /// Start and end square.
    fn move_index(mv: Move) -> usize {
        usize::from(mv.from) * SQUARES + usize::from(mv.to)
    }

    const MOVE_INDEX_LIMIT: usize = SQUARES * SQUARES;

    /// A position with a capture pending is not evaluated: captures are
    /// mandatory, so its value is decided by the exchange.
    fn is_quiet(&self) -> bool {
        !self.must_capture()
    }
}
