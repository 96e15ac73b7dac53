//! Move ordering: the order in which a node tries its moves decides how
//! much alpha-beta can cut, so the likely best move goes first.
//!
//! Order: the transposition table's move; then the game's own priority
//! (extra turns and captures in Kalah); then the history heuristic, which
//! favours moves that caused cut-offs elsewhere in the tree.

use ply_rules::game::{MAX_MOVES, MoveList, Player};

use super::game::SearchGame;

/// Ceiling of a history score; all scores are halved when one reaches it,
/// so old experience fades instead of overflowing.
const HISTORY_MAX: i32 = 1 << 20;

/// Cut-off counts per side and move index, weighted by depth squared.
#[derive(Clone, Debug)]
pub struct History {
    scores: [Vec<i32>; 2],
}

impl History {
    /// An empty history for a game with `move_index_limit` move indices.
    #[must_use]
    pub fn new(move_index_limit: usize) -> Self {
        Self {
            scores: [vec![0; move_index_limit], vec![0; move_index_limit]],
        }
    }

    /// Makes room for `move_index_limit` move indices (a game with more
    /// moves than the last one), forgetting what was learnt.
    pub fn ensure_size(&mut self, move_index_limit: usize) {
        if self.scores[0].len() < move_index_limit {
            *self = Self::new(move_index_limit);
        }
    }

    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        for side in &mut self.scores {
            side.fill(0);
        }
    }

    /// The history score of a move index for `side`.
    #[inline]
    #[must_use]
    pub fn score(&self, side: Player, index: usize) -> i32 {
        self.scores[side.index()][index]
    }

    /// Rewards a move that caused a cut-off at `depth` remaining plies.
    #[inline]
    pub fn reward(&mut self, side: Player, index: usize, depth: u32) {
        let bonus = i32::try_from(depth * depth).unwrap_or(HISTORY_MAX);
        let scores = &mut self.scores[side.index()];
        scores[index] = scores[index].saturating_add(bonus);
        if scores[index] >= HISTORY_MAX {
            scores.iter_mut().for_each(|s| *s /= 2);
        }
    }
}

/// Sorts `moves` best-first for `position`: table move, game priority, history.
pub fn order_moves<G: SearchGame>(
    position: &G,
    moves: &mut [G::Move],
    table_move: Option<usize>,
    history: &History,
) {
    let side = position.side_to_move();
    let key = |mv: G::Move| {
        let index = G::move_index(mv);
        let key = (
            table_move == Some(index),
            position.move_priority(mv),
            history.score(side, index),
        );
        std::cmp::Reverse(key)
    };
    if moves.len() <= MAX_MOVES {
        // Keys computed once, on the stack: this runs at every node.
        let mut keyed: MoveList<_> = moves.iter().map(|&mv| (key(mv), mv)).collect();
        // Stable, so equal keys keep the generator's order: results are reproducible.
        keyed.sort_by_key(|&(key, _)| key);
        for (slot, (_, mv)) in moves.iter_mut().zip(keyed) {
            *slot = mv;
        }
    } else {
        moves.sort_by_cached_key(|&mv| key(mv));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_halves_at_the_ceiling() {
        let mut h = History::new(4);
        h.reward(Player::One, 1, 3);
        assert_eq!(h.score(Player::One, 1), 9);
        assert_eq!(h.score(Player::Two, 1), 0);
        h.scores[0][2] = HISTORY_MAX - 1;
        h.reward(Player::One, 2, 1);
        assert_eq!(h.score(Player::One, 2), HISTORY_MAX / 2);
        assert_eq!(h.score(Player::One, 1), 4);
    }
}
