//! The canonical line of every message, through `Display`.
//!
//! A type that is a whole message ([`Command`], [`Response`], [`GoParams`],
//! [`Info`], [`OptionDecl`], [`Id`]) prints its whole line; a type that is
//! part of one ([`Score`], [`OptionKind`], [`Query`], [`StartingPosition`])
//! prints its own words. Lines have single spaces and no trailing newline,
//! absent fields are left out, and the parsers read every line back to the
//! value it came from.

use std::fmt::{self, Display, Formatter, Write};

use crate::{
    Command, Dialect, GoParams, Id, Info, OptionDecl, OptionKind, Query, Response, Score,
    ScoreBound, ScoreValue, SolveLine, SolveParams, StartingPosition,
};

/// How `bestmove` (and `solve`) write "no move": the game is over.
pub(crate) const NO_MOVE: &str = "(none)";

/// Writes words separated by single spaces, so optional fields need no
/// bookkeeping about where spaces go.
struct Words<'a, 'f> {
    f: &'a mut Formatter<'f>,
    started: bool,
}

impl<'a, 'f> Words<'a, 'f> {
    fn new(f: &'a mut Formatter<'f>) -> Self {
        Self { f, started: false }
    }

    /// One word (or several, if `w` prints spaces itself).
    fn word(&mut self, w: impl Display) -> fmt::Result {
        if self.started {
            self.f.write_char(' ')?;
        }
        self.started = true;
        write!(self.f, "{w}")
    }

    /// Several words.
    fn words(&mut self, words: impl IntoIterator<Item = impl Display>) -> fmt::Result {
        words.into_iter().try_for_each(|w| self.word(w))
    }

    /// `key value` if the value is present.
    fn field(&mut self, key: &str, value: Option<impl Display>) -> fmt::Result {
        match value {
            Some(value) => {
                self.word(key)?;
                self.word(value)
            }
            None => Ok(()),
        }
    }

    /// `key`, if `on`.
    fn flag(&mut self, key: &str, on: bool) -> fmt::Result {
        if on { self.word(key) } else { Ok(()) }
    }

    /// `key item…`, if there are items.
    fn list(&mut self, key: &str, items: &[String]) -> fmt::Result {
        if items.is_empty() {
            return Ok(());
        }
        self.word(key)?;
        self.words(items)
    }

    /// Free text to the end of the line, left out if empty so the line
    /// does not end in a space.
    fn text(&mut self, text: &str) -> fmt::Result {
        if text.is_empty() {
            Ok(())
        } else {
            self.word(text)
        }
    }
}

impl Dialect {
    /// The prefix of this dialect's spellings: `uci` or `ugi`.
    fn prefix(self) -> &'static str {
        match self {
            Dialect::Uci => "uci",
            Dialect::Ugi => "ugi",
        }
    }
}

impl Display for Command {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Command::Hello(dialect) => f.write_str(dialect.prefix()),
            Command::Debug(on) => write!(f, "debug {}", if *on { "on" } else { "off" }),
            Command::IsReady => f.write_str("isready"),
            Command::SetOption { name, value } => {
                let mut w = Words::new(f);
                w.words(["setoption", "name", name])?;
                if let Some(value) = value {
                    w.word("value")?;
                    w.text(value)?;
                }
                Ok(())
            }
            Command::NewGame(dialect) => write!(f, "{}newgame", dialect.prefix()),
            Command::Position { start, moves } => {
                let mut w = Words::new(f);
                w.word("position")?;
                w.word(start)?;
                w.list("moves", moves)
            }
            Command::Go(params) => params.fmt(f),
            Command::Perft(depth) => write!(f, "go perft {depth}"),
            Command::Stop => f.write_str("stop"),
            Command::PonderHit => f.write_str("ponderhit"),
            Command::Quit => f.write_str("quit"),
            Command::Query(query) => write!(f, "query {query}"),
            Command::Display => f.write_str("d"),
            Command::Bench(depth) => {
                let mut w = Words::new(f);
                w.word("bench")?;
                w.words(depth)
            }
            Command::Solve(params) => params.fmt(f),
        }
    }
}

impl Display for StartingPosition {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            StartingPosition::StartPos => f.write_str("startpos"),
            StartingPosition::Fen(fen) => write!(f, "fen {fen}"),
        }
    }
}

/// The whole `go` line, fields in declaration order, UCI's spelling of the
/// clocks, `searchmoves` last since it runs to the end.
impl Display for GoParams {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let mut w = Words::new(f);
        w.word("go")?;
        w.field("depth", self.depth)?;
        w.field("nodes", self.nodes)?;
        w.field("movetime", self.movetime)?;
        w.field("wtime", self.time[0])?;
        w.field("btime", self.time[1])?;
        w.field("winc", self.inc[0])?;
        w.field("binc", self.inc[1])?;
        w.field("movestogo", self.movestogo)?;
        w.field("mate", self.mate)?;
        w.flag("infinite", self.infinite)?;
        w.flag("ponder", self.ponder)?;
        w.list("searchmoves", &self.searchmoves)
    }
}

impl Display for SolveParams {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let mut w = Words::new(f);
        w.word("solve")?;
        w.field("nodes", self.nodes)?;
        w.field("movetime", self.movetime)
    }
}

impl Display for Query {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Query::GameOver => "gameover",
            Query::P1Turn => "p1turn",
            Query::Result => "result",
        })
    }
}

impl Display for Response {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Response::Id(id) => id.fmt(f),
            Response::Option(option) => option.fmt(f),
            Response::HelloOk(dialect) => write!(f, "{}ok", dialect.prefix()),
            Response::ReadyOk => f.write_str("readyok"),
            Response::BestMove { best, ponder } => {
                let mut w = Words::new(f);
                w.words(["bestmove", best.as_deref().unwrap_or(NO_MOVE)])?;
                w.field("ponder", ponder.as_ref())
            }
            Response::Info(info) => info.fmt(f),
            Response::InfoString(text) => {
                let mut w = Words::new(f);
                w.words(["info", "string"])?;
                w.text(text)
            }
            Response::QueryResponse(text) => {
                let mut w = Words::new(f);
                w.word("response")?;
                w.text(text)
            }
            Response::PerftMove { mv, nodes } => write!(f, "{mv}: {nodes}"),
            Response::PerftTotal(nodes) => write!(f, "Nodes searched: {nodes}"),
            Response::Solve(line) => write!(f, "{line}"),
        }
    }
}

impl Display for Id {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let (key, text) = match self {
            Id::Name(text) => ("name", text),
            Id::Author(text) => ("author", text),
        };
        let mut w = Words::new(f);
        w.words(["id", key])?;
        w.text(text)
    }
}

impl Display for OptionDecl {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "option name {} type {}", self.name, self.kind)
    }
}

/// The type word and its fields, e.g. `spin default 1 min 0 max 8`.
impl Display for OptionKind {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            OptionKind::Check { default } => write!(f, "check default {default}"),
            OptionKind::Spin { default, min, max } => {
                write!(f, "spin default {default} min {min} max {max}")
            }
            OptionKind::Combo { default, vars } => {
                write!(f, "combo default {default}")?;
                vars.iter().try_for_each(|var| write!(f, " var {var}"))
            }
            OptionKind::String { default } if default.is_empty() => {
                write!(f, "string default {}", OptionKind::EMPTY_STRING)
            }
            OptionKind::String { default } => write!(f, "string default {default}"),
            OptionKind::Button => f.write_str("button"),
        }
    }
}

/// The whole `info` line, fields in declaration order, `pv` last since it
/// runs to the end.
impl Display for Info {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let mut w = Words::new(f);
        w.word("info")?;
        w.field("depth", self.depth)?;
        w.field("seldepth", self.seldepth)?;
        w.field("multipv", self.multipv)?;
        w.field("score", self.score)?;
        w.field("nodes", self.nodes)?;
        w.field("nps", self.nps)?;
        w.field("hashfull", self.hashfull)?;
        w.field("time", self.time)?;
        w.field("currmove", self.currmove.as_ref())?;
        w.field("currmovenumber", self.currmovenumber)?;
        w.list("pv", &self.pv)
    }
}

/// `cp X` or `mate N`, then the bound if any.
impl Display for Score {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.value {
            ScoreValue::Centi(cp) => write!(f, "cp {cp}")?,
            ScoreValue::Mate(moves) => write!(f, "mate {moves}")?,
        }
        match self.bound {
            Some(ScoreBound::Lower) => f.write_str(" lowerbound"),
            Some(ScoreBound::Upper) => f.write_str(" upperbound"),
            None => Ok(()),
        }
    }
}

/// A margin with its sign: `+8`, `-2`, `0`.
struct Signed(i32);

impl fmt::Display for Signed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 > 0 {
            write!(f, "+{}", self.0)
        } else {
            write!(f, "{}", self.0)
        }
    }
}

impl fmt::Display for SolveLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.lower == self.upper {
            write!(f, "solved value {}", Signed(self.lower))?;
        } else {
            write!(
                f,
                "unsolved lowerbound {} upperbound {}",
                Signed(self.lower),
                Signed(self.upper)
            )?;
        }
        let best = self.best.as_deref().unwrap_or(NO_MOVE);
        write!(
            f,
            " bestmove {best} nodes {} time {}",
            self.nodes, self.time
        )
    }
}
