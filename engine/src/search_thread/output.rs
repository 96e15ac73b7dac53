//! The engine's side of stdout: whole protocol lines, one writer at a time.
//!
//! The protocol loop and the search thread both print, so lines go through
//! one lock and are flushed at once (a front end waits on each line).
//! Nothing else may write to stdout; diagnostics go to `log` (stderr).
//!
//! A front end that speaks another protocol than UCI (Hub, Aalina's
//! dialect) gets each message through a [`Translate`]: the search sends
//! Ply's [`Response`]s as always, and the output writes them as that
//! protocol does.

use std::io::Write;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex, PoisonError};

use ply_protocol::Response;

/// Rewrites Ply's messages for a front end that speaks another protocol.
pub trait Translate: Send + Sync {
    /// The line to send for `response`, or `None` when that protocol has no
    /// place for it (it is then only logged).
    fn translate(&self, response: &Response) -> Option<String>;
}

/// A shared, line-buffered protocol writer.
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
    /// How messages are written when the front end speaks another protocol.
    translator: Option<Arc<dyn Translate>>,
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
            translator: None,
        }
    }

    /// The same writer, with every message rewritten by `translator`.
    #[must_use]
    pub fn translated(&self, translator: Arc<dyn Translate>) -> Self {
        Self {
            sink: Arc::clone(&self.sink),
            translator: Some(translator),
        }
    }

    /// Sends each line to a channel instead of a stream, so that a program
    /// driving a [`Session`](crate::session::Session) in-process (`ply-engine
    /// analyse`) reads exactly the lines a front end would, without a pipe.
    #[must_use]
    pub fn to_channel() -> (Self, Receiver<String>) {
        let (sender, receiver) = channel();
        let sink = LineSender {
            sender,
            partial: Vec::new(),
        };
        (Self::new(sink), receiver)
    }

    /// Sends one protocol message.
    pub fn send(&self, response: &Response) {
        match &self.translator {
            None => self.line(&response.to_string()),
            Some(translator) => match translator.translate(response) {
                Some(line) => self.line(&line),
                None => log::debug!("not sent in this protocol: {response}"),
            },
        }
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

/// A [`Write`] that gathers bytes into lines and sends each whole line
/// (without its newline) to a channel.
struct LineSender {
    sender: Sender<String>,
    /// The bytes of the line being written, up to its newline.
    partial: Vec<u8>,
}

impl Write for LineSender {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        for &byte in buf {
            if byte == b'\n' {
                let line = String::from_utf8_lossy(&self.partial).into_owned();
                self.partial.clear();
                // The reader has gone: like a closed stdout, nobody is listening.
                self.sender
                    .send(line)
                    .map_err(|_| std::io::Error::from(std::io::ErrorKind::BrokenPipe))?;
            } else {
                self.partial.push(byte);
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_channel_output_receives_whole_lines() {
        let (out, lines) = Output::to_channel();
        out.send(&Response::ReadyOk);
        out.line("two\nlines");
        let got: Vec<String> = lines.try_iter().collect();
        assert_eq!(got, ["readyok", "two", "lines"]);
    }

    #[test]
    fn a_translated_output_rewrites_messages_and_drops_some() {
        struct Shout;
        impl Translate for Shout {
            fn translate(&self, response: &Response) -> Option<String> {
                (*response == Response::ReadyOk).then(|| "READY".to_owned())
            }
        }
        let (out, lines) = Output::to_channel();
        let shouting = out.translated(Arc::new(Shout));
        shouting.send(&Response::ReadyOk);
        shouting.send(&Response::InfoString("dropped".to_owned()));
        out.send(&Response::ReadyOk);
        let got: Vec<String> = lines.try_iter().collect();
        assert_eq!(got, ["READY", "readyok"]);
    }
}
