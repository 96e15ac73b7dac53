//! Russian draughts in the front ends: the board with the person's side at
//! the bottom in the terminal, an 8×8 SVG board on the page
//! (`web/assets/games/draughts.js`) that is played by clicking the piece
//! and each landing square, the Prolog draughts program's "you must
//! capture" and its draw offer when only kings remain.
//!
//! One concept a file: `squares` (names), `text` (the terminal drawing),
//! `clicks` (moves by clicks), `ending` (when a draw is offered),
//! `database` (the endgame tables the page offers).

pub mod clicks;
pub mod database;
pub mod ending;
pub mod squares;
pub mod text;

use ply_rules::game::{Game, NotationError, Player};
use ply_rules::games::russian::{Piece, Russian};
use serde_json::{Map, Value, json};

use super::{BoardView, GameFrontEnd, GameUi};
use squares::{SQUARES, name};

/// Russian draughts' words for the front ends.
pub static UI: GameUi = GameUi {
    seat: "your side is at the bottom; w and b are men, W and B kings",
    turn_example: "c3-d4",
    move_help: "A move is the square a piece leaves and the square it goes to: c3-d4. \
                A capture names every square it lands on, joined by ':' (or 'x'): \
                c3:e5:g3; when only one capture goes from the first square to the last, \
                c3:g3 will do. Capturing is mandatory, but you choose which capture.",
    page_hint: [
        "click a piece, then each square it lands on",
        "click a piece, then each square it lands on",
    ],
    unit: "man",
    two_sided: true,
    start_options: &[],
    turn_goes_on: "you move again",
    turn_is_over: "a turn is one move (a capture with all its landings is one move)",
    database: Some(&database::DATABASE),
};

impl GameFrontEnd for Russian {
    const UI: &'static GameUi = &UI;

    fn view(&self) -> Box<dyn BoardView + '_> {
        Box::new(RussianView(self))
    }

    /// The Prolog draughts program's "you must capture" for a move without
    /// capture while a capture exists.
    fn canonical_move(&self, text: &str) -> Result<String, NotationError> {
        canonical_move(self, text)
    }
}

/// The Prolog draughts program's message for a move without capture while
/// a capture exists.
pub const MUST_CAPTURE: &str = "you must capture";

/// `text` as the game writes the move, if it is legal in `position`; a
/// move without capture while a capture exists is refused with the Prolog
/// draughts program's words and the captures there are.
///
/// # Errors
/// The rules' reason why `text` is no legal move here.
pub fn canonical_move(position: &Russian, text: &str) -> Result<String, NotationError> {
    match position.parse_move(text) {
        Ok(mv) => Ok(position.format_move(mv)),
        Err(NotationError::IllegalMove { text, .. })
            if position.must_capture() && !text.contains([':', 'x']) =>
        {
            let captures = super::legal_moves_of(position);
            Err(NotationError::IllegalMove {
                text,
                reason: format!("{MUST_CAPTURE}: {}", captures.join(", ")),
            })
        }
        Err(error) => Err(error),
    }
}

/// A Russian draughts position as the front ends show it.
#[derive(Debug)]
pub struct RussianView<'a>(pub &'a Russian);

impl BoardView for RussianView<'_> {
    fn text(&self, bottom: Player) -> String {
        text::drawing(self.0, bottom)
    }

    /// `{"kind":"draughts","pieces":{"a1":"w",…},"side":0,
    /// "must_capture":false,"clicks":{"c3":{"next":["b4","d4"]},
    /// "c3 d4":{"move":"c3-d4"},…}}`: pieces by square (`w`/`b` men,
    /// `W`/`B` kings), and the click plan ([`clicks::plan`]).
    fn json(&self) -> Value {
        let position = self.0;
        let mut pieces = Map::new();
        for s in 0..SQUARES {
            let letter = match position.piece_at(s) {
                None => continue,
                Some(Piece::Man(Player::One)) => "w",
                Some(Piece::Man(Player::Two)) => "b",
                Some(Piece::King(Player::One)) => "W",
                Some(Piece::King(Player::Two)) => "B",
            };
            pieces.insert(name(s), Value::from(letter));
        }
        json!({
            "kind": "draughts",
            "pieces": pieces,
            "side": position.side_to_move().index(),
            "must_capture": position.must_capture(),
            "clicks": clicks::plan(position),
        })
    }

    fn draw_offer(&self) -> Option<String> {
        ending::only_kings_remain(self.0)
    }

    fn draw_rule(&self) -> Option<&'static str> {
        self.0.draw_rule().map(|rule| rule.describe())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quiet_move_while_a_capture_exists_is_refused_with_the_seeds_words() {
        let p = Russian::from_position_string("W:Wc3,a1:Bd4,h8").unwrap();
        let err = canonical_move(&p, "a1-b2").unwrap_err().to_string();
        assert_eq!(err, "illegal move 'a1-b2': you must capture: c3:e5");
        assert_eq!(canonical_move(&p, "c3xe5").unwrap(), "c3:e5");
        let bad = canonical_move(&p, "c3-c4").unwrap_err().to_string();
        assert!(bad.contains("not a move"), "{bad}");
        let start = Russian::start();
        assert_eq!(canonical_move(&start, "c3-d4").unwrap(), "c3-d4");
        let wrong = canonical_move(&start, "c3-e5").unwrap_err().to_string();
        assert!(!wrong.contains(MUST_CAPTURE), "{wrong}");
    }

    #[test]
    fn the_page_gets_pieces_and_the_click_plan() {
        let p = Russian::from_position_string("B:WKa1,c3:Bd4,h8").unwrap();
        let value = RussianView(&p).json();
        assert_eq!(value["kind"], "draughts");
        assert_eq!(value["pieces"]["a1"], "W");
        assert_eq!(value["pieces"]["h8"], "b");
        assert_eq!(value["side"], 1);
        assert_eq!(value["must_capture"], true);
        assert_eq!(value["clicks"]["d4 b2"]["move"], "d4:b2");
    }
}
