//! Fake engines for the referee's own tests: small `sh` scripts that speak
//! just enough UCI, each appending its pid to a file so that a test can
//! check no engine outlived the referee. (The full mock engine lives in the
//! `ply-tests` package; these need nothing but `sh`.)

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Lines};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// No referee run in these tests may take longer.
pub const RUN_TIMEOUT: Duration = Duration::from_secs(30);

/// How long processes that should be gone get to go.
pub const REAP_TIMEOUT: Duration = Duration::from_secs(3);

/// The referee binary.
pub fn referee() -> &'static str {
    env!("CARGO_BIN_EXE_ply-referee")
}

/// A directory removed when dropped.
pub struct Scratch(PathBuf);

impl Scratch {
    pub fn new(label: &str) -> Self {
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let dir = std::env::temp_dir().join(format!(
            "ply-referee-test-{label}-{}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        Self(dir)
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// Writes an executable `sh` script.
    pub fn script(&self, name: &str, body: &str) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let path = self.path(name);
        std::fs::write(&path, format!("#!/bin/sh\n{body}")).expect("the script is written");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755))
            .expect("the script is executable");
        path
    }

    /// A UCI engine script that appends its pid to `pids`, answers `uci`
    /// and `isready`, runs `on_go` for every `go` (`$go` counts them from
    /// 1), appends every `position` line to `positions`, and exits on
    /// `quit` or end of input.
    pub fn engine(&self, name: &str, on_go: &str) -> PathBuf {
        let pids = self.path("pids");
        let positions = self.path(&format!("{name}.positions"));
        self.script(
            name,
            &format!(
                "echo $$ >> '{}'
go=0
while read -r line; do
  case \"$line\" in
    uci) echo 'id name {name}'; echo uciok ;;
    isready) echo readyok ;;
    position*) echo \"$line\" >> '{}' ;;
    go*) go=$((go + 1)); {on_go} ;;
    quit) exit 0 ;;
  esac
done
",
                pids.display(),
                positions.display()
            ),
        )
    }

    /// The pids the fake engines wrote.
    pub fn pids(&self) -> Vec<u32> {
        std::fs::read_to_string(self.path("pids"))
            .unwrap_or_default()
            .lines()
            .filter_map(|l| l.trim().parse().ok())
            .collect()
    }

    /// Asserts that some fake engine ran and none is running now.
    pub fn assert_no_survivors(&self) {
        let pids = self.pids();
        assert!(!pids.is_empty(), "no fake engine wrote its pid");
        let deadline = Instant::now() + REAP_TIMEOUT;
        loop {
            let alive: Vec<u32> = pids.iter().copied().filter(|&p| is_running(p)).collect();
            if alive.is_empty() {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "engine processes outlived the referee: {alive:?}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Whether `pid` is a live process (not a zombie). Linux only: elsewhere
/// every process counts as gone.
pub fn is_running(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // The state is the field after the parenthesised command name.
        Ok(stat) => stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().next())
            .is_some_and(|state| state != "Z" && state != "X"),
        Err(_) => false,
    }
}

/// Splits a command line on spaces.
pub fn words(line: &str) -> Vec<String> {
    line.split_whitespace().map(str::to_owned).collect()
}

/// `-engine cmd=… name=…` for a script.
pub fn engine_args(cmd: &Path, name: &str) -> Vec<String> {
    vec![
        "-engine".to_owned(),
        format!("cmd={}", cmd.display()),
        format!("name={name}"),
    ]
}

/// A referee started with piped output, and its stdout lines.
pub struct Running {
    pub child: Child,
    pub lines: Lines<BufReader<ChildStdout>>,
}

impl Running {
    /// Starts `program args…` (the referee, or a shell that runs it).
    pub fn start(program: &str, args: &[String]) -> Self {
        let mut command = Command::new(program);
        // It is sent signals: at their default action, whatever this test
        // inherited (`nohup`, a background job).
        ply_signals::children::default_job_signals(&mut command);
        let mut child = command
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the referee starts");
        let stdout = child.stdout.take().expect("piped stdout");
        Self {
            child,
            lines: BufReader::new(stdout).lines(),
        }
    }

    /// Reads stdout until a line starts with `prefix`.
    pub fn wait_for_line(&mut self, prefix: &str) {
        loop {
            let line = self
                .lines
                .next()
                .unwrap_or_else(|| panic!("the referee ended before printing '{prefix}'"))
                .expect("stdout is readable");
            if line.starts_with(prefix) {
                return;
            }
        }
    }

    /// Sends a signal by name (`TERM`, `HUP`, `INT`) with kill(1).
    pub fn signal(&self, name: &str) {
        let status = Command::new("kill")
            .args([format!("-{name}"), self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill -{name} failed");
    }

    /// Waits for the referee to exit, at most `timeout`; `None` if it is
    /// still running then.
    pub fn wait(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The rest of stdout (after the referee has exited).
    pub fn rest(&mut self) -> Vec<String> {
        self.lines.by_ref().map_while(Result::ok).collect()
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        // A failed test must not leave its referee (and engines) behind.
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
