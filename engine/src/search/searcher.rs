//! The game-tree search: iterative deepening over a principal variation
//! search (negamax alpha-beta with zero windows), with a transposition
//! table, move ordering and time control.
//!
//! It grows out of the negamax alpha-beta of the Prolog Kalah program
//! (`alfa_béta`) with one twist that program handles by making a Kalah
//! turn a list of sowings: here a move is one sowing, and the side to
//! move may stay the same after it. So a child's score is negated only
//! when the side changes.
//!
//! **Several lines (MultiPV).** As Stockfish does, each iteration searches
//! the root once per line, with the full window, leaving out the root
//! moves of the lines already found; so line k is the best line that
//! starts with none of the first k − 1 lines' moves. `searchmoves` leaves
//! out every other root move from the start. A root searched with moves
//! left out stores nothing in the table for the root itself, whose entry
//! would not be the position's value.
//!
//! **Several threads (lazy SMP).** With `Threads` N, N − 1 helper threads
//! search the same root at the same time, sharing only the transposition
//! table (lock-free, see [`super::tt`]): what one finds, the others
//! reach through the table. Helpers skip depths by a pattern so that they
//! spread over the next few depths (see [`super::threads`]), use their own
//! copy of the history, and stop when the main thread does. The main
//! thread keeps time and reports; at the end the deepest finished
//! iteration of any thread is played. With one thread the search is
//! exactly the single-threaded one. `nodes` counts every thread's nodes.

use std::time::{Duration, Instant};

use ply_rules::game::{Game, MoveBuffer, Outcome};

use super::game::SearchGame;

use super::control::SearchControl;
use super::evaluator::Evaluator;
use super::limits::Limits;
use super::ordering::{History, order_moves};
use super::probcut::Probe;
use super::score::{
    INFINITE, MATE, MAX_PLY, from_table, is_proven, loss_in, proven_margin, to_table, win_in,
};
use super::threads::{Completed, Shared, best_thread, helper_searches_depth};
use super::time::TimePlan;
use super::tt::{Bound, TranspositionTable};

/// Nodes between two looks at the clock and the stop flag. Not many: a
/// Kalah node may probe an endgame database still on disk (a millisecond
/// a probe in the first moves of a process), and 1,024 such nodes made a
/// `go movetime 1000` answer 100 ms late; 256 made it 30–70 ms late, 64
/// 10–20 ms, but 64 cost about 1 % of the speed at a fixed depth (12 pairs,
/// Kalah(6,4) depth 19: 1.013, 1.001–1.050), 256 nothing measurable.
const CHECK_INTERVAL: u64 = 256;

/// Database answers between two looks at the clock and the stop flag,
/// however few the nodes: an answer may wait for the disk or unpack a
/// block of a compressed table (the first read of each block), so 256
/// such nodes can take far longer than 256 others. A Russian draughts
/// game's first `go movetime 500` with the tables was once answered
/// 110 ms late.
const PROBE_CHECK_INTERVAL: u64 = 16;

/// Nodes between two reports of a helper thread's node count to the
/// shared counter (a `fetch_add` on a line every thread reads): as rare as
/// before the clock was looked at more often, so that two threads do not
/// trade that line sixteen times as often.
const PUBLISH_INTERVAL: u64 = 1024;

/// How often a finished search that must wait for `stop` (infinite or
/// pondering) looks at the flags.
const WAIT_POLL: Duration = Duration::from_millis(2);

/// What one finished iteration found for one line, for an `info` line.
#[derive(Clone, Debug)]
pub struct Iteration<M> {
    /// Nominal depth of the iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score for the side to move at the root.
    pub score: i32,
    /// Nodes searched so far, all iterations and all threads together.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Transposition table use, per mille.
    pub hashfull: u32,
    /// The principal variation, starting with the best move.
    pub pv: Vec<M>,
    /// Which line this is, from 1 (the best) to `lines` (MultiPV).
    pub multipv: usize,
    /// Lines this iteration reports.
    pub lines: usize,
    /// The score is the game's value: every line searched for it ended at
    /// the end of the game or in an endgame database, none at the horizon.
    pub exact: bool,
    /// An endgame database gave values in this search (so an exact score
    /// may rest on it rather than on the end of the game alone).
    pub database: bool,
    /// The search ends after this iteration, before the depth it was
    /// allowed, because a deeper one cannot change any line: each is
    /// exact or a win or loss found within the depth searched.
    pub proven_stop: bool,
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
    /// Nodes searched, all threads together.
    pub nodes: u64,
    /// Nodes searched by each thread, the main thread first.
    pub thread_nodes: Vec<u64>,
}

/// Settings of the engine that shape every search.
#[derive(Clone, Copy, Debug)]
pub struct SearchSettings {
    /// Time kept back per move for communication (`Move Overhead`).
    pub move_overhead: Duration,
    /// Threads searching (`Threads`); 1 (or 0) searches on the caller's thread only.
    pub threads: usize,
    /// Lines to find and report, best first (`MultiPV`); at most one a root move.
    pub multipv: usize,
}

impl Default for SearchSettings {
    fn default() -> Self {
        Self {
            move_overhead: Duration::ZERO,
            threads: 1,
            multipv: 1,
        }
    }
}

/// The mutable state the search works on, owned by the engine between searches.
#[derive(Debug)]
pub struct SearchTables<'a> {
    /// The transposition table.
    pub tt: &'a mut TranspositionTable,
    /// The history heuristic.
    pub history: &'a mut History,
}

/// The position to search and the root moves it may play.
#[derive(Debug)]
pub struct Root<'a, G: Game> {
    /// The position.
    pub position: &'a G,
    /// Only these root moves are searched (`go searchmoves`); empty for all.
    /// Each must be legal in `position`: the caller checks them.
    pub searchmoves: &'a [G::Move],
}

impl<G: Game> Clone for Root<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Root<'_, G> {}

impl<'a, G: Game> Root<'a, G> {
    /// Every move of `position`.
    #[must_use]
    pub fn all(position: &'a G) -> Self {
        Self {
            position,
            searchmoves: &[],
        }
    }
}

/// Searches `root` within `limits` and returns the best move. `report` is
/// called for every line of every finished iteration.
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
    search_root(
        Root::all(root),
        limits,
        settings,
        tables,
        control,
        evaluator,
        report,
    )
}

/// [`search`] with the root moves restricted as `root` says.
pub fn search_root<G, E, R>(
    root: Root<'_, G>,
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
    let mut report = report;
    tables.tt.new_search();
    let tt: &TranspositionTable = tables.tt;
    let shared = Shared::default();
    let helpers = settings.threads.max(1) - 1;
    let started = Instant::now();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (1..=helpers)
            .map(|id| {
                let mut history = tables.history.clone();
                let evaluator = evaluator.clone();
                let shared = &shared;
                scope.spawn(move || {
                    let mut helper = Searcher::new(
                        tt,
                        &mut history,
                        control,
                        evaluator,
                        limits,
                        settings,
                        root,
                        Role::Helper { id, shared },
                        started,
                    );
                    helper.helper_deepening(root.position, limits);
                    helper.publish_nodes();
                    (helper.nodes, helper.completed)
                })
            })
            .collect();
        let mut main = Searcher::new(
            tt,
            tables.history,
            control,
            evaluator,
            limits,
            settings,
            root,
            Role::Main { shared: &shared },
            started,
        );
        let mut result =
            main.iterative_deepening(root.position, limits, settings.multipv, &mut report);
        shared.finish();
        let mut thread_nodes = vec![main.nodes];
        let mut completed = vec![main.completed.take()];
        for handle in handles {
            let (nodes, done) = handle.join().unwrap_or_else(|_| {
                log::error!("a search helper thread panicked");
                (0, None)
            });
            thread_nodes.push(nodes);
            completed.push(done);
        }
        log::debug!("nodes by thread, the main one first: {thread_nodes:?}");
        result.nodes = thread_nodes.iter().sum();
        // A helper's deeper iteration is played (with one line; several
        // are the main thread's alone).
        if settings.multipv <= 1 {
            main.play_best_thread(&mut result, &completed, &mut report);
        }
        result.thread_nodes = thread_nodes;
        if limits.infinite || main.pondering {
            // UCI: no bestmove before `stop` (or `ponderhit`) in these modes.
            while !control.stopped() && (limits.infinite || control.pondering()) {
                std::thread::sleep(WAIT_POLL);
            }
        }
        result
    })
}

/// Which thread a searcher runs on.
#[derive(Clone, Copy, Debug)]
enum Role<'a> {
    /// The thread that reports, keeps time and decides when all stop.
    Main { shared: &'a Shared },
    /// Helper number `id` (from 1), which only fills the table.
    Helper { id: usize, shared: &'a Shared },
}

/// The state of one search thread.
struct Searcher<'a, G: Game, E> {
    tt: &'a TranspositionTable,
    history: &'a mut History,
    control: &'a SearchControl,
    evaluator: E,
    role: Role<'a>,
    node_limit: Option<u64>,
    /// The depth asked for (`go depth`): the search is over once any
    /// thread has finished it.
    depth_limit: Option<u32>,
    plan: TimePlan,
    /// When the search began (for `time` and `nps`).
    started: Instant,
    /// When the time budget began: the start, or the `ponderhit`.
    clock_started: Instant,
    /// Still pondering: no time limits yet.
    pondering: bool,
    nodes: u64,
    /// Nodes of this thread already added to the helpers' shared count.
    published: u64,
    /// The helpers' nodes as last read (main thread; for the node limit).
    helper_nodes: u64,
    seldepth: usize,
    /// Static evaluations at the horizon (and table cut-offs on results
    /// that came from one) in the current root search; none means every
    /// line it looked at reached the end of the game or a database.
    horizon_hits: u64,
    /// Set once a limit is hit; everything searched after it is discarded.
    aborted: bool,
    /// An endgame database gave a value somewhere in this search.
    database_used: bool,
    /// Database answers so far (for [`PROBE_CHECK_INTERVAL`]).
    probes: u64,
    /// Triangular principal-variation table: `pv[ply]` is the best line from `ply`.
    pv: Vec<Vec<G::Move>>,
    /// The root moves that may be searched (`searchmoves`), or empty for all.
    searchmoves: Vec<G::Move>,
    /// Root moves left out of the current root search: the first moves of
    /// the lines this iteration has found already (MultiPV).
    excluded: Vec<G::Move>,
    /// The last iteration this thread finished (its best line).
    completed: Option<Completed<G::Move>>,
}

impl<'a, G: SearchGame, E: Evaluator<G>> Searcher<'a, G, E> {
    #[allow(clippy::too_many_arguments)]
    fn new(
        tt: &'a TranspositionTable,
        history: &'a mut History,
        control: &'a SearchControl,
        evaluator: E,
        limits: &Limits,
        settings: SearchSettings,
        root: Root<'_, G>,
        role: Role<'a>,
        started: Instant,
    ) -> Self {
        Self {
            tt,
            history,
            control,
            evaluator,
            role,
            node_limit: limits.nodes,
            depth_limit: limits.depth,
            plan: TimePlan::new(limits, settings.move_overhead),
            started,
            clock_started: started,
            pondering: control.pondering(),
            nodes: 0,
            published: 0,
            helper_nodes: 0,
            seldepth: 0,
            horizon_hits: 0,
            aborted: false,
            database_used: false,
            probes: 0,
            pv: vec![Vec::new(); MAX_PLY + 1],
            searchmoves: root.searchmoves.to_vec(),
            excluded: Vec::new(),
            completed: None,
        }
    }

    /// Whether the root searched leaves out some of its moves.
    fn root_restricted(&self) -> bool {
        !self.searchmoves.is_empty() || !self.excluded.is_empty()
    }

    /// Nodes of all threads so far, as the main thread knows them.
    fn all_nodes(&self) -> u64 {
        self.nodes + self.helper_nodes
    }

    /// Deepens one ply at a time until a limit is reached, keeping the
    /// result of the last iteration that finished; finds `multipv` lines
    /// an iteration.
    fn iterative_deepening<R>(
        &mut self,
        root: &G,
        limits: &Limits,
        multipv: usize,
        mut report: R,
    ) -> SearchResult<G::Move>
    where
        R: FnMut(&Iteration<G::Move>),
    {
        // 1. No moves: the game is over.
        let mut legal = G::Moves::default();
        root.legal_moves(&mut legal);
        let allowed: Vec<G::Move> = legal
            .iter()
            .copied()
            .filter(|mv| self.searchmoves.is_empty() || self.searchmoves.contains(mv))
            .collect();
        let mut result = SearchResult {
            best: None,
            ponder: None,
            score: 0,
            depth: 0,
            nodes: 0,
            thread_nodes: Vec::new(),
        };
        let Some(&first_move) = allowed.first() else {
            return result;
        };
        // 2. Something to play even if stopped before depth 1 finishes.
        result.best = Some(first_move);
        let lines = multipv.clamp(1, allowed.len());
        let only_move = legal.len() == 1;
        let time_managed = limits.depth.is_none() && limits.nodes.is_none() && !limits.infinite;
        let max_depth = limits
            .depth
            .unwrap_or(u32::MAX)
            .clamp(1, (MAX_PLY - 1) as u32);

        for depth in 1..=max_depth {
            // 3. Search the whole window once a line, each time without the
            //    moves of the lines found; a root aborted part-way is
            //    discarded (but a finished first line still names the move).
            self.seldepth = 0;
            self.excluded.clear();
            let mut found: Vec<(i32, Vec<G::Move>, bool)> = Vec::with_capacity(lines);
            for _ in 0..lines {
                self.horizon_hits = 0;
                let score = self.negamax(root, depth, 0, -INFINITE, INFINITE);
                if self.aborted {
                    break;
                }
                let pv = self.pv[0].clone();
                let Some(&first) = pv.first() else { break };
                self.excluded.push(first);
                found.push((score, pv, self.horizon_hits == 0));
            }
            self.excluded.clear();
            if let Some((score, pv, exact)) = found.first() {
                self.completed = Some(self.finished(depth, *score, pv.clone(), *exact));
                result = SearchResult {
                    best: pv.first().copied().or(result.best),
                    ponder: pv.get(1).copied(),
                    score: *score,
                    depth,
                    nodes: self.nodes,
                    thread_nodes: Vec::new(),
                };
            }
            if self.aborted {
                break;
            }
            // 4. Stop deepening when it cannot change anything: every line
            //    ends in the game's end (no horizon hit, or a proven score
            //    within reach).
            let proven = found.len() == lines
                && found.iter().all(|(score, _, exact)| {
                    *exact || (is_proven(*score) && (MATE - score.abs()) as u32 <= depth)
                });
            // 5. Tell the front end.
            let elapsed = self.started.elapsed();
            let hashfull = self.tt.hashfull();
            let nodes = self.all_nodes() + self.unpublished_helper_nodes();
            for (index, (score, pv, exact)) in found.into_iter().enumerate() {
                report(&Iteration {
                    depth,
                    seldepth: self.seldepth as u32,
                    score,
                    nodes,
                    elapsed,
                    hashfull,
                    pv,
                    multipv: index + 1,
                    lines,
                    exact,
                    database: self.database_used,
                    proven_stop: proven && depth < max_depth,
                });
            }
            // 6. ... or when time is short.
            if proven || (time_managed && only_move) {
                break;
            }
            if !self.pondering && !self.plan.may_start_iteration(self.clock_started.elapsed()) {
                break;
            }
        }
        result
    }

    /// The helpers' nodes published so far that the main thread has not
    /// read yet (for an `info` line's total).
    fn unpublished_helper_nodes(&self) -> u64 {
        match self.role {
            Role::Main { shared } => shared.helper_nodes().saturating_sub(self.helper_nodes),
            Role::Helper { .. } => 0,
        }
    }

    /// A helper's search: deepens over the depths its pattern gives it
    /// (see [`helper_searches_depth`]) until the main thread is done (or
    /// `stop`), filling the shared table and keeping its last finished
    /// iteration, which is played if it is the deepest.
    fn helper_deepening(&mut self, root: &G, limits: &Limits) {
        let Role::Helper { id, .. } = self.role else {
            return;
        };
        let max_depth = limits
            .depth
            .unwrap_or(u32::MAX)
            .clamp(1, (MAX_PLY - 1) as u32);
        for depth in (1..=max_depth).filter(|&depth| helper_searches_depth(id, depth)) {
            self.horizon_hits = 0;
            self.seldepth = 0;
            let score = self.negamax(root, depth, 0, -INFINITE, INFINITE);
            if self.aborted {
                break;
            }
            let exact = self.horizon_hits == 0;
            if !self.pv[0].is_empty() {
                if let Role::Helper { shared, .. } = self.role {
                    shared.helper_finished(depth);
                }
                self.completed = Some(self.finished(depth, score, self.pv[0].clone(), exact));
            }
            if exact || (is_proven(score) && (MATE - score.abs()) as u32 <= depth) {
                break;
            }
        }
    }

    /// What this thread would play after finishing an iteration of `depth`
    /// with `score` and line `pv`.
    fn finished(
        &self,
        depth: u32,
        score: i32,
        pv: Vec<G::Move>,
        exact: bool,
    ) -> Completed<G::Move> {
        Completed {
            depth,
            seldepth: self.seldepth as u32,
            score,
            pv,
            exact,
            database: self.database_used,
        }
    }

    /// After the search: when another thread finished a better iteration
    /// than the main thread's (see [`best_thread`]), its move is played
    /// and its line reported, as the last `info` before `bestmove`.
    fn play_best_thread<R>(
        &self,
        result: &mut SearchResult<G::Move>,
        completed: &[Option<Completed<G::Move>>],
        report: &mut R,
    ) where
        R: FnMut(&Iteration<G::Move>),
    {
        let Some(chosen) = best_thread(completed).filter(|&index| index > 0) else {
            return;
        };
        let Some(done) = completed[chosen].as_ref() else {
            return;
        };
        log::debug!(
            "thread {chosen} finished depth {} (the main thread {}): its move is played",
            done.depth,
            result.depth
        );
        result.best = done.pv.first().copied().or(result.best);
        result.ponder = done.pv.get(1).copied();
        result.score = done.score;
        result.depth = done.depth;
        report(&Iteration {
            depth: done.depth,
            seldepth: done.seldepth,
            score: done.score,
            nodes: result.nodes,
            elapsed: self.started.elapsed(),
            hashfull: self.tt.hashfull(),
            pv: done.pv.clone(),
            multipv: 1,
            lines: 1,
            exact: done.exact,
            database: done.database,
            proven_stop: false,
        });
    }

    /// Adds a helper's nodes not yet counted to the shared total.
    fn publish_nodes(&mut self) {
        if let Role::Helper { shared, .. } = self.role {
            shared.add_helper_nodes(self.nodes - self.published);
            self.published = self.nodes;
        }
    }

    /// Counts a node and says whether the search must unwind now (a
    /// search unwinding counts no more nodes, so a node limit is kept to
    /// the one node that found it spent).
    #[inline]
    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        self.nodes += 1;
        if self
            .node_limit
            .is_some_and(|limit| self.all_nodes() > limit)
        {
            self.aborted = true;
        } else if self.nodes.is_multiple_of(CHECK_INTERVAL) {
            self.check_flags();
        }
        self.aborted
    }

    /// The periodic look at `stop`, `ponderhit`, the clock and the other threads.
    fn check_flags(&mut self) {
        if self.control.stopped() {
            self.aborted = true;
            return;
        }
        match self.role {
            Role::Helper { shared, .. } => {
                if self.nodes.is_multiple_of(PUBLISH_INTERVAL) {
                    self.publish_nodes();
                }
                if shared.finished() {
                    self.aborted = true;
                }
            }
            Role::Main { shared } => {
                self.helper_nodes = shared.helper_nodes();
                if self
                    .depth_limit
                    .is_some_and(|depth| shared.helpers_deepest() >= depth.max(1))
                {
                    // A helper finished the depth asked for: its result is played.
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
        }
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

        // 3. Knowledge from endgame databases: the proven final margin, or
        //    bounds on it that settle this window (a proven score is
        //    monotone in the margin, so bounds on the margin bound the
        //    score). Not at the root, which must search to name a move.
        //    An answer may have been slow to come: the clock is looked at
        //    every few of them.
        if ply > 0
            && let Some(known) = self.evaluator.known(position)
        {
            self.probes += 1;
            if self.probes.is_multiple_of(PROBE_CHECK_INTERVAL) {
                self.check_flags();
                if self.aborted {
                    return 0;
                }
            }
            let (lower, upper) = (proven_margin(known.lower), proven_margin(known.upper));
            if lower == upper || lower >= beta || upper <= alpha {
                self.database_used = true;
                return if lower >= beta { lower } else { upper };
            }
        }

        // 4. The horizon: static evaluation of a quiet position; one that
        //    is not (a pending draughts capture) is searched a ply further.
        //    Such extensions end: every capture takes a piece off the board.
        if ply >= MAX_PLY - 1 || (depth == 0 && position.is_quiet()) {
            self.horizon_hits += 1;
            return self.evaluator.evaluate_at(position, ply);
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
                    if !entry.complete {
                        // A result that came from the horizon.
                        self.horizon_hits += 1;
                    }
                    return score;
                }
            }
        }
        let horizon_hits_before = self.horizon_hits;

        // 7. ProbCut, where the game plays it: outside the principal
        //    variation, a much shallower search of this same node that
        //    beats beta by a margin cuts it off.
        if !pv_node
            && ply > 0
            && let Some(margin) = G::PROBCUT_MARGIN_PER_PLY
            && let Some(probe) = Probe::of(depth, beta, margin)
        {
            let score = self.negamax(position, probe.depth, ply, probe.beta - 1, probe.beta);
            if self.aborted {
                return 0;
            }
            if let Some(cut) = probe.cut(score, beta) {
                return cut;
            }
        }

        // 8. Generate and order the moves (at the root, only those allowed).
        let mut moves = G::Moves::default();
        position.legal_moves(&mut moves);
        let restricted_root = ply == 0 && self.root_restricted();
        if restricted_root {
            let allowed: Vec<G::Move> = moves
                .iter()
                .copied()
                .filter(|mv| {
                    (self.searchmoves.is_empty() || self.searchmoves.contains(mv))
                        && !self.excluded.contains(mv)
                })
                .collect();
            moves.clear();
            moves.extend(allowed);
        }
        order_moves(position, &mut moves, table_move, self.history);

        // 9. Search them: the first with the full window, the rest with a
        //    zero window that is widened only when a move looks better.
        let original_alpha = alpha;
        let mut best_score = -INFINITE;
        let mut best_index = None;
        for (i, &mv) in moves.iter().enumerate() {
            let mut child = position.clone();
            child.play(mv);
            self.evaluator.play(position, &child, ply);
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

        // 10. Remember the result (not a root's with moves left out).
        if restricted_root {
            return best_score;
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let complete = self.horizon_hits == horizon_hits_before;
        self.tt.store(
            key,
            to_table(best_score, ply),
            best_index,
            depth,
            bound,
            complete,
        );
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::GameEvaluation;
    use ply_rules::games::kalah::Kalah;

    /// The iterations a fixed-depth search of `position` reports, its
    /// table prepared by `prepare`.
    fn iterations(
        position: &Kalah,
        depth: u32,
        prepare: impl FnOnce(&mut TranspositionTable),
    ) -> Vec<Iteration<<Kalah as Game>::Move>> {
        let mut tt = TranspositionTable::new(1);
        prepare(&mut tt);
        let mut history = History::new(Kalah::MOVE_INDEX_LIMIT);
        let mut seen = Vec::new();
        search(
            position,
            &Limits::depth(depth),
            SearchSettings::default(),
            SearchTables {
                tt: &mut tt,
                history: &mut history,
            },
            &SearchControl::default(),
            GameEvaluation::default(),
            |it| seen.push(it.clone()),
        );
        seen
    }

    /// An evaluation whose database answers every position, with bounds
    /// too wide to settle anything: every node past the root is an answer.
    #[derive(Clone)]
    struct AnswersEverything;

    impl Evaluator<Kalah> for AnswersEverything {
        fn evaluate(&self, position: &Kalah) -> i32 {
            position.evaluate()
        }

        fn known(&self, _: &Kalah) -> Option<crate::search::KnownMargin> {
            Some(crate::search::KnownMargin {
                lower: -1_000,
                upper: 1_000,
            })
        }
    }

    #[test]
    fn database_answers_bring_the_clock_check_forward() {
        // `stop` is already set: the search unwinds at its first look at
        // the flags, which comes after PROBE_CHECK_INTERVAL answers, long
        // before CHECK_INTERVAL nodes.
        let position =
            Kalah::from_position_string("4,4,4,4,4,4 0 4,4,4,4,4,4 0 s", false).expect("position");
        let mut tt = TranspositionTable::new(1);
        let mut history = History::new(Kalah::MOVE_INDEX_LIMIT);
        let control = SearchControl::default();
        control.stop();
        let result = search(
            &position,
            &Limits::depth(30),
            SearchSettings::default(),
            SearchTables {
                tt: &mut tt,
                history: &mut history,
            },
            &control,
            AnswersEverything,
            |_| {},
        );
        assert!(
            result.nodes >= PROBE_CHECK_INTERVAL && result.nodes < CHECK_INTERVAL,
            "{} nodes",
            result.nodes
        );
    }

    #[test]
    fn a_table_result_from_the_horizon_is_no_proof() {
        // Four seeds left: the whole tree is seen at depth 5, a proven draw.
        let position = Kalah::from_position_string("0,0,0,0,1,1 22 0,0,0,0,1,1 22 s", false)
            .expect("position");
        let plain = iterations(&position, 12, |_| {});
        let last = plain.last().expect("an iteration");
        assert!(
            last.exact && last.proven_stop && last.depth < 12,
            "{plain:?}"
        );

        // The same with every child in the table as the result of a deep
        // search that stopped at its horizon (a made-up estimate): the
        // children searched with a zero window are cut off by their
        // entries, and that must not count as having seen the end.
        let planted = iterations(&position, 12, |tt| {
            let mut moves = <Kalah as Game>::Moves::default();
            position.legal_moves(&mut moves);
            assert!(moves.len() >= 2);
            for &mv in moves.iter() {
                let mut child = position;
                child.play(mv);
                tt.store(child.hash_key(), 50, None, 100, Bound::Exact, false);
            }
        });
        assert!(planted.iter().all(|it| !it.exact), "{planted:?}");
        assert!(planted.iter().all(|it| !it.proven_stop), "{planted:?}");
        assert_eq!(planted.last().map(|it| it.depth), Some(12));
    }
}
