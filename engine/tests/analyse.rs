//! `ply-engine analyse` through the binary: known answers, input order
//! with several jobs, bad lines, `--resume`, MultiPV, EPD, comments and ids.
//! Small depths keep it quick in a debug build; with `Threads 1` and a
//! depth limit the search is deterministic, so runs are compared field by
//! field (all but `time_ms`).

#[allow(dead_code)] // only the random positions are used here
mod common;

use std::process::Output;
use std::time::Duration;

use assert_cmd::Command;
use ply_rules::game::Game;
use ply_rules::games::kalah::KalahRules;
use serde_json::Value;

/// A cache directory that does not exist, so that `EndgameDB auto`
/// loads nothing.
const NO_CACHE: &str = "/nonexistent/ply-test-cache";

/// Generous: each run takes well under a second; a hang fails instead of blocking CI.
const TIMEOUT: Duration = Duration::from_secs(120);

/// Runs `ply-engine analyse args…` with `input` on stdin.
fn analyse(args: &[&str], input: impl AsRef<[u8]>) -> Output {
    Command::cargo_bin("ply-engine")
        .expect("the ply-engine binary is built")
        // The user's cached databases would change the answers.
        .env("XDG_CACHE_HOME", NO_CACHE)
        .arg("analyse")
        .args(args)
        .write_stdin(input.as_ref())
        .timeout(TIMEOUT)
        .output()
        .expect("ply-engine runs")
}

/// The JSON objects of stdout, one a line.
fn records(text: &str) -> Vec<Value> {
    text.lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}")))
        .collect()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The records without `time_ms`, the one field that varies between runs.
fn without_time(mut records: Vec<Value>) -> Vec<Value> {
    for record in &mut records {
        if let Some(object) = record.as_object_mut() {
            object.remove("time_ms");
        }
    }
    records
}

/// 20 Kalah(6,4) positions from reproducible random games, each with an id,
/// the last one a finished game.
fn kalah_lines() -> String {
    let rules = KalahRules::new(6, 4, false).expect("Kalah(6,4)");
    let positions = common::random_positions(rules, 2, 7);
    let step = positions.len() / 19;
    let mut picked: Vec<_> = positions.iter().step_by(step).take(19).collect();
    picked.push(positions.last().expect("positions"));
    picked
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{} ; p{i}\n", p.position_string()))
        .collect()
}

#[test]
fn a_tic_tac_toe_win_in_one_is_mate_1() {
    let output = analyse(
        &["--variant", "tictactoe", "--depth", "4"],
        "xx./.../oo. x ; win\n",
    );
    assert!(output.status.success(), "{output:?}");
    let got = records(&stdout(&output));
    assert_eq!(got.len(), 1);
    assert_eq!(got[0]["line"], 1);
    assert_eq!(got[0]["id"], "win");
    assert_eq!(got[0]["position"], "xx./.../oo. x");
    assert_eq!(got[0]["bestmove"], "c3");
    assert_eq!(got[0]["score"], serde_json::json!({"mate": 1}));
    assert_eq!(got[0]["pv"], serde_json::json!(["c3"]));
    assert!(got[0].get("multipv").is_none());
    // stderr is no terminal here: no progress bar, nothing at all.
    assert!(output.stderr.is_empty(), "{output:?}");
}

#[test]
fn a_tic_tac_toe_draw_searched_to_the_end_is_proven() {
    // The engine labels it `info string proven margin 0 (searched to the end of the game)`.
    let output = analyse(&["--variant", "tictactoe", "--depth", "9"], "startpos\n");
    assert!(output.status.success(), "{output:?}");
    let got = records(&stdout(&output));
    assert_eq!(got[0]["score"], serde_json::json!({"proven": 0}));
    assert_eq!(got[0]["position"], ".../.../... x");
}

#[test]
fn kalah_best_moves_are_those_of_the_protocol_transcripts() {
    // docs/protocol.md: from the start `go depth 12` answers 3, after 3 6 it answers 6.
    let output = analyse(
        &["--option", "Seeds=4", "--depth", "12", "--jobs", "2"],
        "startpos\nstartpos moves 3 6\n",
    );
    assert!(output.status.success(), "{output:?}");
    let got = records(&stdout(&output));
    assert_eq!(got[0]["bestmove"], "3");
    assert_eq!(got[0]["depth"], 12);
    assert_eq!(got[0]["id"], Value::Null);
    assert_eq!(got[1]["bestmove"], "6");
    assert_eq!(got[1]["position"], "4,4,0,5,5,0 2 5,5,5,5,4,4 0 n");
    for record in &got {
        assert!(record["score"]["cp"].is_i64(), "{record}");
        assert!(record["nodes"].as_u64().is_some_and(|n| n > 0), "{record}");
        assert!(record["seldepth"].as_u64().is_some(), "{record}");
        assert_eq!(record["pv"][0], record["bestmove"]);
    }
}

#[test]
fn input_order_is_kept_whatever_the_jobs() {
    let input = kalah_lines();
    let one = analyse(&["--depth", "5", "--jobs", "1"], &input);
    let three = analyse(&["--depth", "5", "--jobs", "3"], &input);
    assert!(one.status.success() && three.status.success(), "{three:?}");
    let one = records(&stdout(&one));
    assert_eq!(one.len(), 20);
    for (i, record) in one.iter().enumerate() {
        assert_eq!(record["line"], i + 1);
        assert_eq!(record["id"], format!("p{i}"));
    }
    // The finished game has no move.
    assert_eq!(one[19]["bestmove"], Value::Null);
    assert_eq!(without_time(one), without_time(records(&stdout(&three))));
}

#[test]
fn a_bad_line_is_reported_and_the_rest_analysed() {
    let input =
        "startpos\n\nstartpos moves 3 3 ; illegal\nnot a position\nmoves 3\nstartpos moves 1\n";
    let output = analyse(
        &["--option", "Seeds=4", "--depth", "3", "--jobs", "2"],
        input,
    );
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let got = records(&stdout(&output));
    let lines: Vec<_> = got.iter().map(|r| r["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, [1, 3, 4, 5, 6]);
    assert!(got[0]["bestmove"].is_string());
    assert_eq!(got[1]["id"], "illegal");
    assert!(
        got[1]["error"].as_str().unwrap().contains("illegal move"),
        "{}",
        got[1]
    );
    assert!(got[2]["error"].is_string(), "{}", got[2]);
    assert!(
        got[3]["error"]
            .as_str()
            .unwrap()
            .contains("expected a position string"),
        "{}",
        got[3]
    );
    assert!(got[4]["bestmove"].is_string(), "{}", got[4]);
    assert!(got[4].get("error").is_none());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("3 input line(s) could not be analysed"),
        "{stderr}"
    );
}

#[test]
fn refused_options_stop_before_anything_is_analysed() {
    let output = analyse(
        &["--variant", "tictactoe", "--option", "Seeds=4"],
        "startpos\n",
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("option 'Seeds' does not apply to tictactoe"),
        "{stderr}"
    );
}

#[test]
fn resume_after_a_torn_output_gives_the_whole_file() {
    let dir = tempdir("torn");
    let input_path = dir.join("positions.txt");
    std::fs::write(&input_path, kalah_lines()).unwrap();
    let input = input_path.to_str().unwrap();
    let whole_path = dir.join("whole.jsonl");
    let whole = analyse(
        &[
            "--depth",
            "4",
            "--jobs",
            "2",
            "--output",
            whole_path.to_str().unwrap(),
            input,
        ],
        "",
    );
    assert!(whole.status.success(), "{whole:?}");
    assert!(whole.stdout.is_empty(), "the records go to the file");
    let whole_text = std::fs::read_to_string(&whole_path).unwrap();
    // An interrupted run: 7 whole lines and half of the 8th.
    let kept: usize = whole_text.lines().take(7).map(|l| l.len() + 1).sum();
    let torn = kept + whole_text.lines().nth(7).unwrap().len() / 2;
    let partial_path = dir.join("partial.jsonl");
    std::fs::write(&partial_path, &whole_text[..torn]).unwrap();
    let resumed = analyse(
        &[
            "--depth",
            "4",
            "--jobs",
            "3",
            "--output",
            partial_path.to_str().unwrap(),
            "--resume",
            input,
        ],
        "",
    );
    assert!(resumed.status.success(), "{resumed:?}");
    let resumed_text = std::fs::read_to_string(&partial_path).unwrap();
    assert!(
        resumed_text.starts_with(&whole_text[..kept]),
        "the whole lines are kept as they were"
    );
    assert_eq!(
        without_time(records(&resumed_text)),
        without_time(records(&whole_text))
    );
    // Resuming a finished file analyses nothing and changes nothing.
    let again = analyse(
        &[
            "--depth",
            "4",
            "--output",
            partial_path.to_str().unwrap(),
            "--resume",
            input,
        ],
        "",
    );
    assert!(again.status.success(), "{again:?}");
    assert_eq!(
        std::fs::read_to_string(&partial_path).unwrap(),
        resumed_text
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn resume_leaves_a_file_that_is_not_its_own_untouched() {
    let dir = tempdir("foreign");
    let path = dir.join("notes.txt");
    let notes = "my notes\n{\"line\":1}\n";
    std::fs::write(&path, notes).unwrap();
    let output = analyse(
        &[
            "--depth",
            "2",
            "--output",
            path.to_str().unwrap(),
            "--resume",
        ],
        "startpos\n",
    );
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("its line 1 is not a JSON object"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), notes);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn resume_needs_an_output_file() {
    let output = analyse(&["--resume"], "startpos\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--output"));
}

#[test]
fn multipv_3_gives_3_lines_with_their_known_values() {
    // docs/protocol.md's MultiPV transcript: c3 wins at once, c1 in 3, b2 loses in 2.
    let output = analyse(
        &["--variant", "tictactoe", "--multipv", "3", "--depth", "4"],
        "xx./.../oo. x\n",
    );
    assert!(output.status.success(), "{output:?}");
    let got = records(&stdout(&output));
    let lines = got[0]["multipv"].as_array().expect("a multipv array");
    assert_eq!(lines.len(), 3);
    let ranks: Vec<_> = lines
        .iter()
        .map(|l| l["multipv"].as_u64().unwrap())
        .collect();
    assert_eq!(ranks, [1, 2, 3]);
    let scores: Vec<_> = lines
        .iter()
        .map(|l| l["score"]["mate"].as_i64().unwrap())
        .collect();
    assert_eq!(scores, [1, 3, -2]);
    assert_eq!(lines[0]["pv"], got[0]["pv"]);
    assert_eq!(got[0]["bestmove"], "c3");
}

#[test]
fn epd_parses_back_to_the_json_answers() {
    let input = "# two Kalah positions\n\nstartpos ; start\nstartpos moves 3 6\nstartpos moves 9\n";
    let args = ["--option", "Seeds=4", "--depth", "6"];
    let json = records(&stdout(&analyse(&args, input)));
    let epd_output = analyse(&[&args[..], &["--format", "epd"]].concat(), input);
    assert_eq!(epd_output.status.code(), Some(1), "line 5 is illegal");
    let epd = stdout(&epd_output);
    let epd_lines: Vec<&str> = epd.lines().collect();
    assert_eq!(epd_lines.len(), 3);
    for (line, record) in epd_lines[..2].iter().zip(&json) {
        let (position, operations) = line.split_once(" bm ").expect("a bm operation");
        assert_eq!(position, record["position"]);
        let operations: Vec<String> = format!("bm {operations}")
            .split(';')
            .map(|op| op.trim().to_owned())
            .filter(|op| !op.is_empty())
            .collect();
        let value = |opcode: &str| {
            operations.iter().find_map(|op| {
                op.strip_prefix(opcode)
                    .and_then(|rest| rest.strip_prefix(' '))
                    .map(str::to_owned)
            })
        };
        assert_eq!(value("bm").as_deref(), record["bestmove"].as_str());
        assert_eq!(
            value("ce").map(|ce| ce.parse::<i64>().unwrap()),
            record["score"]["cp"].as_i64()
        );
        assert_eq!(
            value("acd").map(|d| d.parse::<u64>().unwrap()),
            record["depth"].as_u64()
        );
        let pv: Vec<String> = value("pv").unwrap().split(' ').map(str::to_owned).collect();
        assert_eq!(serde_json::json!(pv), record["pv"]);
        match record["id"].as_str() {
            Some(id) => assert_eq!(value("id"), Some(format!("\"{id}\""))),
            None => assert_eq!(value("id"), None),
        }
    }
    assert!(
        epd_lines[2].starts_with("# line 5: error: "),
        "{}",
        epd_lines[2]
    );
}

#[test]
fn comments_and_blank_lines_are_skipped_and_ids_carried() {
    let input = "# header\n\n   \nstartpos ; first one\n  # indented comment\nstartpos moves 1;x\n";
    let output = analyse(&["--option", "Seeds=4", "--depth", "2"], input);
    assert!(output.status.success(), "{output:?}");
    let got = records(&stdout(&output));
    assert_eq!(got.len(), 2);
    assert_eq!(
        (got[0]["line"].as_u64(), got[0]["id"].as_str()),
        (Some(4), Some("first one"))
    );
    assert_eq!(
        (got[1]["line"].as_u64(), got[1]["id"].as_str()),
        (Some(6), Some("x"))
    );
}

#[test]
fn a_line_that_is_not_utf8_gets_an_error_record_and_the_rest_are_analysed() {
    let mut input = b"startpos ; first\n".to_vec();
    input.extend_from_slice(b"startpos moves 1 ; caf\xe9\n# a comment \xff is still a comment\n");
    input.extend_from_slice(b"startpos moves 2 ; last\n");
    let output = analyse(&["--option", "Seeds=4", "--depth", "2"], input);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let got = records(&stdout(&output));
    let lines: Vec<_> = got.iter().map(|r| r["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, [1, 2, 4], "{got:?}");
    assert!(got[0]["bestmove"].is_string(), "{}", got[0]);
    let error = got[1]["error"].as_str().unwrap_or_default();
    assert!(error.contains("not UTF-8"), "{}", got[1]);
    assert_eq!(got[2]["id"], "last");
    assert!(got[2]["bestmove"].is_string(), "{}", got[2]);
}

#[test]
fn a_byte_order_mark_is_not_part_of_the_first_line() {
    let output = analyse(
        &["--variant", "tictactoe", "--depth", "1"],
        "\u{feff}startpos ; with a BOM\nstartpos\n",
    );
    assert!(output.status.success(), "{output:?}");
    let got = records(&stdout(&output));
    assert_eq!(got.len(), 2);
    assert_eq!(got[0]["id"], "with a BOM");
    assert_eq!(got[0]["position"], ".../.../... x");
}

/// The number after `[cut: ` in an error cut short.
fn cut_length(error: &str) -> usize {
    let (_, rest) = error
        .split_once("[cut: ")
        .unwrap_or_else(|| panic!("no cut marker: {error}"));
    rest.split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("a length after the cut marker")
}

#[test]
fn an_error_record_echoes_a_huge_line_cut_short() {
    let junk = "x".repeat(1 << 20);
    let input = format!("startpos {junk}\n{junk} ; a huge position\nstartpos\n");
    let output = analyse(&["--variant", "tictactoe", "--depth", "1"], input);
    assert_eq!(output.status.code(), Some(1));
    let got = records(&stdout(&output));
    assert_eq!(got.len(), 3);
    for record in &got[..2] {
        let error = record["error"].as_str().expect("an error");
        assert!(error.len() < 400, "{} bytes", error.len());
        assert!(cut_length(error) > junk.len(), "{error}");
    }
    assert!(got[2]["bestmove"].is_string());
}

/// Positions are analysed as their lines arrive: the first record comes
/// out while standard input is still open.
#[test]
fn positions_are_analysed_while_the_input_is_still_arriving() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;

    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("ply-engine"))
        .env("XDG_CACHE_HOME", NO_CACHE)
        .args([
            "analyse",
            "--variant",
            "tictactoe",
            "--depth",
            "1",
            "--jobs",
            "1",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("ply-engine runs");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(b"startpos ; first\n").unwrap();
    stdin.flush().unwrap();
    let stdout = child.stdout.take().expect("stdout");
    let (sender, first_lines) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if sender.send(line.expect("a line")).is_err() {
                break;
            }
        }
    });
    // Far more than one depth-1 search takes, far less than TIMEOUT.
    let first = first_lines.recv_timeout(Duration::from_secs(30));
    // End the input whatever happened, so the engine exits.
    stdin.write_all(b"startpos moves b2 ; second\n").unwrap();
    drop(stdin);
    let first = first.expect("a record before the input ended");
    assert!(first.contains(r#""id":"first""#), "{first}");
    let second = first_lines
        .recv_timeout(TIMEOUT)
        .expect("the second record");
    assert!(second.contains(r#""id":"second""#), "{second}");
    assert!(child.wait().expect("ply-engine ends").success());
}

/// A fresh directory for one test's files (tests run at once: one each).
fn tempdir(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-analyse-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

#[test]
fn oware_positions_are_solved_with_proven_scores() {
    // North's one move loses by 4 (engine/tests/oware_solve.rs).
    let output = analyse(
        &["--solve", "--variant", "oware"],
        "1,1,2,0,0,1 20 0,1,0,0,0,0 22 n\n",
    );
    assert!(output.status.success(), "{output:?}");
    let records = records(&stdout(&output));
    assert_eq!(records.len(), 1, "{records:?}");
    assert_eq!(records[0]["bestmove"], "2", "{records:?}");
    assert_eq!(records[0]["score"]["proven"], -400, "{records:?}");
}

#[test]
fn russian_positions_are_solved_with_proven_results() {
    // White's man takes Black's last piece, a win (+1, a hundred as a
    // score); Black, blocked, has lost already.
    let output = analyse(
        &["--solve", "--variant", "russian"],
        "W:Wc3:Bd4\nB:Wf2,g3:Bh4\n",
    );
    assert!(output.status.success(), "{output:?}");
    let records = records(&stdout(&output));
    assert_eq!(records.len(), 2, "{records:?}");
    assert_eq!(records[0]["bestmove"], "c3:e5", "{records:?}");
    assert_eq!(records[0]["score"]["proven"], 100, "{records:?}");
    assert_eq!(records[1]["bestmove"], Value::Null, "{records:?}");
    assert_eq!(records[1]["score"]["proven"], -100, "{records:?}");
}

/// With `--solve --multipv`, each line's `depth` is the proof steps its
/// move took in every game: in Oware and Russian draughts the iteration
/// at which its bounds met.
#[test]
fn every_solved_line_says_the_proof_steps_its_move_took() {
    for (variant, position, lines) in [
        // White must take Black's last man, either way: both win at once.
        ("russian", "W:Wg3,e3:Bf4\n", 2),
        // South's three moves all lose by 7, proven at different depths.
        ("oware", "0,0,0,1,1,1 20 0,1,0,0,1,0 22 s\n", 3),
    ] {
        let output = analyse(
            &["--solve", "--variant", variant, "--multipv", "6"],
            position,
        );
        assert!(output.status.success(), "{output:?}");
        let records = records(&stdout(&output));
        let multipv = records[0]["multipv"].as_array().expect("multipv lines");
        assert_eq!(multipv.len(), lines, "{variant}: {records:?}");
        for line in multipv {
            assert!(line["score"]["proven"].is_i64(), "{variant}: {line}");
            let depth = line["depth"].as_u64();
            assert!(depth.is_some_and(|d| d >= 1), "{variant}: {line}");
        }
        assert_eq!(records[0]["depth"], multipv[0]["depth"], "{variant}");
    }
}
