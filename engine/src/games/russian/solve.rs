//! `solve` in Russian draughts: the result of every move (+1 a win, 0 a
//! draw, −1 a loss for the side to move), proven under the rules with
//! their move limits.
//!
//! A search one ply deeper each iteration, as Oware's solver does, whose
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

use std::sync::{Arc, Mutex};

use ply_rules::game::{Game, Outcome};
use ply_rules::games::russian::Russian;

use super::endgame::{RussianDb, Wdl};
use crate::search::{Budget, SearchControl, SearchGame};
use crate::search_thread::solve_bounds::{self, MoveBounds, Report};
use crate::search_thread::{EngineTables, Output, RunningSearch};

/// A win for the side to move.
pub const WIN: i32 = 1;
/// A draw.
pub const DRAW: i32 = 0;
/// A loss for the side to move.
pub const LOSS: i32 = -1;

/// The most iterations: plies searched beyond the root's moves.
pub const MAX_DEPTH: u32 = 64;

/// Positions searched between two looks at the stop flag.
const STOP_CHECK_NODES: u64 = 4_096;

/// Why a proof gave up: it was stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stopped;

/// Starts solving `root` on a new thread, with the tables the engine
/// has loaded (`EndgameDB`).
///
/// # Errors
/// None yet: the solver needs no table of its own.
pub fn start(
    root: Russian,
    budget: Budget,
    multipv: usize,
    tables: Arc<Mutex<EngineTables>>,
    out: Output,
) -> Result<RunningSearch, String> {
    let final_value = root
        .outcome()
        .map_or(DRAW, |outcome| result(&root, outcome));
    solve_bounds::start(
        root,
        final_value,
        budget,
        multipv,
        tables,
        out,
        |root, tables, control, report| {
            let mut solver = Solver::new(tables.oracles.get::<RussianDb>(), control);
            let moves = solver.move_bounds(root, report);
            (moves, solver.nodes)
        },
    )
}

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
    /// Positions searched so far.
    pub nodes: u64,
    /// The deepest iteration.
    max_depth: u32,
}

impl<'a> Solver<'a> {
    /// A solver trusting `db` where it reaches, that gives up when `stop`
    /// is set.
    #[must_use]
    pub fn new(db: Option<&'a RussianDb>, stop: &'a SearchControl) -> Self {
        Self {
            db,
            stop,
            nodes: 0,
            max_depth: MAX_DEPTH,
        }
    }

    /// The same solver stopping after iteration `depth` (at most
    /// [`MAX_DEPTH`]): a proof of a fixed size, the same on every machine.
    #[must_use]
    pub fn with_max_depth(mut self, depth: u32) -> Self {
        self.max_depth = depth.min(MAX_DEPTH);
        self
    }

    /// Bounds of every legal move of `root`, deeper each iteration, until
    /// all are exact, [`MAX_DEPTH`] or a stop; `report(depth, moves,
    /// nodes)` after each iteration. Returns the last bounds, best first
    /// (by lower bound, then upper, then the order the rules list the
    /// moves in); empty when the game is over.
    pub fn move_bounds(
        &mut self,
        root: &Russian,
        report: &mut Report<'_, <Russian as Game>::Move>,
    ) -> Vec<MoveBounds<<Russian as Game>::Move>> {
        if root.outcome().is_some() {
            return Vec::new();
        }
        let mut moves: Vec<_> = root
            .moves()
            .into_iter()
            .map(|mv| MoveBounds {
                mv,
                lower: LOSS,
                upper: WIN,
                depth: 0,
            })
            .collect();
        for depth in 1..=self.max_depth {
            for line in &mut moves {
                if line.exact().is_some() {
                    continue;
                }
                let mut child = root.clone();
                child.play(line.mv);
                // Every move's exact value is wanted: no cut.
                match self.bounds(&child, depth - 1, WIN + 1) {
                    Ok((lower, upper)) => {
                        line.lower = line.lower.max(-upper);
                        line.upper = line.upper.min(-lower);
                        line.depth = depth;
                    }
                    Err(Stopped) => return best_first(&moves),
                }
            }
            report(depth, &best_first(&moves), self.nodes);
            if moves.iter().all(|m| m.exact().is_some()) {
                break;
            }
        }
        best_first(&moves)
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
        self.nodes += 1;
        if self.nodes.is_multiple_of(STOP_CHECK_NODES) && self.stop.spend(STOP_CHECK_NODES) {
            return Err(Stopped);
        }
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

/// The moves best first: the highest lower bound, then the highest
/// upper; moves alike keep the rules' order.
fn best_first<M: Copy>(moves: &[MoveBounds<M>]) -> Vec<MoveBounds<M>> {
    let mut sorted = moves.to_vec();
    sorted.sort_by(|a, b| b.lower.cmp(&a.lower).then(b.upper.cmp(&a.upper)));
    sorted
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
    fn solve(
        position: &Russian,
        db: Option<&RussianDb>,
        depth: u32,
    ) -> Vec<MoveBounds<<Russian as Game>::Move>> {
        let control = SearchControl::default();
        let mut solver = Solver::new(db, &control).with_max_depth(depth);
        solver.move_bounds(position, &mut |_, _, _| {})
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
        moves: &[MoveBounds<<Russian as Game>::Move>],
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
