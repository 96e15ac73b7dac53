//! The client against stand-in engines written as `sh -c` scripts: the
//! handshake, a timeout, a crash, an engine that closes its output, a line
//! over the cap, an interrupt, and `quit` with its grace then the kill.
#![cfg(unix)]

use std::os::unix::process::ExitStatusExt;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use ply_client::{Engine, Error, MAX_LINE_BYTES, QUIT_GRACE, Spawn, Stderr};
use ply_protocol::Dialect;

/// Generous: only there to end a test that would otherwise hang.
const LONG: Duration = Duration::from_secs(20);

/// A wait that must run out (the engine never answers).
const SHORT: Duration = Duration::from_millis(200);

fn script(body: &str, dialect: Dialect) -> Engine {
    let spawn = Spawn {
        args: vec!["-c".into(), body.into()],
        dialect,
        stderr: Stderr::Log,
        ..Spawn::new("sh")
    };
    Engine::spawn(&spawn).expect("sh starts")
}

/// Answers `uci` with its name, `isready` with an error report and
/// `readyok`, and exits on `quit`.
const POLITE: &str = r#"read l; echo "id name Shell Engine"; echo uciok
while read l; do
  case "$l" in
    isready) echo "info string error: no such option"; echo readyok ;;
    quit) exit 0 ;;
  esac
done"#;

#[test]
fn handshake_ping_and_quit() {
    let mut engine = script(POLITE, Dialect::Uci);
    let name = engine.handshake(LONG, None).expect("handshake");
    assert_eq!(name.as_deref(), Some("Shell Engine"));
    let errors = engine.ping(Instant::now() + LONG, None).expect("readyok");
    assert_eq!(errors, ["no such option"]);
    assert!(engine.is_running());
    // It exits by itself on `quit`, well within the grace.
    let status = engine.shutdown(LONG).expect("an exit status");
    assert_eq!(status.code(), Some(0));
    assert!(!engine.is_running());
    // Ending it twice does nothing.
    assert!(engine.shutdown(LONG).is_none());
}

#[test]
fn no_answer_is_a_timeout_naming_what_was_waited_for() {
    let mut engine = script("read l; exec sleep 60", Dialect::Ugi);
    let error = engine.handshake(SHORT, None).expect_err("no ugiok");
    assert!(
        matches!(&error, Error::Timeout { waiting_for, .. } if waiting_for == "ugiok"),
        "{error:?}"
    );
    assert!(error.to_string().starts_with("no ugiok within "), "{error}");
}

#[test]
fn a_crash_is_a_disconnection() {
    let mut engine = script("read l; echo uciok; read l; exit 3", Dialect::Uci);
    engine.handshake(LONG, None).expect("handshake");
    let error = engine
        .ping(Instant::now() + LONG, None)
        .expect_err("it crashed");
    assert!(matches!(error, Error::Disconnected), "{error:?}");
    assert_eq!(
        error.to_string(),
        "the engine process exited (disconnected)"
    );
    assert_eq!(engine.shutdown(QUIT_GRACE).and_then(|s| s.code()), Some(3));
}

#[test]
fn closed_output_while_running_is_told_from_a_crash() {
    let mut engine = script("exec >&-; exec sleep 60", Dialect::Uci);
    let error = engine.handshake(LONG, None).expect_err("no output");
    assert!(matches!(error, Error::OutputClosed), "{error:?}");
}

#[test]
fn a_line_over_the_cap_is_garbage() {
    let body = format!(
        "read l; head -c {} /dev/zero | tr '\\0' x; echo; echo uciok; exec sleep 60",
        MAX_LINE_BYTES + 1
    );
    let mut engine = script(&body, Dialect::Uci);
    let error = engine.handshake(LONG, None).expect_err("garbage");
    assert!(
        matches!(error, Error::LineTooLong { limit } if limit == MAX_LINE_BYTES),
        "{error:?}"
    );
}

#[test]
fn an_interrupt_ends_a_wait() {
    let mut engine = script("read l; exec sleep 60", Dialect::Uci);
    let interrupt = AtomicBool::new(true);
    let error = engine
        .handshake(LONG, Some(&interrupt))
        .expect_err("interrupted");
    assert!(matches!(error, Error::Interrupted), "{error:?}");
}

#[test]
fn an_engine_that_ignores_quit_is_killed_after_the_grace() {
    // `sleep` reads no input: neither `quit` nor the end of input ends it.
    let mut engine = script("read l; echo uciok; exec sleep 60", Dialect::Uci);
    engine.handshake(LONG, None).expect("handshake");
    let status = engine.shutdown(SHORT).expect("an exit status");
    assert_eq!(status.signal(), Some(libc::SIGKILL), "{status:?}");
}

#[test]
fn a_program_that_does_not_start_names_itself_and_the_hint() {
    let spawn = Spawn {
        spawn_hint: " (check cmd= and dir=)",
        ..Spawn::new("/nonexistent/engine")
    };
    let error = Engine::spawn(&spawn).expect_err("no such program");
    let text = error.to_string();
    assert!(
        text.starts_with("could not start '/nonexistent/engine': "),
        "{text}"
    );
    assert!(text.ends_with(" (check cmd= and dir=)"), "{text}");
}

/// `Stderr::Lines`: the standard error's lines come with the standard
/// output's (no protocol responses), and the output ends once both have.
#[test]
fn stderr_lines_are_read_with_the_output() {
    let spawn = Spawn {
        args: vec![
            "-c".into(),
            "echo 'working on level 1/2' >&2; echo 'info string hi'; echo 'no space left' >&2; exit 3"
                .into(),
        ],
        stderr: Stderr::Lines,
        ..Spawn::new("sh")
    };
    let mut engine = Engine::spawn(&spawn).expect("sh starts");
    let deadline = Instant::now() + LONG;
    let mut texts = Vec::new();
    loop {
        match engine.try_line() {
            Ok(Some((line, _))) => texts.push(line.text),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(5)),
            Ok(None) => panic!("the output never ended: {texts:?}"),
            Err(Error::Disconnected) => break,
            Err(other) => panic!("{other}"),
        }
    }
    texts.sort();
    assert_eq!(
        texts,
        ["info string hi", "no space left", "working on level 1/2"]
    );
    let status = engine.shutdown(Duration::ZERO).expect("an exit status");
    assert_eq!(status.code(), Some(3));
}
