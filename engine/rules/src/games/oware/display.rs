//! The board drawn for a person: the Prolog Kalah program's picture (see
//! [`crate::games::mancala::display`]), the stores holding the captured
//! seeds, South at the bottom.

use super::position::Oware;
use crate::game::Player;
use crate::games::mancala::display::{Side, picture};

impl Oware {
    /// The board with South ([`Player::One`]) at the bottom: three lines,
    /// each ending in a newline.
    #[must_use]
    pub fn drawing(&self) -> String {
        let side = |player: Player| Side {
            pits: self.houses(player),
            store: self.store(player),
        };
        picture(side(Player::Two), side(Player::One))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn north_on_top_right_to_left() {
        let pos = Oware::from_position_string("1,2,3,4,5,6 10 7,8,9,10,11,0 3 n").unwrap();
        let expected = "     0    11   10   9    8    7\n\
                        3                                  10\n     \
                        1    2    3    4    5    6\n";
        assert_eq!(pos.drawing(), expected);
    }
}
