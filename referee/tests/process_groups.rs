//! An engine killed by the referee (a stall, the end of the match) goes
//! with everything it started: an engine behind a wrapper script that does
//! not `exec` it must not be left running as an orphan.

#![cfg(unix)]

mod support;

use support::{RUN_TIMEOUT, Running, Scratch, engine_args, referee, words};

#[test]
fn a_stalled_engine_behind_a_wrapper_script_is_killed_with_the_wrapper() {
    let scratch = Scratch::new("wrapper");
    // Never answers `go`, and does not read `stop` or `quit` meanwhile:
    // only a kill ends it.
    let inner = scratch.engine("inner", "sleep 1000");
    // Runs the engine as a child of its own, as `sh engine.sh` would.
    let wrapper = scratch.script("wrapper", &format!("'{}'\n", inner.display()));
    let mut args = engine_args(&wrapper, "a");
    args.extend(engine_args(&wrapper, "b"));
    args.extend(words(
        "-each st=0.2 timemargin=50 -games 2 -recover -stalltimeout 1 -variant kalah",
    ));
    let mut referee = Running::start(referee(), &args);
    let status = referee.wait(RUN_TIMEOUT).expect("the match ends");
    let rest = referee.rest();
    assert!(status.success(), "{status}: {rest:?}");
    // Two games, one stalled engine each, and the engines of the last game.
    assert!(scratch.pids().len() >= 3, "{:?}", scratch.pids());
    scratch.assert_no_survivors();
}
