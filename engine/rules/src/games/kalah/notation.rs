//! Kalah's text forms: moves and position strings, in the shape every
//! sowing game shares (see [`crate::games::mancala::notation`]).
//!
//! A move is the number of the pit sown, 1 to the pit count from the
//! mover's own left, as the Prolog Kalah program numbers them (`3`). A
//! turn of several sowings is several moves.
//!
//! A position string lists the board in sowing order, then the side to
//! move: `<south pits> <south store> <north pits> <north store> <side>`,
//! pits comma-separated from each side's own left, side `s` or `n`. The
//! Kalah(6, 4) start is `4,4,4,4,4,4 0 4,4,4,4,4,4 0 s`. The pit count
//! comes from the string; the capture rule does not fit in it and is given
//! separately.

use super::position::Kalah;
use crate::game::{NotationError, Player};
use crate::games::mancala::notation::{Rows, read_pit, write_pit};

impl Kalah {
    /// Reads a position string (see the module docs); `empty_capture`
    /// chooses the capture rule, which the string does not carry.
    ///
    /// Fields may be separated by any amount of whitespace.
    ///
    /// # Errors
    /// [`NotationError::BadPosition`], whose reason names what is wrong: the
    /// field count, a pit or store that is no number from 0 to 255, a side
    /// with no pits or more than [`MAX_PITS`](super::MAX_PITS), sides of
    /// different lengths, a side to move other than `s`/`n`, or more than
    /// 255 seeds in all.
    pub fn from_position_string(text: &str, empty_capture: bool) -> Result<Self, NotationError> {
        let rows = Rows::parse(text)?;
        Ok(Self {
            pits: rows.pits,
            stores: rows.stores,
            pit_count: rows.pit_count,
            side: rows.side,
            empty_capture,
        })
    }

    /// Writes the position string (see the module docs).
    pub fn write_position(&self) -> String {
        Rows::write(
            [self.pits(Player::One), self.pits(Player::Two)],
            self.stores,
            self.side,
        )
    }

    /// Reads a pit number and checks that it can be sown here.
    pub fn read_move(&self, text: &str) -> Result<u8, NotationError> {
        let pit = read_pit(text, self.pit_count)?;
        let illegal = |reason: String| NotationError::IllegalMove {
            text: text.to_owned(),
            reason,
        };
        if self.is_over() {
            return Err(illegal("the game is over".to_owned()));
        }
        if self.pits[self.side.index()][usize::from(pit)] == 0 {
            return Err(illegal(format!("pit {} is empty", write_pit(pit))));
        }
        Ok(pit)
    }

    /// Writes a 0-based pit index as the Prolog Kalah program's 1-based
    /// pit number.
    pub fn write_move(pit: u8) -> String {
        write_pit(pit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::kalah::KalahRules;

    fn reason(text: &str) -> String {
        match Kalah::from_position_string(text, false) {
            Err(NotationError::BadPosition { text: t, reason }) => {
                assert_eq!(t, text);
                reason
            }
            other => panic!("expected BadPosition for {text:?}, got {other:?}"),
        }
    }

    #[test]
    fn start_string() {
        let start = Kalah::start(KalahRules::new(6, 4, false).unwrap()).unwrap();
        assert_eq!(start.position_string(), "4,4,4,4,4,4 0 4,4,4,4,4,4 0 s");
        let read = Kalah::from_position_string("4,4,4,4,4,4 0 4,4,4,4,4,4 0 s", false).unwrap();
        assert_eq!(read, start);
    }

    #[test]
    fn reads_other_pit_counts_and_the_capture_rule() {
        let pos = Kalah::from_position_string("1,2,3 4 5,6,7 8 n", true).unwrap();
        assert_eq!(pos.pit_count(), 3);
        assert_eq!(pos.pits(Player::One), &[1, 2, 3]);
        assert_eq!(pos.pits(Player::Two), &[5, 6, 7]);
        assert_eq!((pos.store(Player::One), pos.store(Player::Two)), (4, 8));
        assert_eq!(pos.side_to_move(), Player::Two);
        assert!(pos.empty_capture());
        assert_eq!(pos.position_string(), "1,2,3 4 5,6,7 8 n");
        let twelve = "1,1,1,1,1,1,1,1,1,1,1,1 0 2,2,2,2,2,2,2,2,2,2,2,2 0 s";
        let pos = Kalah::from_position_string(twelve, false).unwrap();
        assert_eq!(pos.position_string(), twelve);
    }

    #[test]
    fn extra_whitespace_between_fields() {
        let pos = Kalah::from_position_string("  4,4 \t 0   4,4 0\n s ", false).unwrap();
        assert_eq!(pos.position_string(), "4,4 0 4,4 0 s");
    }

    #[test]
    fn malformed_strings_say_what_is_wrong() {
        let layout = "'<south pits> <south store> <north pits> <north store> <side>'";
        assert_eq!(reason(""), format!("expected 5 fields {layout}, found 0"));
        assert_eq!(
            reason("4,4 0 4,4 0"),
            format!("expected 5 fields {layout}, found 4")
        );
        assert_eq!(
            reason("4,4 0 4,4 0 s x"),
            format!("expected 5 fields {layout}, found 6")
        );
        assert_eq!(
            reason("4,4,4 0 4,4 0 s"),
            "south has 3 pits but north has 2; both sides need the same number"
        );
        assert_eq!(
            reason("1,1,1,1,1,1,1,1,1,1,1,1,1 0 1 0 s"),
            "south has 13 pits; a side has 1 to 12"
        );
        assert_eq!(
            reason("1 0 1,1,1,1,1,1,1,1,1,1,1,1,1 0 s"),
            "north has 13 pits; a side has 1 to 12"
        );
        assert_eq!(
            reason("4,x 0 4,4 0 s"),
            "south pit 2 'x' is not a number from 0 to 255"
        );
        assert_eq!(
            reason("4,4 0 4,-1 0 s"),
            "north pit 2 '-1' is not a number from 0 to 255"
        );
        assert_eq!(
            reason("4,4 0 4,+4 0 s"),
            "north pit 2 '+4' is not a number from 0 to 255"
        );
        assert_eq!(
            reason("4,256 0 4,4 0 s"),
            "south pit 2 '256' is not a number from 0 to 255"
        );
        assert_eq!(reason("4,,4 0 4,4,4 0 s"), "south pit 2 is missing");
        assert_eq!(reason("4,4, 0 4,4 0 s"), "south pit 3 is missing");
        assert_eq!(reason(", 0 4 0 s"), "south pit 1 is missing");
        assert_eq!(
            reason("4,4 a 4,4 0 s"),
            "south store 'a' is not a number from 0 to 255"
        );
        assert_eq!(
            reason("4,4 0 4,4 1.5 s"),
            "north store '1.5' is not a number from 0 to 255"
        );
        assert_eq!(
            reason("4,4 0 4,4 0 x"),
            "side to move 'x' must be 's' (south) or 'n' (north)"
        );
        assert_eq!(
            reason("4,4 0 4,4 0 S"),
            "side to move 'S' must be 's' (south) or 'n' (north)"
        );
        assert_eq!(
            reason("200 0 50 6 s"),
            "the position holds 256 seeds; at most 255 fit"
        );
        // 255 exactly is fine.
        assert!(Kalah::from_position_string("200 0 50 5 s", false).is_ok());
    }

    #[test]
    fn error_message_quotes_the_text() {
        let err = Kalah::from_position_string("4,4 0 4,4 0 x", false).unwrap_err();
        assert_eq!(
            err.to_string(),
            "bad position '4,4 0 4,4 0 x': side to move 'x' must be 's' (south) or 'n' (north)"
        );
    }

    #[test]
    fn moves_are_pit_numbers_from_the_movers_left() {
        let start = Kalah::start(KalahRules::new(6, 4, false).unwrap()).unwrap();
        assert_eq!(start.parse_move("1"), Ok(0));
        assert_eq!(start.parse_move(" 6 "), Ok(5));
        assert_eq!(start.format_move(0), "1");
        assert_eq!(start.format_move(5), "6");
        let mut list = crate::game::MoveList::new();
        start.legal_moves(&mut list);
        for &mv in &list {
            assert_eq!(start.parse_move(&start.format_move(mv)), Ok(mv));
        }
    }

    #[test]
    fn bad_moves_and_illegal_moves() {
        let pos = Kalah::from_position_string("4,0,4,4,4,4 0 4,4,4,4,4,4 0 s", false).unwrap();
        let bad = |text: &str, reason: &str| NotationError::BadMove {
            text: text.to_owned(),
            reason: reason.to_owned(),
        };
        let syntax = "a move is a pit number from 1 to 6";
        let range = "pits are numbered 1 to 6";
        assert_eq!(pos.parse_move("x"), Err(bad("x", syntax)));
        assert_eq!(pos.parse_move(""), Err(bad("", syntax)));
        assert_eq!(pos.parse_move("-1"), Err(bad("-1", syntax)));
        assert_eq!(pos.parse_move("a1"), Err(bad("a1", syntax)));
        assert_eq!(pos.parse_move("[3]"), Err(bad("[3]", syntax)));
        assert_eq!(pos.parse_move("0"), Err(bad("0", range)));
        assert_eq!(pos.parse_move("7"), Err(bad("7", range)));
        assert_eq!(
            pos.parse_move("99999999999999999999"),
            Err(bad("99999999999999999999", range))
        );
        assert_eq!(
            pos.parse_move("2"),
            Err(NotationError::IllegalMove {
                text: "2".to_owned(),
                reason: "pit 2 is empty".to_owned()
            })
        );
        let over = Kalah::from_position_string("0,0,0,0,0,0 24 0,0,0,0,0,0 24 n", false).unwrap();
        assert_eq!(
            over.parse_move("3"),
            Err(NotationError::IllegalMove {
                text: "3".to_owned(),
                reason: "the game is over".to_owned()
            })
        );
        // The range follows the pit count.
        let small = Kalah::from_position_string("1,1,1 0 1,1,1 0 n", false).unwrap();
        assert_eq!(
            small.parse_move("4"),
            Err(bad("4", "pits are numbered 1 to 3"))
        );
        assert_eq!(
            pos.parse_move("7").unwrap_err().to_string(),
            "'7' is not a move: pits are numbered 1 to 6"
        );
    }
}
