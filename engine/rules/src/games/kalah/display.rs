//! The board drawn for a person, the way the Prolog Kalah program draws it
//! (see [`crate::games::mancala::display`]).

use super::position::Kalah;
use crate::game::Player;
use crate::games::mancala::display::{Side, picture};

impl Kalah {
    /// The board with South ([`Player::One`]) at the bottom: three lines,
    /// each ending in a newline.
    #[must_use]
    pub fn drawing(&self) -> String {
        self.drawing_for(Player::One)
    }

    /// The board with `bottom`'s row at the bottom, as the Prolog Kalah
    /// program draws it for the person playing `bottom`: three lines, each
    /// ending in a newline.
    #[must_use]
    pub fn drawing_for(&self, bottom: Player) -> String {
        let side = |player: Player| Side {
            pits: self.pits(player),
            store: self.store(player),
        };
        picture(side(bottom.opponent()), side(bottom))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::kalah::KalahRules;

    #[test]
    fn the_seeds_start_picture() {
        let start = Kalah::start(KalahRules::default()).unwrap();
        let seed = "     6    6    6    6    6    6\n\
                    0                                  0\n     \
                    6    6    6    6    6    6\n";
        assert_eq!(start.drawing(), seed);
        // 0, 34 spaces, 0: the store cell (1 + 4) and tab(30).
        assert_eq!(start.drawing().lines().nth(1).map(str::len), Some(36));
    }

    #[test]
    fn top_row_is_reversed_and_two_digit_counts_pad_by_three() {
        // From the Prolog Kalah transcripts' 4-seed game, the computer
        // (South) on top.
        let pos = Kalah::from_position_string("0,13,6,1,2,0 13 0,0,0,0,2,0 11 n", false).unwrap();
        let seed = "     0    2    1    6    13   0\n\
                    13                                 11\n     \
                    0    0    0    0    2    0\n";
        assert_eq!(pos.drawing_for(Player::Two), seed);
        let south_below = "     0    2    0    0    0    0\n\
                           11                                 13\n     \
                           0    13   6    1    2    0\n";
        assert_eq!(pos.drawing(), south_below);
    }

    #[test]
    fn other_pit_counts_stay_aligned() {
        let pos = Kalah::from_position_string("1,2,100 10 3,4,5 0 s", false).unwrap();
        let expected = "     5    4    3\n\
                        0                   10\n     \
                        1    2    100\n";
        assert_eq!(pos.drawing(), expected);
    }
}
