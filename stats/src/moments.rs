//! Mean and variance of a score that takes a few known values.
//!
//! Both the Elo estimate and the SPRT reduce a match to a sample of scores
//! that can only take a handful of values: 0, ½, 1 per game (trinomial), or
//! 0, ¼, ½, ¾, 1 per game pair (pentanomial). From the counts of each value
//! they need the sample size, the mean and the variance; computing those in
//! one place keeps the two in agreement.
//!
//! The variance is the population variance (divided by `N`, not `N − 1`),
//! as in cutechess-cli's `Elo` class and fastchess's `EloWDL` /
//! `EloPentanomial`: with thousands of games the difference is invisible,
//! and matching them keeps the printed numbers identical.

/// Sample size, mean and variance of a discrete score distribution.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Moments {
    /// Number of samples (games or game pairs).
    pub samples: f64,
    /// Mean score per sample.
    pub mean: f64,
    /// Population variance of the score per sample.
    pub variance: f64,
    /// How many distinct values were seen at least once.
    pub kinds: usize,
}

impl Moments {
    /// Computes the moments of a sample where `values[i]` occurred
    /// `counts[i]` times; `None` for an empty sample.
    pub(crate) fn of(counts: &[u64], values: &[f64]) -> Option<Self> {
        let total: u64 = counts.iter().sum();
        if total == 0 {
            return None;
        }
        let samples = total as f64;
        let pairs = || counts.iter().zip(values.iter());
        let mean = pairs().map(|(&n, &x)| n as f64 * x).sum::<f64>() / samples;
        let variance = pairs()
            .map(|(&n, &x)| n as f64 * (x - mean) * (x - mean))
            .sum::<f64>()
            / samples;
        let kinds = counts.iter().filter(|&&n| n > 0).count();
        Some(Self {
            samples,
            mean,
            variance,
            kinds,
        })
    }

    /// Standard error of the mean, `√(σ²/N)`.
    pub(crate) fn standard_error(&self) -> f64 {
        (self.variance / self.samples).sqrt()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_sample_has_no_moments() {
        assert_eq!(Moments::of(&[0, 0, 0], &[0.0, 0.5, 1.0]), None);
    }

    #[test]
    fn moments_match_an_explicit_list() {
        let counts = [3, 1, 4];
        let values = [0.0, 0.5, 1.0];
        let m = Moments::of(&counts, &values).expect("non-empty");
        let list = [0.0, 0.0, 0.0, 0.5, 1.0, 1.0, 1.0, 1.0];
        let mean = list.iter().sum::<f64>() / 8.0;
        let var = list.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / 8.0;
        assert_eq!(m.samples, 8.0);
        assert!((m.mean - mean).abs() < 1e-15);
        assert!((m.variance - var).abs() < 1e-15);
        assert_eq!(m.kinds, 3);
        assert!((m.standard_error() - (var / 8.0).sqrt()).abs() < 1e-15);
    }
}
