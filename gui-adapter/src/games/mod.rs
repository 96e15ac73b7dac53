//! What the front ends know about each game: how to draw it in a terminal,
//! how to describe it to the page, how a person types its moves.
//!
//! The rules are not here: every move is checked by the rules crate
//! ([`AnyGame`]), the same code the engine plays by, and the game's names
//! (its sides, its options, its title) come from the game registry. This
//! module only adds the presentation, one file per game, each registered
//! by implementing [`GameFrontEnd`].
//!
//! Adding a game (after the rules crate has it in its registry):
//! 1. a module here with a [`GameUi`] constant, a [`BoardView`] for its
//!    positions and its `impl GameFrontEnd` (see [`kalah`]), and its
//!    `pub mod` line below;
//! 2. a drawing for the page: a `PlyGames.<name>` in `web/assets/games/`,
//!    listed in `web/assets.rs` (until then the page shows the generic
//!    view: the text drawing and a button per legal move).
//!
//! A game whose `impl GameFrontEnd` keeps the defaults gets the
//! [`generic`] presentation: the rules crate's own text drawing.

pub mod database_size;
pub mod generic;
pub mod kalah;
pub mod mastermind;
pub mod oware;
pub mod russian;
pub mod tictactoe;

use std::collections::BTreeMap;

use ply_protocol::Score;
use ply_rules::game::{Game, NotationError, Player};
use ply_rules::registry::GameDef;
use ply_rules::variant::{AnyGame, Variant};
use ply_rules::{with_game, with_variant};
use serde_json::Value;

/// Facts about a game's presentation that do not depend on the position.
/// (Its sides' names, rule options and title are the registry's:
/// [`Variant::sides`], [`Variant::option_names`], `AnyRules::title`.)
#[derive(Debug)]
pub struct GameUi {
    /// Where the person's side is on the terminal's board.
    pub seat: &'static str,
    /// A turn as a person types it in the terminal.
    pub turn_example: &'static str,
    /// How moves are written and when a turn has more than one, for the
    /// terminal's help.
    pub move_help: &'static str,
    /// What the page asks of the person to move, by the side to move
    /// (player one first): "click a pit".
    pub page_hint: [&'static str; 2],
    /// What one hundred `cp` of a score are ("seed").
    pub unit: &'static str,
    /// Whether the two players sit at two sides of one board, so a score
    /// is one side's advantage (the page's evaluation bar) and the board
    /// can be turned round (its Flip button). Mastermind's breaker and
    /// maker do not: its page shows neither.
    pub two_sided: bool,
    /// Rule options a person gets when giving none of them, as `setoption`
    /// writes them: Kalah's front ends start Kalah(6,4), the usual
    /// tournament start the docs show, where the engine's own default
    /// stays the 6 seeds of the game's first description.
    pub start_options: &'static [(&'static str, &'static str)],
    /// Why a turn goes on after a move (Kalah's extra turn).
    pub turn_goes_on: &'static str,
    /// Why a turn is over after a move.
    pub turn_is_over: &'static str,
    /// The exact database the engine can build and use for this game
    /// (Kalah's and Oware's endgame databases, Russian draughts' endgame
    /// tables), if any: the page's
    /// database offer, exact-value view and "perfect" strength ask for it.
    pub database: Option<&'static DatabaseUi>,
}

/// A game's exact database as `ply-gui` offers it: built by the engine
/// binary (`ply-engine build-db …`) into the user's cache, where the
/// engine finds it by itself (`EndgameDB auto`) for the rules played.
#[derive(Debug)]
pub struct DatabaseUi {
    /// What a database's size counts ("seeds on the board").
    pub size_unit: &'static str,
    /// The sizes the page offers for the rule options in force (by
    /// declared name), smallest first.
    pub choices: fn(&BTreeMap<String, String>) -> Vec<u32>,
    /// How to build a database of `size` for the rule options in force.
    pub plan: fn(&BTreeMap<String, String>, u32) -> Result<BuildPlan, String>,
    /// Whether the engine plays proven moves with it (`perfect` strength):
    /// Kalah's databases hold exact values; Oware's hold bounds, which the
    /// search uses but which prove no move everywhere.
    pub perfect_play: bool,
    /// Whether a proven value is a result (+1 a win, 0 a draw, −1 a loss:
    /// Russian draughts' tables) rather than a final margin (the sowing
    /// games' seeds): the page then says it in words.
    pub results: bool,
}

/// One database build: the engine's arguments and what it will cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildPlan {
    /// The engine binary's arguments (`build-db --max-seeds 20 --pits 6`).
    pub args: Vec<String>,
    /// The file's size in bytes.
    pub bytes: u64,
    /// The memory the build needs, in bytes (the engine's figure).
    pub memory: u64,
    /// The expected build time in seconds (at least 1), on two threads.
    pub seconds: u64,
}

/// A position as the front ends show it.
pub trait BoardView {
    /// The board in text, `bottom`'s side nearest the reader.
    fn text(&self, bottom: Player) -> String;
    /// The board for the page's drawing: a JSON object whose `kind` names
    /// the page's drawing module.
    fn json(&self) -> Value;
    /// Each side's final count (seeds, points) when the game has one.
    fn tally(&self) -> Option<[u32; 2]> {
        None
    }
    /// Why a draw may be offered to a person here (the Prolog draughts
    /// program's offer when only kings remain), or `None` for positions
    /// that are still open.
    fn draw_offer(&self) -> Option<String> {
        None
    }
    /// The draw rule that ended the game here, in words, when a rule
    /// (not the board) made it a draw.
    fn draw_rule(&self) -> Option<&'static str> {
        None
    }
    /// Whether the page gets the legal moves to click; false where a move
    /// is typed instead of chosen from a list (Mastermind's guesses).
    fn lists_moves(&self) -> bool {
        true
    }
    /// A score in the game's own words, beside the number (Mastermind:
    /// the guesses the breaker is expected to need in all).
    fn score_note(&self, _score: &Score) -> Option<String> {
        None
    }
}

/// A game in the front ends: every registered game implements it, in its
/// own module here; the defaults are the [`generic`] presentation.
pub trait GameFrontEnd: GameDef {
    /// The game's words for the terminal and the page.
    const UI: &'static GameUi = &generic::UI;

    /// The presentation of this position.
    fn view(&self) -> Box<dyn BoardView + '_> {
        Box::new(generic::GenericView(self))
    }

    /// `text` as the game writes the move, if it is legal here.
    ///
    /// # Errors
    /// The game's reason why `text` is no move, or no legal move, here.
    fn canonical_move(&self, text: &str) -> Result<String, NotationError> {
        self.parse_move(text).map(|mv| self.format_move(mv))
    }

    /// A turn as a person typed it, in the game's notation (the moves as
    /// typed by default).
    fn typed_turn(&self, moves: Vec<String>) -> Vec<String> {
        moves
    }
}

/// The facts about `variant`.
#[must_use]
pub fn ui(variant: Variant) -> &'static GameUi {
    with_variant!(variant, G => <G as GameFrontEnd>::UI)
}

/// The presentation of `game`.
#[must_use]
pub fn view(game: &AnyGame) -> Box<dyn BoardView + '_> {
    with_game!(game, g => GameFrontEnd::view(g))
}

/// Every legal move in `game`, in the game's notation.
#[must_use]
pub fn legal_moves(game: &AnyGame) -> Vec<String> {
    with_game!(game, g => legal_moves_of(g))
}

/// Every legal move of one game's position, in its notation.
fn legal_moves_of<G: Game>(g: &G) -> Vec<String> {
    g.moves().iter().map(|&mv| g.format_move(mv)).collect()
}

/// `text` as the game writes the move, if it is legal in `game`.
///
/// # Errors
/// The game's reason why `text` is no move, or no legal move, here (in
/// draughts, the Prolog draughts program's "you must capture" for a move
/// without capture while one exists).
pub fn canonical_move(game: &AnyGame, text: &str) -> Result<String, NotationError> {
    with_game!(game, g => GameFrontEnd::canonical_move(g, text))
}

/// A turn as a person typed it, in the game's notation: a Mastermind
/// maker may type the answer `1A2B` as `1 2`. The rules still judge it.
#[must_use]
pub fn typed_turn(game: &AnyGame, moves: Vec<String>) -> Vec<String> {
    with_game!(game, g => g.typed_turn(moves))
}

/// Splits `moves`, played from `game`, into turns: runs of moves by the
/// same side. Stops at the first move that is not legal (an engine's line
/// may run past the end of the game).
#[must_use]
pub fn group_into_turns(game: &AnyGame, moves: &[String]) -> Vec<(Player, Vec<String>)> {
    let mut turns: Vec<(Player, Vec<String>)> = Vec::new();
    let mut position = game.clone();
    for text in moves {
        let mover = position.side_to_move();
        let Ok(next) = position.with_moves(&[text]) else {
            break;
        };
        match turns.last_mut() {
            Some((side, list)) if *side == mover => list.push(text.clone()),
            _ => turns.push((mover, vec![text.clone()])),
        }
        position = next;
    }
    turns
}

/// A turn as the Prolog Kalah program writes it: `[3,6]`.
#[must_use]
pub fn format_turn(moves: &[String]) -> String {
    format!("[{}]", moves.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kalah(fen: &str) -> AnyGame {
        let rules = ply_rules::variant::AnyRules::build(Variant::Kalah, &[("Seeds", "4")]).unwrap();
        AnyGame::from_position_string(&rules, fen).unwrap()
    }

    #[test]
    fn legal_moves_and_canonical_form_come_from_the_rules() {
        let game = kalah("4,4,0,5,5,0 2 5,5,5,5,4,4 0 n");
        assert_eq!(legal_moves(&game), ["1", "2", "3", "4", "5", "6"]);
        let south = kalah("4,4,0,5,5,0 2 5,5,5,5,4,4 0 s");
        assert_eq!(legal_moves(&south), ["1", "2", "4", "5"]);
        assert_eq!(canonical_move(&south, " 4 ").unwrap(), "4");
        assert!(matches!(
            canonical_move(&south, "3"),
            Err(NotationError::IllegalMove { .. })
        ));
    }

    #[test]
    fn a_line_splits_into_turns_at_side_changes() {
        let start = kalah("4,4,4,4,4,4 0 4,4,4,4,4,4 0 s");
        let line: Vec<String> = ["3", "6", "2", "1", "9"].map(String::from).into();
        let turns = group_into_turns(&start, &line);
        assert_eq!(
            turns,
            vec![
                (Player::One, vec!["3".to_owned(), "6".to_owned()]),
                (Player::Two, vec!["2".to_owned(), "1".to_owned()]),
            ]
        );
        assert_eq!(format_turn(&turns[0].1), "[3,6]");
    }
}
