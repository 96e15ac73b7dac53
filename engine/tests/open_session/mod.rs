//! The engine run with its standard input held open, for the tests whose
//! failure is a hang: a search that ends only at `stop` or at the end of
//! input must fail the test, not be ended by the test's closing input.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// A cache directory that does not exist, so that `EndgameDB auto`
/// loads nothing.
const NO_CACHE: &str = "/nonexistent/ply-test-cache";

/// Generous: an answer takes milliseconds to seconds; a hang fails
/// instead of blocking CI.
pub const TIMEOUT: Duration = Duration::from_secs(60);

/// The engine run with its standard input held open, as a program that
/// waits for an answer holds it: a search that only ends at `stop` or at
/// the end of input fails the wait (after [`TIMEOUT`]) instead of being
/// ended by the test's closing input.
pub struct OpenSession {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl OpenSession {
    pub fn start(args: &[&str]) -> Self {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_ply-engine"))
            .env("XDG_CACHE_HOME", NO_CACHE)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("ply-engine starts");
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    return;
                }
            }
        });
        Self {
            child,
            stdin,
            lines,
        }
    }

    pub fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("the engine reads");
        self.stdin.flush().expect("the engine reads");
    }

    /// The lines the engine writes up to and including the first that
    /// starts with `prefix`; panics when none comes within [`TIMEOUT`].
    pub fn until(&self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + TIMEOUT;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let found = line.starts_with(prefix);
                    seen.push(line);
                    if found {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no '{prefix}' within {TIMEOUT:?} with input open: {seen:?}")
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the engine ended before '{prefix}': {seen:?}")
                }
            }
        }
    }
}

impl Drop for OpenSession {
    fn drop(&mut self) {
        // The engine this test started, hung or not.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
