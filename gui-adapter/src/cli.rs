//! Command-line options the two front ends share: the game and its rules,
//! the engine binary, the engine's strength.

use std::path::PathBuf;

use clap::Args;
use ply_engine::options::EngineOptions;

use crate::engine::{EngineError, default_engine_path};
use crate::strength::{Strength, StrengthError};

/// The game and its rules.
#[derive(Args, Clone, Debug, Default)]
pub struct GameArgs {
    /// The game (the engine's UCI_Variant): kalah (default), oware, tictactoe, …
    #[arg(long, visible_alias = "game", value_name = "NAME")]
    pub variant: Option<String>,
    /// Kalah, Oware: pits (houses) a side, 1-12 (default 6).
    #[arg(long, value_name = "N")]
    pub pits: Option<u8>,
    /// Kalah, Oware: seeds in each pit at the start (Kalah: default 6, as
    /// seed 000, 4 is the usual tournament start; Oware: 4).
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
        let mut options = EngineOptions::default();
        for (name, value) in &pairs {
            options.set(name, Some(value)).map_err(|e| e.to_string())?;
        }
        Ok((options, pairs))
    }
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
        assert_eq!(pairs.len(), 2);
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
}
