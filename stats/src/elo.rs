//! Elo difference, its 95 % error margin, LOS and draw ratio.
//!
//! Engine authors compare a change by the Elo difference cutechess-cli and
//! fastchess print, so the referee computes it the same way, from the same
//! model: the logistic Elo curve, where a rating difference `d` gives the
//! stronger side an expected score `s = 1 / (1 + 10^(−d/400))`, and so
//! `d = −400·log₁₀(1/s − 1)` ([`elo_from_score`]).
//!
//! Two estimates:
//!
//! - [`elo_from_wdl`] treats games as independent (cutechess-cli's `Elo`
//!   class, `projects/lib/src/elo.cpp`): score `s = (W + D/2)/N`, per-game
//!   standard deviation `σ = √((W(1−s)² + L(0−s)² + D(½−s)²)/N)`, standard
//!   error `σ/√N`, interval `s ± z·σ/√N` mapped through the Elo curve, and
//!   error margin `(elo(hi) − elo(lo))/2`. LOS is
//!   `½(1 + erf((W − L)/√(2(W + L))))`, draws ignored.
//! - [`elo_from_pentanomial`] treats game *pairs* as the independent samples
//!   (fastchess's `EloPentanomial`): the mean and variance of the pair scores
//!   0, ¼, ½, ¾, 1, standard error `√(σ²/pairs)`, the same interval mapping,
//!   and LOS `Φ((μ − ½)/se)`.
//!
//! `z` is the exact two-sided 95 % normal quantile, 1.959964. cutechess-cli
//! computes it with Winitzki's approximation of `erf⁻¹` and gets 1.957162,
//! so its margins are 0.14 % smaller: W=100, L=80, D=20 prints `46.1`
//! there and `46.2` here (46.096 against 46.163).
//!
//! What happens at a score of 0 or 1 is described on [`EloEstimate`].

use super::moments::Moments;
use super::normal::{erf, normal_cdf, normal_quantile};
use super::pentanomial::Pentanomial;
use super::wdl::Wdl;

/// Elo points per factor of ten in the odds of winning: the scale of the
/// logistic Elo model used by cutechess-cli, fastchess and Fishtest.
pub const ELO_SCALE: f64 = 400.0;

/// Confidence level of the printed error margin.
pub const CONFIDENCE_LEVEL: f64 = 0.95;

/// The score of two equally strong engines, and the LOS when nothing tells
/// them apart.
pub(crate) const EVEN_SCORE: f64 = 0.5;

/// An Elo estimate for the first engine against the second, with what
/// cutechess-cli prints beside it.
///
/// # Degenerate counts
///
/// A score of exactly 0 or 1 (all games lost or all won) has an infinite
/// Elo difference. Then `elo` is `−∞`/`+∞` and `error95` is `+∞` (the
/// interval has collapsed to one point of infinite Elo, so no finite margin
/// is honest); [`format_elo_line`](super::format_elo_line) prints them as
/// `inf`/`-inf` and `inf`, e.g. `Elo difference: inf +/- inf, LOS: 99.9 %,
/// DrawRatio: 0.0 %` where cutechess-cli prints `inf +/- nan`. When the
/// score is inside (0, 1) but the interval reaches past 0 or 1 (few games),
/// the far end maps to ±∞ and `error95` is `+∞` too. No field is ever NaN.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// Elo difference, first engine minus second; ±∞ at a score of 1 or 0.
    pub elo: f64,
    /// Half-width of the 95 % confidence interval, in Elo; `+∞` when the
    /// interval reaches a score of 0 or 1.
    pub error95: f64,
    /// Likelihood of superiority, the probability that the first engine is
    /// the stronger, as a fraction in `[0, 1]`.
    pub los: f64,
    /// Fraction of draws, in `[0, 1]` (see [`elo_from_pentanomial`] for what
    /// it counts there).
    pub draw_ratio: f64,
}

/// The Elo difference for an expected score `s`: `−400·log₁₀(1/s − 1)`.
///
/// Returns `−∞` for `s ≤ 0`, `+∞` for `s ≥ 1` (and NaN for NaN), so that an
/// interval end past the possible scores maps to an unbounded Elo rather
/// than to NaN. Exactly even scores give `+0.0`, never `-0.0`, so nothing
/// prints `-0.0`.
#[must_use]
pub fn elo_from_score(score: f64) -> f64 {
    if score.is_nan() {
        return f64::NAN;
    }
    if score <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if score >= 1.0 {
        return f64::INFINITY;
    }
    let elo = -ELO_SCALE * (1.0 / score - 1.0).log10();
    if elo == 0.0 { 0.0 } else { elo }
}

/// The expected score for an Elo difference: `1 / (1 + 10^(−elo/400))`, the
/// inverse of [`elo_from_score`].
#[must_use]
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / ELO_SCALE))
}

/// Likelihood of superiority from decisive games, cutechess-cli's
/// `Elo::LOS` as a fraction: `½(1 + erf((W − L)/√(2(W + L))))`.
///
/// Draws carry no information on who is stronger in this model; with no
/// decisive game the answer is ½.
#[must_use]
pub fn los_from_wdl(wdl: &Wdl) -> f64 {
    let decisive = wdl.wins + wdl.losses;
    if decisive == 0 {
        return EVEN_SCORE;
    }
    let lead = wdl.wins as f64 - wdl.losses as f64;
    0.5 * (1.0 + erf(lead / (2.0 * decisive as f64).sqrt()))
}

/// cutechess-cli's Elo estimate from independent games; `None` before any
/// game has finished.
///
/// Score `s = (W + D/2)/N`; Elo `−400·log₁₀(1/s − 1)`; standard error
/// `√((W(1−s)² + L(0−s)² + D(½−s)²)/N) / √N`; `error95` is half the Elo
/// width of `s ± 1.959964·se`; LOS `½(1 + erf((W − L)/√(2(W + L))))`
/// (½ without decisive games); draw ratio `D/N`. cutechess-cli's own `z`
/// is 1.957162 (Winitzki's `erf⁻¹`), so it can print an error margin 0.1
/// lower than this (46.1 instead of 46.2 for W=100, L=80, D=20).
#[must_use]
pub fn elo_from_wdl(wdl: &Wdl) -> Option<EloEstimate> {
    let moments = wdl.moments()?;
    Some(EloEstimate {
        elo: elo_from_score(moments.mean),
        error95: error_margin(&moments),
        los: los_from_wdl(wdl),
        draw_ratio: wdl.draws as f64 / moments.samples,
    })
}

/// fastchess's Elo estimate from game pairs; `None` before any pair has
/// finished.
///
/// Pair scores `x ∈ {0, ¼, ½, ¾, 1}`; `μ` and `σ²` their mean and
/// population variance over the pairs; Elo `−400·log₁₀(1/μ − 1)`;
/// `error95` is half the Elo width of `μ ± 1.959964·√(σ²/pairs)`; LOS
/// `Φ((μ − ½)/√(σ²/pairs))` (0, ½ or 1 when `σ² = 0`).
///
/// `draw_ratio` is fastchess's pentanomial "DrawRatio": the fraction of
/// pairs that scored exactly one point (bucket WL/DD). The counts cannot
/// say how many games were drawn, because that bucket mixes win–loss pairs
/// (no draw) with draw–draw pairs (two); a caller that also keeps a [`Wdl`]
/// can put `draws / games` from it in this field instead.
#[must_use]
pub fn elo_from_pentanomial(pentanomial: &Pentanomial) -> Option<EloEstimate> {
    let moments = pentanomial.moments()?;
    let standard_error = moments.standard_error();
    let los = if standard_error > 0.0 {
        normal_cdf((moments.mean - EVEN_SCORE) / standard_error)
    } else {
        // No spread at all: the data says with certainty which side is ahead.
        match moments.mean.partial_cmp(&EVEN_SCORE) {
            Some(std::cmp::Ordering::Greater) => 1.0,
            Some(std::cmp::Ordering::Less) => 0.0,
            _ => EVEN_SCORE,
        }
    };
    Some(EloEstimate {
        elo: elo_from_score(moments.mean),
        error95: error_margin(&moments),
        los,
        draw_ratio: pentanomial.0[Pentanomial::WL_DD] as f64 / moments.samples,
    })
}

/// The `z` of a two-sided interval at [`CONFIDENCE_LEVEL`]: Φ⁻¹(0.975).
pub(crate) fn z_two_sided() -> f64 {
    normal_quantile(1.0 - (1.0 - CONFIDENCE_LEVEL) / 2.0)
}

/// Half the Elo width of `mean ± z·se`; `+∞` when the score or an end of the
/// interval is 0 or 1 (module docs), never NaN.
fn error_margin(moments: &Moments) -> f64 {
    if !elo_from_score(moments.mean).is_finite() {
        return f64::INFINITY;
    }
    let half_width = z_two_sided() * moments.standard_error();
    let high = elo_from_score(moments.mean + half_width);
    let low = elo_from_score(moments.mean - half_width);
    // With 0 < mean < 1, high > −∞ and low < +∞: the difference is finite
    // or +∞, never ∞ − ∞.
    (high - low) / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn close(got: f64, want: f64, tol: f64) -> bool {
        (got - want).abs() <= tol
    }

    /// Logistic expected score inverted by bisection: an Elo function that
    /// shares no formula with `elo_from_score`.
    fn elo_by_bisection(score: f64) -> f64 {
        let (mut lo, mut hi) = (-4000.0_f64, 4000.0_f64);
        for _ in 0..200 {
            let mid = (lo + hi) / 2.0;
            let expected = 1.0 / (1.0 + (-mid / ELO_SCALE * std::f64::consts::LN_10).exp());
            if expected < score { lo = mid } else { hi = mid }
        }
        (lo + hi) / 2.0
    }

    #[test]
    fn elo_function_known_values() {
        assert_eq!(elo_from_score(0.5), 0.0);
        assert!(elo_from_score(0.5).is_sign_positive());
        // 1/s − 1 = 1/3: −400·log₁₀(1/3) = 400·0.4771213 = 190.848502.
        assert!(close(elo_from_score(0.75), 190.848_501_887_865, 1e-9));
        // 1/s − 1 = 1/10 exactly: ±400.
        assert!(close(elo_from_score(10.0 / 11.0), 400.0, 1e-9));
        assert!(close(elo_from_score(1.0 / 11.0), -400.0, 1e-9));
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
        assert_eq!(elo_from_score(1.3), f64::INFINITY);
        assert_eq!(elo_from_score(-0.1), f64::NEG_INFINITY);
        for s in [0.01, 0.2, 0.5, 0.64, 0.99] {
            assert!(close(elo_from_score(s), elo_by_bisection(s), 1e-9));
            assert!(close(score_from_elo(elo_from_score(s)), s, 1e-15));
        }
    }

    #[test]
    fn cutechess_worked_example() {
        // W=100, L=80, D=20, N=200, by hand:
        //   s   = (100 + 10)/200 = 0.55
        //   Elo = −400·log₁₀(1/0.55 − 1) = −400·log₁₀(0.818182) = 34.860
        //   σ²  = (100·0.45² + 80·0.55² + 20·0.05²)/200
        //       = (20.25 + 24.2 + 0.05)/200 = 0.2225,  σ = 0.471699
        //   se  = σ/√200 = 0.0333542
        //   hi  = 0.55 + 1.959964·0.0333542 = 0.615373 → Elo 81.643
        //   lo  = 0.55 − 0.065373           = 0.484627 → Elo −10.682
        //   error = (81.643 + 10.682)/2 = 46.163
        //   LOS = ½(1 + erf(20/√360)) = ½(1 + erf(1.05409)) = 0.93198
        //   DrawRatio = 20/200 = 0.1
        let wdl = Wdl::new(100, 80, 20);
        let e = elo_from_wdl(&wdl).expect("games were played");
        assert!(close(e.elo, 34.860_070_287_560_08, 1e-9), "{e:?}");
        assert!(close(e.error95, 46.162_511_341_309_57, 1e-9), "{e:?}");
        assert!(close(e.los, 0.931_981_435_942_928_1, 1e-12), "{e:?}");
        assert_eq!(e.draw_ratio, 0.1);

        // Brute force: list the 200 game scores, take their mean and
        // population variance by loops, and invert the logistic curve by
        // bisection; the published z = 1.959963984540054.
        let mut games = vec![1.0; 100];
        games.extend([0.0; 80]);
        games.extend([0.5; 20]);
        let n = games.len() as f64;
        let mean = games.iter().sum::<f64>() / n;
        let var = games.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n;
        let half = 1.959_963_984_540_054 * (var / n).sqrt();
        let brute_error = (elo_by_bisection(mean + half) - elo_by_bisection(mean - half)) / 2.0;
        assert!(close(e.elo, elo_by_bisection(mean), 1e-9));
        assert!(close(e.error95, brute_error, 1e-9));

        // LOS by integrating the normal density (Simpson) up to
        // (W − L)/√(W + L), independently of erf.
        let x = 20.0 / 180.0_f64.sqrt();
        let steps = 4_000;
        let (a, h) = (-12.0, (x + 12.0) / f64::from(steps));
        let pdf = |t: f64| (-t * t / 2.0).exp() / (2.0 * std::f64::consts::PI).sqrt();
        let mut sum = pdf(a) + pdf(x);
        for i in 1..steps {
            sum += if i % 2 == 1 { 4.0 } else { 2.0 } * pdf(a + f64::from(i) * h);
        }
        assert!(close(e.los, sum * h / 3.0, 1e-10));
    }

    #[test]
    fn los_known_values() {
        assert_eq!(los_from_wdl(&Wdl::new(0, 0, 0)), 0.5);
        assert_eq!(los_from_wdl(&Wdl::new(0, 0, 50)), 0.5);
        assert!(close(los_from_wdl(&Wdl::new(37, 37, 5)), 0.5, 1e-15));
        // ½(1 + erf(10/√20)) = ½(1 + erf(2.23607)) = 0.999217.
        let ten_nil = los_from_wdl(&Wdl::new(10, 0, 0));
        assert!(close(ten_nil, 0.999_217_298_870_998_7, 1e-12));
        assert!(close(
            los_from_wdl(&Wdl::new(0, 10, 3)),
            1.0 - ten_nil,
            1e-12
        ));
    }

    #[test]
    fn no_games_no_estimate() {
        assert_eq!(elo_from_wdl(&Wdl::default()), None);
        assert_eq!(elo_from_pentanomial(&Pentanomial::default()), None);
    }

    #[test]
    fn degenerate_scores_are_infinite_not_nan() {
        let all_won = elo_from_wdl(&Wdl::new(10, 0, 0)).expect("games");
        assert_eq!(all_won.elo, f64::INFINITY);
        assert_eq!(all_won.error95, f64::INFINITY);
        assert!(all_won.los > 0.999);
        assert_eq!(all_won.draw_ratio, 0.0);

        let all_lost = elo_from_wdl(&Wdl::new(0, 10, 0)).expect("games");
        assert_eq!(all_lost.elo, f64::NEG_INFINITY);
        assert_eq!(all_lost.error95, f64::INFINITY);
        assert!(all_lost.los < 0.01);

        let all_drawn = elo_from_wdl(&Wdl::new(0, 0, 8)).expect("games");
        assert_eq!(
            all_drawn,
            EloEstimate {
                elo: 0.0,
                error95: 0.0,
                los: 0.5,
                draw_ratio: 1.0
            }
        );

        // s = 0.75 but the interval runs past 1: finite Elo, infinite error.
        let few = elo_from_wdl(&Wdl::new(1, 0, 1)).expect("games");
        assert!(close(few.elo, 190.848_501_887_865, 1e-9));
        assert_eq!(few.error95, f64::INFINITY);

        let penta_won = elo_from_pentanomial(&Pentanomial([0, 0, 0, 0, 5])).expect("pairs");
        assert_eq!(penta_won.elo, f64::INFINITY);
        assert_eq!(penta_won.error95, f64::INFINITY);
        assert_eq!(penta_won.los, 1.0);
        let penta_even = elo_from_pentanomial(&Pentanomial([0, 0, 7, 0, 0])).expect("pairs");
        assert_eq!(
            penta_even,
            EloEstimate {
                elo: 0.0,
                error95: 0.0,
                los: 0.5,
                draw_ratio: 1.0
            }
        );
    }

    #[test]
    fn symmetric_pentanomial_is_zero_elo() {
        // μ = (20·¼ + 40·½ + 20·¾ + 10·1)/100 = 0.5, so Elo 0 and LOS ½.
        // σ² = (10·¼ + 20·1/16 + 0 + 20·1/16 + 10·¼)/100 = 0.075,
        // se = √(0.075/100) = 0.0273861, interval 0.5 ± 0.0536757
        // → Elo ±37.442, error 37.442.
        let e = elo_from_pentanomial(&Pentanomial([10, 20, 40, 20, 10])).expect("pairs");
        assert_eq!(e.elo, 0.0);
        assert!(close(e.los, 0.5, 1e-15));
        assert!(close(e.error95, 37.442_059_735_357_5, 1e-9), "{e:?}");
        assert!(close(e.draw_ratio, 0.4, 1e-15));
        for sym in [[1, 0, 0, 0, 1], [3, 5, 0, 5, 3], [0, 9, 100, 9, 0]] {
            let e = elo_from_pentanomial(&Pentanomial(sym)).expect("pairs");
            assert_eq!(e.elo, 0.0, "{sym:?}");
            assert!(close(e.los, 0.5, 1e-15), "{sym:?}");
        }
    }

    #[test]
    fn pentanomial_worked_example() {
        // [LL, LD, WL/DD, WD, WW] = [300, 2000, 5000, 2300, 400], 10000 pairs:
        //   μ  = (2000·¼ + 5000·½ + 2300·¾ + 400)/10000 = 0.5125 → Elo 8.6877
        //   σ² = 0.04421875, se = √(σ²/10000) = 0.00210283
        //   error = (elo(0.516621) − elo(0.508379))/2 = 2.8657
        //   LOS = Φ(0.0125/0.00210283) = Φ(5.9444) = 0.9999999986
        let e = elo_from_pentanomial(&Pentanomial([300, 2000, 5000, 2300, 400])).expect("pairs");
        assert!(close(e.elo, 8.687_699_877_294_481, 1e-9), "{e:?}");
        assert!(close(e.error95, 2.865_741_427_094_017, 1e-9), "{e:?}");
        assert!(close(e.los, 0.999_999_998_612_499_4, 1e-12), "{e:?}");
        assert!(close(e.draw_ratio, 0.5, 1e-15));
    }

    proptest! {
        #[test]
        fn statistics_are_finite_for_non_degenerate_counts(
            w in 10u64..10_000, l in 10u64..10_000, d in 10u64..10_000,
        ) {
            let e = elo_from_wdl(&Wdl::new(w, l, d)).expect("games");
            prop_assert!(e.elo.is_finite() && e.error95.is_finite(), "{:?}", e);
            prop_assert!(e.error95 > 0.0);
            prop_assert!((0.0..=1.0).contains(&e.los));
            prop_assert!((0.0..=1.0).contains(&e.draw_ratio));
            // Flipping the point of view negates the Elo and mirrors LOS.
            let f = elo_from_wdl(&Wdl::new(l, w, d)).expect("games");
            prop_assert!((e.elo + f.elo).abs() < 1e-9);
            prop_assert!((e.los + f.los - 1.0).abs() < 1e-12);
        }

        #[test]
        fn pentanomial_statistics_are_finite(
            counts in proptest::array::uniform5(5u64..5_000),
        ) {
            let e = elo_from_pentanomial(&Pentanomial(counts)).expect("pairs");
            prop_assert!(e.elo.is_finite() && e.error95.is_finite(), "{:?}", e);
            prop_assert!(e.error95 > 0.0);
            prop_assert!((0.0..=1.0).contains(&e.los));
            prop_assert!((0.0..=1.0).contains(&e.draw_ratio));
        }

        #[test]
        fn nothing_is_ever_nan(w in 0u64..30, l in 0u64..30, d in 0u64..30) {
            if let Some(e) = elo_from_wdl(&Wdl::new(w, l, d)) {
                prop_assert!(!e.elo.is_nan() && !e.error95.is_nan(), "{:?}", e);
                prop_assert!(!e.los.is_nan() && !e.draw_ratio.is_nan());
                prop_assert!(e.error95 >= 0.0);
            }
            let p = Pentanomial([w, l, d, w / 2, l / 3]);
            if let Some(e) = elo_from_pentanomial(&p) {
                prop_assert!(!e.elo.is_nan() && !e.error95.is_nan(), "{:?}", e);
                prop_assert!(!e.los.is_nan() && !e.draw_ratio.is_nan());
                prop_assert!(e.error95 >= 0.0);
            }
        }
    }
}
