//! The engine's settings, declared once, Stockfish-style: one table whose
//! entries each give the name, the kind with its range and default, and
//! the change handler that stores a checked value and says what the engine
//! must do next. No catch-all: a name not in the table is no setting.

use std::path::PathBuf;
use std::time::Duration;

use ply_protocol::OptionKind;

/// Default transposition table size in MB.
pub const DEFAULT_HASH_MB: usize = 16;
/// Largest transposition table size in MB (64 GiB).
pub const MAX_HASH_MB: usize = 65_536;
/// Default time kept back per move for communication, in ms.
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 10;
/// Largest `Move Overhead`, in ms.
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5000;
/// Most search threads.
pub const MAX_THREADS: usize = 256;
/// Most principal variations `go` reports (`MultiPV`); a position with
/// fewer legal moves gets one line a move.
pub const MAX_MULTIPV: usize = 256;

/// The current value of every engine setting (the game and its rules are
/// [`super::GameChoice`]; both together are [`super::EngineOptions`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Transposition table size in MB.
    pub hash_mb: usize,
    /// Time kept back per move for communication.
    pub move_overhead: Duration,
    /// Threads for `go` and `solve` (lazy SMP).
    pub threads: usize,
    /// Principal variations `go` reports, best first (`MultiPV`).
    pub multipv: usize,
    /// The endgame database: found in the cache, none, or a file.
    pub endgame_db: FileChoice,
    /// The network: the game's own, none, or a file (`EvalFile`).
    pub eval_file: FileChoice,
    /// Play moves from the book before searching (UCI's `OwnBook`).
    pub own_book: bool,
    /// The opening book file; empty for none.
    pub book_file: PathBuf,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            hash_mb: DEFAULT_HASH_MB,
            move_overhead: Duration::from_millis(DEFAULT_MOVE_OVERHEAD_MS),
            threads: 1,
            multipv: 1,
            endgame_db: FileChoice::Auto,
            eval_file: FileChoice::Auto,
            own_book: false,
            book_file: PathBuf::new(),
        }
    }
}

/// What `EndgameDB` and `EvalFile` name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum FileChoice {
    /// `auto`: the engine's own choice. `EndgameDB`: the biggest database
    /// in the cache for the game and rules being played, when there is one
    /// (found anew when they change); `EvalFile`: the game's own network.
    #[default]
    Auto,
    /// `none` (or empty): no database; no network (the game's evaluation
    /// without one).
    None,
    /// This file.
    File(PathBuf),
}

impl FileChoice {
    /// The word for [`Self::Auto`].
    pub const AUTO: &'static str = "auto";
    /// The word for [`Self::None`].
    pub const NONE: &'static str = "none";

    /// Reads `EndgameDB`'s or `EvalFile`'s value: `auto` and `none` (any case) or empty,
    /// else a file name (`./auto` for a file named `auto`).
    #[must_use]
    pub fn parse(text: &str) -> Self {
        if text.eq_ignore_ascii_case(Self::AUTO) {
            Self::Auto
        } else if text.is_empty() || text.eq_ignore_ascii_case(Self::NONE) {
            Self::None
        } else {
            Self::File(PathBuf::from(text))
        }
    }
}

/// What a successful `setoption` asks the engine to do next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionEffect {
    /// The game or its rules will change: set up the new start position
    /// when the position is next needed.
    NewRules,
    /// Reallocate the transposition table at the new size.
    ResizeHash,
    /// Empty the transposition table.
    ClearHash,
    /// Load (or drop, for `none`) the endgame database; under `auto`,
    /// find it in the cache for the board played.
    LoadEndgameDb,
    /// Load (or drop, for an empty path) the opening book.
    LoadBook,
    /// Load the network `EvalFile` names, or go back to the game's own
    /// (`auto`) or to none.
    LoadNetwork,
    /// Nothing beyond storing the value.
    None,
}

/// A setting's value, checked against its kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingValue {
    /// A spin's number, in its range.
    Number(i64),
    /// A check's value.
    Flag(bool),
    /// A string's text (`<empty>` read as empty).
    Text(String),
    /// A button has none.
    Press,
}

/// One engine setting.
#[derive(Debug)]
pub struct Setting {
    /// The name `uci` declares.
    pub name: &'static str,
    /// Its kind, range and default, as `uci` declares them.
    pub kind: fn() -> OptionKind,
    /// Stores a checked value and says what to do next.
    pub on_change: fn(&mut Settings, SettingValue) -> OptionEffect,
}

/// A spin from `min` to `max`.
fn spin(default: usize, min: usize, max: usize) -> OptionKind {
    let int = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
    OptionKind::Spin {
        default: int(default),
        min: int(min),
        max: int(max),
    }
}

/// A whole number of a spin as a `usize` (its range is checked, and fits).
fn count(value: &SettingValue) -> usize {
    match value {
        SettingValue::Number(n) => usize::try_from(*n).unwrap_or(0),
        _ => 0,
    }
}

/// A file name setting's path.
fn path(value: SettingValue) -> PathBuf {
    match value {
        SettingValue::Text(text) => PathBuf::from(text),
        _ => PathBuf::new(),
    }
}

/// Every engine setting, in the order `uci` lists them (after the game's).
pub const SETTINGS: &[Setting] = &[
    Setting {
        name: "Hash",
        kind: || spin(DEFAULT_HASH_MB, 1, MAX_HASH_MB),
        on_change: |options, value| {
            options.hash_mb = count(&value);
            OptionEffect::ResizeHash
        },
    },
    Setting {
        name: "Threads",
        kind: || spin(1, 1, MAX_THREADS),
        on_change: |options, value| {
            options.threads = count(&value);
            OptionEffect::None
        },
    },
    Setting {
        name: "MultiPV",
        kind: || spin(1, 1, MAX_MULTIPV),
        on_change: |options, value| {
            options.multipv = count(&value);
            OptionEffect::None
        },
    },
    Setting {
        name: "Clear Hash",
        kind: || OptionKind::Button,
        on_change: |_, _| OptionEffect::ClearHash,
    },
    Setting {
        name: "Move Overhead",
        kind: || {
            spin(
                DEFAULT_MOVE_OVERHEAD_MS as usize,
                0,
                MAX_MOVE_OVERHEAD_MS as usize,
            )
        },
        on_change: |options, value| {
            options.move_overhead = Duration::from_millis(count(&value) as u64);
            OptionEffect::None
        },
    },
    Setting {
        name: "EndgameDB",
        kind: || OptionKind::String {
            default: FileChoice::AUTO.to_owned(),
        },
        on_change: |options, value| {
            options.endgame_db = match value {
                SettingValue::Text(text) => FileChoice::parse(&text),
                _ => FileChoice::None,
            };
            OptionEffect::LoadEndgameDb
        },
    },
    Setting {
        name: "EvalFile",
        kind: || OptionKind::String {
            default: FileChoice::AUTO.to_owned(),
        },
        on_change: |options, value| {
            options.eval_file = match value {
                SettingValue::Text(text) => FileChoice::parse(&text),
                _ => FileChoice::None,
            };
            OptionEffect::LoadNetwork
        },
    },
    Setting {
        name: "OwnBook",
        kind: || OptionKind::Check { default: false },
        on_change: |options, value| {
            options.own_book = value == SettingValue::Flag(true);
            OptionEffect::None
        },
    },
    Setting {
        name: "BookFile",
        kind: || OptionKind::String {
            default: String::new(),
        },
        on_change: |options, value| {
            options.book_file = path(value);
            OptionEffect::LoadBook
        },
    },
];
