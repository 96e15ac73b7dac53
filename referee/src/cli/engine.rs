//! `-engine key=value …` and `-each key=value …`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use ply_protocol::Dialect;

use super::CliError;
use super::tokens::key_value;
use crate::config::{DEFAULT_TIME_MARGIN, EngineConfig, Limits};
use crate::time_control::{TimeControl, parse_seconds};

/// An `-engine` or `-each` group as given: every field optional, so that
/// `-each` fills what `-engine` leaves out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineSpec {
    cmd: Option<String>,
    name: Option<String>,
    dir: Option<PathBuf>,
    args: Option<Vec<String>>,
    options: Vec<(String, String)>,
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime: Option<Duration>,
    time_control: Option<TimeControl>,
    time_margin: Option<Duration>,
    dialect: Option<Dialect>,
}

impl EngineSpec {
    /// Reads the `key=value` tokens of one group.
    ///
    /// # Errors
    /// A [`CliError`] naming the option, the key and what was expected.
    pub fn parse(option: &str, tokens: &[String]) -> Result<Self, CliError> {
        let mut spec = Self::default();
        for token in tokens {
            let (key, value) = key_value(option, token)?;
            let declared = find_key(key).ok_or_else(|| CliError::UnknownKey {
                option: option.to_owned(),
                key: key.to_owned(),
                expected: key_names(),
            })?;
            (declared.apply)(&mut spec, key, value).map_err(|expected| CliError::BadValue {
                option: format!("-{option} {key}"),
                value: value.to_owned(),
                expected,
            })?;
        }
        Ok(spec)
    }

    /// This engine's settings, with `each` filling what it leaves out
    /// (options: `-each`'s first, then the engine's own, which win).
    ///
    /// # Errors
    /// [`CliError::Invalid`] for an engine without a command or a limit, or
    /// with both `st` and `tc`.
    pub fn resolve(&self, each: &Self, number: usize) -> Result<EngineConfig, CliError> {
        let cmd = self
            .cmd
            .clone()
            .or_else(|| each.cmd.clone())
            .ok_or_else(|| {
                CliError::Invalid(format!(
                    "engine {number} has no command: give -engine cmd=PROGRAM"
                ))
            })?;
        let name = self
            .name
            .clone()
            .or_else(|| each.name.clone())
            .unwrap_or_else(|| default_name(&cmd));
        let mut options = each.options.clone();
        for (name, value) in &self.options {
            options.retain(|(n, _)| !n.eq_ignore_ascii_case(name));
            options.push((name.clone(), value.clone()));
        }
        let limits = Limits {
            depth: self.depth.or(each.depth),
            nodes: self.nodes.or(each.nodes),
            movetime: self.movetime.or(each.movetime),
            time_control: self.time_control.or(each.time_control),
        };
        if limits.movetime.is_some() && limits.time_control.is_some() {
            return Err(CliError::Invalid(format!(
                "engine '{name}' has both st= and tc=; give one of them"
            )));
        }
        if !limits.is_limited() {
            return Err(CliError::Invalid(format!(
                "engine '{name}' has no limit: give tc=, st=, depth= or nodes= (with -engine or -each)"
            )));
        }
        Ok(EngineConfig {
            name,
            cmd,
            dir: self.dir.clone().or_else(|| each.dir.clone()),
            args: self
                .args
                .clone()
                .or_else(|| each.args.clone())
                .unwrap_or_default(),
            options,
            limits,
            time_margin: self
                .time_margin
                .or(each.time_margin)
                .unwrap_or(DEFAULT_TIME_MARGIN),
            dialect: self.dialect.or(each.dialect).unwrap_or(Dialect::Uci),
        })
    }
}

/// The program's file name, without an extension.
fn default_name(cmd: &str) -> String {
    Path::new(cmd)
        .file_stem()
        .map_or_else(|| cmd.to_owned(), |s| s.to_string_lossy().into_owned())
}

/// One key of an `-engine` (or `-each`) group.
#[derive(Debug)]
pub struct Key {
    /// Its name; one ending in `.` is a prefix (`option.NAME`).
    pub name: &'static str,
    /// Its value as the help writes it.
    pub args: &'static str,
    /// What it does (the help's line).
    pub help: &'static str,
    /// Sets it: from the key as given and its value; the error is what
    /// would do.
    pub apply: fn(&mut EngineSpec, &str, &str) -> Result<(), String>,
}

impl Key {
    /// The key and its value as the help writes them: `cmd=PROGRAM`,
    /// `option.NAME=VALUE`.
    #[must_use]
    pub fn usage(&self) -> String {
        if self.name.ends_with('.') {
            format!("{}{}", self.name, self.args)
        } else {
            format!("{}={}", self.name, self.args)
        }
    }
}

/// The key `key` is, if any.
fn find_key(key: &str) -> Option<&'static Key> {
    KEYS.iter().find(|k| {
        if k.name.ends_with('.') {
            key.len() > k.name.len() && key.starts_with(k.name)
        } else {
            key == k.name
        }
    })
}

/// The keys' names, for the error on an unknown one.
fn key_names() -> String {
    let names: Vec<String> = KEYS
        .iter()
        .map(|k| {
            if k.name.ends_with('.') {
                format!("{}NAME", k.name)
            } else {
                k.name.to_owned()
            }
        })
        .collect();
    names.join(", ")
}

/// A whole number above 0, or `expected`.
fn positive<T: std::str::FromStr + PartialOrd + Default>(
    value: &str,
    expected: &str,
) -> Result<T, String> {
    value
        .parse()
        .ok()
        .filter(|n| *n > T::default())
        .ok_or_else(|| expected.to_owned())
}

/// Every key of an engine group, in the help's order.
pub static KEYS: &[Key] = &[
    Key {
        name: "cmd",
        args: "PROGRAM",
        help: "the program (required)",
        apply: |spec, _, value| {
            spec.cmd = Some(value.to_owned());
            Ok(())
        },
    },
    Key {
        name: "name",
        args: "NAME",
        help: "name in the output (default: the program's file name); unique",
        apply: |spec, _, value| {
            spec.name = Some(value.to_owned());
            Ok(())
        },
    },
    Key {
        name: "dir",
        args: "DIR",
        help: "working directory",
        apply: |spec, _, value| {
            spec.dir = Some(PathBuf::from(value));
            Ok(())
        },
    },
    Key {
        name: "args",
        args: "\"A B\"",
        help: "arguments, split at spaces",
        apply: |spec, _, value| {
            spec.args
                .get_or_insert_with(Vec::new)
                .extend(value.split_whitespace().map(str::to_owned));
            Ok(())
        },
    },
    Key {
        name: "arg",
        args: "A",
        help: "one argument as it is (spaces and all)",
        apply: |spec, _, value| {
            spec.args
                .get_or_insert_with(Vec::new)
                .push(value.to_owned());
            Ok(())
        },
    },
    Key {
        name: "option.",
        args: "NAME=VALUE",
        help: "sent as 'setoption name NAME value VALUE' (e.g. option.Hash=16)",
        apply: |spec, key, value| {
            let name = key.strip_prefix("option.").unwrap_or(key);
            spec.options.retain(|(n, _)| !n.eq_ignore_ascii_case(name));
            spec.options.push((name.to_owned(), value.to_owned()));
            Ok(())
        },
    },
    Key {
        name: "depth",
        args: "N",
        help: "search N plies a move",
        apply: |spec, _, value| {
            spec.depth = Some(positive(value, "a whole number of plies above 0")?);
            Ok(())
        },
    },
    Key {
        name: "nodes",
        args: "N",
        help: "search about N nodes a move",
        apply: |spec, _, value| {
            spec.nodes = Some(positive(value, "a whole number of nodes above 0")?);
            Ok(())
        },
    },
    Key {
        name: "st",
        args: "SECONDS",
        help: "fixed time a move (e.g. st=0.5)",
        apply: |spec, _, value| {
            let seconds = parse_seconds(value).filter(|d| !d.is_zero());
            spec.movetime =
                Some(seconds.ok_or_else(|| "seconds per move above 0, e.g. 0.5".to_owned())?);
            Ok(())
        },
    },
    Key {
        name: "tc",
        args: "[MOVES/]TIME[+INC]",
        help: "a clock in seconds: 10+0.1, 40/60, 1:30+1, inf",
        apply: |spec, _, value| {
            spec.time_control = Some(TimeControl::parse(value).map_err(|e| e.to_string())?);
            Ok(())
        },
    },
    Key {
        name: "timemargin",
        args: "MS",
        help: "how far past its time an answer still counts (default 100)",
        apply: |spec, _, value| {
            let ms: u64 = value
                .parse()
                .map_err(|_| "a whole number of milliseconds".to_owned())?;
            spec.time_margin = Some(Duration::from_millis(ms));
            Ok(())
        },
    },
    Key {
        name: "proto",
        args: "uci|ugi",
        help: "the dialect (default uci); UGI engines get p1time/p2time",
        apply: |spec, _, value| {
            spec.dialect = Some(match value {
                "uci" => Dialect::Uci,
                "ugi" => Dialect::Ugi,
                _ => return Err("uci or ugi".to_owned()),
            });
            Ok(())
        },
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(tokens: &[&str]) -> EngineSpec {
        let tokens: Vec<String> = tokens.iter().map(|s| (*s).to_owned()).collect();
        EngineSpec::parse("engine", &tokens).unwrap()
    }

    #[test]
    fn each_fills_what_the_engine_leaves_out() {
        let engine = spec(&["cmd=/bin/ply-engine", "depth=6", "option.Hash=32"]);
        let each = spec(&["tc=10+0.1", "option.Seeds=4", "option.hash=16", "proto=ugi"]);
        let config = engine.resolve(&each, 1).unwrap();
        assert_eq!(config.name, "ply-engine");
        assert_eq!(config.limits.depth, Some(6));
        assert!(config.limits.time_control.is_some());
        assert_eq!(config.dialect, Dialect::Ugi);
        assert_eq!(
            config.options,
            [
                ("Seeds".to_owned(), "4".to_owned()),
                ("Hash".to_owned(), "32".to_owned())
            ]
        );
        assert_eq!(config.time_margin, DEFAULT_TIME_MARGIN);
    }

    #[test]
    fn unknown_keys_and_bad_values_are_named() {
        let tokens = vec!["colour=red".to_owned()];
        let err = EngineSpec::parse("engine", &tokens).unwrap_err();
        assert!(err.to_string().contains("colour"), "{err}");
        let tokens = vec!["depth=x".to_owned()];
        let err = EngineSpec::parse("each", &tokens).unwrap_err();
        assert!(err.to_string().contains("-each depth"), "{err}");
    }

    #[test]
    fn an_engine_needs_a_command_and_a_limit() {
        let none = EngineSpec::default();
        assert!(spec(&["cmd=x"]).resolve(&none, 1).is_err());
        assert!(spec(&["depth=3"]).resolve(&none, 1).is_err());
        assert!(spec(&["cmd=x", "st=1", "tc=1"]).resolve(&none, 1).is_err());
        assert!(spec(&["cmd=x", "tc=inf"]).resolve(&none, 1).is_err());
    }
}
