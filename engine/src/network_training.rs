//! Training a game's network from self-play data (`ply-engine tune
//! train`): the positions of `tune generate` made samples of the game's
//! network input, labelled by a blend of the game's result and the score
//! of the search that played there, trained with `ply-train` (candle) and
//! quantized to the integers the engine plays.

use std::path::Path;

use ply_rules::game::Player;

use crate::network::file::{NetworkFile, name_of};
use crate::network::input::MAX_SLOTS;
use crate::network::{
    CENTI_PER_UNIT, DEFAULT_HIDDEN, Network, Output, QA, QB, Slots, Weights, shape_refusal,
};
use crate::search::accumulators::evaluate_afresh;
use crate::search::{Evaluator, SearchGame};
use crate::training_data::{self, Labelled, SearchLabel, held_out};
use crate::tune::{self, sigmoid};

/// How to train a network.
#[derive(Clone, Debug, PartialEq)]
pub struct NetworkTraining {
    /// Passes over the positions.
    pub epochs: usize,
    /// The share of the search's score in a position's label; the game's
    /// result has the rest.
    pub lambda: f32,
    /// Positions a step.
    pub batch: usize,
    /// The step size at the start (it falls tenfold by the end).
    pub learning_rate: f64,
    /// Seed of the first weights and of the order of the positions.
    pub seed: u64,
    /// Hidden units of each side's accumulator (1 to [`MAX_HIDDEN`](crate::network::MAX_HIDDEN));
    /// `None`: as many as the network the game plays has (a game without
    /// one: [`DEFAULT_HIDDEN`]), so that training again keeps its shape.
    pub hidden: Option<usize>,
    /// Output layers, a bucket each (1 to [`MAX_BUCKETS`](crate::network::MAX_BUCKETS), the game
    /// says a position's: `SearchGame::network_bucket`); `None`: as many
    /// as the network the game plays has.
    pub buckets: Option<usize>,
}

impl Default for NetworkTraining {
    fn default() -> Self {
        Self {
            epochs: 30,
            lambda: 0.5,
            batch: 4096,
            learning_rate: 0.001,
            seed: 1,
            hidden: None,
            buckets: None,
        }
    }
}

/// The largest float weight kept, and the bias: the engine's integers
/// hold a bias and [`MAX_SLOTS`] rows of such weights (`× QA` in an `i16`),
/// whatever the position. Quantizing checks it again
/// ([`Network::accumulators_fit`]).
const WEIGHT_LIMIT: f32 = i16::MAX as f32 / (QA as f32 * (MAX_SLOTS + 1) as f32);

/// What a training made.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainReport {
    /// Positions trained on and held out.
    pub training: usize,
    /// Positions held out (every tenth game's).
    pub held_out: usize,
    /// The logistic scale, per centi-unit, fitted to the search's scores.
    pub scale: f32,
    /// The game's own evaluation's loss on the held-out labels.
    pub baseline_loss: f64,
    /// Each epoch's losses (trained on, held out), in floating point.
    pub losses: Vec<(f64, f64)>,
    /// The quantized network's loss on the held-out labels.
    pub network_loss: f64,
    /// Hidden units of each side's accumulator.
    pub hidden: usize,
    /// Output layers.
    pub buckets: usize,
    /// The network file: its name and bytes.
    pub name: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

impl std::fmt::Display for TrainReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "{} training positions, {} held out; logistic scale {:.5} a centi-unit",
            self.training, self.held_out, self.scale
        )?;
        writeln!(
            f,
            "held-out loss: the game's evaluation {:.6}, the network {:.6}",
            self.baseline_loss, self.network_loss
        )?;
        write!(
            f,
            "network {} ({} hidden units, {} output layers, {} bytes)",
            self.name,
            self.hidden,
            self.buckets,
            self.bytes.len()
        )
    }
}

/// A position made a sample, kept beside it to check the integers on.
struct Example<G> {
    sample: ply_train::Sample,
    position: G,
}

/// Trains `G`'s network on the positions of `data` (read by `parse`),
/// `baseline` the evaluation whose held-out loss is reported beside it.
///
/// # Errors
/// A file that cannot be read, a game without a network, too few
/// positions, or the trainer's refusal, in words.
pub fn train<G: SearchGame>(
    data: &Path,
    parse: impl Fn(&str) -> Result<G, String>,
    baseline: &impl Evaluator<G>,
    settings: &NetworkTraining,
    progress: &mut dyn FnMut(usize, f64, f64),
) -> Result<TrainReport, String> {
    let own = G::network().ok_or("the game has no network")?;
    let shape = own.shape();
    let played = own.get().map(|file| &file.network);
    let hidden = (settings.hidden)
        .or_else(|| played.map(|network| network.hidden))
        .unwrap_or(DEFAULT_HIDDEN);
    let buckets = (settings.buckets)
        .or_else(|| played.map(Network::buckets))
        .unwrap_or(1);
    if let Some(why) = shape_refusal(hidden, buckets) {
        return Err(why);
    }
    let labelled = training_data::read(data, parse).map_err(|e| e.to_string())?;
    // 1. The scale that turns scores into expected results: the search's,
    //    or where the data has none, the game's own evaluation's (both on
    //    the games trained on only).
    let scale = fitted_scale(&labelled, baseline);
    // 2. Samples: the network's input and the blended label.
    let (mut train_set, mut test_set) = (Vec::new(), Vec::new());
    for Labelled {
        game,
        result,
        search,
        position,
    } in labelled
    {
        if !position.is_quiet() {
            continue;
        }
        let (Some(us), Some(them)) = (
            input(&position, position.side_to_move()),
            input(&position, position.side_to_move().opponent()),
        ) else {
            continue;
        };
        let target = match search {
            Some(label) => {
                settings.lambda * expected(label, scale) + (1.0 - settings.lambda) * result
            }
            None => result,
        };
        let sample = ply_train::Sample {
            us,
            them,
            base: position.network_base() as f32,
            // Below MAX_BUCKETS.
            bucket: position.network_bucket(buckets).min(buckets - 1) as u16,
            target,
        };
        let set = if held_out(game) {
            &mut test_set
        } else {
            &mut train_set
        };
        set.push(Example { sample, position });
    }
    if train_set.is_empty() || test_set.is_empty() {
        return Err(format!(
            "{}: {} positions to train on and {} held out, too few",
            data.display(),
            train_set.len(),
            test_set.len()
        ));
    }
    // 3. The training.
    let samples = |set: &[Example<G>]| -> Vec<ply_train::Sample> {
        set.iter().map(|l| l.sample.clone()).collect()
    };
    let trained = ply_train::train(
        &samples(&train_set),
        &samples(&test_set),
        ply_train::Shape {
            inputs: shape.inputs,
            hidden,
            slots: shape.slots,
            buckets,
        },
        &ply_train::Settings {
            epochs: settings.epochs,
            batch: settings.batch,
            learning_rate: settings.learning_rate,
            scale,
            centi_per_unit: CENTI_PER_UNIT as f32,
            weight_limit: WEIGHT_LIMIT,
            seed: settings.seed,
        },
        progress,
    )
    .map_err(|e| e.to_string())?;
    // 4. The integers, and both evaluations checked on the held-out games.
    let network = quantize(shape.game, &trained)?;
    if !network.accumulators_fit(shape.slots) {
        return Err(format!(
            "the trained weights overflow the accumulators of {} features",
            shape.slots
        ));
    }
    let loss = |evaluate: &dyn Fn(&G) -> i32| {
        let sum: f64 = test_set
            .iter()
            .map(|l| {
                f64::from(sigmoid(scale * evaluate(&l.position) as f32) - l.sample.target).powi(2)
            })
            .sum();
        sum / test_set.len() as f64
    };
    let baseline_loss = loss(&|p| baseline.evaluate(p));
    let network_loss = loss(&|p| evaluate_afresh(&network, p).unwrap_or_default());
    let bytes = NetworkFile::to_bytes(&network);
    Ok(TrainReport {
        training: train_set.len(),
        held_out: test_set.len(),
        scale,
        baseline_loss,
        losses: trained.losses,
        network_loss,
        hidden,
        buckets,
        name: name_of(shape.game, &bytes),
        bytes,
    })
}

/// The features on in `position` from `side`'s view.
fn input<G: SearchGame>(position: &G, side: Player) -> Option<Vec<u16>> {
    let mut slots = Slots::new();
    position
        .network_input(side, &mut slots)
        .then(|| slots.to_vec())
}

/// What a search label says of the result, 0 to 1.
fn expected(label: SearchLabel, scale: f32) -> f32 {
    match label {
        SearchLabel::Win => 1.0,
        SearchLabel::Loss => 0.0,
        SearchLabel::Eval(score) => sigmoid(scale * score as f32),
    }
}

/// The logistic scale at which scores best predict the results on the
/// games trained on: the search's scores (Texel's scale of the search, as
/// `tune fit` finds the evaluation's), or the evaluation `baseline`'s when
/// the data has no search scores (files written before they were).
fn fitted_scale<G>(labelled: &[Labelled<G>], baseline: &impl Evaluator<G>) -> f32 {
    let sample = |result| tune::Sample {
        features: Vec::new(),
        base: 0.0,
        phase: 0.0,
        result,
    };
    let trained_on = labelled.iter().filter(|l| !held_out(l.game));
    let (scores, samples): (Vec<f32>, Vec<tune::Sample>) = trained_on
        .clone()
        .filter_map(|l| match l.search {
            Some(SearchLabel::Eval(score)) => Some((score as f32, sample(l.result))),
            _ => None,
        })
        .unzip();
    if !scores.is_empty() {
        return tune::fit_scale(&scores, &samples);
    }
    let (scores, samples): (Vec<f32>, Vec<tune::Sample>) = trained_on
        .map(|l| (baseline.evaluate(&l.position) as f32, sample(l.result)))
        .unzip();
    tune::fit_scale(&scores, &samples)
}

/// The engine's integers for `trained`'s weights.
///
/// # Errors
/// Weights of another shape than the engine plays.
fn quantize(game: &str, trained: &ply_train::Trained) -> Result<Network, String> {
    let scaled = |w: f32, by: i32| -> i16 {
        // Within ±WEIGHT_LIMIT × QA: an i16 holds it.
        (w * by as f32)
            .round()
            .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
    };
    let row =
        |values: &[f32], by: i32| -> Vec<i16> { values.iter().map(|&w| scaled(w, by)).collect() };
    let hidden = trained.feature_bias.len().max(1);
    let outputs = (trained.output_weights.chunks(2 * hidden))
        .zip(&trained.output_bias)
        .map(|(layer, &bias)| {
            let (us, them) = layer.split_at(hidden.min(layer.len()));
            Output {
                weights: [row(us, QB), row(them, QB)],
                bias: (bias * (QA * QB) as f32).round() as i32,
            }
        })
        .collect();
    let weights = Weights {
        features: trained
            .feature_weights
            .chunks(hidden)
            .map(|values| row(values, QA))
            .collect(),
        bias: row(&trained.feature_bias, QA),
        outputs,
    };
    Network::new(game, weights).map_err(|e| e.to_string())
}
