//! A short Kalah(6,4) match between two real `ply-engine` processes at
//! different depths: every game is there, every move is legal by the
//! engine library's rules, and the PGN and JSON outputs hold what they
//! promise.

mod referee_support;

use ply_rules::game::{Outcome, Player};
use ply_rules::variant::{AnyRules, Variant};
use referee_support::{TempDir, ply_engine, read_results, replay, run_ok, words};

fn kalah_6_4() -> AnyRules {
    AnyRules::build(Variant::Kalah, &[("Seeds", "4")]).expect("Kalah(6,4)")
}

#[test]
fn two_engines_play_a_short_match_with_legal_moves_and_complete_records() {
    let dir = TempDir::new("engines");
    let results = dir.path("match.jsonl");
    let pgn = dir.path("match.pgn");
    let mut args = ply_engine("deep", &["depth=4"]);
    args.extend(ply_engine("shallow", &["nodes=300"]));
    args.extend(words(&format!(
        "-each option.Seeds=4 option.Hash=4 -variant kalah -games 6 -concurrency 2 -ratinginterval 2 \
         -results {} -pgnout file={}",
        results.display(),
        pgn.display()
    )));
    let stdout = run_ok(&args);

    for game in 1..=6 {
        assert!(
            stdout.contains(&format!("Started game {game} of 6 (")),
            "{stdout}"
        );
        assert!(
            stdout.contains(&format!("Finished game {game} (")),
            "{stdout}"
        );
    }
    assert!(stdout.contains("Score of deep vs shallow: "), "{stdout}");
    assert!(stdout.contains("] 6\n"), "{stdout}");
    assert!(stdout.contains("Ptnml(0-2): ["), "{stdout}");
    assert!(stdout.contains("Elo difference: "), "{stdout}");
    assert!(stdout.contains("Finished match"), "{stdout}");

    // JSON lines: every field, every move legal, the result the rules say.
    let games = read_results(&results);
    assert_eq!(games.len(), 6);
    let mut numbers: Vec<u64> = games.iter().map(|g| g["game"].as_u64().unwrap()).collect();
    numbers.sort_unstable();
    assert_eq!(numbers, [1, 2, 3, 4, 5, 6]);
    let options = kalah_6_4();
    for game in &games {
        for field in [
            "game",
            "round",
            "pair",
            "engines",
            "p1",
            "p2",
            "variant",
            "opening",
            "result",
            "score",
            "termination",
            "reason",
            "moves",
            "plies",
            "details",
            "final_fen",
            "time_ms",
            "limits",
            "started",
            "duration_ms",
        ] {
            assert!(game.get(field).is_some(), "{field} missing in {game}");
        }
        assert_eq!(game["variant"], "kalah");
        assert_eq!(game["termination"], "normal", "{game}");
        assert_eq!(game["opening"]["fen"], "4,4,4,4,4,4 0 4,4,4,4,4,4 0 s");
        let (end, moves) = replay(game, &options);
        assert_eq!(game["plies"].as_u64().unwrap() as usize, moves.len());
        let expected = match end.outcome().expect("the game is over") {
            Outcome::Win(Player::One) => "p1win",
            Outcome::Win(Player::Two) => "p2win",
            Outcome::Draw => "draw",
        };
        assert_eq!(game["result"], expected);
        assert_eq!(game["details"].as_array().unwrap().len(), moves.len());
        let pair = game["pair"].as_u64().unwrap();
        assert_eq!(pair, game["game"].as_u64().unwrap().div_ceil(2));
    }
    // Colours alternate within a pair.
    let by_number = |n: u64| games.iter().find(|g| g["game"] == n).unwrap();
    assert_eq!(by_number(1)["p1"], "deep");
    assert_eq!(by_number(2)["p1"], "shallow");

    // PGN: one record per game with the promised tags.
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Event \"").count(), 6);
    for tag in [
        "[Site \"",
        "[Date \"",
        "[Round \"",
        "[White \"",
        "[Black \"",
        "[South \"",
        "[North \"",
        "[Result \"",
        "[Variant \"kalah\"]",
        "[FEN \"",
        "[SetUp \"1\"]",
        "[Termination \"normal\"]",
        "[WhiteTimeControl \"",
    ] {
        assert_eq!(text.matches(tag).count(), 6, "{tag} in\n{text}");
    }
    assert!(text.contains("\n1. "), "{text}");
}
