//! Opening books through the engine binary: `OwnBook`, `BookFile`, the
//! choice of a book move at `go`, bad books, and `ply-engine build-book`.

use std::path::PathBuf;
use std::time::Duration;

use assert_cmd::Command;

#[allow(dead_code)] // only the solver's reference is used here
mod common;

use common::solved;

/// A cache directory that does not exist, so that `EndgameDB auto`
/// loads nothing (the user's cached databases would change the answers).
const NO_CACHE: &str = "/nonexistent/ply-test-cache";

const TIMEOUT: Duration = Duration::from_secs(60);

/// The Kalah(6,4) start and its position string.
const KALAH_64_START: &str = "4,4,4,4,4,4 0 4,4,4,4,4,4 0 s";

/// A file in the temporary directory, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, contents: &str) -> Self {
        let path =
            std::env::temp_dir().join(format!("ply-book-test-{}-{name}", std::process::id()));
        std::fs::write(&path, contents).expect("temporary file written");
        Self(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("UTF-8 temp path")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn engine() -> Command {
    let mut command = Command::cargo_bin("ply-engine").expect("the ply-engine binary is built");
    command.timeout(TIMEOUT).env("XDG_CACHE_HOME", NO_CACHE);
    command
}

fn session(input: &str) -> String {
    let output = engine()
        .write_stdin(input)
        .output()
        .expect("ply-engine runs");
    assert!(output.status.success(), "exit status {:?}", output.status);
    String::from_utf8(output.stdout).expect("stdout is UTF-8")
}

fn bestmoves(out: &str) -> Vec<&str> {
    out.lines().filter(|l| l.starts_with("bestmove")).collect()
}

fn setup(book: &TempFile, own_book: bool) -> String {
    format!(
        "setoption name Seeds value 4\nsetoption name OwnBook value {own_book}\nsetoption name BookFile value {}\n",
        book.path()
    )
}

#[test]
fn a_book_move_is_played_without_searching() {
    let book = TempFile::new("one.book", &format!("[kalah]\n{KALAH_64_START} => 5 7\n"));
    let out = session(&format!(
        "{}position startpos\ngo depth 8\n",
        setup(&book, true)
    ));
    assert!(out.contains("info string book "), "{out}");
    assert!(
        out.contains("info string book move 5 (weight 7 of 7)"),
        "{out}"
    );
    assert_eq!(bestmoves(&out), ["bestmove 5"], "{out}");
    assert!(!out.contains("info depth"), "no search expected:\n{out}");
}

#[test]
fn moves_are_chosen_in_proportion_to_their_weights() {
    let book = TempFile::new(
        "weights.book",
        &format!("[kalah]\n{KALAH_64_START} => 3 1, 6 1, 1 0\n"),
    );
    let mut input = setup(&book, true);
    for _ in 0..40 {
        input.push_str("position startpos\ngo depth 1\n");
    }
    let out = session(&input);
    let moves = bestmoves(&out);
    assert_eq!(moves.len(), 40);
    assert!(
        moves
            .iter()
            .all(|m| *m == "bestmove 3" || *m == "bestmove 6"),
        "{moves:?}"
    );
    // Weight 0 is never played; both weighted moves come up in 40 tries
    // (each is missed with probability 2^-40).
    assert!(
        moves.contains(&"bestmove 3") && moves.contains(&"bestmove 6"),
        "{moves:?}"
    );
}

#[test]
fn the_engine_searches_when_the_book_is_off_or_silent() {
    let book = TempFile::new(
        "silent.book",
        &format!("[kalah]\n{KALAH_64_START} => 5 7\n"),
    );
    // OwnBook off.
    let out = session(&format!(
        "{}position startpos\ngo depth 4\n",
        setup(&book, false)
    ));
    assert!(out.contains("info depth 4"), "{out}");
    // A position the book does not have.
    let out = session(&format!(
        "{}position startpos moves 1\ngo depth 4\n",
        setup(&book, true)
    ));
    assert!(out.contains("info depth 4"), "{out}");
    // Analysis always searches.
    let out = session(&format!(
        "{}position startpos\ngo infinite\nstop\n",
        setup(&book, true)
    ));
    assert!(!out.contains("book move"), "{out}");
    // Another capture rule is another section.
    let out = session(&format!(
        "{}setoption name EmptyCapture value true\nposition startpos\ngo depth 4\n",
        setup(&book, true)
    ));
    assert!(out.contains("info depth 4"), "{out}");
}

#[test]
fn a_book_with_a_mistake_is_refused_with_its_line() {
    for (text, reason) in [
        // Pit 7 does not exist on a 6-pit board.
        (
            format!("[kalah]\n{KALAH_64_START} => 3 5, 7 5\n"),
            "book line 2: '7' is not a legal move",
        ),
        (
            format!("[kalah]\n{KALAH_64_START} => 3 5, x 5\n"),
            "book line 2: 'x' is not a legal move",
        ),
        (
            "[kalah]\n4,4 0 4,4\n=> 1 1".to_owned(),
            "book line 2: expected",
        ),
        (
            "[kalah]\nnonsense => 1 1\n".to_owned(),
            "book line 2: bad position 'nonsense'",
        ),
        (
            "[chess]\nx => e4 1\n".to_owned(),
            "book line 2: unknown section [chess]",
        ),
        (
            "[kalah sideways]\nx => 1 1\n".to_owned(),
            "book line 2: unknown section [kalah sideways]",
        ),
        (
            "[mastermind]\n- b => 0123 1\n".to_owned(),
            "book line 2: Mastermind has no book",
        ),
    ] {
        let book = TempFile::new("mistake.book", &text);
        let out = session(&format!(
            "{}position startpos\ngo depth 3\n",
            setup(&book, true)
        ));
        // The message names the file, then the line and the reason.
        let line_and_reason = reason.replacen("book ", "", 1);
        assert!(
            out.contains(&format!(
                "info string error: BookFile: book file {} {line_and_reason}",
                book.path()
            )),
            "{text}\n{out}"
        );
        // No book was loaded: the engine searches.
        assert!(out.contains("info depth 3"), "{out}");
    }
}

#[test]
fn positions_and_moves_are_found_however_they_are_written() {
    // Russian draughts: the pieces listed in another order than the
    // engine's, a move in capitals; both are stored as the engine writes them.
    let russian = |book: &TempFile| {
        session(&format!(
            "setoption name UCI_Variant value russian\nsetoption name OwnBook value true\n\
             setoption name BookFile value {}\nposition fen W:Wa1,c3:Bd6,b6\ngo depth 3\n",
            book.path()
        ))
    };
    let book = TempFile::new("russian.book", "[russian]\nW:Wc3,a1:Bb6,d6 => C3-D4 2\n");
    let out = russian(&book);
    assert!(out.contains("info string book move c3-d4"), "{out}");
    assert_eq!(bestmoves(&out), ["bestmove c3-d4"], "{out}");
    // One move spelt two ways is one move listed twice.
    let book = TempFile::new(
        "twice.book",
        "[russian]\nW:Wc3,a1:Bb6,d6 => C3-D4 2, c3-d4 1\n",
    );
    let out = russian(&book);
    assert!(
        out.contains(&format!(
            "info string error: BookFile: book file {} line 2: move 'c3-d4' is listed twice",
            book.path()
        )),
        "{out}"
    );
}

#[test]
fn a_bad_book_is_an_error_and_keeps_the_old_one() {
    let good = TempFile::new("good.book", &format!("[kalah]\n{KALAH_64_START} => 5 7\n"));
    let bad = TempFile::new("bad.book", "[kalah]\nno arrow here\n");
    let out = session(&format!(
        "{}setoption name BookFile value {}\nsetoption name BookFile value /nonexistent/ply.book\nposition startpos\ngo depth 3\n",
        setup(&good, true),
        bad.path()
    ));
    assert!(
        out.contains(&format!(
            "info string error: BookFile: book file {} line 2: expected",
            bad.path()
        )),
        "{out}"
    );
    assert!(
        out.contains("info string error: BookFile: book file /nonexistent/ply.book"),
        "{out}"
    );
    assert_eq!(bestmoves(&out), ["bestmove 5"], "{out}");
}

/// A directory of its own in the temporary directory, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> Self {
        let path =
            std::env::temp_dir().join(format!("ply-book-test-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&path).expect("temporary directory made");
        Self(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Makes a named pipe (FIFO) at `path`.
#[cfg(unix)]
fn make_fifo(path: &std::path::Path) {
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success(), "mkfifo {}", path.display());
}

#[cfg(unix)]
#[test]
fn only_a_regular_file_is_read_as_a_book_and_the_old_one_stays() {
    // /dev/zero would be read without end, a FIFO would block the engine
    // for ever (no `readyok`), a directory cannot be read: each is refused
    // before it is read, saying what is accepted.
    let good = TempFile::new("kept.book", &format!("[kalah]\n{KALAH_64_START} => 5 7\n"));
    let dir = TempDir::new("special");
    let fifo = dir.0.join("book.fifo");
    make_fifo(&fifo);
    let refused = [
        ("/dev/zero".to_owned(), "a character device"),
        (fifo.display().to_string(), "a named pipe (FIFO)"),
        (dir.0.display().to_string(), "a directory"),
    ];
    let mut input = setup(&good, true);
    for (path, _) in &refused {
        input.push_str(&format!("setoption name BookFile value {path}\nisready\n"));
    }
    input.push_str("position startpos\ngo depth 3\n");
    let out = session(&input);
    for (path, kind) in &refused {
        assert!(
            out.contains(&format!(
                "info string error: BookFile: book file {path}: {kind}, not a regular file \
                 (only a regular file is read)"
            )),
            "{out}"
        );
    }
    assert_eq!(out.matches("readyok").count(), refused.len(), "{out}");
    assert_eq!(
        bestmoves(&out),
        ["bestmove 5"],
        "the old book stays:\n{out}"
    );
}

#[test]
fn a_book_larger_than_the_limit_is_refused_before_it_is_read() {
    // A sparse file: as large as it says, without writing it.
    let good = TempFile::new("small.book", &format!("[kalah]\n{KALAH_64_START} => 5 7\n"));
    let huge = TempFile::new("huge.book", "");
    std::fs::File::options()
        .write(true)
        .open(&huge.0)
        .and_then(|file| file.set_len(ply_engine::book::MAX_BOOK_BYTES + 1))
        .expect("sparse file made");
    let out = session(&format!(
        "{}setoption name BookFile value {}\nposition startpos\ngo depth 3\n",
        setup(&good, true),
        huge.path()
    ));
    assert!(
        out.contains(&format!(
            "info string error: BookFile: book file {}: {} bytes; a book may hold at most {} bytes",
            huge.path(),
            ply_engine::book::MAX_BOOK_BYTES + 1,
            ply_engine::book::MAX_BOOK_BYTES
        )),
        "{out}"
    );
    assert_eq!(
        bestmoves(&out),
        ["bestmove 5"],
        "the old book stays:\n{out}"
    );
}

#[test]
fn build_book_creates_and_extends_a_book() {
    let file = TempFile::new("built.book", "");
    std::fs::remove_file(&file.0).expect("start without the file");
    let build = |plies: &str| {
        engine()
            .args([
                "build-book",
                "--variant",
                "kalah",
                "--option",
                "Seeds=4",
                "--plies",
                plies,
                "--depth",
                "6",
                "--output",
                file.path(),
            ])
            .assert()
            .success();
        std::fs::read_to_string(&file.0).expect("book written")
    };
    // 1. One ply: the start position alone.
    let first = build("1");
    let entries: Vec<&str> = first.lines().filter(|l| l.contains("=>")).collect();
    assert_eq!(entries.len(), 1, "{first}");
    assert!(
        entries[0].starts_with(&format!("{KALAH_64_START} => ")),
        "{first}"
    );
    // 2. A hand edit survives extending: the start keeps its moves.
    std::fs::write(&file.0, format!("[kalah]\n{KALAH_64_START} => 2 9\n")).expect("edit");
    let second = build("2");
    assert!(
        second.contains(&format!("{KALAH_64_START} => 2 9")),
        "{second}"
    );
    // 1 + 6 first moves, one of which (pit 3) ends in the store: 7 positions.
    assert_eq!(
        second.lines().filter(|l| l.contains("=>")).count(),
        7,
        "{second}"
    );
    // 3. The engine plays from what was built.
    let out = session(&format!(
        "setoption name Seeds value 4\nsetoption name OwnBook value true\nsetoption name BookFile value {}\nposition startpos\ngo depth 3\n",
        file.path()
    ));
    assert_eq!(bestmoves(&out), ["bestmove 2"], "{out}");
}

#[test]
fn build_book_rejects_bad_arguments() {
    let out = engine()
        .args([
            "build-book",
            "--variant",
            "chess",
            "--plies",
            "1",
            "--output",
            "/tmp/x.book",
        ])
        .output()
        .expect("runs");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("UCI_Variant"), "{stderr}");
    let out = engine()
        .args([
            "build-book",
            "--option",
            "Seeds",
            "--plies",
            "1",
            "--output",
            "/tmp/x.book",
        ])
        .output()
        .expect("runs");
    assert!(String::from_utf8_lossy(&out.stderr).contains("not NAME=VALUE"));
}

#[test]
fn the_shipped_book_holds_only_legal_moves() {
    use ply_engine::book::Book;
    use ply_engine::options::EngineOptions;
    use ply_rules::game::Game;
    use ply_rules::variant::AnyGame;
    use ply_rules::with_game;

    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../books/ply.book");
    let book = Book::load(&path).unwrap_or_else(|e| panic!("{e}"));
    assert!(book.len() > 100, "{} positions", book.len());
    for (section, position, moves) in book.entries() {
        // The section names the game and the rules the string does not show.
        let mut options = EngineOptions::default();
        let (variant, empty_capture) = match section.split_once(' ') {
            Some((variant, "empty-capture")) => (variant, true),
            _ => (section, false),
        };
        options
            .set("UCI_Variant", Some(variant))
            .expect("a known game");
        if empty_capture {
            options
                .set("EmptyCapture", Some("true"))
                .expect("Kalah rule");
        }
        let applied = options.game.apply_pending();
        assert!(applied.errors.is_empty(), "{:?}", applied.errors);
        let game = AnyGame::from_position_string(&options.game.rules(), position)
            .unwrap_or_else(|e| panic!("[{section}] {position}: {e}"));
        assert!(!moves.is_empty(), "[{section}] {position}");
        for mv in moves {
            let legal = with_game!(&game, g => g.parse_move(&mv.text).is_ok());
            assert!(legal, "[{section}] {position}: {} is not legal", mv.text);
        }
    }
}

/// `build-book --solve` on Kalah(4,3) with a small database: every move of
/// every entry carries the value the solver (without the database) gives
/// it, the moves that keep the position's value weigh 100 and the others 0;
/// a searched entry is upgraded; and `go` from the book says the value.
#[test]
fn build_book_solve_writes_every_moves_proven_value() {
    use ply_engine::endgame::Backed;
    use ply_engine::games::kalah::KalahDb;
    use ply_rules::game::Game;
    use ply_rules::games::kalah::{Kalah, KalahRules};

    let rules = KalahRules::new(4, 3, false).expect("playable");
    let db = TempFile::new("k4.plydb", "");
    KalahDb::build(4, false, 8, 1, |_| {})
        .expect("a database")
        .save(&db.0)
        .expect("saved");
    let file = TempFile::new("solved.book", "");
    let start_string = Kalah::start(rules).expect("start").position_string();
    // A searched entry for the start, to be upgraded.
    std::fs::write(&file.0, format!("[kalah]\n{start_string} => 1 7\n")).expect("edit");
    engine()
        .args([
            "build-book",
            "--variant",
            "kalah",
            "--option",
            "Pits=4",
            "--option",
            "Seeds=3",
        ])
        .args(["--option", &format!("EndgameDB={}", db.path())])
        .args(["--plies", "2", "--solve", "--output", file.path()])
        .assert()
        .success();
    let text = std::fs::read_to_string(&file.0).expect("book written");
    let entries: Vec<&str> = text.lines().filter(|l| l.contains("=>")).collect();
    // The start and its four children, one of which (pit 2) moves again.
    assert_eq!(entries.len(), 5, "{text}");
    for entry in &entries {
        let (position, moves) = entry.split_once(" => ").expect("an entry");
        let position =
            Kalah::from_position_string(position, rules.empty_capture).expect("a position");
        let value = solved(&position);
        let mut moves_seen = 0;
        for item in moves.split(", ") {
            let words: Vec<&str> = item.split_whitespace().collect();
            let [mv, weight, exact] = words.as_slice() else {
                panic!("'{item}' has no proven value: {entry}");
            };
            let exact: i32 = exact.trim_start_matches('=').parse().expect("a value");
            let mut child = position;
            child.play(position.parse_move(mv).expect("legal"));
            let through = if child.side_to_move() == position.side_to_move() {
                solved(&child)
            } else {
                -solved(&child)
            };
            assert_eq!(exact, through, "move {mv} of {entry}");
            let expected_weight = if through == value { "100" } else { "0" };
            assert_eq!(*weight, expected_weight, "move {mv} of {entry}");
            moves_seen += 1;
        }
        assert_eq!(moves_seen, position.moves().len(), "every move of {entry}");
    }
    // The engine plays from it and says the proven value.
    let out = session(&format!(
        "setoption name Pits value 4\nsetoption name Seeds value 3\n\
         setoption name OwnBook value true\nsetoption name BookFile value {}\n\
         position startpos\ngo depth 3\n",
        file.path()
    ));
    let value = solved(&Kalah::start(rules).expect("start"));
    assert!(
        out.contains(&format!(
            "info string proven margin +{value} (book, solved)\n"
        )),
        "{out}"
    );
}

/// The shipped book's proven values agree with each other: where a proven
/// move leads to a position the book also proves, the move's value is that
/// position's value (the same when the mover moves again, else negated),
/// and in every proven entry the moves weighing 100 are exactly those of
/// the best value. (Proving Kalah(6,4) positions from scratch takes the
/// 24-seed database and minutes: the values themselves come from the
/// solver, whose agreement with minimax `solve.rs` checks.)
#[test]
fn the_shipped_books_proven_values_agree_with_each_other() {
    use ply_engine::book::Book;
    use ply_rules::game::Game;
    use ply_rules::games::kalah::Kalah;

    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../books/ply.book");
    let book = Book::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let proven = |section: &str, position: &str| -> Option<i32> {
        let moves = book.moves(section, position)?;
        moves
            .iter()
            .map(|m| m.exact)
            .collect::<Option<Vec<i32>>>()?
            .into_iter()
            .max()
    };
    let (mut entries, mut links) = (0, 0);
    for (section, position, moves) in book.entries() {
        let empty_capture = match section {
            "kalah" => false,
            "kalah empty-capture" => true,
            _ => continue,
        };
        if moves.iter().any(|m| m.exact.is_none()) {
            continue;
        }
        entries += 1;
        let best = proven(section, position).expect("a proven entry");
        for m in moves {
            assert_eq!(
                m.weight == 100,
                m.exact == Some(best),
                "{position}: {}",
                m.text
            );
        }
        let game = Kalah::from_position_string(position, empty_capture).expect("a position");
        for m in moves {
            let mut child = game;
            child.play(game.parse_move(&m.text).expect("legal"));
            let Some(child_value) = proven(section, &child.position_string()) else {
                continue;
            };
            let through = if child.side_to_move() == game.side_to_move() {
                child_value
            } else {
                -child_value
            };
            assert_eq!(m.exact, Some(through), "{position}: {}", m.text);
            links += 1;
        }
    }
    // Every Kalah(6,4) position within three moves of the start (227),
    // under both capture rules, and each of their moves that leads to
    // another of them.
    assert!(entries >= 454, "{entries} proven entries");
    assert!(
        links >= 452,
        "{links} moves checked against their positions"
    );
}
