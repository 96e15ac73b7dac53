//! The error function and the standard normal distribution.
//!
//! The statistics need `erf` (likelihood of superiority, cutechess-cli's
//! `Elo::LOS`) and the normal quantile (the 1.96 of a 95 % interval). Rust's
//! standard library has neither, and the crate takes no dependency for two
//! functions, so both are implemented here from published approximations:
//!
//! - [`erf`] / [`erfc`]: W. J. Cody, "Rational Chebyshev approximations for
//!   the error function", *Mathematics of Computation* 23 (1969) 631–637,
//!   with the coefficient sets of his SPECFUN routine `CALERF` (Netlib).
//!   Relative error below about 1e-15 over the whole real line; it is better
//!   than Abramowitz–Stegun 7.1.26 (absolute error 1.5e-7), which would be
//!   enough for printing but not for checking other code against it.
//! - [`normal_quantile`]: Peter J. Acklam's rational approximation of the
//!   inverse normal CDF (relative error 1.15e-9), polished by one step of
//!   Halley's method against [`erfc`], as Acklam recommends, which brings it
//!   to full double precision.

// Cody's and Acklam's coefficients are kept at their published precision
// (sometimes a digit more than an f64 holds) so they can be compared with the
// papers digit by digit; the compiler rounds them to the nearest f64.
#![allow(clippy::excessive_precision)]

use std::f64::consts::{FRAC_1_SQRT_2, PI};

/// 1/√π, the leading term of erfc's asymptotic expansion (Cody's `SQRPI`).
const FRAC_1_SQRT_PI: f64 = 5.641_895_835_477_562_869_5e-1;

/// Cody's first interval: `erf` itself is approximated for `|x| ≤ 0.46875`.
const ERF_DIRECT_LIMIT: f64 = 0.46875;

/// Cody's second interval ends here; beyond it the asymptotic form in `1/x²`
/// is used.
const ERFC_RATIONAL_LIMIT: f64 = 4.0;

/// Past this, `erfc(x)` underflows to zero in double precision (Cody's
/// `XBIG`).
const ERFC_UNDERFLOW: f64 = 26.543;

/// Cody splits `x²` as `s² + (x−s)(x+s)` with `s` rounded to sixteenths, so
/// that `exp(−x²)` loses no accuracy to the rounding of `x²`.
const EXP_SPLIT_STEPS: f64 = 16.0;

/// Numerator of `erf(x)/x` as a polynomial in `x²` (Cody's `A`), for
/// `|x| ≤ 0.46875`. The last entry is the highest-order coefficient.
const ERF_A: [f64; 5] = [
    3.16112374387056560e0,
    1.13864154151050156e2,
    3.77485237685302021e2,
    3.20937758913846947e3,
    1.85777706184603153e-1,
];

/// Denominator matching [`ERF_A`] (Cody's `B`, monic).
const ERF_B: [f64; 4] = [
    2.36012909523441209e1,
    2.44024637934444173e2,
    1.28261652607737228e3,
    2.84423683343917062e3,
];

/// Numerator of `erfc(x)·exp(x²)` as a polynomial in `x` (Cody's `C`), for
/// `0.46875 < x ≤ 4`.
const ERFC_C: [f64; 9] = [
    5.64188496988670089e-1,
    8.88314979438837594e0,
    6.61191906371416295e1,
    2.98635138197400131e2,
    8.81952221241769090e2,
    1.71204761263407058e3,
    2.05107837782607147e3,
    1.23033935479799725e3,
    2.15311535474403846e-8,
];

/// Denominator matching [`ERFC_C`] (Cody's `D`, monic).
const ERFC_D: [f64; 8] = [
    1.57449261107098347e1,
    1.17693950891312499e2,
    5.37181101862009858e2,
    1.62138957456669019e3,
    3.29079923573345963e3,
    4.36261909014324716e3,
    3.43936767414372164e3,
    1.23033935480374942e3,
];

/// Numerator of the asymptotic correction in `1/x²` (Cody's `P`), for
/// `x > 4`.
const ERFC_P: [f64; 6] = [
    3.05326634961232344e-1,
    3.60344899949804439e-1,
    1.25781726111229246e-1,
    1.60837851487422766e-2,
    6.58749161529837803e-4,
    1.63153871373020978e-2,
];

/// Denominator matching [`ERFC_P`] (Cody's `Q`, monic).
const ERFC_Q: [f64; 5] = [
    2.56852019228982242e0,
    1.87295284992346047e0,
    5.27905102951428412e-1,
    6.05183413124413191e-2,
    2.33520497626869185e-3,
];

/// Acklam's central-region numerator `a₁..a₆`.
const ACKLAM_A: [f64; 6] = [
    -3.969683028665376e+01,
    2.209460984245205e+02,
    -2.759285104469687e+02,
    1.383577518672690e+02,
    -3.066479806614716e+01,
    2.506628277459239e+00,
];

/// Acklam's central-region denominator `b₁..b₅` (the constant term is 1).
const ACKLAM_B: [f64; 5] = [
    -5.447609879822406e+01,
    1.615858368580409e+02,
    -1.556989798598866e+02,
    6.680131188771972e+01,
    -1.328068155288572e+01,
];

/// Acklam's tail numerator `c₁..c₆`.
const ACKLAM_C: [f64; 6] = [
    -7.784894002430293e-03,
    -3.223964580411365e-01,
    -2.400758277161838e+00,
    -2.549732539343734e+00,
    4.374664141464968e+00,
    2.938163982698783e+00,
];

/// Acklam's tail denominator `d₁..d₄` (the constant term is 1).
const ACKLAM_D: [f64; 4] = [
    7.784695709041462e-03,
    3.224671290700398e-01,
    2.445134137142996e+00,
    3.754408661907416e+00,
];

/// Below this probability (and above its complement) Acklam switches from
/// the central rational function to the tail one.
const ACKLAM_TAIL: f64 = 0.02425;

/// The error function `erf(x) = 2/√π ∫₀ˣ e^{−t²} dt`.
///
/// Cody's rational Chebyshev approximation (see the module docs). `erf` is
/// odd, tends to ±1 at ±∞, and returns NaN for NaN.
#[must_use]
pub fn erf(x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    let y = x.abs();
    if y <= ERF_DIRECT_LIMIT {
        x * erf_over_x(y * y)
    } else {
        // 1 − erfc loses nothing here: erfc(0.46875) ≈ 0.5.
        (1.0 - erfc_positive(y)).copysign(x)
    }
}

/// The complementary error function `erfc(x) = 1 − erf(x)`, computed
/// directly so that it keeps its relative accuracy in the far right tail
/// (where `1 − erf(x)` would round to zero long before `erfc` does).
#[must_use]
pub fn erfc(x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    let y = x.abs();
    if y <= ERF_DIRECT_LIMIT {
        1.0 - x * erf_over_x(y * y)
    } else if x < 0.0 {
        2.0 - erfc_positive(y)
    } else {
        erfc_positive(y)
    }
}

/// The standard normal CDF `Φ(x) = ½·erfc(−x/√2)`.
#[must_use]
pub fn normal_cdf(x: f64) -> f64 {
    0.5 * erfc(-x * FRAC_1_SQRT_2)
}

/// The standard normal quantile `Φ⁻¹(p)`: the `z` with `Φ(z) = p`.
///
/// Acklam's algorithm plus one Halley refinement step (module docs).
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
    let x = if p < ACKLAM_TAIL {
        acklam_tail(p)
    } else if p <= 1.0 - ACKLAM_TAIL {
        acklam_central(p)
    } else {
        -acklam_tail(1.0 - p)
    };
    // One step of Halley's rational method (third order): e is the error in
    // probability, u = e/φ(x) the Newton step.
    let e = normal_cdf(x) - p;
    let u = e * (2.0 * PI).sqrt() * (x * x / 2.0).exp();
    let refined = x - u / (1.0 + x * u / 2.0);
    if refined.is_finite() { refined } else { x }
}

/// `erf(x)/x` for `x² = ysq ≤ 0.46875²` (Cody's first interval).
fn erf_over_x(ysq: f64) -> f64 {
    let mut num = ERF_A[4] * ysq;
    let mut den = ysq;
    for (a, b) in ERF_A.iter().zip(ERF_B.iter()).take(3) {
        num = (num + a) * ysq;
        den = (den + b) * ysq;
    }
    (num + ERF_A[3]) / (den + ERF_B[3])
}

/// `erfc(y)` for `y > 0.46875` (Cody's second and third intervals).
fn erfc_positive(y: f64) -> f64 {
    if y >= ERFC_UNDERFLOW {
        return 0.0;
    }
    let scaled = if y <= ERFC_RATIONAL_LIMIT {
        let mut num = ERFC_C[8] * y;
        let mut den = y;
        for (c, d) in ERFC_C.iter().zip(ERFC_D.iter()).take(7) {
            num = (num + c) * y;
            den = (den + d) * y;
        }
        (num + ERFC_C[7]) / (den + ERFC_D[7])
    } else {
        let z = 1.0 / (y * y);
        let mut num = ERFC_P[5] * z;
        let mut den = z;
        for (p, q) in ERFC_P.iter().zip(ERFC_Q.iter()).take(4) {
            num = (num + p) * z;
            den = (den + q) * z;
        }
        let correction = z * (num + ERFC_P[4]) / (den + ERFC_Q[4]);
        (FRAC_1_SQRT_PI - correction) / y
    };
    scaled * exp_neg_square(y)
}

/// `exp(−y²)` without the rounding error of forming `y²` (Cody's split).
fn exp_neg_square(y: f64) -> f64 {
    let s = (y * EXP_SPLIT_STEPS).trunc() / EXP_SPLIT_STEPS;
    let del = (y - s) * (y + s);
    (-s * s).exp() * (-del).exp()
}

/// Acklam's central region, `ACKLAM_TAIL ≤ p ≤ 1 − ACKLAM_TAIL`.
fn acklam_central(p: f64) -> f64 {
    let q = p - 0.5;
    let r = q * q;
    let num = ACKLAM_A.iter().fold(0.0, |acc, a| acc * r + a);
    let den = ACKLAM_B.iter().fold(0.0, |acc, b| acc * r + b) * r + 1.0;
    num * q / den
}

/// Acklam's lower tail, `0 < p < ACKLAM_TAIL` (the upper tail is its
/// mirror image).
fn acklam_tail(p: f64) -> f64 {
    let q = (-2.0 * p.ln()).sqrt();
    let num = ACKLAM_C.iter().fold(0.0, |acc, c| acc * q + c);
    let den = ACKLAM_D.iter().fold(0.0, |acc, d| acc * q + d) * q + 1.0;
    num / den
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
            let integral = sum * h / 3.0 * 2.0 * FRAC_1_SQRT_PI;
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
