//! Hub, the draughts engine protocol of Scan (Fabien Letouzey), as typed
//! messages: what draughts programs (pydraughts, Scan's own GUI tools)
//! send to an engine and read back.
//!
//! A Hub line is a word followed by arguments `name=value` (a value with
//! a space, `=` or nothing in it is written in double quotes, which cannot
//! themselves be written inside a value) or bare flags. Unknown arguments
//! are ignored on both sides, as the protocol asks, except those of `pos`:
//! there an unknown, bare or repeated argument is an error, since it is
//! most likely an unquoted move list whose later moves would be lost.
//! Like UCI's messages these know no game: positions and moves are
//! opaque text; the engine turns them into its own notation.
//!
//! [`HubCommand`] is what a program sends, [`HubResponse`] what the engine
//! answers; both print their canonical line with `Display` and parse back
//! to the same value ([`parse_hub_command`], [`parse_hub_response`]).

mod parse;
mod print;

pub use parse::{parse_hub_command, parse_hub_response};
pub use print::MAX_MESSAGE_CHARS;

/// How the search of a `go` is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HubGoMode {
    /// `go think`: find a move for the side to move, within the level.
    Think,
    /// `go ponder`: think in the opponent's time until `ponder-hit` or `stop`.
    Ponder,
    /// `go analyze`: search until `stop`, with `info` lines.
    Analyze,
}

/// The limits of the next searches, set by a `level` line (each `level`
/// replaces the one before). Times are milliseconds (the protocol writes
/// seconds as real numbers); negative times are read as 0.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct HubLevel {
    /// `depth=N`: search this many plies.
    pub depth: Option<u32>,
    /// `nodes=N`: stop after about this many nodes.
    pub nodes: Option<u64>,
    /// `move-time=S`: think this long for each move.
    pub move_time: Option<u64>,
    /// `moves=N`: moves left until the clock is refilled.
    pub moves: Option<u32>,
    /// `time=S`: time left on the engine's clock.
    pub time: Option<u64>,
    /// `inc=S`: time added to the clock before every move.
    pub inc: Option<u64>,
    /// `infinite`: no limit.
    pub infinite: bool,
}

/// A message from a program to a Hub engine.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HubCommand {
    /// `hub`: identify, declare the parameters, end with `wait`.
    Hub,
    /// `set-param name=N value=V` (before `init`).
    SetParam {
        /// The parameter's name.
        name: String,
        /// Its new value.
        value: String,
    },
    /// `init`: get ready to play, answered by `ready`.
    Init,
    /// `pos [pos=P] [moves="m1 m2 …"]`: the position (the start when no
    /// `pos` is given, as with the flag `start`), then moves played from it.
    /// Each argument at most once, and no other.
    Pos {
        /// The position string, `None` for the start position.
        pos: Option<String>,
        /// Moves to play from it.
        moves: Vec<String>,
    },
    /// `level …`: the limits of the next searches.
    Level(HubLevel),
    /// `go think|ponder|analyze`.
    Go(HubGoMode),
    /// `ping`, answered by `pong` (also during a search).
    Ping,
    /// `ponder-hit`: the move pondered on was played; go on thinking
    /// within the level.
    PonderHit,
    /// `stop`: end the search; the engine still answers `done`.
    Stop,
    /// `new-game`: forget what was learnt (the hash table).
    NewGame,
    /// `quit`.
    Quit,
}

/// The type of a parameter declared with `param`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HubParamType {
    /// `type=bool`.
    Bool,
    /// `type=int min=A max=B`.
    Int {
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
    },
    /// `type=string`.
    String,
    /// `type=enum values="v1 v2 …"`.
    Enum {
        /// The allowed values.
        values: Vec<String>,
    },
}

/// A `param name=N value=V type=T …` line: one of the engine's parameters
/// and its current value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HubParam {
    /// The parameter's name.
    pub name: String,
    /// Its value now (the default at `hub`).
    pub value: String,
    /// Its type and range.
    pub kind: HubParamType,
}

/// The fields of an `info` line; absent fields are not printed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct HubInfo {
    /// `depth=N`: the iteration's depth.
    pub depth: Option<u32>,
    /// `score=S`: for the side to move, in hundredths of a man (the
    /// protocol writes men: `score=0.25`).
    pub score: Option<i32>,
    /// `nodes=N`.
    pub nodes: Option<u64>,
    /// `time=S`: milliseconds since the search began (written in seconds).
    pub time: Option<u64>,
    /// `nps=M`: thousands of nodes a second (written in millions).
    pub knps: Option<u64>,
    /// `pv="m1 m2 …"`.
    pub pv: Vec<String>,
}

/// A message from a Hub engine to the program.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HubResponse {
    /// `id name=… version=… author=… country=…`: the pairs in order.
    Id(Vec<(String, String)>),
    /// `param …`: one parameter the engine accepts.
    Param(HubParam),
    /// `wait`: the end of the answer to `hub`.
    Wait,
    /// `ready`: the answer to `init`.
    Ready,
    /// `pong`: the answer to `ping`.
    Pong,
    /// `info …`: search figures.
    Info(HubInfo),
    /// `done [move=M] [ponder=P]`: the search's move (none when the game is
    /// over) and the reply expected to it.
    Done {
        /// The move to play.
        mv: Option<String>,
        /// The expected reply.
        ponder: Option<String>,
    },
    /// `error message="…"`: a command was not understood or not possible;
    /// nothing was changed. [`HubResponse::error`] makes one fit for a
    /// line from any message.
    Error(String),
}
