//! A signal to a front end ends its engines too: an engine in a search
//! that ignores `quit` and the end of its input (tests/mock-engine.sh, the
//! worst case) must not outlive `ply-gui`, adopted by PID 1.

#![cfg(target_os = "linux")]

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use tungstenite::{Message, WebSocket};

const MOCK_ENGINE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/mock-engine.sh");

/// How long anything here may take.
const TIMEOUT: Duration = Duration::from_secs(20);

/// `ply-gui` on a free port against the mock engine, which writes its
/// process ids to `pids`; returns it and its `host:port`.
fn start_gui(pids: &Path) -> (Child, String) {
    start_gui_with(pids, false)
}

/// As [`start_gui`]; with `nohup`, SIGHUP is ignored when ply-gui starts,
/// as `nohup` leaves it (`trap '' HUP` survives `exec`).
fn start_gui_with(pids: &Path, nohup: bool) -> (Child, String) {
    let gui = assert_cmd::cargo::cargo_bin("ply-gui");
    let mut command = if nohup {
        let mut command = Command::new("sh");
        command
            .args(["-c", "trap '' HUP; exec \"$0\" \"$@\""])
            .arg(&gui);
        command
    } else {
        Command::new(&gui)
    };
    // It is sent signals: at their default action, whatever this test
    // inherited (`nohup`, a background job); `nohup` is then the shell's.
    ply_signals::children::default_job_signals(&mut command);
    let mut gui = command
        .args(["--port", "0", "--engine", MOCK_ENGINE])
        .env("MOCK_ENGINE_PIDS", pids)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("ply-gui starts");
    let stdout = gui.stdout.take().expect("stdout is piped");
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("ply-gui prints its address");
    let host = line
        .split_whitespace()
        .find_map(|word| word.strip_prefix("http://"))
        .and_then(|address| address.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_owned();
    (gui, host)
}

/// Opens the page's WebSocket and has the engine search (for ever).
fn start_search(host: &str) -> WebSocket<TcpStream> {
    let stream = TcpStream::connect(host).expect("ply-gui listens");
    stream.set_read_timeout(Some(TIMEOUT)).expect("timeout set");
    let (mut ws, _) =
        tungstenite::client(format!("ws://{host}/ws"), stream).expect("the WebSocket opens");
    ws.send(Message::text(r#"{"type":"engine_move"}"#))
        .expect("ply-gui reads");
    let deadline = Instant::now() + TIMEOUT;
    loop {
        assert!(Instant::now() < deadline, "the engine never started");
        if let Message::Text(text) = ws.read().expect("ply-gui answers") {
            let message: serde_json::Value = serde_json::from_str(text.as_str()).expect("JSON");
            if message["type"] == "state" && message["thinking"] == 0 {
                return ws;
            }
        }
    }
}

/// Whether process `pid` runs (exists and is no zombie).
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        // The state follows the command name, which is in parentheses.
        stat.rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().next())
            .is_some_and(|state| state != "Z")
    })
}

fn engine_pids(file: &Path) -> Vec<u32> {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .split_whitespace()
        .filter_map(|pid| pid.parse().ok())
        .collect()
}

fn pid_file(signal: &str) -> PathBuf {
    let file = std::env::temp_dir().join(format!(
        "ply-gui-signals-{}-{signal}.pids",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&file);
    file
}

#[test]
fn a_signal_to_ply_gui_ends_its_searching_engine() {
    for signal in ["TERM", "INT", "HUP"] {
        let pids = pid_file(signal);
        let (mut gui, host) = start_gui(&pids);
        let _ws = start_search(&host);
        let engines = engine_pids(&pids);
        // The engine tried at start-up, and the page's engine.
        assert_eq!(engines.len(), 2, "SIG{signal}: {engines:?}");
        assert!(engines.iter().any(|&pid| alive(pid)), "SIG{signal}");

        let sent = Command::new("kill")
            .args([format!("-{signal}"), gui.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success());
        let deadline = Instant::now() + Duration::from_secs(5);
        let status = loop {
            if let Some(status) = gui.try_wait().expect("ply-gui is ours") {
                break status;
            }
            if Instant::now() >= deadline {
                let _ = gui.kill();
                panic!("SIG{signal}: ply-gui is still running");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let left: Vec<u32> = engines.into_iter().filter(|&pid| alive(pid)).collect();
        // Whatever fails below, the test leaves no stand-in engine behind.
        for &pid in &left {
            let _ = Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .status();
        }
        let _ = std::fs::remove_file(&pids);
        assert!(
            left.is_empty(),
            "SIG{signal}: engines left running: {left:?}"
        );
        // Its handler ran (a signal's default action gives no code).
        assert_eq!(status.code(), Some(130), "SIG{signal}: {status}");
    }
}

/// Sends SIG`signal` to process `pid`.
fn send(signal: &str, pid: u32) {
    let sent = Command::new("kill")
        .args([format!("-{signal}"), pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success(), "kill -{signal} {pid}");
}

/// How long a hangup is given to (wrongly) end ply-gui under `nohup`:
/// longer than the front ends' quit grace (one second), which the handler
/// waits out for an engine in a search before it exits.
const HANGUP_WAIT: Duration = Duration::from_millis(2500);

#[test]
fn under_nohup_a_hangup_leaves_ply_gui_running() {
    let pids = pid_file("nohup");
    let (mut gui, host) = start_gui_with(&pids, true);
    let _ws = start_search(&host);
    send("HUP", gui.id());
    std::thread::sleep(HANGUP_WAIT);
    let survived = gui.try_wait().expect("ply-gui is ours").is_none();
    // SIGTERM still ends it and its engines, whatever the hangup did.
    send("TERM", gui.id());
    let deadline = Instant::now() + TIMEOUT;
    let status = loop {
        if let Some(status) = gui.try_wait().expect("ply-gui is ours") {
            break status;
        }
        if Instant::now() >= deadline {
            let _ = gui.kill();
            panic!("SIGTERM did not end ply-gui");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let left: Vec<u32> = engine_pids(&pids)
        .into_iter()
        .filter(|&pid| alive(pid))
        .collect();
    for &pid in &left {
        let _ = Command::new("kill")
            .args(["-KILL", &pid.to_string()])
            .status();
    }
    let _ = std::fs::remove_file(&pids);
    assert!(survived, "SIGHUP ended ply-gui started under nohup");
    assert!(left.is_empty(), "engines left running: {left:?}");
    assert_eq!(status.code(), Some(130), "{status}");
}

/// The name of the test above that signals ply-gui, run again below.
const SIGNAL_TEST: &str = "a_signal_to_ply_gui_ends_its_searching_engine";

/// The suite passes however it is started: [`SIGNAL_TEST`] is run again
/// with SIGHUP and SIGINT ignored, as `nohup` and a shell's background job
/// leave them to everything they start (ply-gui included, unless the test
/// sets its signals itself).
#[test]
fn the_signal_test_passes_under_nohup_and_in_the_background() {
    let this_test = std::env::current_exe().expect("the test binary's path");
    let output = Command::new("sh")
        .args(["-c", "trap '' HUP INT; exec \"$0\" \"$@\""])
        .arg(&this_test)
        .args(["--exact", SIGNAL_TEST])
        .stdin(Stdio::null())
        .output()
        .expect("the test binary runs");
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && report.contains("1 passed"),
        "{SIGNAL_TEST} under nohup: {}\n{report}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
}
