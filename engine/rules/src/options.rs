//! Rule options: the `setoption` names that change a game's rules,
//! declared once in each game's typed rules struct ([`Rules::OPTIONS`]).
//!
//! Each declaration gives the option's name, its kind (a whole number in a
//! range, or a check box), and how to read and write it in the struct; the
//! default is the struct's [`Default`]. A value is checked alone against
//! its range ([`RuleOption::parse`]); the whole struct is checked at once
//! with [`Rules::validate`], so options may be set in any order.

use std::fmt::Debug;

use thiserror::Error;

/// What kind of value a rule option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleKind {
    /// A whole number from `min` to `max`.
    Spin {
        /// The smallest value accepted.
        min: i64,
        /// The largest value accepted.
        max: i64,
        /// What to say is accepted when a value is refused, when more than
        /// the range needs saying (Mastermind's symbols are digits).
        expected: Option<&'static str>,
    },
    /// `true` or `false` (stored as 1 or 0).
    Check,
}

/// One rule option of the rules struct `R`.
#[derive(Debug)]
pub struct RuleOption<R> {
    /// The name `uci` declares and `setoption` uses.
    pub name: &'static str,
    /// The kind of value.
    pub kind: RuleKind,
    /// The option's value in a rules struct (a check: 1 for true).
    pub get: fn(&R) -> i64,
    /// Sets the option's value, already checked by [`RuleOption::parse`].
    pub set: fn(&mut R, i64),
}

impl<R> RuleOption<R> {
    /// Whether `name` is this option's (any case, as UCI requires).
    #[must_use]
    pub fn is_named(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name.trim())
    }

    /// Reads a value of this option and checks it alone.
    ///
    /// # Errors
    /// [`RuleError::BadValue`] saying what would be accepted.
    pub fn parse(&self, value: &str) -> Result<i64, RuleError> {
        let value = value.trim();
        let parsed = match self.kind {
            RuleKind::Spin { min, max, .. } => value
                .parse::<i64>()
                .ok()
                .filter(|v| (min..=max).contains(v)),
            RuleKind::Check => {
                if value.eq_ignore_ascii_case("true") {
                    Some(1)
                } else if value.eq_ignore_ascii_case("false") {
                    Some(0)
                } else {
                    None
                }
            }
        };
        parsed.ok_or_else(|| RuleError::BadValue {
            name: self.name,
            value: value.to_owned(),
            expected: self.expected(),
        })
    }

    /// What a value must be, in words.
    #[must_use]
    pub fn expected(&self) -> String {
        match self.kind {
            RuleKind::Spin {
                expected: Some(expected),
                ..
            } => expected.to_owned(),
            RuleKind::Spin { min, max, .. } => format!("a whole number from {min} to {max}"),
            RuleKind::Check => "true or false".to_owned(),
        }
    }

    /// This option's value in `rules`, as `setoption` writes it.
    #[must_use]
    pub fn value_text(&self, rules: &R) -> String {
        let value = (self.get)(rules);
        match self.kind {
            RuleKind::Spin { .. } => value.to_string(),
            RuleKind::Check => (value != 0).to_string(),
        }
    }
}

/// A game's typed rules: the options that choose them, and whether a whole
/// set of them can be played.
pub trait Rules: Copy + Debug + Default + PartialEq + Eq + Send + Sync + 'static {
    /// Why a set of rules cannot be played.
    type Error: std::error::Error;

    /// The rule options, in the order `uci` lists them.
    const OPTIONS: &'static [RuleOption<Self>];

    /// Checks the rules as a whole.
    ///
    /// # Errors
    /// Why these rules make no playable game.
    fn validate(&self) -> Result<(), Self::Error>;
}

/// The rules of a game that has no options (tic-tac-toe, draughts).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NoRules;

impl Rules for NoRules {
    type Error = std::convert::Infallible;
    const OPTIONS: &'static [RuleOption<Self>] = &[];
    fn validate(&self) -> Result<(), Self::Error> {
        Ok(())
    }
}

/// A rule option declared for `uci`: what every game that has it accepts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleDecl {
    /// The option's name.
    pub name: &'static str,
    /// Its kind, with the widest range of the games that declare it.
    pub kind: RuleKind,
    /// The default of the first game that declares it (a check: 1 for true).
    pub default: i64,
}

/// Why a rule option, or a whole set of them, was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RuleError {
    /// No game has an option of this name.
    #[error("no rule option named '{0}'")]
    Unknown(String),
    /// The value is not one the option accepts.
    #[error("option '{name}' cannot be '{value}': expected {expected}")]
    BadValue {
        /// The option.
        name: &'static str,
        /// The value given.
        value: String,
        /// What would be accepted.
        expected: String,
    },
    /// The chosen game has no such rule.
    #[error("option '{name}' does not apply to {variant}; choose its game with UCI_Variant first")]
    NotForGame {
        /// The option.
        name: &'static str,
        /// The game chosen.
        variant: &'static str,
    },
    /// Each value is fine alone but the game they make cannot be played.
    #[error("option '{name}': {reason}")]
    Unplayable {
        /// The last option set.
        name: &'static str,
        /// Why the game cannot be played.
        reason: String,
    },
}

/// Sets the option `name` of `rules` to `value`, checking the value alone.
///
/// # Errors
/// [`RuleError::Unknown`] when `R` has no such option,
/// [`RuleError::BadValue`] for a value out of its range.
pub fn set_option<R: Rules>(
    rules: &mut R,
    name: &str,
    value: &str,
) -> Result<&'static str, RuleError> {
    let option = R::OPTIONS
        .iter()
        .find(|option| option.is_named(name))
        .ok_or_else(|| RuleError::Unknown(name.trim().to_owned()))?;
    let value = option.parse(value)?;
    (option.set)(rules, value);
    Ok(option.name)
}

/// The values of every option of `rules`, as `setoption` writes them.
#[must_use]
pub fn option_values<R: Rules>(rules: &R) -> Vec<(&'static str, String)> {
    R::OPTIONS
        .iter()
        .map(|option| (option.name, option.value_text(rules)))
        .collect()
}

/// Adds `R`'s options to `decls`: a name already there (an option shared
/// by games, such as `Pits`) keeps its first default and widens its range.
pub fn declare<R: Rules>(decls: &mut Vec<RuleDecl>) {
    let defaults = R::default();
    for option in R::OPTIONS {
        match decls.iter_mut().find(|decl| decl.name == option.name) {
            Some(decl) => {
                if let (
                    RuleKind::Spin { min, max, .. },
                    RuleKind::Spin {
                        min: new_min,
                        max: new_max,
                        ..
                    },
                ) = (&mut decl.kind, option.kind)
                {
                    *min = (*min).min(new_min);
                    *max = (*max).max(new_max);
                }
            }
            None => decls.push(RuleDecl {
                name: option.name,
                kind: option.kind,
                default: (option.get)(&defaults),
            }),
        }
    }
}

/// Checks `value` against `R`'s option `name`, if it has one: `None` when
/// it has not, else the option's name as declared, or why the value is bad.
#[must_use]
pub fn check_value<R: Rules>(name: &str, value: &str) -> Option<Result<&'static str, RuleError>> {
    let option = R::OPTIONS.iter().find(|option| option.is_named(name))?;
    Some(option.parse(value).map(|_| option.name))
}

/// A checked option value as a byte (the rules structs' counts); the
/// ranges the options declare all fit.
#[must_use]
pub fn byte(value: i64) -> u8 {
    u8::try_from(value).unwrap_or(u8::MAX)
}
