//! How a game's moves are to be judged by `annotate`, as the game declares
//! it in its [`EngineGame::JUDGING`] hook: the kind of loss and the
//! thresholds of its marks. The judging itself is the `annotate` command's
//! (`commands/annotate/judge.rs`); the hook only says which rule applies.
//!
//! [`EngineGame::JUDGING`]: super::EngineGame::JUDGING

use crate::search::score::CENTI;

/// How a game's moves are judged by `annotate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judging {
    /// Scores are margins in the game's unit: the loss is measured in it,
    /// and marked by size.
    Margin(Thresholds),
    /// Only the outcome counts (win, draw, loss): the loss is in game
    /// points (1 a win, ½ a draw), and any loss is a blunder.
    Outcome,
    /// The game's moves are not annotated, and why.
    NotAnnotated(&'static str),
}

/// The losses that mark a move, in centi-units of the game's unit, and
/// how far scores count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thresholds {
    /// The unit, plural ("seeds", "men").
    pub unit: &'static str,
    /// The least loss that is an inaccuracy.
    pub inaccuracy: i32,
    /// The least loss that is a mistake.
    pub mistake: i32,
    /// The least loss that is a blunder.
    pub blunder: i32,
    /// Scores are clamped to ±this before the loss is taken (as lichess
    /// clamps at ±10 pawns), and a mate counts as this: once a side is this
    /// far ahead, a little more or less changes nothing.
    pub cap: i32,
}

impl Thresholds {
    /// The thresholds in seeds, which the sowing games (Kalah, Oware)
    /// share: a seed given away is an inaccuracy, two a mistake, four a
    /// blunder; beyond ten seeds ahead (or behind) a few more or less
    /// change nothing.
    pub const SEEDS: Self = Self {
        unit: "seeds",
        inaccuracy: CENTI,
        mistake: 2 * CENTI,
        blunder: 4 * CENTI,
        cap: 10 * CENTI,
    };
}
