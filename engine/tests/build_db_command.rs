//! `ply-engine build-db` checks everything that could stop it before it
//! builds: what `--output` names, the cache's lock, a directory it cannot
//! write, memory; it removes what killed builds left, and an interrupted
//! build leaves no temporary file.

use std::path::Path;
use std::process::Output;
use std::time::{Duration, Instant};

use assert_cmd::Command;
use ply_engine::database_cache;
use ply_engine::endgame::Backed;
use ply_engine::engine_game::database::games_with_databases;
use ply_engine::games::kalah::KalahDb;
use ply_rules::variant::Variant;

const TIMEOUT: Duration = Duration::from_secs(120);

/// A scratch directory, removed at the end of the test.
fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("ply-build-db-{name}-"))
        .tempdir()
        .expect("a scratch directory")
}

/// `ply-engine build-db` of a tiny database (2 pits) with `args` added,
/// the cache in `home`.
fn build_db(home: &Path, args: &[&str]) -> Output {
    build_db_of(home, &[&["--pits", "2"], args].concat())
}

/// `ply-engine build-db --max-seeds 3` with `args` added (the board as
/// they choose it), the cache in `home`.
fn build_db_of(home: &Path, args: &[&str]) -> Output {
    Command::cargo_bin("ply-engine")
        .expect("the binary")
        .env("XDG_CACHE_HOME", home)
        .args(["build-db", "--max-seeds", "3"])
        .args(args)
        .timeout(TIMEOUT)
        .output()
        .expect("ply-engine runs")
}

/// Asserts that the build was refused before it started, saying `why`.
fn assert_refused(output: &Output, why: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(why), "{stderr}");
    assert!(
        !stderr.contains("building"),
        "refused only after building: {stderr}"
    );
}

#[test]
fn only_a_new_path_or_a_database_file_is_replaced() {
    let dir = scratch("destinations");
    let home = dir.path().join("home");
    // The system's null device.
    assert_refused(
        &build_db(&home, &["--output", "/dev/null"]),
        "will not replace /dev/null: it is not a regular file",
    );
    let null = std::fs::metadata("/dev/null").expect("/dev/null");
    assert!(!null.is_file(), "/dev/null is still a device");
    // A named pipe.
    let fifo = dir.path().join("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let fifo_name = fifo.display().to_string();
    assert_refused(
        &build_db(&home, &["--output", &fifo_name]),
        "not a regular file",
    );
    // A symbolic link, even to a database.
    let db = dir.path().join("real.db");
    KalahDb::build(2, false, 3, 1, |_| {})
        .expect("tiny")
        .save(&db)
        .expect("saved");
    let link = dir.path().join("link.db");
    std::os::unix::fs::symlink(&db, &link).expect("a link");
    let link_name = link.display().to_string();
    assert_refused(
        &build_db(&home, &["--output", &link_name]),
        "it is a symbolic link",
    );
    // A directory, and a file that is no database.
    let dir_name = dir.path().display().to_string();
    assert_refused(
        &build_db(&home, &["--output", &dir_name]),
        "it is a directory",
    );
    let text = dir.path().join("notes.txt");
    std::fs::write(&text, "keep me").expect("a file");
    let text_name = text.display().to_string();
    assert_refused(
        &build_db(&home, &["--output", &text_name]),
        "not a Ply endgame database",
    );
    assert_eq!(std::fs::read_to_string(&text).expect("kept"), "keep me");
    // A database file is replaced; a new name is written.
    let db_name = db.display().to_string();
    assert!(build_db(&home, &["--output", &db_name]).status.success());
    let new_name = dir.path().join("new.db").display().to_string();
    assert!(build_db(&home, &["--output", &new_name]).status.success());
    assert!(KalahDb::open(&new_name).is_ok());
}

#[test]
#[cfg(target_os = "linux")]
fn a_directory_that_cannot_be_written_fails_before_the_build() {
    // Nobody, root included, makes files in /proc.
    let dir = scratch("unwritable");
    assert_refused(
        &build_db(dir.path(), &["--output", "/proc/kalah.db"]),
        "cannot write into /proc",
    );
}

#[test]
fn a_build_too_big_for_the_memory_is_refused() {
    let dir = scratch("memory");
    let output = dir.path().join("huge.db").display().to_string();
    let run = Command::cargo_bin("ply-engine")
        .expect("the binary")
        .args([
            "build-db",
            "--pits",
            "12",
            "--max-seeds",
            "40",
            "--output",
            &output,
        ])
        .timeout(TIMEOUT)
        .output()
        .expect("ply-engine runs");
    assert_refused(&run, "not enough memory");
    assert!(
        std::fs::read_dir(dir.path())
            .expect("readable")
            .next()
            .is_none()
    );
}

#[test]
fn one_build_at_a_time_writes_into_the_cache_and_stale_files_go() {
    let dir = scratch("cache");
    let cache = dir.path().join(database_cache::CACHE_SUBDIRECTORY);
    std::fs::create_dir_all(&cache).expect("the cache");
    // What a build killed while saving left: its process is gone.
    let mut child = std::process::Command::new("true").spawn().expect("true");
    let dead = child.id();
    child.wait().expect("reaped");
    let stale = cache.join(format!("kalah-2-standard-9.db.tmp-{dead}"));
    std::fs::write(&stale, b"half a database").expect("writable");
    // Another build holds the cache.
    let lock = database_cache::lock_for_build(&cache)
        .expect("lockable")
        .expect("free");
    assert_refused(
        &build_db(dir.path(), &[]),
        "another build-db is writing into the cache",
    );
    assert!(
        stale.exists(),
        "nothing is touched while another build runs"
    );
    drop(lock);
    // A process another test thread forks in the moment shares the lock's
    // file until it execs (flock follows the open file): wait that out.
    let deadline = Instant::now() + Duration::from_secs(5);
    let output = loop {
        let output = build_db(dir.path(), &[]);
        let held = String::from_utf8_lossy(&output.stderr).contains("another build-db");
        if !held || Instant::now() > deadline {
            break output;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains("left by a build that was killed"),
        "{stderr}"
    );
    assert!(!stale.exists());
    assert!(cache.join("kalah-2-standard-3.db").is_file());
}

#[test]
#[cfg(unix)]
fn an_interrupted_build_leaves_no_temporary_file() {
    let dir = scratch("interrupted");
    let output = dir.path().join("big.db");
    // Six pits and 20 seeds: seconds of building, time to interrupt it.
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_ply-engine"));
    // It is sent signals: at their default action, whatever this test
    // inherited (`nohup`, a background job).
    ply_signals::children::default_job_signals(&mut command);
    let mut child = command
        .args([
            "build-db",
            "--max-seeds",
            "20",
            "--threads",
            "1",
            "--output",
        ])
        .arg(&output)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("ply-engine runs");
    // Its temporary file is made before the build starts.
    let temporary = format!("{}.tmp-{}", output.display(), child.id());
    let started = Instant::now();
    while !Path::new(&temporary).exists() {
        assert!(started.elapsed() < TIMEOUT, "no temporary file appeared");
        std::thread::sleep(Duration::from_millis(20));
    }
    let interrupted = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(interrupted.success());
    let status = child.wait().expect("it ends");
    assert_eq!(status.code(), Some(130));
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .expect("readable")
        .map(|entry| entry.map(|e| e.file_name()))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// An Oware build into the cache, interrupted while it works on a level
/// (an early one and a later one), leaves the cache clean: no database and
/// no temporary file (the lock's file stays, as the directory's lock
/// does; the system frees the lock with the process).
#[test]
#[cfg(unix)]
fn an_interrupted_oware_build_leaves_a_clean_cache() {
    use std::io::{BufRead, BufReader};
    for level in [3, 11] {
        let dir = scratch(&format!("interrupted-oware-{level}"));
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_ply-engine"));
        ply_signals::children::default_job_signals(&mut command);
        let mut child = command
            .env("XDG_CACHE_HOME", dir.path())
            .args(["build-db", "--variant", "oware", "--max-seeds", "16"])
            .args(["--threads", "2"])
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("ply-engine runs");
        // Off a terminal, the build says each level as it starts it.
        let stderr = child.stderr.take().expect("its stderr");
        let mut lines = BufReader::new(stderr).lines();
        let started = format!("working on level {level}/16 ");
        let mut said = String::new();
        let reached = lines.by_ref().map_while(Result::ok).any(|line| {
            said.push_str(&line);
            said.push('\n');
            line.starts_with(&started)
        });
        assert!(reached, "the build never said level {level}:\n{said}");
        let interrupted = std::process::Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(interrupted.success());
        // The rest of what it says, so that it never waits on the pipe.
        let rest: Vec<String> = lines.map_while(Result::ok).collect();
        let status = child.wait().expect("it ends");
        assert_eq!(status.code(), Some(130), "{said}{}", rest.join("\n"));
        let cache = dir.path().join("ply");
        let left: Vec<_> = std::fs::read_dir(&cache)
            .expect("the cache was made")
            .map(|entry| entry.expect("a readable entry").file_name())
            .filter(|name| name.as_os_str() != database_cache::BUILD_LOCK)
            .collect();
        assert!(
            left.is_empty(),
            "interrupted at level {level}: {left:?} left"
        );
    }
}

/// The board is chosen by the game's own rule options (`--option`, as `uci`
/// lists them), `--pits` and `--empty-capture` being short for two of
/// them; an option the game lacks, or a malformed one, is refused by name.
#[test]
fn the_board_is_chosen_by_the_games_rule_options() {
    let dir = scratch("options");
    let built = |args: &[&str]| {
        let output = build_db_of(dir.path(), args);
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
    };
    built(&["--option", "Pits=2", "--option", "EmptyCapture=true"]);
    built(&["--variant", "oware", "--option", "Pits=3"]);
    let cache = dir.path().join("ply");
    for name in ["kalah-2-empty-capture-3.db", "oware-3-3.db"] {
        assert!(cache.join(name).is_file(), "{name} was not built");
    }
    let output = build_db(
        dir.path(),
        &["--variant", "oware", "--option", "EmptyCapture=true"],
    );
    assert_refused(&output, "--option EmptyCapture is no rule of oware");
    let output = build_db(dir.path(), &["--option", "Pits"]);
    assert_refused(&output, "--option Pits: write it as NAME=VALUE");
}

/// The games `build-db` builds for are those whose hooks name a database
/// (read from the registry, as `EndgameDB auto` reads them): its help
/// names each, and any other game is refused with the same list.
#[test]
fn the_games_built_for_are_the_registrys() {
    let with_databases = games_with_databases();
    let names: Vec<&str> = with_databases
        .iter()
        .map(|variant| variant.name())
        .collect();
    let help = Command::cargo_bin("ply-engine")
        .expect("the binary")
        .args(["build-db", "--help"])
        .timeout(TIMEOUT)
        .output()
        .expect("ply-engine runs");
    let help = String::from_utf8_lossy(&help.stdout);
    for name in &names {
        assert!(
            help.contains(name),
            "build-db --help names no {name}: {help}"
        );
    }
    let dir = scratch("games");
    for variant in Variant::ALL {
        if !with_databases.contains(&variant) {
            assert_refused(
                &build_db_of(dir.path(), &["--variant", variant.name()]),
                &format!(
                    "{} has no endgame databases; these games have: {}",
                    variant.name(),
                    names.join(", ")
                ),
            );
        }
    }
}
