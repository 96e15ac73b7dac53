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
