//! The boards one quiet move away from a board, found by un-sowing: the
//! build that works only where something can change
//! (`endgame_propagate.rs`) looks at a board's parents again when its
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
pub(super) fn quiet_parents(child: &Board, mut found: impl FnMut(&Board)) {
    let houses = usize::from(child.house_count);
    let ring = 2 * houses;
    let per_lap = ring - 1;
    // The holes from the mover's house 1 on: its row, then the opponent's.
    let mut holes = [0u8; RING_SLOTS];
    holes[..houses].copy_from_slice(&child.houses[0][..houses]);
    holes[houses..ring].copy_from_slice(&child.houses[1][..houses]);
    let hole = |origin: usize, distance: usize| (origin + distance) % ring;
    for origin in (0..houses).filter(|&house| holes[house] == 0) {
        // The fewest seeds in a hole but the origin: the most full laps.
        let fewest = (1..ring)
            .map(|distance| holes[hole(origin, distance)])
            .min()
            .unwrap_or(0);
        for laps in 0..=usize::from(fewest) {
            // The holes after the origin with a seed beyond the laps', in
            // a row: how far the rest of the sowing can have reached.
            let reach = (1..per_lap)
                .take_while(|&distance| usize::from(holes[hole(origin, distance)]) > laps)
                .count();
            for rest in 0..=reach {
                let seeds = laps * per_lap + rest;
                let Ok(sown) = u8::try_from(seeds) else {
                    return;
                };
                if sown == 0 {
                    continue;
                }
                let mut parent = *child;
                parent.stores = [0, 0];
                let lap = u8::try_from(laps).unwrap_or(u8::MAX);
                for distance in 1..ring {
                    let at = hole(origin, distance);
                    let taken = lap + u8::from(distance <= rest);
                    let (row, house) = if at < houses {
                        (0, at)
                    } else {
                        (1, at - houses)
                    };
                    parent.houses[row][house] -= taken;
                }
                parent.houses[0][origin] = sown;
                if is_quiet_move_to(&parent, origin, child) {
                    found(&parent);
                }
            }
        }
    }
}

/// Whether South's move from `house` is legal on `parent` and captures
/// nothing, leaving `child`.
fn is_quiet_move_to(parent: &Board, house: usize, child: &Board) -> bool {
    if parent.row_is_empty(Player::Two) && !parent.reaches_opponent(Player::One, house) {
        return false;
    }
    let mut sown = *parent;
    if sown.sow(Player::One, house) > 0 {
        return false;
    }
    debug_assert_eq!(sown.houses, child.houses, "un-sowing {house} of {parent:?}");
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::endgame::rank::{entry_count, unrank};
    use crate::games::oware::retrograde::board_of;
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
