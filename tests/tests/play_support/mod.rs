//! Drives `ply-play` as a person would: a real process, its prompt read
//! from stdout, lines typed into stdin.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use ply_rules::games::kalah::Kalah;

/// The prompt `ply-play` prints when it waits for a line.
pub const PROMPT: &str = "Your move> ";

/// How long `ply-play` may take to come back to the prompt.
const TIMEOUT: Duration = Duration::from_secs(30);

/// A running `ply-play`.
pub struct Terminal {
    child: Child,
    stdin: Option<ChildStdin>,
    output: Receiver<Vec<u8>>,
    pending: String,
    /// Everything printed so far.
    pub transcript: String,
}

impl Terminal {
    /// Starts `ply-play` against the workspace's `ply-engine` with `args`.
    pub fn start(args: &[&str]) -> Self {
        let mut child = Command::new(ply_tests::binary("ply-play"))
            .env("XDG_CACHE_HOME", ply_tests::NO_CACHE)
            .arg("--engine")
            .arg(ply_tests::binary("ply-engine"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("ply-play starts");
        let stdin = child.stdin.take();
        let mut stdout = child.stdout.take().expect("stdout is piped");
        let (sender, output) = channel();
        std::thread::spawn(move || {
            let mut buffer = [0_u8; 4096];
            while let Ok(n) = stdout.read(&mut buffer) {
                if n == 0 || sender.send(buffer[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Self {
            child,
            stdin,
            output,
            pending: String::new(),
            transcript: String::new(),
        }
    }

    /// The output up to the next prompt (the prompt left out).
    pub fn until_prompt(&mut self) -> String {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(end) = self.pending.find(PROMPT) {
                let text = self.pending[..end].to_owned();
                self.pending.drain(..end + PROMPT.len());
                return text;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(bytes) => {
                    let text = String::from_utf8_lossy(&bytes).into_owned();
                    self.transcript.push_str(&text);
                    self.pending.push_str(&text);
                }
                Err(RecvTimeoutError::Timeout) => panic!(
                    "no prompt within {TIMEOUT:?}; the output so far:\n{}",
                    self.transcript
                ),
                Err(RecvTimeoutError::Disconnected) => panic!(
                    "ply-play ended without a prompt; the output so far:\n{}",
                    self.transcript
                ),
            }
        }
    }

    /// Types `line`.
    pub fn type_line(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        writeln!(stdin, "{line}").expect("ply-play reads its input");
        self.transcript.push_str(&format!("{line}\n"));
    }

    /// Types `line` and returns the answer, up to the next prompt.
    pub fn answer(&mut self, line: &str) -> String {
        self.type_line(line);
        self.until_prompt()
    }

    /// Types `line`, expects an answer containing `reason`, and checks that
    /// the position did not change.
    pub fn refused(&mut self, line: &str, reason: &str) {
        let before = self.fen();
        let answer = self.answer(line);
        // Long messages are wrapped to the terminal's width.
        let flat = answer.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains(reason), "{line:?} answered {answer:?}");
        assert!(
            !answer.contains("You play"),
            "{line:?} was played: {answer}"
        );
        assert_eq!(self.fen(), before, "{line:?} changed the position");
    }

    /// The position string, as `fen` shows it.
    pub fn fen(&mut self) -> String {
        let answer = self.answer("fen");
        answer
            .lines()
            .find_map(|line| line.strip_prefix("Fen: "))
            .unwrap_or_else(|| panic!("no Fen line in {answer:?}"))
            .trim()
            .to_owned()
    }

    /// The position, read with the engine library.
    pub fn position(&mut self) -> Kalah {
        let fen = self.fen();
        Kalah::from_position_string(&fen, false).expect("ply-play shows a valid position")
    }

    /// Types `line` (e.g. `quit`), then waits for the end: the rest of the
    /// output and the exit status.
    pub fn finish(mut self, line: Option<&str>) -> (String, ExitStatus) {
        if let Some(line) = line {
            self.type_line(line);
        }
        drop(self.stdin.take());
        let deadline = Instant::now() + TIMEOUT;
        let mut rest = std::mem::take(&mut self.pending);
        while let Ok(bytes) = self
            .output
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            rest.push_str(&String::from_utf8_lossy(&bytes));
        }
        let status = self.child.wait().expect("ply-play ends");
        (rest, status)
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
