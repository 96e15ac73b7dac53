//! Parsers for the arguments of each front-end command except `go`.

use nom::Parser;
use nom::branch::alt;
use nom::combinator::{opt, peek, value};
use nom::sequence::preceded;

use super::go::{go, solve};
use super::tokens::{
    PResult, end_of_line, expect, failure, list, nonempty_phrase, number, phrase, require, token,
    word,
};
use crate::{Command, Dialect, Query, StartingPosition};

/// The parse of `word`'s arguments `args`, or `None` if `word` is not a
/// command word. Trailing tokens after a complete command are ignored.
pub(super) fn command<'a>(word: &str, args: &'a str) -> Option<PResult<'a, Command>> {
    let done = |command| Some(Ok((args, command)));
    match word {
        "uci" => done(Command::Hello(Dialect::Uci)),
        "ugi" => done(Command::Hello(Dialect::Ugi)),
        "ucinewgame" => done(Command::NewGame(Dialect::Uci)),
        "uginewgame" => done(Command::NewGame(Dialect::Ugi)),
        "isready" => done(Command::IsReady),
        "stop" => done(Command::Stop),
        "ponderhit" => done(Command::PonderHit),
        "quit" => done(Command::Quit),
        "d" => done(Command::Display),
        "solve" => Some(solve(args)),
        "debug" => Some(debug(args)),
        "setoption" => Some(setoption(args)),
        "position" => Some(position(args)),
        "go" => Some(go(args)),
        "query" => Some(query(args)),
        "bench" => Some(bench(args)),
        _ => None,
    }
}

/// `debug [on|off]`; a bare `debug` switches it on.
fn debug(input: &str) -> PResult<'_, Command> {
    let (rest, setting) = opt(token).parse(input)?;
    match setting {
        None | Some("on") => Ok((rest, Command::Debug(true))),
        Some("off") => Ok((rest, Command::Debug(false))),
        Some(other) => Err(failure(format!("expected 'on' or 'off', got '{other}'"))),
    }
}

/// `setoption name <N…> [value <V…>]`: the name runs up to `value`, the
/// value to the end of the line; both may hold spaces.
fn setoption(input: &str) -> PResult<'_, Command> {
    let name = preceded(
        require("name"),
        nonempty_phrase(&["value"], "an option name after 'name'"),
    );
    let value = opt(preceded(word("value"), phrase(&[])));
    (name, value)
        .map(|(name, value)| Command::SetOption { name, value })
        .parse(input)
}

/// `position startpos|fen <fen…> [moves <m…>]`. Strict about stray tokens,
/// since ignoring one (a forgotten `moves`) would silently set up the
/// wrong position.
fn position(input: &str) -> PResult<'_, Command> {
    let start = alt((
        value(StartingPosition::StartPos, word("startpos")),
        preceded(
            word("fen"),
            nonempty_phrase(&["moves"], "a position after 'fen'"),
        )
        .map(StartingPosition::Fen),
    ));
    let moves = opt(preceded(word("moves"), list(&[]))).map(Option::unwrap_or_default);
    (
        expect(start, "'startpos' or 'fen <position>'"),
        moves,
        end_of_line,
    )
        .map(|(start, moves, ())| Command::Position { start, moves })
        .parse(input)
}

/// `query gameover|p1turn|result`.
fn query(input: &str) -> PResult<'_, Command> {
    let question = alt((
        value(Query::GameOver, word("gameover")),
        value(Query::P1Turn, word("p1turn")),
        value(Query::Result, word("result")),
    ));
    expect(question, "'gameover', 'p1turn' or 'result'")
        .map(Command::Query)
        .parse(input)
}

/// `bench [depth]`.
fn bench(input: &str) -> PResult<'_, Command> {
    opt(preceded(peek(token), number("depth")))
        .map(Command::Bench)
        .parse(input)
}
