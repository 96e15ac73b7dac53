//! The root loop of every solver that proves **bounds** on each root
//! move's value (for games whose value depends on more than the board,
//! on repetitions or move limits, and may be left open): a search one ply
//! deeper each iteration, each move's bounds narrowed until they meet,
//! the deepest iteration ([`MAX_DEPTH`]) or a stop.
//!
//! A game's solver implements [`BoundsSolver`]: what its root's moves are
//! known to be worth before any search, how one move is narrowed at a
//! depth, and the order its moves are searched and ranked in. The loop,
//! the depth limit, the node count and the look at the stop flag are
//! written here once, so that two games cannot drift apart in how a proof
//! deepens or reports.

use std::cmp::Ordering;

use ply_rules::game::Game;

use super::SearchControl;

/// The deepest iteration: a solve that has not met its bounds by then
/// ends with them.
pub const MAX_DEPTH: u32 = 64;

/// Positions searched between two looks at the stop flag (and the share
/// of a node budget each look spends).
const STOP_CHECK_NODES: u64 = 4_096;

/// Why a proof gave up: it was stopped (`stop`, or its budget spent).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

/// What is proven of one move of the root: its value lies in
/// `lower..=upper` (for the root's mover, in the game's units: seeds of
/// final margin in Oware, +1 a win, 0 a draw and −1 a loss in draughts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveBounds<M> {
    /// The move.
    pub mv: M,
    /// The value is at least this.
    pub lower: i32,
    /// The value is at most this.
    pub upper: i32,
    /// The iterations its proof took: the one at which its bounds met, or
    /// the last that searched it (0 before the first). `analyse --solve`
    /// gives it as the line's `depth`, as Kalah's gives its proof steps.
    pub depth: u32,
}

impl<M> MoveBounds<M> {
    /// The value, when the bounds meet.
    #[must_use]
    pub fn exact(&self) -> Option<i32> {
        (self.lower == self.upper).then_some(self.lower)
    }
}

/// How far a solver may go and how far it has gone: its deepest
/// iteration and the positions it has searched. Each solver holds one and
/// counts every position it searches with [`Effort::count`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    /// Positions searched so far.
    pub nodes: u64,
    /// The deepest iteration.
    max_depth: u32,
}

impl Default for Effort {
    fn default() -> Self {
        Self {
            nodes: 0,
            max_depth: MAX_DEPTH,
        }
    }
}

impl Effort {
    /// Counts one position searched; every `STOP_CHECK_NODES` positions
    /// spends them from `stop`'s budget and gives up once it says stop.
    ///
    /// # Errors
    /// [`Stopped`] when the solve must end.
    pub fn count(&mut self, stop: &SearchControl) -> Result<(), Stopped> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(STOP_CHECK_NODES) && stop.spend(STOP_CHECK_NODES) {
            return Err(Stopped);
        }
        Ok(())
    }
}

/// The order the root's moves are searched in, each iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RootOrder {
    /// Best first as the last iteration ranked them (the moves are sorted
    /// in place after each): a good move proven early.
    BestFirst,
    /// The order the solver first listed them in, every iteration; only
    /// what is reported and returned is ranked.
    AsListed,
}

/// The move type of a solver's game.
pub type MoveOf<S> = <<S as BoundsSolver>::Position as Game>::Move;

/// A game's bounds solver: the hooks the shared root loop
/// ([`BoundsSolver::move_bounds`]) asks.
pub trait BoundsSolver {
    /// The game it solves.
    type Position: Game;

    /// The order the root's moves are searched in.
    const ROOT_ORDER: RootOrder;

    /// The solver's effort so far.
    fn effort(&self) -> &Effort;

    /// The solver's effort, to change its limit.
    fn effort_mut(&mut self) -> &mut Effort;

    /// Every legal move of `root` with the bounds known of it before any
    /// search, in the order the solver lists them; none when the game is
    /// over there.
    fn root_moves(&self, root: &Self::Position) -> Vec<MoveBounds<MoveOf<Self>>>;

    /// The bounds of `line`'s move (whose bounds so far it holds) from a
    /// search `depth` plies deep: at least as narrow as `line`'s.
    ///
    /// # Errors
    /// [`Stopped`] when the solve must end.
    fn narrow(
        &mut self,
        root: &Self::Position,
        line: &MoveBounds<MoveOf<Self>>,
        depth: u32,
    ) -> Result<(i32, i32), Stopped>;

    /// Which of two moves of the same bounds ranks first: by default
    /// neither, and they keep the order they were in.
    fn tie_break(a: MoveOf<Self>, b: MoveOf<Self>) -> Ordering {
        let _ = (a, b);
        Ordering::Equal
    }

    /// The same solver stopping after iteration `depth` (at most
    /// [`MAX_DEPTH`]): a proof of a fixed size, the same on every machine.
    #[must_use]
    fn with_max_depth(mut self, depth: u32) -> Self
    where
        Self: Sized,
    {
        self.effort_mut().max_depth = depth.min(MAX_DEPTH);
        self
    }

    /// Positions searched so far.
    fn nodes(&self) -> u64 {
        self.effort().nodes
    }

    /// Bounds of every legal move of `root`, deeper each iteration, until
    /// all are exact, the deepest iteration or a stop; `report(depth,
    /// moves, nodes)` after each iteration, with the moves best first.
    /// Returns the last bounds, best first (by lower bound, then upper,
    /// then [`Self::tie_break`]); empty when the game is over.
    fn move_bounds(
        &mut self,
        root: &Self::Position,
        mut report: impl FnMut(u32, &[MoveBounds<MoveOf<Self>>], u64),
    ) -> Vec<MoveBounds<MoveOf<Self>>> {
        let mut moves = self.root_moves(root);
        if moves.is_empty() {
            return moves;
        }
        'deepen: for depth in 1..=self.effort().max_depth {
            for line in &mut moves {
                if line.exact().is_some() {
                    continue;
                }
                match self.narrow(root, line, depth) {
                    Ok((lower, upper)) => {
                        line.lower = lower;
                        line.upper = upper;
                        line.depth = depth;
                    }
                    Err(Stopped) => break 'deepen,
                }
            }
            match Self::ROOT_ORDER {
                RootOrder::BestFirst => {
                    rank(&mut moves, Self::tie_break);
                    report(depth, &moves, self.nodes());
                }
                RootOrder::AsListed => {
                    let mut ranked = moves.clone();
                    rank(&mut ranked, Self::tie_break);
                    report(depth, &ranked, self.nodes());
                }
            }
            if moves.iter().all(|m| m.exact().is_some()) {
                break;
            }
        }
        rank(&mut moves, Self::tie_break);
        moves
    }
}

/// Sorts `moves` best first: the highest lower bound, then the highest
/// upper, then `tie_break` (a stable sort: moves it calls equal keep
/// their order).
fn rank<M: Copy>(moves: &mut [MoveBounds<M>], tie_break: fn(M, M) -> Ordering) {
    moves.sort_by(|a, b| {
        b.lower
            .cmp(&a.lower)
            .then(b.upper.cmp(&a.upper))
            .then_with(|| tie_break(a.mv, b.mv))
    });
}

#[cfg(test)]
mod tests {
    use ply_rules::games::tictactoe::TicTacToe;

    use super::*;

    /// A solver of moves 0..n whose values are known (the position, any
    /// game's with moves numbered so, is not looked at): each iteration
    /// narrows a move's bounds by 4 from each side.
    #[derive(Debug)]
    struct Narrowing {
        values: Vec<i32>,
        effort: Effort,
        searched: Vec<u8>,
    }

    impl Narrowing {
        fn new(values: &[i32]) -> Self {
            Self {
                values: values.to_vec(),
                effort: Effort::default(),
                searched: Vec::new(),
            }
        }
    }

    impl BoundsSolver for Narrowing {
        type Position = TicTacToe;
        const ROOT_ORDER: RootOrder = RootOrder::AsListed;

        fn effort(&self) -> &Effort {
            &self.effort
        }

        fn effort_mut(&mut self) -> &mut Effort {
            &mut self.effort
        }

        fn root_moves(&self, _: &TicTacToe) -> Vec<MoveBounds<u8>> {
            (0..self.values.len())
                .map(|mv| MoveBounds {
                    mv: u8::try_from(mv).unwrap(),
                    lower: -10,
                    upper: 10,
                    depth: 0,
                })
                .collect()
        }

        fn narrow(
            &mut self,
            _: &TicTacToe,
            line: &MoveBounds<u8>,
            _: u32,
        ) -> Result<(i32, i32), Stopped> {
            self.effort.nodes += 1;
            self.searched.push(line.mv);
            let value = self.values[usize::from(line.mv)];
            Ok(((line.lower + 4).min(value), (line.upper - 4).max(value)))
        }
    }

    #[test]
    fn moves_are_narrowed_until_exact_and_ranked_best_first() {
        let mut solver = Narrowing::new(&[-3, 5, 0]);
        let mut reports = Vec::new();
        let moves = solver.move_bounds(&TicTacToe::start(), |depth, moves, nodes| {
            reports.push((depth, moves.first().map(|m| m.mv), nodes));
        });
        let ranked: Vec<(u8, Option<i32>)> = moves.iter().map(|m| (m.mv, m.exact())).collect();
        assert_eq!(ranked, [(1, Some(5)), (2, Some(0)), (0, Some(-3))]);
        // Listed order each iteration; an exact move is not searched again.
        assert_eq!(solver.searched, [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1]);
        assert_eq!(reports.last(), Some(&(4, Some(1), 11)));
        // Each move's depth is the iteration at which its bounds met.
        let depths: Vec<u32> = moves.iter().map(|m| m.depth).collect();
        assert_eq!(depths, [4, 3, 4]);
    }

    #[test]
    fn a_depth_limit_ends_the_proof_with_its_bounds() {
        let mut solver = Narrowing::new(&[-3, 5, 0]).with_max_depth(1);
        let moves = solver.move_bounds(&TicTacToe::start(), |_, _, _| {});
        assert!(moves.iter().all(|m| m.depth == 1 && m.exact().is_none()));
        assert_eq!(solver.nodes(), 3);
        assert_eq!(
            Narrowing::new(&[]).with_max_depth(99).effort.max_depth,
            MAX_DEPTH
        );
    }

    #[test]
    fn a_stop_is_seen_every_few_thousand_nodes() {
        let stop = SearchControl::default();
        stop.stop();
        let mut effort = Effort::default();
        for _ in 1..STOP_CHECK_NODES {
            assert_eq!(effort.count(&stop), Ok(()));
        }
        assert_eq!(effort.count(&stop), Err(Stopped));
    }
}
