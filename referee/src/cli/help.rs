//! The `--help` text, written from the option table (`super::flags`):
//! every option and engine key with its arguments and help, in sections,
//! between a fixed head (usage, an example) and tail (merge, environment).

use std::fmt::Write;

use ply_rules::variant::Variant;

use super::engine::KEYS;
use super::flags::{FLAGS, SECTIONS};

/// Where an option's help starts, and where an engine key's does.
const HELP_COLUMN: usize = 26;
const KEY_COLUMN: usize = 30;

/// Where the help names the games: filled from the registry, so a game
/// registered once is in the help.
const GAMES_PLACEHOLDER: &str = "{games}";

/// Where the help gives the engine faults in a row that stop a match.
const FAULTS_PLACEHOLDER: &str = "{faults}";

/// What `ply-referee --help` prints.
#[must_use]
pub fn help() -> String {
    let mut text = HEAD.to_owned();
    for (section, title, note) in SECTIONS {
        let _ = write!(text, "\n{title}\n");
        for flag in FLAGS.iter().filter(|flag| flag.section == section) {
            let usage = if flag.args.is_empty() {
                format!("-{}", flag.name)
            } else {
                format!("-{} {}", flag.name, flag.args)
            };
            entry(&mut text, 4, HELP_COLUMN, &usage, flag.help);
            if flag.lists_keys {
                for key in KEYS {
                    entry(&mut text, 8, KEY_COLUMN, &key.usage(), &[key.help]);
                }
                let _ = writeln!(text, "      {KEYS_NOTE}");
            }
        }
        if !note.is_empty() {
            text.push('\n');
            for line in note.lines() {
                let _ = writeln!(text, "    {line}");
            }
        }
    }
    text.push_str(TAIL);
    text.replace(GAMES_PLACEHOLDER, &Variant::names().join(", "))
        .replace(
            FAULTS_PLACEHOLDER,
            &crate::runner::MAX_CONSECUTIVE_FAULTS.to_string(),
        )
}

/// One option (or key) of the help: `usage` at `indent`, its lines from
/// `column` (on the next line when `usage` reaches it).
fn entry(text: &mut String, indent: usize, column: usize, usage: &str, lines: &[&str]) {
    let width = column - indent;
    let mut lines = lines.iter();
    if usage.len() < width {
        let first = lines.next().copied().unwrap_or_default();
        let _ = writeln!(text, "{:indent$}{usage:<width$}{first}", "");
    } else {
        let _ = writeln!(text, "{:indent$}{usage}", "");
    }
    for line in lines {
        let _ = writeln!(text, "{:column$}{line}", "");
    }
}

/// What the engine keys share, after them.
const KEYS_NOTE: &str =
    "Every engine needs a limit (depth, nodes, st or tc); st and tc exclude each other.";

/// The help before the options.
const HEAD: &str = "\
ply-referee: matches and tournaments between game engines (UCI/UGI), like cutechess-cli and fastchess.

USAGE
    ply-referee -engine cmd=PROGRAM [name=NAME …] -engine … [OPTIONS]
    ply-referee merge RESULTS.jsonl… [-sprt elo0=… elo1=… [alpha=… beta=… model=…]] [-report penta=…]
    ply-referee --help

EXAMPLE
    From the repository root, after `cargo build --release -p ply-engine -p ply-referee`
    (cmd= is a path, or a program on PATH):

    target/release/ply-referee -engine cmd=target/release/ply-engine name=deep depth=8 \\
        -engine cmd=target/release/ply-engine name=shallow depth=4 \\
        -each option.Seeds=4 -variant kalah -games 20 -concurrency 2 -results match.jsonl -pgnout match.pgn
";

/// The help after the options.
const TAIL: &str = "
MERGE
    ply-referee merge FILE… [-sprt …]
                          the statistics of results files (shards of one match) as one report,
                          the same lines as at the end of a match

ENVIRONMENT
    RUST_LOG              log level of the referee's diagnostics on stderr (default warn)

See docs/referee.md for the output, the JSON fields and the PGN tags.
";

#[cfg(test)]
mod tests {
    use super::help;
    use crate::cli::engine::KEYS;
    use crate::cli::flags::FLAGS;

    #[test]
    fn the_help_lists_the_registered_games() {
        let names = ply_rules::variant::Variant::names().join(", ");
        assert!(help().contains(&format!("the game ({names})")), "{names}");
        assert!(!help().contains(super::GAMES_PLACEHOLDER));
    }

    /// Every option and key of the tables, with its arguments, is in the
    /// help (written from them), and the help names no option the parser
    /// lacks.
    #[test]
    fn every_option_is_documented_and_every_documented_option_parses() {
        let text = help();
        for flag in FLAGS {
            let usage = format!("-{} {}", flag.name, flag.args);
            assert!(
                text.contains(usage.trim_end()),
                "-{} is not in the help",
                flag.name
            );
        }
        for key in KEYS {
            assert!(
                text.contains(&key.usage()),
                "{} is not in the help",
                key.name
            );
        }
        // Every `-name` the help mentions, in a listing or in a sentence,
        // is an option the parser knows (or `--help`, `-version`).
        for word in text.split(|c: char| c.is_whitespace() || "(,;'".contains(c)) {
            let Some(rest) = word.strip_prefix('-') else {
                continue;
            };
            let name: String = rest.chars().take_while(char::is_ascii_lowercase).collect();
            // (One letter: cargo's `-p` in the example, `-h`.)
            if name.len() < 2 || rest.starts_with('-') || name == "version" {
                continue;
            }
            assert!(
                crate::cli::flags::find(&name).is_some(),
                "the help names -{name}, which is not an option"
            );
        }
        // Every `key=` the help gives an option parses in a command line.
        for line in [
            "-openings file=o.txt format=moves order=random plies=4 start=2",
            "-sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 model=logistic",
            "-draw movenumber=20 movecount=6 score=50",
            "-resign movecount=4 score=1000 twosided=true",
            "-report penta=false",
            "-pgnout file=games.pgn",
        ] {
            let args: Vec<String> = format!("-engine cmd=a depth=1 -engine cmd=b depth=1 {line}")
                .split_whitespace()
                .map(str::to_owned)
                .collect();
            assert!(crate::cli::parse_args(&args).is_ok(), "{line}");
            let option = line.split_whitespace().next().unwrap_or_default();
            for key in line.split_whitespace().skip(1) {
                let key = key.split('=').next().unwrap_or_default();
                assert!(
                    text.lines()
                        .any(|l| l.contains(option) && l.contains(&format!("{key}="))),
                    "the help does not give {option} {key}="
                );
            }
        }
    }

    #[test]
    fn the_help_states_the_limit_of_faults_in_a_row() {
        let limit = crate::runner::MAX_CONSECUTIVE_FAULTS;
        assert!(
            help().contains(&format!("{limit} such games in a row")),
            "the help does not say {limit}"
        );
        assert!(!help().contains(super::FAULTS_PLACEHOLDER));
    }
}
