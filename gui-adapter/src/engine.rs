//! A client for one engine process: the front ends' side of the protocol.
//!
//! The engine runs as a child process with piped stdin/stdout. Commands go
//! out as typed [`Command`] values (printed with their `Display`), and a
//! reader thread forwards every stdout line into a channel, where it is read
//! back with [`parse_response`]. Nothing else is ever written to the engine:
//! no text from a person or from the network reaches it unparsed.
//!
//! The terminal front end uses the blocking helpers ([`Engine::search`]);
//! the web front end starts a search with [`Engine::go`] and polls
//! [`Engine::try_response`] so that it can keep serving the page.
//!
//! Dropping an [`Engine`] sends `quit` and kills the process if it has not
//! exited after [`QUIT_GRACE`], so no engine outlives its front end. A
//! signal runs no destructors: every process is also in the [`registry`],
//! whose signal handler ends them all (and, on Linux, the kernel kills an
//! engine whose front end died without a word).

pub mod registry;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command as Process, Stdio};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, RecvTimeoutError, TryRecvError, unbounded};
use ply_protocol::{Command, Dialect, GoParams, Id, Info, Response, parse_response};
use thiserror::Error;

/// How long an engine may take to answer `uci` or `isready`.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// How long an engine may take to exit after `quit` before it is killed.
pub const QUIT_GRACE: Duration = Duration::from_millis(1000);

/// The engine binary's file name.
pub const ENGINE_NAME: &str = "ply-engine";

/// Something went wrong talking to the engine.
#[derive(Debug, Error)]
pub enum EngineError {
    /// The process could not be started.
    #[error("cannot start the engine '{path}': {source}")]
    Spawn {
        /// The program.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The engine exited or closed its output.
    #[error("the engine has exited")]
    Exited,
    /// The engine did not answer in time.
    #[error("the engine did not answer '{0}' in time")]
    Timeout(String),
    /// The engine refused a command (`info string error: …`).
    #[error("the engine refused '{command}': {reason}")]
    Refused {
        /// The command as sent.
        command: String,
        /// The engine's reason.
        reason: String,
    },
    /// No engine binary was found.
    #[error(
        "cannot find {ENGINE_NAME}: it is neither next to this program nor on PATH. Build it with \
         `cargo build --release -p ply-engine -p ply-gui-adapter`, or pass --engine PATH"
    )]
    NotFound,
}

/// The engine to run when none is given: `ply-engine` next to the running
/// program (where Cargo puts the workspace's binaries), else the first one
/// on `PATH`.
///
/// # Errors
/// [`EngineError::NotFound`] when there is none.
pub fn default_engine_path() -> Result<PathBuf, EngineError> {
    let file = format!("{ENGINE_NAME}{}", std::env::consts::EXE_SUFFIX);
    let beside = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join(&file)));
    // Test executables live one level down, in target/<profile>/deps.
    let above = beside
        .as_ref()
        .and_then(|p| p.parent()?.parent().map(|dir| dir.join(&file)));
    let on_path = std::env::var_os("PATH")
        .map(|paths| {
            std::env::split_paths(&paths)
                .map(|dir| dir.join(&file))
                .collect::<Vec<_>>()
        })
        .unwrap_or_default();
    beside
        .into_iter()
        .chain(above)
        .chain(on_path)
        .find(|candidate| candidate.is_file())
        .ok_or(EngineError::NotFound)
}

/// What a finished search found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchResult {
    /// The move, or `None` when the game is over (`bestmove (none)`).
    pub best: Option<String>,
    /// The last `info` line with a score or a line (the deepest iteration).
    pub info: Option<Info>,
}

/// A running engine process.
#[derive(Debug)]
pub struct Engine {
    /// The process's id in the [`registry`].
    id: u64,
    process: Arc<registry::Process>,
    lines: Receiver<String>,
    name: String,
}

impl Engine {
    /// Starts the engine at `path` and does the `uci` handshake.
    ///
    /// # Errors
    /// When the process cannot start or does not answer `uciok` in time.
    pub fn start(path: &Path) -> Result<Self, EngineError> {
        let mut command = Process::new(path);
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        #[cfg(target_os = "linux")]
        die_with_parent(&mut command);
        let mut child = command.spawn().map_err(|source| EngineError::Spawn {
            path: path.to_owned(),
            source,
        })?;
        let stdout = child.stdout.take();
        // Registered before anything can fail, so the process is ended
        // whatever happens next (even when the handshake fails).
        let (id, process) = registry::register(child).ok_or(EngineError::Exited)?;
        let mut engine = Self {
            id,
            process,
            lines: crossbeam_channel::never(),
            name: String::from(ENGINE_NAME),
        };
        let stdout = stdout.ok_or(EngineError::Exited)?;
        let (sender, lines) = unbounded();
        thread::Builder::new()
            .name("engine-reader".to_owned())
            .spawn(move || {
                for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                    if sender.send(line).is_err() {
                        break;
                    }
                }
            })
            .map_err(|source| EngineError::Spawn {
                path: path.to_owned(),
                source,
            })?;
        engine.lines = lines;
        engine.handshake()?;
        Ok(engine)
    }

    /// The engine's `id name`.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// `uci` … `uciok`, keeping the engine's name.
    fn handshake(&mut self) -> Result<(), EngineError> {
        let hello = Command::Hello(Dialect::Uci);
        self.send(&hello)?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        loop {
            match self.response_until(deadline, &hello)? {
                Response::Id(Id::Name(name)) => self.name = name,
                Response::HelloOk(_) => return Ok(()),
                _ => {}
            }
        }
    }

    /// Writes one command line.
    ///
    /// # Errors
    /// [`EngineError::Exited`] when the engine no longer reads its input.
    pub fn send(&mut self, command: &Command) -> Result<(), EngineError> {
        log::debug!("> {command}");
        self.process
            .write_line(&command.to_string())
            .map_err(|_| EngineError::Exited)
    }

    /// The next response, waiting until `deadline`; lines that are no
    /// response are skipped.
    fn response_until(
        &mut self,
        deadline: Instant,
        waiting_for: &Command,
    ) -> Result<Response, EngineError> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    if let Some(response) = read_line(&line) {
                        return Ok(response);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(EngineError::Timeout(waiting_for.to_string()));
                }
                Err(RecvTimeoutError::Disconnected) => return Err(EngineError::Exited),
            }
        }
    }

    /// The next response if one has arrived, without waiting.
    ///
    /// # Errors
    /// [`EngineError::Exited`] when the engine has closed its output.
    pub fn try_response(&mut self) -> Result<Option<Response>, EngineError> {
        loop {
            match self.lines.try_recv() {
                Ok(line) => {
                    if let Some(response) = read_line(&line) {
                        return Ok(Some(response));
                    }
                }
                Err(TryRecvError::Empty) => return Ok(None),
                Err(TryRecvError::Disconnected) => return Err(EngineError::Exited),
            }
        }
    }

    /// The next response, waiting as long as it takes.
    ///
    /// # Errors
    /// [`EngineError::Exited`] when the engine has closed its output.
    pub fn wait_response(&mut self) -> Result<Response, EngineError> {
        loop {
            let line = self.lines.recv().map_err(|_| EngineError::Exited)?;
            if let Some(response) = read_line(&line) {
                return Ok(response);
            }
        }
    }

    /// Sends `command`, then `isready`, and fails if the engine refused the
    /// command before `readyok`.
    ///
    /// # Errors
    /// [`EngineError::Refused`] with the engine's reason, or a broken pipe.
    pub fn send_checked(&mut self, command: &Command) -> Result<(), EngineError> {
        self.send(command)?;
        let errors = self.sync()?;
        match errors.into_iter().next() {
            Some(reason) => Err(EngineError::Refused {
                command: command.to_string(),
                reason,
            }),
            None => Ok(()),
        }
    }

    /// `isready` … `readyok`: returns the errors the engine reported
    /// meanwhile (`info string error: …`).
    ///
    /// # Errors
    /// When the engine does not answer in time.
    pub fn sync(&mut self) -> Result<Vec<String>, EngineError> {
        self.send(&Command::IsReady)?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        let mut errors = Vec::new();
        loop {
            match self.response_until(deadline, &Command::IsReady)? {
                Response::ReadyOk => return Ok(errors),
                Response::InfoString(text) => {
                    if let Some(reason) = text.strip_prefix("error:") {
                        errors.push(reason.trim().to_owned());
                    }
                }
                _ => {}
            }
        }
    }

    /// `setoption name <name> value <value>`, checked.
    ///
    /// # Errors
    /// [`EngineError::Refused`] when the engine does not accept the value.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        self.send_checked(&Command::SetOption {
            name: name.to_owned(),
            value: Some(value.to_owned()),
        })
    }

    /// Starts a search; its `info` lines and `bestmove` are read with
    /// [`Engine::try_response`] or [`Engine::wait_response`].
    ///
    /// # Errors
    /// When the engine no longer reads its input.
    pub fn go(&mut self, params: GoParams) -> Result<(), EngineError> {
        self.send(&Command::Go(params))
    }

    /// Runs a search to its `bestmove`, handing each `info` line with
    /// search figures to `on_info`.
    ///
    /// # Errors
    /// When the engine exits before it answers.
    pub fn search(
        &mut self,
        params: GoParams,
        mut on_info: impl FnMut(&Info),
    ) -> Result<SearchResult, EngineError> {
        self.go(params)?;
        let mut result = SearchResult::default();
        loop {
            match self.wait_response()? {
                Response::Info(info) => {
                    on_info(&info);
                    if info.score.is_some() || !info.pv.is_empty() {
                        result.info = Some(info);
                    }
                }
                Response::BestMove { best, .. } => {
                    result.best = best;
                    return Ok(result);
                }
                _ => {}
            }
        }
    }

    /// Stops a running search and waits for (and drops) its `bestmove`.
    ///
    /// # Errors
    /// When the engine does not answer in time.
    pub fn stop_and_discard(&mut self) -> Result<(), EngineError> {
        self.send(&Command::Stop)?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        loop {
            if let Response::BestMove { .. } = self.response_until(deadline, &Command::Stop)? {
                return Ok(());
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // `quit`, end of input, and a kill after the grace.
        self.process.end(QUIT_GRACE);
        registry::unregister(self.id);
    }
}

/// Has the kernel kill the engine when the thread that started it ends,
/// which covers the front end being killed outright (SIGKILL, a crash),
/// when no handler runs. The front ends keep each engine on the thread that
/// started it (a page's session on its connection's thread, the terminal
/// game on the main thread), so the thread's end is the front end's end
/// for that engine, whose `Drop` has already ended it then.
#[cfg(target_os = "linux")]
fn die_with_parent(command: &mut Process) {
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
            // The front end died before the call: nobody to kill us then.
            if u32::try_from(libc::getppid()).ok() != Some(parent) {
                return Err(std::io::Error::from_raw_os_error(libc::ESRCH));
            }
            Ok(())
        });
    }
}

/// One line from the engine as a response, or `None` (logged) for a line
/// that is none.
fn read_line(line: &str) -> Option<Response> {
    log::debug!("< {line}");
    match parse_response(line) {
        Ok(response) => Some(response),
        Err(error) => {
            log::warn!("ignoring an engine line that is no response ({error}): {line}");
            None
        }
    }
}
