//! Every engine process the front end has started and not yet reaped, so
//! that a signal (Ctrl-C, `kill`, a closed terminal) can end them all
//! before the front end exits: no engine outlives its front end.
//!
//! [`Engine`](super::Engine)'s `Drop` ends its process, but a signal ends
//! the program without running destructors; an engine deep in a search
//! that ignores the end of its input would then run on, adopted by PID 1,
//! until its search limit (minutes). [`end_on_signals`] installs a handler
//! that calls [`end_all`] and exits.

use std::collections::BTreeMap;
use std::io::Write;
use std::process::{Child, ChildStdin};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

/// The exit status after a signal ended the program: 128 + SIGINT, as
/// shells report an interrupted program (the handler cannot tell which
/// signal it was).
pub const EXIT_SIGNALLED: i32 = 130;

/// One engine process: its handle and the pipe to its input, shared by the
/// [`Engine`](super::Engine) that talks to it and by the registry.
#[derive(Debug)]
pub struct Process {
    child: Mutex<Child>,
    stdin: Mutex<Option<ChildStdin>>,
}

impl Process {
    /// Writes one line to the engine.
    ///
    /// # Errors
    /// When the engine no longer reads its input (or it was closed).
    pub fn write_line(&self, line: &str) -> std::io::Result<()> {
        let mut stdin = lock(&self.stdin);
        let pipe = stdin
            .as_mut()
            .ok_or_else(|| std::io::Error::from(std::io::ErrorKind::BrokenPipe))?;
        writeln!(pipe, "{line}").and_then(|()| pipe.flush())
    }

    /// Asks the engine to go: `quit`, then the end of its input, which it
    /// also takes as quit.
    pub fn ask_to_quit(&self) {
        let _ = self.write_line("quit");
        drop(lock(&self.stdin).take());
    }

    /// Whether the process has exited (and been reaped).
    pub fn has_exited(&self) -> bool {
        !matches!(lock(&self.child).try_wait(), Ok(None))
    }

    /// Kills the process and reaps it.
    pub fn kill(&self) {
        let mut child = lock(&self.child);
        let _ = child.kill();
        let _ = child.wait();
    }

    /// [`Process::ask_to_quit`], then waits up to `grace` for the process
    /// to exit, and kills it if it has not.
    pub fn end(&self, grace: Duration) {
        self.ask_to_quit();
        wait_then_kill(&[self], grace);
    }
}

/// Waits until every one of `processes` has exited or `grace` has passed;
/// kills the ones left.
fn wait_then_kill(processes: &[&Process], grace: Duration) {
    let deadline = Instant::now() + grace;
    while Instant::now() < deadline && !processes.iter().all(|p| p.has_exited()) {
        thread::sleep(Duration::from_millis(10));
    }
    for process in processes {
        if !process.has_exited() {
            process.kill();
        }
    }
}

/// The processes alive, by id; `closed` once [`end_all`] has run, after
/// which no process may join (it is killed at once).
#[derive(Debug)]
struct Registry {
    closed: bool,
    next_id: u64,
    processes: BTreeMap<u64, Arc<Process>>,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry {
    closed: false,
    next_id: 1,
    processes: BTreeMap::new(),
});

/// Locks, also after a panic elsewhere poisoned the lock: the registry
/// must still end the engines then.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Registers a new engine process; returns its id and the shared handle,
/// or `None` when the front end is ending ([`end_all`] has run): the
/// process has then been killed, and must not be used.
pub fn register(mut child: Child) -> Option<(u64, Arc<Process>)> {
    let mut registry = lock(&REGISTRY);
    if registry.closed {
        drop(registry);
        let _ = child.kill();
        let _ = child.wait();
        return None;
    }
    let stdin = child.stdin.take();
    let process = Arc::new(Process {
        child: Mutex::new(child),
        stdin: Mutex::new(stdin),
    });
    let id = registry.next_id;
    registry.next_id += 1;
    registry.processes.insert(id, Arc::clone(&process));
    Some((id, process))
}

/// Forgets a process that has been reaped.
pub fn unregister(id: u64) {
    lock(&REGISTRY).processes.remove(&id);
}

/// How many engine processes are registered.
#[must_use]
pub fn live_count() -> usize {
    lock(&REGISTRY).processes.len()
}

/// Ends every engine process: asks them all to quit, waits up to `grace`
/// for them together, and kills the rest. No engine may start afterwards.
pub fn end_all(grace: Duration) {
    let processes: Vec<Arc<Process>> = {
        let mut registry = lock(&REGISTRY);
        registry.closed = true;
        std::mem::take(&mut registry.processes)
            .into_values()
            .collect()
    };
    for process in &processes {
        process.ask_to_quit();
    }
    let all: Vec<&Process> = processes.iter().map(Arc::as_ref).collect();
    wait_then_kill(&all, grace);
}

/// Makes SIGINT, SIGTERM and SIGHUP (Ctrl-C and friends on Windows) end
/// every engine process ([`end_all`] with `grace`) and then the program,
/// with [`EXIT_SIGNALLED`].
///
/// A SIGHUP that was ignored when the program started (`nohup`) stays
/// ignored (`ply_signals`): a front end started under `nohup` must not end
/// with its terminal.
///
/// # Errors
/// When the handler cannot be installed (one already is).
pub fn end_on_signals(grace: Duration) -> Result<(), ctrlc::Error> {
    ply_signals::on_termination(move || {
        end_all(grace);
        std::process::exit(EXIT_SIGNALLED);
    })
}
