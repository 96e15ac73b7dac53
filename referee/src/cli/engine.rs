//! `-engine key=value …` and `-each key=value …`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use ply_protocol::Dialect;

use super::CliError;
use super::tokens::key_value;
use crate::config::{DEFAULT_TIME_MARGIN, EngineConfig, Limits};
use crate::time_control::{TimeControl, parse_seconds};

/// The keys of an engine group, for the error on an unknown one.
pub const ENGINE_KEYS: &str =
    "cmd, name, dir, args, arg, option.NAME, depth, nodes, st, tc, timemargin, proto";

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
            let bad = |expected: &str| CliError::BadValue {
                option: format!("-{option} {key}"),
                value: value.to_owned(),
                expected: expected.to_owned(),
            };
            match key {
                "cmd" => spec.cmd = Some(value.to_owned()),
                "name" => spec.name = Some(value.to_owned()),
                "dir" => spec.dir = Some(PathBuf::from(value)),
                "args" => spec
                    .args
                    .get_or_insert_with(Vec::new)
                    .extend(value.split_whitespace().map(str::to_owned)),
                "arg" => spec
                    .args
                    .get_or_insert_with(Vec::new)
                    .push(value.to_owned()),
                "depth" => {
                    spec.depth = Some(
                        value
                            .parse()
                            .ok()
                            .filter(|&d| d > 0)
                            .ok_or_else(|| bad("a whole number of plies above 0"))?,
                    );
                }
                "nodes" => {
                    spec.nodes = Some(
                        value
                            .parse()
                            .ok()
                            .filter(|&n| n > 0)
                            .ok_or_else(|| bad("a whole number of nodes above 0"))?,
                    );
                }
                "st" => {
                    spec.movetime = Some(
                        parse_seconds(value)
                            .filter(|d| !d.is_zero())
                            .ok_or_else(|| bad("seconds per move above 0, e.g. 0.5"))?,
                    );
                }
                "tc" => {
                    spec.time_control =
                        Some(TimeControl::parse(value).map_err(|e| bad(&e.to_string()))?);
                }
                "timemargin" => {
                    let ms: u64 = value
                        .parse()
                        .map_err(|_| bad("a whole number of milliseconds"))?;
                    spec.time_margin = Some(Duration::from_millis(ms));
                }
                "proto" => {
                    spec.dialect = Some(match value {
                        "uci" => Dialect::Uci,
                        "ugi" => Dialect::Ugi,
                        _ => return Err(bad("uci or ugi")),
                    });
                }
                _ => match key.strip_prefix("option.") {
                    Some(name) if !name.is_empty() => {
                        spec.options.retain(|(n, _)| !n.eq_ignore_ascii_case(name));
                        spec.options.push((name.to_owned(), value.to_owned()));
                    }
                    _ => {
                        return Err(CliError::UnknownKey {
                            option: option.to_owned(),
                            key: key.to_owned(),
                            expected: ENGINE_KEYS.to_owned(),
                        });
                    }
                },
            }
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
