//! The simple form of the analysis (see `bounds.rs` for what the bounds
//! mean and the equations they solve), and the plain minimax it is
//! checked against.
//!
//! **Order.** Level by level (seeds on the board), as the Kalah databases:
//! a capture lowers the level, so every capture's child is final before
//! its level starts. This is the simple form (a pass sows every
//! move of every board of the level, until a pass changes nothing), kept
//! as the reference the fast build (`build.rs`) is checked against.

use ply_rules::game::Player;
use ply_rules::games::oware::board::Board;

use super::bounds::board_of;
use super::bounds::{Bounds, entry_total, narrow};
use super::moves::{legal_houses, row_margin};
use crate::endgame::rank::{MAX_RANK_LEN, level_range, rank, unrank};

/// The bounds of every board of `houses` houses a side with at most
/// `max_seeds` seeds, by rank of the canonical key (the mover's houses
/// from its own left, then the opponent's).
#[derive(Clone, Debug)]
pub struct Analysis {
    houses: u8,
    max_seeds: u8,
    lower: Vec<i8>,
    upper: Vec<i8>,
}

impl Analysis {
    /// Analyses every board of `houses` houses a side (1 to 12: the key of
    /// both rows must fit [`MAX_RANK_LEN`]) with at most
    /// `max_seeds` seeds on the board.
    ///
    /// # Errors
    /// A house count or seed limit out of range, or more entries than
    /// memory can address.
    pub fn build(houses: u8, max_seeds: u8) -> Result<Self, String> {
        let count = entry_total(houses, MAX_RANK_LEN / 2, max_seeds)?;
        let mut analysis = Self {
            houses,
            max_seeds,
            lower: vec![0; count],
            upper: vec![0; count],
        };
        for level in 0..=max_seeds {
            analysis.settle_level(level);
        }
        Ok(analysis)
    }

    /// Entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.lower.len()
    }

    /// The lower bounds, by rank.
    #[must_use]
    pub fn lower(&self) -> &[i8] {
        &self.lower
    }

    /// The upper bounds, by rank.
    #[must_use]
    pub fn upper(&self) -> &[i8] {
        &self.upper
    }

    /// The bounds of V of `board` with `side` to move, if the analysis
    /// holds the board.
    #[must_use]
    pub fn bounds(&self, board: &Board, side: Player) -> Option<Bounds> {
        let index = self.index(board, side)?;
        Some(Bounds {
            lower: i32::from(*self.lower.get(index)?),
            upper: i32::from(*self.upper.get(index)?),
        })
    }

    /// The entry of `board` with `side` to move, if the analysis holds it.
    fn index(&self, board: &Board, side: Player) -> Option<usize> {
        if board.house_count != self.houses {
            return None;
        }
        let key = canonical_key(board, side);
        let seeds: u32 = key.iter().map(|&s| u32::from(s)).sum();
        if seeds > u32::from(self.max_seeds) {
            return None;
        }
        usize::try_from(rank(&key)).ok()
    }

    /// V of `board` with `side` to move, when the bounds meet.
    #[must_use]
    pub fn value(&self, board: &Board, side: Player) -> Option<i32> {
        self.bounds(board, side)?.exact()
    }

    /// Finds the bounds of the boards of exactly `level` seeds (every
    /// lower level is final).
    fn settle_level(&mut self, level: u8) {
        let len = 2 * usize::from(self.houses);
        let std::ops::Range { start: first, end } = level_range(len, level);
        // 1. The start: nothing forced, each side held to its worst.
        let worst = i8::try_from(level).unwrap_or(i8::MAX);
        self.lower[first..end].fill(-worst);
        self.upper[first..end].fill(worst);
        // 2. Pass after pass, each board from its children as they stand,
        //    until a pass changes nothing. L only rises and U only falls.
        let mut key = vec![0u8; len];
        loop {
            let mut changed = false;
            for index in first..end {
                if unrank(index as u64, &mut key).is_none() {
                    continue;
                }
                let bounds = self.bounds_through_moves(&key);
                let (lower, upper) = (narrow(bounds.lower), narrow(bounds.upper));
                if (lower, upper) != (self.lower[index], self.upper[index]) {
                    debug_assert!(lower >= self.lower[index] && upper <= self.upper[index]);
                    self.lower[index] = lower;
                    self.upper[index] = upper;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// The bounds of the board with canonical `key` from its children's
    /// bounds as they stand (the equations of the module docs).
    fn bounds_through_moves(&self, key: &[u8]) -> Bounds {
        let board = board_of(key, self.houses);
        let moves = legal_houses(&board, Player::One);
        // 1. No legal move: each side takes its own row.
        if moves.is_empty() {
            let rows = row_margin(&board, Player::One);
            return Bounds {
                lower: rows,
                upper: rows,
            };
        }
        // 2. Every move: its capture, then the child's bounds for the
        //    opponent, who moves next.
        let mut best = Bounds {
            lower: i32::MIN,
            upper: i32::MIN,
        };
        for house in moves {
            let mut child = board;
            let captured = i32::from(child.sow(Player::One, house));
            let Some(theirs) = self.bounds(&child, Player::Two) else {
                // Never: a child has no more seeds than its parent.
                continue;
            };
            best.lower = best.lower.max(captured - theirs.upper);
            best.upper = best.upper.max(captured - theirs.lower);
        }
        best
    }
}

/// The canonical key of `board` with `side` to move: the mover's houses
/// from its own left, then the opponent's from theirs.
#[must_use]
pub(crate) fn canonical_key(board: &Board, side: Player) -> Vec<u8> {
    let houses = usize::from(board.house_count);
    let mut key = Vec::with_capacity(2 * houses);
    key.extend_from_slice(&board.houses[side.index()][..houses]);
    key.extend_from_slice(&board.houses[side.opponent().index()][..houses]);
    key
}

/// V of `board` (`side` to move) when the positions of `history` (this
/// one included) have been seen since the last capture: plain minimax
/// over every line, with the repetition rule as the game applies it.
pub(crate) fn exhaustive(board: &Board, side: Player, history: &mut Vec<(Board, Player)>) -> i32 {
    let moves = legal_houses(board, side);
    if moves.is_empty() {
        let own = i32::try_from(board.row_total(side)).unwrap();
        let theirs = i32::try_from(board.row_total(side.opponent())).unwrap();
        return own - theirs;
    }
    moves
        .into_iter()
        .map(|house| exhaustive_move(board, side, house, history))
        .max()
        .unwrap_or(i32::MIN)
}

/// The value for `side` of sowing `house` of `board` after `history`
/// (ending with `board`): every line to its end, as [`exhaustive`].
pub(crate) fn exhaustive_move(
    board: &Board,
    side: Player,
    house: usize,
    history: &mut Vec<(Board, Player)>,
) -> i32 {
    let mut child = *board;
    child.stores = [0, 0];
    let captured = i32::from(child.sow(side, house));
    child.stores = [0, 0];
    let next = side.opponent();
    if captured > 0 {
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_rules::game::{Game, MoveList, Outcome};
    use ply_rules::games::oware::Oware;

    /// The result of the game from `position` for its side to move (1, 0,
    /// -1) with perfect play, by the rules crate's own [`Oware`]: its moves,
    /// its history, its end by a majority in a store.
    fn result_by_the_rules(position: &Oware) -> i32 {
        if let Some(outcome) = position.outcome() {
            return match outcome {
                Outcome::Draw => 0,
                Outcome::Win(winner) if winner == position.side_to_move() => 1,
                Outcome::Win(_) => -1,
            };
        }
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        let mut best = -1;
        for mv in moves {
            let mut child = position.clone();
            child.play(mv);
            best = best.max(-result_by_the_rules(&child));
            if best == 1 {
                break;
            }
        }
        best
    }

    /// The boards small enough to search every line from every board.
    const SMALL: [(u8, u8); 4] = [(1, 8), (2, 4), (2, 5), (3, 3)];

    /// The bounds hold for the game that starts at the board right after
    /// a capture, and where they meet that is its value.
    #[test]
    fn bounds_hold_on_small_boards() {
        for (houses, max_seeds) in SMALL {
            let analysis = Analysis::build(houses, max_seeds).unwrap();
            let mut key = vec![0u8; 2 * usize::from(houses)];
            let mut exact = 0;
            for index in 0..analysis.len() {
                unrank(index as u64, &mut key).unwrap();
                let board = board_of(&key, houses);
                let bounds = analysis.bounds(&board, Player::One).unwrap();
                let value = exhaustive(&board, Player::One, &mut vec![(board, Player::One)]);
                assert!(
                    bounds.lower <= value && value <= bounds.upper,
                    "{houses} houses, {key:?}: {value} outside {bounds:?}"
                );
                exact += usize::from(bounds.exact().is_some());
            }
            eprintln!(
                "{houses} houses, {max_seeds} seeds: {exact} of {} exact",
                analysis.len()
            );
        }
    }

    /// Where the bounds settle the result (both above 0, both below, or
    /// both 0), the rules crate's own game, with its majority rule and
    /// history, gives that result from a fresh history.
    #[test]
    fn settled_results_agree_with_the_rules_crate() {
        for (houses, max_seeds) in SMALL {
            let analysis = Analysis::build(houses, max_seeds).unwrap();
            let mut key = vec![0u8; 2 * usize::from(houses)];
            for index in 0..analysis.len() {
                unrank(index as u64, &mut key).unwrap();
                let board = board_of(&key, houses);
                let bounds = analysis.bounds(&board, Player::One).unwrap();
                let result = result_by_the_rules(&Oware::from_board(board, Player::One));
                assert!(
                    bounds.lower.signum() <= result && result <= bounds.upper.signum(),
                    "{houses} houses, {key:?}: {result} outside {bounds:?}"
                );
            }
        }
    }

    /// The bounds are a fixed point of the equations: each board's bounds
    /// follow from its children's, and the upper bound is never below the
    /// lower one.
    #[test]
    fn bounds_follow_from_the_childrens_move_by_move() {
        let analysis = Analysis::build(4, 8).unwrap();
        let mut key = vec![0u8; 8];
        for index in 0..analysis.len() {
            unrank(index as u64, &mut key).unwrap();
            let stored = analysis.bounds(&board_of(&key, 4), Player::One).unwrap();
            assert_eq!(analysis.bounds_through_moves(&key), stored, "key {key:?}");
            assert!(stored.lower <= stored.upper, "key {key:?}: {stored:?}");
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
