//! The boards one quiet move away from a board, found by un-sowing: the
//! build that works only where something can change
//! (`build.rs`) looks at a board's parents again when its
//! bounds change, and keeps no links to find them.
//!
//! A sowing from house `h` of `s` seeds leaves `h` empty, puts `laps = s /
//! (2H - 1)` seeds in every other hole of the ring of `2H` holes and one
//! more in each of the `s % (2H - 1)` holes after `h`. So a parent by a
//! move from `h` exists only where the child's `h` is empty, and for each
//! seed count the child's holes must hold at least what the sowing put
//! there; taking it away gives the candidate, which is a parent when the
//! move is legal there and captures nothing (the rules' own sowing, run
//! forward, decides: a grand slam is quiet, any other capture is not).

use ply_rules::game::Player;
use ply_rules::games::mancala::PIT_SLOTS;
use ply_rules::games::oware::board::Board;

/// Holes of the largest ring: both rows of Abapa's board.
const RING_SLOTS: usize = 2 * PIT_SLOTS;

/// Calls `found(parent)` for every board, its mover as South, from which
/// one of South's moves captures nothing and leaves `child` with North to
/// move (`child`'s houses as the game has them: South's row, the one that
/// moved, in `houses[0]`).
#[inline]
pub(super) fn quiet_parents(child: &Board, mut found: impl FnMut(&Board)) {
    // A quiet move feeds the opponent (a must when it has none, and a
    // grand slam leaves the seeds): none reached an empty row.
    if child.row_is_empty(Player::Two) {
        return;
    }
    let houses = usize::from(child.house_count);
    let ring = 2 * houses;
    let per_lap = ring - 1;
    // The holes from the mover's house 1 on: its row, then the opponent's,
    // then the same again, so that the holes after an origin are in a row.
    // A loop of a few houses: copies of a length known only at run time
    // would call `memcpy`, a tenth of the build's time.
    let mut holes = [0u8; 2 * RING_SLOTS];
    for house in 0..houses {
        let (south, north) = (child.houses[0][house], child.houses[1][house]);
        holes[house] = south;
        holes[houses + house] = north;
        holes[ring + house] = south;
        holes[ring + houses + house] = north;
    }
    let mut blank = *child;
    blank.stores = [0, 0];
    for origin in (0..houses).filter(|&house| holes[house] == 0) {
        let after = &holes[origin + 1..origin + ring];
        // The fewest seeds in a hole but the origin: the most full laps.
        let fewest = after.iter().copied().min().unwrap_or(0);
        for laps in 0..=fewest {
            // The holes after the origin with a seed beyond the laps', in
            // a row: how far the rest of the sowing can have reached.
            let reach = after[..per_lap - 1]
                .iter()
                .take_while(|&&seeds| seeds > laps)
                .count();
            // The parent of `laps` full laps and no rest, then one seed
            // more in the origin and one less a hole after it, in turn.
            let mut parent = blank;
            if laps > 0 {
                for at in (origin + 1..origin + ring).map(|at| wrap(at, ring)) {
                    *hole_mut(&mut parent, at) -= laps;
                }
            }
            let full = usize::from(laps) * per_lap;
            for rest in 0..=reach {
                if rest > 0 {
                    *hole_mut(&mut parent, wrap(origin + rest, ring)) -= 1;
                }
                let Ok(sown) = u8::try_from(full + rest) else {
                    return;
                };
                if sown == 0 {
                    continue;
                }
                parent.houses[0][origin] = sown;
                // Where the last seed fell (the hole before the origin
                // when the laps came out even).
                let last = wrap(origin + if rest == 0 { per_lap } else { rest }, ring);
                if is_legal(&parent, origin) && !captures(child, last) {
                    debug_assert!(sows_into(&parent, origin, child), "{parent:?}");
                    found(&parent);
                }
            }
        }
    }
}

/// `at` on a ring of `ring` holes, `at` below twice around.
#[inline]
fn wrap(at: usize, ring: usize) -> usize {
    if at >= ring { at - ring } else { at }
}

/// The hole `at` of `board`'s ring from South's house 1.
#[inline]
fn hole_mut(board: &mut Board, at: usize) -> &mut u8 {
    let houses = usize::from(board.house_count);
    if at < houses {
        &mut board.houses[0][at]
    } else {
        &mut board.houses[1][at - houses]
    }
}

/// Whether South may sow `house` of `parent`: North has seeds, or the
/// sowing reaches it.
#[inline]
fn is_legal(parent: &Board, house: usize) -> bool {
    !parent.row_is_empty(Player::Two) || parent.reaches_opponent(Player::One, house)
}

/// Whether the sowing that left `child` with its last seed in hole
/// `last` (of the ring from South's house 1) captured: the rules'
/// capture (`Board::sow`) read on the houses after it, which the child
/// holds. The last seed in North's row makes 2 or 3 there, and the run of
/// such houses back towards North's house 1 does not take all of North's
/// seeds (a grand slam captures nothing).
#[inline]
fn captures(child: &Board, last: usize) -> bool {
    let houses = usize::from(child.house_count);
    let Some(end) = last.checked_sub(houses) else {
        return false;
    };
    let row = &child.houses[1][..houses];
    let taken: u32 = row[..=end]
        .iter()
        .rev()
        .take_while(|&&seeds| (2..=3).contains(&seeds))
        .map(|&seeds| u32::from(seeds))
        .sum();
    taken > 0 && taken < row.iter().map(|&seeds| u32::from(seeds)).sum()
}

/// Whether South's move from `house` of `parent` captures nothing and
/// leaves `child`, by the rules' own sowing (the check of debug builds).
fn sows_into(parent: &Board, house: usize, child: &Board) -> bool {
    let mut sown = *parent;
    sown.sow(Player::One, house) == 0 && sown.houses == child.houses
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::endgame::rank::{entry_count, unrank};
    use crate::games::oware::endgame::bounds::board_of;
    use std::collections::BTreeSet;

    /// On small boards, the parents found by un-sowing are exactly the
    /// boards whose quiet moves lead to the child.
    #[test]
    fn parents_are_the_boards_whose_quiet_moves_lead_here() {
        for (houses, max_seeds) in [(1u8, 9u8), (2, 8), (3, 7), (6, 5)] {
            let len = 2 * usize::from(houses);
            let count = entry_count(len, max_seeds).unwrap();
            // Every board's quiet children, as (child, parent) pairs.
            let mut forward = BTreeSet::new();
            let mut key = vec![0u8; len];
            for rank in 0..count {
                unrank(rank, &mut key).unwrap();
                let parent = board_of(&key, houses);
                let must_feed = parent.row_is_empty(Player::Two);
                for house in 0..usize::from(houses) {
                    if parent.houses[0][house] == 0
                        || (must_feed && !parent.reaches_opponent(Player::One, house))
                    {
                        continue;
                    }
                    let mut child = parent;
                    if child.sow(Player::One, house) == 0 {
                        forward.insert((child.houses, parent.houses));
                    }
                }
            }
            let mut backward = BTreeSet::new();
            for rank in 0..count {
                unrank(rank, &mut key).unwrap();
                // The child as the game has it: South moved, North to move.
                let child = board_of(&key, houses);
                quiet_parents(&child, |parent| {
                    assert!(
                        backward.insert((child.houses, parent.houses)),
                        "{houses} houses: a parent found twice"
                    );
                });
            }
            assert_eq!(forward, backward, "{houses} houses, {max_seeds} seeds");
        }
    }
}
