//! Openings from a file, in both formats: each is checked by the rules
//! (bad lines skipped with a warning naming them) and played by both
//! colours.

mod referee_support;

use referee_support::{TempDir, mock_engine, read_results, run_referee, words};

fn run_with_openings(
    dir: &TempDir,
    contents: &str,
    openings: &str,
) -> (Vec<serde_json::Value>, String) {
    let pids = dir.path("pids");
    let book = dir.path("book.txt");
    let results = dir.path("results.jsonl");
    std::fs::write(&book, contents).expect("the openings file is written");
    let mut args = mock_engine("a", "good", &[], &pids);
    args.extend(mock_engine("b", "good", &[], &pids));
    args.extend(words(&format!(
        "-each st=1 option.Seeds=4 -games 4 -openings file={} {openings} -results {}",
        book.display(),
        results.display()
    )));
    let output = run_referee(&args);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "{stderr}");
    let mut games = read_results(&results);
    games.sort_by_key(|g| g["game"].as_u64());
    (games, stderr)
}

#[test]
fn fen_openings_are_checked_and_played_twice_with_colours_swapped() {
    let dir = TempDir::new("fen");
    let (games, stderr) = run_with_openings(
        &dir,
        "# two Kalah(6,4) positions and a broken one\n\
         4,4,0,5,5,5 1 4,4,4,4,4,4 0 n\n\
         \n\
         4,4,4 0 4,4,4 0 s x\n\
         4,4,4,4,4,0 1 5,5,5,4,4,4 0 n   # after 6\n",
        "format=fen",
    );
    assert!(
        stderr.contains("line 4"),
        "the warning names the bad line: {stderr}"
    );
    assert_eq!(games.len(), 4);
    let fen = |i: usize| games[i]["opening"]["fen"].as_str().unwrap().to_owned();
    assert_eq!(fen(0), "4,4,0,5,5,5 1 4,4,4,4,4,4 0 n");
    assert_eq!(fen(1), fen(0));
    assert_eq!(fen(2), "4,4,4,4,4,0 1 5,5,5,4,4,4 0 n");
    assert_eq!(fen(3), fen(2));
    assert_eq!(games[0]["opening"]["line"], 2);
    assert_eq!(games[2]["opening"]["line"], 5);
    assert_eq!(games[0]["p1"], games[1]["p2"]);
}

#[test]
fn move_list_openings_are_cut_to_plies_and_start_where_asked() {
    let dir = TempDir::new("moves");
    let (games, stderr) = run_with_openings(
        &dir,
        "3 6 2 1\n1 9\n4 1 2\n",
        "format=moves plies=2 start=2",
    );
    assert!(stderr.contains("line 2"), "{stderr}");
    assert_eq!(games.len(), 4);
    let book = |i: usize| games[i]["opening"]["moves"].clone();
    // start=2: the second usable opening first.
    assert_eq!(book(0), serde_json::json!(["4", "1"]));
    assert_eq!(book(1), book(0));
    assert_eq!(book(2), serde_json::json!(["3", "6"]));
    for game in &games {
        let moves = game["moves"].as_array().unwrap();
        let opening = game["opening"]["moves"].as_array().unwrap();
        assert_eq!(
            &moves[..2],
            &opening[..],
            "the game starts with its opening"
        );
        assert_eq!(game["opening"]["fen"], "4,4,4,4,4,4 0 4,4,4,4,4,4 0 s");
    }
}

#[test]
fn a_file_without_usable_openings_is_an_error() {
    let dir = TempDir::new("empty");
    let pids = dir.path("pids");
    let book = dir.path("book.txt");
    std::fs::write(&book, "# nothing\nnot a position\n").unwrap();
    let mut args = mock_engine("a", "good", &[], &pids);
    args.extend(mock_engine("b", "good", &[], &pids));
    args.extend(words(&format!(
        "-each st=1 -openings file={}",
        book.display()
    )));
    let output = run_referee(&args);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("no usable opening"), "{stderr}");
}
