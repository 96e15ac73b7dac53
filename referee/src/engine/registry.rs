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
        let _ = child.kill();
        let _ = child.wait();
    }
}
