//! Oware's text forms, in the shape every sowing game shares (see
//! [`crate::games::mancala::notation`]).
//!
//! A move is the number of the house sown, 1 to the house count from the
//! mover's own left (`3`).
//!
//! A position string is Kalah's: `<south houses> <south store> <north
//! houses> <north store> <side>`, the stores holding the seeds each side
//! has captured. The Abapa start is `4,4,4,4,4,4 0 4,4,4,4,4,4 0 s`. The
//! history since the last capture is not in the string: a position read
//! from one starts a fresh history (`position fen … moves …` builds it
//! from the moves).

use super::board::Board;
use super::position::Oware;
use crate::game::{NotationError, Player};
use crate::games::mancala::notation::{Rows, read_pit, write_pit};

impl Oware {
    /// Reads a position string (see the module docs). Any board that fits
    /// is accepted, including finished games.
    ///
    /// # Errors
    /// [`NotationError::BadPosition`], whose reason names what is wrong (see
    /// [`Rows::parse`]).
    pub fn from_position_string(text: &str) -> Result<Self, NotationError> {
        let rows = Rows::parse(text)?;
        Ok(Self::from_board(
            Board {
                houses: rows.pits,
                stores: rows.stores,
                house_count: rows.pit_count,
            },
            rows.side,
        ))
    }

    /// Writes the position string (see the module docs).
    pub fn write_position(&self) -> String {
        Rows::write(
            [self.houses(Player::One), self.houses(Player::Two)],
            self.board.stores,
            self.side,
        )
    }

    /// Reads a house number and checks that it may be sown here.
    pub fn read_move(&self, text: &str) -> Result<u8, NotationError> {
        let house = read_pit(text, self.board.house_count)?;
        let illegal = |reason: String| NotationError::IllegalMove {
            text: text.to_owned(),
            reason,
        };
        if self.is_over() {
            return Err(illegal("the game is over".to_owned()));
        }
        let number = write_pit(house);
        if self.houses(self.side)[usize::from(house)] == 0 {
            return Err(illegal(format!("house {number} is empty")));
        }
        if self.legal_mask() & (1 << house) == 0 {
            return Err(illegal(format!(
                "the opponent has no seeds and house {number} does not reach them; \
                 a move must give them some"
            )));
        }
        Ok(house)
    }

    /// Writes a 0-based house index as its 1-based number.
    pub fn write_move(house: u8) -> String {
        write_pit(house)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::oware::OwareRules;

    #[test]
    fn start_string_round_trips() {
        let start = Oware::start(OwareRules::default()).unwrap();
        let text = "4,4,4,4,4,4 0 4,4,4,4,4,4 0 s";
        assert_eq!(start.position_string(), text);
        assert_eq!(Oware::from_position_string(text).unwrap(), start);
    }

    #[test]
    fn bad_strings_say_why() {
        let err = Oware::from_position_string("4,4 0 4,4 0 x").unwrap_err();
        assert_eq!(
            err.to_string(),
            "bad position '4,4 0 4,4 0 x': side to move 'x' must be 's' (south) or 'n' (north)"
        );
    }

    #[test]
    fn moves_and_why_they_are_refused() {
        let pos = Oware::from_position_string("0,1,0,0,0,1 20 0,0,0,0,0,0 26 s").unwrap();
        assert!(pos.is_over(), "North has more than half");
        assert_eq!(
            pos.parse_move("6").unwrap_err().to_string(),
            "illegal move '6': the game is over"
        );
        let pos = Oware::from_position_string("0,1,0,0,0,1 20 0,0,0,0,0,0 20 s").unwrap();
        assert_eq!(
            pos.parse_move("1").unwrap_err().to_string(),
            "illegal move '1': house 1 is empty"
        );
        assert_eq!(
            pos.parse_move("2").unwrap_err().to_string(),
            "illegal move '2': the opponent has no seeds and house 2 does not reach them; \
             a move must give them some"
        );
        assert_eq!(pos.parse_move("6"), Ok(5));
        assert_eq!(pos.format_move(5), "6");
        assert_eq!(
            pos.parse_move("7").unwrap_err().to_string(),
            "'7' is not a move: pits are numbered 1 to 6"
        );
    }
}
