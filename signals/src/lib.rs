//! One way for Ply's programs that start engine processes (the referee,
//! `ply-gui`, `ply-play`) to hear that they must end: Ctrl-C (SIGINT),
//! `kill` (SIGTERM) and a closed terminal (SIGHUP), through ctrlc's
//! `termination` feature, so that they can end their engines first.
//!
//! **`nohup`.** ctrlc takes SIGHUP over even when it was ignored, as
//! `nohup` leaves it; a program started under `nohup` would then end with
//! its terminal. So a SIGHUP ignored at the start stays ignored.
//!
//! [`children`]: the other side, the child processes: started so that a
//! job-wide signal leaves them to their parent, and ended with everything
//! they started (process groups, Linux's child subreaper).

pub mod children;

/// Runs `handler` on its own thread whenever SIGINT, SIGTERM or SIGHUP
/// (Ctrl-C and the console's close on Windows) arrives; a SIGHUP that was
/// ignored when this is called (`nohup`) stays ignored.
///
/// # Errors
/// When the handler cannot be installed (one already is, or the system
/// refuses).
pub fn on_termination<F>(handler: F) -> Result<(), ctrlc::Error>
where
    F: FnMut() + Send + 'static,
{
    #[cfg(unix)]
    let hangup_ignored = hangup::ignored();
    ctrlc::set_handler(handler)?;
    #[cfg(unix)]
    if hangup_ignored {
        hangup::ignore_again();
    }
    Ok(())
}

/// SIGHUP's disposition, for `nohup`.
#[cfg(unix)]
mod hangup {
    /// Whether SIGHUP is ignored now (as `nohup` leaves it), leaving its
    /// disposition as it was.
    #[allow(unsafe_code)]
    pub fn ignored() -> bool {
        // SAFETY: signal(2) only changes how this process treats SIGHUP,
        // touching no memory of ours, and SIG_IGN runs no code. It is called
        // before the handler exists, so nothing of ours is replaced; the
        // previous disposition is put back unless it was SIG_IGN (then
        // setting it again changed nothing) or the call failed (then nothing
        // changed).
        let previous = unsafe { libc::signal(libc::SIGHUP, libc::SIG_IGN) };
        if previous != libc::SIG_IGN && previous != libc::SIG_ERR {
            // SAFETY: as above; `previous` is what signal(2) returned, a
            // disposition the process had, so it is valid to restore.
            unsafe { libc::signal(libc::SIGHUP, previous) };
        }
        previous == libc::SIG_IGN
    }

    /// Ignores SIGHUP again after the handler took it over.
    #[allow(unsafe_code)]
    pub fn ignore_again() {
        // SAFETY: as in `ignored`: SIG_IGN runs no code, and the handler it
        // replaces for SIGHUP stays installed for SIGINT and SIGTERM, so
        // nothing it uses is freed.
        if unsafe { libc::signal(libc::SIGHUP, libc::SIG_IGN) } == libc::SIG_ERR {
            log::warn!("cannot ignore SIGHUP again (nohup): a hangup will end the program");
        }
    }
}
