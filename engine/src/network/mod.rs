//! A small neural network evaluation in NNUE's shape ("efficiently
//! updatable neural network", Yu Nasu, 2018, as Stockfish plays it):
//!
//! 1. **Sparse inputs.** A game describes a position from each side's
//!    view as a few features that are on, at most one in each of a fixed
//!    number of *slots* (Oware: the seeds of each house counted from that
//!    side's left round the board, and each store; draughts: what stands
//!    on each square). [`input`] holds the slots.
//! 2. **Accumulators.** The first layer is the sum of the rows of the
//!    features that are on, one sum (an accumulator of [`HIDDEN`] numbers)
//!    for each side's view. A move changes few slots, so the search keeps
//!    each ply's accumulators and brings a child's up to date from its
//!    parent's by the rows that changed (`search/accumulators.rs`),
//!    instead of summing every row again.
//! 3. **The output.** The side to move's accumulator and the other side's,
//!    clipped to `0..=1` (clipped ReLU), weighted and summed: the network's
//!    value in units of the game (a seed, a man), added to what the game
//!    knows exactly (Oware's captured margin, the search's `SearchGame::network_base`).
//!
//! The weights are trained in floating point (`ply-engine tune train`,
//! with candle: `network_training.rs`) and kept as integers ([`Network`]): the first layer's
//! scaled by [`QA`], the output's by [`QB`], so inference is integer adds
//! and one multiply-add per hidden unit, as Stockfish's quantized nets.
//! A network file ([`mod@file`]) says which game it is for and is named by
//! its hash, as Stockfish names its nets.

pub mod file;
pub mod input;
pub mod pits;

pub use file::{EmbeddedNetwork, NetworkError, NetworkFile};
pub use input::{NONE, Slots};

use ply_rules::game::Player;

/// Hidden units of each side's accumulator.
pub const HIDDEN: usize = 64;
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

/// One side's accumulator: the first layer's sums from its view.
pub type Half = [i16; HIDDEN];

/// Both sides' accumulators, by [`Player::index`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accumulator(pub [Half; 2]);

impl Default for Accumulator {
    fn default() -> Self {
        Self([[0; HIDDEN]; 2])
    }
}

/// A quantized network: what the engine plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// The game it is for (its registry name).
    pub game: String,
    /// Features each side's view has.
    pub inputs: usize,
    /// The first layer: a row of [`HIDDEN`] weights a feature (`× QA`).
    feature_weights: Vec<Half>,
    /// The first layer's bias (`× QA`).
    feature_bias: Half,
    /// The output's weights on the side to move's half, then the other's (`× QB`).
    output_weights: [Half; 2],
    /// The output's bias (`× QA × QB`).
    output_bias: i32,
    /// The most features on for which the accumulators stay in range.
    max_slots: usize,
}

impl Network {
    /// A network from its integer weights: `feature_weights` a row of
    /// [`HIDDEN`] a feature.
    ///
    /// # Errors
    /// No features.
    pub fn new(
        game: &str,
        feature_weights: Vec<Half>,
        feature_bias: Half,
        output_weights: [Half; 2],
        output_bias: i32,
    ) -> Result<Self, NetworkError> {
        if feature_weights.is_empty() {
            return Err(NetworkError::Damaged("no features".to_owned()));
        }
        Ok(Self {
            game: game.to_owned(),
            inputs: feature_weights.len(),
            max_slots: Self::max_slots(&feature_weights, &feature_bias),
            feature_weights,
            feature_bias,
            output_weights,
            output_bias,
        })
    }

    /// One side's accumulator from scratch: the bias and the rows of the
    /// features on in `slots`.
    #[must_use]
    pub fn refresh(&self, slots: &Slots) -> Half {
        let mut half = self.feature_bias;
        for &feature in slots {
            if let Some(row) = self.row(feature) {
                add(&mut half, row);
            }
        }
        half
    }

    /// Brings `half`, the accumulator of `old`, up to date for `new`: the
    /// rows of the slots that changed taken out and put in.
    pub fn update(&self, half: &mut Half, old: &Slots, new: &Slots) {
        for (&was, &is) in old.iter().zip(new) {
            if was != is {
                if let Some(row) = self.row(was) {
                    subtract(half, row);
                }
                if let Some(row) = self.row(is) {
                    add(half, row);
                }
            }
        }
    }

    /// The network's value for `side` (to move), in centi-units.
    #[must_use]
    pub fn output(&self, accumulator: &Accumulator, side: Player) -> i32 {
        let halves = [
            &accumulator.0[side.index()],
            &accumulator.0[side.opponent().index()],
        ];
        // Each product fits an i32 (255 × 32,767), a half's sum of 64 too;
        // the whole is added up in an i64, whatever a file's weights.
        let mut sum = i64::from(self.output_bias);
        for (half, weights) in halves.into_iter().zip(&self.output_weights) {
            sum += i64::from(
                half.iter()
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
    fn max_slots(feature_weights: &[Half], feature_bias: &Half) -> usize {
        (0..HIDDEN)
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
    fn row(&self, feature: u16) -> Option<&Half> {
        self.feature_weights.get(usize::from(feature))
    }
}

#[inline]
fn add(half: &mut Half, row: &Half) {
    for (a, &w) in half.iter_mut().zip(row) {
        *a = a.wrapping_add(w);
    }
}

#[inline]
fn subtract(half: &mut Half, row: &Half) {
    for (a, &w) in half.iter_mut().zip(row) {
        *a = a.wrapping_sub(w);
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A network of `inputs` features whose rows are small numbers made
    /// from their place, so that every weight differs.
    pub(crate) fn sample_network(game: &str, inputs: usize) -> Network {
        let rows = (0..inputs)
            .map(|f| std::array::from_fn(|h| ((f * 7 + h * 3) % 41) as i16 - 20))
            .collect();
        Network::new(
            game,
            rows,
            std::array::from_fn(|h| (h % 5) as i16 * 10),
            [
                std::array::from_fn(|h| (h % 9) as i16 - 4),
                std::array::from_fn(|h| (h % 7) as i16 - 3),
            ],
            1_000,
        )
        .unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn an_update_equals_a_refresh() {
        let net = sample_network("test", 40);
        let old: Slots = [3, 10, NONE, 25].into_iter().collect();
        let new: Slots = [3, NONE, 17, 39].into_iter().collect();
        let mut half = net.refresh(&old);
        net.update(&mut half, &old, &new);
        assert_eq!(half, net.refresh(&new));
    }

    /// Weights that would overflow an accumulator, or the output, are
    /// held: refused by the slots they allow, clamped in the output.
    #[test]
    fn extreme_weights_are_refused_or_clamped() {
        let big = Network::new(
            "test",
            vec![[i16::MAX / 4; HIDDEN]; 10],
            [0; HIDDEN],
            [[i16::MAX; HIDDEN]; 2],
            i32::MAX,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        // Four rows of a quarter of the range fit, five do not.
        assert!(big.accumulators_fit(4) && !big.accumulators_fit(5));
        let accumulator = Accumulator([[QA as i16; HIDDEN]; 2]);
        assert_eq!(big.output(&accumulator, Player::One), EVAL_LIMIT);
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
        let w = &net.output_weights;
        let sum = 1_000 + 255 * i32::from(w[0][0]) + 100 * i32::from(w[1][2]);
        assert_eq!(
            net.output(&accumulator, Player::One),
            (sum * CENTI_PER_UNIT).div_euclid(QA * QB)
        );
        let sum = 1_000 + 255 * i32::from(w[1][0]) + 100 * i32::from(w[0][2]);
        assert_eq!(
            net.output(&accumulator, Player::Two),
            (sum * CENTI_PER_UNIT).div_euclid(QA * QB)
        );
    }
}
