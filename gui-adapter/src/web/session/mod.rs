//! One page's game: the record, who plays each side, the engine processes,
//! and the search in progress.
//!
//! The session is driven by two things: the page's messages
//! ([`Session::handle`]) and the passing of time ([`Session::poll`], which
//! reads the engines' lines and starts the engine's next move). Both return
//! the messages to send to the page. Nothing blocks for long: a search is
//! started with `go` and its lines are read as they come.
//!
//! One concern a module, each adding its part of `impl Session`: this one
//! holds the session and dispatches the page's messages; `engines` the
//! engine slots and their searches (`search`: one search and its lines for
//! the page); `rules` choosing the game and its options; `moves` a
//! person's moves, take-backs and draws; `view` the state sent to the page.

mod engines;
mod moves;
mod rules;
mod search;
mod view;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use ply_rules::variant::{AnyRules, Variant};

use super::messages::{ClientMessage, LastMove, PlayerKind, ServerMessage};
use crate::engine::Engine;
use crate::record::GameRecord;
use crate::strength::Strength;
use search::{Purpose, Search};

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
        let option_values = rules::initial_values(&config, config.options.variant());
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
        let variants = Variant::ALL
            .iter()
            .map(|&v| rules::variant_info(v))
            .collect();
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

    /// The page's players and strengths; the match goes on with them (a
    /// running search is cancelled, as it may be for the wrong side).
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
}

/// Text from the page, cut short for an error message.
fn clip(text: &str) -> String {
    text.chars().take(40).collect()
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use crate::web::messages::StateInfo;

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
