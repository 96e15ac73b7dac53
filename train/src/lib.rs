//! Trains a network of NNUE's shape (see the engine's `network` module)
//! on labelled positions, with candle on the CPU. It knows no game: a
//! sample is the features on from each side's view, what the network's
//! value is added to, and the expected result to learn.
//!
//! The model, in floating point:
//! 1. each side's accumulator is the first layer's bias plus the rows of
//!    its features (a gather and a sum: the inputs are sparse);
//! 2. the side to move's accumulator and the other's, clipped to `0..=1`,
//!    are weighted and summed by the output layer of the sample's bucket
//!    (one of `buckets`, a phase of the game): the value `y`, in units of
//!    the game;
//! 3. `base + centi_per_unit · y` is an evaluation in centi-units, and a
//!    logistic curve of it the expected result, `1 / (1 + e^(−scale · eval))`;
//! 4. the loss is the mean squared error against the target (AdamW;
//!    weights and the first layer's bias kept within `±weight_limit`, which
//!    the caller chooses so that its integers hold them).

use candle_core::{DType, Device, Tensor, Var};
use candle_nn::{AdamW, Optimizer, ParamsAdamW};
use thiserror::Error;

/// Why a training could not run.
#[derive(Debug, Error)]
pub enum TrainError {
    /// candle refused an operation.
    #[error("training: {0}")]
    Candle(#[from] candle_core::Error),
    /// The samples do not fit the shape.
    #[error("training: {0}")]
    Samples(String),
}

/// One labelled position.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The features on from the side to move's view, at most `slots`.
    pub us: Vec<u16>,
    /// The features on from the other side's view.
    pub them: Vec<u16>,
    /// What the network's value is added to, in centi-units.
    pub base: f32,
    /// Which output layer weighs it (below [`Shape::buckets`]).
    pub bucket: u16,
    /// The expected result for the side to move, 0 to 1.
    pub target: f32,
}

/// The network's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Features a side's view has.
    pub inputs: usize,
    /// Hidden units of an accumulator.
    pub hidden: usize,
    /// Most features on in a side's view.
    pub slots: usize,
    /// Output layers, a bucket each.
    pub buckets: usize,
}

/// How to train.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Passes over the samples.
    pub epochs: usize,
    /// Samples a step.
    pub batch: usize,
    /// AdamW's step size at the start; it falls tenfold by the end.
    pub learning_rate: f64,
    /// The logistic curve's scale, per centi-unit.
    pub scale: f32,
    /// Centi-units in one unit of the network's value.
    pub centi_per_unit: f32,
    /// The largest weight kept (the engine's integers hold `±weight_limit`).
    pub weight_limit: f32,
    /// Seed of the first weights and of the order of the samples.
    pub seed: u64,
}

/// A trained network, in floating point.
#[derive(Clone, Debug, PartialEq)]
pub struct Trained {
    /// The first layer: `hidden` weights a feature, feature after feature.
    pub feature_weights: Vec<f32>,
    /// The first layer's bias.
    pub feature_bias: Vec<f32>,
    /// The output layers' weights, bucket after bucket: each the side to
    /// move's half, then the other's.
    pub output_weights: Vec<f32>,
    /// The output layers' biases, a bucket each.
    pub output_bias: Vec<f32>,
    /// Each epoch's mean loss on the samples trained on and on those held out.
    pub losses: Vec<(f64, f64)>,
}

/// The parameters being trained.
struct Model {
    feature_weights: Var,
    feature_bias: Var,
    output_weights: Var,
    output_bias: Var,
    shape: Shape,
    scale: f32,
    centi_per_unit: f32,
}

/// A batch as tensors.
struct Batch {
    us: Tensor,
    them: Tensor,
    us_mask: Tensor,
    them_mask: Tensor,
    bucket: Tensor,
    base: Tensor,
    target: Tensor,
}

impl Model {
    fn new(shape: Shape, settings: &Settings) -> Result<Self, TrainError> {
        let mut rng = fastrand::Rng::with_seed(settings.seed);
        let mut uniform = |n: usize, width: f32| -> Vec<f32> {
            (0..n).map(|_| (rng.f32() * 2.0 - 1.0) * width).collect()
        };
        let device = Device::Cpu;
        // One more row: the padding of empty slots (masked out).
        let rows = shape.inputs + 1;
        let first = 1.0 / (shape.slots as f32).sqrt();
        let output = 1.0 / (2.0 * shape.hidden as f32).sqrt();
        let var = |values: Vec<f32>, dims: &[usize]| -> Result<Var, TrainError> {
            Ok(Var::from_tensor(&Tensor::from_vec(values, dims, &device)?)?)
        };
        Ok(Self {
            feature_weights: var(uniform(rows * shape.hidden, first), &[rows, shape.hidden])?,
            feature_bias: var(vec![0.0; shape.hidden], &[shape.hidden])?,
            output_weights: var(
                uniform(shape.buckets * 2 * shape.hidden, output),
                &[shape.buckets, 2 * shape.hidden],
            )?,
            output_bias: var(vec![0.0; shape.buckets], &[shape.buckets])?,
            shape,
            scale: settings.scale,
            centi_per_unit: settings.centi_per_unit,
        })
    }

    fn vars(&self) -> Vec<Var> {
        vec![
            self.feature_weights.clone(),
            self.feature_bias.clone(),
            self.output_weights.clone(),
            self.output_bias.clone(),
        ]
    }

    /// One side's accumulators, clipped: `[batch, hidden]`.
    fn half(&self, features: &Tensor, mask: &Tensor, batch: usize) -> Result<Tensor, TrainError> {
        let rows = self.feature_weights.as_tensor().index_select(features, 0)?;
        let rows = rows.reshape((batch, self.shape.slots, self.shape.hidden))?;
        let sum = rows.broadcast_mul(mask)?.sum(1)?;
        let accumulator = sum.broadcast_add(self.feature_bias.as_tensor())?;
        Ok(accumulator.clamp(0f32, 1f32)?)
    }

    /// The mean squared error of a batch.
    fn loss(&self, batch: &Batch) -> Result<Tensor, TrainError> {
        let n = batch.base.dims1()?;
        let us = self.half(&batch.us, &batch.us_mask, n)?;
        let them = self.half(&batch.them, &batch.them_mask, n)?;
        let hidden = Tensor::cat(&[&us, &them], 1)?;
        // Each sample's output layer: its bucket's row of weights and bias.
        let weights = self
            .output_weights
            .as_tensor()
            .index_select(&batch.bucket, 0)?;
        let bias = self
            .output_bias
            .as_tensor()
            .index_select(&batch.bucket, 0)?;
        let value = ((hidden * weights)?.sum(1)? + bias)?;
        let evaluation = ((value * f64::from(self.centi_per_unit))? + &batch.base)?;
        let expected = candle_nn::ops::sigmoid(&(evaluation * f64::from(self.scale))?)?;
        Ok((expected - &batch.target)?.sqr()?.mean_all()?)
    }

    /// `samples` as a batch.
    fn batch(&self, samples: &[&Sample]) -> Result<Batch, TrainError> {
        let slots = self.shape.slots;
        let padding = u32::try_from(self.shape.inputs).unwrap_or(u32::MAX);
        let side = |pick: fn(&Sample) -> &Vec<u16>| -> Result<(Tensor, Tensor), TrainError> {
            let mut indices = Vec::with_capacity(samples.len() * slots);
            let mut mask = Vec::with_capacity(samples.len() * slots);
            for sample in samples {
                let features = pick(sample);
                if features.len() > slots {
                    return Err(TrainError::Samples(format!(
                        "a sample has {} features, more than {slots} slots",
                        features.len()
                    )));
                }
                for slot in 0..slots {
                    match features.get(slot) {
                        Some(&f) if usize::from(f) < self.shape.inputs => {
                            indices.push(u32::from(f));
                            mask.push(1f32);
                        }
                        _ => {
                            indices.push(padding);
                            mask.push(0f32);
                        }
                    }
                }
            }
            let n = samples.len();
            Ok((
                Tensor::from_vec(indices, n * slots, &Device::Cpu)?,
                Tensor::from_vec(mask, (n, slots, 1), &Device::Cpu)?,
            ))
        };
        let (us, us_mask) = side(|s| &s.us)?;
        let (them, them_mask) = side(|s| &s.them)?;
        let mut buckets = Vec::with_capacity(samples.len());
        for sample in samples {
            if usize::from(sample.bucket) >= self.shape.buckets {
                return Err(TrainError::Samples(format!(
                    "a sample of bucket {}, of {} buckets",
                    sample.bucket, self.shape.buckets
                )));
            }
            buckets.push(u32::from(sample.bucket));
        }
        let bucket = Tensor::from_vec(buckets, samples.len(), &Device::Cpu)?;
        let column = |f: fn(&Sample) -> f32| {
            Tensor::from_vec(
                samples.iter().map(|s| f(s)).collect::<Vec<f32>>(),
                samples.len(),
                &Device::Cpu,
            )
        };
        Ok(Batch {
            us,
            them,
            us_mask,
            them_mask,
            bucket,
            base: column(|s| s.base)?,
            target: column(|s| s.target)?,
        })
    }

    /// The mean loss over `samples`, without learning.
    fn mean_loss(&self, samples: &[Sample], batch: usize) -> Result<f64, TrainError> {
        let mut total = 0.0;
        for chunk in samples.chunks(batch.max(1)) {
            let refs: Vec<&Sample> = chunk.iter().collect();
            let loss = self.loss(&self.batch(&refs)?)?.to_scalar::<f32>()?;
            total += f64::from(loss) * chunk.len() as f64;
        }
        Ok(total / samples.len().max(1) as f64)
    }

    /// The weights and the first layer's bias within `±limit`.
    fn clip(&self, limit: f32) -> Result<(), TrainError> {
        for var in [
            &self.feature_weights,
            &self.feature_bias,
            &self.output_weights,
        ] {
            var.set(&var.as_tensor().clamp(-limit, limit)?)?;
        }
        Ok(())
    }

    fn values(var: &Var) -> Result<Vec<f32>, TrainError> {
        Ok(var
            .as_tensor()
            .flatten_all()?
            .to_dtype(DType::F32)?
            .to_vec1()?)
    }
}

/// Trains a network on `training`, reporting each epoch's losses (on
/// `training` and on `held_out`) to `progress` with its number.
///
/// # Errors
/// Samples with more features than slots, or an operation candle refuses.
pub fn train(
    training: &[Sample],
    held_out: &[Sample],
    shape: Shape,
    settings: &Settings,
    progress: &mut dyn FnMut(usize, f64, f64),
) -> Result<Trained, TrainError> {
    if training.is_empty() {
        return Err(TrainError::Samples("no samples to train on".to_owned()));
    }
    keep_freed_memory();
    let model = Model::new(shape, settings)?;
    let mut optimizer = AdamW::new(
        model.vars(),
        ParamsAdamW {
            lr: settings.learning_rate,
            weight_decay: 0.0,
            ..ParamsAdamW::default()
        },
    )?;
    let mut rng = fastrand::Rng::with_seed(settings.seed ^ 0x5eed);
    let mut order: Vec<usize> = (0..training.len()).collect();
    let mut losses = Vec::with_capacity(settings.epochs);
    for epoch in 0..settings.epochs {
        // 1. The step size falls tenfold over the training.
        let fraction = epoch as f64 / settings.epochs.max(1) as f64;
        optimizer.set_learning_rate(settings.learning_rate * 0.1f64.powf(fraction));
        // 2. One pass in a new order.
        rng.shuffle(&mut order);
        let mut total = 0.0;
        for chunk in order.chunks(settings.batch.max(1)) {
            let samples: Vec<&Sample> = chunk.iter().map(|&i| &training[i]).collect();
            let loss = model.loss(&model.batch(&samples)?)?;
            optimizer.backward_step(&loss)?;
            model.clip(settings.weight_limit)?;
            total += f64::from(loss.to_scalar::<f32>()?) * chunk.len() as f64;
        }
        // 3. The losses, the held-out one measured after the pass.
        let training_loss = total / training.len() as f64;
        let held_out_loss = model.mean_loss(held_out, settings.batch)?;
        losses.push((training_loss, held_out_loss));
        progress(epoch + 1, training_loss, held_out_loss);
    }
    Ok(Trained {
        feature_weights: Model::values(&model.feature_weights)?[..shape.inputs * shape.hidden]
            .to_vec(),
        feature_bias: Model::values(&model.feature_bias)?,
        output_weights: Model::values(&model.output_weights)?,
        output_bias: Model::values(&model.output_bias)?,
        losses,
    })
}

/// Bytes below which glibc's malloc serves a block from its heap rather
/// than mapping it alone (its largest such threshold on 64 bits).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MMAP_THRESHOLD: libc::c_int = 32 << 20;

/// Asks glibc's malloc to keep the memory freed between steps: every step
/// allocates and frees the same large tensors, and by default each is
/// mapped anew and every page of it faulted in again, which took two
/// thirds of a training's time (measured: 10.3 s against 4.4 s an epoch of
/// 300,000 positions). Other systems' allocators keep it already.
fn keep_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[allow(unsafe_code)]
    // SAFETY: mallopt only sets the allocator's tuning parameters; an
    // out-of-range value is refused (returns 0), which leaves them as
    // they were.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD);
        libc::mallopt(libc::M_TRIM_THRESHOLD, libc::c_int::MAX);
        libc::mallopt(libc::M_TOP_PAD, MMAP_THRESHOLD);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The weight limit of the tests.
    const WEIGHT_LIMIT: f32 = 1.5;

    /// Positions of a toy game: feature 0 or 1 in one slot, the side to
    /// move wins with feature 1 and loses with feature 0.
    fn toy(n: usize) -> Vec<Sample> {
        (0..n)
            .map(|i| {
                let good = i % 2 == 0;
                Sample {
                    us: vec![u16::from(!good), 2],
                    them: vec![u16::from(good)],
                    base: 0.0,
                    bucket: 0,
                    target: if good { 0.9 } else { 0.1 },
                }
            })
            .collect()
    }

    fn settings() -> Settings {
        Settings {
            epochs: 60,
            batch: 16,
            learning_rate: 0.01,
            scale: 0.01,
            centi_per_unit: 100.0,
            weight_limit: WEIGHT_LIMIT,
            seed: 1,
        }
    }

    #[test]
    fn the_loss_falls_on_a_toy_game() {
        let shape = Shape {
            inputs: 3,
            hidden: 4,
            slots: 2,
            buckets: 1,
        };
        let samples = toy(64);
        let mut seen = Vec::new();
        let trained = train(
            &samples,
            &samples,
            shape,
            &settings(),
            &mut |epoch, a, b| seen.push((epoch, a, b)),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(seen.len(), 60);
        let (first, last) = (trained.losses[0].1, trained.losses[59].1);
        assert!(last < first / 4.0, "{first} -> {last}");
        assert_eq!(trained.feature_weights.len(), 3 * 4);
        assert_eq!(trained.output_weights.len(), 2 * 4);
        assert!(
            trained
                .feature_weights
                .iter()
                .chain(&trained.output_weights)
                .chain(&trained.feature_bias)
                .all(|w| w.abs() <= WEIGHT_LIMIT)
        );
        // The same seed trains the same weights.
        let again = train(&samples, &samples, shape, &settings(), &mut |_, _, _| {})
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(again, trained);
    }

    #[test]
    fn too_many_features_are_refused() {
        let shape = Shape {
            inputs: 3,
            hidden: 4,
            slots: 1,
            buckets: 1,
        };
        let error = train(&toy(4), &toy(4), shape, &settings(), &mut |_, _, _| {});
        let text = error.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(text.contains("more than 1 slots"), "{text}");
        let mut samples = toy(4);
        samples[1].bucket = 1;
        let shape = Shape { slots: 2, ..shape };
        let error = train(&samples, &samples, shape, &settings(), &mut |_, _, _| {});
        let text = error.err().map(|e| e.to_string()).unwrap_or_default();
        assert_eq!(text, "training: a sample of bucket 1, of 1 buckets");
    }

    /// Positions that differ only in their bucket (the same features,
    /// opposite results): one output layer cannot tell them apart, two can.
    #[test]
    fn each_bucket_learns_its_own_output() {
        let samples: Vec<Sample> = (0..64)
            .map(|i| Sample {
                us: vec![0],
                them: vec![1],
                base: 0.0,
                bucket: (i % 2) as u16,
                target: if i % 2 == 0 { 0.9 } else { 0.1 },
            })
            .collect();
        let loss = |buckets: usize| {
            let one = samples.iter().map(|s| Sample {
                bucket: s.bucket.min(buckets as u16 - 1),
                ..s.clone()
            });
            let samples: Vec<Sample> = one.collect();
            let shape = Shape {
                inputs: 2,
                hidden: 4,
                slots: 1,
                buckets,
            };
            let trained = train(&samples, &samples, shape, &settings(), &mut |_, _, _| {})
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(trained.output_weights.len(), buckets * 2 * 4);
            assert_eq!(trained.output_bias.len(), buckets);
            trained.losses[59].1
        };
        // One layer: at best 0.5 for both, a loss of 0.16.
        let (one, two) = (loss(1), loss(2));
        assert!(one > 0.15, "{one}");
        assert!(two < one / 4.0, "{one} -> {two}");
    }
}
