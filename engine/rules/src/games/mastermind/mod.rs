//! Mastermind (the Prolog bulls-and-cows program): a code breaker against
//! a code maker.
//!
//! The breaker ([`Player::One`](crate::game::Player::One)) guesses a code;
//! the maker ([`Player::Two`](crate::game::Player::Two)) answers with bulls
//! (right symbol, right place) and cows (right symbol, wrong place),
//! written `1A2B`. The defaults (`Length` 4, `Symbols` 10, `Repeats` false)
//! are that program's bulls and cows; classic Mastermind is 4, 6, with
//! repeats.
//! The breaker wins with an all-bulls answer within `MaxGuesses` guesses,
//! the maker when the rows run out.
//!
//! One concept a file: `code` (the rules' options and the codes), `answer`
//! (scoring), `position` (the [`Game`](crate::game::Game) rules),
//! `notation`, `display`, `search_game`, and `strategy` (how `go` plays
//! either side).

pub mod answer;
pub mod code;
mod def;
pub mod display;
pub mod notation;
pub mod position;

#[cfg(test)]
mod tests;

pub use answer::Answer;
pub use code::{
    Code, MAX_CODES, MAX_LENGTH, MAX_MAX_GUESSES, MAX_SYMBOLS, MastermindRules, RulesError,
};
pub use position::{BREAKER, MAKER, Mastermind, MastermindMove, Row};
