//! The one translator, generic over a protocol's [`Framing`]: what every
//! translated protocol shares is written here once.
//!
//! - Its game: the session is set up to play the notation's game.
//! - Its settings: only Ply's settings the protocol can carry may be set
//!   (see [`super::settings`]).
//! - Its positions: a position and the moves played from it are read in
//!   the protocol's notation and checked move by move
//!   ([`read_line`]); one that does not check is refused whole, with its
//!   reason, and the position stays.
//! - Its moves: a `go`'s `searchmoves` are read in the last position set,
//!   and Ply's messages are rewritten by [`Responses`].

use std::sync::Arc;

use ply_protocol::{Command, GoParams, StartingPosition};
use ply_rules::game::Game;
use ply_rules::outside_notation::{LineError, OutsideNotation, read_line};
use ply_rules::registry::GameDef;
use ply_rules::variant::AnyGame;

use super::framing::{Framing, Request};
use super::responses::Responses;
use super::settings;
use super::{Step, Translator};
use crate::options::VARIANT;
use crate::search_thread::output::Translate;

/// The notation of protocol `F`.
type NotationOf<F> = <F as Framing>::Notation;

/// The game of protocol `F`.
type GameOf<F> = <NotationOf<F> as OutsideNotation>::Game;

/// What a refused position leaves: the message's end.
const UNCHANGED: &str = "the position is unchanged";

/// The session's translator of protocol `F`.
#[derive(Debug)]
pub struct Translation<F: Framing> {
    /// How the protocol's lines look, and what state they keep (Hub's
    /// `level`).
    framing: F,
    /// The last position set, in which `searchmoves` are read.
    position: GameOf<F>,
}

impl<F: Framing> Default for Translation<F> {
    fn default() -> Self {
        Self {
            framing: F::default(),
            position: NotationOf::<F>::start(),
        }
    }
}

impl<F: Framing> Translator for Translation<F> {
    fn setup(&self) -> Vec<Command> {
        vec![Command::SetOption {
            name: VARIANT.to_owned(),
            value: Some(<GameOf<F> as GameDef>::NAME.to_owned()),
        }]
    }

    fn command(&mut self, line: &str) -> Vec<Step> {
        let settings = settings::offered::<F>();
        match self.framing.read(line, &settings) {
            Request::Reply(lines) => lines.into_iter().map(Step::Reply).collect(),
            Request::Error(message) => vec![Step::Reply(F::error_line(&message))],
            Request::BadPosition(message) => vec![refusal::<F>(&message)],
            Request::Position { start, moves } => match self.position(start.as_deref(), &moves) {
                Ok((command, reached)) => {
                    self.position = reached;
                    vec![Step::Run(command)]
                }
                Err(message) => vec![refusal::<F>(&message)],
            },
            Request::SetSetting { name, value } => {
                if settings::is_offered(&settings, &name) {
                    vec![Step::Run(Command::SetOption { name, value })]
                } else {
                    let names = settings::names(&settings);
                    vec![Step::Reply(F::error_line(&F::not_a_setting(&name, &names)))]
                }
            }
            Request::Run(Command::Go(params)) => match self.searchmoves(params) {
                Ok(params) => vec![Step::Run(Command::Go(params))],
                Err(message) => vec![Step::Reply(F::error_line(&format!(
                    "searchmoves: {message}"
                )))],
            },
            Request::Run(command) => vec![Step::Run(command)],
        }
    }

    fn role(&self, line: &str) -> crate::session::input::LineRole {
        F::role(line)
    }

    fn responses(&self, root: &AnyGame) -> Arc<dyn Translate> {
        Arc::new(Responses::<F>::of(root))
    }
}

impl<F: Framing> Translation<F> {
    /// The `position` command of the protocol's position `start` (`None`
    /// for its start) and `moves`, every move checked, and the position
    /// they reach; or why not.
    fn position(
        &self,
        start: Option<&str>,
        moves: &[String],
    ) -> Result<(Command, GameOf<F>), String> {
        let (ply_start, root) = match start {
            None => (StartingPosition::StartPos, NotationOf::<F>::start()),
            Some(text) => {
                let root = NotationOf::<F>::read_position(text).map_err(|e| e.to_string())?;
                (StartingPosition::Fen(root.position_string()), root)
            }
        };
        let (moves, reached) = read_line::<NotationOf<F>>(&root, moves)
            .map_err(|LineError { index, error }| F::bad_move(index, &error))?;
        Ok((
            Command::Position {
                start: ply_start,
                moves,
            },
            reached,
        ))
    }

    /// `params` with its `searchmoves`, each one move of the protocol's
    /// notation, in Ply's, checked in the last position set.
    fn searchmoves(&self, mut params: GoParams) -> Result<GoParams, String> {
        let line = NotationOf::<F>::LINE;
        params.searchmoves = params
            .searchmoves
            .iter()
            .map(
                |word| match line.moves(std::slice::from_ref(word)).as_slice() {
                    [text] => NotationOf::<F>::read_move(&self.position, text)
                        .map(|mv| self.position.format_move(mv))
                        .map_err(|e| e.to_string()),
                    _ => Err(format!(
                        "'{word}' is not one {}",
                        NotationOf::<F>::MOVE_NAME
                    )),
                },
            )
            .collect::<Result<_, _>>()?;
        Ok(params)
    }
}

/// The refusal of a position, `message` saying why (see
/// [`Step::Refuse`]).
fn refusal<F: Framing>(message: &str) -> Step {
    Step::Refuse(F::error_line(&format!("{message}; {UNCHANGED}")))
}
