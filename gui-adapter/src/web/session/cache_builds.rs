//! The database builds of one `ply-gui` process, shared by its pages: one
//! build at a time writes into the cache (each needs about as much memory
//! as its file: 5.6 GB at 28 seeds), whichever page started it. The other
//! pages see its progress and are told it runs when they ask for another;
//! when it ends well, every page's engines look in the cache again.
//!
//! Other programs building into the same cache (another `ply-gui`, a
//! `ply-engine build-db` in a terminal) are kept out by the cache's own
//! lock, which `build-db` takes: such a build fails at once and says why.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::web::messages::BuildInfo;

/// The builds of the process: the one running, and how many ended well.
#[derive(Debug, Default)]
pub struct CacheBuilds {
    state: Mutex<BoardState>,
}

/// What the pages share.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct BoardState {
    /// The page that runs the build, and the build's progress.
    pub(super) running: Option<(u64, BuildInfo)>,
    /// Builds that ended well so far: a page that saw fewer looks in the
    /// cache again.
    pub(super) finished: u64,
    /// The last page id handed out.
    last_page: u64,
}

/// The running build's place on the board, held by the page that runs it:
/// dropped (the build ended, was cancelled, or the page closed), the
/// board is free again.
#[derive(Debug)]
pub(super) struct BuildSlot {
    builds: Arc<CacheBuilds>,
    page: u64,
}

impl CacheBuilds {
    /// A new page's id, which tells its build from the others'.
    pub(super) fn page_id(&self) -> u64 {
        let mut state = self.lock();
        state.last_page += 1;
        state.last_page
    }

    /// What the pages share now.
    pub(super) fn snapshot(&self) -> BoardState {
        self.lock().clone()
    }

    /// Takes the board for `page`'s build of `info`; the running build's
    /// progress when another page's build holds it.
    ///
    /// # Errors
    /// The build running, for the message.
    pub(super) fn start(&self, page: u64, info: BuildInfo) -> Result<(), BuildInfo> {
        let mut state = self.lock();
        if let Some((_, running)) = &state.running {
            return Err(running.clone());
        }
        state.running = Some((page, info));
        Ok(())
    }

    /// `page`'s build has made progress.
    pub(super) fn update(&self, page: u64, info: BuildInfo) {
        let mut state = self.lock();
        if let Some((owner, running)) = &mut state.running
            && *owner == page
        {
            *running = info;
        }
    }

    /// `page`'s build has ended, well or not: the board is free.
    pub(super) fn end(&self, page: u64, ok: bool) {
        let mut state = self.lock();
        if state
            .running
            .as_ref()
            .is_some_and(|(owner, _)| *owner == page)
        {
            state.running = None;
            if ok {
                state.finished += 1;
            }
        }
    }

    fn lock(&self) -> MutexGuard<'_, BoardState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl BuildSlot {
    /// `page`'s place on `builds`, which it has taken ([`CacheBuilds::start`]).
    #[must_use]
    pub(super) fn new(builds: Arc<CacheBuilds>, page: u64) -> Self {
        Self { builds, page }
    }

    /// The build has made progress.
    pub(super) fn update(&self, info: BuildInfo) {
        self.builds.update(self.page, info);
    }

    /// The build ended well: the other pages look in the cache again.
    pub(super) fn finished(self) {
        self.builds.end(self.page, true);
    }
}

impl Drop for BuildSlot {
    fn drop(&mut self) {
        self.builds.end(self.page, false);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(size: u32) -> BuildInfo {
        BuildInfo {
            size,
            level: None,
            levels: None,
            percent: 0.0,
            elapsed_ms: 0,
            other_page: false,
        }
    }

    #[test]
    fn one_build_at_a_time_and_the_others_see_it() {
        let builds = Arc::new(CacheBuilds::default());
        let (first, second) = (builds.page_id(), builds.page_id());
        assert_ne!(first, second);
        assert!(builds.start(first, info(16)).is_ok());
        assert_eq!(builds.start(second, info(20)), Err(info(16)));
        let mut later = info(16);
        later.percent = 50.0;
        builds.update(first, later.clone());
        builds.update(second, info(99));
        assert_eq!(builds.snapshot().running, Some((first, later)));
        // Only the owner ends it; a good end is counted.
        builds.end(second, true);
        assert!(builds.snapshot().running.is_some());
        builds.end(first, true);
        assert_eq!(builds.snapshot().running, None);
        assert_eq!(builds.snapshot().finished, 1);
        assert!(builds.start(second, info(20)).is_ok());
        // A page that closes frees the board.
        drop(BuildSlot::new(Arc::clone(&builds), second));
        assert_eq!(builds.snapshot().running, None);
        assert_eq!(builds.snapshot().finished, 1);
    }
}
