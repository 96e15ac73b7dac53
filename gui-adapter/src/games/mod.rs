//! What the front ends know about each game: how to draw it in a terminal,
//! how to describe it to the page, what its sides and options are called.
//!
//! The rules are not here: every move is checked by the engine library
//! ([`AnyGame`]), the same code the engine plays by. This module only adds
//! the presentation, one file per game.
//!
//! Adding a game (after the engine library has it in [`AnyGame`]):
//! 1. a module here with a [`GameUi`] constant and a [`BoardView`] for its
//!    positions (see [`kalah`]);
//! 2. one arm in [`ui`] and one in [`view`];
//! 3. a drawing for the page: a `PlyGames.<name>` in `web/assets/games/`, listed in
//!    `web/assets.rs` (until then the page shows the generic view: the text
//!    drawing and a button per legal move).
//!
//! Until steps 1–2 are done a new game still works everywhere, through the
//! [`generic`] fallback: the engine library's own text drawing.

pub mod generic;
pub mod kalah;
pub mod mastermind;
pub mod oware;
pub mod russian;
pub mod tictactoe;

use ply_engine::game::{Game, NotationError, Player};
use ply_engine::options::EngineOptions;
use ply_engine::variant::{AnyGame, Variant};
use ply_engine::with_game;
use ply_protocol::Score;
use serde_json::Value;

/// Facts about a game that do not depend on the position.
#[derive(Debug)]
pub struct GameUi {
    /// The sides' names, player one first ("South", "North").
    pub side_names: [&'static str; 2],
    /// The engine options that change the game's rules, as `uci` names
    /// them; the page may set exactly these (and `UCI_Variant`).
    pub option_names: &'static [&'static str],
    /// Where the person's side is on the terminal's board.
    pub seat: &'static str,
    /// A turn as a person types it in the terminal.
    pub turn_example: &'static str,
    /// How moves are written and when a turn has more than one, for the
    /// terminal's help.
    pub move_help: &'static str,
    /// What one hundred `cp` of a score are ("seed").
    pub unit: &'static str,
    /// Whether the two players sit at two sides of one board, so a score
    /// is one side's advantage (the page's evaluation bar) and the board
    /// can be turned round (its Flip button). Mastermind's breaker and
    /// maker do not: its page shows neither.
    pub two_sided: bool,
    /// Why a turn goes on after a move (Kalah's extra turn).
    pub turn_goes_on: &'static str,
    /// Why a turn is over after a move.
    pub turn_is_over: &'static str,
    /// A title for the game the options choose ("Kalah(6,4)").
    pub title: fn(&EngineOptions) -> String,
    /// The values of [`GameUi::option_names`] in these options, as
    /// `setoption` writes them.
    pub option_values: fn(&EngineOptions) -> Vec<(&'static str, String)>,
    /// The order the rule options are set in, because the engine library
    /// checks the whole rule set after each one: an option with `None`
    /// gets its wanted value, with `Some` a stepping stone first. The
    /// order must be valid from any playable rules to any playable rules
    /// (Mastermind's `Length` 1 first, which every symbol count allows),
    /// so that neither the page's options, applied in whatever order it
    /// sent them, nor an engine left with the previous game's rules
    /// refuses a playable game. See [`rule_steps`].
    pub option_order: &'static [(&'static str, Option<&'static str>)],
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
    /// Why a draw may be offered to a person here (seed 003's offer when
    /// only kings remain), or `None` for positions that are still open.
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

/// The facts about `variant`.
#[must_use]
pub fn ui(variant: Variant) -> &'static GameUi {
    match variant {
        Variant::Kalah => &kalah::UI,
        Variant::Oware => &oware::UI,
        Variant::TicTacToe => &tictactoe::UI,
        Variant::Russian => &russian::UI,
        Variant::Mastermind => &mastermind::UI,
        // A game the engine has but the front ends do not know yet.
        #[allow(unreachable_patterns)]
        _ => &generic::UI,
    }
}

/// The `setoption` pairs that take an engine (or the engine library's
/// options) from any playable rules of `variant` to the rules `values`
/// gives, in [`GameUi::option_order`]; options the order does not name
/// follow in `values`' order. A stepping stone is set only when its option
/// also gets its wanted value afterwards.
#[must_use]
pub fn rule_steps<'a>(
    variant: Variant,
    values: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> Vec<(String, String)> {
    let values: Vec<(&str, &str)> = values.into_iter().collect();
    let order = ui(variant).option_order;
    let wanted = |name: &str| {
        values
            .iter()
            .rev()
            .find(|(given, _)| given.eq_ignore_ascii_case(name))
            .map(|&(_, value)| value)
    };
    let mut steps: Vec<(String, String)> = order
        .iter()
        .filter_map(|&(name, stone)| {
            let value = wanted(name)?;
            Some((name.to_owned(), stone.unwrap_or(value).to_owned()))
        })
        .collect();
    let mut rest: Vec<(String, String)> = Vec::new();
    for &(name, value) in &values {
        if order
            .iter()
            .any(|(ordered, _)| ordered.eq_ignore_ascii_case(name))
        {
            continue;
        }
        // The last value given for an option counts, as in `setoption`.
        rest.retain(|(seen, _)| !seen.eq_ignore_ascii_case(name));
        rest.push((name.to_owned(), value.to_owned()));
    }
    steps.extend(rest);
    steps
}

/// The presentation of `game`.
#[must_use]
pub fn view(game: &AnyGame) -> Box<dyn BoardView + '_> {
    match game {
        AnyGame::Kalah(kalah) => Box::new(kalah::KalahView(kalah)),
        AnyGame::Oware(oware) => Box::new(oware::OwareView(oware)),
        AnyGame::TicTacToe(board) => Box::new(tictactoe::TicTacToeView(board)),
        AnyGame::Russian(position) => Box::new(russian::RussianView(position)),
        AnyGame::Mastermind(game) => Box::new(mastermind::MastermindView(game)),
        #[allow(unreachable_patterns)]
        _ => Box::new(generic::GenericView(game)),
    }
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
/// draughts, the seed's "you must capture" for a move without capture
/// while one exists).
pub fn canonical_move(game: &AnyGame, text: &str) -> Result<String, NotationError> {
    if let AnyGame::Russian(position) = game {
        return russian::canonical_move(position, text);
    }
    with_game!(game, g => g.parse_move(text).map(|mv| g.format_move(mv)))
}

/// A turn as a person typed it, in the game's notation: a Mastermind
/// maker may type the answer `1A2B` as `1 2`. The rules still judge it.
#[must_use]
pub fn typed_turn(game: &AnyGame, moves: Vec<String>) -> Vec<String> {
    match game {
        AnyGame::Mastermind(game) => mastermind::typed_turn(game, moves),
        _ => moves,
    }
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

/// A turn as seed 000 writes it: `[3,6]`.
#[must_use]
pub fn format_turn(moves: &[String]) -> String {
    format!("[{}]", moves.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kalah(fen: &str) -> AnyGame {
        let mut options = EngineOptions::default();
        options.set("Seeds", Some("4")).unwrap();
        AnyGame::from_position_string(&options, fen).unwrap()
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

    /// Every playable rule set of `variant` reached from every other one
    /// through [`rule_steps`], each step accepted by the engine library.
    fn every_change_is_accepted(variant: Variant, rule_sets: &[Vec<(&str, String)>]) {
        let start = |values: &[(&str, String)]| {
            let mut options = EngineOptions::default();
            options.set("UCI_Variant", Some(variant.name())).unwrap();
            for (name, value) in rule_steps(variant, values.iter().map(|(n, v)| (*n, v.as_str()))) {
                options.set(&name, Some(&value)).ok()?;
            }
            Some(options)
        };
        let playable: Vec<(&Vec<(&str, String)>, EngineOptions)> = rule_sets
            .iter()
            .filter_map(|values| Some((values, start(values)?)))
            .collect();
        assert!(
            playable.len() > 1,
            "{variant:?}: too few playable rule sets"
        );
        for (_, from) in &playable {
            for (values, wanted) in &playable {
                let mut options = from.clone();
                for (name, value) in
                    rule_steps(variant, values.iter().map(|(n, v)| (*n, v.as_str())))
                {
                    options.set(&name, Some(&value)).unwrap_or_else(|e| {
                        panic!("{variant:?} {name}={value} from {from:?} to {values:?}: {e}")
                    });
                }
                assert_eq!(
                    (ui(variant).option_values)(&options),
                    (ui(variant).option_values)(wanted)
                );
            }
        }
    }

    #[test]
    fn rule_steps_reach_any_playable_rules_from_any_other() {
        let mut mastermind = Vec::new();
        for length in 1..=6 {
            for symbols in 1..=10 {
                for repeats in [false, true] {
                    mastermind.push(vec![
                        ("MaxGuesses", "12".to_owned()),
                        ("Symbols", symbols.to_string()),
                        ("Length", length.to_string()),
                        ("Repeats", repeats.to_string()),
                    ]);
                }
            }
        }
        every_change_is_accepted(Variant::Mastermind, &mastermind);
        let mut kalah = Vec::new();
        let mut oware = Vec::new();
        for pits in [1, 2, 3, 6, 12] {
            for seeds in [1, 4, 10, 60, 127] {
                kalah.push(vec![
                    ("EmptyCapture", "true".to_owned()),
                    ("Seeds", seeds.to_string()),
                    ("Pits", pits.to_string()),
                ]);
                oware.push(vec![
                    ("Seeds", seeds.to_string()),
                    ("Pits", pits.to_string()),
                ]);
            }
        }
        every_change_is_accepted(Variant::Kalah, &kalah);
        every_change_is_accepted(Variant::Oware, &oware);
    }

    #[test]
    fn rule_steps_keep_other_options_and_the_last_value() {
        let steps = rule_steps(
            Variant::Mastermind,
            [
                ("Hash", "8"),
                ("length", "3"),
                ("Length", "5"),
                ("Hash", "16"),
            ],
        );
        assert_eq!(
            steps,
            [
                ("Length".to_owned(), "1".to_owned()),
                ("Length".to_owned(), "5".to_owned()),
                ("Hash".to_owned(), "16".to_owned()),
            ]
        );
    }
}
