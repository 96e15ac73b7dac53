//! The exact search of one solver thread: alpha-beta with memory over f,
//! the store gain the side to move can still force (see [`super`]).
//!
//! Positions are searched with their stores cleared: what a move adds to
//! the stores is the move's *gain*, and a child's f is added (same side
//! moves again) or subtracted (the turn passes). So the value of a node
//! never depends on the stores, and one table entry serves every store count.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use arrayvec::ArrayVec;

use super::board::{Board, Rules};
use super::busy::BusyTable;
use super::steps_finished;
use super::table::{BoundTable, Bounds, NO_MOVE};
use crate::endgame::rank;
use crate::games::kalah::endgame::KalahDb;
use crate::search::SearchControl;
use ply_rules::game::Player;
use ply_rules::games::kalah::position::{Kalah, PIT_SLOTS};
use ply_rules::games::mancala::key;

/// Nodes between two looks at the stop flag (three relaxed atomic loads).
/// Few, because a node may wait for the disk: while the endgame database
/// is not yet in the page cache, a probe can take a millisecond, and 4,096
/// nodes let a proof overrun a 0.5 s deadline by 2.3 s (the first `go
/// movetime 1000` of a process). (Fewer still in unit tests, so that small
/// boards see steps abandoned.)
const STOP_CHECK_INTERVAL: u64 = if cfg!(test) { 16 } else { 64 };

/// Enhanced transposition cut-offs cost a table probe per child; below this
/// many seeds on the board the subtrees are too small to be worth it.
const ETC_MIN_SEEDS: u32 = 10;

/// A move from a node, made and measured.
#[derive(Clone, Copy, Debug)]
struct Child {
    pit: u8,
    /// Seeds the mover's store gains minus what the opponent's gains.
    gain: i32,
    /// The mover moves again (the last seed fell into its store).
    same_side: bool,
    /// Where the move goes in the search order: see [`order_score`].
    score: u32,
    /// The position after the move, stores cleared.
    position: Board,
    key: u64,
    /// The child's entry in the endgame database (its entry is being
    /// prefetched), or [`NO_RANK`]: a plain `u64` keeps a child at 64
    /// bytes, which sorting moves around.
    db_rank: u64,
}

impl Child {
    /// The parent's value through this move when the child's is `value`.
    #[inline]
    fn through(&self, value: i32) -> i32 {
        if self.same_side {
            self.gain + value
        } else {
            self.gain - value
        }
    }
}

/// [`Child::db_rank`] of a child the database does not hold.
const NO_RANK: u64 = u64::MAX;

/// What one thread needs to search, shared with the other threads.
#[derive(Debug, Clone, Copy)]
pub struct Shared<'a> {
    /// Proven bounds, shared by every thread.
    pub table: &'a BoundTable,
    /// Exact values of small endgames, when loaded.
    pub db: Option<&'a KalahDb>,
    /// Set when another thread has finished: abandon the search.
    pub stop: &'a AtomicBool,
    /// The MTD(f) progress word (see `super::steps_finished`): when its
    /// count of finished steps moves on, the step this thread is in was
    /// finished by another: abandon it.
    pub progress: &'a AtomicU64,
    /// The positions other threads are inside (with more than one thread).
    pub busy: Option<&'a BusyTable>,
    /// The protocol's `stop`.
    pub control: &'a SearchControl,
}

/// One thread's exact search.
#[derive(Debug)]
pub struct ExactSearch<'a> {
    shared: Shared<'a>,
    /// Nodes visited by this thread.
    pub nodes: u64,
    /// Set once the stop flag was seen, or the step counter moved past
    /// [`Self::step`]; results after it are meaningless.
    pub aborted: bool,
    /// The steps finished (by any thread) when this search began.
    pub step: u32,
    /// The root move that produced the last fail-high (the best so far).
    pub root_best: Option<(u8, i32)>,
    /// The pit count and capture rule of the position being searched.
    rules: Rules,
    /// The endgame database, when it is for these rules.
    db: Option<&'a KalahDb>,
}

/// Seeds in the pits (the stores are cleared during the search).
#[inline]
pub fn seeds_on_board(position: &Kalah) -> u32 {
    position.pits.iter().flatten().map(|&s| u32::from(s)).sum()
}

/// The table key: the mover's pits then the opponent's, mixed. The side
/// itself is left out, since f is the same from either side's seat.
#[inline]
pub fn solver_key(position: &Kalah) -> u64 {
    let me = position.side.index();
    let rest = [
        position.pit_count,
        u8::from(position.empty_capture),
        0,
        0,
        0,
        0,
        0,
        0,
    ];
    key::mix(&key::pack(&position.pits[me], &position.pits[1 - me], rest))
}

/// f of a finished position whose stores are cleared: the seeds each side
/// still holds are swept into its own store.
pub fn finished_value(position: &Kalah) -> i32 {
    let side_sum = |p: Player| position.pits(p).iter().map(|&s| i32::from(s)).sum::<i32>();
    side_sum(position.side) - side_sum(position.side.opponent())
}

impl<'a> ExactSearch<'a> {
    /// A searcher for one thread.
    #[must_use]
    pub fn new(shared: Shared<'a>) -> Self {
        Self {
            shared,
            nodes: 0,
            aborted: false,
            step: 0,
            root_best: None,
            rules: Rules {
                pits: PIT_SLOTS,
                empty_capture: false,
            },
            db: None,
        }
    }

    /// Whether the whole solve is over: another thread finished it, or the
    /// protocol said `stop`. (An abandoned step is not a stop.)
    #[must_use]
    pub fn shared_stopped(&self) -> bool {
        self.shared.stop.load(Ordering::Relaxed) || self.shared.control.stopped()
    }

    /// f of `position` (stores cleared), `key` its [`solver_key`], within
    /// `(alpha, beta)`, fail-soft: a result `<= alpha` is an upper bound,
    /// `>= beta` a lower bound. The search itself runs on `Board`s.
    pub fn search(&mut self, position: &Kalah, key: u64, ply: usize, alpha: i32, beta: i32) -> i32 {
        self.rules = Rules::of(position);
        let rules = self.rules;
        self.db = self.shared.db.filter(|db| {
            usize::from(db.pits()) == rules.pits && db.empty_capture() == rules.empty_capture
        });
        self.search_board(&Board::of(position), key, ply, alpha, beta)
    }

    /// [`Self::search`] on a board. The endgame database's positions never
    /// come here but at the root: their parent looks them up (see
    /// [`Self::child_value`]).
    fn search_board(
        &mut self,
        position: &Board,
        key: u64,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        // 1. Count the node; look at the stop flag now and then.
        self.nodes += 1;
        if self.nodes.is_multiple_of(STOP_CHECK_INTERVAL)
            && (self.shared.control.spend(STOP_CHECK_INTERVAL)
                || self.shared.stop.load(Ordering::Relaxed)
                || steps_finished(self.shared.progress.load(Ordering::Relaxed)) != self.step)
        {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }

        // 2. The end of the game, and the futility bounds: no side can gain
        //    more than the seeds left on the board.
        if position.is_over() {
            return position.finished_value();
        }
        let seeds = position.seeds();
        let most = i32::try_from(seeds).unwrap_or(i32::MAX);
        if alpha >= most {
            return most;
        }
        if beta <= -most {
            return -most;
        }

        // 3. The table: a cut-off (not at the root, which must search its
        //    moves to name the best one), or a narrower window and a first
        //    move.
        let root = ply == 0;
        let stored = self.shared.table.probe(key);
        let mut table_move = NO_MOVE;
        if let Some(bounds) = stored {
            table_move = bounds.best;
            let (lower, upper) = (i32::from(bounds.lower), i32::from(bounds.upper));
            if !root {
                if lower >= beta || lower == upper {
                    return lower;
                }
                if upper <= alpha {
                    return upper;
                }
                alpha = alpha.max(lower);
                beta = beta.min(upper);
            }
        }

        // 4. The table move first, before making any other move: it
        //    often cuts off alone. With other threads, the node is marked
        //    busy while it is searched here (see [`BusyTable`]).
        let sharing = self.shared.busy.filter(|busy| busy.covers(seeds));
        let _inside = sharing.map(|busy| busy.enter(key));
        let nodes_before = self.nodes;
        let mut best = i32::MIN;
        let mut best_pit = NO_MOVE;
        let mut a = alpha;
        if table_move != NO_MOVE
            && let Some(child) = self.child(position, usize::from(table_move))
        {
            let value = self.child_value(&child, ply, a, beta);
            if self.aborted {
                return 0;
            }
            best = value;
            best_pit = child.pit;
            a = a.max(value);
        }

        if best < beta {
            // 5. Make the other moves: gains, extra turns, keys, their
            //    buckets and database entries prefetched.
            let mut children = self.children(position, table_move);

            // 6. Enhanced transposition cut-offs: a child whose stored bound
            //    already proves a cut-off saves searching any of them. A
            //    child the database holds has an exact value, the best
            //    bound there is: looking it up here finds a cut-off in 70 %
            //    of the nodes with one seed more than the database holds
            //    (Kalah(6,4) with ≤ 20 seeds: 3.8 M of 5.5 M, against 0.2 M
            //    from the table alone), and cut the solver's time by 13-17 %.
            if seeds >= ETC_MIN_SEEDS {
                for child in &children {
                    let (lower, upper) = if let Some(value) = self.db_value(child) {
                        (value, value)
                    } else if let Some(bounds) = self.shared.table.probe(child.key) {
                        (i32::from(bounds.lower), i32::from(bounds.upper))
                    } else {
                        continue;
                    };
                    // The child's bound that bounds the parent from below.
                    let through = child.through(if child.same_side { lower } else { upper });
                    if through >= beta {
                        if root {
                            self.root_best = Some((child.pit, through));
                        }
                        self.store(key, stored, through, alpha, beta, child.pit, 0);
                        return through;
                    }
                }
            }

            // 7. Order (extra turns, gains, pits near the store) and search.
            //    A child another thread is inside is put off, unless it
            //    would be the first searched here: the children in order
            //    first, then the ones put off, when the table likely holds
            //    the other thread's result.
            order(&mut children);
            let mut put_off = ArrayVec::<usize, PIT_SLOTS>::new();
            let mut turn = 0;
            loop {
                let (index, first_pass) = if turn < children.len() {
                    (turn, true)
                } else if let Some(&index) = put_off.get(turn - children.len()) {
                    (index, false)
                } else {
                    break;
                };
                turn += 1;
                let child = &children[index];
                if first_pass
                    && best != i32::MIN
                    && sharing.is_some_and(|busy| busy.is_busy(child.key))
                {
                    put_off.push(index);
                    continue;
                }
                let value = self.child_value(child, ply, a, beta);
                if self.aborted {
                    return 0;
                }
                if value > best {
                    best = value;
                    best_pit = child.pit;
                    a = a.max(value);
                    if value >= beta {
                        break;
                    }
                }
            }
        }
        if ply == 0 && best >= beta {
            self.root_best = Some((best_pit, best));
        }

        // 8. Remember what was proven.
        self.store(
            key,
            stored,
            best,
            alpha,
            beta,
            best_pit,
            self.nodes - nodes_before,
        );
        best
    }

    /// The move sowing `pit`, made, with the child's stores cleared;
    /// `None` for an empty pit.
    #[inline]
    fn child(&self, position: &Board, pit: usize) -> Option<Child> {
        if pit >= self.rules.pits || !position.can_sow(pit) {
            return None;
        }
        let sown = position.sow(pit, self.rules);
        let key = sown.board.key(self.rules);
        let pit = u8::try_from(pit).unwrap_or(NO_MOVE);
        Some(Child {
            pit,
            gain: sown.gain,
            same_side: sown.same_side,
            score: order_score(sown.same_side, sown.gain, pit),
            db_rank: self.db_rank(&sown.board).unwrap_or(NO_RANK),
            position: sown.board,
            key,
        })
    }

    /// Every move but `skip` (the table move, searched already), made, in
    /// pit order: the order the enhanced transposition cut-offs probe them
    /// in, which decides the bound a cut-off stores. A plain loop: the
    /// iterator chain it replaces was not inlined.
    ///
    /// Their database entries, and the table buckets of the others (a
    /// position the database holds is never stored), are prefetched once
    /// all are made, one prefetch right after another: a prefetch into a
    /// table of gigabytes waits for its address translation (its sample
    /// count says so), and prefetches in a row wait together, while one
    /// after each child held up the next child's sowing.
    #[inline]
    fn children(&self, position: &Board, skip: u8) -> ArrayVec<Child, PIT_SLOTS> {
        let mut children = ArrayVec::<Child, PIT_SLOTS>::new();
        for pit in 0..self.rules.pits {
            if pit != usize::from(skip)
                && let Some(child) = self.child(position, pit)
            {
                children.push(child);
            }
        }
        for child in children.iter().filter(|c| c.db_rank == NO_RANK) {
            self.shared.table.prefetch(child.key);
        }
        if let Some(db) = self.db {
            for child in children.iter().filter(|c| c.db_rank != NO_RANK) {
                db.prefetch_entry(child.db_rank);
            }
        }
        children
    }

    /// The rank of `board` in the endgame database when it is there: the
    /// parent ranks each child once, when it makes it, and prefetches its
    /// entry (see [`Self::children`]), so the child's probe finds it in
    /// the cache.
    #[inline]
    fn db_rank(&self, board: &Board) -> Option<u64> {
        let db = self.db?;
        if board.seeds() > u32::from(db.max_seeds()) {
            return None;
        }
        let pits = self.rules.pits;
        let (mine, theirs) = board.sides();
        let mut both = [0u8; 2 * PIT_SLOTS];
        both[..pits].copy_from_slice(&mine[..pits]);
        both[pits..2 * pits].copy_from_slice(&theirs[..pits]);
        Some(rank(&both[..2 * pits]))
    }

    /// The exact value of `child` from the endgame database, if it holds it.
    #[inline]
    fn db_value(&self, child: &Child) -> Option<i32> {
        if child.db_rank == NO_RANK {
            return None;
        }
        self.db?.entry(child.db_rank).map(i32::from)
    }

    /// The value of the parent through `child`, searched with the parent's
    /// window `(alpha, beta)`.
    #[inline]
    fn child_value(&mut self, child: &Child, ply: usize, alpha: i32, beta: i32) -> i32 {
        // A child the database holds is known, not searched.
        let value = if let Some(value) = self.db_value(child) {
            value
        } else {
            // The parent's window as the child sees it.
            let (alpha, beta) = if child.same_side {
                (alpha - child.gain, beta - child.gain)
            } else {
                (child.gain - beta, child.gain - alpha)
            };
            self.search_board(&child.position, child.key, ply + 1, alpha, beta)
        };
        child.through(value)
    }

    /// Stores the result of a node searched with window `(alpha, beta)`,
    /// merged with what the table held before.
    ///
    /// The best move kept is one that proved a cut-off. A node that failed
    /// low (every move searched, none reaching beta) only knows the move
    /// with the highest fail-soft bound, and those bounds are loose: it is
    /// a worse first move than the static order (extra turns, gains, pits
    /// near the store). So a fail-low keeps the move stored before (from
    /// an earlier cut-off) or none, and when the search later needs a
    /// refutation there (typically the opponent's, in the last MTD(f) step
    /// that proves the upper bound) it starts with that move or the static
    /// order. This saves 4 % of the nodes of Kalah(6,4) and 3 % with empty
    /// captures; keeping the fail-soft move only where none was stored
    /// saves nothing.
    #[allow(clippy::too_many_arguments)]
    fn store(
        &self,
        key: u64,
        old: Option<Bounds>,
        value: i32,
        alpha: i32,
        beta: i32,
        best: u8,
        nodes: u64,
    ) {
        // The value of an abandoned search is meaningless: never store it.
        debug_assert!(!self.aborted, "storing the result of an abandoned search");
        let (mut lower, mut upper) = old.map_or((i32::from(i16::MIN), i32::from(i16::MAX)), |b| {
            (i32::from(b.lower), i32::from(b.upper))
        });
        if value <= alpha {
            upper = upper.min(value);
        } else if value >= beta {
            lower = lower.max(value);
        } else {
            (lower, upper) = (value, value);
        }
        let old_best = old.map_or(NO_MOVE, |b| b.best);
        let best = if best == NO_MOVE || value <= alpha {
            old_best
        } else {
            best
        };
        let bounds = Bounds {
            lower: i16::try_from(lower).unwrap_or(i16::MIN),
            upper: i16::try_from(upper).unwrap_or(i16::MAX),
            best,
            // log2 of the subtree size, at most 63.
            work: u8::try_from(64 - nodes.leading_zeros()).unwrap_or(u8::MAX),
        };
        self.shared.table.store(key, bounds);
    }
}

/// Bits of [`order_score`] below the gain: the pit.
const SCORE_PIT_BITS: u32 = 4;

/// Bits of [`order_score`] below the extra turn: the pit and the gain.
const SCORE_TURN_BITS: u32 = 16;

/// Added to a gain (at least -255) to make it non-negative.
const SCORE_GAIN_OFFSET: i32 = 256;

/// The search order of a child, higher first: extra turns, bigger gains,
/// then pits nearer the store. Among extra turns the pit nearest the
/// store goes first: sowing it leaves the other pits as they were, so
/// their extra turns are still there afterwards. One integer, so that
/// ordering compares once: the extra turn above the gain (at most 255 a
/// side, 9 bits once offset) above the pit (under 16).
fn order_score(same_side: bool, gain: i32, pit: u8) -> u32 {
    let gain = u32::try_from(gain + SCORE_GAIN_OFFSET).unwrap_or(0);
    u32::from(same_side) << SCORE_TURN_BITS | gain << SCORE_PIT_BITS | u32::from(pit)
}

/// Sorts children best-first by [`order_score`]. The scores differ (the
/// pit is part of them), so any sort gives the one order; for a dozen
/// children at most the standard sort is an insertion sort.
fn order(children: &mut [Child]) {
    children.sort_unstable_by_key(|c| std::cmp::Reverse(c.score));
}

#[cfg(test)]
mod tests {
    use super::super::board::test_position;
    use super::*;
    use ply_rules::game::Player;
    use proptest::prelude::*;

    /// The children of `position` but `skip` as the search made them on
    /// whole [`Kalah`] copies before [`Board`]: pit, gain, extra turn and
    /// key, best first.
    fn by_the_engine(position: &Kalah, skip: u8) -> Vec<(u8, i32, bool, u64)> {
        let me = position.side.index();
        let mut children: Vec<_> = (0..position.len())
            .filter(|&pit| pit != usize::from(skip) && position.pits[me][pit] > 0)
            .map(|pit| {
                let mut child = *position;
                child.sow(pit);
                let gain = i32::from(child.stores[me]) - i32::from(child.stores[1 - me]);
                child.stores = [0; 2];
                let pit = u8::try_from(pit).unwrap();
                (pit, gain, child.side == position.side, solver_key(&child))
            })
            .collect();
        children
            .sort_by_key(|&(pit, gain, same_side, _)| std::cmp::Reverse((same_side, gain, pit)));
        children
    }

    proptest! {
        #[test]
        fn children_and_their_order_agree_with_the_engine(
            pits in 1usize..=PIT_SLOTS,
            seeds in prop::collection::vec(0u8..=10, 2 * PIT_SLOTS),
            south: bool,
            empty_capture: bool,
            skip in 0u8..=PIT_SLOTS as u8,
        ) {
            let side = if south { Player::One } else { Player::Two };
            let position = test_position(pits, &seeds, side, empty_capture);
            prop_assume!(!position.is_over());
            let skip = if usize::from(skip) >= pits { NO_MOVE } else { skip };
            let table = BoundTable::new(0);
            let (stop, progress) = (AtomicBool::new(false), AtomicU64::new(0));
            let control = SearchControl::default();
            let mut search = ExactSearch::new(Shared {
                table: &table,
                db: None,
                stop: &stop,
                progress: &progress,
                busy: None,
                control: &control,
            });
            search.rules = Rules::of(&position);
            let mut children = search.children(&Board::of(&position), skip);
            order(&mut children);
            let made: Vec<_> = children
                .iter()
                .map(|c| (c.pit, c.gain, c.same_side, c.key))
                .collect();
            prop_assert_eq!(made, by_the_engine(&position, skip));
        }
    }

    use crate::book::BookRandom;
    use ply_rules::game::Game;
    use ply_rules::games::kalah::KalahRules;

    /// f of `position` by a full-window search, with `busy` as the other
    /// threads' marks.
    fn value(position: &Kalah, busy: Option<&BusyTable>) -> i32 {
        let table = BoundTable::new(1);
        let (stop, progress) = (AtomicBool::new(false), AtomicU64::new(0));
        let control = SearchControl::default();
        let shared = Shared {
            table: &table,
            db: None,
            stop: &stop,
            progress: &progress,
            busy,
            control: &control,
        };
        let mut board = *position;
        board.stores = [0; 2];
        let bound = i32::try_from(seeds_on_board(&board)).unwrap_or(i32::MAX) + 1;
        ExactSearch::new(shared).search(&board, solver_key(&board), 0, -bound, bound)
    }

    #[test]
    fn children_put_off_are_still_searched() {
        // Every position looks busy, as if another thread were everywhere:
        // all children but the first of every node are put off, and the
        // values must not change.
        let everywhere = BusyTable::new(0);
        everywhere.mark_all();
        let mut rng = BookRandom::seeded(7);
        for (pits, seeds, empty_capture) in [(3, 3, false), (4, 2, true), (3, 4, true)] {
            let rules = KalahRules::new(pits, seeds, empty_capture).expect("playable");
            let mut position = Kalah::start(rules).expect("start");
            while !position.is_over() {
                assert_eq!(value(&position, Some(&everywhere)), value(&position, None));
                let moves = position.moves();
                let pick = usize::try_from(rng.next_u64() % moves.len() as u64).unwrap_or(0);
                position.play(moves[pick]);
            }
        }
    }
}
