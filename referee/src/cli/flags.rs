//! Every option of a match, declared once: its name, its arguments, its
//! help and what it does to the match being read (ripgrep's `FLAGS`
//! habit). The parser ([`super::parse_args`]) looks options up here, and
//! `--help` ([`super::help`]) is written from here, so an option cannot be
//! parsed without being documented, nor documented without being parsed.

use std::path::PathBuf;
use std::time::Duration;

use ply_rules::variant::Variant;

use super::engine::EngineSpec;
use super::tokens::OptionGroup;
use super::{
    CliError, bad, default_match, extra_value, flag, number, parse_draw, parse_file_option,
    parse_openings, parse_report, parse_resign, parse_shard, parse_sprt, single,
};
use crate::config::{MatchConfig, TournamentKind};
use crate::time_control::parse_seconds;

/// Where the help lists an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    Engines,
    Games,
    Adjudication,
    Output,
    Failures,
}

/// The help's sections in order: the title, and a note after the options.
pub const SECTIONS: [(Section, &str, &str); 5] = [
    (Section::Engines, "ENGINES", ""),
    (Section::Games, "GAMES", ""),
    (
        Section::Adjudication,
        "ADJUDICATION (scores are the engines' own 'info … score cp X', 100 = one seed)",
        "A move here is one 'bestmove' (one sowing in Kalah).",
    ),
    (Section::Output, "STATISTICS AND OUTPUT", ""),
    (
        Section::Failures,
        "FAILURES AND SCALE",
        "Every game ends in one of: normal (by the rules), adjudication, time forfeit, illegal move,
disconnect (crash), stall (no answer), interrupt. An engine that crashes, stalls, prints
garbage or plays an illegal move loses the game.
Ctrl-C stops the match: running games are interrupted and not counted, the engines are
told to quit and killed after a grace period; a second Ctrl-C kills them at once.",
    ),
];

/// A match as the options have set it so far.
#[derive(Debug)]
pub struct Draft {
    /// Everything but the engines.
    pub config: MatchConfig,
    /// The `-engine` groups, in order.
    pub engines: Vec<EngineSpec>,
    /// The `-each` group.
    pub each: EngineSpec,
}

impl Draft {
    /// The defaults of a match, before the options change them.
    pub fn new() -> Self {
        Self {
            config: default_match(),
            engines: Vec::new(),
            each: EngineSpec::default(),
        }
    }
}

/// One option of a match.
#[derive(Debug)]
pub struct Flag {
    /// Its name, without the dash.
    pub name: &'static str,
    /// Its arguments as the help writes them (empty for none).
    pub args: &'static str,
    /// What it does, a line each (the help's; `{games}` is the registry's
    /// list of games).
    pub help: &'static [&'static str],
    pub section: Section,
    /// Whether the help lists the engine keys ([`KEYS`]) after it.
    pub lists_keys: bool,
    /// What it does to the match.
    pub apply: fn(&OptionGroup, &mut Draft) -> Result<(), CliError>,
}

/// The option named `name`, if there is one.
#[must_use]
pub fn find(name: &str) -> Option<&'static Flag> {
    FLAGS.iter().find(|flag| flag.name == name)
}

/// A flag of no arguments that sets one field.
macro_rules! switch {
    ($group:ident, $draft:ident, $field:ident = $value:expr) => {{
        flag($group)?;
        $draft.config.$field = $value;
        Ok(())
    }};
}

/// Every option of a match, in the help's order.
pub static FLAGS: &[Flag] = &[
    Flag {
        name: "engine",
        args: "KEY=VALUE…",
        help: &["one engine; give at least two. Keys:"],
        section: Section::Engines,
        lists_keys: true,
        apply: |group, draft| {
            draft
                .engines
                .push(EngineSpec::parse(&group.name, &group.values)?);
            Ok(())
        },
    },
    Flag {
        name: "each",
        args: "KEY=VALUE…",
        help: &["the same keys, for every engine (an engine's own keys win)"],
        section: Section::Engines,
        lists_keys: false,
        apply: |group, draft| {
            draft.each = EngineSpec::parse(&group.name, &group.values)?;
            Ok(())
        },
    },
    Flag {
        name: "variant",
        args: "NAME",
        help: &[
            "the game ({games}); sent as 'setoption name UCI_Variant value NAME'.",
            "Game options go with -each or -engine: -each option.Seeds=4 option.Pits=6.",
            "The referee plays by the same rules as the engines (from these options).",
        ],
        section: Section::Engines,
        lists_keys: false,
        apply: |group, draft| {
            let text = single(group, "a game name")?;
            let variant = Variant::from_name(text).ok_or_else(|| CliError::BadValue {
                option: "-variant".to_owned(),
                value: text.to_owned(),
                expected: format!("one of {}", Variant::names().join(", ")),
            })?;
            draft.config.variant = Some(variant);
            Ok(())
        },
    },
    Flag {
        name: "games",
        args: "N",
        help: &["games per encounter per round (default 1)"],
        section: Section::Games,
        lists_keys: false,
        apply: |group, draft| {
            draft.config.games = number(group, 1)?;
            Ok(())
        },
    },
    Flag {
        name: "rounds",
        args: "N",
        help: &["rounds (default 1); an encounter plays rounds x games games"],
        section: Section::Games,
        lists_keys: false,
        apply: |group, draft| {
            draft.config.rounds = number(group, 1)?;
            Ok(())
        },
    },
    Flag {
        name: "tournament",
        args: "round-robin|gauntlet",
        help: &[
            "round-robin (default): every pair of engines; gauntlet: the first",
            "engine against each of the others",
        ],
        section: Section::Games,
        lists_keys: false,
        apply: |group, draft| {
            draft.config.tournament = match single(group, "round-robin or gauntlet")? {
                "round-robin" | "roundrobin" => TournamentKind::RoundRobin,
                "gauntlet" => TournamentKind::Gauntlet,
                other => return Err(bad(group, other, "round-robin or gauntlet")),
            };
            Ok(())
        },
    },
    Flag {
        name: "concurrency",
        args: "N",
        help: &[
            "games played at once (default 1); engines are started once per",
            "encounter and worker, and reused",
        ],
        section: Section::Games,
        lists_keys: false,
        apply: |group, draft| {
            draft.config.concurrency = number(group, 1)?;
            Ok(())
        },
    },
    Flag {
        name: "openings",
        args: "file=FILE [format=fen|moves] [order=sequential|random] [plies=N] [start=N]",
        help: &[
            "start positions: format=fen, one position string a line",
            "(e.g. 4,4,4,4,4,4 0 4,4,4,4,4,4 0 s); format=moves, one move list",
            "from the start position a line (e.g. 3 6 2). '#' comments and blank",
            "lines are skipped, bad lines are skipped with a warning naming the line.",
            "plies=N cuts move lists to N moves; order=random shuffles with -srand;",
            "start=N begins with the N-th opening. Without -openings: the start position.",
        ],
        section: Section::Games,
        lists_keys: false,
        apply: |group, draft| {
            draft.config.openings = Some(parse_openings(group)?);
            Ok(())
        },
    },
    Flag {
        name: "repeat",
        args: "[N]",
        help: &[
            "play each opening N times in a row (default, and -repeat alone: 2), colours",
            "swapped each game, so that games 1+2, 3+4, … form pairs",
        ],
        section: Section::Games,
        lists_keys: false,
        apply: |group, draft| {
            draft.config.repeat = match group.values.as_slice() {
                [] => 2,
                [_] => number(group, 1)?,
                [_, extra, ..] => return Err(extra_value(group, "at most one number", extra)),
            };
            Ok(())
        },
    },
    Flag {
        name: "noswap",
        args: "",
        help: &["do not swap colours: the first engine of an encounter always moves first"],
        section: Section::Games,
        lists_keys: false,
        apply: |group, draft| switch!(group, draft, no_swap = true),
    },
    Flag {
        name: "srand",
        args: "N",
        help: &["seed for order=random (default 0: the same order every run)"],
        section: Section::Games,
        lists_keys: false,
        apply: |group, draft| {
            draft.config.seed = number(group, 0)?;
            Ok(())
        },
    },
    Flag {
        name: "draw",
        args: "movenumber=N movecount=M score=S",
        help: &[
            "draw once the game has N moves and the last M moves were all scored",
            "within +/-S by the engine that made them",
        ],
        section: Section::Adjudication,
        lists_keys: false,
        apply: |group, draft| {
            draft.config.draw = Some(parse_draw(group)?);
            Ok(())
        },
    },
    Flag {
        name: "resign",
        args: "movecount=M score=S [twosided=true]",
        help: &[
            "an engine that scored its last M moves at -S or worse loses; with",
            "twosided=true only if its opponent scored its last M moves at +S or better",
        ],
        section: Section::Adjudication,
        lists_keys: false,
        apply: |group, draft| {
            draft.config.resign = Some(parse_resign(group)?);
            Ok(())
        },
    },
    Flag {
        name: "maxmoves",
        args: "N",
        help: &[
            "draw once the game has N moves (sowings, opening moves included)",
            "Mastermind: only -maxmoves applies; its scores are expected guesses,",
            "not evaluations, so -draw and -resign are ignored (with a warning)",
        ],
        section: Section::Adjudication,
        lists_keys: false,
        apply: |group, draft| {
            draft.config.max_moves = Some(number(group, 1)?);
            Ok(())
        },
    },
    Flag {
        name: "stalltimeout",
        args: "SECONDS",
        help: &[
            "how long an engine may take to answer uci/isready, or a search with no",
            "clock and no st (default 30); then it has stalled and loses",
        ],
        section: Section::Adjudication,
        lists_keys: false,
        apply: |group, draft| {
            let text = single(group, "seconds")?;
            draft.config.stall_timeout = parse_seconds(text)
                .filter(|d| *d >= Duration::from_millis(10))
                .ok_or_else(|| bad(group, text, "a number of seconds (at least 0.01)"))?;
            Ok(())
        },
    },
    Flag {
        name: "ratinginterval",
        args: "N",
        help: &["print the score and Elo every N games (default 0: at the end only)"],
        section: Section::Output,
        lists_keys: false,
        apply: |group, draft| {
            draft.config.rating_interval = number(group, 0)?;
            Ok(())
        },
    },
    Flag {
        name: "sprt",
        args: "elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05] [model=normalized|logistic|bayesian]",
        help: &[
            "sequential probability ratio test (fastchess's exact GSPRT); the match",
            "stops as soon as the LLR crosses a bound (two engines only); model= is",
            "the Elo of elo0/elo1 (default normalized, as in fastchess)",
        ],
        section: Section::Output,
        lists_keys: false,
        apply: |group, draft| {
            draft.config.sprt = Some(parse_sprt(group)?);
            Ok(())
        },
    },
    Flag {
        name: "report",
        args: "penta=true|false",
        help: &["statistics and SPRT by game pairs (default true) or by single games"],
        section: Section::Output,
        lists_keys: false,
        apply: |group, draft| {
            draft.config.report_penta = parse_report(group)?;
            Ok(())
        },
    },
    Flag {
        name: "pgnout",
        args: "FILE | -pgnout file=FILE",
        help: &["append a PGN-style record of each game (PDN for draughts)"],
        section: Section::Output,
        lists_keys: false,
        apply: |group, draft| {
            draft.config.pgn_out = Some(parse_file_option(group)?);
            Ok(())
        },
    },
    Flag {
        name: "results",
        args: "FILE",
        help: &[
            "append one JSON object per finished game (JSON lines). If FILE exists,",
            "its games are counted and not played again (resume).",
        ],
        section: Section::Output,
        lists_keys: false,
        apply: |group, draft| {
            draft.config.results = Some(PathBuf::from(single(group, "a file name")?));
            Ok(())
        },
    },
    Flag {
        name: "event",
        args: "TEXT",
        help: &["the PGN Event tag"],
        section: Section::Output,
        lists_keys: false,
        apply: |group, draft| {
            draft.config.event = group.values.join(" ");
            Ok(())
        },
    },
    Flag {
        name: "site",
        args: "TEXT",
        help: &["the PGN Site tag"],
        section: Section::Output,
        lists_keys: false,
        apply: |group, draft| {
            draft.config.site = group.values.join(" ");
            Ok(())
        },
    },
    Flag {
        name: "debug",
        args: "",
        help: &["log every line sent to and read from the engines (stderr)"],
        section: Section::Output,
        lists_keys: false,
        // cutechess takes `-debug [all]`; any value is accepted.
        apply: |_, draft| {
            draft.config.debug = true;
            Ok(())
        },
    },
    Flag {
        name: "recover",
        args: "",
        help: &[
            "restart an engine that crashed or stalled, and go on (the default;",
            "accepted for cutechess-cli command lines); {faults} such games in a row",
            "by one engine still stop the match, exit status 1",
        ],
        section: Section::Failures,
        lists_keys: false,
        apply: |group, draft| switch!(group, draft, recover = true),
    },
    Flag {
        name: "norecover",
        args: "",
        help: &[
            "stop the match after a game in which an engine crashed or stalled",
            "(cutechess-cli's default), exit status 1",
        ],
        section: Section::Failures,
        lists_keys: false,
        apply: |group, draft| switch!(group, draft, recover = false),
    },
    Flag {
        name: "shard",
        args: "K/N",
        help: &[
            "play only part K of N of the match (whole game pairs, by number);",
            "merge the parts' -results files with 'ply-referee merge'",
        ],
        section: Section::Failures,
        lists_keys: false,
        apply: |group, draft| {
            draft.config.shard = Some(parse_shard(group)?);
            Ok(())
        },
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_engine_keys_are_unique() {
        for (i, flag) in FLAGS.iter().enumerate() {
            assert!(
                FLAGS[..i].iter().all(|other| other.name != flag.name),
                "-{} is declared twice",
                flag.name
            );
            assert!(find(flag.name).is_some_and(|found| std::ptr::eq(found, flag)));
            assert!(
                SECTIONS
                    .iter()
                    .any(|(section, ..)| *section == flag.section),
                "-{} has no section",
                flag.name
            );
        }
        for (i, key) in super::super::engine::KEYS.iter().enumerate() {
            let keys = super::super::engine::KEYS;
            assert!(keys[..i].iter().all(|other| other.name != key.name));
        }
        assert!(find("colour").is_none());
    }
}
