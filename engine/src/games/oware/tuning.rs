//! What Oware tells the tuning toolkit (`engine_game/tuning.rs`): its
//! evaluations by name and by terms, and each position's house-table
//! features beside the captured margin, which fixes the unit.

use ply_rules::games::oware::Oware;

use super::eval::OwareEvaluation;
use super::eval::house_table::{self, BUCKETS};
use crate::engine_game::tuning::{TableShape, Term, Tunable};
use crate::tune::Sample;

impl Tunable for Oware {
    type Evaluation = OwareEvaluation;

    /// The engine's; the margin and mobility, which the shipped table was
    /// fitted on the games of; the captured margin alone.
    const EVALUATIONS: &'static [(&'static str, OwareEvaluation)] = &[
        ("default", OwareEvaluation::DEFAULT),
        ("mobility", OwareEvaluation::MOBILITY),
        ("margin", OwareEvaluation::MARGIN),
    ];
    const BASELINES: &'static [&'static str] = &["mobility", "default"];
    const RANDOM_PLIES: std::ops::RangeInclusive<u32> = 2..=10;
    const OPENING_PLIES: u32 = 3;
    const TABLE: Option<TableShape> = Some(TableShape {
        features: OwareEvaluation::HOUSE_FEATURES,
        row: BUCKETS,
    });

    /// Terms are added to the captured margin.
    const TERMS_BASE: OwareEvaluation = OwareEvaluation::MARGIN;
    /// Their weights (see `OwareEvaluation`), and `table:1`, the fitted
    /// house table.
    const TERMS: &'static [Term<OwareEvaluation>] = &[
        ("row", |evaluation, weight| evaluation.row_weight = weight),
        ("target", |evaluation, weight| {
            evaluation.target_weight = weight
        }),
        ("mobility", |evaluation, weight| {
            evaluation.mobility_weight = weight
        }),
        ("kroo", |evaluation, weight| evaluation.kroo_weight = weight),
        ("table", |evaluation, weight| {
            evaluation.house_table = (weight != 0).then_some(&house_table::FITTED);
        }),
    ];

    /// The house table counts seeds on Oware's own board.
    fn fits_table(&self) -> bool {
        house_table::fits(self)
    }

    fn sample(&self, result: f32) -> Option<Sample> {
        Some(Sample {
            features: OwareEvaluation::house_features(self),
            base: OwareEvaluation::margin(self) as f32,
            phase: OwareEvaluation::phase(self),
            result,
        })
    }
}
