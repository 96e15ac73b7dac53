//! The engine's tuning hooks, written once for every game: `ply-engine
//! tune` plays self-play games and fits a game's tapered table to them
//! (Texel's method, `tune.rs`), asking the game only what differs: its
//! evaluations by name, the features its table reads and how much is left
//! on the board ([`Tunable`]). A game opts in with one line
//! ([`EngineGame::TUNING`]: `Some(&Tuning::<Self>::NEW)`), and the
//! toolkit names no game.

use std::fmt;
use std::marker::PhantomData;
use std::ops::RangeInclusive;
use std::path::Path;

use ply_rules::registry::GameDef;
use ply_rules::variant::Variant;
use ply_rules::with_variant;

use super::EngineGame;
use crate::search::Evaluator;
use crate::training_data::{self, SelfPlay};
use crate::tune::{self, Model, Sample};

/// What `ply-engine tune` asks of a game, whatever its types: the object
/// behind [`EngineGame::TUNING`].
pub trait TuningHooks<G: GameDef>: Sync {
    /// The evaluations self-play can play, by name; the first is the
    /// default.
    fn evaluations(&self) -> Vec<&'static str>;

    /// The fewest and most random moves that open a self-play game.
    fn random_plies(&self) -> RangeInclusive<u32>;

    /// Plays the self-play games `settings` asks for from the start of
    /// `rules`, evaluation `evaluation` against itself, and writes their
    /// positions to `output` (see `training_data.rs`).
    ///
    /// # Errors
    /// An evaluation the game does not have, a start the rules do not
    /// make, or a file that cannot be written, in words.
    fn generate(
        &self,
        rules: &G::Rules,
        evaluation: &str,
        settings: &SelfPlay,
        output: &Path,
    ) -> Result<(), String>;

    /// Reads the self-play positions in `data` (of a game played by
    /// `rules`), fits the game's table to them in `epochs` epochs and
    /// reports the fit beside the game's own evaluations.
    ///
    /// # Errors
    /// A file that cannot be read, or a line that is not a position.
    fn fit(&self, rules: &G::Rules, data: &Path, epochs: usize) -> Result<FitReport, String>;
}

/// What a game tells the tuning toolkit: implemented by each game that
/// has a fitted table.
pub trait Tunable: EngineGame + Sync {
    /// The game's evaluation type.
    type Evaluation: Evaluator<Self> + Sync + 'static;

    /// The evaluations self-play can play, by name; the first is the
    /// default.
    const EVALUATIONS: &'static [(&'static str, Self::Evaluation)];

    /// The evaluations (names of [`Self::EVALUATIONS`]) whose held-out
    /// error a fit prints beside its own.
    const BASELINES: &'static [&'static str];

    /// The fewest and most random moves that open a self-play game, so
    /// that the games do not all follow the search's favourite lines.
    const RANDOM_PLIES: RangeInclusive<u32>;

    /// Features of the fitted table.
    const FEATURES: usize;

    /// Weights a printed row of the table.
    const ROW: usize;

    /// This position as a sample of the fit, its result for the side to
    /// move `result`; `None` to leave it out (a draughts position with a
    /// capture pending, whose value is the exchange's).
    fn sample(&self, result: f32) -> Option<Sample>;
}

/// The tuning hooks of any [`Tunable`] game.
pub struct Tuning<G>(PhantomData<fn() -> G>);

impl<G> Tuning<G> {
    /// The hooks, for [`EngineGame::TUNING`].
    pub const NEW: Self = Self(PhantomData);
}

impl<G> fmt::Debug for Tuning<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Tuning")
    }
}

impl<G: Tunable> Tuning<G> {
    /// The evaluation named `name`.
    fn evaluation(name: &str) -> Result<&'static G::Evaluation, String> {
        G::EVALUATIONS
            .iter()
            .find(|(known, _)| *known == name)
            .map(|(_, evaluation)| evaluation)
            .ok_or_else(|| {
                let names: Vec<&str> = G::EVALUATIONS.iter().map(|(name, _)| *name).collect();
                format!(
                    "{} has no evaluation '{name}' (expected one of {})",
                    G::NAME,
                    names.join(", ")
                )
            })
    }
}

impl<G: Tunable> TuningHooks<G> for Tuning<G> {
    fn evaluations(&self) -> Vec<&'static str> {
        G::EVALUATIONS.iter().map(|(name, _)| *name).collect()
    }

    fn random_plies(&self) -> RangeInclusive<u32> {
        G::RANDOM_PLIES
    }

    fn generate(
        &self,
        rules: &G::Rules,
        evaluation: &str,
        settings: &SelfPlay,
        output: &Path,
    ) -> Result<(), String> {
        let evaluation = Self::evaluation(evaluation)?;
        let start = G::start(rules).map_err(|e| e.to_string())?;
        training_data::write_self_play(&start, evaluation, settings, output)
            .map_err(|e| format!("writing {}: {e}", output.display()))
    }

    fn fit(&self, rules: &G::Rules, data: &Path, epochs: usize) -> Result<FitReport, String> {
        let labelled = training_data::read(data, |text| {
            G::from_position_string(text, rules).map_err(|e| e.to_string())
        })
        .map_err(|e| e.to_string())?;
        let Ok(split) = training_data::split(labelled, |position: &G, result| {
            Ok::<_, std::convert::Infallible>(position.sample(result))
        });
        // 1. The game's evaluations, each at its own best scale.
        let mut baselines = Vec::new();
        for &name in G::BASELINES {
            let evaluation = Self::evaluation(name)?;
            let (scale, error) = split.held_out_error(|position| evaluation.evaluate(position));
            baselines.push(Baseline { name, scale, error });
        }
        // 2. The fit, checked on the games held out.
        let model = tune::fit(&split.train, G::FEATURES, epochs);
        let fitted: Vec<f32> = split.test.iter().map(|s| model.evaluate(s)).collect();
        let held_out_error = tune::error(&fitted, &split.test, model.scale);
        Ok(FitReport {
            training: split.train.len(),
            held_out: split.test.len(),
            baselines,
            table: model.rust_table(G::ROW),
            model,
            held_out_error,
        })
    }
}

/// One of a game's evaluations, checked on the positions held out.
#[derive(Clone, Debug, PartialEq)]
pub struct Baseline {
    /// Its name.
    pub name: &'static str,
    /// The logistic curve's scale that fits it best.
    pub scale: f32,
    /// Its mean squared error there.
    pub error: f64,
}

/// What a fit found.
#[derive(Clone, Debug, PartialEq)]
pub struct FitReport {
    /// Positions fitted to.
    pub training: usize,
    /// Positions held out (every tenth game's) to check the fit.
    pub held_out: usize,
    /// The game's own evaluations on the held-out positions.
    pub baselines: Vec<Baseline>,
    /// The fitted weights.
    pub model: Model,
    /// The fit's error on the held-out positions.
    pub held_out_error: f64,
    /// The fitted table as Rust, to paste over the game's table.
    pub table: String,
}

impl fmt::Display for FitReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} training positions, {} held out",
            self.training, self.held_out
        )?;
        for baseline in &self.baselines {
            writeln!(
                f,
                "{} evaluation: scale {:.5}, held-out error {:.6}",
                baseline.name, baseline.scale, baseline.error
            )?;
        }
        writeln!(
            f,
            "fitted: scale {:.5}, training error {:.6}, held-out error {:.6}",
            self.model.scale, self.model.training_error, self.held_out_error
        )?;
        write!(f, "{}", self.table)
    }
}

/// The games `ply-engine tune` can fit, in the registry's order.
#[must_use]
pub fn games_with_tuning() -> Vec<Variant> {
    Variant::ALL
        .into_iter()
        .filter(|&variant| with_variant!(variant, G => <G as EngineGame>::TUNING.is_some()))
        .collect()
}
