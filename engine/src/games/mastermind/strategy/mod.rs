//! How `go` plays Mastermind, for either side.
//!
//! - The breaker ([`best_guess`]) minimises the expected number of guesses,
//!   every code still possible being equally likely, with a selective
//!   look-ahead search (`breaker`).
//! - The maker ([`worst_answer`]) gives the answer after which that same
//!   search expects the breaker to need the most guesses (`maker`).
//!
//! Bulls and cows' second and third guesses come from a `book` the same
//! search made ahead of time, with wider widths than `go` has time for.
//!
//! Around them: `space` (the codes and the table of their answers),
//! `symmetry` (guesses that are the same up to renaming), `bounds` (lower
//! bounds and estimates), `play` (a strategy against every secret, for the
//! tests and the benchmark).

pub mod book;
mod book_data;
mod bounds;
mod breaker;
mod maker;
pub mod play;
mod space;
mod symmetry;

pub use breaker::{Decision, decide, decide_lines};
pub use maker::{AnswerChoice, worst_answer};
pub use space::{CodeId, Space};

/// Asked now and then during a search, with the nodes the decision has
/// searched so far: `true` ends the search (the protocol's `stop`, a
/// clock, or `go nodes`). Whatever was decided by then is the answer.
pub type Stop<'a> = dyn Fn(u64) -> bool + 'a;

use super::code::Code;
use super::position::Mastermind;

/// Guesses searched at each level of a live decision (iterative deepening
/// adds one level an iteration; one guess below). Wider pays little after
/// the book's guesses and would not fit in `go`'s second (see docs/engine.md).
pub const DEFAULT_PROFILE: [usize; 2] = [8, 2];

/// The codes still possible in `position`, as numbers of `space`.
#[must_use]
pub fn codes_left(space: &Space, position: &Mastermind) -> Vec<CodeId> {
    let length = position.rules().length;
    let rows: Vec<(CodeId, u8)> = position
        .rows()
        .iter()
        .filter_map(|row| {
            let id = space.id(row.guess)?;
            Some((id, space::answer_id(row.answer, length)))
        })
        .collect();
    (0..space.codes.len())
        .map(|c| CodeId::try_from(c).unwrap_or(CodeId::MAX))
        .filter(|&c| rows.iter().all(|&(g, a)| space.answer(g, c) == a))
        .collect()
}

/// The breaker's guess in `position`: the book's, or else [`decide`]'s
/// with `profile`; `None` when it is not the breaker's turn or the game is
/// over.
pub fn best_guess(
    position: &Mastermind,
    profile: &[usize],
    stop: &Stop<'_>,
    mut on_iteration: impl FnMut(&Decision),
) -> Option<Decision> {
    best_guesses(position, profile, stop, 1, |lines| {
        if let Some(first) = lines.first() {
            on_iteration(first);
        }
    })
    .into_iter()
    .next()
}

/// The breaker's `lines` best guesses in `position`, best first
/// (MultiPV, see [`decide_lines`]); the book's one guess when it has the
/// position; empty when it is not the breaker's turn or the game is over.
pub fn best_guesses(
    position: &Mastermind,
    profile: &[usize],
    stop: &Stop<'_>,
    lines: usize,
    mut on_lines: impl FnMut(&[Decision]),
) -> Vec<Decision> {
    use ply_rules::game::Game;
    if position.is_over() || position.side_to_move() != super::BREAKER {
        return Vec::new();
    }
    if let Some(decision) = book::lookup(position) {
        on_lines(std::slice::from_ref(&decision));
        return vec![decision];
    }
    let rules = position.rules();
    let space = Space::of(rules);
    let set = codes_left(&space, position);
    let history: Vec<Code> = position.rows().iter().map(|r| r.guess).collect();
    let left = u32::from(rules.max_guesses)
        .saturating_sub(u32::try_from(history.len()).unwrap_or(u32::MAX));
    decide_lines(&space, &set, &history, left, profile, stop, lines, on_lines)
}
