//! The SPRT stops a match as soon as the LLR crosses a bound.

mod referee_support;

use referee_support::{TempDir, assert_no_survivors, mock_engine, read_results, run_ok, words};

#[test]
fn an_extreme_match_stops_early_with_h1_accepted() {
    let dir = TempDir::new("sprt");
    let pids = dir.path("pids");
    let results = dir.path("results.jsonl");
    let mut args = mock_engine("good", "good", &[], &pids);
    // Loses two games in three by an illegal move, plays the third well.
    args.extend(mock_engine(
        "bad",
        "illegal",
        &["--after", "1", "--spare", "3"],
        &pids,
    ));
    args.extend(words(&format!(
        "-each st=1 option.Seeds=4 -games 400 -sprt elo0=0 elo1=20 alpha=0.05 beta=0.05 -results {}",
        results.display()
    )));
    let stdout = run_ok(&args);
    assert!(stdout.contains("SPRT: H1 was accepted"), "{stdout}");
    assert!(stdout.contains("LLR: "), "{stdout}");
    assert!(stdout.contains("(-2.94, 2.94) [0.00, 20.00]"), "{stdout}");
    let played = read_results(&results).len();
    assert!((2..400).contains(&played), "stopped after {played} games");
    assert!(
        !stdout.contains("Started game 400 of 400"),
        "the match should stop early"
    );
    assert_no_survivors(&pids);
}

/// Every game won: all pairs fall in one pentanomial bin. The old
/// approximation saw no variance there and never stopped (LLR 0.00 after
/// 400–0); fastchess's regularised exact GSPRT reaches the H1 bound after
/// 12 pairs with the logistic model (LLR 2.96; 2.72 after 11) and after 10
/// with the normalized one (3.20; 2.88 after 9), per
/// `referee/scripts/sprt_reference.py`.
///
/// A worker starts a game only once its last one is counted, so the match
/// (one worker) stops exactly at the deciding pair, however fast the mocks
/// play: the results file holds those games and no more.
#[test]
fn a_match_won_game_after_game_stops_with_h1() {
    for (model, pairs, llr) in [("logistic", 12, "2.96"), ("normalized", 10, "3.20")] {
        let dir = TempDir::new("sprt-sweep");
        let pids = dir.path("pids");
        let results = dir.path("results.jsonl");
        let mut args = mock_engine("good", "good", &[], &pids);
        // Plays an empty pit at its first move: loses every game.
        args.extend(mock_engine("bad", "illegal", &["--after", "0"], &pids));
        args.extend(words(&format!(
            "-each st=1 option.Seeds=4 -games 400 -ratinginterval 2 -sprt elo0=0 elo1=100 model={model} -results {}",
            results.display()
        )));
        let stdout = run_ok(&args);
        let lines: Vec<&str> = stdout.lines().collect();
        let decided = lines
            .iter()
            .position(|l| *l == "SPRT: H1 was accepted")
            .unwrap_or_else(|| panic!("{model}: no decision: {stdout}"));
        let before = &lines[..decided];
        let last = |prefix: &str| before.iter().rev().find(|l| l.starts_with(prefix)).copied();
        assert_eq!(
            last("Ptnml(0-2)"),
            Some(format!("Ptnml(0-2): [0, 0, 0, 0, {pairs}]").as_str()),
            "{model}: {stdout}"
        );
        assert!(
            last("LLR: ").is_some_and(|l| l.starts_with(&format!("LLR: {llr} ("))),
            "{model}: expected LLR {llr}: {stdout}"
        );
        let played = read_results(&results).len();
        assert_eq!(played, 2 * pairs, "{model}: {stdout}");
        assert_no_survivors(&pids);
    }
}
