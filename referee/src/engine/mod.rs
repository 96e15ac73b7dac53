//! Engine processes: start one, talk to it line by line with deadlines,
//! and make sure it is gone when the referee is done with it.

mod error;
mod process;
pub mod registry;

pub use error::EngineError;
pub use process::{EngineProcess, EngineSetup, Line, QUIT_GRACE, go_line};
