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

use std::io::Write;
use std::process::ExitCode;

mod build_db;
mod build_progress;

use anyhow::{Context, Result, bail};
use build_db::{BuildDbArgs, build_db};
use build_progress::VerifyProgress;
use clap::{Parser, Subcommand};
use ply_engine::search::SearchControl;
use ply_engine::search_thread::Output;
use ply_engine::session::{BENCH_DEPTH, InputQueue, Protocol, Session, run_bench};

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
    /// Speak another protocol than UCI and UGI from the first line:
    /// `aalina` is Aalina's UCI dialect of Oware, as Aualé drives an engine
    /// (houses as letters); `hub` is Scan's Hub for Russian draughts, which
    /// a first line `hub` also starts (see docs/front-ends.md, "Other GUIs and tools").
    #[arg(long, value_enum, value_name = "PROTOCOL")]
    dialect: Option<Protocol>,
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
        None => protocol_loop(out, cli.dialect),
        Some(EngineCommand::Bench(args)) => {
            // Nothing stops a bench from the shell but Ctrl-C.
            run_bench(&out, args.depth, &SearchControl::new(false, false));
            Ok(())
        }
        Some(EngineCommand::BuildDb(args)) => build_db(&args),
        Some(EngineCommand::VerifyDb(args)) => verify_db(&args),
        Some(EngineCommand::BuildBook(args)) => build_book(&args),
        Some(EngineCommand::Analyse(args)) => return analyse(&args),
        Some(EngineCommand::Annotate(args)) => return annotate(&args),
    }
    .map(|()| ExitCode::SUCCESS)
}

/// Reads commands until `quit` or the end of input (on a thread of their
/// own, so that `stop` and `isready` are seen while a command waits for a
/// search: see `session/input.rs`).
fn protocol_loop(out: Output, dialect: Option<Protocol>) -> Result<()> {
    let input = InputQueue::spawn(std::io::BufReader::new(std::io::stdin()));
    let mut session = Session::new(out);
    if let Some(protocol) = dialect {
        session.speak(protocol);
    }
    session.run(input);
    Ok(())
}

/// The arguments of `ply-engine verify-db`.
#[derive(Debug, clap::Args)]
struct VerifyDbArgs {
    /// The database file to check.
    #[arg(value_name = "FILE")]
    file: std::path::PathBuf,
}

/// `ply-engine verify-db`: opens the file (its header and block table are
/// checked then), reads every block against its checksum with a progress
/// bar on stderr, and says whether it is sound.
fn verify_db(args: &VerifyDbArgs) -> Result<()> {
    let started = std::time::Instant::now();
    let opened = ply_engine::engine_game::open_database_of_any_game(&args.file)
        .map_err(anyhow::Error::msg)?;
    let mut progress = VerifyProgress::for_stderr();
    let verified = opened
        .checks
        .verify(&mut |done, total| progress.update(done, total));
    progress.finish();
    verified.map_err(anyhow::Error::msg)?;
    println!(
        "{}: sound ({}), checked in {}",
        args.file.display(),
        opened.description,
        ply_engine::endgame::format_duration(started.elapsed())
    );
    Ok(())
}

/// The arguments of `ply-engine build-book`.
#[derive(Debug, clap::Args)]
struct BuildBookArgs {
    /// The game, as UCI_Variant names it (kalah, oware, tictactoe, …; default: the engine's).
    #[arg(long)]
    variant: Option<String>,
    /// An engine option for the game's rules, as NAME=VALUE (Seeds=4, EmptyCapture=true, …).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// Positions fewer than this many moves from the start get entries (1: the start alone).
    #[arg(long, value_name = "P", value_parser = clap::value_parser!(u32).range(1..))]
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
    /// Prove every move's exact value with the game's solver instead of
    /// searching (Kalah; with the cached endgame database, or
    /// --option EndgameDB=FILE): the best moves weigh 100, the others 0.
    /// Positions already in the book without proven values are proven too.
    #[arg(long)]
    solve: bool,
}

/// `solve` prints one line a move when MultiPV covers them all.
const EVERY_MOVE: u32 = 256;

/// `ply-engine build-book`: analyses, shows progress on stderr, saves.
fn build_book(args: &BuildBookArgs) -> Result<()> {
    use ply_engine::book::Book;
    use ply_engine::commands::build_book::{BuildSettings, extend_book};
    use ply_engine::options::EngineOptions;
    use ply_rules::variant::AnyGame;

    // 1. The game and rules, set as a front end would set them.
    let mut options = EngineOptions::default();
    if let Some(variant) = &args.variant {
        options
            .set("UCI_Variant", Some(variant))
            .map_err(|e| anyhow::anyhow!("{e}"))?;
    }
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
    // With --solve, an engine session proves the moves, set up as the
    // book's game with the same options (and the table size of --hash).
    let mut prover = if args.solve {
        let mut options = args.options.clone();
        options.push(format!("Hash={}", args.hash));
        let setup = ply_engine::commands::analyse::setup_commands(
            args.variant.as_deref(),
            &options,
            Some(EVERY_MOVE),
        )
        .map_err(|e| anyhow::anyhow!("{e}"))?;
        Some(ply_engine::commands::analyse::Job::new(&setup).map_err(|e| anyhow::anyhow!("{e}"))?)
    } else {
        None
    };
    let started = std::time::Instant::now();
    let mut stderr = std::io::stderr();
    let analysed = extend_book(&mut book, &start, &settings, prover.as_mut(), &mut |p| {
        let _ = write!(stderr, "\ranalysing position {}/{}", p.done, p.total);
        let _ = stderr.flush();
    })?;
    eprintln!();
    // The book's error names the file.
    book.save(&args.output).context("cannot save the book")?;
    // A position analysed is new to the book, or (--solve) was there
    // without proven values and is now proven.
    let after = book.len();
    let added = after - before;
    let proven_anew = if args.solve {
        format!(" and {} proven anew", analysed - added)
    } else {
        String::new()
    };
    eprintln!(
        "{added} positions added{proven_anew}: {} holds {after} ({} s)",
        args.output.display(),
        started.elapsed().as_secs()
    );
    Ok(())
}

/// The search limit of `analyse` and `annotate`: at most one of them.
#[derive(Debug, clap::Args)]
#[group(id = "limit", multiple = false)]
struct SearchLimitArgs {
    /// Search each position this many plies, 1 or more (the default, 12, when no limit is given).
    #[arg(long, value_name = "N", value_parser = parse_depth)]
    depth: Option<u32>,
    /// Search each position about this many nodes.
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Search each position this many milliseconds (results depend on the machine).
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,
}

/// `--depth N`: a number of plies, at least 1. (The engine would search a
/// `go depth 0` to depth 1 anyway: refused here rather than done silently.)
fn parse_depth(text: &str) -> std::result::Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(0) => Err("the depth must be at least 1 ply".to_owned()),
        Ok(depth) => Ok(depth),
        Err(e) => Err(format!("not a number of plies: {e}")),
    }
}

/// The jobs of `analyse` or `annotate`: those asked for (default: the
/// cores), lowered to the cores and to the memory budget of their hash
/// tables (see `analyse::job_limit`), saying so on stderr when lowered.
fn jobs(requested: Option<u16>, setup: &[ply_protocol::Command]) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let limit = ply_engine::commands::analyse::limit_jobs(
        requested.map(usize::from),
        cores,
        ply_engine::commands::analyse::hash_mb_of(setup),
    );
    if let Some(lowered) = &limit.lowered {
        eprintln!("ply-engine: {lowered}");
    }
    limit.jobs
}

/// Refuses an `--output` that is the input file (by another name too: a
/// link, `./`, a hard link), before anything is opened for writing, which
/// would empty the input before it is read.
fn refuse_output_as_input(
    input: Option<&std::path::Path>,
    output: Option<&std::path::Path>,
) -> Result<()> {
    let (Some(input), Some(output)) = (input, output) else {
        return Ok(());
    };
    if same_file(input, output) {
        bail!(
            "--output {} is the input file {}: give another output file",
            output.display(),
            input.display()
        );
    }
    Ok(())
}

/// Whether both paths name one existing file: the same device and inode
/// on Unix, the same canonical path elsewhere.
fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (std::fs::metadata(a), std::fs::metadata(b)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        match (a.canonicalize(), b.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
    }
}

impl SearchLimitArgs {
    /// The limit of each position: `solve` instead of a search, or a
    /// search to these limits.
    fn limit(&self, solve: bool) -> ply_engine::commands::analyse::Limit {
        ply_engine::commands::analyse::Limit {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime,
            solve,
        }
    }
}

/// The arguments of `ply-engine analyse`.
#[derive(Debug, clap::Args)]
struct AnalyseArgs {
    /// The game, as UCI_Variant names it (kalah, oware, tictactoe, …; default: the engine's).
    #[arg(long)]
    variant: Option<String>,
    /// An engine option, as NAME=VALUE (Seeds=4, Hash=64, Threads=2, …); repeatable.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    #[command(flatten)]
    limit: SearchLimitArgs,
    /// Solve each position (Kalah, Oware, Russian draughts): its exact value, and with
    /// --multipv K the exact values of its K best moves, as "proven" scores. With
    /// --movetime or --nodes each solve stops there and gives the bounds it proved.
    #[arg(long, conflicts_with = "depth")]
    solve: bool,
    /// Report the K best lines of each position.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..))]
    multipv: Option<u32>,
    /// Positions analysed at once, one search thread each (default and most: the cores).
    /// Each job has its own tables of Hash MB (two for Kalah's solver): fewer jobs are
    /// run when all their tables together would pass 4096 MB.
    #[arg(long, value_name = "J", value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
    /// How each record is written.
    #[arg(long, value_enum, default_value = "json")]
    format: ply_engine::commands::analyse::Format,
    /// Write to FILE instead of standard output.
    #[arg(long, value_name = "FILE")]
    output: Option<std::path::PathBuf>,
    /// Skip the input lines already in the --output file (JSON only) and append the rest;
    /// refused unless the file holds this run's records (same input and options) in order.
    #[arg(long, requires = "output")]
    resume: bool,
    /// The positions, one a line (default: standard input).
    #[arg(value_name = "FILE")]
    input: Option<std::path::PathBuf>,
}

/// The lines `analyse` reads, one at a time.
type InputLines =
    Box<dyn Iterator<Item = std::io::Result<ply_engine::commands::analyse::InputLine>> + Send>;

/// `ply-engine analyse`: reads the positions, analyses them, and exits
/// with 1 when any line could not be analysed (its record says why).
fn analyse(args: &AnalyseArgs) -> Result<ExitCode> {
    use ply_engine::commands::analyse::{self, Format, Progress, Settings};

    let setup = analyse::setup_commands(args.variant.as_deref(), &args.options, args.multipv)
        .map_err(anyhow::Error::msg)?;
    refuse_output_as_input(args.input.as_deref(), args.output.as_deref())?;
    // Read as the jobs take the lines: positions are analysed while more arrive.
    let input: Box<dyn std::io::BufRead + Send> = match &args.input {
        Some(path) => Box::new(std::io::BufReader::new(
            std::fs::File::open(path).with_context(|| format!("cannot open {}", path.display()))?,
        )),
        None => Box::new(std::io::BufReader::new(std::io::stdin())),
    };
    // A read error names what was read.
    let source = args.input.as_ref().map_or_else(
        || "standard input".to_owned(),
        |path| path.display().to_string(),
    );
    let lines: InputLines = Box::new(analyse::input_lines(input).map(move |line| {
        line.map_err(|e| std::io::Error::new(e.kind(), format!("{source}: {e}")))
    }));
    let settings = Settings {
        jobs: jobs(args.jobs, &setup),
        setup,
        go: args.limit.limit(args.solve).command(),
        format: args.format,
    };
    let (out, lines, earlier_errors): (Box<dyn Write>, InputLines, _) = match &args.output {
        None => (Box::new(std::io::stdout().lock()), lines, 0),
        Some(path) if args.resume => {
            if args.format != Format::Json {
                bail!(
                    "--resume reads the JSON lines of an earlier run back: use it with --format json"
                );
            }
            // The records written must be this run's for the input's
            // first lines: the input is read whole first to check them.
            let lines: Vec<_> = lines
                .collect::<std::io::Result<_>>()
                .context("cannot read the input")?;
            let description = settings.description();
            let expected: Vec<_> = lines
                .iter()
                .map(|line| Settings::origin(line, &description))
                .collect();
            let (file, done) = analyse::open_for_resume(path, &expected)?;
            let to_do = lines.into_iter().skip(done.records).map(Ok);
            (Box::new(file), Box::new(to_do), done.errors)
        }
        Some(path) => {
            let file = std::fs::File::create(path)
                .with_context(|| format!("cannot create {}", path.display()))?;
            (Box::new(file), lines, 0)
        }
    };
    let progress = Progress::for_stderr(0);
    let summary = analyse::analyse(&settings, lines, out, &progress)?;
    let bad = summary.bad_lines.len() + earlier_errors;
    if bad == 0 {
        return Ok(ExitCode::SUCCESS);
    }
    eprintln!(
        "ply-engine: {bad} input line(s) could not be analysed{}: their records say why",
        if summary.bad_lines.is_empty() {
            String::new()
        } else {
            format!(
                " (this run: line {})",
                summary
                    .bad_lines
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        }
    );
    Ok(ExitCode::FAILURE)
}

/// The arguments of `ply-engine annotate`.
#[derive(Debug, clap::Args)]
struct AnnotateArgs {
    /// The game of records that do not name one (no Variant or GameType tag).
    #[arg(long)]
    variant: Option<String>,
    /// An engine option, as NAME=VALUE (Pits=4, EmptyCapture=true, Hash=64, …); repeatable.
    /// A rule option goes only to the games that have it.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    #[command(flatten)]
    limit: SearchLimitArgs,
    /// Positions analysed at once, one search thread each (default and most: the cores).
    /// Each job has its own tables of Hash MB (two for Kalah's solver): fewer jobs are
    /// run when all their tables together would pass 4096 MB.
    #[arg(long, value_name = "J", value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
    /// What the input is (default: JSON lines when it starts with '{', else PGN/PDN).
    #[arg(long, value_enum, value_name = "FORMAT")]
    input_format: Option<ply_engine::commands::annotate::InputFormat>,
    /// How each game is written (default: JSON for JSON input, PGN/PDN for PGN/PDN).
    #[arg(long, value_enum)]
    format: Option<ply_engine::commands::annotate::OutputFormat>,
    /// Write to FILE instead of standard output.
    #[arg(long, value_name = "FILE")]
    output: Option<std::path::PathBuf>,
    /// The games (default: standard input).
    #[arg(value_name = "FILE")]
    input: Option<std::path::PathBuf>,
}

/// `ply-engine annotate`: reads the games, annotates them, and exits with
/// 1 when any game could not be annotated (stderr and the output say why).
fn annotate(args: &AnnotateArgs) -> Result<ExitCode> {
    use ply_engine::commands::analyse::Progress;
    use ply_engine::commands::annotate::{self, InputFormat, OutputFormat, Settings};
    use ply_engine::input_text::Text;
    use ply_rules::variant::Variant;

    let variant = args
        .variant
        .as_deref()
        .map(|name| {
            Variant::from_name(name).with_context(|| {
                format!(
                    "--variant {name}: unknown game, expected one of {}",
                    Variant::names().join(", ")
                )
            })
        })
        .transpose()?;
    refuse_output_as_input(args.input.as_deref(), args.output.as_deref())?;
    let input = match &args.input {
        Some(path) => std::fs::File::open(path)
            .map(std::io::BufReader::new)
            .and_then(Text::read)
            .with_context(|| format!("cannot read {}", path.display()))?,
        None => Text::read(std::io::stdin().lock()).context("cannot read standard input")?,
    };
    let input_format = args
        .input_format
        .unwrap_or_else(|| InputFormat::detect(&input.text));
    let games = annotate::read_games(&input, input_format);
    // Annotation compares a move with the best by searching both: no solve.
    let go = args.limit.limit(false).params();
    let settings = Settings {
        variant,
        options: args.options.clone(),
        annotator: format!(
            "Ply {} ({})",
            env!("CARGO_PKG_VERSION"),
            ply_protocol::Command::Go(go.clone())
                .to_string()
                .trim_start_matches("go ")
        ),
        go,
        // The Hash of every game's jobs (the rule options do not matter here).
        jobs: jobs(
            args.jobs,
            &ply_engine::commands::analyse::setup_commands(None, &args.options, None)
                .unwrap_or_default(),
        ),
        format: args.format.unwrap_or(OutputFormat::like(input_format)),
    };
    let out: Box<dyn Write> = match &args.output {
        None => Box::new(std::io::stdout().lock()),
        Some(path) => Box::new(
            std::fs::File::create(path)
                .with_context(|| format!("cannot create {}", path.display()))?,
        ),
    };
    let progress = Progress::for_stderr(0);
    let summary = annotate::annotate(&settings, &games, out, &progress)?;
    if summary.bad_games.is_empty() {
        return Ok(ExitCode::SUCCESS);
    }
    for bad in &summary.bad_games {
        eprintln!("ply-engine: {bad}");
    }
    eprintln!(
        "ply-engine: {} of {} game(s) could not be annotated",
        summary.bad_games.len(),
        summary.written
    );
    Ok(ExitCode::FAILURE)
}
