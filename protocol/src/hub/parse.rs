//! Reading Hub lines: a word, then `name=value` arguments and flags.
//!
//! The grammar is Scan's: a name is a run of characters that are neither
//! whitespace, control characters, `=` nor `"`; a value is such a run or
//! anything between two double quotes. Arguments a message does not know
//! are skipped, as the protocol asks.

use super::{HubCommand, HubGoMode, HubInfo, HubLevel, HubParam, HubParamType, HubResponse};
use crate::ParseError;

/// Milliseconds in a second, for the protocol's times in seconds.
const MILLIS_PER_SECOND: f64 = 1000.0;

/// A score's hundredths in one man.
const HUNDREDTHS_PER_MAN: f64 = 100.0;

/// Thousands of nodes a second in the protocol's unit (millions).
const KNPS_PER_MNPS: f64 = 1000.0;

/// One argument of a line: `name=value`, or a bare flag.
#[derive(Debug)]
struct Arg<'a> {
    name: &'a str,
    value: Option<&'a str>,
}

/// Whether `c` may be part of a name or an unquoted value.
pub(super) fn is_name_char(c: char) -> bool {
    !c.is_whitespace() && !c.is_control() && c != '=' && c != '"'
}

/// A line split into its word and arguments.
struct Line<'a> {
    word: &'a str,
    args: Vec<Arg<'a>>,
}

impl<'a> Line<'a> {
    /// Splits `line`; the error says what is wrong.
    fn split(line: &'a str) -> Result<Self, ParseError> {
        let mut rest = line.trim_start();
        if rest.is_empty() {
            return Err(ParseError::Empty);
        }
        let word = take_name(&mut rest);
        if word.is_empty() {
            return Err(ParseError::UnknownCommand(
                rest.chars().take(1).collect::<String>(),
            ));
        }
        let malformed = |reason: String| ParseError::Malformed {
            command: word.to_owned(),
            reason,
        };
        let mut args = Vec::new();
        loop {
            rest = rest.trim_start();
            if rest.is_empty() {
                break;
            }
            let name = take_name(&mut rest);
            if name.is_empty() {
                return Err(malformed(format!(
                    "expected an argument name, found '{}'",
                    rest.chars().next().unwrap_or(' ')
                )));
            }
            let value = match rest.strip_prefix('=') {
                None => None,
                Some(after) => {
                    rest = after;
                    Some(take_value(&mut rest).ok_or_else(|| {
                        // In words: a message cannot carry a double
                        // quote (it would print as `'`).
                        malformed(format!("the value of '{name}' has no closing double quote"))
                    })?)
                }
            };
            args.push(Arg { name, value });
        }
        Ok(Self { word, args })
    }

    /// The value of argument `name` (the first one given), if any.
    fn value(&self, name: &str) -> Option<&'a str> {
        self.args
            .iter()
            .find(|arg| arg.name == name)
            .and_then(|arg| arg.value)
    }

    /// Whether flag `name` is given (with or without a value).
    fn flag(&self, name: &str) -> bool {
        self.args.iter().any(|arg| arg.name == name)
    }

    /// The value of `name`, which must be given.
    fn required(&self, name: &str) -> Result<&'a str, ParseError> {
        self.value(name)
            .ok_or_else(|| self.error(format!("'{name}=' is missing")))
    }

    /// A number argument, if given.
    fn number<T: std::str::FromStr>(
        &self,
        name: &str,
        what: &str,
    ) -> Result<Option<T>, ParseError> {
        self.value(name)
            .map(|text| {
                text.parse()
                    .map_err(|_| self.error(format!("'{name}' needs {what}, got '{text}'")))
            })
            .transpose()
    }

    /// A real-number argument scaled by `scale` and rounded, if given.
    fn real(&self, name: &str, scale: f64) -> Result<Option<f64>, ParseError> {
        self.value(name)
            .map(|text| match text.parse::<f64>() {
                Ok(value) if value.is_finite() => Ok((value * scale).round()),
                _ => Err(self.error(format!("'{name}' needs a number, got '{text}'"))),
            })
            .transpose()
    }

    /// A time in seconds as milliseconds (a negative time is 0), if given.
    fn seconds(&self, name: &str) -> Result<Option<u64>, ParseError> {
        // The value is finite and rounded; the cast saturates at the ends.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        Ok(self
            .real(name, MILLIS_PER_SECOND)?
            .map(|millis| millis.max(0.0) as u64))
    }

    /// A space-separated list, empty when not given.
    fn list(&self, name: &str) -> Vec<String> {
        self.value(name)
            .map(|text| text.split_whitespace().map(str::to_owned).collect())
            .unwrap_or_default()
    }

    fn error(&self, reason: String) -> ParseError {
        ParseError::Malformed {
            command: self.word.to_owned(),
            reason,
        }
    }
}

/// Takes the longest run of name characters from the front of `rest`.
fn take_name<'a>(rest: &mut &'a str) -> &'a str {
    let end = rest.find(|c| !is_name_char(c)).unwrap_or(rest.len());
    let (name, after) = rest.split_at(end);
    *rest = after;
    name
}

/// Takes a value: quoted, or a run of name characters (possibly empty).
/// `None` when a quote is not closed.
fn take_value<'a>(rest: &mut &'a str) -> Option<&'a str> {
    if let Some(quoted) = rest.strip_prefix('"') {
        let end = quoted.find('"')?;
        *rest = &quoted[end + 1..];
        Some(&quoted[..end])
    } else {
        Some(take_name(rest))
    }
}

/// Reads one line a program sends to a Hub engine.
///
/// # Errors
/// [`ParseError::Empty`] for a blank line, [`ParseError::UnknownCommand`]
/// for a word Hub does not have, [`ParseError::Malformed`] saying what is
/// wrong with the arguments.
pub fn parse_hub_command(line: &str) -> Result<HubCommand, ParseError> {
    let line = Line::split(line)?;
    Ok(match line.word {
        "hub" => HubCommand::Hub,
        "init" => HubCommand::Init,
        "ping" => HubCommand::Ping,
        "ponder-hit" => HubCommand::PonderHit,
        "stop" => HubCommand::Stop,
        "new-game" => HubCommand::NewGame,
        "quit" => HubCommand::Quit,
        "set-param" => HubCommand::SetParam {
            name: line.required("name")?.to_owned(),
            value: line.required("value")?.to_owned(),
        },
        "pos" => pos(&line)?,
        "level" => HubCommand::Level(HubLevel {
            depth: line.number("depth", "a number of plies")?,
            nodes: line.number("nodes", "a number of nodes")?,
            move_time: line.seconds("move-time")?,
            moves: line.number("moves", "a number of moves")?,
            time: line.seconds("time")?,
            inc: line.seconds("inc")?,
            infinite: line.flag("infinite"),
        }),
        "go" => HubCommand::Go(
            [
                ("think", HubGoMode::Think),
                ("ponder", HubGoMode::Ponder),
                ("analyze", HubGoMode::Analyze),
            ]
            .into_iter()
            .find(|(flag, _)| line.flag(flag))
            .map(|(_, mode)| mode)
            .ok_or_else(|| line.error("expected 'think', 'ponder' or 'analyze'".to_owned()))?,
        ),
        word => return Err(ParseError::UnknownCommand(word.to_owned())),
    })
}

/// Reads one line a Hub engine sends (for tests and tools).
///
/// # Errors
/// As [`parse_hub_command`], with [`ParseError::UnknownResponse`] for an
/// unknown word.
pub fn parse_hub_response(line: &str) -> Result<HubResponse, ParseError> {
    let line = Line::split(line).map_err(|e| match e {
        ParseError::UnknownCommand(word) => ParseError::UnknownResponse(word),
        other => other,
    })?;
    Ok(match line.word {
        "id" => HubResponse::Id(
            line.args
                .iter()
                .map(|arg| {
                    (
                        arg.name.to_owned(),
                        arg.value.unwrap_or_default().to_owned(),
                    )
                })
                .collect(),
        ),
        "param" => HubResponse::Param(param(&line)?),
        "wait" => HubResponse::Wait,
        "ready" => HubResponse::Ready,
        "pong" => HubResponse::Pong,
        "info" => HubResponse::Info(info(&line)?),
        "done" => HubResponse::Done {
            mv: line.value("move").map(str::to_owned),
            ponder: line.value("ponder").map(str::to_owned),
        },
        "error" => HubResponse::Error(line.value("message").unwrap_or_default().to_owned()),
        word => return Err(ParseError::UnknownResponse(word.to_owned())),
    })
}

/// What `pos` takes, as its errors name it: any other argument, a bare
/// word, or one given twice is refused.
const POS_ARGUMENTS: &str = "pos=P, moves=M (several moves in double quotes) and start";

/// A `pos` line. Unlike the protocol's other arguments, an unknown, bare
/// or repeated one is an error and not skipped: an unquoted move list
/// (`moves=10-14 23-19`) leaves its later moves as bare words, and
/// skipping them (or taking the first of two `moves=`) would set another
/// position than the program's, which the engine would then answer for.
fn pos(line: &Line<'_>) -> Result<HubCommand, ParseError> {
    let mut seen: Vec<&str> = Vec::with_capacity(line.args.len());
    for arg in &line.args {
        match (arg.name, arg.value) {
            ("pos" | "moves", Some(_)) | ("start", None) => {}
            (name @ ("pos" | "moves"), None) => {
                return Err(line.error(format!(
                    "'{name}' needs a value, {name}=…: pos takes {POS_ARGUMENTS}"
                )));
            }
            ("start", Some(_)) => {
                return Err(
                    line.error(format!("'start' takes no value: pos takes {POS_ARGUMENTS}"))
                );
            }
            (word, None) => {
                return Err(line.error(format!(
                    "unexpected word '{word}' (a list of moves is quoted): pos takes {POS_ARGUMENTS}"
                )));
            }
            (name, Some(_)) => {
                return Err(line.error(format!(
                    "unknown argument '{name}': pos takes {POS_ARGUMENTS}"
                )));
            }
        }
        if seen.contains(&arg.name) {
            return Err(line.error(format!(
                "'{}' is given twice: pos takes each of {POS_ARGUMENTS} once",
                arg.name
            )));
        }
        seen.push(arg.name);
    }
    Ok(HubCommand::Pos {
        pos: match (line.value("pos"), line.flag("start")) {
            (Some(pos), false) => Some(pos.to_owned()),
            (None, _) => None,
            (Some(_), true) => {
                return Err(line.error("'pos=' and 'start' both given".to_owned()));
            }
        },
        moves: line.list("moves"),
    })
}

/// The fields of a `param` line.
fn param(line: &Line<'_>) -> Result<HubParam, ParseError> {
    let kind = match line.required("type")? {
        "bool" => HubParamType::Bool,
        "int" => HubParamType::Int {
            min: line.number("min", "a whole number")?.unwrap_or(i64::MIN),
            max: line.number("max", "a whole number")?.unwrap_or(i64::MAX),
        },
        "string" => HubParamType::String,
        "enum" => HubParamType::Enum {
            values: line.list("values"),
        },
        other => {
            return Err(line.error(format!(
                "'type' is bool, int, string or enum, got '{other}'"
            )));
        }
    };
    Ok(HubParam {
        name: line.required("name")?.to_owned(),
        value: line.value("value").unwrap_or_default().to_owned(),
        kind,
    })
}

/// The fields of an `info` line.
fn info(line: &Line<'_>) -> Result<HubInfo, ParseError> {
    // The values are finite and rounded; the casts saturate at the ends.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    Ok(HubInfo {
        depth: line.number("depth", "a number of plies")?,
        score: line.real("score", HUNDREDTHS_PER_MAN)?.map(|s| s as i32),
        nodes: line.number("nodes", "a number of nodes")?,
        time: line.seconds("time")?,
        knps: line.real("nps", KNPS_PER_MNPS)?.map(|n| n.max(0.0) as u64),
        pv: line.list("pv"),
    })
}
