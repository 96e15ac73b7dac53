//! How many jobs `analyse` and `annotate` run at once.
//!
//! Each job is a whole engine session with tables of its own: the search's
//! transposition table of `Hash` MB and, for Kalah's exact solver
//! (`--solve`, or play with an endgame database), a bound table of the
//! same size. So jobs beyond the cores gain nothing and only cost memory,
//! and many jobs with a large `Hash` can ask for more memory than the
//! machine has. The number asked for is lowered to the cores and to what
//! fits in [`JOBS_MEMORY_BUDGET_MB`]; the batch itself lowers it to the
//! positions it has.

use ply_protocol::Command;

use crate::options::EngineOptions;

/// The memory all jobs' tables together may take, in MB: jobs ×
/// [`TABLES_PER_JOB`] × `Hash` stays within it (one job at least, whatever
/// its `Hash`). The `--help` of `analyse` and `annotate` states it.
pub const JOBS_MEMORY_BUDGET_MB: usize = 4096;

/// The tables of `Hash` MB one job may hold: the search's and the solver's.
pub const TABLES_PER_JOB: usize = 2;

/// The jobs a batch runs, and why fewer than asked, if so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JobLimit {
    /// Jobs to run (at least 1).
    pub jobs: usize,
    /// What was lowered and why (`--jobs 200 lowered to 2: …`), to tell
    /// the user; `None` when the jobs asked for (or the default) are run.
    pub lowered: Option<String>,
}

/// The jobs to run when `requested` were asked for (`None`: as many as
/// the cores) on a machine of `cores` cores, each job with tables of
/// `hash_mb` MB.
#[must_use]
pub fn limit_jobs(requested: Option<usize>, cores: usize, hash_mb: usize) -> JobLimit {
    let cores = cores.max(1);
    let by_memory = (JOBS_MEMORY_BUDGET_MB / TABLES_PER_JOB.saturating_mul(hash_mb).max(1)).max(1);
    let wanted = requested.unwrap_or(cores).max(1);
    let jobs = wanted.min(cores).min(by_memory);
    let lowered = (jobs < wanted).then(|| {
        // The tighter of the two caps is the reason (the cores on a tie).
        let why = if by_memory < cores.min(wanted) {
            format!(
                "each job has up to {TABLES_PER_JOB} tables of Hash {hash_mb} MB, and all jobs' \
                 tables together stay within {JOBS_MEMORY_BUDGET_MB} MB"
            )
        } else {
            format!("this machine has {cores} cores")
        };
        let asked =
            requested.map_or_else(|| "the default jobs".to_owned(), |n| format!("--jobs {n}"));
        format!("{asked} lowered to {jobs}: {why}")
    });
    JobLimit { jobs, lowered }
}

/// The `Hash` in MB the jobs set up with `setup` will have: the last
/// `setoption name Hash` that the engine would take, else the default.
#[must_use]
pub fn hash_mb_of(setup: &[Command]) -> usize {
    let mut options = EngineOptions::default();
    for command in setup {
        if let Command::SetOption { name, value } = command
            && name.trim().eq_ignore_ascii_case(HASH)
        {
            // A value the engine refuses leaves the one before; the job's
            // setup reports the refusal.
            let _ = options.set(name, value.as_deref());
        }
    }
    options.hash_mb
}

/// The name of the option that sizes each table.
const HASH: &str = "Hash";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::DEFAULT_HASH_MB;

    #[test]
    fn the_default_is_the_cores_and_is_not_reported() {
        assert_eq!(
            limit_jobs(None, 8, DEFAULT_HASH_MB),
            JobLimit {
                jobs: 8,
                lowered: None
            }
        );
        assert_eq!(limit_jobs(Some(3), 8, DEFAULT_HASH_MB).jobs, 3);
    }

    #[test]
    fn jobs_beyond_the_cores_are_lowered_to_them() {
        let limit = limit_jobs(Some(1000), 2, DEFAULT_HASH_MB);
        assert_eq!(limit.jobs, 2);
        assert_eq!(
            limit.lowered.as_deref(),
            Some("--jobs 1000 lowered to 2: this machine has 2 cores")
        );
    }

    #[test]
    fn jobs_beyond_the_memory_budget_are_lowered_to_it() {
        // 4096 MB / (2 tables × 512 MB) = 4 jobs.
        let limit = limit_jobs(Some(16), 64, 512);
        assert_eq!(limit.jobs, 4);
        assert!(
            limit
                .lowered
                .as_deref()
                .is_some_and(|why| why.contains("within 4096 MB")),
            "{limit:?}"
        );
        // One job whatever its Hash: its allocation says if it is too much.
        assert_eq!(limit_jobs(None, 64, 65_536).jobs, 1);
    }

    #[test]
    fn the_hash_is_the_last_one_the_engine_takes() {
        let set = |value: &str| Command::SetOption {
            name: "hash".to_owned(),
            value: Some(value.to_owned()),
        };
        assert_eq!(hash_mb_of(&[]), DEFAULT_HASH_MB);
        assert_eq!(hash_mb_of(&[set("64"), set("256")]), 256);
        assert_eq!(hash_mb_of(&[set("64"), set("lots")]), 64);
    }
}
