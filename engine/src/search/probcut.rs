//! ProbCut (Michael Buro, 1995), in the form Scan (Fabien Letouzey's
//! draughts engine) plays it: outside the principal variation, a node
//! with enough depth left is first searched much less deep against a
//! raised bound; a result beyond that bound is taken as a cut-off without
//! the full search. A search at 40 % of the depth costs a small part of
//! the full one, and a shallow result far above beta rarely falls below
//! it when searched deeper.

use super::score::PROVEN;

/// The least depth left at which a node is probed.
const MIN_DEPTH: u32 = 3;

/// The probe's depth, in percent of the node's.
const PROBE_DEPTH_PERCENT: u32 = 40;

/// Scores within ± this are evaluations, not proofs: only such windows
/// are probed (an evaluation stays far below, a proven result far above).
const EVALUATED: i32 = PROVEN / 2;

/// The shallow search a node is probed with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    /// Its depth.
    pub depth: u32,
    /// The bound it must reach: the node's beta and the margin.
    pub beta: i32,
}

impl Probe {
    /// The probe of a node outside the principal variation with `depth`
    /// plies left and the window's upper bound `beta`, for a game whose
    /// margin is `margin_per_ply` centi-units a ply of depth; `None` when
    /// the node is too shallow or the window is not of evaluations.
    #[must_use]
    pub fn of(depth: u32, beta: i32, margin_per_ply: i32) -> Option<Self> {
        if depth < MIN_DEPTH || beta.abs() >= EVALUATED {
            return None;
        }
        let margin = margin_per_ply.saturating_mul(i32::try_from(depth).ok()?);
        let raised = beta.checked_add(margin)?;
        (raised.abs() < EVALUATED).then(|| Self {
            depth: depth * PROBE_DEPTH_PERCENT / 100,
            beta: raised,
        })
    }

    /// What the node returns after the probe scored `score`, if it is
    /// cut off: a proof (a win seen or a database's winning margin; only
    /// a win reaches the raised bound) stands at any depth; an estimate
    /// only says the node's `beta` is reached.
    #[must_use]
    pub fn cut(&self, score: i32, beta: i32) -> Option<i32> {
        if score < self.beta {
            None
        } else if score.abs() >= EVALUATED {
            Some(score)
        } else {
            Some(beta)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::{proven_margin, win_in};

    #[test]
    fn deep_enough_nodes_are_probed_at_forty_percent_against_a_raised_beta() {
        assert_eq!(Probe::of(2, 0, 10), None);
        assert_eq!(Probe::of(3, 0, 10), Some(Probe { depth: 1, beta: 30 }));
        assert_eq!(Probe::of(10, -50, 10), Some(Probe { depth: 4, beta: 50 }));
    }

    #[test]
    fn a_probe_above_its_bound_cuts_with_beta_or_its_proof() {
        let probe = Probe { depth: 2, beta: 60 };
        assert_eq!(probe.cut(59, 20), None);
        assert_eq!(probe.cut(60, 20), Some(20));
        assert_eq!(probe.cut(450, 20), Some(20));
        assert_eq!(probe.cut(win_in(9), 20), Some(win_in(9)));
        assert_eq!(probe.cut(proven_margin(300), 20), Some(proven_margin(300)));
    }

    #[test]
    fn windows_of_proven_results_are_not_probed() {
        assert_eq!(Probe::of(8, PROVEN + 200, 10), None);
        assert_eq!(Probe::of(8, EVALUATED - 10, 10), None);
        assert_eq!(Probe::of(8, -PROVEN, 10), None);
    }
}
