//! The front ends' engine: the shared engine client (`ply-client`: the
//! process, its reader thread, deadlines, `quit` then a kill, and the
//! registry that ends every engine on a signal) with what a front end
//! adds: the engine's name, checked commands (`isready` after each, the
//! engine's `info string error:` as a refusal), whole searches.
//!
//! Commands go out as typed [`Command`] values and the engine's lines come
//! back parsed ([`Response`]): no text from a person or from the network
//! reaches the engine unparsed.
//!
//! The terminal front end uses the blocking helpers ([`EngineHandle::search`]);
//! the web front end starts a search with [`EngineHandle::go`] and polls
//! [`EngineHandle::try_response`] so that it can keep serving the page.
//!
//! Dropping an [`EngineHandle`] sends `quit` and kills the process if it has not
//! exited after [`QUIT_GRACE`], so no engine outlives its front end. A
//! signal runs no destructors: every process is also in the [`registry`],
//! whose signal handler ends them all (and, on Linux, the kernel kills an
//! engine whose front end died without a word).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use ply_client::{Engine as Client, Error as ClientError, Spawn};
pub use ply_client::{QUIT_GRACE, registry};
use ply_protocol::{Command, Dialect, GoParams, Info, Response};
use thiserror::Error;

/// How long an engine may take to answer `uci` or `isready`.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

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

impl EngineError {
    /// `error` met while waiting for the answer to `command`.
    fn answering(error: ClientError, command: &Command) -> Self {
        match error {
            ClientError::Timeout { .. } => Self::Timeout(command.to_string()),
            other => Self::from(other),
        }
    }
}

impl From<ClientError> for EngineError {
    /// The client's errors as a front end tells them: an engine that
    /// crashed, closed its output or printed garbage has gone for the
    /// front end all the same.
    fn from(error: ClientError) -> Self {
        match error {
            ClientError::Spawn { cmd, source, .. } => Self::Spawn {
                path: PathBuf::from(cmd),
                source,
            },
            ClientError::Timeout { waiting_for, .. } => Self::Timeout(waiting_for),
            ClientError::Disconnected
            | ClientError::OutputClosed
            | ClientError::LineTooLong { .. }
            | ClientError::Interrupted => Self::Exited,
        }
    }
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

/// A running engine process as the front ends hold it: the engine client
/// ([`ply_client::Engine`]) and the notes it said while being readied.
#[derive(Debug)]
pub struct EngineHandle {
    client: Client,
    name: String,
    /// The engine's `info string`s (not its errors) read while waiting for
    /// `readyok`, until taken ([`EngineHandle::take_notes`]): what it says about
    /// a command, e.g. the endgame database it loaded.
    notes: Vec<String>,
}

impl EngineHandle {
    /// Starts the engine at `path` and does the `uci` handshake.
    ///
    /// # Errors
    /// When the process cannot start or does not answer `uciok` in time.
    pub fn start(path: &Path) -> Result<Self, EngineError> {
        let spawn = Spawn {
            name: String::from(ENGINE_NAME),
            // The front ends keep each engine on the thread that started
            // it (a page's session on its connection's thread, the terminal
            // game on the main thread), so the thread's end is the front
            // end's end for that engine, whose `Drop` has ended it then.
            die_with_thread: true,
            ..Spawn::new(path)
        };
        let mut client = Client::spawn(&spawn).map_err(|error| match error {
            ClientError::Spawn { source, .. } => EngineError::Spawn {
                path: path.to_owned(),
                source,
            },
            other => EngineError::from(other),
        })?;
        let hello = Command::Hello(Dialect::Uci);
        let name = client
            .handshake(HANDSHAKE_TIMEOUT, None)
            .map_err(|e| EngineError::answering(e, &hello))?;
        Ok(Self {
            client,
            name: name.unwrap_or_else(|| String::from(ENGINE_NAME)),
            notes: Vec::new(),
        })
    }

    /// The engine's `id name`.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Writes one command line.
    ///
    /// # Errors
    /// [`EngineError::Exited`] when the engine no longer reads its input.
    pub fn send(&mut self, command: &Command) -> Result<(), EngineError> {
        Ok(self.client.send(command)?)
    }

    /// The next response, waiting until `deadline`; lines that are no response are skipped.
    fn response_until(
        &mut self,
        deadline: Instant,
        waiting_for: &Command,
    ) -> Result<Response, EngineError> {
        self.client
            .read_until(Some(deadline), None, "", |line, response| {
                read_line(&line.text, response)
            })
            .map_err(|e| EngineError::answering(e, waiting_for))
    }

    /// The next response if one has arrived, without waiting.
    ///
    /// # Errors
    /// [`EngineError::Exited`] when the engine has closed its output.
    pub fn try_response(&mut self) -> Result<Option<Response>, EngineError> {
        while let Some((line, response)) = self.client.try_line()? {
            if let Some(response) = read_line(&line.text, response.as_ref()) {
                return Ok(Some(response));
            }
        }
        Ok(None)
    }

    /// The next response, waiting as long as it takes.
    ///
    /// # Errors
    /// [`EngineError::Exited`] when the engine has closed its output.
    pub fn wait_response(&mut self) -> Result<Response, EngineError> {
        Ok(self
            .client
            .read_until(None, None, "a response", |line, response| {
                read_line(&line.text, response)
            })?)
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
        let mut errors = Vec::new();
        let notes = &mut self.notes;
        self.client
            .read_until(
                Some(Instant::now() + HANDSHAKE_TIMEOUT),
                None,
                "readyok",
                |_, response| match response {
                    Some(Response::ReadyOk) => Some(()),
                    Some(Response::InfoString(text)) => {
                        match text.strip_prefix("error:") {
                            Some(reason) => errors.push(reason.trim().to_owned()),
                            None => notes.push(text.clone()),
                        }
                        None
                    }
                    _ => None,
                },
            )
            .map_err(|e| EngineError::answering(e, &Command::IsReady))?;
        Ok(errors)
    }

    /// The `info string`s read while waiting for `readyok` since last asked.
    pub fn take_notes(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notes)
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
    /// [`EngineHandle::try_response`] or [`EngineHandle::wait_response`].
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
            // `go` ends with `bestmove`, `solve` with its `solved …` line.
            if let Response::BestMove { .. } | Response::Solve(_) =
                self.response_until(deadline, &Command::Stop)?
            {
                return Ok(());
            }
        }
    }
}

/// One line from the engine as a response, or `None` (logged) for a line
/// that is none.
fn read_line(line: &str, response: Option<&Response>) -> Option<Response> {
    if response.is_none() {
        log::warn!("ignoring an engine line that is no response: {line}");
    }
    response.cloned()
}
