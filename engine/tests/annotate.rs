//! `ply-engine annotate` through the binary, against answers known by
//! brute force: a tic-tac-toe game whose one bad move throws a win away,
//! a Kalah endgame whose first move loses a number of seeds that a plain
//! minimax to the end of the game gives, a Russian draughts move that
//! gives a table win away; the per-side summaries; PGN read
//! back after annotation; bad records reported while the rest goes on;
//! input order whatever `--jobs`.

use std::path::PathBuf;
use std::process::Output;
use std::time::Duration;

use assert_cmd::Command;
use ply_engine::commands::annotate::pgn::read_games;
use ply_engine::commands::annotate::{Judgement, judging};
use ply_engine::endgame::Backed;
use ply_engine::engine_game::judging::Judging;
use ply_engine::games::kalah::KalahDb;
use ply_engine::games::russian::endgame::RussianDb;
use ply_rules::game::{Game, MoveList, Outcome, Player};
use ply_rules::games::kalah::Kalah;
use ply_rules::games::tictactoe::TicTacToe;
use ply_rules::variant::Variant;
use serde_json::Value;

/// Generous: each run takes a few seconds at most; a hang fails instead of blocking CI.
const TIMEOUT: Duration = Duration::from_secs(120);

/// Runs `ply-engine annotate args…` with `input` on stdin.
fn annotate(args: &[&str], input: impl AsRef<[u8]>) -> Output {
    Command::cargo_bin("ply-engine")
        .expect("the ply-engine binary is built")
        // No cached databases: under `EndgameDB auto` they would change the answers.
        .env("XDG_CACHE_HOME", "/nonexistent/ply-test-cache")
        .arg("annotate")
        .args(args)
        .write_stdin(input.as_ref())
        .timeout(TIMEOUT)
        .output()
        .expect("ply-engine runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The JSON objects of stdout, one a line.
fn records(output: &Output) -> Vec<Value> {
    stdout(output)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}")))
        .collect()
}

/// The game value for the side to move with perfect play: 1 a win, 0 a
/// draw, -1 a loss (plain minimax, no pruning).
fn tictactoe_value(position: &TicTacToe) -> i32 {
    if let Some(outcome) = position.outcome() {
        return match outcome {
            Outcome::Draw => 0,
            Outcome::Win(winner) if winner == position.side_to_move() => 1,
            Outcome::Win(_) => -1,
        };
    }
    tictactoe_moves(position)
        .into_iter()
        .map(|(_, value)| value)
        .max()
        .expect("a game not over has a move")
}

/// Each legal move of `position` with its value for the mover.
fn tictactoe_moves(position: &TicTacToe) -> Vec<(String, i32)> {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut child = *position;
            child.play(mv);
            (position.format_move(mv), -tictactoe_value(&child))
        })
        .collect()
}

/// The judgement strings of a JSON record's moves.
fn judgements(record: &Value) -> Vec<Value> {
    record["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["judgement"].clone())
        .collect()
}

/// After X a1 and O's a2, X to move wins; the game goes on with the
/// first move of X's that only draws, then perfect play from both sides,
/// all chosen by brute force.
fn tictactoe_game() -> (String, Vec<String>) {
    let fen = ".../o../x.. x";
    let mut position = TicTacToe::from_position_string(fen).expect("a position");
    let first = tictactoe_moves(&position);
    assert_eq!(first.iter().map(|(_, v)| *v).max(), Some(1), "{first:?}");
    let drawing = first
        .iter()
        .find(|(_, v)| *v == 0)
        .expect("a move that only draws")
        .0
        .clone();
    let mut moves = vec![drawing.clone()];
    position.play(position.parse_move(&drawing).expect("legal"));
    while position.outcome().is_none() {
        let best = tictactoe_moves(&position)
            .into_iter()
            .max_by_key(|(_, v)| *v)
            .expect("a move");
        position.play(position.parse_move(&best.0).expect("legal"));
        moves.push(best.0);
    }
    (fen.to_owned(), moves)
}

/// A PGN game with the given tags and moves (numbered loosely: the reader
/// numbers nothing).
fn pgn(tags: &[(&str, &str)], moves: &[String]) -> String {
    let mut text: String = tags
        .iter()
        .map(|(name, value)| format!("[{name} \"{value}\"]\n"))
        .collect();
    text.push('\n');
    text.push_str(&moves.join(" "));
    text.push_str(" *\n\n");
    text
}

#[test]
fn a_tictactoe_win_thrown_away_is_the_one_blunder() {
    let (fen, moves) = tictactoe_game();
    let text = pgn(&[("Variant", "tictactoe"), ("FEN", &fen)], &moves);
    let output = annotate(&["--format", "json", "--jobs", "2"], &text);
    assert!(output.status.success(), "{}", stderr(&output));
    let record = &records(&output)[0];
    assert_eq!(record["unit"], "points");
    let mut expected = vec![Value::Null; moves.len()];
    expected[0] = "blunder".into();
    assert_eq!(judgements(record), expected, "{record}");
    let first = &record["moves"][0];
    assert!(first["score_before"]["mate"].as_i64() > Some(0), "{first}");
    assert_eq!(first["score_after"], serde_json::json!({"proven": 0}));
    assert_eq!(first["loss"], 0.5);
    let p1 = &record["summary"]["p1"];
    assert_eq!(p1["blunders"], 1);
    assert_eq!(p1["moves"], moves.len().div_ceil(2));
    assert_eq!(
        p1["average_loss"],
        (50.0 / moves.len().div_ceil(2) as f64).round() / 100.0
    );
    let p2 = &record["summary"]["p2"];
    assert_eq!(
        (p2["blunders"].clone(), p2["average_loss"].clone()),
        (0.into(), 0.0.into())
    );
    assert_eq!(p2["moves"], moves.len() / 2);

    // The PGN form: the blunder's NAG, the comments, the summary tags.
    let output = annotate(&["--jobs", "2"], &text);
    assert!(output.status.success(), "{}", stderr(&output));
    let annotated = stdout(&output);
    assert!(
        annotated.contains(&format!("1. {} $4 {{=+0.00/", moves[0])),
        "the blunder is marked: {annotated}"
    );
    assert!(annotated.contains("[%eval 0.00,"), "{annotated}");
    assert!(annotated.contains("[WhiteBlunders \"1\"]"), "{annotated}");
    assert!(annotated.contains("[BlackBlunders \"0\"]"), "{annotated}");
    assert_eq!(annotated.matches(" $").count(), 1, "{annotated}");
}

/// The final store margin for the side to move with perfect play, by
/// plain minimax (no pruning) to the end of the game; at the end each
/// side keeps the seeds on its side.
fn kalah_value(position: &Kalah) -> i32 {
    let me = position.side_to_move();
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    if moves.is_empty() {
        let total = |p: Player| {
            i32::from(position.store(p))
                + position.pits(p).iter().map(|&s| i32::from(s)).sum::<i32>()
        };
        return total(me) - total(me.opponent());
    }
    moves
        .iter()
        .map(|&mv| kalah_child_value(position, mv))
        .max()
        .expect("a move")
}

/// The value for the mover of `position` of playing `mv`.
fn kalah_child_value(position: &Kalah, mv: <Kalah as Game>::Move) -> i32 {
    let mut child = *position;
    child.play(mv);
    if child.side_to_move() == position.side_to_move() {
        kalah_value(&child)
    } else {
        -kalah_value(&child)
    }
}

/// A directory of its own for a test's files.
fn temp_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("annotate-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

/// An endgame of 8 seeds on the board: with a database of every such
/// position, the engine's scores are exact final margins, and a plain
/// minimax says what each move loses.
#[test]
fn a_kalah_move_loses_the_seeds_a_minimax_gives() {
    const FEN: &str = "1,1,0,2,0,1 20 1,0,1,0,1,1 19 s";
    const PLAYED: &str = "4";
    let dir = temp_dir("kalah");
    let db_path = dir.join("kalah8.db");
    KalahDb::build(6, false, 8, 1, |_| {})
        .expect("a small database")
        .save(&db_path)
        .expect("the database is saved");

    // The game: a bad first move, then perfect play.
    let mut position = Kalah::from_position_string(FEN, false).expect("a position");
    let mut moves = Vec::new();
    let mut losses = Vec::new();
    let mut next = Some(PLAYED.to_owned());
    while position.outcome().is_none() {
        let mut legal = MoveList::new();
        position.legal_moves(&mut legal);
        let values: Vec<(String, i32)> = legal
            .iter()
            .map(|&mv| (position.format_move(mv), kalah_child_value(&position, mv)))
            .collect();
        let best = values.iter().map(|(_, v)| *v).max().expect("a move");
        let mv = next.take().unwrap_or_else(|| {
            values
                .iter()
                .find(|(_, v)| *v == best)
                .expect("a best move")
                .0
                .clone()
        });
        let value = values.iter().find(|(m, _)| *m == mv).expect("legal").1;
        losses.push(f64::from(best - value));
        position.play(position.parse_move(&mv).expect("legal"));
        moves.push(mv);
    }
    assert!(
        losses[0] >= 4.0,
        "the first move is a real loss: {losses:?}"
    );

    let db_option = format!("EndgameDB={}", db_path.display());
    let text = pgn(&[("Variant", "kalah"), ("FEN", FEN)], &moves);
    let output = annotate(
        &["--option", &db_option, "--depth", "4", "--format", "json"],
        &text,
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let record = &records(&output)[0];
    assert_eq!(record["unit"], "seeds");
    let found: Vec<f64> = record["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["loss"].as_f64().expect("a loss"))
        .collect();
    assert_eq!(found, losses, "{record}");
    // Proven +4 thrown away for a proven loss: a blunder, whatever the size.
    let mut expected = vec![Value::Null; moves.len()];
    expected[0] = "blunder".into();
    assert_eq!(judgements(record), expected, "{record}");
    let south = &record["summary"]["p1"];
    assert_eq!(south["blunders"], 1);
    assert_eq!(south["inaccuracies"], 0);
    let south_moves = record["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .filter(|m| m["side"] == "p1")
        .count();
    assert_eq!(south["moves"], south_moves);
    assert_eq!(
        south["average_loss"],
        (losses[0] * 100.0 / south_moves as f64).round() / 100.0
    );
    assert_eq!(record["summary"]["p2"]["average_loss"], 0.0);
}

/// Russian draughts with the four-piece tables: two kings and a man
/// against a king is a proven win, and `c3-g7` gives a king away for a
/// proven draw: a blunder, though the engine's scores are the tables'
/// (docs/analysis.md); the forced recapture is no fault.
#[test]
fn a_russian_move_that_throws_a_table_win_away_is_a_blunder() {
    const FEN: &str = "W:WKa1,Kc3,g3:BKh8";
    let dir = temp_dir("russian");
    let db_path = dir.join("russian-4.db");
    RussianDb::build(4, 1, |_| {})
        .expect("the four-piece tables")
        .save(&db_path)
        .expect("the tables are saved");
    let db_option = format!("EndgameDB={}", db_path.display());
    let moves = ["c3-g7".to_owned(), "h8:e5:h2".to_owned()];
    let text = pgn(&[("Variant", "russian"), ("FEN", FEN)], &moves);
    let output = annotate(
        &["--option", &db_option, "--depth", "2", "--format", "json"],
        &text,
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let record = &records(&output)[0];
    assert_eq!(record["unit"], "men");
    let first = &record["moves"][0];
    assert!(
        first["score_before"]["proven"].as_i64() > Some(0),
        "a proven win before: {record}"
    );
    assert_eq!(first["score_after"], serde_json::json!({"proven": 0}));
    assert_eq!(
        judgements(record),
        ["blunder".into(), Value::Null],
        "{record}"
    );
    assert_eq!(record["summary"]["p1"]["blunders"], 1);
}

/// Two Kalah(6,4) games, the second from a position with a book move.
fn kalah_games() -> String {
    let first: Vec<String> = ["3", "6", "2", "1", "5", "4"].map(String::from).into();
    let mut text = pgn(
        &[("Event", "one"), ("Variant", "kalah"), ("GameNumber", "1")],
        &first,
    );
    text.push_str(
        "[Event \"two\"]\n[Variant \"kalah\"]\n[FEN \"4,4,4,4,4,4 0 4,4,4,4,4,4 0 s\"]\n\
         [GameNumber \"2\"]\n\n1. 1 {book} 1... 2 {+0.50/4 0.010s} 2. 3 {a note} 1-0\n\n",
    );
    text
}

#[test]
fn annotated_pgn_reads_back_with_its_moves_and_annotates_again_alike() {
    let input = kalah_games();
    let args = ["--option", "Seeds=4", "--depth", "4", "--jobs", "2"];
    let output = annotate(&args, &input);
    assert!(output.status.success(), "{}", stderr(&output));
    let annotated = stdout(&output);
    let before: Vec<_> = read_games(&input).into_iter().map(Result::unwrap).collect();
    let after: Vec<_> = read_games(&annotated)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(after.len(), 2, "{annotated}");
    for (old, new) in before.iter().zip(&after) {
        let text = |g: &ply_engine::commands::annotate::pgn::PgnGame| -> Vec<String> {
            g.moves.iter().map(|m| m.text.clone()).collect()
        };
        assert_eq!(text(old), text(new));
        assert_eq!(old.result, new.result);
        for (name, value) in &old.tags {
            assert_eq!(new.tag(name), Some(value.as_str()), "{annotated}");
        }
        assert!(new.tag("WhiteAverageLoss").is_some(), "{annotated}");
        assert_eq!(new.tag("AnnotationUnit"), Some("seeds"));
        // Every move has its evaluation comment first.
        assert!(new.moves.iter().all(|m| m.comments[0].contains("[%eval ")));
    }
    // The original comments stay, after the annotation.
    assert_eq!(after[1].moves[0].comments[1], "book");
    assert_eq!(after[1].moves[2].comments[1], "a note");
    // The book move is annotated but not counted.
    assert_eq!(after[1].tag("WhiteMovesAnalysed"), Some("1"));
    // Annotating the annotated games changes nothing.
    let again = annotate(&args, &annotated);
    assert_eq!(stdout(&again), annotated);
}

#[test]
fn games_come_out_in_input_order_whatever_the_jobs() {
    let mut input = kalah_games();
    input.push_str(&kalah_games());
    let run = |jobs: &str| {
        let output = annotate(
            &[
                "--option", "Seeds=4", "--depth", "3", "--jobs", jobs, "--format", "json",
            ],
            &input,
        );
        assert!(output.status.success(), "{}", stderr(&output));
        records(&output)
    };
    let one = run("1");
    let games: Vec<_> = one.iter().map(|r| r["game"].clone()).collect();
    assert_eq!(games, [1, 2, 3, 4]);
    assert_eq!(one[0]["id"], "1");
    assert_eq!(one[0]["moves"].as_array().map(Vec::len), Some(6));
    assert_eq!(run("3"), one);
}

#[test]
fn bad_records_are_reported_by_game_and_move_and_the_rest_is_annotated() {
    let input = "1. a1 *\n\n\
                 [Variant \"tictactoe\"]\n\n1. a1 b2 2. b2 *\n\n\
                 [Variant \"chess\"]\n\n1. e4 *\n\n\
                 [Variant \"tictactoe\"]\n\n1. a1 b2 *\n\n\
                 [Variant \"tictactoe\"\n\n1. a1 *\n\n\
                 [Variant \"mastermind\"]\n\n*\n";
    let output = annotate(&["--format", "json"], input);
    assert_eq!(output.status.code(), Some(1));
    let found = records(&output);
    assert_eq!(found.len(), 6);
    let error = |i: usize| found[i]["error"].as_str().unwrap_or_default().to_owned();
    assert!(error(0).contains("no --variant"), "{}", error(0));
    assert_eq!(
        error(1),
        "ply 3 (X's move 'b2'): illegal move 'b2': b2 is taken by o"
    );
    assert!(
        error(2).contains("unknown variant 'chess': expected one of kalah"),
        "{}",
        error(2)
    );
    assert!(found[3].get("error").is_none(), "{}", found[3]);
    assert_eq!(found[3]["moves"].as_array().map(Vec::len), Some(2));
    assert!(
        error(4).contains("tag Variant is not closed by ]"),
        "{}",
        error(4)
    );
    assert!(
        error(5).starts_with("Mastermind games are not annotated"),
        "{}",
        error(5)
    );
    let messages = stderr(&output);
    assert!(
        messages.contains("game 2: ply 3 (X's move 'b2')"),
        "{messages}"
    );
    assert!(
        messages.contains("5 of 6 game(s) could not be annotated"),
        "{messages}"
    );

    // With --variant, the game without a tag is read as that game.
    let output = annotate(&["--variant", "tictactoe", "--format", "json"], "1. a1 *\n");
    assert!(output.status.success(), "{}", stderr(&output));

    // PGN output: a `%` line (skipped by readers) and the record as read.
    let output = annotate(&[], "[Variant \"tictactoe\"]\n\n1. a1 b2 2. b2 *\n");
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(
        text.starts_with("% ply-engine annotate: game 1: ply 3 (X's move 'b2')"),
        "{text}"
    );
    assert!(text.contains("1. a1 1... b2 2. b2 *"), "{text}");
}

#[test]
fn a_record_that_does_not_read_is_copied_whole_after_its_percent_line() {
    let good = |mv: &str| format!("[Variant \"tictactoe\"]\n\n1. {mv} *\n\n");
    let unreadable = [
        (
            "an unclosed tag",
            "[Event \"g2 unclosed]\n[Variant \"tictactoe\"]\n\n1. a1 b2 *",
            "the value of tag Event is not closed",
        ),
        (
            "an unclosed variation",
            "[Event \"g2\"]\n[Variant \"tictactoe\"]\n\n1. a1 (1. c3 b2 *",
            "a variation is not closed",
        ),
        (
            "an unclosed comment",
            "[Event \"g2\"]\n[Variant \"tictactoe\"]\n\n1. a1 {left open\nb2 *",
            "not closed",
        ),
    ];
    for (what, record, why) in unreadable {
        let input = format!("{}{record}\n\n{}", good("a1"), good("b2"));
        let output = annotate(&["--depth", "2"], &input);
        assert_eq!(output.status.code(), Some(1), "{what}");
        let text = stdout(&output);
        let (_, after) = text
            .split_once("% ply-engine annotate: game 2: line ")
            .unwrap_or_else(|| panic!("{what}: no % line for game 2 in {text}"));
        let (reason, rest) = after.split_once('\n').unwrap_or_default();
        assert!(reason.contains(why), "{what}: {reason}");
        assert!(
            rest.starts_with(&format!("{record}\n\n")),
            "{what}: the record is not copied whole after its % line:\n{text}"
        );
        // The games on either side are annotated.
        let annotated: Vec<_> = read_games(&text).into_iter().flatten().collect();
        let evaluated = |mv: &str| {
            annotated.iter().any(|game| {
                game.moves.first().is_some_and(|first| {
                    first.text == mv && first.comments.iter().any(|c| c.contains("[%eval"))
                })
            })
        };
        assert!(evaluated("a1") && evaluated("b2"), "{what}:\n{text}");
    }
}

/// A score of the JSON output in centi-units, clamped to ±`cap` (a mate
/// is the cap), as the docs define the loss.
fn clamped(score: &Value, cap: i64) -> i64 {
    if let Some(mate) = score["mate"].as_i64() {
        return if mate < 0 { -cap } else { cap };
    }
    let centi = score["cp"]
        .as_i64()
        .or(score["proven"].as_i64())
        .expect("a score");
    centi.clamp(-cap, cap)
}

#[test]
fn kalah_estimates_are_marked_by_the_thresholds_its_hook_declares() {
    let Judging::Margin(thresholds) = judging(Variant::Kalah) else {
        panic!("Kalah is judged by margins")
    };
    // A Kalah(6,4) game of shallow moves, searched a little deeper.
    let moves: Vec<String> = ["3", "6", "2", "1", "5", "4", "6", "1", "3", "2", "6", "5"]
        .map(String::from)
        .into();
    let text = pgn(&[("Variant", "kalah")], &moves);
    let output = annotate(
        &["--option", "Seeds=4", "--depth", "5", "--format", "json"],
        &text,
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let record = &records(&output)[0];
    let entries = record["moves"].as_array().expect("moves");
    assert_eq!(entries.len(), moves.len());
    let mut marked = 0;
    for entry in entries {
        let loss = (clamped(&entry["score_before"], thresholds.cap.into())
            - clamped(&entry["score_after"], thresholds.cap.into()))
        .max(0);
        assert_eq!(entry["loss"].as_f64(), Some(loss as f64 / 100.0), "{entry}");
        let expected = match thresholds.by_size(i32::try_from(loss).expect("small")) {
            Some(Judgement::Inaccuracy) => "inaccuracy".into(),
            Some(Judgement::Mistake) => "mistake".into(),
            Some(Judgement::Blunder) => "blunder".into(),
            None => Value::Null,
        };
        if entry["score_before"].get("cp").is_some() && entry["score_after"].get("cp").is_some() {
            assert_eq!(entry["judgement"], expected, "{entry}");
            marked += usize::from(!expected.is_null());
        }
    }
    assert!(marked > 0, "the game has marked moves: {record}");
    let counted: u64 = ["inaccuracies", "mistakes", "blunders"]
        .iter()
        .map(|k| {
            record["summary"]["p1"][k].as_u64().expect("a count")
                + record["summary"]["p2"][k].as_u64().expect("a count")
        })
        .sum();
    let judged = entries.iter().filter(|e| !e["judgement"].is_null()).count();
    assert_eq!(counted as usize, judged);
}

#[test]
fn variations_and_their_comments_are_kept_in_pgn_output() {
    let input = "[Variant \"tictactoe\"]\n\n\
                 1. a1 {my note} (1. b2 {alt note} (1. c3 $1) a1) a2\n\
                 (1... b2 ; the best\n) 2. b1 {x} *\n";
    let output = annotate(&["--depth", "2"], input);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for kept in [
        "{my note} (1. b2 {alt note} (1. c3 $1) a1) 1... a2",
        "(1... b2 {the best}) 2. b1",
    ] {
        assert!(flat.contains(kept), "{kept} is missing from\n{text}");
    }
    // Read back, the variations belong to the moves they follow.
    let game = read_games(&text).remove(0).expect("a game");
    let moves: Vec<&str> = game.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(moves, ["a1", "a2", "b1"]);
    assert_eq!(
        game.moves[0].variations,
        ["(1. b2 {alt note} (1. c3 $1) a1)"]
    );
    assert_eq!(game.moves[1].variations, ["(1... b2 {the best})"]);
    assert!(game.moves[2].variations.is_empty());
    // Annotating again gives the same text.
    let again = annotate(&["--depth", "2"], text.as_str());
    assert_eq!(stdout(&again), text);
}

#[test]
fn a_game_that_is_not_utf8_is_an_error_and_the_others_are_annotated() {
    let mut pgn = b"[Variant \"tictactoe\"]\n\n1. a1 *\n\n".to_vec();
    pgn.extend_from_slice(b"[Variant \"tictactoe\"]\n[White \"Andr\xe9\"]\n\n1. b2 *\n\n");
    pgn.extend_from_slice(b"[Variant \"tictactoe\"]\n\n1. c3 *\n");
    let output = annotate(&["--format", "json", "--depth", "2"], pgn);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let found = records(&output);
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(found[0].get("error").is_none(), "{}", found[0]);
    let error = found[1]["error"].as_str().unwrap_or_default();
    assert!(
        error.contains("line 6") && error.contains("not UTF-8"),
        "{error}"
    );
    assert!(found[2].get("error").is_none(), "{}", found[2]);

    let mut results = b"{\"variant\":\"tictactoe\",\"moves\":[\"a1\"]}\n".to_vec();
    results.extend_from_slice(b"{\"variant\":\"tictactoe\",\"p1\":\"\xff\",\"moves\":[\"a1\"]}\n");
    results.extend_from_slice(b"{\"variant\":\"tictactoe\",\"moves\":[\"b2\"]}\n");
    let output = annotate(&["--depth", "2"], results);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let found = records(&output);
    assert_eq!(found.len(), 3, "{found:?}");
    let error = found[1]["error"].as_str().unwrap_or_default();
    assert!(
        error.contains("line 2") && error.contains("not UTF-8"),
        "{error}"
    );
    assert_eq!(found[2]["moves"][0]["move"], "b2");
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let results = "\u{feff}{\"game\":5,\"variant\":\"tictactoe\",\"moves\":[\"a1\"]}\n";
    let output = annotate(&["--depth", "2"], results);
    assert!(output.status.success(), "{}", stderr(&output));
    let found = records(&output);
    assert_eq!(found[0]["id"], "5", "{}", found[0]);

    let pgn = "\u{feff}[Variant \"tictactoe\"]\n[White \"A\"]\n\n1. a1 *\n";
    let output = annotate(&["--depth", "2"], pgn);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.starts_with("[Variant \"tictactoe\"]\n[White \"A\"]\n"),
        "{text}"
    );
}

#[test]
fn an_opening_that_does_not_start_the_game_is_an_error() {
    let line = |opening: &str| {
        format!(
            "{{\"variant\":\"tictactoe\",\"opening\":{{\"fen\":\"\",\"moves\":{opening}}},\
             \"moves\":[\"a1\",\"a2\",\"b1\"]}}\n"
        )
    };
    let input = [
        line(r#"["b2","b2"]"#),
        line(r#"["a1"]"#),
        line(r#"["a1","a2","b1","b2"]"#),
    ]
    .concat();
    let output = annotate(&["--depth", "2"], input);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let found = records(&output);
    let error = found[0]["error"].as_str().unwrap_or_default();
    assert!(
        error.contains("opening's moves (b2 b2)") && error.contains("b2 in the opening but a1"),
        "{}",
        found[0]
    );
    let book = |i: usize| -> Vec<Value> {
        found[i]["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| m["book"].clone())
            .collect()
    };
    assert_eq!(book(1), [true, false, false]);
    // Longer than the game is wrong too: a game's moves include its opening's.
    let error = found[2]["error"].as_str().unwrap_or_default();
    assert!(error.contains("opening"), "{}", found[2]);
}

#[test]
fn an_error_that_echoes_a_huge_move_is_cut_short() {
    let huge = "x".repeat(1 << 20);
    let input = format!("{{\"variant\":\"tictactoe\",\"moves\":[\"{huge}\"]}}\n");
    let output = annotate(&["--depth", "2"], input);
    assert_eq!(output.status.code(), Some(1));
    let found = records(&output);
    let error = found[0]["error"].as_str().expect("an error");
    let start: String = error.chars().take(300).collect();
    assert!(error.starts_with("ply 1 (X's move 'xxx"), "{start}");
    assert!(
        error.len() < 400 && error.contains("characters in all]"),
        "{start}"
    );
    assert!(
        stderr(&output).len() < 1000,
        "stderr echoes the move in full"
    );
}
