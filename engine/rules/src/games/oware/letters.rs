//! Oware as Aualé and Aalina write it (their UCI dialect): houses as
//! letters, positions as fourteen numbers.
//!
//! - **Moves**: one letter a house, from its owner's left: South's `A` to
//!   `F`, North's `a` to `f`. The case says whose house it is, so a list
//!   of moves can be written as one word (`FdCa`).
//! - **Positions**: every house's seeds, South's from `A` then North's
//!   from `a`, then South's store and North's store, then the side to
//!   move (`S` or `N`), joined by `-`. The start is
//!   `4-4-4-4-4-4-4-4-4-4-4-4-0-0-S`.
//!
//! Ply's own forms (house numbers, `4,4,4,4,4,4 0 4,4,4,4,4,4 0 s`) say
//! the same things; these functions translate, and every check of Ply's
//! position strings and moves applies.

use super::position::Oware;
use super::rules::OwareRules;
use crate::game::{Game, NotationError, Player};
use crate::games::mancala::notation::Rows;
use crate::outside_notation::{LineForm, OutsideNotation};

/// Joins the numbers of a position.
const SEPARATOR: char = '-';

/// Each side's letter for the side to move, indexed by [`Player::index`].
const SIDE_LETTERS: [char; 2] = ['S', 'N'];

/// Each side's first house letter, indexed by [`Player::index`].
const FIRST_HOUSE: [u8; 2] = [b'A', b'a'];

/// The numbers besides the houses: the two stores.
const STORES: usize = 2;

/// The fewest houses a side has (one).
const MIN_HOUSES: usize = 1;

impl Oware {
    /// Writes house `house` (from 0, from its owner's left) of `side` as
    /// its letter.
    #[must_use]
    pub fn house_letter(side: Player, house: u8) -> char {
        char::from(FIRST_HOUSE[side.index()] + house)
    }

    /// Reads a house letter for the side to move, checking that the house
    /// may be sown now; the house from 0.
    ///
    /// # Errors
    /// [`NotationError::BadMove`] for a character that is no house's
    /// letter, [`NotationError::IllegalMove`] for the other side's house or
    /// a house that may not be sown.
    pub fn read_house_letter(&self, letter: char) -> Result<u8, NotationError> {
        let count = self.board.house_count;
        let owner_and_house = [Player::One, Player::Two].into_iter().find_map(|side| {
            let first = FIRST_HOUSE[side.index()];
            u8::try_from(letter)
                .ok()
                .filter(|&byte| (first..first + count).contains(&byte))
                .map(|byte| (side, byte - first))
        });
        let Some((owner, house)) = owner_and_house else {
            let last = |side: Player| Self::house_letter(side, count - 1);
            return Err(NotationError::BadMove {
                text: letter.to_string(),
                reason: format!(
                    "a house is a letter, A to {} for South, a to {} for North",
                    last(Player::One),
                    last(Player::Two)
                ),
            });
        };
        if owner != self.side {
            return Err(NotationError::IllegalMove {
                text: letter.to_string(),
                reason: format!(
                    "it is {}'s move, and {letter} is {}'s house",
                    side_name(self.side),
                    side_name(owner)
                ),
            });
        }
        self.read_move(&(house + 1).to_string())
            .map_err(|e| match e {
                NotationError::IllegalMove { reason, .. } => NotationError::IllegalMove {
                    text: letter.to_string(),
                    reason,
                },
                other => other,
            })
    }

    /// Reads a position in the letters' form (see the module docs).
    ///
    /// # Errors
    /// [`NotationError::BadPosition`] naming what is wrong.
    pub fn from_letters_position(text: &str) -> Result<Self, NotationError> {
        let bad = |reason: String| NotationError::BadPosition {
            text: text.to_owned(),
            reason,
        };
        let fields: Vec<&str> = text.trim().split(SEPARATOR).collect();
        let Some((side, numbers)) = fields.split_last() else {
            return Err(bad("it is empty".to_owned()));
        };
        let side = match side.chars().collect::<Vec<_>>().as_slice() {
            [letter] if *letter == SIDE_LETTERS[0] => Player::One,
            [letter] if *letter == SIDE_LETTERS[1] => Player::Two,
            _ => {
                let other = *side;
                return Err(bad(format!(
                    "the last field is the side to move, S or N, found '{other}'"
                )));
            }
        };
        if numbers.len() < STORES + 2 * MIN_HOUSES || numbers.len() % 2 != 0 {
            return Err(bad(format!(
                "expected both sides' houses and the two stores before the side, \
                 an even number of numbers (14 in Abapa), found {}",
                numbers.len()
            )));
        }
        let seeds = numbers
            .iter()
            .map(|n| {
                n.parse::<u8>()
                    .map_err(|_| bad(format!("'{n}' is not a number of seeds")))
            })
            .collect::<Result<Vec<u8>, NotationError>>()?;
        let houses = (seeds.len() - STORES) / 2;
        let (south, rest) = seeds.split_at(houses);
        let (north, stores) = rest.split_at(houses);
        // Through Ply's own position string, so that the same checks hold.
        let ply = Rows::write([south, north], [stores[0], stores[1]], side);
        Self::from_position_string(&ply).map_err(|e| match e {
            NotationError::BadPosition { reason, .. } => bad(reason),
            other => other,
        })
    }

    /// Writes the position in the letters' form (see the module docs).
    #[must_use]
    pub fn write_letters_position(&self) -> String {
        let numbers = [Player::One, Player::Two]
            .iter()
            .flat_map(|&side| self.houses(side).iter().copied())
            .chain(self.board.stores);
        let mut text: Vec<String> = numbers.map(|n| n.to_string()).collect();
        text.push(SIDE_LETTERS[self.side.index()].to_string());
        text.join(&SEPARATOR.to_string())
    }
}

/// Oware's letters as Aalina's dialect reads and writes them (see the
/// module docs): the engine's translator of that dialect is written over
/// this.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Letters;

impl OutsideNotation for Letters {
    type Game = Oware;

    const LINE: LineForm = LineForm::Letters;

    const MOVE_NAME: &'static str = "house letter";

    /// Aualé's start, whatever the session's Oware options: the Abapa
    /// board of the default rules (Aualé plays no other).
    fn start() -> Oware {
        Oware::start(OwareRules::default())
            .unwrap_or_else(|e| panic!("the default Oware rules must make a game: {e}"))
    }

    fn read_position(text: &str) -> Result<Oware, NotationError> {
        Oware::from_letters_position(text)
    }

    fn write_position(position: &Oware) -> String {
        position.write_letters_position()
    }

    fn read_move(position: &Oware, text: &str) -> Result<u8, NotationError> {
        let mut letters = text.chars();
        match (letters.next(), letters.next()) {
            (Some(letter), None) => position.read_house_letter(letter),
            _ => Err(NotationError::BadMove {
                text: text.to_owned(),
                reason: format!("a move is one {}", Self::MOVE_NAME),
            }),
        }
    }

    fn write_move(position: &Oware, house: u8) -> String {
        Oware::house_letter(position.side_to_move(), house).to_string()
    }
}

/// A side's name in messages.
fn side_name(side: Player) -> &'static str {
    match side {
        Player::One => "South",
        Player::Two => "North",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::oware::OwareRules;

    fn start() -> Oware {
        Oware::start(OwareRules::default()).expect("the start")
    }

    #[test]
    fn the_start_and_two_moves_as_auale_writes_them() {
        let mut position = start();
        assert_eq!(
            position.write_letters_position(),
            "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"
        );
        assert_eq!(
            Oware::from_letters_position("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"),
            Ok(position.clone())
        );
        // Aualé's own transcript: F, then a.
        let f = position.read_house_letter('F').expect("F");
        assert_eq!(Oware::house_letter(Player::One, f), 'F');
        position.play(f);
        assert_eq!(
            position.write_letters_position(),
            "4-4-4-4-4-0-5-5-5-5-4-4-0-0-N"
        );
        let a = position.read_house_letter('a').expect("a");
        assert_eq!(Oware::house_letter(Player::Two, a), 'a');
        position.play(a);
        assert_eq!(
            position.write_letters_position(),
            "4-4-4-4-4-0-0-6-6-6-5-5-0-0-S"
        );
    }

    #[test]
    fn a_position_with_captures_reads_back() {
        let text = "3-6-3-3-2-0-0-0-1-1-11-9-9-0-N";
        let position = Oware::from_letters_position(text).expect("Aualé's position");
        assert_eq!(position.write_letters_position(), text);
        assert_eq!(position.side, Player::Two);
        assert_eq!(position.board.stores, [9, 0]);
    }

    #[test]
    fn wrong_letters_say_why() {
        let position = start();
        let message = |letter| {
            position
                .read_house_letter(letter)
                .map(|_| String::new())
                .unwrap_or_else(|e| e.to_string())
        };
        assert_eq!(
            message('a'),
            "illegal move 'a': it is South's move, and a is North's house"
        );
        assert_eq!(
            message('G'),
            "'G' is not a move: a house is a letter, A to F for South, a to f for North"
        );
        assert!(message('1').starts_with("'1' is not a move: a house is a letter"));
        let empty =
            Oware::from_letters_position("0-4-4-4-4-4-4-4-4-4-4-4-0-4-S").expect("position");
        assert_eq!(
            empty.read_house_letter('A').unwrap_err().to_string(),
            "illegal move 'A': house 1 is empty"
        );
    }

    #[test]
    fn bad_positions_say_why() {
        for bad in [
            "",
            "4-4-4-4-4-4-4-4-4-4-4-4-0-0",
            "4-4-4-4-4-4-4-4-4-4-4-4-0-0-X",
            "4-4-4-4-4-4-4-4-4-4-4-0-0-S",
            "4-4-4-4-4-4-4-4-4-4-4-x-0-0-S",
        ] {
            assert!(
                matches!(
                    Oware::from_letters_position(bad),
                    Err(NotationError::BadPosition { .. })
                ),
                "{bad:?} must be refused"
            );
        }
    }
}
