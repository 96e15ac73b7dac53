//! `ply-engine build-db` (a module of the binary): builds the endgame
//! database of a game (Kalah by default, `--variant oware`) and saves it,
//! by default into the cache. What the game's database is, and how it is
//! built, each game's hooks say ([`EngineGame::database_plan`],
//! [`EngineGame::build_database`]).
//!
//! A build takes minutes and gigabytes of memory (as much as its file for
//! Kalah, 5.6 GB at 28 seeds; 13 GB for Oware's 24 seeds, whose file is
//! 2.5 GB), so everything that could stop it is checked before it starts:
//! 1. the destination is a new path or an existing database file (never a
//!    device, a pipe, a link, a directory or another kind of file);
//! 2. into the cache, no other build is running there (the cache's lock),
//!    and the temporary files of builds that were killed are removed;
//! 3. the temporary file it will save through can be made (a read-only
//!    directory fails now, not after the build);
//! 4. there is memory for the build and disk for the file.
//!
//! An interrupted build (Ctrl-C, `kill`, a closed terminal) removes its
//! temporary file on the way out.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use ply_engine::database_cache;
use ply_engine::endgame::format::{self, MAGIC_LEN};
use ply_engine::endgame::format_duration;
use ply_engine::engine_game::database::{file_kinds, games_with_databases};
use ply_engine::engine_game::{DatabasePlan, EngineGame};
use ply_rules::variant::AnyGame;
use ply_rules::with_game;

use super::build_progress::BuildProgress;
use super::shared::{RuleFlag, rules_of};

/// The exit status of a build ended by a signal, as a shell reports
/// SIGINT's (128 + 2).
const INTERRUPTED: i32 = 130;

/// The arguments of `ply-engine build-db`.
#[derive(Debug, clap::Args)]
pub struct BuildDbArgs {
    /// The game, as UCI_Variant names it: kalah, oware or russian.
    #[arg(long, value_name = "GAME", default_value = "kalah")]
    variant: String,
    /// The database's size: most seeds on the board (0 to 127), or for
    /// Russian draughts most pieces (`--max-pieces`, 2 to 8).
    #[arg(
        long = "max-seeds",
        visible_alias = "max-pieces",
        value_name = "N",
        value_parser = clap::value_parser!(u8).range(0..=127)
    )]
    max_size: u8,
    /// A rule option of the game, as `uci` lists it (repeatable): the board
    /// the database is for, e.g. `--option Pits=4` or `--option EmptyCapture=true`.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// Short for `--option Pits=M`: pits (houses) a side (default 6).
    #[arg(long, value_name = "M")]
    pits: Option<u8>,
    /// Short for `--option EmptyCapture=true` (Kalah, Irving's rule: a last
    /// seed in an own empty pit captures even opposite an empty pit).
    #[arg(long)]
    empty_capture: bool,
    /// Threads to build with (default: the cores of this machine).
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// The database file to write: a new file, or an existing database file
    /// to replace (default: the cache, where `EndgameDB auto` finds it:
    /// $XDG_CACHE_HOME/ply, else ~/.cache/ply, named by game, board, rules and
    /// size, as kalah-6-standard-24.db or oware-6-24.db).
    #[arg(long, value_name = "FILE")]
    output: Option<PathBuf>,
}

/// `ply-engine build-db`: checks that the build can finish, builds the
/// database showing its progress on stderr (see [`BuildProgress`]), saves
/// it, and prints a summary.
pub fn run(args: &BuildDbArgs) -> Result<()> {
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    );
    let game = game_of(args)?;
    let plan =
        with_game!(&game, game => game.database_plan(args.max_size)).map_err(anyhow::Error::msg)?;
    // 1. Where it goes.
    let into_cache = args.output.is_none();
    let output = match &args.output {
        Some(output) => output.clone(),
        None => cached_db_path(&plan)?,
    };
    check_destination(&output)?;
    let directory = directory_of(&output).to_owned();
    // 2. One build at a time in the cache; what killed builds left behind.
    let _lock = if into_cache {
        Some(
            database_cache::lock_for_build(&directory)
                .with_context(|| format!("cannot lock the cache {}", directory.display()))?
                .with_context(|| {
                    format!(
                        "another build-db is writing into the cache {}: wait for it to end",
                        directory.display()
                    )
                })?,
        )
    } else {
        None
    };
    remove_stale_temporaries(&directory, &output, into_cache);
    // 3. The temporary file, made now.
    let temporary = Temporary::create(&output)?;
    // 4. Memory and disk.
    check_space(&directory, &plan)?;

    eprintln!("building {}, {threads} thread(s)", plan.description);
    let started = std::time::Instant::now();
    let mut progress = BuildProgress::for_stderr();
    let db = with_game!(&game, game => game.build_database(
        args.max_size,
        threads,
        &mut |p| progress.update(p),
    ))
    .map_err(anyhow::Error::msg)
    .context("cannot build the database")?;
    progress.finish();
    let built = started.elapsed();
    // `save` writes the temporary file and renames it over the output.
    db.save(&output)
        .map_err(anyhow::Error::msg)
        .with_context(|| format!("cannot save the database to {}", output.display()))?;
    temporary.saved();
    let total = started.elapsed();
    eprintln!(
        "{} entries, {} bytes ({:.1} MiB), built in {}, saved in {}: {}",
        thousands(db.entries()),
        thousands(db.file_size()),
        db.file_size() as f64 / f64::from(1u32 << 20),
        format_duration(built),
        format_duration(total.saturating_sub(built)),
        output.display()
    );
    Ok(())
}

/// The start of the game `--variant` names, with its rule options set
/// (`--option`, and the short `--pits` and `--empty-capture`): a game
/// without databases, or a rule the game does not have, is an error
/// naming what would be accepted.
fn game_of(args: &BuildDbArgs) -> Result<AnyGame> {
    let mut flags = Vec::new();
    if let Some(pits) = args.pits {
        flags.push(RuleFlag::new("--pits", "Pits", &pits.to_string()));
    }
    if args.empty_capture {
        flags.push(RuleFlag::new("--empty-capture", "EmptyCapture", "true"));
    }
    let rules = rules_of(
        &args.variant,
        &games_with_databases(),
        "has no endgame databases",
        &flags,
        &args.options,
    )?;
    AnyGame::start(&rules).map_err(|e| anyhow::anyhow!("{}: {e}", args.variant))
}

/// Where `build-db` without `--output` writes: the database's name in the
/// cache directory, which is made if need be.
fn cached_db_path(plan: &DatabasePlan) -> Result<PathBuf> {
    let directory = database_cache::cache_directory().context(
        "no cache directory (neither XDG_CACHE_HOME nor HOME is set): give --output FILE",
    )?;
    std::fs::create_dir_all(&directory)
        .with_context(|| format!("cannot make the cache directory {}", directory.display()))?;
    Ok(directory.join(&plan.file_name))
}

/// The directory a file goes into (`.` for a bare name).
fn directory_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// Refuses a destination that is not a new path in a directory, or an
/// existing regular file holding a Ply database (of any version: an old
/// one is what a rebuild replaces). A link is refused even when it leads
/// to a database: the rename would replace the link, not its target.
fn check_destination(output: &Path) -> Result<()> {
    let directory = directory_of(output);
    if !directory.is_dir() {
        bail!(
            "cannot write {}: {} is not a directory",
            output.display(),
            directory.display()
        );
    }
    let metadata = match std::fs::symlink_metadata(output) {
        Ok(metadata) => metadata,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e).with_context(|| format!("cannot look at {}", output.display())),
    };
    let refuse = |what: &str| {
        anyhow::anyhow!(
            "will not replace {}: it is {what}; give a new file name, or an existing database file",
            output.display()
        )
    };
    let kind = metadata.file_type();
    if kind.is_symlink() {
        return Err(refuse("a symbolic link"));
    }
    if kind.is_dir() {
        return Err(refuse("a directory"));
    }
    if !kind.is_file() {
        return Err(refuse("not a regular file (a device, a pipe or a socket)"));
    }
    let mut start = [0u8; MAGIC_LEN];
    let is_database = std::fs::File::open(output)
        .and_then(|mut file| std::io::Read::read_exact(&mut file, &mut start))
        .is_ok()
        && format::kind_by_magic(&file_kinds(), &start).is_some();
    if !is_database {
        return Err(refuse("a file that is not a Ply endgame database"));
    }
    Ok(())
}

/// Removes what builds that were killed left: in the cache every stale
/// temporary database file, elsewhere only those of `output`'s name.
fn remove_stale_temporaries(directory: &Path, output: &Path, into_cache: bool) {
    let name = output.file_name().and_then(|name| name.to_str());
    let only = if into_cache { None } else { name };
    if !into_cache && only.is_none() {
        return;
    }
    match database_cache::remove_stale_temporaries(directory, only) {
        Ok(removed) => {
            for path in removed {
                eprintln!(
                    "removed {}, left by a build that was killed",
                    path.display()
                );
            }
        }
        Err(e) => log::warn!(
            "cannot look for stale files in {}: {e}",
            directory.display()
        ),
    }
}

/// Refuses a build when the machine lacks the memory it needs or the
/// directory lacks the disk for its file ([`database_cache::room_for`],
/// which the GUI asks too before it offers a build).
fn check_space(directory: &Path, plan: &DatabasePlan) -> Result<()> {
    database_cache::room_for(directory, plan.memory, plan.file_bytes).map_err(anyhow::Error::msg)
}

/// The temporary file a build saves through, made before the build (so a
/// directory that cannot be written fails at once) and removed on every
/// way out but a successful save: an error, a panic, or a signal.
struct Temporary {
    path: PathBuf,
    /// Set once the save renamed it into place.
    saved: bool,
}

impl Temporary {
    /// Makes the temporary file of `output`, and has a signal remove it.
    fn create(output: &Path) -> Result<Self> {
        let path = database_cache::temporary_path(output);
        // The handler first: a signal between the two finds no file.
        let on_signal = path.clone();
        if let Err(e) = ply_signals::on_termination(move || {
            if std::fs::remove_file(&on_signal).is_ok() {
                eprintln!("\ninterrupted: {} removed", on_signal.display());
            }
            std::process::exit(INTERRUPTED);
        }) {
            log::warn!("an interrupted build may leave {}: {e}", path.display());
        }
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .with_context(|| format!("cannot write into {}", directory_of(output).display()))?;
        Ok(Self { path, saved: false })
    }

    /// The save renamed the file into place: nothing to remove.
    fn saved(mut self) {
        self.saved = true;
    }
}

impl Drop for Temporary {
    fn drop(&mut self) {
        if !self.saved {
            let _ = std::fs::remove_file(&self.path);
        }
    }
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
