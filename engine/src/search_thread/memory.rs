//! The memory a search keeps from one `go` to the next: the
//! transposition table, the history, a game's solver memory and the
//! endgame databases. (Not "tables": the name would say the
//! transposition table alone, and the games have tables of their own.)

use std::any::Any;

use crate::search::NetworkChoice;
use crate::search::huge_pages::AllocError;
use crate::search::oracles::Oracles;
use crate::search::{History, TranspositionTable};

/// What a search learns into and keeps from one search to the next.
#[derive(Debug)]
pub struct SearchMemory {
    /// The transposition table (`Hash` MB).
    pub tt: TranspositionTable,
    /// The history heuristic.
    pub history: History,
    /// What a game's exact solver keeps from one proof to the next
    /// (Kalah's bound table, `Hash` MB), made by the game on its first
    /// proof: the search memory holds it without knowing its type.
    solver_memory: Option<Box<dyn Any + Send>>,
    /// The endgame database loaded with `EndgameDB` (none, or one).
    pub oracles: Oracles,
    /// The network `EvalFile` chose.
    pub network: NetworkChoice,
    /// Size of the transposition table and the solver's memory, each, in
    /// MB (`Hash`).
    pub hash_mb: usize,
}

impl SearchMemory {
    /// Memory with a transposition table of `hash_mb` MB; aborts when the
    /// memory cannot be had (for tests and fixed small sizes; see
    /// [`Self::try_new`]).
    pub(crate) fn new(hash_mb: usize) -> Self {
        Self::with_table(TranspositionTable::new(hash_mb), hash_mb)
    }

    /// Memory with a transposition table of `hash_mb` MB, or an error when
    /// the system will not give that much memory (a session among many, as
    /// `analyse --jobs` makes).
    ///
    /// # Errors
    /// [`AllocError`] when the transposition table cannot be allocated.
    pub(crate) fn try_new(hash_mb: usize) -> Result<Self, AllocError> {
        TranspositionTable::try_new(hash_mb).map(|tt| Self::with_table(tt, hash_mb))
    }

    fn with_table(tt: TranspositionTable, hash_mb: usize) -> Self {
        Self {
            tt,
            history: History::new(0),
            solver_memory: None,
            oracles: Oracles::default(),
            network: NetworkChoice::default(),
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
    pub(crate) fn clear(&mut self) {
        self.tt.clear();
        self.history.clear();
    }

    /// Forgets everything, the solver's memory too (`Clear Hash`).
    pub(crate) fn clear_all(&mut self) {
        self.clear();
        self.solver_memory = None;
    }

    /// A new transposition table of `hash_mb` MB (and no solver memory,
    /// made anew at that size when next asked for); when the system will
    /// not give that much memory, the old memory stays and the error says
    /// so.
    pub(crate) fn resize(&mut self, hash_mb: usize) -> Result<(), String> {
        let tt = TranspositionTable::try_new(hash_mb).map_err(|e| {
            format!(
                "Hash: {e} (the table of {} MB is kept): lower Hash",
                self.hash_mb
            )
        })?;
        self.hash_mb = hash_mb;
        self.tt = tt;
        self.solver_memory = None;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// More megabytes than any address space holds: refused every time.
    const TOO_MANY_MB: usize = usize::MAX / 2;

    #[test]
    fn memory_the_system_cannot_give_is_an_error() {
        assert!(SearchMemory::try_new(TOO_MANY_MB).is_err());
        assert!(SearchMemory::try_new(1).is_ok());
    }

    #[test]
    fn a_failed_resize_keeps_the_old_memory_and_says_what_to_lower() {
        let mut memory = SearchMemory::new(1);
        memory
            .tt
            .store(42, 7, None, 3, crate::search::tt::Bound::Exact, false);
        let error = memory.resize(TOO_MANY_MB).unwrap_err();
        assert!(error.starts_with("Hash: cannot allocate"), "{error}");
        assert!(error.contains("the table of 1 MB is kept"), "{error}");
        assert!(error.ends_with("lower Hash"), "{error}");
        assert_eq!(memory.hash_mb, 1);
        assert_eq!(memory.tt.probe(42).map(|e| e.score), Some(7));
    }
}
