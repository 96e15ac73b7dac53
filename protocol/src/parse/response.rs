//! Parsers for the arguments of each engine response except `info` and
//! `option`.

use nom::Parser;
use nom::combinator::opt;
use nom::sequence::preceded;

use super::info::info;
use super::option::option;
use super::tokens::{PResult, expect, failure, number, require, text, token, word};
use crate::{Dialect, Id, Response};

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
    let best =
        expect(token, "a move or '(none)'").map(|mv| (mv != "(none)").then(|| mv.to_owned()));
    let ponder = opt(preceded(
        word("ponder"),
        expect(token, "a move after 'ponder'"),
    ))
    .map(|mv| mv.map(str::to_owned));
    (best, ponder)
        .map(|(best, ponder)| Response::BestMove { best, ponder })
        .parse(input)
}
