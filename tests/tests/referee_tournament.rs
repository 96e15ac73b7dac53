//! More than two engines: round-robin and gauntlet schedules, and the
//! standings table.

mod referee_support;

use referee_support::{TempDir, assert_no_survivors, mock_engine, read_results, run_ok, words};

fn three_engines(dir: &TempDir, options: &str) -> (String, Vec<serde_json::Value>) {
    let pids = dir.path("pids");
    let results = dir.path("results.jsonl");
    let mut args = mock_engine("a", "good", &[], &pids);
    args.extend(mock_engine("b", "good", &[], &pids));
    args.extend(mock_engine("c", "illegal", &["--after", "0"], &pids));
    args.extend(words(&format!(
        "-each st=1 option.Seeds=4 {options} -results {}",
        results.display()
    )));
    let stdout = run_ok(&args);
    assert_no_survivors(&pids);
    (stdout, read_results(&results))
}

#[test]
fn round_robin_plays_every_pair_and_prints_standings() {
    let dir = TempDir::new("roundrobin");
    let (stdout, games) = three_engines(&dir, "-games 2 -rounds 2 -concurrency 3");
    assert_eq!(games.len(), 12, "3 encounters x 2 games x 2 rounds");
    for pair in [["a", "b"], ["a", "c"], ["b", "c"]] {
        let count = games
            .iter()
            .filter(|g| g["engines"] == serde_json::json!(pair))
            .count();
        assert_eq!(count, 4, "{pair:?}");
    }
    assert!(
        stdout.contains("Rank Name") && stdout.contains("Elo") && stdout.contains("Draws"),
        "{stdout}"
    );
    let last_row = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("3 "))
        .unwrap_or_else(|| panic!("no third row in\n{stdout}"));
    assert!(
        last_row.contains(" c ") && last_row.contains("0.0%"),
        "{last_row}"
    );
}

#[test]
fn a_gauntlet_plays_the_first_engine_against_each_other() {
    let dir = TempDir::new("gauntlet");
    let (_, games) = three_engines(&dir, "-tournament gauntlet -games 2");
    assert_eq!(games.len(), 4);
    assert!(games.iter().all(|g| g["engines"][0] == "a"));
}
