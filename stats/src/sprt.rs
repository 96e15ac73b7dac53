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
//! The score distribution is otherwise unknown, which makes this a
//! generalized SPRT; its LLR is computed exactly as fastchess computes it
//! (see [`super::gsprt`]), with fastchess's three models of what `elo0` and
//! `elo1` mean ([`SprtModel`]):
//!
//! - `normalized` (fastchess's default): normalized Elo, the score's
//!   distance from ½ in standard deviations, `t = (μ − ½)/σ`, with
//!   `nElo = t · 800/ln 10` per game (`σ` of one game) or `t·√2 · 800/ln 10`
//!   per pair;
//! - `logistic` (cutechess-cli's): the expected score is
//!   `1/(1 + 10^(−elo/400))`;
//! - `bayesian` (old Fishtest): BayesElo with the draw Elo measured from
//!   the games, on single games only.
//!
//! Samples are game pairs (pentanomial, scored 0, ¼, ½, ¾, 1) when the
//! match is reported by pairs (`-report penta=true`, the default), else
//! single games (trinomial, 0, ½, 1); see [`Sprt::llr`].

use std::fmt;
use std::str::FromStr;

use super::elo::score_from_elo;
use super::gsprt::{logistic_llr, normalized_llr, regularised};
use super::nelo::NELO_SCALE;
use super::pentanomial::{PAIR_SCORES, Pentanomial};
use super::wdl::{GAME_SCORES, Wdl};

/// The logistic Elo scale, points per factor of ten in the odds.
const BAYES_ELO_SCALE: f64 = 400.0;

/// Bayesian draw Elo: `200·log₁₀(((1 − L)/L)·((1 − W)/W))`.
const DRAW_ELO_SCALE: f64 = 200.0;

/// What `elo0` and `elo1` are measured in (`-sprt model=…`, fastchess's
/// names).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SprtModel {
    /// Normalized Elo (fastchess's default).
    #[default]
    Normalized,
    /// Logistic Elo, as cutechess-cli and the Elo line.
    Logistic,
    /// BayesElo; single games only.
    Bayesian,
}

impl SprtModel {
    /// The names `-sprt model=` accepts.
    pub const NAMES: [&'static str; 3] = ["normalized", "logistic", "bayesian"];

    /// Whether the model is defined for game pairs (all but `bayesian`,
    /// as in fastchess).
    #[must_use]
    pub const fn handles_pairs(self) -> bool {
        !matches!(self, Self::Bayesian)
    }
}

impl fmt::Display for SprtModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Normalized => Self::NAMES[0],
            Self::Logistic => Self::NAMES[1],
            Self::Bayesian => Self::NAMES[2],
        })
    }
}

/// An SPRT model name that is not one of [`SprtModel::NAMES`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown SPRT model '{0}': expected normalized, logistic or bayesian")]
pub struct UnknownSprtModel(pub String);

impl FromStr for SprtModel {
    type Err = UnknownSprtModel;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "normalized" => Ok(Self::Normalized),
            "logistic" => Ok(Self::Logistic),
            "bayesian" => Ok(Self::Bayesian),
            _ => Err(UnknownSprtModel(s.to_owned())),
        }
    }
}

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
/// beta=… model=…`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference under H0, in the model's unit.
    pub elo0: f64,
    /// Elo difference under H1 (greater than `elo0`).
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds.
    pub beta: f64,
    /// What `elo0` and `elo1` are measured in.
    pub model: SprtModel,
}

impl Sprt {
    /// Checks and builds the parameters: finite `elo0 < elo1`, `alpha` and
    /// `beta` in (0, 1), and `alpha + beta < 1` (fastchess's checks).
    ///
    /// # Errors
    /// The first condition that fails, as a [`SprtError`].
    pub fn new(
        elo0: f64,
        elo1: f64,
        alpha: f64,
        beta: f64,
        model: SprtModel,
    ) -> Result<Self, SprtError> {
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
            model,
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

    /// The LLR of the match so far: from the game pairs when `by_pairs`
    /// (fastchess's `-report penta=true`), the model handles pairs and at
    /// least one pair has finished; else from the single games.
    #[must_use]
    pub fn llr(&self, pentanomial: &Pentanomial, wdl: &Wdl, by_pairs: bool) -> f64 {
        if by_pairs && self.model.handles_pairs() && pentanomial.pairs() > 0 {
            self.llr_pentanomial(pentanomial)
        } else {
            self.llr_trinomial(wdl)
        }
    }

    /// The LLR from game pairs, scored 0, ¼, ½, ¾, 1. The `bayesian`
    /// model is not defined for pairs (fastchess turns pair reports off for
    /// it); it gives NaN here, which never stops a match: use [`Self::llr`].
    #[must_use]
    pub fn llr_pentanomial(&self, pentanomial: &Pentanomial) -> f64 {
        let counts = &pentanomial.0;
        match self.model {
            SprtModel::Normalized => {
                // A pair's σ is that of two games over √2.
                let t = |elo: f64| std::f64::consts::SQRT_2 * elo / NELO_SCALE;
                normalized_llr(counts, &PAIR_SCORES, t(self.elo0), t(self.elo1))
            }
            SprtModel::Logistic => logistic_llr(
                counts,
                &PAIR_SCORES,
                score_from_elo(self.elo0),
                score_from_elo(self.elo1),
            ),
            SprtModel::Bayesian => f64::NAN,
        }
    }

    /// The LLR from independent games, scored 0, ½, 1.
    #[must_use]
    pub fn llr_trinomial(&self, wdl: &Wdl) -> f64 {
        let counts = [wdl.losses, wdl.draws, wdl.wins];
        match self.model {
            SprtModel::Normalized => {
                let t = |elo: f64| elo / NELO_SCALE;
                normalized_llr(&counts, &GAME_SCORES, t(self.elo0), t(self.elo1))
            }
            SprtModel::Logistic => logistic_llr(
                &counts,
                &GAME_SCORES,
                score_from_elo(self.elo0),
                score_from_elo(self.elo1),
            ),
            SprtModel::Bayesian => self.bayesian_llr(wdl),
        }
    }

    /// BayesElo: the draw Elo is measured from the games, the hypotheses'
    /// expected scores follow from it, and the LLR is the logistic one for
    /// those scores. Without a win and a loss the draw Elo is undefined and
    /// the LLR is 0, as in fastchess.
    fn bayesian_llr(&self, wdl: &Wdl) -> f64 {
        if wdl.wins == 0 || wdl.losses == 0 {
            return 0.0;
        }
        let counts = [wdl.losses, wdl.draws, wdl.wins];
        // fastchess takes the win and loss rates after counting an empty
        // draw bin as a few thousandths of a game.
        let (_, p) = regularised(&counts);
        let (loss, win) = (p[0], p[2]);
        let draw_elo = DRAW_ELO_SCALE * ((1.0 - loss) / loss * (1.0 - win) / win).log10();
        let score = |elo: f64| {
            let p_win = 1.0 / (1.0 + 10f64.powf((draw_elo - elo) / BAYES_ELO_SCALE));
            let p_loss = 1.0 / (1.0 + 10f64.powf((draw_elo + elo) / BAYES_ELO_SCALE));
            p_win + 0.5 * (1.0 - p_win - p_loss)
        };
        logistic_llr(&counts, &GAME_SCORES, score(self.elo0), score(self.elo1))
    }

    /// How far the LLR has gone towards the bound it is heading for, as a
    /// fraction (fastchess's `getFraction`): `llr/upper` or `llr/lower`.
    #[must_use]
    pub fn progress(&self, llr: f64) -> f64 {
        let (lower, upper) = self.bounds();
        if llr >= 0.0 { llr / upper } else { llr / lower }
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

    /// The line fastchess prints, `LLR: 2.95 (100.2%) (-2.94, 2.94) [0.00,
    /// 5.00]`: the LLR with two decimals, how far it is to the bound it
    /// heads for in percent with one ([`Self::progress`]), the (lower,
    /// upper) bounds and [elo0, elo1] with two (fastchess's `printSprt`).
    #[must_use]
    pub fn llr_line(&self, llr: f64) -> String {
        let (lower, upper) = self.bounds();
        format!(
            "LLR: {llr:.2} ({:.1}%) ({lower:.2}, {upper:.2}) [{:.2}, {:.2}]",
            self.progress(llr) * 100.0,
            self.elo0,
            self.elo1
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sprt(elo0: f64, elo1: f64, model: SprtModel) -> Sprt {
        Sprt::new(elo0, elo1, 0.05, 0.05, model).expect("valid parameters")
    }

    fn standard() -> Sprt {
        sprt(0.0, 5.0, SprtModel::Logistic)
    }

    /// LLRs computed independently by `referee/scripts/sprt_reference.py`
    /// (plain Python, bisection to machine precision), with the decision
    /// at α = β = 0.05. Counts are in increasing score order: `[LL, LD,
    /// WL+DD, WD, WW]` for pairs, `[L, D, W]` for games. The rows marked
    /// "fastchess" are the cases of fastchess's `app/tests/sprt_test.cpp`,
    /// whose expectations (two decimals) the reference meets.
    /// Model, counts, elo0, elo1, reference LLR, decision.
    type Row = (SprtModel, &'static [u64], f64, f64, f64, SprtDecision);

    const TABLE: &[Row] = {
        use SprtDecision::{AcceptH0 as H0, AcceptH1 as H1, Continue as Go};
        use SprtModel::{Logistic as L, Normalized as N};
        &[
            // All 200 pairs won (the 400–0 match): one bin only.
            (L, &[0, 0, 0, 0, 200], 0.0, 100.0, 49.392_739, H1),
            (N, &[0, 0, 0, 0, 200], 0.0, 100.0, 63.982_537, H1),
            // One pair.
            (L, &[0, 0, 0, 0, 1], 0.0, 10.0, 0.028_424, Go),
            (N, &[0, 0, 0, 0, 1], 0.0, 10.0, 0.039_883, Go),
            (L, &[200, 0, 0, 0, 0], 0.0, 10.0, -5.839_353, H0),
            (N, &[0, 0, 50, 0, 0], 0.0, 10.0, -0.078_194, Go),
            // WW 18, WD 72, LL 8: the approximation said 5.61, H1.
            (L, &[8, 0, 0, 72, 18], 0.0, 10.0, 2.147_393, Go),
            (N, &[8, 0, 0, 72, 18], 0.0, 10.0, 2.330_281, Go),
            (L, &[300, 2000, 5000, 2300, 400], 0.0, 5.0, 14.457_203, H1),
            (N, &[300, 2000, 5000, 2300, 400], 0.0, 5.0, 10.010_056, H1),
            (L, &[5, 80, 200, 90, 8], 0.0, 5.0, 0.522_314, Go),
            (N, &[5, 80, 200, 90, 8], -5.0, 0.0, 0.507_375, Go),
            // No draws.
            (L, &[80, 0, 100], 0.0, 5.0, 0.269_186, Go),
            (N, &[80, 0, 100], 0.0, 5.0, 0.269_176, Go),
            (L, &[4000, 2000, 4300], 0.0, 5.0, 4.034_326, H1),
            // One game; one bin of games.
            (L, &[0, 0, 1], 0.0, 5.0, 0.014_287, Go),
            (N, &[0, 0, 9], 0.0, 5.0, 0.128_577, Go),
            // fastchess: trinomial (0.92, 2.30, 120.56, -1.57, -2.59).
            (N, &[36027, 68692, 36433], 0.0, 2.0, 0.923_293, Go),
            (N, &[10650, 20431, 10871], -1.75, 0.25, 2.297_500, Go),
            (N, &[0, 0, 4250], 0.0, 10.0, 120.548_268, H1),
            (L, &[21184, 40708, 21404], 0.5, 2.5, -1.571_889, Go),
            (L, &[57030, 106593, 57433], 0.0, 2.0, -2.593_024, Go),
            // fastchess: pentanomial (2.25, 3.01, 111.82, -3.07, -4.98).
            (N, &[365, 16618, 36229, 16974, 390], 0.0, 2.0, 2.250_368, Go),
            (
                N,
                &[127, 4883, 10712, 5150, 104],
                -1.75,
                0.25,
                3.010_154,
                H1,
            ),
            (N, &[0, 0, 0, 0, 5550], 0.0, 5.0, 111.797_555, H1),
            (L, &[223, 9863, 21279, 10037, 246], 0.5, 2.5, -3.074_126, H0),
            (
                L,
                &[871, 26175, 55983, 26678, 821],
                0.0,
                2.0,
                -4.978_673,
                H0,
            ),
        ]
    };

    /// Tolerance against the reference.
    const REFERENCE_TOLERANCE: f64 = 1e-3;

    fn llr_of(test: &Sprt, counts: &[u64]) -> f64 {
        match *counts {
            [ll, ld, wl_dd, wd, ww] => test.llr_pentanomial(&Pentanomial([ll, ld, wl_dd, wd, ww])),
            [l, d, w] => test.llr_trinomial(&Wdl::new(w, l, d)),
            _ => panic!("a table row has 3 or 5 counts"),
        }
    }

    #[test]
    fn llr_matches_the_reference_table() {
        for &(model, counts, elo0, elo1, want, decision) in TABLE {
            let test = sprt(elo0, elo1, model);
            let got = llr_of(&test, counts);
            assert!(
                (got - want).abs() < REFERENCE_TOLERANCE,
                "{model} {counts:?} [{elo0}, {elo1}]: {got} against {want}"
            );
            assert_eq!(test.decision(got), decision, "{model} {counts:?}");
        }
    }

    #[test]
    fn bayesian_matches_the_reference() {
        // W, D, L as in fastchess's tests (-1.26, -1.13), then by the script.
        let cases = [
            (68965, 128_429, 68526, 0.0, 2.0, -1.262_156),
            (21629, 41111, 21484, 0.5, 2.5, -1.130_642),
            (100, 20, 80, 0.0, 5.0, 0.294_021),
            // No loss: the draw Elo is undefined, no evidence.
            (10, 5, 0, 0.0, 5.0, 0.0),
        ];
        for (w, d, l, elo0, elo1, want) in cases {
            let test = sprt(elo0, elo1, SprtModel::Bayesian);
            let got = test.llr_trinomial(&Wdl::new(w, l, d));
            assert!((got - want).abs() < REFERENCE_TOLERANCE, "{got} vs {want}");
            // Bayesian has no pair model: the games decide.
            let pairs = Pentanomial([1, 2, 3, 4, 5]);
            assert_eq!(test.llr(&pairs, &Wdl::new(w, l, d), true), got);
        }
    }

    #[test]
    fn llr_uses_pairs_only_when_asked_and_present() {
        let test = sprt(0.0, 10.0, SprtModel::Normalized);
        let pairs = Pentanomial([8, 0, 0, 72, 18]);
        let games = Wdl::new(108, 16, 72);
        assert_eq!(test.llr(&pairs, &games, true), test.llr_pentanomial(&pairs));
        assert_eq!(test.llr(&pairs, &games, false), test.llr_trinomial(&games));
        let none = Pentanomial::default();
        assert_eq!(test.llr(&none, &games, true), test.llr_trinomial(&games));
    }

    #[test]
    fn model_names() {
        assert_eq!(SprtModel::default(), SprtModel::Normalized);
        for name in SprtModel::NAMES {
            let model: SprtModel = name.parse().expect("a model");
            assert_eq!(model.to_string(), name);
        }
        assert_eq!("Logistic".parse(), Ok(SprtModel::Logistic));
        let err = "elo".parse::<SprtModel>().expect_err("no such model");
        assert_eq!(
            err.to_string(),
            "unknown SPRT model 'elo': expected normalized, logistic or bayesian"
        );
    }

    #[test]
    fn bounds_for_five_percent_are_ln_19() {
        let (lower, upper) = standard().bounds();
        let ln19 = 19f64.ln();
        assert!((upper - ln19).abs() < 1e-12 && (lower + ln19).abs() < 1e-12);
        assert!((upper - 2.944).abs() < 5e-4);
        // Asymmetric: α = 0.05, β = 0.1 → (ln(0.1/0.95), ln(0.9/0.05)).
        let (lo, hi) = Sprt::new(0.0, 5.0, 0.05, 0.1, SprtModel::Logistic)
            .expect("valid")
            .bounds();
        assert!((lo - (0.1f64 / 0.95).ln()).abs() < 1e-12);
        assert!((hi - 18f64.ln()).abs() < 1e-12);
    }

    #[test]
    fn bad_parameters_are_refused() {
        let new = |e0, e1, a, b| Sprt::new(e0, e1, a, b, SprtModel::Normalized);
        assert_eq!(
            new(5.0, 5.0, 0.05, 0.05),
            Err(SprtError::EloOrder {
                elo0: 5.0,
                elo1: 5.0
            })
        );
        assert_eq!(
            new(5.0, 0.0, 0.05, 0.05),
            Err(SprtError::EloOrder {
                elo0: 5.0,
                elo1: 0.0
            })
        );
        assert_eq!(new(0.0, 5.0, 0.0, 0.05), Err(SprtError::Alpha(0.0)));
        assert_eq!(new(0.0, 5.0, 1.0, 0.05), Err(SprtError::Alpha(1.0)));
        assert_eq!(new(0.0, 5.0, 0.05, 0.0), Err(SprtError::Beta(0.0)));
        assert_eq!(new(0.0, 5.0, 0.05, -0.1), Err(SprtError::Beta(-0.1)));
        assert_eq!(
            new(0.0, 5.0, 0.5, 0.5),
            Err(SprtError::AlphaBetaSum {
                alpha: 0.5,
                beta: 0.5
            })
        );
        assert!(matches!(
            new(f64::NAN, 5.0, 0.05, 0.05),
            Err(SprtError::NonFiniteElo { .. })
        ));
        assert!(matches!(
            new(0.0, 5.0, f64::NAN, 0.05),
            Err(SprtError::Alpha(_))
        ));
        assert_eq!(
            new(0.0, 5.0, 0.5, 0.5)
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
            "LLR: 2.95 (100.2%) (-2.94, 2.94) [0.00, 5.00]"
        );
        let sprt = Sprt::new(-1.5, 3.25, 0.05, 0.1, SprtModel::Logistic).expect("valid");
        assert_eq!(
            sprt.llr_line(-0.5),
            "LLR: -0.50 (22.2%) (-2.25, 2.89) [-1.50, 3.25]"
        );
    }

    #[test]
    fn llr_follows_the_data() {
        for model in [SprtModel::Logistic, SprtModel::Normalized] {
            let sprt = sprt(0.0, 5.0, model);
            // About +50 Elo per pair: the LLR grows until H1.
            let strong = Pentanomial([2, 10, 40, 30, 8]);
            let mut data = strong;
            let mut last = sprt.llr_pentanomial(&data);
            while sprt.decision(last) == SprtDecision::Continue {
                data += strong;
                let llr = sprt.llr_pentanomial(&data);
                assert!(llr > last, "{model}: LLR must grow: {llr} after {last}");
                last = llr;
                assert!(data.pairs() < 10_000, "never decided");
            }
            assert_eq!(sprt.decision(last), SprtDecision::AcceptH1);
            // Exactly even: negative, eventually H0.
            let even = Pentanomial([5, 20, 50, 20, 5]);
            let mut data = even;
            assert!(sprt.llr_pentanomial(&data) < 0.0);
            while sprt.llr_pentanomial(&data) > sprt.bounds().0 {
                data += even;
                assert!(data.pairs() < 1_000_000, "never decided");
            }
            // Swapping the engines' roles turns a good result bad.
            assert!(sprt.llr_pentanomial(&strong.flip()) < 0.0);
            assert!(sprt.llr_trinomial(&Wdl::new(60, 40, 100)) > 0.0);
            assert!(sprt.llr_trinomial(&Wdl::new(50, 50, 100)) < 0.0);
        }
    }
}
