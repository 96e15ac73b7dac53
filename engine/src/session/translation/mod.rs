//! Front ends that speak another protocol than UCI or UGI, spoken by
//! translation: each line they send becomes Ply commands (or a direct
//! answer), and each message Ply sends is rewritten in their protocol.
//!
//! Two such protocols are spoken, each by the programs players use:
//! - [`Protocol::Hub`], Scan's draughts protocol, as pydraughts drives an
//!   engine: recognised when the first word of a line is `hub`;
//! - [`Protocol::Aalina`], the UCI dialect of Aalina and Aualé (Oware's
//!   houses as letters, positions as fourteen numbers): chosen with
//!   `ply-engine --dialect aalina`, since it opens with UCI's own `uci`.
//!
//! Each protocol is one game's (Hub here plays Russian draughts, Aalina's
//! dialect Oware), so its translator names that game and its notation
//! (`ply_rules`' `hub_notation` and `letters`); the session only asks a
//! [`Front`] for steps and for a [`Translate`] of its messages.

mod aalina;
mod hub;

use std::sync::Arc;

use ply_protocol::Command;
use ply_rules::variant::AnyGame;

use crate::search_thread::output::Translate;

/// A protocol spoken by translation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Protocol {
    /// Scan's Hub, for Russian draughts (pydraughts).
    Hub,
    /// Aalina's UCI dialect, for Oware (Aualé).
    Aalina,
}

impl Protocol {
    /// The first word of a line that starts this protocol, when it has one
    /// of its own (Aalina's dialect starts with UCI's `uci`).
    #[must_use]
    pub fn recognised_from(line: &str) -> Option<Self> {
        match line.split_whitespace().next() {
            Some(hub::HELLO) => Some(Self::Hub),
            _ => None,
        }
    }

    /// A new translator for this protocol.
    #[must_use]
    pub fn front(self) -> Box<dyn Front> {
        match self {
            Self::Hub => Box::new(hub::HubFront::default()),
            Self::Aalina => Box::new(aalina::AalinaFront::default()),
        }
    }
}

/// What one line of another protocol asks of the session, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Carry out this Ply command.
    Run(Command),
    /// Send this line as it is (an answer only the protocol has, or an
    /// error in the protocol's own form).
    Reply(String),
    /// Refuse a command that sets the position, with this error line: sent
    /// once a running search with a limit has finished, as the command
    /// itself would have waited for it (so the error follows that search's
    /// move, as in UCI).
    Refuse(String),
}

/// The translator of one protocol, held by the session.
pub trait Front: Send + std::fmt::Debug {
    /// The commands that set the session up for the protocol's game, run
    /// when it starts speaking it.
    fn setup(&self) -> Vec<Command>;

    /// One line from the front end, as steps. A bad line gives one error
    /// line of the protocol (a [`Step::Refuse`] for a position, else a
    /// [`Step::Reply`]) and changes nothing.
    fn command(&mut self, line: &str) -> Vec<Step>;

    /// How Ply's messages about a search of `root` are written. The
    /// session's own messages (`readyok`, errors) go through the
    /// translator made when the protocol started, whose root is never
    /// used for them.
    fn responses(&self, root: &AnyGame) -> Arc<dyn Translate>;
}
