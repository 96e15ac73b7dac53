//! What `analyse` and `annotate` share: the search limit's flags, the
//! `--jobs` flag, and the refusal of an `--output` that is the input.

use anyhow::{Result, bail};

/// The search limit of `analyse` and `annotate`: at most one of them.
#[derive(Debug, clap::Args)]
#[group(id = "limit", multiple = false)]
pub struct SearchLimitArgs {
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

/// The `--jobs` flag of `analyse` and `annotate`.
#[derive(Debug, clap::Args)]
pub struct JobsArgs {
    /// Positions analysed at once, one search thread each (default and most: the cores).
    /// Each job has its own tables of Hash MB (two for Kalah's solver): fewer jobs are
    /// run when all their tables together would pass 4096 MB.
    #[arg(long, value_name = "J", value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
}

impl JobsArgs {
    /// The jobs to run: those asked for (default: the cores), lowered to
    /// the cores and to the memory budget of their hash tables of `setup`
    /// (see `analyse::job_limit`), saying so on stderr when lowered.
    pub fn count(&self, setup: &[ply_protocol::Command]) -> usize {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let limit = ply_engine::commands::analyse::limit_jobs(
            self.jobs.map(usize::from),
            cores,
            ply_engine::commands::analyse::hash_mb_of(setup),
        );
        if let Some(lowered) = &limit.lowered {
            eprintln!("ply-engine: {lowered}");
        }
        limit.jobs
    }
}

/// Refuses an `--output` that is the input file (by another name too: a
/// link, `./`, a hard link), before anything is opened for writing, which
/// would empty the input before it is read.
pub fn refuse_output_as_input(
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
    pub fn limit(&self, solve: bool) -> ply_engine::commands::analyse::Limit {
        ply_engine::commands::analyse::Limit {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime,
            solve,
        }
    }
}
