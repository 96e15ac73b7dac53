//! Capture sequences: a depth-first search over the landing squares,
//! under the Turkish strike rule.
//!
//! Captured pieces stay on the board until the move ends: they block the
//! way (a king cannot fly over them, nothing lands on them) and cannot be
//! jumped a second time. The capturing piece's own starting square is
//! empty for the whole move, so it may pass over it or land on it again.
//!
//! A man captures forwards and backwards; a man landing on its last rank
//! becomes a king at once and, if it can, goes on capturing as a king. A
//! king flies to the first piece on a diagonal and lands on any empty
//! square beyond it; if from some of those squares it can capture again,
//! it must land on one of them (and go on), otherwise it may stop on any.
//! A started sequence is finished: a sequence ends only where no further
//! capture is possible.

use super::board::{Board, crown_rank};
use super::moves::{Move, pack_landing, truncate_path};
use super::squares::{Bits, Direction, NEIGHBOUR, NONE, RAY, nearest, ray_before, step};
use crate::game::Player;

/// The fixed facts of one capture search: whose move, from where, and
/// the board as the capturing piece sees it.
struct Search<'a, F> {
    /// The square the capturing piece started from.
    from: u8,
    /// The opponent's pieces, captured ones included.
    opponent: u32,
    /// Empty squares: the start square is empty, captured pieces are not.
    empty: u32,
    /// The mover's crowning rank.
    crown: u32,
    /// Where finished sequences go.
    sink: &'a mut F,
}

/// Whether `side` has any capture at all: a few bitboard steps for the
/// men, a look along the diagonals for each king.
#[must_use]
pub fn has_capture(board: &Board, side: Player) -> bool {
    let empty = board.empty();
    let opponent = board.pieces[side.opponent().index()];
    let men = board.men(side);
    for dir in Direction::ALL {
        if step(step(men, dir) & opponent, dir) & empty != 0 {
            return true;
        }
    }
    Bits(board.kings_of(side)).any(|king| king_can_capture(king, opponent, empty, 0))
}

/// Calls `sink` with every complete capture sequence of `side`, by every
/// path (the caller merges sequences with the same effect).
pub fn captures<F: FnMut(Move)>(board: &Board, side: Player, sink: &mut F) {
    let opponent = board.pieces[side.opponent().index()];
    let crown = crown_rank(side);
    for from in Bits(board.pieces[side.index()]) {
        let mut search = Search {
            from,
            opponent,
            empty: board.empty() | (1 << from),
            crown,
            sink: &mut *sink,
        };
        if board.kings & (1 << from) != 0 {
            search.king(from, 0, 0, 0, false);
        } else {
            search.man(from, 0, 0, 0);
        }
    }
}

/// Whether a king on `at` can capture a piece of `opponent` not in
/// `captured`, with `empty` the empty squares.
#[inline]
fn king_can_capture(at: u8, opponent: u32, empty: u32, captured: u32) -> bool {
    Direction::ALL.into_iter().any(|dir| {
        let blockers = RAY[dir.index()][usize::from(at)] & !empty;
        if blockers == 0 {
            return false;
        }
        let first = nearest(blockers, dir);
        let behind = NEIGHBOUR[dir.index()][usize::from(first)];
        (opponent & !captured) & (1 << first) != 0 && behind != NONE && empty & (1 << behind) != 0
    })
}

impl<F: FnMut(Move)> Search<'_, F> {
    /// Ends a sequence on `at` after `landings` landings.
    #[inline]
    fn finish(&mut self, at: u8, captured: u32, path: u64, landings: u32, crowned: bool) {
        let via = truncate_path(path, landings.saturating_sub(1));
        (self.sink)(Move::capture(self.from, at, crowned, captured, via));
    }

    /// A man on `at` that has captured `captured` so far.
    fn man(&mut self, at: u8, captured: u32, path: u64, landings: u32) {
        let mut found = false;
        for dir in Direction::ALL {
            // 1. An uncaptured enemy piece next to it, an empty square behind.
            let over = NEIGHBOUR[dir.index()][usize::from(at)];
            if over == NONE || (self.opponent & !captured) & (1 << over) == 0 {
                continue;
            }
            let land = NEIGHBOUR[dir.index()][usize::from(over)];
            if land == NONE || self.empty & (1 << land) == 0 {
                continue;
            }
            found = true;
            // 2. Jump; on the last rank it goes on as a king at once.
            let captured = captured | (1 << over);
            let path = pack_landing(path, landings, land);
            if self.crown & (1 << land) != 0 {
                self.king(land, captured, path, landings + 1, true);
            } else {
                self.man(land, captured, path, landings + 1);
            }
        }
        // 3. No further capture: the sequence ends here.
        if !found && landings > 0 {
            self.finish(at, captured, path, landings, false);
        }
    }

    /// A king on `at` that has captured `captured` so far (`crowned`: it
    /// was a man when the move began).
    fn king(&mut self, at: u8, captured: u32, path: u64, landings: u32, crowned: bool) {
        let mut found = false;
        for dir in Direction::ALL {
            // 1. The first piece on the diagonal must be an uncaptured enemy.
            let ray = RAY[dir.index()][usize::from(at)];
            let blockers = ray & !self.empty;
            if blockers == 0 {
                continue;
            }
            let over = nearest(blockers, dir);
            if (self.opponent & !captured) & (1 << over) == 0 {
                continue;
            }
            // 2. The empty squares behind it, up to the next piece.
            let beyond = RAY[dir.index()][usize::from(over)];
            let next = beyond & !self.empty;
            let landings_here = if next == 0 {
                beyond
            } else {
                ray_before(over, dir, nearest(next, dir))
            };
            if landings_here == 0 {
                continue;
            }
            found = true;
            let captured = captured | (1 << over);
            // 3. Where the capture can go on, it must; else stop anywhere.
            let continuing: u32 = Bits(landings_here)
                .filter(|&land| king_can_capture(land, self.opponent, self.empty, captured))
                .fold(0, |set, land| set | (1 << land));
            let choices = if continuing == 0 {
                landings_here
            } else {
                continuing
            };
            for land in Bits(choices) {
                let path = pack_landing(path, landings, land);
                if continuing == 0 {
                    self.finish(land, captured, path, landings + 1, crowned);
                } else {
                    self.king(land, captured, path, landings + 1, crowned);
                }
            }
        }
        // 4. No capture from here: the sequence ends (never at the start).
        if !found && landings > 0 {
            self.finish(at, captured, path, landings, crowned);
        }
    }
}
