//! Command-line options the two front ends share: the game and its rules,
//! the engine binary, the engine's strength.

use std::path::PathBuf;

use clap::Args;
use ply_engine::options::EngineOptions;
use ply_engine::variant::Variant;

use crate::engine::{EngineError, default_engine_path};
use crate::games;
use crate::strength::{Strength, StrengthError};

/// Kalah's seeds a pit when none are given: Kalah(6,4), the usual
/// tournament start, which the docs show. (The engine's own default is
/// seed 000's 6, kept for the protocol; a person starting `ply-play` with
/// no flags gets the game most people know.)
pub const KALAH_START_SEEDS: u8 = 4;

/// The game and its rules.
#[derive(Args, Clone, Debug, Default)]
pub struct GameArgs {
    /// The game (the engine's UCI_Variant): kalah (default), oware, tictactoe, russian, mastermind
    #[arg(long, visible_alias = "game", value_name = "NAME")]
    pub variant: Option<String>,
    /// Kalah, Oware: pits (houses) a side, 1-12 (default 6).
    #[arg(long, value_name = "N")]
    pub pits: Option<u8>,
    /// Kalah, Oware: seeds in each pit at the start (default 4).
    #[arg(long, value_name = "N")]
    pub seeds: Option<u8>,
    /// Kalah: a last seed in an own empty pit captures even opposite an
    /// empty pit.
    #[arg(long)]
    pub empty_capture: bool,
    /// Any other engine option, as `uci` lists it (repeatable), e.g.
    /// `--option Hash=64`.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
}

impl GameArgs {
    /// The options as the engine library reads them, and the `setoption`
    /// pairs that give the engine the same ones, in order.
    ///
    /// # Errors
    /// A message naming the option and what it accepts.
    pub fn engine_options(&self) -> Result<(EngineOptions, Vec<(String, String)>), String> {
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
        let given_seeds = pairs
            .iter()
            .any(|(name, _)| name.eq_ignore_ascii_case("Seeds"));
        if !given_seeds && variant_of(&pairs) == Variant::Kalah {
            pairs.push(("Seeds".to_owned(), KALAH_START_SEEDS.to_string()));
        }
        let pairs = in_rule_order(pairs);
        let mut options = EngineOptions::default();
        for (name, value) in &pairs {
            options.set(name, Some(value)).map_err(|e| e.to_string())?;
        }
        Ok((options, pairs))
    }
}

/// `pairs` with the game's rule options moved to the end, in the game's
/// option order ([`games::rule_steps`]): the engine library checks the
/// whole rule set after each option, so `--option Length=6 --option
/// Repeats=true` in the order typed would be refused for a moment's
/// 151,200 codes. The other options keep their order.
fn in_rule_order(pairs: Vec<(String, String)>) -> Vec<(String, String)> {
    let variant = variant_of(&pairs);
    let mut variant_options = EngineOptions::default();
    // Choosing a game the engine has cannot fail.
    let _ = variant_options.set("UCI_Variant", Some(variant.name()));
    let ui = games::ui(variant);
    let is_rule = |name: &str| ui.option_names.iter().any(|n| n.eq_ignore_ascii_case(name));
    if !pairs.iter().any(|(name, _)| is_rule(name)) {
        return pairs;
    }
    // Every rule option, the given value or the game's default, so that
    // each step's option gets its wanted value after a stepping stone.
    let defaults = (ui.option_values)(&variant_options);
    let (rules, mut others): (Vec<_>, Vec<_>) =
        pairs.into_iter().partition(|(name, _)| is_rule(name));
    let values = defaults
        .iter()
        .map(|(name, value)| (*name, value.as_str()))
        .chain(
            rules
                .iter()
                .map(|(name, value)| (name.as_str(), value.as_str())),
        );
    others.extend(games::rule_steps(variant, values));
    others
}

/// The game `pairs` choose (the last `UCI_Variant` the engine takes), or
/// the engine's default game.
fn variant_of(pairs: &[(String, String)]) -> Variant {
    let mut options = EngineOptions::default();
    for (name, value) in pairs {
        if name.eq_ignore_ascii_case("UCI_Variant") {
            // A bad name is reported when the pairs are applied.
            let _ = options.set(name, Some(value));
        }
    }
    options.variant
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
        assert_eq!(options.kalah.seeds, 4);
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

    /// Mastermind's rules checked one option at a time in the order typed
    /// refused `Length=6` before `Repeats=true` made it 46,656 codes.
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
        assert_eq!(options.mastermind.length, 6);
        assert_eq!(options.mastermind.symbols, 6);
        assert!(options.mastermind.repeats);
        // The engine, given the same pairs, accepts each in turn.
        let mut engine = EngineOptions::default();
        for (name, value) in &pairs {
            engine.set(name, Some(value)).unwrap();
        }
        assert_eq!(engine.mastermind, options.mastermind);
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
        assert_eq!((options.kalah.pits, options.kalah.seeds), (2, 60));
    }
}
