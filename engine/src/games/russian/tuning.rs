//! What Russian draughts tells the tuning toolkit
//! (`engine_game/tuning.rs`): its evaluations by name and by terms, and
//! each quiet position's square-table features beside the material,
//! which fixes the unit.

use ply_rules::games::russian::Russian;

use super::eval::RussianEvaluation;
use super::eval::square_table::{self, FEATURES, ROW};
use crate::engine_game::tuning::{TableShape, Term, Tunable};
use crate::search::Evaluator;
use crate::tune::Sample;

impl Tunable for Russian {
    type Evaluation = RussianEvaluation;

    /// The engine's (the fitted table); the hand-written terms that won
    /// their matches before it; the table; every term at its tried
    /// weight; men and kings alone.
    const EVALUATIONS: &'static [(&'static str, RussianEvaluation)] = &[
        ("default", RussianEvaluation::DEFAULT),
        ("hand-written", RussianEvaluation::HAND_WRITTEN),
        ("fitted", RussianEvaluation::FITTED),
        ("full", RussianEvaluation::FULL),
        ("material", RussianEvaluation::MATERIAL),
    ];
    const BASELINES: &'static [&'static str] = &["material", "hand-written", "fitted"];
    const RANDOM_PLIES: std::ops::RangeInclusive<u32> = 2..=8;
    const OPENING_PLIES: u32 = 3;
    const TABLE: Option<TableShape> = Some(TableShape {
        features: FEATURES,
        row: ROW,
    });

    /// Terms are set on top of material.
    const TERMS_BASE: RussianEvaluation = RussianEvaluation::MATERIAL;
    /// Their weights (see `RussianEvaluation`).
    const TERMS: &'static [Term<RussianEvaluation>] = &[
        ("king", |evaluation, weight| evaluation.king = weight),
        ("advance", |evaluation, weight| evaluation.advance = weight),
        ("back", |evaluation, weight| evaluation.back_rank = weight),
        ("centre", |evaluation, weight| evaluation.centre = weight),
        ("mobility", |evaluation, weight| {
            evaluation.mobility = weight
        }),
    ];

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
