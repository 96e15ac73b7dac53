//! `EvalFile`: the network the engine plays. `auto` plays the game's own
//! (embedded), `none` the evaluation without one, a file its network once it is
//! read and checked; a file that is not a network, a damaged one, one of
//! another game or of another shape, and a game that plays no network are
//! refused with the reason, keeping the network played before.

mod open_session;

use std::path::Path;

use assert_cmd::Command;
use ply_engine::network::{Network, NetworkFile, Output, Weights};
use ply_engine::search::SearchGame;
use ply_rules::games::oware::Oware;

use open_session::OpenSession;

/// Oware's network input size.
fn oware_inputs() -> usize {
    Oware::network().map(|own| own.shape().inputs).unwrap_or(0)
}

/// Hidden units of the test's networks: not the embedded networks' 64,
/// so that a file of another width is played too.
const HIDDEN: usize = 32;

/// A network of `game` with `inputs` features: every weight small and
/// different, so that it plays differently from the embedded one.
fn network_file(game: &str, inputs: usize) -> Vec<u8> {
    let row = |f: &dyn Fn(usize) -> i16| (0..HIDDEN).map(f).collect::<Vec<i16>>();
    let weights = Weights {
        features: (0..inputs)
            .map(|f| row(&|h| ((f * 5 + h) % 31) as i16 - 15))
            .collect(),
        bias: vec![40; HIDDEN],
        outputs: vec![Output {
            weights: [row(&|h| (h % 7) as i16 - 3), row(&|h| (h % 5) as i16 - 2)],
            bias: 0,
        }],
    };
    let network = Network::new(game, weights).expect("a network");
    NetworkFile::to_bytes(&network)
}

/// The engine's answers to `commands` (one a line), each `go` waited
/// for to its `bestmove`, then `isready` to its `readyok`.
fn session(commands: &[String]) -> String {
    let mut engine = OpenSession::start(&[]);
    let mut lines = Vec::new();
    for command in commands {
        engine.send(command);
        if command.starts_with("go") {
            lines.extend(engine.until("bestmove"));
        }
    }
    engine.send("isready");
    lines.extend(engine.until("readyok"));
    lines.join("\n")
}

fn set(name: &str, value: &str) -> String {
    format!("setoption name {name} value {value}")
}

fn path_text(path: &Path) -> String {
    path.to_str().expect("a UTF-8 path").to_owned()
}

/// The score and nodes of the last `info depth 6` line.
fn search_line(text: &str) -> String {
    let line = text
        .lines()
        .rfind(|line| line.starts_with("info depth 6 "))
        .unwrap_or_default();
    let words: Vec<&str> = line.split_whitespace().collect();
    let after = |key: &str| {
        words
            .iter()
            .position(|word| *word == key)
            .and_then(|i| words.get(i + 1..i + 2))
            .map(|value| format!("{key} {}", value.join(" ")))
            .unwrap_or_default()
    };
    format!("{} {}", after("cp"), after("nodes"))
        .trim()
        .to_owned()
}

#[test]
fn eval_file_is_declared_with_its_default() {
    let text = session(&["uci".to_owned()]);
    assert!(
        text.contains("option name EvalFile type string default auto"),
        "{text}"
    );
}

#[test]
fn a_network_file_is_played_and_auto_and_none_go_back() {
    let dir = tempfile::tempdir().expect("a scratch directory");
    let path = dir.path().join("mine.nnue");
    let bytes = network_file("oware", oware_inputs());
    std::fs::write(&path, &bytes).expect("a network file");
    let name = NetworkFile::from_bytes(&bytes).expect("sound").name;
    let go = |choice: &str| {
        session(&[
            set("UCI_Variant", "oware"),
            set("EvalFile", choice),
            "position startpos".to_owned(),
            "go depth 6".to_owned(),
        ])
    };
    let mine = go(&path_text(&path));
    assert!(
        mine.contains(&format!(
            "info string EvalFile {}: network {name}",
            path.display()
        )),
        "{mine}"
    );
    let (own, tables) = (go("auto"), go("none"));
    for text in [&mine, &own, &tables] {
        assert!(text.contains("bestmove "), "{text}");
        assert!(!text.contains("error"), "{text}");
    }
    // Three evaluations, three searches.
    let lines = [search_line(&mine), search_line(&own), search_line(&tables)];
    assert!(lines.iter().all(|line| !line.is_empty()), "{lines:?}");
    assert_ne!(lines[0], lines[1]);
    assert_ne!(lines[1], lines[2]);
    // In one session: a refused file keeps the file played before, and
    // `auto` and `none` replace it.
    let mut flipped = bytes.clone();
    flipped[100] ^= 0x40;
    let bad = dir.path().join("bad.nnue");
    std::fs::write(&bad, &flipped).expect("a damaged file");
    let then = |after: &str| {
        session(&[
            set("UCI_Variant", "oware"),
            set("EvalFile", &path_text(&path)),
            set("EvalFile", after),
            "position startpos".to_owned(),
            "go depth 6".to_owned(),
        ])
    };
    let refused = then(&path_text(&bad));
    assert!(refused.contains("damaged network"), "{refused}");
    assert_eq!(search_line(&refused), lines[0]);
    assert_eq!(search_line(&then("auto")), lines[1]);
    assert_eq!(search_line(&then("none")), lines[2]);
    // Chosen before the game: not Kalah's network (said at once), but
    // Oware's when the UCI_Variant sent after it starts the game.
    let early = session(&[
        set("EvalFile", &path_text(&path)),
        set("UCI_Variant", "oware"),
        "position startpos".to_owned(),
        "go depth 6".to_owned(),
    ]);
    assert!(
        early.contains(&format!(
            "info string error: EvalFile {}: a network for oware, not kalah; kalah plays its own",
            path.display()
        )),
        "{early}"
    );
    assert!(
        early.contains(&format!(
            "info string EvalFile {}: network {name}",
            path.display()
        )),
        "{early}"
    );
    assert_eq!(search_line(&early), lines[0]);
}

#[test]
fn bad_files_are_refused_and_the_network_kept() {
    let dir = tempfile::tempdir().expect("a scratch directory");
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).expect("a file");
        path_text(&path)
    };
    let sound = network_file("oware", oware_inputs());
    let mut flipped = sound.clone();
    flipped[100] ^= 0x40;
    // Refused at once: the engine plays what it played before.
    let unsound = [
        (
            write("text.nnue", b"not a network"),
            "not a Ply network".to_owned(),
        ),
        (
            write("flipped.nnue", &flipped),
            "damaged network: its checksum".to_owned(),
        ),
        (
            write("short.nnue", &sound[..sound.len() / 2]),
            "damaged network".to_owned(),
        ),
        (
            path_text(&dir.path().join("missing.nnue")),
            "reading ".to_owned(),
        ),
    ];
    // Sound, but not Oware's: Oware plays its own.
    let not_oware = [
        (
            write("russian.nnue", &network_file("russian", oware_inputs())),
            "a network for russian, not oware; oware plays its own".to_owned(),
        ),
        (
            write("small.nnue", &network_file("oware", 10)),
            format!(
                "a network of 10 features, where oware has {}; oware plays its own",
                oware_inputs()
            ),
        ),
    ];
    let cases: Vec<_> = unsound.into_iter().chain(not_oware).collect();
    let own = session(&[
        set("UCI_Variant", "oware"),
        "position startpos".to_owned(),
        "go depth 6".to_owned(),
    ]);
    assert!(!search_line(&own).is_empty(), "{own}");
    for (path, why) in cases {
        let text = session(&[
            set("UCI_Variant", "oware"),
            set("EvalFile", &path),
            "position startpos".to_owned(),
            "go depth 6".to_owned(),
        ]);
        assert!(
            text.contains(&format!("info string error: EvalFile {path}: {why}")),
            "{why}: {text}"
        );
        // The game's own network still plays.
        assert_eq!(search_line(&text), search_line(&own), "{why}");
    }
    let tictactoe = session(&[
        set("UCI_Variant", "tictactoe"),
        set("EvalFile", &write("oware.nnue", &sound)),
    ]);
    assert!(
        tictactoe.contains("oware.nnue: tictactoe plays no network (expected auto or none)"),
        "{tictactoe}"
    );
}

#[test]
fn bench_plays_the_network_asked_for() {
    let bench = |eval_file: &str| {
        let output = Command::cargo_bin("ply-engine")
            .expect("the binary")
            .args(["bench", "4", "--eval-file", eval_file])
            .output()
            .expect("ply-engine runs");
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };
    let nodes = |text: &str| {
        text.lines()
            .find(|line| line.starts_with("Nodes searched"))
            .map(str::to_owned)
    };
    let (code, own, _) = bench("auto");
    assert_eq!(code, Some(0));
    let (code, tables, _) = bench("none");
    assert_eq!(code, Some(0));
    assert!(nodes(&own).is_some() && nodes(&tables).is_some());
    assert_ne!(nodes(&own), nodes(&tables));
    let (code, _, error) = bench("/nonexistent/net.nnue");
    assert_eq!(code, Some(1));
    assert!(
        error.contains("--eval-file /nonexistent/net.nnue: reading"),
        "{error}"
    );
}
