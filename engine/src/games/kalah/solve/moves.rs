//! The exact value of each move of a position, best first (`solve` with
//! `MultiPV` K > 1): a tablebase view of the position.
//!
//! A move's value is the final margin for the side to move at the root
//! when that move is played and both sides play perfectly afterwards: the
//! value of the child for the same side (an extra turn), or its negation
//! (the turn passes). Each child is solved on the same bound table, so
//! what the proof of the root (or of an earlier move) learnt is reused.
//!
//! Only the K best moves need exact values. Once K are known, the K-th
//! best value t is a threshold: a further move gets one zero-window test,
//! "is it worth more than t?" ([`Wanted`]), and is solved exactly only when
//! it is (it then pushes the worst of the K out). Among equal values the
//! move proven first stays ahead: the root's best move when it is given.

use crate::search::SearchControl;
use ply_rules::game::{Game, MoveList};
use ply_rules::games::kalah::Kalah;

use super::{SolveConfig, Wanted, solve_within};

/// The proven value of one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move (a pit, as [`Kalah`] plays it).
    pub pit: u8,
    /// The final margin for the side to move at the root, with perfect
    /// play after this move.
    pub value: i32,
    /// The best move after it (the opponent's, or the same side's after an
    /// extra turn); `None` when the move ends the game.
    pub reply: Option<u8>,
    /// The proof steps (zero-window searches) the move took.
    pub steps: u32,
}

/// The values proven.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveValues {
    /// The K best moves with their values, best first (fewer when the
    /// position has fewer moves, or when stopped).
    pub lines: Vec<MoveValue>,
    /// Nodes searched, all moves together.
    pub nodes: u64,
    /// Whether every move was looked at (false when stopped).
    pub complete: bool,
}

/// The exact values of the `count` best moves of `root`, best first.
/// `solved` is the root's value and a move that has it, when known (a
/// `solve` of the root): that move is proven first, from its known value.
/// `guess` gives MTD(f) its first guess at another child's value (its
/// final margin for its side to move; `config.guess` is not used).
/// `proven` is called as each move's value is proven, in the order the
/// moves are solved. After `control.stop()` the moves proven so far are
/// returned.
pub fn move_values<G, P>(
    root: &Kalah,
    config: &SolveConfig<'_>,
    count: usize,
    solved: Option<(u8, i32)>,
    control: &SearchControl,
    mut guess: G,
    mut proven: P,
) -> MoveValues
where
    G: FnMut(&Kalah) -> i32,
    P: FnMut(&MoveValue),
{
    // 1. The moves, the one known best first.
    let count = count.max(1);
    let mut moves = MoveList::new();
    root.legal_moves(&mut moves);
    let mut pits: Vec<u8> = moves.iter().copied().collect();
    if let Some((best, _)) = solved
        && let Some(at) = pits.iter().position(|&pit| pit == best)
    {
        pits[..=at].rotate_right(1);
    }
    let mut result = MoveValues {
        complete: true,
        ..MoveValues::default()
    };
    for pit in pits {
        if control.stopped() {
            result.complete = false;
            break;
        }
        // 2. The child, and what must be proven of it: its exact value
        // until K are known, then only whether it beats the K-th. The
        // root's values seen from the child, and back: the same for an
        // extra turn, negated when the turn passes.
        let mut child = *root;
        child.play(pit);
        let same_side = child.side_to_move() == root.side_to_move();
        let flip = |value: i32| if same_side { value } else { -value };
        let wanted = match result.lines.get(count - 1) {
            None => Wanted::Exact,
            Some(kth) if same_side => Wanted::Above(kth.value),
            Some(kth) => Wanted::Below(-kth.value),
        };
        // 3. MTD(f)'s first guess: a threshold's test needs none; the best
        // move's value is known.
        let first_guess = match (wanted, solved) {
            (Wanted::Exact, Some((best, value))) if best == pit => flip(value),
            (Wanted::Exact, _) => guess(&child),
            _ => 0,
        };
        let child_config = SolveConfig {
            guess: first_guess,
            ..*config
        };
        // 4. The proof.
        let solution = solve_within(&child, &child_config, wanted, control, |_| {});
        result.nodes += solution.nodes;
        let Some(value) = solution.value() else {
            if control.stopped() {
                result.complete = false;
                break;
            }
            // Proven no better than the K-th best: not among them.
            continue;
        };
        // 5. Among the K best, in order.
        let line = MoveValue {
            pit,
            value: flip(value),
            reply: solution.best,
            steps: solution.steps,
        };
        proven(&line);
        let at = result
            .lines
            .iter()
            .position(|other| other.value < line.value)
            .unwrap_or(result.lines.len());
        result.lines.insert(at, line);
        result.lines.truncate(count);
    }
    result
}
