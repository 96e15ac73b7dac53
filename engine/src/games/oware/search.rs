//! What the search needs from Oware: a hash key, an evaluation and
//! move-ordering hints.
//!
//! The key is the board's and side to move's, not the history's: a
//! position reached along two lines shares its table entry even when one
//! line could later end in a repetition and the other not. Chess engines
//! accept the same inexactness for their repetition draws (the "graph
//! history interaction"); the rules themselves, and the search's own view
//! of the line it is on, always see the whole history.

use super::endgame::OwareDb;
use super::eval::OwareEvaluation;
use super::network;
use crate::network::{EmbeddedNetwork, Slots};
use crate::search::SearchGame;
use crate::search::oracles::Oracles;
use crate::search::{Evaluator, KnownMargin};
use ply_rules::game::Player;
use ply_rules::games::mancala::MAX_PITS;
use ply_rules::games::mancala::SEED_VALUE;
use ply_rules::games::oware::Oware;

/// Ordering hint for a capture, plus the seeds captured, so bigger
/// captures are tried first and every capture before a quiet move.
pub const CAPTURE_PRIORITY: i32 = 100;

impl SearchGame for Oware {
    /// Kept up to date by every move (the history needs it anyway).
    fn hash_key(&self) -> u64 {
        self.key
    }

    /// [`OwareEvaluation::DEFAULT`]: the captured-seed margin and the
    /// fitted house table (mobility on other boards than six houses and 48
    /// seeds).
    fn evaluate(&self) -> i32 {
        OwareEvaluation::DEFAULT.evaluate(self)
    }

    /// Captures by size, then the rest; tried on a copy of the board only.
    fn move_priority(&self, mv: u8) -> i32 {
        let mut board = self.board;
        match board.sow(self.side, usize::from(mv)) {
            0 => 0,
            captured => CAPTURE_PRIORITY + i32::from(captured),
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

    /// The captured margin.
    fn network_base(&self) -> i32 {
        OwareEvaluation::margin(self)
    }

    /// The endgame database's bounds on the seeds still to come (right
    /// after a capture only: see [`OwareDb::probe`]), plus the stores.
    /// They are margins of the game played until the board is decided; a
    /// majority in a store ends Ply's game sooner, but never changes who
    /// wins, and a proven score only needs the sign to be right.
    fn known_margin(&self, oracles: &Oracles) -> Option<KnownMargin> {
        let future = oracles.get::<OwareDb>()?.probe(self)?;
        let me = self.side;
        let stores = i32::from(self.store(me)) - i32::from(self.store(me.opponent()));
        Some(KnownMargin {
            lower: (stores + future.lower) * SEED_VALUE,
            upper: (stores + future.upper) * SEED_VALUE,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_rules::game::{Game, MoveList};
    use ply_rules::games::oware::OwareRules;
    use std::collections::HashMap;

    #[test]
    fn captures_first_by_size() {
        // South house 6 (2 seeds) ends in North house 2 (1 -> 2): captures
        // houses 2 and 1 (2 + 2). House 5 (2 seeds) ends in North house 1
        // (1 -> 2): captures 2. House 1 stays at home: nothing.
        let p = Oware::from_position_string("1,0,0,0,2,2 0 1,1,5,0,0,0 0 s").unwrap();
        assert_eq!(p.move_priority(5), CAPTURE_PRIORITY + 4);
        assert_eq!(p.move_priority(4), CAPTURE_PRIORITY + 2);
        assert_eq!(p.move_priority(0), 0);
        assert_eq!(Oware::move_index(5), 5);
    }

    #[test]
    fn keys_tell_positions_apart() {
        let start = Oware::start(OwareRules::default()).unwrap();
        let again = Oware::from_position_string("4,4,4,4,4,4 0 4,4,4,4,4,4 0 s").unwrap();
        assert_eq!(start.hash_key(), again.hash_key());
        let north = Oware::from_position_string("4,4,4,4,4,4 0 4,4,4,4,4,4 0 n").unwrap();
        assert_ne!(start.hash_key(), north.hash_key());
        let mut seen: HashMap<u64, String> = HashMap::new();
        let mut frontier = vec![start];
        for _ in 0..6 {
            let mut next = Vec::new();
            for p in frontier {
                let text = p.position_string();
                if let Some(other) = seen.insert(p.hash_key(), text.clone()) {
                    assert_eq!(other, text, "key collision");
                }
                let mut moves = MoveList::new();
                p.legal_moves(&mut moves);
                for mv in moves {
                    let mut child = p.clone();
                    child.play(mv);
                    next.push(child);
                }
            }
            frontier = next;
        }
        assert!(seen.len() > 5_000, "{}", seen.len());
    }
}
