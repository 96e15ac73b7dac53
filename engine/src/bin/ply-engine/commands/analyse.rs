//! `ply-engine analyse`: analyses a file of positions, one a line (see
//! docs/analysis.md); the library's `commands::analyse` does the work.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};

use super::shared::{JobsArgs, SearchLimitArgs, refuse_output_as_input};

/// The arguments of `ply-engine analyse`.
#[derive(Debug, clap::Args)]
pub struct AnalyseArgs {
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
    #[command(flatten)]
    jobs: JobsArgs,
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
pub fn run(args: &AnalyseArgs) -> Result<ExitCode> {
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
        jobs: args.jobs.count(&setup),
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
