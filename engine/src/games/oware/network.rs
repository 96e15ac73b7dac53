//! Oware's network input (see `crate::network`), the layout every sowing
//! game's network reads (`crate::network::pits`): from a side's view, the
//! seeds in each house counted from its left round the board (its own six
//! houses, then the opponent's six), and the seeds in each store. The
//! network's value is added to the captured margin, which it does not
//! need to learn; the stores are inputs all the same, because how near a
//! side is to 25 changes what the houses are worth.
//!
//! The network reads Oware's own board only (six houses a side, 48
//! seeds), as the house table does; other boards play the table's
//! stand-in, mobility.

use ply_rules::game::Player;
use ply_rules::games::oware::Oware;
use ply_rules::registry::GameDef;

use super::house_table::{SIX_HOUSES, fits};
use crate::network::Slots;
use crate::network::file::EmbeddedNetwork;
use crate::network::input::InputShape;
use crate::network::pits::PitsInput;

/// Seed counts a house tells apart: 0 to 22, and 23 or more.
pub const SEED_VALUES: usize = 24;
/// Seed counts a store tells apart: 0 to 48.
pub const STORE_VALUES: usize = 49;
/// The board as the network reads it.
const PITS: PitsInput = PitsInput {
    pits: SIX_HOUSES,
    pit_values: SEED_VALUES,
    store_values: STORE_VALUES,
};

/// Oware's network input: 12 house slots and 2 store slots.
pub const INPUT: InputShape =
    InputShape::new(<Oware as GameDef>::NAME, PITS.inputs(), PITS.slots());

/// The network Oware plays unless `EvalFile` says otherwise.
pub static EMBEDDED: EmbeddedNetwork = EmbeddedNetwork::new(
    include_bytes!("../../../networks/oware-66f6010b2b76.nnue"),
    INPUT,
);

/// The features on in `position` from `perspective`'s view, a slot each;
/// false on boards other than Oware's own.
pub fn input(position: &Oware, perspective: Player, slots: &mut Slots) -> bool {
    if !fits(position) {
        return false;
    }
    let opponent = perspective.opponent();
    PITS.fill(
        position.houses(perspective),
        position.houses(opponent),
        [position.store(perspective), position.store(opponent)],
        slots,
    );
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::SearchGame;

    /// The first store feature: after twelve houses' counts.
    const STORES: usize = PITS.first_store();

    #[test]
    fn each_side_sees_its_own_houses_first() {
        let p = Oware::from_position_string("0,3,0,0,0,30 5 1,0,0,2,0,0 7 n")
            .unwrap_or_else(|e| panic!("{e}"));
        let mut south = Slots::new();
        assert!(input(&p, Player::One, &mut south));
        assert_eq!(south.len(), INPUT.slots);
        assert_eq!(south[1], (SEED_VALUES + 3) as u16);
        // 30 seeds: the last count, 23 or more.
        assert_eq!(south[5], (5 * SEED_VALUES + SEED_VALUES - 1) as u16);
        assert_eq!(south[12], (STORES + 5) as u16);
        assert_eq!(south[13], (STORES + STORE_VALUES + 7) as u16);
        let mut north = Slots::new();
        assert!(input(&p, Player::Two, &mut north));
        // North's house 1 (1 seed), then South's house 1 (empty).
        assert_eq!(north[0], 1);
        assert_eq!(north[6], (6 * SEED_VALUES) as u16);
        assert_eq!(north[12], (STORES + 7) as u16);
        // Another board is not read.
        let five = Oware::from_position_string("4,4,4,4,4 0 4,4,4,4,4 0 s")
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(!input(&five, Player::One, &mut Slots::new()));
    }

    #[test]
    fn the_base_is_the_margin() {
        let p = Oware::from_position_string("4,4,4,4,4,0 10 4,4,4,4,0,0 6 s")
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(p.network_base(), 400);
    }
}
