//! Kalah's network input (see `crate::network`), the layout every sowing
//! game's network reads (`crate::network::pits`): from a side's view, the
//! seeds in each pit counted from its left round the board (its own six
//! pits, then the opponent's six), and the seeds in each store. The
//! network's value is added to the store margin, which it does not need
//! to learn; the stores are inputs all the same, because how near a side
//! is to half the seeds changes what the pits are worth.
//!
//! The network reads Kalah(6,6) with the standard capture only, the game
//! it was trained on (Kalah(6,4) and smaller are solved outright by the
//! databases and the solver); other boards play the hand-written
//! evaluation.

use ply_rules::game::Player;
use ply_rules::games::kalah::{Kalah, KalahRules};
use ply_rules::registry::GameDef;

use crate::network::Slots;
use crate::network::file::EmbeddedNetwork;
use crate::network::input::InputShape;
use crate::network::pits::PitsInput;

/// The game the network was trained on: Kalah(6,6), the standard capture.
const TRAINED: KalahRules = KalahRules {
    pits: 6,
    seeds: 6,
    empty_capture: false,
};
/// Every seed of [`TRAINED`]'s board.
const TRAINED_SEEDS: usize = 2 * TRAINED.pits as usize * TRAINED.seeds as usize;
/// Seed counts a pit tells apart: 0 to 22, and 23 or more.
pub const SEED_VALUES: usize = 24;
/// Seed counts a store tells apart: 0 to 72, every seed of the board.
pub const STORE_VALUES: usize = TRAINED_SEEDS + 1;
/// The board as the network reads it.
const PITS: PitsInput = PitsInput {
    pits: TRAINED.pits as usize,
    pit_values: SEED_VALUES,
    store_values: STORE_VALUES,
};

/// Kalah's network input: 12 pit slots and 2 store slots.
pub const INPUT: InputShape =
    InputShape::new(<Kalah as GameDef>::NAME, PITS.inputs(), PITS.slots());

/// The network Kalah plays unless `EvalFile` says otherwise.
pub static EMBEDDED: EmbeddedNetwork = EmbeddedNetwork::new(
    include_bytes!("../../../networks/kalah-3a555654c41a.nnue"),
    INPUT,
);

/// Whether the network reads `position`: the board it was trained on,
/// Kalah(6,6) with the standard capture (the seeds a board holds never
/// change, so this is the start's variant).
#[must_use]
pub fn fits(position: &Kalah) -> bool {
    position.pit_count() == TRAINED.pits
        && position.empty_capture() == TRAINED.empty_capture
        && usize::from(position.total_seeds()) == TRAINED_SEEDS
}

/// The features on in `position` from `perspective`'s view, a slot each;
/// false on boards other than Kalah(6,6).
pub fn input(position: &Kalah, perspective: Player, slots: &mut Slots) -> bool {
    if !fits(position) {
        return false;
    }
    let opponent = perspective.opponent();
    PITS.fill(
        position.pits(perspective),
        position.pits(opponent),
        [position.store(perspective), position.store(opponent)],
        slots,
    );
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::SearchGame;

    /// The first store feature: after twelve pits' counts.
    const STORES: usize = PITS.first_store();

    fn pos(text: &str) -> Kalah {
        Kalah::from_position_string(text, false).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn each_side_sees_its_own_pits_first() {
        let p = pos("0,3,0,0,0,30 5 1,0,0,2,0,0 31 n");
        let mut south = Slots::new();
        assert!(input(&p, Player::One, &mut south));
        assert_eq!(south.len(), INPUT.slots);
        assert_eq!(south[1], (SEED_VALUES + 3) as u16);
        // 30 seeds: the last count, 23 or more.
        assert_eq!(south[5], (5 * SEED_VALUES + SEED_VALUES - 1) as u16);
        assert_eq!(south[12], (STORES + 5) as u16);
        assert_eq!(south[13], (STORES + STORE_VALUES + 31) as u16);
        let mut north = Slots::new();
        assert!(input(&p, Player::Two, &mut north));
        // North's pit 1 (1 seed), then South's pit 1 (empty).
        assert_eq!(north[0], 1);
        assert_eq!(north[6], (6 * SEED_VALUES) as u16);
        assert_eq!(north[12], (STORES + 31) as u16);
        assert_eq!(north[13], (STORES + STORE_VALUES + 5) as u16);
    }

    #[test]
    fn reads_kalah_six_six_only() {
        assert!(fits(&pos("6,6,6,6,6,6 0 6,6,6,6,6,6 0 s")));
        let four = pos("4,4,4,4,4,4 0 4,4,4,4,4,4 0 s");
        assert!(!input(&four, Player::One, &mut Slots::new()));
        let irving = Kalah::from_position_string("6,6,6,6,6,6 0 6,6,6,6,6,6 0 s", true)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(!fits(&irving));
        // Six pits, but 78 seeds (which rounds to six a pit too).
        assert!(!fits(&pos("6,6,6,6,6,0 10 6,6,6,6,0,0 14 n")));
        // Twelve pits of three: 72 seeds, another board.
        assert!(!fits(&pos(
            "3,3,3,3,3,3,3,3,3,3,3,3 0 3,3,3,3,3,3,3,3,3,3,3,3 0 s"
        )));
    }

    #[test]
    fn the_base_is_the_store_margin() {
        let p = pos("6,6,6,6,6,0 7 6,6,6,6,0,0 11 n");
        assert!(fits(&p));
        assert_eq!(p.network_base(), 400);
    }
}
