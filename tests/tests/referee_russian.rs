//! Russian draughts between two real `ply-engine` processes: every move
//! checked by the engine library's rules, the games written as PDN
//! (GameType 25, results as PDN 3.0 writes them for type 25) and as JSON
//! lines, and a draw by the rules named in the record.

mod referee_support;

use ply_rules::game::{Outcome, Player};
use ply_rules::variant::{AnyGame, AnyRules, Variant};
use referee_support::{TempDir, ply_engine, read_results, replay, run_ok, words};

/// Runs `games` games of Russian draughts; returns the PDN text and the
/// results file's games.
fn play(dir: &TempDir, games: u32, extra: &str) -> (String, Vec<serde_json::Value>) {
    let results = dir.path("match.jsonl");
    let pdn = dir.path("match.pdn");
    let mut args = ply_engine("first", &["depth=3"]);
    args.extend(ply_engine("second", &["nodes=3000"]));
    args.extend(words(&format!(
        "-each option.Hash=4 -variant russian -games {games} -concurrency 2 -maxmoves 300 \
         -results {} -pgnout file={} {extra}",
        results.display(),
        pdn.display()
    )));
    let stdout = run_ok(&args);
    assert!(stdout.contains("Finished match"), "{stdout}");
    let text = std::fs::read_to_string(&pdn).expect("a PDN file");
    (text, read_results(&results))
}

/// Replays a game with the engine library's rules and checks the record.
fn check_game(game: &serde_json::Value) -> AnyGame {
    let options = AnyRules::default_for(Variant::Russian);
    assert_eq!(game["variant"], "russian");
    let (end, _) = replay(game, &options);
    if game["termination"] == "normal" {
        let expected = match end.outcome().expect("the game is over") {
            Outcome::Win(Player::One) => "p1win",
            Outcome::Win(Player::Two) => "p2win",
            Outcome::Draw => "draw",
        };
        assert_eq!(game["result"], expected, "{game}");
    }
    end
}

#[test]
fn a_russian_draughts_match_is_recorded_as_pdn() {
    let dir = TempDir::new("russian");
    let (pdn, games) = play(&dir, 2, "");
    assert_eq!(games.len(), 2);
    for game in &games {
        check_game(game);
        let score = game["score"].as_str().expect("a score");
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&score), "{game}");
    }
    assert_eq!(pdn.matches("[GameType \"25\"]").count(), 2, "{pdn}");
    assert_eq!(pdn.matches("[White ").count(), 2, "one White tag a game");
    assert!(
        !pdn.contains("[FEN "),
        "games from the start have no FEN tag"
    );
    assert!(pdn.contains("1. "), "numbered moves: {pdn}");
    // The first moves of a game from the start are quiet moves: c3-d4 and the like.
    let first = pdn
        .split("\n\n")
        .nth(1)
        .expect("movetext")
        .split_whitespace()
        .nth(1)
        .expect("a first move");
    assert!(
        first.len() == 5 && first.as_bytes()[2] == b'-',
        "a first move {first}"
    );
    for result in games.iter().map(|g| g["score"].as_str().unwrap_or("")) {
        assert!(pdn.contains(&format!("[Result \"{result}\"]")), "{pdn}");
    }
}

#[test]
fn a_king_ending_is_drawn_by_the_rules_and_the_rule_is_named() {
    let dir = TempDir::new("russian-kings");
    let book = dir.path("kings.txt");
    // One king each: the engines cannot catch each other, and the rules'
    // move limit (2-3 pieces: 5 moves each) or a repetition ends it.
    std::fs::write(&book, "W:WKa1:BKh2\n").expect("the openings file is written");
    let (pdn, games) = play(
        &dir,
        2,
        &format!("-openings file={} format=fen", book.display()),
    );
    for game in &games {
        let end = check_game(game);
        assert_eq!(game["termination"], "normal", "{game}");
        assert_eq!(game["result"], "draw", "{game}");
        let reason = game["reason"].as_str().expect("a reason");
        assert!(reason.starts_with("Draw by the rules: "), "{reason}");
        assert_eq!(end.outcome(), Some(Outcome::Draw));
    }
    assert_eq!(pdn.matches("[FEN \"W:WKa1:BKh2\"]").count(), 2, "{pdn}");
    assert_eq!(pdn.matches("[SetUp \"1\"]").count(), 2, "{pdn}");
    assert_eq!(pdn.matches("[Result \"1/2-1/2\"]").count(), 2, "{pdn}");
    assert!(pdn.contains("{Draw by the rules: "), "{pdn}");
}
