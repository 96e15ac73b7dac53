//! Command-line options the two front ends share: the game and its rules,
//! the engine binary, the engine's strength.

use std::path::PathBuf;

use clap::Args;
use ply_rules::variant::{AnyRules, Variant, is_rule_option};

use crate::engine::{EngineError, default_engine_path};
use crate::games;
use crate::strength::{Strength, StrengthError};

/// The game and its rules.
#[derive(Args, Clone, Debug, Default)]
pub struct GameArgs {
    #[arg(long, visible_alias = "game", value_name = "NAME", help = variant_help())]
    pub variant: Option<String>,
    /// Short for `--option Pits=N` (Kalah, Oware: pits or houses a side,
    /// 1-12, default 6).
    #[arg(long, value_name = "N")]
    pub pits: Option<u8>,
    /// Short for `--option Seeds=N` (Kalah, Oware: seeds a pit at the
    /// start, default 4).
    #[arg(long, value_name = "N")]
    pub seeds: Option<u8>,
    /// Short for `--option EmptyCapture=true` (Kalah).
    #[arg(long)]
    pub empty_capture: bool,
    /// A rule option of the game (`Pits`, `Seeds`, `Length`, … as `uci`
    /// lists them) or any other engine option (repeatable), e.g.
    /// `--option Seeds=6` or `--option Hash=64`.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
}

impl GameArgs {
    /// The game and its rules, and the `setoption` pairs that give the
    /// engine the same ones, in order.
    ///
    /// # Errors
    /// A message naming the option and what it accepts.
    pub fn engine_options(&self) -> Result<(AnyRules, Vec<(String, String)>), String> {
        let mut pairs: Vec<(String, String)> = Vec::new();
        if let Some(variant) = &self.variant {
            pairs.push(("UCI_Variant".to_owned(), variant.clone()));
        }
        if let Some(pits) = self.pits {
            pairs.push(("Pits".to_owned(), pits.to_string()));
        }
        if let Some(seeds) = self.seeds {
            pairs.push(("Seeds".to_owned(), seeds.to_string()));
        }
        if self.empty_capture {
            pairs.push(("EmptyCapture".to_owned(), "true".to_owned()));
        }
        for option in &self.options {
            let (name, value) = option
                .split_once('=')
                .ok_or_else(|| format!("--option {option}: write it as NAME=VALUE"))?;
            pairs.push((name.trim().to_owned(), value.trim().to_owned()));
        }
        let variant = variant_of(&pairs)?;
        // The rules a person gets without asking (Kalah(6,4)), unless given.
        for &(name, value) in games::ui(variant).start_options {
            if !pairs
                .iter()
                .any(|(given, _)| given.eq_ignore_ascii_case(name))
            {
                pairs.push((name.to_owned(), value.to_owned()));
            }
        }
        let pairs = rule_options_last(pairs);
        let rule_pairs: Vec<(&str, &str)> = pairs
            .iter()
            .filter(|(name, _)| is_rule_option(name))
            .map(|(name, value)| (name.as_str(), value.as_str()))
            .collect();
        // Checked as a whole, as the engine checks them at a game start.
        let rules = AnyRules::build(variant, &rule_pairs).map_err(|e| e.to_string())?;
        Ok((rules, pairs))
    }
}

/// `--variant`'s help: the registry's games, the first the default.
fn variant_help() -> String {
    let names: Vec<String> = Variant::ALL
        .iter()
        .enumerate()
        .map(|(i, variant)| match i {
            0 => format!("{} (default)", variant.name()),
            _ => variant.name().to_owned(),
        })
        .collect();
    format!("The game (the engine's UCI_Variant): {}", names.join(", "))
}

/// The option that chooses the game.
const VARIANT_OPTION: &str = "UCI_Variant";

/// `pairs` with the game's rule options moved to the end, the others
/// (`UCI_Variant`, `Hash`, …) first in their order: the engine applies the
/// rule options as a whole, in any order, so they go last only to keep the
/// settings that shape the engine ahead of the game.
fn rule_options_last(pairs: Vec<(String, String)>) -> Vec<(String, String)> {
    let (rules, mut others): (Vec<_>, Vec<_>) = pairs
        .into_iter()
        .partition(|(name, _)| is_rule_option(name));
    others.extend(rules);
    others
}

/// The game `pairs` choose (the last `UCI_Variant`, as the engine takes
/// it), or the registry's first game.
///
/// # Errors
/// A `UCI_Variant` that names no game, saying which names would do.
fn variant_of(pairs: &[(String, String)]) -> Result<Variant, String> {
    let mut variant = Variant::ALL[0];
    for (name, value) in pairs {
        if name.eq_ignore_ascii_case(VARIANT_OPTION) {
            variant = Variant::from_name(value).ok_or_else(|| {
                format!(
                    "option '{VARIANT_OPTION}' cannot be '{value}': expected one of {}",
                    Variant::names().join(", ")
                )
            })?;
        }
    }
    Ok(variant)
}

/// The engine's strength.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct StrengthArgs {
    /// Search this many plies (single moves) a move.
    #[arg(long, value_name = "N", conflicts_with = "movetime")]
    pub depth: Option<u32>,
    /// Think this long a move, in milliseconds (default 1000).
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,
}

impl StrengthArgs {
    /// The strength asked for.
    ///
    /// # Errors
    /// When it is out of range.
    pub fn strength(self) -> Result<Strength, StrengthError> {
        match (self.depth, self.movetime) {
            (Some(depth), _) => Strength::Depth(depth).checked(),
            (None, Some(ms)) => Strength::Movetime(ms).checked(),
            (None, None) => Ok(Strength::default()),
        }
    }
}

/// The engine binary: `--engine PATH`, or the default.
///
/// # Errors
/// [`EngineError::NotFound`] when no path was given and none is found.
pub fn engine_path(given: Option<PathBuf>) -> Result<PathBuf, EngineError> {
    match given {
        Some(path) => Ok(path),
        None => default_engine_path(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_checked_with_the_engines_rules() {
        let args = GameArgs {
            seeds: Some(4),
            options: vec!["Hash=8".to_owned()],
            ..GameArgs::default()
        };
        let (options, pairs) = args.engine_options().unwrap();
        assert_eq!(rule(&options, "Seeds"), "4");
        assert_eq!(pairs.first().map(|(name, _)| name.as_str()), Some("Hash"));
        assert!(pairs.contains(&("Seeds".to_owned(), "4".to_owned())));
        let bad = GameArgs {
            seeds: Some(100),
            ..GameArgs::default()
        };
        let err = bad.engine_options().unwrap_err();
        assert!(err.contains("Seeds"), "{err}");
        let malformed = GameArgs {
            options: vec!["Hash".to_owned()],
            ..GameArgs::default()
        };
        assert!(malformed.engine_options().is_err());
    }

    /// The value of the rule option `name` in `rules`.
    fn rule(rules: &AnyRules, name: &str) -> String {
        rules
            .values()
            .into_iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v)
            .unwrap_or_default()
    }

    /// Mastermind's rules checked one option at a time in the order typed
    /// refused `Length=6` before `Repeats=true` made it 46,656 codes; they
    /// are checked as a whole.
    #[test]
    fn rule_options_are_set_in_an_order_the_rules_allow() {
        let args = GameArgs {
            variant: Some("mastermind".to_owned()),
            options: vec![
                "Length=6".to_owned(),
                "Hash=8".to_owned(),
                "symbols=6".to_owned(),
                "Repeats=true".to_owned(),
            ],
            ..GameArgs::default()
        };
        let (options, pairs) = args.engine_options().unwrap();
        assert_eq!(rule(&options, "Length"), "6");
        assert_eq!(rule(&options, "Symbols"), "6");
        assert_eq!(rule(&options, "Repeats"), "true");
        // The same pairs, as the engine applies them (a whole, any order),
        // make the same rules.
        let rule_pairs: Vec<(&str, &str)> = pairs
            .iter()
            .filter(|(name, _)| is_rule_option(name))
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        assert_eq!(
            AnyRules::build(Variant::Mastermind, &rule_pairs).unwrap(),
            options
        );
        // Rules that cannot be played are still refused.
        let too_many = GameArgs {
            variant: Some("mastermind".to_owned()),
            options: vec!["Length=6".to_owned()],
            ..GameArgs::default()
        };
        let err = too_many.engine_options().unwrap_err();
        assert!(err.contains("151200") || err.contains("151,200"), "{err}");
        // Kalah: two pits of 60 seeds fit, and so does the way there.
        let kalah = GameArgs {
            pits: Some(2),
            seeds: Some(60),
            ..GameArgs::default()
        };
        let (options, _) = kalah.engine_options().unwrap();
        assert_eq!(
            (rule(&options, "Pits"), rule(&options, "Seeds")),
            ("2".to_owned(), "60".to_owned())
        );
    }
}
