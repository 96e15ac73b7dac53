//! What a match is made of, as the command line describes it. The
//! [`cli`](crate::cli) module builds these; everything else reads them.

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use ply_protocol::Dialect;
use ply_rules::variant::Variant;

use crate::stats::SprtModel;
use crate::time_control::{TimeControl, format_seconds};

/// Default `timemargin`: how far past its limit an engine may answer.
pub const DEFAULT_TIME_MARGIN: Duration = Duration::from_millis(100);
/// Default `-stalltimeout`.
pub const DEFAULT_STALL_TIMEOUT: Duration = Duration::from_secs(30);

/// How one engine searches each move. Several may be combined (a clock and
/// a depth limit); `st` and `tc` exclude each other.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// `depth=N`: plies.
    pub depth: Option<u32>,
    /// `nodes=N`.
    pub nodes: Option<u64>,
    /// `st=S`: fixed time per move.
    pub movetime: Option<Duration>,
    /// `tc=…`: a clock.
    pub time_control: Option<TimeControl>,
}

impl Limits {
    /// Whether any limit is set (an engine without one would think forever).
    #[must_use]
    pub fn is_limited(&self) -> bool {
        self.depth.is_some()
            || self.nodes.is_some()
            || self.movetime.is_some()
            || matches!(self.time_control, Some(TimeControl::Clock { .. }))
    }
}

impl fmt::Display for Limits {
    /// `tc=10+0.1 depth=6`, the way the options were given.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(tc) = self.time_control {
            parts.push(format!("tc={tc}"));
        }
        if let Some(st) = self.movetime {
            parts.push(format!("st={}", format_seconds(st)));
        }
        if let Some(depth) = self.depth {
            parts.push(format!("depth={depth}"));
        }
        if let Some(nodes) = self.nodes {
            parts.push(format!("nodes={nodes}"));
        }
        f.write_str(&parts.join(" "))
    }
}

/// One engine of the match: `-engine cmd=… name=… …` merged with `-each …`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineConfig {
    /// The name in the output; unique in the match.
    pub name: String,
    /// The program to run.
    pub cmd: String,
    /// Its working directory.
    pub dir: Option<PathBuf>,
    /// Its arguments.
    pub args: Vec<String>,
    /// `option.NAME=VALUE`, sent with `setoption` in this order.
    pub options: Vec<(String, String)>,
    /// How it searches.
    pub limits: Limits,
    /// How far past its limit an answer still counts.
    pub time_margin: Duration,
    /// `proto=uci|ugi`.
    pub dialect: Dialect,
}

/// `-tournament round-robin|gauntlet`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TournamentKind {
    /// Every engine against every other.
    #[default]
    RoundRobin,
    /// The first engine against each of the others.
    Gauntlet,
}

/// `-openings format=…`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OpeningFormat {
    /// One position string a line.
    #[default]
    Fen,
    /// One move list from the start position a line.
    Moves,
}

/// `-openings order=…`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OpeningOrder {
    /// In file order.
    #[default]
    Sequential,
    /// Shuffled with the `-srand` seed.
    Random,
}

/// `-openings file=… format=… order=… plies=… start=…`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningsConfig {
    /// The file.
    pub file: PathBuf,
    /// What a line holds.
    pub format: OpeningFormat,
    /// In what order they are played.
    pub order: OpeningOrder,
    /// Move lists are cut to this many moves.
    pub plies: Option<usize>,
    /// The first opening played, 1-based.
    pub start: usize,
}

/// `-draw movenumber=… movecount=… score=…`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawAdjudication {
    /// Not before this many moves of the game.
    pub move_number: u32,
    /// For this many consecutive moves …
    pub move_count: u32,
    /// … both engines' scores are within ± this (centi-units).
    pub score: i32,
}

/// `-resign movecount=… score=… [twosided=true]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignAdjudication {
    /// For this many consecutive own moves …
    pub move_count: u32,
    /// … an engine's score is at or below minus this (centi-units).
    pub score: i32,
    /// The opponent must agree (score at or above plus this).
    pub two_sided: bool,
}

/// `-sprt elo0=… elo1=… alpha=… beta=… model=…`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtConfig {
    /// What the Elo bounds are measured in.
    pub model: SprtModel,
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// False-positive rate.
    pub alpha: f64,
    /// False-negative rate.
    pub beta: f64,
}

/// `-shard K/N`: this process plays part K of N.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 1-based part.
    pub index: u32,
    /// Number of parts.
    pub count: u32,
}

/// A whole match.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchConfig {
    /// The engines, at least two.
    pub engines: Vec<EngineConfig>,
    /// `-variant`: sent as `UCI_Variant` when given.
    pub variant: Option<Variant>,
    /// `-games`: games per encounter per round.
    pub games: u32,
    /// `-rounds`.
    pub rounds: u32,
    /// `-concurrency`: games at once.
    pub concurrency: usize,
    /// `-openings`.
    pub openings: Option<OpeningsConfig>,
    /// `-repeat [N]`: each opening is played this many times in a row.
    pub repeat: u32,
    /// `-noswap`: the first engine of an encounter always moves first.
    pub no_swap: bool,
    /// `-tournament`.
    pub tournament: TournamentKind,
    /// `-draw`.
    pub draw: Option<DrawAdjudication>,
    /// `-resign`.
    pub resign: Option<ResignAdjudication>,
    /// `-maxmoves`: a game is drawn at this many moves.
    pub max_moves: Option<u32>,
    /// `-sprt`.
    pub sprt: Option<SprtConfig>,
    /// `-report penta=…`: statistics by game pairs (the default).
    pub report_penta: bool,
    /// `-pgnout`.
    pub pgn_out: Option<PathBuf>,
    /// `-results`: JSON lines.
    pub results: Option<PathBuf>,
    /// Restart engines that crash or stall and go on (the default;
    /// `-norecover` turns it off, stopping the match after such a game).
    pub recover: bool,
    /// `-srand`: seed for `order=random`.
    pub seed: u64,
    /// `-ratinginterval`: print the statistics every N games (0: only at the end).
    pub rating_interval: u32,
    /// `-debug`: log every line to and from the engines.
    pub debug: bool,
    /// `-shard K/N`.
    pub shard: Option<Shard>,
    /// `-stalltimeout`: how long an engine may be silent when no clock says otherwise.
    pub stall_timeout: Duration,
    /// `-event`: the PGN `Event` tag.
    pub event: String,
    /// `-site`: the PGN `Site` tag.
    pub site: String,
}

/// `ply-referee merge FILE…`.
#[derive(Clone, Debug, PartialEq)]
pub struct MergeConfig {
    /// The results files.
    pub files: Vec<PathBuf>,
    /// `-sprt`, to evaluate the merged games.
    pub sprt: Option<SprtConfig>,
    /// `-report penta=…`.
    pub report_penta: bool,
}
