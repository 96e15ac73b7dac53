//! `ply-engine annotate`: analyses every move of recorded games and marks
//! the inaccuracies, mistakes and blunders (see docs/analysis.md); the
//! library's `commands::annotate` does the work.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, Result};

use super::shared::{JobsArgs, SearchLimitArgs, refuse_output_as_input};

/// The arguments of `ply-engine annotate`.
#[derive(Debug, clap::Args)]
pub struct AnnotateArgs {
    /// The game of records that do not name one (no Variant or GameType tag).
    #[arg(long)]
    variant: Option<String>,
    /// An engine option, as NAME=VALUE (Pits=4, EmptyCapture=true, Hash=64, …); repeatable.
    /// A rule option goes only to the games that have it.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    #[command(flatten)]
    limit: SearchLimitArgs,
    #[command(flatten)]
    jobs: JobsArgs,
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
pub fn run(args: &AnnotateArgs) -> Result<ExitCode> {
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
        jobs: args.jobs.count(
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
