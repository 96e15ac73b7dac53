//! The typed messages of the protocol, in both directions.
//!
//! Nothing here knows any game: moves and positions are opaque text tokens.
//! [`Command`] is what a front end sends to an engine, [`Response`] what an
//! engine sends back. Both print with `Display` in their canonical form and
//! parse back to the same value (`parse(print(m)) == m`).

/// The two dialects a front end may speak. They differ only in spelling
/// (`uci`/`ugi`, `ucinewgame`/`uginewgame`, `uciok`/`ugiok`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// The Universal Chess Interface spelling.
    Uci,
    /// The Universal Game Interface spelling (Cute Games, multi-game referees).
    Ugi,
}

/// Where a `position` command starts from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum StartingPosition {
    /// `position startpos`: the game's start position under the current options.
    StartPos,
    /// `position fen <text>`: every token up to `moves`, joined by single spaces.
    Fen(String),
}

/// The limits and clocks of a `go` command. Clocks are per player: player 1
/// is UCI's white and UGI's p1. All times are in milliseconds; negative
/// values on input are clamped to 0.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct GoParams {
    /// `depth N`: search this many plies.
    pub depth: Option<u32>,
    /// `nodes N`: stop after about this many nodes.
    pub nodes: Option<u64>,
    /// `movetime MS`: search exactly this long.
    pub movetime: Option<u64>,
    /// `wtime`/`p1time` and `btime`/`p2time`: time left on each clock.
    pub time: [Option<u64>; 2],
    /// `winc`/`p1inc` and `binc`/`p2inc`: increment per move.
    pub inc: [Option<u64>; 2],
    /// `movestogo N`: moves until the next time control.
    pub movestogo: Option<u32>,
    /// `mate N`: search for a win in N moves.
    pub mate: Option<u32>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// `ponder`: search in the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// `searchmoves m1 m2 …`: only consider these root moves (always last when printed).
    pub searchmoves: Vec<String>,
}

/// The question of a UGI `query` command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Query {
    /// `query gameover` → `response true|false`.
    GameOver,
    /// `query p1turn` → `response true|false`.
    P1Turn,
    /// `query result` → `response p1win|p2win|draw|none`.
    Result,
}

/// A message from a front end to the engine.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// `uci` or `ugi`: identify and list options, end with `uciok`/`ugiok`.
    Hello(Dialect),
    /// `debug on|off`.
    Debug(bool),
    /// `isready` → `readyok`, at once, also during a search.
    IsReady,
    /// `setoption name <N> [value <V>]`. The name may contain spaces; it is
    /// compared case-insensitively by the engine. The value is every token
    /// after `value`, joined by single spaces.
    SetOption {
        /// Option name as sent (case preserved).
        name: String,
        /// Value, absent for buttons.
        value: Option<String>,
    },
    /// `ucinewgame` or `uginewgame`.
    NewGame(Dialect),
    /// `position startpos|fen <…> [moves m1 m2 …]`.
    Position {
        /// Where to start.
        start: StartingPosition,
        /// Moves to play from there, as text tokens.
        moves: Vec<String>,
    },
    /// `go …` (anything but `go perft`).
    Go(GoParams),
    /// `go perft N`: count leaf nodes to depth N, per root move.
    Perft(u32),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit`.
    Quit,
    /// `query gameover|p1turn|result`.
    Query(Query),
    /// `d`: draw the board for a person, then `Fen: <position>`.
    Display,
    /// `bench [depth]`: search fixed positions, print nodes and nps.
    Bench(Option<u32>),
    /// `solve [nodes N] [movetime MS]`: search to the end of the game, or
    /// until the limits given, then say what is proven.
    Solve(SolveParams),
}

/// The limits of `solve`: with none it runs until the value is proven
/// (or `stop`); with one it stops by itself when it is reached, and says
/// the bounds proven by then, as after `stop`. A batch tool
/// (`ply-engine analyse --solve --movetime MS`) must finish every position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SolveParams {
    /// `nodes N`: stop after about this many nodes.
    pub nodes: Option<u64>,
    /// `movetime MS`: stop after this long.
    pub movetime: Option<u64>,
}

/// Identification sent in answer to `uci`/`ugi`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Id {
    /// `id name <text>`.
    Name(String),
    /// `id author <text>`.
    Author(String),
}

/// The type and default of an option declared with an `option` line.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum OptionKind {
    /// `type check default true|false`.
    Check {
        /// Default value.
        default: bool,
    },
    /// `type spin default D min A max B`.
    Spin {
        /// Default value.
        default: i64,
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value.
        max: i64,
    },
    /// `type combo default D var V1 var V2 …`.
    Combo {
        /// Default value, one of `vars`.
        default: String,
        /// The allowed values.
        vars: Vec<String>,
    },
    /// `type string default D` (`<empty>` prints an empty default).
    String {
        /// Default value.
        default: String,
    },
    /// `type button`.
    Button,
}

impl OptionKind {
    /// How an empty `string` default is written on an `option` line: an
    /// empty value would leave nothing after `default` to read back.
    pub const EMPTY_STRING: &'static str = "<empty>";
}

/// An `option name <N> type …` line.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OptionDecl {
    /// Option name; may contain spaces but not the word `type`.
    pub name: String,
    /// Type and default.
    pub kind: OptionKind,
}

/// The value in an `info … score …` field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScoreValue {
    /// `cp X`: centi-units (100 = one seed or one man) for the side to move.
    Centi(i32),
    /// `mate N`: the side to move wins in N moves (negative: loses).
    Mate(i32),
}

/// Whether a reported score is exact or a bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScoreBound {
    /// `lowerbound`: the true score is at least this.
    Lower,
    /// `upperbound`: the true score is at most this.
    Upper,
}

/// A score as reported in `info`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Score {
    /// The value.
    pub value: ScoreValue,
    /// `None` for an exact score.
    pub bound: Option<ScoreBound>,
}

/// The fields of an `info` line (other than `info string`). Absent fields
/// are not printed. Printed in the order of the fields below, `pv` last.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Info {
    /// `depth N`.
    pub depth: Option<u32>,
    /// `seldepth N`.
    pub seldepth: Option<u32>,
    /// `multipv N`.
    pub multipv: Option<u32>,
    /// `score cp X|mate N [lowerbound|upperbound]`.
    pub score: Option<Score>,
    /// `nodes N`.
    pub nodes: Option<u64>,
    /// `nps N`.
    pub nps: Option<u64>,
    /// `hashfull N` (per mille).
    pub hashfull: Option<u32>,
    /// `time MS`.
    pub time: Option<u64>,
    /// `currmove M`.
    pub currmove: Option<String>,
    /// `currmovenumber N`.
    pub currmovenumber: Option<u32>,
    /// `pv m1 m2 …` (always last).
    pub pv: Vec<String>,
}

/// A message from the engine to a front end.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Response {
    /// `id name …` / `id author …`.
    Id(Id),
    /// `option name … type …`.
    Option(OptionDecl),
    /// `uciok` or `ugiok`.
    HelloOk(Dialect),
    /// `readyok`.
    ReadyOk,
    /// `bestmove <m> [ponder <m>]`; `bestmove (none)` when `best` is `None`.
    BestMove {
        /// The move, or `None` when the game is over.
        best: Option<String>,
        /// The expected reply.
        ponder: Option<String>,
    },
    /// `info …` with search figures.
    Info(Info),
    /// `info string <text>`: free text for a person (errors start with `error: `).
    InfoString(String),
    /// `response <text>`: the answer to a `query`.
    QueryResponse(String),
    /// `<move>: <count>`: one root move of `go perft`.
    PerftMove {
        /// The root move.
        mv: String,
        /// Leaf nodes below it.
        nodes: u64,
    },
    /// `Nodes searched: <total>`: the last line of `go perft`.
    PerftTotal(u64),
    /// The last line of `solve`.
    Solve(SolveLine),
}

/// The result of `solve`: the final margin for the side to move, proven
/// exactly (`solved value +8 bestmove 3 nodes N time MS`), or, when the
/// solve was stopped, the bounds proven so far (`unsolved lowerbound -2
/// upperbound +10 bestmove 3 nodes N time MS`). Values print with a sign
/// (`+8`, `-2`, `0`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SolveLine {
    /// The value is at least this.
    pub lower: i32,
    /// The value is at most this; equal to `lower` once solved.
    pub upper: i32,
    /// A move keeping the value at least `lower`; `None` (`(none)`) when the game is over.
    pub best: Option<String>,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds spent.
    pub time: u64,
}
