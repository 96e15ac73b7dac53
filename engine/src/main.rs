//! `ply-engine`: the engine process. It speaks Ply's UCI-style protocol on
//! stdin/stdout (see `docs/protocol.md`); diagnostics go to stderr through
//! `log` (set `RUST_LOG=debug` to see them).
//!
//! `ply-engine bench [depth]` runs the benchmark and exits, as Stockfish does.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use ply_engine::session::{BENCH_DEPTH, Flow, Output, Session, run_bench};

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            log::error!("{e:#}");
            eprintln!("ply-engine: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = Output::new(std::io::stdout());
    match args.first().map(String::as_str) {
        None => protocol_loop(out),
        Some("bench") => {
            let depth = match args.get(1) {
                Some(text) => text
                    .parse()
                    .with_context(|| format!("bench depth must be a whole number, not '{text}'"))?,
                None => BENCH_DEPTH,
            };
            run_bench(&out, depth);
            Ok(())
        }
        Some("--help" | "-h") => {
            let mut stdout = std::io::stdout();
            writeln!(
                stdout,
                "usage: ply-engine            speak the protocol on stdin/stdout"
            )?;
            writeln!(
                stdout,
                "       ply-engine bench [N]  run the benchmark to depth N (default {BENCH_DEPTH})"
            )?;
            writeln!(stdout, "see docs/protocol.md for the commands")?;
            Ok(())
        }
        Some("--version" | "-V") => {
            writeln!(std::io::stdout(), "{}", ply_engine::session::ENGINE_NAME)?;
            Ok(())
        }
        Some(other) => bail!("unknown argument '{other}'; try 'ply-engine --help'"),
    }
}

/// Reads commands until `quit` or the end of input.
fn protocol_loop(out: Output) -> Result<()> {
    let mut session = Session::new(out);
    let stdin = std::io::stdin();
    let mut reader = stdin.lock();
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        let read = reader
            .read_until(b'\n', &mut buffer)
            .context("cannot read from standard input")?;
        if read == 0 {
            session.end_of_input();
            return Ok(());
        }
        // Invalid UTF-8 is not a reason to die: it becomes an unknown command.
        let line = String::from_utf8_lossy(&buffer);
        if session.handle_line(&line) == Flow::Quit {
            return Ok(());
        }
    }
}
