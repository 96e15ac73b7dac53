//! The seeds on an Oware board and the sowing that moves them: the part of
//! a position that a move changes, kept apart from the side to move and
//! the history so that the search can try a sowing on a cheap copy.
//!
//! Each side's houses are numbered from that side's own left. Sowing runs
//! counter-clockwise: the mover's houses after the chosen one, then the
//! opponent's from their house 1 up, then the mover's from house 1 again.
//! For the mover that is a ring of `2 * houses` holes, the stores being
//! off the board. The house sown from is skipped on every lap, so a house
//! of 12 or more seeds (on 6 houses) leaves it empty.

use crate::game::Player;
use crate::games::mancala::PIT_SLOTS;

/// The seeds in every house and store.
///
/// Houses beyond the house count are always empty, so the derived
/// equality compares boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Seeds in each house, indexed by [`Player::index`], then house from
    /// that side's own left.
    pub houses: [[u8; PIT_SLOTS]; 2],
    /// Seeds each side has captured.
    pub stores: [u8; 2],
    /// Houses per side, `1..=MAX_PITS`.
    pub house_count: u8,
}

impl Board {
    /// Houses per side as an index bound.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        usize::from(self.house_count)
    }

    /// Whether `side` has no seeds in its houses. Houses beyond the count
    /// are empty, so the whole array is compared at once.
    #[inline]
    pub fn row_is_empty(&self, side: Player) -> bool {
        self.houses[side.index()] == [0; PIT_SLOTS]
    }

    /// Seeds in `side`'s houses.
    #[inline]
    pub fn row_total(&self, side: Player) -> u32 {
        self.houses[side.index()]
            .iter()
            .map(|&s| u32::from(s))
            .sum()
    }

    /// Whether sowing `mover`'s house `house` (0-based) puts a seed in the
    /// opponent's row: the seeds must go past the mover's last house.
    #[inline]
    pub fn reaches_opponent(&self, mover: Player, house: usize) -> bool {
        usize::from(self.houses[mover.index()][house]) >= self.len() - house
    }

    /// Each side takes the seeds left in its own row (the end of the game
    /// when a player cannot feed the other, or a position repeats).
    pub fn sweep(&mut self) {
        for side in [Player::One, Player::Two] {
            let i = side.index();
            // Every count fits a u8 together: the positions are built so.
            let left = u8::try_from(self.row_total(side)).unwrap_or(u8::MAX);
            self.stores[i] = self.stores[i].saturating_add(left);
            self.houses[i] = [0; PIT_SLOTS];
        }
    }

    /// Sows `mover`'s house `house` (0-based), which must hold seeds, and
    /// makes the capture it earns. Returns the seeds captured (0 for none,
    /// and for a grand slam, which captures nothing).
    pub fn sow(&mut self, mover: Player, house: usize) -> u8 {
        let len = self.len();
        let me = mover.index();
        let them = 1 - me;
        let ring = 2 * len;

        // 1. Pick the seeds up.
        let seeds = usize::from(self.houses[me][house]);
        debug_assert!(seeds > 0, "sowing an empty house");
        self.houses[me][house] = 0;

        // 2. Full laps: every hole but the origin gets one seed a lap.
        let per_lap = ring - 1;
        // Most sowings make no full lap: no division then.
        let (laps, remainder) = if seeds < per_lap {
            (0, seeds)
        } else {
            (seeds / per_lap, seeds % per_lap)
        };
        if laps > 0 {
            // At most 255 seeds, so at most 255 laps.
            let laps = u8::try_from(laps).unwrap_or(u8::MAX);
            for (i, count) in self.houses[me][..len].iter_mut().enumerate() {
                if i != house {
                    *count += laps;
                }
            }
            for count in &mut self.houses[them][..len] {
                *count += laps;
            }
        }

        // 3. The remainder, one seed a hole after the origin. It is shorter
        //    than a lap, so it never comes back to the origin.
        //    The hole steps round the ring by a comparison, not a
        //    division (the endgame build sows every board of a level).
        let mut hole = house;
        for _ in 0..remainder {
            hole += 1;
            if hole == ring {
                hole = 0;
            }
            if hole < len {
                self.houses[me][hole] += 1;
            } else {
                self.houses[them][hole - len] += 1;
            }
        }

        // 4. Where the last seed fell: the end of the remainder, or, when
        //    the laps came out even, the hole just before the origin.
        let last_step = if remainder == 0 { per_lap } else { remainder };
        let last = house + last_step;
        let last = if last >= ring { last - ring } else { last };
        if last < len {
            return 0;
        }

        // 5. The capture: from the last house back towards the opponent's
        //    house 1, every house that now holds 2 or 3.
        let row = &mut self.houses[them];
        let end = last - len;
        let start = (0..=end)
            .rev()
            .take_while(|&i| (2..=3).contains(&row[i]))
            .last();
        let Some(start) = start else {
            return 0;
        };
        let taken: u32 = row[start..=end].iter().map(|&s| u32::from(s)).sum();
        let all: u32 = row.iter().map(|&s| u32::from(s)).sum();
        // 6. The grand slam: a capture that would leave the opponent with no
        //    seeds is played but captures nothing.
        if taken == all {
            return 0;
        }
        row[start..=end].fill(0);
        // At most the seeds in the row, which fit a u8.
        let taken = u8::try_from(taken).unwrap_or(u8::MAX);
        self.stores[me] += taken;
        taken
    }
}
