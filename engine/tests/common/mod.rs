//! Helpers shared by the search and solver tests: a plain minimax that is
//! obviously right, and reproducible random positions.

use std::collections::HashMap;

use ply_engine::games::kalah::solve::table::BoundTable;
use ply_engine::games::kalah::solve::{SolveConfig, solve};
use ply_engine::search::SearchControl;
use ply_rules::game::{Game, MoveList, Player};
use ply_rules::games::kalah::{Kalah, KalahRules};

/// The final margin for the side to move with perfect play (stores
/// included): plain minimax to the end of the game, no pruning, memoised by
/// position (a position's value does not depend on the path to it).
pub fn minimax(position: &Kalah, memo: &mut HashMap<Kalah, i32>) -> i32 {
    if let Some(&known) = memo.get(position) {
        return known;
    }
    let me = position.side_to_move();
    let value = if position.outcome().is_some() {
        let final_count = |p: Player| {
            i32::from(position.store(p))
                + position.pits(p).iter().map(|&s| i32::from(s)).sum::<i32>()
        };
        final_count(me) - final_count(me.opponent())
    } else {
        minimax_move_values(position, memo)
            .into_iter()
            .map(|(_, value)| value)
            .max()
            .expect("a game that is not over has moves")
    };
    memo.insert(*position, value);
    value
}

/// Each move's value by minimax: the child's value from the mover's side.
pub fn minimax_move_values(position: &Kalah, memo: &mut HashMap<Kalah, i32>) -> Vec<(u8, i32)> {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut child = *position;
            child.play(mv);
            let value = minimax(&child, memo);
            let value = if child.side_to_move() == position.side_to_move() {
                value
            } else {
                -value
            };
            (mv, value)
        })
        .collect()
}

/// The final margin for the side to move by the exact solver alone (no
/// database, run to the end): the reference where plain minimax is too
/// slow (the solver is checked against [`minimax`] in `solve.rs`).
#[allow(dead_code)] // not every test file that shares these helpers proves
pub fn solved(position: &Kalah) -> i32 {
    let table = BoundTable::new(16);
    let config = SolveConfig {
        threads: 1,
        table: &table,
        db: None,
        guess: 0,
    };
    solve(position, &config, &SearchControl::default(), |_| {})
        .value()
        .expect("an unstopped solve is exact")
}

/// A small xorshift generator, so the positions are the same every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Every position of `games` random games of `rules`, the final ones included.
pub fn random_positions(rules: KalahRules, games: usize, seed: u64) -> Vec<Kalah> {
    let mut rng = Rng(seed);
    let mut positions = Vec::new();
    for _ in 0..games {
        let mut position = Kalah::start(rules).expect("playable");
        loop {
            positions.push(position);
            let mut moves = MoveList::new();
            position.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            position.play(moves[rng.below(moves.len())]);
        }
    }
    positions
}
