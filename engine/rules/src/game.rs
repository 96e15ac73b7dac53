//! The game interface every game implements and every consumer shares.
//!
//! It follows the Prolog game framework (`initialize`, `move`,
//! `game_over`, `next_player`, …) in Rust shape: a position type that knows
//! its own rules. The trait is deliberately small; anything only one game
//! needs (Kalah's stores, draughts' kings) stays on the concrete type.
//!
//! [`Game`] is the rules: legal moves, playing one, the side to move, the
//! outcome, and the text forms of moves and positions. The referee and the
//! front ends validate moves with exactly this code. What only the search
//! needs (a hash key, a static evaluation, move-ordering hints) is the
//! engine's `SearchGame`, which extends this trait.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{Deref, DerefMut};

use thiserror::Error;

/// One of the two sides. `One` moves first (South in Kalah, x in
/// tic-tac-toe, White in draughts, the breaker in Mastermind).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The side that moves first from the start position.
    One,
    /// The side that moves second.
    Two,
}

impl Player {
    /// The other side.
    #[inline]
    #[must_use]
    pub fn opponent(self) -> Self {
        match self {
            Self::One => Self::Two,
            Self::Two => Self::One,
        }
    }

    /// 0 for [`Player::One`], 1 for [`Player::Two`]: an index into per-side arrays.
    #[inline]
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Self::One => 0,
            Self::Two => 1,
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This side won.
    Win(Player),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// The outcome of a game decided by counts (seeds in each store, for
    /// the mancala games): the bigger count wins, equal counts draw.
    #[must_use]
    pub fn by_counts(first: u32, second: u32) -> Self {
        match first.cmp(&second) {
            std::cmp::Ordering::Greater => Self::Win(Player::One),
            std::cmp::Ordering::Less => Self::Win(Player::Two),
            std::cmp::Ordering::Equal => Self::Draw,
        }
    }
}

/// A move or position string that could not be read.
///
/// The message says what is wrong, in words a person can act on.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NotationError {
    /// The text is not a move of this game at all (wrong syntax).
    #[error("'{text}' is not a move: {reason}")]
    BadMove {
        /// The offending text.
        text: String,
        /// Why it is not a move.
        reason: String,
    },
    /// The text is a well-formed move that the rules forbid here.
    #[error("illegal move '{text}': {reason}")]
    IllegalMove {
        /// The offending text.
        text: String,
        /// Why the rules forbid it.
        reason: String,
    },
    /// The text is not a valid position string.
    #[error("bad position '{text}': {reason}")]
    BadPosition {
        /// The offending text.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
}

/// How many moves a [`MoveList`] holds: more than any position of the
/// board games has (Kalah's 12 pits, draughts' few dozen captures).
pub const MAX_MOVES: usize = 128;

/// The allocation-free move list of the board games.
pub type MoveList<M> = arrayvec::ArrayVec<M, MAX_MOVES>;

/// Where [`Game::legal_moves`] puts its moves.
///
/// The board games use a [`MoveList`] on the stack: the search makes one
/// per node, and a heap allocation there costs a fifth of its speed. A game
/// with more moves than [`MAX_MOVES`] (a Mastermind breaker may ask any of
/// thousands of codes) uses a `Vec` instead.
pub trait MoveBuffer<M>:
    Default + Debug + Deref<Target = [M]> + DerefMut + Extend<M> + IntoIterator<Item = M> + Send
{
    /// Appends one move.
    fn push(&mut self, mv: M);
    /// Empties the buffer, keeping its storage.
    fn clear(&mut self);
}

impl<M: Debug + Send, const N: usize> MoveBuffer<M> for arrayvec::ArrayVec<M, N> {
    #[inline]
    fn push(&mut self, mv: M) {
        arrayvec::ArrayVec::push(self, mv);
    }
    #[inline]
    fn clear(&mut self) {
        arrayvec::ArrayVec::clear(self);
    }
}

impl<M: Debug + Send> MoveBuffer<M> for Vec<M> {
    #[inline]
    fn push(&mut self, mv: M) {
        Vec::push(self, mv);
    }
    #[inline]
    fn clear(&mut self) {
        Vec::clear(self);
    }
}

/// The rules of one game, as a position that knows how to move.
///
/// Positions are small values: the search copies a position and plays a
/// move on the copy ("copy-make") instead of undoing moves.
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// One move. In Kalah it is a single sowing: a turn is the list of
    /// sowings until the other side is to move, so the side to move is part
    /// of the position and may stay the same after a move.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;

    /// The list [`Game::legal_moves`] fills: a [`MoveList`] for every game
    /// whose positions have at most [`MAX_MOVES`] moves.
    type Moves: MoveBuffer<Self::Move>;

    /// The side whose move it is.
    fn side_to_move(&self) -> Player;

    /// Appends every legal move to `moves`. Empty exactly when the game is over.
    fn legal_moves(&self, moves: &mut Self::Moves);

    /// The legal moves in a new list: [`Game::legal_moves`] for callers
    /// that do not reuse a buffer.
    fn moves(&self) -> Self::Moves {
        let mut moves = Self::Moves::default();
        self.legal_moves(&mut moves);
        moves
    }

    /// Plays `mv`, which must be one of [`Game::legal_moves`]; anything else
    /// may leave the position meaningless (use [`Game::parse_move`] to check).
    fn play(&mut self, mv: Self::Move);

    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Reads a move in this game's notation and checks it is legal here.
    ///
    /// # Errors
    /// [`NotationError::BadMove`] for text that is no move of this game,
    /// [`NotationError::IllegalMove`] for a move the rules forbid here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, NotationError>;

    /// Writes a move in this game's notation.
    fn format_move(&self, mv: Self::Move) -> String;

    /// The position string (`position fen …`, `Fen:` line of `d`).
    fn position_string(&self) -> String;
}
