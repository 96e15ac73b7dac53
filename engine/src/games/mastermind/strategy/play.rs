//! Playing a strategy against every secret: the figures the goals
//! are stated in (mean and worst number of guesses, their distribution).
//!
//! The maker answers honestly for each secret. Codes that get the same
//! answers are played together: the strategy is asked once per node of its
//! decision tree, not once per secret and guess.

use std::time::{Duration, Instant};

use super::super::answer::Answer;
use super::super::code::Code;
use super::super::position::{Mastermind, MastermindMove};
use ply_rules::game::Game;

/// How a strategy did over every secret.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// `solved_in[k]`: secrets found with the k-th guess.
    pub solved_in: Vec<u64>,
    /// Secrets not found before the rows ran out (or the strategy gave up).
    pub unsolved: u64,
    /// `decisions[k]`: the decisions for the (k+1)-th guess asked of the
    /// strategy, their time and the slowest one.
    pub decisions: Vec<Timing>,
}

/// How long decisions took.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Timing {
    /// Decisions made.
    pub count: u64,
    /// Their time in all.
    pub total: Duration,
    /// The slowest one.
    pub slowest: Duration,
}

impl Timing {
    /// The mean time of a decision.
    #[must_use]
    pub fn mean(&self) -> Duration {
        self.total / u32::try_from(self.count.max(1)).unwrap_or(u32::MAX)
    }
}

impl Tally {
    /// Secrets played.
    #[must_use]
    pub fn secrets(&self) -> u64 {
        self.solved_in.iter().sum::<u64>() + self.unsolved
    }

    /// Guesses over all secrets found.
    #[must_use]
    pub fn total_guesses(&self) -> u64 {
        self.solved_in
            .iter()
            .enumerate()
            .map(|(k, &n)| k as u64 * n)
            .sum()
    }

    /// Mean guesses per secret found.
    #[must_use]
    pub fn mean(&self) -> f64 {
        self.total_guesses() as f64 / (self.secrets() - self.unsolved).max(1) as f64
    }

    /// Most guesses any secret found needed.
    #[must_use]
    pub fn worst(&self) -> usize {
        self.solved_in.iter().rposition(|&n| n > 0).unwrap_or(0)
    }
}

/// Plays `choose` (the breaker) from `start` against every secret still
/// possible there.
pub fn play_all(start: &Mastermind, mut choose: impl FnMut(&Mastermind) -> Option<Code>) -> Tally {
    let mut tally = Tally::default();
    let codes = start.consistent_codes();
    play_node(start, &codes, &mut choose, &mut tally);
    tally
}

fn play_node(
    position: &Mastermind,
    codes: &[Code],
    choose: &mut impl FnMut(&Mastermind) -> Option<Code>,
    tally: &mut Tally,
) {
    // 1. The breaker's guess, timed.
    if position.is_over() {
        tally.unsolved += codes.len() as u64;
        return;
    }
    let started = Instant::now();
    let guess = choose(position);
    let took = started.elapsed();
    let level = position.rows().len();
    if tally.decisions.len() <= level {
        tally.decisions.resize(level + 1, Timing::default());
    }
    let timing = &mut tally.decisions[level];
    timing.count += 1;
    timing.total += took;
    timing.slowest = timing.slowest.max(took);
    let Some(guess) = guess else {
        tally.unsolved += codes.len() as u64;
        return;
    };

    // 2. The secrets by their answer, each group played on.
    let rules = position.rules();
    let mut groups: Vec<(Answer, Vec<Code>)> = Vec::new();
    for &code in codes {
        let answer = Answer::score(guess, code, rules.length);
        match groups.iter_mut().find(|(a, _)| *a == answer) {
            Some((_, group)) => group.push(code),
            None => groups.push((answer, vec![code])),
        }
    }
    let guesses = position.rows().len() + 1;
    for (answer, group) in groups {
        if answer.is_win(rules.length) {
            if tally.solved_in.len() <= guesses {
                tally.solved_in.resize(guesses + 1, 0);
            }
            tally.solved_in[guesses] += group.len() as u64;
            continue;
        }
        let mut next = position.clone();
        next.play(MastermindMove::Guess(guess));
        next.play(MastermindMove::Answer(answer));
        play_node(&next, &group, choose, tally);
    }
}
