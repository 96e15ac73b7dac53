//! The tables a search learns into, kept from one `go` to the next: the
//! transposition table, the history, the solver's bound table and the
//! endgame database.

use crate::games::kalah::solve::table::BoundTable;
use crate::search::oracles::Oracles;
use crate::search::{History, TranspositionTable};

/// The tables a search learns into, kept from one search to the next.
#[derive(Debug)]
pub struct EngineTables {
    /// The transposition table (`Hash` MB).
    pub tt: TranspositionTable,
    /// The history heuristic.
    pub history: History,
    /// The solver's bound table (`Hash` MB), made on the first `solve`.
    pub solver_table: Option<BoundTable>,
    /// The endgame database loaded with `EndgameDB` (none, or one).
    pub oracles: Oracles,
    /// Size of the tables in MB.
    pub hash_mb: usize,
}

impl EngineTables {
    pub(super) fn new(hash_mb: usize) -> Self {
        Self {
            tt: TranspositionTable::new(hash_mb),
            history: History::new(0),
            solver_table: None,
            oracles: Oracles::default(),
            hash_mb,
        }
    }

    /// Forgets what searches learnt (the endgame database stays).
    pub(super) fn clear(&mut self) {
        self.tt.clear();
        self.history.clear();
        self.solver_table = None;
    }

    /// New tables of `hash_mb` MB; when the system will not give that
    /// much memory, the old tables stay and the error says so.
    pub(super) fn resize(&mut self, hash_mb: usize) -> Result<(), String> {
        let tt = TranspositionTable::try_new(hash_mb).map_err(|e| format!("Hash: {e}"))?;
        self.hash_mb = hash_mb;
        self.tt = tt;
        self.solver_table = None;
        Ok(())
    }
}
