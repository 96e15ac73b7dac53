//! One engine process: piped stdin/stdout, a reader thread forwarding its
//! lines into a channel, commands out as typed [`Command`]s, answers read
//! with deadlines. Dropping it tells the engine to quit and kills it after
//! [`QUIT_GRACE`], so no engine outlives the referee (also on a panic,
//! which unwinds through the drop).

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{ChildStdin, Command as Process, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, RecvTimeoutError, unbounded};
use ply_protocol::{Command, Dialect, GoParams, Response, parse_response};
use ply_rules::variant::Variant;

use super::error::EngineError;
use super::registry::{self, ChildState, SharedChild};
use crate::config::EngineConfig;

/// How long an engine may take to exit after `quit` before it is killed.
pub const QUIT_GRACE: Duration = Duration::from_millis(1000);

/// How often a wait checks the interrupt flag.
const POLL: Duration = Duration::from_millis(25);

/// The longest line an engine may print (1 MiB): protocol lines are short,
/// so a longer one is garbage, and reading on without a line end would
/// grow the referee's memory without bound.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// When an engine's output ends, how long it may take to exit before it
/// is said to have closed its output while still running.
const EXIT_AFTER_EOF: Duration = Duration::from_millis(200);

/// A line from the engine and when it arrived.
#[derive(Clone, Debug)]
pub struct Line {
    /// The text, without the line end. Bytes that are not UTF-8 are replaced.
    pub text: String,
    /// When the reader thread got it.
    pub at: Instant,
    /// The line passed [`MAX_LINE_BYTES`]: `text` is its beginning, and
    /// nothing more is read from the engine.
    pub overlong: bool,
}

/// What is needed to start (and restart) an engine.
#[derive(Clone, Debug)]
pub struct EngineSetup {
    /// The engine.
    pub config: EngineConfig,
    /// `-variant`, sent as `UCI_Variant` before the options.
    pub variant: Option<Variant>,
    /// How long `uci`/`ugi` may take.
    pub handshake_timeout: Duration,
}

/// A running engine.
#[derive(Debug)]
pub struct EngineProcess {
    setup: EngineSetup,
    id: u64,
    child: SharedChild,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    broken: bool,
    gone: bool,
}

/// The `go` line in the engine's dialect: UGI engines get
/// `p1time p2time p1inc p2inc` for UCI's `wtime btime winc binc`.
#[must_use]
pub fn go_line(params: &GoParams, dialect: Dialect) -> String {
    let line = Command::Go(params.clone()).to_string();
    match dialect {
        Dialect::Uci => line,
        Dialect::Ugi => line
            .split(' ')
            .map(|token| match token {
                "wtime" => "p1time",
                "btime" => "p2time",
                "winc" => "p1inc",
                "binc" => "p2inc",
                other => other,
            })
            .collect::<Vec<_>>()
            .join(" "),
    }
}

impl EngineProcess {
    /// Starts the engine, says `uci` (or `ugi`) and waits for `uciok`, then
    /// sends `UCI_Variant` and the options. The wait ends early when
    /// `interrupt` is set: the handshake may take the whole stall timeout,
    /// and a Ctrl-C must not wait for that.
    ///
    /// # Errors
    /// [`EngineError::Spawn`] when the program does not start;
    /// [`EngineError::Disconnected`] or [`EngineError::Timeout`] when it
    /// does not finish the handshake; [`EngineError::Interrupted`] when
    /// `interrupt` was set first.
    pub fn start(setup: &EngineSetup, interrupt: &AtomicBool) -> Result<Self, EngineError> {
        let config = &setup.config;
        let mut command = Process::new(&config.cmd);
        command
            .args(&config.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(dir) = &config.dir {
            command.current_dir(dir);
        }
        // Engines get a process group of their own, so that Ctrl-C in the
        // terminal reaches only the referee, which then stops them in order,
        // and so that the group can be killed with whatever they started;
        // and they ignore the signals a whole job gets (scancel, kill of the
        // referee and its children), which are the referee's to act on:
        // an engine killed in mid-game would count as a forfeit.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        ply_signals::children::ignore_job_signals(&mut command);
        let mut child = command.spawn().map_err(|source| EngineError::Spawn {
            cmd: config.cmd.clone(),
            source,
        })?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let stderr = child.stderr.take();
        let pid = child.id();
        let (id, child) = registry::register(child);
        let (sender, lines) = unbounded();
        let name = config.name.clone();
        if let Some(stdout) = stdout {
            let reader_name = name.clone();
            let spawned = thread::Builder::new()
                .name(format!("{name} stdout"))
                .spawn(move || {
                    for_each_line(stdout, |text, overlong| {
                        log::debug!("{reader_name} < {text}");
                        sender
                            .send(Line {
                                text,
                                at: Instant::now(),
                                overlong,
                            })
                            .is_ok()
                    });
                });
            if let Err(e) = spawned {
                log::error!("{name}: cannot start a reader thread: {e}");
            }
        }
        if let Some(stderr) = stderr {
            let thread_name = format!("{name} stderr");
            let spawned = thread::Builder::new().name(thread_name).spawn(move || {
                for_each_line(stderr, |text, _| {
                    log::info!("{name} stderr: {text}");
                    true
                });
            });
            if let Err(e) = spawned {
                log::error!("cannot start a stderr reader thread: {e}");
            }
        }
        log::debug!("{} started, pid {pid}", config.name);
        let mut engine = Self {
            setup: setup.clone(),
            id,
            child,
            stdin,
            lines,
            broken: false,
            gone: false,
        };
        engine.handshake(interrupt)?;
        Ok(engine)
    }

    fn handshake(&mut self, interrupt: &AtomicBool) -> Result<(), EngineError> {
        let dialect = self.setup.config.dialect;
        self.send(&Command::Hello(dialect))?;
        let deadline = Instant::now() + self.setup.handshake_timeout;
        self.read_until(deadline, interrupt, |_, response| {
            matches!(response, Some(Response::HelloOk(_))).then_some(())
        })
        .map_err(|e| match e {
            EngineError::Timeout { after, .. } => EngineError::Timeout {
                waiting_for: format!("{}ok", Command::Hello(dialect)),
                after,
            },
            other => other,
        })?;
        if let Some(variant) = self.setup.variant {
            self.send(&Command::SetOption {
                name: "UCI_Variant".to_owned(),
                value: Some(variant.name().to_owned()),
            })?;
        }
        for (name, value) in self.setup.config.options.clone() {
            self.send(&Command::SetOption {
                name,
                value: Some(value),
            })?;
        }
        Ok(())
    }

    /// The engine's name in the match.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.setup.config.name
    }

    /// Its settings.
    #[must_use]
    pub fn config(&self) -> &EngineConfig {
        &self.setup.config
    }

    /// Sends one command.
    ///
    /// # Errors
    /// [`EngineError::Disconnected`] when the engine no longer reads.
    pub fn send(&mut self, command: &Command) -> Result<(), EngineError> {
        let line = match command {
            Command::Go(params) => go_line(params, self.setup.config.dialect),
            other => other.to_string(),
        };
        self.send_line(&line)
    }

    fn send_line(&mut self, line: &str) -> Result<(), EngineError> {
        log::debug!("{} > {line}", self.name());
        let stdin = self.stdin.as_mut().ok_or(EngineError::Disconnected)?;
        // One write a line: one system call, and the engine never sees half a line.
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        stdin
            .write_all(&bytes)
            .and_then(|()| stdin.flush())
            .map_err(|_| EngineError::Disconnected)
    }

    /// Reads lines until `pick` returns `Some`, the deadline passes, the
    /// engine goes away or `interrupt` is set. `pick` sees every line and
    /// its parse (`None` for a line that is no protocol response).
    ///
    /// # Errors
    /// [`EngineError::Timeout`], [`EngineError::Disconnected`] (the
    /// process exited), [`EngineError::OutputClosed`] (it runs but its
    /// output ended), [`EngineError::LineTooLong`] or
    /// [`EngineError::Interrupted`].
    pub fn read_until<T>(
        &mut self,
        deadline: Instant,
        interrupt: &AtomicBool,
        mut pick: impl FnMut(&Line, Option<&Response>) -> Option<T>,
    ) -> Result<T, EngineError> {
        let started = Instant::now();
        loop {
            if interrupt.load(Ordering::Relaxed) {
                return Err(EngineError::Interrupted);
            }
            let now = Instant::now();
            if now >= deadline {
                return Err(EngineError::Timeout {
                    waiting_for: "an answer".to_owned(),
                    after: now - started,
                });
            }
            match self.lines.recv_timeout((deadline - now).min(POLL)) {
                Ok(line) => {
                    if line.overlong {
                        return Err(EngineError::LineTooLong {
                            limit: MAX_LINE_BYTES,
                        });
                    }
                    let response = parse_response(&line.text).ok();
                    if let Some(found) = pick(&line, response.as_ref()) {
                        return Ok(found);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Err(self.output_ended()),
            }
        }
    }

    /// Why the output ended: the process exited (it may take a moment
    /// after closing its output), or it closed its output and runs on.
    fn output_ended(&self) -> EngineError {
        let deadline = Instant::now() + EXIT_AFTER_EOF;
        loop {
            let running = matches!(
                registry::state(&mut registry::lock(&self.child)),
                ChildState::Running
            );
            if !running {
                return EngineError::Disconnected;
            }
            if Instant::now() >= deadline {
                return EngineError::OutputClosed;
            }
            thread::sleep(POLL.min(EXIT_AFTER_EOF));
        }
    }

    /// A `bestmove` the engine sent that nobody asked for (one more after
    /// the answer to the last `go`), if any; every line received so far is
    /// consumed. Asked before each `go`, so a duplicate is named as such
    /// rather than read as the answer to the next position.
    pub fn unasked_bestmove(&mut self) -> Option<String> {
        let mut found = None;
        while let Ok(line) = self.lines.try_recv() {
            if found.is_none()
                && matches!(parse_response(&line.text), Ok(Response::BestMove { .. }))
            {
                found = Some(line.text);
            }
        }
        found
    }

    /// `isready`, then waits for `readyok` until `deadline`.
    ///
    /// # Errors
    /// As [`EngineProcess::read_until`], with `readyok` named in a timeout.
    pub fn ping(&mut self, deadline: Instant, interrupt: &AtomicBool) -> Result<(), EngineError> {
        self.send(&Command::IsReady)?;
        self.read_until(deadline, interrupt, |_, response| {
            matches!(response, Some(Response::ReadyOk)).then_some(())
        })
        .map_err(|e| match e {
            EngineError::Timeout { after, .. } => EngineError::Timeout {
                waiting_for: "readyok".to_owned(),
                after,
            },
            other => other,
        })
    }

    /// Throws away lines already received (e.g. a late `bestmove` of a
    /// search that ran out of time).
    pub fn drain(&mut self) {
        while self.lines.try_recv().is_ok() {}
    }

    /// Marks the engine as unusable (it crashed or stalled): it is killed
    /// now and must be restarted before it plays again.
    pub fn mark_broken(&mut self) {
        self.broken = true;
        self.shutdown(Duration::ZERO);
    }

    /// Whether the engine must be restarted before it can play: it was
    /// marked broken or its process has exited.
    #[must_use]
    pub fn needs_restart(&self) -> bool {
        self.broken
            || self.gone
            || !matches!(
                registry::state(&mut registry::lock(&self.child)),
                ChildState::Running
            )
    }

    /// A fresh process with the same settings in place of this one.
    ///
    /// # Errors
    /// As [`EngineProcess::start`].
    pub fn restart(&mut self, interrupt: &AtomicBool) -> Result<(), EngineError> {
        log::info!("restarting {}", self.name());
        self.shutdown(Duration::ZERO);
        *self = Self::start(&self.setup, interrupt)?;
        Ok(())
    }

    /// Sends `quit`, waits up to `grace` for the process to exit, then
    /// kills it and its process group (whatever it started, e.g. the real
    /// engine behind a wrapper script). Idempotent.
    pub fn shutdown(&mut self, grace: Duration) {
        if self.gone {
            return;
        }
        self.gone = true;
        if !grace.is_zero() {
            let _ = self.send_line(&Command::Quit.to_string());
        }
        // Closing stdin is end of input, which is `quit` too.
        self.stdin = None;
        let deadline = Instant::now() + grace;
        let name = &self.setup.config.name;
        loop {
            let mut child = registry::lock(&self.child);
            let state = registry::state(&mut child);
            match next_step(&state, Instant::now() >= deadline) {
                Reaping::Lost => {
                    if let ChildState::Lost(e) = state {
                        log::warn!("{name}: cannot wait for it ({e}); taking it as gone");
                    }
                    break;
                }
                Reaping::Wait => {}
                // Exited by itself, or still running after the grace period:
                // either way what is left of its process group is killed
                // (still unreaped, so the group is still its own).
                Reaping::Reap | Reaping::Kill => {
                    match registry::kill_and_reap(&mut child) {
                        Ok(status) => log::debug!("{name} ended: {status}"),
                        Err(e) => log::debug!("{name}: kill: {e}"),
                    }
                    break;
                }
            }
            drop(child);
            thread::sleep(Duration::from_millis(5));
        }
        registry::unregister(self.id);
    }
}

/// What [`EngineProcess::shutdown`] does after looking at the child.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reaping {
    /// The process exited by itself: kill what is left of its process
    /// group, and reap it.
    Reap,
    /// It runs and the grace period is not over: wait a little more.
    Wait,
    /// It runs after the grace period: kill it and its process group.
    Kill,
    /// It cannot be waited for: its pid may be another process's by now,
    /// so nothing may be signalled; it is taken as gone.
    Lost,
}

/// The step after `state`; `past_deadline` when the grace period is over.
/// Only a child that can still be waited for is ever signalled.
fn next_step(state: &ChildState, past_deadline: bool) -> Reaping {
    match state {
        ChildState::Exited(_) => Reaping::Reap,
        ChildState::Running if past_deadline => Reaping::Kill,
        ChildState::Running => Reaping::Wait,
        ChildState::Lost(_) => Reaping::Lost,
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.shutdown(QUIT_GRACE);
    }
}

/// Calls `each` with every line of `source` (lossy UTF-8, line end
/// removed) until it returns false or the source ends. A line longer than
/// [`MAX_LINE_BYTES`] is passed as its first [`MAX_LINE_BYTES`] with
/// `overlong` set, and ends the reading: memory stays bounded whatever the
/// engine prints.
fn for_each_line(source: impl Read, mut each: impl FnMut(String, bool) -> bool) {
    let mut reader = BufReader::new(source);
    let mut buffer = Vec::new();
    // The line end (`\r\n` at most) may follow the longest line allowed.
    let limit = u64::try_from(MAX_LINE_BYTES + 2).unwrap_or(u64::MAX);
    loop {
        buffer.clear();
        match (&mut reader).take(limit).read_until(b'\n', &mut buffer) {
            Ok(0) | Err(_) => return,
            Ok(_) => {
                while buffer.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
                    buffer.pop();
                }
                let overlong = buffer.len() > MAX_LINE_BYTES;
                buffer.truncate(MAX_LINE_BYTES);
                if !each(String::from_utf8_lossy(&buffer).into_owned(), overlong) || overlong {
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_past_the_limit_ends_the_reading() {
        let mut input = b"uciok\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', MAX_LINE_BYTES + 10));
        input.extend(b"\nreadyok\n");
        let mut seen = Vec::new();
        for_each_line(input.as_slice(), |text, overlong| {
            seen.push((text.len(), overlong));
            true
        });
        assert_eq!(seen, [(5, false), (MAX_LINE_BYTES, true)]);
        // Exactly at the limit, with its line end, is a line like any other.
        let mut input = vec![b'y'; MAX_LINE_BYTES];
        input.extend(b"\r\nok\n");
        let mut seen = Vec::new();
        for_each_line(input.as_slice(), |text, overlong| {
            seen.push((text.len(), overlong));
            true
        });
        assert_eq!(seen, [(MAX_LINE_BYTES, false), (2, false)]);
    }

    #[test]
    fn only_a_child_known_to_run_is_killed() {
        // Any try_wait error (ECHILD after the kernel reaped the child, as
        // when SIGCHLD is ignored): the pid may be reused, so no kill.
        let gone = || ChildState::Lost(std::io::Error::from(std::io::ErrorKind::NotFound));
        assert_eq!(next_step(&gone(), true), Reaping::Lost);
        assert_eq!(next_step(&gone(), false), Reaping::Lost);
        assert_eq!(next_step(&ChildState::Running, true), Reaping::Kill);
        assert_eq!(next_step(&ChildState::Running, false), Reaping::Wait);
        // Exited by itself: its group is ended before it is reaped.
        assert_eq!(next_step(&ChildState::Exited(None), false), Reaping::Reap);
    }

    #[test]
    fn ugi_engines_get_ugi_clocks() {
        let params = GoParams {
            depth: Some(4),
            time: [Some(1000), Some(2000)],
            inc: [Some(10), Some(20)],
            movestogo: Some(5),
            ..GoParams::default()
        };
        assert_eq!(
            go_line(&params, Dialect::Uci),
            "go depth 4 wtime 1000 btime 2000 winc 10 binc 20 movestogo 5"
        );
        assert_eq!(
            go_line(&params, Dialect::Ugi),
            "go depth 4 p1time 1000 p2time 2000 p1inc 10 p2inc 20 movestogo 5"
        );
    }
}
