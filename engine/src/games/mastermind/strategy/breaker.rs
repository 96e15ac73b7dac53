//! The breaker's search: the guess that minimises the expected number of
//! guesses, every code still possible being equally likely.
//!
//! The value of a set `S` of codes still possible is the total
//! `T(S) = |S| + Σ T(S_a)` over the answers `a` other than the win that
//! the best guess splits `S` into (each code pays the guess, then what its
//! part needs). Minimising the total minimises the mean `T(S) / |S|`.
//!
//! Trying every guess at every node is out of reach, so the search is
//! selective, as a chess search is: at each node the guesses are ranked by
//! a one-step estimate (the estimated totals of their parts, see
//! [`Bounds::estimate`]), and only the best `widths[level]` of them are
//! searched exactly, a single one (greedy) below the levels `widths`
//! names. Branch and bound prunes: a guess stops being searched when the
//! parts done plus lower bounds of the parts left reach the best total so
//! far, and a node stops when its best reaches its own lower bound.
//! Values are memoised by the set (with the level and the guesses left).

use std::collections::HashMap;
use std::time::{Duration, Instant};

use super::Stop;
use super::bounds::Bounds;
use super::space::{CodeId, Space};
use super::symmetry::{decision_pool, fresh_pool};
use ply_rules::games::mastermind::code::Code;

/// A total no strategy reaches: the set needs more guesses than are left,
/// or the search was stopped.
pub const INFEASIBLE: u32 = u32::MAX / 4;
/// Nodes between two looks at the clock and the stop flag.
const NODES_PER_CHECK: u64 = 64;

/// Answers scored between two looks at `stop` while ranking: on big games
/// (46,656 codes) one ranking scores a hundred million pairs.
const SCORES_PER_CHECK: usize = 1 << 16;
/// Memo entries kept before the memo is emptied.
const MEMO_LIMIT: usize = 2_000_000;

/// One guess considered at a node, with its one-step figures.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    guess: CodeId,
    /// The estimated total after it (lower is better).
    estimate: f64,
    /// A lower bound on the total after it.
    lower: u32,
}

/// What the memo knows of a set.
#[derive(Clone, Copy, Debug)]
struct Known {
    value: u32,
    /// `value` is the set's total; otherwise only a lower bound.
    exact: bool,
}

/// The best guess found so far for a decision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decision {
    /// The guess.
    pub guess: Code,
    /// The total `T` of the codes still possible with this guess and the
    /// strategy the search found after it.
    pub total: u32,
    /// Codes still possible.
    pub codes: usize,
    /// The search depth reached: levels searched with more than one guess.
    pub depth: u32,
    /// Nodes (sets) searched.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// `total` is the ranking's estimate, not a search's result: the search
    /// was stopped before its first iteration, or there was nothing to
    /// choose (one guess up to symmetry, as at the start without repeats).
    pub estimated: bool,
}

impl Decision {
    /// The expected number of guesses still needed, this one included.
    #[must_use]
    pub fn expected(&self) -> f64 {
        f64::from(self.total) / self.codes.max(1) as f64
    }
}

/// A selective branch-and-bound search over sets of codes.
pub struct Search<'a> {
    space: &'a Space,
    bounds: Bounds,
    /// Guesses searched at each level (level 0: the decision).
    widths: Vec<usize>,
    memo: HashMap<(u64, u32, u8, u8), Known>,
    /// Sets searched.
    pub nodes: u64,
    stop: &'a Stop<'a>,
    /// Whether `stop` said so: every value since is meaningless.
    pub aborted: bool,
}

impl std::fmt::Debug for Search<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Search")
            .field("widths", &self.widths)
            .field("nodes", &self.nodes)
            .finish_non_exhaustive()
    }
}

impl<'a> Search<'a> {
    /// A search of `space` trying `widths[level]` guesses at each level
    /// (one below), polling `stop` with its node count.
    pub fn new(space: &'a Space, widths: &[usize], stop: &'a Stop<'a>) -> Self {
        Self {
            space,
            bounds: Bounds::new(space.codes.len(), space.possible_answers),
            widths: widths.to_vec(),
            memo: HashMap::new(),
            nodes: 0,
            stop,
            aborted: false,
        }
    }

    /// Guesses tried at `level`.
    fn width(&self, level: usize) -> usize {
        self.widths.get(level).copied().unwrap_or(1).max(1)
    }

    /// The total `T(set)` when below `budget`; otherwise some value at
    /// least `budget` (a lower bound). `used` are the symbols guessed so
    /// far, `left` the guesses left.
    pub fn cost(&mut self, set: &[CodeId], used: u16, level: usize, left: u32, budget: u32) -> u32 {
        // 1. Sets decided without a search.
        let n = set.len();
        match n {
            0 => return 0,
            _ if left == 0 || n as u64 > self.bounds.capacity(left) => return INFEASIBLE,
            1 => return 1,
            2 => return 3,
            _ => {}
        }
        let lower = self.bounds.lower(n);
        if lower >= budget {
            return lower;
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(NODES_PER_CHECK) && (self.stop)(self.nodes) {
            self.aborted = true;
        }
        if self.aborted {
            return INFEASIBLE;
        }

        // 2. The memo.
        let key = (
            set_hash(set),
            n as u32,
            u8::try_from(level.min(self.widths.len())).unwrap_or(u8::MAX),
            u8::try_from(left).unwrap_or(u8::MAX),
        );
        if let Some(known) = self.memo.get(&key)
            && (known.exact || known.value >= budget)
        {
            return known.value;
        }

        // 3. A possible code that tells all the others apart reaches the
        //    lower bound: nothing can be better.
        if n <= self.bounds.branches as usize + 1 && left >= 2 {
            let mut counts = vec![0u32; self.space.slots];
            for &g in set {
                self.space.count_answers(g, set, &mut counts);
                if counts.iter().all(|&c| c <= 1) {
                    let value = 2 * n as u32 - 1;
                    self.remember(key, value, budget);
                    return value;
                }
            }
        }

        // 4. Rank the guesses and search the best few.
        let candidates = self.rank(set, &fresh_pool(self.space, used), self.width(level));
        let mut best = budget;
        for candidate in candidates {
            if candidate.lower >= best {
                continue;
            }
            let total = self.after_guess(set, candidate, used, level, left, best);
            if self.aborted {
                return INFEASIBLE;
            }
            if total < best {
                best = total;
                if best <= lower {
                    break;
                }
            }
        }
        self.remember(key, best, budget);
        best
    }

    /// Stores what a search of a set found: its total if below `budget`.
    fn remember(&mut self, key: (u64, u32, u8, u8), value: u32, budget: u32) {
        if self.memo.len() >= MEMO_LIMIT {
            self.memo.clear();
        }
        self.memo.insert(
            key,
            Known {
                value,
                exact: value < budget,
            },
        );
    }

    /// The total of `set` when `candidate` is guessed now, or a value of at
    /// least `budget` once it is clear it does not beat it.
    fn after_guess(
        &mut self,
        set: &[CodeId],
        candidate: Candidate,
        used: u16,
        level: usize,
        left: u32,
        budget: u32,
    ) -> u32 {
        let mut parts = self.split(set, candidate.guess);
        parts.sort_unstable_by_key(|part| std::cmp::Reverse(part.len()));
        let used = used | self.space.symbol_set(candidate.guess);
        let mut total = candidate.lower;
        for part in &parts {
            let lower = self.bounds.lower(part.len());
            let rest = total - lower;
            let value = self.cost(part, used, level + 1, left - 1, budget - rest);
            total = rest.saturating_add(value).min(INFEASIBLE);
            if total >= budget {
                break;
            }
        }
        total
    }

    /// The parts of `set` by their answer to `guess`, the win one left out.
    fn split(&self, set: &[CodeId], guess: CodeId) -> Vec<Vec<CodeId>> {
        let mut parts = vec![Vec::new(); self.space.slots];
        for &c in set {
            let a = self.space.answer(guess, c);
            if a != self.space.win {
                parts[usize::from(a)].push(c);
            }
        }
        parts.retain(|p| !p.is_empty());
        parts
    }

    /// The `width` most promising guesses of `pool` for `set`, best first:
    /// by estimate, then possible codes first (they may win at once).
    fn rank(&mut self, set: &[CodeId], pool: &[CodeId], width: usize) -> Vec<Candidate> {
        let n = set.len();
        let mut counts = vec![0u32; self.space.slots];
        let mut ranked: Vec<Candidate> = Vec::with_capacity(pool.len());
        let mut scored = 0;
        for &guess in pool {
            // A stopped ranking keeps the guesses ranked so far (at least
            // one), so a decision still has a guess to give.
            scored += n;
            if scored >= SCORES_PER_CHECK {
                scored = 0;
                if (self.stop)(self.nodes) {
                    self.aborted = true;
                    if !ranked.is_empty() {
                        break;
                    }
                }
            }
            self.space.count_answers(guess, set, &mut counts);
            let mut estimate = 0.0;
            let mut lower = n as u32;
            let mut largest = 0;
            for (a, &count) in counts.iter().enumerate() {
                if count == 0 || a == usize::from(self.space.win) {
                    continue;
                }
                estimate += self.bounds.estimate(count as usize);
                lower += self.bounds.lower(count as usize);
                largest = largest.max(count);
            }
            // A guess that leaves every code in one part learns nothing.
            if largest as usize == n {
                continue;
            }
            ranked.push(Candidate {
                guess,
                estimate,
                lower,
            });
        }
        let order = |a: &Candidate, b: &Candidate| {
            a.estimate
                .total_cmp(&b.estimate)
                .then(a.lower.cmp(&b.lower))
                .then(a.guess.cmp(&b.guess))
        };
        if ranked.len() > width {
            ranked.select_nth_unstable_by(width - 1, order);
            ranked.truncate(width);
        }
        ranked.sort_unstable_by(order);
        ranked
    }

    /// The decision at a node whose guesses so far are `history`: the
    /// `width(0)` best-ranked guesses (one per symmetry class) searched,
    /// the best kept if it beats `budget`.
    fn decide_once(
        &mut self,
        set: &[CodeId],
        history: &[Code],
        left: u32,
        budget: u32,
    ) -> Option<(CodeId, u32)> {
        let used = history
            .iter()
            .fold(0u16, |s, g| s | g.symbol_set(self.space.length));
        let candidates = self.rank(set, &decision_pool(self.space, history), self.width(0));
        let mut best: Option<(CodeId, u32)> = None;
        let mut bound = budget;
        for candidate in candidates {
            if candidate.lower >= bound {
                continue;
            }
            let total = self.after_guess(set, candidate, used, 0, left, bound);
            if self.aborted {
                break;
            }
            if total < bound {
                bound = total;
                best = Some((candidate.guess, total));
            }
        }
        best
    }

    /// The `lines` best guesses at the root with their totals, best
    /// first (MultiPV): as [`Self::decide_once`], but the bound is the
    /// `lines`-th best total so far, so each guess kept has its exact
    /// total; at least `lines` guesses are searched.
    fn decide_lines_once(
        &mut self,
        set: &[CodeId],
        history: &[Code],
        left: u32,
        lines: usize,
    ) -> Vec<(CodeId, u32)> {
        let used = history
            .iter()
            .fold(0u16, |s, g| s | g.symbol_set(self.space.length));
        let width = self.width(0).max(lines);
        let candidates = self.rank(set, &decision_pool(self.space, history), width);
        let mut found: Vec<(CodeId, u32)> = Vec::with_capacity(lines + 1);
        for candidate in candidates {
            let bound = if found.len() == lines {
                found[lines - 1].1
            } else {
                INFEASIBLE
            };
            if candidate.lower >= bound {
                continue;
            }
            let total = self.after_guess(set, candidate, used, 0, left, bound);
            if self.aborted {
                break;
            }
            if total < bound {
                // After the equal totals: the ranking's order breaks ties.
                let at = found.partition_point(|&(_, t)| t <= total);
                found.insert(at, (candidate.guess, total));
                found.truncate(lines);
            }
        }
        found
    }
}

/// The `lines` best guesses for the codes `set` still possible after the
/// guesses `history`, with `left` guesses left, best first (MultiPV).
///
/// Iterative deepening over `profile` as [`decide`], each iteration
/// searching the root afresh for its `lines` best guesses (up to
/// symmetry: equivalent guesses are one line); `on_lines` hears of each
/// finished iteration. Where [`decide`] has a single answer (one or two
/// codes, the last row, one guess up to symmetry) or no iteration
/// finishes, that one line is the answer.
#[allow(clippy::too_many_arguments)]
pub fn decide_lines(
    space: &Space,
    set: &[CodeId],
    history: &[Code],
    left: u32,
    profile: &[usize],
    stop: &Stop<'_>,
    lines: usize,
    mut on_lines: impl FnMut(&[Decision]),
) -> Vec<Decision> {
    let single = |stop: &Stop<'_>, on_lines: &mut dyn FnMut(&[Decision])| {
        decide(space, set, history, left, profile, stop, |d| {
            on_lines(std::slice::from_ref(d));
        })
        .into_iter()
        .collect::<Vec<_>>()
    };
    if lines <= 1 || set.len() <= 2 || left <= 1 || decision_pool(space, history).len() <= 1 {
        return single(stop, &mut on_lines);
    }
    let started = Instant::now();
    let mut found: Vec<Decision> = Vec::new();
    deepen(space, profile, stop, |search, depth, before| {
        let best = search.decide_lines_once(set, history, left, lines);
        if search.aborted || best.is_empty() {
            return false;
        }
        found = best
            .into_iter()
            .map(|(guess, total)| Decision {
                guess: space.codes[guess as usize],
                total,
                codes: set.len(),
                depth,
                nodes: before + search.nodes,
                elapsed: started.elapsed(),
                estimated: false,
            })
            .collect();
        on_lines(&found);
        true
    });
    if found.is_empty() {
        // Stopped before a first iteration finished: the ranking's favourite.
        return single(&|_| true, &mut on_lines);
    }
    found
}

/// Chooses the breaker's guess for the codes `set` still possible after the
/// guesses `history`, with `left` guesses left.
///
/// Iterative deepening over `profile`: iteration `d` searches with the
/// widths `profile[..d]` (greedy below), each iteration only looking for a
/// guess better than the best so far. `on_iteration` hears of each
/// finished iteration; the best guess of all is returned. The ranking's
/// favourite is the answer when even the first iteration is stopped.
pub fn decide(
    space: &Space,
    set: &[CodeId],
    history: &[Code],
    left: u32,
    profile: &[usize],
    stop: &Stop<'_>,
    mut on_iteration: impl FnMut(&Decision),
) -> Option<Decision> {
    let started = Instant::now();
    let codes = set.len();
    let code = |id: CodeId| space.codes[id as usize];
    // 1. One or two codes, or the last row: guess one of them (on the
    //    last row only a possible code can still win).
    if codes <= 2 || left <= 1 {
        let first = *set.first()?;
        let others = u32::try_from(codes - 1).unwrap_or(u32::MAX);
        let decision = Decision {
            guess: code(first),
            // 1 guess for the code guessed, 2 for each other.
            total: 1 + 2 * others,
            codes,
            depth: 1,
            nodes: 0,
            elapsed: started.elapsed(),
            // Exact for one or two codes; on a last row with more, a guide.
            estimated: codes > 2,
        };
        on_iteration(&decision);
        return Some(decision);
    }
    // 2. The ranking's favourite, should nothing better be found in time;
    //    the only guess, when symmetry leaves one.
    let (mut best, choices) = {
        let mut search = Search::new(space, &[1], stop);
        let pool = decision_pool(space, history);
        let favourite = search.rank(set, &pool, 1);
        let first = favourite.first()?;
        let decision = Decision {
            guess: code(first.guess),
            // Whole guesses; the estimate is a few times the set's size.
            total: first.estimate.round() as u32 + codes as u32,
            codes,
            depth: 0,
            nodes: 0,
            elapsed: started.elapsed(),
            estimated: true,
        };
        (decision, pool.len())
    };
    if choices == 1 {
        on_iteration(&best);
        return Some(best);
    }
    let mut bound = INFEASIBLE;
    // 3. Deeper and deeper, each iteration only looking for better.
    let nodes = deepen(space, profile, stop, |search, depth, before| {
        if let Some((guess, total)) = search.decide_once(set, history, left, bound) {
            best.guess = code(guess);
            best.total = total;
            best.estimated = false;
            bound = total;
        }
        if !search.aborted {
            best.depth = depth;
            best.nodes = before + search.nodes;
            best.elapsed = started.elapsed();
            on_iteration(&best);
        }
        true
    });
    best.nodes = nodes;
    best.elapsed = started.elapsed();
    // No iteration finished: the answer is the ranking's favourite or the
    // best guess searched in the stopped first iteration, reported at
    // depth 0 (the front end still hears what the engine plays).
    if best.depth == 0 {
        on_iteration(&best);
    }
    Some(best)
}

/// Iterative deepening over `profile`, shared by [`decide`] and
/// [`decide_lines`]: iteration `d` (from 1) runs `iteration` on a search
/// with the widths `profile[..d]`, whose nodes count after the earlier
/// iterations' (`iteration` is told how many those were), so that `stop`
/// sees them all. A stopped search starts no iteration, however small;
/// the deepening ends after an aborted iteration, or when `iteration`
/// says so. Returns the nodes of all iterations.
fn deepen(
    space: &Space,
    profile: &[usize],
    stop: &Stop<'_>,
    mut iteration: impl FnMut(&mut Search<'_>, u32, u64) -> bool,
) -> u64 {
    let mut nodes = 0;
    for depth in 1..=profile.len() {
        if stop(nodes) {
            break;
        }
        let before = nodes;
        let stop_after = move |iteration_nodes: u64| stop(before + iteration_nodes);
        let mut search = Search::new(space, &profile[..depth], &stop_after);
        let go_on = iteration(
            &mut search,
            u32::try_from(depth).unwrap_or(u32::MAX),
            before,
        );
        nodes += search.nodes;
        if search.aborted || !go_on {
            break;
        }
    }
    nodes
}

/// A hash of a set of code numbers (they are in increasing order).
fn set_hash(set: &[CodeId]) -> u64 {
    const MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;
    set.iter().fold(0xCBF2_9CE4_8422_2325, |h, &c| {
        (h ^ u64::from(c)).wrapping_mul(MULTIPLIER).rotate_left(29)
    })
}
