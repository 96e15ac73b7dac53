//! `ply-engine`: the engine process. It speaks Ply's UCI-style protocol on
//! stdin/stdout (see `docs/protocol.md`); diagnostics go to stderr through
//! `log` (set `RUST_LOG=debug` to see them).
//!
//! `ply-engine bench [depth]` runs the benchmark and exits, as Stockfish does.
//! `ply-engine build-db [--variant oware] --max-seeds N [--output FILE]` builds an endgame
//! database, by default into the cache where `EndgameDB auto` finds it
//! (see `docs/endgame-db.md`).
//! `ply-engine build-book …` builds or extends an opening book from the
//! engine's own analysis (see `docs/book.md`).
//! `ply-engine analyse [FILE]` analyses a file of positions, one a line
//! (see `docs/analysis.md`).
//! `ply-engine annotate [FILE]` analyses every move of recorded games and
//! marks the inaccuracies, mistakes and blunders (see `docs/analysis.md`).
//!
//! Each subcommand's arguments and body are a module of `commands/`; this
//! file parses the command line and runs the one asked for.

use std::process::ExitCode;

mod commands;

use anyhow::Result;
use clap::{Parser, Subcommand};
use commands::analyse::{self, AnalyseArgs};
use commands::annotate::{self, AnnotateArgs};
use commands::bench::{self, BenchArgs};
use commands::build_book::{self, BuildBookArgs};
use commands::build_db::{self, BuildDbArgs};
use commands::tune::{self, TuneArgs};
use commands::verify_db::{self, VerifyDbArgs};
use ply_engine::search_thread::Output;
use ply_engine::session::{InputQueue, Protocol, Session};

/// The command line: a subcommand, or none to speak the protocol.
#[derive(Debug, Parser)]
#[command(
    // `--version` prints the engine's name as `id name` gives it.
    name = "Ply",
    bin_name = "ply-engine",
    version,
    about = "Ply's game engine. Without a command it speaks the protocol on stdin/stdout \
             (see docs/protocol.md for the commands)."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<EngineCommand>,
    /// Speak another protocol than UCI and UGI from the first line, by
    /// translation: `aalina` is Aalina's UCI dialect of Oware, as Aualé
    /// drives an engine (houses as letters); `hub` is Scan's Hub for
    /// Russian draughts, which a first line `hub` also starts (see
    /// docs/front-ends.md, "Other GUIs and tools"). `--dialect`, its old
    /// name, still works.
    // The old name stays for the GUIs whose engine command lines say
    // `--dialect aalina` (Aualé's settings).
    #[arg(
        long = "protocol",
        visible_alias = "dialect",
        value_enum,
        value_name = "PROTOCOL"
    )]
    protocol: Option<Protocol>,
}

/// What `ply-engine` does, when it is not to speak the protocol.
#[derive(Debug, Subcommand)]
enum EngineCommand {
    /// Runs the benchmark: a fixed set of positions searched to a fixed
    /// depth; the node count is the same on every machine (see docs/protocol.md).
    Bench(BenchArgs),
    /// Builds an endgame database of Kalah (the exact value of every
    /// position with at most N seeds on the board), Oware (bounds on it,
    /// exact where no side gains by cycling) or Russian draughts (every
    /// position of at most N pieces, with the move limits); see
    /// docs/endgame-db.md.
    BuildDb(BuildDbArgs),
    /// Checks every block of an endgame database file against its
    /// checksum; exits with 1 when the file is damaged or no database
    /// (see docs/endgame-db.md).
    VerifyDb(VerifyDbArgs),
    /// Tunes a game's evaluation: `generate` plays self-play games and
    /// writes their positions, `fit` fits the game's table to them by
    /// Texel's method, `match` plays two evaluations against each other
    /// with the same search (see docs/engine.md, "Tuning an evaluation").
    Tune(TuneArgs),
    /// Builds an opening book from the engine's own analysis, or extends
    /// the one in FILE: every position fewer than P moves from the start
    /// gets its best moves, weighted (see docs/book.md).
    BuildBook(BuildBookArgs),
    /// Analyses positions, one a line of FILE (or standard input), and
    /// writes one JSON object (or EPD record) a line in input order
    /// (see docs/analysis.md).
    Analyse(AnalyseArgs),
    /// Analyses every move of the games in FILE (or standard input), as
    /// ply-referee records them (its -results JSON lines, PGN or PDN), and
    /// writes them again with each move's score, the best move, and marks
    /// for inaccuracies, mistakes and blunders (see docs/analysis.md).
    Annotate(AnnotateArgs),
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    // A bad command line: clap prints the error (or the help) once, and exits.
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            // Printed once, plainly: the logger would print it a second time.
            eprintln!("ply-engine: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode> {
    let out = Output::new(std::io::stdout());
    match cli.command {
        None => protocol_loop(out, cli.protocol),
        Some(EngineCommand::Bench(args)) => bench::run(&args, &out),
        Some(EngineCommand::BuildDb(args)) => build_db::run(&args),
        Some(EngineCommand::VerifyDb(args)) => verify_db::run(&args),
        Some(EngineCommand::Tune(args)) => tune::run(&args),
        Some(EngineCommand::BuildBook(args)) => build_book::run(&args),
        Some(EngineCommand::Analyse(args)) => return analyse::run(&args),
        Some(EngineCommand::Annotate(args)) => return annotate::run(&args),
    }
    .map(|()| ExitCode::SUCCESS)
}

/// Reads commands until `quit` or the end of input (on a thread of their
/// own, so that `stop` and `isready` are seen while a command waits for a
/// search: see `session/input.rs`).
fn protocol_loop(out: Output, protocol: Option<Protocol>) -> Result<()> {
    let input = InputQueue::spawn(std::io::BufReader::new(std::io::stdin()));
    let mut session = Session::new(out);
    if let Some(protocol) = protocol {
        session.speak(protocol);
    }
    session.run(input);
    Ok(())
}
