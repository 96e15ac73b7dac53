//! `ply-referee`: see `docs/referee.md` and `ply-referee --help`.
//!
//! Thin: reads the command line, installs the Ctrl-C handler (which also
//! handles SIGTERM and SIGHUP), runs the library, and turns the outcome
//! into a message and an exit code (0: done, 1: error or a lost engine,
//! 130: interrupted).

use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result};
use ply_referee::cli::{self, Invocation, help};
use ply_referee::engine::registry;
use ply_referee::merge::merge;
use ply_referee::output::MatchEnd;
use ply_referee::runner::run_match;

/// Exit code after Ctrl-C (or SIGTERM or SIGHUP, which the handler cannot
/// tell apart from it), as shells report a SIGINT death.
const EXIT_INTERRUPTED: u8 = 130;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let invocation = match cli::parse_args(&args) {
        Ok(invocation) => invocation,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "ply-referee: {e}");
            return ExitCode::FAILURE;
        }
    };
    let debug = matches!(&invocation, Invocation::Match(config) if config.debug);
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or(if debug {
        "debug"
    } else {
        "warn"
    }))
    .init();
    install_panic_hook();

    match run(invocation) {
        Ok(code) => code,
        Err(e) => {
            // Not eprintln!, which panics when stderr is gone (the
            // terminal hung up): the exit status must still be returned.
            let _ = writeln!(std::io::stderr(), "ply-referee: {}", message(&e));
            ExitCode::FAILURE
        }
    }
}

/// The error and its causes, each cause once: library errors often say
/// their cause already.
fn message(error: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in error.chain() {
        let cause = cause.to_string();
        if !text.contains(&cause) {
            if !text.is_empty() {
                text.push_str(": ");
            }
            text.push_str(&cause);
        }
    }
    text
}

fn run(invocation: Invocation) -> Result<ExitCode> {
    match invocation {
        Invocation::Help => {
            print!("{}", help::help());
            Ok(ExitCode::SUCCESS)
        }
        Invocation::Version => {
            println!("ply-referee {}", env!("CARGO_PKG_VERSION"));
            Ok(ExitCode::SUCCESS)
        }
        Invocation::Merge(config) => {
            merge(&config, &mut std::io::stdout().lock()).context("merge failed")?;
            Ok(ExitCode::SUCCESS)
        }
        Invocation::Match(config) => {
            let ctrl_c = install_interrupt_handler()?;
            adopt_orphans();
            let summary = run_match(&config, &ctrl_c);
            end_everything();
            let summary = summary.context("the match could not be played")?;
            Ok(match summary.end {
                MatchEnd::Completed | MatchEnd::Sprt(_) => ExitCode::SUCCESS,
                MatchEnd::Failed(_) => ExitCode::FAILURE,
                MatchEnd::Interrupted => ExitCode::from(EXIT_INTERRUPTED),
                MatchEnd::EngineLost(why) => {
                    let _ = writeln!(std::io::stderr(), "ply-referee: {why}");
                    ExitCode::FAILURE
                }
            })
        }
    }
}

/// Installs the handler of Ctrl-C, SIGTERM and SIGHUP (ctrlc's
/// `termination` feature) and returns the flag it sets. The engines run in
/// process groups of their own, so a signal to the referee (or its group)
/// never reaches them: whatever ends the referee must stop them. The first
/// signal stops the match in order (the engines get `quit`); a second one
/// kills every engine and exits at once.
///
/// A SIGHUP that was ignored when the referee started (`nohup`) stays
/// ignored (`ply_signals`): a match started that way must survive its
/// terminal.
fn install_interrupt_handler() -> Result<Arc<AtomicBool>> {
    let ctrl_c = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&ctrl_c);
    ply_signals::on_termination(move || {
        if flag.swap(true, Ordering::SeqCst) {
            // The second signal: no more waiting for anyone.
            end_everything();
            std::process::exit(i32::from(EXIT_INTERRUPTED));
        }
    })
    .context("cannot install the Ctrl-C handler")?;
    Ok(ctrl_c)
}

/// A panic on the main thread would end the process without unwinding the
/// workers, whose engines would then outlive it: kill them first.
fn install_panic_hook() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        default(info);
        if std::thread::current().name() == Some("main") {
            end_everything();
        }
    }));
}

/// Makes the referee a child subreaper (Linux): whatever an engine starts
/// and leaves behind, even in a session of its own out of reach of the
/// engine's process-group kill, becomes the referee's child, for
/// [`end_everything`] to end. Elsewhere the process groups are all there is.
fn adopt_orphans() {
    #[cfg(target_os = "linux")]
    if let Err(e) = ply_signals::children::become_subreaper() {
        log::warn!(
            "cannot become a child subreaper ({e}): what an engine leaves in a session of its own may outlive the referee"
        );
    }
}

/// Kills every engine with its process group, then every process the
/// engines left behind that the referee adopted: nothing an engine started
/// outlives the referee.
fn end_everything() {
    registry::kill_all();
    let ended = ply_signals::children::end_adopted_children(&registry::pids());
    if ended > 0 {
        log::info!("ended {ended} processes the engines left behind");
    }
}
