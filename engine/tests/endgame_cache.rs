//! Databases that build and load themselves: `build-db` without `--output`
//! writes into the cache, and `EndgameDB auto` (the default) loads the
//! biggest cached database of the board played. Every engine here runs
//! with `XDG_CACHE_HOME` in a scratch directory of its own: the user's
//! cache is never read or written.

use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::Duration;

use assert_cmd::Command;
use ply_engine::database_cache::{BUILD_LOCK, CACHE_SUBDIRECTORY};
use ply_engine::endgame::Backed;
use ply_engine::games::kalah::KalahDb;

/// Generous: these sessions take milliseconds; a hang fails instead of blocking CI.
const TIMEOUT: Duration = Duration::from_secs(120);

/// A scratch directory, removed at the end of the test.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> Self {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let path = std::env::temp_dir().join(format!(
            "ply-endgame-cache-{}-{nanos}-{name}",
            std::process::id()
        ));
        std::fs::create_dir_all(&path).expect("a scratch directory");
        Self(path)
    }

    /// The cache directory the engine uses with `XDG_CACHE_HOME` here.
    fn cache(&self) -> PathBuf {
        self.0.join(CACHE_SUBDIRECTORY)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs `ply-engine args…` on `input` with `XDG_CACHE_HOME` = `home`.
fn run_engine(home: &Path, args: &[&str], input: &str) -> Output {
    Command::cargo_bin("ply-engine")
        .expect("the ply-engine binary is built")
        .env("XDG_CACHE_HOME", home)
        .args(args)
        .write_stdin(input)
        .timeout(TIMEOUT)
        .output()
        .expect("ply-engine runs")
}

/// A protocol session's stdout.
fn session(home: &Path, input: &str) -> String {
    let output = run_engine(home, &[], input);
    assert!(output.status.success(), "exit status {:?}", output.status);
    String::from_utf8(output.stdout).expect("stdout is UTF-8")
}

/// The `info string` lines about endgame databases.
fn database_lines(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|line| {
            line.starts_with("info string endgame database")
                || line.starts_with("info string EndgameDB")
                || line.starts_with("info string error: EndgameDB")
        })
        .collect()
}

/// Builds a small database and saves it as `directory/name`.
fn save(directory: &Path, name: &str, pits: u8, empty_capture: bool, max_seeds: u8) -> PathBuf {
    std::fs::create_dir_all(directory).expect("the cache directory");
    let db = KalahDb::build(pits, empty_capture, max_seeds, 1, |_| {}).expect("a small database");
    let path = directory.join(name);
    db.save(&path).expect("saved");
    path
}

/// The line announcing `path` found by `auto`.
fn found(path: &Path, what: &str) -> String {
    format!(
        "info string endgame database {} (found by auto): {what}",
        path.display()
    )
}

/// Three pits a side, six seeds on the board, stores 9 and 12: every
/// move's child is in a 3-pit database, so `go` reports a proven margin
/// from it when one is loaded.
const FEW_SEEDS: &str = "position fen 2,1,0 9 0,1,2 12 s\ngo depth 2\n";
const PROVEN_BY_DB: &str = "(endgame database)";

#[test]
fn auto_loads_the_biggest_database_of_the_board_played() {
    let home = TempDir::new("biggest");
    let cache = home.cache();
    save(&cache, "kalah-3-standard-4.db", 3, false, 4);
    let biggest = save(&cache, "kalah-3-standard-6.db", 3, false, 6);
    // Other rules, other boards, a temporary file of a bigger build and
    // files of other names are never loaded.
    let empty_capture = save(&cache, "kalah-3-empty-capture-8.db", 3, true, 8);
    save(&cache, "kalah-4-standard-8.db", 4, false, 8);
    std::fs::write(
        cache.join("kalah-3-standard-9.db.tmp-4242"),
        b"half a database",
    )
    .expect("written");
    std::fs::write(cache.join("kalah-3-standard-x.db"), b"no database").expect("written");

    let out = session(
        &home.0,
        &format!(
            "setoption name Pits value 3\n{FEW_SEEDS}\
             setoption name EmptyCapture value true\nposition startpos\n\
             setoption name Pits value 5\nposition startpos\n\
             setoption name Pits value 3\nsetoption name EmptyCapture value false\nisready\n"
        ),
    );
    assert_eq!(
        database_lines(&out),
        [
            found(
                &biggest,
                "3 pits, standard capture, up to 6 seeds on the board, 924 positions"
            ),
            found(
                &empty_capture,
                "3 pits, empty capture, up to 8 seeds on the board, 3003 positions"
            ),
        ],
        "{out}"
    );
    assert!(out.contains(PROVEN_BY_DB), "{out}");
    assert!(out.contains("readyok"), "{out}");
}

#[test]
fn changing_the_board_back_finds_the_database_again() {
    let home = TempDir::new("again");
    let db = save(&home.cache(), "kalah-3-standard-5.db", 3, false, 5);
    let out = session(
        &home.0,
        "setoption name Pits value 3\nposition startpos\n\
         setoption name Pits value 4\nposition startpos\n\
         setoption name Pits value 3\nposition startpos\n",
    );
    let line = found(
        &db,
        "3 pits, standard capture, up to 5 seeds on the board, 462 positions",
    );
    assert_eq!(database_lines(&out), [line.clone(), line], "{out}");
}

#[test]
fn none_loads_nothing_and_drops_what_auto_loaded() {
    let home = TempDir::new("none");
    save(&home.cache(), "kalah-3-standard-6.db", 3, false, 6);
    let out = session(
        &home.0,
        &format!("setoption name EndgameDB value none\nsetoption name Pits value 3\n{FEW_SEEDS}"),
    );
    assert!(database_lines(&out).is_empty(), "{out}");
    assert!(!out.contains(PROVEN_BY_DB), "{out}");

    let out = session(
        &home.0,
        &format!(
            "setoption name Pits value 3\nposition startpos\n\
             setoption name EndgameDB value none\n{FEW_SEEDS}"
        ),
    );
    assert_eq!(database_lines(&out).len(), 1, "{out}");
    assert!(!out.contains(PROVEN_BY_DB), "{out}");
}

#[test]
fn a_bad_cached_file_is_said_and_the_engine_goes_on_without() {
    let home = TempDir::new("bad");
    let cache = home.cache();
    // A 4-pit database under a 3-pit name, and a file that is no database.
    save(&cache, "kalah-3-standard-8.db", 4, false, 8);
    std::fs::write(
        cache.join("kalah-3-empty-capture-8.db"),
        b"PLYKALAHDB but no more",
    )
    .expect("written");
    let out = session(
        &home.0,
        &format!(
            "setoption name Pits value 3\n{FEW_SEEDS}\
             setoption name EmptyCapture value true\n{FEW_SEEDS}isready\n"
        ),
    );
    let lines = database_lines(&out);
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].starts_with("info string EndgameDB auto: ")
            && lines[0].contains("kalah-3-standard-8.db is a database of 4 pits, standard capture, not of the game played (3 pits, standard capture)")
            && lines[0].ends_with("; going on without an endgame database"),
        "{out}"
    );
    assert!(
        lines[1].contains("kalah-3-empty-capture-8.db")
            && lines[1].ends_with("; going on without an endgame database"),
        "{out}"
    );
    assert!(!out.contains(PROVEN_BY_DB), "{out}");
    assert_eq!(out.matches("bestmove").count(), 2, "{out}");
    assert!(out.contains("readyok"), "{out}");
}

/// A damaged biggest file costs only itself: the next smaller database of
/// the board is loaded, after a line saying why the bigger one was not.
#[test]
fn a_damaged_biggest_file_gives_way_to_a_smaller_database() {
    let home = TempDir::new("damaged");
    let cache = home.cache();
    save(&cache, "kalah-3-standard-8.db", 3, false, 8);
    std::fs::write(
        cache.join("kalah-3-standard-12.db"),
        b"PLYKALAHDB but no more",
    )
    .expect("written");
    let out = session(
        &home.0,
        &format!("setoption name Pits value 3\n{FEW_SEEDS}"),
    );
    let lines = database_lines(&out);
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].starts_with("info string EndgameDB auto: ")
            && lines[0].contains("kalah-3-standard-12.db")
            && lines[0].ends_with("; trying a smaller one"),
        "{out}"
    );
    assert!(
        lines[1].starts_with("info string endgame database ")
            && lines[1].contains("kalah-3-standard-8.db (found by auto)"),
        "{out}"
    );
    assert!(out.contains(PROVEN_BY_DB), "{out}");
}

#[test]
fn a_game_without_databases_looks_for_none() {
    let home = TempDir::new("tictactoe");
    save(&home.cache(), "kalah-6-standard-2.db", 6, false, 2);
    let out = session(
        &home.0,
        "setoption name UCI_Variant value tictactoe\nposition startpos\ngo depth 2\n",
    );
    assert!(database_lines(&out).is_empty(), "{out}");
    assert!(out.contains("bestmove"), "{out}");
}

#[test]
fn build_db_without_output_fills_the_cache_and_auto_finds_it() {
    let home = TempDir::new("build");
    let output = run_engine(
        &home.0,
        &[
            "build-db",
            "--pits",
            "3",
            "--empty-capture",
            "--max-seeds",
            "7",
        ],
        "",
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let path = home.cache().join("kalah-3-empty-capture-7.db");
    assert!(stderr.contains(&path.display().to_string()), "{stderr}");
    let db = KalahDb::open(&path).expect("the database is in the cache");
    assert_eq!(
        (db.pits(), db.empty_capture(), db.max_seeds()),
        (3, true, 7)
    );
    // Nothing else was left in the cache (no temporary file), but the
    // lock file of its builds.
    let mut files: Vec<String> = std::fs::read_dir(home.cache())
        .expect("the cache")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    files.sort();
    assert_eq!(files, [BUILD_LOCK, "kalah-3-empty-capture-7.db"]);

    let out = session(
        &home.0,
        "setoption name Pits value 3\nsetoption name EmptyCapture value true\nposition startpos\n",
    );
    assert_eq!(
        database_lines(&out),
        [found(
            &path,
            "3 pits, empty capture, up to 7 seeds on the board, 1716 positions"
        )],
        "{out}"
    );
}

#[test]
fn build_db_without_a_cache_it_can_make_fails_before_building() {
    // The cache would be a directory inside a regular file.
    let home = TempDir::new("no-cache");
    let file = home.0.join("a-file");
    std::fs::write(&file, b"not a directory").expect("written");
    let output = run_engine(&file, &["build-db", "--pits", "3", "--max-seeds", "4"], "");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{stderr}");
    assert!(
        stderr.contains("cannot make the cache directory"),
        "{stderr}"
    );
    assert!(!stderr.contains("building"), "{stderr}");
}

/// A file named by hand that serves another board is loaded (the rules
/// may change to its own), but the engine says, when the game starts, that
/// it is not read for the game played; `auto` never loads such a file.
#[test]
fn a_file_named_by_hand_for_another_board_is_said_not_to_serve() {
    let home = TempDir::new("other-board");
    let file = save(&home.0, "three.db", 3, false, 6);
    let file = file.display().to_string();
    let out = session(
        &home.0,
        &format!(
            "setoption name EndgameDB value {file}\nposition startpos\n\
             setoption name Pits value 3\nposition startpos\nisready\n"
        ),
    );
    let warnings: Vec<&str> = out
        .lines()
        .filter(|line| line.starts_with("info string warning: EndgameDB"))
        .collect();
    assert_eq!(
        warnings,
        [format!(
            "info string warning: EndgameDB {file} serves kalah-3-standard, not the game played \
             (kalah-6-standard): it is not read until that game is played"
        )],
        "{out}"
    );
}
