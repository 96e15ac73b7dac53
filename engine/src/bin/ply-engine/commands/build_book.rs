//! `ply-engine build-book`: builds or extends an opening book from the
//! engine's own analysis (see docs/book.md); the library's
//! `commands::build_book` does the work.

use std::io::Write;

use anyhow::{Context, Result};

/// The arguments of `ply-engine build-book`.
#[derive(Debug, clap::Args)]
pub struct BuildBookArgs {
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
pub fn run(args: &BuildBookArgs) -> Result<()> {
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
