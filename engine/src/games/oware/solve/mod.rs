//! Oware's solver: proven bounds on the value of each move of a position,
//! exact where they meet, seeing the history a repetition depends on.
//!
//! **The value** is the final capture margin of the side to move: the
//! stores' margin now plus the seeds it will capture minus those the
//! opponent will, with the final sweep (each side taking its own row when
//! the mover cannot move or cannot feed, or when a board repeats), played
//! until the board is decided, as the endgame databases count it
//! (`endgame/bounds.rs`; a majority in a store never changes who wins, so the
//! sign is Ply's result).
//!
//! **Why bounds, not a plain search to the end.** A repeated board ends
//! the game, so a position's value depends on the boards seen since the
//! last capture, and a search to the end must follow every line that
//! never repeats a board. Their number explodes: a search of every move
//! to the end solved none of 20 positions of 6 to 10 seeds from
//! self-play games in 2 s each (about 10 million nodes each). So the
//! solver proves bounds with a depth-limited search, deeper each
//! iteration, as Kalah's solver narrows its window, and stops when they
//! meet, when it is stopped, or at the deepest iteration. That root loop
//! is every bounds solver's ([`crate::search::bounds_solver`]); here are
//! Oware's hooks: each move starts from the stores' margin ± the seeds on
//! the board, is narrowed by null-window proofs, and the moves are
//! searched best first, houses of the same bounds lowest first.
//!
//! **The proof.** Two searches call each other: `lower` proves a lower
//! bound of the side to move's value (the best of its moves, each worth
//! the seeds it captures minus an upper bound of the reply), `upper` an
//! upper bound (the best of its moves, each worth the seeds minus a lower
//! bound of the reply). What a position is known to lie in before it is
//! searched:
//! 1. a position right after a capture ("fresh") has one value for its
//!    board and side, whatever came before: the endgame database's bounds
//!    ([`OwareDb::probe_board`]) and the solver's table of proven bounds
//!    hold for it;
//! 2. any other position: the database's bounds widened to the row splits
//!    of the boards seen before it since the last capture (the bounds are
//!    kept by strategies that never come back to a board of their own
//!    line; an earlier board may come back, and end the game with each
//!    side taking its row of it), and the seeds on the board otherwise.
//!
//! Each is a proof, whatever the depth that found it, so the table keeps
//! bounds for good and every iteration starts from them.

pub(super) mod command;

use std::cmp::Ordering;

use ply_rules::game::Player;
use ply_rules::games::oware::board::Board;
use ply_rules::games::oware::key::board_key;

use crate::games::oware::endgame::OwareDb;
use crate::games::oware::endgame::moves::{legal_houses, row_margin};
use crate::search::SearchControl;
use crate::search::bounds_solver::{BoundsSolver, Effort, RootOrder, Stopped};
use ply_rules::games::oware::Oware;

/// Entries of the solver's table of fresh positions (a power of two).
const TABLE_ENTRIES: usize = 1 << 20;

/// One entry of the table: proven bounds of a fresh board and side.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    /// The board's key with empty stores; 0 for an empty slot.
    key: u64,
    lower: i16,
    upper: i16,
}

/// What is proven of one move of the root: its value lies in
/// `lower..=upper` (final margins for the root's mover); the move is the
/// house sown (0-based, from the mover's left).
pub type MoveBounds = crate::search::bounds_solver::MoveBounds<u8>;

/// The solver: its table, the database it trusts, and its counts.
#[derive(Debug)]
pub struct Solver<'a> {
    table: Vec<Entry>,
    db: Option<&'a OwareDb>,
    stop: &'a SearchControl,
    /// Positions searched so far, and the deepest iteration.
    effort: Effort,
    /// The boards since the last capture on the line being searched (keys
    /// with the stores as they are: a line without a capture keeps them).
    history: Vec<u64>,
    /// For each board of `history`, the least and the most South's row
    /// minus North's has been up to there: what a repetition of one of
    /// them could end the game with.
    row_range: Vec<(i32, i32)>,
}

impl<'a> Solver<'a> {
    /// A solver with an empty table, trusting `db` where it applies, that
    /// gives up when `stop` is set.
    #[must_use]
    pub fn new(db: Option<&'a OwareDb>, stop: &'a SearchControl) -> Self {
        Self {
            table: vec![Entry::default(); TABLE_ENTRIES],
            db,
            stop,
            effort: Effort::default(),
            history: Vec::new(),
            row_range: Vec::new(),
        }
    }

    /// Sets the line's history to `root`'s, oldest first, `root` last.
    /// Only the keys of the boards before it are known, not the boards:
    /// their row splits are taken as the widest there can be.
    fn start_at(&mut self, root: &Oware) {
        self.history.clear();
        self.history.extend(root.history.keys());
        let on_board = seeds_on_board(&root.board);
        let earlier = if self.history.len() > 1 {
            (-on_board, on_board)
        } else {
            (i32::MAX, i32::MIN)
        };
        self.row_range.clear();
        self.row_range.resize(self.history.len() - 1, earlier);
        let here = south_rows(&root.board);
        self.row_range
            .push((earlier.0.min(here), earlier.1.max(here)));
    }

    /// Narrows `known`, bounds of the seeds to come for `side` after
    /// sowing `house` of `board`, with searches `depth` deep: null-window
    /// proofs halving the range, as MTD(f) does, until the bounds meet or
    /// neither half can be proven at this depth.
    fn narrow_move(
        &mut self,
        board: &Board,
        side: Player,
        house: usize,
        depth: u32,
        known: (i32, i32),
    ) -> Result<(i32, i32), Stopped> {
        let sown = Sown::new(board, side, house);
        let (mut low, mut high) = known;
        while low < high {
            let test = low + (high - low + 1) / 2;
            // 1. Is the move worth at least `test`?
            let proven_low =
                self.after_sowing(&sown, side, depth, Bound::Lower, (test - 1, test))?;
            low = low.max(proven_low.min(high));
            if proven_low >= test {
                continue;
            }
            // 2. Or less than `test`?
            let proven_high =
                self.after_sowing(&sown, side, depth, Bound::Upper, (test - 1, test))?;
            high = high.min(proven_high.max(low));
            if proven_high < test {
                continue;
            }
            break;
        }
        Ok((low, high))
    }

    /// A bound (`bound`) of the seeds to come for `side` after `sown`, one
    /// of its moves from the last board of `self.history`, searched
    /// `depth` deep within the window `alpha..beta`.
    fn after_sowing(
        &mut self,
        sown: &Sown,
        side: Player,
        depth: u32,
        bound: Bound,
        (alpha, beta): (i32, i32),
    ) -> Result<i32, Stopped> {
        let (child, captured) = (sown.child, sown.captured);
        let next = side.opponent();
        let key = board_key(&child, next);
        let rows = south_rows(&child);
        // The reply's bound is the other kind: the mover's lower bound is
        // the seeds minus the reply's upper bound, and so on.
        let reply = bound.other();
        if captured > 0 {
            // A fresh game one level down: its history is itself alone.
            let saved = std::mem::replace(&mut self.history, vec![key]);
            let saved_rows = std::mem::replace(&mut self.row_range, vec![(rows, rows)]);
            let value = self.search(
                &child,
                next,
                depth,
                reply,
                captured - beta,
                captured - alpha,
            );
            self.history = saved;
            self.row_range = saved_rows;
            return Ok(captured - value?);
        }
        if self.history.contains(&key) {
            // The repetition ends the game: each side takes its own row.
            return Ok(row_margin(&child, side));
        }
        let (low, high) = self.row_range.last().copied().unwrap_or((rows, rows));
        self.history.push(key);
        self.row_range.push((low.min(rows), high.max(rows)));
        let value = self.search(&child, next, depth, reply, -beta, -alpha);
        self.history.pop();
        self.row_range.pop();
        Ok(-value?)
    }

    /// A proven `bound` of the seeds to come for `side` to move at `board`
    /// (its history on `self.history`), searched `depth` deep within
    /// `alpha..beta`. A lower bound at or above `beta`, or an upper bound
    /// at or below `alpha`, is all the caller needs; any other result is a
    /// proven bound too, only not one that settles the window.
    fn search(
        &mut self,
        board: &Board,
        side: Player,
        depth: u32,
        bound: Bound,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Stopped> {
        // 1. Count the node; look at the stop flag now and then.
        self.effort.count(self.stop)?;
        // 2. No legal move: the game ends, each side taking its row.
        let moves = legal_houses(board, side);
        if moves.is_empty() {
            return Ok(row_margin(board, side));
        }
        // 3. What is known before searching, and whether it settles it.
        let fresh = self.history.len() == 1;
        let (known_low, known_high) = self.known(board, side, fresh);
        let settled = known_low == known_high
            || match bound {
                Bound::Lower => known_low >= beta || known_high <= alpha,
                Bound::Upper => known_high <= alpha || known_low >= beta,
            };
        if settled || depth == 0 {
            return Ok(bound.pick(known_low, known_high));
        }
        // 4. The moves, captures first by size.
        let mut ordered: Vec<Sown> = moves
            .iter()
            .map(|&house| Sown::new(board, side, house))
            .collect();
        ordered.sort_by(|a, b| b.captured.cmp(&a.captured).then(a.house.cmp(&b.house)));
        // 5. The bound: the best move's, each move's from its reply's
        //    opposite bound. A lower bound needs one good move; an upper
        //    bound needs every move, so it stops as soon as one move may
        //    reach `beta` (it cannot be proven below then) and keeps what
        //    was known.
        let result = match bound {
            Bound::Lower => {
                let mut best = known_low;
                for sown in &ordered {
                    let value = self.after_sowing(
                        sown,
                        side,
                        depth - 1,
                        Bound::Lower,
                        (alpha.max(best), beta),
                    )?;
                    best = best.max(value);
                    if best >= beta {
                        break;
                    }
                }
                best
            }
            Bound::Upper => {
                let mut best = i32::MIN;
                for sown in &ordered {
                    let value =
                        self.after_sowing(sown, side, depth - 1, Bound::Upper, (alpha, beta))?;
                    best = best.max(value);
                    if best >= beta {
                        best = known_high;
                        break;
                    }
                }
                best.min(known_high)
            }
        };
        // 6. A fresh position keeps what was proven.
        if fresh {
            let (lower, upper) = match bound {
                Bound::Lower => (result, known_high),
                Bound::Upper => (known_low, result),
            };
            self.remember(board, side, lower, upper);
        }
        Ok(result)
    }

    /// The bounds known of `board` with `side` to move before searching
    /// (see the module docs).
    fn known(&self, board: &Board, side: Player, fresh: bool) -> (i32, i32) {
        let on_board = seeds_on_board(board);
        let (mut low, mut high) = (-on_board, on_board);
        if let Some(bounds) = self.db.and_then(|db| db.probe_board(board, side)) {
            (low, high) = (bounds.lower, bounds.upper);
            if !fresh {
                let (earlier_low, earlier_high) = self.earlier_rows(side);
                low = low.min(earlier_low);
                high = high.max(earlier_high);
            }
        }
        if fresh {
            let (index, key) = table_slot(board, side);
            let entry = self.table[index];
            if entry.key == key {
                low = low.max(i32::from(entry.lower));
                high = high.min(i32::from(entry.upper));
            }
        }
        (low, high)
    }

    /// Keeps proven bounds of a fresh board (tightening what the table
    /// already had of it).
    fn remember(&mut self, board: &Board, side: Player, lower: i32, upper: i32) {
        let (index, key) = table_slot(board, side);
        let narrow = |v: i32| i16::try_from(v).unwrap_or(if v < 0 { i16::MIN } else { i16::MAX });
        let mut entry = Entry {
            key,
            lower: narrow(lower),
            upper: narrow(upper),
        };
        let old = self.table[index];
        if old.key == key {
            entry.lower = entry.lower.max(old.lower);
            entry.upper = entry.upper.min(old.upper);
        }
        self.table[index] = entry;
    }

    /// The least and the most `side` would get from a repetition of a
    /// board seen since the last capture before the current one (each
    /// side taking its own row of it): an empty range (`MAX`, `MIN`) when
    /// there is none.
    fn earlier_rows(&self, side: Player) -> (i32, i32) {
        if self.row_range.len() < 2 {
            return (i32::MAX, i32::MIN);
        }
        let (low, high) = self.row_range[self.row_range.len() - 2];
        match side {
            Player::One => (low, high),
            Player::Two => (-high, -low),
        }
    }
}

/// Oware's hooks of the shared root loop.
impl BoundsSolver for Solver<'_> {
    type Position = Oware;

    /// Best first, each iteration: the moves are sorted in place.
    const ROOT_ORDER: RootOrder = RootOrder::BestFirst;

    fn effort(&self) -> &Effort {
        &self.effort
    }

    fn effort_mut(&mut self) -> &mut Effort {
        &mut self.effort
    }

    /// Each house the mover may sow, worth the stores' margin less or
    /// plus every seed on the board.
    fn root_moves(&self, root: &Oware) -> Vec<MoveBounds> {
        if root.is_over() {
            return Vec::new();
        }
        let stores = stores_margin(root);
        let on_board = seeds_on_board(&root.board);
        legal_houses(&root.board, root.side)
            .into_iter()
            .map(|house| MoveBounds {
                mv: u8::try_from(house).unwrap_or(u8::MAX),
                lower: stores - on_board,
                upper: stores + on_board,
                depth: 0,
            })
            .collect()
    }

    /// The seeds to come after the move, narrowed from the root's history
    /// (`narrow_move`), plus the stores' margin.
    fn narrow(
        &mut self,
        root: &Oware,
        line: &MoveBounds,
        depth: u32,
    ) -> Result<(i32, i32), Stopped> {
        let stores = stores_margin(root);
        self.start_at(root);
        let (lower, upper) = self.narrow_move(
            &root.board,
            root.side,
            usize::from(line.mv),
            depth,
            (line.lower - stores, line.upper - stores),
        )?;
        Ok((stores + lower, stores + upper))
    }

    /// Houses of the same bounds: the lowest first.
    fn tie_break(a: u8, b: u8) -> Ordering {
        a.cmp(&b)
    }
}

/// The mover's store less the opponent's.
fn stores_margin(position: &Oware) -> i32 {
    let me = position.side;
    i32::from(position.store(me)) - i32::from(position.store(me.opponent()))
}

/// One move sown: the house, the board after it, the seeds it captured.
#[derive(Clone, Copy, Debug)]
struct Sown {
    house: usize,
    child: Board,
    captured: i32,
}

impl Sown {
    /// `side` sows `house` of `board`.
    fn new(board: &Board, side: Player, house: usize) -> Self {
        let mut child = *board;
        let captured = i32::from(child.sow(side, house));
        Self {
            house,
            child,
            captured,
        }
    }
}

/// Which bound a search proves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Lower,
    Upper,
}

impl Bound {
    /// The reply's bound.
    fn other(self) -> Self {
        match self {
            Self::Lower => Self::Upper,
            Self::Upper => Self::Lower,
        }
    }

    /// This bound of the known range.
    fn pick(self, low: i32, high: i32) -> i32 {
        match self {
            Self::Lower => low,
            Self::Upper => high,
        }
    }
}

/// Seeds on the board, in both rows.
fn seeds_on_board(board: &Board) -> i32 {
    let seeds = board.row_total(Player::One) + board.row_total(Player::Two);
    i32::try_from(seeds).unwrap_or(i32::MAX)
}

/// South's row minus North's.
fn south_rows(board: &Board) -> i32 {
    row_margin(board, Player::One)
}

/// The table slot and key of a fresh board: its key with empty stores
/// (the value of the seeds still to come does not depend on them), never 0.
fn table_slot(board: &Board, side: Player) -> (usize, u64) {
    let mut bare = *board;
    bare.stores = [0, 0];
    let key = board_key(&bare, side) | 1;
    // The high bits index the table (the low bit is forced to 1).
    let index = usize::try_from(key >> 40).unwrap_or(0) & (TABLE_ENTRIES - 1);
    (index, key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::endgame::rank::{entry_count, unrank};
    use crate::games::oware::endgame::bounds::board_of;
    use crate::games::oware::endgame::reference::exhaustive_move;
    use ply_rules::game::Game;

    /// Boards small enough to play every line from every board.
    const SMALL: [(u8, u8); 3] = [(1, 8), (2, 5), (3, 3)];

    /// Every board of `houses` houses and at most `max_seeds` seeds, South
    /// to move, stores empty.
    fn boards(houses: u8, max_seeds: u8) -> Vec<Board> {
        let count = entry_count(2 * usize::from(houses), max_seeds).unwrap();
        let mut key = vec![0u8; 2 * usize::from(houses)];
        (0..count)
            .map(|index| {
                unrank(index, &mut key).unwrap();
                board_of(&key, houses)
            })
            .collect()
    }

    /// Each move's exhaustive value (every line to its end, the
    /// repetition rule as the game applies it) after `history`.
    fn exhaustive_moves(position: &Oware, history: &[(Board, Player)]) -> Vec<(u8, i32)> {
        let side = position.side;
        legal_houses(&position.board, side)
            .into_iter()
            .map(|house| {
                let value = exhaustive_move(&position.board, side, house, &mut history.to_vec());
                (u8::try_from(house).unwrap(), value)
            })
            .collect()
    }

    /// Checks every move's bounds against its exhaustive value; returns
    /// how many were exact.
    fn check(solver: &mut Solver<'_>, position: &Oware, history: &[(Board, Player)]) -> usize {
        let expected = exhaustive_moves(position, history);
        let found = solver.move_bounds(position, |_, _, _| {});
        assert_eq!(found.len(), expected.len());
        let mut exact = 0;
        for (house, value) in expected {
            let line = found.iter().find(|m| m.mv == house).unwrap();
            assert!(
                line.lower <= value && value <= line.upper,
                "{:?}, house {house}: {value} outside {line:?}",
                position.board
            );
            exact += usize::from(line.exact().is_some());
        }
        exact
    }

    /// From a fresh history, every move's bounds hold the exhaustive
    /// value, with and without the database, and the small boards are
    /// solved outright.
    #[test]
    fn bounds_hold_and_meet_on_small_boards() {
        let stop = SearchControl::default();
        for (houses, max_seeds) in SMALL {
            let db = OwareDb::build(houses, max_seeds, 1, |_| {}).unwrap();
            let mut without = Solver::new(None, &stop);
            let mut with = Solver::new(Some(&db), &stop);
            let (mut moves, mut exact) = (0, 0);
            for board in boards(houses, max_seeds) {
                let position = Oware::from_board(board, Player::One);
                if position.is_over() {
                    continue;
                }
                let history = [(board, Player::One)];
                moves += legal_houses(&board, Player::One).len();
                exact += check(&mut without, &position, &history);
                check(&mut with, &position, &history);
            }
            assert!(
                exact * 10 >= moves * 9,
                "{houses} houses: {exact} of {moves} exact"
            );
        }
    }

    /// Every position `plies` quiet moves from a board of `houses` houses
    /// and at most `max_seeds` seeds (South to move first), with the
    /// boards of its line, while the game goes on.
    fn quiet_lines(houses: u8, max_seeds: u8, plies: usize) -> Vec<(Oware, Vec<(Board, Player)>)> {
        let mut lines: Vec<(Oware, Vec<(Board, Player)>)> = boards(houses, max_seeds)
            .into_iter()
            .map(|board| {
                (
                    Oware::from_board(board, Player::One),
                    vec![(board, Player::One)],
                )
            })
            .collect();
        for ply in 1..=plies {
            lines = lines
                .into_iter()
                .flat_map(|(position, history)| {
                    legal_houses(&position.board, position.side)
                        .into_iter()
                        .filter_map(move |house| {
                            let mut next = position.clone();
                            next.play(u8::try_from(house).unwrap());
                            let quiet = next.since_capture() == ply + 1 && !next.is_over();
                            let mut line = history.clone();
                            line.push((next.board, next.side));
                            quiet.then_some((next, line))
                        })
                })
                .collect();
        }
        lines
    }

    /// A position reached by quiet moves keeps its history, the boards
    /// before it known to the solver by their keys only: the bounds hold
    /// the value the exhaustive search finds with that history.
    #[test]
    fn a_quiet_line_s_history_is_seen() {
        let (houses, max_seeds) = (2, 5);
        let db = OwareDb::build(houses, max_seeds, 1, |_| {}).unwrap();
        let stop = SearchControl::default();
        let mut solver = Solver::new(Some(&db), &stop);
        for plies in [1, 2] {
            let lines = quiet_lines(houses, max_seeds, plies);
            assert!(lines.len() > 100, "{plies} plies: {}", lines.len());
            for (position, history) in lines {
                check(&mut solver, &position, &history);
            }
        }
    }

    #[test]
    fn a_game_over_has_no_moves_and_a_stop_ends_the_proof() {
        let stop = SearchControl::default();
        let mut solver = Solver::new(None, &stop);
        let decided = Oware::from_position_string("1,0,0,0,0,0 2 0,0,0,0,0,1 25 s").unwrap();
        assert!(solver.move_bounds(&decided, |_, _, _| {}).is_empty());
        // Stopped before it starts: the bounds are the seeds on the board.
        let stopped = SearchControl::default();
        stopped.stop();
        let mut solver = Solver::new(None, &stopped);
        let start = Oware::start(ply_rules::games::oware::OwareRules::default()).unwrap();
        let bounds = solver.move_bounds(&start, |_, _, _| {});
        assert_eq!(bounds.len(), 6);
        assert!(bounds.iter().all(|m| m.lower >= -48 && m.upper <= 48));
    }
}
