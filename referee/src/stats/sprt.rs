//! Sequential probability ratio test: stop a match as soon as the data
//! decides between "the change is worth `elo0`" (H0) and "it is worth
//! `elo1`" (H1).
//!
//! A fixed number of games either wastes time on clear cases or decides too
//! early on close ones. Wald's SPRT plays until the log-likelihood ratio
//! (LLR) of H1 against H0 leaves the interval `(ln(β/(1−α)), ln((1−β)/α))`,
//! which bounds the false-positive rate by α and the false-negative rate by
//! β whatever the match length.
//!
//! The hypotheses are about the *logistic* Elo difference (fastchess's
//! default `logistic` model, cutechess-cli's and Fishtest's old default):
//! `s_i = 1 / (1 + 10^(−elo_i/400))` is the expected score under H_i. The
//! score distribution is otherwise unknown, which makes this a generalized
//! SPRT; Michel Van den Bergh ("GSPRT approximation", Fishtest notes, and
//! "Comments on Normalized Elo") shows that for small Elo differences its
//! LLR is, to second order,
//!
//! ```text
//! LLR ≈ N · (s1 − s0) · (2μ − s0 − s1) / (2σ²)
//! ```
//!
//! where `N` is the number of independent samples and `μ`, `σ²` are the
//! mean and (population) variance of their scores. For game pairs
//! ([`Sprt::llr_pentanomial`]) a sample is a pair, scored 0, ¼, ½, ¾ or 1;
//! without pairs ([`Sprt::llr_trinomial`]) it is a game, scored 0, ½ or 1.
//! fastchess maximises the likelihood exactly (Van den Bergh's
//! proposition 1.1, solved by root finding); the approximation needs no
//! iteration and differs from that by about 0.1–0.2 % of the LLR when the
//! observed Elo is near `elo0`/`elo1`, where the decision is made, and by
//! about 1 % when it is 30 Elo or more away, where the test stops quickly
//! either way (tested below).

use std::fmt;

use super::elo::score_from_elo;
use super::moments::Moments;
use super::pentanomial::Pentanomial;
use super::wdl::Wdl;

/// Fewer distinct outcomes than this and the sample has no variance to speak
/// of, so the LLR is reported as 0 ("no evidence yet").
const MIN_OUTCOME_KINDS: usize = 2;

/// Why SPRT parameters were refused.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum SprtError {
    /// `elo0` or `elo1` is infinite or NaN.
    #[error("SPRT: elo0 ({elo0}) and elo1 ({elo1}) must be finite numbers")]
    NonFiniteElo {
        /// The H0 Elo given.
        elo0: f64,
        /// The H1 Elo given.
        elo1: f64,
    },
    /// `elo0 ≥ elo1`: the hypotheses must be ordered.
    #[error("SPRT: elo0 ({elo0}) must be less than elo1 ({elo1})")]
    EloOrder {
        /// The H0 Elo given.
        elo0: f64,
        /// The H1 Elo given.
        elo1: f64,
    },
    /// `alpha` is not strictly between 0 and 1.
    #[error("SPRT: alpha ({0}) must lie strictly between 0 and 1")]
    Alpha(f64),
    /// `beta` is not strictly between 0 and 1.
    #[error("SPRT: beta ({0}) must lie strictly between 0 and 1")]
    Beta(f64),
    /// `alpha + beta ≥ 1`: the lower bound would not be below the upper.
    #[error("SPRT: alpha ({alpha}) + beta ({beta}) must be less than 1")]
    AlphaBetaSum {
        /// The false-positive rate given.
        alpha: f64,
        /// The false-negative rate given.
        beta: f64,
    },
}

/// What the test says after the games so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SprtDecision {
    /// The LLR is still between the bounds: play on.
    Continue,
    /// The LLR reached the lower bound: the change is not worth `elo1`.
    AcceptH0,
    /// The LLR reached the upper bound: the change is worth `elo1`.
    AcceptH1,
}

impl SprtDecision {
    /// Whether the match should stop.
    #[must_use]
    pub const fn is_final(self) -> bool {
        !matches!(self, Self::Continue)
    }
}

/// cutechess-cli's wording: `H0 was accepted`, `H1 was accepted`; and
/// `continue` while undecided.
impl fmt::Display for SprtDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Continue => "continue",
            Self::AcceptH0 => "H0 was accepted",
            Self::AcceptH1 => "H1 was accepted",
        })
    }
}

/// The parameters of an SPRT, as given by `-sprt elo0=… elo1=… alpha=…
/// beta=…`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Logistic Elo difference under H0.
    pub elo0: f64,
    /// Logistic Elo difference under H1 (greater than `elo0`).
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds.
    pub beta: f64,
}

impl Sprt {
    /// Checks and builds the parameters: finite `elo0 < elo1`, `alpha` and
    /// `beta` in (0, 1), and `alpha + beta < 1` (fastchess's checks).
    ///
    /// # Errors
    /// The first condition that fails, as a [`SprtError`].
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Self, SprtError> {
        let open_unit = |x: f64| x > 0.0 && x < 1.0;
        if !elo0.is_finite() || !elo1.is_finite() {
            return Err(SprtError::NonFiniteElo { elo0, elo1 });
        }
        if elo0 >= elo1 {
            return Err(SprtError::EloOrder { elo0, elo1 });
        }
        if !open_unit(alpha) {
            return Err(SprtError::Alpha(alpha));
        }
        if !open_unit(beta) {
            return Err(SprtError::Beta(beta));
        }
        if alpha + beta >= 1.0 {
            return Err(SprtError::AlphaBetaSum { alpha, beta });
        }
        Ok(Self {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// Wald's stopping bounds on the LLR, `(ln(β/(1−α)), ln((1−β)/α))`;
    /// ±2.944 (= ±ln 19) for α = β = 0.05.
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        let lower = (self.beta / (1.0 - self.alpha)).ln();
        let upper = ((1.0 - self.beta) / self.alpha).ln();
        (lower, upper)
    }

    /// The LLR from game pairs (module docs): samples are pairs, scored 0,
    /// ¼, ½, ¾, 1. Returns 0 when fewer than two kinds of pair have been seen
    /// or the scores have no variance.
    #[must_use]
    pub fn llr_pentanomial(&self, pentanomial: &Pentanomial) -> f64 {
        self.llr(pentanomial.moments())
    }

    /// The LLR from independent games (module docs), for matches without
    /// game pairs: samples are games, scored 0, ½, 1. Returns 0 when fewer
    /// than two kinds of result have been seen.
    #[must_use]
    pub fn llr_trinomial(&self, wdl: &Wdl) -> f64 {
        self.llr(wdl.moments())
    }

    /// `H1` once `llr ≥ upper`, `H0` once `llr ≤ lower`, otherwise continue
    /// (a NaN LLR never stops the match).
    #[must_use]
    pub fn decision(&self, llr: f64) -> SprtDecision {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtDecision::AcceptH1
        } else if llr <= lower {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }

    /// The line fastchess prints, `LLR: 2.95 (-2.94, 2.94) [0.00, 5.00]`:
    /// the LLR, then the (lower, upper) bounds, then [elo0, elo1], each
    /// with two decimals (fastchess's `SPRT::getBounds` / `getElo` with
    /// `std::setprecision(2)`).
    #[must_use]
    pub fn llr_line(&self, llr: f64) -> String {
        let (lower, upper) = self.bounds();
        format!(
            "LLR: {llr:.2} ({lower:.2}, {upper:.2}) [{:.2}, {:.2}]",
            self.elo0, self.elo1
        )
    }

    /// Van den Bergh's approximation, `N(s1 − s0)(2μ − s0 − s1)/(2σ²)`.
    fn llr(&self, moments: Option<Moments>) -> f64 {
        let Some(m) = moments else {
            return 0.0;
        };
        if m.kinds < MIN_OUTCOME_KINDS || m.variance <= 0.0 {
            return 0.0;
        }
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        m.samples * (s1 - s0) * (2.0 * m.mean - s0 - s1) / (2.0 * m.variance)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::pentanomial::PAIR_SCORES;
    use crate::stats::wdl::GAME_SCORES;

    fn standard() -> Sprt {
        Sprt::new(0.0, 5.0, 0.05, 0.05).expect("valid parameters")
    }

    /// The exact GSPRT LLR (Van den Bergh, "Comments on Normalized Elo",
    /// proposition 1.1, as fastchess computes it): the maximum-likelihood
    /// distribution with mean `s` is `p̂ᵢ/(1 + θ(aᵢ − s))`, θ solving
    /// `Σ p̂ᵢ(aᵢ − s)/(1 + θ(aᵢ − s)) = 0`; here θ is found by bisection.
    fn exact_llr(counts: &[u64], scores: &[f64], sprt: &Sprt) -> f64 {
        let n: u64 = counts.iter().sum();
        let p: Vec<f64> = counts.iter().map(|&c| c as f64 / n as f64).collect();
        let mle = |s: f64| -> Vec<f64> {
            let first = scores[0];
            let last = scores[scores.len() - 1];
            let (mut lo, mut hi) = (-1.0 / (last - s), -1.0 / (first - s));
            let f = |theta: f64| -> f64 {
                p.iter()
                    .zip(scores)
                    .map(|(pi, a)| pi * (a - s) / (1.0 + theta * (a - s)))
                    .sum()
            };
            for _ in 0..200 {
                let mid = (lo + hi) / 2.0;
                if f(mid) > 0.0 { lo = mid } else { hi = mid }
            }
            let theta = (lo + hi) / 2.0;
            p.iter()
                .zip(scores)
                .map(|(pi, a)| pi / (1.0 + theta * (a - s)))
                .collect()
        };
        let p0 = mle(score_from_elo(sprt.elo0));
        let p1 = mle(score_from_elo(sprt.elo1));
        n as f64
            * p.iter()
                .zip(p0.iter().zip(&p1))
                .filter(|(pi, _)| **pi > 0.0)
                .map(|(pi, (a, b))| pi * (b.ln() - a.ln()))
                .sum::<f64>()
    }

    #[test]
    fn bounds_for_five_percent_are_ln_19() {
        let (lower, upper) = standard().bounds();
        let ln19 = 19f64.ln();
        assert!((upper - ln19).abs() < 1e-12 && (lower + ln19).abs() < 1e-12);
        assert!((upper - 2.944).abs() < 5e-4);
        // Asymmetric: α = 0.05, β = 0.1 → (ln(0.1/0.95), ln(0.9/0.05)).
        let (lo, hi) = Sprt::new(0.0, 5.0, 0.05, 0.1).expect("valid").bounds();
        assert!((lo - (0.1f64 / 0.95).ln()).abs() < 1e-12);
        assert!((hi - 18f64.ln()).abs() < 1e-12);
    }

    #[test]
    fn bad_parameters_are_refused() {
        assert_eq!(
            Sprt::new(5.0, 5.0, 0.05, 0.05),
            Err(SprtError::EloOrder {
                elo0: 5.0,
                elo1: 5.0
            })
        );
        assert_eq!(
            Sprt::new(5.0, 0.0, 0.05, 0.05),
            Err(SprtError::EloOrder {
                elo0: 5.0,
                elo1: 0.0
            })
        );
        assert_eq!(Sprt::new(0.0, 5.0, 0.0, 0.05), Err(SprtError::Alpha(0.0)));
        assert_eq!(Sprt::new(0.0, 5.0, 1.0, 0.05), Err(SprtError::Alpha(1.0)));
        assert_eq!(Sprt::new(0.0, 5.0, 0.05, 0.0), Err(SprtError::Beta(0.0)));
        assert_eq!(Sprt::new(0.0, 5.0, 0.05, -0.1), Err(SprtError::Beta(-0.1)));
        assert_eq!(
            Sprt::new(0.0, 5.0, 0.5, 0.5),
            Err(SprtError::AlphaBetaSum {
                alpha: 0.5,
                beta: 0.5
            })
        );
        assert!(matches!(
            Sprt::new(f64::NAN, 5.0, 0.05, 0.05),
            Err(SprtError::NonFiniteElo { .. })
        ));
        assert!(matches!(
            Sprt::new(0.0, 5.0, f64::NAN, 0.05),
            Err(SprtError::Alpha(_))
        ));
        assert_eq!(
            Sprt::new(0.0, 5.0, 0.5, 0.5)
                .err()
                .map(|e| e.to_string())
                .as_deref(),
            Some("SPRT: alpha (0.5) + beta (0.5) must be less than 1")
        );
    }

    #[test]
    fn decision_at_the_bounds() {
        let sprt = standard();
        let (lower, upper) = sprt.bounds();
        assert_eq!(sprt.decision(upper), SprtDecision::AcceptH1);
        assert_eq!(sprt.decision(upper + 1.0), SprtDecision::AcceptH1);
        assert_eq!(sprt.decision(lower), SprtDecision::AcceptH0);
        assert_eq!(sprt.decision(lower - 1.0), SprtDecision::AcceptH0);
        assert_eq!(sprt.decision(upper - 1e-9), SprtDecision::Continue);
        assert_eq!(sprt.decision(lower + 1e-9), SprtDecision::Continue);
        assert_eq!(sprt.decision(0.0), SprtDecision::Continue);
        assert_eq!(sprt.decision(f64::NAN), SprtDecision::Continue);
        assert!(SprtDecision::AcceptH0.is_final() && !SprtDecision::Continue.is_final());
        assert_eq!(SprtDecision::AcceptH1.to_string(), "H1 was accepted");
    }

    #[test]
    fn llr_line_format() {
        assert_eq!(
            standard().llr_line(2.951),
            "LLR: 2.95 (-2.94, 2.94) [0.00, 5.00]"
        );
        let sprt = Sprt::new(-1.5, 3.25, 0.05, 0.1).expect("valid");
        assert_eq!(
            sprt.llr_line(-0.5),
            "LLR: -0.50 (-2.25, 2.89) [-1.50, 3.25]"
        );
    }

    #[test]
    fn llr_is_zero_without_evidence() {
        let sprt = standard();
        assert_eq!(sprt.llr_pentanomial(&Pentanomial::default()), 0.0);
        assert_eq!(sprt.llr_pentanomial(&Pentanomial([0, 0, 12, 0, 0])), 0.0);
        assert_eq!(sprt.llr_pentanomial(&Pentanomial([0, 0, 0, 0, 3])), 0.0);
        assert_eq!(sprt.llr_trinomial(&Wdl::default()), 0.0);
        assert_eq!(sprt.llr_trinomial(&Wdl::new(9, 0, 0)), 0.0);
    }

    #[test]
    fn llr_pentanomial_worked_example() {
        // [300, 2000, 5000, 2300, 400], 10000 pairs, H0: 0 Elo, H1: 5 Elo.
        //   s0 = 0.5, s1 = 1/(1 + 10^(−5/400)) = 0.5071947
        //   μ  = 0.5125, σ² = 0.04421875
        //   LLR = 10000 · 0.0071947 · (1.025 − 1.0071947) / (2 · 0.04421875)
        //       = 14.4857
        let counts = [300, 2000, 5000, 2300, 400];
        let sprt = standard();
        let llr = sprt.llr_pentanomial(&Pentanomial(counts));
        assert!((llr - 14.485_692_373_298_43).abs() < 1e-9, "{llr}");
        // Within 0.5 % of the exact GSPRT LLR fastchess computes (14.4572).
        let exact = exact_llr(&counts, &PAIR_SCORES, &sprt);
        assert!((llr - exact).abs() / exact < 5e-3, "{llr} vs {exact}");
        // A small, close match: 0.52236 against exactly 0.52231.
        let small = [5, 80, 200, 90, 8];
        let llr = sprt.llr_pentanomial(&Pentanomial(small));
        let exact = exact_llr(&small, &PAIR_SCORES, &sprt);
        assert!((llr - 0.522_356_808_977_761_4).abs() < 1e-9, "{llr}");
        assert!((llr - exact).abs() < 1e-3, "{llr} vs {exact}");
    }

    #[test]
    fn llr_trinomial_worked_example() {
        // W=100, L=80, D=20: μ = 0.55, σ² = 0.2225, N = 200 games;
        // LLR = 200 · 0.0071947 · (1.1 − 1.0071947)/(2 · 0.2225) = 0.300107.
        let sprt = standard();
        let wdl = Wdl::new(100, 80, 20);
        let llr = sprt.llr_trinomial(&wdl);
        assert!((llr - 0.300_107_402_294_474_47).abs() < 1e-9, "{llr}");
        // 35 Elo away from the hypotheses the second-order approximation is
        // off by 1.1 % (exactly 0.29682)…
        let exact = exact_llr(&[80, 20, 100], &GAME_SCORES, &sprt);
        assert!((llr - exact).abs() / exact < 2e-2, "{llr} vs {exact}");
        // …and near them by 0.1 %: W=4300, L=4000, D=2000 gives 4.03813
        // against exactly 4.03433.
        let near = Wdl::new(4300, 4000, 2000);
        let llr = sprt.llr_trinomial(&near);
        let exact = exact_llr(&[4000, 2000, 4300], &GAME_SCORES, &sprt);
        assert!((llr - 4.038_132_601_205_562).abs() < 1e-9, "{llr}");
        assert!((llr - exact).abs() / exact < 2e-3, "{llr} vs {exact}");
    }

    #[test]
    fn llr_follows_the_data() {
        let sprt = standard();
        let (lower, upper) = sprt.bounds();

        // About +50 Elo per pair, far better than elo1 = 5: the LLR is
        // positive, grows with the number of pairs, and crosses the upper
        // bound.
        let strong = Pentanomial([2, 10, 40, 30, 8]);
        let mut data = Pentanomial::default();
        let mut last = 0.0;
        let mut rounds = 0;
        while sprt.decision(sprt.llr_pentanomial(&data)) == SprtDecision::Continue {
            data += strong;
            let llr = sprt.llr_pentanomial(&data);
            assert!(llr > last, "LLR must grow: {llr} after {last}");
            last = llr;
            rounds += 1;
            assert!(rounds < 100, "never decided");
        }
        assert!(last >= upper);
        assert_eq!(sprt.decision(last), SprtDecision::AcceptH1);

        // Exactly elo0 (a symmetric distribution, μ = ½ = s0): negative,
        // and eventually below the lower bound.
        let even = Pentanomial([5, 20, 50, 20, 5]);
        let mut data = even;
        assert!(sprt.llr_pentanomial(&data) < 0.0);
        while sprt.llr_pentanomial(&data) > lower {
            data += even;
            assert!(data.pairs() < 1_000_000, "never decided");
        }
        assert_eq!(
            sprt.decision(sprt.llr_pentanomial(&data)),
            SprtDecision::AcceptH0
        );

        // The trinomial LLR has the same signs.
        assert!(sprt.llr_trinomial(&Wdl::new(60, 40, 100)) > 0.0);
        assert!(sprt.llr_trinomial(&Wdl::new(50, 50, 100)) < 0.0);
        // And swapping the engines' roles turns a good result bad.
        assert!(sprt.llr_pentanomial(&strong.flip()) < 0.0);
    }
}
