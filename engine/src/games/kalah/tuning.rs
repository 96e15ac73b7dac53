//! What Kalah tells the tuning toolkit (`engine_game/tuning.rs`): its
//! evaluations by name and by terms, for self-play and matches. Kalah has
//! no fitted table (its databases and solver settle most of what a table
//! would guess).

use ply_rules::games::kalah::Kalah;

use super::eval::KalahEvaluation;
use crate::engine_game::tuning::Tunable;

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

    /// `turn:W`: the weight of an extra turn in hand, in centi-seeds.
    fn with_terms(terms: &[(&str, i32)]) -> Result<KalahEvaluation, String> {
        let mut evaluation = KalahEvaluation::STORE_DIFFERENCE;
        for &(name, weight) in terms {
            match name {
                "turn" => evaluation.extra_turn_weight = weight,
                other => return Err(format!("no term '{other}' (turn)")),
            }
        }
        Ok(evaluation)
    }
}
