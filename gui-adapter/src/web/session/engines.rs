//! The session's engine slots (one process per side, or one for both when
//! the same engine plays both) and the searches it runs in them. An engine
//! is started when first needed and given the rules before each new game;
//! one that fails is dropped and started afresh next time.

use std::time::{Duration, Instant};

use ply_protocol::{Command, Dialect, GoParams, Response, bounded_line, proven_line};
use ply_rules::game::Player;

use super::PageSession;
use super::database::{AUTO, ENDGAME_DB};
use super::search::{Purpose, Search};
use crate::engine::{EngineError, EngineHandle};
use crate::games;
use crate::strength::Strength;
use crate::web::messages::{LastMove, PlayerKind, ServerMessage};

/// The engine option for the number of lines a search prints.
const MULTIPV: &str = "MultiPV";

impl PageSession {
    /// The engine process that plays `side`.
    pub(super) fn slot(&self, side: Player) -> usize {
        if self.config.engine_paths[0] == self.config.engine_paths[1] {
            0
        } else {
            side.index()
        }
    }

    /// Whether the engine should start its move now.
    pub(super) fn engine_is_due(&self, now: Instant) -> bool {
        !self.paused
            && self.analysis.is_none()
            && self.record.outcome().is_none()
            && self.players[self.record.side_to_move().index()] == PlayerKind::Engine
            && now >= self.next_search_at
    }

    /// Forgets the engine of `slot` (it failed): the next search starts it
    /// afresh, with the rules.
    pub(super) fn drop_engine(&mut self, slot: usize) {
        self.engines[slot] = None;
        self.databases[slot] = None;
        self.rules_sent[slot] = None;
        self.multipv_sent[slot] = None;
    }

    /// A label of the running search's lines (`info string …`): a proven
    /// or bounded line of the exact view, or a proven line of a search.
    fn read_label(&mut self, text: &str, out: &mut Vec<ServerMessage>) {
        let Some(search) = &self.search else {
            return;
        };
        if search.purpose == Purpose::Exact {
            if let Some(multipv) = proven_line(text) {
                self.exact_proven(multipv);
            } else if let Some((multipv, lower, upper)) = bounded_line(text) {
                self.exact_bounded(multipv, lower, upper);
            }
        } else if let Some(multipv) = proven_line(text) {
            let (ply, root) = (search.ply, search.root.clone());
            if search.purpose != Purpose::Graph {
                out.push(ServerMessage::Proven {
                    ply,
                    multipv,
                    analysis: search.purpose == Purpose::Analysis,
                });
            }
            if multipv == 1 {
                self.mark_proven(ply, &root);
            }
        }
    }

    /// Reads the running search's lines.
    pub(super) fn read_search(&mut self, now: Instant, out: &mut Vec<ServerMessage>) {
        loop {
            let Some(search) = &mut self.search else {
                return;
            };
            let slot = search.slot;
            let Some(engine) = self.engines[slot].as_mut() else {
                self.search = None;
                return;
            };
            match engine.try_response() {
                Ok(None) => return,
                Ok(Some(Response::Info(info))) if search.purpose == Purpose::Exact => {
                    self.exact_info(&info);
                }
                Ok(Some(Response::Info(info))) => {
                    let shown = search.purpose != Purpose::Graph;
                    if shown
                        && (info.depth.is_some() || info.score.is_some() || !info.pv.is_empty())
                    {
                        out.push(ServerMessage::Info(Box::new(search.page_info(&info))));
                    }
                    if info.multipv.is_none_or(|k| k == 1)
                        && (info.score.is_some() || !info.pv.is_empty())
                    {
                        let (side, ply, root) = (search.side, search.ply, search.root.clone());
                        search.last_info = Some(info.clone());
                        self.record_eval(ply, &root, side, &info);
                    }
                }
                Ok(Some(Response::InfoString(text))) => {
                    self.note_database(slot, std::slice::from_ref(&text));
                    self.read_label(&text, out);
                }
                Ok(Some(Response::BestMove { best, .. })) => {
                    self.finish_search(best, now, out);
                    return;
                }
                // `solve`'s last line (the exact-value view's proof).
                Ok(Some(Response::Solve(line))) => {
                    self.finish_search(line.best, now, out);
                    return;
                }
                Ok(Some(_)) => {}
                Err(error) => {
                    self.drop_engine(slot);
                    self.search = None;
                    self.paused = true;
                    // Analysis would start the broken engine again and again.
                    self.analysis = None;
                    out.push(ServerMessage::Error {
                        message: error.to_string(),
                    });
                    out.push(self.state());
                    return;
                }
            }
        }
    }

    /// A search's `bestmove`: play it, or show it as a hint.
    fn finish_search(&mut self, best: Option<String>, now: Instant, out: &mut Vec<ServerMessage>) {
        let Some(search) = self.search.take() else {
            return;
        };
        match (search.purpose, best) {
            (Purpose::Hint, best) => out.push(search.hint(best)),
            // Never a move: the analysis ended by itself (a proven value)
            // or by the page's Stop; it is not started again here.
            (Purpose::Analysis, _) => self.analysis_ended(search.ply, &search.root),
            (Purpose::Graph, _) => self.graph_searched(search.ply, &search.root),
            (Purpose::Exact, _) => self.exact_ended(),
            (Purpose::Play, Some(mv)) => {
                if let Err(message) = self.play_engine_move(search.side, &mv, now) {
                    self.paused = true;
                    out.push(ServerMessage::Error { message });
                }
            }
            (Purpose::Play, None) => {}
        }
        out.push(self.state());
    }

    /// Plays the engine's move `mv` for `side`; when engines play each
    /// other the next search waits for the watch pace, so people can follow.
    fn play_engine_move(&mut self, side: Player, mv: &str, now: Instant) -> Result<(), String> {
        let before = games::view(self.record.current()).json();
        let mv = self
            .record
            .play(mv)
            .map_err(|error| format!("the engine played an illegal move: {error}"))?;
        self.last_move = Some(LastMove {
            side: side.index(),
            mv,
            before,
        });
        let watching = self.players.iter().all(|&p| p == PlayerKind::Engine);
        let pace = if watching {
            self.config.watch_pace
        } else {
            Duration::ZERO
        };
        self.next_search_at = now + pace;
        Ok(())
    }

    /// Starts the engine of `side`'s slot and gives it the rules, and the
    /// number of lines (`MultiPV`) the search is to print. With the rules
    /// of a game that has databases it gets `EndgameDB auto` (unless the
    /// command line chose a database), so that it looks in the cache for
    /// the board at the game's start and says what it loaded.
    pub(super) fn ready_engine(
        &mut self,
        slot: usize,
        multipv: u32,
    ) -> Result<&mut EngineHandle, EngineError> {
        if self.engines[slot].is_none() {
            let mut engine = EngineHandle::start(&self.config.engine_paths[slot])?;
            for (name, value) in &self.config.engine_pairs {
                engine.set_option(name, value)?;
            }
            let notes = engine.take_notes();
            self.engines[slot] = Some(engine);
            self.databases[slot] = None;
            self.note_database(slot, &notes);
            self.rules_sent[slot] = None;
            // What the engine starts with: UCI's default of one line, or
            // the command line's `--option MultiPV=K`. Only a change is
            // sent, so an engine without the option plays as before.
            self.multipv_sent[slot] = Some(self.configured_multipv());
        }
        let pairs = self.rules_pairs();
        let auto = self.database_ui().is_some() && !self.database_chosen();
        if self.rules_sent[slot].as_ref() != Some(&pairs) {
            let engine = self.engines[slot].as_mut().ok_or(EngineError::Exited)?;
            for (name, value) in &pairs {
                engine.set_option(name, value)?;
            }
            if auto {
                // An engine without the option has no databases: refused,
                // it plays as before.
                if let Err(error) = engine.set_option(ENDGAME_DB, AUTO) {
                    log::info!("no endgame databases: {error}");
                }
                self.databases[slot] = None;
            }
            engine.send_checked(&Command::NewGame(Dialect::Uci))?;
            let notes = engine.take_notes();
            self.note_database(slot, &notes);
            self.rules_sent[slot] = Some(pairs);
        }
        let engine = self.engines[slot].as_mut().ok_or(EngineError::Exited)?;
        if self.multipv_sent[slot] != Some(multipv) {
            engine.set_option(MULTIPV, &multipv.to_string())?;
            self.multipv_sent[slot] = Some(multipv);
        }
        Ok(engine)
    }

    /// Whether the command line chose the engines' database
    /// (`--option EndgameDB=…`), which the front end then leaves alone.
    fn database_chosen(&self) -> bool {
        self.config
            .engine_pairs
            .iter()
            .any(|(name, _)| name.eq_ignore_ascii_case(ENDGAME_DB))
    }

    /// The `MultiPV` the command line gives the engines (1, UCI's
    /// default, unless `--option MultiPV=K`).
    fn configured_multipv(&self) -> u32 {
        self.config
            .engine_pairs
            .iter()
            .rev()
            .find(|(name, _)| name.eq_ignore_ascii_case(MULTIPV))
            .and_then(|(_, value)| value.trim().parse().ok())
            .unwrap_or(1)
    }

    /// Starts a search for `side` (to move now) at its strength, one line.
    /// The perfect strength without a database plays at the default
    /// strength (the page says a database is needed).
    pub(super) fn start_search(&mut self, side: Player, purpose: Purpose) -> Result<(), String> {
        let mut strength = self.strength[side.index()];
        if strength == Strength::Perfect {
            // Learn the database first: the engine says it at the game's start.
            let slot = self.slot(side);
            let multipv = self.multipv_sent[slot].unwrap_or(1);
            if let Err(error) = self.ready_engine(slot, multipv) {
                self.drop_engine(slot);
                return Err(error.to_string());
            }
            if self.database_of(slot).is_none() {
                strength = Strength::default();
            }
        }
        let go = strength.go_params();
        self.run_search(self.record.moves().len(), purpose, go, 1)
    }

    /// Starts a search of the position after the game's first `ply`
    /// moves, printing `multipv` lines, by the engine of the side to move
    /// there.
    pub(super) fn run_search(
        &mut self,
        ply: usize,
        purpose: Purpose,
        go: GoParams,
        multipv: u32,
    ) -> Result<(), String> {
        let root = self
            .record
            .position(ply)
            .cloned()
            .ok_or_else(|| format!("the game has no position after {ply} moves"))?;
        let side = root.side_to_move();
        let slot = self.slot(side);
        let position = self.record.position_command_at(ply);
        let started = self.ready_engine(slot, multipv).and_then(|engine| {
            engine.send_checked(&position)?;
            engine.go(go)
        });
        if let Err(error) = started {
            self.drop_engine(slot);
            return Err(error.to_string());
        }
        self.take_notes(slot);
        self.search = Some(Search {
            side,
            slot,
            purpose,
            root,
            ply,
            last_info: None,
        });
        Ok(())
    }

    /// Ends a search and forgets its move.
    pub(super) fn cancel_search(&mut self) {
        if self
            .search
            .as_ref()
            .is_some_and(|s| s.purpose == Purpose::Exact)
        {
            // Proven again when next due.
            self.exact = None;
        }
        if let Some(search) = self.search.take()
            && let Some(engine) = self.engines[search.slot].as_mut()
            && engine.stop_and_discard().is_err()
        {
            self.drop_engine(search.slot);
        }
    }

    /// The page's "engine, move now": the engine plays the side to move.
    pub(super) fn engine_move(&mut self) -> Result<(), String> {
        if self.analysis.is_some() {
            return Err("analysis mode is on: turn it off to let the engine play".to_owned());
        }
        if self.record.outcome().is_some() {
            return Err("the game is over".to_owned());
        }
        if self
            .search
            .as_ref()
            .is_some_and(|s| s.purpose == Purpose::Play)
        {
            return Err("the engine is already thinking".to_owned());
        }
        self.cancel_search();
        self.paused = false;
        self.start_search(self.record.side_to_move(), Purpose::Play)
    }

    /// The page's "hint": a search for the person to move, shown not played.
    pub(super) fn hint(&mut self) -> Result<(), String> {
        if self.analysis.is_some() {
            return Err("analysis mode is on: its lines are the engine's suggestions".to_owned());
        }
        if self.record.outcome().is_some() {
            return Err("the game is over".to_owned());
        }
        if self
            .search
            .as_ref()
            .is_some_and(|s| s.purpose != Purpose::Exact)
        {
            return Err("the engine is thinking".to_owned());
        }
        self.cancel_search();
        self.start_search(self.record.side_to_move(), Purpose::Hint)
    }

    /// The page's "stop": pauses the match, and the running search ends
    /// with its `bestmove` (played, or shown as the hint).
    pub(super) fn stop(&mut self) -> Result<(), String> {
        self.paused = true;
        if self.analysis.is_some() {
            let (ply, shown) = (self.shown_ply(), self.shown().clone());
            self.analysis_ended(ply, &shown);
        }
        if let Some(search) = &self.search
            && let Some(engine) = self.engines[search.slot].as_mut()
        {
            engine.send(&Command::Stop).map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}
