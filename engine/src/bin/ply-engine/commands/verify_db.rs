//! `ply-engine verify-db`: checks an endgame database file's blocks
//! against their checksums (see docs/endgame-db.md).

use anyhow::Result;

use super::build_progress::VerifyProgress;

/// The arguments of `ply-engine verify-db`.
#[derive(Debug, clap::Args)]
pub struct VerifyDbArgs {
    /// The database file to check.
    #[arg(value_name = "FILE")]
    file: std::path::PathBuf,
}

/// `ply-engine verify-db`: opens the file (its header and block table are
/// checked then), reads every block against its checksum with a progress
/// bar on stderr, and says whether it is sound.
pub fn run(args: &VerifyDbArgs) -> Result<()> {
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
