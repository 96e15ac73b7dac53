//! SIGTERM and SIGHUP stop a match as Ctrl-C does: the games end as
//! interrupted, the engines (in process groups of their own, which the
//! signal does not reach) are stopped, and the referee exits with 130.
//! Under `nohup` a hangup is ignored.

#![cfg(unix)]

mod support;

use std::time::{Duration, Instant};

use support::{RUN_TIMEOUT, Running, Scratch, engine_args, referee, words};

/// The referee's exit status after an interrupt.
const EXIT_INTERRUPTED: i32 = 130;

/// A match of two engines that never answer `go`, so a game is running
/// whenever the signal comes.
fn hanging_match(scratch: &Scratch) -> Vec<String> {
    let engine = scratch.engine("hang", ":");
    let mut args = engine_args(&engine, "a");
    args.extend(engine_args(&engine, "b"));
    args.extend(words("-each tc=60 -games 2 -variant kalah"));
    args
}

fn a_signal_stops_the_match_in_order(signal: &str) {
    let scratch = Scratch::new(&format!("signal-{signal}"));
    let mut referee = Running::start(referee(), &hanging_match(&scratch));
    referee.wait_for_line("Started game");
    std::thread::sleep(Duration::from_millis(200));
    referee.signal(signal);
    let status = referee
        .wait(RUN_TIMEOUT)
        .unwrap_or_else(|| panic!("the referee did not stop on SIG{signal}"));
    assert_eq!(
        status.code(),
        Some(EXIT_INTERRUPTED),
        "SIG{signal}: {status}"
    );
    let rest = referee.rest();
    assert!(
        rest.iter().any(|l| l.starts_with("Match interrupted")),
        "{rest:?}"
    );
    scratch.assert_no_survivors();
}

#[test]
fn sigterm_stops_the_match_and_its_engines() {
    a_signal_stops_the_match_in_order("TERM");
}

#[test]
fn sighup_stops_the_match_and_its_engines() {
    a_signal_stops_the_match_in_order("HUP");
}

#[test]
fn under_nohup_a_hangup_is_ignored() {
    let scratch = Scratch::new("nohup");
    // `trap '' HUP` is what nohup does: SIGHUP ignored across exec.
    let mut args = vec![
        "-c".to_owned(),
        "trap '' HUP; exec \"$0\" \"$@\"".to_owned(),
        referee().to_owned(),
    ];
    args.extend(hanging_match(&scratch));
    let mut referee = Running::start("sh", &args);
    referee.wait_for_line("Started game");
    referee.signal("HUP");
    assert!(
        referee.wait(Duration::from_millis(500)).is_none(),
        "SIGHUP stopped a match started under nohup"
    );
    referee.signal("TERM");
    let status = referee.wait(RUN_TIMEOUT).expect("SIGTERM stops it");
    assert_eq!(status.code(), Some(EXIT_INTERRUPTED), "{status}");
    scratch.assert_no_survivors();
}

#[test]
fn ctrl_c_during_the_handshake_interrupts_at_once() {
    let scratch = Scratch::new("handshake");
    // Started, but never says uciok: the referee waits in the handshake,
    // which may take the whole -stalltimeout.
    let mute = scratch.script(
        "mute",
        &format!(
            "echo $$ >> '{}'\nwhile read -r line; do :; done\n",
            scratch.path("pids").display()
        ),
    );
    let mut args = engine_args(&mute, "a");
    args.extend(engine_args(&mute, "b"));
    args.extend(words(
        "-each tc=60 -games 2 -stalltimeout 60 -variant kalah",
    ));
    let mut referee = Running::start(referee(), &args);
    let deadline = Instant::now() + RUN_TIMEOUT;
    while scratch.pids().is_empty() {
        assert!(Instant::now() < deadline, "no engine started");
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(200));
    referee.signal("INT");
    // Far less than the stall timeout: the handshake does not wait it out.
    let status = referee
        .wait(Duration::from_secs(10))
        .expect("Ctrl-C stops the handshake");
    assert_eq!(status.code(), Some(EXIT_INTERRUPTED), "{status}");
    scratch.assert_no_survivors();
}

/// Starts the referee with `args`, reads its stdout up to the first
/// `Started game` line, then closes the reading end, as a terminal that
/// hung up (or `| head`) leaves it: every later console write fails.
fn start_then_close_stdout(args: &[String]) -> std::process::Child {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut command = Command::new(referee());
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
    let started = BufReader::new(stdout)
        .lines()
        .map_while(Result::ok)
        .any(|line| line.starts_with("Started game"));
    // The reader is dropped here: the pipe has no reader any more.
    assert!(started, "the referee printed no 'Started game'");
    child
}

/// Waits for `child` to exit, at most [`RUN_TIMEOUT`].
fn wait_for(child: &mut std::process::Child) -> std::process::ExitStatus {
    let deadline = Instant::now() + RUN_TIMEOUT;
    loop {
        if let Some(status) = child.try_wait().expect("the referee is ours") {
            return status;
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the referee did not end");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_hangup_with_the_console_gone_still_exits_130() {
    let scratch = Scratch::new("hangup-console-gone");
    let mut child = start_then_close_stdout(&hanging_match(&scratch));
    std::thread::sleep(Duration::from_millis(200));
    let sent = std::process::Command::new("kill")
        .args(["-HUP".to_owned(), child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    // The final statistics cannot be written (EPIPE): no failure for it.
    let status = wait_for(&mut child);
    assert_eq!(status.code(), Some(EXIT_INTERRUPTED), "{status}");
    scratch.assert_no_survivors();
}

#[test]
fn a_match_whose_console_is_gone_plays_on_and_writes_its_results() {
    /// Games in the match; each engine thinks long enough per move that
    /// the console is closed before the first game ends.
    const GAMES: usize = 2;
    let scratch = Scratch::new("console-gone");
    // Pit 2 until it is empty, when the move is illegal and the game lost:
    // short games, and no crash.
    let slow = scratch.engine("slow", "sleep 0.2; echo 'bestmove 2'");
    let results = scratch.path("results.jsonl");
    let mut args = engine_args(&slow, "a");
    args.extend(engine_args(&slow, "b"));
    args.extend(words(&format!(
        "-each st=5 -games {GAMES} -variant kalah -results {}",
        results.display()
    )));
    let mut child = start_then_close_stdout(&args);
    let status = wait_for(&mut child);
    assert_eq!(status.code(), Some(0), "{status}");
    let written = std::fs::read_to_string(&results).unwrap_or_default();
    assert_eq!(written.lines().count(), GAMES, "{written}");
    scratch.assert_no_survivors();
}
