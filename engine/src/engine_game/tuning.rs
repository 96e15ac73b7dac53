//! The engine's tuning hooks, written once for every game: `ply-engine
//! tune` plays self-play games, labels their positions again by a deeper
//! search, fits a game's tapered table to them (Texel's method,
//! `tune.rs`), trains its network and matches two evaluations (or
//! networks) with the same search (`selfplay.rs`), asking the game only what differs: its
//! evaluations by name or by terms, the features its table reads and how
//! much is left on the board ([`Tunable`]). A game opts in with one line
//! ([`EngineGame::TUNING`]: `Some(&Tuning::<Self>::NEW)`), and the
//! toolkit names no game.

use std::fmt;
use std::marker::PhantomData;
use std::ops::RangeInclusive;
use std::path::Path;
use std::sync::Arc;

use ply_rules::registry::GameDef;
use ply_rules::variant::Variant;
use ply_rules::with_variant;

use ply_rules::game::Player;

use super::EngineGame;
use crate::network::{NetworkFile, Slots};
use crate::network_training::{self, NetworkTraining, TrainReport};
use crate::openings_file;
use crate::search::oracles::Oracles;
use crate::search::{Evaluator, GameEvaluation, KnownMargin, NetworkChoice, SearchGame};
use crate::selfplay::{self, run_match, weighted_terms};
use crate::training_data::{self, Labelling, SelfPlay};
use crate::tune::{self, Model, Sample};

/// What `ply-engine tune` asks of a game, whatever its types: the object
/// behind [`EngineGame::TUNING`].
pub trait TuningHooks<G: GameDef>: Sync {
    /// The fewest and most random moves that open a self-play game.
    fn random_plies(&self) -> RangeInclusive<u32>;

    /// Whether the game has a fitted table (`tune fit`).
    fn has_table(&self) -> bool;

    /// Whether the game has a network (`tune train`).
    fn has_network(&self) -> bool;

    /// The moves from the start that make a match's openings, unless told.
    fn opening_plies(&self) -> u32;

    /// Plays the self-play games `settings` asks for from the openings
    /// of the file `openings` (see `openings_file.rs`) or the start of
    /// `rules`, `searcher` against itself (the databases' values then label
    /// the positions they reach, through the search's scores), and writes
    /// their positions to
    /// `output` (see `training_data.rs`), calling `progress` with the
    /// games finished.
    ///
    /// # Errors
    /// An evaluation the game does not have, a start the rules do not
    /// make, a bad openings file, or a file that cannot be written, in
    /// words.
    fn generate(
        &self,
        rules: &G::Rules,
        searcher: Searcher<'_>,
        settings: &SelfPlay,
        openings: Option<&Path>,
        output: &Path,
        progress: &(dyn Fn(usize) + Sync),
    ) -> Result<(), String>;

    /// Labels the positions in `data` (of `tune generate`, of a game
    /// played by `rules`) again by `searcher`'s search as `labelling` says,
    /// and writes them to `output` in the same form, calling `progress`
    /// with the games done and their number.
    ///
    /// # Errors
    /// An evaluation the game does not have, a file that cannot be read
    /// or written, or a line that is not a position, in words.
    fn label(
        &self,
        rules: &G::Rules,
        searcher: Searcher<'_>,
        data: &Path,
        labelling: Labelling,
        output: &Path,
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Result<(), String>;

    /// Reads the self-play positions in `data` (of a game played by
    /// `rules`), fits the game's table to them in `epochs` epochs (calling
    /// `progress` with the epochs done) and reports the fit beside the
    /// game's own evaluations.
    ///
    /// # Errors
    /// A file that cannot be read, or a line that is not a position.
    fn fit(
        &self,
        rules: &G::Rules,
        data: &Path,
        epochs: usize,
        progress: &mut dyn FnMut(usize),
    ) -> Result<FitReport, String>;

    /// Trains the game's network on the self-play positions in `data` (of
    /// a game played by `rules`), calling `progress` with each epoch's
    /// number and losses, and reports it beside the game's own evaluation.
    ///
    /// # Errors
    /// A file that cannot be read, a line that is not a position, too few
    /// positions, or a board the network does not read.
    fn train(
        &self,
        rules: &G::Rules,
        data: &Path,
        settings: &NetworkTraining,
        progress: &mut dyn FnMut(usize, f64, f64),
    ) -> Result<TrainReport, String>;

    /// Plays the first of `evaluations` against the second (specs, see
    /// [`Tuning::played`]) with the same search at `nodes` nodes a move,
    /// from each of `openings` of `rules`, each twice with colours swapped, calling
    /// `progress` with the openings done and their number: the report to
    /// print.
    ///
    /// # Errors
    /// An evaluation that does not read, a bad openings file, or a start
    /// the rules do not make.
    fn eval_match(
        &self,
        rules: &G::Rules,
        evaluations: [&str; 2],
        nodes: u64,
        openings: MatchOpenings<'_>,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<String, String>;
}

/// Who searches in self-play or labels positions: an evaluation (a spec,
/// see [`Tuning::played`]; `None`, the engine's) and the databases its
/// searches use.
#[derive(Clone, Copy, Debug)]
pub struct Searcher<'a> {
    /// The evaluation.
    pub evaluation: Option<&'a str>,
    /// The databases.
    pub oracles: &'a Oracles,
}

/// Where a match's games start.
#[derive(Clone, Copy, Debug)]
pub enum MatchOpenings<'a> {
    /// Every position this many moves from the start.
    Plies(u32),
    /// The openings of this file (see `openings_file.rs`).
    File(&'a Path),
}

/// What a game tells the tuning toolkit: implemented by each game whose
/// evaluation can be tuned.
pub trait Tunable: EngineGame + Sync {
    /// The game's evaluation type.
    type Evaluation: Evaluator<Self> + Sync + Copy + 'static;

    /// The evaluations self-play can play, by name; the first is the
    /// default of a game without a network (see [`Tuning::played`]).
    const EVALUATIONS: &'static [(&'static str, Self::Evaluation)];

    /// The evaluations (names of [`Self::EVALUATIONS`]) whose held-out
    /// error a fit prints beside its own.
    const BASELINES: &'static [&'static str] = &[];

    /// The fewest and most random moves that open a self-play game, so
    /// that the games do not all follow the search's favourite lines.
    const RANDOM_PLIES: RangeInclusive<u32>;

    /// The moves from the start that make a match's openings.
    const OPENING_PLIES: u32;

    /// The fitted table's shape, `None` for a game without one.
    const TABLE: Option<TableShape> = None;

    /// The evaluation that weighted terms (`NAME:WEIGHT`, as a match
    /// takes them on the command line) are set on.
    const TERMS_BASE: Self::Evaluation;

    /// The terms an evaluation can be given, each with how it sets its
    /// weight; none by default.
    const TERMS: &'static [Term<Self::Evaluation>] = &[];

    /// Whether the table reads positions like this one: a table fitted to
    /// one board (Oware's, to six houses and 48 seeds) says nothing of
    /// another, so a fit on another board is refused.
    fn fits_table(&self) -> bool {
        true
    }

    /// This position as a sample of the fit, its result for the side to
    /// move `result`; `None` to leave it out (a draughts position with a
    /// capture pending, whose value is the exchange's). None by default:
    /// a game without a table has nothing to fit.
    fn sample(&self, result: f32) -> Option<Sample> {
        let _ = result;
        None
    }
}

/// A term of an evaluation: its name, and how it sets its weight.
pub type Term<E> = (&'static str, fn(&mut E, i32));

/// What a fitted table is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableShape {
    /// Its features.
    pub features: usize,
    /// Weights a printed row.
    pub row: usize,
}

/// The tuning hooks of any [`Tunable`] game.
pub struct Tuning<G>(PhantomData<fn() -> G>);

impl<G> Tuning<G> {
    /// The hooks, for [`EngineGame::TUNING`].
    pub const NEW: Self = Self(PhantomData);
}

impl<G> fmt::Debug for Tuning<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Tuning")
    }
}

/// The spec of the network a game plays: its own, as the engine plays it.
pub const NETWORK: &str = "network";

/// What a spec ending so names: a network file (`tune train` writes them).
pub const NETWORK_FILE_SUFFIX: &str = ".nnue";

/// Why a network is refused on another board than its game's (Kalah(6,4)
/// for Kalah(6,6)'s).
const NOT_ITS_BOARD: &str = "the network reads the game's own board, not this one";

/// What the toolkit plays: one of the game's evaluations, or a network
/// as the engine plays it (accumulators kept along the search's line).
#[derive(Clone, Debug)]
pub enum Played<E> {
    /// An evaluation by name or terms ([`Tunable::EVALUATIONS`],
    /// [`Tunable::TERMS`]).
    Named(E),
    /// The game's own network or one from a file.
    Network(GameEvaluation),
}

impl<G: SearchGame, E: Evaluator<G>> Evaluator<G> for Played<E> {
    #[inline]
    fn evaluate(&self, position: &G) -> i32 {
        match self {
            Self::Named(evaluation) => evaluation.evaluate(position),
            Self::Network(evaluation) => evaluation.evaluate(position),
        }
    }

    #[inline]
    fn known(&self, position: &G) -> Option<KnownMargin> {
        match self {
            Self::Named(evaluation) => evaluation.known(position),
            Self::Network(evaluation) => Evaluator::<G>::known(evaluation, position),
        }
    }

    #[inline]
    fn evaluate_at(&mut self, position: &G, ply: usize) -> i32 {
        match self {
            Self::Named(evaluation) => evaluation.evaluate_at(position, ply),
            Self::Network(evaluation) => evaluation.evaluate_at(position, ply),
        }
    }

    #[inline]
    fn play(&mut self, parent: &G, child: &G, ply: usize) {
        match self {
            Self::Named(evaluation) => evaluation.play(parent, child, ply),
            Self::Network(evaluation) => evaluation.play(parent, child, ply),
        }
    }
}

impl<G: Tunable> Tuning<G> {
    /// What `spec` plays on the board of `start`: [`NETWORK`], the game's
    /// own network; a path ending in [`NETWORK_FILE_SUFFIX`], the network
    /// in that file (refused when it is another game's or damaged, as
    /// `EvalFile` refuses it); else an evaluation by name or terms
    /// ([`Tunable::EVALUATIONS`], [`Tunable::TERMS`]). `None` is the
    /// engine's: its network where it has one that reads the board, else
    /// its first evaluation.
    ///
    /// # Errors
    /// What is wrong with the spec, and what would be accepted.
    pub fn played(spec: Option<&str>, start: &G) -> Result<Played<G::Evaluation>, String> {
        let reads = || start.network_input(Player::One, &mut Slots::new());
        let own = G::network().filter(|own| own.get().is_some());
        let spec = match spec {
            Some(spec) => spec,
            None if own.is_some() && reads() => NETWORK,
            None => G::EVALUATIONS.first().map_or("default", |(name, _)| *name),
        };
        let no_network = || {
            format!(
                "{spec}: {} plays no network (expected one of {})",
                G::NAME,
                Self::named().join(", ")
            )
        };
        let choice = if spec == NETWORK {
            own.ok_or_else(no_network)?;
            NetworkChoice::Default
        } else if spec.ends_with(NETWORK_FILE_SUFFIX) {
            let own = own.ok_or_else(no_network)?;
            let file = NetworkFile::load(Path::new(spec)).map_err(|e| format!("{spec}: {e}"))?;
            file.check(&own.shape())
                .map_err(|e| format!("{spec}: {e}"))?;
            NetworkChoice::File(Arc::new(file))
        } else {
            return Self::evaluation(spec).map(Played::Named);
        };
        if !reads() {
            return Err(format!(
                "{spec}: {NOT_ITS_BOARD} (expected one of {})",
                Self::named().join(", ")
            ));
        }
        Ok(Played::Network(GameEvaluation::new(
            Oracles::default(),
            choice,
        )))
    }

    /// What `searcher` plays on the board of `start`, with its databases.
    fn search_with(
        searcher: Searcher<'_>,
        start: &G,
    ) -> Result<WithOracles<Played<G::Evaluation>>, String> {
        Ok(WithOracles {
            evaluation: Self::played(searcher.evaluation, start)?,
            oracles: searcher.oracles.clone(),
        })
    }

    /// The names of the game's evaluations ([`Tunable::EVALUATIONS`]).
    fn named() -> Vec<&'static str> {
        G::EVALUATIONS.iter().map(|(name, _)| *name).collect()
    }

    /// The evaluation `spec` names, or the one its terms make
    /// (`NAME:WEIGHT,…`, [`Tunable::TERMS`]).
    fn evaluation(spec: &str) -> Result<G::Evaluation, String> {
        if let Some((_, evaluation)) = G::EVALUATIONS.iter().find(|(name, _)| *name == spec) {
            return Ok(*evaluation);
        }
        let mut names = Self::named();
        let file = format!("a FILE{NETWORK_FILE_SUFFIX}");
        if G::network().is_some() {
            names.extend([NETWORK, &file]);
        }
        let unknown = || {
            format!(
                "{} has no evaluation '{spec}' (expected one of {}, or terms NAME:WEIGHT,…)",
                G::NAME,
                names.join(", ")
            )
        };
        let terms = weighted_terms(spec).map_err(|_| unknown())?;
        Self::with_terms(&terms).map_err(|why| format!("{}: {why}", unknown()))
    }

    /// [`Tunable::TERMS_BASE`] with `terms` set.
    fn with_terms(terms: &[(&str, i32)]) -> Result<G::Evaluation, String> {
        if G::TERMS.is_empty() {
            return Err(format!("{}'s evaluations take no terms", G::NAME));
        }
        let mut evaluation = G::TERMS_BASE;
        for &(name, weight) in terms {
            let Some((_, set)) = G::TERMS.iter().find(|(term, _)| *term == name) else {
                let names: Vec<&str> = G::TERMS.iter().map(|(term, _)| *term).collect();
                return Err(format!("no term '{name}' ({})", one_of(&names)));
            };
            set(&mut evaluation, weight);
        }
        Ok(evaluation)
    }
}

/// `names` as a sentence lists them: `a, b or c`.
fn one_of(names: &[&str]) -> String {
    match names.split_last() {
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

impl<G: Tunable> TuningHooks<G> for Tuning<G> {
    fn random_plies(&self) -> RangeInclusive<u32> {
        G::RANDOM_PLIES
    }

    fn has_table(&self) -> bool {
        G::TABLE.is_some()
    }

    fn has_network(&self) -> bool {
        G::network().is_some()
    }

    fn opening_plies(&self) -> u32 {
        G::OPENING_PLIES
    }

    fn generate(
        &self,
        rules: &G::Rules,
        searcher: Searcher<'_>,
        settings: &SelfPlay,
        openings: Option<&Path>,
        output: &Path,
        progress: &(dyn Fn(usize) + Sync),
    ) -> Result<(), String> {
        let start = G::start(rules).map_err(|e| e.to_string())?;
        let evaluation = Self::search_with(searcher, &start)?;
        let openings = match openings {
            Some(path) => openings_file::read::<G>(path, rules)?,
            None => vec![start],
        };
        training_data::write_self_play(&openings, &evaluation, settings, output, progress)
            .map_err(|e| format!("writing {}: {e}", output.display()))
    }

    fn label(
        &self,
        rules: &G::Rules,
        searcher: Searcher<'_>,
        data: &Path,
        labelling: Labelling,
        output: &Path,
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Result<(), String> {
        let start = G::start(rules).map_err(|e| e.to_string())?;
        let evaluation = Self::search_with(searcher, &start)?;
        let labelled = training_data::read(data, |text| {
            G::from_position_string(text, rules).map_err(|e| e.to_string())
        })
        .map_err(|e| e.to_string())?;
        training_data::write_relabelled(&labelled, &evaluation, labelling, output, progress)
            .map_err(|e| format!("writing {}: {e}", output.display()))
    }

    fn fit(
        &self,
        rules: &G::Rules,
        data: &Path,
        epochs: usize,
        progress: &mut dyn FnMut(usize),
    ) -> Result<FitReport, String> {
        let table = G::TABLE.ok_or_else(|| format!("{} has no fitted table", G::NAME))?;
        let start = G::start(rules).map_err(|e| e.to_string())?;
        if !start.fits_table() {
            return Err(format!(
                "{}: the table is fitted to the game's own board, not this one",
                G::title(rules)
            ));
        }
        let labelled = training_data::read(data, |text| {
            G::from_position_string(text, rules).map_err(|e| e.to_string())
        })
        .map_err(|e| e.to_string())?;
        let Ok(split) = training_data::split(labelled, |position: &G, result| {
            Ok::<_, std::convert::Infallible>(position.sample(result))
        });
        if split.train.is_empty() || split.test.is_empty() {
            return Err(format!(
                "{}: {} positions to fit and {} held out, too few for a fit",
                data.display(),
                split.train.len(),
                split.test.len()
            ));
        }
        // 1. The game's evaluations, each at its own best scale.
        let mut baselines = Vec::new();
        for &name in G::BASELINES {
            let evaluation = Self::evaluation(name)?;
            let (scale, error) = split.held_out_error(|position| evaluation.evaluate(position));
            baselines.push(Baseline { name, scale, error });
        }
        // 2. The fit, checked on the games held out.
        let model = tune::fit(&split.train, table.features, epochs, progress);
        let fitted: Vec<f32> = split.test.iter().map(|s| model.evaluate(s)).collect();
        let held_out_error = tune::error(&fitted, &split.test, model.scale);
        Ok(FitReport {
            training: split.train.len(),
            held_out: split.test.len(),
            baselines,
            table: model.rust_table(table.row),
            model,
            held_out_error,
        })
    }

    fn train(
        &self,
        rules: &G::Rules,
        data: &Path,
        settings: &NetworkTraining,
        progress: &mut dyn FnMut(usize, f64, f64),
    ) -> Result<TrainReport, String> {
        let start = G::start(rules).map_err(|e| e.to_string())?;
        if G::network().is_none() || !start.network_input(Player::One, &mut Slots::new()) {
            return Err(format!("{}: {NOT_ITS_BOARD}", G::title(rules)));
        }
        let (_, baseline) = G::EVALUATIONS
            .first()
            .ok_or_else(|| format!("{} has no evaluation to compare with", G::NAME))?;
        network_training::train(
            data,
            |text| G::from_position_string(text, rules).map_err(|e| e.to_string()),
            baseline,
            settings,
            progress,
        )
    }

    fn eval_match(
        &self,
        rules: &G::Rules,
        [a, b]: [&str; 2],
        nodes: u64,
        openings: MatchOpenings<'_>,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<String, String> {
        let start = G::start(rules).map_err(|e| e.to_string())?;
        let (first, second) = (
            Self::played(Some(a), &start)?,
            Self::played(Some(b), &start)?,
        );
        let openings = match openings {
            MatchOpenings::File(path) => openings_file::read::<G>(path, rules)?,
            MatchOpenings::Plies(plies) => selfplay::openings(&start, plies),
        };
        let total = openings.len();
        progress(0, total);
        let result = run_match(&openings, &first, &second, nodes, &mut |done| {
            progress(done, total);
        });
        Ok(format!(
            "{} nodes/move {nodes}, {} openings x 2 colours, longest game {} moves\n\
             A = {a}\nB = {b}\n{}",
            G::title(rules),
            openings.len(),
            result.longest,
            result.report()
        ))
    }
}

/// An evaluation with the databases of `oracles`, which the search then
/// uses as the engine does ([`SearchGame::known_margin`]).
#[derive(Clone, Debug)]
struct WithOracles<E> {
    evaluation: E,
    oracles: Oracles,
}

impl<G: SearchGame, E: Evaluator<G>> Evaluator<G> for WithOracles<E> {
    #[inline]
    fn evaluate(&self, position: &G) -> i32 {
        self.evaluation.evaluate(position)
    }

    #[inline]
    fn known(&self, position: &G) -> Option<KnownMargin> {
        position.known_margin(&self.oracles)
    }

    #[inline]
    fn evaluate_at(&mut self, position: &G, ply: usize) -> i32 {
        self.evaluation.evaluate_at(position, ply)
    }

    #[inline]
    fn play(&mut self, parent: &G, child: &G, ply: usize) {
        self.evaluation.play(parent, child, ply);
    }
}

/// One of a game's evaluations, checked on the positions held out.
#[derive(Clone, Debug, PartialEq)]
pub struct Baseline {
    /// Its name.
    pub name: &'static str,
    /// The logistic curve's scale that fits it best.
    pub scale: f32,
    /// Its mean squared error there.
    pub error: f64,
}

/// What a fit found.
#[derive(Clone, Debug, PartialEq)]
pub struct FitReport {
    /// Positions fitted to.
    pub training: usize,
    /// Positions held out (every tenth game's) to check the fit.
    pub held_out: usize,
    /// The game's own evaluations on the held-out positions.
    pub baselines: Vec<Baseline>,
    /// The fitted weights.
    pub model: Model,
    /// The fit's error on the held-out positions.
    pub held_out_error: f64,
    /// The fitted table as Rust, to paste over the game's table.
    pub table: String,
}

impl fmt::Display for FitReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} training positions, {} held out",
            self.training, self.held_out
        )?;
        for baseline in &self.baselines {
            writeln!(
                f,
                "{} evaluation: scale {:.5}, held-out error {:.6}",
                baseline.name, baseline.scale, baseline.error
            )?;
        }
        writeln!(
            f,
            "fitted: scale {:.5}, training error {:.6}, held-out error {:.6}",
            self.model.scale, self.model.training_error, self.held_out_error
        )?;
        write!(f, "{}", self.table)
    }
}

/// The games `ply-engine tune` can play self-play games and matches of,
/// in the registry's order.
#[must_use]
pub fn games_with_tuning() -> Vec<Variant> {
    Variant::ALL
        .into_iter()
        .filter(|&variant| with_variant!(variant, G => <G as EngineGame>::TUNING.is_some()))
        .collect()
}

/// The games with a network, which `ply-engine tune train` trains.
#[must_use]
pub fn games_with_networks() -> Vec<Variant> {
    Variant::ALL
        .into_iter()
        .filter(|&variant| {
            with_variant!(variant, G => <G as EngineGame>::TUNING.is_some_and(|hooks| hooks.has_network()))
        })
        .collect()
}

/// The games with a fitted table, which `ply-engine tune fit` fits.
#[must_use]
pub fn games_with_tables() -> Vec<Variant> {
    Variant::ALL
        .into_iter()
        .filter(|&variant| {
            with_variant!(variant, G => <G as EngineGame>::TUNING.is_some_and(|hooks| hooks.has_table()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use ply_rules::games::kalah::{Kalah, KalahRules};
    use ply_rules::games::oware::{Oware, OwareRules};
    use ply_rules::registry::GameDef;

    use super::{Played, Tuning};

    #[test]
    fn a_spec_plays_the_network_or_a_named_evaluation() {
        let oware =
            <Oware as GameDef>::start(&OwareRules::default()).unwrap_or_else(|e| panic!("{e}"));
        let played = |spec| Tuning::<Oware>::played(spec, &oware);
        assert!(matches!(played(Some("network")), Ok(Played::Network(_))));
        // The engine's own evaluation: its network.
        assert!(matches!(played(None), Ok(Played::Network(_))));
        assert!(matches!(played(Some("default")), Ok(Played::Named(_))));
        assert!(matches!(played(Some("row:10")), Ok(Played::Named(_))));
        assert!(played(Some("missing.nnue")).is_err_and(|e| e.starts_with("missing.nnue: ")));

        // Kalah(6,4): the network is Kalah(6,6)'s, so the engine's own
        // evaluation there is the one without it, and `network` is refused.
        let rules = KalahRules::new(6, 4, false).unwrap_or_else(|e| panic!("{e}"));
        let kalah = <Kalah as GameDef>::start(&rules).unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(
            Tuning::<Kalah>::played(None, &kalah),
            Ok(Played::Named(_))
        ));
        assert!(
            Tuning::<Kalah>::played(Some("network"), &kalah)
                .is_err_and(|e| e.contains("not this one (expected one of default"))
        );
    }
}
