//! Programs that speak another protocol than UCI or UGI, spoken by
//! translation: each line they send becomes Ply commands (or a direct
//! answer), and each message Ply sends is rewritten in their protocol.
//!
//! Two such protocols are spoken, each by the programs players use:
//! - [`Protocol::Hub`], Scan's draughts protocol, as pydraughts drives an
//!   engine: recognised when the first word of a line is `hub`;
//! - [`Protocol::Aalina`], the UCI dialect of Aalina and Aualé (Oware's
//!   houses as letters, positions as fourteen numbers): chosen with
//!   `ply-engine --protocol aalina` (or its old name, `--dialect aalina`),
//!   since it opens with UCI's own `uci`.
//!
//! One translator serves both (`translator::Translation`), generic
//! over how a protocol's lines look (`framing::Framing`: `hub.rs`,
//! `aalina.rs`) and reading and writing the protocol's game through its
//! notation (`ply_rules`' [`OutsideNotation`]), so it never names a game.
//! The session only asks a [`Translator`] for steps, for what a line is
//! to the input queue, and for a [`Translate`] of its messages.
//!
//! [`OutsideNotation`]: ply_rules::outside_notation::OutsideNotation

mod aalina;
mod framing;
mod hub;
mod responses;
mod settings;
mod translator;

use std::sync::Arc;

use ply_protocol::Command;
use ply_rules::variant::AnyGame;

use crate::search_thread::output::Translate;
use crate::session::input::LineRole;
use translator::Translation;

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
    pub fn translator(self) -> Box<dyn Translator> {
        match self {
            Self::Hub => Box::new(Translation::<hub::Hub>::default()),
            Self::Aalina => Box::new(Translation::<aalina::Aalina>::default()),
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
pub trait Translator: Send + std::fmt::Debug {
    /// The commands that set the session up for the protocol's game, run
    /// when it starts speaking it.
    fn setup(&self) -> Vec<Command>;

    /// One line from the program, as steps. A bad line gives one error
    /// line of the protocol (a [`Step::Refuse`] for a position, else a
    /// [`Step::Reply`]) and changes nothing.
    fn command(&mut self, line: &str) -> Vec<Step>;

    /// What `line` is to the input queue while a search runs (see
    /// `LineRole`): the protocol's own words for `stop`, `isready`,
    /// `quit` and `ponderhit` are urgent as UCI's are.
    fn role(&self, line: &str) -> LineRole;

    /// How Ply's messages about a search of `root` are written. The
    /// session's own messages (`readyok`, errors) go through the
    /// translator made when the protocol started, whose root is never
    /// used for them.
    fn responses(&self, root: &AnyGame) -> Arc<dyn Translate>;
}
