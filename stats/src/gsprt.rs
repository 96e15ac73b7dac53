//! The exact generalized SPRT log-likelihood ratio of a multinomial sample,
//! as fastchess computes it.
//!
//! A match reduces to counts `nᵢ` of outcomes with known scores `aᵢ` (0, ½, 1
//! per game, or 0, ¼, ½, ¾, 1 per game pair). The hypotheses constrain only
//! one number of the unknown outcome distribution, so the test compares the
//! best distribution under each hypothesis: for each `Hⱼ` the
//! maximum-likelihood distribution `pⱼ` meeting it, and
//! `LLR = Σ nᵢ · ln(p₁ᵢ / p₀ᵢ)`.
//!
//! - [`logistic_llr`]: `Hⱼ` fixes the mean score `sⱼ`. Michel Van den Bergh,
//!   "Comparing the approximations for the generalized log likelihood ratio
//!   of a multinomial distribution", proposition 1.1: `pᵢ = p̂ᵢ/(1 + θ(aᵢ −
//!   s))`, θ the root of `Σ p̂ᵢ(aᵢ − s)/(1 + θ(aᵢ − s)) = 0`.
//! - [`normalized_llr`]: `Hⱼ` fixes the normalized score `t = (μ − ½)/σ`.
//!   Van den Bergh, "Comments on normalized Elo", section 4.1: the same
//!   form with `φᵢ = aᵢ − ½ − ½·t·σ·(1 + ((aᵢ − μ)/σ)²)` in place of
//!   `aᵢ − s`, μ and σ those of the current estimate, iterated from the
//!   uniform distribution until it stops moving.
//!
//! Empty bins would make the likelihood degenerate (a match whose pairs all
//! fall in one bin has no variance, and the old approximation reported no
//! evidence at all on a 400–0 match); fastchess counts an empty bin as
//! [`EMPTY_BIN`] outcomes, and so does this module.
//!
//! Roots are found by bisection down to adjacent floating-point numbers and
//! the normalized iteration runs until it moves less than
//! [`FIXED_POINT_TOLERANCE`], so the results are the exact maximum of the
//! likelihood. fastchess stops earlier (θ to 10⁻³, at most ten normalized
//! iterations); on its own test cases the two agree to the two decimals it
//! prints.

/// What an empty bin counts as (fastchess's `regularize`).
pub(crate) const EMPTY_BIN: f64 = 1e-3;

/// The normalized iteration stops when no probability moves more than this.
const FIXED_POINT_TOLERANCE: f64 = 1e-13;

/// Bound on the normalized iterations; they converge in a few dozen.
const MAX_FIXED_POINT_ITERATIONS: usize = 10_000;

/// The counts as a distribution, empty bins counted as [`EMPTY_BIN`];
/// returns the regularised total and the probabilities.
pub(crate) fn regularised(counts: &[u64]) -> (f64, Vec<f64>) {
    let filled: Vec<f64> = counts
        .iter()
        .map(|&c| if c == 0 { EMPTY_BIN } else { c as f64 })
        .collect();
    let total: f64 = filled.iter().sum();
    (total, filled.iter().map(|c| c / total).collect())
}

/// The root of the decreasing function `f` on the open interval
/// `(lo, hi)` where it runs from +∞ to −∞, by bisection until the interval
/// cannot be halved any more. The ends themselves are never evaluated.
fn decreasing_root(f: impl Fn(f64) -> f64, mut lo: f64, mut hi: f64) -> f64 {
    loop {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            return mid;
        }
        let value = f(mid);
        if value == 0.0 {
            return mid;
        }
        if value > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
}

/// The maximum-likelihood distribution `p̂ᵢ/(1 + θφᵢ)` for the constraint
/// `Σ pᵢφᵢ = 0`; `None` when every `φᵢ` has the same sign (the constraint
/// cannot be met).
fn tilted(p: &[f64], phi: &[f64]) -> Option<Vec<f64>> {
    let lowest = phi.iter().copied().fold(f64::INFINITY, f64::min);
    let highest = phi.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if lowest >= 0.0 || highest <= 0.0 {
        return None;
    }
    let equation = |theta: f64| -> f64 {
        p.iter()
            .zip(phi)
            .map(|(pi, fi)| pi * fi / (1.0 + theta * fi))
            .sum()
    };
    let theta = decreasing_root(equation, -1.0 / highest, -1.0 / lowest);
    Some(
        p.iter()
            .zip(phi)
            .map(|(pi, fi)| pi / (1.0 + theta * fi))
            .collect(),
    )
}

/// `total · Σ p̂ᵢ ln(p₁ᵢ/p₀ᵢ)`.
fn log_ratio(total: f64, p: &[f64], p0: &[f64], p1: &[f64]) -> f64 {
    total
        * p.iter()
            .zip(p0.iter().zip(p1))
            .map(|(pi, (a, b))| pi * (b.ln() - a.ln()))
            .sum::<f64>()
}

/// The exact GSPRT LLR of H1 "mean score `s1`" against H0 "mean score `s0`"
/// (module docs), `scores` increasing, `s0` and `s1` strictly inside their
/// range.
pub(crate) fn logistic_llr(counts: &[u64], scores: &[f64], s0: f64, s1: f64) -> f64 {
    let (total, p) = regularised(counts);
    let mle = |s: f64| {
        let phi: Vec<f64> = scores.iter().map(|a| a - s).collect();
        tilted(&p, &phi)
    };
    match (mle(s0), mle(s1)) {
        (Some(p0), Some(p1)) => log_ratio(total, &p, &p0, &p1),
        // A mean outside the possible scores: the hypothesis is impossible.
        _ => f64::NAN,
    }
}

/// The maximum-likelihood distribution with `(μ − ½)/σ = t` (module docs).
fn normalized_mle(p: &[f64], scores: &[f64], t: f64) -> Vec<f64> {
    let mut q = vec![1.0 / scores.len() as f64; scores.len()];
    for _ in 0..MAX_FIXED_POINT_ITERATIONS {
        let mean: f64 = q.iter().zip(scores).map(|(qi, a)| qi * a).sum();
        let variance: f64 = q
            .iter()
            .zip(scores)
            .map(|(qi, a)| qi * (a - mean) * (a - mean))
            .sum();
        let sigma = variance.sqrt();
        let phi: Vec<f64> = scores
            .iter()
            .map(|a| {
                let z = (a - mean) / sigma;
                a - super::elo::EVEN_SCORE - 0.5 * t * sigma * (1.0 + z * z)
            })
            .collect();
        // A t beyond what any distribution on these scores reaches: keep
        // the closest estimate found.
        let Some(next) = tilted(p, &phi) else {
            break;
        };
        let moved = next
            .iter()
            .zip(&q)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        q = next;
        if moved < FIXED_POINT_TOLERANCE {
            break;
        }
    }
    q
}

/// The exact GSPRT LLR of H1 "normalized score `t1`" against H0 "`t0`"
/// (module docs), `scores` increasing from 0 to 1.
pub(crate) fn normalized_llr(counts: &[u64], scores: &[f64], t0: f64, t1: f64) -> f64 {
    let (total, p) = regularised(counts);
    let p0 = normalized_mle(&p, scores, t0);
    let p1 = normalized_mle(&p, scores, t1);
    log_ratio(total, &p, &p0, &p1)
}
