//! Why a match cannot be run or recorded: one error type for every part of
//! the runner, so that the first failure, wherever it happens, is the one
//! the match reports.

use std::io;
use std::path::PathBuf;

use thiserror::Error;

use crate::engine::EngineError;
use crate::match_rules::RulesError;
use crate::openings::OpeningsError;
use crate::output::ResultsError;
use crate::stats::SprtError;

/// A match that cannot be run.
#[derive(Debug, Error)]
pub enum MatchError {
    /// The engines' game options make no game.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The openings file.
    #[error(transparent)]
    Openings(#[from] OpeningsError),
    /// The results file.
    #[error(transparent)]
    Results(#[from] ResultsError),
    /// The SPRT parameters.
    #[error("-sprt: {0}")]
    Sprt(#[from] SprtError),
    /// The PGN file.
    #[error("cannot write the PGN file '{}': {source}", path.display())]
    Pgn {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// An engine that could not be started.
    #[error("engine '{name}': {source}")]
    Engine {
        /// The engine.
        name: String,
        /// Why.
        source: EngineError,
    },
    /// An output that could not be written.
    #[error("cannot write the match's output: {0}")]
    Output(io::Error),
    /// A worker thread died.
    #[error("a worker thread panicked: {0}")]
    Worker(String),
}
