//! What each protocol keeps for itself: how its lines look.
//!
//! A [`Framing`] reads a line of its protocol into a [`Request`] (what the
//! line asks, its positions and moves still in the protocol's notation)
//! and writes Ply's messages, their moves already rewritten, in the
//! protocol's form. Everything between (which settings may be set, the
//! position checks, the rewriting of moves and lines) is the generic
//! [`Translation`](super::translator::Translation)'s, the same for every
//! protocol.

use ply_protocol::{Command, Response};
use ply_rules::game::NotationError;
use ply_rules::outside_notation::OutsideNotation;

use crate::session::input::LineRole;

/// What one line of a protocol asks, before the translator checks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Send these lines as they are: an answer only the protocol has
    /// (Hub's `hub` and `init`), or nothing (an empty line).
    Reply(Vec<String>),
    /// Set the position: the protocol's position text (`None` for its
    /// start) and the moves played from it, as the line writes them.
    Position {
        /// The position, in the protocol's notation.
        start: Option<String>,
        /// The moves, in the protocol's notation and line form.
        moves: Vec<String>,
    },
    /// Set one of Ply's settings (anything else is refused).
    SetSetting {
        /// The setting's name.
        name: String,
        /// Its new value.
        value: Option<String>,
    },
    /// Carry out this Ply command; a `go`'s `searchmoves` are still in
    /// the protocol's notation.
    Run(Command),
    /// Refuse the line with this message.
    Error(String),
    /// Refuse a position line that does not read, with this message, as
    /// a position that does not check is refused.
    BadPosition(String),
}

/// How one protocol's lines look, in and out.
pub trait Framing: std::fmt::Debug + Default + Send + 'static {
    /// The notation of the protocol's game.
    type Notation: OutsideNotation;

    /// Whether the protocol can name an option whose name has a space
    /// (UCI can: `setoption name Move Overhead`; Hub cannot, since its
    /// programs send names unquoted).
    const SPACED_NAMES: bool;

    /// Whether the protocol has buttons, options set without a value
    /// (UCI has; Hub has none).
    const BUTTONS: bool;

    /// What `line` asks. `settings` are Ply's settings the protocol
    /// offers (see [`super::settings`]), which a greeting declares.
    fn read(&mut self, line: &str, settings: &[ply_protocol::OptionDecl]) -> Request;

    /// What `line` is to the input queue while a search runs: whether it
    /// stops the search, pings, quits or is a ponder hit, answered at once
    /// instead of in its turn.
    fn role(line: &str) -> LineRole;

    /// The protocol's error line saying `message`.
    fn error_line(message: &str) -> String;

    /// Why the move at `index` (from 0) of a position's move list was
    /// refused: by default the notation's reason alone.
    fn bad_move(index: usize, error: &NotationError) -> String {
        let _ = index;
        error.to_string()
    }

    /// Why `name` may not be set: it is none of `settings`, the names the
    /// protocol offers.
    fn not_a_setting(name: &str, settings: &[String]) -> String;

    /// Ply's `response`, its moves already in the protocol's notation, as
    /// the protocol writes it; `None` when it has no place there (it is
    /// then only logged).
    fn write(response: &Response) -> Option<String>;
}
