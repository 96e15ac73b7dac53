//! The maker's side: the answer that keeps the breaker guessing longest.
//!
//! The maker holds no secret, so it may give any answer some code still
//! gives. It answers with the part of the codes the breaker will find
//! hardest: the one where the breaker's own search (greedy, so that every
//! part is searched in time) expects the most guesses still to come. The
//! same search thus plays both sides.

use std::time::{Duration, Instant};

use super::Stop;
use super::bounds::Bounds;
use super::breaker::{INFEASIBLE, Search};
use super::space::{CodeId, Space};
use crate::games::mastermind::answer::Answer;
use ply_rules::games::mastermind::position::Mastermind;

/// The maker's choice.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AnswerChoice {
    /// The answer.
    pub answer: Answer,
    /// The guesses the breaker still needs on average after it (0 for the win).
    pub expected: f64,
    /// Codes still possible after it.
    pub codes: usize,
    /// Whether every part was searched (otherwise some are estimates).
    pub searched: bool,
    /// Sets searched.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// The maker's answer to the pending guess, or `None` when no guess waits.
#[must_use]
pub fn worst_answer(position: &Mastermind, stop: &Stop<'_>) -> Option<AnswerChoice> {
    let started = Instant::now();
    let guess = position.pending_guess()?;
    let rules = position.rules();
    let space = Space::of(rules);
    let set = super::codes_left(&space, position);
    let guess_id = space.id(guess)?;
    let used = position
        .rows()
        .iter()
        .fold(guess.symbol_set(rules.length), |s, r| {
            s | r.guess.symbol_set(rules.length)
        });
    let left = u32::from(rules.max_guesses)
        .saturating_sub(u32::try_from(position.guesses_made()).unwrap_or(u32::MAX));

    // 1. The parts, largest first, each with a first estimate.
    let mut parts: Vec<(u8, Vec<CodeId>)> = Vec::new();
    for &c in &set {
        let a = space.answer(guess_id, c);
        match parts.iter_mut().find(|(id, _)| *id == a) {
            Some((_, part)) => part.push(c),
            None => parts.push((a, vec![c])),
        }
    }
    parts.sort_by_key(|(id, part)| (std::cmp::Reverse(part.len()), *id));
    let bounds = Bounds::new(set.len(), space.possible_answers);
    let mut values: Vec<(f64, usize, u8)> = parts
        .iter()
        .map(|(id, part)| {
            let expected = if *id == space.win {
                0.0
            } else {
                bounds.estimate(part.len()) / part.len() as f64
            };
            (expected, part.len(), *id)
        })
        .collect();

    // 2. Replace the estimates by the breaker's greedy search while there is time.
    let mut searched = true;
    let mut nodes = 0;
    for (value, (id, part)) in values.iter_mut().zip(&parts) {
        if *id == space.win {
            continue;
        }
        // The part's nodes count after the earlier parts'.
        let before = nodes;
        let stop_after = move |part_nodes: u64| stop(before + part_nodes);
        let mut search = Search::new(&space, &[1], &stop_after);
        let total = search.cost(part, used, 1, left, INFEASIBLE);
        nodes += search.nodes;
        if search.aborted {
            searched = false;
            break;
        }
        // A part the breaker cannot be sure to solve in the rows left is
        // worse for it than any average: infinitely many guesses.
        value.0 = if total >= INFEASIBLE {
            f64::INFINITY
        } else {
            f64::from(total) / part.len() as f64
        };
    }

    // 3. The hardest part; the bigger one on a tie.
    let &(expected, codes, id) = values
        .iter()
        .max_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)).then(b.2.cmp(&a.2)))?;
    Some(AnswerChoice {
        answer: Answer::from_index(usize::from(id), rules.length),
        expected,
        codes,
        searched,
        nodes,
        elapsed: started.elapsed(),
    })
}
