//! Ply's messages about a search, rewritten for a translated protocol:
//! the moves (`bestmove` and its ponder move, a `pv`, a `currmove`)
//! replayed from the root and written in the protocol's notation, then
//! the message written in the protocol's form by its [`Framing`].

use std::any::Any;
use std::marker::PhantomData;

use ply_protocol::{Info, Response};
use ply_rules::outside_notation::{OutsideNotation, write_line};
use ply_rules::variant::AnyGame;
use ply_rules::with_game;

use super::framing::Framing;
use crate::search_thread::output::Translate;

/// The game of protocol `F`.
type GameOf<F> = <<F as Framing>::Notation as OutsideNotation>::Game;

/// Ply's messages about a search of a root position, in `F`'s form.
pub struct Responses<F: Framing> {
    /// The position searched, when it is `F`'s game (else no move can be
    /// written, and none is).
    root: Option<GameOf<F>>,
    framing: PhantomData<fn() -> F>,
}

impl<F: Framing> Responses<F> {
    /// The messages about a search of `root`.
    #[must_use]
    pub fn of(root: &AnyGame) -> Self {
        Self {
            root: with_game!(root, game => (game as &dyn Any).downcast_ref::<GameOf<F>>().cloned()),
            framing: PhantomData,
        }
    }

    /// Ply's moves `line`, played from the root, in the protocol's
    /// notation, each alone; as far as they read (a line that does not
    /// is cut there).
    fn moves(&self, line: &[String]) -> Vec<String> {
        let Some(root) = &self.root else {
            return Vec::new();
        };
        let written = write_line::<F::Notation>(root, line);
        if let Some(text) = line.get(written.len()) {
            log::warn!("'{text}' does not read in the position searched; the line is cut");
        }
        written
    }
}

impl<F: Framing> Translate for Responses<F> {
    fn translate(&self, response: &Response) -> Option<String> {
        let outside = match response {
            Response::BestMove { best, ponder } => {
                let line: Vec<String> = best.iter().chain(ponder).cloned().collect();
                let mut moves = self.moves(&line).into_iter();
                Response::BestMove {
                    best: moves.next(),
                    ponder: moves.next(),
                }
            }
            Response::Info(info) => Response::Info(Info {
                pv: <F::Notation as OutsideNotation>::LINE.join(self.moves(&info.pv)),
                currmove: info
                    .currmove
                    .as_ref()
                    .and_then(|mv| self.moves(std::slice::from_ref(mv)).pop()),
                ..info.clone()
            }),
            other => other.clone(),
        };
        F::write(&outside)
    }
}
