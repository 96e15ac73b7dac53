//! `ply-engine`: the engine process. It speaks Ply's UCI-style protocol on
//! stdin/stdout (see `docs/protocol.md`); diagnostics go to stderr through
//! `log` (set `RUST_LOG=debug` to see them).
//!
//! `ply-engine bench [depth]` runs the benchmark and exits, as Stockfish does.
//! `ply-engine build-db --max-seeds N --output FILE` builds a Kalah endgame
//! database (see `docs/endgame-db.md`).
//! `ply-engine build-book …` builds or extends an opening book from the
//! engine's own analysis (see `docs/book.md`).

use std::io::Write;
use std::process::ExitCode;

mod build_progress;

use anyhow::{Context, Result, bail};
use build_progress::BuildProgress;
use clap::{Parser, Subcommand};
use ply_engine::search::SearchControl;
use ply_engine::session::{BENCH_DEPTH, InputQueue, Output, Session, run_bench};

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
}

/// What `ply-engine` does, when it is not to speak the protocol.
#[derive(Debug, Subcommand)]
enum EngineCommand {
    /// Runs the benchmark: a fixed set of positions searched to a fixed
    /// depth; the node count is the same on every machine (see docs/protocol.md).
    Bench(BenchArgs),
    /// Builds a Kalah endgame database: the exact value of every position
    /// with at most N seeds on the board (see docs/endgame-db.md).
    BuildDb(BuildDbArgs),
    /// Builds an opening book from the engine's own analysis, or extends
    /// the one in FILE: every position within P moves of the start gets its
    /// best moves, weighted (see docs/book.md).
    BuildBook(BuildBookArgs),
}

/// The arguments of `ply-engine bench`.
#[derive(Debug, clap::Args)]
struct BenchArgs {
    /// Search depth.
    #[arg(value_name = "DEPTH", default_value_t = BENCH_DEPTH)]
    depth: u32,
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    // A bad command line: clap prints the error (or the help) once, and exits.
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // Printed once, plainly: the logger would print it a second time.
            eprintln!("ply-engine: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<()> {
    let out = Output::new(std::io::stdout());
    match cli.command {
        None => protocol_loop(out),
        Some(EngineCommand::Bench(args)) => {
            // Nothing stops a bench from the shell but Ctrl-C.
            run_bench(&out, args.depth, &SearchControl::new(false, false));
            Ok(())
        }
        Some(EngineCommand::BuildDb(args)) => build_db(&args),
        Some(EngineCommand::BuildBook(args)) => build_book(&args),
    }
}

/// Reads commands until `quit` or the end of input (on a thread of their
/// own, so that `stop` and `isready` are seen while a command waits for a
/// search: see `session/input.rs`).
fn protocol_loop(out: Output) -> Result<()> {
    let input = InputQueue::spawn(std::io::BufReader::new(std::io::stdin()));
    Session::new(out).run(input);
    Ok(())
}

/// The arguments of `ply-engine build-db`.
#[derive(Debug, clap::Args)]
struct BuildDbArgs {
    /// Most seeds on the board, 0 to 127.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=127))]
    max_seeds: u8,
    /// Pits per side, 1 to 12.
    #[arg(long, value_name = "M", default_value_t = 6, value_parser = clap::value_parser!(u8).range(1..=12))]
    pits: u8,
    /// Irving's rule: a last seed in an own empty pit captures even opposite an empty pit.
    #[arg(long)]
    empty_capture: bool,
    /// Threads to build with (default: the cores of this machine).
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// The database file to write.
    #[arg(long, value_name = "FILE")]
    output: std::path::PathBuf,
}

/// `ply-engine build-db`: builds a database showing its progress on stderr
/// (see [`BuildProgress`]), saves it, and prints a summary.
fn build_db(args: &BuildDbArgs) -> Result<()> {
    use ply_engine::games::kalah::EndgameDb;
    use ply_engine::games::kalah::endgame::format_duration;

    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    );
    // Fail now, not after a long build, when the file cannot be written.
    let directory = match args.output.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => std::path::Path::new("."),
    };
    if !directory.is_dir() {
        bail!(
            "cannot write {}: {} is not a directory",
            args.output.display(),
            directory.display()
        );
    }
    let rule = if args.empty_capture {
        "empty capture"
    } else {
        "standard capture"
    };
    eprintln!(
        "building Kalah({}) {rule}, at most {} seeds on the board, {threads} thread(s)",
        args.pits, args.max_seeds
    );
    let started = std::time::Instant::now();
    let mut progress = BuildProgress::for_stderr();
    let db = EndgameDb::build(
        args.pits,
        args.empty_capture,
        args.max_seeds,
        threads,
        |p| progress.update(p),
    )
    .context("cannot build the database")?;
    progress.finish();
    let built = started.elapsed();
    db.save(&args.output)
        .with_context(|| format!("cannot save the database to {}", args.output.display()))?;
    let total = started.elapsed();
    eprintln!(
        "{} entries, {} bytes ({:.1} MiB), built in {}, saved in {}: {}",
        thousands(db.len()),
        thousands(db.file_size()),
        db.file_size() as f64 / f64::from(1u32 << 20),
        format_duration(built),
        format_duration(total.saturating_sub(built)),
        args.output.display()
    );
    Ok(())
}

/// The arguments of `ply-engine build-book`.
#[derive(Debug, clap::Args)]
struct BuildBookArgs {
    /// The game, as UCI_Variant names it (kalah, oware, tictactoe, …).
    #[arg(long, default_value = "kalah")]
    variant: String,
    /// An engine option for the game's rules, as NAME=VALUE (Seeds=4, EmptyCapture=true, …).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// Positions up to this many moves from the start get entries.
    #[arg(long, value_name = "P")]
    plies: u32,
    /// Search depth after each move.
    #[arg(long, value_name = "D", default_value_t = 12)]
    depth: u32,
    /// Keep moves within this many centi-units (100 = a seed or a man) of the best.
    #[arg(long, value_name = "CP", default_value_t = 50)]
    margin: i32,
    /// Transposition table size in MB.
    #[arg(long, value_name = "MB", default_value_t = 64)]
    hash: usize,
    /// The book file: extended when it exists, else created.
    #[arg(long, value_name = "FILE")]
    output: std::path::PathBuf,
}

/// `ply-engine build-book`: analyses, shows progress on stderr, saves.
fn build_book(args: &BuildBookArgs) -> Result<()> {
    use ply_engine::book::Book;
    use ply_engine::book::build::{BuildSettings, extend_book};
    use ply_engine::options::EngineOptions;
    use ply_engine::variant::AnyGame;

    // 1. The game and rules, set as a front end would set them.
    let mut options = EngineOptions::default();
    options
        .set("UCI_Variant", Some(&args.variant))
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    for option in &args.options {
        let (name, value) = option
            .split_once('=')
            .with_context(|| format!("--option '{option}' is not NAME=VALUE"))?;
        options
            .set(name, Some(value))
            .map_err(|e| anyhow::anyhow!("--option {option}: {e}"))?;
    }
    // The options as a whole, as the engine applies them at a game start.
    if let Some(error) = options.game.apply_pending().errors.first() {
        anyhow::bail!("{error}");
    }
    let start = AnyGame::start(&options.game.rules()).map_err(|e| anyhow::anyhow!("{e}"))?;
    // 2. The book to extend, if the file exists.
    let mut book = if args.output.exists() {
        Book::load(&args.output).with_context(|| "cannot extend the existing book")?
    } else {
        Book::new()
    };
    let before = book.len();
    // 3. The analysis, with a progress line.
    let settings = BuildSettings {
        plies: args.plies,
        depth: args.depth,
        margin: args.margin,
        hash_mb: args.hash,
    };
    let started = std::time::Instant::now();
    let mut stderr = std::io::stderr();
    let added = extend_book(&mut book, &start, &settings, &mut |p| {
        let _ = write!(stderr, "\ranalysing position {}/{}", p.done, p.total);
        let _ = stderr.flush();
    })?;
    eprintln!();
    book.save(&args.output)
        .with_context(|| format!("cannot save the book to {}", args.output.display()))?;
    eprintln!(
        "{added} positions added to the {before} already in {} ({} s)",
        args.output.display(),
        started.elapsed().as_secs()
    );
    Ok(())
}

/// `1234567` as `1,234,567`.
fn thousands(n: u64) -> String {
    let digits: Vec<char> = n.to_string().chars().collect();
    let head = match digits.len() % 3 {
        0 => 3,
        partial => partial,
    };
    let mut out: String = digits[..head].iter().collect();
    for group in digits[head..].chunks(3) {
        out.push(',');
        out.extend(group);
    }
    out
}
