//! Child processes that must not outlive the program that started them,
//! nor die before it by a signal meant for the whole job.
//!
//! The referee starts engines, and an engine may start processes of its
//! own (a wrapper script, helpers). The promise is that nothing an engine
//! started outlives the referee, and that a signal sent to the whole job
//! (Slurm's `scancel`, `kill -TERM $REF $(pgrep -P $REF)`) reaches the
//! referee, which then ends the engines itself, instead of killing an
//! engine in the middle of a game that would then count as its loss.
//!
//! Everything here is Unix (the process-group and subreaper parts Linux
//! where said); each function's own docs say what it does elsewhere.

use std::io;
use std::process::Command;

/// The signals a job (a terminal, a batch system, `kill` of a whole
/// group) sends: Ctrl-C, `kill`, a closed terminal.
#[cfg(unix)]
const JOB_SIGNALS: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

/// Starts `command`'s process with SIGINT, SIGTERM and SIGHUP ignored (set
/// between fork and exec, so the program starts that way; an engine that
/// installs its own handlers changes that for itself). A Ctrl-C, `kill` or
/// hang-up meant for the whole job then leaves the engine to the referee,
/// which ends it with `quit` and, failing that, SIGKILL.
#[cfg(unix)]
pub fn ignore_job_signals(command: &mut Command) {
    set_job_signals(command, libc::SIG_IGN);
}

/// Elsewhere: nothing to do (no such signals to inherit).
#[cfg(not(unix))]
pub fn ignore_job_signals(_command: &mut Command) {}

/// Starts `command`'s process with SIGINT, SIGTERM and SIGHUP at their
/// default action, whatever this process inherited: a child inherits
/// ignored signals, and `nohup` leaves SIGHUP ignored, a non-interactive
/// shell's background job SIGINT. A test that sends its child one of these
/// signals starts it so, and passes however the test itself was started.
#[cfg(unix)]
pub fn default_job_signals(command: &mut Command) {
    set_job_signals(command, libc::SIG_DFL);
}

/// Elsewhere: nothing to do (no such signals to inherit).
#[cfg(not(unix))]
pub fn default_job_signals(_command: &mut Command) {}

/// Sets the disposition of SIGINT, SIGTERM and SIGHUP in `command`'s
/// process to `disposition` (`SIG_IGN` or `SIG_DFL`, which run no code of
/// ours), between fork and exec.
#[cfg(unix)]
fn set_job_signals(command: &mut Command, disposition: libc::sighandler_t) {
    use std::os::unix::process::CommandExt;
    #[allow(unsafe_code)]
    // SAFETY: the closure runs in the forked child before exec, where only
    // async-signal-safe functions may be called. It calls signal(2) only
    // (async-signal-safe in POSIX), allocates nothing and takes no lock.
    unsafe {
        command.pre_exec(move || {
            for signal in JOB_SIGNALS {
                if libc::signal(signal, disposition) == libc::SIG_ERR {
                    return Err(io::Error::last_os_error());
                }
            }
            Ok(())
        });
    }
}

/// Whether the child `pid` has exited, *without reaping it*: its pid, and
/// the process group it leads, stay its own until it is reaped, so what is
/// left of the group can still be killed safely.
///
/// # Errors
/// waitid(2) failed, e.g. ECHILD when the child was reaped already.
#[cfg(unix)]
pub fn has_exited(pid: u32) -> io::Result<bool> {
    use rustix::process::{WaitId, WaitIdOptions, waitid};
    let options = WaitIdOptions::EXITED | WaitIdOptions::NOHANG | WaitIdOptions::NOWAIT;
    // WNOWAIT leaves the child waitable; WNOHANG answers at once, with no
    // status when the child has not changed state.
    Ok(waitid(WaitId::Pid(process_id(pid)?), options)?.is_some())
}

/// `pid` as the system's process id: above 0 and within its range.
#[cfg(unix)]
fn process_id(pid: u32) -> io::Result<rustix::process::Pid> {
    i32::try_from(pid)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
        .ok_or_else(|| io::Error::from(io::ErrorKind::InvalidInput))
}

/// SIGKILL to every process of the group `group` (a child's pid, as each
/// engine leads its own group). The caller must not have reaped the child
/// that leads it: until then the group id cannot be another group's.
/// Groups 0 and 1 (ours, and "every process") are refused.
///
/// # Errors
/// kill(2) failed: ESRCH when the group is empty, EINVAL for a refused id.
#[cfg(unix)]
pub fn kill_group(group: u32) -> io::Result<()> {
    if group <= 1 {
        return Err(io::Error::from(io::ErrorKind::InvalidInput));
    }
    rustix::process::kill_process_group(process_id(group)?, rustix::process::Signal::KILL)
        .map_err(io::Error::from)
}

/// Sends SIGTERM to process `pid` (a child not yet reaped, so that its pid
/// is still its own), as `kill` would.
///
/// # Errors
/// kill(2) failed (ESRCH: the process is gone).
#[cfg(unix)]
pub fn terminate(pid: u32) -> io::Result<()> {
    rustix::process::kill_process(process_id(pid)?, rustix::process::Signal::TERM)
        .map_err(io::Error::from)
}

/// Elsewhere than on Unix there is no SIGTERM to send: nothing happens.
///
/// # Errors
/// Never.
#[cfg(not(unix))]
pub fn terminate(_pid: u32) -> io::Result<()> {
    Ok(())
}

/// Makes this process a child subreaper (Linux's
/// `prctl(PR_SET_CHILD_SUBREAPER)`): a process its descendants started and
/// then left behind (a daemon, a helper in its own session out of reach of
/// any process-group kill) becomes its child instead of init's, so that
/// [`end_adopted_children`] can find and end it.
///
/// # Errors
/// prctl(2) failed. Elsewhere than on Linux, [`io::ErrorKind::Unsupported`].
#[cfg(target_os = "linux")]
pub fn become_subreaper() -> io::Result<()> {
    // Any process id turns the attribute on (none turns it off).
    rustix::process::set_child_subreaper(Some(rustix::process::getpid())).map_err(io::Error::from)
}

/// See the Linux version.
///
/// # Errors
/// Always [`io::ErrorKind::Unsupported`].
#[cfg(not(target_os = "linux"))]
pub fn become_subreaper() -> io::Result<()> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
}

/// Bound on the rounds of [`end_adopted_children`]: each round may leave
/// grandchildren to be adopted by the next.
const ADOPTION_ROUNDS: usize = 64;

/// The pids of this process's children, from every thread's
/// `/proc/self/task/<tid>/children` (an adopted orphan becomes the child of
/// one of the threads).
#[cfg(target_os = "linux")]
fn children() -> Vec<u32> {
    let mut pids = Vec::new();
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return pids;
    };
    for task in tasks.flatten() {
        if let Ok(list) = std::fs::read_to_string(task.path().join("children")) {
            pids.extend(
                list.split_whitespace()
                    .filter_map(|p| p.parse::<u32>().ok()),
            );
        }
    }
    pids.sort_unstable();
    pids.dedup();
    pids
}

/// Kills and reaps every child of this process whose pid is not in `keep`,
/// with the process group it leads if it leads one, until none is left:
/// at the end of a program that [`become_subreaper`], these are what its
/// children started and left behind. Returns how many were ended. Only the
/// caller knows which children are its own and still wanted (`keep`): a
/// child reaped here is lost to its `std::process::Child`.
///
/// Elsewhere than on Linux there is no adoption and this does nothing.
#[cfg(target_os = "linux")]
#[must_use]
pub fn end_adopted_children(keep: &[u32]) -> usize {
    let mut ended = 0;
    for _ in 0..ADOPTION_ROUNDS {
        let strays: Vec<u32> = children()
            .into_iter()
            .filter(|pid| !keep.contains(pid))
            .collect();
        if strays.is_empty() {
            break;
        }
        for pid in strays {
            // Unreaped, so `pid` and the group it may lead are its own.
            let _ = kill_group(pid);
            let Ok(child) = process_id(pid) else {
                continue;
            };
            let _ = rustix::process::kill_process(child, rustix::process::Signal::KILL);
            let _ = rustix::process::waitpid(Some(child), rustix::process::WaitOptions::empty());
            ended += 1;
        }
    }
    ended
}

/// See the Linux version.
#[cfg(not(target_os = "linux"))]
#[must_use]
pub fn end_adopted_children(_keep: &[u32]) -> usize {
    0
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use std::process::Stdio;

    #[test]
    fn a_child_that_exited_is_seen_without_being_reaped() {
        let mut child = Command::new("true")
            .stdin(Stdio::null())
            .spawn()
            .expect("true runs");
        let pid = child.id();
        while !has_exited(pid).expect("our child") {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        // Still ours to reap: the status is there.
        assert!(has_exited(pid).expect("still unreaped"));
        assert!(child.wait().expect("reaped").success());
        assert!(has_exited(pid).is_err(), "reaped: no such child any more");
    }

    #[test]
    fn ignored_job_signals_do_not_kill_the_child() {
        let mut command = Command::new("sleep");
        command.arg("30");
        ignore_job_signals(&mut command);
        let mut child = command.spawn().expect("sleep runs");
        for signal in ["-TERM", "-INT", "-HUP"] {
            let sent = Command::new("kill")
                .args([signal, &child.id().to_string()])
                .status()
                .expect("kill runs");
            assert!(sent.success());
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
        assert!(
            !has_exited(child.id()).expect("our child"),
            "a job signal killed it"
        );
        child.kill().expect("SIGKILL still works");
        child.wait().expect("reaped");
    }

    #[test]
    fn groups_zero_and_one_are_refused() {
        assert_eq!(
            kill_group(0).map_err(|e| e.kind()),
            Err(io::ErrorKind::InvalidInput)
        );
        assert_eq!(
            kill_group(1).map_err(|e| e.kind()),
            Err(io::ErrorKind::InvalidInput)
        );
    }
}
