//! The rules' options and the codes they allow.
//!
//! A code is `length` symbols, each a digit `0` to `symbols - 1`, with or
//! without repeated symbols. It is packed into a `u32`, four bits per
//! position, position 0 (the leftmost digit as written) in the lowest bits:
//! small, `Copy`, and cheap to compare position by position.

use thiserror::Error;

use crate::options::{RuleKind, RuleOption, Rules, byte};

/// Longest code: 6 digits (a million codes with ten symbols and repeats is
/// past [`MAX_CODES`] anyway).
pub const MAX_LENGTH: u8 = 6;
/// Most symbols: the ten digits `0`-`9`.
pub const MAX_SYMBOLS: u8 = 10;
/// Most codes a game may have: the breaker's moves are every code, and the
/// strategy scans them all.
pub const MAX_CODES: usize = 100_000;
/// Most rows a board may have (`MaxGuesses`).
pub const MAX_MAX_GUESSES: u8 = 50;
/// Bits per position in a packed [`Code`].
const BITS_PER_SYMBOL: u32 = 4;
/// One position's bits.
const SYMBOL_MASK: u32 = 0xF;

/// The options that make one Mastermind game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MastermindRules {
    /// Symbols in a code (`Length`).
    pub length: u8,
    /// Symbols to choose from, the digits `0` to `symbols - 1` (`Symbols`).
    pub symbols: u8,
    /// Whether a code may repeat a symbol (`Repeats`).
    pub repeats: bool,
    /// Guesses the breaker has, the rows of the board (`MaxGuesses`).
    pub max_guesses: u8,
}

impl Default for MastermindRules {
    /// The bulls and cows of the Prolog bulls-and-cows program: 4
    /// different digits out of 10, 5,040 codes, on a board of 10 rows.
    fn default() -> Self {
        Self {
            length: 4,
            symbols: 10,
            repeats: false,
            max_guesses: 10,
        }
    }
}

/// Why options do not make a playable game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RulesError {
    /// `Length` outside 1..=MAX_LENGTH.
    #[error("a code has 1 to {MAX_LENGTH} symbols, not {0}")]
    Length(u8),
    /// `Symbols` outside 1..=MAX_SYMBOLS.
    #[error("there are 1 to {MAX_SYMBOLS} symbols (the digits 0-9), not {0}")]
    Symbols(u8),
    /// Without repeats a code needs `length` different symbols.
    #[error(
        "codes of {length} different symbols need at least {length} symbols, not {symbols}; \
         raise Symbols or set Repeats true"
    )]
    TooFewSymbols {
        /// Symbols in a code.
        length: u8,
        /// Symbols to choose from.
        symbols: u8,
    },
    /// More codes than the engine handles.
    #[error(
        "{length} symbols out of {symbols} make {count} codes; at most {MAX_CODES} are allowed"
    )]
    TooManyCodes {
        /// Symbols in a code.
        length: u8,
        /// Symbols to choose from.
        symbols: u8,
        /// How many codes that makes.
        count: u64,
    },
    /// `MaxGuesses` outside 1..=MAX_MAX_GUESSES.
    #[error("the breaker has 1 to {MAX_MAX_GUESSES} guesses, not {0}")]
    MaxGuesses(u8),
}

impl MastermindRules {
    /// Classic Mastermind: 4 pegs of 6 colours, repeats allowed (1,296 codes).
    pub const CLASSIC: Self = Self {
        length: 4,
        symbols: 6,
        repeats: true,
        max_guesses: 10,
    };

    /// Checks the options make a game the engine can play.
    ///
    /// # Errors
    /// [`RulesError`] naming the option that is out of range.
    pub fn validate(&self) -> Result<(), RulesError> {
        if !(1..=MAX_LENGTH).contains(&self.length) {
            return Err(RulesError::Length(self.length));
        }
        if !(1..=MAX_SYMBOLS).contains(&self.symbols) {
            return Err(RulesError::Symbols(self.symbols));
        }
        if !self.repeats && self.symbols < self.length {
            return Err(RulesError::TooFewSymbols {
                length: self.length,
                symbols: self.symbols,
            });
        }
        let count = self.code_count_u64();
        if count > MAX_CODES as u64 {
            return Err(RulesError::TooManyCodes {
                length: self.length,
                symbols: self.symbols,
                count,
            });
        }
        if !(1..=MAX_MAX_GUESSES).contains(&self.max_guesses) {
            return Err(RulesError::MaxGuesses(self.max_guesses));
        }
        Ok(())
    }

    fn code_count_u64(&self) -> u64 {
        let (length, symbols) = (u64::from(self.length), u64::from(self.symbols));
        if self.repeats {
            symbols.pow(u32::from(self.length))
        } else {
            (0..length).map(|i| symbols.saturating_sub(i)).product()
        }
    }

    /// How many codes the rules allow (5,040 for the default, 1,296 classic).
    #[must_use]
    pub fn code_count(&self) -> usize {
        usize::try_from(self.code_count_u64()).unwrap_or(usize::MAX)
    }

    /// Every code, in the order of their text (`0123`, `0124`, …).
    #[must_use]
    pub fn all_codes(&self) -> Vec<Code> {
        let length = usize::from(self.length);
        let mut codes = Vec::with_capacity(self.code_count());
        let mut digits = vec![0u8; length];
        loop {
            let code = Code::from_digits(&digits);
            if self.repeats || code.has_distinct_symbols(self.length) {
                codes.push(code);
            }
            // Count up in base `symbols`, the last digit fastest.
            let mut i = length;
            loop {
                if i == 0 {
                    return codes;
                }
                i -= 1;
                digits[i] += 1;
                if digits[i] < self.symbols {
                    break;
                }
                digits[i] = 0;
            }
        }
    }

    /// Why `code` is not a code of these rules, if it is not.
    #[must_use]
    pub fn code_problem(&self, code: Code) -> Option<String> {
        if let Some(symbol) = code.digits(self.length).find(|&d| d >= self.symbols) {
            return Some(format!(
                "symbol {symbol} is not in play: the symbols are 0-{} (Symbols {}; at most 10, the digits 0-9)",
                self.symbols - 1,
                self.symbols
            ));
        }
        if !self.repeats && !code.has_distinct_symbols(self.length) {
            return Some("a code repeats no symbol (Repeats is false)".to_owned());
        }
        None
    }
}

/// A code: a guess or the secret. See the module docs for the packing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Code(pub u32);

impl Code {
    /// The code of these digits, leftmost first.
    #[must_use]
    pub fn from_digits(digits: &[u8]) -> Self {
        Self(digits.iter().enumerate().fold(0, |packed, (i, &d)| {
            packed | u32::from(d) << (BITS_PER_SYMBOL * i as u32)
        }))
    }

    /// The symbol at `position` (0 = leftmost).
    #[inline]
    #[must_use]
    pub fn digit(self, position: u8) -> u8 {
        // Four bits always fit.
        ((self.0 >> (BITS_PER_SYMBOL * u32::from(position))) & SYMBOL_MASK) as u8
    }

    /// The first `length` symbols, leftmost first.
    pub fn digits(self, length: u8) -> impl Iterator<Item = u8> {
        (0..length).map(move |i| self.digit(i))
    }

    /// The symbols present, as bits (bit `s` for symbol `s`).
    #[inline]
    #[must_use]
    pub fn symbol_set(self, length: u8) -> u16 {
        self.digits(length).fold(0, |set, d| set | 1 << d)
    }

    /// Whether no symbol appears twice in the first `length` positions.
    #[must_use]
    pub fn has_distinct_symbols(self, length: u8) -> bool {
        self.symbol_set(length).count_ones() == u32::from(length)
    }

    /// The code as written: its digits, leftmost first (`0123`).
    #[must_use]
    pub fn text(self, length: u8) -> String {
        self.digits(length).map(|d| char::from(b'0' + d)).collect()
    }
}

impl Rules for MastermindRules {
    type Error = RulesError;

    const OPTIONS: &'static [RuleOption<Self>] = &[
        RuleOption {
            name: "Length",
            kind: RuleKind::Spin {
                min: 1,
                max: MAX_LENGTH as i64,
                expected: None,
            },
            get: |r| i64::from(r.length),
            set: |r, v| r.length = byte(v),
        },
        RuleOption {
            name: "Symbols",
            kind: RuleKind::Spin {
                min: 1,
                max: MAX_SYMBOLS as i64,
                expected: Some(SYMBOLS_EXPECTED),
            },
            get: |r| i64::from(r.symbols),
            set: |r, v| r.symbols = byte(v),
        },
        RuleOption {
            name: "Repeats",
            kind: RuleKind::Check,
            get: |r| i64::from(r.repeats),
            set: |r, v| r.repeats = v != 0,
        },
        RuleOption {
            name: "MaxGuesses",
            kind: RuleKind::Spin {
                min: 1,
                max: MAX_MAX_GUESSES as i64,
                expected: None,
            },
            get: |r| i64::from(r.max_guesses),
            set: |r, v| r.max_guesses = byte(v),
        },
    ];

    fn validate(&self) -> Result<(), RulesError> {
        MastermindRules::validate(self)
    }
}

/// What `Symbols` accepts, in words: the symbols are digits.
const SYMBOLS_EXPECTED: &str = "a whole number from 1 to 10: the symbols are the digits 0-9";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_counts() {
        assert_eq!(MastermindRules::default().code_count(), 5040);
        assert_eq!(MastermindRules::default().all_codes().len(), 5040);
        assert_eq!(MastermindRules::CLASSIC.all_codes().len(), 1296);
        let codes = MastermindRules::default().all_codes();
        assert_eq!(codes[0].text(4), "0123");
        assert_eq!(codes[1].text(4), "0124");
        assert_eq!(codes[5039].text(4), "9876");
        assert_eq!(MastermindRules::CLASSIC.all_codes()[1295].text(4), "5555");
    }

    #[test]
    fn bad_rules_say_why() {
        let rules = |length, symbols, repeats| MastermindRules {
            length,
            symbols,
            repeats,
            max_guesses: 10,
        };
        assert_eq!(rules(0, 10, false).validate(), Err(RulesError::Length(0)));
        assert_eq!(rules(4, 11, false).validate(), Err(RulesError::Symbols(11)));
        assert!(matches!(
            rules(5, 4, false).validate(),
            Err(RulesError::TooFewSymbols { .. })
        ));
        assert_eq!(
            rules(6, 10, true).validate().map_err(|e| e.to_string()),
            Err("6 symbols out of 10 make 1000000 codes; at most 100000 are allowed".to_owned())
        );
        assert!(rules(5, 10, true).validate().is_ok());
        assert!(rules(1, 1, false).validate().is_ok());
    }

    #[test]
    fn codes_know_their_digits() {
        let code = Code::from_digits(&[3, 0, 9, 1]);
        assert_eq!(code.text(4), "3091");
        assert_eq!(code.digit(2), 9);
        assert_eq!(code.symbol_set(4), 0b10_0000_1011);
        assert!(code.has_distinct_symbols(4));
        assert!(!Code::from_digits(&[1, 1, 2, 3]).has_distinct_symbols(4));
        let rules = MastermindRules::CLASSIC;
        assert!(rules.code_problem(code).is_some_and(|p| p.contains("0-5")));
        assert_eq!(rules.code_problem(Code::from_digits(&[1, 1, 2, 3])), None);
        assert_eq!(
            MastermindRules::default().code_problem(Code::from_digits(&[1, 1, 2, 3])),
            Some("a code repeats no symbol (Repeats is false)".to_owned())
        );
    }
}
