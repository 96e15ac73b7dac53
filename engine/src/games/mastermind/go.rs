//! `go` in Mastermind: the breaker's or the maker's strategy on its own
//! thread (see `games::mastermind::strategy`), instead of the alpha-beta
//! search of the board games.
//!
//! Info lines: `info depth D score cp S nodes N nps R time T pv <move>`
//! after each finished iteration (one at depth 0 when none finished; with
//! `MultiPV` K > 1, one a guess for the breaker's K best guesses by
//! expected guesses, each with `multipv k`, best first),
//! where the score is for the side to move
//! in hundredths of a guess: minus the guesses the breaker still expects to
//! need (this one included) when the breaker moves, plus the guesses the
//! breaker still needs after the answer when the maker moves. Then an
//! `info string` in words, and the one `bestmove`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use ply_protocol::{Info, Response, Score, ScoreValue};

use crate::games::mastermind::strategy::{
    AnswerChoice, DEFAULT_PROFILE, Decision, Stop, best_guesses, worst_answer,
};
use crate::search::SearchControl;
use crate::search::time::TimePlan;
use ply_rules::game::Game;
use ply_rules::games::mastermind::{BREAKER, Mastermind, MastermindMove};

use crate::search_thread::go::GoJob;
use crate::search_thread::output::Output;
use crate::search_thread::running::{RunningSearch, limits_from, nodes_per_second};

/// Thinking time of a `go` with no limit at all: Mastermind's search ends
/// by itself, but a front end waiting on a bare `go` expects an answer
/// within a second.
pub const UNLIMITED_GO: Duration = Duration::from_millis(1000);
/// Score units per guess.
const CENTI_PER_GUESS: f64 = 100.0;
/// How often a finished `go infinite` looks for `stop`.
const STOP_POLL: Duration = Duration::from_millis(5);

/// Builds the tables of `game`'s rules now (the code space and its
/// answers, kept for later), so that the first `go` spends its time
/// thinking: built there, they took twice a 100 ms clock. Called when the
/// rules are set, as engines allocate their tables at `setoption`.
pub fn prepare(game: &Mastermind) {
    let _ = crate::games::mastermind::strategy::Space::of(game.rules());
}

/// Starts choosing a move for `game` as the job's `params` say, on a new
/// thread. (The breaker names no expected reply, and keeps no tables
/// between moves but the code space of `prepare`.)
pub fn start(game: Mastermind, job: GoJob) -> RunningSearch {
    let GoJob {
        params,
        settings,
        out,
        ..
    } = job;
    let limits = limits_from(&params, game.side_to_move());
    let control = Arc::new(SearchControl::new(params.ponder, limits.infinite));
    let plan = TimePlan::new(&limits, settings.move_overhead);
    // Without a clock or move time, even `go depth N` stops after a
    // second: on big games (46,656 codes) one search level can take minutes.
    let budget = if limits.infinite {
        plan.hard
    } else {
        Some(
            plan.hard
                .unwrap_or_else(|| UNLIMITED_GO.saturating_sub(settings.move_overhead)),
        )
    };
    let profile_len = limits
        .depth
        .map_or(DEFAULT_PROFILE.len(), |d| {
            usize::try_from(d).unwrap_or(usize::MAX)
        })
        .clamp(1, DEFAULT_PROFILE.len());
    let node_limit = limits.nodes;
    let lines = settings.multipv;
    let thread_control = Arc::clone(&control);
    let handle = std::thread::spawn(move || {
        let started = Instant::now();
        // No time limit while pondering: the clock starts at `ponderhit`.
        let stop = |nodes: u64| {
            thread_control.stopped()
                || node_limit.is_some_and(|limit| nodes >= limit)
                || (!thread_control.pondering() && budget.is_some_and(|b| started.elapsed() >= b))
        };
        let best = choose(&game, &DEFAULT_PROFILE[..profile_len], &stop, lines, &out);
        // `go infinite` and `go ponder`: the answer waits for `stop` (or,
        // pondering, for `ponderhit`), as the board games' search does.
        while (thread_control.waits_for_stop() || thread_control.pondering())
            && !thread_control.stopped()
        {
            std::thread::sleep(STOP_POLL);
        }
        out.send(&Response::BestMove {
            best: best.map(|mv| game.format_move(mv)),
            ponder: None,
        });
    });
    RunningSearch::new(control, handle, !limits.infinite)
}

/// The move for the side to move, printing the info lines on the way;
/// the breaker reports its `lines` best guesses (MultiPV).
fn choose(
    game: &Mastermind,
    profile: &[usize],
    stop: &Stop<'_>,
    lines: usize,
    out: &Output,
) -> Option<MastermindMove> {
    if game.is_over() {
        return None;
    }
    if game.side_to_move() == BREAKER {
        let made = game.rows().len();
        let many = lines > 1;
        best_guesses(game, profile, stop, lines, |found| {
            for (k, d) in found.iter().enumerate() {
                report_guess(game, d, made, many.then_some(k + 1), out);
            }
        })
        .first()
        .map(|d| MastermindMove::Guess(d.guess))
    } else {
        if lines > 1 {
            // Said, not silently ignored: the maker's search keeps one answer.
            out.send(&Response::InfoString(format!(
                "MultiPV {lines}: the maker reports its one answer"
            )));
        }
        let choice = worst_answer(game, stop)?;
        report_answer(&choice, out);
        Some(MastermindMove::Answer(choice.answer))
    }
}

/// The info lines of a breaker's iteration, or of its line `multipv`
/// (MultiPV, from 1) when it reports several.
fn report_guess(
    game: &Mastermind,
    d: &Decision,
    made: usize,
    multipv: Option<usize>,
    out: &Output,
) {
    let length = game.rules().length;
    let mut line = info(
        d.depth,
        -d.expected(),
        d.nodes,
        d.elapsed,
        d.guess.text(length),
    );
    line.multipv = multipv.and_then(|k| u32::try_from(k).ok());
    out.send(&Response::Info(line));
    let kind = if d.estimated { "about " } else { "" };
    let prefix = multipv.map_or_else(String::new, |k| format!("multipv {k} "));
    out.send(&Response::InfoString(format!(
        "{prefix}expected guesses in all {kind}{:.3} ({made} made), {} codes possible",
        made as f64 + d.expected(),
        d.codes
    )));
}

/// The info lines of the maker's choice.
fn report_answer(choice: &AnswerChoice, out: &Output) {
    if !choice.expected.is_finite() {
        // No average to report: some codes may stay unfound.
        let mut line = info(
            1,
            0.0,
            choice.nodes,
            choice.elapsed,
            choice.answer.to_string(),
        );
        line.score = None;
        out.send(&Response::Info(line));
        out.send(&Response::InfoString(format!(
            "after {} the breaker cannot be sure to find the code in the rows left, {} codes possible",
            choice.answer, choice.codes
        )));
        return;
    }
    out.send(&Response::Info(info(
        1,
        choice.expected,
        choice.nodes,
        choice.elapsed,
        choice.answer.to_string(),
    )));
    let kind = if choice.searched { "" } else { "about " };
    out.send(&Response::InfoString(format!(
        "after {} the breaker needs {kind}{:.3} more guesses on average, {} codes possible",
        choice.answer, choice.expected, choice.codes
    )));
}

/// An `info` line with a score of `guesses` (for the side to move).
fn info(depth: u32, guesses: f64, nodes: u64, elapsed: Duration, pv: String) -> Info {
    let micros = u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX);
    // Rounded to whole centi-guesses; a few thousand at most.
    let centi = (guesses * CENTI_PER_GUESS).round() as i32;
    Info {
        depth: Some(depth),
        score: Some(Score {
            value: ScoreValue::Centi(centi),
            bound: None,
        }),
        nodes: Some(nodes),
        nps: Some(nodes_per_second(nodes, micros)),
        time: Some(u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX)),
        pv: vec![pv],
        ..Info::default()
    }
}
