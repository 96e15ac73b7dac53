//! The error function and the standard normal distribution.
//!
//! The statistics need `erf` (likelihood of superiority, cutechess-cli's
//! `Elo::LOS`) and the normal quantile (the 1.96 of a 95 % interval). Rust's
//! standard library has neither. `erf` and `erfc` come from `libm` (the
//! Rust port of musl's, kept by the Rust project), accurate to an ulp or
//! so; `statrs`'s own `erf` was measured off by 5e-11 at 0.5, too coarse to
//! check other code against, so `statrs` is used only for the normal
//! quantile. The tests below check all of them against published values.
//! These wrappers keep the names the statistics use and define the edge
//! cases (NaN, 0 and 1) they rely on.

use statrs::distribution::{ContinuousCDF, Normal};

/// The standard normal distribution, N(0, 1).
fn standard_normal() -> Normal {
    Normal::standard()
}

/// The error function `erf(x) = 2/√π ∫₀ˣ e^{−t²} dt`: odd, tends to ±1 at
/// ±∞, NaN for NaN.
#[must_use]
pub fn erf(x: f64) -> f64 {
    libm::erf(x)
}

/// The complementary error function `erfc(x) = 1 − erf(x)`, computed
/// directly so that it keeps its relative accuracy in the far right tail
/// (where `1 − erf(x)` would round to zero long before `erfc` does).
#[must_use]
pub fn erfc(x: f64) -> f64 {
    libm::erfc(x)
}

/// The standard normal CDF `Φ(x) = ½·erfc(−x/√2)`.
#[must_use]
pub fn normal_cdf(x: f64) -> f64 {
    0.5 * erfc(-x * std::f64::consts::FRAC_1_SQRT_2)
}

/// The standard normal quantile `Φ⁻¹(p)`: the `z` with `Φ(z) = p`.
///
/// Returns −∞ for `p = 0`, +∞ for `p = 1`, and NaN outside `[0, 1]` or for
/// NaN. Used for the `z` of the 95 % interval: `normal_quantile(0.975)` =
/// 1.959963984540054.
#[must_use]
pub fn normal_quantile(p: f64) -> f64 {
    if p.is_nan() || !(0.0..=1.0).contains(&p) {
        return f64::NAN;
    }
    if p == 0.0 {
        return f64::NEG_INFINITY;
    }
    if p == 1.0 {
        return f64::INFINITY;
    }
    standard_normal().inverse_cdf(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reference values from Python's `math.erf`/`math.erfc` (which wrap the
    /// C library) and `statistics.NormalDist().inv_cdf`.
    const ERF_TABLE: [(f64, f64); 8] = [
        (0.0, 0.0),
        (0.1, 0.112_462_916_018_284_9),
        (0.5, 0.520_499_877_813_046_5),
        (1.0, 0.842_700_792_949_714_9),
        (1.5, 0.966_105_146_475_310_7),
        (2.0, 0.995_322_265_018_952_7),
        (3.0, 0.999_977_909_503_001_4),
        (6.0, 1.0),
    ];

    #[test]
    fn erf_matches_reference_values() {
        for (x, want) in ERF_TABLE {
            let got = erf(x);
            assert!((got - want).abs() < 1e-15, "erf({x}) = {got}, want {want}");
            assert!((erf(-x) + want).abs() < 1e-15, "erf is odd at {x}");
        }
    }

    #[test]
    fn erfc_keeps_relative_accuracy_in_the_tail() {
        let cases = [
            (0.3, 0.671_373_240_540_872_8),
            (1.0, 0.157_299_207_050_285_13),
            (5.0, 1.537_459_794_428_035e-12),
            (10.0, 2.088_487_583_762_545e-45),
            (-1.0, 1.842_700_792_949_715),
        ];
        for (x, want) in cases {
            let got = erfc(x);
            let rel = ((got - want) / want).abs();
            assert!(rel < 1e-14, "erfc({x}) = {got}, want {want}");
        }
        assert_eq!(erfc(30.0), 0.0);
        assert_eq!(erf(f64::INFINITY), 1.0);
        assert_eq!(erf(f64::NEG_INFINITY), -1.0);
        assert!(erf(f64::NAN).is_nan());
    }

    #[test]
    fn erf_agrees_with_simpson_integration() {
        // Brute force: 2/√π ∫₀ˣ e^{−t²} dt by composite Simpson's rule.
        let steps = 2_000;
        for x in [0.2, 0.46875, 0.7, 1.3, 2.5, 3.9, 4.2] {
            let h = x / f64::from(steps);
            let f = |t: f64| (-t * t).exp();
            let mut sum = f(0.0) + f(x);
            for i in 1..steps {
                let weight = if i % 2 == 1 { 4.0 } else { 2.0 };
                sum += weight * f(f64::from(i) * h);
            }
            let integral = sum * h / 3.0 * 2.0 / std::f64::consts::PI.sqrt();
            assert!((erf(x) - integral).abs() < 1e-12, "erf({x})");
        }
    }

    #[test]
    fn normal_quantile_matches_reference_values() {
        let cases = [
            (0.5, 0.0),
            (0.975, 1.959_963_984_540_054),
            (0.025, -1.959_963_984_540_054),
            (0.841_344_746_068_543, 1.0),
            (0.001, -3.090_232_306_167_813),
            (0.9999, 3.719_016_485_455_708_4),
            (1e-10, -6.361_340_902_404_056),
        ];
        for (p, want) in cases {
            let got = normal_quantile(p);
            assert!((got - want).abs() < 1e-12, "Φ⁻¹({p}) = {got}, want {want}");
        }
        assert_eq!(normal_quantile(0.0), f64::NEG_INFINITY);
        assert_eq!(normal_quantile(1.0), f64::INFINITY);
        assert!(normal_quantile(1.5).is_nan());
        assert!(normal_quantile(f64::NAN).is_nan());
    }

    #[test]
    fn normal_quantile_inverts_the_cdf() {
        for i in 1..100 {
            let p = f64::from(i) / 100.0;
            let back = normal_cdf(normal_quantile(p));
            assert!((back - p).abs() < 1e-15, "Φ(Φ⁻¹({p})) = {back}");
        }
    }
}
