//! The parser for `option` lines, the options an engine declares.

use nom::Parser;
use nom::branch::alt;
use nom::combinator::value;
use nom::multi::many0;
use nom::sequence::preceded;

use super::tokens::{
    PResult, expect, failure, nonempty_phrase, number, phrase, require, token, word,
};
use crate::{OptionDecl, OptionKind, Response};

/// `option name <N…> type <kind> …`: the name runs up to `type`.
pub(super) fn option(input: &str) -> PResult<'_, Response> {
    let name = preceded(
        require("name"),
        nonempty_phrase(&["type"], "an option name after 'name'"),
    );
    let (rest, (name, kind)) = (name, preceded(require("type"), kind)).parse(input)?;
    Ok((rest, Response::Option(OptionDecl { name, kind })))
}

/// The type word and the fields that type takes, in UCI's order.
fn kind(input: &str) -> PResult<'_, OptionKind> {
    let (rest, kind) = expect(token, "an option type").parse(input)?;
    match kind {
        "check" => check(rest),
        "spin" => spin(rest),
        "combo" => combo(rest),
        "string" => preceded(require("default"), phrase(&[]))
            .map(|default| OptionKind::String {
                default: if default == OptionKind::EMPTY_STRING {
                    String::new()
                } else {
                    default
                },
            })
            .parse(rest),
        "button" => Ok((rest, OptionKind::Button)),
        other => Err(failure(format!(
            "unknown option type '{other}' (expected check, spin, combo, string or button)"
        ))),
    }
}

/// `default true|false`.
fn check(input: &str) -> PResult<'_, OptionKind> {
    let boolean = alt((value(true, word("true")), value(false, word("false"))));
    preceded(require("default"), expect(boolean, "'true' or 'false'"))
        .map(|default| OptionKind::Check { default })
        .parse(input)
}

/// `default D min A max B`.
fn spin(input: &str) -> PResult<'_, OptionKind> {
    (
        preceded(require("default"), number("default")),
        preceded(require("min"), number("min")),
        preceded(require("max"), number("max")),
    )
        .map(|(default, min, max)| OptionKind::Spin { default, min, max })
        .parse(input)
}

/// `default D var V1 var V2 …`; values may hold spaces.
fn combo(input: &str) -> PResult<'_, OptionKind> {
    let default = preceded(
        require("default"),
        nonempty_phrase(&["var"], "a value after 'default'"),
    );
    let var = preceded(
        word("var"),
        nonempty_phrase(&["var"], "a value after 'var'"),
    );
    (default, many0(var))
        .map(|(default, vars)| OptionKind::Combo { default, vars })
        .parse(input)
}
