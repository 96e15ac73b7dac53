//! The build's sowing: [`Kalah::sow`](crate::games::kalah::Kalah)'s rules
//! on a bare canonical board, which gives the child's canonical board at
//! once.
//!
//! The build sows every move of every entry, so this is its inner loop.
//! Playing on a copy of a whole [`Kalah`](crate::games::kalah::Kalah)
//! (stores, side, rule, pit count) and turning the result back into a
//! canonical vector cost more than the sowing itself; here the board is
//! just the pits, the side to move's first, and a child that passes the
//! turn comes out with its halves swapped. The tests check it against the
//! engine's own sowing on random positions.

use crate::games::kalah::position::PIT_SLOTS;

/// Bytes of a board: both sides' pits, [`PIT_SLOTS`] each at most, rounded
/// up to two 16-byte vector registers. Whole-register loads and stores
/// keep the processor forwarding each store to the next load; a board of
/// 24 bytes went through the stack in pieces of 8 that a wider load then
/// had to wait for.
pub(super) const BOARD_SLOTS: usize = 32;

/// A canonical board: the side to move's `pits` pits from its own left,
/// then the opponent's `pits` pits; the bytes after `2 * pits` are 0.
pub(super) type Board = [u8; BOARD_SLOTS];

/// One move played on a canonical board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Sown {
    /// The board after the move, the mover's pits still first (all zeros
    /// once the game is over). When the turn passes, the child's canonical
    /// board is this with its halves swapped: [`Sown::child`].
    pub(super) board: Board,
    /// The mover's store gain minus the opponent's (the sweep included).
    pub(super) gain: i32,
    /// The mover moves again: the child's f adds to `gain`, else subtracts.
    pub(super) same_side: bool,
    /// The game is over: the child is the empty board, whose f is 0.
    pub(super) over: bool,
}

impl Sown {
    /// The child's canonical board's halves: the side to move's pits, then
    /// the other side's. No copy: the halves are swapped by reading them.
    #[inline]
    pub(super) fn halves<const PITS: usize>(&self) -> (&[u8; PITS], &[u8; PITS]) {
        let (mover, rest) = self.board.split_first_chunk::<PITS>().unwrap_or_else(|| {
            unreachable!("a board holds two sides");
        });
        let (other, _) = rest.split_first_chunk::<PITS>().unwrap_or_else(|| {
            unreachable!("a board holds two sides");
        });
        if self.same_side {
            (mover, other)
        } else {
            (other, mover)
        }
    }

    /// The child's canonical board.
    #[cfg(test)]
    pub(super) fn child<const PITS: usize>(&self) -> Board {
        let (first, second) = self.halves::<PITS>();
        let mut child = [0; BOARD_SLOTS];
        child[..PITS].copy_from_slice(first);
        child[PITS..2 * PITS].copy_from_slice(second);
        child
    }
}

/// `DISTANCES[pits][pit][k]`: how far byte `k` of a board of `pits` pits
/// a side lies after pit `pit` on the mover's ring, so that a remainder
/// of `r` seeds adds one to exactly the bytes at distance `1..=r`. The
/// origin is [`ORIGIN`] and the bytes past the board are [`u8::MAX`]
/// (never reached). The sowing then works on whole boards at a time,
/// which the compiler turns into a few vector instructions, with no store
/// of a single byte at a computed place (loading a board right after such
/// a store stalls the processor).
static DISTANCES: [[[u8; BOARD_SLOTS]; PIT_SLOTS]; PIT_SLOTS + 1] = distances();

/// The distance of the pit sown from itself, in [`DISTANCES`].
const ORIGIN: u8 = 0;

/// [`DISTANCES`], at compile time.
const fn distances() -> [[[u8; BOARD_SLOTS]; PIT_SLOTS]; PIT_SLOTS + 1] {
    let mut table = [[[u8::MAX; BOARD_SLOTS]; PIT_SLOTS]; PIT_SLOTS + 1];
    let mut pits = 1;
    while pits <= PIT_SLOTS {
        let ring = 2 * pits + 1;
        let mut pit = 0;
        while pit < pits {
            let mut k = 0;
            while k < 2 * pits {
                // Ring positions: own pits, the store, the opponent's pits.
                let position = if k < pits { k } else { k + 1 };
                // At most 2 * PIT_SLOTS: fits a u8.
                table[pits][pit][k] = ((position + ring - pit) % ring) as u8;
                k += 1;
            }
            pit += 1;
        }
        pits += 1;
    }
    table
}

/// Sows pit `pit` (0-based, holding seeds) of the side to move on `board`
/// of `PITS` pits a side, whose sides hold `sums` seeds, with capture, extra turn and sweep exactly as
/// [`Kalah::sow`](crate::games::kalah::Kalah) plays them.
///
/// The ring of the mover is its own pits `0..PITS`, its store (ring
/// position `PITS`), then the opponent's pits; on the board the opponent's
/// pit `k` is byte `PITS + k`, so ring position `p > PITS` is byte `p - 1`.
/// `PITS` is a constant so that every loop here unrolls.
#[inline]
pub(super) fn sow<const PITS: usize>(
    board: &Board,
    sums: [u32; 2],
    pit: usize,
    empty_capture: bool,
) -> Sown {
    let ring = 2 * PITS + 1;
    let distances = &DISTANCES[PITS][pit];
    let mut store = 0u32;

    // 1. Full laps: every hole of the ring, the origin included, gets one
    //    seed per lap (rare: only pits with a whole ring of seeds).
    let seeds = usize::from(board[pit]);
    debug_assert!(seeds > 0, "sowing an empty pit");
    let (laps, remainder) = if seeds < ring {
        (0, seeds)
    } else {
        store += u32::try_from(seeds / ring).unwrap_or(u32::MAX);
        (u8::try_from(seeds / ring).unwrap_or(u8::MAX), seeds % ring)
    };

    // 2. Pick the seeds up, add the laps, and sow the remainder one seed a
    //    hole after the origin: own pits, own store, the opponent's pits,
    //    own pits from pit 0. The remainder is shorter than the ring, so
    //    it never reaches the origin again. Bytes past the board stay 0.
    let reach = u8::try_from(remainder).unwrap_or(u8::MAX);
    let mut next = [0u8; BOARD_SLOTS];
    for ((next, &seeds), &distance) in next.iter_mut().zip(board).zip(distances) {
        let kept = if distance == ORIGIN { 0 } else { seeds };
        let lap = if distance == u8::MAX { 0 } else { laps };
        // distance - 1 < reach: the bytes at distance 1..=reach.
        let sown = u8::from(distance.wrapping_sub(1) < reach);
        *next = kept.wrapping_add(lap).wrapping_add(sown);
    }
    // The seeds on each side now, counted rather than summed: summing the
    // board just written would wait for its stores.
    let to_store = PITS - pit;
    let past_store = remainder.saturating_sub(to_store);
    let own_sown = remainder.min(to_store - 1) + past_store.saturating_sub(PITS);
    let lapped = u32::from(laps) * u32::try_from(PITS).unwrap_or(0);
    let mut own =
        sums[0] - u32::try_from(seeds).unwrap_or(0) + lapped + u32::try_from(own_sown).unwrap_or(0);
    let mut theirs = sums[1] + lapped + u32::try_from(past_store.min(PITS)).unwrap_or(0);
    if remainder >= to_store {
        store += 1;
    }

    // 3. Where the last seed fell, as a ring position.
    let last = match pit + remainder {
        past_the_end if past_the_end >= ring => past_the_end - ring,
        position => position,
    };
    let same_side = last == PITS;

    // 4. Capture: the last seed made an own pit hold 1, and the opposite
    //    pit holds seeds (or empty captures count).
    if last < PITS && next[last] == 1 {
        let opposite = PITS + (PITS - 1 - last);
        let across = next[opposite];
        if across > 0 || empty_capture {
            for (k, count) in next.iter_mut().enumerate() {
                if k == last || k == opposite {
                    *count = 0;
                }
            }
            store += u32::from(across) + 1;
            own -= 1;
            theirs -= u32::from(across);
        }
    }

    // 5. The sweep: once a side is empty each player stores its own seeds,
    //    and the game is over.
    // At most 255 seeds in all, so these fit an i32.
    let store = i32::try_from(store).unwrap_or(i32::MAX);
    if own == 0 || theirs == 0 {
        let swept = i32::try_from(own).unwrap_or(0) - i32::try_from(theirs).unwrap_or(0);
        return Sown {
            board: [0; BOARD_SLOTS],
            gain: store + swept,
            same_side,
            over: true,
        };
    }
    Sown {
        board: next,
        gain: store,
        same_side,
        over: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Player;
    use crate::games::kalah::Kalah;
    use proptest::prelude::*;

    /// The engine's sowing of `board`'s pit `pit`, as a [`Sown`].
    fn by_the_engine(board: &Board, pits: usize, pit: usize, empty_capture: bool) -> Sown {
        let mut first = [0; PIT_SLOTS];
        let mut second = [0; PIT_SLOTS];
        first[..pits].copy_from_slice(&board[..pits]);
        second[..pits].copy_from_slice(&board[pits..2 * pits]);
        let mut position = Kalah {
            pits: [first, second],
            stores: [0; 2],
            pit_count: u8::try_from(pits).unwrap(),
            side: Player::One,
            empty_capture,
        };
        position.sow(pit);
        let same_side = position.side == Player::One;
        let (first, second) = if same_side {
            (position.pits[0], position.pits[1])
        } else {
            (position.pits[1], position.pits[0])
        };
        let mut child = [0; BOARD_SLOTS];
        child[..pits].copy_from_slice(&first[..pits]);
        child[pits..2 * pits].copy_from_slice(&second[..pits]);
        Sown {
            board: child,
            gain: i32::from(position.stores[0]) - i32::from(position.stores[1]),
            same_side,
            over: position.is_over(),
        }
    }

    proptest! {
        #[test]
        fn agrees_with_the_engine(
            pits in 1usize..=PIT_SLOTS,
            seeds in prop::collection::vec(0u8..=9, 2 * PIT_SLOTS),
            big in 0u8..=60,
            pit in 0usize..PIT_SLOTS,
            empty_capture: bool,
        ) {
            let pit = pit % pits;
            let mut board = [0; BOARD_SLOTS];
            board[..2 * pits].copy_from_slice(&seeds[..2 * pits]);
            // Sometimes a pit of several laps.
            board[pit] = board[pit].max(1) + if big > 30 { big } else { 0 };
            let sums = [
                board[..pits].iter().map(|&s| u32::from(s)).sum(),
                board[pits..2 * pits].iter().map(|&s| u32::from(s)).sum(),
            ];
            let sown = match pits {
                1 => sow::<1>(&board, sums, pit, empty_capture),
                2 => sow::<2>(&board, sums, pit, empty_capture),
                3 => sow::<3>(&board, sums, pit, empty_capture),
                4 => sow::<4>(&board, sums, pit, empty_capture),
                5 => sow::<5>(&board, sums, pit, empty_capture),
                6 => sow::<6>(&board, sums, pit, empty_capture),
                7 => sow::<7>(&board, sums, pit, empty_capture),
                8 => sow::<8>(&board, sums, pit, empty_capture),
                9 => sow::<9>(&board, sums, pit, empty_capture),
                10 => sow::<10>(&board, sums, pit, empty_capture),
                11 => sow::<11>(&board, sums, pit, empty_capture),
                _ => sow::<12>(&board, sums, pit, empty_capture),
            };
            let engine = by_the_engine(&board, pits, pit, empty_capture);
            let child = match pits {
                1 => sown.child::<1>(),
                2 => sown.child::<2>(),
                3 => sown.child::<3>(),
                4 => sown.child::<4>(),
                5 => sown.child::<5>(),
                6 => sown.child::<6>(),
                7 => sown.child::<7>(),
                8 => sown.child::<8>(),
                9 => sown.child::<9>(),
                10 => sown.child::<10>(),
                11 => sown.child::<11>(),
                _ => sown.child::<12>(),
            };
            prop_assert_eq!(child, engine.board);
            prop_assert_eq!(
                (sown.gain, sown.same_side, sown.over),
                (engine.gain, engine.same_side, engine.over)
            );
        }
    }
}
