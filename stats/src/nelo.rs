//! Normalized Elo ("nElo"), fastchess's second rating beside the logistic
//! Elo, and the unit of its default SPRT model.
//!
//! Logistic Elo depends on the draw rate: the same engine change is worth
//! fewer Elo at long time controls where most games are drawn. Normalized
//! Elo measures the score's distance from ½ in standard deviations of one
//! game's score, `t = (μ − ½)/σ`, scaled so that it equals logistic Elo for
//! small differences without draws: `nElo = t · 800/ln 10`. From game pairs
//! a game's `σ` is `√2` times the pair's (fastchess's `EloPentanomial`).
//! The 95 % error margin is half the nElo width of `μ ± z·σ_sample/√N`.

use std::f64::consts::{LN_10, SQRT_2};

use super::elo::{EVEN_SCORE, z_two_sided};
use super::moments::Moments;
use super::pentanomial::Pentanomial;
use super::wdl::Wdl;

/// nElo per unit of `t = (μ − ½)/σ`: 800/ln 10 ≈ 347.4.
pub const NELO_SCALE: f64 = 800.0 / LN_10;

/// A normalized Elo estimate with its 95 % error margin.
///
/// With no spread in the scores (every game or pair scored the same) `σ`
/// is 0: `nelo` is ±∞ (0 for an even score) and `error95` is +∞, never NaN.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NeloEstimate {
    /// Normalized Elo difference, first engine minus second.
    pub nelo: f64,
    /// Half-width of the 95 % confidence interval, in nElo.
    pub error95: f64,
}

/// nElo from independent games; `None` before any game has finished.
#[must_use]
pub fn nelo_from_wdl(wdl: &Wdl) -> Option<NeloEstimate> {
    wdl.moments().map(|m| estimate(&m, 1.0))
}

/// nElo from game pairs; `None` before any pair has finished.
#[must_use]
pub fn nelo_from_pentanomial(pentanomial: &Pentanomial) -> Option<NeloEstimate> {
    pentanomial.moments().map(|m| estimate(&m, SQRT_2))
}

/// `games_per_sigma`: a game's σ over the sample's σ (1 for games, √2 for
/// pairs).
fn estimate(moments: &Moments, games_per_sigma: f64) -> NeloEstimate {
    let game_sigma = moments.variance.sqrt() * games_per_sigma;
    let lead = moments.mean - EVEN_SCORE;
    if game_sigma <= 0.0 {
        let nelo = if lead == 0.0 {
            0.0
        } else {
            f64::INFINITY.copysign(lead)
        };
        return NeloEstimate {
            nelo,
            error95: f64::INFINITY,
        };
    }
    NeloEstimate {
        nelo: lead / game_sigma * NELO_SCALE,
        error95: z_two_sided() * moments.standard_error() / game_sigma * NELO_SCALE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nelo_by_hand() {
        // W=100, L=80, D=20: μ = 0.55, σ² = 0.2225, N = 200.
        // nElo = 0.05/0.471699 · 347.4355 = 36.8280
        // error = 1.959964 · 0.471699/√200 / 0.471699 · 347.4355 = 48.1515
        let e = nelo_from_wdl(&Wdl::new(100, 80, 20)).expect("games");
        assert!((e.nelo - 36.828_0).abs() < 1e-3, "{e:?}");
        assert!((e.error95 - 48.151_5).abs() < 1e-3, "{e:?}");
        // Pairs [300, 2000, 5000, 2300, 400]: μ = 0.5125,
        // σ² = 0.04421875, game σ = √(2σ²) = 0.297384;
        // nElo = 0.0125/0.297384 · 347.4355 = 14.6039;
        // error = 1.959964/√(2·10000) · 347.4355 = 4.8150.
        let p = nelo_from_pentanomial(&Pentanomial([300, 2000, 5000, 2300, 400])).expect("pairs");
        assert!((p.nelo - 14.603_9).abs() < 1e-3, "{p:?}");
        assert!((p.error95 - 4.815_0).abs() < 1e-3, "{p:?}");
    }

    #[test]
    fn no_spread_is_infinite_not_nan() {
        let all = nelo_from_pentanomial(&Pentanomial([0, 0, 0, 0, 200])).expect("pairs");
        assert_eq!(all.nelo, f64::INFINITY);
        assert_eq!(all.error95, f64::INFINITY);
        let even = nelo_from_wdl(&Wdl::new(0, 0, 7)).expect("games");
        assert_eq!(even.nelo, 0.0);
        assert_eq!(nelo_from_wdl(&Wdl::default()), None);
    }
}
