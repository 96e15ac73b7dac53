//! Mastermind's text forms.
//!
//! A guess is its digits, leftmost first (`0123`); an answer is
//! `<bulls>A<cows>B` (`1A2B`, letters in any case when read).
//!
//! A position string is the board and the side to move:
//! `<rows> <side>`. The rows are separated by `/`, each `guess:answer`,
//! the last one possibly a guess alone (waiting for its answer); `-` is the
//! empty board. The side is `b` (the breaker guesses) or `m` (the maker
//! answers), and must be `m` exactly when a guess waits:
//!
//! ```text
//! - b                              the start
//! 0123:1A2B/4567:0A1B b            two answered guesses, the breaker to guess
//! 0123:1A2B/4567 m                 the maker to answer 4567
//! ```
//!
//! The rules (length, symbols, repeats, rows) are the options', not the
//! string's; the string is read by replaying its moves, so everything a
//! move list may not hold (a contradiction, a row after the win, more rows
//! than the board has) is refused here too.

use super::answer::Answer;
use super::code::{Code, MastermindRules, RulesError};
use super::position::{BREAKER, MAKER, Mastermind, MastermindMove};
use crate::game::{Game, NotationError, Player};

/// Separates the rows.
const ROW_SEPARATOR: char = '/';
/// Separates a guess from its answer.
const ANSWER_SEPARATOR: char = ':';
/// The empty board.
const EMPTY_BOARD: &str = "-";
/// Each side's letter, indexed by [`Player::index`].
const SIDES: [char; 2] = ['b', 'm'];

impl Mastermind {
    /// Reads a position string (see the module docs) under `rules`.
    ///
    /// # Errors
    /// [`NotationError::BadPosition`] saying what is wrong.
    pub fn from_position_string(text: &str, rules: MastermindRules) -> Result<Self, NotationError> {
        parse_position(text, rules).map_err(|reason| NotationError::BadPosition {
            text: text.to_owned(),
            reason,
        })
    }

    /// Writes the position string (see the module docs).
    pub fn write_position(&self) -> String {
        let length = self.rules.length;
        let mut rows: Vec<String> = self
            .rows
            .iter()
            .map(|row| format!("{}{ANSWER_SEPARATOR}{}", row.guess.text(length), row.answer))
            .collect();
        rows.extend(self.pending.map(|guess| guess.text(length)));
        let board = if rows.is_empty() {
            EMPTY_BOARD.to_owned()
        } else {
            rows.join(&ROW_SEPARATOR.to_string())
        };
        format!("{board} {}", SIDES[self.side_to_move().index()])
    }

    /// Reads a move and checks it is legal here.
    pub fn read_move(&self, text: &str) -> Result<MastermindMove, NotationError> {
        let token = text.trim();
        let length = self.rules.length;
        let bad = |reason: String| NotationError::BadMove {
            text: text.to_owned(),
            reason,
        };
        let illegal = |reason: String| NotationError::IllegalMove {
            text: text.to_owned(),
            reason,
        };
        let syntax_help = || {
            format!(
                "a guess is {length} digits (e.g. {}), an answer is <bulls>A<cows>B (e.g. 1A2B)",
                example_guess(self.rules)
            )
        };

        // 1. The syntax: an answer, or a run of digits of the right length.
        let mv = if let Some(answer) = Answer::read(token) {
            MastermindMove::Answer(answer)
        } else if !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit()) {
            if token.len() != usize::from(length) {
                return Err(bad(format!(
                    "a guess has {length} digits, this one {}",
                    token.len()
                )));
            }
            MastermindMove::Guess(read_code(token))
        } else {
            return Err(bad(syntax_help()));
        };

        // 2. Legality: the game goes on and it is this side's turn.
        if self.is_over() {
            return Err(illegal("the game is over".to_owned()));
        }
        match (mv, self.pending) {
            (MastermindMove::Guess(_), Some(pending)) => Err(illegal(format!(
                "it is the maker's turn: answer the guess {} with <bulls>A<cows>B",
                pending.text(length)
            ))),
            (MastermindMove::Answer(_), None) => Err(illegal(format!(
                "it is the breaker's turn: guess a code such as {}",
                example_guess(self.rules)
            ))),
            // 3. A guess must be a code of the rules.
            (MastermindMove::Guess(code), None) => match self.rules.code_problem(code) {
                Some(problem) => Err(illegal(problem)),
                None => Ok(mv),
            },
            // 4. An answer must be possible, then fit the earlier answers.
            (MastermindMove::Answer(answer), Some(guess)) => {
                if let Some(reason) = answer.impossibility(length) {
                    return Err(illegal(format!("{answer} is impossible: {reason}")));
                }
                if !self.possible_answers(guess).contains(&answer) {
                    let no_code = self
                        .rules
                        .all_codes()
                        .into_iter()
                        .all(|code| Answer::score(guess, code, length) != answer);
                    let reason = if no_code {
                        format!("no code answers {} with {answer}", guess.text(length))
                    } else {
                        "it contradicts the earlier answers: no code gives them all".to_owned()
                    };
                    return Err(illegal(reason));
                }
                Ok(mv)
            }
        }
    }
}

/// The digits of a guess as a code (all bytes are ASCII digits).
fn read_code(token: &str) -> Code {
    let digits: Vec<u8> = token.bytes().map(|b| b - b'0').collect();
    Code::from_digits(&digits)
}

/// A legal first guess to show in messages: the first code of the rules.
fn example_guess(rules: MastermindRules) -> String {
    rules.all_codes().first().map_or_else(
        || "0".repeat(usize::from(rules.length)),
        |c| c.text(rules.length),
    )
}

/// Parses a position string; the error is the reason only.
fn parse_position(text: &str, rules: MastermindRules) -> Result<Mastermind, String> {
    // 1. Two fields: the board and the side to move.
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [board, side] = fields[..] else {
        return Err(format!(
            "expected 2 fields '<guess:answer/…> <side>' (the start is '- b'), found {}",
            fields.len()
        ));
    };
    let side = match side {
        "b" => BREAKER,
        "m" => MAKER,
        other => {
            return Err(format!(
                "side to move '{other}' must be 'b' (breaker) or 'm' (maker)"
            ));
        }
    };

    // 2. Replay the rows as moves, so that every rule of play holds.
    let mut game = Mastermind::start(rules).map_err(|e: RulesError| e.to_string())?;
    if board != EMPTY_BOARD {
        let rows: Vec<&str> = board.split(ROW_SEPARATOR).collect();
        for (number, row) in rows.iter().enumerate() {
            let (guess, answer) = match row.split_once(ANSWER_SEPARATOR) {
                Some((guess, answer)) => (guess, Some(answer)),
                None if number + 1 == rows.len() => (*row, None),
                None => {
                    return Err(format!(
                        "row {} '{row}' has no answer; only the last guess may wait for one",
                        number + 1
                    ));
                }
            };
            for part in std::iter::once(guess).chain(answer) {
                let mv = game
                    .parse_move(part)
                    .map_err(|e| format!("row {}: {e}", number + 1))?;
                game.play(mv);
            }
        }
    }

    // 3. The side to move follows from the board.
    let expected = game.side_to_move();
    if side != expected {
        let who = |p: Player| if p == BREAKER { "breaker's" } else { "maker's" };
        return Err(format!(
            "the side to move is '{}' but the board says it is the {} turn ('{}')",
            SIDES[side.index()],
            who(expected),
            SIDES[expected.index()]
        ));
    }
    Ok(game)
}
