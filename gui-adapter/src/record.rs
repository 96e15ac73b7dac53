//! A game in progress: where it started, the moves played, and every
//! position on the way, all checked by the engine library's rules.

use ply_protocol::{Command, StartingPosition};
use ply_rules::game::{NotationError, Outcome, Player};
use ply_rules::variant::{AnyGame, AnyRules};
use thiserror::Error;

use crate::games::{self, format_turn};

/// Why a turn typed by a person was not played. Nothing was played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TurnError {
    /// No move was given.
    #[error("no move given")]
    Empty,
    /// A move of the turn is no move, or not legal where it would be played.
    #[error("{}{source}", if *.of > 1 { format!("move {} of the turn: ", .number) } else { String::new() })]
    Move {
        /// Which move of the turn (from 1).
        number: usize,
        /// How many moves the turn had.
        of: usize,
        /// What the rules say.
        source: NotationError,
    },
    /// More moves than the turn has: the turn ended before them.
    #[error(
        "too many moves: after {} {reason}; leave out {}",
        format_turn(.played),
        .extra.join(" ")
    )]
    TooLong {
        /// The moves that make the whole turn.
        played: Vec<String>,
        /// The moves after the end of the turn.
        extra: Vec<String>,
        /// Why the turn ended there.
        reason: String,
    },
    /// The turn goes on after the last move given.
    #[error(
        "the turn is not over: after {} {reason}; add one of {} (for example {})",
        format_turn(.played),
        .next.join(", "),
        .example
    )]
    Incomplete {
        /// The moves given.
        played: Vec<String>,
        /// The legal moves that could follow.
        next: Vec<String>,
        /// The turn with one of them.
        example: String,
        /// Why the turn goes on.
        reason: String,
    },
}

/// A game: the start, the moves, and the position after each move.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    options: AnyRules,
    /// The position string the game started from, when it was not the
    /// start position of the options.
    start_fen: Option<String>,
    moves: Vec<String>,
    /// `positions[i]` is the position before `moves[i]`; the last one is
    /// the current position.
    positions: Vec<AnyGame>,
    /// The players agreed a draw in the current position (the Prolog
    /// draughts program's offer when only kings remain); a take-back undoes
    /// it.
    agreed_draw: bool,
}

impl PlayedGame {
    /// A new game from the start position the options choose.
    ///
    /// # Errors
    /// Why the options make no playable game.
    pub fn new(options: &AnyRules) -> Result<Self, String> {
        let start = AnyGame::start(options)?;
        Ok(Self {
            options: options.clone(),
            start_fen: None,
            moves: Vec::new(),
            positions: vec![start],
            agreed_draw: false,
        })
    }

    /// A new game from a position string of the game the options choose.
    ///
    /// A Kalah or Oware position string carries its own number of pits, so
    /// one of another size would be read, and then played under rules
    /// (title, options, the engines' `Pits`) that say otherwise. It is
    /// refused instead, with the size to choose first: the rules stay the
    /// ones chosen, and nothing has to be guessed from a position (its
    /// seeds a pit at the start, say).
    ///
    /// # Errors
    /// What is wrong with the position string, or that its board has
    /// another size than the options'.
    pub fn from_position(options: &AnyRules, text: &str) -> Result<Self, NotationError> {
        let start = AnyGame::from_position_string(options, text)?;
        if let Some(reason) = start.mismatch(options) {
            return Err(NotationError::BadPosition {
                text: text.to_owned(),
                reason,
            });
        }
        Ok(Self {
            options: options.clone(),
            start_fen: Some(start.position_string()),
            moves: Vec::new(),
            positions: vec![start],
            agreed_draw: false,
        })
    }

    /// The options (game and rules) this game is played by.
    #[must_use]
    pub fn options(&self) -> &AnyRules {
        &self.options
    }

    /// The position now.
    #[must_use]
    pub fn current(&self) -> &AnyGame {
        // There is always the start position.
        &self.positions[self.positions.len() - 1]
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> &AnyGame {
        &self.positions[0]
    }

    /// The moves played, in order.
    #[must_use]
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// The position after the first `ply` moves (`ply` 0 is the start),
    /// if the game is that long.
    #[must_use]
    pub fn position(&self, ply: usize) -> Option<&AnyGame> {
        self.positions.get(ply)
    }

    /// Drops every move after the first `ply` (and a draw agreed at the
    /// end): the game goes on from the position after move `ply`, as an
    /// analysis board does when a move is played in an earlier position.
    /// Returns how many moves were dropped.
    pub fn truncate(&mut self, ply: usize) -> usize {
        let dropped = self.moves.len().saturating_sub(ply);
        if dropped > 0 {
            self.moves.truncate(ply);
            self.positions.truncate(ply + 1);
            self.agreed_draw = false;
        }
        dropped
    }

    /// Who played move `index` (from 0).
    #[must_use]
    pub fn mover(&self, index: usize) -> Player {
        self.positions[index].side_to_move()
    }

    /// The side to move now.
    #[must_use]
    pub fn side_to_move(&self) -> Player {
        self.current().side_to_move()
    }

    /// The outcome once the game is over: by the rules, or a draw the
    /// players agreed.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if self.agreed_draw {
            return Some(Outcome::Draw);
        }
        self.current().outcome()
    }

    /// Ends the game as a draw by agreement, if it is not over.
    pub fn agree_draw(&mut self) {
        if self.outcome().is_none() {
            self.agreed_draw = true;
        }
    }

    /// Whether the game ended in a draw the players agreed.
    #[must_use]
    pub fn draw_agreed(&self) -> bool {
        self.agreed_draw
    }

    /// Legal moves now.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<String> {
        games::legal_moves(self.current())
    }

    /// Plays one move after checking it with the rules; returns it as the
    /// game writes it.
    ///
    /// # Errors
    /// The rules' reason why it is no legal move here.
    pub fn play(&mut self, text: &str) -> Result<String, NotationError> {
        let canonical = games::canonical_move(self.current(), text)?;
        let next = self
            .current()
            .with_moves(&[&canonical])
            .map_err(|e| e.source)?;
        self.moves.push(canonical.clone());
        self.positions.push(next);
        Ok(canonical)
    }

    /// Plays a whole turn for the side to move: every move legal, more
    /// than one only while the turn goes on, and the turn complete at the
    /// end (the other side to move, or the game over). All or nothing.
    ///
    /// # Errors
    /// [`TurnError`] saying which move is wrong and why.
    pub fn play_turn<S: AsRef<str>>(&mut self, texts: &[S]) -> Result<Vec<String>, TurnError> {
        if texts.is_empty() {
            return Err(TurnError::Empty);
        }
        let ui = games::ui(self.current().variant());
        let side = self.side_to_move();
        let mut position = self.current().clone();
        let mut played: Vec<String> = Vec::new();
        let mut after = Vec::new();
        for (i, text) in texts.iter().enumerate() {
            if i > 0 && (position.outcome().is_some() || position.side_to_move() != side) {
                let reason = if position.outcome().is_some() {
                    "the game is over"
                } else {
                    ui.turn_is_over
                };
                return Err(TurnError::TooLong {
                    played,
                    extra: texts[i..].iter().map(|t| t.as_ref().to_owned()).collect(),
                    reason: reason.to_owned(),
                });
            }
            let bad = |source| TurnError::Move {
                number: i + 1,
                of: texts.len(),
                source,
            };
            let canonical = games::canonical_move(&position, text.as_ref()).map_err(bad)?;
            position = position
                .with_moves(&[&canonical])
                .map_err(|e| bad(e.source))?;
            played.push(canonical);
            after.push(position.clone());
        }
        if position.outcome().is_none() && position.side_to_move() == side {
            let next = games::legal_moves(&position);
            let mut example = played.clone();
            example.extend(next.first().cloned());
            return Err(TurnError::Incomplete {
                played,
                next,
                example: format_turn(&example),
                reason: ui.turn_goes_on.to_owned(),
            });
        }
        self.moves.extend(played.iter().cloned());
        self.positions.extend(after);
        Ok(played)
    }

    /// Takes back the last move, and with it a draw agreed after it; with
    /// no move to take back the game (and its agreed draw) stays as it is.
    pub fn undo_move(&mut self) -> Option<String> {
        let last = self.moves.pop()?;
        self.positions.pop();
        self.agreed_draw = false;
        Some(last)
    }

    /// Whether [`PlayedGame::undo_turn`] would take anything back: a
    /// person (`people[side]`) has moved. Asked first by a front end that
    /// must change nothing when it refuses a take-back.
    #[must_use]
    pub fn can_undo_turn(&self, people: [bool; 2]) -> bool {
        (0..self.moves.len()).any(|i| people[self.mover(i).index()])
    }

    /// Takes back moves to the start of the last turn a person played
    /// (`people[side]`), taking back the engine's replies after it too.
    /// Returns the moves taken back; none when no person has moved.
    pub fn undo_turn(&mut self, people: [bool; 2]) -> Vec<String> {
        let mut taken = Vec::new();
        if !self.can_undo_turn(people) {
            return taken;
        }
        while let Some(mv) = self.undo_move() {
            taken.push(mv);
            let side = self.side_to_move();
            let turn_starts_here = self
                .moves
                .len()
                .checked_sub(1)
                .is_none_or(|last| self.mover(last) != side);
            if people[side.index()] && turn_starts_here {
                break;
            }
        }
        taken.reverse();
        taken
    }

    /// The `position` command that sets this game up in an engine: from
    /// the start (or the position string) with every move.
    #[must_use]
    pub fn position_command(&self) -> Command {
        self.position_command_at(self.moves.len())
    }

    /// The `position` command for the position after the first `ply`
    /// moves (all of them if the game is shorter).
    #[must_use]
    pub fn position_command_at(&self, ply: usize) -> Command {
        let start = match &self.start_fen {
            Some(fen) => StartingPosition::Fen(fen.clone()),
            None => StartingPosition::StartPos,
        };
        Command::Position {
            start,
            moves: self.moves[..ply.min(self.moves.len())].to_vec(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_rules::variant::Variant;

    fn kalah_6_4() -> PlayedGame {
        let options = AnyRules::build(Variant::Kalah, &[("Seeds", "4")]).unwrap();
        PlayedGame::new(&options).unwrap()
    }

    #[test]
    fn a_turn_of_several_sowings_is_played_only_while_they_end_in_the_store() {
        let mut game = kalah_6_4();
        // The first turn of the Prolog Kalah transcripts' 4-seed game: pit 3
        // ends in the store, pit 6 does not.
        assert_eq!(game.play_turn(&["3", "6"]).unwrap(), ["3", "6"]);
        assert_eq!(game.side_to_move(), Player::Two);
        assert_eq!(
            game.current().position_string(),
            "4,4,0,5,5,0 2 5,5,5,5,4,4 0 n"
        );
        // Pit 1 of North holds 5: it does not reach the store.
        let before = game.current().clone();
        let err = game.play_turn(&["1", "2"]).unwrap_err();
        assert!(matches!(err, TurnError::TooLong { ref extra, .. } if extra == &["2"]));
        assert!(err.to_string().contains("leave out 2"), "{err}");
        // Pit 2 of North ends in the store: the turn goes on.
        let err = game.play_turn(&["2"]).unwrap_err();
        assert!(matches!(err, TurnError::Incomplete { .. }));
        assert!(err.to_string().contains("for example [2,1]"), "{err}");
        assert_eq!(game.current(), &before, "nothing was played");
    }

    #[test]
    fn bad_moves_say_which_and_why() {
        let mut game = kalah_6_4();
        game.play_turn(&["3", "6"]).unwrap();
        game.play_turn(&["2", "1"]).unwrap();
        // South's pit 3 is empty now.
        let err = game.play_turn(&["3"]).unwrap_err();
        assert_eq!(err.to_string(), "illegal move '3': pit 3 is empty");
        let err = game.play_turn(&["7", "1"]).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("move 1 of the turn: '7' is not a move"),
            "{err}"
        );
        let err = game.play_turn(&["x"]).unwrap_err();
        assert!(err.to_string().contains("not a move"), "{err}");
        assert_eq!(game.play_turn::<&str>(&[]), Err(TurnError::Empty));
    }

    #[test]
    fn undo_goes_back_to_the_start_of_the_persons_last_turn() {
        let mut game = kalah_6_4();
        // Nobody has moved: nothing to take back.
        assert!(!game.can_undo_turn([true, false]));
        assert!(game.undo_turn([true, false]).is_empty());
        game.play_turn(&["3", "6"]).unwrap(); // the person, South
        game.play_turn(&["2", "1"]).unwrap(); // the engine, North
        assert_eq!(game.undo_turn([true, false]), ["3", "6", "2", "1"]);
        assert!(game.moves().is_empty());
        // The engine moved first: only its moves are there, nothing to take back.
        game.play_turn(&["3", "6"]).unwrap();
        assert!(!game.can_undo_turn([false, true]));
        assert!(game.can_undo_turn([true, false]));
        assert!(game.undo_turn([false, true]).is_empty());
        // Half a turn by a person is taken back alone.
        game.play("2").unwrap();
        assert_eq!(game.undo_turn([false, true]), ["2"]);
        assert_eq!(game.moves(), ["3", "6"]);
    }

    #[test]
    fn a_position_of_another_size_is_refused() {
        let options = AnyRules::default_for(Variant::Kalah);
        let error = PlayedGame::from_position(&options, "1,2,3 0 1,2,3 0 s")
            .expect_err("a 3-pit board under Kalah(6,6)");
        assert!(
            error.to_string().contains("it has 3 pits a side"),
            "{error}"
        );
        let three = AnyRules::build(Variant::Kalah, &[("Pits", "3")]).unwrap();
        assert!(PlayedGame::from_position(&three, "1,2,3 0 1,2,3 0 s").is_ok());
        let mut oware = AnyRules::default_for(Variant::Oware);
        let four_houses = "4,4,4,4 0 4,4,4,4 0 s";
        assert!(PlayedGame::from_position(&oware, four_houses).is_err());
        oware.set("Pits", "4").unwrap();
        assert!(PlayedGame::from_position(&oware, four_houses).is_ok());
    }

    #[test]
    fn the_position_command_replays_the_game() {
        let mut game = kalah_6_4();
        game.play_turn(&["3", "6"]).unwrap();
        assert_eq!(
            game.position_command().to_string(),
            "position startpos moves 3 6"
        );
        let options = AnyRules::build(Variant::Kalah, &[("Seeds", "4")]).unwrap();
        let from = PlayedGame::from_position(&options, "4,4,0,5,5,0  2 5,5,5,5,4,4 0 n").unwrap();
        assert_eq!(
            from.position_command().to_string(),
            "position fen 4,4,0,5,5,0 2 5,5,5,5,4,4 0 n"
        );
    }

    #[test]
    fn truncating_goes_on_from_an_earlier_position() {
        let mut game = kalah_6_4();
        game.play_turn(&["3", "6"]).unwrap();
        game.play_turn(&["2", "1"]).unwrap();
        let after_first_turn = game.position(2).unwrap().clone();
        assert_eq!(
            game.position_command_at(2).to_string(),
            "position startpos moves 3 6"
        );
        game.agree_draw();
        assert_eq!(game.truncate(2), 2);
        assert_eq!(game.moves(), ["3", "6"]);
        assert_eq!(game.current(), &after_first_turn);
        assert!(
            !game.draw_agreed(),
            "the draw was agreed after the dropped moves"
        );
        assert_eq!(game.truncate(5), 0, "nothing after the end");
        assert!(game.position(3).is_none());
    }

    #[test]
    fn undo_with_nothing_to_take_back_keeps_an_agreed_draw() {
        let mut game = kalah_6_4();
        game.agree_draw();
        assert_eq!(game.undo_move(), None);
        assert!(game.draw_agreed(), "nothing was taken back");
        assert_eq!(game.outcome(), Some(Outcome::Draw));
        // A move taken back takes the draw agreed after it back too.
        let mut game = kalah_6_4();
        game.play("1").unwrap();
        game.agree_draw();
        assert_eq!(game.undo_move().as_deref(), Some("1"));
        assert!(!game.draw_agreed());
        assert_eq!(game.outcome(), None);
    }
}
