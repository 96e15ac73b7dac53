//! One engine of the match on top of [`ply_client::Engine`]: started with
//! the engine's `cmd=`, `dir=` and `args=`, greeted, given `UCI_Variant`
//! and its options, and restarted after a crash or a stall. Dropping it
//! tells the engine to quit and kills it after [`QUIT_GRACE`](super::QUIT_GRACE)
//! (the client's `Drop`), so no engine outlives the referee, also on a
//! panic.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use ply_client::{Engine, Line, Spawn, Stderr};
use ply_protocol::{Command, Response, parse_response};
use ply_rules::variant::Variant;

use super::EngineError;
use crate::config::EngineConfig;

/// Appended to the error when an engine does not start: where its
/// command comes from.
const SPAWN_HINT: &str = " (check cmd= and dir=)";

/// What [`EngineProcess::read_until`] names in a timeout; the callers name
/// what they waited for themselves.
const AN_ANSWER: &str = "an answer";

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
    client: Engine,
    broken: bool,
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
        let spawn = Spawn {
            name: config.name.clone(),
            program: config.cmd.clone().into(),
            args: config.args.iter().map(Into::into).collect(),
            dir: config.dir.clone(),
            dialect: config.dialect,
            stderr: Stderr::Log,
            die_with_thread: false,
            spawn_hint: SPAWN_HINT,
        };
        let mut client = Engine::spawn(&spawn)?;
        client.handshake(setup.handshake_timeout, Some(interrupt))?;
        if let Some(variant) = setup.variant {
            client.send(&Command::SetOption {
                name: "UCI_Variant".to_owned(),
                value: Some(variant.name().to_owned()),
            })?;
        }
        for (name, value) in &config.options {
            client.send(&Command::SetOption {
                name: name.clone(),
                value: Some(value.clone()),
            })?;
        }
        Ok(Self {
            setup: setup.clone(),
            client,
            broken: false,
        })
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

    /// Sends one command (`go` with the dialect's clock names).
    ///
    /// # Errors
    /// [`EngineError::Disconnected`] when the engine no longer reads.
    pub fn send(&mut self, command: &Command) -> Result<(), EngineError> {
        self.client.send(command)
    }

    /// Reads lines until `pick` returns `Some`, the deadline passes, the
    /// engine goes away or `interrupt` is set
    /// ([`Engine::read_until`]; a timeout names "an answer").
    ///
    /// # Errors
    /// As [`Engine::read_until`].
    pub fn read_until<T>(
        &mut self,
        deadline: Instant,
        interrupt: &AtomicBool,
        pick: impl FnMut(&Line, Option<&Response>) -> Option<T>,
    ) -> Result<T, EngineError> {
        self.client
            .read_until(Some(deadline), Some(interrupt), AN_ANSWER, pick)
    }

    /// A `bestmove` the engine sent that nobody asked for (one more after
    /// the answer to the last `go`), if any; every line received so far is
    /// consumed. Asked before each `go`, so a duplicate is named as such
    /// rather than read as the answer to the next position.
    pub fn unasked_bestmove(&mut self) -> Option<String> {
        self.client
            .take_received()
            .into_iter()
            .find(|line| matches!(parse_response(&line.text), Ok(Response::BestMove { .. })))
            .map(|line| line.text)
    }

    /// `isready`, then waits for `readyok` until `deadline`.
    ///
    /// # Errors
    /// As [`Engine::ping`], with `readyok` named in a timeout.
    pub fn ping(&mut self, deadline: Instant, interrupt: &AtomicBool) -> Result<(), EngineError> {
        self.client.ping(deadline, Some(interrupt)).map(drop)
    }

    /// Throws away lines already received (e.g. a late `bestmove` of a
    /// search that ran out of time).
    pub fn drain(&mut self) {
        self.client.take_received();
    }

    /// Marks the engine as unusable (it crashed or stalled): it is killed
    /// now and must be restarted before it plays again.
    pub fn mark_broken(&mut self) {
        self.broken = true;
        self.client.shutdown(Duration::ZERO);
    }

    /// Whether the engine must be restarted before it can play: it was
    /// marked broken or its process has exited.
    #[must_use]
    pub fn needs_restart(&self) -> bool {
        self.broken || !self.client.is_running()
    }

    /// A fresh process with the same settings in place of this one.
    ///
    /// # Errors
    /// As [`EngineProcess::start`].
    pub fn restart(&mut self, interrupt: &AtomicBool) -> Result<(), EngineError> {
        log::info!("restarting {}", self.name());
        self.client.shutdown(Duration::ZERO);
        *self = Self::start(&self.setup, interrupt)?;
        Ok(())
    }

    /// Sends `quit`, waits up to `grace` for the process to exit, then
    /// kills it and its process group. Idempotent.
    pub fn shutdown(&mut self, grace: Duration) {
        self.client.shutdown(grace);
    }
}
