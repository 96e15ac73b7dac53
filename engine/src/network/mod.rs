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
        let mut sum = self.output_bias;
        for (half, weights) in halves.into_iter().zip(&self.output_weights) {
            sum += half
                .iter()
                .zip(weights)
                .map(|(&a, &w)| i32::from(a.clamp(0, QA as i16)) * i32::from(w))
                .sum::<i32>();
        }
        // Rounded towards minus infinity, the same on both sides' boards
        // up to one centi-unit.
        (sum * CENTI_PER_UNIT).div_euclid(QA * QB)
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
