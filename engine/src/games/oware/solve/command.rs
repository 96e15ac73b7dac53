//! `solve` in Oware: the solver ([`super`]) run by the protocol's bounds
//! `solve` ([`crate::search_thread::solve::bounds`]), which prints an
//! `info` line after every iteration and one `solved …` (or, when the
//! bounds have not met, `unsolved …`) line at the end, as every game's
//! `solve` does; here is what only Oware knows: its solver and the value
//! of a game that is over.

use super::Solver;
use crate::games::oware::endgame::OwareDb;
use crate::games::oware::endgame::moves::row_margin;
use crate::search::SearchControl;
use crate::search_thread::memory::SearchMemory;
use crate::search_thread::solve::bounds::BoundsGame;
use ply_rules::games::oware::Oware;

impl BoundsGame for Oware {
    type Solver<'a> = Solver<'a>;

    /// Oware's solver, with the database the engine has loaded.
    fn solver<'a>(memory: &'a SearchMemory, control: &'a SearchControl) -> Solver<'a> {
        Solver::new(memory.oracles.get::<OwareDb>(), control)
    }

    /// The final margin of a game that is over, for the side to move, as
    /// the rules count it: the stores as they stand when one holds a
    /// majority, else (the mover cannot move or feed) each side's store
    /// plus its row.
    fn final_value(&self) -> i32 {
        let me = self.side;
        let them = me.opponent();
        let stores = i32::from(self.store(me)) - i32::from(self.store(them));
        let total = u32::from(self.total_seeds());
        let decided = [me, them]
            .iter()
            .any(|&side| 2 * u32::from(self.store(side)) > total);
        if decided {
            return stores;
        }
        stores + row_margin(&self.board, me)
    }
}
