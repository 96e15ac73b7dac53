//! `solve` in Oware: the solver ([`super`]) run by the protocol's
//! bounds `solve` ([`crate::search_thread::solve_bounds`]), which prints
//! an `info` line after every iteration and one `solved …` (or, when the
//! bounds have not met, `unsolved …`) line at the end, as Kalah's `solve`
//! does; here is what only Oware knows: its solver and the value of a
//! game that is over.

use std::sync::{Arc, Mutex};

use super::Solver;
use crate::games::oware::endgame::OwareDb;
use crate::games::oware::endgame::moves::row_margin;
use crate::search::Budget;
use crate::search_thread::output::Output;
use crate::search_thread::running::RunningSearch;
use crate::search_thread::solve_bounds;
use crate::search_thread::tables::EngineTables;
use ply_rules::games::oware::Oware;

/// Starts solving `root` on a new thread.
///
/// # Errors
/// None yet: the solver's table is small and made on its thread.
pub fn start(
    root: Oware,
    budget: Budget,
    multipv: usize,
    tables: Arc<Mutex<EngineTables>>,
    out: Output,
) -> Result<RunningSearch, String> {
    let final_value = final_margin(&root);
    solve_bounds::start(
        root,
        final_value,
        budget,
        multipv,
        tables,
        out,
        |root, tables, control, report| {
            let mut solver = Solver::new(tables.oracles.get::<OwareDb>(), control);
            let moves = solver.move_bounds(root, report);
            (moves, solver.nodes)
        },
    )
}

/// The final margin of a game that is over, for the side to move, as the
/// rules count it: the stores as they stand when one holds a majority,
/// else (the mover cannot move or feed) each side's store plus its row.
fn final_margin(position: &Oware) -> i32 {
    let me = position.side;
    let them = me.opponent();
    let stores = i32::from(position.store(me)) - i32::from(position.store(them));
    let total = u32::from(position.total_seeds());
    let decided = [me, them]
        .iter()
        .any(|&side| 2 * u32::from(position.store(side)) > total);
    if decided {
        return stores;
    }
    stores + row_margin(&position.board, me)
}
