//! `ply-play`: play a game against the engine in the terminal, as the
//! Prolog Kalah program does. See docs/front-ends.md.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, ValueEnum};
use ply_gui_adapter::cli::{GameArgs, StrengthArgs, engine_path};
use ply_gui_adapter::engine::{EngineHandle, QUIT_GRACE, registry};
use ply_gui_adapter::terminal::{self, PlayConfig};

/// Who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum First {
    /// You.
    Human,
    /// The engine.
    Engine,
}

/// Play Kalah (or another of the engine's games) against ply-engine in the
/// terminal. Type a turn as `[1,5]` or `1 5`; `help` at the prompt lists the
/// commands (undo, hint, new, fen, quit).
#[derive(Debug, Parser)]
#[command(name = "ply-play", version)]
struct Cli {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    strength: StrengthArgs,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = First::Human)]
    first: First,
    /// Start from this position string (as `fen` shows it) instead of the
    /// start position.
    #[arg(long, value_name = "POSITION")]
    fen: Option<String>,
    /// The engine binary (default: ply-engine next to this program, else on PATH).
    #[arg(long, value_name = "PATH")]
    engine: Option<PathBuf>,
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let cli = Cli::parse();
    let (options, option_pairs) = match cli.game.engine_options() {
        Ok(found) => found,
        Err(error) => return usage_error(&error),
    };
    let strength = match cli.strength.strength() {
        Ok(strength) => strength,
        Err(error) => return usage_error(&error.to_string()),
    };
    let config = PlayConfig {
        options,
        option_pairs,
        fen: cli.fen,
        person_first: cli.first == First::Human,
        strength,
    };
    // A signal runs no destructors: without the handler, SIGTERM or SIGHUP
    // sent to ply-play alone would leave its engine running.
    let result = registry::end_on_signals(QUIT_GRACE)
        .context("cannot install the signal handler")
        .and_then(|()| engine_path(cli.engine).map_err(anyhow::Error::from))
        .and_then(|path| Ok(EngineHandle::start(&path)?))
        .and_then(|mut engine| {
            terminal::run(
                &config,
                &mut engine,
                std::io::stdin().lock(),
                std::io::stdout().lock(),
            )
        });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("ply-play: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("ply-play: {message}");
    ExitCode::from(2)
}
