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

/// Kills and reaps every registered child at once.
pub fn kill_all() {
    let all: Vec<SharedChild> = std::mem::take(&mut *children()).into_values().collect();
    for child in all {
        let mut child = lock(&child);
        // Its owner may have reaped it meanwhile: then its pid may be
        // another process's by now, and must not be signalled.
        if matches!(child.try_wait(), Ok(None))
            && let Err(e) = kill_and_reap(&mut child)
        {
            log::debug!("kill pid {}: {e}", child.id());
        }
    }
}

/// Kills a child that has not been reaped, with everything in its process
/// group, and reaps it. An engine may be a wrapper script that starts the
/// real engine without `exec`: killing the script alone would orphan the
/// real one. Each engine leads its own group (started with
/// `process_group(0)`), so the group is the engine and whatever it started.
///
/// # Errors
/// Killing or reaping the child itself failed.
pub fn kill_and_reap(child: &mut Child) -> std::io::Result<()> {
    #[cfg(unix)]
    kill_group(child);
    let killed = child.kill();
    child.wait()?;
    killed
}

/// SIGKILL to the process group `child` leads. The caller must not have
/// reaped `child`: until it is reaped its pid, and so the group id, cannot
/// be another process's.
#[cfg(unix)]
fn kill_group(child: &Child) {
    // Guard against ids that would signal the wrong group: 0 is our own
    // group, 1 (init's) every process we may signal.
    let Some(group) = libc::pid_t::try_from(child.id())
        .ok()
        .filter(|&pid| pid > 1)
    else {
        return;
    };
    #[allow(unsafe_code)]
    // SAFETY: kill(2) takes plain integers and touches no memory of ours.
    // A negative pid names the process group `group`, which is the child's
    // own (it leads it since its spawn) and cannot have been reused, as the
    // child is not reaped; `group > 1` keeps it from meaning our own group
    // or every process.
    let result = unsafe { libc::kill(-group, libc::SIGKILL) };
    if result != 0 {
        log::debug!(
            "kill process group {group}: {}",
            std::io::Error::last_os_error()
        );
    }
}
