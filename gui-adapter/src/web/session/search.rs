//! A search the session has asked an engine for, and what of it the page
//! is shown: its lines as they come, and for a hint the turn it suggests.

use ply_protocol::{Info, Score, ScoreValue};
use ply_rules::game::Player;
use ply_rules::variant::AnyGame;

use crate::games::{self, group_into_turns};
use crate::score;
use crate::web::messages::{ScoreInfo, SearchInfo, ServerMessage, TurnInfo};

/// Why the engine is searching.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Purpose {
    /// To play its move.
    Play,
    /// To suggest a turn to a person.
    Hint,
    /// Analysis mode's lines for the position shown, until stopped (its
    /// `bestmove` is never played).
    Analysis,
    /// A short search for the evaluation graph, of a position of the game
    /// no search has valued yet (shown nowhere but in the graph).
    Graph,
    /// The exact-value view's proof of every move of the position shown
    /// (`solve`; its lines go to the view, not to the page's lines).
    Exact,
}

/// A search in progress.
#[derive(Debug)]
pub(super) struct Search {
    /// The side it searches for.
    pub(super) side: Player,
    /// The engine slot searching.
    pub(super) slot: usize,
    pub(super) purpose: Purpose,
    /// The position searched, to read its lines' moves by turn.
    pub(super) root: AnyGame,
    /// The position searched is the one after this many of the game's moves.
    pub(super) ply: usize,
    /// The first line of the engine's first iteration, for the hint.
    pub(super) last_info: Option<Info>,
}

impl Search {
    /// A search line for the page.
    pub(super) fn page_info(&self, info: &Info) -> SearchInfo {
        let to_info = score_info;
        let pv_turns = group_into_turns(&self.root, &info.pv)
            .into_iter()
            .map(|(side, moves)| TurnInfo {
                side: side.index(),
                moves,
            })
            .collect();
        SearchInfo {
            side: self.side.index(),
            hint: self.purpose == Purpose::Hint,
            depth: info.depth,
            seldepth: info.seldepth,
            score: info.score.as_ref().map(to_info),
            eval: info
                .score
                .as_ref()
                .map(|s| to_info(&score::for_player_one(s, self.side))),
            nodes: info.nodes,
            nps: info.nps,
            time: info.time,
            pv: info.pv.clone(),
            pv_turns,
            multipv: info.multipv,
            analysis: self.purpose == Purpose::Analysis,
            ply: self.ply,
            note: info
                .score
                .as_ref()
                .and_then(|s| games::view(&self.root).score_note(s)),
        }
    }

    /// A hint search's answer: the first turn of its last line (the whole
    /// turn, which in some games is several moves), else its `bestmove`.
    pub(super) fn hint(self, best: Option<String>) -> ServerMessage {
        let line = self.last_info.as_ref().map(|i| i.pv.clone());
        let turns = group_into_turns(&self.root, &line.unwrap_or_default());
        let turn = match turns.into_iter().next() {
            Some((_, moves)) => moves,
            None => best.into_iter().collect(),
        };
        let score = self
            .last_info
            .and_then(|i| i.score)
            .map(|s| score::describe(&s));
        ServerMessage::Hint {
            side: self.side.index(),
            turn,
            score,
        }
    }
}

/// A score for the page: its value and its words.
pub(super) fn score_info(s: &Score) -> ScoreInfo {
    let (cp, mate) = match s.value {
        ScoreValue::Centi(cp) => (Some(cp), None),
        ScoreValue::Mate(n) => (None, Some(n)),
    };
    ScoreInfo {
        cp,
        mate,
        text: score::describe(s),
        proven: false,
    }
}
