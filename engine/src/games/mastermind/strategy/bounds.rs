//! Cheap numbers about a set of codes still possible, before any search:
//! a lower bound on the guesses it needs, and an estimate to rank guesses.
//!
//! Costs are totals: `T(S)` is the sum, over the codes of `S`, of the
//! guesses still needed (the next one included) to get the all-bulls
//! answer. The expected number of guesses is `T(S) / |S|`.

/// Weight of the logarithm in [`Bounds::estimate`]: bulls and cows need
/// about `1 + 0.5 ln n` guesses for `n` codes (5.2 for 5,040).
const ESTIMATE_LOG_WEIGHT: f64 = 0.5;

/// Lower bounds and estimates of `T` for sets of every size.
#[derive(Clone, Debug)]
pub struct Bounds {
    /// `lower[n]`: no strategy needs fewer guesses in all for `n` codes.
    lower: Vec<u32>,
    /// `estimate[n]`: about what a good strategy needs for `n` codes.
    estimate: Vec<f64>,
    /// How many answers other than the win one guess can get.
    pub branches: u32,
}

impl Bounds {
    /// The bounds for sets of up to `max` codes, where a guess gets one of
    /// `possible_answers` answers.
    #[must_use]
    pub fn new(max: usize, possible_answers: usize) -> Self {
        let branches = u32::try_from(possible_answers.saturating_sub(1).max(1)).unwrap_or(1);
        // A guess solves at most one code now and splits the others into at
        // most `branches` parts, so at most branches^(k-1) codes are solved
        // by the k-th guess: the cheapest total fills those levels in turn.
        let mut lower = Vec::with_capacity(max + 1);
        let (mut level, mut capacity, mut filled, mut total) = (1u32, 1u64, 0u64, 0u32);
        lower.push(0);
        for _ in 1..=max {
            if filled == capacity {
                level += 1;
                capacity = capacity.saturating_mul(u64::from(branches));
                filled = 0;
            }
            filled += 1;
            total += level;
            lower.push(total);
        }
        let estimate = (0..=max)
            .map(|n| match n {
                0 => 0.0,
                1 => 1.0,
                2 => 3.0,
                _ => n as f64 * (1.0 + ESTIMATE_LOG_WEIGHT * (n as f64).ln()),
            })
            .collect();
        Self {
            lower,
            estimate,
            branches,
        }
    }

    /// A lower bound on `T` for `n` codes.
    #[inline]
    #[must_use]
    pub fn lower(&self, n: usize) -> u32 {
        self.lower[n]
    }

    /// An estimate of `T` for `n` codes.
    #[inline]
    #[must_use]
    pub fn estimate(&self, n: usize) -> f64 {
        self.estimate[n]
    }

    /// How many codes `guesses` guesses can tell apart and solve at most.
    #[must_use]
    pub fn capacity(&self, guesses: u32) -> u64 {
        (0..guesses)
            .fold((0u64, 1u64), |(sum, level), _| {
                (
                    sum.saturating_add(level),
                    level.saturating_mul(u64::from(self.branches)),
                )
            })
            .0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lower_bounds_fill_the_levels() {
        let b = Bounds::new(200, 14);
        assert_eq!(b.lower(1), 1);
        // One at guess 1, twelve more at guess 2: 1 + 2 × 12.
        assert_eq!(b.lower(13), 25);
        // Thirteen at guess 2 fit, the fifteenth code needs a third guess.
        assert_eq!(b.lower(14), 27);
        assert_eq!(b.lower(15), 30);
        assert_eq!(b.capacity(1), 1);
        assert_eq!(b.capacity(2), 14);
        assert_eq!(b.capacity(3), 14 + 169);
    }
}
