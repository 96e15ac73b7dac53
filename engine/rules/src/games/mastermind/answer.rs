//! The maker's answer to a guess: bulls and cows, written `<bulls>A<cows>B`.
//!
//! Bulls are symbols of the guess in the right place. Cows are symbols of
//! the guess that are in the code but elsewhere; with repeats, each symbol
//! counts as often as it appears in both (classic Mastermind's white pegs):
//! the symbols in common are `Σ min(count in guess, count in code)`, and
//! the cows are those minus the bulls.

use std::fmt;

use super::code::Code;

/// Letter after the bulls in the written answer.
pub const BULLS_LETTER: char = 'A';
/// Letter after the cows in the written answer.
pub const COWS_LETTER: char = 'B';

/// An answer: bulls and cows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Answer {
    /// Symbols in the right place.
    pub bulls: u8,
    /// Symbols in the code but in another place.
    pub cows: u8,
}

impl Answer {
    /// The answer to `guess` when the secret is `code` (both `length` long).
    #[must_use]
    pub fn score(guess: Code, code: Code, length: u8) -> Self {
        let mut counts = [[0u8; 16]; 2];
        let mut bulls = 0;
        for i in 0..length {
            let (g, c) = (guess.digit(i), code.digit(i));
            bulls += u8::from(g == c);
            counts[0][usize::from(g)] += 1;
            counts[1][usize::from(c)] += 1;
        }
        let common: u8 = counts[0]
            .iter()
            .zip(&counts[1])
            .map(|(&g, &c)| g.min(c))
            .sum();
        Self {
            bulls,
            cows: common - bulls,
        }
    }

    /// The all-bulls answer that ends the game.
    #[must_use]
    pub fn win(length: u8) -> Self {
        Self {
            bulls: length,
            cows: 0,
        }
    }

    /// Whether this answer ends the game.
    #[must_use]
    pub fn is_win(self, length: u8) -> bool {
        self.bulls == length
    }

    /// Why no code and guess of `length` symbols can give this answer, if so.
    #[must_use]
    pub fn impossibility(self, length: u8) -> Option<String> {
        let total = u16::from(self.bulls) + u16::from(self.cows);
        if total > u16::from(length) {
            return Some(format!(
                "bulls and cows add up to at most {length}, the code's length"
            ));
        }
        if length > 0 && self.bulls == length - 1 && self.cows == 1 {
            return Some(format!(
                "with {} symbols in place the last one cannot be elsewhere",
                length - 1
            ));
        }
        None
    }

    /// A small index, `bulls × (length + 1) + cows`, below
    /// [`Answer::slots`]: answers as array indices.
    #[inline]
    #[must_use]
    pub fn index(self, length: u8) -> usize {
        usize::from(self.bulls) * (usize::from(length) + 1) + usize::from(self.cows)
    }

    /// The answer of an [`Answer::index`].
    #[must_use]
    pub fn from_index(index: usize, length: u8) -> Self {
        let width = usize::from(length) + 1;
        // Both parts are at most `length`, which fits a u8.
        Self {
            bulls: u8::try_from(index / width).unwrap_or(u8::MAX),
            cows: u8::try_from(index % width).unwrap_or(u8::MAX),
        }
    }

    /// Exclusive bound of [`Answer::index`].
    #[must_use]
    pub fn slots(length: u8) -> usize {
        (usize::from(length) + 1).pow(2)
    }

    /// Every answer codes of `length` can give, fewest bulls first.
    #[must_use]
    pub fn all_possible(length: u8) -> Vec<Self> {
        (0..=length)
            .flat_map(|bulls| (0..=length - bulls).map(move |cows| Self { bulls, cows }))
            .filter(|a| a.impossibility(length).is_none())
            .collect()
    }

    /// Reads `<bulls>A<cows>B` (letters in any case), if the text has that shape.
    #[must_use]
    pub fn read(text: &str) -> Option<Self> {
        let upper = text.to_ascii_uppercase();
        let (bulls, rest) = upper.split_once(BULLS_LETTER)?;
        let cows = rest.strip_suffix(COWS_LETTER)?;
        let number = |s: &str| {
            (!s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit()))
                .then(|| s.parse::<u8>().ok())
                .flatten()
        };
        Some(Self {
            bulls: number(bulls)?,
            cows: number(cows)?,
        })
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{BULLS_LETTER}{}{COWS_LETTER}", self.bulls, self.cows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn score(guess: &str, code: &str) -> String {
        let read = |s: &str| Code::from_digits(&s.bytes().map(|b| b - b'0').collect::<Vec<_>>());
        let length = u8::try_from(guess.len()).unwrap_or(0);
        Answer::score(read(guess), read(code), length).to_string()
    }

    #[test]
    fn bulls_and_cows_without_repeats() {
        assert_eq!(score("0123", "0123"), "4A0B");
        assert_eq!(score("0123", "3210"), "0A4B");
        assert_eq!(score("0123", "4567"), "0A0B");
        assert_eq!(score("0123", "0245"), "1A1B");
        assert_eq!(score("1234", "1243"), "2A2B");
        assert_eq!(score("5678", "8765"), "0A4B");
        assert_eq!(score("9051", "9015"), "2A2B");
    }

    #[test]
    fn pegs_with_repeats() {
        // Each symbol counts as often as it is in both.
        assert_eq!(score("1122", "1234"), "1A1B");
        assert_eq!(score("1122", "2211"), "0A4B");
        assert_eq!(score("1111", "1234"), "1A0B");
        assert_eq!(score("1234", "1111"), "1A0B");
        assert_eq!(score("0011", "1100"), "0A4B");
        assert_eq!(score("5553", "3555"), "2A2B");
        assert_eq!(score("1213", "3111"), "1A2B");
    }

    #[test]
    fn written_form() {
        let a = Answer { bulls: 1, cows: 2 };
        assert_eq!(a.to_string(), "1A2B");
        assert_eq!(Answer::read("1a2b"), Some(a));
        assert_eq!(Answer::read("1A2"), None);
        assert_eq!(Answer::read("A2B"), None);
        assert_eq!(Answer::read("1A+2B"), None);
        assert_eq!(Answer::from_index(a.index(4), 4), a);
        assert_eq!(Answer::all_possible(4).len(), 14);
        assert!(Answer { bulls: 3, cows: 1 }.impossibility(4).is_some());
        assert!(Answer { bulls: 2, cows: 3 }.impossibility(4).is_some());
        assert!(Answer { bulls: 0, cows: 4 }.impossibility(4).is_none());
    }
}
