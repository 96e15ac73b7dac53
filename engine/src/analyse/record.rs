//! What `ply-engine analyse` says about one input line: the fields of its
//! JSON object (see `docs/analysis.md`).

use serde::Serialize;

use crate::input_text::cut;

/// The result for one input line: an analysis or an error.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Record {
    /// The 1-based input line number.
    pub line: usize,
    /// The id after `;` (null when none).
    pub id: Option<String>,
    /// What was wrong with the line (absent when it was analysed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The analysis (its fields are the object's own).
    #[serde(flatten)]
    pub analysis: Option<Analysis>,
}

impl Record {
    /// A line that could not be analysed, and why: the words [`cut`]
    /// short, as they may echo a huge line.
    #[must_use]
    pub fn failed(line: usize, id: Option<String>, error: String) -> Self {
        Self {
            line,
            id,
            error: Some(cut(&error).into_owned()),
            analysis: None,
        }
    }
}

/// The engine's answer for one position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// The position analysed (after the input's moves), as `d` prints it.
    pub position: String,
    /// The move `bestmove` gave; null when the game is over.
    pub bestmove: Option<String>,
    /// The best line's score (null when no search was printed).
    pub score: Option<Score>,
    /// The depth of the last iteration printed.
    pub depth: Option<u32>,
    /// Its selective depth.
    pub seldepth: Option<u32>,
    /// The nodes searched.
    pub nodes: Option<u64>,
    /// The time spent, in milliseconds.
    pub time_ms: Option<u64>,
    /// The best line's principal variation.
    pub pv: Vec<String>,
    /// Every line, best first, when `--multipv` is more than 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub multipv: Option<Vec<PvLine>>,
}

/// One line of a MultiPV analysis.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PvLine {
    /// Its rank, 1 for the best.
    pub multipv: u32,
    /// Its score.
    pub score: Option<Score>,
    /// Its moves.
    pub pv: Vec<String>,
    /// The depth it was searched to.
    pub depth: Option<u32>,
}

/// A score for the side to move, as JSON `{"cp": N}`, `{"mate": N}` or
/// `{"proven": N}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Score {
    /// An estimate in centi-units (100 = one seed, one man or one line).
    Cp(i32),
    /// A win in N plies (negative: a loss).
    Mate(i32),
    /// The exact final margin, in centi-units, proven by the endgame
    /// database or by a search to the end of the game (the engine printed
    /// `info string proven margin …` for the line).
    Proven(i32),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_one_key_objects() {
        let json = |s| serde_json::to_string(&s).unwrap();
        assert_eq!(json(Score::Cp(-25)), r#"{"cp":-25}"#);
        assert_eq!(json(Score::Mate(1)), r#"{"mate":1}"#);
        assert_eq!(json(Score::Proven(800)), r#"{"proven":800}"#);
    }

    #[test]
    fn an_error_record_has_line_id_and_error() {
        let record = Record::failed(7, None, "bad".into());
        assert_eq!(
            serde_json::to_string(&record).unwrap(),
            r#"{"line":7,"id":null,"error":"bad"}"#
        );
    }
}
