//! The parser for `go`'s arguments: limits, clocks and `go perft`.

use nom::Parser;
use nom::branch::alt;
use nom::multi::fold_many0;
use nom::sequence::preceded;

use super::tokens::{PResult, failure, list, millis, number, token, word};
use crate::{Command, GoParams, SolveParams};

/// Every word `go` knows: `searchmoves` ends at the first of these.
const KEYWORDS: &[&str] = &[
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "p1time",
    "p2time",
    "p1inc",
    "p2inc",
    "movestogo",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
];

/// `go perft N`, or `go` with any of its fields in any order. Unknown
/// tokens are skipped, as UCI asks; a repeated field keeps its last value.
pub(super) fn go(input: &str) -> PResult<'_, Command> {
    alt((
        preceded(word("perft"), number("perft")).map(Command::Perft),
        fold_many0(field, GoParams::default, Field::apply).map(Command::Go),
    ))
    .parse(input)
}

/// `solve [nodes N] [movetime MS]`, in any order; a repeated field keeps
/// its last value. Any other word is refused rather than skipped: a
/// limit misread (`solve depth 20`) would leave a solve without the bound
/// its sender counted on.
pub(super) fn solve(mut input: &str) -> PResult<'_, Command> {
    let mut params = SolveParams::default();
    while let Ok((rest, key)) = token(input) {
        input = match key {
            "nodes" => {
                let (rest, nodes) = number(key).parse(rest)?;
                params.nodes = Some(nodes);
                rest
            }
            "movetime" => {
                let (rest, ms) = millis(key).parse(rest)?;
                params.movetime = Some(ms);
                rest
            }
            other => {
                return Err(failure(format!(
                    "unexpected '{other}': solve takes 'nodes N' and 'movetime MS'"
                )));
            }
        };
    }
    Ok((input, Command::Solve(params)))
}

/// One field of `go`, read but not yet stored.
enum Field {
    Depth(u32),
    Nodes(u64),
    MoveTime(u64),
    /// A clock: player index (0 = white/p1) and time left.
    Time(usize, u64),
    /// An increment: player index and milliseconds.
    Inc(usize, u64),
    MovesToGo(u32),
    Mate(u32),
    Infinite,
    Ponder,
    SearchMoves(Vec<String>),
    /// A token `go` does not know, skipped.
    Unknown,
}

impl Field {
    /// Stores the field in `params`.
    fn apply(mut params: GoParams, field: Self) -> GoParams {
        match field {
            Self::Depth(n) => params.depth = Some(n),
            Self::Nodes(n) => params.nodes = Some(n),
            Self::MoveTime(ms) => params.movetime = Some(ms),
            Self::Time(player, ms) => params.time[player] = Some(ms),
            Self::Inc(player, ms) => params.inc[player] = Some(ms),
            Self::MovesToGo(n) => params.movestogo = Some(n),
            Self::Mate(n) => params.mate = Some(n),
            Self::Infinite => params.infinite = true,
            Self::Ponder => params.ponder = true,
            Self::SearchMoves(moves) => params.searchmoves = moves,
            Self::Unknown => {}
        }
        params
    }
}

/// The next field; fails (recoverably) only at the end of the line.
fn field(input: &str) -> PResult<'_, Field> {
    let (rest, key) = token(input)?;
    match key {
        "depth" => number(key).map(Field::Depth).parse(rest),
        "nodes" => number(key).map(Field::Nodes).parse(rest),
        "movetime" => millis(key).map(Field::MoveTime).parse(rest),
        "wtime" | "p1time" => millis(key).map(|ms| Field::Time(0, ms)).parse(rest),
        "btime" | "p2time" => millis(key).map(|ms| Field::Time(1, ms)).parse(rest),
        "winc" | "p1inc" => millis(key).map(|ms| Field::Inc(0, ms)).parse(rest),
        "binc" | "p2inc" => millis(key).map(|ms| Field::Inc(1, ms)).parse(rest),
        "movestogo" => number(key).map(Field::MovesToGo).parse(rest),
        "mate" => number(key).map(Field::Mate).parse(rest),
        "infinite" => Ok((rest, Field::Infinite)),
        "ponder" => Ok((rest, Field::Ponder)),
        "searchmoves" => list(KEYWORDS).map(Field::SearchMoves).parse(rest),
        _ => Ok((rest, Field::Unknown)),
    }
}
