//! The registry ends every live engine: `kill_all` at once, `end_all` with
//! `quit` and a grace, after which no engine may start. A test binary of
//! its own, since `end_all` closes the registry for the whole process.
#![cfg(unix)]

use std::time::Duration;

use ply_client::{Engine, Error, Spawn, Stderr, registry};
use ply_protocol::Dialect;

/// Generous: only there to end a test that would otherwise hang.
const LONG: Duration = Duration::from_secs(20);

/// The grace `end_all` gives: the stubborn engine outlives it.
const GRACE: Duration = Duration::from_millis(200);

/// Exits on `quit`.
const POLITE: &str = r#"read l; echo uciok; while read l; do [ "$l" = quit ] && exit 0; done"#;

/// Reads nothing after the handshake: only a kill ends it.
const STUBBORN: &str = "read l; echo uciok; exec sleep 60";

fn start(body: &str) -> Result<Engine, Error> {
    let spawn = Spawn {
        args: vec!["-c".into(), body.into()],
        dialect: Dialect::Uci,
        stderr: Stderr::Log,
        ..Spawn::new("sh")
    };
    let mut engine = Engine::spawn(&spawn)?;
    engine.handshake(LONG, None)?;
    Ok(engine)
}

#[test]
fn the_registry_ends_every_live_engine() {
    // kill_all: every engine killed at once; engines may start afterwards.
    let polite = start(POLITE).expect("starts");
    let stubborn = start(STUBBORN).expect("starts");
    assert_eq!(registry::live_count(), 2);
    let mut pids = registry::pids();
    pids.sort_unstable();
    let mut expected = vec![polite.pid(), stubborn.pid()];
    expected.sort_unstable();
    assert_eq!(pids, expected);
    registry::kill_all();
    assert_eq!(registry::live_count(), 0);
    assert!(!polite.is_running() && !stubborn.is_running());
    drop((polite, stubborn));

    // end_all: `quit`, the grace, then the kill; no engine starts after.
    let polite = start(POLITE).expect("starts after kill_all");
    let stubborn = start(STUBBORN).expect("starts after kill_all");
    registry::end_all(GRACE);
    assert_eq!(registry::live_count(), 0);
    assert!(!polite.is_running() && !stubborn.is_running());
    let error = start(POLITE).expect_err("the registry is closed");
    assert!(matches!(error, Error::Disconnected), "{error:?}");
    assert_eq!(registry::live_count(), 0);
}
