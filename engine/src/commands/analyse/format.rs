//! The output formats of `ply-engine analyse`: JSON lines (the default,
//! for programs; `--resume` reads them back) and EPD (for people and EPD
//! tools). Both are described in `docs/analysis.md`.

use super::record::{AnalysisScore, Record};

/// The EPD `ce` of a win in N plies is `MATE_CE - N` (of a loss,
/// `-(MATE_CE - N)`): the convention of EPD tools such as Crafty and
/// Stockfish's test suites, where scores this large mean mate.
pub const MATE_CE: i32 = 32_767;

/// How each record is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// One JSON object a line.
    Json,
    /// One EPD record a line; errors as `#` comment lines.
    Epd,
}

impl Format {
    /// The record as one line (without its newline).
    #[must_use]
    pub fn write(self, record: &Record) -> String {
        match self {
            Self::Json => json(record),
            Self::Epd => epd(record),
        }
    }
}

/// The record as a JSON object.
#[must_use]
pub fn json(record: &Record) -> String {
    // A record is strings and numbers, which always serialise.
    serde_json::to_string(record).unwrap_or_else(|e| panic!("a record serialises: {e}"))
}

/// `<position> bm <move>; ce <cp>; acd <depth>; pv <moves>; id "<id>";`,
/// the operations present when known (no `bm` or `pv` when the game is
/// over). A bad line is written `# line N: error: …` (with its id), a
/// comment for people, so no input line goes unmentioned.
#[must_use]
pub fn epd(record: &Record) -> String {
    let id = record
        .origin
        .id
        .as_ref()
        .map(|id| format!("id \"{}\";", escape(id)));
    let Some(analysis) = &record.analysis else {
        let error = record.error.as_deref().unwrap_or("no analysis");
        let mut text = format!("# line {}: error: {error}", record.origin.line);
        if let Some(id) = id {
            text.push(' ');
            text.push_str(&id);
        }
        return text;
    };
    let mut operations = Vec::new();
    if let Some(best) = &analysis.bestmove {
        operations.push(format!("bm {best};"));
    }
    match analysis.score {
        Some(AnalysisScore::Bounds { lower, upper, .. }) => {
            // EPD has no bound opcode: no `ce`, and the bounds in a comment.
            operations.push(format!("c0 \"value between {lower} and {upper}\";"));
        }
        Some(score) => operations.push(format!("ce {};", centipawns(score))),
        None => {}
    }
    if let Some(depth) = analysis.depth {
        operations.push(format!("acd {depth};"));
    }
    if !analysis.pv.is_empty() {
        operations.push(format!("pv {};", analysis.pv.join(" ")));
    }
    operations.extend(id);
    format!("{} {}", analysis.position, operations.join(" "))
}

/// The `ce` value of a score (see [`MATE_CE`]); of bounds, the lower
/// (what is proven at least).
#[must_use]
pub fn centipawns(score: AnalysisScore) -> i32 {
    match score {
        AnalysisScore::Cp(cp) | AnalysisScore::Proven(cp) => cp,
        AnalysisScore::Bounds { lower, .. } => lower,
        AnalysisScore::Mate(plies) if plies >= 0 => MATE_CE - plies,
        AnalysisScore::Mate(plies) => -(MATE_CE + plies),
    }
}

/// An id inside EPD's double quotes: a `"` would end it early.
fn escape(id: &str) -> String {
    id.replace('"', "'")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::analyse::record::{Analysis, Origin};

    fn origin(line: usize, id: &str) -> Origin {
        Origin {
            line,
            id: Some(id.into()),
            input: None,
            settings: String::new(),
        }
    }

    fn analysed(score: AnalysisScore) -> Record {
        Record {
            origin: origin(2, "a \"b\""),
            error: None,
            analysis: Some(Analysis {
                position: "1,2 0 3,4 0 s".into(),
                bestmove: Some("2".into()),
                score: Some(score),
                depth: Some(8),
                seldepth: Some(9),
                nodes: Some(100),
                time_ms: Some(1),
                pv: vec!["2".into(), "1".into()],
                multipv: None,
            }),
        }
    }

    #[test]
    fn epd_has_the_standard_operations() {
        assert_eq!(
            epd(&analysed(AnalysisScore::Cp(-40))),
            "1,2 0 3,4 0 s bm 2; ce -40; acd 8; pv 2 1; id \"a 'b'\";"
        );
    }

    #[test]
    fn mates_follow_the_epd_convention() {
        assert_eq!(centipawns(AnalysisScore::Mate(1)), 32_766);
        assert_eq!(centipawns(AnalysisScore::Mate(-2)), -32_765);
        assert_eq!(centipawns(AnalysisScore::Proven(800)), 800);
    }

    #[test]
    fn an_error_is_a_comment_line() {
        let record = Record::failed(origin(4, "x"), "illegal move".into());
        assert_eq!(epd(&record), "# line 4: error: illegal move id \"x\";");
    }
}
