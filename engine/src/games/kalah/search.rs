//! What the search needs from Kalah: a hash key, an evaluation and
//! move-ordering hints.

use super::eval::{KalahEvaluation, SEED_VALUE, store_difference};
use super::network;
use crate::network::{EmbeddedNetwork, Slots};
use crate::search::KnownMargin;
use crate::search::SearchGame;
use crate::search::oracles::Oracles;
use ply_rules::game::Player;
use ply_rules::games::kalah::Kalah;
use ply_rules::games::kalah::MAX_PITS;
use ply_rules::games::mancala::key;

use super::KalahDb;
use crate::search::Evaluator;

/// Ordering hint for a sowing whose last seed lands in the own store: the
/// same side moves again, so it is tried first.
pub const EXTRA_TURN_PRIORITY: i32 = 1_000;

/// Ordering hint for a capture, plus the seeds captured (at most 255, so
/// captures stay below extra turns and above quiet moves).
pub const CAPTURE_PRIORITY: i32 = 100;

impl SearchGame for Kalah {
    /// Packs the whole position into 32 bytes and mixes them as four words
    /// with a multiply-xorshift: a handful of instructions, and equal
    /// positions (whose unused pits are always empty) give equal keys.
    fn hash_key(&self) -> u64 {
        let rest = [
            self.stores[0],
            self.stores[1],
            self.pit_count,
            u8::from(self.side == Player::Two),
            u8::from(self.empty_capture),
            0,
            0,
            0,
        ];
        key::mix(&key::pack(&self.pits[0], &self.pits[1], rest))
    }

    /// [`KalahEvaluation::DEFAULT`]: the store margin and extra turns in hand.
    fn evaluate(&self) -> i32 {
        KalahEvaluation::DEFAULT.evaluate(self)
    }

    /// Extra turns first, then captures by size, then the rest.
    fn move_priority(&self, mv: u8) -> i32 {
        let mut copy = *self;
        let sowing = copy.sow(usize::from(mv));
        if sowing.extra_turn {
            EXTRA_TURN_PRIORITY
        } else if sowing.captured > 0 {
            CAPTURE_PRIORITY + i32::from(sowing.captured)
        } else {
            0
        }
    }

    fn move_index(mv: u8) -> usize {
        usize::from(mv)
    }

    const MOVE_INDEX_LIMIT: usize = MAX_PITS as usize;

    fn network() -> Option<&'static EmbeddedNetwork> {
        Some(&network::EMBEDDED)
    }

    fn network_input(&self, perspective: Player, slots: &mut Slots) -> bool {
        network::input(self, perspective, slots)
    }

    /// The store margin.
    fn network_base(&self) -> i32 {
        store_difference(self) * SEED_VALUE
    }

    /// The endgame database holds f, the gain still to come; the final
    /// margin adds what the stores hold already.
    fn known_margin(&self, oracles: &Oracles) -> Option<KnownMargin> {
        let future = oracles.get::<KalahDb>()?.probe(self)?;
        Some(KnownMargin::exact(
            (store_difference(self) + future) * SEED_VALUE,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_rules::game::{Game, MoveList};
    use ply_rules::games::kalah::KalahRules;
    use std::collections::HashMap;

    fn pos(text: &str) -> Kalah {
        Kalah::from_position_string(text, false).unwrap()
    }

    #[test]
    fn evaluation_is_the_store_difference_for_the_mover() {
        let south = pos("4,4,4,4,4,4 7 4,4,4,4,4,4 3 s");
        assert_eq!(store_difference(&south), 4);
        assert_eq!(KalahEvaluation::STORE_DIFFERENCE.evaluate(&south), 400);
        let north = pos("4,4,4,4,4,4 7 4,4,4,4,4,4 3 n");
        assert_eq!(store_difference(&north), -4);
        assert_eq!(KalahEvaluation::STORE_DIFFERENCE.evaluate(&north), -400);
    }

    #[test]
    fn move_priority_orders_extra_turns_then_captures_by_size() {
        // Pit 1 (1 seed) -> pit 2, empty, opposite North pit 5 (9): capture
        // 10. Pit 3 (4 seeds) -> store: extra turn. Pit 4 (1) -> pit 5,
        // empty, opposite North pit 2 (2): capture 3. Pit 6 (5): quiet.
        let p = pos("1,0,4,1,0,5 0 1,2,1,1,9,1 0 s");
        assert_eq!(p.move_priority(0), CAPTURE_PRIORITY + 10);
        assert_eq!(p.move_priority(2), EXTRA_TURN_PRIORITY);
        assert_eq!(p.move_priority(3), CAPTURE_PRIORITY + 3);
        assert_eq!(p.move_priority(5), 0);
        // Asking does not change the position.
        assert_eq!(p, pos("1,0,4,1,0,5 0 1,2,1,1,9,1 0 s"));
        assert_eq!(Kalah::move_index(5), 5);
        assert_eq!(Kalah::MOVE_INDEX_LIMIT, 12);
    }

    #[test]
    fn equal_positions_have_equal_keys_and_keys_rarely_collide() {
        let start = Kalah::start(KalahRules::new(6, 4, false).unwrap()).unwrap();
        let again = pos("4,4,4,4,4,4 0 4,4,4,4,4,4 0 s");
        assert_eq!(start.hash_key(), again.hash_key());
        let north = pos("4,4,4,4,4,4 0 4,4,4,4,4,4 0 n");
        assert_ne!(start.hash_key(), north.hash_key());

        // Every position within 8 plies: distinct positions, distinct keys.
        let mut seen: HashMap<u64, Kalah> = HashMap::new();
        let mut frontier = vec![start];
        for _ in 0..8 {
            let mut next = Vec::new();
            for p in frontier {
                if let Some(other) = seen.insert(p.hash_key(), p) {
                    assert_eq!(other, p, "key collision");
                }
                let mut moves = MoveList::new();
                p.legal_moves(&mut moves);
                for mv in moves {
                    let mut child = p;
                    child.play(mv);
                    next.push(child);
                }
            }
            frontier = next;
        }
        assert!(seen.len() > 50_000, "{}", seen.len());
    }
}
