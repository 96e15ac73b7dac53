//! The `--help` text: every option, with an example.

use ply_rules::variant::Variant;

/// What `ply-referee --help` prints: [`HELP`] with the registry's games.
#[must_use]
pub fn help() -> String {
    HELP.replace(GAMES_PLACEHOLDER, &Variant::names().join(", "))
}

/// Where the help names the games: filled from the registry, so a game
/// registered once is in the help.
const GAMES_PLACEHOLDER: &str = "{games}";

/// The help's text, with [`GAMES_PLACEHOLDER`] for the list of games.
const HELP: &str = "\
ply-referee: matches and tournaments between game engines (UCI/UGI), like cutechess-cli and fastchess.

USAGE
    ply-referee -engine cmd=PROGRAM [name=NAME …] -engine … [OPTIONS]
    ply-referee merge RESULTS.jsonl… [-sprt elo0=… elo1=… [alpha=… beta=… model=…]] [-report penta=…]
    ply-referee --help

EXAMPLE
    From the repository root, after `cargo build --release -p ply-engine -p ply-referee`
    (cmd= is a path, or a program on PATH):

    target/release/ply-referee -engine cmd=target/release/ply-engine name=deep depth=8 \\
        -engine cmd=target/release/ply-engine name=shallow depth=4 \\
        -each option.Seeds=4 -variant kalah -games 20 -concurrency 2 -results match.jsonl -pgnout match.pgn

ENGINES
    -engine KEY=VALUE…    one engine; give at least two. Keys:
        cmd=PROGRAM           the program (required)
        name=NAME             name in the output (default: the program's file name); unique
        dir=DIR               working directory
        args=\"A B\"            arguments, split at spaces; arg=A adds one argument as it is
        option.NAME=VALUE     sent as 'setoption name NAME value VALUE' (e.g. option.Hash=16)
        depth=N               search N plies a move
        nodes=N               search about N nodes a move
        st=SECONDS            fixed time a move (e.g. st=0.5)
        tc=[MOVES/]TIME[+INC] a clock in seconds: 10+0.1, 40/60, 1:30+1, inf
        timemargin=MS         how far past its time an answer still counts (default 100)
        proto=uci|ugi         the dialect (default uci); UGI engines get p1time/p2time
      Every engine needs a limit (depth, nodes, st or tc); st and tc exclude each other.
    -each KEY=VALUE…      the same keys, for every engine (an engine's own keys win)
    -variant NAME         the game ({games}); sent as 'setoption name UCI_Variant value NAME'.
                          Game options go with -each or -engine: -each option.Seeds=4 option.Pits=6.
                          The referee plays by the same rules as the engines (from these options).

GAMES
    -games N              games per encounter per round (default 1)
    -rounds N             rounds (default 1); an encounter plays rounds x games games
    -tournament round-robin|gauntlet
                          round-robin (default): every pair of engines; gauntlet: the first
                          engine against each of the others
    -concurrency N        games played at once (default 1); engines are started once per
                          encounter and worker, and reused
    -openings file=FILE [format=fen|moves] [order=sequential|random] [plies=N] [start=N]
                          start positions: format=fen, one position string a line
                          (e.g. 4,4,4,4,4,4 0 4,4,4,4,4,4 0 s); format=moves, one move list
                          from the start position a line (e.g. 3 6 2). '#' comments and blank
                          lines are skipped, bad lines are skipped with a warning naming the line.
                          plies=N cuts move lists to N moves; order=random shuffles with -srand;
                          start=N begins with the N-th opening. Without -openings: the start position.
    -repeat [N]           play each opening N times in a row (default, and -repeat alone: 2), colours
                          swapped each game, so that games 1+2, 3+4, … form pairs
    -noswap               do not swap colours: the first engine of an encounter always moves first
    -srand N              seed for order=random (default 0: the same order every run)

ADJUDICATION (scores are the engines' own 'info … score cp X', 100 = one seed)
    -draw movenumber=N movecount=M score=S
                          draw once the game has N moves and the last M moves were all scored
                          within +/-S by the engine that made them
    -resign movecount=M score=S [twosided=true]
                          an engine that scored its last M moves at -S or worse loses; with
                          twosided=true only if its opponent scored its last M moves at +S or better
    -maxmoves N           draw once the game has N moves (sowings, opening moves included)
                          Mastermind: only -maxmoves applies; its scores are expected guesses,
                          not evaluations, so -draw and -resign are ignored (with a warning)
    -stalltimeout SECONDS how long an engine may take to answer uci/isready, or a search with no
                          clock and no st (default 30); then it has stalled and loses

    A move here is one 'bestmove' (one sowing in Kalah).

STATISTICS AND OUTPUT
    -ratinginterval N     print the score and Elo every N games (default 0: at the end only)
    -sprt elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05] [model=normalized|logistic|bayesian]
                          sequential probability ratio test (fastchess's exact GSPRT); the match
                          stops as soon as the LLR crosses a bound (two engines only); model= is
                          the Elo of elo0/elo1 (default normalized, as in fastchess)
    -report penta=true|false
                          statistics and SPRT by game pairs (default true) or by single games
    -pgnout FILE | -pgnout file=FILE
                          append a PGN-style record of each game (PDN for draughts)
    -results FILE         append one JSON object per finished game (JSON lines). If FILE exists,
                          its games are counted and not played again (resume).
    -event TEXT, -site TEXT
                          the PGN Event and Site tags
    -debug                log every line sent to and read from the engines (stderr)

FAILURES AND SCALE
    -recover              restart an engine that crashed or stalled, and go on (the default;
                          accepted for cutechess-cli command lines); 3 such games in a row
                          by one engine still stop the match, exit status 1
    -norecover            stop the match after a game in which an engine crashed or stalled
                          (cutechess-cli's default), exit status 1
    -shard K/N            play only part K of N of the match (whole game pairs, by number);
                          merge the parts' -results files with 'ply-referee merge'

    Every game ends in one of: normal (by the rules), adjudication, time forfeit, illegal move,
    disconnect (crash), stall (no answer), interrupt. An engine that crashes, stalls, prints
    garbage or plays an illegal move loses the game.
    Ctrl-C stops the match: running games are interrupted and not counted, the engines are
    told to quit and killed after a grace period; a second Ctrl-C kills them at once.

MERGE
    ply-referee merge FILE… [-sprt …]
                          the statistics of results files (shards of one match) as one report,
                          the same lines as at the end of a match

ENVIRONMENT
    RUST_LOG              log level of the referee's diagnostics on stderr (default warn)

See docs/referee.md for the output, the JSON fields and the PGN tags.
";

#[cfg(test)]
mod tests {
    use super::help;

    #[test]
    fn the_help_lists_the_registered_games() {
        let names = ply_rules::variant::Variant::names().join(", ");
        assert!(help().contains(&format!("the game ({names})")), "{names}");
        assert!(!help().contains(super::GAMES_PLACEHOLDER));
    }

    #[test]
    fn every_option_is_documented() {
        for option in [
            "-engine",
            "-each",
            "cmd=",
            "name=",
            "dir=",
            "args=",
            "option.",
            "depth=",
            "nodes=",
            "st=",
            "tc=",
            "timemargin=",
            "proto=",
            "-variant",
            "-games",
            "-rounds",
            "-tournament",
            "-concurrency",
            "-openings",
            "format=",
            "order=",
            "plies=",
            "start=",
            "-repeat",
            "-noswap",
            "-srand",
            "-draw",
            "-resign",
            "-maxmoves",
            "-stalltimeout",
            "-ratinginterval",
            "-sprt",
            "-report",
            "model=",
            "-pgnout",
            "-results",
            "-event",
            "-site",
            "-debug",
            "-recover",
            "-norecover",
            "-shard",
            "merge",
        ] {
            assert!(help().contains(option), "{option} is not in the help");
        }
    }

    #[test]
    fn the_help_states_the_limit_of_faults_in_a_row() {
        let limit = crate::runner::MAX_CONSECUTIVE_FAULTS;
        assert!(
            help().contains(&format!("{limit} such games in a row")),
            "the help does not say {limit}"
        );
    }
}
