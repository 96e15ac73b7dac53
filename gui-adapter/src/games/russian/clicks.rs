//! Moves by clicks: the person clicks the piece, then each landing square
//! of its path (`c3`, then `e5`, then `g3`). This module turns the legal
//! moves into a plan the page follows click by click, so the page needs no
//! rules of its own: after each click it shows the squares that can come
//! next, and sends the move once the clicks name exactly one.

use std::collections::BTreeMap;

use ply_rules::game::Game;
use ply_rules::games::russian::{Move, Russian};
use serde::Serialize;

use super::squares::name;

/// What the clicks so far lead to.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The squares that may be clicked next, each continuing a legal path.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub next: Vec<String>,
    /// The move the clicks complete, when they name exactly one and no
    /// path goes on from here.
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub complete: Option<String>,
}

/// The plan: for each run of clicks, its squares joined by spaces
/// (`"c3 e5"`), what it leads to. Runs that start no legal move are not
/// in it.
pub type ClickPlan = BTreeMap<String, Step>;

/// The squares a move passes, from its start: a quiet move's two, a
/// capture's start and every landing.
fn path(mv: &Move) -> Vec<String> {
    std::iter::once(mv.from)
        .chain(if mv.is_capture() {
            mv.landings()
        } else {
            vec![mv.to]
        })
        .map(name)
        .collect()
}

/// The plan for the side to move in `position`.
///
/// 1. Every path of every legal move, clicked square by square: each
///    prefix lists the squares that continue it, the whole path completes
///    its move. Captures are taken by every path the piece could follow
///    (the legal moves list one path per capture; the engine library reads
///    any of them as that capture).
/// 2. The short form: clicking the start and then the final square of a
///    capture completes it when no longer path uses those two clicks and
///    exactly one capture goes from there to there. Not for a capture
///    that ends where it started: clicking the piece twice deselects it
///    on the page and must not send a capture.
///
/// A capture must be finished, so a complete path is never the start of
/// another one; should a run be both, it keeps its continuations (the
/// longer path is the one the rules allow).
#[must_use]
pub fn plan(position: &Russian) -> ClickPlan {
    let legal = position.moves();
    let mut paths: Vec<(Vec<String>, String)> = if legal.iter().any(Move::is_capture) {
        position
            .capture_paths()
            .iter()
            .map(|mv| (path(mv), position.format_move(*mv)))
            .collect()
    } else {
        legal
            .iter()
            .map(|mv| (path(mv), position.format_move(*mv)))
            .collect()
    };
    paths.sort();
    paths.dedup();

    let mut plan = ClickPlan::new();
    for (squares, text) in &paths {
        for k in 1..squares.len() {
            let step = plan.entry(squares[..k].join(" ")).or_default();
            if !step.next.contains(&squares[k]) {
                step.next.push(squares[k].clone());
            }
        }
        plan.entry(squares.join(" ")).or_default().complete = Some(text.clone());
    }
    // Step 1's tie-break: a run with continuations completes nothing.
    for step in plan.values_mut() {
        if !step.next.is_empty() {
            step.complete = None;
        }
    }

    // 2. The short form, from the legal moves (one per capture).
    for mv in legal
        .iter()
        .filter(|mv| mv.is_capture() && mv.landings().len() > 1 && mv.from != mv.to)
    {
        let key = format!("{} {}", name(mv.from), name(mv.to));
        let alike = legal
            .iter()
            .filter(|m| m.from == mv.from && m.to == mv.to)
            .count();
        if alike == 1 && !plan.contains_key(&key) {
            plan.insert(
                key,
                Step {
                    next: Vec::new(),
                    complete: Some(position.format_move(*mv)),
                },
            );
        }
    }
    plan
}

/// Where a run of clicks stands in `plan`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress<'a> {
    /// The clicks name this move: send it.
    Complete(&'a str),
    /// The clicks start legal paths; these squares continue them.
    Continue(&'a [String]),
    /// The clicks start no legal move.
    Nothing,
}

/// Follows `clicks` (square names) through `plan`: what the page does
/// after each click.
#[must_use]
pub fn follow<'a, S: AsRef<str>>(plan: &'a ClickPlan, clicks: &[S]) -> Progress<'a> {
    let key = clicks
        .iter()
        .map(AsRef::as_ref)
        .collect::<Vec<_>>()
        .join(" ");
    match plan.get(&key) {
        Some(Step {
            complete: Some(mv), ..
        }) => Progress::Complete(mv),
        Some(step) if !step.next.is_empty() => Progress::Continue(&step.next),
        _ => Progress::Nothing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(fen: &str) -> Russian {
        Russian::from_position_string(fen).unwrap()
    }

    #[test]
    fn quiet_moves_take_two_clicks() {
        let plan = plan(&Russian::start());
        assert_eq!(
            follow(&plan, &["c3"]),
            Progress::Continue(&["b4".to_owned(), "d4".to_owned()])
        );
        assert_eq!(follow(&plan, &["c3", "d4"]), Progress::Complete("c3-d4"));
        assert_eq!(follow(&plan, &["c3", "e5"]), Progress::Nothing);
        assert_eq!(follow(&plan, &["b2"]), Progress::Nothing, "a blocked man");
        // Seven moves from four men on rank 3.
        let starts = plan.keys().filter(|k| !k.contains(' ')).count();
        assert_eq!(starts, 4);
    }

    #[test]
    fn a_double_capture_is_clicked_landing_by_landing() {
        // White c3 takes d4 and f4: c3:e5:g3.
        let p = position("W:Wc3:Bd4,f4,h8");
        let plan = plan(&p);
        assert_eq!(
            follow(&plan, &["c3"]),
            Progress::Continue(&["e5".to_owned()])
        );
        assert_eq!(
            follow(&plan, &["c3", "e5"]),
            Progress::Continue(&["g3".to_owned()])
        );
        assert_eq!(
            follow(&plan, &["c3", "e5", "g3"]),
            Progress::Complete("c3:e5:g3")
        );
        // The short form: start and end.
        assert_eq!(follow(&plan, &["c3", "g3"]), Progress::Complete("c3:e5:g3"));
    }

    #[test]
    fn only_captures_are_planned_when_one_is_mandatory() {
        let p = position("W:Wc3,a1:Bd4,h8");
        let plan = plan(&p);
        assert_eq!(follow(&plan, &["a1"]), Progress::Nothing);
        assert_eq!(follow(&plan, &["c3", "b4"]), Progress::Nothing);
        assert_eq!(follow(&plan, &["c3", "e5"]), Progress::Complete("c3:e5"));
    }

    #[test]
    fn a_flying_king_lists_every_landing_square() {
        // The white king on a1 takes c3 and may stop on d4, e5, f6 or g7.
        let p = position("W:WKa1:Bc3,h8");
        let plan = plan(&p);
        let Progress::Continue(next) = follow(&plan, &["a1"]) else {
            panic!("the king can capture");
        };
        assert_eq!(next, ["d4", "e5", "f6", "g7"]);
        assert_eq!(follow(&plan, &["a1", "f6"]), Progress::Complete("a1:f6"));
    }

    #[test]
    fn every_path_to_the_same_capture_is_followed() {
        // Two paths of a king to the same capture set and end: whichever
        // the person clicks is sent (the engine reads both).
        let p = position("W:WKa1:Bb2,e5,h8");
        let plan = plan(&p);
        assert_eq!(
            follow(&plan, &["a1"]),
            Progress::Continue(&["c3".to_owned(), "d4".to_owned()])
        );
        assert!(matches!(
            follow(&plan, &["a1", "c3", "f6"]),
            Progress::Complete(_)
        ));
        assert!(matches!(
            follow(&plan, &["a1", "d4", "f6"]),
            Progress::Complete(_)
        ));
        for (_, step) in plan.iter().filter(|(k, _)| k.starts_with("a1")) {
            if let Some(mv) = &step.complete {
                assert!(p.parse_move(mv).is_ok(), "{mv} is read as a legal capture");
            }
        }
    }

    #[test]
    fn a_capture_back_to_its_start_has_no_short_form() {
        // White c3 takes round the four black men: c3:e5:g3:e1:c3 (or the
        // other way round). Clicking c3 twice is no move.
        let p = position("W:Wc3:Bd4,f4,f2,d2");
        let plan = plan(&p);
        assert_eq!(
            follow(&plan, &["c3"]),
            Progress::Continue(&["e1".to_owned(), "e5".to_owned()])
        );
        assert_eq!(follow(&plan, &["c3", "c3"]), Progress::Nothing);
        let Progress::Complete(mv) = follow(&plan, &["c3", "e5", "g3", "e1", "c3"]) else {
            panic!("the whole path completes the capture");
        };
        assert!(p.parse_move(mv).is_ok(), "{mv}");
        assert!(matches!(
            follow(&plan, &["c3", "e1", "g3", "e5", "c3"]),
            Progress::Complete(_)
        ));
    }
}
