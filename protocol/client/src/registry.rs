//! Every engine process started and not yet reaped, so that a signal
//! (Ctrl-C, `kill`, a closed terminal) or a panic can end them all before
//! the program exits: no engine outlives the program that started it.
//!
//! An [`Engine`](crate::Engine)'s `Drop` ends its process, but a signal
//! ends the program without running destructors; an engine deep in a search
//! that ignores the end of its input would then run on, adopted by PID 1.
//! [`end_on_signals`] installs a handler that calls [`end_all`] and exits;
//! the referee, which has a signal handler of its own, calls [`kill_all`].

use std::collections::BTreeMap;
use std::io::Write;
use std::process::{Child, ChildStdin, ExitStatus};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

/// The exit status after a signal ended the program: 128 + SIGINT, as
/// shells report an interrupted program (the handler cannot tell which
/// signal it was).
pub const EXIT_SIGNALLED: i32 = 130;

/// How often an ending process is looked at while it has time to exit.
const REAP_POLL: Duration = Duration::from_millis(5);

/// One engine process: its handle and the pipe to its input, shared by the
/// [`Engine`](crate::Engine) that talks to it and by the registry.
#[derive(Debug)]
pub struct Process {
    child: Mutex<Child>,
    pid: u32,
    stdin: Mutex<Option<ChildStdin>>,
}

impl Process {
    /// The process id.
    #[must_use]
    pub fn pid(&self) -> u32 {
        self.pid
    }

    /// Writes one line to the engine, in one write (one system call: the
    /// engine never sees half a line).
    ///
    /// # Errors
    /// When the engine no longer reads its input (or it was closed).
    pub fn write_line(&self, line: &str) -> std::io::Result<()> {
        let mut stdin = lock(&self.stdin);
        let pipe = stdin
            .as_mut()
            .ok_or_else(|| std::io::Error::from(std::io::ErrorKind::BrokenPipe))?;
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        pipe.write_all(&bytes).and_then(|()| pipe.flush())
    }

    /// Closes the engine's input: end of input, which it takes as `quit`.
    pub fn close_input(&self) {
        drop(lock(&self.stdin).take());
    }

    /// What the process is doing, without reaping it.
    pub fn state(&self) -> ChildState {
        state(&mut lock(&self.child))
    }

    /// One look at an ending process: reaps it (killing what is left of
    /// its process group) when it has exited, or when it still runs and
    /// `past_deadline`. `None` while it still has time; else its exit
    /// status, `Some(None)` when it could not be waited for (taken as
    /// gone) or reaping failed.
    fn reap_step(&self, past_deadline: bool) -> Option<Option<ExitStatus>> {
        let mut child = lock(&self.child);
        let state = state(&mut child);
        match next_step(&state, past_deadline) {
            Reaping::Wait => None,
            Reaping::Lost => {
                if let ChildState::Lost(e) = state {
                    log::warn!(
                        "pid {}: cannot wait for it ({e}); taking it as gone",
                        self.pid
                    );
                }
                Some(None)
            }
            // Exited by itself, or still running after the grace period:
            // either way what is left of its process group is killed
            // (still unreaped, so the group is still its own).
            Reaping::Reap | Reaping::Kill => match kill_and_reap(&mut child) {
                Ok(status) => Some(Some(status)),
                Err(e) => {
                    log::debug!("pid {}: kill: {e}", self.pid);
                    Some(None)
                }
            },
        }
    }
}

/// Waits until every one of `processes` has exited or `grace` has passed,
/// kills the ones left, and reaps them all (each with what is left of its
/// process group). Returns their exit statuses, in order (`None` for one
/// that could not be waited for).
pub(crate) fn reap_within(processes: &[&Process], grace: Duration) -> Vec<Option<ExitStatus>> {
    let deadline = Instant::now() + grace;
    let mut statuses: Vec<Option<Option<ExitStatus>>> = vec![None; processes.len()];
    loop {
        let past_deadline = Instant::now() >= deadline;
        for (process, status) in processes.iter().zip(&mut statuses) {
            if status.is_none() {
                *status = process.reap_step(past_deadline);
            }
        }
        if statuses.iter().all(Option::is_some) {
            return statuses.into_iter().flatten().collect();
        }
        thread::sleep(REAP_POLL);
    }
}

/// What reaping does after looking at the child.
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
/// or `None` when the program is ending ([`end_all`] has run): the process
/// has then been killed, and must not be used.
pub(crate) fn register(mut child: Child) -> Option<(u64, Arc<Process>)> {
    let mut registry = lock(&REGISTRY);
    if registry.closed {
        drop(registry);
        let _ = kill_and_reap(&mut child);
        return None;
    }
    let stdin = child.stdin.take();
    let process = Arc::new(Process {
        pid: child.id(),
        child: Mutex::new(child),
        stdin: Mutex::new(stdin),
    });
    let id = registry.next_id;
    registry.next_id += 1;
    registry.processes.insert(id, Arc::clone(&process));
    Some((id, process))
}

/// Forgets a process that has been reaped.
pub(crate) fn unregister(id: u64) {
    lock(&REGISTRY).processes.remove(&id);
}

/// How many engine processes are registered.
#[must_use]
pub fn live_count() -> usize {
    lock(&REGISTRY).processes.len()
}

/// The pids of the registered processes (to tell them from the orphans a
/// subreaper adopts).
#[must_use]
pub fn pids() -> Vec<u32> {
    lock(&REGISTRY).processes.values().map(|p| p.pid).collect()
}

/// Kills and reaps every registered process at once, each with what is
/// left of its process group. Engines may still start afterwards.
pub fn kill_all() {
    let all: Vec<Arc<Process>> = std::mem::take(&mut lock(&REGISTRY).processes)
        .into_values()
        .collect();
    let all: Vec<&Process> = all.iter().map(Arc::as_ref).collect();
    reap_within(&all, Duration::ZERO);
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
        let _ = process.write_line(&ply_protocol::Command::Quit.to_string());
        process.close_input();
    }
    let all: Vec<&Process> = processes.iter().map(Arc::as_ref).collect();
    reap_within(&all, grace);
}

/// Makes SIGINT, SIGTERM and SIGHUP (Ctrl-C and friends on Windows) end
/// every engine process ([`end_all`] with `grace`) and then the program,
/// with [`EXIT_SIGNALLED`].
///
/// A SIGHUP that was ignored when the program started (`nohup`) stays
/// ignored (`ply_signals`): a program started under `nohup` must not end
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

/// What a child is doing. On Unix this is found without reaping it, so
/// that its pid, and the process group it leads, stay its own until
/// `kill_and_reap` has killed what is left of the group.
#[derive(Debug)]
pub enum ChildState {
    /// It runs.
    Running,
    /// It has exited: on Unix not yet reaped (unless std reaped it before,
    /// then with its status).
    Exited(Option<ExitStatus>),
    /// It cannot be waited for (e.g. ECHILD when SIGCHLD is ignored and the
    /// kernel reaped it): its pid may be another process's by now, so
    /// nothing may be signalled; it is taken as gone.
    Lost(std::io::Error),
}

/// See [`ChildState`].
fn state(child: &mut Child) -> ChildState {
    #[cfg(unix)]
    match ply_signals::children::has_exited(child.id()) {
        Ok(false) => return ChildState::Running,
        Ok(true) => return ChildState::Exited(None),
        // Not waitable: std may have reaped it before (then it knows the
        // status), or it is lost.
        Err(_) => {}
    }
    match child.try_wait() {
        Ok(None) => ChildState::Running,
        Ok(Some(status)) => ChildState::Exited(Some(status)),
        Err(e) => ChildState::Lost(e),
    }
}

/// Kills a child with everything in its process group, and reaps it; for
/// a child that has exited by itself, kills what it left in its group (a
/// wrapper's background job, a helper). An engine may be a wrapper script
/// that starts the real engine without `exec`: killing the script alone
/// would orphan the real one. Each engine leads its own group (started
/// with `process_group(0)`), so the group is the engine and whatever it
/// started. The group is only signalled while the child is unreaped (its
/// pid, so the group id, cannot be another's then).
fn kill_and_reap(child: &mut Child) -> std::io::Result<ExitStatus> {
    #[cfg(unix)]
    if ply_signals::children::has_exited(child.id()).is_ok()
        && let Err(e) = ply_signals::children::kill_group(child.id())
        && e.raw_os_error() != Some(libc::ESRCH)
    {
        log::debug!("kill process group {}: {e}", child.id());
    }
    // A child that has exited cannot be killed any more; that is no error.
    let _ = child.kill();
    child.wait()
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
