//! One page's game: the record, who plays each side, the engine processes,
//! and the search in progress.
//!
//! The session is driven by two things: the page's messages
//! ([`Session::handle`]) and the passing of time ([`Session::poll`], which
//! reads the engines' lines and starts the engine's next move). Both return
//! the messages to send to the page. Nothing blocks for long: a search is
//! started with `go` and its lines are read as they come.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use ply_protocol::{Command, Dialect, Info, Response, ScoreValue};
use ply_rules::game::{Outcome, Player};
use ply_rules::options::RuleKind;
use ply_rules::variant::{AnyGame, AnyRules, Variant};
use serde_json::Value;

use super::messages::{
    ClientMessage, LastMove, MoveEntry, OptionInfo, OptionValue, OutcomeInfo, PlayerKind,
    ScoreInfo, SearchInfo, ServerMessage, StateInfo, TurnInfo, VariantInfo,
};
use crate::engine::{Engine, EngineError};
use crate::games::{self, group_into_turns};
use crate::record::GameRecord;
use crate::score;
use crate::strength::Strength;

/// The longest option value or position string the page may send.
const MAX_TEXT: usize = 256;

/// What every session starts from (the command line's choices).
#[derive(Clone, Debug)]
pub struct SessionConfig {
    /// The engine for each side; the same path twice means one engine
    /// process plays both sides.
    pub engine_paths: [PathBuf; 2],
    /// The game and rules a session starts with.
    pub options: AnyRules,
    /// The command line's `setoption` pairs, sent to every engine first.
    pub engine_pairs: Vec<(String, String)>,
    /// The engine's strength a session starts with.
    pub strength: Strength,
    /// Who plays each side at the start.
    pub players: [PlayerKind; 2],
    /// The pause between moves when engines play each other.
    pub watch_pace: Duration,
}

/// Why the engine is searching.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    /// To play its move.
    Play,
    /// To suggest a turn to a person.
    Hint,
}

/// A search in progress.
#[derive(Debug)]
struct Search {
    side: Player,
    slot: usize,
    purpose: Purpose,
    root: AnyGame,
    /// The first line of the engine's first iteration, for the hint.
    last_info: Option<Info>,
}

/// One page's game.
#[derive(Debug)]
pub struct Session {
    config: Arc<SessionConfig>,
    /// The rule options in force, by declared name (the game's whitelist).
    option_values: BTreeMap<String, String>,
    record: GameRecord,
    players: [PlayerKind; 2],
    strength: [Strength; 2],
    engines: [Option<Engine>; 2],
    /// The rule options each engine was given, `None` to send them again.
    rules_sent: [Option<Vec<(String, String)>>; 2],
    search: Option<Search>,
    flipped: bool,
    paused: bool,
    next_search_at: Instant,
    last_move: Option<LastMove>,
    /// The draw offer the person declined (its reason): not offered again
    /// until the reason changes (a capture changes the balance).
    declined_offer: Option<String>,
    /// Messages from the page handled so far.
    handled: u64,
}

impl Session {
    /// A session at the start of the configured game.
    ///
    /// # Errors
    /// Why the configured options make no playable game.
    pub fn new(config: Arc<SessionConfig>) -> Result<Self, String> {
        let record = GameRecord::new(&config.options)?;
        let option_values = initial_values(&config, config.options.variant());
        Ok(Self {
            option_values,
            record,
            players: config.players,
            strength: [config.strength; 2],
            engines: [None, None],
            rules_sent: [None, None],
            search: None,
            flipped: false,
            paused: false,
            next_search_at: Instant::now(),
            last_move: None,
            declined_offer: None,
            handled: 0,
            config,
        })
    }

    /// The first messages for a page that has just connected.
    #[must_use]
    pub fn greeting(&self) -> Vec<ServerMessage> {
        let variants = Variant::ALL.iter().map(|&v| variant_info(v)).collect();
        vec![
            ServerMessage::Hello {
                version: env!("CARGO_PKG_VERSION"),
                variants,
            },
            self.state(),
        ]
    }

    /// Answers a message from the page that is none of [`ClientMessage`].
    pub fn refuse(&mut self, message: String) -> Vec<ServerMessage> {
        self.handled += 1;
        vec![ServerMessage::Error { message }, self.state()]
    }

    /// Handles one message from the page.
    pub fn handle(&mut self, message: ClientMessage) -> Vec<ServerMessage> {
        self.handled += 1;
        let result = match message {
            ClientMessage::NewGame { variant, options } => self.new_game(variant, &options),
            ClientMessage::Move { mv } => self.person_move(&mv),
            ClientMessage::Undo {} => self.undo(),
            ClientMessage::SetPosition { fen } => self.set_position(&fen),
            ClientMessage::SetOptions { players, strength } => self.set_options(players, strength),
            ClientMessage::EngineMove {} => self.engine_move(),
            ClientMessage::Hint {} => self.hint(),
            ClientMessage::Stop {} => self.stop(),
            ClientMessage::Flip {} => {
                self.flipped = !self.flipped;
                Ok(())
            }
            ClientMessage::AnswerDraw { accept } => self.answer_draw(accept),
        };
        match result {
            Ok(()) => vec![self.state()],
            Err(message) => vec![ServerMessage::Error { message }, self.state()],
        }
    }

    /// Reads what the engines have said and starts the engine's next move
    /// when it is due.
    pub fn poll(&mut self, now: Instant) -> Vec<ServerMessage> {
        let mut out = Vec::new();
        if self.search.is_some() {
            self.read_search(now, &mut out);
        }
        if self.search.is_none() && self.engine_is_due(now) {
            let side = self.record.side_to_move();
            match self.start_search(side, Purpose::Play) {
                Ok(()) => out.push(self.state()),
                Err(message) => {
                    self.paused = true;
                    out.push(ServerMessage::Error { message });
                    out.push(self.state());
                }
            }
        }
        out
    }

    /// Whether the engine should start its move now.
    fn engine_is_due(&self, now: Instant) -> bool {
        !self.paused
            && self.record.outcome().is_none()
            && self.players[self.record.side_to_move().index()] == PlayerKind::Engine
            && now >= self.next_search_at
    }

    /// Reads the running search's lines.
    fn read_search(&mut self, now: Instant, out: &mut Vec<ServerMessage>) {
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
                Ok(Some(Response::Info(info))) => {
                    if info.depth.is_some() || info.score.is_some() || !info.pv.is_empty() {
                        out.push(ServerMessage::Info(search_info(search, &info)));
                        if info.score.is_some() || !info.pv.is_empty() {
                            search.last_info = Some(info);
                        }
                    }
                }
                Ok(Some(Response::BestMove { best, .. })) => {
                    self.finish_search(best, now, out);
                    return;
                }
                Ok(Some(_)) => {}
                Err(error) => {
                    self.engines[slot] = None;
                    self.rules_sent[slot] = None;
                    self.search = None;
                    self.paused = true;
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
            (Purpose::Hint, best) => {
                let line = search.last_info.as_ref().map(|i| i.pv.clone());
                let turns = group_into_turns(&search.root, &line.unwrap_or_default());
                let turn = match turns.into_iter().next() {
                    Some((_, moves)) => moves,
                    None => best.into_iter().collect(),
                };
                let score = search
                    .last_info
                    .and_then(|i| i.score)
                    .map(|s| score::describe(&s));
                out.push(ServerMessage::Hint {
                    side: search.side.index(),
                    turn,
                    score,
                });
            }
            (Purpose::Play, Some(mv)) => {
                let before = games::view(self.record.current()).json();
                match self.record.play(&mv) {
                    Ok(mv) => {
                        self.last_move = Some(LastMove {
                            side: search.side.index(),
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
                    }
                    Err(error) => {
                        self.paused = true;
                        out.push(ServerMessage::Error {
                            message: format!("the engine played an illegal move: {error}"),
                        });
                    }
                }
            }
            (Purpose::Play, None) => {}
        }
        out.push(self.state());
    }

    /// Starts the engine of `side`'s slot and gives it the rules.
    fn ready_engine(&mut self, slot: usize) -> Result<&mut Engine, EngineError> {
        if self.engines[slot].is_none() {
            let mut engine = Engine::start(&self.config.engine_paths[slot])?;
            for (name, value) in &self.config.engine_pairs {
                engine.set_option(name, value)?;
            }
            self.engines[slot] = Some(engine);
            self.rules_sent[slot] = None;
        }
        let pairs = self.rules_pairs();
        let engine = self.engines[slot].as_mut().ok_or(EngineError::Exited)?;
        if self.rules_sent[slot].as_ref() != Some(&pairs) {
            for (name, value) in &pairs {
                engine.set_option(name, value)?;
            }
            engine.send_checked(&Command::NewGame(Dialect::Uci))?;
            self.rules_sent[slot] = Some(pairs);
        }
        Ok(engine)
    }

    /// Starts a search for `side`.
    fn start_search(&mut self, side: Player, purpose: Purpose) -> Result<(), String> {
        let slot = self.slot(side);
        let position = self.record.position_command();
        let go = self.strength[side.index()].go_params();
        let started = self.ready_engine(slot).and_then(|engine| {
            engine.send_checked(&position)?;
            engine.go(go)
        });
        if let Err(error) = started {
            self.engines[slot] = None;
            self.rules_sent[slot] = None;
            return Err(error.to_string());
        }
        self.search = Some(Search {
            side,
            slot,
            purpose,
            root: self.record.current().clone(),
            last_info: None,
        });
        Ok(())
    }

    /// Ends a search and forgets its move.
    fn cancel_search(&mut self) {
        if let Some(search) = self.search.take()
            && let Some(engine) = self.engines[search.slot].as_mut()
            && engine.stop_and_discard().is_err()
        {
            self.engines[search.slot] = None;
            self.rules_sent[search.slot] = None;
        }
    }

    /// The engine process that plays `side`.
    fn slot(&self, side: Player) -> usize {
        if self.config.engine_paths[0] == self.config.engine_paths[1] {
            0
        } else {
            side.index()
        }
    }

    /// `UCI_Variant` and the rule options, as sent to the engines (which
    /// apply them as a whole, in any order, at the next game start).
    fn rules_pairs(&self) -> Vec<(String, String)> {
        let variant = self.record.options().variant();
        std::iter::once(("UCI_Variant".to_owned(), variant.name().to_owned()))
            .chain(
                pairs_of(&self.option_values)
                    .map(|(name, value)| (name.to_owned(), value.to_owned())),
            )
            .collect()
    }

    fn new_game(
        &mut self,
        variant: Option<String>,
        given: &BTreeMap<String, OptionValue>,
    ) -> Result<(), String> {
        let current = self.record.options().variant();
        let variant = match variant {
            Some(name) => Variant::from_name(&name).ok_or_else(|| {
                format!(
                    "no game named '{}': the engine plays {}",
                    clip(&name),
                    Variant::names().join(", ")
                )
            })?,
            None => current,
        };
        let mut values = if variant == current {
            self.option_values.clone()
        } else {
            initial_values(&self.config, variant)
        };
        let allowed = variant.option_names();
        for (name, value) in given {
            let declared = allowed
                .iter()
                .find(|declared| declared.eq_ignore_ascii_case(name))
                .ok_or_else(|| {
                    format!(
                        "the page may not set option '{}'; {} takes {}",
                        clip(name),
                        variant.name(),
                        if allowed.is_empty() {
                            "none".to_owned()
                        } else {
                            allowed.join(", ")
                        }
                    )
                })?;
            let text = value.as_text();
            if text.len() > MAX_TEXT {
                return Err(format!("the value of '{declared}' is too long"));
            }
            values.insert((*declared).to_owned(), text);
        }
        let options = options_for(variant, &values)?;
        let record = GameRecord::new(&options)?;
        self.cancel_search();
        // The values as the engine library read them ("4", not the page's
        // "4\n", which would write a line of its own to the engine).
        self.option_values = values_of(&options);
        self.reset(record);
        Ok(())
    }

    fn set_position(&mut self, fen: &str) -> Result<(), String> {
        if fen.len() > MAX_TEXT {
            return Err("the position string is too long".to_owned());
        }
        let record =
            GameRecord::from_position(self.record.options(), fen).map_err(|e| e.to_string())?;
        self.cancel_search();
        self.reset(record);
        Ok(())
    }

    /// A new game: the engines get `ucinewgame` (with the rules) before
    /// their next search.
    fn reset(&mut self, record: GameRecord) {
        self.record = record;
        self.rules_sent = [None, None];
        self.paused = false;
        self.last_move = None;
        self.declined_offer = None;
        self.next_search_at = Instant::now();
    }

    /// The draw offer for the person now, if any: the game's own test
    /// (draughts: only kings remain), made while a person is to move and
    /// not declined for the same reason before.
    fn draw_offer(&self) -> Option<String> {
        let side = self.record.side_to_move();
        if self.record.outcome().is_some() || self.players[side.index()] != PlayerKind::Human {
            return None;
        }
        games::view(self.record.current())
            .draw_offer()
            .filter(|reason| self.declined_offer.as_ref() != Some(reason))
    }

    fn answer_draw(&mut self, accept: bool) -> Result<(), String> {
        let Some(reason) = self.draw_offer() else {
            return Err("no draw is offered".to_owned());
        };
        if accept {
            self.cancel_search();
            self.record.agree_draw();
        } else {
            self.declined_offer = Some(reason);
        }
        Ok(())
    }

    fn person_move(&mut self, text: &str) -> Result<(), String> {
        let side = self.record.side_to_move();
        if self.record.outcome().is_some() {
            return Err("the game is over".to_owned());
        }
        if self.players[side.index()] != PlayerKind::Human {
            return Err(format!(
                "it is {}'s move, and the engine plays that side",
                self.record.options().variant().side_name(side)
            ));
        }
        if self
            .search
            .as_ref()
            .is_some_and(|s| s.purpose == Purpose::Play)
        {
            return Err("the engine is thinking".to_owned());
        }
        if text.len() > MAX_TEXT {
            return Err("that move is too long".to_owned());
        }
        let before = games::view(self.record.current()).json();
        // Check before stopping a hint, so a bad click changes nothing.
        games::canonical_move(self.record.current(), text).map_err(|e| e.to_string())?;
        self.cancel_search();
        let mv = self.record.play(text).map_err(|e| e.to_string())?;
        self.last_move = Some(LastMove {
            side: side.index(),
            mv,
            before,
        });
        self.next_search_at = Instant::now();
        Ok(())
    }

    /// Takes back the last person's turn (with the engine's replies), or
    /// one move when engines play both sides.
    ///
    /// Whether anything can be taken back is asked before the search is
    /// stopped or the match paused: a refused message changes nothing
    /// (see messages.rs), so a stray undo at the start of a watched game
    /// must not stop the engine's search and pause the match.
    fn undo(&mut self) -> Result<(), String> {
        let people = self.players.map(|p| p == PlayerKind::Human);
        let watching = !people.contains(&true);
        let possible = if watching {
            !self.record.moves().is_empty()
        } else {
            self.record.can_undo_turn(people)
        };
        if !possible {
            return Err("nothing to take back".to_owned());
        }
        self.cancel_search();
        let taken = if watching {
            // Engines only: one move back, and they wait.
            self.paused = true;
            self.record.undo_move().into_iter().collect()
        } else {
            self.record.undo_turn(people)
        };
        if taken.is_empty() {
            return Err("nothing to take back".to_owned());
        }
        self.last_move = None;
        self.declined_offer = None;
        Ok(())
    }

    fn set_options(
        &mut self,
        players: Option<[PlayerKind; 2]>,
        strength: Option<[Strength; 2]>,
    ) -> Result<(), String> {
        if let Some(strength) = strength {
            for s in strength {
                s.checked().map_err(|e| e.to_string())?;
            }
        }
        self.cancel_search();
        if let Some(players) = players {
            self.players = players;
        }
        if let Some(strength) = strength {
            self.strength = strength;
        }
        self.paused = false;
        Ok(())
    }

    fn engine_move(&mut self) -> Result<(), String> {
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

    fn hint(&mut self) -> Result<(), String> {
        if self.record.outcome().is_some() {
            return Err("the game is over".to_owned());
        }
        if self.search.is_some() {
            return Err("the engine is thinking".to_owned());
        }
        self.start_search(self.record.side_to_move(), Purpose::Hint)
    }

    fn stop(&mut self) -> Result<(), String> {
        self.paused = true;
        if let Some(search) = &self.search
            && let Some(engine) = self.engines[search.slot].as_mut()
        {
            engine.send(&Command::Stop).map_err(|e| e.to_string())?;
        }
        Ok(())
    }

    /// The side shown at the bottom.
    fn bottom(&self) -> Player {
        let base = if self.players == [PlayerKind::Engine, PlayerKind::Human] {
            Player::Two
        } else {
            Player::One
        };
        if self.flipped { base.opponent() } else { base }
    }

    /// Everything the page shows.
    #[must_use]
    pub fn state(&self) -> ServerMessage {
        let game = self.record.current();
        let variant = self.record.options().variant();
        let view = games::view(game);
        let side = game.side_to_move();
        let thinking = self.search.as_ref().map(|s| s.side.index());
        let hinting = self
            .search
            .as_ref()
            .is_some_and(|s| s.purpose == Purpose::Hint);
        let may_click = self.players[side.index()] == PlayerKind::Human
            && (thinking.is_none() || hinting)
            && self.record.outcome().is_none();
        let tally = view.tally();
        let outcome = self.record.outcome().map(|outcome| {
            let counts = |first: usize| {
                tally
                    .map(|t| format!(" {}-{}", t[first], t[1 - first]))
                    .unwrap_or_default()
            };
            match outcome {
                Outcome::Win(winner) => OutcomeInfo {
                    winner: Some(winner.index()),
                    text: format!(
                        "{} wins{}",
                        variant.side_name(winner),
                        counts(winner.index())
                    ),
                },
                Outcome::Draw => OutcomeInfo {
                    winner: None,
                    text: if self.record.draw_agreed() {
                        "Draw by agreement".to_owned()
                    } else if let Some(rule) = view.draw_rule() {
                        format!("Draw: {rule}")
                    } else {
                        format!("Draw{}", counts(0))
                    },
                },
            }
        });
        let moves = self
            .record
            .moves()
            .iter()
            .enumerate()
            .map(|(i, mv)| MoveEntry {
                side: self.record.mover(i).index(),
                mv: mv.clone(),
            })
            .collect();
        let bottom = self.bottom();
        let engine_names = [0, 1].map(|i| {
            let slot = self.slot(if i == 0 { Player::One } else { Player::Two });
            self.engines[slot].as_ref().map(|e| e.name().to_owned())
        });
        ServerMessage::State(Box::new(StateInfo {
            variant: variant.name(),
            title: self.record.options().title(),
            options: self.option_values.clone(),
            side_names: variant.sides(),
            fen: game.position_string(),
            board: view.json(),
            text: view.text(bottom),
            bottom: bottom.index(),
            side_to_move: side.index(),
            legal: if may_click && view.lists_moves() {
                games::legal_moves(game)
            } else {
                Vec::new()
            },
            moves,
            players: self.players,
            strength: self.strength,
            thinking,
            hinting,
            paused: self.paused,
            outcome,
            tally,
            last_move: self.last_move.clone(),
            draw_offer: self.draw_offer(),
            engine_names,
            ack: self.handled,
        }))
    }
}

/// The rule options a session starts `variant` with: the command line's
/// for its own game, the game's defaults for the others.
fn initial_values(config: &SessionConfig, variant: Variant) -> BTreeMap<String, String> {
    if variant == config.options.variant() {
        values_of(&config.options)
    } else {
        values_of(&AnyRules::default_for(variant))
    }
}

/// The game's rule options in `rules`, by name.
fn values_of(rules: &AnyRules) -> BTreeMap<String, String> {
    rules
        .values()
        .into_iter()
        .map(|(name, value)| (name.to_owned(), value))
        .collect()
}

/// The rules of `variant` with `values`, checked as a whole (as the
/// engine checks them), so only rules that cannot be played are refused.
fn options_for(variant: Variant, values: &BTreeMap<String, String>) -> Result<AnyRules, String> {
    let pairs: Vec<(&str, &str)> = pairs_of(values).collect();
    AnyRules::build(variant, &pairs).map_err(|e| e.to_string())
}

/// The options as name and value.
fn pairs_of(values: &BTreeMap<String, String>) -> impl Iterator<Item = (&str, &str)> {
    values
        .iter()
        .map(|(name, value)| (name.as_str(), value.as_str()))
}

/// A game for the page's menu: its rule options with the game's own
/// defaults and ranges (Kalah's and Oware's boards differ).
fn variant_info(variant: Variant) -> VariantInfo {
    let ui = games::ui(variant);
    let options = variant
        .rule_options()
        .into_iter()
        .map(|decl| {
            let (kind, default, min, max) = match decl.kind {
                RuleKind::Check => ("check", Value::from(decl.default != 0), None, None),
                RuleKind::Spin { min, max, .. } => {
                    ("spin", Value::from(decl.default), Some(min), Some(max))
                }
            };
            OptionInfo {
                name: decl.name.to_owned(),
                kind,
                default,
                min,
                max,
                vars: Vec::new(),
            }
        })
        .collect();
    VariantInfo {
        name: variant.name(),
        side_names: variant.sides(),
        options,
        unit: ui.unit,
        two_sided: ui.two_sided,
    }
}

/// A search line for the page.
fn search_info(search: &Search, info: &Info) -> SearchInfo {
    let to_info = |s: &ply_protocol::Score| {
        let (cp, mate) = match s.value {
            ScoreValue::Centi(cp) => (Some(cp), None),
            ScoreValue::Mate(n) => (None, Some(n)),
        };
        ScoreInfo {
            cp,
            mate,
            text: score::describe(s),
        }
    };
    let pv_turns = group_into_turns(&search.root, &info.pv)
        .into_iter()
        .map(|(side, moves)| TurnInfo {
            side: side.index(),
            moves,
        })
        .collect();
    SearchInfo {
        side: search.side.index(),
        hint: search.purpose == Purpose::Hint,
        depth: info.depth,
        seldepth: info.seldepth,
        score: info.score.as_ref().map(to_info),
        eval: info
            .score
            .as_ref()
            .map(|s| to_info(&score::for_player_one(s, search.side))),
        nodes: info.nodes,
        nps: info.nps,
        time: info.time,
        pv: info.pv.clone(),
        pv_turns,
        note: info
            .score
            .as_ref()
            .and_then(|s| games::view(&search.root).score_note(s)),
    }
}

/// Text from the page, cut short for an error message.
fn clip(text: &str) -> String {
    text.chars().take(40).collect()
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// The stand-in engine (tests/mock-engine.sh): it searches until
    /// `stop`, so a search stays running for as long as a test looks.
    fn mock_engine() -> PathBuf {
        PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/mock-engine.sh"))
    }

    fn session(players: [PlayerKind; 2]) -> Session {
        let config = SessionConfig {
            engine_paths: [mock_engine(), mock_engine()],
            options: AnyRules::default_for(Variant::ALL[0]),
            engine_pairs: Vec::new(),
            strength: Strength::default(),
            players,
            watch_pace: Duration::ZERO,
        };
        Session::new(Arc::new(config)).expect("the default game")
    }

    /// The state at the end of `messages`, after the error refusing the
    /// message, if any.
    fn answer(messages: &[ServerMessage]) -> (Option<&str>, &StateInfo) {
        let error = messages.iter().find_map(|m| match m {
            ServerMessage::Error { message } => Some(message.as_str()),
            _ => None,
        });
        match messages.last() {
            Some(ServerMessage::State(state)) => (error, state),
            other => panic!("no state at the end: {other:?}"),
        }
    }

    #[test]
    fn a_refused_undo_leaves_the_watched_match_running() {
        let mut session = session([PlayerKind::Engine, PlayerKind::Engine]);
        let started = session.poll(Instant::now());
        let (error, state) = answer(&started);
        assert_eq!(
            (error, state.thinking, state.paused),
            (None, Some(0), false)
        );

        let replies = session.handle(ClientMessage::Undo {});
        let (error, state) = answer(&replies);
        assert_eq!(error, Some("nothing to take back"));
        assert_eq!(state.thinking, Some(0), "the search goes on");
        assert!(!state.paused, "the match goes on");
    }

    #[test]
    fn a_refused_undo_leaves_the_hint_running() {
        let mut session = session([PlayerKind::Human, PlayerKind::Engine]);
        let started = session.handle(ClientMessage::Hint {});
        let (error, state) = answer(&started);
        assert_eq!((error, state.hinting), (None, true));

        let replies = session.handle(ClientMessage::Undo {});
        let (error, state) = answer(&replies);
        assert_eq!(error, Some("nothing to take back"));
        assert!(state.hinting, "the hint's search goes on");
        assert!(!state.paused);
    }
}
