//! `solve` in Russian draughts: the result of every move (+1 a win, 0 a
//! draw, −1 a loss for the side to move), proven under the rules with
//! their move limits.
//!
//! A search one ply deeper each iteration (the root loop every bounds
//! solver shares, [`crate::search::bounds_solver`]), whose
//! leaves are what is certain: the end of the game (a side that cannot
//! move loses, the draw rules end it) and the endgame tables
//! ([`RussianDb`]) where they reach, read with the position's draw counts
//! ([`RussianDb::prove`]). A
//! position past the horizon and outside the tables is worth anything
//! from a loss to a win; every node's value is a pair of bounds, and
//! each move's bounds narrow until they meet. With the tables loaded, a
//! position of their material is solved at once, except where the move
//! limits leave a table's win open (a cursed win, or a win whose
//! conversion does not fit in the plies left): its lines are searched on
//! until they decide it. A position of more pieces is solved when every
//! line reaches an end or the tables within the iterations run.
//!
//! Lines are cut alpha-beta fashion: a node stops once it has proven as
//! much as its parent can use, which with three values is most of the
//! time. No table of positions: a position's value depends on its draw
//! counts and the positions since the last man move, which a key of the
//! board alone does not hold.
//!
//! `command.rs` is the protocol's `solve`: this solver, and the value of a
//! game that is over.

mod command;

use ply_rules::game::{Game, Outcome};
use ply_rules::games::russian::Russian;

use super::endgame::{RussianDb, Wdl};
use crate::search::bounds_solver::{BoundsSolver, Effort, RootOrder, Stopped};
use crate::search::{SearchControl, SearchGame};

/// What is proven of one move of the root: its result lies in
/// `lower..=upper` (for the root's mover).
pub type MoveBounds = crate::search::bounds_solver::MoveBounds<<Russian as Game>::Move>;

/// A win for the side to move.
pub const WIN: i32 = 1;
/// A draw.
pub const DRAW: i32 = 0;
/// A loss for the side to move.
pub const LOSS: i32 = -1;

/// What the end of the game is worth to `position`'s mover.
fn result(position: &Russian, outcome: Outcome) -> i32 {
    match outcome {
        Outcome::Draw => DRAW,
        Outcome::Win(winner) if winner == position.side => WIN,
        Outcome::Win(_) => LOSS,
    }
}

/// The result in the solver's units.
fn units(wdl: Wdl) -> i32 {
    match wdl {
        Wdl::Loss => LOSS,
        Wdl::Draw => DRAW,
        Wdl::Win => WIN,
    }
}

/// The solver: the tables it trusts, and its counts.
#[derive(Debug)]
pub struct Solver<'a> {
    db: Option<&'a RussianDb>,
    stop: &'a SearchControl,
    /// Positions searched so far, and the deepest iteration.
    effort: Effort,
}

impl<'a> Solver<'a> {
    /// A solver trusting `db` where it reaches, that gives up when `stop`
    /// is set.
    #[must_use]
    pub fn new(db: Option<&'a RussianDb>, stop: &'a SearchControl) -> Self {
        Self {
            db,
            stop,
            effort: Effort::default(),
        }
    }

    /// What the tables prove of `position`, if they hold its material:
    /// the least and the most it is worth to its mover.
    fn tables(&self, position: &Russian) -> Option<(i32, i32)> {
        let (_, (lower, upper)) = self.db?.prove(position)?;
        Some((units(lower), units(upper)))
    }

    /// Bounds of `position`'s value for its mover, from a search `depth`
    /// plies deep. `beta`: once the value is proven at least this, the
    /// caller needs no more, and the search of this position stops there
    /// (its upper bound is then the most it can be).
    fn bounds(&mut self, position: &Russian, depth: u32, beta: i32) -> Result<(i32, i32), Stopped> {
        // 1. Count the position; give up when stopped.
        self.effort.count(self.stop)?;
        // 2. The end of the game is certain.
        if let Some(outcome) = position.outcome() {
            let value = result(position, outcome);
            return Ok((value, value));
        }
        // 3. So is what the tables prove; a bound they leave open is
        //    searched on while depth is left.
        let (known_lower, known_upper) = self.tables(position).unwrap_or((LOSS, WIN));
        if known_lower == known_upper || depth == 0 {
            return Ok((known_lower, known_upper));
        }
        // 4. The moves, captures and crownings first: the best for the
        //    mover is the worst for the other side.
        let mut moves = position.moves();
        moves.sort_by_key(|&mv| std::cmp::Reverse(position.move_priority(mv)));
        let (mut lower, mut upper) = (LOSS, LOSS);
        for mv in moves {
            let mut child = position.clone();
            child.play(mv);
            let (child_lower, child_upper) = self.bounds(&child, depth - 1, -lower)?;
            lower = lower.max(-child_upper);
            upper = upper.max(-child_lower);
            if lower >= beta.min(known_upper) {
                return Ok((lower.max(known_lower), known_upper));
            }
        }
        Ok((lower.max(known_lower), upper.min(known_upper)))
    }
}

/// Russian draughts' hooks of the shared root loop.
impl BoundsSolver for Solver<'_> {
    type Position = Russian;

    /// The rules' order, every iteration; moves of the same bounds are
    /// ranked in it too.
    const ROOT_ORDER: RootOrder = RootOrder::AsListed;

    fn effort(&self) -> &Effort {
        &self.effort
    }

    fn effort_mut(&mut self) -> &mut Effort {
        &mut self.effort
    }

    /// Every legal move, worth anything from a loss to a win.
    fn root_moves(&self, root: &Russian) -> Vec<MoveBounds> {
        if root.outcome().is_some() {
            return Vec::new();
        }
        root.moves()
            .into_iter()
            .map(|mv| MoveBounds {
                mv,
                lower: LOSS,
                upper: WIN,
                depth: 0,
            })
            .collect()
    }

    /// The move's bounds narrowed by a search of the position after it
    /// `depth - 1` plies deep, whole: every move's exact value is wanted,
    /// so no cut.
    fn narrow(
        &mut self,
        root: &Russian,
        line: &MoveBounds,
        depth: u32,
    ) -> Result<(i32, i32), Stopped> {
        let mut child = root.clone();
        child.play(line.mv);
        let (lower, upper) = self.bounds(&child, depth - 1, WIN + 1)?;
        Ok((line.lower.max(-upper), line.upper.min(-lower)))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::sync::OnceLock;

    use ply_rules::game::Player;

    use super::*;
    use crate::games::russian::endgame::Material;
    use crate::games::russian::endgame::index::Layout;
    use crate::games::russian::endgame::reference::value_for_mover;
    use crate::search::bounds_solver::MAX_DEPTH;

    /// Pieces in the tables the tests build: small, so that the plain
    /// search they are checked against stays quick.
    const TEST_PIECES: u8 = 3;

    /// The tables of up to `pieces` pieces, built once each.
    fn db(pieces: u8) -> &'static RussianDb {
        static DBS: [OnceLock<RussianDb>; 2] = [OnceLock::new(), OnceLock::new()];
        DBS[usize::from(pieces == TEST_PIECES)].get_or_init(|| {
            RussianDb::build(pieces, 2, |_| {}).unwrap_or_else(|e| panic!("cannot build: {e}"))
        })
    }

    /// The bounds of every move of `position`, iterations up to `depth`.
    fn solve(position: &Russian, db: Option<&RussianDb>, depth: u32) -> Vec<MoveBounds> {
        let control = SearchControl::default();
        let mut solver = Solver::new(db, &control).with_max_depth(depth);
        solver.move_bounds(position, |_, _, _| {})
    }

    /// Positions of every material of `pieces` pieces (some of each),
    /// either side to move, with draw counts drawn at random up to
    /// `max_counts` plies (0: as they enter their material).
    fn positions(pieces: u8, per_material: usize, max_counts: u16, seed: u64) -> Vec<Russian> {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut found = Vec::new();
        for material in Material::all(pieces) {
            if material.pieces() != pieces {
                continue;
            }
            let layout = Layout::new(material);
            for _ in 0..per_material {
                let Some(board) = layout.board_at(rng.u64(0..layout.entries())) else {
                    continue;
                };
                let side = if rng.bool() { Player::One } else { Player::Two };
                let mut position = Russian::from_board(board, side);
                position.draw.king_plies = rng.u16(0..=max_counts);
                position.draw.balance_plies = rng.u16(0..=max_counts);
                found.push(position);
            }
        }
        found
    }

    /// Checks that each move's bounds hold its value by the plain search;
    /// returns how many moves were exact.
    fn check_bounds(
        position: &Russian,
        moves: &[MoveBounds],
        memo: &mut HashMap<(ply_rules::games::russian::Board, u16, u16), i8>,
    ) -> usize {
        assert_eq!(moves.len(), position.moves().len());
        let mut exact = 0;
        for line in moves {
            let mut child = position.clone();
            child.play(line.mv);
            let value = -i32::from(value_for_mover(&child, memo));
            assert!(
                line.lower <= value && value <= line.upper,
                "{} {}: {value} outside {line:?}",
                position.position_string(),
                position.format_move(line.mv)
            );
            exact += usize::from(line.exact().is_some());
        }
        exact
    }

    #[test]
    fn every_move_of_an_ending_in_the_tables_is_solved_exactly() {
        let db = db(TEST_PIECES);
        let mut memo = HashMap::new();
        let (mut moves, mut exact) = (0, 0);
        for position in positions(TEST_PIECES, 12, 0, 5) {
            if position.outcome().is_some() {
                continue;
            }
            let lines = solve(&position, Some(db), MAX_DEPTH);
            exact += check_bounds(&position, &lines, &mut memo);
            moves += lines.len();
        }
        assert!(moves > 300, "{moves} moves");
        assert_eq!(exact, moves, "{exact} of {moves} exact");
    }

    #[test]
    fn bounds_hold_the_value_at_any_depth_and_draw_counts() {
        // Three pieces with draw counts part spent: searched without
        // tables, and with the two-piece tables under the captures.
        let small = db(2);
        let mut memo = HashMap::new();
        let mut moves = 0;
        for position in positions(TEST_PIECES, 6, 20, 7) {
            for depth in 1..=3 {
                for tables in [None, Some(small)] {
                    let lines = solve(&position, tables, depth);
                    check_bounds(&position, &lines, &mut memo);
                    moves += lines.len();
                }
            }
        }
        assert!(moves > 1_000, "{moves} moves");
    }

    #[test]
    fn the_end_of_the_game_is_solved_without_tables() {
        // White's man takes Black's last piece: a win in one.
        let position = Russian::from_position_string("W:Wc3:Bd4").unwrap();
        let lines = solve(&position, None, 1);
        assert_eq!(lines.len(), 1);
        assert_eq!(position.format_move(lines[0].mv), "c3:e5");
        assert_eq!(lines[0].exact(), Some(WIN));
        // A side with no move has lost: no moves to bound.
        let blocked = Russian::from_position_string("B:Wf2,g3:Bh4").unwrap();
        let over = blocked.outcome();
        assert_eq!(over, Some(Outcome::Win(Player::One)), "{over:?}");
        assert!(solve(&blocked, None, 1).is_empty());
        assert_eq!(result(&blocked, Outcome::Win(Player::One)), LOSS);
    }
}
