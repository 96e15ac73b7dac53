//! What Russian draughts tells the tuning toolkit
//! (`engine_game/tuning.rs`): its evaluations for self-play, and each
//! quiet position's square-table features beside the material, which
//! fixes the unit.

use ply_rules::games::russian::Russian;

use super::eval::RussianEvaluation;
use super::eval::square_table::{self, FEATURES, ROW};
use crate::engine_game::tuning::Tunable;
use crate::search::Evaluator;
use crate::tune::Sample;

impl Tunable for Russian {
    type Evaluation = RussianEvaluation;

    const EVALUATIONS: &'static [(&'static str, RussianEvaluation)] = &[
        ("default", RussianEvaluation::DEFAULT),
        ("hand-written", RussianEvaluation::HAND_WRITTEN),
        ("fitted", RussianEvaluation::FITTED),
        ("material", RussianEvaluation::MATERIAL),
    ];
    const BASELINES: &'static [&'static str] = &["material", "hand-written", "fitted"];
    const RANDOM_PLIES: std::ops::RangeInclusive<u32> = 2..=8;
    const FEATURES: usize = FEATURES;
    const ROW: usize = ROW;

    /// Quiet positions only: a pending capture's value is the exchange's.
    fn sample(&self, result: f32) -> Option<Sample> {
        (!self.must_capture()).then(|| Sample {
            features: square_table::features(self),
            base: RussianEvaluation::MATERIAL.evaluate(self) as f32,
            phase: square_table::phase(self),
            result,
        })
    }
}
