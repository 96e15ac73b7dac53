//! One page's game: the record, who plays each side, the engine processes,
//! and the search in progress.
//!
//! The session is driven by two things: the page's messages
//! ([`PageSession::handle`]) and the passing of time ([`PageSession::poll`], which
//! reads the engines' lines and starts the engine's next move). Both return
//! the messages to send to the page. Nothing blocks for long: a search is
//! started with `go` and its lines are read as they come.
//!
//! One concern a module, each adding its part of `impl PageSession`: this one
//! holds the session and dispatches the page's messages; `engines` the
//! engine slots and their searches (`search`: one search and its lines for
//! the page); `rules` choosing the game and its options; `moves` a
//! person's moves, take-backs and draws; `view` the state sent to the page;
//! `analysis` analysis mode and the evaluation graph's values; `database`
//! the game's exact database (loaded or not, its build); `exact` the
//! exact-value view.

mod analysis;
mod cache_builds;
mod database;
mod engines;
mod exact;
mod moves;
mod rules;
mod search;
mod view;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use ply_rules::variant::{AnyRules, Variant};

use super::messages::{ClientMessage, DEFAULT_ANALYSIS_LINES, LastMove, PlayerKind, ServerMessage};
pub use cache_builds::CacheBuilds;

use crate::engine::EngineHandle;
use crate::games;
use crate::record::PlayedGame;
use crate::strength::Strength;
use analysis::{Analysis, Evals};
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
    /// The database builds of the process, shared by its pages.
    pub builds: Arc<CacheBuilds>,
}

/// One page's game.
#[derive(Debug)]
pub struct PageSession {
    config: Arc<SessionConfig>,
    /// The rule options in force, by declared name (the game's whitelist).
    option_values: BTreeMap<String, String>,
    record: PlayedGame,
    players: [PlayerKind; 2],
    strength: [Strength; 2],
    engines: [Option<EngineHandle>; 2],
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
    /// Analysis mode, while it is on.
    analysis: Option<Analysis>,
    /// The lines analysis mode shows (the page's last choice).
    analysis_lines: u32,
    /// The `MultiPV` each engine was given, `None` to send it again.
    multipv_sent: [Option<u32>; 2],
    /// The values of the game's positions, for the evaluation graph.
    evals: Evals,
    /// What the page's last message changed that it should say.
    notice: Option<String>,
    /// The database each engine said it loaded (its words), if any.
    databases: [Option<String>; 2],
    /// Whether starting an engine only to learn its database failed (not
    /// tried again until the next game).
    learn_failed: [bool; 2],
    /// The database build running, if any.
    build: Option<database::Build>,
    /// How the last build ended.
    build_end: Option<database::BuildEnd>,
    /// The check of the loaded database running, if any.
    verify: Option<database::Verify>,
    /// How the last check ended.
    verify_end: Option<database::BuildEnd>,
    /// This page's id among the process's pages (for the shared builds).
    page: u64,
    /// The builds that had ended well when this page last looked.
    builds_seen: u64,
    /// The other page's build as this page last showed it.
    other_build_seen: Option<crate::web::messages::BuildInfo>,
    /// Whether the page shows the exact values.
    exact_on: bool,
    /// The exact values of the position shown (or being proven).
    exact: Option<exact::Exact>,
}

impl PageSession {
    /// A session at the start of the configured game.
    ///
    /// # Errors
    /// Why the configured options make no playable game.
    pub fn new(config: Arc<SessionConfig>) -> Result<Self, String> {
        let record = PlayedGame::new(&config.options)?;
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
            analysis: None,
            analysis_lines: DEFAULT_ANALYSIS_LINES,
            multipv_sent: [None, None],
            evals: Evals::new(),
            notice: None,
            databases: [None, None],
            learn_failed: [false, false],
            build: None,
            build_end: None,
            verify: None,
            verify_end: None,
            page: config.builds.page_id(),
            builds_seen: config.builds.snapshot().finished,
            other_build_seen: None,
            exact_on: false,
            exact: None,
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
        self.notice = None;
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
            ClientMessage::Analysis { on, lines } => self.set_analysis(on, lines),
            ClientMessage::GoTo { ply } => self.go_to(ply),
            ClientMessage::BuildDatabase { size } => self.build_database(size),
            ClientMessage::VerifyDatabase {} => self.verify_database(),
            ClientMessage::CancelBuild {} => self.cancel_build(),
            ClientMessage::ExactValues { on } => self.set_exact(on),
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
        if self.poll_build() | self.poll_verify() {
            out.push(self.state());
        }
        if self.exact_timeout(now) {
            out.push(self.state());
        }
        if self.search.is_some() {
            self.read_search(now, &mut out);
        }
        match self.learn_database() {
            Ok(false) => {}
            Ok(true) => out.push(self.state()),
            Err(message) => out.push(ServerMessage::Error { message }),
        }
        if let Some(started) = self.exact_search() {
            if let Err(message) = started {
                self.exact_on = false;
                out.push(ServerMessage::Error { message });
            }
            out.push(self.state());
        }
        if let Some(started) = self.analysis_search() {
            match started {
                Ok(()) => out.push(self.state()),
                Err(message) => {
                    self.analysis = None;
                    self.paused = true;
                    out.push(ServerMessage::Error { message });
                    out.push(self.state());
                }
            }
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
                if s == Strength::Perfect && !self.plays_perfectly() {
                    return Err(format!(
                        "{} has no database of exact values, so no perfect strength",
                        self.record.options().variant().name()
                    ));
                }
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
    fn reset(&mut self, record: PlayedGame) {
        self.record = record;
        self.rules_sent = [None, None];
        self.learn_failed = [false, false];
        self.evals.clear();
        if games::ui(self.record.options().variant()).two_sided {
            self.follow_the_game();
        } else {
            // Mastermind has no analysis mode.
            self.analysis = None;
        }
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

    fn session(players: [PlayerKind; 2]) -> PageSession {
        session_with(mock_engine(), players)
    }

    fn session_with(engine: PathBuf, players: [PlayerKind; 2]) -> PageSession {
        let config = SessionConfig {
            engine_paths: [engine.clone(), engine],
            options: AnyRules::default_for(Variant::ALL[0]),
            engine_pairs: Vec::new(),
            strength: Strength::default(),
            players,
            watch_pace: Duration::ZERO,
            builds: Arc::default(),
        };
        PageSession::new(Arc::new(config)).expect("the default game")
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

    /// [`answer`], owned.
    fn owned(messages: &[ServerMessage]) -> (Option<String>, StateInfo) {
        let (error, state) = answer(messages);
        (error.map(str::to_owned), state.clone())
    }

    /// The page's message and the session's answer.
    fn ask(session: &mut PageSession, message: ClientMessage) -> (Option<String>, StateInfo) {
        owned(&session.handle(message))
    }

    /// Polls until `done` holds for a message (a generous deadline, to
    /// catch a hang only); returns the messages seen.
    fn poll_until(
        session: &mut PageSession,
        done: impl Fn(&ServerMessage) -> bool,
    ) -> Vec<ServerMessage> {
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut seen = Vec::new();
        while Instant::now() < deadline {
            let messages = session.poll(Instant::now());
            let found = messages.iter().any(&done);
            seen.extend(messages);
            if found {
                return seen;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        panic!("nothing came: {seen:?}");
    }

    fn lines_of(messages: &[ServerMessage]) -> Vec<u32> {
        messages
            .iter()
            .filter_map(|m| match m {
                ServerMessage::Info(info) if info.analysis => info.multipv,
                _ => None,
            })
            .collect()
    }

    #[test]
    fn analysis_values_every_position_shows_its_lines_and_never_plays_its_bestmove() {
        let mut session = session([PlayerKind::Human, PlayerKind::Engine]);
        let (error, _) = ask(&mut session, ClientMessage::Move { mv: "2".into() });
        assert_eq!(error, None);
        // North's engine starts thinking; analysis mode stops it unplayed.
        let (_, state) = owned(&session.poll(Instant::now()));
        assert_eq!(state.thinking, Some(1));
        let (error, state) = ask(
            &mut session,
            ClientMessage::Analysis {
                on: true,
                lines: None,
            },
        );
        assert_eq!(error, None);
        assert_eq!(state.thinking, None);
        assert_eq!(state.analysis.as_ref().map(|a| a.lines), Some(3));
        assert_eq!(state.moves.len(), 1, "the engine's search played nothing");

        // The graph's values first (both positions), then three lines.
        let seen = poll_until(
            &mut session,
            |m| matches!(m, ServerMessage::Info(i) if i.multipv == Some(3)),
        );
        assert_eq!(lines_of(&seen), [1, 2, 3]);
        assert!(seen.iter().any(|m| matches!(
            m,
            ServerMessage::Proven {
                ply: 1,
                multipv: 1,
                analysis: true
            }
        )));
        let state = session.state();
        let ServerMessage::State(state) = state else {
            panic!()
        };
        assert_eq!(state.evals.len(), 2);
        assert!(state.evals.iter().all(Option::is_some), "{:?}", state.evals);
        // The graph's short search is an estimate; the analysis's first
        // line was labelled proven.
        let proven: Vec<bool> = state.evals.iter().flatten().map(|e| e.proven).collect();
        assert_eq!(proven, [false, true]);
        assert!(state.analysis.as_ref().is_some_and(|a| a.running));

        // Going to the start stops the analysis: its `bestmove 1` is not played.
        let (error, state) = ask(&mut session, ClientMessage::GoTo { ply: 0 });
        assert_eq!(error, None);
        assert_eq!((state.ply, state.moves.len()), (0, 1));
        assert_eq!(state.side_to_move, 0);
        assert_eq!(state.fen, session.record.start().position_string());
        let seen = poll_until(
            &mut session,
            |m| matches!(m, ServerMessage::Info(i) if i.multipv == Some(3) && i.ply == 0),
        );
        assert_eq!(lines_of(&seen), [1, 2, 3]);

        // A move there replaces the game's move after it, and says so.
        let (error, state) = ask(&mut session, ClientMessage::Move { mv: "3".into() });
        assert_eq!(error, None);
        assert_eq!(session.record.moves(), ["3"]);
        assert_eq!(state.ply, 1);
        assert_eq!(
            state.notice.as_deref(),
            Some("1 later move of the game was replaced by this one")
        );
        // North's move in analysis mode is the person's to click.
        assert!(!state.legal.is_empty());

        // Off: back to the game's end, engines paused, nothing played.
        let (error, state) = ask(
            &mut session,
            ClientMessage::Analysis {
                on: false,
                lines: None,
            },
        );
        assert_eq!(error, None);
        assert!(state.analysis.is_none() && state.paused);
        session.poll(Instant::now());
        assert_eq!(session.record.moves(), ["3"]);
    }

    fn exact_of(messages: &[ServerMessage]) -> Option<crate::web::messages::ExactInfo> {
        messages.iter().rev().find_map(|m| match m {
            ServerMessage::State(s) => Some(s.exact.clone()),
            _ => None,
        })?
    }

    /// The exact-value view: the engine's database is known from its words
    /// at the game's start; `solve` runs for the person's position, its
    /// lines stay off the page's search lines, a proof still running after
    /// the time limit is stopped and says so with the values proven by
    /// then; a move cancels nothing it should not, and the view goes off.
    #[test]
    fn exact_values_are_proven_for_the_person_and_stopped_when_too_slow() {
        let mut session = session([PlayerKind::Human, PlayerKind::Engine]);
        let seen = poll_until(
            &mut session,
            |m| matches!(m, ServerMessage::State(s) if s.database.as_ref().is_some_and(|d| d.known)),
        );
        let ServerMessage::State(state) = seen.last().expect("a state") else {
            panic!()
        };
        let database = state.database.as_ref().expect("Kalah has databases");
        assert_eq!(
            database.loaded.as_deref(),
            Some("/mock/kalah.db (found by auto): mock")
        );
        let (error, state) = ask(&mut session, ClientMessage::ExactValues { on: true });
        assert_eq!(error, None);
        assert!(state.exact.is_some());
        let seen = poll_until(
            &mut session,
            |m| matches!(m, ServerMessage::State(s) if s.exact.as_ref().is_some_and(|e| e.status == "not proven in time")),
        );
        assert!(
            !seen
                .iter()
                .any(|m| matches!(m, ServerMessage::Info(_) | ServerMessage::Proven { .. })),
            "the proof's lines are the view's: {seen:?}"
        );
        let exact = exact_of(&seen).expect("the view");
        assert_eq!(
            exact.values,
            [
                crate::web::messages::ExactMove {
                    mv: "1".into(),
                    value: Some(2),
                    lower: 2,
                    upper: 2,
                },
                crate::web::messages::ExactMove {
                    mv: "2".into(),
                    value: None,
                    lower: -1,
                    upper: 3,
                }
            ]
        );
        assert_eq!(session.record.moves().len(), 0, "nothing was played");
        // Not started again for the same position.
        std::thread::sleep(Duration::from_millis(20));
        let again = session.poll(Instant::now());
        assert!(exact_of(&again).is_none_or(|e| e.status == "not proven in time"));

        // The perfect strength for North is accepted: Kalah has databases.
        let (error, state) = ask(
            &mut session,
            ClientMessage::SetOptions {
                players: None,
                strength: Some([Strength::Depth(2), Strength::Perfect]),
            },
        );
        assert_eq!(error, None);
        assert_eq!(state.strength[1], Strength::Perfect);
        let (error, state) = ask(&mut session, ClientMessage::ExactValues { on: false });
        assert_eq!(error, None);
        assert!(state.exact.is_none());
    }

    #[test]
    fn exact_values_and_perfect_play_are_refused_without_a_database_game() {
        let mut session = session([PlayerKind::Human, PlayerKind::Engine]);
        let (error, _) = ask(
            &mut session,
            ClientMessage::NewGame {
                variant: Some("tictactoe".into()),
                options: BTreeMap::new(),
            },
        );
        assert_eq!(error, None);
        let (error, state) = ask(&mut session, ClientMessage::ExactValues { on: true });
        assert_eq!(
            error.as_deref(),
            Some("tictactoe has no exact database, so no exact values")
        );
        assert!(state.exact.is_none() && state.database.is_none());
        let (error, _) = ask(
            &mut session,
            ClientMessage::SetOptions {
                players: None,
                strength: Some([Strength::Perfect, Strength::Depth(1)]),
            },
        );
        assert_eq!(
            error.as_deref(),
            Some("tictactoe has no database of exact values, so no perfect strength")
        );
        let (error, _) = ask(&mut session, ClientMessage::BuildDatabase { size: 10 });
        assert_eq!(error.as_deref(), Some("tictactoe has no database to build"));
    }

    /// Oware's databases hold bounds: the panel and the exact view (which
    /// shows bounds where the values stay open), but no perfect strength.
    #[test]
    fn oware_has_a_database_panel_but_no_perfect_strength() {
        let mut session = session([PlayerKind::Human, PlayerKind::Engine]);
        // Perfect in Kalah does not carry over into Oware.
        let (error, _) = ask(
            &mut session,
            ClientMessage::SetOptions {
                players: None,
                strength: Some([Strength::Depth(2), Strength::Perfect]),
            },
        );
        assert_eq!(error, None);
        let (error, state) = ask(
            &mut session,
            ClientMessage::NewGame {
                variant: Some("oware".into()),
                options: BTreeMap::new(),
            },
        );
        assert_eq!(error, None);
        assert_eq!(state.strength, [Strength::Depth(2), Strength::default()]);
        let database = state.database.expect("Oware has a database panel");
        assert!(!database.perfect_play);
        // The offered sizes this machine has the memory and disk for: the
        // small ones on any machine, the 24- and 28-seed ones (3.5 and 15
        // GiB of memory) where it has room.
        let sizes: Vec<u32> = database.choices.iter().map(|c| c.size).collect();
        assert_eq!(sizes[..3], [12, 16, 20], "{sizes:?}");
        assert!(
            sizes.iter().all(|size| [12, 16, 20, 24, 28].contains(size)),
            "{sizes:?}"
        );
        let (error, state) = ask(&mut session, ClientMessage::ExactValues { on: true });
        assert_eq!(error, None);
        assert!(state.exact.is_some());
        let (error, _) = ask(
            &mut session,
            ClientMessage::SetOptions {
                players: None,
                strength: Some([Strength::Perfect, Strength::Depth(1)]),
            },
        );
        assert_eq!(
            error.as_deref(),
            Some("oware has no database of exact values, so no perfect strength")
        );
    }

    #[test]
    fn analysis_messages_out_of_place_are_refused() {
        let mut session = session([PlayerKind::Human, PlayerKind::Engine]);
        let (error, _) = ask(&mut session, ClientMessage::GoTo { ply: 0 });
        assert_eq!(
            error.as_deref(),
            Some("turn analysis mode on to go through the game's moves")
        );
        for lines in [0, 6] {
            let (error, state) = ask(
                &mut session,
                ClientMessage::Analysis {
                    on: true,
                    lines: Some(lines),
                },
            );
            assert_eq!(
                error,
                Some(format!("analysis shows 1 to 5 lines, not {lines}"))
            );
            assert!(state.analysis.is_none());
        }
        let (error, _) = ask(
            &mut session,
            ClientMessage::Analysis {
                on: true,
                lines: Some(1),
            },
        );
        assert_eq!(error, None);
        let (error, state) = ask(&mut session, ClientMessage::GoTo { ply: 1 });
        assert_eq!(
            error.as_deref(),
            Some("no position after 1 moves: the game has 0 moves")
        );
        assert_eq!(state.ply, 0);
        let (error, _) = ask(&mut session, ClientMessage::Hint {});
        assert!(error.is_some_and(|e| e.starts_with("analysis mode is on")));

        // Mastermind has no analysis mode: a new game of it ends the mode.
        let (error, state) = ask(
            &mut session,
            ClientMessage::NewGame {
                variant: Some("mastermind".into()),
                options: BTreeMap::new(),
            },
        );
        assert_eq!(error, None);
        assert!(state.analysis.is_none());
        let (error, state) = ask(
            &mut session,
            ClientMessage::Analysis {
                on: true,
                lines: None,
            },
        );
        assert!(
            error
                .as_ref()
                .is_some_and(|e| e.starts_with("mastermind has no analysis mode")),
            "{error:?}"
        );
        assert!(state.analysis.is_none());
    }

    /// A game over at its last position still gets its graph: the earlier
    /// positions were left unvalued when the analysis of the position
    /// shown was not due.
    #[test]
    fn a_finished_game_is_valued_for_the_graph() {
        let mut session = session([PlayerKind::Human, PlayerKind::Human]);
        let fen = "0,0,0,0,0,1 20 1,0,0,0,0,0 20 s";
        let (error, _) = ask(&mut session, ClientMessage::SetPosition { fen: fen.into() });
        assert_eq!(error, None);
        let (error, state) = ask(&mut session, ClientMessage::Move { mv: "6".into() });
        assert_eq!(error, None);
        assert!(state.outcome.is_some(), "the last seed ends the game");
        let (error, state) = ask(
            &mut session,
            ClientMessage::Analysis {
                on: true,
                lines: None,
            },
        );
        assert_eq!(error, None);
        assert_eq!(state.evals.len(), 2);
        assert!(state.evals[0].is_none() && state.evals[1].is_some());
        let seen = poll_until(
            &mut session,
            |m| matches!(m, ServerMessage::State(s) if s.evals.iter().all(Option::is_some)),
        );
        assert!(lines_of(&seen).is_empty(), "the end is not analysed");
    }

    /// An engine without `MultiPV` still plays (the option is sent only
    /// when analysis mode changes it), and analysis mode says why it
    /// cannot start.
    #[test]
    fn an_engine_without_multipv_plays_and_analysis_says_why_not() {
        let old = PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/mock-engine-without-multipv.sh"
        ));
        let mut session = session_with(old, [PlayerKind::Engine, PlayerKind::Human]);
        let (error, state) = owned(&session.poll(Instant::now()));
        assert_eq!((error, state.thinking), (None, Some(0)), "the engine plays");
        let (error, _) = ask(
            &mut session,
            ClientMessage::Analysis {
                on: true,
                lines: None,
            },
        );
        assert_eq!(error, None);
        // The graph's values need one line: the analysis, three.
        let seen = poll_until(&mut session, |m| matches!(m, ServerMessage::Error { .. }));
        let (error, state) = owned(&seen);
        assert_eq!(
            error.as_deref(),
            Some("the engine refused 'setoption name MultiPV value 3': no option named 'MultiPV'")
        );
        assert!(state.analysis.is_none(), "analysis mode is left");
    }
}
