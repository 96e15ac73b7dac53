//! The command line, spelled as cutechess-cli and fastchess spell it, so
//! that scripts and habits carry over. Not clap's: option groups such as
//! `-engine cmd=… name=… option.Hash=16` are not something a derive parser
//! can express. Every option is declared once, in `flags::FLAGS` (and
//! the engine keys in `engine::KEYS`), from which the parser and the
//! help are made.
//!
//! `ply-referee [OPTIONS]` runs a match; `ply-referee merge FILE…` merges
//! results files; `--help` prints [`help::help`].

mod engine;
mod flags;
pub mod help;
mod tokens;

use std::path::PathBuf;

use thiserror::Error;

use crate::config::{
    DEFAULT_STALL_TIMEOUT, DrawAdjudication, MatchConfig, MergeConfig, OpeningFormat, OpeningOrder,
    OpeningsConfig, ResignAdjudication, Shard, SprtConfig, TournamentKind,
};
use crate::stats::SprtModel;
use tokens::{OptionGroup, key_value};

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Invocation {
    /// `--help`.
    Help,
    /// `--version`.
    Version,
    /// Run a match.
    Match(Box<MatchConfig>),
    /// `merge FILE…`.
    Merge(MergeConfig),
}

/// A command line that cannot be run, said so that the user can fix it.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CliError {
    /// An option nobody knows.
    #[error("unknown option '-{0}' (see ply-referee --help)")]
    UnknownOption(String),
    /// A value before the first option.
    #[error("'{0}' is not an option; options start with '-' (see ply-referee --help)")]
    StrayValue(String),
    /// An option without its value.
    #[error("option -{option} needs {expected}")]
    MissingValue {
        /// The option.
        option: String,
        /// What it needs.
        expected: String,
    },
    /// Too many values.
    #[error("option -{option} takes {expected}, got '{extra}' too")]
    ExtraValue {
        /// The option.
        option: String,
        /// What it takes.
        expected: String,
        /// The first value too many.
        extra: String,
    },
    /// A token of a `key=value` option without `=`.
    #[error("option -{option}: '{token}' is not key=value")]
    NotKeyValue {
        /// The option.
        option: String,
        /// The token.
        token: String,
    },
    /// A key the option does not have.
    #[error("option -{option} has no key '{key}'; its keys are {expected}")]
    UnknownKey {
        /// The option.
        option: String,
        /// The key given.
        key: String,
        /// The keys it has.
        expected: String,
    },
    /// A value that does not fit.
    #[error("option {option}: '{value}' is not {expected}")]
    BadValue {
        /// The option (with its key, for key=value options), e.g. `-engine depth`.
        option: String,
        /// The value given.
        value: String,
        /// What would do.
        expected: String,
    },
    /// Options that do not make a match together.
    #[error("{0}")]
    Invalid(String),
}

/// Reads the arguments (without the program name).
///
/// # Errors
/// A [`CliError`] saying what is wrong and what would do.
pub fn parse_args(args: &[String]) -> Result<Invocation, CliError> {
    if args.first().is_some_and(|a| a == "merge") {
        return parse_merge(&args[1..]);
    }
    let groups = tokens::group(args)?;
    if groups.iter().any(|g| is_help(&g.name)) {
        return Ok(Invocation::Help);
    }
    if groups.iter().any(|g| g.name == "version") {
        return Ok(Invocation::Version);
    }
    parse_match(&groups).map(|config| Invocation::Match(Box::new(config)))
}

fn is_help(name: &str) -> bool {
    matches!(name, "help" | "h")
}

/// The defaults of a match, before the options change them.
fn default_match() -> MatchConfig {
    MatchConfig {
        engines: Vec::new(),
        variant: None,
        games: 1,
        rounds: 1,
        concurrency: 1,
        openings: None,
        repeat: 2,
        no_swap: false,
        tournament: TournamentKind::RoundRobin,
        draw: None,
        resign: None,
        max_moves: None,
        sprt: None,
        report_penta: true,
        pgn_out: None,
        results: None,
        // The project brief: a crash or stall loses that game and the
        // match goes on. (cutechess-cli stops unless given -recover.)
        recover: true,
        seed: 0,
        rating_interval: 0,
        debug: false,
        shard: None,
        stall_timeout: DEFAULT_STALL_TIMEOUT,
        event: "ply-referee match".to_owned(),
        site: "?".to_owned(),
    }
}

fn parse_match(groups: &[OptionGroup]) -> Result<MatchConfig, CliError> {
    let mut draft = flags::Draft::new();
    for group in groups {
        let flag =
            flags::find(&group.name).ok_or_else(|| CliError::UnknownOption(group.name.clone()))?;
        (flag.apply)(group, &mut draft)?;
    }
    let flags::Draft {
        mut config,
        engines,
        each,
    } = draft;

    if engines.len() < 2 {
        return Err(CliError::Invalid(format!(
            "a match needs at least two engines (-engine cmd=… name=…), got {}",
            engines.len()
        )));
    }
    for (i, spec) in engines.iter().enumerate() {
        config.engines.push(spec.resolve(&each, i + 1)?);
    }
    for (i, engine) in config.engines.iter().enumerate() {
        if config.engines[..i].iter().any(|e| e.name == engine.name) {
            return Err(CliError::Invalid(format!(
                "two engines are named '{}'; give each a different name=",
                engine.name
            )));
        }
    }
    if config.sprt.is_some() && config.engines.len() != 2 {
        return Err(CliError::Invalid(
            "-sprt needs exactly two engines".to_owned(),
        ));
    }
    if config.sprt.is_some() && config.shard.is_some() {
        return Err(CliError::Invalid(
            "-sprt with -shard would stop each shard on its own; run the shards without -sprt and give -sprt to 'ply-referee merge'".to_owned(),
        ));
    }
    Ok(config)
}

fn parse_merge(args: &[String]) -> Result<Invocation, CliError> {
    let mut files = Vec::new();
    let mut sprt = None;
    let mut report_penta = true;
    let mut rest = args;
    while let Some((first, tail)) = rest.split_first() {
        if first.starts_with('-') {
            let groups = tokens::group(rest)?;
            for group in &groups {
                match group.name.as_str() {
                    "sprt" => sprt = Some(parse_sprt(group)?),
                    "report" => report_penta = parse_report(group)?,
                    name if is_help(name) => return Ok(Invocation::Help),
                    other => return Err(CliError::UnknownOption(other.to_owned())),
                }
            }
            break;
        }
        files.push(PathBuf::from(first));
        rest = tail;
    }
    if files.is_empty() {
        return Err(CliError::Invalid(
            "merge needs results files: ply-referee merge FILE… [-sprt …]".to_owned(),
        ));
    }
    Ok(Invocation::Merge(MergeConfig {
        files,
        sprt,
        report_penta,
    }))
}

fn bad(group: &OptionGroup, value: &str, expected: &str) -> CliError {
    CliError::BadValue {
        option: format!("-{}", group.name),
        value: value.to_owned(),
        expected: expected.to_owned(),
    }
}

fn extra_value(group: &OptionGroup, expected: &str, extra: &str) -> CliError {
    CliError::ExtraValue {
        option: group.name.clone(),
        expected: expected.to_owned(),
        extra: extra.to_owned(),
    }
}

/// The one value of an option.
fn single<'a>(group: &'a OptionGroup, expected: &str) -> Result<&'a str, CliError> {
    match group.values.as_slice() {
        [value] => Ok(value),
        [] => Err(CliError::MissingValue {
            option: group.name.clone(),
            expected: expected.to_owned(),
        }),
        [_, extra, ..] => Err(extra_value(group, expected, extra)),
    }
}

/// An option without values.
fn flag(group: &OptionGroup) -> Result<(), CliError> {
    match group.values.first() {
        None => Ok(()),
        Some(extra) => Err(extra_value(group, "no value", extra)),
    }
}

/// The one value of an option, a whole number of at least `min`.
fn number<T>(group: &OptionGroup, min: T) -> Result<T, CliError>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    let expected = format!("a whole number of at least {min}");
    let text = single(group, &expected)?;
    text.parse::<T>()
        .ok()
        .filter(|v| *v >= min)
        .ok_or_else(|| bad(group, text, &expected))
}

/// `key=value` tokens of an option, each key checked against `keys`.
fn pairs<'a>(group: &'a OptionGroup, keys: &[&str]) -> Result<Vec<(&'a str, &'a str)>, CliError> {
    group
        .values
        .iter()
        .map(|token| {
            let (key, value) = key_value(&group.name, token)?;
            if keys.contains(&key) {
                Ok((key, value))
            } else {
                Err(CliError::UnknownKey {
                    option: group.name.clone(),
                    key: key.to_owned(),
                    expected: keys.join(", "),
                })
            }
        })
        .collect()
}

/// A key's value as a number.
fn key_number<T: std::str::FromStr>(
    group: &OptionGroup,
    key: &str,
    value: &str,
    expected: &str,
) -> Result<T, CliError> {
    value.parse().map_err(|_| CliError::BadValue {
        option: format!("-{} {key}", group.name),
        value: value.to_owned(),
        expected: expected.to_owned(),
    })
}

fn missing_key(group: &OptionGroup, key: &str) -> CliError {
    CliError::MissingValue {
        option: group.name.clone(),
        expected: format!("{key}="),
    }
}

fn parse_openings(group: &OptionGroup) -> Result<OpeningsConfig, CliError> {
    let mut file = None;
    let mut format = OpeningFormat::Fen;
    let mut order = OpeningOrder::Sequential;
    let mut plies = None;
    let mut start = 1;
    for (key, value) in pairs(
        group,
        &["file", "format", "order", "plies", "start", "policy"],
    )? {
        let bad_key = |expected: &str| CliError::BadValue {
            option: format!("-openings {key}"),
            value: value.to_owned(),
            expected: expected.to_owned(),
        };
        match key {
            "file" => file = Some(PathBuf::from(value)),
            "format" => {
                format = match value {
                    "fen" | "epd" => OpeningFormat::Fen,
                    "moves" => OpeningFormat::Moves,
                    _ => return Err(bad_key("fen or moves")),
                };
            }
            "order" => {
                order = match value {
                    "sequential" => OpeningOrder::Sequential,
                    "random" => OpeningOrder::Random,
                    _ => return Err(bad_key("sequential or random")),
                };
            }
            "plies" => plies = Some(key_number(group, key, value, "a whole number")?),
            "start" => {
                start = key_number(group, key, value, "a whole number of at least 1")?;
                if start == 0 {
                    return Err(bad_key("a whole number of at least 1"));
                }
            }
            // fastchess's policy=round is what Ply always does.
            _ => {}
        }
    }
    Ok(OpeningsConfig {
        file: file.ok_or_else(|| missing_key(group, "file"))?,
        format,
        order,
        plies,
        start,
    })
}

fn parse_draw(group: &OptionGroup) -> Result<DrawAdjudication, CliError> {
    let mut draw = DrawAdjudication {
        move_number: 0,
        move_count: 0,
        score: 0,
    };
    let mut have = (false, false);
    for (key, value) in pairs(group, &["movenumber", "movecount", "score"])? {
        match key {
            "movenumber" => draw.move_number = key_number(group, key, value, "a whole number")?,
            "movecount" => {
                draw.move_count = key_number(group, key, value, "a whole number")?;
                have.0 = true;
            }
            _ => {
                draw.score = key_number(group, key, value, "a score in centi-units")?;
                have.1 = true;
            }
        }
    }
    if !have.0 {
        return Err(missing_key(group, "movecount"));
    }
    if !have.1 {
        return Err(missing_key(group, "score"));
    }
    Ok(draw)
}

fn parse_resign(group: &OptionGroup) -> Result<ResignAdjudication, CliError> {
    let mut resign = ResignAdjudication {
        move_count: 0,
        score: 0,
        two_sided: false,
    };
    let mut have = (false, false);
    for (key, value) in pairs(group, &["movecount", "score", "twosided"])? {
        match key {
            "movecount" => {
                resign.move_count = key_number(group, key, value, "a whole number")?;
                have.0 = true;
            }
            "score" => {
                resign.score = key_number(group, key, value, "a score in centi-units")?;
                have.1 = true;
            }
            _ => resign.two_sided = key_number(group, key, value, "true or false")?,
        }
    }
    if !have.0 {
        return Err(missing_key(group, "movecount"));
    }
    if !have.1 {
        return Err(missing_key(group, "score"));
    }
    Ok(resign)
}

fn parse_sprt(group: &OptionGroup) -> Result<SprtConfig, CliError> {
    let mut sprt = SprtConfig {
        model: SprtModel::default(),
        elo0: f64::NAN,
        elo1: f64::NAN,
        alpha: 0.05,
        beta: 0.05,
    };
    for (key, value) in pairs(group, &["elo0", "elo1", "alpha", "beta", "model"])? {
        let number = || key_number::<f64>(group, key, value, "a number");
        match key {
            "elo0" => sprt.elo0 = number()?,
            "elo1" => sprt.elo1 = number()?,
            "alpha" => sprt.alpha = number()?,
            "beta" => sprt.beta = number()?,
            _ => {
                sprt.model = value.parse().map_err(|_| CliError::BadValue {
                    option: format!("-{} {key}", group.name),
                    value: value.to_owned(),
                    expected: SprtModel::NAMES.join(", "),
                })?;
            }
        }
    }
    if sprt.elo0.is_nan() {
        return Err(missing_key(group, "elo0"));
    }
    if sprt.elo1.is_nan() {
        return Err(missing_key(group, "elo1"));
    }
    Ok(sprt)
}

/// `-report penta=true|false` (fastchess): whether the statistics are by
/// game pairs; returns the `penta` value.
fn parse_report(group: &OptionGroup) -> Result<bool, CliError> {
    let mut penta = true;
    for (key, value) in pairs(group, &["penta"])? {
        penta = key_number(group, key, value, "true or false")?;
    }
    Ok(penta)
}

/// `-pgnout FILE` (cutechess) or `-pgnout file=FILE` (fastchess).
fn parse_file_option(group: &OptionGroup) -> Result<PathBuf, CliError> {
    let first = group.values.first().ok_or_else(|| CliError::MissingValue {
        option: group.name.clone(),
        expected: "a file name".to_owned(),
    })?;
    let file = match first.strip_prefix("file=") {
        Some(file) => file,
        None => first,
    };
    // Further cutechess/fastchess flags (`min`, `notation=…`) change nothing here.
    Ok(PathBuf::from(file))
}

fn parse_shard(group: &OptionGroup) -> Result<Shard, CliError> {
    let text = single(group, "K/N")?;
    let expected = "K/N with 1 <= K <= N, e.g. 3/8";
    let (k, n) = text
        .split_once('/')
        .ok_or_else(|| bad(group, text, expected))?;
    let (index, count): (u32, u32) = match (k.parse(), n.parse()) {
        (Ok(k), Ok(n)) => (k, n),
        _ => return Err(bad(group, text, expected)),
    };
    if index == 0 || index > count {
        return Err(bad(group, text, expected));
    }
    Ok(Shard { index, count })
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use ply_rules::variant::Variant;

    use super::*;
    use crate::time_control::TimeControl;

    fn args(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_owned).collect()
    }

    fn parse_match_line(line: &str) -> Result<MatchConfig, CliError> {
        match parse_args(&args(line))? {
            Invocation::Match(config) => Ok(*config),
            other => panic!("not a match: {other:?}"),
        }
    }

    #[test]
    fn a_full_command_line() {
        let config = parse_match_line(
            "-engine cmd=ply-engine name=A depth=6 -engine cmd=ply-engine name=B depth=4 \
             -each tc=10+0.1 option.Seeds=4 -variant kalah -games 2 -rounds 10 -concurrency 4 \
             -openings file=o.txt format=moves order=random plies=4 start=3 -repeat -noswap \
             -tournament gauntlet -draw movenumber=20 movecount=6 score=50 \
             -resign movecount=4 score=1000 twosided=true -maxmoves 200 \
             -sprt elo0=0 elo1=5 alpha=0.05 beta=0.1 -pgnout file=games.pgn -results r.jsonl \
             -recover -srand 42 -ratinginterval 10 -debug -shard 2/4 -stalltimeout 2",
        );
        let err = config.unwrap_err();
        assert!(err.to_string().contains("-sprt with -shard"), "{err}");

        let config = parse_match_line(
            "-engine cmd=ply-engine name=A depth=6 -engine cmd=ply-engine name=B depth=4 \
             -each tc=10+0.1 option.Seeds=4 -variant kalah -games 2 -rounds 10 -concurrency 4 \
             -openings file=o.txt format=moves order=random plies=4 start=3 -repeat -noswap \
             -tournament gauntlet -draw movenumber=20 movecount=6 score=50 \
             -resign movecount=4 score=1000 twosided=true -maxmoves 200 \
             -pgnout games.pgn -results r.jsonl \
             -recover -srand 42 -ratinginterval 10 -debug -shard 2/4 -stalltimeout 2",
        )
        .unwrap();
        assert_eq!(config.engines.len(), 2);
        assert_eq!(config.engines[1].name, "B");
        assert_eq!(
            config.engines[0].limits.time_control,
            Some(TimeControl::parse("10+0.1").unwrap())
        );
        assert_eq!(config.variant, Some(Variant::Kalah));
        assert_eq!(
            (config.games, config.rounds, config.concurrency),
            (2, 10, 4)
        );
        let openings = config.openings.unwrap();
        assert_eq!(openings.format, OpeningFormat::Moves);
        assert_eq!(openings.order, OpeningOrder::Random);
        assert_eq!((openings.plies, openings.start), (Some(4), 3));
        assert!(config.no_swap && config.recover && config.debug);
        assert_eq!(config.tournament, TournamentKind::Gauntlet);
        assert_eq!(config.draw.unwrap().move_count, 6);
        assert!(config.resign.unwrap().two_sided);
        assert_eq!(config.max_moves, Some(200));
        assert_eq!(config.pgn_out, Some(PathBuf::from("games.pgn")));
        assert_eq!(config.results, Some(PathBuf::from("r.jsonl")));
        assert_eq!(config.seed, 42);
        assert_eq!(config.rating_interval, 10);
        assert_eq!(config.shard, Some(Shard { index: 2, count: 4 }));
        assert_eq!(config.stall_timeout, Duration::from_secs(2));
    }

    #[test]
    fn sprt_models_and_report_penta() {
        let base = "-engine cmd=a depth=1 -engine cmd=b depth=1 -sprt elo0=0 elo1=5";
        let config = parse_match_line(base).unwrap();
        // fastchess's defaults: normalized Elo, statistics by pairs.
        assert_eq!(config.sprt.unwrap().model, SprtModel::Normalized);
        assert!(config.report_penta);
        for (name, model) in [
            ("logistic", SprtModel::Logistic),
            ("Logistic", SprtModel::Logistic),
            ("normalized", SprtModel::Normalized),
            ("bayesian", SprtModel::Bayesian),
        ] {
            let config = parse_match_line(&format!("{base} model={name}")).unwrap();
            assert_eq!(config.sprt.unwrap().model, model);
        }
        let config = parse_match_line(&format!("{base} -report penta=false")).unwrap();
        assert!(!config.report_penta);
        let Invocation::Merge(merge) = parse_args(&args(
            "merge a.jsonl -sprt elo0=0 elo1=5 model=logistic -report penta=false",
        ))
        .unwrap() else {
            panic!("a merge");
        };
        assert_eq!(merge.sprt.unwrap().model, SprtModel::Logistic);
        assert!(!merge.report_penta);
    }

    #[test]
    fn engines_are_restarted_unless_norecover() {
        let base = "-engine cmd=a depth=1 -engine cmd=b depth=1";
        assert!(parse_match_line(base).unwrap().recover);
        assert!(
            parse_match_line(&format!("{base} -recover"))
                .unwrap()
                .recover
        );
        assert!(
            !parse_match_line(&format!("{base} -norecover"))
                .unwrap()
                .recover
        );
    }

    #[test]
    fn unknown_options_are_named() {
        let err = parse_match_line("-engine cmd=a depth=1 -engine cmd=b depth=1 -colour red")
            .unwrap_err();
        assert_eq!(err, CliError::UnknownOption("colour".to_owned()));
        assert!(err.to_string().contains("-colour"));
    }

    #[test]
    fn engines_must_be_two_and_named_apart() {
        assert!(parse_match_line("-engine cmd=a depth=1").is_err());
        let err = parse_match_line("-engine cmd=x/a depth=1 -engine cmd=y/a depth=2").unwrap_err();
        assert!(err.to_string().contains("named 'a'"), "{err}");
    }

    #[test]
    fn help_version_and_merge() {
        assert_eq!(parse_args(&args("--help")), Ok(Invocation::Help));
        assert_eq!(parse_args(&args("-help")), Ok(Invocation::Help));
        assert_eq!(parse_args(&args("-version")), Ok(Invocation::Version));
        let Ok(Invocation::Merge(merge)) =
            parse_args(&args("merge a.jsonl b.jsonl -sprt elo0=0 elo1=5"))
        else {
            panic!("merge expected");
        };
        assert_eq!(merge.files.len(), 2);
        assert_eq!(merge.sprt.unwrap().elo1, 5.0);
        assert!(parse_args(&args("merge")).is_err());
    }

    #[test]
    fn bad_values_say_what_would_do() {
        for (line, needle) in [
            ("-games x", "-games"),
            ("-shard 5/4", "K/N"),
            ("-tournament swiss", "gauntlet"),
            ("-openings format=pgn file=x", "fen or moves"),
            ("-sprt elo0=0", "elo1"),
            (
                "-sprt elo0=0 elo1=5 model=elo",
                "normalized, logistic, bayesian",
            ),
            ("-report penta=maybe", "true or false"),
            ("-report pairs=true", "penta"),
            ("-draw movecount=3", "score"),
            ("-variant chess", "kalah"),
        ] {
            let full = format!("-engine cmd=a depth=1 -engine cmd=b depth=1 {line}");
            let err = parse_match_line(&full).unwrap_err().to_string();
            assert!(err.contains(needle), "{line}: {err}");
        }
    }
}
