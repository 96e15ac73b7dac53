//! Fitting an evaluation to game results: Texel's method (Peter Österlund,
//! 2014), as chess engines tune their weights.
//!
//! Each sample is a position from a played game and the result for the
//! side to move (1, ½, 0). The evaluation is a fixed part (the captured
//! margin, which fixes the unit) plus weights of features that are on or
//! off, each weight tapered between two values by the game's phase:
//! `base + Σ (phase · midgame[f] + (1 − phase) · endgame[f])`.
//! A logistic curve turns an evaluation into an expected result,
//! `1 / (1 + e^(−scale · eval))`, and the fit lowers the mean squared
//! error between the expected and the real results:
//! 1. the scale is chosen for the evaluation the weights start from (the
//!    fixed part alone);
//! 2. the weights follow the error's gradient with Adam steps, and every
//!    [`SCALE_EVERY`] steps the scale is chosen again for them (the fixed
//!    part's unit keeps the two from drifting together).
//!
//! The evaluation is linear in its weights, so the fit has no local
//! minimum to fall into but its plateaus; a feature seen in few positions
//! stays near 0 (a small L2 penalty pulls it there).

/// One position of a played game.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The features that are on (indices into the weights).
    pub features: Vec<u16>,
    /// The evaluation's fixed part, in its unit (centi-seeds).
    pub base: f32,
    /// 1 at the game's start, 0 at its end.
    pub phase: f32,
    /// The result for the side to move: 1, ½ or 0.
    pub result: f32,
}

/// Fitted weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// The logistic curve's scale (per unit of evaluation).
    pub scale: f32,
    /// Each feature's weight at phase 1.
    pub midgame: Vec<f32>,
    /// Each feature's weight at phase 0.
    pub endgame: Vec<f32>,
    /// The mean squared error on the samples fitted.
    pub training_error: f64,
}

/// Adam's step size, in evaluation units (centi-seeds) per epoch.
const LEARNING_RATE: f32 = 4.0;
/// Adam's decay rates of the mean and the square of the gradient.
const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
const EPSILON: f32 = 1e-8;
/// The L2 penalty per unit of weight squared, against the mean squared
/// error: small, so only features seen in few positions feel it.
const L2: f32 = 1e-9;
/// Steps between two choices of the scale.
pub const SCALE_EVERY: usize = 50;

/// The logistic curve: an evaluation (times its scale) as an expected result.
#[must_use]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean squared error of `evals` (one per sample) at `scale`.
#[must_use]
pub fn error(evals: &[f32], samples: &[Sample], scale: f32) -> f64 {
    let sum: f64 = evals
        .iter()
        .zip(samples)
        .map(|(&e, s)| f64::from(sigmoid(scale * e) - s.result).powi(2))
        .sum();
    sum / samples.len().max(1) as f64
}

/// The scale at which `evals` best predict the results: a golden-section
/// search (the error is unimodal in the scale).
#[must_use]
pub fn fit_scale(evals: &[f32], samples: &[Sample]) -> f32 {
    let ratio = (5.0_f32.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (1e-5_f32, 0.1_f32);
    for _ in 0..60 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if error(evals, samples, a) < error(evals, samples, b) {
            high = b;
        } else {
            low = a;
        }
    }
    f32::midpoint(low, high)
}

impl Model {
    /// The evaluation of one sample.
    #[must_use]
    pub fn evaluate(&self, sample: &Sample) -> f32 {
        let phase = sample.phase;
        sample.base
            + sample
                .features
                .iter()
                .map(|&f| {
                    let f = usize::from(f);
                    phase * self.midgame[f] + (1.0 - phase) * self.endgame[f]
                })
                .sum::<f32>()
    }

    /// Both weight tables as the body of a Rust struct literal,
    /// `midgame: [[…]; N], endgame: [[…]; N]`, `rows` weights a line.
    #[must_use]
    pub fn rust_table(&self, rows: usize) -> String {
        let table = |name: &str, weights: &[f32]| {
            let mut text = format!("    {name}: [\n");
            for row in weights.chunks(rows) {
                let cells: Vec<String> = row.iter().map(|w| format!("{}", w.round())).collect();
                text += &format!("        [{}],\n", cells.join(", "));
            }
            text + "    ],\n"
        };
        table("midgame", &self.midgame) + &table("endgame", &self.endgame)
    }
}

/// Fits `features` tapered weights to `samples` over `epochs` passes,
/// calling `progress` with the passes done after each.
#[must_use]
pub fn fit(
    samples: &[Sample],
    features: usize,
    epochs: usize,
    progress: &mut dyn FnMut(usize),
) -> Model {
    // 1. The scale, for the fixed part alone.
    let base: Vec<f32> = samples.iter().map(|s| s.base).collect();
    let scale = fit_scale(&base, samples);
    let mut model = Model {
        scale,
        midgame: vec![0.0; features],
        endgame: vec![0.0; features],
        training_error: 0.0,
    };
    // 2. Adam on both tables.
    let weights = 2 * features;
    let (mut mean, mut square) = (vec![0.0_f32; weights], vec![0.0_f32; weights]);
    let count = samples.len().max(1) as f32;
    for epoch in 1..=epochs {
        if epoch % SCALE_EVERY == 0 {
            let evals: Vec<f32> = samples.iter().map(|s| model.evaluate(s)).collect();
            model.scale = fit_scale(&evals, samples);
        }
        let scale = model.scale;
        let mut gradient = vec![0.0_f32; weights];
        for sample in samples {
            let p = sigmoid(scale * model.evaluate(sample));
            let slope = 2.0 * (p - sample.result) * p * (1.0 - p) * scale / count;
            for &f in &sample.features {
                let f = usize::from(f);
                gradient[f] += slope * sample.phase;
                gradient[features + f] += slope * (1.0 - sample.phase);
            }
        }
        let correction1 = 1.0 - BETA1.powi(i32::try_from(epoch).unwrap_or(i32::MAX));
        let correction2 = 1.0 - BETA2.powi(i32::try_from(epoch).unwrap_or(i32::MAX));
        for (i, g) in gradient.into_iter().enumerate() {
            let weight = if i < features {
                &mut model.midgame[i]
            } else {
                &mut model.endgame[i - features]
            };
            let g = g + 2.0 * L2 * *weight;
            mean[i] = BETA1 * mean[i] + (1.0 - BETA1) * g;
            square[i] = BETA2 * square[i] + (1.0 - BETA2) * g * g;
            *weight -= LEARNING_RATE * (mean[i] / correction1)
                / ((square[i] / correction2).sqrt() + EPSILON);
        }
        progress(epoch);
    }
    let evals: Vec<f32> = samples.iter().map(|s| model.evaluate(s)).collect();
    model.training_error = error(&evals, samples, model.scale);
    model
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Samples whose results follow a known model: feature 0 is worth
    /// +200 at phase 1 and −100 at phase 0; feature 1 nothing.
    fn synthetic() -> Vec<Sample> {
        let mut rng_state = 12345_u64;
        let mut next = || {
            rng_state = rng_state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            ((rng_state >> 33) as f32) / (1u64 << 31) as f32
        };
        let scale = 0.01;
        (0..20_000)
            .map(|_| {
                let on = next() < 0.5;
                let phase = next();
                let base = (next() - 0.5) * 400.0;
                let value = base
                    + if on {
                        phase * 200.0 - (1.0 - phase) * 100.0
                    } else {
                        0.0
                    };
                let result = if next() < sigmoid(scale * value) {
                    1.0
                } else {
                    0.0
                };
                Sample {
                    features: if on { vec![0] } else { vec![1] },
                    base,
                    phase,
                    result,
                }
            })
            .collect()
    }

    #[test]
    fn the_fit_finds_the_weights_the_results_came_from() {
        let samples = synthetic();
        let model = fit(&samples, 2, 300, &mut |_| {});
        assert!((model.midgame[0] - 200.0).abs() < 60.0, "{model:?}");
        assert!((model.endgame[0] + 100.0).abs() < 60.0, "{model:?}");
        assert!(
            model.midgame[1].abs() < 40.0 && model.endgame[1].abs() < 40.0,
            "{model:?}"
        );
        let zero: Vec<f32> = samples.iter().map(|s| s.base).collect();
        assert!(model.training_error < error(&zero, &samples, model.scale));
    }

    #[test]
    fn the_scale_is_found_for_a_known_curve() {
        let samples = synthetic();
        // With the feature's weights left out the scale is a little lower
        // than the truth (0.01), never wildly off.
        let base: Vec<f32> = samples.iter().map(|s| s.base).collect();
        let scale = fit_scale(&base, &samples);
        assert!(scale > 0.004 && scale < 0.012, "{scale}");
    }
}
