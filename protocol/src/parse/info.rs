//! The parser for `info` lines: search figures or `info string`.

use nom::Parser;
use nom::branch::alt;
use nom::combinator::{opt, rest, value};
use nom::multi::fold_many0;
use nom::sequence::preceded;

use super::tokens::{PResult, expect, list, number, token, verbatim_text, word};
use crate::{Info, Response, Score, ScoreBound, ScoreValue};

/// `info string <text>`, or `info` with any of its fields in any order.
/// Unknown keys (`tbhits`, `wdl`, …) are skipped one token at a time, so a
/// newer engine's extra fields do not make the line unreadable.
pub(super) fn info(input: &str) -> PResult<'_, Response> {
    alt((
        preceded(word("string"), verbatim_text).map(|text| Response::InfoString(text.to_owned())),
        fold_many0(field, Info::default, Field::apply).map(Response::Info),
    ))
    .parse(input)
}

/// One field of `info`, read but not yet stored.
enum Field {
    Depth(u32),
    SelDepth(u32),
    MultiPv(u32),
    Score(Score),
    Nodes(u64),
    Nps(u64),
    HashFull(u32),
    Time(u64),
    CurrMove(String),
    CurrMoveNumber(u32),
    Pv(Vec<String>),
    /// A key `info` does not know, skipped.
    Unknown,
}

impl Field {
    /// Stores the field in `info`.
    fn apply(mut info: Info, field: Self) -> Info {
        match field {
            Self::Depth(n) => info.depth = Some(n),
            Self::SelDepth(n) => info.seldepth = Some(n),
            Self::MultiPv(n) => info.multipv = Some(n),
            Self::Score(score) => info.score = Some(score),
            Self::Nodes(n) => info.nodes = Some(n),
            Self::Nps(n) => info.nps = Some(n),
            Self::HashFull(n) => info.hashfull = Some(n),
            Self::Time(ms) => info.time = Some(ms),
            Self::CurrMove(mv) => info.currmove = Some(mv),
            Self::CurrMoveNumber(n) => info.currmovenumber = Some(n),
            Self::Pv(moves) => info.pv = moves,
            Self::Unknown => {}
        }
        info
    }
}

/// The next field; fails (recoverably) only at the end of the line.
fn field(input: &str) -> PResult<'_, Field> {
    let (args, key) = token(input)?;
    match key {
        "depth" => number(key).map(Field::Depth).parse(args),
        "seldepth" => number(key).map(Field::SelDepth).parse(args),
        "multipv" => number(key).map(Field::MultiPv).parse(args),
        "score" => score.map(Field::Score).parse(args),
        "nodes" => number(key).map(Field::Nodes).parse(args),
        "nps" => number(key).map(Field::Nps).parse(args),
        "hashfull" => number(key).map(Field::HashFull).parse(args),
        "time" => number(key).map(Field::Time).parse(args),
        "currmove" => expect(token, "a move after 'currmove'")
            .map(|mv| Field::CurrMove(mv.to_owned()))
            .parse(args),
        "currmovenumber" => number(key).map(Field::CurrMoveNumber).parse(args),
        "pv" => list(&[]).map(Field::Pv).parse(args),
        // UCI: `string` takes the rest of the line. After other fields
        // there is nowhere to keep it, so it is dropped.
        "string" => rest.map(|_| Field::Unknown).parse(args),
        _ => Ok((args, Field::Unknown)),
    }
}

/// `cp <n>|mate <n> [lowerbound|upperbound]`.
fn score(input: &str) -> PResult<'_, Score> {
    let figure = alt((
        preceded(word("cp"), number("cp")).map(ScoreValue::Centi),
        preceded(word("mate"), number("mate")).map(ScoreValue::Mate),
    ));
    let bound = opt(alt((
        value(ScoreBound::Lower, word("lowerbound")),
        value(ScoreBound::Upper, word("upperbound")),
    )));
    (
        expect(figure, "'cp <n>' or 'mate <n>' after 'score'"),
        bound,
    )
        .map(|(value, bound)| Score { value, bound })
        .parse(input)
}
