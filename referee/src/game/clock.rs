//! A chess clock for one engine.

use std::time::Duration;

use crate::time_control::TimeControl;

/// The time one engine has left under a [`TimeControl`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    left: Duration,
    period: Duration,
    moves_per_period: Option<u32>,
    moves_left: Option<u32>,
    increment: Duration,
}

impl Clock {
    /// A full clock, or `None` for `inf`.
    #[must_use]
    pub fn new(tc: TimeControl) -> Option<Self> {
        match tc {
            TimeControl::Infinite => None,
            TimeControl::Clock {
                moves,
                time,
                increment,
            } => Some(Self {
                left: time,
                period: time,
                moves_per_period: moves,
                moves_left: moves,
                increment,
            }),
        }
    }

    /// Time left now.
    #[must_use]
    pub fn time_left(&self) -> Duration {
        self.left
    }

    /// The increment.
    #[must_use]
    pub fn increment(&self) -> Duration {
        self.increment
    }

    /// Moves to the next period, for `movestogo`.
    #[must_use]
    pub fn moves_to_go(&self) -> Option<u32> {
        self.moves_left
    }

    /// Charges a move that took `elapsed`. Returns false, and leaves the
    /// clock at zero, when the flag fell: the move took longer than the
    /// time left plus `margin`.
    pub fn charge(&mut self, elapsed: Duration, margin: Duration) -> bool {
        if elapsed > self.left + margin {
            self.left = Duration::ZERO;
            return false;
        }
        self.left = self.left.saturating_sub(elapsed) + self.increment;
        if let (Some(left), Some(per_period)) = (self.moves_left, self.moves_per_period) {
            if left <= 1 {
                self.left += self.period;
                self.moves_left = Some(per_period);
            } else {
                self.moves_left = Some(left - 1);
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;

    #[test]
    fn increment_and_periods() {
        let mut clock = Clock::new(TimeControl::parse("2/1+0.1").unwrap()).unwrap();
        assert_eq!(clock.moves_to_go(), Some(2));
        assert!(clock.charge(MS(300), MS(0)));
        assert_eq!(clock.time_left(), MS(800));
        assert_eq!(clock.moves_to_go(), Some(1));
        assert!(clock.charge(MS(800), MS(0)));
        // 0 + 100 increment + 1000 for the new period
        assert_eq!(clock.time_left(), MS(1100));
        assert_eq!(clock.moves_to_go(), Some(2));
    }

    #[test]
    fn the_flag_falls_past_the_margin() {
        let mut clock = Clock::new(TimeControl::parse("1").unwrap()).unwrap();
        assert!(clock.charge(MS(1050), MS(100)));
        assert_eq!(clock.time_left(), MS(0));
        assert!(!clock.charge(MS(101), MS(100)));
        assert!(Clock::new(TimeControl::Infinite).is_none());
    }
}
