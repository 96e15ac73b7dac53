//! Every engine process the referee has started and not yet reaped, so
//! that a second Ctrl-C (or a panic on the main thread) can kill them all:
//! no child outlives the referee.

use std::collections::BTreeMap;
use std::process::Child;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// A child process shared by its owner and the registry.
pub type SharedChild = Arc<Mutex<Child>>;

static CHILDREN: Mutex<BTreeMap<u64, SharedChild>> = Mutex::new(BTreeMap::new());
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

fn children() -> MutexGuard<'static, BTreeMap<u64, SharedChild>> {
    CHILDREN.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Locks one child, also after a panic elsewhere poisoned the lock.
pub fn lock(child: &SharedChild) -> MutexGuard<'_, Child> {
    child.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Registers a child; returns its registry id and the shared handle.
pub fn register(child: Child) -> (u64, SharedChild) {
    let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
    let shared = Arc::new(Mutex::new(child));
    children().insert(id, Arc::clone(&shared));
    (id, shared)
}

/// Forgets a child that has been reaped.
pub fn unregister(id: u64) {
    children().remove(&id);
}

/// How many children are registered.
#[must_use]
pub fn live_count() -> usize {
    children().len()
}

/// Kills and reaps every registered child at once, each with what is left
/// of its process group.
pub fn kill_all() {
    let all: Vec<SharedChild> = std::mem::take(&mut *children()).into_values().collect();
    for child in all {
        let mut child = lock(&child);
        // Its owner may have reaped it meanwhile: then its pid may be
        // another process's by now, and must not be signalled.
        if !matches!(state(&mut child), ChildState::Lost(_))
            && let Err(e) = kill_and_reap(&mut child)
        {
            log::debug!("kill pid {}: {e}", child.id());
        }
    }
}

/// The pids of the registered children (to tell them from the orphans a
/// subreaper adopts).
#[must_use]
pub fn pids() -> Vec<u32> {
    children().values().map(|c| lock(c).id()).collect()
}

/// What a child is doing. On Unix this is found without reaping it, so
/// that its pid, and the process group it leads, stay its own until
/// [`kill_and_reap`] has killed what is left of the group.
#[derive(Debug)]
pub enum ChildState {
    /// It runs.
    Running,
    /// It has exited: on Unix not yet reaped (unless std reaped it before,
    /// then with its status).
    Exited(Option<std::process::ExitStatus>),
    /// It cannot be waited for (e.g. ECHILD when SIGCHLD is ignored and the
    /// kernel reaped it): its pid may be another process's by now, so
    /// nothing may be signalled; it is taken as gone.
    Lost(std::io::Error),
}

/// See [`ChildState`].
pub fn state(child: &mut Child) -> ChildState {
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
///
/// # Errors
/// Reaping the child failed.
pub fn kill_and_reap(child: &mut Child) -> std::io::Result<std::process::ExitStatus> {
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
