//! Short matches of the other games between two real `ply-engine`
//! processes: an Oware match and a tic-tac-toe match, every move legal by
//! the engine library's rules and every result the one the rules give.
//! Tic-tac-toe between engines that search to the end is always a draw.

mod referee_support;

use ply_rules::game::{Outcome, Player};
use ply_rules::variant::{AnyRules, Variant};
use referee_support::{TempDir, ply_engine, read_results, replay, run_ok, words};

/// Runs a match of `games` games of `variant` between two engines with
/// the given limits and returns the referee's stdout and the games.
fn play(
    variant: Variant,
    games: u32,
    first: &[&str],
    second: &[&str],
) -> (String, Vec<serde_json::Value>) {
    let dir = TempDir::new(variant.name());
    let results = dir.path("match.jsonl");
    let pgn = dir.path("match.pgn");
    let mut args = ply_engine("first", first);
    args.extend(ply_engine("second", second));
    args.extend(words(&format!(
        "-each option.Hash=4 -variant {} -games {games} -concurrency 2 -results {} -pgnout file={}",
        variant.name(),
        results.display(),
        pgn.display()
    )));
    let stdout = run_ok(&args);
    let text = std::fs::read_to_string(&pgn).expect("a PGN file");
    assert_eq!(
        text.matches(&format!("[Variant \"{}\"]", variant.name()))
            .count(),
        games as usize
    );
    (stdout, read_results(&results))
}

/// Replays every game with the engine library's rules: the moves are
/// legal, the final position and the result are the ones recorded.
fn check_games(variant: Variant, games: &[serde_json::Value], start: &str) -> Vec<Outcome> {
    let options = AnyRules::default_for(variant);
    games
        .iter()
        .map(|game| {
            assert_eq!(game["variant"], variant.name());
            assert_eq!(game["termination"], "normal", "{game}");
            assert_eq!(game["opening"]["fen"], start);
            let (end, _) = replay(game, &options);
            let outcome = end.outcome().expect("the game is over");
            let expected = match outcome {
                Outcome::Win(Player::One) => "p1win",
                Outcome::Win(Player::Two) => "p2win",
                Outcome::Draw => "draw",
            };
            assert_eq!(game["result"], expected);
            outcome
        })
        .collect()
}

#[test]
fn an_oware_match_is_played_to_the_end_by_the_rules() {
    let (stdout, games) = play(Variant::Oware, 2, &["depth=6"], &["nodes=2000"]);
    assert!(stdout.contains("Finished match"), "{stdout}");
    assert_eq!(games.len(), 2);
    check_games(Variant::Oware, &games, "4,4,4,4,4,4 0 4,4,4,4,4,4 0 s");
}

#[test]
fn tictactoe_between_engines_that_see_the_end_is_always_drawn() {
    let (stdout, games) = play(Variant::TicTacToe, 4, &["depth=9"], &["depth=9"]);
    assert!(stdout.contains("Finished match"), "{stdout}");
    assert_eq!(games.len(), 4);
    let outcomes = check_games(Variant::TicTacToe, &games, ".../.../... x");
    assert!(outcomes.iter().all(|&o| o == Outcome::Draw), "{outcomes:?}");
    for game in &games {
        assert_eq!(game["plies"], 9, "a drawn game fills the board: {game}");
    }
}
