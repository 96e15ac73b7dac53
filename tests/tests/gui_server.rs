//! `ply-gui` over its WebSocket, as the page speaks to it: games against
//! the engine and between engines, every move checked with the engine
//! library's rules; and what it refuses (messages outside the whitelist,
//! foreign hosts and origins, a missing token).

mod gui_support;

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use gui_support::{Gui, Page, TIMEOUT, message};
use ply_rules::game::Game;
use ply_rules::games::kalah::Kalah;
use serde_json::{Value, json};

const START_6_4: &str = "4,4,4,4,4,4 0 4,4,4,4,4,4 0 s";

fn fen(state: &Value) -> String {
    state["fen"].as_str().expect("a position string").to_owned()
}

fn kalah(state: &Value) -> Kalah {
    Kalah::from_position_string(&fen(state), false).expect("a Kalah position")
}

#[test]
fn a_whole_game_against_the_engine_by_moves_from_the_page() {
    let gui = Gui::start(&["--seeds", "4", "--depth", "2"]);
    let mut page = gui.connect();
    assert_eq!(page.state["title"], "Kalah(6,4)");
    assert_eq!(fen(&page.state), START_6_4);
    assert_eq!(page.state["players"], json!(["human", "engine"]));
    assert_eq!(page.state["legal"], json!(["1", "2", "3", "4", "5", "6"]));
    let mut saw_info = false;
    for _ in 0..300 {
        let state = page.until_person_or_end();
        saw_info |= page.received.iter().any(|m| m["type"] == "info");
        if !state["outcome"].is_null() {
            let position = kalah(&state);
            assert!(
                position.outcome().is_some(),
                "the rules agree the game is over"
            );
            let text = state["outcome"]["text"].as_str().expect("text");
            assert!(text.contains("wins") || text.starts_with("Draw"), "{text}");
            assert!(saw_info, "the engine's thinking was shown");
            return;
        }
        // The legal moves offered are the rules' legal moves.
        let position = kalah(&state);
        let legal: Vec<String> = state["legal"]
            .as_array()
            .expect("a list")
            .iter()
            .map(|m| m.as_str().expect("text").to_owned())
            .collect();
        for mv in &legal {
            assert!(
                position.parse_move(mv).is_ok(),
                "{mv} offered in {}",
                fen(&state)
            );
        }
        let mv = legal.last().expect("a legal move").clone();
        let answer = page.request(&message("move", json!({ "move": mv })));
        assert_eq!(answer["type"], "state", "{answer}");
        assert_eq!(answer["last_move"]["move"], json!(mv));
        assert_eq!(answer["last_move"]["side"], json!(0));
    }
    panic!("the game did not end");
}

#[test]
fn engines_play_each_other_while_the_page_watches() {
    // A second engine binary for North (the same file by another path, so
    // ply-gui runs two engine processes).
    let engine = ply_tests::binary("ply-engine");
    let dir = engine.parent().expect("a directory");
    let second = dir.join("deps").join("..").join("ply-engine");
    let second = second.to_str().expect("a UTF-8 path");
    let gui = Gui::start(&[
        "--seeds",
        "3",
        "--depth",
        "1",
        "--watch-pace",
        "0",
        "--engine2",
        second,
    ]);
    let mut page = gui.connect();
    let answer = page.request(&message(
        "set_options",
        json!({ "players": ["engine", "engine"], "strength": [{ "depth": 1 }, { "depth": 2 }] }),
    ));
    assert_eq!(answer["type"], "state", "{answer}");
    let end = page.until(|m| m["type"] == "state" && !m["outcome"].is_null());
    assert!(kalah(&end).outcome().is_some());
    let moves = end["moves"].as_array().expect("moves");
    assert!(moves.iter().any(|m| m["side"] == 0) && moves.iter().any(|m| m["side"] == 1));
    assert!(
        page.received
            .iter()
            .any(|m| m["type"] == "info" && m["side"] == 1)
    );
}

#[test]
fn take_back_position_string_flip_hint_and_new_game() {
    let gui = Gui::start(&["--seeds", "4", "--depth", "2"]);
    let mut page = gui.connect();

    let answer = page.request(&message("undo", json!({})));
    assert_eq!(answer["type"], "error");
    assert_eq!(answer["message"], "nothing to take back");

    // Hint: a turn for the person, nothing played.
    page.send(&message("hint", json!({})));
    let hint = page.until(|m| m["type"] == "hint");
    assert_eq!(hint["side"], 0);
    assert!(!hint["turn"].as_array().expect("a turn").is_empty());
    assert_eq!(fen(&page.state), START_6_4);

    // Pit 3 ends in the store: the person moves again, the engine waits.
    let state = page.request(&message("move", json!({ "move": "3" })));
    assert_eq!(state["side_to_move"], 0);
    assert!(state["thinking"].is_null());
    page.request(&message("move", json!({ "move": "6" })));
    let state = page.until_person_or_end();
    assert!(
        state["moves"].as_array().expect("moves").len() > 2,
        "the engine replied"
    );

    // Take back: the engine's reply and the person's whole turn.
    let state = page.request(&message("undo", json!({})));
    assert_eq!(fen(&state), START_6_4, "{state}");

    // Start from a position string; a bad one changes nothing.
    let custom = "0,5,5,5,5,5 2 4,4,4,4,4,4 0 s";
    let state = page.request(&message("set_position", json!({ "fen": custom })));
    assert_eq!(fen(&state), custom);
    assert_eq!(state["legal"], json!(["2", "3", "4", "5", "6"]));
    let error = page.request(&message("set_position", json!({ "fen": "1,2,3 0 s" })));
    assert_eq!(error["type"], "error");
    assert!(
        error["message"]
            .as_str()
            .expect("text")
            .contains("bad position")
    );
    assert_eq!(fen(&page.state), custom);

    // Flip: the other side at the bottom.
    assert_eq!(page.state["bottom"], 0);
    let state = page.request(&message("flip", json!({})));
    assert_eq!(state["bottom"], 1);

    // A new game with other rules from the game's whitelist.
    let state = page.request(&message(
        "new_game",
        json!({ "variant": "kalah", "options": { "Pits": 4, "Seeds": "3", "EmptyCapture": true } }),
    ));
    assert_eq!(state["title"], "Kalah(4,3), empty capture");
    assert_eq!(fen(&state), "3,3,3,3 0 3,3,3,3 0 s");
    assert_eq!(state["options"]["Pits"], "4");
}

#[test]
fn the_page_may_send_only_the_whitelisted_messages() {
    let gui = Gui::start(&["--seeds", "4", "--depth", "1"]);
    let mut page = gui.connect();
    let refused = [
        ("go depth 5", "message refused"),
        ("quit", "message refused"),
        (r#"{"type":"raw","line":"quit"}"#, "message refused"),
        (r#"{"type":"uci"}"#, "message refused"),
        (
            r#"{"type":"move","move":"3","then":"quit"}"#,
            "message refused",
        ),
        (r#"{"type":"move","move":"7"}"#, "'7' is not a move"),
        (r#"{"type":"move","move":"3\nquit"}"#, "is not a move"),
        (
            r#"{"type":"set_position","fen":"4,4,4,4,4,4 0 4,4,4,4,4,4 0 s\nquit"}"#,
            "bad position",
        ),
        (
            r#"{"type":"new_game","options":{"Hash":"4096"}}"#,
            "may not set option 'Hash'",
        ),
        (
            r#"{"type":"new_game","options":{"EndgameDB":"/etc/passwd"}}"#,
            "may not set option",
        ),
        (r#"{"type":"new_game","options":{"Seeds":"200"}}"#, "Seeds"),
        (
            r#"{"type":"new_game","variant":"chess"}"#,
            "no game named 'chess'",
        ),
        (
            r#"{"type":"set_options","strength":[{"depth":0},{"depth":1}]}"#,
            "depth must be",
        ),
        (
            r#"{"type":"set_options","strength":[{"movetime":99999999},{"depth":1}]}"#,
            "movetime must be",
        ),
    ];
    // Every kind of message with a field it does not have (the messages
    // without fields used to act on these).
    let with_extra_fields = [
        r#"{"type":"flip","evil":"go depth 99"}"#,
        r#"{"type":"hint","evil":"go depth 99"}"#,
        r#"{"type":"stop","evil":"quit"}"#,
        r#"{"type":"engine_move","evil":"go infinite"}"#,
        r#"{"type":"undo","evil":1}"#,
        r#"{"type":"new_game","variant":"kalah","evil":1}"#,
        r#"{"type":"set_position","fen":"4,4,4,4,4,4 0 4,4,4,4,4,4 0 s","evil":1}"#,
        r#"{"type":"set_options","players":["engine","engine"],"evil":1}"#,
        r#"{"type":"answer_draw","accept":true,"evil":1}"#,
    ]
    .map(|text| (text, "unknown field `evil`"));
    for (text, reason) in refused.into_iter().chain(with_extra_fields) {
        let answer = page.request_text(text);
        assert_eq!(answer["type"], "error", "{text} was accepted: {answer}");
        let message = answer["message"].as_str().expect("text");
        assert!(message.contains(reason), "{text}: {message}");
        assert_eq!(fen(&page.state), START_6_4, "{text} changed the game");
        assert_eq!(page.state["bottom"], 0, "{text} turned the board");
        assert_eq!(page.state["players"], json!(["human", "engine"]), "{text}");
        assert!(page.state["thinking"].is_null(), "{text} started a search");
    }
    // The engine still plays (it got nothing of the above).
    page.request(&message("move", json!({ "move": "1" })));
    let state = page.until_person_or_end();
    assert!(state["moves"].as_array().expect("moves").len() >= 2);
    // Not the engine's side.
    let state = page.request(&message(
        "set_options",
        json!({ "players": ["engine", "engine"] }),
    ));
    assert_eq!(state["type"], "state");
    let error = page.request(&message("move", json!({ "move": "1" })));
    assert_eq!(error["type"], "error", "{error}");
}

#[test]
fn foreign_hosts_and_origins_are_refused() {
    let gui = Gui::start(&["--depth", "1"]);
    assert!(gui.token.is_none(), "no token on loopback");
    let (status, body) = gui.get("/", &[]);
    assert_eq!(status, 200);
    assert!(
        body.contains("<svg") || body.contains("id=\"board\""),
        "the page"
    );
    let (status, _) = gui.get("/app.js", &[]);
    assert_eq!(status, 200);
    let (status, _) = gui.get("/nothing", &[]);
    assert_eq!(status, 404);
    // DNS rebinding: a name that is not loopback.
    let (status, body) = gui.get("/", &[("Host", "evil.example:8080")]);
    assert_eq!(status, 403, "{body}");
    // Cross-site WebSocket: another site's page.
    let refused = Page::try_connect(&gui.ws_url(), &[("Origin", "http://evil.example")]);
    assert_eq!(refused.err(), Some(403));
    // The page's own origin is fine.
    let origin = format!("http://{}", gui.host);
    assert!(Page::try_connect(&gui.ws_url(), &[("Origin", origin.as_str())]).is_ok());
}

#[test]
fn a_token_is_needed_when_asked_for() {
    let gui = Gui::start(&["--depth", "1", "--require-token"]);
    let token = gui.token.clone().expect("the address has a token");
    assert_eq!(token.len(), 32);
    let (status, body) = gui.get("/", &[]);
    assert_eq!(status, 403);
    assert!(body.contains("token"), "{body}");
    let (status, _) = gui.get(&format!("/?token={token}"), &[]);
    assert_eq!(status, 200);
    let (status, _) = gui.get("/?token=0000", &[]);
    assert_eq!(status, 403);
    let without = format!("ws://{}/ws", gui.host);
    assert_eq!(Page::try_connect(&without, &[]).err(), Some(403));
    let wrong = format!(
        "ws://{}/ws?token=0123456789abcdef0123456789abcdef",
        gui.host
    );
    assert_eq!(Page::try_connect(&wrong, &[]).err(), Some(403));
    let mut page = gui.connect();
    // ply-gui's default game, as ply-play's: Kalah(6,4).
    assert_eq!(page.state["fen"], json!(START_6_4));
    let state = page.request(&message("move", json!({ "move": "1" })));
    assert_eq!(state["type"], "state");
}

#[test]
fn every_game_the_engine_has_can_be_played_from_the_page() {
    let gui = Gui::start(&["--depth", "1"]);
    let mut page = gui.connect();
    let hello = page.received[0].clone();
    let variants: Vec<String> = hello["variants"]
        .as_array()
        .expect("the games")
        .iter()
        .map(|v| v["name"].as_str().expect("a name").to_owned())
        .collect();
    assert!(variants.contains(&"kalah".to_owned()), "{variants:?}");
    // Which games the page shows an evaluation bar and Flip for: the
    // board games, not Mastermind, whose breaker and maker share no board
    // (each game says so in its front-end module).
    for variant in hello["variants"].as_array().expect("the games") {
        assert!(variant["two_sided"].is_boolean(), "{variant}");
        match variant["name"].as_str() {
            Some("kalah" | "oware" | "russian") => assert_eq!(variant["two_sided"], true),
            Some("mastermind") => assert_eq!(variant["two_sided"], false),
            _ => {}
        }
    }
    for variant in &variants {
        let state = page.request(&message("new_game", json!({ "variant": variant })));
        assert_eq!(state["type"], "state", "{variant}: {state}");
        assert_eq!(state["variant"], json!(variant));
        assert_eq!(state["moves"], json!([]));
        assert!(state["board"]["kind"].is_string(), "{variant}: {state}");
        assert!(!state["text"].as_str().unwrap_or_default().is_empty());
        // The person's first turn (in Kalah a sowing may end in the store
        // and the turn go on).
        let mut state = state;
        let mut played = 0;
        while state["side_to_move"] == 0 && state["outcome"].is_null() {
            // Mastermind's guesses are typed, not listed.
            let mv = state["legal"][0]
                .as_str()
                .or((variant == "mastermind").then_some("0123"))
                .expect("a legal move")
                .to_owned();
            state = page.request(&message("move", json!({ "move": mv })));
            assert_eq!(state["type"], "state", "{variant}: {state}");
            assert_eq!(state["moves"][played]["move"], json!(mv));
            played += 1;
        }
        // The engine answers in every game.
        let state = page.until_person_or_end();
        assert!(
            state["moves"].as_array().expect("moves").len() > played || !state["outcome"].is_null(),
            "{variant}: {state}"
        );
    }
}

/// Analysis mode with the real engine in every game with two sides: the
/// engine's lines numbered 1 to 3 for the position shown, a value for
/// each position in the graph, going back to the start, and a Stop that
/// plays nothing; Mastermind refuses the mode.
#[test]
fn analysis_mode_gives_three_lines_and_values_in_every_two_sided_game() {
    let gui = Gui::start(&["--depth", "1"]);
    let mut page = gui.connect();
    let hello = page.received[0].clone();
    for variant in hello["variants"].as_array().expect("the games") {
        let name = variant["name"].as_str().expect("a name");
        let state = page.request(&message("new_game", json!({ "variant": name })));
        assert_eq!(state["type"], "state", "{name}: {state}");
        let answer = page.request(&message("analysis", json!({ "on": true })));
        if variant["two_sided"] == json!(false) {
            assert_eq!(answer["type"], "error", "{name}: {answer}");
            assert!(
                answer["message"]
                    .as_str()
                    .is_some_and(|m| m.contains("no analysis mode")),
                "{answer}"
            );
            continue;
        }
        assert_eq!(answer["analysis"]["lines"], 3, "{name}: {answer}");
        let start = fen(&answer);
        // One move, then the lines of the position after it.
        let mv = answer["legal"][0]
            .as_str()
            .expect("a legal move")
            .to_owned();
        let state = page.request(&message("move", json!({ "move": mv })));
        assert_eq!(state["ply"], 1, "{name}: {state}");
        // The graph's values come first (both positions), then the lines.
        let mut numbered = [false; 3];
        let mut valued = None;
        // Tic-tac-toe is searched to its end at once: its lines are proven.
        let mut proven = name != "tictactoe";
        page.until(|m| {
            if m["type"] == "proven" && m["analysis"] == true && m["ply"] == 1 {
                proven = true;
            }
            if m["type"] == "state"
                && m["evals"]
                    .as_array()
                    .is_some_and(|e| e.len() == 2 && e.iter().all(Value::is_object))
            {
                valued = Some(m["evals"].clone());
            }
            if m["type"] == "info" && m["analysis"] == true && m["ply"] == 1 {
                assert!(m["score"].is_object(), "{name}: {m}");
                assert!(!m["pv"].as_array().expect("a line").is_empty(), "{m}");
                if let Some(k) = m["multipv"].as_u64().filter(|k| (1..=3).contains(k)) {
                    numbered[usize::try_from(k).expect("small") - 1] = true;
                }
            }
            numbered.iter().all(|&seen| seen) && proven
        });
        assert!(valued.is_some(), "{name}: no values for the graph");
        // Back to the start: the board shows it, the game keeps its move.
        let state = page.request(&message("go_to", json!({ "ply": 0 })));
        assert_eq!((fen(&state), &state["ply"]), (start, &json!(0)), "{name}");
        assert_eq!(state["moves"].as_array().map(Vec::len), Some(1));
        // Stop, then leave: nothing is played.
        page.request(&message("stop", json!({})));
        let state = page.request(&message("analysis", json!({ "on": false })));
        assert!(state["analysis"].is_null(), "{state}");
        assert_eq!(
            state["moves"].as_array().map(Vec::len),
            Some(1),
            "{name}: {state}"
        );
        assert_eq!(state["ply"], 1);
    }
}

/// How often the slow client below sends a byte.
const DRIP_INTERVAL: Duration = Duration::from_millis(100);

/// A client sending its request head a byte at a time kept its connection
/// (and a thread) for ever: the read timeout restarted with each byte.
/// The head now has one deadline (here shortened to half a second).
#[test]
fn a_request_dripping_in_is_cut_off_at_its_deadline() {
    let gui = Gui::start(&["--depth", "1", "--request-deadline", "500"]);
    let mut stream = TcpStream::connect(&gui.host).expect("ply-gui listens");
    stream
        .set_read_timeout(Some(DRIP_INTERVAL))
        .expect("timeout set");
    // A head that never ends: one long header line.
    let head = format!("GET / HTTP/1.1\r\nHost: {}\r\nX-Pad: ", gui.host);
    let bytes = head.bytes().chain(std::iter::repeat(b'a'));
    let started = Instant::now();
    let mut answer = Vec::new();
    for byte in bytes {
        assert!(
            started.elapsed() < TIMEOUT,
            "the slow request is still being read"
        );
        if stream.write_all(&[byte]).is_err() {
            break;
        }
        let mut buffer = [0_u8; 512];
        match stream.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => answer.extend_from_slice(&buffer[..n]),
            Err(error) if matches!(error.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(_) => break,
        }
    }
    let answer = String::from_utf8_lossy(&answer);
    assert!(
        answer.is_empty() || answer.starts_with("HTTP/1.1 408"),
        "{answer}"
    );
    let (status, _) = gui.get("/", &[]);
    assert_eq!(status, 200, "a normal request is still served");
}

/// 500 idle connections made 500 threads. Connections that are not a
/// page's WebSocket are capped (here at 3): the next is answered 503 and
/// closed; a page already open plays on; once the idle ones go, requests
/// are served again.
#[test]
fn connections_beyond_the_cap_are_refused_until_others_close() {
    let gui = Gui::start(&[
        "--depth",
        "1",
        "--max-waiting-connections",
        "3",
        "--request-deadline",
        "600000",
    ]);
    let mut page = gui.connect();
    let idle: Vec<TcpStream> = (0..3)
        .map(|_| TcpStream::connect(&gui.host).expect("ply-gui listens"))
        .collect();
    // Sends nothing: the answer comes without a request.
    let mut refused = TcpStream::connect(&gui.host).expect("ply-gui accepts");
    refused
        .set_read_timeout(Some(TIMEOUT))
        .expect("timeout set");
    let mut answer = String::new();
    refused
        .read_to_string(&mut answer)
        .expect("an answer, then the end");
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(answer.contains("too many connections"), "{answer}");
    // The page open before is no waiting connection.
    let state = page.request(&message("flip", json!({})));
    assert_eq!(state["bottom"], 1, "{state}");
    drop(idle);
    let started = Instant::now();
    loop {
        // Until the server has seen the idle connections close, it refuses
        // (a 503, or a reset when it closes before reading the request).
        match gui.try_get("/", &[]) {
            Ok((200, _)) => break,
            Ok((status, body)) => assert_eq!(status, 503, "{body}"),
            Err(e) => assert_eq!(e.kind(), std::io::ErrorKind::ConnectionReset, "{e}"),
        }
        assert!(
            started.elapsed() < TIMEOUT,
            "the closed connections' places were not given back"
        );
        std::thread::sleep(DRIP_INTERVAL);
    }
}

/// A cache directory of the test's own (never the user's), emptied first.
fn fresh_cache(name: &str) -> std::path::PathBuf {
    let directory =
        std::env::temp_dir().join(format!("ply-gui-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&directory);
    std::fs::create_dir_all(&directory).expect("a temporary directory");
    directory
}

/// The engine's own `solve` of `fen` on Kalah(4,3) with every move's line
/// (MultiPV), with the database of `cache` (`expect_database`: one must be
/// found there): each move's proven value.
fn solve_every_move(
    cache: &std::path::Path,
    fen: &str,
    expect_database: bool,
) -> Vec<(String, i64)> {
    let setup = "setoption name Pits value 4\nsetoption name Seeds value 3\n";
    solve_bounds(cache, setup, fen, 4, expect_database)
        .into_iter()
        .map(|(mv, lower, upper)| {
            assert_eq!(lower, upper, "Kalah's solve proves values");
            (mv, lower)
        })
        .collect()
}

/// The engine's own `solve` of `fen` after `setup` (the rules' commands),
/// with `MultiPV` `lines` and the database of `cache` (`expect_database`:
/// one must be found there): each move's proven bounds, equal where its
/// value is proven (`proven margin …`), else its `between L and U` label's.
fn solve_bounds(
    cache: &std::path::Path,
    setup: &str,
    fen: &str,
    lines: usize,
    expect_database: bool,
) -> Vec<(String, i64, i64)> {
    use std::io::BufRead;
    let mut engine = std::process::Command::new(ply_tests::binary("ply-engine"))
        .env("XDG_CACHE_HOME", cache)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the engine runs");
    let mut input = engine.stdin.take().expect("stdin");
    write!(
        input,
        "{setup}setoption name MultiPV value {lines}\nposition fen {fen}\nsolve\n"
    )
    .expect("the engine reads");
    input.flush().expect("the engine reads");
    // Up to `solve`'s last line; the end of input (quit) would stop it.
    let stdout = std::io::BufReader::new(engine.stdout.take().expect("stdout"));
    let mut text = String::new();
    for line in stdout.lines() {
        let line = line.expect("a line");
        let last = line.starts_with("solved ") || line.starts_with("unsolved ");
        text.push_str(&line);
        text.push('\n');
        if last {
            break;
        }
    }
    drop(input);
    engine.wait().expect("the engine ends");
    assert_eq!(text.contains("(found by auto)"), expect_database, "{text}");
    let mut pending = std::collections::BTreeMap::new();
    let mut values = Vec::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let after = |key: &str| {
            words
                .iter()
                .position(|w| *w == key)
                .and_then(|i| words.get(i + 1))
        };
        if words.first() == Some(&"info") && words.get(1) != Some(&"string") {
            if let (Some(k), Some(cp), Some(mv)) = (after("multipv"), after("cp"), after("pv")) {
                pending.insert(
                    k.to_string(),
                    (
                        mv.to_string(),
                        cp.parse::<i64>().expect("centi-seeds") / 100,
                    ),
                );
            }
        } else if line.starts_with("info string multipv ") {
            let k = words[3].to_string();
            if line.ends_with("(solved)") {
                let (mv, value) = pending.remove(&k).expect("a line before its label");
                values.push((mv, value, value));
            } else if words.get(4) == Some(&"between") {
                let (mv, _) = pending.remove(&k).expect("a line before its label");
                let bound = |i: usize| words[i].parse::<i64>().expect("a bound");
                values.push((mv, bound(5), bound(7)));
            }
        }
    }
    values.sort();
    values
}

/// Issue 17: the page builds Kalah(4,3)'s 10-seed database into the cache
/// (`XDG_CACHE_HOME` of the test's own), sees it loaded, and sees every
/// legal move's exact value, as the engine's own `solve` gives it.
#[test]
fn the_page_builds_a_database_and_shows_every_moves_exact_value() {
    let cache = fresh_cache("exact");
    let gui = Gui::start_with_cache(&["--pits", "4", "--seeds", "3"], &cache);
    let mut page = gui.connect();
    assert_eq!(page.state["title"], "Kalah(4,3)");
    // The engine is asked which database it has: none yet.
    let state = page.until(|m| m["type"] == "state" && m["database"]["known"] == true);
    assert!(state["database"]["loaded"].is_null(), "{state}");
    assert_eq!(state["database"]["size_unit"], "seeds on the board");
    // C(16 + 8, 8) entries, the header and 12 blocks' checksums.
    assert_eq!(state["database"]["choices"][0]["size"], 16);
    assert_eq!(
        state["database"]["choices"][0]["bytes"],
        735_471 + 40 + 12 * 4
    );
    // Without a database the view says it needs one.
    let state = page.request(&message("exact_values", json!({"on": true})));
    assert_eq!(state["exact"]["status"], "needs a database", "{state}");
    // A size no database has is refused with the range.
    let error = page.request(&message("build_database", json!({"size": 200})));
    assert_eq!(
        error["message"],
        "a database holds 1 to 127 seeds on the board, not 200"
    );

    // Only the sizes offered are built.
    let error = page.request(&message("build_database", json!({"size": 10})));
    assert_eq!(
        error["message"],
        "10 seeds on the board is not offered for these rules: choose 16, 20, 24"
    );

    let state = page.request(&message("build_database", json!({"size": 16})));
    assert_eq!(state["type"], "state", "{state}");
    assert_eq!(state["database"]["build"]["size"], 16);
    assert_eq!(state["database"]["build"]["other_page"], false);
    // A second page sees the build and cannot start another one.
    let mut second = gui.connect();
    let error = second.request(&message("build_database", json!({"size": 20})));
    assert_eq!(
        error["message"],
        "another page is building the database of 16 seeds on the board: wait for it to end"
    );
    let state = page.until(|m| m["type"] == "state" && m["database"]["build"].is_null());
    assert_eq!(state["database"]["build_failed"], false, "{state}");
    let built = cache.join("ply").join("kalah-4-standard-16.db");
    assert!(built.is_file(), "the database is in the cache");
    let state = loaded_after(&mut page, state);
    let loaded = state["database"]["loaded"]
        .as_str()
        .expect("the engine's words");
    assert!(
        loaded.contains("kalah-4-standard-16.db (found by auto)"),
        "{loaded}"
    );
    // Bigger databases are still offered.
    assert_eq!(state["database"]["choices"][0]["size"], 20);
    // The second page's engine finds it too.
    second.until(|m| m["type"] == "state" && !m["database"]["loaded"].is_null());
    drop(second);
    // The panel checks the whole file.
    let state = page.request(&message("verify_database", json!({})));
    assert_eq!(state["database"]["verifying"], true, "{state}");
    let state = page.until(|m| m["type"] == "state" && m["database"]["verifying"] == false);
    assert_eq!(state["database"]["verify_failed"], false, "{state}");
    let verdict = state["database"]["verify_end"].as_str().expect("a verdict");
    assert!(
        verdict.contains("kalah-4-standard-16.db: sound"),
        "{verdict}"
    );

    // A position with 9 seeds on the board: within the database.
    let fen = "1,2,0,3 10 0,1,2,0 5 s";
    let state = page.request(&message("set_position", json!({"fen": fen})));
    assert_eq!(fen_of(&state), fen);
    let state = page.until(|m| m["type"] == "state" && m["exact"]["status"] == "proven");
    let shown = exact_values_shown(&state);
    assert_eq!(shown.len(), state["legal"].as_array().map_or(0, Vec::len));
    assert_eq!(shown, solve_every_move(&cache, fen, true));

    // Kalah has a database: North's perfect strength plays a proven move
    // (the engine's `info string proven margin …`, shown as proven).
    let state = page.request(&message(
        "set_options",
        json!({"players": ["human", "engine"], "strength": [{"depth": 2}, "perfect"]}),
    ));
    assert_eq!(state["strength"], json!([{"depth": 2}, "perfect"]));
    assert!(state["database"]["perfect_note"].is_null(), "{state}");
    let state = page.request(&message("move", json!({"move": "4"})));
    assert_eq!(state["side_to_move"], 1, "{state}");
    page.until(|m| m["type"] == "proven" && m["analysis"] == false);
    let state =
        page.until(|m| m["type"] == "state" && m["moves"].as_array().is_some_and(|l| l.len() >= 2));
    assert_eq!(state["moves"][1]["side"], 1, "North played");
    let _ = std::fs::remove_dir_all(&cache);
}

/// A damaged database in the cache: the exact view shows the values a
/// solve without any database proves, the engine says the file is
/// damaged, and the panel's check says so too.
#[test]
fn the_exact_view_never_shows_a_value_from_a_damaged_database() {
    use ply_engine::endgame::Backed;
    use ply_engine::games::kalah::KalahDb;
    let cache = fresh_cache("damaged");
    let directory = cache.join("ply");
    std::fs::create_dir_all(&directory).expect("the cache");
    let path = directory.join("kalah-4-standard-16.db");
    KalahDb::build(4, false, 16, 2, |_| {})
        .expect("a database")
        .save(&path)
        .expect("saved");
    // Every entry zeroed: 735,471 entries after the header and 12 checksums.
    let mut bytes = std::fs::read(&path).expect("the file");
    let entries = 40 + 12 * 4;
    bytes[entries..].fill(0);
    std::fs::write(&path, &bytes).expect("rewritten");
    let fen = "1,2,0,3 10 0,1,2,0 5 s";
    let truth = solve_every_move(&fresh_cache("no-database"), fen, false);

    let gui = Gui::start_with_cache(&["--pits", "4", "--seeds", "3"], &cache);
    let mut page = gui.connect();
    page.until(|m| m["type"] == "state" && !m["database"]["loaded"].is_null());
    page.request(&message("exact_values", json!({"on": true})));
    page.request(&message("set_position", json!({"fen": fen})));
    let state = page.until(|m| m["type"] == "state" && m["exact"]["status"] == "proven");
    let shown = exact_values_shown(&state);
    assert_eq!(shown, truth);
    // The panel's check finds the damage.
    page.request(&message("verify_database", json!({})));
    let state = page.until(|m| m["type"] == "state" && m["database"]["verifying"] == false);
    assert_eq!(state["database"]["verify_failed"], true, "{state}");
    let verdict = state["database"]["verify_end"].as_str().expect("a verdict");
    assert!(
        verdict.contains("damaged") && verdict.contains("rebuild"),
        "{verdict}"
    );
    let _ = std::fs::remove_dir_all(&cache);
}

/// Issue 24: Oware's database panel builds the database of a small board
/// (3 houses of 2 seeds: 12 seeds) into the cache, the engine loads it, and
/// the exact view shows each move's proven value or bounds, as the
/// engine's own `solve` gives them; Oware offers no perfect strength.
#[test]
fn the_page_builds_an_oware_database_and_shows_each_moves_bounds() {
    let cache = fresh_cache("oware-exact");
    let args = [
        "--variant",
        "oware",
        "--option",
        "Pits=3",
        "--option",
        "Seeds=2",
    ];
    let gui = Gui::start_with_cache(&args, &cache);
    let mut page = gui.connect();
    let state = page.until(|m| m["type"] == "state" && m["database"]["known"] == true);
    assert!(state["database"]["loaded"].is_null(), "{state}");
    assert_eq!(state["database"]["perfect_play"], false);
    // C(12 + 6, 6) boards of two bytes, the header and one checksum.
    assert_eq!(state["database"]["choices"][0]["size"], 12);
    assert_eq!(
        state["database"]["choices"][0]["bytes"],
        2 * 18_564 + 40 + 4
    );
    build_from_page(&mut page, &cache, 12, "oware-3-12.db");
    // 8 seeds on the board, South to move.
    let fen = "2,1,2 3 0,2,1 1 s";
    let shown = exact_bounds_shown(&mut page, fen);
    let setup = "setoption name UCI_Variant value oware\nsetoption name Pits value 3\n\
                 setoption name Seeds value 2\n";
    assert_eq!(shown, solve_bounds(&cache, setup, fen, 3, true));
    let error = page.request(&message(
        "set_options",
        json!({"players": ["human", "engine"], "strength": [{"depth": 2}, "perfect"]}),
    ));
    assert_eq!(
        error["message"],
        "oware has no database of exact values, so no perfect strength"
    );
    let _ = std::fs::remove_dir_all(&cache);
}

/// Issue 27: Russian draughts' database panel builds the four-piece
/// tables into the cache, the engine loads them, and the exact view shows
/// each move's result (+1 a win, 0 a draw, −1 a loss, which the page says
/// in words), as the engine's own `solve` gives them; the tables prove
/// only endings, so no perfect strength.
#[test]
fn the_page_builds_russian_tables_and_shows_each_moves_result() {
    let cache = fresh_cache("russian-exact");
    let gui = Gui::start_with_cache(&["--variant", "russian"], &cache);
    let mut page = gui.connect();
    let state = page.until(|m| m["type"] == "state" && m["database"]["known"] == true);
    assert!(state["database"]["loaded"].is_null(), "{state}");
    assert_eq!(state["database"]["perfect_play"], false);
    assert_eq!(state["database"]["results"], true);
    assert_eq!(state["database"]["choices"][0]["size"], 4);
    build_from_page(&mut page, &cache, 4, "russian-4.db");
    // Two kings and a man against a king: ten moves win, two only draw.
    let fen = "W:WKa1,Kc3,g3:BKh8";
    let shown = exact_bounds_shown(&mut page, fen);
    let setup = "setoption name UCI_Variant value russian\n";
    assert_eq!(shown, solve_bounds(&cache, setup, fen, 256, true));
    let count = |value: i64| {
        shown
            .iter()
            .filter(|m| (m.1, m.2) == (value, value))
            .count()
    };
    assert_eq!((count(1), count(0), shown.len()), (10, 2, 12), "{shown:?}");
    let error = page.request(&message(
        "set_options",
        json!({"players": ["human", "engine"], "strength": [{"depth": 2}, "perfect"]}),
    ));
    assert_eq!(
        error["message"],
        "russian has no database of exact values, so no perfect strength"
    );
    let _ = std::fs::remove_dir_all(&cache);
}

/// Builds the database of `size` with the page's panel into `cache`
/// (where it is `file`), and waits for the engine to load it.
fn build_from_page(page: &mut Page, cache: &std::path::Path, size: u32, file: &str) {
    let state = page.request(&message("build_database", json!({"size": size})));
    assert_eq!(state["database"]["build"]["size"], size, "{state}");
    // The build ends, and the engine loads it (perhaps said in one state).
    let state = page.until(|m| m["type"] == "state" && m["database"]["build"].is_null());
    assert_eq!(state["database"]["build_failed"], false, "{state}");
    assert!(cache.join("ply").join(file).is_file());
    let state = loaded_after(page, state);
    let loaded = state["database"]["loaded"]
        .as_str()
        .expect("the engine's words");
    assert!(
        loaded.contains(&format!("{file} (found by auto)")),
        "{loaded}"
    );
}

/// Turns the exact view on, sets `fen`, and waits for its values: each
/// move's bounds (equal where the value is proven), one for each legal
/// move.
fn exact_bounds_shown(page: &mut Page, fen: &str) -> Vec<(String, i64, i64)> {
    page.request(&message("exact_values", json!({"on": true})));
    let state = page.request(&message("set_position", json!({"fen": fen})));
    assert_eq!(fen_of(&state), fen);
    let state = page.until(|m| {
        m["type"] == "state"
            && ["proven", "bounds proven"].contains(&m["exact"]["status"].as_str().unwrap_or(""))
    });
    let mut shown: Vec<(String, i64, i64)> = state["exact"]["values"]
        .as_array()
        .expect("values")
        .iter()
        .map(|v| {
            let bound = |key: &str| v[key].as_i64().expect("a bound");
            if let Some(value) = v["value"].as_i64() {
                assert_eq!((bound("lower"), bound("upper")), (value, value));
            }
            (
                v["move"].as_str().expect("a move").to_owned(),
                bound("lower"),
                bound("upper"),
            )
        })
        .collect();
    shown.sort();
    assert_eq!(shown.len(), state["legal"].as_array().map_or(0, Vec::len));
    shown
}

/// The first state from `state` on (the one a build ended in) that says
/// the engine has loaded a database: a quick build and the engine's load
/// may come in one state.
fn loaded_after(page: &mut Page, state: Value) -> Value {
    if state["database"]["loaded"].is_null() {
        page.until(|m| m["type"] == "state" && !m["database"]["loaded"].is_null())
    } else {
        state
    }
}

/// The exact view's values in `state`, by move.
fn exact_values_shown(state: &Value) -> Vec<(String, i64)> {
    let mut shown: Vec<(String, i64)> = state["exact"]["values"]
        .as_array()
        .expect("values")
        .iter()
        .map(|v| {
            (
                v["move"].as_str().expect("a move").to_owned(),
                v["value"].as_i64().expect("a value"),
            )
        })
        .collect();
    shown.sort();
    shown
}

fn fen_of(state: &Value) -> String {
    fen(state)
}

/// A build that cannot write its cache says why; a build can be cancelled
/// (nothing is left under the database's name); the perfect strength
/// without a database says how it plays instead.
#[test]
fn database_builds_fail_clearly_and_can_be_cancelled() {
    let base = fresh_cache("unwritable");
    // The cache is a file: its `ply` directory cannot be made.
    let file = base.join("a-file");
    std::fs::write(&file, "not a directory").expect("a file");
    let gui = Gui::start_with_cache(&["--pits", "4", "--seeds", "3"], &file);
    let mut page = gui.connect();
    page.until(|m| m["type"] == "state" && m["database"]["known"] == true);
    let state = page.request(&message("build_database", json!({"size": 16})));
    assert_eq!(state["database"]["build"]["size"], 16, "{state}");
    let state = page.until(|m| m["type"] == "state" && m["database"]["build"].is_null());
    assert_eq!(state["database"]["build_failed"], true);
    let end = state["database"]["build_end"].as_str().expect("why");
    assert!(
        end.starts_with("the build failed (exit status: 1)")
            && end.contains("cannot make the cache directory"),
        "{end}"
    );
    let state = page.request(&message(
        "set_options",
        json!({"players": ["human", "engine"], "strength": [{"depth": 2}, "perfect"]}),
    ));
    assert_eq!(state["strength"], json!([{"depth": 2}, "perfect"]));
    assert_eq!(
        state["database"]["perfect_note"],
        "perfect play needs a database for this board: until one is built, the engine plays \
         North at 1000 ms a move"
    );

    let cache = fresh_cache("cancelled");
    let gui = Gui::start_with_cache(&[], &cache);
    let mut page = gui.connect();
    page.until(|m| m["type"] == "state" && m["database"]["known"] == true);
    // Kalah(6,4)'s 20-seed database: seconds to build, cancelled at once.
    let state = page.request(&message("build_database", json!({"size": 20})));
    assert_eq!(state["database"]["build"]["size"], 20, "{state}");
    let state = page.request(&message("cancel_build", json!({})));
    assert!(state["database"]["build"].is_null());
    assert_eq!(
        state["database"]["build_end"],
        "the build of the database of 20 seeds on the board was cancelled"
    );
    let error = page.request(&message("cancel_build", json!({})));
    assert_eq!(error["message"], "no database is being built");
    assert!(!cache.join("ply").join("kalah-6-standard-20.db").exists());
    // The interrupted build removed its temporary file.
    let left: Vec<_> = std::fs::read_dir(cache.join("ply"))
        .expect("the cache")
        .filter_map(Result::ok)
        .map(|entry| entry.file_name())
        .filter(|name| name.to_string_lossy().contains(".tmp-"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    let _ = std::fs::remove_dir_all(&base);
    let _ = std::fs::remove_dir_all(&cache);
}
