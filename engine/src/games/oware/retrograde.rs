//! Retrograde analysis of Oware endgames: the exact value of every board
//! with at most N seeds whose value does not depend on the positions seen
//! before it, on any number of houses a side.
//!
//! **The value.** For a board and a side to move, f is the side to move's
//! future captures minus the opponent's, with the final sweep (each side
//! taking its own row when the mover cannot move or cannot feed, or when a
//! position repeats), with perfect play by both sides, **in the game that
//! starts at this position right after a capture** (no earlier position can
//! repeat), and played until the board is decided: a majority in a store
//! does not stop it (it never changes who wins; `docs/endgame-db.md`). f
//! depends on the houses and the side to move only, not on the stores.
//!
//! **Repetitions.** Without a capture the seeds stay on the board and the
//! game can cycle; a repetition ends it with each side taking its own row,
//! so the value of a line depends on which positions it has already
//! passed. The analysis gives a value only where it cannot: a position is
//! *known* when every move leads to a known position (a capture leads to a
//! fresh game at a lower level, whose values are all settled first), or
//! when one of its known moves already wins every seed on the board. The
//! known positions are settled one after another, each from positions
//! settled before it, so play that keeps to known values never comes back
//! to a position: no repetition can change their values. A position that
//! stays unknown is one where at least one side can steer play into a
//! cycle; its value depends on the history, and the file says nothing
//! about it ([`UNKNOWN`]): the search searches it.
//!
//! **Order.** Level by level (seeds on the board), as the Kalah databases:
//! a capture lowers the level, so every capture's child is settled before
//! its level is looked at. Within a level, passes over the unknown
//! positions settle what they can until a pass settles nothing. This is
//! the simple form of the analysis (a pass sows every move of every
//! unknown position), kept as the reference the faster builds are checked
//! against.

use ply_rules::game::Player;
use ply_rules::games::mancala::PIT_SLOTS;
use ply_rules::games::oware::board::Board;

use crate::games::kalah::endgame::{MAX_RANK_LEN, entry_count, rank, unrank};

/// The entry of a position whose value depends on the history (or was not
/// settled): no value.
pub const UNKNOWN: i8 = i8::MIN;

/// Most seeds on the board an analysis covers: values lie in `-N..=N` and
/// are kept as `i8`, [`UNKNOWN`] aside.
pub const MAX_SEEDS: u8 = 127;

/// The values of every board of `houses` houses a side with at most
/// `max_seeds` seeds, by rank of the canonical key (the mover's houses
/// from its own left, then the opponent's).
#[derive(Clone, Debug)]
pub struct Analysis {
    houses: u8,
    max_seeds: u8,
    values: Vec<i8>,
}

impl Analysis {
    /// Analyses every board of `houses` houses a side (1 to 6 here: the
    /// key of both rows must fit [`MAX_RANK_LEN`]) with at most
    /// `max_seeds` seeds on the board.
    ///
    /// # Errors
    /// A house count or seed limit out of range, or more entries than
    /// memory can address.
    pub fn build(houses: u8, max_seeds: u8) -> Result<Self, String> {
        let len = 2 * usize::from(houses);
        if houses == 0 || len > MAX_RANK_LEN || usize::from(houses) > PIT_SLOTS {
            return Err(format!(
                "an Oware database has 1 to {} houses a side, not {houses}",
                MAX_RANK_LEN / 2
            ));
        }
        if max_seeds > MAX_SEEDS {
            return Err(format!(
                "an Oware database holds at most {MAX_SEEDS} seeds on the board, not {max_seeds}"
            ));
        }
        let count = entry_count(len, max_seeds)
            .and_then(|count| usize::try_from(count).ok())
            .ok_or_else(|| format!("{max_seeds} seeds on {houses} houses make too many entries"))?;
        let mut analysis = Self {
            houses,
            max_seeds,
            values: vec![UNKNOWN; count],
        };
        for level in 0..=max_seeds {
            analysis.settle_level(level);
        }
        Ok(analysis)
    }

    /// Houses a side.
    #[must_use]
    pub fn houses(&self) -> u8 {
        self.houses
    }

    /// Most seeds on the board.
    #[must_use]
    pub fn max_seeds(&self) -> u8 {
        self.max_seeds
    }

    /// Entries, known or not.
    #[must_use]
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Never true: even no seeds make one board.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The entries, by rank ([`UNKNOWN`] where there is no value).
    #[must_use]
    pub fn entries(&self) -> &[i8] {
        &self.values
    }

    /// f of `board` with `side` to move (see the module docs), if the
    /// analysis holds it and it is known.
    #[must_use]
    pub fn value(&self, board: &Board, side: Player) -> Option<i32> {
        if board.house_count != self.houses {
            return None;
        }
        let key = canonical_key(board, side);
        let seeds: u32 = key.iter().map(|&s| u32::from(s)).sum();
        if seeds > u32::from(self.max_seeds) {
            return None;
        }
        let entry = *self.values.get(usize::try_from(rank(&key)).ok()?)?;
        (entry != UNKNOWN).then_some(i32::from(entry))
    }

    /// Settles what can be settled of the boards of exactly `level` seeds
    /// (every lower level is settled already).
    fn settle_level(&mut self, level: u8) {
        let len = 2 * usize::from(self.houses);
        let first = if level == 0 {
            0
        } else {
            entry_count(len, level - 1).unwrap_or(0)
        };
        let end = entry_count(len, level).unwrap_or(0);
        let (Ok(first), Ok(end)) = (usize::try_from(first), usize::try_from(end)) else {
            return;
        };
        // 1. Pass after pass over the unknown boards, until one settles none.
        let mut key = vec![0u8; len];
        loop {
            let mut settled = 0usize;
            for index in first..end {
                if self.values[index] != UNKNOWN {
                    continue;
                }
                if unrank(index as u64, &mut key).is_none() {
                    continue;
                }
                if let Some(value) = self.settle(&key, level) {
                    self.values[index] = value;
                    settled += 1;
                }
            }
            if settled == 0 {
                break;
            }
        }
    }

    /// The value of the board with canonical `key` (of `level` seeds),
    /// if its known moves settle it.
    fn settle(&self, key: &[u8], level: u8) -> Option<i8> {
        let board = board_of(key, self.houses);
        let moves = legal_houses(&board, Player::One);
        // 1. No legal move: each side takes its own row.
        if moves.is_empty() {
            let own = board.row_total(Player::One);
            let theirs = board.row_total(Player::Two);
            return i8::try_from(i64::from(own) - i64::from(theirs)).ok();
        }
        // 2. Every move: its capture, then the opponent's value of the
        //    child (the opponent moves next). A known move that wins every
        //    seed settles the board whatever the others give.
        let mut best = i32::MIN;
        let mut all_known = true;
        for house in moves {
            let mut child = board;
            let captured = i32::from(child.sow(Player::One, house));
            match self.value(&child, Player::Two) {
                Some(theirs) => {
                    let value = captured - theirs;
                    if value == i32::from(level) {
                        return i8::try_from(value).ok();
                    }
                    best = best.max(value);
                }
                None => all_known = false,
            }
        }
        if all_known {
            i8::try_from(best).ok()
        } else {
            None
        }
    }
}

/// The canonical key of `board` with `side` to move: the mover's houses
/// from its own left, then the opponent's from theirs.
#[must_use]
pub fn canonical_key(board: &Board, side: Player) -> Vec<u8> {
    let houses = usize::from(board.house_count);
    let mut key = Vec::with_capacity(2 * houses);
    key.extend_from_slice(&board.houses[side.index()][..houses]);
    key.extend_from_slice(&board.houses[side.opponent().index()][..houses]);
    key
}

/// The board of canonical `key`, the mover as South ([`Player::One`]),
/// stores empty.
fn board_of(key: &[u8], houses: u8) -> Board {
    let len = usize::from(houses);
    let mut board = Board {
        houses: [[0; PIT_SLOTS]; 2],
        stores: [0, 0],
        house_count: houses,
    };
    board.houses[0][..len].copy_from_slice(&key[..len]);
    board.houses[1][..len].copy_from_slice(&key[len..2 * len]);
    board
}

/// The houses `side` may sow (0-based): those with seeds, and when the
/// opponent has none, only those that give them some (Ply's rules,
/// without the majority in a store, which the analysis ignores).
#[must_use]
pub fn legal_houses(board: &Board, side: Player) -> Vec<usize> {
    let must_feed = board.row_is_empty(side.opponent());
    (0..usize::from(board.house_count))
        .filter(|&house| {
            board.houses[side.index()][house] > 0
                && (!must_feed || board.reaches_opponent(side, house))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The value of the game from `board` (`side` to move) when the
    /// positions of `history` (this one included) have been seen since
    /// the last capture: plain minimax over every line, with the
    /// repetition rule as the game applies it.
    fn exhaustive(board: &Board, side: Player, history: &mut Vec<(Board, Player)>) -> i32 {
        let moves = legal_houses(board, side);
        if moves.is_empty() {
            let own = i32::try_from(board.row_total(side)).unwrap();
            let theirs = i32::try_from(board.row_total(side.opponent())).unwrap();
            return own - theirs;
        }
        let mut best = i32::MIN;
        for house in moves {
            let mut child = *board;
            child.stores = [0, 0];
            let captured = i32::from(child.sow(side, house));
            child.stores = [0, 0];
            let next = side.opponent();
            let value = if captured > 0 {
                captured - exhaustive(&child, next, &mut vec![(child, next)])
            } else if history.contains(&(child, next)) {
                // The repetition ends the game: each side takes its row.
                let own = i32::try_from(child.row_total(side)).unwrap();
                let theirs = i32::try_from(child.row_total(next)).unwrap();
                own - theirs
            } else {
                history.push((child, next));
                let value = -exhaustive(&child, next, history);
                history.pop();
                value
            };
            best = best.max(value);
        }
        best
    }

    /// Every known value equals the exhaustive value of the game started
    /// at that position right after a capture, on boards small enough to
    /// search every line.
    #[test]
    fn known_values_are_the_games_values_on_small_boards() {
        for (houses, max_seeds) in [(1, 8), (2, 4), (3, 3)] {
            let analysis = Analysis::build(houses, max_seeds).unwrap();
            let len = 2 * usize::from(houses);
            let mut key = vec![0u8; len];
            let mut known = 0;
            for index in 0..analysis.len() {
                unrank(index as u64, &mut key).unwrap();
                let board = board_of(&key, houses);
                let Some(value) = analysis.value(&board, Player::One) else {
                    continue;
                };
                known += 1;
                let expected = exhaustive(&board, Player::One, &mut vec![(board, Player::One)]);
                assert_eq!(value, expected, "{houses} houses, key {key:?}");
            }
            // Small boards cycle a lot: 9 of 45, 22 of 70 and 37 of 84 are known.
            assert!(known * 5 >= analysis.len(), "{known} of {}", analysis.len());
        }
    }

    /// A known value follows from its moves: the best of each capture
    /// minus the child's value, where the children are known.
    #[test]
    fn known_values_are_consistent_move_by_move() {
        let analysis = Analysis::build(4, 8).unwrap();
        let mut key = vec![0u8; 8];
        for index in 0..analysis.len() {
            unrank(index as u64, &mut key).unwrap();
            let board = board_of(&key, 4);
            let Some(value) = analysis.value(&board, Player::One) else {
                continue;
            };
            let moves = legal_houses(&board, Player::One);
            if moves.is_empty() {
                continue;
            }
            let through: Vec<Option<i32>> = moves
                .iter()
                .map(|&house| {
                    let mut child = board;
                    let captured = i32::from(child.sow(Player::One, house));
                    analysis
                        .value(&child, Player::Two)
                        .map(|theirs| captured - theirs)
                })
                .collect();
            let best_known = through.iter().flatten().max().copied();
            assert_eq!(best_known, Some(value), "key {key:?}: {through:?}");
        }
    }

    #[test]
    fn hand_worked_values() {
        let analysis = Analysis::build(6, 4).unwrap();
        let board = |south: [u8; 6], north: [u8; 6]| {
            let mut key = south.to_vec();
            key.extend_from_slice(&north);
            board_of(&key, 6)
        };
        // No seeds: nothing more to win.
        assert_eq!(analysis.value(&board([0; 6], [0; 6]), Player::One), Some(0));
        // The mover cannot feed North (its one seed stays home): each side
        // takes its row, 1 - 0.
        assert_eq!(
            analysis.value(&board([1, 0, 0, 0, 0, 0], [0; 6]), Player::One),
            Some(1)
        );
        // South's one seed makes North's house 1 hold 2: South captures
        // them; North, to move, cannot feed South (its seed stays in its
        // row), so the game ends and North takes it: 2 - 1.
        assert_eq!(
            analysis.value(&board([0, 0, 0, 0, 0, 1], [1, 1, 0, 0, 0, 0]), Player::One),
            Some(1)
        );
    }

    #[test]
    fn parameters_are_checked() {
        assert!(Analysis::build(0, 3).is_err());
        assert!(Analysis::build(13, 3).is_err());
        assert!(Analysis::build(2, 128).is_err());
    }
}
