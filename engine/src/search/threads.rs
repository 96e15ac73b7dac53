//! What the threads of a lazy SMP search share and how they split the
//! work: which depths a helper searches, and whose result is played.
//!
//! Lazy SMP (as in Stockfish): every thread runs its own iterative
//! deepening on the same root and they share only the transposition table,
//! so what one thread finds the others meet as table hits. Two things make
//! the helpers' work count rather than repeat the main thread's:
//!
//! 1. **Depth skipping** ([`helper_searches_depth`]): each helper leaves
//!    out some depths by a fixed pattern (Stockfish 9's "skip size and
//!    phase" tables), so that at any moment the threads are spread over
//!    the next few depths instead of walking the same tree in step. A
//!    helper is then usually an iteration ahead of the main thread, and
//!    its deeper results fill the table the main thread's next iteration
//!    reads.
//! 2. **The deepest result is played** ([`best_thread`]): when time runs
//!    out, a helper may have finished a deeper iteration than the main
//!    thread; its move is then played and its line reported. So the
//!    second core adds depth to the move actually made, not only table
//!    entries.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};

use super::score::is_proven;

/// How many consecutive depths form one block a helper searches or skips,
/// by helper (cycling after 20 helpers); with [`SKIP_PHASE`] (Stockfish 9).
/// Helpers 1 and 2 search every other depth (the even ones, the odd
/// ones), helpers 3 to 6 pairs of depths in four phases, helpers 7 to 12
/// triples in six, helpers 13 to 20 fours in eight: the more threads, the
/// further ahead some of them reach.
const SKIP_SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];

/// Where each helper's pattern of searched and skipped blocks starts.
const SKIP_PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

/// Whether helper `id` (from 1) searches `depth`. Depth 1 is always
/// searched, so that every helper has a result early.
#[must_use]
pub fn helper_searches_depth(id: usize, depth: u32) -> bool {
    let slot = (id.max(1) - 1) % SKIP_SIZE.len();
    depth <= 1 || ((depth + SKIP_PHASE[slot]) / SKIP_SIZE[slot]).is_multiple_of(2)
}

/// What the threads of one search share besides the table.
#[derive(Debug, Default)]
pub struct Shared {
    /// Nodes the helpers have searched so far (published now and then).
    helper_nodes: AtomicU64,
    /// Set when the main thread is done: the helpers stop.
    done: AtomicBool,
    /// The deepest iteration a helper has finished (0 before any).
    helpers_deepest: AtomicU32,
}

impl Shared {
    /// A helper adds `nodes` it searched to the shared count.
    pub fn add_helper_nodes(&self, nodes: u64) {
        self.helper_nodes.fetch_add(nodes, Ordering::Relaxed);
    }

    /// The helpers' nodes published so far.
    #[must_use]
    pub fn helper_nodes(&self) -> u64 {
        self.helper_nodes.load(Ordering::Relaxed)
    }

    /// Tells the helpers to stop.
    pub fn finish(&self) {
        self.done.store(true, Ordering::Relaxed);
    }

    /// Whether the main thread is done.
    #[must_use]
    pub fn finished(&self) -> bool {
        self.done.load(Ordering::Relaxed)
    }

    /// A helper finished an iteration of `depth`.
    pub fn helper_finished(&self, depth: u32) {
        self.helpers_deepest.fetch_max(depth, Ordering::Relaxed);
    }

    /// The deepest iteration a helper has finished.
    #[must_use]
    pub fn helpers_deepest(&self) -> u32 {
        self.helpers_deepest.load(Ordering::Relaxed)
    }
}

/// The last iteration one thread finished: what it would play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completed<M> {
    /// Nominal depth of the iteration.
    pub depth: u32,
    /// Deepest ply it reached.
    pub seldepth: u32,
    /// Its score for the side to move at the root.
    pub score: i32,
    /// Its principal variation, starting with the move to play.
    pub pv: Vec<M>,
    /// Every line it searched ended at the end of the game or in a database.
    pub exact: bool,
    /// An endgame database gave values in this thread's search.
    pub database: bool,
}

/// Which thread's last iteration to play: the index into `threads` (the
/// main thread first). The deepest finished iteration wins; at equal depth
/// the better score, and at equal score the earlier thread (the main
/// thread when it is among them). A proven win is the game's value and is
/// never given up for a deeper guess: among proven wins the fastest wins.
#[must_use]
pub fn best_thread<M>(threads: &[Option<Completed<M>>]) -> Option<usize> {
    let mut best: Option<(usize, &Completed<M>)> = None;
    for (index, done) in threads.iter().enumerate() {
        let Some(done) = done else { continue };
        if best.is_none_or(|(_, so_far)| plays_better(done, so_far)) {
            best = Some((index, done));
        }
    }
    best.map(|(index, _)| index)
}

/// Whether iteration `a` is strictly preferred to `b` (see [`best_thread`]).
fn plays_better<M>(a: &Completed<M>, b: &Completed<M>) -> bool {
    let proven_win = |done: &Completed<M>| is_proven(done.score) && done.score > 0;
    match (proven_win(a), proven_win(b)) {
        (true, false) => true,
        (false, true) => false,
        (true, true) => a.score > b.score,
        (false, false) => (a.depth, a.score) > (b.depth, b.score),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::win_in;

    fn done(depth: u32, score: i32) -> Option<Completed<u8>> {
        Some(Completed {
            depth,
            seldepth: depth,
            score,
            pv: vec![1],
            exact: false,
            database: false,
        })
    }

    #[test]
    fn the_deepest_iteration_is_played() {
        assert_eq!(best_thread(&[done(10, 50), done(11, -20)]), Some(1));
        assert_eq!(best_thread(&[done(12, -50), done(11, 90)]), Some(0));
        assert_eq!(best_thread(&[done(10, 5), None, done(10, 7)]), Some(2));
        assert_eq!(
            best_thread(&[done(10, 5), done(10, 5)]),
            Some(0),
            "ties: the main thread"
        );
        assert_eq!(best_thread::<u8>(&[None, None]), None);
    }

    #[test]
    fn a_proven_win_is_never_given_up() {
        assert_eq!(best_thread(&[done(8, win_in(7)), done(14, 300)]), Some(0));
        assert_eq!(
            best_thread(&[done(8, win_in(7)), done(9, win_in(5))]),
            Some(1)
        );
    }

    #[test]
    fn helpers_spread_over_the_depths() {
        // One helper: every other depth, so it runs an iteration ahead.
        let one: Vec<u32> = (1..=8).filter(|&d| helper_searches_depth(1, d)).collect();
        assert_eq!(one, [1, 2, 4, 6, 8]);
        // Each depth past the first is searched by some helper and skipped
        // by another, for any number of helpers from 2 up.
        for helpers in [2, 4, 8, 16, 63] {
            for depth in 2..40 {
                let searching = (1..=helpers)
                    .filter(|&id| helper_searches_depth(id, depth))
                    .count();
                assert!(
                    searching > 0 && searching < helpers,
                    "{helpers} helpers, depth {depth}"
                );
            }
        }
    }
}
