//! Time management: how long to think about one move.
//!
//! Two budgets come out of the limits. The *soft* one is where iterative
//! deepening stops starting new iterations; the *hard* one aborts an
//! iteration in the middle. With a clock, the soft budget is an even share
//! of the time left plus most of the increment, and the hard one a few
//! times that, never more than a fraction of what is left.

use std::time::Duration;

use super::limits::Limits;

/// Moves assumed to remain when the time control does not say (`movestogo`).
const DEFAULT_MOVES_TO_GO: u32 = 30;
/// Share of the increment spent on this move, in per mille.
const INCREMENT_SHARE_PER_MILLE: u32 = 750;
/// How many soft budgets one move may use at most when an iteration runs long.
const HARD_TO_SOFT_RATIO: u32 = 4;
/// The hard budget never exceeds this share of the time left, in per mille.
const MAX_SHARE_OF_REMAINING_PER_MILLE: u32 = 400;
/// A new iteration starts only while less than this share of the soft budget
/// (per mille) is spent: the next iteration usually costs more than all before it.
pub const NEW_ITERATION_SHARE_PER_MILLE: u32 = 600;

/// The time budgets of one search; `None` means unlimited.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimePlan {
    /// Stop deepening after this.
    pub soft: Option<Duration>,
    /// Abort the search after this.
    pub hard: Option<Duration>,
}

impl TimePlan {
    /// Plans one move. `overhead` is kept back for the trip through the
    /// pipes and the front end (the `Move Overhead` option).
    #[must_use]
    pub fn new(limits: &Limits, overhead: Duration) -> Self {
        if limits.infinite {
            return Self::default();
        }
        let clock = Self::of_clock(limits, overhead);
        if let Some(movetime) = limits.movetime {
            // "Think exactly this long": no soft budget of its own, so no
            // iteration is left unstarted for fear it will not finish
            // (Stockfish uses the whole movetime too); the hard budget ends
            // the search. A clock given as well still bounds it, as in
            // Stockfish: whichever limit comes first.
            let budget = movetime
                .saturating_sub(overhead)
                .max(Duration::from_millis(1));
            return Self {
                soft: clock.soft,
                hard: Some(clock.hard.map_or(budget, |hard| hard.min(budget))),
            };
        }
        clock
    }

    /// The budgets from the clock alone (none without one).
    fn of_clock(limits: &Limits, overhead: Duration) -> Self {
        let Some(clock) = limits.clock else {
            return Self::default();
        };
        let usable = clock.remaining.saturating_sub(overhead);
        let moves_to_go = clock.moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).max(1);
        let soft = usable / moves_to_go + clock.increment * INCREMENT_SHARE_PER_MILLE / 1000;
        let cap = usable * MAX_SHARE_OF_REMAINING_PER_MILLE / 1000;
        let floor = Duration::from_millis(1);
        let hard = (soft * HARD_TO_SOFT_RATIO).min(cap).max(floor);
        Self {
            soft: Some(soft.min(hard).max(floor)),
            hard: Some(hard),
        }
    }

    /// Whether another iteration is worth starting after `elapsed`.
    #[must_use]
    pub fn may_start_iteration(&self, elapsed: Duration) -> bool {
        self.soft
            .is_none_or(|soft| elapsed < soft * NEW_ITERATION_SHARE_PER_MILLE / 1000)
    }
}

#[cfg(test)]
mod tests {
    use super::super::limits::Clock;
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn movetime_is_spent_minus_overhead() {
        let limits = Limits {
            movetime: Some(ms(1000)),
            ..Limits::default()
        };
        let plan = TimePlan::new(&limits, ms(10));
        assert_eq!((plan.soft, plan.hard), (None, Some(ms(990))));
        // Every iteration may start: only the hard budget ends the search.
        assert!(plan.may_start_iteration(ms(980)));
    }

    #[test]
    fn a_clock_given_with_movetime_still_bounds_the_search() {
        let limits = Limits {
            movetime: Some(ms(3000)),
            clock: Some(Clock {
                remaining: ms(500),
                increment: ms(0),
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let plan = TimePlan::new(&limits, ms(0));
        assert!(plan.hard.is_some_and(|hard| hard <= ms(200)), "{plan:?}");
    }

    #[test]
    fn clock_budget_is_a_share_of_the_time_left() {
        let limits = Limits {
            clock: Some(Clock {
                remaining: ms(60_000),
                increment: ms(1000),
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let plan = TimePlan::new(&limits, ms(0));
        assert_eq!(plan.soft, Some(ms(2000 + 750)));
        assert_eq!(plan.hard, Some(ms(11_000)));
    }

    #[test]
    fn hard_budget_never_exceeds_the_time_left() {
        let limits = Limits {
            clock: Some(Clock {
                remaining: ms(100),
                increment: ms(5000),
                moves_to_go: Some(1),
            }),
            ..Limits::default()
        };
        let plan = TimePlan::new(&limits, ms(20));
        assert!(plan.hard.is_some_and(|h| h <= ms(80)));
        assert!(plan.soft <= plan.hard);
    }

    #[test]
    fn no_limit_means_no_budget() {
        assert_eq!(
            TimePlan::new(&Limits::depth(3), ms(10)),
            TimePlan::default()
        );
        let infinite = Limits {
            infinite: true,
            movetime: Some(ms(5)),
            ..Limits::default()
        };
        assert_eq!(TimePlan::new(&infinite, ms(10)), TimePlan::default());
    }
}
