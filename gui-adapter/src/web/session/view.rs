//! The state sent to the page after every message: everything it shows,
//! built from the session in one place so that every answer is complete
//! (the page draws from the latest state alone).

use ply_rules::game::{Outcome, Player};

use super::PageSession;
use super::search::Purpose;
use crate::games::{self, BoardView};
use crate::web::messages::{MoveEntry, OutcomeInfo, PlayerKind, ServerMessage, StateInfo};

impl PageSession {
    /// The side shown at the bottom.
    fn bottom(&self) -> Player {
        let base = if self.players == [PlayerKind::Engine, PlayerKind::Human] {
            Player::Two
        } else {
            Player::One
        };
        if self.flipped { base.opponent() } else { base }
    }

    /// Everything the page shows.
    #[must_use]
    pub fn state(&self) -> ServerMessage {
        let game = self.shown();
        let ply = self.shown_ply();
        let outcome = if ply == self.record.moves().len() {
            self.record.outcome()
        } else {
            game.outcome()
        };
        let variant = self.record.options().variant();
        let view = games::view(game);
        let side = game.side_to_move();
        // Analysis mode's searches think for nobody.
        let thinking = self
            .search
            .as_ref()
            .filter(|s| matches!(s.purpose, Purpose::Play | Purpose::Hint))
            .map(|s| s.side.index());
        let hinting = self
            .search
            .as_ref()
            .is_some_and(|s| s.purpose == Purpose::Hint);
        let may_click = (self.players[side.index()] == PlayerKind::Human
            || self.analysis.is_some())
            && (thinking.is_none() || hinting)
            && outcome.is_none();
        let moves = self
            .record
            .moves()
            .iter()
            .enumerate()
            .map(|(i, mv)| MoveEntry {
                side: self.record.mover(i).index(),
                mv: mv.clone(),
            })
            .collect();
        let bottom = self.bottom();
        let engine_names = [0, 1].map(|i| {
            let slot = self.slot(if i == 0 { Player::One } else { Player::Two });
            self.engines[slot].as_ref().map(|e| e.name().to_owned())
        });
        ServerMessage::State(Box::new(StateInfo {
            variant: variant.name(),
            title: self.record.options().title(),
            options: self.option_values.clone(),
            side_names: variant.sides(),
            fen: game.position_string(),
            ply,
            board: view.json(),
            text: view.text(bottom),
            bottom: bottom.index(),
            side_to_move: side.index(),
            legal: if may_click && view.lists_moves() {
                games::legal_moves(game)
            } else {
                Vec::new()
            },
            moves,
            players: self.players,
            strength: self.strength,
            thinking,
            hinting,
            paused: self.paused,
            outcome: self.outcome_info(outcome, ply == self.record.moves().len(), view.as_ref()),
            tally: view.tally(),
            last_move: self.last_move.clone(),
            draw_offer: self.draw_offer(),
            engine_names,
            analysis: self.analysis_info(),
            database: self.database_info(),
            exact: self.exact_for_page(),
            evals: self.evals_for_page(),
            notice: self.notice.clone(),
            ack: self.handled,
        }))
    }

    /// How the game ended, in words: the winner and the final counts where
    /// the game has them, or why it is drawn.
    /// `outcome` is the position shown's; `at_end` whether it is the
    /// game's last (where a draw may have been agreed).
    fn outcome_info(
        &self,
        outcome: Option<Outcome>,
        at_end: bool,
        view: &dyn BoardView,
    ) -> Option<OutcomeInfo> {
        let variant = self.record.options().variant();
        let tally = view.tally();
        let counts = |first: usize| {
            tally
                .map(|t| format!(" {}-{}", t[first], t[1 - first]))
                .unwrap_or_default()
        };
        outcome.map(|outcome| match outcome {
            Outcome::Win(winner) => OutcomeInfo {
                winner: Some(winner.index()),
                text: format!(
                    "{} wins{}",
                    variant.side_name(winner),
                    counts(winner.index())
                ),
            },
            Outcome::Draw => OutcomeInfo {
                winner: None,
                text: if at_end && self.record.draw_agreed() {
                    "Draw by agreement".to_owned()
                } else if let Some(rule) = view.draw_rule() {
                    format!("Draw: {rule}")
                } else {
                    format!("Draw{}", counts(0))
                },
            },
        })
    }
}
