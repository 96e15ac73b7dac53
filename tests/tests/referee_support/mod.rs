//! Helpers shared by the `referee_*` tests: the binaries, a temporary
//! directory, mock engine arguments, running the referee with a time
//! limit, reading its outputs, and checking that no engine survived it.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// No referee run in these tests may take longer.
pub const RUN_TIMEOUT: Duration = Duration::from_secs(60);

/// The mock engine binary (this package's own).
pub fn mock() -> &'static str {
    env!("CARGO_BIN_EXE_mock_engine")
}

/// The referee binary.
pub fn referee() -> PathBuf {
    ply_tests::binary("ply-referee")
}

/// The engine binary.
pub fn engine() -> PathBuf {
    ply_tests::binary("ply-engine")
}

/// A directory removed when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(label: &str) -> Self {
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let dir = std::env::temp_dir().join(format!(
            "ply-referee-{label}-{}-{}-{nanos}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        Self(dir)
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `-engine cmd=<mock> name=<name> arg=--mode arg=<mode> …` with every
/// process's pid appended to `pidfile`.
pub fn mock_engine(name: &str, mode: &str, extra: &[&str], pidfile: &Path) -> Vec<String> {
    let mut args = vec![
        "-engine".to_owned(),
        format!("cmd={}", mock()),
        format!("name={name}"),
        "arg=--mode".to_owned(),
        format!("arg={mode}"),
        "arg=--pidfile".to_owned(),
        format!("arg={}", pidfile.display()),
    ];
    args.extend(extra.iter().map(|a| format!("arg={a}")));
    args
}

/// `-engine cmd=<ply-engine> name=<name> <limits…>`.
pub fn ply_engine(name: &str, limits: &[&str]) -> Vec<String> {
    let mut args = vec![
        "-engine".to_owned(),
        format!("cmd={}", engine().display()),
        format!("name={name}"),
    ];
    args.extend(limits.iter().map(|s| (*s).to_owned()));
    args
}

/// Splits a line of options at spaces.
pub fn words(line: &str) -> Vec<String> {
    line.split_whitespace().map(str::to_owned).collect()
}

/// Runs the referee to its end (at most [`RUN_TIMEOUT`]).
pub fn run_referee(args: &[String]) -> Output {
    assert_cmd::Command::new(referee())
        .env("XDG_CACHE_HOME", ply_tests::NO_CACHE)
        .args(args)
        .timeout(RUN_TIMEOUT)
        .output()
        .expect("ply-referee runs")
}

/// Stdout of a run, checked for a successful exit.
pub fn run_ok(args: &[String]) -> String {
    let output = run_referee(args);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "ply-referee {} failed: {:?}\nstdout:\n{stdout}\nstderr:\n{stderr}",
        args.join(" "),
        output.status
    );
    stdout
}

/// The objects of a JSON-lines results file.
pub fn read_results(path: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad JSON line {l}: {e}")))
        .collect()
}

/// Whether a process still runs (a zombie does not count).
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

/// Asserts that every mock engine process listed in `pidfile` has ended.
pub fn assert_no_survivors(pidfile: &Path) {
    if !Path::new("/proc/self/stat").exists() {
        return; // not Linux: nothing to look at
    }
    let pids = std::fs::read_to_string(pidfile).unwrap_or_default();
    let pids: Vec<u32> = pids.lines().filter_map(|l| l.trim().parse().ok()).collect();
    assert!(!pids.is_empty(), "no mock engine wrote its pid");
    // The referee has exited; give the kernel a moment to finish reaping.
    let deadline = std::time::Instant::now() + Duration::from_secs(2);
    loop {
        let alive: Vec<u32> = pids.iter().copied().filter(|&p| is_running(p)).collect();
        if alive.is_empty() {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "engine processes outlived the referee: {alive:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The statistics lines of a report (score, pentanomial, Elo, terminations).
pub fn stats_lines(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| {
            l.starts_with("Score of ")
                || l.starts_with("Ptnml(0-2)")
                || l.starts_with("Elo difference")
                || l.starts_with("Elo: ")
                || l.starts_with("Terminations:")
        })
        .map(str::to_owned)
        .collect()
}

/// The moves of a results line, in order.
pub fn moves_of(game: &serde_json::Value) -> Vec<String> {
    game["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m.as_str().expect("a move").to_owned())
        .collect()
}

/// Replays a results line's moves from its opening with the engine
/// library's rules, checks it ends in the recorded final position, and
/// returns that position with the moves.
pub fn replay(
    game: &serde_json::Value,
    options: &ply_rules::variant::AnyRules,
) -> (ply_rules::variant::AnyGame, Vec<String>) {
    let fen = game["opening"]["fen"].as_str().expect("an opening");
    let moves = moves_of(game);
    let end = ply_rules::variant::AnyGame::from_position_string(options, fen)
        .expect("the opening reads")
        .with_moves(&moves)
        .unwrap_or_else(|e| panic!("game {}: {e}", game["game"]));
    assert_eq!(
        end.position_string(),
        game["final_fen"].as_str().expect("a final position")
    );
    (end, moves)
}
