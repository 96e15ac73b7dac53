//! The games at the protocol boundary: [`Variant`] names a game for
//! `UCI_Variant`, [`AnyGame`] holds a position of whichever game is chosen.
//!
//! Everything below this boundary (search, perft, rules) is generic over
//! the [`Game`] trait and monomorphised per game; only here does one enum
//! match pick the game, through [`with_game!`](crate::with_game).

use thiserror::Error;

use crate::game::{Game, NotationError, Outcome, Player};
use crate::games::kalah::Kalah;
use crate::games::mastermind::Mastermind;
use crate::games::oware::Oware;
use crate::games::russian::Russian;
use crate::games::tictactoe::TicTacToe;
use crate::options::EngineOptions;

/// A game Ply plays, as named by `setoption name UCI_Variant value <name>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Kalah(m, n), seed 000.
    Kalah,
    /// Oware (Abapa), seed 000's exercise 3.
    Oware,
    /// Tic-tac-toe, seeds 001 and 002.
    TicTacToe,
    /// Russian draughts, seed 003.
    Russian,
    /// Mastermind (bulls and cows by default), seed 001.
    Mastermind,
}

impl Variant {
    /// Every variant, in the order `uci` lists them.
    pub const ALL: [Self; 5] = [
        Self::Kalah,
        Self::Oware,
        Self::TicTacToe,
        Self::Russian,
        Self::Mastermind,
    ];

    /// The `UCI_Variant` name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Kalah => "kalah",
            Self::Oware => "oware",
            Self::TicTacToe => "tictactoe",
            Self::Russian => "russian",
            Self::Mastermind => "mastermind",
        }
    }

    /// The variant with this name (any case).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(name.trim()))
    }

    /// All names, for error messages.
    #[must_use]
    pub fn names() -> Vec<&'static str> {
        Self::ALL.iter().map(|v| v.name()).collect()
    }
}

/// A position of the chosen game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyGame {
    /// A Kalah position.
    Kalah(Kalah),
    /// An Oware position.
    Oware(Oware),
    /// A tic-tac-toe position.
    TicTacToe(TicTacToe),
    /// A Russian draughts position.
    Russian(Russian),
    /// A Mastermind position.
    Mastermind(Mastermind),
}

/// Runs `$body` with `$game` bound to the concrete position inside an
/// [`AnyGame`], whatever the game: the one place that matches on games.
#[macro_export]
macro_rules! with_game {
    ($any:expr, $game:ident => $body:expr) => {
        match $any {
            $crate::variant::AnyGame::Kalah($game) => $body,
            $crate::variant::AnyGame::Oware($game) => $body,
            $crate::variant::AnyGame::TicTacToe($game) => $body,
            $crate::variant::AnyGame::Russian($game) => $body,
            $crate::variant::AnyGame::Mastermind($game) => $body,
        }
    };
}

/// A move list that could not be played, and where it went wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("move {number} of the list: {source}")]
pub struct MoveListError {
    /// 1-based position of the bad move in the list.
    pub number: usize,
    /// What is wrong with it.
    pub source: NotationError,
}

impl AnyGame {
    /// The start position of the game and rules the options choose.
    ///
    /// # Errors
    /// A message saying why the options do not make a playable game.
    pub fn start(options: &EngineOptions) -> Result<Self, String> {
        match options.variant {
            Variant::Kalah => Kalah::start(options.kalah)
                .map(Self::Kalah)
                .map_err(|e| e.to_string()),
            Variant::Oware => Oware::start(options.oware)
                .map(Self::Oware)
                .map_err(|e| e.to_string()),
            Variant::TicTacToe => Ok(Self::TicTacToe(TicTacToe::start())),
            Variant::Russian => Ok(Self::Russian(Russian::start())),
            Variant::Mastermind => Mastermind::start(options.mastermind)
                .map(Self::Mastermind)
                .map_err(|e| e.to_string()),
        }
    }

    /// Reads a position string of the game the options choose.
    ///
    /// # Errors
    /// [`NotationError::BadPosition`] saying what is wrong with the text.
    pub fn from_position_string(
        options: &EngineOptions,
        text: &str,
    ) -> Result<Self, NotationError> {
        match options.variant {
            Variant::Kalah => {
                Kalah::from_position_string(text, options.kalah.empty_capture).map(Self::Kalah)
            }
            Variant::Oware => Oware::from_position_string(text).map(Self::Oware),
            Variant::TicTacToe => TicTacToe::from_position_string(text).map(Self::TicTacToe),
            Variant::Russian => Russian::from_position_string(text).map(Self::Russian),
            Variant::Mastermind => {
                Mastermind::from_position_string(text, options.mastermind).map(Self::Mastermind)
            }
        }
    }

    /// This position with `moves` played, or the first bad move; `self` is
    /// never half-changed.
    ///
    /// # Errors
    /// [`MoveListError`] naming the first move that is malformed or illegal.
    pub fn with_moves<S: AsRef<str>>(&self, moves: &[S]) -> Result<Self, MoveListError> {
        let mut next = self.clone();
        with_game!(&mut next, game => {
            for (i, text) in moves.iter().enumerate() {
                let mv = game
                    .parse_move(text.as_ref())
                    .map_err(|source| MoveListError { number: i + 1, source })?;
                game.play(mv);
            }
        });
        Ok(next)
    }

    /// The variant this position belongs to.
    #[must_use]
    pub fn variant(&self) -> Variant {
        match self {
            Self::Kalah(_) => Variant::Kalah,
            Self::Oware(_) => Variant::Oware,
            Self::TicTacToe(_) => Variant::TicTacToe,
            Self::Russian(_) => Variant::Russian,
            Self::Mastermind(_) => Variant::Mastermind,
        }
    }

    /// The position string (`Fen:` line of `d`).
    #[must_use]
    pub fn position_string(&self) -> String {
        with_game!(self, game => game.position_string())
    }

    /// The board drawn for a person (`d`).
    #[must_use]
    pub fn drawing(&self) -> String {
        match self {
            Self::Kalah(game) => game.drawing(),
            Self::Oware(game) => game.drawing(),
            Self::TicTacToe(game) => game.drawing(),
            Self::Russian(game) => game.drawing(),
            Self::Mastermind(game) => game.drawing(),
        }
    }

    /// The outcome, once the game is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        with_game!(self, game => game.outcome())
    }

    /// The side to move.
    #[must_use]
    pub fn side_to_move(&self) -> Player {
        with_game!(self, game => game.side_to_move())
    }
}
