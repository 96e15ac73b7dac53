//! What `ply-engine analyse` and `annotate` refuse or limit before they
//! could do harm: more jobs than the machine can run (each with its own
//! hash tables), tables the system will not give, a depth of 0, an output
//! file that is the input, a `--resume` file that is not this run's; and
//! system errors said once (by `build-book` too).

use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::Duration;

use assert_cmd::Command;
use serde_json::Value;

/// A cache directory that does not exist, so that `EndgameDB auto`
/// loads nothing.
const NO_CACHE: &str = "/nonexistent/ply-test-cache";

/// Generous: each run takes well under a second; a hang fails instead of blocking CI.
const TIMEOUT: Duration = Duration::from_secs(120);

/// The address space of a run with one job, in KiB (`ulimit -v`): enough
/// for the engine, not for a table of 2048 MB.
const ONE_JOB_KIB: u64 = 1024 * 1024;

/// The address space of a run of many jobs, in KiB: enough for the most
/// jobs the cap allows (4096 MB / 32 MB = 128 jobs of the default `Hash`,
/// 16 MB, on a machine of that many cores), far from enough for 1000.
const MANY_JOBS_KIB: u64 = 4 * 1024 * 1024;

/// Jobs asked for, and positions given, in the many-jobs run.
const MANY_JOBS: usize = 1000;

/// The C library's memory arenas a limited run may make: by default
/// glibc reserves 64 MB of address space for each of up to 8 a core,
/// which on a machine of many cores would take the limit by itself.
const MALLOC_ARENAS: &str = "2";

/// `ply-engine SUBCOMMAND args…` with `input` on stdin.
fn run(subcommand: &str, args: &[&str], input: &str) -> Output {
    Command::cargo_bin("ply-engine")
        .expect("the ply-engine binary is built")
        .env("XDG_CACHE_HOME", NO_CACHE)
        .arg(subcommand)
        .args(args)
        .write_stdin(input)
        .timeout(TIMEOUT)
        .output()
        .expect("ply-engine runs")
}

/// `ply-engine args…` under `ulimit -v KIB`, as on a machine (or in a
/// container) with little memory: an allocation beyond it fails at once,
/// the same way every run.
#[cfg(target_os = "linux")]
fn run_limited(kib: u64, args: &[&str], input: &str) -> Output {
    let engine = assert_cmd::cargo::cargo_bin("ply-engine");
    Command::new("sh")
        .env("XDG_CACHE_HOME", NO_CACHE)
        .env("MALLOC_ARENA_MAX", MALLOC_ARENAS)
        .arg("-c")
        .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
        .arg(engine)
        .args(args)
        .write_stdin(input)
        .timeout(TIMEOUT)
        .output()
        .expect("sh runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn records(text: &str) -> Vec<Value> {
    text.lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}")))
        .collect()
}

/// A directory of its own for a test's files.
fn temp_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("batch-guards-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

fn path_str(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 temporary path")
}

/// Tic-tac-toe positions that differ, each quick to search.
const POSITIONS: [&str; 4] = [
    ".../.../... x",
    "x../.../... o",
    "x../.o./... x",
    "xx./.o./... o",
];

/// `count` tic-tac-toe positions, each a line with an id.
fn tictactoe_lines(count: usize) -> String {
    (0..count)
        .map(|i| format!("{} ; p{i}\n", POSITIONS[i % POSITIONS.len()]))
        .collect()
}

// ---- jobs and memory ----

#[cfg(target_os = "linux")]
#[test]
fn many_jobs_are_capped_instead_of_running_out_of_memory() {
    let jobs = MANY_JOBS.to_string();
    let output = run_limited(
        MANY_JOBS_KIB,
        &[
            "analyse",
            "--variant",
            "tictactoe",
            "--depth",
            "1",
            "--jobs",
            &jobs,
        ],
        &tictactoe_lines(MANY_JOBS),
    );
    assert!(output.status.success(), "{output:?}");
    let written = records(&String::from_utf8_lossy(&output.stdout)).len();
    assert_eq!(written, MANY_JOBS);
    assert!(
        stderr(&output).contains(&format!("--jobs {MANY_JOBS} lowered to")),
        "{output:?}"
    );
}

#[test]
fn annotate_caps_its_jobs_too() {
    let game = "[Variant \"tictactoe\"]\n\n1. a1 b1 2. a2 b2 *\n\n";
    let output = run(
        "annotate",
        &["--depth", "1", "--jobs", "65535", "--format", "json"],
        game,
    );
    assert!(output.status.success(), "{output:?}");
    assert!(
        stderr(&output).contains("--jobs 65535 lowered to"),
        "{output:?}"
    );
}

#[test]
fn the_help_states_the_memory_budget_the_jobs_are_capped_by() {
    let budget = format!(
        "{} MB",
        ply_engine::commands::analyse::JOBS_MEMORY_BUDGET_MB
    );
    for subcommand in ["analyse", "annotate"] {
        let output = run(subcommand, &["--help"], "");
        assert!(output.status.success(), "{output:?}");
        let help = String::from_utf8_lossy(&output.stdout);
        assert!(help.contains(&budget), "{subcommand}: {help}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn tables_the_system_will_not_give_are_an_error_saying_what_to_lower() {
    let output = run_limited(
        ONE_JOB_KIB,
        &[
            "analyse",
            "--variant",
            "tictactoe",
            "--depth",
            "1",
            "--option",
            "Hash=2048",
        ],
        ".../.../... x\n",
    );
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stderr = stderr(&output);
    assert!(stderr.contains("cannot allocate 2048 MB"), "{stderr}");
    assert!(stderr.contains("lower"), "{stderr}");
    assert!(output.stdout.is_empty(), "{output:?}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_hash_the_system_will_not_give_keeps_the_old_table() {
    let output = run_limited(
        ONE_JOB_KIB,
        &[],
        "setoption name UCI_Variant value tictactoe\nsetoption name Hash value 4096\n\
         ucinewgame\nposition startpos\ngo depth 2\nisready\nquit\n",
    );
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("info string error: Hash: cannot allocate 4096 MB"),
        "{stdout}"
    );
    assert!(stdout.contains("bestmove "), "{stdout}");
    assert!(stdout.contains("readyok"), "{stdout}");
}

// ---- depth 0 ----

#[test]
fn depth_0_is_refused_at_the_command_line() {
    for subcommand in ["analyse", "annotate"] {
        let output = run(subcommand, &["--depth", "0"], "");
        assert_eq!(output.status.code(), Some(2), "{output:?}");
        let stderr = stderr(&output);
        assert!(stderr.contains("--depth"), "{stderr}");
        assert!(stderr.contains("at least 1"), "{stderr}");
    }
}

// ---- the output is the input ----

#[test]
fn an_output_that_is_the_input_is_refused_before_anything_is_written() {
    let dir = temp_dir("same-file");
    let input = dir.join("positions.txt");
    let text = tictactoe_lines(2);
    std::fs::write(&input, &text).unwrap();
    let linked = dir.join("linked.txt");
    std::fs::hard_link(&input, &linked).unwrap();
    let spelled_otherwise = dir.join(".").join("positions.txt");
    for output_path in [&input, &spelled_otherwise, &linked] {
        for (subcommand, extra) in [
            ("analyse", &["--variant", "tictactoe"][..]),
            ("analyse", &["--variant", "tictactoe", "--resume"][..]),
            ("annotate", &[][..]),
        ] {
            let mut args = vec!["--depth", "1", "--output", path_str(output_path)];
            args.extend_from_slice(extra);
            args.push(path_str(&input));
            let output = run(subcommand, &args, "");
            assert_eq!(output.status.code(), Some(1), "{output:?}");
            assert!(stderr(&output).contains("is the input file"), "{output:?}");
            assert_eq!(std::fs::read_to_string(&input).unwrap(), text);
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

// ---- system errors once ----

/// How often `needle` occurs in `haystack`.
fn occurrences(haystack: &str, needle: &str) -> usize {
    haystack.matches(needle).count()
}

#[test]
fn system_errors_are_said_once() {
    let dir = temp_dir("said-once");
    let directory = path_str(&dir);
    let cases: [(&str, Vec<&str>, &str); 4] = [
        (
            "analyse",
            vec!["--output", directory, "--resume"],
            "Is a directory",
        ),
        ("analyse", vec!["--output", directory], "Is a directory"),
        ("analyse", vec![directory], "Is a directory"),
        ("annotate", vec!["--output", directory], "Is a directory"),
    ];
    for (subcommand, args, reason) in cases {
        let output = run(subcommand, &args, ".../.../... x\n");
        assert_eq!(output.status.code(), Some(1), "{output:?}");
        let stderr = stderr(&output);
        assert_eq!(
            occurrences(&stderr, reason),
            1,
            "{subcommand} {args:?}: {stderr}"
        );
    }
    // A book that cannot be saved: its path and the reason, once each.
    let book = dir.join("no-such-directory").join("book.txt");
    let output = run(
        "build-book",
        &[
            "--variant",
            "tictactoe",
            "--plies",
            "1",
            "--depth",
            "1",
            "--output",
            path_str(&book),
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stderr_text = stderr(&output);
    assert_eq!(
        occurrences(&stderr_text, path_str(&book)),
        1,
        "{stderr_text}"
    );
    assert_eq!(
        occurrences(&stderr_text, "No such file"),
        1,
        "{stderr_text}"
    );
    #[cfg(target_os = "linux")]
    {
        // A device that refuses every write: the output fails mid-run.
        let output = run(
            "analyse",
            &[
                "--variant",
                "tictactoe",
                "--depth",
                "1",
                "--output",
                "/dev/full",
            ],
            ".../.../... x\n",
        );
        assert_eq!(output.status.code(), Some(1), "{output:?}");
        assert_eq!(
            occurrences(&stderr(&output), "No space left on device"),
            1,
            "{output:?}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

// ---- --resume ----

/// The arguments of a resumable tic-tac-toe run into `output` at `depth`.
fn resumable<'a>(output: &'a Path, input: &'a Path, depth: &'a str) -> Vec<&'a str> {
    vec![
        "--variant",
        "tictactoe",
        "--depth",
        depth,
        "--output",
        path_str(output),
        "--resume",
        path_str(input),
    ]
}

/// Resumes into a file holding `text`: the run's output, and the file after.
fn resume_from(dir: &Path, input: &Path, depth: &str, text: &str) -> (Output, String) {
    let output_path = dir.join("out.jsonl");
    std::fs::write(&output_path, text).expect("the output file is written");
    let output = run("analyse", &resumable(&output_path, input, depth), "");
    let after = std::fs::read_to_string(&output_path).expect("the output file reads");
    (output, after)
}

/// The whole output of a run on `input` at `depth`, as lines.
fn whole_run(dir: &Path, input: &Path, depth: &str) -> Vec<String> {
    let path = dir.join("whole.jsonl");
    let _ = std::fs::remove_file(&path);
    let output = run("analyse", &resumable(&path, input, depth), "");
    assert!(output.status.success(), "{output:?}");
    let text = std::fs::read_to_string(&path).expect("the whole run's output reads");
    text.lines().map(str::to_owned).collect()
}

#[test]
fn resume_takes_only_the_records_this_run_would_write() {
    let dir = temp_dir("resume-checked");
    let input = dir.join("positions.txt");
    std::fs::write(&input, tictactoe_lines(3)).unwrap();
    let whole = whole_run(&dir, &input, "1");
    assert_eq!(whole.len(), 3);
    let other_input = dir.join("other.txt");
    std::fs::write(
        &other_input,
        "# another file\n".to_owned() + &tictactoe_lines(4)[..],
    )
    .unwrap();
    let deeper = whole_run(&dir, &input, "2");
    let record_of = |line: &str, number: u64| {
        let mut record: Value = serde_json::from_str(line).unwrap();
        record["line"] = Value::from(number);
        record.to_string()
    };
    let refused: Vec<(&str, String, &str)> = vec![
        (
            "a bare line number",
            "{\"line\":1}\n".to_owned(),
            "line 1 of",
        ),
        (
            "a line past the input",
            format!("{}\n{}\n", whole[0], record_of(&whole[1], 999)),
            "line 2 of",
        ),
        (
            "line 0",
            "{\"line\":0,\"error\":\"x\"}\n".to_owned(),
            "line 1 of",
        ),
        ("other settings", format!("{}\n", deeper[0]), "go depth 2"),
        (
            "a gap",
            format!("{}\n{}\n", whole[0], whole[2]),
            "line 2 of",
        ),
        (
            "the same line twice",
            format!("{}\n{}\n", whole[0], whole[0]),
            "line 2 of",
        ),
    ];
    for (case, text, named) in refused {
        let (output, after) = resume_from(&dir, &input, "1", &text);
        assert_eq!(output.status.code(), Some(1), "{case}: {output:?}");
        let stderr = stderr(&output);
        assert!(stderr.contains(named), "{case}: {stderr}");
        assert_eq!(after, text, "{case}: the file is left as it was");
    }
    // Records of another input: its line 2 is input line 3 here, another position.
    let (output, after) = resume_from(&dir, &other_input, "1", &format!("{}\n", whole[0]));
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert!(stderr(&output).contains("input"), "{output:?}");
    assert_eq!(after, format!("{}\n", whole[0]));
    // A prefix of this run's own records is completed, in input order.
    let (output, after) = resume_from(&dir, &input, "1", &format!("{}\n", whole[0]));
    assert!(output.status.success(), "{output:?}");
    let lines: Vec<u64> = records(&after)
        .iter()
        .map(|r| r["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [1, 2, 3]);
    std::fs::remove_dir_all(&dir).ok();
}
