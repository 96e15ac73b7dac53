//! A short Mastermind match between two real `ply-engine` processes: the
//! engines swap breaker and maker within each pair, every game follows
//! the rules, and the pairs are also scored by the guesses each breaker
//! needed, in the console report and in the JSON lines.

mod referee_support;

use ply_rules::games::mastermind::{Mastermind, MastermindRules};
use referee_support::{TempDir, moves_of, ply_engine, read_results, run_ok, words};
use serde_json::Value;

#[test]
fn a_mastermind_match_scores_pairs_by_guesses_as_breaker() {
    let dir = TempDir::new("mastermind");
    let results = dir.path("match.jsonl");
    let pgn = dir.path("match.pgn");
    let mut args = ply_engine("first", &["depth=1"]);
    args.extend(ply_engine("second", &["depth=1"]));
    args.extend(words(&format!(
        "-variant mastermind -each option.Symbols=6 option.MaxGuesses=8 \
         -games 2 -rounds 2 -concurrency 2 -results {} -pgnout file={}",
        results.display(),
        pgn.display()
    )));
    let stdout = run_ok(&args);
    assert!(stdout.contains("Finished match"), "{stdout}");
    assert!(
        stdout.contains("Mastermind: first averaged ") && stdout.contains(" guesses as breaker ("),
        "{stdout}"
    );
    assert!(
        stdout.contains("Mastermind pairs first vs second (fewer guesses wins): "),
        "{stdout}"
    );

    let rules = MastermindRules {
        symbols: 6,
        max_guesses: 8,
        ..MastermindRules::default()
    };
    let mut games = read_results(&results);
    games.sort_by_key(|g| g["game"].as_u64());
    assert_eq!(games.len(), 4);
    for game in &games {
        assert_eq!(game["variant"], "mastermind");
        assert_eq!(game["termination"], "normal", "{game}");
        let moves = moves_of(game);
        // Replayed by the rules, with the match's options.
        let mut fen = String::new();
        for (i, mv) in moves.iter().enumerate() {
            let separator = match i {
                0 => "",
                _ if i % 2 == 1 => ":",
                _ => "/",
            };
            fen.push_str(separator);
            fen.push_str(mv);
        }
        let side = if moves.len() % 2 == 1 { "m" } else { "b" };
        let end = Mastermind::from_position_string(&format!("{fen} {side}"), rules)
            .unwrap_or_else(|e| panic!("game {}: {e}", game["game"]));
        assert_eq!(game["guesses"], end.guesses_made(), "{game}");
        assert_eq!(game["solved"], end.is_solved(), "{game}");
        let expected = if end.is_solved() { "p1win" } else { "p2win" };
        assert_eq!(game["result"], expected, "{game}");
    }
    // A pair: the same two engines, breaker and maker swapped.
    for pair in games.chunks(2) {
        assert_eq!(pair[0]["pair"], pair[1]["pair"]);
        assert_eq!(pair[0]["p1"], pair[1]["p2"]);
        assert_eq!(pair[0]["p2"], pair[1]["p1"]);
    }
    // The report's figures, recomputed from the JSON lines.
    let (first_line, pairs_line) = expected_report(&games);
    let lines: Vec<&str> = stdout.lines().map(str::trim).collect();
    assert!(
        lines.contains(&first_line.as_str()),
        "expected {first_line:?} in:\n{stdout}"
    );
    assert!(
        lines.contains(&pairs_line.as_str()),
        "expected {pairs_line:?} in:\n{stdout}"
    );
    let text = std::fs::read_to_string(&pgn).expect("a PGN file");
    assert_eq!(text.matches("[Variant \"mastermind\"]").count(), 4);
    assert_eq!(text.matches("[Breaker \"first\"]").count(), 2);
}

/// The two Mastermind lines of the report for `games` (all ended by the
/// rules), worked out here from the JSON lines rather than by the
/// referee's code: each engine's average guesses as breaker over its
/// solved games, and the pairs from `first`'s side (fewer guesses win,
/// solving beats not solving).
fn expected_report(games: &[Value]) -> (String, String) {
    let breaking = |game: &Value| -> Option<u64> {
        game["solved"]
            .as_bool()
            .expect("solved")
            .then(|| game["guesses"].as_u64().expect("guesses"))
    };
    let part = |name: &str| {
        let mine: Vec<Option<u64>> = games
            .iter()
            .filter(|g| g["p1"] == name)
            .map(breaking)
            .collect();
        let solved: Vec<u64> = mine.iter().flatten().copied().collect();
        let unsolved = mine.len() - solved.len();
        let average = if solved.is_empty() {
            "no solved".to_owned()
        } else {
            format!(
                "{:.2}",
                solved.iter().sum::<u64>() as f64 / solved.len() as f64
            )
        };
        let unsolved = if unsolved > 0 {
            format!(", {unsolved} unsolved")
        } else {
            String::new()
        };
        (average, format!("({} solved{unsolved})", solved.len()))
    };
    let (first_average, first_counts) = part("first");
    let (second_average, second_counts) = part("second");
    let first_line = format!(
        "Mastermind: first averaged {first_average} guesses as breaker {first_counts}, \
         second {second_average} {second_counts}"
    );
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    for pair in games.chunks(2) {
        let key = |breaker: &str| {
            let game = pair
                .iter()
                .find(|g| g["p1"] == breaker)
                .expect("each engine breaks once a pair");
            breaking(game).unwrap_or(u64::MAX)
        };
        match key("first").cmp(&key("second")) {
            std::cmp::Ordering::Less => wins += 1,
            std::cmp::Ordering::Greater => losses += 1,
            std::cmp::Ordering::Equal => draws += 1,
        }
    }
    let pairs_line = format!(
        "Mastermind pairs first vs second (fewer guesses wins): {wins} - {losses}, {draws} drawn"
    );
    (first_line, pairs_line)
}
