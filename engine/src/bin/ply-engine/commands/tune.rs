//! `ply-engine tune` (a module of the binary): the evaluation-tuning
//! toolkit, one for every game. `tune generate` plays self-play games at a
//! fixed number of nodes a move and writes their positions labelled by
//! each game's result and the search's score; `tune label` labels them
//! again by a deeper search; `tune fit` fits the game's tapered table to them by
//! Texel's method, holding out every tenth game to check the fit, and
//! prints it as Rust; `tune match` plays two evaluations against each
//! other with the same search. What differs between games their tuning
//! hooks say ([`EngineGame::TUNING`]); see docs/engine.md, "Tuning an
//! evaluation".

use std::path::PathBuf;

use anyhow::{Context, Result};
use ply_engine::engine_game::tuning::{
    MatchOpenings, Searcher, TuningHooks, games_with_networks, games_with_tables, games_with_tuning,
};
use ply_engine::engine_game::{DatabaseFit, EngineGame};
use ply_engine::network::{MAX_BUCKETS, MAX_HIDDEN};
use ply_engine::network_training::NetworkTraining;
use ply_engine::search::oracles::Oracles;
use ply_engine::training_data::{Labelling, SelfPlay};
use ply_rules::registry::GameDef;
use ply_rules::variant::AnyRules;
use ply_rules::variant::Variant;
use ply_rules::with_rules;

use super::build_progress::CountProgress;
use super::shared::rules_of;

/// The arguments of `ply-engine tune`.
#[derive(Debug, clap::Args)]
pub struct TuneArgs {
    #[command(subcommand)]
    step: TuneStep,
}

/// The steps of tuning, in the order they are run.
#[derive(Debug, clap::Subcommand)]
enum TuneStep {
    /// Plays self-play games (an evaluation against itself at a fixed
    /// number of nodes a move, each from the start or an openings file's
    /// opening and then a few random moves) and writes every position with
    /// the game's result for the side to move and the search's score.
    Generate(GenerateArgs),
    /// Labels the positions of `tune generate` again by a deeper search
    /// (and a database's values where it reaches), keeping each game's
    /// result, for `tune train` to learn from.
    Label(LabelArgs),
    /// Fits the game's table to the positions of `tune generate`, checks
    /// it on every tenth game (held out) beside the game's own
    /// evaluations, and prints it as Rust.
    Fit(FitArgs),
    /// Trains the game's network on the positions of `tune generate`
    /// (each labelled by the game's result and the search's score),
    /// checks it on every tenth game (held out) beside the game's own
    /// evaluation, and writes it as GAME-HASH.nnue.
    Train(TrainArgs),
    /// Plays two evaluations against each other with the same search at
    /// a fixed number of nodes a move, from every position a few moves
    /// from the start or an openings file's, each twice with colours
    /// swapped.
    Match(MatchArgs),
}

/// The game to tune.
#[derive(Debug, clap::Args)]
struct GameArgs {
    /// The game, as UCI_Variant names it: a game with evaluations to tune
    /// (`fit`: with a fitted table); another is refused with a list of
    /// those that have.
    #[arg(long, value_name = "GAME")]
    variant: String,
    /// A rule option of the game, as `uci` lists it (repeatable).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
}

impl GameArgs {
    /// The rules these flags name, of one of `games` (else the error says
    /// the game `lacking`).
    fn rules(&self, games: &[Variant], lacking: &str) -> Result<AnyRules> {
        rules_of(&self.variant, games, lacking, &[], &self.options)
    }
}

/// The arguments of `ply-engine tune generate`.
#[derive(Debug, clap::Args)]
struct GenerateArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Games to play.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    games: usize,
    /// Nodes a move.
    #[arg(long, value_name = "N", default_value_t = 5000)]
    nodes: u64,
    /// Games played at once.
    #[arg(long, value_name = "T", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..))]
    threads: u16,
    /// Seed of the random openings (game n uses its own stream).
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// The evaluation that plays: a name, terms NAME:WEIGHT,…, `network`
    /// (the game's own) or a FILE.nnue (default: the engine's, its network
    /// where it has one; an unknown name lists the game's).
    #[arg(long, value_name = "EVALUATION")]
    evaluation: Option<String>,
    /// An openings file as the referee reads them (referee/openings/: moves
    /// from the start or a position string a line): game n starts from its
    /// n-th opening, in turn, before the random moves (default: the
    /// start).
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// The file to write, one position a line.
    #[arg(long, value_name = "FILE")]
    output: PathBuf,
    #[command(flatten)]
    database: DatabaseArgs,
}

/// The endgame database the searches of `generate` and `label` use.
#[derive(Debug, clap::Args)]
struct DatabaseArgs {
    /// An endgame database of the game (`build-db`): the searches use it,
    /// so the positions it reaches are labelled by its values.
    #[arg(long, value_name = "FILE")]
    endgame_db: Option<PathBuf>,
}

impl DatabaseArgs {
    /// The databases the searches use, for a game starting at `start`.
    fn oracles<G: EngineGame>(&self, start: &G) -> Result<Oracles> {
        let mut oracles = Oracles::default();
        if let Some(path) = &self.endgame_db {
            let opened = start
                .open_database(path, DatabaseFit::TheseRules)
                .map_err(anyhow::Error::msg)
                .with_context(|| format!("--endgame-db {}", path.display()))?;
            eprintln!(
                "endgame database {}: {}",
                path.display(),
                opened.description
            );
            oracles = oracles.with_any(opened.oracle);
        }
        Ok(oracles)
    }
}

/// The arguments of `ply-engine tune label`.
#[derive(Debug, clap::Args)]
struct LabelArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The positions of `tune generate`.
    #[arg(long, value_name = "FILE")]
    data: PathBuf,
    /// Nodes a position (more than the games were played at: a deeper
    /// search).
    #[arg(long, value_name = "N", default_value_t = 50_000)]
    nodes: u64,
    /// Games labelled at once.
    #[arg(long, value_name = "T", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..))]
    threads: u16,
    /// The evaluation that searches, as `generate` takes it (default: the
    /// engine's).
    #[arg(long, value_name = "EVALUATION")]
    evaluation: Option<String>,
    /// The file to write, in the same form as the data.
    #[arg(long, value_name = "FILE")]
    output: PathBuf,
    #[command(flatten)]
    database: DatabaseArgs,
}

/// The arguments of `ply-engine tune fit`.
#[derive(Debug, clap::Args)]
struct FitArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The positions of `tune generate`.
    #[arg(long, value_name = "FILE")]
    data: PathBuf,
    /// Passes over the positions.
    #[arg(long, value_name = "N", default_value_t = 400)]
    epochs: usize,
}

/// The arguments of `ply-engine tune train`.
#[derive(Debug, clap::Args)]
struct TrainArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The positions of `tune generate`.
    #[arg(long, value_name = "FILE")]
    data: PathBuf,
    /// The directory to write the network to, as GAME-HASH.nnue.
    #[arg(long, value_name = "DIR", default_value = ".")]
    output: PathBuf,
    /// Passes over the positions.
    #[arg(long, value_name = "N", default_value_t = NetworkTraining::default().epochs,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    epochs: usize,
    /// The share of the search's score in a label, 0 to 1 (the game's
    /// result has the rest).
    #[arg(long, value_name = "L", default_value_t = NetworkTraining::default().lambda,
          value_parser = unit_interval)]
    lambda: f32,
    /// Positions a step.
    #[arg(long, value_name = "N", default_value_t = NetworkTraining::default().batch,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    batch: usize,
    /// The step size at the start (it falls tenfold by the end).
    #[arg(long, value_name = "RATE", default_value_t = NetworkTraining::default().learning_rate)]
    learning_rate: f64,
    /// Seed of the first weights and of the order of the positions.
    #[arg(long, value_name = "S", default_value_t = NetworkTraining::default().seed)]
    seed: u64,
    /// Hidden units of each side's accumulator, 1 to 256 (default: as
    /// many as the network the game plays has).
    #[arg(long, value_name = "N",
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=MAX_HIDDEN as u64))]
    hidden: Option<usize>,
    /// Output layers, 1 to 16: the game cuts its positions into that many
    /// phases, each weighed by its own layer (default: as many as the
    /// network the game plays has).
    #[arg(long, value_name = "N",
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=MAX_BUCKETS as u64))]
    buckets: Option<usize>,
}

/// A number from 0 to 1.
fn unit_interval(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!("'{text}' is not a number from 0 to 1")),
    }
}

/// The arguments of `ply-engine tune match`.
#[derive(Debug, clap::Args)]
struct MatchArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The first evaluation: a name, terms `NAME:WEIGHT,…`, `network` (the
    /// game's own) or a FILE.nnue (an unknown one lists the game's).
    #[arg(long, value_name = "EVALUATION", default_value = "default")]
    a: String,
    /// The second evaluation.
    #[arg(long, value_name = "EVALUATION")]
    b: String,
    /// Nodes a move.
    #[arg(long, value_name = "N", default_value_t = 5000)]
    nodes: u64,
    /// Moves from the start that make an opening (default: the game's own
    /// depth).
    #[arg(long, value_name = "N", conflicts_with = "openings")]
    plies: Option<u32>,
    /// An openings file as the referee reads them (referee/openings/),
    /// instead of every position `--plies` moves deep.
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
}

/// `ply-engine tune`: runs the step asked for.
pub fn run(args: &TuneArgs) -> Result<()> {
    match &args.step {
        TuneStep::Generate(args) => generate(args),
        TuneStep::Label(args) => label(args),
        TuneStep::Fit(args) => fit(args),
        TuneStep::Train(args) => train(args),
        TuneStep::Match(args) => eval_match(args),
    }
}

/// `tune generate`.
fn generate(args: &GenerateArgs) -> Result<()> {
    let rules = args
        .game
        .rules(&games_with_tuning(), "has no evaluations to tune")?;
    with_rules!(&rules, rules: G => {
        let hooks = hooks_of::<G>()?;
        let settings = SelfPlay {
            games: args.games,
            nodes: args.nodes,
            threads: usize::from(args.threads),
            seed: args.seed,
            random_plies: hooks.random_plies(),
        };
        let start = <G as GameDef>::start(rules).map_err(|e| anyhow::anyhow!("{e}"))?;
        let oracles = args.database.oracles(&start)?;
        CountProgress::around("games", args.games, |progress| {
            let searcher = Searcher {
                evaluation: args.evaluation.as_deref(),
                oracles: &oracles,
            };
            hooks.generate(
                rules,
                searcher,
                &settings,
                args.openings.as_deref(),
                &args.output,
                progress,
            )
        })
        .map_err(anyhow::Error::msg)
    })
}

/// `tune label`.
fn label(args: &LabelArgs) -> Result<()> {
    let rules = args
        .game
        .rules(&games_with_tuning(), "has no evaluations to tune")?;
    with_rules!(&rules, rules: G => {
        let hooks = hooks_of::<G>()?;
        let start = <G as GameDef>::start(rules).map_err(|e| anyhow::anyhow!("{e}"))?;
        let oracles = args.database.oracles(&start)?;
        CountProgress::around_counted("games", |progress| {
            let searcher = Searcher {
                evaluation: args.evaluation.as_deref(),
                oracles: &oracles,
            };
            let labelling = Labelling {
                nodes: args.nodes,
                threads: usize::from(args.threads),
            };
            hooks.label(rules, searcher, &args.data, labelling, &args.output, progress)
        })
        .map_err(anyhow::Error::msg)
    })
}

/// `tune fit`.
fn fit(args: &FitArgs) -> Result<()> {
    let rules = args
        .game
        .rules(&games_with_tables(), "has no fitted table to tune")?;
    with_rules!(&rules, rules: G => {
        let hooks = hooks_of::<G>()?;
        let report = CountProgress::around("epochs", args.epochs, |progress| {
            hooks.fit(rules, &args.data, args.epochs, &mut |done| progress(done))
        })
        .map_err(anyhow::Error::msg)?;
        println!("{report}");
        Ok(())
    })
}

/// `tune train`.
fn train(args: &TrainArgs) -> Result<()> {
    let rules = args
        .game
        .rules(&games_with_networks(), "has no network to train")?;
    let settings = NetworkTraining {
        epochs: args.epochs,
        lambda: args.lambda,
        batch: args.batch,
        learning_rate: args.learning_rate,
        seed: args.seed,
        hidden: args.hidden,
        buckets: args.buckets,
    };
    with_rules!(&rules, rules: G => {
        let hooks = hooks_of::<G>()?;
        let report = CountProgress::around("epochs", args.epochs, |progress| {
            hooks.train(rules, &args.data, &settings, &mut |epoch, training, held_out| {
                log::info!("epoch {epoch}: loss {training:.6}, held out {held_out:.6}");
                progress(epoch);
            })
        })
        .map_err(anyhow::Error::msg)?;
        let path = args.output.join(&report.name);
        std::fs::write(&path, &report.bytes)
            .with_context(|| format!("writing {}", path.display()))?;
        println!("{report}");
        println!("written to {}", path.display());
        Ok(())
    })
}

/// The tuning hooks of `G`, which [`GameArgs::rules`] checked it has.
fn hooks_of<G: EngineGame>() -> Result<&'static dyn TuningHooks<G>> {
    G::TUNING.with_context(|| format!("{} has no evaluations to tune", G::NAME))
}

/// `tune match`.
fn eval_match(args: &MatchArgs) -> Result<()> {
    let rules = args
        .game
        .rules(&games_with_tuning(), "has no evaluations to tune")?;
    with_rules!(&rules, rules: G => {
        let hooks = hooks_of::<G>()?;
        let openings = match &args.openings {
            Some(path) => MatchOpenings::File(path),
            None => MatchOpenings::Plies(args.plies.unwrap_or_else(|| hooks.opening_plies())),
        };
        let report = CountProgress::around_counted("openings", |progress| {
            hooks.eval_match(
                rules,
                [&args.a, &args.b],
                args.nodes,
                openings,
                &mut |done, total| progress(done, total),
            )
        })
        .map_err(anyhow::Error::msg)?;
        println!("{report}");
        Ok(())
    })
}
