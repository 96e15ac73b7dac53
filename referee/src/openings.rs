//! Openings: the positions games start from, read from a file and checked
//! with the rules, or the start position when there is no file.
//!
//! `format=fen`: one position string a line. `format=moves`: one move list
//! from the start position a line (`3 6 2`). `#` starts a comment; blank
//! lines are skipped; a line the rules refuse is skipped with a warning
//! that names it.

use std::path::{Path, PathBuf};

use ply_protocol::StartingPosition;
use ply_rules::variant::AnyGame;
use thiserror::Error;

use crate::config::{OpeningFormat, OpeningOrder, OpeningsConfig};
use crate::match_rules::MatchRules;
use crate::rng::SplitMix64;

/// An openings file that gives no openings.
#[derive(Debug, Error)]
pub enum OpeningsError {
    /// It cannot be read.
    #[error("cannot read the openings file '{}': {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// No line of it is a usable opening.
    #[error("the openings file '{}' has no usable opening (format={format}); see the warnings above", path.display())]
    Empty {
        /// The file.
        path: PathBuf,
        /// The format it was read as.
        format: &'static str,
    },
}

/// A start for games: a position, and moves played from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// Its line in the file, 0 for the start position.
    pub line: usize,
    /// How the `position` command starts.
    pub start: StartingPosition,
    /// The position it starts from.
    pub start_position: AnyGame,
    /// The book moves from there.
    pub moves: Vec<String>,
    /// The position after them: where the engines take over.
    pub position: AnyGame,
}

impl Opening {
    /// The game's start position.
    #[must_use]
    pub fn start_position(rules: &MatchRules) -> Self {
        Self {
            line: 0,
            start: StartingPosition::StartPos,
            start_position: rules.start.clone(),
            moves: Vec::new(),
            position: rules.start.clone(),
        }
    }
}

/// The openings of a match in the order they are played.
///
/// # Errors
/// [`OpeningsError`] when the file cannot be read or has no usable line.
pub fn load(
    config: Option<&OpeningsConfig>,
    rules: &MatchRules,
    seed: u64,
) -> Result<Vec<Opening>, OpeningsError> {
    let Some(config) = config else {
        return Ok(vec![Opening::start_position(rules)]);
    };
    let text = std::fs::read_to_string(&config.file).map_err(|source| OpeningsError::Read {
        path: config.file.clone(),
        source,
    })?;
    let mut openings = parse(&text, config, rules, &config.file);
    if openings.is_empty() {
        return Err(OpeningsError::Empty {
            path: config.file.clone(),
            format: match config.format {
                OpeningFormat::Fen => "fen",
                OpeningFormat::Moves => "moves",
            },
        });
    }
    if config.order == OpeningOrder::Random {
        SplitMix64::new(seed).shuffle(&mut openings);
    }
    let start = (config.start - 1) % openings.len();
    openings.rotate_left(start);
    Ok(openings)
}

/// The usable openings of a file's text, in file order.
#[must_use]
pub fn parse(text: &str, config: &OpeningsConfig, rules: &MatchRules, path: &Path) -> Vec<Opening> {
    let mut openings = Vec::new();
    for (number, line) in ply_rules::openings::lines(text) {
        match parse_line(line, number, config, rules) {
            Ok(opening) => openings.push(opening),
            Err(reason) => log::warn!(
                "openings file '{}', line {number}: skipped '{line}': {reason}",
                path.display()
            ),
        }
    }
    openings
}

fn parse_line(
    line: &str,
    number: usize,
    config: &OpeningsConfig,
    rules: &MatchRules,
) -> Result<Opening, String> {
    let opening = match config.format {
        OpeningFormat::Fen => {
            let position =
                AnyGame::from_position_string(&rules.options, line).map_err(|e| e.to_string())?;
            Opening {
                line: number,
                start: StartingPosition::Fen(position.position_string()),
                start_position: position.clone(),
                moves: Vec::new(),
                position,
            }
        }
        OpeningFormat::Moves => {
            let mut moves: Vec<String> = line.split_whitespace().map(str::to_owned).collect();
            if let Some(plies) = config.plies {
                moves.truncate(plies);
            }
            let position = rules.start.with_moves(&moves).map_err(|e| e.to_string())?;
            Opening {
                line: number,
                start: StartingPosition::StartPos,
                start_position: rules.start.clone(),
                moves,
                position,
            }
        }
    };
    if opening.position.outcome().is_some() {
        return Err("the game is already over there".to_owned());
    }
    Ok(opening)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::EngineConfig;

    fn rules() -> MatchRules {
        let engine = EngineConfig {
            name: "x".to_owned(),
            cmd: "x".to_owned(),
            dir: None,
            args: Vec::new(),
            options: vec![("Seeds".to_owned(), "4".to_owned())],
            limits: crate::config::Limits::default(),
            time_margin: crate::config::DEFAULT_TIME_MARGIN,
            dialect: ply_protocol::Dialect::Uci,
        };
        MatchRules::from_engines(None, &[engine]).unwrap()
    }

    fn config(format: OpeningFormat) -> OpeningsConfig {
        OpeningsConfig {
            file: PathBuf::from("test.txt"),
            format,
            order: OpeningOrder::Sequential,
            plies: None,
            start: 1,
        }
    }

    #[test]
    fn fen_lines_are_checked_and_bad_ones_skipped() {
        let text = "# Kalah(6,4)\n\
                    4,4,4,4,4,4 0 4,4,4,4,4,4 0 s\n\
                    \n\
                    4,4,0,5,5,5 1 4,4,4,4,4,4 0 n  # after 3\n\
                    not a position\n\
                    0,0,0,0,0,0 24 4,4,4,4,4,4 24 s\n";
        let openings = parse(text, &config(OpeningFormat::Fen), &rules(), Path::new("t"));
        assert_eq!(openings.len(), 2);
        assert_eq!(openings[1].line, 4);
        assert_eq!(
            openings[1].start,
            StartingPosition::Fen("4,4,0,5,5,5 1 4,4,4,4,4,4 0 n".to_owned())
        );
    }

    #[test]
    fn move_lines_are_played_and_cut_to_plies() {
        let mut cfg = config(OpeningFormat::Moves);
        cfg.plies = Some(2);
        let text = "3 6 2\n1 9\n4\n";
        let openings = parse(text, &cfg, &rules(), Path::new("t"));
        assert_eq!(openings.len(), 2);
        assert_eq!(openings[0].moves, ["3", "6"]);
        assert_eq!(
            openings[0].position.side_to_move(),
            ply_rules::game::Player::Two
        );
        assert_eq!(openings[1].moves, ["4"]);
    }
}
