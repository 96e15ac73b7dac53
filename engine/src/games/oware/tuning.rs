//! What Oware tells the tuning toolkit (`engine_game/tuning.rs`): its
//! evaluations for self-play, and each position's house-table features
//! beside the captured margin, which fixes the unit.

use ply_rules::games::oware::Oware;

use super::eval::OwareEvaluation;
use super::eval::house_table::BUCKETS;
use crate::engine_game::tuning::Tunable;
use crate::tune::Sample;

impl Tunable for Oware {
    type Evaluation = OwareEvaluation;

    /// The engine's, and the one the shipped table was fitted on the
    /// games of.
    const EVALUATIONS: &'static [(&'static str, OwareEvaluation)] = &[
        ("default", OwareEvaluation::DEFAULT),
        ("mobility", OwareEvaluation::MOBILITY),
        ("margin", OwareEvaluation::MARGIN),
    ];
    const BASELINES: &'static [&'static str] = &["mobility", "default"];
    const RANDOM_PLIES: std::ops::RangeInclusive<u32> = 2..=10;
    const FEATURES: usize = OwareEvaluation::HOUSE_FEATURES;
    const ROW: usize = BUCKETS;

    fn sample(&self, result: f32) -> Option<Sample> {
        Some(Sample {
            features: OwareEvaluation::house_features(self),
            base: OwareEvaluation::margin(self) as f32,
            phase: OwareEvaluation::phase(self),
            result,
        })
    }
}
