//! What the search needs from Russian draughts: a key, the evaluation,
//! move-ordering hints, and which positions are quiet.
//!
//! The key is the board's and side to move's, not the draw counters':
//! a position reached along two lines shares its table entry even when
//! one is nearer a move-limit draw (the "graph history interaction"
//! chess engines accept too); the rules themselves always see the line.

use super::endgame::{RussianDb, Wdl};
use super::eval::RussianEvaluation;
use super::network;
use crate::network::{EmbeddedNetwork, Slots};
use crate::search::Evaluator;
use crate::search::SearchGame;
use crate::search::game::KnownMargin;
use crate::search::oracles::Oracles;
use crate::search::score::CENTI;
use ply_rules::game::Player;
use ply_rules::games::russian::Board;
use ply_rules::games::russian::Move;
use ply_rules::games::russian::Russian;
use ply_rules::games::russian::draw::KING_MOVES_PLIES;
use ply_rules::games::russian::squares::{Bits, SQUARES};

/// The margin the tables give a won position (centi-units) before its
/// distance from the end is taken off (see [`table_margin`]); a proven
/// score's margin is at most 255 units.
const TABLE_WIN_MARGIN: i32 = 200 * CENTI;

/// What a piece on the board weighs in [`remaining_progress`]: more than
/// all the steps its side's men may still take.
const PIECE_PROGRESS: i32 = 64;

/// Steps a man takes from its first rank to its crowning rank.
const STEPS_TO_CROWN: i32 = 7;

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

    fn network() -> Option<&'static EmbeddedNetwork> {
        Some(&network::EMBEDDED)
    }

    fn network_input(&self, perspective: Player, slots: &mut Slots) -> bool {
        network::input(self, perspective, slots)
    }

    /// The material.
    fn network_base(&self) -> i32 {
        network::base(self)
    }

    /// By the pieces left.
    fn network_bucket(&self, buckets: usize) -> usize {
        network::bucket(self, buckets)
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

    /// Scan's margin: a tenth of a man a ply of depth (its SPRT is in
    /// docs/engine.md, "Search" of Russian draughts).
    const PROBCUT_MARGIN_PER_PLY: Option<i32> = Some(10);

    /// A position with a capture pending is not evaluated: captures are
    /// mandatory, so its value is decided by the exchange.
    fn is_quiet(&self) -> bool {
        !self.must_capture()
    }

    /// What the endgame tables know, with the move limits weighed (see
    /// `endgame/entry.rs`): a draw is exact, and so is a proven win or
    /// loss whose next conversion comes within the plies the draw counts
    /// leave ([`Limits::plies_left`](super::endgame::material::Limits::plies_left)).
    /// Any other win (loss) is at least (at most) a draw: it may be one.
    fn known_margin(&self, oracles: &Oracles) -> Option<KnownMargin> {
        let (entry, proven) = oracles.get::<RussianDb>()?.prove(self)?;
        let won = table_margin(&self.board, entry.mtc().unwrap_or(0));
        Some(match proven {
            (Wdl::Draw, Wdl::Draw) => KnownMargin::exact(0),
            (Wdl::Win, _) => KnownMargin::exact(won),
            (_, Wdl::Loss) => KnownMargin::exact(-won),
            (Wdl::Draw, _) => KnownMargin {
                lower: 0,
                upper: TABLE_WIN_MARGIN,
            },
            (Wdl::Loss, _) => KnownMargin {
                lower: -TABLE_WIN_MARGIN,
                upper: 0,
            },
        })
    }
}

/// The margin of a win the tables prove with `mtc` plies to its next
/// conversion: the nearer the end, the more. Every conversion lowers
/// [`remaining_progress`], and that outweighs any MTC, so the search
/// converts rather than keep a short MTC by shuffling kings.
fn table_margin(board: &Board, mtc: u8) -> i32 {
    let mtc_span = i32::from(KING_MOVES_PLIES) + 1;
    TABLE_WIN_MARGIN - remaining_progress(board) * mtc_span - i32::from(mtc)
}

/// How far an ending is from its end: a weight for each piece on the
/// board and one for each step a man may still take to its crowning
/// rank. A capture, a man's step and a crowning each lower it.
fn remaining_progress(board: &Board) -> i32 {
    let steps = |side: Player| -> i32 {
        Bits(board.men(side))
            .map(|s| {
                let rank = i32::from(s / 4);
                match side {
                    Player::One => STEPS_TO_CROWN - rank,
                    Player::Two => rank,
                }
            })
            .sum()
    };
    PIECE_PROGRESS * board.occupied().count_ones() as i32 + steps(Player::One) + steps(Player::Two)
}
