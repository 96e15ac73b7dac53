//! Perft: counting the positions a fixed number of moves ahead, to check a
//! game's move generation against known figures and to time it.
//!
//! A perft ply is one [`Game::Move`]: in Kalah one sowing, so a turn of
//! several sowings spans several plies. The count is of leaves, the usual
//! perft convention: `perft(pos, n)` is the number of move sequences of
//! exactly `n` moves from `pos`. A finished game counts 1 at depth 0 and 0
//! at any greater depth, because no sequence of moves continues from it.

use crate::game::Game;

/// The number of move sequences of exactly `depth` moves from `pos`.
///
/// At depth 1 it counts the legal moves without playing them (bulk
/// counting).
#[must_use]
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = G::Moves::default();
    pos.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&mv| {
            let mut child = pos.clone();
            child.play(mv);
            perft(&child, depth - 1)
        })
        .sum()
}

/// [`perft`] split by the first move: each legal move of `pos`, in
/// generation order, with the count of `depth - 1` further moves after it.
/// The counts add up to `perft(pos, depth)`. Empty at depth 0 (no first
/// move) and when the game is over.
#[must_use]
pub fn perft_divide<G: Game>(pos: &G, depth: u32) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut moves = G::Moves::default();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut child = pos.clone();
            child.play(mv);
            (mv, perft(&child, depth - 1))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::MoveList;
    use crate::game::{NotationError, Outcome, Player};

    /// A toy game with counts known in closed form: a pile of `left`
    /// stones, each move takes 1 or 2; the game is over at 0.
    #[derive(Clone, Debug)]
    struct Pile {
        left: u8,
    }

    impl Game for Pile {
        type Move = u8;
        type Moves = MoveList<u8>;

        fn side_to_move(&self) -> Player {
            Player::One
        }

        fn legal_moves(&self, moves: &mut MoveList<u8>) {
            for take in 1..=self.left.min(2) {
                moves.push(take);
            }
        }

        fn play(&mut self, mv: u8) {
            self.left -= mv;
        }

        fn outcome(&self) -> Option<Outcome> {
            (self.left == 0).then_some(Outcome::Draw)
        }

        fn parse_move(&self, text: &str) -> Result<u8, NotationError> {
            Err(NotationError::BadMove {
                text: text.to_owned(),
                reason: "toy".to_owned(),
            })
        }

        fn format_move(&self, mv: u8) -> String {
            mv.to_string()
        }

        fn position_string(&self) -> String {
            self.left.to_string()
        }
    }

    /// Sequences of exactly `depth` takes of 1 or 2 that stay within `left`
    /// stones, counted the slow way.
    fn sequences(left: u8, depth: u32) -> u64 {
        match depth {
            0 => 1,
            _ => (1..=left.min(2))
                .map(|take| sequences(left - take, depth - 1))
                .sum(),
        }
    }

    #[test]
    fn counts_leaves_and_finished_games_count_only_at_depth_zero() {
        assert_eq!(perft(&Pile { left: 0 }, 0), 1);
        assert_eq!(perft(&Pile { left: 0 }, 1), 0);
        assert_eq!(perft(&Pile { left: 0 }, 3), 0);
        // From 3: depth 1 takes 1 or 2; depth 2: 1-1, 1-2, 2-1; depth 3:
        // only 1-1-1 (1-2 and 2-1 ended the game early).
        let three = Pile { left: 3 };
        assert_eq!(
            (0..=4).map(|d| perft(&three, d)).collect::<Vec<_>>(),
            vec![1, 2, 3, 1, 0]
        );
        for left in 0..12 {
            for depth in 0..10 {
                assert_eq!(perft(&Pile { left }, depth), sequences(left, depth));
            }
        }
    }

    #[test]
    fn divide_adds_up() {
        let pile = Pile { left: 7 };
        assert!(perft_divide(&pile, 0).is_empty());
        assert!(perft_divide(&Pile { left: 0 }, 2).is_empty());
        for depth in 1..8 {
            let divided = perft_divide(&pile, depth);
            assert_eq!(divided.len(), 2);
            assert_eq!(divided[0], (1, perft(&Pile { left: 6 }, depth - 1)));
            let total: u64 = divided.iter().map(|&(_, n)| n).sum();
            assert_eq!(total, perft(&pile, depth));
        }
    }
}
