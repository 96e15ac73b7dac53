//! Printing Hub messages in their canonical form: arguments in a fixed
//! order, values quoted only when they must be, numbers in the protocol's
//! units (seconds, men, millions of nodes a second).

use std::borrow::Cow;
use std::fmt::{self, Display, Formatter};

use super::parse::is_name_char;
use super::{HubCommand, HubGoMode, HubInfo, HubLevel, HubParamType, HubResponse};
use crate::excerpt::{Excerpt, Keep, excerpt};

/// Thousandths in one unit: milliseconds in a second, thousands of nodes
/// in a million.
const THOUSANDTHS: u64 = 1000;

/// Hundredths of a man in one man.
const HUNDREDTHS: u32 = 100;

/// The most characters of an `error` message: it quotes what it refuses,
/// which may be a line of a megabyte; its beginning and its end (what was
/// refused and why) fit in a few hundred, the rest is cut.
pub const MAX_MESSAGE_CHARS: usize = 400;

/// How an `error` message is quoted: a line of the protocol, so control
/// characters are escaped, and a long message keeps both its ends.
const ERROR_EXCERPT: Excerpt = Excerpt {
    limit: MAX_MESSAGE_CHARS,
    keep: Keep::HeadAndTail,
    escape_controls: true,
};

impl HubResponse {
    /// An `error` line saying `message`, fit for a line: control characters
    /// escaped and a long message cut (see [`MAX_MESSAGE_CHARS`]), since
    /// messages quote what was refused, a NUL or a megabyte included.
    #[must_use]
    pub fn error(message: &str) -> Self {
        Self::Error(excerpt(message, ERROR_EXCERPT).into_owned())
    }
}

/// A value as a line carries it: quoted when empty or holding anything a
/// name may not (a quote inside, which Hub cannot carry, becomes `'`).
fn value(text: &str) -> Cow<'_, str> {
    if !text.is_empty() && text.chars().all(is_name_char) {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(format!("\"{}\"", text.replace('"', "'")))
    }
}

/// `count` thousandths as a decimal number without trailing zeros
/// (1500 → `1.5`, 2000 → `2`).
fn thousandths(count: u64) -> String {
    let (whole, part) = (count / THOUSANDTHS, count % THOUSANDTHS);
    if part == 0 {
        whole.to_string()
    } else {
        format!("{whole}.{part:03}")
            .trim_end_matches('0')
            .to_owned()
    }
}

/// Hundredths of a man as men (`-25` → `-0.25`).
fn men(hundredths: i32) -> String {
    let sign = if hundredths < 0 { "-" } else { "" };
    let size = hundredths.unsigned_abs();
    let (whole, part) = (size / HUNDREDTHS, size % HUNDREDTHS);
    if part == 0 {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{part:02}")
            .trim_end_matches('0')
            .to_owned()
    }
}

impl Display for HubGoMode {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Think => "think",
            Self::Ponder => "ponder",
            Self::Analyze => "analyze",
        })
    }
}

impl Display for HubLevel {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str("level")?;
        if let Some(depth) = self.depth {
            write!(f, " depth={depth}")?;
        }
        if let Some(nodes) = self.nodes {
            write!(f, " nodes={nodes}")?;
        }
        if let Some(millis) = self.move_time {
            write!(f, " move-time={}", thousandths(millis))?;
        }
        if let Some(moves) = self.moves {
            write!(f, " moves={moves}")?;
        }
        if let Some(millis) = self.time {
            write!(f, " time={}", thousandths(millis))?;
        }
        if let Some(millis) = self.inc {
            write!(f, " inc={}", thousandths(millis))?;
        }
        if self.infinite {
            f.write_str(" infinite")?;
        }
        Ok(())
    }
}

impl Display for HubCommand {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Self::Hub => f.write_str("hub"),
            Self::SetParam { name, value: v } => {
                write!(f, "set-param name={} value={}", value(name), value(v))
            }
            Self::Init => f.write_str("init"),
            Self::Pos { pos, moves } => {
                match pos {
                    Some(pos) => write!(f, "pos pos={}", value(pos))?,
                    None => f.write_str("pos start")?,
                }
                if !moves.is_empty() {
                    write!(f, " moves={}", value(&moves.join(" ")))?;
                }
                Ok(())
            }
            Self::Level(level) => level.fmt(f),
            Self::Go(mode) => write!(f, "go {mode}"),
            Self::Ping => f.write_str("ping"),
            Self::PonderHit => f.write_str("ponder-hit"),
            Self::Stop => f.write_str("stop"),
            Self::NewGame => f.write_str("new-game"),
            Self::Quit => f.write_str("quit"),
        }
    }
}

impl Display for HubInfo {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str("info")?;
        if let Some(depth) = self.depth {
            write!(f, " depth={depth}")?;
        }
        if let Some(score) = self.score {
            write!(f, " score={}", men(score))?;
        }
        if let Some(nodes) = self.nodes {
            write!(f, " nodes={nodes}")?;
        }
        if let Some(millis) = self.time {
            write!(f, " time={}", thousandths(millis))?;
        }
        if let Some(knps) = self.knps {
            write!(f, " nps={}", thousandths(knps))?;
        }
        if !self.pv.is_empty() {
            write!(f, " pv={}", value(&self.pv.join(" ")))?;
        }
        Ok(())
    }
}

impl Display for HubResponse {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Self::Id(pairs) => {
                f.write_str("id")?;
                for (name, v) in pairs {
                    write!(f, " {name}={}", value(v))?;
                }
                Ok(())
            }
            Self::Param(param) => {
                write!(
                    f,
                    "param name={} value={}",
                    value(&param.name),
                    value(&param.value)
                )?;
                match &param.kind {
                    HubParamType::Bool => f.write_str(" type=bool"),
                    HubParamType::Int { min, max } => {
                        write!(f, " type=int min={min} max={max}")
                    }
                    HubParamType::String => f.write_str(" type=string"),
                    HubParamType::Enum { values } => {
                        write!(f, " type=enum values={}", value(&values.join(" ")))
                    }
                }
            }
            Self::Wait => f.write_str("wait"),
            Self::Ready => f.write_str("ready"),
            Self::Pong => f.write_str("pong"),
            Self::Info(info) => info.fmt(f),
            Self::Done { mv, ponder } => {
                f.write_str("done")?;
                if let Some(mv) = mv {
                    write!(f, " move={}", value(mv))?;
                }
                if let Some(ponder) = ponder {
                    write!(f, " ponder={}", value(ponder))?;
                }
                Ok(())
            }
            Self::Error(message) => write!(f, "error message={}", value(message)),
        }
    }
}
