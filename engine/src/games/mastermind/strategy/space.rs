//! The codes of one set of rules, numbered, with the answer of every
//! (guess, code) pair in a table.
//!
//! The search asks "what does guess g answer against code c" billions of
//! times; a table of `N²` bytes (25 MB for bulls and cows' 5,040 codes,
//! 1.7 MB for classic Mastermind) answers with one load. Bigger games score
//! on the fly. Spaces are built once per rules and kept (see [`Space::of`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use super::super::answer::Answer;
use super::super::code::{Code, MastermindRules};

/// Most codes for which the answers are tabled (36 MB at this size).
pub const TABLE_MAX_CODES: usize = 6_000;
/// Spaces kept for later `go`s (a session rarely switches rules).
const SPACES_KEPT: usize = 2;
/// Bits per position of a packed code.
const BITS: u32 = 4;
/// The lowest bit of every position of a packed code.
const LOW_BITS: u32 = 0x1111_1111;

/// A code's number in a [`Space`]: its place in the order of the codes' text.
pub type CodeId = u32;
/// An answer as its [`Answer::index`].
pub type AnswerId = u8;

/// The codes of one set of rules and their answers.
#[derive(Debug)]
pub struct Space {
    /// Symbols in a code.
    pub length: u8,
    /// Symbols to choose from.
    pub symbols: u8,
    /// Whether codes may repeat a symbol.
    pub repeats: bool,
    /// Every code, numbered by its place here.
    pub codes: Vec<Code>,
    /// The number of each code.
    ids: HashMap<Code, CodeId>,
    /// Each code's symbols as bits.
    symbol_sets: Vec<u16>,
    /// `answers[g × N + c]`: the answer to guess `g` when the secret is `c`.
    table: Option<Vec<AnswerId>>,
    /// The all-bulls answer.
    pub win: AnswerId,
    /// Exclusive bound of the answer ids.
    pub slots: usize,
    /// How many different answers a guess can get (14 for length 4).
    pub possible_answers: usize,
    /// The guess pools already built, by the set of symbols used so far.
    pools: Mutex<HashMap<u16, Arc<Vec<CodeId>>>>,
}

impl Space {
    /// The space of `rules`, built on first use and kept.
    #[must_use]
    pub fn of(rules: MastermindRules) -> Arc<Self> {
        static SPACES: Mutex<Vec<Arc<Space>>> = Mutex::new(Vec::new());
        let mut spaces = SPACES.lock().unwrap_or_else(PoisonError::into_inner);
        let same = |s: &Space| {
            (s.length, s.symbols, s.repeats) == (rules.length, rules.symbols, rules.repeats)
        };
        if let Some(space) = spaces.iter().find(|s| same(s)) {
            return Arc::clone(space);
        }
        let space = Arc::new(Self::build(rules));
        if spaces.len() >= SPACES_KEPT {
            spaces.remove(0);
        }
        spaces.push(Arc::clone(&space));
        space
    }

    /// Numbers the codes and tables their answers.
    fn build(rules: MastermindRules) -> Self {
        let length = rules.length;
        let codes = rules.all_codes();
        let ids = codes
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, CodeId::try_from(i).unwrap_or(CodeId::MAX)))
            .collect();
        let symbol_sets = codes.iter().map(|c| c.symbol_set(length)).collect();
        let mut space = Self {
            length,
            symbols: rules.symbols,
            repeats: rules.repeats,
            codes,
            ids,
            symbol_sets,
            table: None,
            win: answer_id(Answer::win(length), length),
            slots: Answer::slots(length),
            possible_answers: Answer::all_possible(length).len(),
            pools: Mutex::new(HashMap::new()),
        };
        let n = space.codes.len();
        if n <= TABLE_MAX_CODES {
            let mut table = Vec::with_capacity(n * n);
            for g in 0..n {
                for c in 0..n {
                    table.push(space.score(g, c));
                }
            }
            space.table = Some(table);
        }
        space
    }

    /// Scores guess number `g` against code number `c` without the table.
    fn score(&self, g: usize, c: usize) -> AnswerId {
        let (guess, code) = (self.codes[g], self.codes[c]);
        if self.repeats {
            return answer_id(Answer::score(guess, code, self.length), self.length);
        }
        // Distinct symbols: a position matches when its four bits are equal,
        // and the symbols in common are the common bits of the symbol sets.
        let x = guess.0 ^ code.0;
        let differ = (x | x >> 1 | x >> 2 | x >> 3) & LOW_BITS & position_bits(self.length);
        let bulls = u32::from(self.length) - differ.count_ones();
        let common = (self.symbol_sets[g] & self.symbol_sets[c]).count_ones();
        let width = u32::from(self.length) + 1;
        // At most 48.
        (bulls * width + (common - bulls)) as AnswerId
    }

    /// The answer to guess `g` when the secret is `c`.
    #[inline]
    #[must_use]
    pub fn answer(&self, g: CodeId, c: CodeId) -> AnswerId {
        let n = self.codes.len();
        match &self.table {
            Some(table) => table[g as usize * n + c as usize],
            None => self.score(g as usize, c as usize),
        }
    }

    /// The answers to guess `g`, indexed by code, when tabled.
    #[inline]
    #[must_use]
    pub fn answers_to(&self, g: CodeId) -> Option<&[AnswerId]> {
        let n = self.codes.len();
        self.table
            .as_ref()
            .map(|table| &table[g as usize * n..(g as usize + 1) * n])
    }

    /// Counts the codes of `set` by their answer to `g`.
    #[inline]
    pub fn count_answers(&self, g: CodeId, set: &[CodeId], counts: &mut [u32]) {
        counts.fill(0);
        match self.answers_to(g) {
            Some(row) => {
                for &c in set {
                    counts[usize::from(row[c as usize])] += 1;
                }
            }
            None => {
                for &c in set {
                    counts[usize::from(self.answer(g, c))] += 1;
                }
            }
        }
    }

    /// The number of `code`, if it is a code of these rules.
    #[must_use]
    pub fn id(&self, code: Code) -> Option<CodeId> {
        self.ids.get(&code).copied()
    }

    /// The symbols of code number `c`, as bits.
    #[must_use]
    pub fn symbol_set(&self, c: CodeId) -> u16 {
        self.symbol_sets[c as usize]
    }

    /// The pool cached for `used`, or `build`'s, kept for next time.
    pub fn pool(&self, used: u16, build: impl FnOnce() -> Vec<CodeId>) -> Arc<Vec<CodeId>> {
        let mut pools = self.pools.lock().unwrap_or_else(PoisonError::into_inner);
        Arc::clone(pools.entry(used).or_insert_with(|| Arc::new(build())))
    }
}

/// The lowest bit of each of the first `length` positions.
fn position_bits(length: u8) -> u32 {
    (1u32 << (BITS * u32::from(length))).wrapping_sub(1) & LOW_BITS
}

/// An answer's id.
#[must_use]
pub fn answer_id(answer: Answer, length: u8) -> AnswerId {
    // At most (6 + 1)² = 49 slots.
    answer.index(length) as AnswerId
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_agrees_with_the_rules() {
        for rules in [MastermindRules::default(), MastermindRules::CLASSIC] {
            let space = Space::build(rules);
            assert!(space.table.is_some());
            let n = space.codes.len();
            for g in (0..n).step_by(97) {
                for c in 0..n {
                    let expected = Answer::score(space.codes[g], space.codes[c], rules.length);
                    assert_eq!(
                        space.answer(g as CodeId, c as CodeId),
                        answer_id(expected, rules.length)
                    );
                }
            }
            assert_eq!(space.possible_answers, 14);
        }
    }
}
