//! The opening book of bulls and cows: the second and third guesses.
//!
//! These are the decisions where the sets are big and a wide search pays
//! (the third guess is worth more than any other), and where a wide search
//! takes seconds to minutes, too long for `go`. So they are searched ahead
//! of time by [`generate`] with [`BOOK_PROFILE`], written to `book_data.rs`
//! by `cargo run --release --example mastermind_book`, and looked up here.
//! Every other decision is searched live.
//!
//! Entries are keyed by the board with the first guess renamed to `0123`
//! (and the symbols never guessed to `4`… in order), so a breaker who opens
//! with `5678` finds the book too: renaming symbols changes no answer.

use super::breaker::decide;
use super::space::Space;
use super::{Decision, codes_left};
use ply_rules::game::Game;
use ply_rules::games::mastermind::code::{Code, MastermindRules};
use ply_rules::games::mastermind::position::{Mastermind, MastermindMove};

/// The search widths the book was made with.
pub const BOOK_PROFILE: [usize; 3] = [24, 6, 2];
/// Guesses made before the book's decisions: one or two.
const BOOK_ROWS: std::ops::RangeInclusive<usize> = 1..=2;
/// Fewest rows a board must have for the book: its strategy needs 7.
const BOOK_MIN_GUESSES: u8 = 7;

/// One book decision (declared with the data, which so needs nothing
/// from here).
pub use super::book_data::Entry;

/// The rules the book is for: the bulls and cows of the Prolog
/// bulls-and-cows program.
fn book_rules(rules: MastermindRules) -> bool {
    (rules.length, rules.symbols, rules.repeats) == (4, 10, false)
        && rules.max_guesses >= BOOK_MIN_GUESSES
}

/// The renaming that turns the first guess into `0123…` and the other
/// symbols, in order, into the next ones: `to[s]` is the new name of `s`.
fn renaming(first: Code, length: u8, symbols: u8) -> [u8; 16] {
    let mut to = [u8::MAX; 16];
    for (i, d) in first.digits(length).enumerate() {
        to[usize::from(d)] = u8::try_from(i).unwrap_or(u8::MAX);
    }
    let mut next = length;
    for s in 0..symbols {
        if to[usize::from(s)] == u8::MAX {
            to[usize::from(s)] = next;
            next += 1;
        }
    }
    to
}

/// `code` with every symbol renamed by `to`.
fn rename(code: Code, length: u8, to: &[u8; 16]) -> Code {
    let digits: Vec<u8> = code.digits(length).map(|d| to[usize::from(d)]).collect();
    Code::from_digits(&digits)
}

/// The board of `position` renamed by `to`, as the book writes it.
fn key(position: &Mastermind, to: &[u8; 16]) -> String {
    let length = position.rules().length;
    position
        .rows()
        .iter()
        .map(|row| {
            format!(
                "{}:{}",
                rename(row.guess, length, to).text(length),
                row.answer
            )
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The book's decision for `position` in `entries`, if it has one.
#[must_use]
pub fn lookup_in(entries: &[Entry], position: &Mastermind) -> Option<Decision> {
    let rules = position.rules();
    let first = position.rows().first()?.guess;
    if position.pending_guess().is_some() || !BOOK_ROWS.contains(&position.rows().len()) {
        return None;
    }
    let to = renaming(first, rules.length, rules.symbols);
    let key = key(position, &to);
    let index = entries.binary_search_by(|e| e.0.cmp(key.as_str())).ok()?;
    let (_, guess, total) = entries[index];
    let mut back = [u8::MAX; 16];
    for (s, &t) in to.iter().enumerate().take(usize::from(rules.symbols)) {
        back[usize::from(t)] = u8::try_from(s).unwrap_or(u8::MAX);
    }
    let digits: Vec<u8> = guess.bytes().map(|b| b.wrapping_sub(b'0')).collect();
    let guess = rename(Code::from_digits(&digits), rules.length, &back);
    rules.code_problem(guess).is_none().then(|| Decision {
        guess,
        total,
        codes: position.consistent_codes().len(),
        depth: u32::try_from(BOOK_PROFILE.len()).unwrap_or(u32::MAX),
        nodes: 0,
        elapsed: std::time::Duration::ZERO,
        estimated: false,
    })
}

/// The book's decision for `position`, for the rules it was made for.
#[must_use]
pub fn lookup(position: &Mastermind) -> Option<Decision> {
    if !book_rules(position.rules()) {
        return None;
    }
    lookup_in(super::book_data::BULLS_AND_COWS, position)
}

/// Searches the book's decisions for `rules` with `profile`: the first
/// guess, then every second and third guess the strategy meets, calling
/// `on_entry` with each entry (board, guess, total) in the order found.
pub fn generate(
    rules: MastermindRules,
    profile: &[usize],
    mut on_entry: impl FnMut(String, String, u32),
) -> Option<()> {
    let start = Mastermind::start(rules).ok()?;
    let space = Space::of(rules);
    let never = |_| false;
    let decide_at = |position: &Mastermind| {
        let history: Vec<Code> = position.rows().iter().map(|r| r.guess).collect();
        let left = u32::from(rules.max_guesses) - u32::try_from(history.len()).ok()?;
        decide(
            &space,
            &codes_left(&space, position),
            &history,
            left,
            profile,
            &never,
            |_| {},
        )
    };
    let mut frontier = vec![start];
    for rows in 0..=*BOOK_ROWS.end() {
        let mut next = Vec::new();
        for position in frontier {
            let decision = decide_at(&position)?;
            if rows > 0 {
                let to = renaming(position.rows()[0].guess, rules.length, rules.symbols);
                on_entry(
                    key(&position, &to),
                    rename(decision.guess, rules.length, &to).text(rules.length),
                    decision.total,
                );
            }
            let mut asked = position.clone();
            asked.play(MastermindMove::Guess(decision.guess));
            for answer in asked.possible_answers(decision.guess) {
                if !answer.is_win(rules.length) {
                    let mut answered = asked.clone();
                    answered.play(MastermindMove::Answer(answer));
                    next.push(answered);
                }
            }
        }
        frontier = next;
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mastermind::strategy::best_guess;

    /// A small game whose book takes milliseconds.
    const SMALL: MastermindRules = MastermindRules {
        length: 3,
        symbols: 6,
        repeats: false,
        max_guesses: 10,
    };

    #[test]
    fn generated_entries_are_found_again_under_any_renaming() {
        let mut made: Vec<(String, String, u32)> = Vec::new();
        generate(SMALL, &[4, 2], |k, g, t| made.push((k, g, t))).expect("a book");
        assert!(made.len() > 10, "{made:?}");
        made.sort();
        let leaked: Vec<Entry> = made
            .iter()
            .map(|(k, g, t)| -> Entry {
                (
                    Box::leak(k.clone().into_boxed_str()),
                    Box::leak(g.clone().into_boxed_str()),
                    *t,
                )
            })
            .collect();
        // Each entry is the search's own decision there, also when the
        // breaker opened with another code (345 instead of 012).
        let start = Mastermind::start(SMALL).unwrap();
        for (board, guess, total) in leaked.iter().take(12) {
            let fen = format!("{board} b");
            let position = Mastermind::from_position_string(&fen, SMALL).unwrap();
            let decision = lookup_in(&leaked, &position).expect("in the book");
            assert_eq!(
                (decision.guess.text(3), decision.total),
                (guess.to_string(), *total)
            );
            let searched = best_guess(&position, &[4, 2], &|_| false, |_| {}).unwrap();
            assert_eq!(searched.total, *total, "{board}");
            // Rename 0↔3, 1↔4, 2↔5 throughout.
            let swap = |text: &str| -> String {
                text.chars()
                    .map(|c| match c.to_digit(10) {
                        Some(d) if c.is_ascii_digit() && d < 6 => {
                            char::from(b'0' + u8::try_from((d + 3) % 6).unwrap())
                        }
                        _ => c,
                    })
                    .collect()
            };
            let swapped_rows: Vec<String> = board
                .split('/')
                .map(|row| {
                    let (g, a) = row.split_once(':').unwrap();
                    format!("{}:{a}", swap(g))
                })
                .collect();
            let swapped =
                Mastermind::from_position_string(&format!("{} b", swapped_rows.join("/")), SMALL)
                    .unwrap();
            let decision = lookup_in(&leaked, &swapped).expect("in the book");
            assert_eq!(decision.guess.text(3), swap(guess));
        }
        assert!(lookup_in(&leaked, &start).is_none());
    }

    #[test]
    fn the_book_holds_legal_sorted_decisions() {
        let entries = super::super::book_data::BULLS_AND_COWS;
        assert!(entries.windows(2).all(|w| w[0].0 < w[1].0));
        let rules = MastermindRules::default();
        for &(board, guess, total) in entries {
            let position = Mastermind::from_position_string(&format!("{board} b"), rules)
                .unwrap_or_else(|e| panic!("{e}"));
            let decision = lookup(&position).expect("found");
            assert_eq!(decision.guess.text(4), guess);
            let codes = position.consistent_codes().len() as u32;
            assert!(total >= codes, "{board}");
        }
        // The answers to the first guess that do not win: 13 boards.
        assert_eq!(entries.iter().filter(|e| !e.0.contains('/')).count(), 13);
    }

    #[test]
    fn a_small_book_entry_is_what_the_search_finds() {
        // After 0123 0A4B nine derangements are left: quick to search.
        let rules = MastermindRules::default();
        let position = Mastermind::from_position_string("0123:0A4B b", rules).unwrap();
        let searched = best_guess(&position, &BOOK_PROFILE, &|_| false, |_| {}).unwrap();
        let booked = lookup(&position).expect("in the book");
        assert_eq!(searched.total, booked.total);
    }
}
