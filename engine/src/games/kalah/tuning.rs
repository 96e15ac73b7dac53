//! What Kalah tells the tuning toolkit (`engine_game/tuning.rs`): its
//! evaluations by name and by terms, for self-play and matches. Kalah has
//! no fitted table (its databases and solver settle most of what a table
//! would guess).

use ply_rules::games::kalah::Kalah;

use super::eval::KalahEvaluation;
use crate::engine_game::tuning::{Term, Tunable};

impl Tunable for Kalah {
    type Evaluation = KalahEvaluation;

    /// The engine's (the stores and the extra turns in hand), and the
    /// Prolog Kalah program's store difference alone.
    const EVALUATIONS: &'static [(&'static str, KalahEvaluation)] = &[
        ("default", KalahEvaluation::DEFAULT),
        ("stores", KalahEvaluation::STORE_DIFFERENCE),
    ];
    const RANDOM_PLIES: std::ops::RangeInclusive<u32> = 2..=6;
    const OPENING_PLIES: u32 = 2;

    const TERMS_BASE: KalahEvaluation = KalahEvaluation::STORE_DIFFERENCE;
    /// `turn:W`: the weight of an extra turn in hand, in centi-seeds.
    const TERMS: &'static [Term<KalahEvaluation>] = &[("turn", |evaluation, weight| {
        evaluation.extra_turn_weight = weight
    })];
}
