//! What `annotate` says about a game: one entry a move and a summary a
//! side, as JSON (see `docs/analysis.md`), and the same as PGN comments,
//! NAGs and tags.

use ply_rules::game::Player;
use serde::Serialize;

use crate::commands::analyse::record::AnalysisScore;

use super::judge::Judgement;
use super::pgn::PgnGame;
use crate::engine_game::judging::Judging;
use crate::search::score::CENTI;

/// What the engine found for one move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyAnalysis {
    /// The engine's best move.
    pub best: String,
    /// The best move's score (the score before the move), mover's view.
    pub best_score: AnalysisScore,
    /// The move played's score (the score after it), mover's view.
    pub played_score: AnalysisScore,
    /// The depth the move played was searched to.
    pub depth: Option<u32>,
}

/// One move of the JSON form.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveReport {
    /// 1-based, from the record's start position.
    pub ply: usize,
    /// `p1` or `p2`.
    pub side: &'static str,
    /// The move played, as the rules write it.
    #[serde(rename = "move")]
    pub mv: String,
    /// Whether it came from the opening book (not counted in the summary).
    pub book: bool,
    /// The engine's best move.
    pub best: String,
    /// The best move's score, for the mover.
    pub score_before: AnalysisScore,
    /// The move played's score, for the mover.
    pub score_after: AnalysisScore,
    /// The depth the move played was searched to.
    pub depth: Option<u32>,
    /// What it lost against the best, in the game's unit.
    pub loss: f64,
    /// Its mark, if any.
    pub judgement: Option<Judgement>,
}

/// A side's summary.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SideSummary {
    /// Its moves analysed (book moves not counted).
    pub moves: usize,
    /// Their average loss, in the game's unit (two decimals).
    pub average_loss: f64,
    /// Moves marked inaccuracy.
    pub inaccuracies: usize,
    /// Moves marked mistake.
    pub mistakes: usize,
    /// Moves marked blunder.
    pub blunders: usize,
}

/// Both sides' summaries.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Summaries {
    /// Player 1 (White, South, X).
    pub p1: SideSummary,
    /// Player 2.
    pub p2: SideSummary,
}

/// An annotated game, as JSON.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Annotation {
    /// The game (`UCI_Variant`).
    pub variant: &'static str,
    /// The unit of `loss` and `average_loss` (`seeds`, `men`, `points`).
    pub unit: &'static str,
    /// Every move.
    pub moves: Vec<MoveReport>,
    /// Each side's summary.
    pub summary: Summaries,
}

/// One game of the JSON output: its annotation or why there is none.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameReport {
    /// The 1-based place of the game in the input.
    pub game: usize,
    /// The record's own number (results' `game`, PGN's `GameNumber`).
    pub id: Option<String>,
    /// What was wrong (absent when the game was annotated).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The annotation (its fields are the object's own).
    #[serde(flatten)]
    pub annotation: Option<Annotation>,
}

/// The name of a side in the results' terms.
fn side_key(player: Player) -> &'static str {
    match player {
        Player::One => "p1",
        Player::Two => "p2",
    }
}

/// Centi-units as units, to two decimals.
fn units(centi: f64) -> f64 {
    (centi).round() / f64::from(CENTI)
}

/// The annotation of a game from its moves' analyses.
#[must_use]
pub fn annotate(
    variant: &'static str,
    judging: &Judging,
    moves: &[String],
    movers: &[Player],
    book: usize,
    plies: &[PlyAnalysis],
) -> Annotation {
    let mut reports = Vec::with_capacity(plies.len());
    let mut totals = [(0usize, 0i64); 2];
    let mut summary = Summaries::default();
    for (i, ((analysis, mv), &mover)) in plies.iter().zip(moves).zip(movers).enumerate() {
        let verdict = judging.judge(analysis.best_score, analysis.played_score);
        let in_book = i < book;
        if !in_book {
            let side = match mover {
                Player::One => &mut summary.p1,
                Player::Two => &mut summary.p2,
            };
            side.moves += 1;
            match verdict.judgement {
                Some(Judgement::Inaccuracy) => side.inaccuracies += 1,
                Some(Judgement::Mistake) => side.mistakes += 1,
                Some(Judgement::Blunder) => side.blunders += 1,
                None => {}
            }
            let total = &mut totals[mover.index()];
            total.0 += 1;
            total.1 += i64::from(verdict.loss);
        }
        reports.push(MoveReport {
            ply: i + 1,
            side: side_key(mover),
            mv: mv.clone(),
            book: in_book,
            best: analysis.best.clone(),
            score_before: analysis.best_score,
            score_after: analysis.played_score,
            depth: analysis.depth,
            loss: units(f64::from(verdict.loss)),
            judgement: verdict.judgement,
        });
    }
    for (side, (count, total)) in [&mut summary.p1, &mut summary.p2].into_iter().zip(totals) {
        if count > 0 {
            side.average_loss = units(total as f64 / count as f64);
        }
    }
    Annotation {
        variant,
        unit: judging.unit().unwrap_or_default(),
        moves: reports,
        summary,
    }
}

/// A score for a person: `+1.50`, `+M5`/`-M5` (a win or loss in so many
/// plies), `=+2.00` (an exact value, proven), `+2.00..+6.00` (proven
/// bounds).
#[must_use]
pub fn score_text(score: AnalysisScore) -> String {
    let centi = |n: i32| format!("{:+.2}", f64::from(n) / f64::from(CENTI));
    match score {
        AnalysisScore::Cp(n) => centi(n),
        AnalysisScore::Proven(n) => format!("={}", centi(n)),
        AnalysisScore::Bounds { lower, upper, .. } => {
            format!("{}..{}", centi(lower), centi(upper))
        }
        AnalysisScore::Mate(n) if n < 0 => format!("-M{}", n.unsigned_abs()),
        AnalysisScore::Mate(n) => format!("+M{n}"),
    }
}

/// A score in lichess's `[%eval …]` form, for player 1 (White): units to
/// two decimals, or `#N` (`#-N`) for a mate in N plies, then `,depth`.
#[must_use]
pub fn eval_command(score: AnalysisScore, mover: Player, depth: Option<u32>) -> String {
    let sign = if mover == Player::One { 1 } else { -1 };
    let value = match score {
        AnalysisScore::Cp(n)
        | AnalysisScore::Proven(n)
        | AnalysisScore::Bounds { lower: n, .. } => {
            format!("{:.2}", f64::from(sign * n) / f64::from(CENTI))
        }
        AnalysisScore::Mate(n) => format!("#{}", sign * n),
    };
    let depth = depth.map_or_else(String::new, |d| format!(",{d}"));
    format!("[%eval {value}{depth}]")
}

/// The comment after a move: the score of the move played for the side
/// that moved, with its depth, then (when the engine's best move scores
/// otherwise) that move and its score, then `[%eval …]` for player 1.
#[must_use]
pub fn move_comment(report: &MoveReport, mover: Player) -> String {
    let depth = report.depth.map_or_else(String::new, |d| format!("/{d}"));
    let mut text = format!("{}{depth}", score_text(report.score_after));
    if report.best != report.mv && report.score_before != report.score_after {
        text.push_str(&format!(
            " best {} {}",
            report.best,
            score_text(report.score_before)
        ));
    }
    text.push(' ');
    text.push_str(&eval_command(report.score_after, mover, report.depth));
    text
}

/// The marker of comments written by `annotate`: such comments are
/// dropped when an annotated record is annotated again.
pub const EVAL_MARKER: &str = "[%eval ";

/// The tag naming who annotated.
pub const ANNOTATOR_TAG: &str = "Annotator";

/// `game` with the annotation: each move's NAG (its old NAGs and
/// `[%eval]` comments replaced), the comment first after the move, and
/// the tags `Annotator`, `AnnotationUnit` and per side (`White…` for
/// player 1, `Black…` for player 2, as PGN names them) `AverageLoss`,
/// `Inaccuracies`, `Mistakes`, `Blunders`, `MovesAnalysed`.
#[must_use]
pub fn annotated_pgn(
    mut game: PgnGame,
    annotation: &Annotation,
    movers: &[Player],
    annotator: &str,
) -> PgnGame {
    for ((mv, report), &mover) in game.moves.iter_mut().zip(&annotation.moves).zip(movers) {
        mv.nags = report.judgement.map(|j| j.nag()).into_iter().collect();
        mv.comments.retain(|c| !c.contains(EVAL_MARKER));
        mv.comments.insert(0, move_comment(report, mover));
    }
    game.set_tag(ANNOTATOR_TAG, annotator.to_owned());
    game.set_tag("AnnotationUnit", annotation.unit.to_owned());
    for (colour, side) in [
        ("White", &annotation.summary.p1),
        ("Black", &annotation.summary.p2),
    ] {
        for (name, value) in [
            ("AverageLoss", format!("{:.2}", side.average_loss)),
            ("Inaccuracies", side.inaccuracies.to_string()),
            ("Mistakes", side.mistakes.to_string()),
            ("Blunders", side.blunders.to_string()),
            ("MovesAnalysed", side.moves.to_string()),
        ] {
            game.set_tag(&format!("{colour}{name}"), value);
        }
    }
    game
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine_game::judging::Thresholds;

    const SEEDS: Judging = Judging::Margin(Thresholds {
        unit: "seeds",
        inaccuracy: 100,
        mistake: 200,
        blunder: 400,
        cap: 1000,
    });

    fn ply(best: &str, best_score: i32, played_score: i32) -> PlyAnalysis {
        PlyAnalysis {
            best: best.to_owned(),
            best_score: AnalysisScore::Cp(best_score),
            played_score: AnalysisScore::Cp(played_score),
            depth: Some(8),
        }
    }

    #[test]
    fn summaries_count_each_side_without_the_book() {
        let moves: Vec<String> = ["3", "6", "2", "1", "4"].map(String::from).into();
        let movers = [
            Player::One,
            Player::One,
            Player::Two,
            Player::One,
            Player::Two,
        ];
        let plies = [
            ply("1", 500, 0),    // book: not counted
            ply("6", 300, 300),  // best
            ply("5", 100, -100), // a mistake
            ply("2", 200, 50),   // an inaccuracy
            ply("3", 0, -500),   // a blunder
        ];
        let annotation = annotate("kalah", &SEEDS, &moves, &movers, 1, &plies);
        assert_eq!(annotation.unit, "seeds");
        assert!(annotation.moves[0].book);
        assert_eq!(annotation.moves[2].loss, 2.0);
        assert_eq!(annotation.moves[2].side, "p2");
        let p1 = &annotation.summary.p1;
        assert_eq!(
            (p1.moves, p1.inaccuracies, p1.mistakes, p1.blunders),
            (2, 1, 0, 0)
        );
        assert_eq!(p1.average_loss, 0.75);
        let p2 = &annotation.summary.p2;
        assert_eq!(
            (p2.moves, p2.inaccuracies, p2.mistakes, p2.blunders),
            (2, 0, 1, 1)
        );
        assert_eq!(p2.average_loss, 3.5);
    }

    #[test]
    fn comments_give_the_movers_score_the_best_move_and_white_s_eval() {
        let report = MoveReport {
            ply: 2,
            side: "p2",
            mv: "4".into(),
            book: false,
            best: "3".into(),
            score_before: AnalysisScore::Cp(150),
            score_after: AnalysisScore::Cp(-50),
            depth: Some(14),
            loss: 2.0,
            judgement: Some(Judgement::Mistake),
        };
        assert_eq!(
            move_comment(&report, Player::Two),
            "-0.50/14 best 3 +1.50 [%eval 0.50,14]"
        );
        let equal = MoveReport {
            score_before: AnalysisScore::Cp(-50),
            ..report.clone()
        };
        assert_eq!(
            move_comment(&equal, Player::Two),
            "-0.50/14 [%eval 0.50,14]"
        );
        assert_eq!(score_text(AnalysisScore::Proven(-200)), "=-2.00");
        assert_eq!(score_text(AnalysisScore::Mate(-3)), "-M3");
        assert_eq!(
            eval_command(AnalysisScore::Mate(3), Player::Two, None),
            "[%eval #-3]"
        );
    }
}
