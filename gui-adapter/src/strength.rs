//! How hard the engine thinks: a fixed depth or a fixed time per move.

use std::fmt;

use ply_protocol::GoParams;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The deepest search a front end asks for.
pub const MAX_DEPTH: u32 = 64;

/// The shortest and longest time per move a front end asks for, in ms.
pub const MOVETIME_RANGE: (u64, u64) = (10, 600_000);

/// The engine's strength: what follows `go` for each of its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Strength {
    /// `go depth N`: N plies (single moves).
    Depth(u32),
    /// `go movetime MS`.
    Movetime(u64),
    /// Perfect play where the game has an exact database and the engine
    /// has it loaded: `go movetime` [`PERFECT_MOVETIME`], which the engine
    /// answers as soon as it has proven a best move (docs/endgame-db.md,
    /// "Perfect play"). Without a database the front end plays at the
    /// default strength instead, and says so.
    Perfect,
}

/// The time a "perfect" move may take: the engine proves first with up to
/// half of it and answers at once when proven (a fraction of a second on
/// Kalah(6,4) with the 24-seed database, 3.5 s at the start), else searches
/// with the time left.
pub const PERFECT_MOVETIME: u64 = 30_000;

/// A strength out of range.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum StrengthError {
    /// Depth outside `1..=MAX_DEPTH`.
    #[error("depth must be from 1 to {MAX_DEPTH}, not {0}")]
    Depth(u32),
    /// Move time outside [`MOVETIME_RANGE`].
    #[error("movetime must be from {min} to {max} ms, not {0}", min = MOVETIME_RANGE.0, max = MOVETIME_RANGE.1)]
    Movetime(u64),
}

impl Default for Strength {
    /// One second a move.
    fn default() -> Self {
        Self::Movetime(1000)
    }
}

impl Strength {
    /// This strength if it is in range.
    ///
    /// # Errors
    /// [`StrengthError`] naming the allowed range.
    pub fn checked(self) -> Result<Self, StrengthError> {
        match self {
            Self::Depth(d) if (1..=MAX_DEPTH).contains(&d) => Ok(self),
            Self::Depth(d) => Err(StrengthError::Depth(d)),
            Self::Movetime(ms) if (MOVETIME_RANGE.0..=MOVETIME_RANGE.1).contains(&ms) => Ok(self),
            Self::Movetime(ms) => Err(StrengthError::Movetime(ms)),
            Self::Perfect => Ok(self),
        }
    }

    /// The `go` parameters.
    #[must_use]
    pub fn go_params(self) -> GoParams {
        match self {
            Self::Depth(depth) => GoParams {
                depth: Some(depth),
                ..GoParams::default()
            },
            Self::Movetime(ms) => GoParams {
                movetime: Some(ms),
                ..GoParams::default()
            },
            Self::Perfect => GoParams {
                movetime: Some(PERFECT_MOVETIME),
                ..GoParams::default()
            },
        }
    }
}

impl fmt::Display for Strength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Depth(d) => write!(f, "depth {d}"),
            Self::Movetime(ms) => write!(f, "{ms} ms a move"),
            Self::Perfect => write!(f, "perfect (proven moves)"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_checked() {
        assert!(Strength::Depth(0).checked().is_err());
        assert!(Strength::Depth(65).checked().is_err());
        assert!(Strength::Movetime(5).checked().is_err());
        assert_eq!(Strength::Depth(3).checked(), Ok(Strength::Depth(3)));
        assert_eq!(
            Strength::Depth(3).go_params().to_string_via_command(),
            "go depth 3"
        );
    }

    trait ViaCommand {
        fn to_string_via_command(self) -> String;
    }
    impl ViaCommand for GoParams {
        fn to_string_via_command(self) -> String {
            ply_protocol::Command::Go(self).to_string()
        }
    }

    #[test]
    fn json_form_is_small() {
        let s: Strength = serde_json::from_str(r#"{"depth":4}"#).unwrap();
        assert_eq!(s, Strength::Depth(4));
        let s: Strength = serde_json::from_str(r#"{"movetime":250}"#).unwrap();
        assert_eq!(s, Strength::Movetime(250));
        assert!(serde_json::from_str::<Strength>(r#"{"nodes":4}"#).is_err());
        let s: Strength = serde_json::from_str(r#""perfect""#).unwrap();
        assert_eq!(s, Strength::Perfect);
        assert_eq!(
            Strength::Perfect.go_params().to_string_via_command(),
            "go movetime 30000"
        );
    }
}
