//! What the subcommands share: the search limit's flags, the `--jobs`
//! flag and the refusal of an `--output` that is the input (`analyse`,
//! `annotate`), and the game `--variant` names with its rule options
//! (`build-db`, `tune`).

use anyhow::{Result, bail};
use ply_rules::options::RuleError;
use ply_rules::variant::{AnyRules, Variant};

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

/// A rule option from the command line: the flag that said it (for the
/// messages), the option's name as `uci` lists it, and its value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleFlag {
    /// The flag, as the user wrote it (`--pits`, `--option Pits`).
    pub flag: String,
    /// The rule option's name.
    pub name: String,
    /// Its value.
    pub value: String,
}

impl RuleFlag {
    /// The option `name` set to `value` by `flag`.
    pub fn new(flag: &str, name: &str, value: &str) -> Self {
        Self {
            flag: flag.to_owned(),
            name: name.to_owned(),
            value: value.to_owned(),
        }
    }

    /// The `--option NAME=VALUE` flags.
    ///
    /// # Errors
    /// One not written `NAME=VALUE`.
    fn options(options: &[String]) -> Result<Vec<Self>> {
        options
            .iter()
            .map(|option| {
                let (name, value) = option
                    .split_once('=')
                    .ok_or_else(|| anyhow::anyhow!("--option {option}: write it as NAME=VALUE"))?;
                let name = name.trim();
                Ok(Self::new(&format!("--option {name}"), name, value.trim()))
            })
            .collect()
    }
}

/// The rules of the game `variant` names, which must be one of `offered`
/// (else the error says the game `lacking` and names those that have
/// it), with the short flags `flags` set, then the `--option NAME=VALUE`
/// flags `options`, in that order: an unknown game, a malformed option or
/// a rule the game does not have is an error naming what would be
/// accepted.
pub fn rules_of(
    variant: &str,
    offered: &[Variant],
    lacking: &str,
    flags: &[RuleFlag],
    options: &[String],
) -> Result<AnyRules> {
    let Some(game) = Variant::from_name(variant) else {
        bail!(
            "--variant {variant}: unknown game, expected one of {}",
            Variant::names().join(", ")
        );
    };
    if !offered.contains(&game) {
        let names: Vec<&str> = offered.iter().map(|game| game.name()).collect();
        bail!(
            "{} {lacking}; these games have: {}",
            game.name(),
            names.join(", ")
        );
    }
    let mut rules = AnyRules::default_for(game);
    let options = RuleFlag::options(options)?;
    for RuleFlag { flag, name, value } in flags.iter().chain(&options) {
        rules.set(name, value).map(|_| ()).map_err(|e| match e {
            RuleError::NotForGame { .. } => anyhow::anyhow!("{flag} is no rule of {}", game.name()),
            other => anyhow::anyhow!("{flag}: {other}"),
        })?;
    }
    Ok(rules)
}
