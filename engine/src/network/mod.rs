//! A small neural network evaluation in NNUE's shape ("efficiently
//! updatable neural network", Yu Nasu, 2018, as Stockfish plays it):
//!
//! 1. **Sparse inputs.** A game describes a position from each side's
//!    view as a few features that are on, at most one in each of a fixed
//!    number of *slots* (Oware: the seeds of each house counted from that
//!    side's left round the board, and each store; draughts: what stands
//!    on each square). [`input`] holds the slots.
//! 2. **Accumulators.** The first layer is the sum of the rows of the
//!    features that are on, one sum (an accumulator of as many numbers as
//!    the network has hidden units, at most [`MAX_HIDDEN`]) for each
//!    side's view. A move changes few slots, so the search keeps
//!    each ply's accumulators and brings a child's up to date from its
//!    parent's by the rows that changed (`search/accumulators.rs`),
//!    instead of summing every row again.
//! 3. **The output.** The side to move's accumulator and the other side's,
//!    clipped to `0..=1` (clipped ReLU), weighted and summed by the output
//!    layer of the position's bucket (a phase of the game, which the game
//!    names: `SearchGame::network_bucket`; most networks have one layer):
//!    the network's value in units of the game (a seed, a man), added to
//!    what the game knows exactly (Oware's captured margin, the search's
//!    `SearchGame::network_base`).
//!
//! The weights are trained in floating point (`ply-engine tune train`,
//! with candle: `network_training.rs`) and kept as integers ([`Network`]): the first layer's
//! scaled by [`QA`], the output's by [`QB`], so inference is integer adds
//! and two multiply-adds per hidden unit, as Stockfish's quantized nets.
//! A network file ([`mod@file`]) says which game it is for and is named by
//! its hash, as Stockfish names its nets.

pub mod file;
pub mod input;
pub mod pits;

pub use file::{EmbeddedNetwork, NetworkError, NetworkFile};
pub use input::{NONE, Slots};

use ply_rules::game::Player;

/// The most hidden units a network may have: a network file says its own
/// width (a game of few inputs wants few, a board of many kinds of
/// pieces more), and the accumulators hold this many.
pub const MAX_HIDDEN: usize = 256;
/// The width `tune train` gives a game's first network (later ones keep
/// the width of the network the game plays).
pub const DEFAULT_HIDDEN: usize = 64;
/// The most output layers (buckets) a network may have.
pub const MAX_BUCKETS: usize = 16;
/// The scale of the first layer's integer weights and of the clipped
/// activations: 1.0 is 255.
pub const QA: i32 = 255;
/// The scale of the output layer's integer weights: 1.0 is 64.
pub const QB: i32 = 64;
/// Centi-units in one unit of the network's output (a seed, a man).
pub const CENTI_PER_UNIT: i32 = 100;
/// The largest evaluation a network gives, in centi-units (a thousand
/// seeds or men): far below the search's proven scores, which no network
/// file, however its weights were made, may reach.
pub const EVAL_LIMIT: i32 = 100_000;

/// One side's accumulator: the first layer's sums from its view, in its
/// first [`Network::hidden`] numbers (the rest unused).
pub type Half = [i16; MAX_HIDDEN];

/// Both sides' accumulators, by [`Player::index`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accumulator(pub [Half; 2]);

impl Default for Accumulator {
    fn default() -> Self {
        Self([[0; MAX_HIDDEN]; 2])
    }
}

/// A network's integer weights, each layer's rows `hidden` long.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// The first layer: a row a feature (`× QA`).
    pub features: Vec<Vec<i16>>,
    /// The first layer's bias (`× QA`).
    pub bias: Vec<i16>,
    /// The output layers, one a bucket: a network may weigh the same
    /// accumulators differently in each phase of a game (as Stockfish's
    /// nets choose their last layers by the number of pieces), and the
    /// game says which bucket a position is in
    /// (`SearchGame::network_bucket`). Most networks have one.
    pub outputs: Vec<Output>,
}

/// One output layer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Output {
    /// Its weights on the side to move's half, then the other's (`× QB`).
    pub weights: [Vec<i16>; 2],
    /// Its bias (`× QA × QB`).
    pub bias: i32,
}

/// Why the engine does not play a network of `hidden` units and
/// `buckets` output layers, if it does not: one check for a file's
/// header, a network's weights and a training's settings.
#[must_use]
pub fn shape_refusal(hidden: usize, buckets: usize) -> Option<String> {
    if !(1..=MAX_HIDDEN).contains(&hidden) {
        return Some(format!(
            "{hidden} hidden units, where the engine plays 1 to {MAX_HIDDEN}"
        ));
    }
    if !(1..=MAX_BUCKETS).contains(&buckets) {
        return Some(format!(
            "{buckets} output layers, where the engine plays 1 to {MAX_BUCKETS}"
        ));
    }
    None
}

/// A quantized network: what the engine plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// The game it is for (its registry name).
    pub game: String,
    /// Features each side's view has.
    pub inputs: usize,
    /// Hidden units of each side's accumulator.
    pub hidden: usize,
    /// The first layer: `hidden` weights a feature, feature after
    /// feature, in one block (`× QA`).
    feature_weights: Vec<i16>,
    /// The first layer's bias (`× QA`), `hidden` long.
    feature_bias: Vec<i16>,
    /// The output layers, a bucket each (at least one).
    outputs: Vec<Output>,
    /// The most features on for which the accumulators stay in range.
    max_slots: usize,
}

impl Network {
    /// A network from its integer weights.
    ///
    /// # Errors
    /// No features, no hidden units or more than [`MAX_HIDDEN`], no output
    /// layer or more than [`MAX_BUCKETS`], or rows of different lengths.
    pub fn new(game: &str, weights: Weights) -> Result<Self, NetworkError> {
        let damaged = |why: String| Err(NetworkError::Damaged(why));
        let hidden = weights.bias.len();
        if weights.features.is_empty() {
            return damaged("no features".to_owned());
        }
        if let Some(why) = shape_refusal(hidden, weights.outputs.len()) {
            return damaged(why);
        }
        let mut rows = (weights.features.iter())
            .chain(weights.outputs.iter().flat_map(|output| &output.weights));
        if let Some(row) = rows.find(|row| row.len() != hidden) {
            return damaged(format!(
                "a row of {} weights in a network of {hidden} hidden units",
                row.len()
            ));
        }
        let max_slots = Self::max_slots(&weights.features, &weights.bias);
        Ok(Self {
            game: game.to_owned(),
            inputs: weights.features.len(),
            hidden,
            feature_weights: weights.features.concat(),
            feature_bias: weights.bias,
            outputs: weights.outputs,
            max_slots,
        })
    }

    /// The integer weights, as [`Self::new`] takes them.
    #[must_use]
    pub fn weights(&self) -> Weights {
        Weights {
            features: self
                .feature_weights
                .chunks(self.hidden)
                .map(<[i16]>::to_vec)
                .collect(),
            bias: self.feature_bias.clone(),
            outputs: self.outputs.clone(),
        }
    }

    /// Output layers (buckets) it has.
    #[must_use]
    pub fn buckets(&self) -> usize {
        self.outputs.len()
    }

    /// Sets `half` to one side's accumulator from scratch: the bias and
    /// the rows of the features on in `slots`.
    pub fn refresh(&self, half: &mut Half, slots: &Slots) {
        let sums = &mut half[..self.hidden];
        sums.copy_from_slice(&self.feature_bias);
        for &feature in slots {
            if let Some(row) = self.row(feature) {
                add(sums, row);
            }
        }
    }

    /// Sets `half` to `parent`, the accumulator of `old`, brought up to
    /// date for `new`: the rows of the slots that changed taken out and
    /// put in.
    pub fn update(&self, half: &mut Half, parent: &Half, old: &Slots, new: &Slots) {
        let sums = &mut half[..self.hidden];
        sums.copy_from_slice(&parent[..self.hidden]);
        for (&was, &is) in old.iter().zip(new) {
            if was != is {
                if let Some(row) = self.row(was) {
                    subtract(sums, row);
                }
                if let Some(row) = self.row(is) {
                    add(sums, row);
                }
            }
        }
    }

    /// The network's value for `side` (to move), in centi-units, by the
    /// output layer of `bucket` (the last for one past it).
    #[must_use]
    pub fn output(&self, accumulator: &Accumulator, side: Player, bucket: usize) -> i32 {
        let Some(output) = self.outputs.get(bucket).or(self.outputs.last()) else {
            return 0;
        };
        let halves = [
            &accumulator.0[side.index()],
            &accumulator.0[side.opponent().index()],
        ];
        // Each product fits an i32 (255 × 32,767), a half's sum of
        // MAX_HIDDEN too; the whole is added up in an i64, whatever a
        // file's weights.
        let mut sum = i64::from(output.bias);
        for (half, weights) in halves.into_iter().zip(&output.weights) {
            sum += i64::from(
                half[..self.hidden]
                    .iter()
                    .zip(weights)
                    .map(|(&a, &w)| i32::from(a.clamp(0, QA as i16)) * i32::from(w))
                    .sum::<i32>(),
            );
        }
        // Rounded towards minus infinity.
        let centi = (sum * i64::from(CENTI_PER_UNIT)).div_euclid(i64::from(QA * QB));
        let limit = i64::from(EVAL_LIMIT);
        // Within ±EVAL_LIMIT: an i32.
        centi.clamp(-limit, limit) as i32
    }

    /// Whether every accumulator of a position with at most `slots`
    /// features on stays within an `i16` (a trained network keeps its
    /// weights so; a file made otherwise is refused).
    #[must_use]
    pub fn accumulators_fit(&self, slots: usize) -> bool {
        slots <= self.max_slots
    }

    /// The most features that may be on while every accumulator stays
    /// within an `i16`, whatever they are: for each hidden unit, its bias
    /// and its largest row values added up, the least over the units.
    fn max_slots(feature_weights: &[Vec<i16>], feature_bias: &[i16]) -> usize {
        (0..feature_bias.len())
            .map(|h| {
                let mut largest: Vec<i32> = feature_weights
                    .iter()
                    .map(|row| i32::from(row[h]).abs())
                    .collect();
                largest.sort_unstable_by(|a, b| b.cmp(a));
                let mut reach = i32::from(feature_bias[h]).abs();
                largest
                    .iter()
                    .take_while(|&&w| {
                        reach += w;
                        reach <= i32::from(i16::MAX)
                    })
                    .count()
            })
            .min()
            .unwrap_or(0)
    }

    /// The row of `feature`, `None` for [`NONE`] or one out of range.
    #[inline]
    fn row(&self, feature: u16) -> Option<&[i16]> {
        let start = usize::from(feature) * self.hidden;
        self.feature_weights.get(start..start + self.hidden)
    }
}

#[inline]
fn add(sums: &mut [i16], row: &[i16]) {
    for (a, &w) in sums.iter_mut().zip(row) {
        *a = a.wrapping_add(w);
    }
}

#[inline]
fn subtract(sums: &mut [i16], row: &[i16]) {
    for (a, &w) in sums.iter_mut().zip(row) {
        *a = a.wrapping_sub(w);
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// `n` numbers made by `f` from their place.
    pub(crate) fn row(n: usize, f: impl Fn(usize) -> i16) -> Vec<i16> {
        (0..n).map(f).collect()
    }

    /// The weights of `inputs` features and `hidden` units: small numbers
    /// made from their place, so that every weight differs.
    fn sample_weights(inputs: usize, hidden: usize) -> Weights {
        let features = (0..inputs)
            .map(|f| row(hidden, |h| ((f * 7 + h * 3) % 41) as i16 - 20))
            .collect();
        Weights {
            features,
            bias: row(hidden, |h| (h % 5) as i16 * 10),
            outputs: vec![Output {
                weights: [
                    row(hidden, |h| (h % 9) as i16 - 4),
                    row(hidden, |h| (h % 7) as i16 - 3),
                ],
                bias: 1_000,
            }],
        }
    }

    /// A network of [`sample_weights`].
    pub(crate) fn sample_network_of(game: &str, inputs: usize, hidden: usize) -> Network {
        Network::new(game, sample_weights(inputs, hidden)).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`sample_network_of`] with [`DEFAULT_HIDDEN`] units.
    pub(crate) fn sample_network(game: &str, inputs: usize) -> Network {
        sample_network_of(game, inputs, DEFAULT_HIDDEN)
    }

    /// One side's accumulator from scratch.
    fn refreshed(net: &Network, slots: &Slots) -> Half {
        let mut half = [0; MAX_HIDDEN];
        net.refresh(&mut half, slots);
        half
    }

    #[test]
    fn an_update_equals_a_refresh_at_every_width() {
        for hidden in [1, 8, DEFAULT_HIDDEN, 100, MAX_HIDDEN] {
            let net = sample_network_of("test", 40, hidden);
            let old: Slots = [3, 10, NONE, 25].into_iter().collect();
            let new: Slots = [3, NONE, 17, 39].into_iter().collect();
            let parent = refreshed(&net, &old);
            let mut half = [0; MAX_HIDDEN];
            net.update(&mut half, &parent, &old, &new);
            assert_eq!(half, refreshed(&net, &new), "{hidden} hidden units");
            assert_eq!(Network::new("test", net.weights()).ok(), Some(net));
        }
    }

    #[test]
    fn widths_and_rows_out_of_shape_are_refused() {
        let refusal = |hidden: usize, short: bool| {
            let mut weights = sample_weights(3, hidden);
            if short {
                weights.features[1].pop();
            }
            Network::new("test", weights).err().map(|e| e.to_string())
        };
        assert_eq!(
            refusal(0, false).as_deref(),
            Some("damaged network: 0 hidden units, where the engine plays 1 to 256")
        );
        assert_eq!(
            refusal(MAX_HIDDEN + 1, false).as_deref(),
            Some("damaged network: 257 hidden units, where the engine plays 1 to 256")
        );
        assert_eq!(
            refusal(16, true).as_deref(),
            Some("damaged network: a row of 15 weights in a network of 16 hidden units")
        );
        assert_eq!(refusal(16, false), None);
    }

    /// Weights that would overflow an accumulator, or the output, are
    /// held: refused by the slots they allow, clamped in the output.
    #[test]
    fn extreme_weights_are_refused_or_clamped() {
        let hidden = DEFAULT_HIDDEN;
        let weights = Weights {
            features: vec![vec![i16::MAX / 4; hidden]; 10],
            bias: vec![0; hidden],
            outputs: vec![Output {
                weights: [vec![i16::MAX; hidden], vec![i16::MAX; hidden]],
                bias: i32::MAX,
            }],
        };
        let big = Network::new("test", weights).unwrap_or_else(|e| panic!("{e}"));
        // Four rows of a quarter of the range fit, five do not.
        assert!(big.accumulators_fit(4) && !big.accumulators_fit(5));
        let accumulator = Accumulator([[QA as i16; MAX_HIDDEN]; 2]);
        assert_eq!(big.output(&accumulator, Player::One, 0), EVAL_LIMIT);
        assert!(sample_network("test", 40).accumulators_fit(32));
    }

    #[test]
    fn the_output_is_the_clipped_weighted_sum() {
        let net = sample_network("test", 4);
        let mut accumulator = Accumulator::default();
        accumulator.0[0][0] = 300; // clipped to 255
        accumulator.0[0][1] = -5; // clipped to 0
        accumulator.0[1][2] = 100;
        // Player one to move: its half is weighted by the first row.
        let w = &net.outputs[0].weights;
        let sum = 1_000 + 255 * i32::from(w[0][0]) + 100 * i32::from(w[1][2]);
        assert_eq!(
            net.output(&accumulator, Player::One, 0),
            (sum * CENTI_PER_UNIT).div_euclid(QA * QB)
        );
        let sum = 1_000 + 255 * i32::from(w[1][0]) + 100 * i32::from(w[0][2]);
        assert_eq!(
            net.output(&accumulator, Player::Two, 0),
            (sum * CENTI_PER_UNIT).div_euclid(QA * QB)
        );
    }

    /// Each bucket has its own output layer; a bucket past the last
    /// plays the last.
    #[test]
    fn each_bucket_weighs_the_accumulators_its_own_way() {
        let mut weights = sample_weights(4, 8);
        let second = Output {
            weights: [row(8, |h| h as i16), row(8, |_| 0)],
            bias: -2_000,
        };
        weights.outputs.push(second);
        let net = Network::new("test", weights).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(net.buckets(), 2);
        let mut accumulator = Accumulator::default();
        accumulator.0[0][3] = 200;
        let first = net.output(&accumulator, Player::One, 0);
        let w = &net.outputs[0].weights;
        assert_eq!(
            first,
            ((1_000 + 200 * i32::from(w[0][3])) * CENTI_PER_UNIT).div_euclid(QA * QB)
        );
        let second = ((-2_000 + 200 * 3) * CENTI_PER_UNIT).div_euclid(QA * QB);
        assert_eq!(net.output(&accumulator, Player::One, 1), second);
        assert_eq!(net.output(&accumulator, Player::One, 5), second);
        let mut none = sample_weights(4, 8);
        none.outputs.clear();
        let mut many = sample_weights(4, 8);
        many.outputs = vec![many.outputs[0].clone(); MAX_BUCKETS + 1];
        for (weights, refusal) in [
            (none, "0 output layers, where the engine plays 1 to 16"),
            (many, "17 output layers, where the engine plays 1 to 16"),
        ] {
            let error = Network::new("test", weights).err().map(|e| e.to_string());
            assert_eq!(error, Some(format!("damaged network: {refusal}")));
        }
    }
}
