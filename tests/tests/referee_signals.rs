//! Signals and processes: a signal sent to the whole job (the referee and
//! its engines at once, as Slurm's `scancel` does) never turns into a
//! forfeit, and nothing an engine starts outlives the referee.

#![cfg(target_os = "linux")]

mod referee_support;

use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use referee_support::{
    TempDir, assert_no_survivors, mock, mock_engine, read_results, referee, run_ok, words,
};

/// Generous bound for the referee to start games or stop (detects a hang).
const WAIT: Duration = Duration::from_secs(60);

/// The referee's children, as `pgrep -P` lists them.
fn children_of(pid: u32) -> Vec<String> {
    let mut found = Vec::new();
    if let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) {
        for task in tasks.flatten() {
            if let Ok(list) = std::fs::read_to_string(task.path().join("children")) {
                found.extend(list.split_whitespace().map(str::to_owned));
            }
        }
    }
    found
}

fn wait_for_exit(child: &mut Child) -> ExitStatus {
    let deadline = Instant::now() + WAIT;
    loop {
        if let Some(status) = child.try_wait().expect("waitable") {
            return status;
        }
        assert!(Instant::now() < deadline, "the referee did not stop");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Game number → what was played, for comparing two runs.
fn games_of(path: &Path) -> Vec<(u64, String, String, String)> {
    let mut games: Vec<_> = read_results(path)
        .iter()
        .map(|g| {
            (
                g["game"].as_u64().expect("a game number"),
                g["result"].to_string(),
                g["termination"].to_string(),
                g["moves"].to_string(),
            )
        })
        .collect();
    games.sort();
    games
}

#[test]
fn a_signal_to_the_whole_job_records_no_forfeit_and_resumes_exactly() {
    let dir = TempDir::new("jobsignal");
    let pids = dir.path("pids");
    let results = dir.path("interrupted.jsonl");
    let whole = dir.path("whole.jsonl");
    let args = |results: &Path| {
        // Every move takes a few milliseconds: a game is in progress when
        // the signal comes.
        let mut args = mock_engine("one", "good", &["--delay", "4"], &pids);
        args.extend(mock_engine(
            "two",
            "good",
            &["--delay", "4", "--score", "5"],
            &pids,
        ));
        args.extend(words(&format!(
            "-each st=1 option.Seeds=4 -games 2 -rounds 8 -concurrency 2 -results {}",
            results.display()
        )));
        args
    };
    let mut command = Command::new(referee());
    // It is sent signals: at their default action, whatever this test
    // inherited (`nohup`, a background job).
    ply_signals::children::default_job_signals(&mut command);
    let mut referee_process = command
        .args(args(&results))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the referee starts");
    let deadline = Instant::now() + WAIT;
    while read_results(&results).len() < 2 {
        assert!(Instant::now() < deadline, "no game finished");
        std::thread::sleep(Duration::from_millis(10));
    }
    // kill -TERM $REF $(pgrep -P $REF)
    let reference = referee_process.id();
    let engines = children_of(reference);
    assert!(!engines.is_empty(), "the referee has no engine running");
    // (kill's status is not checked: an engine may have just gone.)
    Command::new("kill")
        .arg("-TERM")
        .arg(reference.to_string())
        .args(&engines)
        .status()
        .expect("kill runs");
    let exit = wait_for_exit(&mut referee_process);
    assert_eq!(exit.code(), Some(130), "stopped as by Ctrl-C");

    // Only whole games: no engine lost by the signal.
    let kept = read_results(&results);
    assert!(!kept.is_empty() && kept.len() < 16, "{} games", kept.len());
    for game in &kept {
        assert_eq!(game["termination"], "normal", "{game}");
        assert!(game["fault"].is_null(), "{game}");
    }

    // Resumed to the end, it equals a match never interrupted.
    run_ok(&args(&results));
    run_ok(&args(&whole));
    let resumed = games_of(&results);
    assert_eq!(resumed.len(), 16);
    assert_eq!(resumed, games_of(&whole));
    assert_no_survivors(&pids);
}

/// `-engine cmd=sh name=NAME arg=-c arg=SCRIPT` where SCRIPT first
/// notes in `<pidfile>.alive` which background jobs of earlier runs still
/// run (not counting zombies), then starts `background` (its pid to
/// `pidfile`) and becomes a mock engine in `mode` (`extra` arguments).
fn wrapped_engine(
    name: &str,
    background: &str,
    mode: &str,
    extra: &str,
    pidfile: &Path,
) -> Vec<String> {
    let pidfile = pidfile.display();
    let check = format!(
        "for p in $(cat {pidfile}.jobs 2>/dev/null); do \
           s=$(cut -d' ' -f3 /proc/$p/stat 2>/dev/null); \
           if [ -n \"$s\" ] && [ \"$s\" != Z ]; then echo $p >> {pidfile}.alive; fi; \
         done"
    );
    vec![
        "-engine".to_owned(),
        "cmd=sh".to_owned(),
        format!("name={name}"),
        "arg=-c".to_owned(),
        format!(
            "arg={check}; {background} & echo $! >> {pidfile}; echo $! >> {pidfile}.jobs; \
             exec {} --mode {mode} {extra} --pidfile {pidfile}",
            mock()
        ),
    ]
}

/// The engine behind a wrapper leaves a background job in its process
/// group. When the engine exits by itself (here it crashes and is
/// restarted) the referee kills what is left of its group at once: the
/// restarted wrapper finds the first job gone (not merely left for the
/// end of the match).
#[test]
fn what_an_engine_leaves_in_its_process_group_is_killed() {
    let dir = TempDir::new("wrapper");
    let pids = dir.path("pids");
    // The job does not hold the engine's output open, so a crash is seen at once.
    let mut args = wrapped_engine(
        "wrapped",
        "sleep 300 >/dev/null",
        "crash",
        "--after 2",
        &pids,
    );
    args.extend(mock_engine("plain", "good", &[], &pids));
    args.extend(words("-each st=1 option.Seeds=4 -games 2 -recover"));
    let stdout = run_ok(&args);
    assert!(stdout.contains("Finished match"), "{stdout}");
    let jobs = std::fs::read_to_string(dir.path("pids.jobs")).unwrap_or_default();
    assert_eq!(jobs.lines().count(), 2, "the engine was restarted once");
    let alive = std::fs::read_to_string(dir.path("pids.alive")).unwrap_or_default();
    assert!(alive.is_empty(), "still running at the restart: {alive}");
    // The sleeps' pids are in the file, beside the engines'.
    assert_no_survivors(&pids);
}

/// A child in a session of its own is out of reach of any process-group
/// kill; the referee, a child subreaper, adopts it when its engine exits
/// and ends it before it exits itself.
#[test]
fn what_an_engine_leaves_in_its_own_session_is_killed() {
    let dir = TempDir::new("setsid");
    let pids = dir.path("pids");
    let mut args = wrapped_engine("wrapped", "setsid sleep 300", "good", "", &pids);
    args.extend(mock_engine("plain", "good", &[], &pids));
    args.extend(words("-each st=1 option.Seeds=4 -games 2"));
    let stdout = run_ok(&args);
    assert!(stdout.contains("Finished match"), "{stdout}");
    assert_no_survivors(&pids);
}
