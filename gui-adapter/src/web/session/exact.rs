//! The exact-value view (docs/front-ends.md, "Exact values"): with a
//! database loaded, the engine proves the value of every legal move of the
//! position shown (`solve` with `MultiPV` as many as the moves), and the
//! page shows each beside its move, from the mover's side. Where `solve`
//! proves only bounds (Oware's repetitions can leave a value open), the
//! page shows the bounds.
//!
//! It never disturbs play: it runs only when a person is to move in the
//! position shown (or in analysis mode, before the analysis), a change of
//! position cancels it (`stop`, its answer dropped), and a proof that
//! takes longer than [`EXACT_TIME_LIMIT`] is stopped and the page says
//! the values were not proven in time.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use ply_protocol::{Command, Info, ScoreValue, SolveParams};

use super::PageSession;
use super::search::{Purpose, Search};
use crate::games;
use crate::web::messages::{ExactInfo, ExactMove, PlayerKind};

/// How long the view waits for every move's proof before it stops the
/// engine: on Kalah(6,4) proving every move takes a few hundredths of a
/// second at the median, and at worst under 5 s with the 28-seed database,
/// tens of seconds with the 24-seed one (docs/endgame-db.md, "Measured").
pub(super) const EXACT_TIME_LIMIT: Duration = Duration::from_secs(5);

/// Where the proof of a position's move values is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ExactState {
    /// The engine is proving.
    Solving,
    /// Every move's value is proven.
    Proven,
    /// The proof ended by itself with only bounds on some moves.
    Bounded,
    /// Stopped after [`EXACT_TIME_LIMIT`] (or the engine ended early):
    /// the values shown are those proven by then.
    NotInTime,
}

/// The proven move values of one position.
#[derive(Debug)]
pub(super) struct Exact {
    /// The position: after this many of the game's moves, and its string.
    ply: usize,
    fen: String,
    /// How many legal moves it has.
    moves: usize,
    /// Each line's move, and its value when printed without a bound, as
    /// last printed, by `multipv` rank, until the engine labels it.
    pending: BTreeMap<u32, (String, Option<i32>)>,
    /// The proven bounds, by move (on the final margin for the mover):
    /// equal when the value is proven.
    values: BTreeMap<String, (i32, i32)>,
    state: ExactState,
    started: Instant,
    /// Whether `stop` was sent for running too long.
    stopped: bool,
}

impl PageSession {
    /// The page's "exact values on/off".
    pub(super) fn set_exact(&mut self, on: bool) -> Result<(), String> {
        let variant = self.record.options().variant();
        if on && self.database_ui().is_none() {
            return Err(format!(
                "{} has no exact database, so no exact values",
                variant.name()
            ));
        }
        self.exact_on = on;
        if !on {
            if self
                .search
                .as_ref()
                .is_some_and(|s| s.purpose == Purpose::Exact)
            {
                self.cancel_search();
            }
            self.exact = None;
        }
        Ok(())
    }

    /// Whether the exact values of the position shown are due: the view
    /// is on, the engine of the side to move has a database, a person is
    /// to move there (or analysis mode is on), the game goes on, and they
    /// were not proven (or tried) yet.
    fn exact_is_due(&self) -> bool {
        if !self.exact_on || self.search.is_some() {
            return false;
        }
        let shown = self.shown();
        let side = shown.side_to_move();
        let person = self.players[side.index()] == PlayerKind::Human || self.analysis.is_some();
        let done = self
            .exact
            .as_ref()
            .is_some_and(|e| e.ply == self.shown_ply() && e.fen == shown.position_string());
        person && !done && shown.outcome().is_none() && self.database_of(self.slot(side)).is_some()
    }

    /// Starts the proof of every move of the position shown, if it is due.
    pub(super) fn exact_search(&mut self) -> Option<Result<(), String>> {
        if !self.exact_is_due() {
            return None;
        }
        let ply = self.shown_ply();
        let root = self.shown().clone();
        let legal = games::legal_moves(&root).len();
        let moves = u32::try_from(legal).unwrap_or(u32::MAX);
        self.exact = Some(Exact {
            ply,
            fen: root.position_string(),
            moves: legal,
            pending: BTreeMap::new(),
            values: BTreeMap::new(),
            state: ExactState::Solving,
            started: Instant::now(),
            stopped: false,
        });
        let side = root.side_to_move();
        let slot = self.slot(side);
        let position = self.record.position_command_at(ply);
        // At least two lines: the engines print each move's line only with
        // MultiPV above 1, and a position with one legal move needs it too.
        let started = self.ready_engine(slot, moves.max(2)).and_then(|engine| {
            engine.send_checked(&position)?;
            engine.send(&Command::Solve(SolveParams::default()))
        });
        if let Err(error) = started {
            self.drop_engine(slot);
            self.exact = None;
            return Some(Err(error.to_string()));
        }
        self.take_notes(slot);
        self.search = Some(Search {
            side,
            slot,
            purpose: Purpose::Exact,
            root,
            ply,
            last_info: None,
        });
        Some(Ok(()))
    }

    /// A line of the proof: each move, and its value when printed
    /// without a bound, kept until the engine labels its line.
    pub(super) fn exact_info(&mut self, info: &Info) {
        let (Some(exact), Some(score), Some(mv)) = (&mut self.exact, &info.score, info.pv.first())
        else {
            return;
        };
        let value = match (score.value, score.bound) {
            (ScoreValue::Centi(cp), None) => Some(cp / 100),
            _ => None,
        };
        exact
            .pending
            .insert(info.multipv.unwrap_or(1), (mv.clone(), value));
    }

    /// The engine labelled line `multipv` proven: its move's value is.
    pub(super) fn exact_proven(&mut self, multipv: u32) {
        if let Some(exact) = &mut self.exact
            && let Some((mv, Some(value))) = exact.pending.remove(&multipv)
        {
            exact.values.insert(mv, (value, value));
        }
    }

    /// The engine labelled line `multipv` with bounds: its move's value
    /// lies between `lower` and `upper`.
    pub(super) fn exact_bounded(&mut self, multipv: u32, lower: i32, upper: i32) {
        if let Some(exact) = &mut self.exact
            && let Some((mv, _)) = exact.pending.remove(&multipv)
        {
            exact.values.insert(mv, (lower, upper));
        }
    }

    /// The proof ended (`solved …`, or the answer to the `stop`).
    pub(super) fn exact_ended(&mut self) {
        if let Some(exact) = &mut self.exact {
            let every_move = exact.values.len() == exact.moves;
            let all_exact = exact.values.values().all(|(lower, upper)| lower == upper);
            exact.state = match (exact.stopped, every_move, all_exact) {
                (false, true, true) => ExactState::Proven,
                (false, true, false) => ExactState::Bounded,
                _ => ExactState::NotInTime,
            };
        }
    }

    /// Stops a proof that has run for [`EXACT_TIME_LIMIT`]; true if it did.
    pub(super) fn exact_timeout(&mut self, now: Instant) -> bool {
        let Some(search) = &self.search else {
            return false;
        };
        if search.purpose != Purpose::Exact {
            return false;
        }
        let slot = search.slot;
        let Some(exact) = &mut self.exact else {
            return false;
        };
        if exact.stopped || now < exact.started + EXACT_TIME_LIMIT {
            return false;
        }
        exact.stopped = true;
        if let Some(engine) = self.engines[slot].as_mut()
            && engine.send(&Command::Stop).is_err()
        {
            self.drop_engine(slot);
            self.search = None;
            self.exact_ended();
        }
        true
    }

    /// The exact values for the page, when the view is on.
    pub(super) fn exact_for_page(&self) -> Option<ExactInfo> {
        if !self.exact_on {
            return None;
        }
        let shown = self.shown();
        let exact = self
            .exact
            .as_ref()
            .filter(|e| e.ply == self.shown_ply() && e.fen == shown.position_string());
        let status = match exact.map(|e| e.state) {
            _ if shown.outcome().is_some() => "the game is over",
            Some(ExactState::Solving) => "proving",
            Some(ExactState::Proven) => "proven",
            Some(ExactState::Bounded) => "bounds proven",
            Some(ExactState::NotInTime) => "not proven in time",
            None if self.database_of(self.slot(shown.side_to_move())).is_none() => {
                "needs a database"
            }
            None => "shown when a person is to move",
        };
        let values = exact.map_or_else(Vec::new, |e| {
            games::legal_moves(shown)
                .into_iter()
                .filter_map(|mv| {
                    let (lower, upper) = *e.values.get(&mv)?;
                    Some(ExactMove {
                        mv,
                        value: (lower == upper).then_some(lower),
                        lower,
                        upper,
                    })
                })
                .collect()
        });
        Some(ExactInfo {
            ply: self.shown_ply(),
            status,
            values,
        })
    }
}
