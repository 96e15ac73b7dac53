//! `solve` in Russian draughts: the solver ([`super`]) run by the
//! protocol's bounds `solve` ([`crate::search_thread::solve::bounds`]),
//! which prints an `info` line after every iteration and one `solved …`
//! (or, when the bounds have not met, `unsolved …`) line at the end, as
//! every game's `solve` does; here is what only draughts knows: its
//! solver, with the tables the engine has loaded (`EndgameDB`), and the
//! result of a game that is over.

use ply_rules::game::Game;
use ply_rules::games::russian::Russian;

use super::{DRAW, Solver, result};
use crate::games::russian::endgame::RussianDb;
use crate::search::SearchControl;
use crate::search_thread::memory::SearchMemory;
use crate::search_thread::solve::bounds::BoundsGame;

impl BoundsGame for Russian {
    type Solver<'a> = Solver<'a>;

    fn solver<'a>(memory: &'a SearchMemory, control: &'a SearchControl) -> Solver<'a> {
        Solver::new(memory.oracles.get::<RussianDb>(), control)
    }

    /// The result for the side to move (a draw while the game goes on).
    fn final_value(&self) -> i32 {
        self.outcome().map_or(DRAW, |outcome| result(self, outcome))
    }
}
