//! What `ply-engine analyse` says about one input line: the fields of its
//! JSON object (see `docs/analysis.md`).

use serde::{Deserialize, Serialize};

use crate::input_text::cut;

/// The result for one input line: an analysis or an error.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Record {
    /// Which line, and how it was analysed (the object's first fields).
    #[serde(flatten)]
    pub origin: Origin,
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
    pub fn failed(origin: Origin, error: String) -> Self {
        Self {
            origin,
            error: Some(cut(&error).into_owned()),
            analysis: None,
        }
    }
}

/// What a record was made from: the input line and the run's settings.
/// Every record carries it, so that `--resume` takes a record as done
/// only when this run would have written it for that line (same line,
/// position and settings), never a record of another input or of other
/// options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Origin {
    /// The 1-based input line number.
    pub line: usize,
    /// The id after `;` (null when none).
    pub id: Option<String>,
    /// The position as the input gave it, in the words that follow
    /// `position` (`startpos moves 3 6`, `fen … moves 3`); null when the
    /// line could not be read as a position.
    pub input: Option<String>,
    /// How it was analysed: the options set, then the command
    /// (`Threads=1, UCI_Variant=kalah; go depth 12`).
    pub settings: String,
}

/// The engine's answer for one position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// The position analysed (after the input's moves), as `d` prints it.
    pub position: String,
    /// The move `bestmove` gave; null when the game is over.
    pub bestmove: Option<String>,
    /// The best line's score (null when no search was printed).
    pub score: Option<AnalysisScore>,
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
    pub score: Option<AnalysisScore>,
    /// Its moves.
    pub pv: Vec<String>,
    /// The depth it was searched to.
    pub depth: Option<u32>,
}

/// A score for the side to move, as JSON `{"cp": N}`, `{"mate": N}`,
/// `{"proven": N}` or `{"bounds": {"lower": L, "upper": U}}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum AnalysisScore {
    /// An estimate in centi-units (100 = one seed, one man or one line).
    Cp(i32),
    /// A win in N plies (negative: a loss).
    Mate(i32),
    /// The exact final margin, in centi-units, proven by the endgame
    /// database or by a search to the end of the game (the engine printed
    /// `info string proven margin …` for the line).
    Proven(i32),
    /// What a solve stopped by its limit (or `stop`) proved: the exact
    /// value lies between `lower` and `upper` (centi-units), and where
    /// they settle who wins (both above zero, or both below), `result`
    /// says so.
    Bounds {
        /// The value is at least this.
        lower: i32,
        /// The value is at most this.
        upper: i32,
        /// `win` or `loss` for the side to move, when the bounds settle it.
        #[serde(skip_serializing_if = "Option::is_none")]
        result: Option<SettledResult>,
    },
}

impl AnalysisScore {
    /// The score of a value proven to lie in `lower..=upper`
    /// (centi-units): [`AnalysisScore::Proven`] when they meet, else
    /// [`AnalysisScore::Bounds`] with the result they settle, if any.
    #[must_use]
    pub fn between(lower: i32, upper: i32) -> Self {
        if lower == upper {
            return Self::Proven(lower);
        }
        let result = if lower > 0 {
            Some(SettledResult::Win)
        } else if upper < 0 {
            Some(SettledResult::Loss)
        } else {
            None
        };
        Self::Bounds {
            lower,
            upper,
            result,
        }
    }
}

/// Who wins, for the side to move, when a value's bounds settle it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SettledResult {
    /// Every value between the bounds is a win.
    Win,
    /// Every value between the bounds is a loss.
    Loss,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_one_key_objects() {
        let json = |s| serde_json::to_string(&s).unwrap();
        assert_eq!(json(AnalysisScore::Cp(-25)), r#"{"cp":-25}"#);
        assert_eq!(json(AnalysisScore::Mate(1)), r#"{"mate":1}"#);
        assert_eq!(json(AnalysisScore::Proven(800)), r#"{"proven":800}"#);
        assert_eq!(
            json(AnalysisScore::between(-400, 600)),
            r#"{"bounds":{"lower":-400,"upper":600}}"#
        );
    }

    #[test]
    fn bounds_say_the_result_they_settle() {
        let json = |s| serde_json::to_string(&s).unwrap();
        assert_eq!(AnalysisScore::between(300, 300), AnalysisScore::Proven(300));
        assert_eq!(
            json(AnalysisScore::between(200, 1000)),
            r#"{"bounds":{"lower":200,"upper":1000,"result":"win"}}"#
        );
        assert_eq!(
            json(AnalysisScore::between(-100, -100)),
            r#"{"proven":-100}"#
        );
        assert_eq!(
            json(AnalysisScore::between(-1000, -200)),
            r#"{"bounds":{"lower":-1000,"upper":-200,"result":"loss"}}"#
        );
        assert_eq!(
            json(AnalysisScore::between(0, 100)),
            r#"{"bounds":{"lower":0,"upper":100}}"#
        );
    }

    #[test]
    fn an_error_record_has_its_origin_and_error() {
        let origin = Origin {
            line: 7,
            id: None,
            input: None,
            settings: "Threads=1; go depth 12".into(),
        };
        let record = Record::failed(origin, "bad".into());
        assert_eq!(
            serde_json::to_string(&record).unwrap(),
            r#"{"line":7,"id":null,"input":null,"settings":"Threads=1; go depth 12","error":"bad"}"#
        );
    }
}
