//! Scale and restarts: a match split into shards and merged gives the
//! statistics of the whole match; a match resumed from its results file
//! plays only the games it lacks.

mod referee_support;

use referee_support::{
    TempDir, mock_engine, ply_engine, read_results, referee, run_ok, stats_lines, words,
};

/// Deterministic engines (fixed depths, tables cleared each game) and
/// varied openings, so the results differ from game to game.
fn match_args(dir: &TempDir, extra: &str) -> Vec<String> {
    let book = dir.path("book.txt");
    std::fs::write(&book, "1\n2\n3\n4\n5\n6\n1 2\n2 1\n").expect("the openings file is written");
    let mut args = ply_engine("d3", &["depth=3"]);
    args.extend(ply_engine("d1", &["depth=1"]));
    args.extend(words(&format!(
        "-each option.Seeds=4 option.Hash=1 -games 16 -openings file={} format=moves {extra}",
        book.display()
    )));
    args
}

#[test]
fn shards_merged_give_the_statistics_of_the_whole_match() {
    let dir = TempDir::new("shards");
    let whole = dir.path("whole.jsonl");
    let whole_out = run_ok(&match_args(
        &dir,
        &format!("-concurrency 2 -results {}", whole.display()),
    ));
    assert_eq!(read_results(&whole).len(), 16);

    let mut files = Vec::new();
    let mut numbers = Vec::new();
    for k in 1..=3 {
        let file = dir.path(&format!("shard{k}.jsonl"));
        run_ok(&match_args(
            &dir,
            &format!("-shard {k}/3 -results {}", file.display()),
        ));
        let games = read_results(&file);
        // Shards hold whole pairs.
        for game in &games {
            let pair = game["pair"].as_u64().unwrap();
            assert_eq!((pair - 1) % 3, k - 1, "{game}");
        }
        numbers.extend(games.iter().map(|g| g["game"].as_u64().unwrap()));
        files.push(file);
    }
    numbers.sort_unstable();
    assert_eq!(numbers, (1..=16).collect::<Vec<u64>>());

    let mut merge = vec!["merge".to_owned()];
    merge.extend(files.iter().map(|f| f.display().to_string()));
    let merged = run_ok(&merge);
    assert!(
        merged.starts_with("Merged 16 games from 3 files"),
        "{merged}"
    );
    let whole_stats = stats_lines(&whole_out);
    assert!(whole_stats.len() >= 3, "{whole_out}");
    assert_eq!(
        stats_lines(&merged),
        whole_stats,
        "{merged}\nvs\n{whole_out}"
    );

    assert!(!merged.contains("Warning"), "{merged}");

    // Without shard 2 (pairs 2, 5, 8: games 3, 4, 9, 10, 15, 16) every
    // missing game is named, the last two too: the records say the match
    // has 16.
    let partial = run_ok(&[
        "merge".to_owned(),
        files[0].display().to_string(),
        files[2].display().to_string(),
    ]);
    assert!(
        partial.contains("Warning: 6 of games 1-16 are in no file (game 3, 4, 9, 10, 15, 16)"),
        "{partial}"
    );

    // Merging the whole match's own file again changes nothing (duplicates count once).
    merge.push(whole.display().to_string());
    assert_eq!(stats_lines(&run_ok(&merge)), whole_stats);
}

#[test]
fn a_match_resumes_from_its_results_file() {
    let dir = TempDir::new("resume");
    let pids = dir.path("pids");
    let results = dir.path("results.jsonl");
    let args = |games: u32| {
        let mut args = mock_engine("a", "good", &[], &pids);
        args.extend(mock_engine("b", "good", &["--score", "7"], &pids));
        args.extend(words(&format!(
            "-each st=1 option.Seeds=4 -games {games} -results {}",
            results.display()
        )));
        args
    };
    run_ok(&args(4));
    // A match killed while writing leaves half a line: it is skipped.
    let mut text = std::fs::read_to_string(&results).unwrap();
    text.push_str("{\"game\":5,\"rou");
    std::fs::write(&results, text).unwrap();

    let stdout = run_ok(&args(8));
    assert!(stdout.contains("Resumed 4 finished games"), "{stdout}");
    for game in 1..=4 {
        assert!(
            !stdout.contains(&format!("Started game {game} of")),
            "{stdout}"
        );
    }
    for game in 5..=8 {
        assert!(
            stdout.contains(&format!("Started game {game} of 8")),
            "{stdout}"
        );
    }
    assert!(
        stdout.contains("] 8\n"),
        "the statistics count all 8 games: {stdout}"
    );
    // The half line stays where it was; every other line is a game.
    let text = std::fs::read_to_string(&results).unwrap();
    let mut numbers: Vec<u64> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .map(|g| g["game"].as_u64().unwrap())
        .collect();
    numbers.sort_unstable();
    assert_eq!(numbers, (1..=8).collect::<Vec<u64>>());
    assert_eq!(text.lines().count(), 9);

    // Nothing left to play: the report only.
    let stdout = run_ok(&args(8));
    assert!(!stdout.contains("Started game"), "{stdout}");
    assert!(stdout.contains("] 8\n"), "{stdout}");
}

#[test]
fn merge_without_files_says_how_to_use_it() {
    let output = assert_cmd::Command::new(referee())
        .arg("merge")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("merge needs results files"));
}
