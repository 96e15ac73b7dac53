//! `ply-engine annotate` on what `ply-referee` really writes: a Kalah
//! match's results file (JSON lines) and its PGN, and a Russian draughts
//! match's PDN. Every game is annotated, move for move; the results file
//! and the PGN of the same games give the same annotation; the annotated
//! PGN/PDN reads back with its moves.

mod referee_support;

use std::path::Path;
use std::process::Output;

use ply_engine::commands::annotate::pgn::read_games;
use referee_support::{RUN_TIMEOUT, TempDir, engine, ply_engine, read_results, run_ok, words};
use serde_json::Value;

/// Runs `ply-engine annotate args…`.
fn annotate(args: &[&str]) -> Output {
    assert_cmd::Command::new(engine())
        .arg("annotate")
        .args(args)
        .timeout(RUN_TIMEOUT)
        .output()
        .expect("ply-engine runs")
}

/// Stdout of a successful run.
fn annotate_ok(args: &[&str]) -> String {
    let output = annotate(args);
    assert!(
        output.status.success(),
        "ply-engine annotate {}: {:?}\n{}",
        args.join(" "),
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Plays `games` games of `variant` between two engines, writing the
/// results file and the PGN/PDN into `dir`.
fn play(dir: &TempDir, variant: &str, games: u32, extra: &str) {
    let mut args = ply_engine("first", &["depth=2"]);
    args.extend(ply_engine("second", &["depth=3"]));
    args.extend(words(&format!(
        "-each option.Hash=4 -variant {variant} -games {games} -concurrency 2 {extra} \
         -results {} -pgnout file={}",
        dir.path("match.jsonl").display(),
        dir.path("match.pgn").display()
    )));
    run_ok(&args);
}

fn path_arg(path: &Path) -> String {
    path.display().to_string()
}

fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}")))
        .collect()
}

#[test]
fn a_kalah_match_is_annotated_from_its_results_file_and_its_pgn_alike() {
    let dir = TempDir::new("annotate-kalah");
    play(&dir, "kalah", 2, "");
    let games = read_results(&dir.path("match.jsonl"));
    assert_eq!(games.len(), 2);
    let results = path_arg(&dir.path("match.jsonl"));
    let pgn = path_arg(&dir.path("match.pgn"));
    let limits = ["--depth", "3", "--jobs", "2"];

    // The results file gives JSON by default, one object a game, in order.
    let from_results = json_lines(&annotate_ok(&[&limits[..], &[results.as_str()]].concat()));
    assert_eq!(from_results.len(), 2);
    for (game, record) in games.iter().zip(&from_results) {
        assert!(record.get("error").is_none(), "{record}");
        assert_eq!(record["id"], game["game"].to_string());
        let moves: Vec<&Value> = record["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| &m["move"])
            .collect();
        let played: Vec<&Value> = game["moves"].as_array().expect("moves").iter().collect();
        assert_eq!(moves, played);
        let counted = record["summary"]["p1"]["moves"].as_u64().expect("a count")
            + record["summary"]["p2"]["moves"].as_u64().expect("a count");
        assert_eq!(counted as usize, played.len(), "no book: every move counts");
        for entry in record["moves"].as_array().expect("moves") {
            assert!(entry["loss"].as_f64() >= Some(0.0), "{entry}");
            assert!(entry["score_before"].is_object() && entry["score_after"].is_object());
        }
    }

    // The PGN of the same games, asked for JSON: the same annotation.
    let from_pgn = json_lines(&annotate_ok(
        &[&limits[..], &["--format", "json", pgn.as_str()]].concat(),
    ));
    assert_eq!(from_pgn, from_results);

    // The PGN again, annotated, reads back with its moves and the summaries.
    let annotated = annotate_ok(&[&limits[..], &[pgn.as_str()]].concat());
    let read: Vec<_> = read_games(&annotated)
        .into_iter()
        .map(|g| g.unwrap_or_else(|e| panic!("{e}\n{annotated}")))
        .collect();
    assert_eq!(read.len(), 2);
    for (game, record) in games.iter().zip(&read) {
        let moves: Vec<String> = record.moves.iter().map(|m| m.text.clone()).collect();
        let played: Vec<String> = serde_json::from_value(game["moves"].clone()).expect("moves");
        assert_eq!(moves, played);
        assert_eq!(record.tag("Variant"), Some("kalah"));
        assert!(record.tag("BlackAverageLoss").is_some(), "{annotated}");
    }
}

#[test]
fn a_russian_draughts_pdn_is_annotated_as_pdn() {
    let dir = TempDir::new("annotate-russian");
    play(&dir, "russian", 1, "-maxmoves 40");
    let pdn = path_arg(&dir.path("match.pgn"));
    let annotated = annotate_ok(&["--depth", "2", "--input-format", "pdn", &pdn]);
    assert!(annotated.contains("[GameType \"25\"]"), "{annotated}");
    assert!(
        annotated.contains("[AnnotationUnit \"men\"]"),
        "{annotated}"
    );
    let game = read_games(&annotated)
        .remove(0)
        .unwrap_or_else(|e| panic!("{e}\n{annotated}"));
    let results = read_results(&dir.path("match.jsonl"));
    let played: Vec<String> = serde_json::from_value(results[0]["moves"].clone()).expect("moves");
    let moves: Vec<String> = game.moves.iter().map(|m| m.text.clone()).collect();
    assert_eq!(moves, played);
}
