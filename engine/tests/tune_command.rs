//! `ply-engine tune`: self-play data, a fit and a match for every game
//! with evaluations to tune, on tiny data (a few games, a few hundred
//! positions), and each refusal saying what would be accepted.

use std::path::Path;
use std::process::Output;

use assert_cmd::Command;
use ply_engine::engine_game::tuning::{games_with_networks, games_with_tables, games_with_tuning};
use ply_rules::variant::Variant;

/// A scratch directory, removed at the end of the test.
fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("ply-tune-{name}-"))
        .tempdir()
        .expect("a scratch directory")
}

/// `ply-engine tune` with `args`.
fn tune(args: &[&str]) -> Output {
    Command::cargo_bin("ply-engine")
        .expect("the binary")
        .arg("tune")
        .args(args)
        .output()
        .expect("ply-engine runs")
}

/// `tune generate` of a few short games of `game` into `output`.
fn generate(game: &str, output: &Path, threads: &str) -> Output {
    let output = output.to_str().expect("a UTF-8 path");
    tune(&[
        "generate",
        "--variant",
        game,
        "--games",
        "6",
        "--nodes",
        "200",
        "--threads",
        threads,
        "--seed",
        "3",
        "--output",
        output,
    ])
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Asserts that `output` failed with status 1 saying `why`.
fn assert_refused(output: &Output, why: &str) {
    assert_eq!(output.status.code(), Some(1), "{}", stderr(output));
    assert!(stderr(output).contains(why), "{}", stderr(output));
}

/// Every game with evaluations to tune: games written one position a
/// line, the same for the same seed; where the game has a table, a fit
/// that reports the game's own evaluations, its error on the games held
/// out, and the table.
#[test]
fn every_tunable_game_generates_and_fits() {
    let tables = games_with_tables();
    assert!(tables.contains(&Variant::Oware) && tables.contains(&Variant::Russian));
    for game in games_with_tuning() {
        let dir = scratch(game.name());
        let data = dir.path().join("games.data");
        let made = generate(game.name(), &data, "1");
        assert!(made.status.success(), "{}: {}", game.name(), stderr(&made));
        // Off a terminal the progress is a line at each tenth.
        assert!(
            stderr(&made).contains("6 of 6 games done"),
            "{}",
            stderr(&made)
        );
        let text = std::fs::read_to_string(&data).expect("the data");
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines.len() > 50,
            "{}: {} positions",
            game.name(),
            lines.len()
        );
        for line in &lines {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 4, "{line}");
            assert!(["1", "0.5", "0"].contains(&fields[1]), "{line}");
            // The search's score: centi-units, or a proven win or loss.
            assert!(
                fields[3].parse::<i32>().is_ok() || ["win", "loss"].contains(&fields[3]),
                "{line}"
            );
        }
        // The same seed plays the same games.
        let again = dir.path().join("again.data");
        assert!(generate(game.name(), &again, "1").status.success());
        assert_eq!(std::fs::read_to_string(&again).expect("the data"), text);

        if !tables.contains(&game) {
            continue;
        }
        let path = data.to_str().expect("a UTF-8 path");
        let fitted = tune(&[
            "fit",
            "--variant",
            game.name(),
            "--data",
            path,
            "--epochs",
            "3",
        ]);
        assert!(
            fitted.status.success(),
            "{}: {}",
            game.name(),
            stderr(&fitted)
        );
        let report = stdout(&fitted);
        assert!(report.contains("training positions"), "{report}");
        assert!(report.contains("evaluation: scale"), "{report}");
        assert!(report.contains("fitted: scale"), "{report}");
        assert!(
            report.contains("midgame: [") && report.contains("endgame: ["),
            "{report}"
        );
    }
}

/// Every game with a network trains one on a few hundred positions, of
/// another width and with more output layers than the game's own: the
/// report compares it with the game's own evaluation on the games held
/// out, and the file, named by its hash, is a network the engine plays
/// with `EvalFile` (and `bench --eval-file`).
#[test]
fn every_game_with_a_network_trains_one() {
    let networks = games_with_networks();
    assert!(networks.contains(&Variant::Oware));
    for game in networks {
        let dir = scratch(&format!("{}-net", game.name()));
        let data = dir.path().join("games.data");
        assert!(generate(game.name(), &data, "2").status.success());
        let trained = tune(&[
            "train",
            "--variant",
            game.name(),
            "--data",
            data.to_str().expect("a UTF-8 path"),
            "--output",
            dir.path().to_str().expect("a UTF-8 path"),
            "--epochs",
            "2",
            "--batch",
            "64",
            "--hidden",
            "16",
            "--buckets",
            "3",
        ]);
        assert!(trained.status.success(), "{}", stderr(&trained));
        let report = stdout(&trained);
        assert!(
            report.contains("held-out loss: the game's evaluation"),
            "{report}"
        );
        assert!(
            report.contains("(16 hidden units, 3 output layers, "),
            "{report}"
        );
        let files: Vec<_> = std::fs::read_dir(dir.path())
            .expect("the directory")
            .filter_map(|entry| {
                entry
                    .ok()
                    .map(|e| e.file_name().to_string_lossy().into_owned())
            })
            .filter(|name| name.ends_with(".nnue"))
            .collect();
        assert_eq!(files.len(), 1, "{files:?}");
        let name = &files[0];
        assert!(name.starts_with(&format!("{}-", game.name())), "{name}");
        assert!(report.contains(&format!("network {name}")), "{report}");
        let path = dir.path().join(name);
        let played = Command::cargo_bin("ply-engine")
            .expect("the binary")
            .write_stdin(format!(
                "uci\nsetoption name UCI_Variant value {}\nsetoption name EvalFile value {}\n\
                 position startpos\ngo depth 3\nisready\nquit\n",
                game.name(),
                path.display()
            ))
            .output()
            .expect("ply-engine runs");
        let text = stdout(&played);
        assert!(text.contains(&format!("network {name}")), "{text}");
        assert!(text.contains("bestmove "), "{text}");
        assert!(!text.contains("error"), "{text}");
    }
    // Another board is refused: the network reads the game's own.
    let dir = scratch("net-board");
    let data = dir.path().join("games.data");
    assert!(generate("oware", &data, "2").status.success());
    assert_refused(
        &tune(&[
            "train",
            "--variant",
            "oware",
            "--option",
            "Pits=5",
            "--data",
            data.to_str().expect("a UTF-8 path"),
        ]),
        "the network reads the game's own board, not this one",
    );
    assert_refused(
        &tune(&["train", "--variant", "tictactoe", "--data", "x"]),
        "tictactoe has no network to train; these games have: kalah, oware, russian",
    );
    // A bad flag is clap's refusal (status 2), as every bad command line.
    let lambda = tune(&[
        "train",
        "--variant",
        "oware",
        "--data",
        "x",
        "--lambda",
        "2",
    ]);
    assert_eq!(lambda.status.code(), Some(2));
    assert!(
        stderr(&lambda).contains("'2' is not a number from 0 to 1"),
        "{}",
        stderr(&lambda)
    );
    for (flag, value, range) in [("--hidden", "257", "1..=256"), ("--buckets", "0", "1..=16")] {
        let refused = tune(&["train", "--variant", "oware", "--data", "x", flag, value]);
        assert_eq!(refused.status.code(), Some(2), "{flag} {value}");
        assert!(stderr(&refused).contains(range), "{}", stderr(&refused));
    }
}

/// Self-play with an endgame database: the searches use it, so the
/// positions it reaches are labelled by its values (proven wins and
/// losses), which a run without it labels far more rarely; a database of
/// another game is refused.
#[test]
fn an_endgame_database_labels_the_positions_it_reaches() {
    let dir = scratch("db-labels");
    let db = dir.path().join("oware-10.db");
    let built = Command::cargo_bin("ply-engine")
        .expect("the binary")
        .args([
            "build-db",
            "--variant",
            "oware",
            "--max-seeds",
            "10",
            "--threads",
            "1",
        ])
        .arg("--output")
        .arg(&db)
        .output()
        .expect("ply-engine runs");
    assert!(built.status.success(), "{}", stderr(&built));
    let proven = |with_db: bool| {
        let data = dir.path().join(format!("games-{with_db}.data"));
        let mut args = vec![
            "generate",
            "--variant",
            "oware",
            "--games",
            "6",
            "--nodes",
            "200",
            "--seed",
            "3",
            "--output",
        ];
        let data_text = data.to_str().expect("a UTF-8 path").to_owned();
        let db_text = db.to_str().expect("a UTF-8 path").to_owned();
        args.push(&data_text);
        if with_db {
            args.extend(["--endgame-db", &db_text]);
        }
        let made = tune(&args);
        assert!(made.status.success(), "{}", stderr(&made));
        let text = std::fs::read_to_string(&data).expect("the data");
        text.lines()
            .filter(|line| line.ends_with("\twin") || line.ends_with("\tloss"))
            .count()
    };
    let (with, without) = (proven(true), proven(false));
    assert!(
        with > without,
        "{with} proven labels with the database, {without} without"
    );
    let kalah_db = dir.path().join("kalah.db");
    let built = Command::cargo_bin("ply-engine")
        .expect("the binary")
        .args([
            "build-db",
            "--variant",
            "kalah",
            "--max-seeds",
            "6",
            "--threads",
            "1",
        ])
        .arg("--output")
        .arg(&kalah_db)
        .output()
        .expect("ply-engine runs");
    assert!(built.status.success(), "{}", stderr(&built));
    assert_refused(
        &tune(&[
            "generate",
            "--variant",
            "oware",
            "--endgame-db",
            kalah_db.to_str().expect("a UTF-8 path"),
            "--output",
            dir.path().join("x.data").to_str().expect("a UTF-8 path"),
        ]),
        "a database of Kalah, not of Oware",
    );
}

/// Every game with evaluations plays a match of two of them and reports
/// it as cutechess does; an evaluation may be terms.
#[test]
fn every_tunable_game_plays_a_match() {
    for game in games_with_tuning() {
        let played = tune(&[
            "match",
            "--variant",
            game.name(),
            "--b",
            "default",
            "--nodes",
            "100",
            "--plies",
            "1",
        ]);
        assert!(
            played.status.success(),
            "{}: {}",
            game.name(),
            stderr(&played)
        );
        let report = stdout(&played);
        assert!(report.contains("openings x 2 colours"), "{report}");
        assert!(report.contains("Score of A vs B: "), "{report}");
        assert!(report.contains("Elo difference: "), "{report}");
    }
    let terms = tune(&[
        "match",
        "--variant",
        "oware",
        "--b",
        "mobility:100,row:10",
        "--nodes",
        "100",
        "--plies",
        "1",
    ]);
    assert!(terms.status.success(), "{}", stderr(&terms));
    assert!(
        stdout(&terms).contains("B = mobility:100,row:10"),
        "{}",
        stdout(&terms)
    );
}

/// A file of the repository, by its path from the workspace's root.
fn repository_file(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(path)
        .to_str()
        .expect("a UTF-8 path")
        .to_owned()
}

/// The engine's own networks and network files play in matches and
/// self-play, the referee's openings files open them, and a network of
/// another game or a bad openings line is refused, saying why.
#[test]
fn networks_and_openings_files_play_in_matches_and_self_play() {
    let openings = repository_file("referee/openings/oware-3ply-balanced.txt");
    let oware_net = repository_file("engine/networks/oware-66f6010b2b76.nnue");
    // The game's network against `b`, from the balanced openings.
    let network_against = |b: &str| {
        tune(&[
            "match",
            "--variant",
            "oware",
            "--a",
            "network",
            "--b",
            b,
            "--nodes",
            "100",
            "--openings",
            &openings,
        ])
    };
    let played = network_against(&oware_net);
    assert!(played.status.success(), "{}", stderr(&played));
    let report = stdout(&played);
    assert!(report.contains("50 openings x 2 colours"), "{report}");
    // The same network on both sides, from balanced openings: every pair
    // of games is even (each side wins its colour's game or both draw).
    assert!(report.contains("Ptnml(0-2): [0, 0, 50, 0, 0]"), "{report}");
    assert!(
        stderr(&played).contains("50 of 50 openings done"),
        "{}",
        stderr(&played)
    );
    // The network is not the evaluation without it: against it, it wins
    // more pairs than it loses.
    let against_default = network_against("default");
    assert!(
        against_default.status.success(),
        "{}",
        stderr(&against_default)
    );
    let report = stdout(&against_default);
    let pairs: Vec<u32> = report
        .lines()
        .find_map(|line| line.strip_prefix("Ptnml(0-2): ["))
        .and_then(|rest| rest.strip_suffix(']'))
        .map(|counts| counts.split(", ").filter_map(|n| n.parse().ok()).collect())
        .unwrap_or_default();
    assert_eq!(pairs.len(), 5, "{report}");
    assert!(pairs[3] + pairs[4] > pairs[0] + pairs[1], "{report}");

    let dir = scratch("network-self-play");
    let data = dir.path().join("games.data");
    let made = tune(&[
        "generate",
        "--variant",
        "oware",
        "--games",
        "3",
        "--nodes",
        "200",
        "--evaluation",
        "network",
        "--openings",
        &openings,
        "--output",
        data.to_str().expect("a UTF-8 path"),
    ]);
    assert!(made.status.success(), "{}", stderr(&made));
    assert!(std::fs::read_to_string(&data).is_ok_and(|text| text.lines().count() > 30));

    let russian_net = repository_file("engine/networks/russian-b9d0ad531719.nnue");
    assert_refused(
        &tune(&["match", "--variant", "oware", "--b", &russian_net]),
        "a network for russian, not oware",
    );
    assert_refused(
        &tune(&[
            "match",
            "--variant",
            "kalah",
            "--option",
            "Seeds=4",
            "--b",
            "network",
        ]),
        "network: the network reads the game's own board, not this one",
    );
    let bad = dir.path().join("bad-openings.txt");
    std::fs::write(&bad, "# no opening\n1 1 x\n").expect("a file");
    assert_refused(
        &tune(&[
            "match",
            "--variant",
            "oware",
            "--b",
            "default",
            "--openings",
            bad.to_str().expect("a UTF-8 path"),
        ]),
        "has no usable opening (expected a line of moves from the start or a position string",
    );
}

/// `tune label` labels every position of a data file again by a deeper
/// search: the same games, results and positions, other search scores,
/// and the same file whatever the threads.
#[test]
fn label_searches_every_position_again() {
    let dir = scratch("label");
    let data = dir.path().join("games.data");
    assert!(generate("kalah", &data, "1").status.success());
    let labelled = |threads: &str| {
        let output = dir.path().join(format!("labelled-{threads}.data"));
        let done = tune(&[
            "label",
            "--variant",
            "kalah",
            "--data",
            data.to_str().expect("a UTF-8 path"),
            "--nodes",
            "2000",
            "--threads",
            threads,
            "--output",
            output.to_str().expect("a UTF-8 path"),
        ]);
        assert!(done.status.success(), "{}", stderr(&done));
        assert!(
            stderr(&done).contains("6 of 6 games done"),
            "{}",
            stderr(&done)
        );
        let mut lines: Vec<String> = std::fs::read_to_string(&output)
            .expect("the labelled data")
            .lines()
            .map(str::to_owned)
            .collect();
        lines.sort();
        lines
    };
    let (one, two) = (labelled("1"), labelled("2"));
    assert_eq!(one, two);
    let mut original: Vec<String> = std::fs::read_to_string(&data)
        .expect("the data")
        .lines()
        .map(str::to_owned)
        .collect();
    original.sort();
    let without_label = |line: &String| line.rsplit_once('\t').map(|(rest, _)| rest.to_owned());
    let kept: Vec<_> = one.iter().map(without_label).collect();
    let before: Vec<_> = original.iter().map(without_label).collect();
    assert_eq!(kept, before, "the games, results and positions are kept");
    assert_ne!(
        one, original,
        "a deeper search scores some positions otherwise"
    );
}

/// The names of `games`, as the refusals list them.
fn names(games: &[Variant]) -> String {
    games
        .iter()
        .map(|game| game.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A game without a table or without evaluations, an evaluation or a term
/// the game lacks, data of another game or of another board, too little
/// data, a malformed option and an unknown game are refused, each saying
/// why.
#[test]
fn refusals_say_what_would_be_accepted() {
    let dir = scratch("refusals");
    let data = dir.path().join("oware.data");
    let path = data.to_str().expect("a UTF-8 path");
    let (tunable, tables) = (games_with_tuning(), games_with_tables());

    if let Some(untabled) = tunable.iter().find(|game| !tables.contains(game)) {
        assert_refused(
            &tune(&["fit", "--variant", untabled.name(), "--data", path]),
            &format!(
                "{} has no fitted table to tune; these games have: {}",
                untabled.name(),
                names(&tables)
            ),
        );
    }
    if let Some(untuned) = Variant::ALL.iter().find(|game| !tunable.contains(game)) {
        assert_refused(
            &tune(&["match", "--variant", untuned.name(), "--b", "x"]),
            &format!(
                "{} has no evaluations to tune; these games have: {}",
                untuned.name(),
                names(&tunable)
            ),
        );
    }
    assert_refused(
        &tune(&[
            "generate",
            "--variant",
            "oware",
            "--evaluation",
            "nope",
            "--output",
            path,
        ]),
        "no evaluation 'nope' (expected one of default",
    );
    assert!(!data.exists(), "a refused generate wrote its file");
    assert_refused(
        &tune(&["match", "--variant", "russian", "--b", "wings:3"]),
        "no term 'wings' (king, advance",
    );
    assert_refused(
        &tune(&["fit", "--variant", "chess", "--data", path]),
        "--variant chess: unknown game, expected one of",
    );
    assert_refused(
        &tune(&[
            "fit",
            "--variant",
            "oware",
            "--option",
            "Pits",
            "--data",
            path,
        ]),
        "write it as NAME=VALUE",
    );
    std::fs::write(&data, "").expect("an empty file");
    assert_refused(
        &tune(&["fit", "--variant", "oware", "--data", path]),
        "0 positions to fit and 0 held out, too few for a fit",
    );
    assert!(generate("oware", &data, "2").status.success());
    assert_refused(
        &tune(&[
            "fit",
            "--variant",
            "russian",
            "--data",
            path,
            "--epochs",
            "1",
        ]),
        "line 1: bad position",
    );
    assert_refused(
        &tune(&[
            "fit",
            "--variant",
            "oware",
            "--option",
            "Pits=5",
            "--data",
            path,
        ]),
        "Oware(5,4): the table is fitted to the game's own board, not this one",
    );
}
