//! `ply-engine tune`: self-play data and a fit for every game with a
//! fitted table, on tiny data (a few games, a few hundred positions), and
//! each refusal saying what would be accepted.

use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;
use ply_engine::engine_game::tuning::games_with_tuning;
use ply_rules::variant::Variant;

/// A scratch directory, removed at the end of the test.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> Self {
        let path = std::env::temp_dir().join(format!("ply-tune-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("a scratch directory");
        Self(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
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

/// Every game with a fitted table: games written one position a line,
/// the same for the same seed, and a fit that reports the game's own
/// evaluations, its error on the games held out, and the table.
#[test]
fn every_tunable_game_generates_and_fits() {
    let games = games_with_tuning();
    assert!(games.contains(&Variant::Oware) && games.contains(&Variant::Russian));
    for game in games {
        let dir = TempDir::new(game.name());
        let data = dir.0.join("games.data");
        let made = generate(game.name(), &data, "1");
        assert!(made.status.success(), "{}: {}", game.name(), stderr(&made));
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
            assert_eq!(fields.len(), 3, "{line}");
            assert!(["1", "0.5", "0"].contains(&fields[1]), "{line}");
        }
        // The same seed plays the same games.
        let again = dir.0.join("again.data");
        assert!(generate(game.name(), &again, "1").status.success());
        assert_eq!(std::fs::read_to_string(&again).expect("the data"), text);

        let fitted = tune(&[
            "fit",
            "--variant",
            game.name(),
            "--data",
            data.to_str().expect("a UTF-8 path"),
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

/// A game without a fitted table, an evaluation the game lacks, data of
/// another game and an unknown game are refused, each saying why.
#[test]
fn refusals_say_what_would_be_accepted() {
    let dir = TempDir::new("refusals");
    let data = dir.0.join("oware.data");
    let path = data.to_str().expect("a UTF-8 path");

    let kalah = tune(&["generate", "--variant", "kalah", "--output", path]);
    assert_eq!(kalah.status.code(), Some(1));
    assert!(
        stderr(&kalah)
            .contains("kalah has no fitted table to tune; these games have: oware, russian"),
        "{}",
        stderr(&kalah)
    );

    let unknown = tune(&[
        "generate",
        "--variant",
        "oware",
        "--evaluation",
        "nope",
        "--output",
        path,
    ]);
    assert_eq!(unknown.status.code(), Some(1));
    assert!(
        stderr(&unknown).contains("no evaluation 'nope' (expected one of default"),
        "{}",
        stderr(&unknown)
    );
    assert!(!data.exists(), "a refused generate wrote its file");

    let chess = tune(&["fit", "--variant", "chess", "--data", path]);
    assert_eq!(chess.status.code(), Some(1));
    assert!(
        stderr(&chess).contains("--variant chess: unknown game, expected one of"),
        "{}",
        stderr(&chess)
    );

    assert!(generate("oware", &data, "2").status.success());
    let mixed = tune(&[
        "fit",
        "--variant",
        "russian",
        "--data",
        path,
        "--epochs",
        "1",
    ]);
    assert_eq!(mixed.status.code(), Some(1));
    assert!(
        stderr(&mixed).contains("line 1: bad position"),
        "{}",
        stderr(&mixed)
    );

    let option = tune(&[
        "fit",
        "--variant",
        "oware",
        "--option",
        "Pits",
        "--data",
        path,
    ]);
    assert_eq!(option.status.code(), Some(1));
    assert!(
        stderr(&option).contains("write it as NAME=VALUE"),
        "{}",
        stderr(&option)
    );
}
