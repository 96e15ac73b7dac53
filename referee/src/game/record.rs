//! A finished game as the results file (JSON lines) holds it: everything a
//! script needs, and what resuming and merging read back.

use ply_rules::game::{Outcome, Player};
use serde::{Deserialize, Serialize};

use super::termination::Termination;
use crate::openings::Opening;

/// The result, from player 1's side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameResult {
    /// Player 1 (South) won.
    #[serde(rename = "p1win")]
    P1Win,
    /// Player 2 (North) won.
    #[serde(rename = "p2win")]
    P2Win,
    /// A draw.
    #[serde(rename = "draw")]
    Draw,
    /// No result (interrupted).
    #[serde(rename = "none")]
    None,
}

impl GameResult {
    /// From the engine library's outcome.
    #[must_use]
    pub fn from_outcome(outcome: Option<Outcome>) -> Self {
        match outcome {
            Some(Outcome::Win(Player::One)) => Self::P1Win,
            Some(Outcome::Win(Player::Two)) => Self::P2Win,
            Some(Outcome::Draw) => Self::Draw,
            None => Self::None,
        }
    }

    /// `1-0`, `0-1`, `1/2-1/2` or `*`, as PGN writes results.
    #[must_use]
    pub fn pgn(self) -> &'static str {
        match self {
            Self::P1Win => "1-0",
            Self::P2Win => "0-1",
            Self::Draw => "1/2-1/2",
            Self::None => "*",
        }
    }

    /// The winner.
    #[must_use]
    pub fn winner(self) -> Option<Player> {
        match self {
            Self::P1Win => Some(Player::One),
            Self::P2Win => Some(Player::Two),
            Self::Draw | Self::None => None,
        }
    }
}

/// A value for each player: `p1` moved first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PerSide<T> {
    /// Player 1 (South in Kalah, White in PGN terms).
    pub p1: T,
    /// Player 2.
    pub p2: T,
}

impl<T> PerSide<T> {
    /// The value of `player`.
    pub fn get(&self, player: Player) -> &T {
        match player {
            Player::One => &self.p1,
            Player::Two => &self.p2,
        }
    }
}

/// Where the game started.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpeningRecord {
    /// The opening's number in the order played (1-based); 0 for the start position.
    pub index: usize,
    /// Its line in the openings file (0 without a file).
    pub line: usize,
    /// The position it starts from.
    pub fen: String,
    /// Its moves from there (book moves).
    pub moves: Vec<String>,
}

impl OpeningRecord {
    /// How the results file records `opening`, the `index`-th played.
    #[must_use]
    pub fn of(opening: &Opening, index: usize) -> Self {
        Self {
            index,
            line: opening.line,
            fen: opening.start_position.position_string(),
            moves: opening.moves.clone(),
        }
    }
}

/// One engine move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveDetail {
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// Who played it: `p1` or `p2`.
    pub side: String,
    /// Its engine's last `score cp` (side to move's view), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cp: Option<i32>,
    /// Its engine's last `score mate` (plies), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mate: Option<i32>,
    /// The depth of its last `info`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// How long the engine took, in ms.
    pub time_ms: u64,
}

/// One finished game: a line of the results file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game number in the match (1-based; shards keep the match's numbers).
    pub game: u64,
    /// The round (1-based).
    pub round: u32,
    /// The game pair (1-based): both games of a pair start from the same
    /// opening with colours swapped.
    pub pair: u64,
    /// The games the whole match schedules (every shard together), so that
    /// `merge` sees games missing after the last one read (a shard's file
    /// missing). Absent in files of older versions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_games: Option<u64>,
    /// The two engines of the encounter, in the match's order.
    pub engines: [String; 2],
    /// The engine that moved first (player 1).
    pub p1: String,
    /// The engine that moved second (player 2).
    pub p2: String,
    /// The game (`UCI_Variant`), e.g. `kalah`.
    pub variant: String,
    /// Where the game started.
    pub opening: OpeningRecord,
    /// `p1win`, `p2win`, `draw`.
    pub result: GameResult,
    /// The same as PGN writes it: `1-0`, `0-1`, `1/2-1/2`.
    pub score: String,
    /// How it ended: `normal`, `adjudication`, `time forfeit`, `illegal move`,
    /// `disconnect`, `stall` (see `Termination`).
    pub termination: String,
    /// For adjudications: `draw`, `resign` or `maxmoves`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjudication: Option<String>,
    /// The ending in words, e.g. `North loses on time`.
    pub reason: String,
    /// The engine at fault (time forfeit, illegal move, disconnect, stall).
    #[serde(default)]
    pub fault: Option<String>,
    /// Every move from `opening.fen`, the opening's included.
    pub moves: Vec<String>,
    /// `moves.len()`.
    pub plies: usize,
    /// The engines' moves: scores, depths, times.
    pub details: Vec<MoveDetail>,
    /// The position at the end.
    pub final_fen: String,
    /// Thinking time used by each side, in ms.
    pub time_ms: PerSide<u64>,
    /// Each side's limits, e.g. `tc=10+0.1` or `depth=6`.
    pub limits: PerSide<String>,
    /// When the game started (UTC, RFC 3339).
    pub started: String,
    /// How long it took, in ms.
    pub duration_ms: u64,
    /// Mastermind: the guesses the breaker (player 1) made, the last one
    /// included; compared between the two games of a pair.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guesses: Option<usize>,
    /// Mastermind: whether the breaker found the code (an all-bulls answer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solved: Option<bool>,
}

impl GameRecord {
    /// Whether the game was lost because its engine went away or stopped
    /// answering (`disconnect`, `stall`), which a signal to the whole job
    /// can cause as well as the engine itself.
    #[must_use]
    pub fn ended_by_a_silent_engine(&self) -> bool {
        matches!(
            self.termination(),
            Some(Termination::Disconnect | Termination::Stall)
        )
    }

    /// The same game as interrupted: no result, not counted, not written
    /// (the referee was stopping when it ended, see
    /// [`GameRecord::ended_by_a_silent_engine`]).
    #[must_use]
    pub fn into_interrupted(self) -> Self {
        Self {
            result: GameResult::None,
            score: GameResult::None.pgn().to_owned(),
            termination: Termination::Interrupt.name().to_owned(),
            adjudication: None,
            reason: "Interrupted".to_owned(),
            fault: None,
            ..self
        }
    }

    /// The termination, read back from its names.
    #[must_use]
    pub fn termination(&self) -> Option<Termination> {
        Termination::from_parts(&self.termination, self.adjudication.as_deref())
    }

    /// The engine of `player`.
    #[must_use]
    pub fn engine_of(&self, player: Player) -> &str {
        match player {
            Player::One => &self.p1,
            Player::Two => &self.p2,
        }
    }
}
