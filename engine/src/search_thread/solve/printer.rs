//! The lines of `solve`, the same for every game (docs/protocol.md):
//!
//! - after each step of the proof, `info depth … score cp …` with the
//!   root's value (exact once its bounds meet, else the bound the step
//!   moved, marked `lowerbound` or `upperbound`) and the best move so far,
//!   then `info string solve: the value is between L and U`;
//! - with `MultiPV` K > 1, each of the K best moves, best first: `info
//!   depth … multipv k score cp … pv <move> …` (a lower bound unless
//!   solved), then `info string multipv k proven margin V (solved)`, the
//!   label `go` gives a proven line, or `info string multipv k between L
//!   and U`;
//! - at the end, `solved value …` when the bounds have met, else
//!   `unsolved lowerbound … upperbound …`.
//!
//! A solver only proves; here is how a proof is spoken. A value is in the
//! game's units (seeds of margin, or +1 a win, 0 a draw, −1 a loss),
//! shown in centi-units as `go` shows a score.

use std::time::Duration;

use ply_protocol::{Info, Response, Score, ScoreBound, ScoreValue, SolveLine, bounds_label};

use crate::search::score::{CENTI, signed};
use crate::search_thread::output::Output;
use crate::search_thread::running::nodes_per_second;

/// The work of a solve so far, which every `info` line and the last
/// line give.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Figures {
    /// Positions searched.
    pub nodes: u64,
    /// Time since the solve began.
    pub elapsed: Duration,
    /// How full the solver's table is, in permille, for a solver with one
    /// the size of `Hash`.
    pub hashfull: Option<u32>,
}

impl Figures {
    fn millis(&self) -> u64 {
        u64::try_from(self.elapsed.as_millis()).unwrap_or(u64::MAX)
    }

    fn nps(&self) -> u64 {
        let micros = u64::try_from(self.elapsed.as_micros()).unwrap_or(u64::MAX);
        nodes_per_second(self.nodes, micros)
    }
}

/// What one step of a proof (an iteration, a zero-window search) has
/// proven of the root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The steps so far: the `info` line's depth.
    pub depth: u32,
    /// The root's value is at least this.
    pub lower: i32,
    /// The root's value is at most this.
    pub upper: i32,
    /// The bound shown while the two differ: the one the step moved.
    pub shown: ScoreBound,
    /// The best move so far, in the game's notation.
    pub best: Option<String>,
    /// Whether the `info string` names the best move too (`(best so far
    /// …)`): a bounds solver's best move changes as its moves' bounds do,
    /// while an exact solver's steps (MTD(f)'s) say only the value's
    /// bounds.
    pub names_best: bool,
}

/// One of the best moves with what is proven of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveLine {
    /// The steps its proof took: the `info` line's depth.
    pub depth: u32,
    /// Its value is at least this.
    pub lower: i32,
    /// Its value is at most this.
    pub upper: i32,
    /// The move and what the solver knows to follow it, in the game's
    /// notation.
    pub pv: Vec<String>,
}

/// Sends the lines of a step: its `info` line and its `info string`.
pub fn send_step(out: &Output, step: &Step, figures: Figures) {
    let (value, bound) = if step.lower == step.upper {
        (step.lower, None)
    } else {
        match step.shown {
            ScoreBound::Lower => (step.lower, Some(ScoreBound::Lower)),
            ScoreBound::Upper => (step.upper, Some(ScoreBound::Upper)),
        }
    };
    out.send(&Response::Info(Info {
        depth: Some(step.depth),
        score: Some(Score {
            value: ScoreValue::Centi(value * CENTI),
            bound,
        }),
        nodes: Some(figures.nodes),
        nps: Some(figures.nps()),
        hashfull: figures.hashfull,
        time: Some(figures.millis()),
        pv: step.best.iter().cloned().collect(),
        ..Info::default()
    }));
    let bounds = format!(
        "solve: the value is between {} and {}",
        step.lower, step.upper
    );
    out.send(&Response::InfoString(match &step.best {
        Some(best) if step.names_best => format!("{bounds} (best so far {best})"),
        _ => bounds,
    }));
}

/// Sends the lines of the move ranked `rank` (from 1) among the best:
/// its `info` line and its label.
pub fn send_move_line(out: &Output, rank: u32, line: &MoveLine, figures: Figures) {
    let exact = (line.lower == line.upper).then_some(line.lower);
    out.send(&Response::Info(Info {
        depth: Some(line.depth),
        multipv: Some(rank),
        score: Some(Score {
            value: ScoreValue::Centi(line.lower * CENTI),
            bound: exact.is_none().then_some(ScoreBound::Lower),
        }),
        nodes: Some(figures.nodes),
        nps: Some(figures.nps()),
        hashfull: figures.hashfull,
        time: Some(figures.millis()),
        pv: line.pv.clone(),
        ..Info::default()
    }));
    out.send(&Response::InfoString(match exact {
        Some(value) => format!("multipv {rank} proven margin {} (solved)", signed(value)),
        None => bounds_label(rank, line.lower, line.upper),
    }));
}

/// Sends the last line: `solved value …` when `lower` and `upper` have
/// met, else `unsolved lowerbound … upperbound …`; `best` keeps the value
/// at least `lower` (`None` when the game is over).
pub fn send_result(
    out: &Output,
    (lower, upper): (i32, i32),
    best: Option<String>,
    figures: Figures,
) {
    out.send(&Response::Solve(SolveLine {
        lower,
        upper,
        best,
        nodes: figures.nodes,
        time: figures.millis(),
    }));
}
