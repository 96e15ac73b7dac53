//! The token-level parsers every message is built from.
//!
//! The protocol is a sequence of whitespace-separated tokens, so these
//! parsers all start by skipping whitespace (any amount, of any kind,
//! `\r\n` included): that alone gives UCI's tolerance of odd spacing.
//! Parsers that know *what* was wrong fail with a [`Problem`] carrying a
//! reason; plain mismatches stay recoverable errors so `alt`, `opt` and
//! `many0` can try something else.

use std::fmt::Display;
use std::num::{IntErrorKind, ParseIntError};
use std::str::FromStr;

use nom::bytes::complete::{take_till1, take_while};
use nom::character::complete::satisfy;
use nom::combinator::{opt, rest, verify};
use nom::error::ErrorKind;
use nom::multi::many0;
use nom::sequence::preceded;
use nom::{IResult, Parser};

/// The error the parsers carry: a reason for a person once a parser knows
/// what went wrong, `None` while it is only "this alternative did not match".
#[derive(Debug)]
pub(crate) struct Problem(Option<String>);

impl Problem {
    /// The reason to show, with a generic one for errors nothing explained.
    pub(crate) fn into_reason(self) -> String {
        self.0
            .unwrap_or_else(|| "could not read the line".to_owned())
    }
}

impl nom::error::ParseError<&str> for Problem {
    fn from_error_kind(_: &str, _: ErrorKind) -> Self {
        Self(None)
    }

    fn append(_: &str, _: ErrorKind, other: Self) -> Self {
        other
    }
}

/// What every parser here returns.
pub(crate) type PResult<'a, T> = IResult<&'a str, T, Problem>;

/// An unrecoverable error with a reason: stops `alt`/`many0` from
/// backtracking past a keyword whose value is bad.
pub(crate) fn failure(reason: impl Into<String>) -> nom::Err<Problem> {
    nom::Err::Failure(Problem(Some(reason.into())))
}

fn is_space(c: char) -> bool {
    c.is_whitespace()
}

/// The next token: skips whitespace, then takes everything up to the next
/// whitespace. Fails (recoverably) at the end of the line.
pub(crate) fn token(input: &str) -> PResult<'_, &str> {
    preceded(take_while(is_space), take_till1(is_space)).parse(input)
}

/// The token `w` exactly (keywords are case-sensitive, as in UCI).
pub(crate) fn word<'a>(w: &str) -> impl Parser<&'a str, Output = &'a str, Error = Problem> {
    verify(token, move |t: &str| t == w)
}

/// Runs `parser`; if it does not match, fails saying `what` was expected
/// and what was found instead.
pub(crate) fn expect<'a, O>(
    mut parser: impl Parser<&'a str, Output = O, Error = Problem>,
    what: impl Display,
) -> impl Parser<&'a str, Output = O, Error = Problem> {
    move |input: &'a str| match parser.parse(input) {
        Err(nom::Err::Error(_)) => Err(match token(input) {
            Ok((_, found)) => failure(format!("expected {what}, got '{found}'")),
            Err(_) => failure(format!("expected {what}, but the line ends")),
        }),
        other => other,
    }
}

/// The token `w`, or a failure saying it was expected.
pub(crate) fn require<'a>(
    w: &'static str,
) -> impl Parser<&'a str, Output = &'a str, Error = Problem> {
    expect(word(w), Quoted(w))
}

/// Shows a keyword in quotes, as error messages name it.
struct Quoted(&'static str);

impl Display for Quoted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "'{}'", self.0)
    }
}

/// Every following token up to (not including) one of `stops`.
fn tokens_until<'a>(
    stops: &'static [&'static str],
) -> impl Parser<&'a str, Output = Vec<&'a str>, Error = Problem> {
    many0(verify(token, move |t: &str| !stops.contains(&t)))
}

/// The tokens up to one of `stops` (or the end), as owned strings: lists
/// of moves.
pub(crate) fn list<'a>(
    stops: &'static [&'static str],
) -> impl Parser<&'a str, Output = Vec<String>, Error = Problem> {
    tokens_until(stops).map(|tokens| tokens.into_iter().map(str::to_owned).collect())
}

/// The tokens up to one of `stops` (or the end), joined by single spaces:
/// multi-word names, values and positions. Empty if there are none.
pub(crate) fn phrase<'a>(
    stops: &'static [&'static str],
) -> impl Parser<&'a str, Output = String, Error = Problem> {
    tokens_until(stops).map(|tokens| tokens.join(" "))
}

/// Like [`phrase`], but at least one token, else a failure naming `what`.
pub(crate) fn nonempty_phrase<'a>(
    stops: &'static [&'static str],
    what: &'static str,
) -> impl Parser<&'a str, Output = String, Error = Problem> {
    expect(verify(phrase(stops), |s: &str| !s.is_empty()), what)
}

/// The rest of the line as free text, leading and trailing whitespace
/// removed (`id name …`, `response …`).
pub(crate) fn text(input: &str) -> PResult<'_, &str> {
    preceded(take_while(is_space), rest)
        .map(str::trim_end)
        .parse(input)
}

/// The rest of the line after one separating whitespace character, kept
/// verbatim but for trailing whitespace (`info string …`, where leading
/// spaces may be layout).
pub(crate) fn verbatim_text(input: &str) -> PResult<'_, &str> {
    preceded(opt(satisfy(is_space)), rest)
        .map(str::trim_end)
        .parse(input)
}

/// Succeeds only if no token is left: for commands where a stray token
/// most likely means a mistake that would otherwise be silently ignored.
pub(crate) fn end_of_line(input: &str) -> PResult<'_, ()> {
    match token(input) {
        Ok((_, found)) => Err(failure(format!("unexpected '{found}'"))),
        Err(_) => Ok(("", ())),
    }
}

/// An integer type a keyword's value is read as.
pub(crate) trait Number: FromStr<Err = ParseIntError> {
    /// How error messages describe a valid value.
    const WANTED: &'static str;
}

impl Number for u32 {
    const WANTED: &'static str = "a non-negative number";
}

impl Number for u64 {
    const WANTED: &'static str = "a non-negative number";
}

impl Number for i32 {
    const WANTED: &'static str = "a number";
}

impl Number for i64 {
    const WANTED: &'static str = "a number";
}

impl Number for i128 {
    const WANTED: &'static str = "a number";
}

/// The value of keyword `key`: the next token as a `T`. A missing, invalid
/// or out-of-range value is a failure that names `key`.
pub(crate) fn number<'a, T: Number>(
    key: &'a str,
) -> impl Parser<&'a str, Output = T, Error = Problem> {
    move |input: &'a str| {
        let (rest, found) =
            token(input).map_err(|_| failure(format!("'{key}' needs {}", T::WANTED)))?;
        let value = found.parse().map_err(|e: ParseIntError| {
            failure(match e.kind() {
                IntErrorKind::PosOverflow => format!("'{key}' value {found} is too large"),
                IntErrorKind::NegOverflow => format!("'{key}' value {found} is too small"),
                _ => format!("'{key}' needs {}, got '{found}'", T::WANTED),
            })
        })?;
        Ok((rest, value))
    }
}

/// A time in milliseconds for keyword `key`. GUIs send negative clocks
/// when a player has overstepped, so negative values read as 0 rather
/// than as an error; values beyond `u64` are still an error.
pub(crate) fn millis<'a>(key: &'a str) -> impl Parser<&'a str, Output = u64, Error = Problem> {
    move |input: &'a str| {
        let (rest, ms) = number::<i128>(key).parse(input)?;
        let ms = u64::try_from(ms.max(0))
            .map_err(|_| failure(format!("'{key}' value {ms} is too large")))?;
        Ok((rest, ms))
    }
}
