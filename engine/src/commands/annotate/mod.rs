//! `ply-engine annotate`: analyses every move of the games `ply-referee`
//! recorded (its results file, PGN or PDN) and writes them again with the
//! engine's verdicts: each move's score, the best move, the loss and a mark
//! (inaccuracy, mistake, blunder), and each side's summary (see
//! `docs/analysis.md`).
//!
//! Each move is searched twice from the position before it, by the
//! `analyse` machinery (an in-process session driven by protocol lines):
//! freely, for the best move and its score, then with `go … searchmoves
//! <the move played>` for the move's own score, unless it was the best.
//! Both scores come from the same root, the same depth and the mover's
//! view, so the loss is their difference with no sign to turn (a Kalah
//! move that earns another turn needs no special case).
//!
//! - [`input`] and [`pgn`]: reading the records;
//! - [`judge`]: losses and marks, by the thresholds each game declares in
//!   its [`EngineGame::JUDGING`] hook;
//! - [`report`]: the JSON form and the PGN comments, NAGs and tags.

pub mod input;
pub mod judge;
pub mod pgn;
pub mod report;

use std::collections::HashSet;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use ply_protocol::{Command, GoParams, StartingPosition};
use ply_rules::game::Player;
use ply_rules::variant::{AnyGame, AnyRules, Variant, is_rule_option};

use crate::commands::analyse::input::PositionSpec;
use crate::commands::analyse::{Job, OrderedWriter, Progress, setup_commands};
use crate::engine_game::EngineGame;
use crate::input_text::cut;
use ply_rules::with_variant;

pub use input::{GameInput, GameText, InputFormat, read_games};
pub use judge::Judgement;

use crate::engine_game::judging::Judging;
pub use report::{Annotation, GameReport, PlyAnalysis};

/// How an annotated game is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// The record again as PGN (PDN for draughts), with comments, NAGs and tags.
    Pgn,
    /// One JSON object a game.
    Json,
}

impl OutputFormat {
    /// The form of the input's own: JSON for the results file, PGN otherwise.
    #[must_use]
    pub fn like(input: InputFormat) -> Self {
        match input {
            InputFormat::Json => Self::Json,
            InputFormat::Pgn | InputFormat::Pdn => Self::Pgn,
        }
    }
}

/// How `variant`'s moves are judged: its game's hook.
#[must_use]
pub fn judging(variant: Variant) -> Judging {
    with_variant!(variant, G => <G as EngineGame>::JUDGING)
}

/// How a batch of games is annotated.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The game of records that do not name one.
    pub variant: Option<Variant>,
    /// Engine options as `NAME=VALUE` (rules and others), for every game;
    /// a rule option is sent only to the games that have it.
    pub options: Vec<String>,
    /// The limits of every search (`searchmoves` is set here).
    pub go: GoParams,
    /// Positions analysed at once.
    pub jobs: usize,
    /// How games are written.
    pub format: OutputFormat,
    /// The `Annotator` tag of PGN output.
    pub annotator: String,
}

/// What a batch did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games written.
    pub written: usize,
    /// The games that could not be annotated: their label and why.
    pub bad_games: Vec<String>,
}

/// Errors that stop a batch.
#[derive(Debug, thiserror::Error)]
pub enum AnnotateError {
    /// The options make no game, or are not the engine's.
    #[error("the engine refused the options for {variant}: {error}")]
    Setup {
        /// The game they were set for.
        variant: &'static str,
        /// The engine's words.
        error: String,
    },
    /// The output cannot be written (the cause follows in the error chain).
    #[error("cannot write the output")]
    Write(#[from] std::io::Error),
}

/// A game checked with its rules, ready to search.
#[derive(Debug)]
struct Prepared {
    variant: Variant,
    judging: Judging,
    setup: Vec<Command>,
    start: StartingPosition,
    /// The moves as the rules write them.
    moves: Vec<String>,
    movers: Vec<Player>,
}

/// One position to search: ply `ply` of game `game`.
#[derive(Clone, Copy, Debug)]
struct Task {
    game: usize,
    ply: usize,
}

/// A game's progress in the collector.
#[derive(Debug)]
struct Pending {
    plies: Vec<Option<PlyAnalysis>>,
    left: usize,
    error: Option<String>,
}

/// Annotates `games` with `settings.jobs` sessions at once, writing each
/// game to `out` in input order.
///
/// # Errors
/// The options are refused (before anything is analysed), or `out`
/// cannot be written. A bad game is not an error here: it is reported in
/// the output (an `error` object in JSON, a `%` line in PGN) and listed
/// in the summary.
pub fn annotate(
    settings: &Settings,
    games: &[GameInput],
    out: impl Write,
    progress: &Progress,
) -> Result<Summary, AnnotateError> {
    // 1. Every game read and checked; one task a ply to search.
    let prepared: Vec<Result<Prepared, String>> =
        games.iter().map(|game| prepare(settings, game)).collect();
    check_setups(&prepared)?;
    let tasks: Vec<Task> = prepared
        .iter()
        .enumerate()
        .filter_map(|(game, p)| p.as_ref().ok().map(|p| (game, p.moves.len())))
        .flat_map(|(game, plies)| (0..plies).map(move |ply| Task { game, ply }))
        .collect();
    progress.set_length(tasks.len());
    // 2. What each game waits for, and how a finished game is written (in
    // input order, whatever order its plies end in).
    let failed: Vec<AtomicBool> = games.iter().map(|_| AtomicBool::new(false)).collect();
    let mut pending: Vec<Pending> = prepared
        .iter()
        .map(|p| Pending {
            plies: vec![None; p.as_ref().map_or(0, |p| p.moves.len())],
            left: p.as_ref().map_or(0, |p| p.moves.len()),
            error: p.as_ref().err().cloned(),
        })
        .collect();
    let mut writer = OrderedWriter::new(out);
    let mut summary = Summary::default();
    let mut finish = |index: usize, pending: &mut Pending| -> Result<(), AnnotateError> {
        let text = write_game(
            settings,
            &games[index],
            &prepared[index],
            pending,
            &mut summary,
        );
        writer.push(index, text)?;
        summary.written += 1;
        Ok(())
    };
    // 3. Games with nothing to search are done at once.
    for (index, game) in pending.iter_mut().enumerate() {
        if game.left == 0 {
            finish(index, game)?;
        }
    }
    // 4. The jobs take tasks in turn, each with its own session; a game
    // that failed a ply is not searched further.
    let next = AtomicUsize::new(0);
    let job_count = settings.jobs.clamp(1, tasks.len().max(1));
    std::thread::scope(|scope| {
        let (sender, results) = mpsc::channel();
        for _ in 0..job_count {
            let sender = sender.clone();
            let (next, tasks, prepared, failed) = (&next, &tasks, &prepared, &failed);
            scope.spawn(move || {
                let mut job: Option<(Vec<Command>, Job)> = None;
                while let Some(&task) = tasks.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let result = if failed[task.game].load(Ordering::Relaxed) {
                        None
                    } else if let Ok(game) = &prepared[task.game] {
                        Some(search_ply(&mut job, game, task.ply, &settings.go))
                    } else {
                        None
                    };
                    // The receiver has gone when the output failed: stop.
                    if sender.send((task, result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // 5. Each result goes to its game, written when its last ply is in.
        for (task, result) in results {
            progress.done_one();
            let game = &mut pending[task.game];
            match result {
                Some(Ok(analysis)) => game.plies[task.ply] = Some(analysis),
                Some(Err(error)) => {
                    failed[task.game].store(true, Ordering::Relaxed);
                    game.error
                        .get_or_insert_with(|| format!("ply {}: {error}", task.ply + 1));
                }
                None => {}
            }
            game.left -= 1;
            if game.left == 0 {
                finish(task.game, game)?;
            }
        }
        Ok::<(), AnnotateError>(())
    })?;
    progress.finish();
    Ok(summary)
}

/// A game's name in messages: `game 3`, with the record's own number.
fn label(game: &GameInput) -> String {
    match &game.id {
        Some(id) => format!("game {} (record {id})", game.index),
        None => format!("game {}", game.index),
    }
}

/// Checks a game with its rules: its variant, start and every move.
fn prepare(settings: &Settings, input: &GameInput) -> Result<Prepared, String> {
    let game = input.game.as_ref()?;
    let variant = game.variant.or(settings.variant).ok_or_else(|| {
        format!(
            "the record does not name its game (no Variant or GameType tag) and no --variant \
             was given: expected one of {}",
            Variant::names().join(", ")
        )
    })?;
    let judging = judging(variant);
    if let Judging::NotAnnotated(why) = judging {
        return Err(why.to_owned());
    }
    let options = options_for(variant, &settings.options);
    let rule_values: Vec<(&str, &str)> = options
        .iter()
        .filter_map(|option| option.split_once('='))
        .filter(|(name, _)| is_rule_option(name.trim()))
        .map(|(name, value)| (name.trim(), value.trim()))
        .collect();
    let rules = AnyRules::default_for(variant)
        .with_options(&rule_values)
        .map_err(|e| e.to_string())?
        .rules;
    let mut position = match &game.fen {
        Some(fen) => AnyGame::from_position_string(&rules, fen).map_err(|e| format!("FEN: {e}"))?,
        None => AnyGame::start(&rules)?,
    };
    let mut moves = Vec::new();
    let mut movers = Vec::new();
    for (i, text) in game.moves().enumerate() {
        let mover = position.side_to_move();
        let bad = |why: String| {
            format!(
                "ply {} ({}'s move '{text}'): {why}",
                i + 1,
                variant.side_name(mover)
            )
        };
        if position.outcome().is_some() {
            return Err(bad("the game is already over".to_owned()));
        }
        let canonical = ply_rules::with_game!(&position, g => {
            use ply_rules::game::Game;
            g.parse_move(text).map(|mv| g.format_move(mv))
        })
        .map_err(|e| bad(e.to_string()))?;
        position = position
            .with_moves(&[canonical.as_str()])
            .map_err(|e| bad(e.source.to_string()))?;
        moves.push(canonical);
        movers.push(mover);
    }
    Ok(Prepared {
        variant,
        judging,
        setup: setup_commands(Some(variant.name()), &options, None)?,
        start: game
            .fen
            .clone()
            .map_or(StartingPosition::StartPos, StartingPosition::Fen),
        moves,
        movers,
    })
}

/// The options of `variant`: all but the rule options it does not have
/// (a file may hold games of several games).
fn options_for(variant: Variant, options: &[String]) -> Vec<String> {
    options
        .iter()
        .filter(|option| {
            let name = option
                .split_once('=')
                .map_or(option.as_str(), |(n, _)| n)
                .trim();
            !is_rule_option(name) || variant.has_option(name)
        })
        .cloned()
        .collect()
}

/// Starts one session with each set of options the games need, so that
/// refused options stop the batch before anything is written.
fn check_setups(prepared: &[Result<Prepared, String>]) -> Result<(), AnnotateError> {
    let mut checked: HashSet<&[Command]> = HashSet::new();
    for game in prepared.iter().flatten() {
        if checked.insert(&game.setup) {
            Job::new(&game.setup).map_err(|error| AnnotateError::Setup {
                variant: game.variant.name(),
                error,
            })?;
        }
    }
    Ok(())
}

/// Searches the position before ply `ply` (0-based) of `game`: freely,
/// then the move played alone unless it was the best.
fn search_ply(
    job: &mut Option<(Vec<Command>, Job)>,
    game: &Prepared,
    ply: usize,
    go: &GoParams,
) -> Result<PlyAnalysis, String> {
    if job.as_ref().is_none_or(|(setup, _)| *setup != game.setup) {
        *job = Some((game.setup.clone(), Job::new(&game.setup)?));
    }
    let Some((_, job)) = job.as_mut() else {
        return Err("no engine session".to_owned());
    };
    let position = PositionSpec {
        start: game.start.clone(),
        moves: game.moves[..ply].to_vec(),
    };
    let played = &game.moves[ply];
    let free = job.analyse(&position, &Command::Go(go.clone()))?;
    let best = free
        .bestmove
        .ok_or_else(|| "the engine gave no best move".to_owned())?;
    let best_score = free
        .score
        .ok_or_else(|| "the engine gave no score".to_owned())?;
    if best == *played {
        return Ok(PlyAnalysis {
            best,
            best_score,
            played_score: best_score,
            depth: free.depth,
        });
    }
    let forced = GoParams {
        searchmoves: vec![played.clone()],
        ..go.clone()
    };
    let only = job.analyse(&position, &Command::Go(forced))?;
    let played_score = only
        .score
        .ok_or_else(|| format!("the engine gave no score for {played}"))?;
    Ok(PlyAnalysis {
        best,
        best_score,
        played_score,
        depth: only.depth,
    })
}

/// The text of a finished game in the output format (one line for JSON).
/// A game that could not be annotated is an `error` object in JSON; in
/// PGN, a `%` line saying why (readers skip it) and the record as read
/// (its input lines as they are when they do not read as a game).
fn write_game(
    settings: &Settings,
    input: &GameInput,
    prepared: &Result<Prepared, String>,
    pending: &Pending,
    summary: &mut Summary,
) -> String {
    let annotated = match (prepared, &pending.error, &input.game) {
        (Ok(game), None, Ok(text)) => {
            let plies: Vec<PlyAnalysis> = pending.plies.iter().flatten().cloned().collect();
            let annotation = report::annotate(
                game.variant.name(),
                &game.judging,
                &game.moves,
                &game.movers,
                text.book,
                &plies,
            );
            Ok((annotation, game, text))
        }
        // The words may echo a huge line of the record.
        (Err(error), _, _) | (_, Some(error), _) | (_, _, Err(error)) => {
            Err(cut(error).into_owned())
        }
    };
    if let Err(error) = &annotated {
        summary.bad_games.push(format!("{}: {error}", label(input)));
    }
    match (settings.format, annotated) {
        (OutputFormat::Json, annotated) => {
            let (error, annotation) = match annotated {
                Ok((annotation, _, _)) => (None, Some(annotation)),
                Err(error) => (Some(error), None),
            };
            let report = GameReport {
                game: input.index,
                id: input.id.clone(),
                error,
                annotation,
            };
            serde_json::to_string(&report)
                .unwrap_or_else(|e| format!("{{\"game\":{},\"error\":\"{e}\"}}", input.index))
        }
        (OutputFormat::Pgn, Ok((annotation, game, text))) => {
            let record = report::annotated_pgn(
                text.pgn.clone(),
                &annotation,
                &game.movers,
                &settings.annotator,
            );
            pgn::write_game(&record, &first_player_moves(&game.movers))
        }
        (OutputFormat::Pgn, Err(error)) => {
            let mut out = format!("% ply-engine annotate: {}: {error}\n", label(input));
            match (&input.game, &input.text) {
                (Ok(text), _) => {
                    let movers = prepared.as_ref().map(|g| first_player_moves(&g.movers));
                    out.push_str(&pgn::write_game(
                        &text.pgn,
                        movers.as_deref().unwrap_or(&[]),
                    ));
                }
                // A record that does not read is copied as it is: its text
                // is all there is of it, and none of the input may be lost.
                (Err(_), Some(record)) => {
                    out.push_str(record.trim_end());
                    out.push('\n');
                }
                (Err(_), None) => {}
            }
            out
        }
    }
}

/// For each move, whether player 1 made it.
fn first_player_moves(movers: &[Player]) -> Vec<bool> {
    movers.iter().map(|&p| p == Player::One).collect()
}
