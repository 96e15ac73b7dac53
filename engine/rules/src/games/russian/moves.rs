//! A draughts move: a small `Copy` value that says where the piece goes,
//! what it takes and how it gets there.
//!
//! A capture is one move however many pieces it takes. Its landing
//! squares are kept, five bits each, so that the notation can print the
//! whole path (`c3:e5:g3`); two sequences with the same start, end,
//! captured set and crowning are the same move (the generator keeps the
//! first path it finds), as the usual perft figures count them.

/// Bits per square in a packed path.
const SQUARE_BITS: u32 = 5;

/// The mask of one packed square.
const SQUARE_MASK: u64 = (1 << SQUARE_BITS) - 1;

/// One move of Russian draughts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square the piece leaves.
    pub from: u8,
    /// The square it ends on.
    pub to: u8,
    /// A man that becomes a king during the move (at its end, or on the
    /// way when it crosses the last rank while capturing).
    pub crowned: bool,
    /// The pieces it captures (none for a quiet move).
    pub captured: u32,
    /// The landing squares before `to`, first in the low bits. A side has
    /// at most 12 pieces, so a capture lands at most 12 times: 11 squares
    /// of 5 bits fit.
    via: u64,
}

impl Move {
    /// A move without capture.
    #[inline]
    #[must_use]
    pub const fn quiet(from: u8, to: u8, crowned: bool) -> Self {
        Self {
            from,
            to,
            crowned,
            captured: 0,
            via: 0,
        }
    }

    /// A capture whose landing squares before `to` are packed in `via`
    /// (see [`pack_landing`]).
    #[inline]
    #[must_use]
    pub const fn capture(from: u8, to: u8, crowned: bool, captured: u32, via: u64) -> Self {
        Self {
            from,
            to,
            crowned,
            captured,
            via,
        }
    }

    /// Whether the move captures.
    #[inline]
    #[must_use]
    pub const fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// Pieces captured.
    #[inline]
    #[must_use]
    pub const fn capture_count(&self) -> u32 {
        self.captured.count_ones()
    }

    /// The squares the piece lands on, in order, ending with `to` (just
    /// `to` for a quiet move).
    #[must_use]
    pub fn landings(&self) -> Vec<u8> {
        let before = self.capture_count().saturating_sub(1);
        let mut squares: Vec<u8> = (0..before)
            .map(|i| ((self.via >> (i * SQUARE_BITS)) & SQUARE_MASK) as u8)
            .collect();
        squares.push(self.to);
        squares
    }

    /// Whether `other` is the same move by the rules (start, end,
    /// captured set, crowning), whatever its path.
    #[inline]
    #[must_use]
    pub const fn same_effect(&self, other: &Self) -> bool {
        self.from == other.from
            && self.to == other.to
            && self.captured == other.captured
            && self.crowned == other.crowned
    }
}

/// `path` with landing square `square` added as its `index`-th (0-based).
#[inline]
#[must_use]
pub const fn pack_landing(path: u64, index: u32, square: u8) -> u64 {
    path | ((square as u64) << (index * SQUARE_BITS))
}

/// The first `count` landings of `path`.
#[inline]
#[must_use]
pub const fn truncate_path(path: u64, count: u32) -> u64 {
    if count * SQUARE_BITS >= 64 {
        path
    } else {
        path & ((1u64 << (count * SQUARE_BITS)) - 1)
    }
}
