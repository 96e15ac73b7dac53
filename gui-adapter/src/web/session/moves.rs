//! A person's part of the game: their moves, taking turns back, and the
//! draw the game may offer them. Each is checked before anything changes,
//! so a refused message leaves the session as it was.

use std::time::Instant;

use super::search::Purpose;
use super::{MAX_TEXT, PageSession};
use crate::games;
use crate::web::messages::{LastMove, PlayerKind};

impl PageSession {
    /// The page's move for the person to move; in analysis mode for
    /// either side, in the position shown (the moves after it dropped).
    pub(super) fn person_move(&mut self, text: &str) -> Result<(), String> {
        if self.analysis.is_some() {
            return self.analysis_move(text);
        }
        let side = self.record.side_to_move();
        if self.record.outcome().is_some() {
            return Err("the game is over".to_owned());
        }
        if self.players[side.index()] != PlayerKind::Human {
            return Err(format!(
                "it is {}'s move, and the engine plays that side",
                self.record.options().variant().side_name(side)
            ));
        }
        if self
            .search
            .as_ref()
            .is_some_and(|s| s.purpose == Purpose::Play)
        {
            return Err("the engine is thinking".to_owned());
        }
        if text.len() > MAX_TEXT {
            return Err("that move is too long".to_owned());
        }
        let before = games::view(self.record.current()).json();
        // Check before stopping a hint, so a bad click changes nothing.
        games::canonical_move(self.record.current(), text).map_err(|e| e.to_string())?;
        self.cancel_search();
        let mv = self.record.play(text).map_err(|e| e.to_string())?;
        self.last_move = Some(LastMove {
            side: side.index(),
            mv,
            before,
        });
        self.next_search_at = Instant::now();
        Ok(())
    }

    /// A move in analysis mode: played in the position shown, whoever's
    /// side it is; a move from an earlier position replaces the game's
    /// moves after it (and the page is told).
    fn analysis_move(&mut self, text: &str) -> Result<(), String> {
        let shown = self.shown();
        if shown.outcome().is_some() {
            return Err("the game is over in this position".to_owned());
        }
        if text.len() > MAX_TEXT {
            return Err("that move is too long".to_owned());
        }
        // Checked first, so a bad click changes nothing.
        games::canonical_move(shown, text).map_err(|e| e.to_string())?;
        let side = shown.side_to_move();
        let before = games::view(shown).json();
        self.cancel_search();
        self.leave_the_rest();
        let mv = self.record.play(text).map_err(|e| e.to_string())?;
        self.follow_the_game();
        self.last_move = Some(LastMove {
            side: side.index(),
            mv,
            before,
        });
        Ok(())
    }

    /// Takes back the last person's turn (with the engine's replies), or
    /// one move when engines play both sides (or in analysis mode, where
    /// the position shown becomes the game's last).
    ///
    /// Whether anything can be taken back is asked before the search is
    /// stopped or the match paused: a refused message changes nothing
    /// (see messages.rs), so a stray undo at the start of a watched game
    /// must not stop the engine's search and pause the match.
    pub(super) fn undo(&mut self) -> Result<(), String> {
        let people = self.players.map(|p| p == PlayerKind::Human);
        let watching = !people.contains(&true) || self.analysis.is_some();
        let possible = if watching {
            !self.record.moves().is_empty()
        } else {
            self.record.can_undo_turn(people)
        };
        if !possible {
            return Err("nothing to take back".to_owned());
        }
        self.cancel_search();
        let taken = if watching {
            // Engines only: one move back, and they wait.
            self.paused = true;
            self.record.undo_move().into_iter().collect()
        } else {
            self.record.undo_turn(people)
        };
        if taken.is_empty() {
            return Err("nothing to take back".to_owned());
        }
        self.last_move = None;
        self.declined_offer = None;
        self.follow_the_game();
        Ok(())
    }

    /// The draw offer for the person now, if any: the game's own test
    /// (draughts: only kings remain), made while a person is to move and
    /// not declined for the same reason before.
    pub(super) fn draw_offer(&self) -> Option<String> {
        let side = self.record.side_to_move();
        if self.record.outcome().is_some()
            || self.players[side.index()] != PlayerKind::Human
            || self.analysis.is_some()
        {
            return None;
        }
        games::view(self.record.current())
            .draw_offer()
            .filter(|reason| self.declined_offer.as_ref() != Some(reason))
    }

    /// The person's answer to the draw offer: the game ends drawn, or the
    /// offer is not made again for the same reason.
    pub(super) fn answer_draw(&mut self, accept: bool) -> Result<(), String> {
        let Some(reason) = self.draw_offer() else {
            return Err("no draw is offered".to_owned());
        };
        if accept {
            self.cancel_search();
            self.record.agree_draw();
        } else {
            self.declined_offer = Some(reason);
        }
        Ok(())
    }
}
