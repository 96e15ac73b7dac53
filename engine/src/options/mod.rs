//! The engine's options: what `uci` declares and `setoption` changes.
//!
//! Each option is declared once: `UCI_Variant` is the game registry's list
//! of games, the rule options (`Pits`, `Seeds`, `EmptyCapture`, `Length`,
//! …) are declared by each game's typed rules struct in the rules crate,
//! and the engine's own settings (`Hash`, `Threads`, …) are one table
//! ([`settings::SETTINGS`]) with each entry's kind, range, default and
//! change handler.
//!
//! Names are matched case-insensitively, as UCI requires. A name no game
//! and no setting has, or a value no declaring game accepts, is refused at
//! once with an error that says what would be accepted, and changes
//! nothing. Rule options may come in any order: they are kept and applied
//! as a whole to the chosen game when the position is next needed
//! ([`GameChoice`]).

pub mod game;
pub mod settings;

use ply_protocol::{OptionDecl, OptionKind};
use ply_rules::options::{RuleError, RuleKind};
use ply_rules::variant::{Variant, is_rule_option, rule_declarations};
use thiserror::Error;

pub use game::{Applied, GameChoice};
pub use settings::{
    DEFAULT_HASH_MB, DEFAULT_MOVE_OVERHEAD_MS, FileChoice, MAX_HASH_MB, MAX_MOVE_OVERHEAD_MS,
    MAX_THREADS, OptionEffect, SETTINGS, Setting, SettingValue, Settings,
};

/// The option that chooses the game.
pub const VARIANT: &str = "UCI_Variant";

/// Why a `setoption` was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionError {
    /// No option has this name.
    #[error("no option named '{0}' (send 'uci' to list them)")]
    Unknown(String),
    /// The option needs a value and none was given.
    #[error("option '{0}' needs a value: setoption name {0} value <value>")]
    MissingValue(String),
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
    /// A rule option refused (see [`RuleError`]).
    #[error(transparent)]
    Rule(RuleError),
}

impl From<RuleError> for OptionError {
    fn from(e: RuleError) -> Self {
        match e {
            RuleError::Unknown(name) => Self::Unknown(name),
            other => Self::Rule(other),
        }
    }
}

/// Every option: the game's, then the engine's settings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineOptions {
    /// The game, its rules and the rule options not yet applied.
    pub game: GameChoice,
    /// The engine's settings.
    pub settings: Settings,
}

impl std::ops::Deref for EngineOptions {
    type Target = Settings;
    fn deref(&self) -> &Settings {
        &self.settings
    }
}

impl EngineOptions {
    /// The `option` lines sent in answer to `uci`/`ugi`, with the defaults:
    /// `UCI_Variant`, the games' rule options, the engine's settings.
    #[must_use]
    pub fn declarations() -> Vec<OptionDecl> {
        let variant = OptionDecl {
            name: VARIANT.to_owned(),
            kind: OptionKind::Combo {
                default: GameChoice::default().variant().name().to_owned(),
                vars: Variant::names().into_iter().map(str::to_owned).collect(),
            },
        };
        let rules = rule_declarations().into_iter().map(|decl| OptionDecl {
            name: decl.name.to_owned(),
            kind: match decl.kind {
                RuleKind::Spin { min, max, .. } => OptionKind::Spin {
                    default: decl.default,
                    min,
                    max,
                },
                RuleKind::Check => OptionKind::Check {
                    default: decl.default != 0,
                },
            },
        });
        std::iter::once(variant)
            .chain(rules)
            .chain(Self::setting_declarations())
            .collect()
    }

    /// The engine's settings alone, which every game has (`Hash`,
    /// `Threads`, …), as declared in [`Self::declarations`]: what a
    /// protocol of one game (Hub) offers besides its game's rules.
    #[must_use]
    pub fn setting_declarations() -> Vec<OptionDecl> {
        SETTINGS
            .iter()
            .map(|setting| OptionDecl {
                name: setting.name.to_owned(),
                kind: (setting.kind)(),
            })
            .collect()
    }

    /// Applies `setoption name <name> value <value>`; on error nothing changes.
    ///
    /// # Errors
    /// See [`OptionError`].
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<OptionEffect, OptionError> {
        let name = name.trim();
        if let Some(setting) = SETTINGS.iter().find(|s| s.name.eq_ignore_ascii_case(name)) {
            let value = setting_value(setting, value)?;
            return Ok((setting.on_change)(&mut self.settings, value));
        }
        let is_variant = name.eq_ignore_ascii_case(VARIANT);
        if !is_variant && !is_rule_option(name) {
            return Err(OptionError::Unknown(name.to_owned()));
        }
        let declared = if is_variant {
            VARIANT
        } else {
            rule_declarations()
                .into_iter()
                .find(|decl| decl.name.eq_ignore_ascii_case(name))
                .map_or(name, |decl| decl.name)
        };
        let value = value
            .map(str::trim)
            .ok_or_else(|| OptionError::MissingValue(declared.to_owned()))?;
        if is_variant {
            let variant = Variant::from_name(value).ok_or_else(|| OptionError::BadValue {
                name: VARIANT,
                value: value.to_owned(),
                expected: format!("one of {}", Variant::names().join(", ")),
            })?;
            self.game.choose(variant);
        } else {
            self.game.set_rule(name, value)?;
        }
        Ok(OptionEffect::NewRules)
    }
}

/// A setting's value from `setoption`, checked against its kind.
fn setting_value(setting: &Setting, value: Option<&str>) -> Result<SettingValue, OptionError> {
    let kind = (setting.kind)();
    if kind == OptionKind::Button {
        return Ok(SettingValue::Press);
    }
    let value = value
        .map(str::trim)
        .ok_or_else(|| OptionError::MissingValue(setting.name.to_owned()))?;
    let bad = |expected: String| OptionError::BadValue {
        name: setting.name,
        value: value.to_owned(),
        expected,
    };
    match kind {
        OptionKind::Spin { min, max, .. } => value
            .parse::<i64>()
            .ok()
            .filter(|v| (min..=max).contains(v))
            .map(SettingValue::Number)
            .ok_or_else(|| bad(format!("a whole number from {min} to {max}"))),
        OptionKind::Check { .. } => {
            if value.eq_ignore_ascii_case("true") {
                Ok(SettingValue::Flag(true))
            } else if value.eq_ignore_ascii_case("false") {
                Ok(SettingValue::Flag(false))
            } else {
                Err(bad("true or false".to_owned()))
            }
        }
        // UCI writes the empty string `<empty>`.
        OptionKind::String { .. } | OptionKind::Combo { .. } | OptionKind::Button => {
            Ok(SettingValue::Text(if value == "<empty>" {
                String::new()
            } else {
                value.to_owned()
            }))
        }
    }
}

#[cfg(test)]
mod tests;
