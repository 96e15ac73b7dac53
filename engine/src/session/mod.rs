//! The protocol loop: one [`Session`] per engine process.
//!
//! The loop only parses commands, changes state and prints answers; the
//! search runs on its own thread (`go`), so `isready`, `stop` and
//! `ponderhit` are handled at once while it thinks. So do `solve`,
//! `go perft` and `bench` (`solve`, `perft`, `bench`), which may run
//! for hours too. Bad input never kills
//! the process and never half-changes the state: it is answered with
//! `info string error: …` and the last good state stays.

mod bench;
mod database;
mod input;
mod network;
mod perft;
pub mod translation;

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use ply_protocol::{
    Command, Dialect, GoParams, Id, ParseError, Query, Response, SolveParams, StartingPosition,
    parse_command,
};

use crate::book::{Book, BookRandom};
use crate::options::{EngineOptions, OptionEffect};
use crate::search::Budget;
use crate::search::huge_pages::AllocError;
use crate::search_thread::go::{self, GoJob};
use crate::search_thread::solve::SolveJob;
use crate::search_thread::{Output, RunningSearch, SearchMemory};
use ply_rules::game::{Outcome, Player};
use ply_rules::variant::AnyGame;
use ply_rules::with_game;

use crate::engine_game::EngineGame;
pub use bench::{BENCH_DEPTH, run_bench};
use input::LineRole;
pub use input::{Input, InputQueue};
pub use translation::Protocol;
use translation::{Step, Translator};

/// The engine's name in `id name`.
pub const ENGINE_NAME: &str = concat!("Ply ", env!("CARGO_PKG_VERSION"));
/// The program's name without its version (Hub's `id name=`).
pub const PROGRAM_NAME: &str = "Ply";
/// The engine's version (Hub's `id version=`).
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");
/// The engine's author in `id author`.
pub const ENGINE_AUTHOR: &str = "the Ply developers";

/// Whether the loop goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// `quit` was received: end the process.
    Quit,
}

/// The state of one engine process.
#[derive(Debug)]
pub struct Session {
    options: EngineOptions,
    position: AnyGame,
    memory: Arc<Mutex<SearchMemory>>,
    running: Option<RunningSearch>,
    out: Output,
    debug: bool,
    /// The dialect of the last `uci`/`ugi`: UGI referees (Cute Games) read
    /// `bestmove <m>` alone, so the ponder move is left out for them.
    dialect: Dialect,
    /// The opening book loaded with `BookFile` (empty when none).
    book: Book,
    /// Picks among a book position's moves.
    book_random: BookRandom,
    /// The front end's lines, when [`Self::run`] reads them (not when a
    /// test hands lines to [`Self::handle_line`]).
    input: Option<InputQueue>,
    /// The endgame database loaded, and which file it is.
    database: database::DatabaseState,
    /// The translator of the front end's protocol, when it is not UCI or
    /// UGI (see [`translation`]).
    translator: Option<Box<dyn Translator>>,
}

impl Session {
    /// A session with default options, at the start position, printing to
    /// `out`; aborts when the default search memory cannot be allocated (the
    /// engine process's one session; see [`Self::try_new`]).
    #[must_use]
    pub fn new(out: Output) -> Self {
        let hash_mb = EngineOptions::default().hash_mb;
        Self::with_memory(out, SearchMemory::new(hash_mb))
    }

    /// A session as [`Self::new`] makes it, or an error when the system
    /// will not give its search memory: one of many sessions in a process (the
    /// jobs of `analyse` and `annotate`) must not abort the others.
    ///
    /// # Errors
    /// [`AllocError`] when the transposition table cannot be allocated.
    pub fn try_new(out: Output) -> Result<Self, AllocError> {
        let hash_mb = EngineOptions::default().hash_mb;
        SearchMemory::try_new(hash_mb).map(|memory| Self::with_memory(out, memory))
    }

    fn with_memory(out: Output, memory: SearchMemory) -> Self {
        let options = EngineOptions::default();
        let position = AnyGame::start(&options.game.rules()).unwrap_or_else(|e| {
            // The defaults are checked by tests; this cannot happen in a release.
            panic!("the default options must make a playable game: {e}")
        });
        Self {
            memory: Arc::new(Mutex::new(memory)),
            options,
            position,
            running: None,
            out,
            debug: false,
            dialect: Dialect::Uci,
            book: Book::new(),
            book_random: BookRandom::from_clock(),
            input: None,
            database: database::DatabaseState::default(),
            translator: None,
        }
    }

    /// From now on, speaks `protocol` by translation: sets up its game and
    /// writes every message in its form.
    pub fn speak(&mut self, protocol: Protocol) {
        let translator = protocol.translator();
        let setup = translator.setup();
        self.out = self.out.translated(translator.responses(&self.position));
        self.translator = Some(translator);
        for command in setup {
            self.execute(command);
        }
    }

    /// Carries out the lines of `input` until `quit` or the end of input.
    pub fn run(mut self, input: InputQueue) {
        self.input = Some(input);
        loop {
            match self
                .input
                .as_mut()
                .map_or(Input::End, InputQueue::next_input)
            {
                Input::Line(line) => {
                    if self.handle_line(&line) == Flow::Quit {
                        return;
                    }
                }
                Input::TooLong(bytes) => self.out.error(&format!(
                    "a line of {bytes} bytes is longer than the {} bytes a command may have: \
                     ignored",
                    input::MAX_INPUT_LINE_BYTES
                )),
                Input::End => {
                    self.end_of_input();
                    return;
                }
            }
        }
    }

    /// Handles one line from the front end: a line of UCI or UGI, or of the
    /// protocol spoken by translation (which the first word of a line may
    /// start, as `hub` starts Hub).
    pub fn handle_line(&mut self, line: &str) -> Flow {
        if self.translator.is_none()
            && let Some(protocol) = Protocol::recognised_from(line)
        {
            self.speak(protocol);
        }
        if let Some(translator) = self.translator.as_mut() {
            for step in translator.command(line) {
                match step {
                    Step::Run(command) => {
                        if self.execute(command) == Flow::Quit {
                            return Flow::Quit;
                        }
                    }
                    Step::Reply(text) => self.out.line(&text),
                    Step::Refuse(text) => {
                        self.finish_search();
                        self.out.line(&text);
                    }
                }
            }
            return Flow::Continue;
        }
        match parse_command(line) {
            Ok(command) => self.execute(command),
            Err(ParseError::Empty) => Flow::Continue,
            Err(e) => {
                self.out.error(&e.to_string());
                Flow::Continue
            }
        }
    }

    /// End of input: like `quit`, except that a search with a limit is
    /// allowed to finish, so `echo "go depth 12" | ply-engine` still prints
    /// the depth-12 answer. An infinite or pondering search is stopped.
    pub fn end_of_input(&mut self) {
        self.finish_search();
    }

    /// Waits for a search with a limit to finish (an infinite one is
    /// stopped), as the next state-changing command would: its `bestmove`
    /// has been printed when this returns. For in-process drivers such as
    /// `ply-engine analyse`, which read the answer before sending more.
    pub fn wait_for_search(&mut self) {
        self.finish_search();
    }

    /// The current position as `d` prints it after `Fen:` (the string
    /// `position fen` reads back).
    #[must_use]
    pub fn position_string(&self) -> String {
        self.position.position_string()
    }

    /// Carries out one parsed command.
    pub fn execute(&mut self, command: Command) -> Flow {
        log::debug!("command: {command}");
        if needs_position(&command) {
            // A command that ends the search ends it first: starting the
            // game may load a database into the memory a search holds.
            if ends_search(&command) {
                self.finish_search();
                self.drop_damaged_db();
            }
            self.start_pending_game();
        }
        match command {
            Command::Hello(dialect) => {
                self.dialect = dialect;
                self.hello(dialect);
            }
            Command::Debug(on) => self.debug = on,
            Command::IsReady => self.out.send(&Response::ReadyOk),
            Command::SetOption { name, value } => {
                self.finish_search();
                self.set_option(&name, value.as_deref());
            }
            Command::NewGame(_) => {
                self.finish_search();
                self.lock_memory().clear();
                self.reset_to_start();
            }
            Command::Position { start, moves } => {
                self.finish_search();
                self.set_position(&start, &moves);
            }
            Command::Go(params) => {
                self.finish_search();
                self.go(params);
            }
            Command::Perft(depth) => {
                self.finish_search();
                self.running = Some(perft::start(&self.position, depth, self.out.clone()));
            }
            Command::Stop => self.stop_search(),
            Command::PonderHit => {
                if let Some(running) = &self.running {
                    running.ponder_hit();
                }
            }
            Command::Quit => {
                self.stop_search();
                return Flow::Quit;
            }
            Command::Query(query) => self.query(query),
            Command::Display => self.display(),
            Command::Bench(depth) => {
                self.finish_search();
                let network = self.lock_memory().network.clone();
                let depth = depth.unwrap_or(BENCH_DEPTH);
                self.running = Some(bench::start(depth, network, self.out.clone()));
            }
            Command::Solve(params) => {
                self.finish_search();
                self.solve(params);
            }
        }
        Flow::Continue
    }

    /// `go`: a move from the book, else the game's own thinking (its
    /// [`EngineGame::go`] hook).
    fn go(&mut self, params: GoParams) {
        let out = self.search_output();
        if self.play_from_book(&params, &out) {
            return;
        }
        let job = GoJob {
            params,
            settings: go::settings(&self.options),
            with_ponder: self.dialect == Dialect::Uci,
            memory: Arc::clone(&self.memory),
            out,
        };
        match with_game!(self.position.clone(), game => game.go(job)) {
            Ok(running) => self.running = Some(running),
            Err(e) => self.out.error(&e),
        }
    }

    /// `solve`: the game's solver (its [`EngineGame::solve`] hook).
    fn solve(&mut self, params: SolveParams) {
        let budget = Budget::of_solve(params, Instant::now());
        let job = SolveJob {
            budget,
            threads: self.options.threads,
            multipv: self.options.multipv,
            memory: Arc::clone(&self.memory),
            out: self.search_output(),
        };
        match with_game!(self.position.clone(), game => game.solve(job)) {
            Ok(running) => self.running = Some(running),
            Err(e) => self.out.error(&e),
        }
    }

    /// The output of a search of the current position: moves in the
    /// front end's protocol are written from this position.
    fn search_output(&self) -> Output {
        match &self.translator {
            Some(translator) => self.out.translated(translator.responses(&self.position)),
            None => self.out.clone(),
        }
    }

    /// `d`: the board drawn, and its position string.
    fn display(&self) {
        self.out.line(&self.position.drawing());
        self.out
            .line(&format!("Fen: {}", self.position.position_string()));
    }

    /// Before a command that changes the state: lets a search with a limit
    /// finish (as Stockfish waits for it), so a piped script runs every
    /// command in turn; an infinite or pondering search, which would never
    /// end by itself, is stopped. Either way its `bestmove` is printed first.
    ///
    /// While it waits, the lines read meanwhile are looked at, as the
    /// protocol spoken reads them (see [`input`]): `quit`, and a `stop`
    /// meant for this search, stop it, a ponder hit meant for it is
    /// carried out, and an `isready` (Hub's `ping`) with nothing queued
    /// before it is answered.
    fn finish_search(&mut self) {
        let Some(running) = self.running.take() else {
            return;
        };
        let Some(input) = self.input.as_mut() else {
            return running.finish_naturally();
        };
        running.stop_unless_limited();
        if input.quit_pending() {
            running.request_stop();
        }
        let translator = self.translator.as_deref();
        let role = |line: &str| translator.map_or_else(|| LineRole::of_uci(line), |t| t.role(line));
        while !running.is_finished() && !input.is_closed() {
            match input.poll(&role) {
                Some(input::Urgent::Stop | input::Urgent::Quit) => running.request_stop(),
                Some(input::Urgent::PonderHit) => running.ponder_hit(),
                Some(input::Urgent::IsReady) => self.out.send(&Response::ReadyOk),
                Some(input::Urgent::Later) | None => {}
            }
        }
        running.join();
    }

    /// Stops a running search and waits for its `bestmove`.
    fn stop_search(&mut self) {
        if let Some(running) = self.running.take() {
            running.stop();
        }
    }

    fn lock_memory(&self) -> std::sync::MutexGuard<'_, SearchMemory> {
        self.memory.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The game makes ready what its timed `go` would otherwise set up on
    /// its own time ([`EngineGame::prepare_memory`] says when this is called).
    fn prepare_memory(&self) {
        let mut memory = self.lock_memory();
        with_game!(&self.position, game => game.prepare_memory(&mut memory));
    }

    /// `uci`/`ugi`: identify, list the options, `uciok`/`ugiok`.
    fn hello(&self, dialect: Dialect) {
        self.out
            .send(&Response::Id(Id::Name(ENGINE_NAME.to_owned())));
        self.out
            .send(&Response::Id(Id::Author(ENGINE_AUTHOR.to_owned())));
        for decl in EngineOptions::declarations() {
            self.out.send(&Response::Option(decl));
        }
        self.out.send(&Response::HelloOk(dialect));
    }

    /// `setoption`: do what the new value implies; keep it only if that works.
    /// The game's options wait for the next game start
    /// ([`Self::start_pending_game`]).
    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let mut options = self.options.clone();
        let effect = match options.set(name, value) {
            Ok(effect) => effect,
            Err(e) => return self.out.error(&e.to_string()),
        };
        match effect {
            OptionEffect::NewRules => {}
            OptionEffect::LoadEndgameDb => {
                if let Err(e) = self.choose_endgame_db(&options.endgame_db) {
                    return self.out.error(&e);
                }
            }
            OptionEffect::LoadNetwork => {
                if let Err(e) = self.choose_network(&options.eval_file) {
                    return self.out.error(&e);
                }
            }
            OptionEffect::LoadBook => match load_book(&options.book_file) {
                Ok(book) => {
                    if !book.is_empty() {
                        self.out.send(&Response::InfoString(format!(
                            "book {}: {} positions",
                            options.book_file.display(),
                            book.len()
                        )));
                    }
                    self.book = book;
                }
                Err(e) => return self.out.error(&e),
            },
            OptionEffect::ResizeHash => {
                if let Err(e) = self.lock_memory().resize(options.hash_mb) {
                    return self.out.error(&e);
                }
                self.prepare_memory();
            }
            OptionEffect::ClearHash => {
                self.lock_memory().clear_all();
                self.prepare_memory();
            }
            OptionEffect::None => {}
        }
        self.options = options;
    }

    /// `go` with `OwnBook` on and the position in the book: answers with a
    /// book move at once. Analysis (`infinite`, `ponder`, `mate`,
    /// `searchmoves`) always searches.
    fn play_from_book(&mut self, params: &GoParams, out: &Output) -> bool {
        let analysing = params.infinite
            || params.ponder
            || params.mate.is_some()
            || !params.searchmoves.is_empty();
        if !self.options.own_book || analysing {
            return false;
        }
        let Some(choice) = self
            .book
            .choose(&self.position, self.book_random.next_u64())
        else {
            return false;
        };
        out.send(&Response::InfoString(format!(
            "book move {} (weight {} of {})",
            choice.text, choice.weight, choice.total
        )));
        if let Some(value) = choice.exact {
            // The book's value was proven by the solver when it was built.
            out.send(&Response::InfoString(format!(
                "proven margin {} (book, solved)",
                crate::search::score::signed(value)
            )));
        }
        out.send(&Response::BestMove {
            best: Some(choice.text),
            ponder: None,
        });
        true
    }

    /// Applies the game options set since the last game start, as a whole,
    /// and sets up the start position of the game they choose. What does
    /// not fit is reported; unplayable rules keep the old game. Under
    /// `EndgameDB auto`, then finds the database of the board played.
    fn start_pending_game(&mut self) {
        let applied = self.options.game.apply_pending();
        for error in &applied.errors {
            self.out.error(error);
        }
        let restarted = applied.restart.is_some();
        if let Some(rules) = applied.restart {
            match AnyGame::start(&rules) {
                Ok(start) => {
                    with_game!(&start, game => game.prepare());
                    self.position = start;
                }
                Err(e) => self.out.error(&e),
            }
        }
        self.find_cached_db();
        if restarted {
            // A database named by hand may serve the rules that start now.
            self.prepare_memory();
            self.say_network_at_start();
        }
    }

    /// The start position of the current game and rules.
    fn reset_to_start(&mut self) {
        match AnyGame::start(&self.options.game.rules()) {
            Ok(start) => self.position = start,
            Err(e) => self.out.error(&e),
        }
    }

    /// `position`: build the new position aside; keep it only if all of it is good.
    fn set_position(&mut self, start: &StartingPosition, moves: &[String]) {
        let base = match start {
            StartingPosition::StartPos => AnyGame::start(&self.options.game.rules()),
            StartingPosition::Fen(text) => {
                AnyGame::from_position_string(&self.options.game.rules(), text)
                    .map_err(|e| e.to_string())
            }
        };
        match base.and_then(|base| base.with_moves(moves).map_err(|e| e.to_string())) {
            Ok(position) => self.position = position,
            Err(e) => self.out.error(&format!("{e}; the position is unchanged")),
        }
    }

    /// `query gameover|p1turn|result` (UGI).
    fn query(&self, query: Query) {
        let answer = match query {
            Query::GameOver => self.position.outcome().is_some().to_string(),
            Query::P1Turn => (self.position.side_to_move() == Player::One).to_string(),
            Query::Result => match self.position.outcome() {
                None => "none",
                Some(Outcome::Draw) => "draw",
                Some(Outcome::Win(Player::One)) => "p1win",
                Some(Outcome::Win(Player::Two)) => "p2win",
            }
            .to_owned(),
        };
        self.out.send(&Response::QueryResponse(answer));
    }
}

/// Whether `command` reads or sets the position, so that the game options
/// set before it must be applied first: every command that ends a search
/// (they all set or search a position), and the two that only read it.
fn needs_position(command: &Command) -> bool {
    ends_search(command) || matches!(command, Command::Query(_) | Command::Display)
}

/// Whether `command` ends a running search before it is carried out (its
/// own arm finishes the search too; finishing twice is harmless).
fn ends_search(command: &Command) -> bool {
    matches!(
        command,
        Command::NewGame(_)
            | Command::Position { .. }
            | Command::Go(_)
            | Command::Perft(_)
            | Command::Solve(_)
    )
}

/// Reads the book at `path`; an empty book for an empty path.
fn load_book(path: &std::path::Path) -> Result<Book, String> {
    if path.as_os_str().is_empty() {
        return Ok(Book::new());
    }
    Book::load(path).map_err(|e| format!("BookFile: {e}"))
}
