//! How the engine thinks about each game: the hooks the generic session
//! and book ask instead of naming games. Every game implements [`EngineGame`] in
//! its own engine module (`games/<game>/`), most with the defaults.

use std::sync::{Arc, Mutex};

use ply_protocol::GoParams;
use ply_rules::registry::GameDef;

use crate::annotate::judge::Judging;
use crate::game::SearchGame;
use crate::options::EngineOptions;
use crate::variant::Variant;
use crate::with_variant;

use crate::session::output::Output;
use crate::session::running::RunningSearch;
use crate::session::tables::EngineTables;

/// The engine's side of a game.
pub trait EngineGame: SearchGame + GameDef {
    /// Whether the game has an exact solver (`solve`).
    const HAS_SOLVER: bool = false;

    /// How `ply-engine annotate` judges the game's moves: the unit of its
    /// scores and the losses that make an inaccuracy, a mistake, a blunder
    /// (see `docs/analysis.md`). No default: each game decides.
    const JUDGING: Judging;

    /// Why the game has no opening book (its moves come from elsewhere),
    /// or `None` when books serve it.
    const NO_BOOK: Option<&'static str> = None;

    /// The book sections beside the game's own name, for rules its
    /// position strings do not show: each suffix with the rule options it
    /// stands for (Kalah's `empty-capture`).
    const BOOK_SECTIONS: &'static [BookSection] = &[];

    /// The positions `bench` searches in this game (position strings, each
    /// read with the game's default rules, whose board it may resize): its
    /// share of the bench signature. None by default.
    const BENCH_POSITIONS: &'static [&'static str] = &[];

    /// The book section of this position: the game's name, and the suffix
    /// of the rules its position string does not show.
    fn book_section(&self) -> String {
        Self::NAME.to_owned()
    }

    /// Called when a game starts with new rules: builds what the first
    /// `go` would otherwise spend its time on (Mastermind's code space).
    fn prepare(&self) {}

    /// `go`: starts thinking about this position on a new thread; the
    /// alpha-beta search by default.
    ///
    /// # Errors
    /// Why the `go` is refused before anything starts (a `searchmoves`
    /// move that is not legal here).
    fn go(
        self,
        params: &GoParams,
        options: &EngineOptions,
        with_ponder: bool,
        tables: Arc<Mutex<EngineTables>>,
        out: Output,
    ) -> Result<RunningSearch, String> {
        crate::session::go::start(self, params, options, with_ponder, tables, out)
    }

    /// `solve`: starts the exact solver on a new thread.
    ///
    /// # Errors
    /// A message when the game has no solver (the default) or its tables
    /// cannot be made.
    fn solve(
        self,
        threads: usize,
        tables: Arc<Mutex<EngineTables>>,
        out: Output,
    ) -> Result<RunningSearch, String> {
        let _ = (threads, tables, out);
        Err(no_solver())
    }
}

/// A book section beside a game's own: `<game> <suffix>` holds positions
/// played with `options` set.
pub type BookSection = (&'static str, &'static [(&'static str, &'static str)]);

/// The error of `solve` in a game without a solver, naming those with one.
#[must_use]
pub fn no_solver() -> String {
    let with_solver: Vec<&str> = Variant::ALL
        .into_iter()
        .filter(|&variant| with_variant!(variant, G => <G as EngineGame>::HAS_SOLVER))
        .map(Variant::name)
        .collect();
    format!("solve is only available for {}", with_solver.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_games_whose_hooks_say_yes() {
        assert_eq!(no_solver(), "solve is only available for kalah");
        let err = crate::book::canonical_entry("chess", "x", Vec::new()).unwrap_err();
        assert_eq!(
            err,
            "unknown section [chess]: a book holds \
             kalah, kalah empty-capture, oware, tictactoe, russian"
        );
    }
}
