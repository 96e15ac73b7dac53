//! A Kalah position and the sowing that changes it.
//!
//! The board is stored as the Prolog Kalah program draws it in words: each
//! side's pits numbered from that side's own left, each side's store to
//! its right.
//! Sowing runs counter-clockwise: the mover's pits after the chosen one,
//! the mover's store, the opponent's pits from their pit 1 up, then the
//! mover's pits again from pit 1, never the opponent's store. For the mover
//! that is a ring of `2 * pits + 1` holes.

use super::rules::{KalahRules, KalahRulesError, MAX_PITS};
use crate::game::{Game, MoveList, NotationError, Outcome, Player};

/// Array length for one side's pits; the unused tail stays empty.
pub const PIT_SLOTS: usize = MAX_PITS as usize;

/// A Kalah position: the seeds in every pit and store, the side to move,
/// and the capture rule in force.
///
/// A small `Copy` value (fixed arrays of [`MAX_PITS`] pits a side) so the
/// search can copy it and play on the copy. Pits beyond the pit count are
/// always empty, so the derived equality and hash compare positions.
///
/// South is [`Player::One`] and moves first; North is [`Player::Two`].
/// Moves are 0-based pit indices from the mover's own left; the notation
/// (see [`Game::parse_move`]) numbers them 1 to the pit count, as the
/// Prolog Kalah program does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kalah {
    /// Seeds in each pit, indexed by [`Player::index`], then pit from that
    /// side's own left.
    pub pits: [[u8; PIT_SLOTS]; 2],
    /// Seeds in each side's store (kalah).
    pub stores: [u8; 2],
    /// Pits per side, `1..=MAX_PITS`.
    pub pit_count: u8,
    /// The side whose move it is. A sowing ending in the mover's own store
    /// leaves it unchanged: that side moves again.
    pub side: Player,
    /// Whether a last seed in an own empty pit captures even when the
    /// opposite pit is empty (Irving's variant).
    pub empty_capture: bool,
}

/// What a sowing did besides moving seeds; the search's move ordering
/// asks for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sowing {
    /// The last seed fell into the mover's store: the same side moves again.
    pub extra_turn: bool,
    /// Seeds that went to the store by capture (the capturing seed and the
    /// seeds opposite it); 0 when nothing was captured.
    pub captured: u8,
}

impl Kalah {
    /// The start of `rules`: every pit holds `rules.seeds`, stores empty,
    /// South to move.
    ///
    /// # Errors
    /// When the rules cannot be played (see [`KalahRules::validate`]).
    pub fn start(rules: KalahRules) -> Result<Self, KalahRulesError> {
        rules.validate()?;
        let pit_count = usize::from(rules.pits);
        let mut pits = [[0; PIT_SLOTS]; 2];
        for side in &mut pits {
            side[..pit_count].fill(rules.seeds);
        }
        Ok(Self {
            pits,
            stores: [0; 2],
            pit_count: rules.pits,
            side: Player::One,
            empty_capture: rules.empty_capture,
        })
    }

    /// The seeds in `player`'s pits, from that player's own left (pit 1).
    #[must_use]
    pub fn pits(&self, player: Player) -> &[u8] {
        &self.pits[player.index()][..self.len()]
    }

    /// The seeds in `player`'s store.
    #[must_use]
    pub fn store(&self, player: Player) -> u8 {
        self.stores[player.index()]
    }

    /// Pits per side.
    #[must_use]
    pub fn pit_count(&self) -> u8 {
        self.pit_count
    }

    /// Whether an empty capture counts (Irving's variant).
    #[must_use]
    pub fn empty_capture(&self) -> bool {
        self.empty_capture
    }

    /// The variant this position belongs to. Sowing never adds or removes
    /// seeds, so `seeds` is the start that has as many seeds in play; for a
    /// position read from a string whose total is not a multiple of
    /// `2 * pits` it is rounded down.
    #[must_use]
    pub fn rules(&self) -> KalahRules {
        let per_pit = u32::from(self.total_seeds()) / (2 * u32::from(self.pit_count));
        KalahRules {
            pits: self.pit_count,
            // At most 255 / 2, so the conversion cannot fail.
            seeds: u8::try_from(per_pit).unwrap_or(u8::MAX),
            empty_capture: self.empty_capture,
        }
    }

    /// All seeds on the board, in pits and stores. Positions are built so
    /// this fits a `u8`.
    #[must_use]
    pub fn total_seeds(&self) -> u8 {
        let on_board: u32 = self.pits.iter().flatten().map(|&s| u32::from(s)).sum();
        let stored: u32 = self.stores.iter().map(|&s| u32::from(s)).sum();
        // The constructors reject more than u8::MAX seeds.
        u8::try_from(on_board + stored).unwrap_or(u8::MAX)
    }

    /// The game is over: one side has no seeds left in its pits. (After a
    /// sowing the sweep empties both; a position read from a string may
    /// still hold seeds on the other side, which then count as swept.)
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.side_is_empty(0) || self.side_is_empty(1)
    }

    /// Each side's final count: its store plus the seeds still in its pits
    /// (the sweep, for a position that has not had it yet).
    fn final_counts(&self) -> [u32; 2] {
        [0, 1].map(|side| {
            u32::from(self.stores[side])
                + self.pits[side][..self.len()]
                    .iter()
                    .map(|&s| u32::from(s))
                    .sum::<u32>()
        })
    }

    /// Pits per side as an index bound (public for the engine's solver
    /// and databases; a board is never empty, so no `is_empty`).
    #[inline]
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        usize::from(self.pit_count)
    }

    /// Pits beyond the pit count are always empty, so the whole array can
    /// be compared at once, which is cheaper than a loop over the pits.
    #[inline]
    fn side_is_empty(&self, side: usize) -> bool {
        self.pits[side] == [0; PIT_SLOTS]
    }

    /// Sows the seeds of the mover's pit `pit` (0-based), which must hold
    /// some, and applies capture, extra turn and sweep.
    ///
    /// Instead of dropping seeds one by one it counts full laps of the
    /// ring, so a pit of 200 seeds costs no more than a pit of 2.
    pub fn sow(&mut self, pit: usize) -> Sowing {
        let len = self.len();
        let me = self.side.index();
        let them = 1 - me;
        let ring = 2 * len + 1;

        // 1. Pick the seeds up.
        let seeds = self.pits[me][pit];
        debug_assert!(seeds > 0, "sowing an empty pit");
        self.pits[me][pit] = 0;

        // 2. Full laps: every hole of the ring, the origin included, gets
        //    one seed per lap. Most pits hold less than a lap; they skip the
        //    division.
        let (laps, remainder) = if usize::from(seeds) < ring {
            (0, usize::from(seeds))
        } else {
            let laps = u8::try_from(usize::from(seeds) / ring).unwrap_or(u8::MAX);
            for count in &mut self.pits[me][..len] {
                *count += laps;
            }
            for count in &mut self.pits[them][..len] {
                *count += laps;
            }
            self.stores[me] += laps;
            (laps, usize::from(seeds) % ring)
        };
        debug_assert!(usize::from(laps) * ring + remainder == usize::from(seeds));

        // 3. The remainder goes one seed each into the holes after the
        //    origin: own pits, own store, opponent's pits, own pits from
        //    pit 1. It is shorter than the ring, so it never reaches the
        //    origin again.
        let mut remaining = remainder;
        let own_after = remaining.min(len - 1 - pit);
        for count in &mut self.pits[me][pit + 1..pit + 1 + own_after] {
            *count += 1;
        }
        remaining -= own_after;
        if remaining > 0 {
            self.stores[me] += 1;
            remaining -= 1;
        }
        let theirs = remaining.min(len);
        for count in &mut self.pits[them][..theirs] {
            *count += 1;
        }
        remaining -= theirs;
        for count in &mut self.pits[me][..remaining] {
            *count += 1;
        }

        // 4. Where the last seed fell, as a ring position: own pits are
        //    0..len, the own store is len, the opponent's pits follow.
        let last = match pit + remainder {
            past_the_end if past_the_end >= ring => past_the_end - ring,
            position => position,
        };
        let mut sowing = Sowing {
            extra_turn: last == len,
            captured: 0,
        };

        // 5. Capture: the last seed made an own pit hold 1, so the pit was
        //    empty before it (the Prolog test `n_edik(Vége, La, 1)`), and
        //    the opposite pit holds seeds (or empty captures count).
        if last < len && self.pits[me][last] == 1 {
            let opposite = len - 1 - last;
            let across = self.pits[them][opposite];
            if across > 0 || self.empty_capture {
                self.pits[me][last] = 0;
                self.pits[them][opposite] = 0;
                sowing.captured = across + 1;
                self.stores[me] += sowing.captured;
            }
        }

        // 6. The turn passes unless the last seed fell into the own store.
        if !sowing.extra_turn {
            self.side = self.side.opponent();
        }

        // 7. The sweep: once a side is empty, each player puts the seeds
        //    left on their own side into their own store; the game is over.
        if self.is_over() {
            for side in 0..2 {
                let left: u8 = self.pits[side][..len].iter().sum();
                self.stores[side] += left;
                self.pits[side][..len].fill(0);
            }
        }
        sowing
    }
}

impl Game for Kalah {
    /// The 0-based index of the pit sown, from the mover's own left.
    type Move = u8;
    type Moves = MoveList<u8>;

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn legal_moves(&self, moves: &mut MoveList<u8>) {
        if self.is_over() {
            return;
        }
        let me = self.side.index();
        for (pit, &seeds) in (0u8..).zip(&self.pits[me][..self.len()]) {
            if seeds > 0 {
                moves.push(pit);
            }
        }
    }

    fn play(&mut self, mv: u8) {
        self.sow(usize::from(mv));
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let [south, north] = self.final_counts();
        Some(Outcome::by_counts(south, north))
    }

    fn parse_move(&self, text: &str) -> Result<u8, NotationError> {
        self.read_move(text)
    }

    fn format_move(&self, mv: u8) -> String {
        Self::write_move(mv)
    }

    fn position_string(&self) -> String {
        self.write_position()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str) -> Kalah {
        Kalah::from_position_string(text, false).unwrap()
    }

    fn pos_empty_capture(text: &str) -> Kalah {
        Kalah::from_position_string(text, true).unwrap()
    }

    /// Plays 1-based pit `pit` and returns the position string after it.
    fn after(mut position: Kalah, pit: u8) -> String {
        let mv = position.parse_move(&pit.to_string()).unwrap();
        position.play(mv);
        position.position_string()
    }

    fn moves(position: &Kalah) -> Vec<u8> {
        let mut list = MoveList::new();
        position.legal_moves(&mut list);
        list.to_vec()
    }

    #[test]
    fn start_position() {
        let start = Kalah::start(KalahRules::new(6, 4, false).unwrap()).unwrap();
        assert_eq!(start.pits(Player::One), &[4; 6]);
        assert_eq!(start.pits(Player::Two), &[4; 6]);
        assert_eq!(start.store(Player::One), 0);
        assert_eq!(start.side_to_move(), Player::One);
        assert_eq!(start.total_seeds(), 48);
        assert_eq!(start.rules(), KalahRules::new(6, 4, false).unwrap());
        assert_eq!(moves(&start), vec![0, 1, 2, 3, 4, 5]);
        assert_eq!(start.outcome(), None);
        let bad = KalahRules {
            pits: 13,
            seeds: 1,
            empty_capture: false,
        };
        assert_eq!(Kalah::start(bad), Err(KalahRulesError::PitCount(13)));
    }

    #[test]
    fn extra_turn_when_the_last_seed_lands_in_the_own_store() {
        // Pit 3 of 6 with 4 seeds: pits 4, 5, 6 and the store.
        let start = pos("4,4,4,4,4,4 0 4,4,4,4,4,4 0 s");
        assert_eq!(after(start, 3), "4,4,0,5,5,5 1 4,4,4,4,4,4 0 s");
        // North too keeps the move.
        let north = pos("4,4,0,5,5,5 1 4,4,4,4,4,4 0 n");
        assert_eq!(after(north, 3), "4,4,0,5,5,5 1 4,4,0,5,5,5 1 n");
    }

    #[test]
    fn plain_sowing_passes_the_turn() {
        let start = pos("4,4,4,4,4,4 0 4,4,4,4,4,4 0 s");
        // Pit 6: store, then North's pits 1-3.
        assert_eq!(after(start, 6), "4,4,4,4,4,0 1 5,5,5,4,4,4 0 n");
        // Pit 1: own pits 2-5 only.
        assert_eq!(after(start, 1), "0,5,5,5,5,4 0 4,4,4,4,4,4 0 n");
    }

    #[test]
    fn capture_takes_both_pits() {
        // South pit 2 (1 seed) lands in empty pit 3; opposite is North's
        // pit 6 - 3 + 1 = 4 with 7 seeds: 7 + 1 to the store.
        let before = pos("1,1,0,2,2,2 3 1,1,1,7,1,1 4 s");
        assert_eq!(after(before, 2), "1,0,0,2,2,2 11 1,1,1,0,1,1 4 n");
    }

    #[test]
    fn no_capture_opposite_an_empty_pit_unless_empty_capture() {
        // Same move with North's pit 4 empty.
        let text = "1,1,0,2,2,2 3 1,1,1,0,1,1 11 s";
        assert_eq!(after(pos(text), 2), "1,0,1,2,2,2 3 1,1,1,0,1,1 11 n");
        assert_eq!(
            after(pos_empty_capture(text), 2),
            "1,0,0,2,2,2 4 1,1,1,0,1,1 11 n"
        );
    }

    #[test]
    fn no_capture_in_a_pit_that_was_not_empty() {
        let before = pos("1,1,3,2,2,2 3 1,1,1,7,1,1 1 s");
        assert_eq!(after(before, 2), "1,0,4,2,2,2 3 1,1,1,7,1,1 1 n");
    }

    #[test]
    fn no_capture_on_the_opponents_side() {
        // The last seed lands in North's empty pit 2: nothing happens.
        let before = pos("1,0,0,0,0,3 5 1,0,1,1,1,1 2 s");
        assert_eq!(after(before, 6), "1,0,0,0,0,0 6 2,1,1,1,1,1 2 n");
    }

    #[test]
    fn a_lap_passes_the_origin_and_skips_the_opponents_store() {
        // 13 seeds from South's pit 1 on 6 pits: the ring is 13 holes, so one
        // full lap: every hole but North's store gets one, the origin
        // included. The last seed lands in the emptied origin: it captures
        // North's pit 6 (2 + 1 from the lap) with it.
        let before = pos("13,0,0,0,0,0 0 0,0,0,0,0,2 1 s");
        assert_eq!(after(before, 1), "0,1,1,1,1,1 5 1,1,1,1,1,0 1 n");
        // 15 seeds from pit 1: the lap, then pits 2 and 3 again.
        let before = pos("15,0,0,0,0,0 0 0,0,0,0,0,1 0 s");
        assert_eq!(after(before, 1), "1,2,2,1,1,1 1 1,1,1,1,1,2 0 n");
        // 19 seeds from pit 1: the lap, pits 2-6 and the store: extra turn.
        let before = pos("19,1,0,0,0,0 0 1,0,0,0,0,0 0 s");
        assert_eq!(after(before, 1), "1,3,2,2,2,2 2 2,1,1,1,1,1 0 s");
        // 20 seeds from pit 1: one more, into North's pit 1.
        let before = pos("20,1,0,0,0,0 0 1,0,0,0,0,0 0 s");
        assert_eq!(after(before, 1), "1,3,2,2,2,2 2 3,1,1,1,1,1 0 n");
    }

    #[test]
    fn many_laps_on_a_small_board() {
        // Kalah(1, n): the ring is the pit, the store and North's pit. 100
        // seeds = 33 laps + 1: the last seed lands in the store.
        let before = pos("100 0 1 0 s");
        assert_eq!(after(before, 1), "33 34 34 0 s");
        // 101 seeds = 33 laps + 2: the last seed lands in North's pit.
        let before = pos("101 0 1 0 s");
        assert_eq!(after(before, 1), "33 34 35 0 n");
    }

    #[test]
    fn sweep_when_the_movers_side_empties() {
        // South sows its last seeds into North's pits: North takes its own.
        let before = pos("0,0,0,0,0,2 20 1,1,1,1,1,1 20 s");
        let after_move = after(before, 6);
        assert_eq!(after_move, "0,0,0,0,0,0 21 0,0,0,0,0,0 27 n");
        assert_eq!(pos(&after_move).outcome(), Some(Outcome::Win(Player::Two)));
    }

    #[test]
    fn sweep_when_the_opponents_side_empties() {
        // South captures North's last seeds: South takes the rest of its own.
        let before = pos("1,0,3,0,0,0 10 0,0,0,0,5,0 10 s");
        // Pit 1 -> pit 2 (empty), opposite North pit 5 (5): capture 6,
        // North is empty; South sweeps its 3.
        let after_move = after(before, 1);
        assert_eq!(after_move, "0,0,0,0,0,0 19 0,0,0,0,0,0 10 n");
        assert_eq!(pos(&after_move).outcome(), Some(Outcome::Win(Player::One)));
    }

    #[test]
    fn last_seed_in_store_that_empties_the_side_ends_the_game() {
        let before = pos("0,0,0,0,0,1 10 3,0,0,0,0,0 10 s");
        let after_move = after(before, 6);
        assert_eq!(after_move, "0,0,0,0,0,0 11 0,0,0,0,0,0 13 s");
        let over = pos(&after_move);
        assert!(over.is_over());
        assert!(moves(&over).is_empty());
        assert_eq!(over.outcome(), Some(Outcome::Win(Player::Two)));
    }

    #[test]
    fn draw_with_equal_stores() {
        // South's last seed goes to its store; North sweeps its one seed.
        let level = pos("0,0,0,0,0,1 23 0,0,0,0,0,1 23 s");
        let drawn = after(level, 6);
        assert_eq!(drawn, "0,0,0,0,0,0 24 0,0,0,0,0,0 24 s");
        assert_eq!(pos(&drawn).outcome(), Some(Outcome::Draw));
        // Read from a string with North empty: 23 + 1 against 24.
        let over = pos("0,0,0,0,0,1 23 0,0,0,0,0,0 24 s");
        assert_eq!(over.outcome(), Some(Outcome::Draw));
    }

    #[test]
    fn an_unswept_position_counts_the_seeds_left() {
        // Read from a string: North is empty, South still holds 5.
        let over = pos("0,0,0,0,0,5 20 0,0,0,0,0,0 23 s");
        assert!(over.is_over());
        assert!(moves(&over).is_empty());
        assert_eq!(over.outcome(), Some(Outcome::Win(Player::One)));
    }
}
