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
    count(pos, depth, &|| false).unwrap_or_default()
}

/// [`perft`] that gives up when `stopped` says so (`stop`, `quit`): `None`
/// then, since a part of the count is no count.
///
/// `stopped` is asked at every node with at least two moves to go, so a
/// stop is obeyed within one bulk-counted node; the leaves are not slowed.
#[must_use]
pub fn count<G: Game>(pos: &G, depth: u32, stopped: &impl Fn() -> bool) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    let mut moves = G::Moves::default();
    pos.legal_moves(&mut moves);
    if depth == 1 {
        return Some(moves.len() as u64);
    }
    if stopped() {
        return None;
    }
    moves.iter().try_fold(0, |total, &mv| {
        let mut child = pos.clone();
        child.play(mv);
        Some(total + count(&child, depth - 1, stopped)?)
    })
}

/// [`perft`] split by the first move: each legal move of `pos`, in
/// generation order, with the count of `depth - 1` further moves after it.
/// The counts add up to `perft(pos, depth)`. Empty at depth 0 (no first
/// move) and when the game is over.
#[must_use]
pub fn perft_divide<G: Game>(pos: &G, depth: u32) -> Vec<(G::Move, u64)> {
    let mut divided = Vec::new();
    divide(pos, depth, &|| false, |mv, nodes| divided.push((mv, nodes)));
    divided
}

/// How far a [`divide`] got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Divided {
    /// Every first move was counted.
    Complete,
    /// Stopped: only the first `counted` of `moves` first moves were
    /// counted (and handed on).
    Stopped {
        /// First moves counted in full.
        counted: usize,
        /// First moves of the position.
        moves: usize,
    },
}

/// [`perft_divide`] that hands each first move's count to `each` as soon
/// as it is known (so a long count shows progress) and gives up when
/// `stopped` says so (see [`count`]); the move being counted then is left
/// out.
pub fn divide<G: Game>(
    pos: &G,
    depth: u32,
    stopped: &impl Fn() -> bool,
    mut each: impl FnMut(G::Move, u64),
) -> Divided {
    if depth == 0 {
        return Divided::Complete;
    }
    let mut moves = G::Moves::default();
    pos.legal_moves(&mut moves);
    for (counted, &mv) in moves.iter().enumerate() {
        let mut child = pos.clone();
        child.play(mv);
        match count(&child, depth - 1, stopped) {
            Some(nodes) => each(mv, nodes),
            None => {
                return Divided::Stopped {
                    counted,
                    moves: moves.len(),
                };
            }
        }
    }
    Divided::Complete
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

    #[test]
    fn a_stopped_count_is_no_count() {
        let pile = Pile { left: 9 };
        assert_eq!(count(&pile, 5, &|| false), Some(perft(&pile, 5)));
        assert_eq!(count(&pile, 5, &|| true), None);
        // Bulk-counted depths have nothing to stop.
        assert_eq!(count(&pile, 1, &|| true), Some(2));
    }

    #[test]
    fn a_stopped_divide_hands_on_only_whole_first_moves() {
        let pile = Pile { left: 9 };
        // Stops once the first first move is counted.
        let first_done = std::cell::Cell::new(false);
        let mut seen = Vec::new();
        let divided = divide(&pile, 4, &|| first_done.get(), |mv, nodes| {
            seen.push((mv, nodes));
            first_done.set(true);
        });
        assert_eq!(
            divided,
            Divided::Stopped {
                counted: 1,
                moves: 2
            }
        );
        assert_eq!(seen, [(1, perft(&Pile { left: 8 }, 3))]);
        let mut all = Vec::new();
        let whole = divide(&pile, 4, &|| false, |mv, nodes| all.push((mv, nodes)));
        assert_eq!(whole, Divided::Complete);
        assert_eq!(all, perft_divide(&pile, 4));
    }
}
