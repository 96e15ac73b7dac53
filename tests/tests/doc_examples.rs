//! Every example in README.md and docs/*.md runs as written.
//!
//! The fenced blocks of the docs are read, and:
//! - a ```` ```sh ```` block (or `bash`, `shell`) is run with `bash -eu -o
//!   pipefail` from a copy of the repository root, unless the line before
//!   it is `<!-- no-run: REASON -->` (a build that takes minutes, a server,
//!   a game that waits for a person, a program that is not ours);
//! - a protocol transcript, a ```` ```text ```` (or unnamed) block whose
//!   first line starts with `>` or `<`, is played: its `>` lines are piped
//!   into a fresh `ply-engine`, and its `<` lines must be the engine's
//!   output, line for line, unless the line before the block is
//!   `<!-- unchecked: REASON -->`;
//! - other blocks (layouts, formats, illustrations) are not examples.
//!
//! A marker without a reason, or on a block it does not apply to, fails the
//! test, so every block that is not run says why.
//!
//! In a transcript, `< …` alone stands for any number of output lines, and
//! `…` within a line for any text (the speed and time of a search); text
//! after ` ←` is a comment for the reader. The engine's input ends after the
//! last `>` line (as a pipe does), so every search with a limit finishes.
//!
//! The copy of the repository root is a directory of symbolic links to the
//! root's entries, so that the files an example writes (`match.jsonl`) stay
//! out of the work tree; its `target/release` and `target/debug` are links
//! to the directory of the binaries this test was built with (a debug
//! build), and `cargo build` is a no-op there (`cargo test` has built every
//! binary), so `cargo build --release … && target/release/ply-engine` runs
//! without a release build. Other `cargo` commands are run as they are.
//! Every example runs with `XDG_CACHE_HOME` in the copy, so the databases
//! of the user's cache are never loaded (nor written) by an example.

use std::io::Write;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use ply_tests::binary;

/// Generous: an example that takes longer is hung (or too slow for a doc).
const TIMEOUT: Duration = Duration::from_secs(60);

/// The marker before a shell block that is not run, followed by the reason.
const NO_RUN: &str = "no-run:";
/// The marker before a transcript that is not played, followed by the reason.
const UNCHECKED: &str = "unchecked:";
/// Stands for any text in a transcript line, or any lines when alone.
const ANY: &str = "…";
/// Starts a reader's comment in a transcript line.
const COMMENT: &str = " ←";

/// The variable that places the engines' cache (`build-db` without
/// `--output` writes there, `EndgameDB auto` reads there): the examples use
/// a cache of their own in the copy of the root, never the user's.
const CACHE_VARIABLE: &str = "XDG_CACHE_HOME";
/// That cache, in the copy of the root.
const CACHE_DIRECTORY: &str = ".cache";

/// Defined before every shell block: `cargo build` builds nothing (the
/// test's binaries are built), everything else goes to Cargo.
const PRELUDE: &str = r#"cargo() {
  if [ "${1-}" = build ]; then echo "doc example: skipped 'cargo $*' (the test's binaries are built)" >&2; return 0; fi
  command cargo "$@"
}
"#;

/// A fenced block of a Markdown file.
#[derive(Debug)]
struct Block {
    /// `file:line` of the opening fence.
    place: String,
    /// The first word after the fence (`sh`, `text`; empty when none).
    language: String,
    /// The HTML comment on the line before the fence, without `<!--`/`-->`.
    marker: Option<String>,
    /// The lines between the fences, without the fence's indentation.
    lines: Vec<String>,
}

impl Block {
    fn is_shell(&self) -> bool {
        matches!(self.language.as_str(), "sh" | "bash" | "shell")
    }

    fn is_transcript(&self) -> bool {
        matches!(self.language.as_str(), "text" | "")
            && self
                .lines
                .iter()
                .find(|line| !line.trim().is_empty())
                .is_some_and(|line| {
                    ["> ", "< "].iter().any(|prefix| line.starts_with(prefix))
                        || [">", "<"].contains(&line.trim_end())
                })
    }

    /// The reason given with `marker` (`no-run:`, `unchecked:`), if the
    /// block has that marker.
    fn reason(&self, marker: &str) -> Option<&str> {
        self.marker
            .as_deref()
            .and_then(|text| text.strip_prefix(marker))
            .map(str::trim)
    }
}

/// The repository root (this crate is `tests/` in it).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ is in the repository root")
        .to_path_buf()
}

/// README.md and every docs/*.md, sorted.
fn documents() -> Vec<PathBuf> {
    let root = root();
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ is readable")
        .map(|entry| entry.expect("docs/ is readable").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    docs.sort();
    docs.insert(0, root.join("README.md"));
    docs
}

/// The fenced blocks of a Markdown text (fences of three backticks, maybe
/// indented, as in a list item).
fn blocks(name: &str, text: &str) -> Vec<Block> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut index = 0;
    while index < lines.len() {
        let line = lines[index];
        let indent = line.len() - line.trim_start().len();
        let Some(info) = line.trim_start().strip_prefix("```") else {
            index += 1;
            continue;
        };
        let marker = lines[..index]
            .iter()
            .rev()
            .find(|line| !line.trim().is_empty())
            .and_then(|line| line.trim().strip_prefix("<!--"))
            .and_then(|line| line.strip_suffix("-->"))
            .map(|text| text.trim().to_owned());
        let start = index;
        index += 1;
        let mut body = Vec::new();
        while index < lines.len() && lines[index].trim() != "```" {
            let body_line = lines[index];
            body.push(
                body_line
                    .get(indent..)
                    .unwrap_or(body_line.trim_start())
                    .to_owned(),
            );
            index += 1;
        }
        assert!(
            index < lines.len(),
            "{name}:{}: the block is never closed",
            start + 1
        );
        found.push(Block {
            place: format!("{name}:{}", start + 1),
            language: info.split_whitespace().next().unwrap_or("").to_owned(),
            marker,
            lines: body,
        });
        index += 1;
    }
    found
}

/// Every block of every document.
fn all_blocks() -> Vec<Block> {
    let root = root();
    documents()
        .iter()
        .flat_map(|path| {
            let text = std::fs::read_to_string(path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            let name = path
                .strip_prefix(&root)
                .unwrap_or(path)
                .display()
                .to_string();
            blocks(&name, &text)
        })
        .collect()
}

/// A directory whose entries are links to the repository root's, with
/// `target/release` and `target/debug` linked to the test's binaries.
fn root_copy(name: &str) -> PathBuf {
    let copy = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("doc-examples")
        .join(name);
    let _ = std::fs::remove_dir_all(&copy);
    std::fs::create_dir_all(copy.join("target")).expect("the copy can be made");
    for entry in std::fs::read_dir(root()).expect("the root is readable") {
        let entry = entry.expect("the root is readable");
        if entry.file_name() == "target" || entry.file_name() == ".git" {
            continue;
        }
        std::os::unix::fs::symlink(entry.path(), copy.join(entry.file_name()))
            .expect("a link can be made");
    }
    let binaries = binary("ply-engine")
        .parent()
        .expect("a binary is in a directory")
        .to_path_buf();
    for profile in ["release", "debug"] {
        std::os::unix::fs::symlink(&binaries, copy.join("target").join(profile))
            .expect("a link can be made");
    }
    copy
}

/// Runs `command` with `input` on its stdin (none: no stdin), in a process
/// group of its own, and gives its output; a run past [`TIMEOUT`] is
/// killed, with everything it started (an example that starts a server or
/// waits for a person must not hang the test).
fn run_bounded(mut command: Command, input: Option<String>) -> Result<Output, String> {
    command
        .process_group(0)
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command
        .spawn()
        .map_err(|e| format!("cannot start {command:?}: {e}"))?;
    if let (Some(text), Some(mut stdin)) = (input, child.stdin.take()) {
        std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    }
    let group = child.id();
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(child.wait_with_output());
    });
    match receiver.recv_timeout(TIMEOUT) {
        Ok(output) => output.map_err(|e| format!("cannot run {command:?}: {e}")),
        Err(_) => {
            // The group's id is its leader's, the child's.
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{group}")])
                .status();
            Err(format!("still running after {TIMEOUT:?}: killed"))
        }
    }
}

/// Runs a shell block; `Err` with what went wrong.
fn run_shell(block: &Block, directory: &Path) -> Result<(), String> {
    let script = format!("{PRELUDE}{}\n", block.lines.join("\n"));
    let mut bash = Command::new("bash");
    bash.args(["-eu", "-o", "pipefail", "-c", &script])
        .current_dir(directory)
        .env(CACHE_VARIABLE, directory.join(CACHE_DIRECTORY));
    let output = run_bounded(bash, None)?;
    if output.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{}\n--- stdout\n{}--- stderr\n{}",
            output.status,
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ))
    }
}

/// A transcript line without its reader's comment.
fn without_comment(line: &str) -> &str {
    line.split_once(COMMENT)
        .map_or(line, |(text, _)| text)
        .trim_end()
}

/// Whether `line` matches `pattern`, where `…` stands for any text.
fn line_matches(pattern: &str, line: &str) -> bool {
    let parts: Vec<&str> = pattern.split(ANY).collect();
    let (first, rest) = parts.split_first().expect("split gives one part at least");
    let Some(mut tail) = line.strip_prefix(first) else {
        return false;
    };
    let Some((last, middle)) = rest.split_last() else {
        return tail.is_empty();
    };
    for part in middle {
        match tail.find(part) {
            Some(at) => tail = &tail[at + part.len()..],
            None => return false,
        }
    }
    tail.ends_with(last)
}

/// Whether `lines` are what `patterns` show (`…` alone: any lines).
fn lines_match(patterns: &[&str], lines: &[&str]) -> bool {
    match patterns.split_first() {
        None => lines.is_empty(),
        Some((&ANY, rest)) => (0..=lines.len()).any(|skip| lines_match(rest, &lines[skip..])),
        Some((pattern, rest)) => lines
            .split_first()
            .is_some_and(|(line, others)| line_matches(pattern, line) && lines_match(rest, others)),
    }
}

/// Plays a transcript; `Err` with what went wrong.
fn play_transcript(block: &Block, directory: &Path) -> Result<(), String> {
    let mut input = String::new();
    let mut expected = Vec::new();
    for line in &block.lines {
        let line = without_comment(line);
        if let Some(command) = line.strip_prefix('>') {
            input.push_str(command.trim());
            input.push('\n');
        } else if let Some(answer) = line.strip_prefix('<') {
            expected.push(answer.strip_prefix(' ').unwrap_or(answer));
        } else if !line.trim().is_empty() {
            return Err(format!("'{line}' starts with neither '>' nor '<'"));
        }
    }
    if input.is_empty() {
        return Err("no '>' line: nothing to send".to_owned());
    }
    let mut engine = Command::new(binary("ply-engine"));
    engine
        .current_dir(directory)
        .env(CACHE_VARIABLE, directory.join(CACHE_DIRECTORY))
        .env_remove("RUST_LOG");
    let output = run_bounded(engine, Some(input))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = stdout.lines().map(str::trim_end).collect();
    if output.status.success() && lines_match(&expected, &lines) {
        Ok(())
    } else {
        Err(format!(
            "{}\n--- expected\n{}\n--- output\n{stdout}--- stderr\n{}",
            output.status,
            expected.join("\n"),
            String::from_utf8_lossy(&output.stderr)
        ))
    }
}

#[test]
fn every_shell_example_and_checked_transcript_in_the_docs_runs_as_written() {
    let blocks = all_blocks();
    let mut failures = Vec::new();
    let (mut run, mut played) = (0, 0);
    for (number, block) in blocks.iter().enumerate() {
        let outcome = if block.is_shell() {
            match block.reason(NO_RUN) {
                Some("") => Err("'no-run:' without a reason".to_owned()),
                Some(_) => Ok(()),
                None => {
                    run += 1;
                    run_shell(block, &root_copy(&format!("block-{number}")))
                }
            }
        } else if block.is_transcript() {
            match block.reason(UNCHECKED) {
                Some("") => Err("'unchecked:' without a reason".to_owned()),
                Some(_) => Ok(()),
                None => {
                    played += 1;
                    play_transcript(block, &root_copy(&format!("block-{number}")))
                }
            }
        } else if block.reason(NO_RUN).is_some() || block.reason(UNCHECKED).is_some() {
            Err("a marker on a block that is neither a shell block nor a transcript".to_owned())
        } else {
            Ok(())
        };
        if let Err(why) = outcome {
            failures.push(format!("{}: {why}", block.place));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // The docs have examples of both kinds: a parser that finds none is broken.
    assert!(
        run > 0 && played > 0,
        "{run} shell blocks run, {played} transcripts played"
    );
}

#[test]
fn a_transcript_must_match_the_output_line_for_line() {
    let output = ["id name Ply", "uciok", "bestmove 6 ponder 2"];
    assert!(lines_match(&["id name Ply", ANY, "bestmove 6 …"], &output));
    assert!(lines_match(&[ANY], &output));
    // A line left out, a wrong line, a line too many.
    assert!(!lines_match(
        &["id name Ply", "bestmove 6 ponder 2"],
        &output
    ));
    assert!(!lines_match(&["id name Ply", ANY, "bestmove 4 …"], &output));
    assert!(!lines_match(&["id name Ply", "uciok"], &output));
    assert!(line_matches(
        "info depth 2 … time … pv 2 1",
        "info depth 2 nps 5 time 9 pv 2 1"
    ));
    assert!(!line_matches(
        "info depth 2 … pv 2 1",
        "info depth 2 nps 5 pv 2 1 4"
    ));
}

#[test]
fn a_block_knows_its_marker_and_a_transcript_is_played() {
    let text = "x\n<!-- no-run: serves until Ctrl-C -->\n```sh\nply-gui\n```\n\n- item:\n\n  ```text\n  > uci\n  < …\n  < uciok ← done\n  ```\n";
    let found = blocks("t.md", text);
    assert_eq!(found.len(), 2);
    assert!(found[0].is_shell());
    assert_eq!(found[0].reason(NO_RUN), Some("serves until Ctrl-C"));
    assert!(found[1].is_transcript() && found[1].marker.is_none());
    assert_eq!(found[1].place, "t.md:9");
    let copy = root_copy("self-test");
    assert!(play_transcript(&found[1], &copy).is_ok());
    let broken = Block {
        lines: vec!["> uci".to_owned(), "< uciok".to_owned()],
        ..found.into_iter().nth(1).expect("two blocks")
    };
    assert!(play_transcript(&broken, &copy).is_err());
    let failing = Block {
        place: "t.md:1".to_owned(),
        language: "sh".to_owned(),
        marker: None,
        lines: vec!["target/release/ply-engine --no-such-option".to_owned()],
    };
    assert!(run_shell(&failing, &copy).is_err());
}

#[test]
fn the_example_in_the_referees_help_runs_from_the_repository_root() {
    let mut referee = Command::new(binary("ply-referee"));
    referee.arg("--help");
    let help = run_bounded(referee, None).expect("ply-referee --help runs");
    let help = String::from_utf8_lossy(&help.stdout);
    // The command: from its first line to the blank line after it.
    let command: Vec<String> = help
        .lines()
        .skip_while(|line| !line.trim_start().starts_with("target/release/ply-referee"))
        .take_while(|line| !line.trim().is_empty())
        .map(|line| line.trim().to_owned())
        .collect();
    assert!(!command.is_empty(), "no example in the help:\n{help}");
    let block = Block {
        place: "ply-referee --help".to_owned(),
        language: "sh".to_owned(),
        marker: None,
        lines: command,
    };
    let copy = root_copy("referee-help");
    if let Err(why) = run_shell(&block, &copy) {
        panic!("the help's example fails: {why}");
    }
    let results = std::fs::read_to_string(copy.join("match.jsonl")).expect("the results file");
    assert_eq!(results.lines().count(), 20, "{results}");
}
