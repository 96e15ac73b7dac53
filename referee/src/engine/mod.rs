//! The match's engines: the shared engine client (`ply-client`: the
//! process, its reader thread, deadlines, `quit` then a kill, and the
//! registry that kills every engine on a signal) with what a match adds:
//! the handshake with `-variant` and the options, restarts, and the
//! duplicate-`bestmove` check.

mod process;

pub use ply_client::registry;
pub use ply_client::{Error as EngineError, Line, MAX_LINE_BYTES, QUIT_GRACE, go_line};
pub use process::{EngineProcess, EngineSetup};
