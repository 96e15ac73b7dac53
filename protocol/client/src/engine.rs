//! One engine process: piped stdin/stdout, a reader thread forwarding its
//! lines into a channel, commands out as typed [`Command`]s, answers read
//! with deadlines. Dropping it tells the engine to quit and kills it after
//! [`QUIT_GRACE`], so no engine outlives its program (also on a panic,
//! which unwinds through the drop).

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::{Command as Process, ExitStatus, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, RecvTimeoutError, TryRecvError, unbounded};
use ply_protocol::{Command, Dialect, Id, Response, parse_response};

use crate::error::Error;
use crate::lines::{Line, MAX_LINE_BYTES, for_each_line};
use crate::registry;

/// How long an engine may take to exit after `quit` before it is killed.
pub const QUIT_GRACE: Duration = Duration::from_millis(1000);

/// How often a wait checks the interrupt flag.
const POLL: Duration = Duration::from_millis(25);

/// When an engine's output ends, how long it may take to exit before it
/// is said to have closed its output while still running.
const EXIT_AFTER_EOF: Duration = Duration::from_millis(200);

/// What the engine's standard error becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stderr {
    /// Each line logged at `info`, under the engine's name (the referee:
    /// several engines, one log).
    Log,
    /// The program's own standard error (the front ends: one engine,
    /// whose messages the person sees).
    Inherit,
    /// Read with the standard output, line by line, as lines that are no
    /// protocol response ([`Engine::try_line`]): for a program whose
    /// progress is on its standard error (`ply-engine build-db`, which
    /// `ply-gui` runs and shows).
    Lines,
}

/// How to start an engine.
#[derive(Clone, Debug)]
pub struct Spawn {
    /// The name used in logs and thread names.
    pub name: String,
    /// The program.
    pub program: PathBuf,
    /// Its arguments.
    pub args: Vec<OsString>,
    /// Its working directory (the caller's when `None`).
    pub dir: Option<PathBuf>,
    /// The protocol it speaks: `uci`/`ugi`, and the `go` clocks.
    pub dialect: Dialect,
    /// What its standard error becomes.
    pub stderr: Stderr,
    /// Linux: the kernel kills the engine when the thread that started it
    /// ends, which covers the program being killed outright (SIGKILL, a
    /// crash), when no handler runs. Only for programs that keep each
    /// engine on the thread that started it (the front ends).
    pub die_with_thread: bool,
    /// Appended to the [`Error::Spawn`] text, e.g. ` (check cmd= and dir=)`.
    pub spawn_hint: &'static str,
}

impl Spawn {
    /// `program` without arguments, speaking UCI, its standard error the
    /// program's own; named after the program.
    #[must_use]
    pub fn new(program: impl Into<PathBuf>) -> Self {
        let program = program.into();
        Self {
            name: program.display().to_string(),
            program,
            args: Vec::new(),
            dir: None,
            dialect: Dialect::Uci,
            stderr: Stderr::Inherit,
            die_with_thread: false,
            spawn_hint: "",
        }
    }
}

/// A running engine.
#[derive(Debug)]
pub struct Engine {
    name: String,
    dialect: Dialect,
    /// The process's id in the [`registry`].
    id: u64,
    process: Arc<registry::Process>,
    lines: Receiver<Line>,
    gone: bool,
}

impl Engine {
    /// Starts the engine. It gets a process group of its own, so that
    /// Ctrl-C in the terminal reaches only this program, which then ends
    /// it in order, and so that the group can be killed with whatever the
    /// engine started; and it ignores the signals a whole job gets
    /// (scancel, kill of the program and its children), which are this
    /// program's to act on: an engine killed in mid-game would count as a
    /// forfeit.
    ///
    /// # Errors
    /// [`Error::Spawn`] when the program does not start;
    /// [`Error::Disconnected`] when the program is ending
    /// ([`registry::end_all`] has run).
    pub fn spawn(spawn: &Spawn) -> Result<Self, Error> {
        // 1. The process, in its own group, deaf to the job's signals.
        let mut child = command_for(spawn).spawn().map_err(|source| Error::Spawn {
            cmd: spawn.program.display().to_string(),
            source,
            hint: spawn.spawn_hint,
        })?;
        let stdout = child.stdout.take();
        let stderr = child.stderr.take();
        let pid = child.id();
        // 2. Registered before anything can fail, so the process is ended
        // whatever happens next.
        let (id, process) = registry::register(child).ok_or(Error::Disconnected)?;
        let name = spawn.name.clone();
        // 3. A reader thread for each output, into one channel. With
        // `Stderr::Lines` the standard error's reader sends into the same
        // channel; it is disconnected once both outputs have ended.
        let (sender, lines) = unbounded();
        let stderr_sender = (spawn.stderr == Stderr::Lines).then(|| sender.clone());
        if let Some(stdout) = stdout {
            read_lines(&name, "stdout", stdout, Some(sender), true);
        }
        if let Some(stderr) = stderr {
            read_lines(&name, "stderr", stderr, stderr_sender, false);
        }
        log::debug!("{name} started, pid {pid}");
        Ok(Self {
            name,
            dialect: spawn.dialect,
            id,
            process,
            lines,
            gone: false,
        })
    }

    /// The name in logs.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The process id.
    #[must_use]
    pub fn pid(&self) -> u32 {
        self.process.pid()
    }

    /// `uci` (or `ugi`), then waits until `timeout` has passed for `uciok`;
    /// returns the engine's `id name`, if it gave one. The wait ends early
    /// when `interrupt` is set.
    ///
    /// # Errors
    /// As [`Engine::read_until`], with `uciok` (`ugiok`) named in a timeout.
    pub fn handshake(
        &mut self,
        timeout: Duration,
        interrupt: Option<&AtomicBool>,
    ) -> Result<Option<String>, Error> {
        let hello = Command::Hello(self.dialect);
        self.send(&hello)?;
        let mut name = None;
        self.read_until(
            Some(Instant::now() + timeout),
            interrupt,
            &format!("{hello}ok"),
            |_, response| match response {
                Some(Response::Id(Id::Name(given))) => {
                    name = Some(given.clone());
                    None
                }
                Some(Response::HelloOk(_)) => Some(()),
                _ => None,
            },
        )?;
        Ok(name)
    }

    /// `isready`, then waits for `readyok` until `deadline`; returns the
    /// errors the engine reported meanwhile (`info string error: …`).
    ///
    /// # Errors
    /// As [`Engine::read_until`], with `readyok` named in a timeout.
    pub fn ping(
        &mut self,
        deadline: Instant,
        interrupt: Option<&AtomicBool>,
    ) -> Result<Vec<String>, Error> {
        self.send(&Command::IsReady)?;
        let mut errors = Vec::new();
        self.read_until(
            Some(deadline),
            interrupt,
            "readyok",
            |_, response| match response {
                Some(Response::ReadyOk) => Some(()),
                Some(Response::InfoString(text)) => {
                    if let Some(reason) = text.strip_prefix("error:") {
                        errors.push(reason.trim().to_owned());
                    }
                    None
                }
                _ => None,
            },
        )?;
        Ok(errors)
    }

    /// Sends one command, printed in the engine's dialect.
    ///
    /// # Errors
    /// [`Error::Disconnected`] when the engine no longer reads.
    pub fn send(&mut self, command: &Command) -> Result<(), Error> {
        let line = crate::dialect::command_line(command, self.dialect);
        log::debug!("{} > {line}", self.name);
        self.process
            .write_line(&line)
            .map_err(|_| Error::Disconnected)
    }

    /// Reads lines until `pick` returns `Some`, `deadline` passes (never
    /// when `None`), the engine goes away or `interrupt` is set. `pick`
    /// sees every line and its parse (`None` for a line that is no protocol
    /// response).
    ///
    /// # Errors
    /// [`Error::Timeout`] naming `waiting_for`, [`Error::Disconnected`]
    /// (the process exited), [`Error::OutputClosed`] (it runs but its
    /// output ended), [`Error::LineTooLong`] or [`Error::Interrupted`].
    pub fn read_until<T>(
        &mut self,
        deadline: Option<Instant>,
        interrupt: Option<&AtomicBool>,
        waiting_for: &str,
        mut pick: impl FnMut(&Line, Option<&Response>) -> Option<T>,
    ) -> Result<T, Error> {
        let started = Instant::now();
        loop {
            if interrupt.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
                return Err(Error::Interrupted);
            }
            let now = Instant::now();
            let mut wait = POLL;
            if let Some(deadline) = deadline {
                if now >= deadline {
                    return Err(Error::Timeout {
                        waiting_for: waiting_for.to_owned(),
                        after: now - started,
                    });
                }
                wait = wait.min(deadline - now);
            }
            match self.lines.recv_timeout(wait) {
                Ok(line) => {
                    let response = checked(&line)?;
                    if let Some(found) = pick(&line, response.as_ref()) {
                        return Ok(found);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Err(self.output_ended()),
            }
        }
    }

    /// The next line if one has arrived, with its parse, without waiting.
    ///
    /// # Errors
    /// [`Error::Disconnected`] or [`Error::OutputClosed`] when the output
    /// has ended, [`Error::LineTooLong`].
    pub fn try_line(&mut self) -> Result<Option<(Line, Option<Response>)>, Error> {
        match self.lines.try_recv() {
            Ok(line) => {
                let response = checked(&line)?;
                Ok(Some((line, response)))
            }
            Err(TryRecvError::Empty) => Ok(None),
            Err(TryRecvError::Disconnected) => Err(self.output_ended()),
        }
    }

    /// Every line received so far, taken out, without waiting and without
    /// asking whether the output has ended.
    pub fn take_received(&mut self) -> Vec<Line> {
        self.lines.try_iter().collect()
    }

    /// Why the output ended: the process exited (it may take a moment
    /// after closing its output), or it closed its output and runs on.
    fn output_ended(&self) -> Error {
        let deadline = Instant::now() + EXIT_AFTER_EOF;
        loop {
            if !self.is_running() {
                return Error::Disconnected;
            }
            if Instant::now() >= deadline {
                return Error::OutputClosed;
            }
            thread::sleep(POLL.min(EXIT_AFTER_EOF));
        }
    }

    /// Whether the process still runs (it has not been ended, has not
    /// exited and can be waited for).
    #[must_use]
    pub fn is_running(&self) -> bool {
        !self.gone && matches!(self.process.state(), registry::ChildState::Running)
    }

    /// Asks the process to end with SIGTERM (a program that cleans up on
    /// it, such as `ply-engine build-db` removing its temporary file,
    /// does), then ends it as [`Self::shutdown`] does, killing it if it
    /// still runs after `grace`. The process starts with SIGTERM ignored
    /// (see [`ply_signals::children::ignore_job_signals`]): only one that
    /// has installed its own handler hears it.
    pub fn terminate(&mut self, grace: Duration) -> Option<ExitStatus> {
        if self.is_running()
            && let Err(e) = ply_signals::children::terminate(self.process.pid())
        {
            log::debug!("cannot signal {}: {e}", self.name);
        }
        self.shutdown(grace)
    }

    /// Sends `quit` (unless `grace` is zero), closes the engine's input,
    /// waits up to `grace` for the process to exit, then kills it and its
    /// process group (whatever it started, e.g. the real engine behind a
    /// wrapper script). Returns its exit status: `None` when it had been
    /// ended before or could not be waited for. Idempotent.
    pub fn shutdown(&mut self, grace: Duration) -> Option<ExitStatus> {
        if self.gone {
            return None;
        }
        self.gone = true;
        if !grace.is_zero() {
            let _ = self.process.write_line(&Command::Quit.to_string());
        }
        // Closing stdin is end of input, which is `quit` too.
        self.process.close_input();
        let status = registry::reap_within(&[self.process.as_ref()], grace)
            .into_iter()
            .next()
            .flatten();
        match status {
            Some(status) => log::debug!("{} ended: {status}", self.name),
            None => log::debug!("{} ended", self.name),
        }
        registry::unregister(self.id);
        status
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.shutdown(QUIT_GRACE);
    }
}

/// The line's parse, `None` for a line that is no protocol response.
///
/// # Errors
/// [`Error::LineTooLong`] for an overlong line.
fn checked(line: &Line) -> Result<Option<Response>, Error> {
    if line.overlong {
        return Err(Error::LineTooLong {
            limit: MAX_LINE_BYTES,
        });
    }
    Ok(parse_response(&line.text).ok())
}

/// Has the kernel kill the engine when the thread that started it ends
/// ([`Spawn::die_with_thread`]).
#[cfg(target_os = "linux")]
fn die_with_thread(command: &mut Process) {
    use std::os::unix::process::CommandExt;
    let parent = std::process::id();
    // SAFETY: the closure runs in the child between fork and exec, where
    // only async-signal-safe calls may be made: `prctl` and `getppid` are
    // plain system calls that neither allocate nor take a lock, and
    // `from_raw_os_error` allocates nothing.
    #[allow(unsafe_code)]
    unsafe {
        command.pre_exec(move || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) == -1 {
                return Err(std::io::Error::last_os_error());
            }
            // The program died before the call: nobody to kill us then.
            if u32::try_from(libc::getppid()).ok() != Some(parent) {
                return Err(std::io::Error::from_raw_os_error(libc::ESRCH));
            }
            Ok(())
        });
    }
}

/// The command that starts `spawn`'s program: its arguments and folder,
/// its outputs piped, in a process group of its own (so its whole group
/// can be killed), with the job's signals ignored, and on Linux dying
/// with the thread that started it when asked.
fn command_for(spawn: &Spawn) -> Process {
    let mut command = Process::new(&spawn.program);
    command
        .args(&spawn.args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(match spawn.stderr {
            Stderr::Log | Stderr::Lines => Stdio::piped(),
            Stderr::Inherit => Stdio::inherit(),
        });
    if let Some(dir) = &spawn.dir {
        command.current_dir(dir);
    }
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    ply_signals::children::ignore_job_signals(&mut command);
    #[cfg(target_os = "linux")]
    if spawn.die_with_thread {
        die_with_thread(&mut command);
    }
    command
}

/// Reads the engine `name`'s output `what` (`stdout`, `stderr`) on a
/// thread of its own, a line at a time: into `sender` when there is one
/// (each line logged at debug level when `log_lines`), else into the log.
fn read_lines(
    name: &str,
    what: &str,
    output: impl std::io::Read + Send + 'static,
    sender: Option<crossbeam_channel::Sender<Line>>,
    log_lines: bool,
) {
    let reader_name = name.to_owned();
    let stream = what.to_owned();
    let spawned = thread::Builder::new()
        .name(format!("{name} {what}"))
        .spawn(move || {
            for_each_line(output, |text, overlong| match &sender {
                Some(sender) => {
                    if log_lines {
                        log::debug!("{reader_name} < {text}");
                    }
                    sender
                        .send(Line {
                            text,
                            at: Instant::now(),
                            overlong,
                        })
                        .is_ok()
                }
                None => {
                    log::info!("{reader_name} {stream}: {text}");
                    true
                }
            });
        });
    if let Err(e) = spawned {
        log::error!("{name}: cannot start a {what} reader thread: {e}");
    }
}
