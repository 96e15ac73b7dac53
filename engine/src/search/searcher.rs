//! The game-tree search: iterative deepening over a principal variation
//! search (negamax alpha-beta with zero windows), with a transposition
//! table, move ordering and time control.
//!
//! It grows out of the seeds' negamax alpha-beta (seed 000, `alfa_béta`)
//! with one twist the seeds handle by making a Kalah turn a list of
//! sowings: here a move is one sowing, and the side to move may stay the
//! same after it. So a child's score is negated only when the side changes.

use std::time::{Duration, Instant};

use ply_rules::game::{Game, Outcome};

use super::game::SearchGame;

use super::control::SearchControl;
use super::evaluator::Evaluator;
use super::limits::Limits;
use super::ordering::{History, order_moves};
use super::score::{
    INFINITE, MATE, MAX_PLY, from_table, is_proven, loss_in, proven_margin, to_table, win_in,
};
use super::time::TimePlan;
use super::tt::{Bound, TranspositionTable};

/// Nodes between two looks at the clock and the stop flag.
const CHECK_INTERVAL: u64 = 1024;

/// How often a finished search that must wait for `stop` (infinite or
/// pondering) looks at the flags.
const WAIT_POLL: Duration = Duration::from_millis(2);

/// What one finished iteration found, for an `info` line.
#[derive(Clone, Debug)]
pub struct Iteration<M> {
    /// Nominal depth of the iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score for the side to move at the root.
    pub score: i32,
    /// Nodes searched so far, all iterations together.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Transposition table use, per mille.
    pub hashfull: u32,
    /// The principal variation, starting with the best move.
    pub pv: Vec<M>,
}

/// What a whole search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The move to play; `None` only when the game is over.
    pub best: Option<M>,
    /// The expected reply, when the principal variation has one.
    pub ponder: Option<M>,
    /// Score of the last finished iteration (0 if none finished).
    pub score: i32,
    /// Depth of the last finished iteration (0 if none finished).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// Settings of the engine that shape every search.
#[derive(Clone, Copy, Debug, Default)]
pub struct SearchSettings {
    /// Time kept back per move for communication (`Move Overhead`).
    pub move_overhead: Duration,
}

/// The mutable state the search works on, owned by the engine between searches.
#[derive(Debug)]
pub struct SearchTables<'a> {
    /// The transposition table.
    pub tt: &'a mut TranspositionTable,
    /// The history heuristic.
    pub history: &'a mut History,
}

/// Searches `root` within `limits` and returns the best move. `report` is
/// called after every finished iteration.
pub fn search<G, E, R>(
    root: &G,
    limits: &Limits,
    settings: SearchSettings,
    tables: SearchTables<'_>,
    control: &SearchControl,
    evaluator: E,
    report: R,
) -> SearchResult<G::Move>
where
    G: SearchGame,
    E: Evaluator<G>,
    R: FnMut(&Iteration<G::Move>),
{
    tables.tt.new_search();
    let mut searcher = Searcher {
        tt: tables.tt,
        history: tables.history,
        control,
        evaluator,
        node_limit: limits.nodes,
        plan: TimePlan::new(limits, settings.move_overhead),
        started: Instant::now(),
        clock_started: Instant::now(),
        pondering: control.pondering(),
        nodes: 0,
        seldepth: 0,
        horizon_hits: 0,
        aborted: false,
        pv: vec![Vec::new(); MAX_PLY + 1],
    };
    let result = searcher.iterative_deepening(root, limits, report);
    if limits.infinite || searcher.pondering {
        // UCI: no bestmove before `stop` (or `ponderhit`) in these modes.
        while !control.stopped() && (limits.infinite || control.pondering()) {
            std::thread::sleep(WAIT_POLL);
        }
    }
    result
}

/// The state of one search.
struct Searcher<'a, G: Game, E> {
    tt: &'a mut TranspositionTable,
    history: &'a mut History,
    control: &'a SearchControl,
    evaluator: E,
    node_limit: Option<u64>,
    plan: TimePlan,
    /// When the search began (for `time` and `nps`).
    started: Instant,
    /// When the time budget began: the start, or the `ponderhit`.
    clock_started: Instant,
    /// Still pondering: no time limits yet.
    pondering: bool,
    nodes: u64,
    seldepth: usize,
    /// Static evaluations at the horizon in the current iteration; none
    /// means every line it looked at reached the end of the game.
    horizon_hits: u64,
    /// Set once a limit is hit; everything searched after it is discarded.
    aborted: bool,
    /// Triangular principal-variation table: `pv[ply]` is the best line from `ply`.
    pv: Vec<Vec<G::Move>>,
}

impl<G: SearchGame, E: Evaluator<G>> Searcher<'_, G, E> {
    /// Deepens one ply at a time until a limit is reached, keeping the
    /// result of the last iteration that finished.
    fn iterative_deepening<R>(
        &mut self,
        root: &G,
        limits: &Limits,
        mut report: R,
    ) -> SearchResult<G::Move>
    where
        R: FnMut(&Iteration<G::Move>),
    {
        // 1. No moves: the game is over.
        let mut root_moves = G::Moves::default();
        root.legal_moves(&mut root_moves);
        let mut result = SearchResult {
            best: None,
            ponder: None,
            score: 0,
            depth: 0,
            nodes: 0,
        };
        let Some(&first_move) = root_moves.first() else {
            return result;
        };
        // 2. Something to play even if stopped before depth 1 finishes.
        result.best = Some(first_move);
        let only_move = root_moves.len() == 1;
        let time_managed = limits.depth.is_none() && limits.nodes.is_none() && !limits.infinite;
        let max_depth = limits
            .depth
            .unwrap_or(u32::MAX)
            .clamp(1, (MAX_PLY - 1) as u32);

        for depth in 1..=max_depth {
            // 3. Search the whole window; a root aborted part-way is discarded.
            self.seldepth = 0;
            self.horizon_hits = 0;
            let score = self.negamax(root, depth, 0, -INFINITE, INFINITE);
            if self.aborted {
                break;
            }
            let pv = self.pv[0].clone();
            result = SearchResult {
                best: pv.first().copied().or(result.best),
                ponder: pv.get(1).copied(),
                score,
                depth,
                nodes: self.nodes,
            };
            // 4. Tell the front end.
            report(&Iteration {
                depth,
                seldepth: self.seldepth as u32,
                score,
                nodes: self.nodes,
                elapsed: self.started.elapsed(),
                hashfull: self.tt.hashfull(),
                pv,
            });
            // 5. Stop deepening when it cannot change anything or time is short.
            // A deeper search sees nothing new once every line ends in the
            // game's end (a proven score within reach, or no horizon hit).
            let proven_to_the_end = is_proven(score) && (MATE - score.abs()) as u32 <= depth;
            let exhausted = self.horizon_hits == 0;
            if proven_to_the_end || exhausted || (time_managed && only_move) {
                break;
            }
            if !self.pondering && !self.plan.may_start_iteration(self.clock_started.elapsed()) {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    /// Counts a node and says whether the search must unwind now.
    #[inline]
    fn out_of_budget(&mut self) -> bool {
        self.nodes += 1;
        if self.aborted {
            return true;
        }
        if self.node_limit.is_some_and(|limit| self.nodes > limit) {
            self.aborted = true;
        } else if self.nodes.is_multiple_of(CHECK_INTERVAL) {
            if self.control.stopped() {
                self.aborted = true;
            } else if self.pondering && !self.control.pondering() {
                // `ponderhit`: the clock starts now.
                self.pondering = false;
                self.clock_started = Instant::now();
            } else if !self.pondering
                && self
                    .plan
                    .hard
                    .is_some_and(|hard| self.clock_started.elapsed() >= hard)
            {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// The score of `child` (reached from `parent` by one move) from the
    /// parent's point of view, searched with the parent's window.
    #[inline]
    fn child_score(
        &mut self,
        parent: &G,
        child: &G,
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if child.side_to_move() == parent.side_to_move() {
            self.negamax(child, depth, ply + 1, alpha, beta)
        } else {
            -self.negamax(child, depth, ply + 1, -beta, -alpha)
        }
    }

    /// Negamax alpha-beta with principal variation search. Returns the score
    /// of `position` for its side to move; `depth` plies remain.
    fn negamax(
        &mut self,
        position: &G,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        // 1. Bookkeeping, and unwind when a limit is hit.
        self.pv[ply].clear();
        self.seldepth = self.seldepth.max(ply);
        if self.out_of_budget() {
            return 0;
        }

        // 2. The end of the game is an exact, proven result.
        if let Some(outcome) = position.outcome() {
            return terminal_score(position, outcome, ply);
        }

        // 3. Exact knowledge (endgame databases): the proven final margin.
        //    Not at the root, which must search to name a move.
        if ply > 0
            && let Some(margin) = self.evaluator.exact(position)
        {
            return proven_margin(margin);
        }

        // 4. The horizon: static evaluation of a quiet position; one that
        //    is not (a pending draughts capture) is searched a ply further.
        //    Such extensions end: every capture takes a piece off the board.
        if ply >= MAX_PLY - 1 || (depth == 0 && position.is_quiet()) {
            self.horizon_hits += 1;
            return self.evaluator.evaluate(position);
        }
        let depth = depth.max(1);

        // 5. Mate-distance pruning: no result here beats a win at the next
        //    ply or loses faster than a loss at this one.
        alpha = alpha.max(loss_in(ply));
        beta = beta.min(win_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        // 6. The transposition table: a cut-off outside the principal
        //    variation, and the stored best move for ordering.
        let key = position.hash_key();
        let pv_node = beta - alpha > 1;
        let mut table_move = None;
        if let Some(entry) = self.tt.probe(key) {
            table_move = entry.best_move_index();
            if !pv_node && u32::from(entry.depth) >= depth {
                let score = from_table(entry.score, ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable {
                    return score;
                }
            }
        }

        // 7. Generate and order the moves.
        let mut moves = G::Moves::default();
        position.legal_moves(&mut moves);
        order_moves(position, &mut moves, table_move, self.history);

        // 8. Search them: the first with the full window, the rest with a
        //    zero window that is widened only when a move looks better.
        let original_alpha = alpha;
        let mut best_score = -INFINITE;
        let mut best_index = None;
        for (i, &mv) in moves.iter().enumerate() {
            let mut child = position.clone();
            child.play(mv);
            let mut score;
            if i == 0 {
                score = self.child_score(position, &child, depth - 1, ply, alpha, beta);
            } else {
                score = self.child_score(position, &child, depth - 1, ply, alpha, alpha + 1);
                if score > alpha && score < beta {
                    score = self.child_score(position, &child, depth - 1, ply, alpha, beta);
                }
            }
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    best_index = Some(G::move_index(mv));
                    self.update_pv(ply, mv);
                    if score >= beta {
                        self.history
                            .reward(position.side_to_move(), G::move_index(mv), depth);
                        break;
                    }
                }
            }
        }

        // 9. Remember the result.
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, to_table(best_score, ply), best_index, depth, bound);
        best_score
    }

    /// `pv[ply]` becomes `mv` followed by the child's line.
    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (here, below) = self.pv.split_at_mut(ply + 1);
        let line = &mut here[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&below[0]);
    }
}

/// The score of a finished game for its side to move, found `ply` plies
/// below the root.
fn terminal_score<G: Game>(position: &G, outcome: Outcome, ply: usize) -> i32 {
    match outcome {
        Outcome::Draw => 0,
        Outcome::Win(winner) if winner == position.side_to_move() => win_in(ply),
        Outcome::Win(_) => loss_in(ply),
    }
}
