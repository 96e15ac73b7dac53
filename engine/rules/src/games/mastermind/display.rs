//! The board drawn for a person: the rules, one line per guess with its
//! answer, and who is to move.
//!
//! ```text
//! Mastermind: 4 symbols out of 0-9, no repeats, 10 guesses
//!  1  0123  1A2B
//!  2  4567  ?
//! codes still possible: 180; maker to answer
//! ```

use super::position::Mastermind;

/// Shown in place of the answer of the pending guess.
const PENDING_ANSWER: &str = "?";

impl Mastermind {
    /// The board, each line ending in a newline.
    #[must_use]
    pub fn drawing(&self) -> String {
        let rules = self.rules;
        let length = rules.length;
        let mut text = format!(
            "Mastermind: {length} symbols out of 0-{}, {}, {} guesses\n",
            rules.symbols - 1,
            if rules.repeats {
                "repeats"
            } else {
                "no repeats"
            },
            rules.max_guesses
        );
        for (i, row) in self.rows.iter().enumerate() {
            text.push_str(&format!(
                "{:>2}  {}  {}\n",
                i + 1,
                row.guess.text(length),
                row.answer
            ));
        }
        if let Some(guess) = self.pending {
            text.push_str(&format!(
                "{:>2}  {}  {PENDING_ANSWER}\n",
                self.rows.len() + 1,
                guess.text(length)
            ));
        }
        let left = self.consistent_codes().len();
        let status = if self.is_solved() {
            format!("solved in {} guesses; the breaker wins", self.rows.len())
        } else if self.is_over() {
            "no rows left; the maker wins".to_owned()
        } else if self.pending.is_some() {
            "maker to answer".to_owned()
        } else {
            "breaker to guess".to_owned()
        };
        text.push_str(&format!("codes still possible: {left}; {status}\n"));
        text
    }
}
