//! The engine's side of stdout: whole protocol lines, one writer at a time.
//!
//! The protocol loop and the search thread both print, so lines go through
//! one lock and are flushed at once (a front end waits on each line).
//! Nothing else may write to stdout; diagnostics go to `log` (stderr).

use std::io::Write;
use std::sync::{Arc, Mutex, PoisonError};

use ply_protocol::Response;

/// A shared, line-buffered protocol writer.
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl std::fmt::Debug for Output {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Output")
    }
}

impl Output {
    /// Writes to `sink` (stdout in the binary, a buffer in tests).
    pub fn new(sink: impl Write + Send + 'static) -> Self {
        Self {
            sink: Arc::new(Mutex::new(Box::new(sink))),
        }
    }

    /// Sends one protocol message.
    pub fn send(&self, response: &Response) {
        self.line(&response.to_string());
    }

    /// Sends `info string error: <message>` and logs it.
    pub fn error(&self, message: &str) {
        log::info!("answered with an error: {message}");
        self.send(&Response::InfoString(format!("error: {message}")));
    }

    /// Sends raw text lines (the board of `d`, the blank line of perft).
    pub fn line(&self, text: &str) {
        let mut sink = self.sink.lock().unwrap_or_else(PoisonError::into_inner);
        // A closed stdout means the front end has gone; the loop ends at
        // end of input, so a failed write has nowhere better to go than the log.
        if let Err(e) = writeln!(sink, "{text}").and_then(|()| sink.flush()) {
            log::debug!("cannot write to the front end: {e}");
        }
    }
}
