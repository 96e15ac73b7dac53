//! The tables a search learns into, kept from one `go` to the next: the
//! transposition table, the history, a game's solver memory and the
//! endgame databases.

use std::any::Any;

use crate::search::oracles::Oracles;
use crate::search::{History, TranspositionTable};

/// The tables a search learns into, kept from one search to the next.
#[derive(Debug)]
pub struct EngineTables {
    /// The transposition table (`Hash` MB).
    pub tt: TranspositionTable,
    /// The history heuristic.
    pub history: History,
    /// What a game's exact solver keeps from one proof to the next
    /// (Kalah's bound table, `Hash` MB), made by the game on its first
    /// proof: the tables hold it without knowing its type.
    solver_memory: Option<Box<dyn Any + Send>>,
    /// The endgame database loaded with `EndgameDB` (none, or one).
    pub oracles: Oracles,
    /// Size of the tables in MB.
    pub hash_mb: usize,
}

impl EngineTables {
    pub(crate) fn new(hash_mb: usize) -> Self {
        Self {
            tt: TranspositionTable::new(hash_mb),
            history: History::new(0),
            solver_memory: None,
            oracles: Oracles::default(),
            hash_mb,
        }
    }

    /// Takes the solver's memory out, when it is a `T`; else makes one of
    /// `hash_mb` MB with `make` (the old memory, of another game, is
    /// dropped). Give it back with [`Self::keep_solver_memory`].
    ///
    /// # Errors
    /// `make`'s: the memory could not be had.
    pub fn take_solver_memory<T: Any + Send>(
        &mut self,
        make: impl FnOnce(usize) -> Result<T, String>,
    ) -> Result<T, String> {
        match self
            .solver_memory
            .take()
            .map(|memory| memory.downcast::<T>())
        {
            Some(Ok(memory)) => Ok(*memory),
            Some(Err(_)) | None => make(self.hash_mb),
        }
    }

    /// Keeps the solver's memory for the next proof.
    pub fn keep_solver_memory<T: Any + Send>(&mut self, memory: T) {
        self.solver_memory = Some(Box::new(memory));
    }

    /// Forgets what searches learnt, for a new game (`ucinewgame`). The
    /// solver's memory stays: its bounds are proven facts about positions
    /// (keyed with the rules), true in any game, and dropping it would make
    /// the next proof allocate and zero `Hash` MB again (per position, in
    /// `analyse --solve`).
    pub(super) fn clear(&mut self) {
        self.tt.clear();
        self.history.clear();
    }

    /// Forgets everything, the solver's memory too (`Clear Hash`).
    pub(super) fn clear_all(&mut self) {
        self.clear();
        self.solver_memory = None;
    }

    /// New tables of `hash_mb` MB; when the system will not give that
    /// much memory, the old tables stay and the error says so.
    pub(super) fn resize(&mut self, hash_mb: usize) -> Result<(), String> {
        let tt = TranspositionTable::try_new(hash_mb).map_err(|e| format!("Hash: {e}"))?;
        self.hash_mb = hash_mb;
        self.tt = tt;
        self.solver_memory = None;
        Ok(())
    }
}
