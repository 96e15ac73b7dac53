//! A slow, plain Oware written straight from the rules, sharing no code
//! with the fast one: the board is one ring of houses in sowing order
//! (South's from its house 1, then North's from its house 1), seeds are
//! dropped one at a time, a move's legality under the feeding rule is
//! found by playing it and looking, and the history keeps whole boards.

use crate::game::Player;

/// A reference position.
#[derive(Clone, Debug)]
pub struct Reference {
    /// Houses per side.
    pub n: usize,
    /// All houses in sowing order: South's `0..n`, North's `n..2n`.
    pub ring: Vec<u32>,
    /// Captured seeds, South then North.
    pub stores: [u32; 2],
    /// 0 for South to move, 1 for North.
    pub side: usize,
    /// Every (ring, stores, side) since the last capture, this one included.
    pub seen: Vec<(Vec<u32>, [u32; 2], usize)>,
    /// Set when the game ended by a repetition or a player who could not
    /// feed: the rows were taken.
    pub ended: bool,
}

impl Reference {
    /// The start: `n` houses of `seeds` each, South to move.
    pub fn start(n: usize, seeds: u32) -> Self {
        Self::new(n, vec![seeds; 2 * n], [0, 0], 0)
    }

    /// A position from its parts, with a fresh history.
    pub fn new(n: usize, ring: Vec<u32>, stores: [u32; 2], side: usize) -> Self {
        let mut r = Self {
            n,
            ring,
            stores,
            side,
            seen: Vec::new(),
            ended: false,
        };
        r.seen.push(r.snapshot());
        r
    }

    fn snapshot(&self) -> (Vec<u32>, [u32; 2], usize) {
        (self.ring.clone(), self.stores, self.side)
    }

    fn total(&self) -> u32 {
        self.ring.iter().sum::<u32>() + self.stores[0] + self.stores[1]
    }

    /// Ring indices of `side`'s houses.
    fn row(&self, side: usize) -> std::ops::Range<usize> {
        side * self.n..(side + 1) * self.n
    }

    fn row_seeds(&self, side: usize) -> u32 {
        self.ring[self.row(side)].iter().sum()
    }

    fn majority(&self) -> bool {
        let total = self.total();
        self.stores.iter().any(|&s| 2 * s > total)
    }

    /// Sows the mover's house `house` (0-based from its left) seed by seed
    /// and captures; returns whether anything was captured.
    fn sow(&mut self, house: usize) -> bool {
        let size = 2 * self.n;
        let origin = self.side * self.n + house;
        let mut hand = self.ring[origin];
        self.ring[origin] = 0;
        let mut at = origin;
        while hand > 0 {
            at = (at + 1) % size;
            if at == origin {
                continue;
            }
            self.ring[at] += 1;
            hand -= 1;
        }
        let them = 1 - self.side;
        if !self.row(them).contains(&at) {
            return false;
        }
        let mut taken = Vec::new();
        let mut i = at;
        while self.row(them).contains(&i) && (self.ring[i] == 2 || self.ring[i] == 3) {
            taken.push(i);
            if i == self.row(them).start {
                break;
            }
            i -= 1;
        }
        let sum: u32 = taken.iter().map(|&i| self.ring[i]).sum();
        if sum == 0 || sum == self.row_seeds(them) {
            return false;
        }
        for i in taken {
            self.ring[i] = 0;
        }
        self.stores[self.side] += sum;
        true
    }

    /// Every legal move, as 0-based houses.
    pub fn moves(&self) -> Vec<usize> {
        if self.ended || self.majority() {
            return Vec::new();
        }
        let them = 1 - self.side;
        let starving = self.row_seeds(them) == 0;
        (0..self.n)
            .filter(|&h| self.ring[self.side * self.n + h] > 0)
            .filter(|&h| {
                if !starving {
                    return true;
                }
                let mut after = self.clone();
                after.sow(h);
                after.row_seeds(them) > 0
            })
            .collect()
    }

    /// Plays a legal move.
    pub fn play(&mut self, house: usize) {
        let captured = self.sow(house);
        self.side = 1 - self.side;
        let now = self.snapshot();
        if captured {
            self.seen = vec![now];
        } else if self.seen.contains(&now) {
            self.take_rows();
            return;
        } else {
            self.seen.push(now);
        }
        if !self.majority() && self.moves().is_empty() {
            self.take_rows();
        }
    }

    fn take_rows(&mut self) {
        for side in 0..2 {
            let row = self.row(side);
            self.stores[side] += self.ring[row.clone()].iter().sum::<u32>();
            self.ring[row].fill(0);
        }
        self.ended = true;
    }

    /// The winner once the game is over: `Some(None)` for a draw.
    pub fn result(&self) -> Option<Option<Player>> {
        let total = self.total();
        for (i, side) in [Player::One, Player::Two].into_iter().enumerate() {
            if 2 * self.stores[i] > total {
                return Some(Some(side));
            }
        }
        if !self.moves().is_empty() {
            return None;
        }
        let south = self.stores[0] + self.row_seeds(0);
        let north = self.stores[1] + self.row_seeds(1);
        Some(match south.cmp(&north) {
            std::cmp::Ordering::Greater => Some(Player::One),
            std::cmp::Ordering::Less => Some(Player::Two),
            std::cmp::Ordering::Equal => None,
        })
    }

    /// The position string, written here independently of the fast code.
    pub fn text(&self) -> String {
        let join = |side: usize| {
            self.ring[self.row(side)]
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(",")
        };
        format!(
            "{} {} {} {} {}",
            join(0),
            self.stores[0],
            join(1),
            self.stores[1],
            if self.side == 0 { "s" } else { "n" }
        )
    }
}

/// Move sequences of exactly `depth` moves.
pub fn perft(position: &Reference, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    position
        .moves()
        .into_iter()
        .map(|h| {
            let mut child = position.clone();
            child.play(h);
            perft(&child, depth - 1)
        })
        .sum()
}
