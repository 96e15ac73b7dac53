//! Training data for the evaluation fits (Texel's method, `tune.rs`):
//! self-play games written one position a line, and the lines read back
//! and split into positions to fit and positions held out to check the
//! fit. `ply-engine tune` uses it through the games' tuning hooks
//! (`engine_game/tuning.rs`); what differs between games (the start, the
//! features) stays with them.
//!
//! A line is `GAME<TAB>RESULT<TAB>POSITION<TAB>SEARCH`: the game's
//! number, its result for the side to move (1, 0.5, 0), the position
//! string and what a search made of it for the side to move
//! ([`SearchLabel`]: centi-units, or `win` or `loss` when it proved one):
//! the search that chose the move there, or a deeper one of `tune label`
//! ([`write_relabelled`]). The last field is optional: files written before it
//! was added still read, with results alone.

use std::io::{BufRead, BufWriter, Write};
use std::ops::RangeInclusive;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use ply_rules::game::Player;

use crate::search::score::{is_proven, margin_of};
use crate::search::{Evaluator, SearchGame};
use crate::selfplay::{FixedNodes, play_recorded};
use crate::tune::{self, Sample};

/// One game in this many is held out of the fit, to check it.
pub const HOLD_OUT_EVERY: usize = 10;

/// How the self-play games are played.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    /// Games to play.
    pub games: usize,
    /// Nodes a move.
    pub nodes: u64,
    /// Games played at once.
    pub threads: usize,
    /// Seed of the random openings; game `n` uses its own stream.
    pub seed: u64,
    /// Fewest and most random legal moves that open a game, so that the
    /// games do not all follow the search's favourite lines.
    pub random_plies: RangeInclusive<u32>,
}

/// Plays the games `settings` asks for, the evaluation against itself,
/// game `n` from `openings[n % openings.len()]` (then the random moves),
/// and writes every position of each (the finished ones left out) to
/// `output`, calling `progress` with the games finished after each.
///
/// # Errors
/// The file cannot be created or written, or there are no openings.
pub fn write_self_play<G, E>(
    openings: &[G],
    evaluation: &E,
    settings: &SelfPlay,
    output: &Path,
    progress: &(dyn Fn(usize) + Sync),
) -> std::io::Result<()>
where
    G: SearchGame + Sync,
    E: Evaluator<G> + Sync,
{
    if openings.is_empty() {
        return Err(std::io::Error::other("no openings to play"));
    }
    write_jobs(
        settings.games,
        settings.threads,
        output,
        progress,
        || (),
        |(), game| {
            let seed = settings.seed.wrapping_mul(1_000_003) + game as u64;
            let opening = &openings[game % openings.len()];
            play_one(opening, evaluation, settings, seed)
                .into_iter()
                .map(|line| format!("{game}\t{line}"))
                .collect()
        },
    )
}

/// How positions are labelled again (`tune label`).
#[derive(Clone, Copy, Debug)]
pub struct Labelling {
    /// Nodes a position: more than the games were played at, for a
    /// deeper search.
    pub nodes: u64,
    /// Games labelled at once.
    pub threads: usize,
}

/// Labels the positions of `labelled` (as [`read`] gives them) again by a
/// search with `evaluation` as `labelling` says (deeper than the one that
/// played the games, say), keeping each game's number and result, and
/// writes them to `output` as `tune generate` does, calling `progress`
/// with the games done and their number. A game's
/// positions are searched in order by one searcher whose tables are kept
/// from one position to the next and cleared between games, so a file
/// gets the same labels whatever the threads (its lines may come in
/// another order). A finished position (which `tune generate` never
/// writes) has nothing to search and is left out.
///
/// # Errors
/// The file cannot be created or written.
pub fn write_relabelled<G, E>(
    labelled: &[Labelled<G>],
    evaluation: &E,
    labelling: Labelling,
    output: &Path,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> std::io::Result<()>
where
    G: SearchGame + Sync,
    E: Evaluator<G> + Sync,
{
    let games: Vec<&[Labelled<G>]> = labelled.chunk_by(|a, b| a.game == b.game).collect();
    progress(0, games.len());
    write_jobs(
        games.len(),
        labelling.threads,
        output,
        &|done| progress(done, games.len()),
        || FixedNodes::new::<G>(labelling.nodes),
        |searcher, index| {
            searcher.clear();
            games[index]
                .iter()
                .filter(|line| line.position.outcome().is_none())
                .map(|line| {
                    let score = searcher.search(&line.position, evaluation.clone()).score;
                    format!(
                        "{}\t{}\t{}\t{}",
                        line.game,
                        line.result,
                        line.position.position_string(),
                        SearchLabel::of_score(score)
                    )
                })
                .collect()
        },
    )
}

/// Runs jobs `0..count` on `threads` threads, each with its own state
/// (`state` makes one a thread), and writes every job's lines to
/// `output` as it finishes, calling `progress` with the jobs done.
fn write_jobs<S>(
    count: usize,
    threads: usize,
    output: &Path,
    progress: &(dyn Fn(usize) + Sync),
    state: impl Fn() -> S + Sync,
    job: impl Fn(&mut S, usize) -> Vec<String> + Sync,
) -> std::io::Result<()> {
    let out = Mutex::new(BufWriter::new(std::fs::File::create(output)?));
    let (next, finished) = (AtomicUsize::new(0), AtomicUsize::new(0));
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| -> std::io::Result<()> {
                    let mut own = state();
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        if index >= count {
                            return Ok(());
                        }
                        let lines = job(&mut own, index);
                        let mut out = out
                            .lock()
                            .map_err(|_| std::io::Error::other("a writer panicked"))?;
                        for line in lines {
                            writeln!(out, "{line}")?;
                        }
                        drop(out);
                        progress(finished.fetch_add(1, Ordering::Relaxed) + 1);
                    }
                })
            })
            .collect();
        workers.into_iter().try_for_each(|worker| {
            worker
                .join()
                .unwrap_or_else(|_| Err(std::io::Error::other("a worker panicked")))
        })
    })?;
    out.into_inner()
        .map_err(|_| std::io::Error::other("a writer panicked"))?
        .flush()
}

/// One game from `opening` and a few random moves: `RESULT<TAB>POSITION`
/// lines.
fn play_one<G: SearchGame, E: Evaluator<G>>(
    opening: &G,
    evaluation: &E,
    settings: &SelfPlay,
    seed: u64,
) -> Vec<String> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut position = opening.clone();
    for _ in 0..rng.u32(settings.random_plies.clone()) {
        let mut moves = G::Moves::default();
        position.legal_moves(&mut moves);
        if position.outcome().is_some() || moves.is_empty() {
            break;
        }
        position.play(moves[rng.usize(..moves.len())]);
    }
    let players = [evaluation.clone(), evaluation.clone()];
    let game = play_recorded(&position, &players, settings.nodes);
    game.positions
        .iter()
        .enumerate()
        .filter(|(_, p)| p.outcome().is_none())
        .map(|(i, p)| {
            let result = match p.side_to_move() {
                Player::One => game.first_score,
                Player::Two => 1.0 - game.first_score,
            };
            // A game cut short ends in a position no search played.
            match game.scores.get(i) {
                Some(&score) => {
                    let search = SearchLabel::of_score(score);
                    format!("{result}\t{}\t{search}", p.position_string())
                }
                None => format!("{result}\t{}", p.position_string()),
            }
        })
        .collect()
}

/// What a search made of a position, for its side to move: the label a
/// network learns from beside the game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchLabel {
    /// An evaluation, in centi-units.
    Eval(i32),
    /// A proven win (by the end of the game or a database's margin).
    Win,
    /// A proven loss.
    Loss,
}

impl SearchLabel {
    /// The label of a search's score (see `search::score`): proven wins
    /// and losses, by the end of the game or a database, are words.
    #[must_use]
    pub fn of_score(score: i32) -> Self {
        let margin = margin_of(score);
        if is_proven(score) || margin.is_some() {
            match margin.unwrap_or(score).signum() {
                1 => Self::Win,
                -1 => Self::Loss,
                _ => Self::Eval(0),
            }
        } else {
            Self::Eval(score)
        }
    }
}

impl std::fmt::Display for SearchLabel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Eval(score) => write!(f, "{score}"),
            Self::Win => f.write_str("win"),
            Self::Loss => f.write_str("loss"),
        }
    }
}

impl std::str::FromStr for SearchLabel {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "win" => Ok(Self::Win),
            "loss" => Ok(Self::Loss),
            _ => text
                .parse()
                .map(Self::Eval)
                .map_err(|_| format!("'{text}' is not a search label (centi-units, win or loss)")),
        }
    }
}

/// One position read back, with its game's result for the side to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Labelled<G> {
    /// The game's number: [`held_out`] decides by it.
    pub game: usize,
    /// The result for the side to move: 1, ½ or 0.
    pub result: f32,
    /// What the search made of it, if the file says.
    pub search: Option<SearchLabel>,
    /// The position.
    pub position: G,
}

/// Whether the positions of game `game` are held out of the fit.
#[must_use]
pub fn held_out(game: usize) -> bool {
    game.is_multiple_of(HOLD_OUT_EVERY)
}

/// A data file's positions made samples and split by [`held_out`]: the
/// samples to fit, and the held-out ones with their positions, on which
/// the fit and the evaluations there are already are checked.
#[derive(Clone, Debug)]
pub struct Split<G> {
    /// The samples of the games fitted on.
    pub train: Vec<Sample>,
    /// The samples of the held-out games.
    pub test: Vec<Sample>,
    /// The held-out samples' positions, in the same order.
    pub test_positions: Vec<G>,
}

/// Makes each position read a sample with `sample` (`None` leaves the
/// position out) and splits them by [`held_out`].
///
/// # Errors
/// The first error `sample` returns.
pub fn split<G, E>(
    labelled: Vec<Labelled<G>>,
    mut sample: impl FnMut(&G, f32) -> Result<Option<Sample>, E>,
) -> Result<Split<G>, E> {
    let mut split = Split {
        train: Vec::new(),
        test: Vec::new(),
        test_positions: Vec::new(),
    };
    for Labelled {
        game,
        result,
        position,
        ..
    } in labelled
    {
        let Some(sample) = sample(&position, result)? else {
            continue;
        };
        if held_out(game) {
            split.test_positions.push(position);
            split.test.push(sample);
        } else {
            split.train.push(sample);
        }
    }
    Ok(split)
}

impl<G> Split<G> {
    /// The held-out error of an evaluation at its own best logistic scale,
    /// and that scale.
    pub fn held_out_error(&self, evaluate: impl Fn(&G) -> i32) -> (f32, f64) {
        let evals: Vec<f32> = self
            .test_positions
            .iter()
            .map(|p| evaluate(p) as f32)
            .collect();
        let scale = tune::fit_scale(&evals, &self.test);
        (scale, tune::error(&evals, &self.test, scale))
    }
}

/// Why a data file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// The file could not be opened or read.
    #[error("reading {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    /// A line is not `GAME<TAB>RESULT<TAB>POSITION[<TAB>SEARCH]`.
    #[error("{path}, line {line}: {reason} (expected GAME<TAB>RESULT<TAB>POSITION[<TAB>SEARCH])")]
    Line {
        path: String,
        line: usize,
        reason: String,
    },
}

/// Reads every line of `path`, the position string read by `parse`.
///
/// # Errors
/// The file cannot be read, or a line is not `GAME<TAB>RESULT<TAB>POSITION[<TAB>SEARCH]`
/// (the line and what is wrong are named).
pub fn read<G>(
    path: &Path,
    parse: impl Fn(&str) -> Result<G, String>,
) -> Result<Vec<Labelled<G>>, DataError> {
    let name = path.display().to_string();
    let io = |source| DataError::Io {
        path: name.clone(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let mut positions = Vec::new();
    for (number, line) in std::io::BufReader::new(file).lines().enumerate() {
        let line = line.map_err(io)?;
        let bad = |reason: String| DataError::Line {
            path: name.clone(),
            line: number + 1,
            reason,
        };
        let mut fields = line.split('\t');
        let (Some(game), Some(result), Some(text)) = (fields.next(), fields.next(), fields.next())
        else {
            return Err(bad("fewer than three fields".to_owned()));
        };
        positions.push(Labelled {
            game: game
                .parse()
                .map_err(|_| bad(format!("'{game}' is not a game number")))?,
            result: result
                .parse()
                .map_err(|_| bad(format!("'{result}' is not a result")))?,
            position: parse(text).map_err(bad)?,
            search: fields.next().map(str::parse).transpose().map_err(bad)?,
        });
    }
    Ok(positions)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::russian::RussianEvaluation;
    use ply_rules::game::Game;
    use ply_rules::games::russian::Russian;

    /// A fresh directory for one test's files.
    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("ply-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        dir
    }

    /// Self-play of Russian draughts' default evaluation from `openings`
    /// written to `path` and read back.
    fn played_and_read(
        openings: &[Russian],
        settings: &SelfPlay,
        path: &Path,
    ) -> Vec<Labelled<Russian>> {
        write_self_play(
            openings,
            &RussianEvaluation::DEFAULT,
            settings,
            path,
            &|_| {},
        )
        .unwrap_or_else(|e| panic!("{e}"));
        read(path, |text| {
            Russian::from_position_string(text).map_err(|e| e.to_string())
        })
        .unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn self_play_is_written_and_read_back() {
        let dir = scratch("self-play");
        let path = dir.join("russian.data");
        let settings = SelfPlay {
            games: 4,
            nodes: 300,
            threads: 2,
            seed: 3,
            random_plies: 1..=3,
        };
        let start = Russian::start();
        let read = played_and_read(std::slice::from_ref(&start), &settings, &path);
        let games: std::collections::BTreeSet<usize> = read.iter().map(|l| l.game).collect();
        assert_eq!(games, (0..4).collect());
        assert!(read.iter().all(|l| [0.0, 0.5, 1.0].contains(&l.result)));
        // The same seed plays the same games.
        let again = dir.join("again.data");
        write_self_play(
            std::slice::from_ref(&start),
            &RussianEvaluation::DEFAULT,
            &settings,
            &again,
            &|_| {},
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let sorted = |p: &Path| {
            let mut lines: Vec<String> = std::fs::read_to_string(p)
                .unwrap_or_default()
                .lines()
                .map(str::to_owned)
                .collect();
            lines.sort();
            lines
        };
        assert_eq!(sorted(&path), sorted(&again));
        assert!(held_out(0) && !held_out(1) && held_out(HOLD_OUT_EVERY));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn game_n_starts_from_the_nth_opening_in_turn() {
        let dir = scratch("openings");
        let path = dir.join("russian.data");
        let start = Russian::start();
        let mut openings = Vec::new();
        let mut moves = <Russian as Game>::Moves::default();
        start.legal_moves(&mut moves);
        for &mv in moves.iter().take(2) {
            let mut opening = start.clone();
            opening.play(mv);
            openings.push(opening);
        }
        let settings = SelfPlay {
            games: 4,
            nodes: 100,
            threads: 1,
            seed: 1,
            random_plies: 0..=0,
        };
        let read = played_and_read(&openings, &settings, &path);
        for game in 0..4 {
            let first = read.iter().find(|line| line.game == game);
            assert_eq!(
                first.map(|line| line.position.position_string()),
                Some(openings[game % 2].position_string()),
                "game {game}"
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_bad_line_is_named() {
        let dir = scratch("bad-data");
        let path = dir.join("bad.data");
        std::fs::write(&path, "0\t1\tx\n1\tlost\tx\n").unwrap_or_else(|e| panic!("{e}"));
        let error = read(&path, |text| Ok(text.to_owned())).err();
        let text = error.map(|e| e.to_string()).unwrap_or_default();
        assert!(
            text.contains("line 2") && text.contains("'lost' is not a result"),
            "{text}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
