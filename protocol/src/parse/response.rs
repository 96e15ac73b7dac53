//! Parsers for the arguments of each engine response except `info` and
//! `option`.

use nom::Parser;
use nom::combinator::opt;
use nom::sequence::preceded;

use super::info::info;
use super::option::option;
use super::tokens::{PResult, expect, failure, number, require, text, token, word};
use crate::print::NO_MOVE;
use crate::{Dialect, Id, Response, SolveLine};

/// The parse of `word`'s arguments `args`, or `None` if `word` is not a
/// response word. A word ending in `:` is a `go perft` line for that move.
pub(super) fn response<'a>(word: &str, args: &'a str) -> Option<PResult<'a, Response>> {
    let done = |response| Some(Ok((args, response)));
    match word {
        "uciok" => done(Response::HelloOk(Dialect::Uci)),
        "ugiok" => done(Response::HelloOk(Dialect::Ugi)),
        "readyok" => done(Response::ReadyOk),
        "id" => Some(id(args)),
        "option" => Some(option(args)),
        "bestmove" => Some(bestmove(args)),
        "info" => Some(info(args)),
        "response" => Some(
            text.map(|t| Response::QueryResponse(t.to_owned()))
                .parse(args),
        ),
        "solved" => Some(solved(args)),
        "unsolved" => Some(unsolved(args)),
        "Nodes" => Some(
            preceded(require("searched:"), number("Nodes searched:"))
                .map(Response::PerftTotal)
                .parse(args),
        ),
        _ => match word.strip_suffix(':') {
            Some(mv) if !mv.is_empty() => Some(
                number("count")
                    .map(|nodes| Response::PerftMove {
                        mv: mv.to_owned(),
                        nodes,
                    })
                    .parse(args),
            ),
            _ => None,
        },
    }
}

/// `id name <text>` or `id author <text>`.
fn id(input: &str) -> PResult<'_, Response> {
    let (rest, kind) = expect(token, "'name' or 'author'").parse(input)?;
    let (rest, text) = text(rest)?;
    let id = match kind {
        "name" => Id::Name(text.to_owned()),
        "author" => Id::Author(text.to_owned()),
        other => {
            return Err(failure(format!(
                "expected 'name' or 'author', got '{other}'"
            )));
        }
    };
    Ok((rest, Response::Id(id)))
}

/// `bestmove <move> [ponder <move>]`, where `(none)` means no move.
fn bestmove(input: &str) -> PResult<'_, Response> {
    let (rest, best) = move_or_none(input)?;
    let ponder = opt(preceded(
        word("ponder"),
        expect(token, "a move after 'ponder'"),
    ))
    .map(|mv| mv.map(str::to_owned));
    ponder
        .map(|ponder| Response::BestMove {
            best: best.clone(),
            ponder,
        })
        .parse(rest)
}

/// A move, or `(none)` for no move.
fn move_or_none(input: &str) -> PResult<'_, Option<String>> {
    expect(token, "a move or '(none)'")
        .map(|mv| (mv != NO_MOVE).then(|| mv.to_owned()))
        .parse(input)
}

/// `solved value <V> bestmove <M> nodes <N> time <MS>`.
fn solved(input: &str) -> PResult<'_, Response> {
    let (rest, value) = preceded(require("value"), signed("value")).parse(input)?;
    solve_tail(rest, value, value)
}

/// `unsolved lowerbound <L> upperbound <U> bestmove <M> nodes <N> time <MS>`.
fn unsolved(input: &str) -> PResult<'_, Response> {
    let (rest, lower) = preceded(require("lowerbound"), signed("lowerbound")).parse(input)?;
    let (rest, upper) = preceded(require("upperbound"), signed("upperbound")).parse(rest)?;
    solve_tail(rest, lower, upper)
}

/// The fields after the value(s) of a `solved`/`unsolved` line.
fn solve_tail(input: &str, lower: i32, upper: i32) -> PResult<'_, Response> {
    let (rest, best) = preceded(require("bestmove"), move_or_none).parse(input)?;
    let (rest, nodes) = preceded(require("nodes"), number("nodes")).parse(rest)?;
    let (rest, time) = preceded(require("time"), number("time")).parse(rest)?;
    let line = SolveLine {
        lower,
        upper,
        best,
        nodes,
        time,
    };
    Ok((rest, Response::Solve(line)))
}

/// A signed whole number such as `+8`, `-2` or `0`.
fn signed<'a>(
    what: &'static str,
) -> impl Parser<&'a str, Output = i32, Error = super::tokens::Problem> {
    move |input: &'a str| {
        let (rest, text) = expect(token, what).parse(input)?;
        // Rust's integer parser takes a leading '+' as well as '-'.
        text.parse::<i32>().map(|v| (rest, v)).map_err(|_| {
            failure(format!(
                "{what} needs a whole number such as +8 or -2, got '{text}'"
            ))
        })
    }
}
