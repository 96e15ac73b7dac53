//! A damaged endgame database never gives a value: bits flipped in the
//! middle, blocks zeroed, every entry zeroed, a tail cut off with the
//! header patched to match. Each is checked in the library (no entry of a
//! damaged block is ever returned, `verify` counts them) and through the
//! engine: `solve`, a timed `go` and `analyse --solve` prove the same value
//! as with no database at all, and the engine says the file is damaged and
//! stops using it.

use std::path::{Path, PathBuf};
use std::time::Duration;

use assert_cmd::Command;
use ply_engine::endgame::{BLOCK_SHIFT, Backed, EndgameDbError, HEADER_LEN, entry_count};
use ply_engine::games::kalah::KalahDb;
use ply_engine::games::russian::endgame::RussianDb;

/// Generous: each session takes about a second.
const TIMEOUT: Duration = Duration::from_secs(300);

/// The database damaged here: six pits, at most 12 seeds on the board
/// (2,704,156 entries: 42 blocks).
const PITS: u8 = 6;
const MAX_SEEDS: u8 = 12;

/// A Kalah(6,4) position of 12 seeds on the board whose proof reads the
/// database all over (South to move, proven +6 by a search without it).
const POSITION: &str = "startpos moves 3 5 3 4 1 3 6 1 5 3 6 2 2 6 1 6 4 6 5 4 3 6 1 5 6 2 5 2 3";

/// A scratch directory, removed at the end of the test.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> Self {
        let path =
            std::env::temp_dir().join(format!("ply-endgame-damage-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&path).expect("a scratch directory");
        Self(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The sound database's bytes, built once for every test of this file.
fn sound_bytes() -> &'static [u8] {
    static BYTES: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    BYTES.get_or_init(|| {
        let dir = TempDir::new("sound");
        let db = KalahDb::build(PITS, false, MAX_SEEDS, 2, |_| {}).expect("a database");
        let path = dir.0.join("sound.db");
        db.save(&path).expect("a writable temp dir");
        std::fs::read(&path).expect("the file just written")
    })
}

/// Where the entries start in the sound file.
fn entries_offset() -> usize {
    let count = entry_count(2 * usize::from(PITS), MAX_SEEDS).expect("a count");
    let blocks = count.div_ceil(1 << BLOCK_SHIFT);
    HEADER_LEN + 4 * usize::try_from(blocks).expect("a small table")
}

/// The ways a file is damaged here, each with its bytes.
fn damaged_files() -> Vec<(&'static str, Vec<u8>)> {
    let sound = sound_bytes();
    let start = entries_offset();
    let block = 1usize << BLOCK_SHIFT;
    // A few bits flipped in the middle of the entries.
    let mut flipped = sound.to_vec();
    let middle = start + (sound.len() - start) / 2;
    for (i, bit) in [(0, 0x01), (7, 0x40), (70_000, 0x08)] {
        flipped[middle + i] ^= bit;
    }
    // 5 % of the entry bytes changed, all over the file.
    let mut scattered = sound.to_vec();
    for at in (start..sound.len()).step_by(20) {
        scattered[at] ^= 0x05;
    }
    // Three whole blocks zeroed.
    let mut zeroed_blocks = sound.to_vec();
    for b in [0, 17, 41] {
        let from = start + b * block;
        let to = (from + block).min(sound.len());
        zeroed_blocks[from..to].fill(0);
    }
    // Every entry zeroed.
    let mut zeroed = sound.to_vec();
    zeroed[start..].fill(0);
    vec![
        ("flipped", flipped),
        ("scattered", scattered),
        ("zeroed-blocks", zeroed_blocks),
        ("zeroed", zeroed),
    ]
}

#[test]
fn no_entry_of_a_damaged_block_is_ever_read() {
    let sound_dir = TempDir::new("library-sound");
    let sound_path = sound_dir.0.join("sound.db");
    std::fs::write(&sound_path, sound_bytes()).expect("a writable temp dir");
    let sound = KalahDb::open(&sound_path).expect("the sound file");
    sound.verify().expect("the sound file verifies");
    let dir = TempDir::new("library");
    for (name, bytes) in damaged_files() {
        let path = dir.0.join(format!("{name}.db"));
        std::fs::write(&path, &bytes).expect("a writable temp dir");
        let damaged = KalahDb::open(&path).expect("the header is sound");
        assert!(damaged.damage().is_none(), "{name}: nothing read yet");
        let mut changed = 0;
        let mut refused = 0;
        for rank in 0..sound.len() {
            let read = damaged.entry(rank);
            let index = entries_offset() + usize::try_from(rank).expect("a small rank");
            if bytes[index] != sound_bytes()[index] {
                changed += 1;
                assert_eq!(
                    read, None,
                    "{name}: a changed entry of rank {rank} was read"
                );
            }
            match read {
                Some(value) => assert_eq!(Some(value), sound.entry(rank), "{name}: rank {rank}"),
                None => refused += 1,
            }
        }
        assert!(changed > 0 && refused >= changed, "{name}");
        let damage = damaged.damage().expect("the damage is remembered");
        let text = damage.to_string();
        assert!(text.contains(&path.display().to_string()), "{text}");
        assert!(text.contains("rebuild"), "{text}");
        // The whole check counts every damaged block.
        let fresh = KalahDb::open(&path).expect("the header is sound");
        let error = fresh.verify().expect_err("damaged");
        let EndgameDbError::Damaged {
            damaged, blocks, ..
        } = error
        else {
            panic!("{name}: {error}");
        };
        assert_eq!(blocks, 42);
        let expected = match name {
            "flipped" => 2,
            "zeroed-blocks" => 3,
            _ => 42,
        };
        assert_eq!(damaged, expected, "{name}");
    }
}

#[test]
fn a_tail_cut_off_with_the_header_patched_is_refused_at_once() {
    // Cut to the length of an 11-seed database's file, the header saying
    // 11 seeds: the count and the length agree, the checksums do not.
    let sound = sound_bytes();
    let count = entry_count(2 * usize::from(PITS), MAX_SEEDS - 1).expect("a count");
    let blocks = count.div_ceil(1 << BLOCK_SHIFT);
    let len = HEADER_LEN + usize::try_from(4 * blocks + count).expect("small");
    let mut cut = sound[..len].to_vec();
    cut[18] = MAX_SEEDS - 1;
    cut[24..32].copy_from_slice(&count.to_le_bytes());
    let dir = TempDir::new("cut");
    let path = dir.0.join("cut.db");
    std::fs::write(&path, &cut).expect("a writable temp dir");
    let error = KalahDb::open(&path).expect_err("refused");
    assert!(
        matches!(error, EndgameDbError::DamagedHeader { .. }),
        "{error}"
    );
    // The engine refuses the option and says why.
    let out = session(&format!(
        "setoption name EndgameDB value {}\nisready\n",
        path.display()
    ));
    assert!(
        out.contains("info string error: EndgameDB:") && out.contains("damaged"),
        "{out}"
    );
}

/// A protocol session's stdout, with no cache of the user's.
fn session(input: &str) -> String {
    static SESSIONS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = SESSIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let home = TempDir::new(&format!("home-{n}"));
    let output = Command::cargo_bin("ply-engine")
        .expect("the binary")
        .env("XDG_CACHE_HOME", &home.0)
        .write_stdin(input)
        .timeout(TIMEOUT)
        .output()
        .expect("ply-engine runs");
    assert!(output.status.success(), "{:?}", output.status);
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// The value `solve` proves for [`POSITION`] with `EndgameDB` = `db`.
fn solved(db: &str) -> (i32, String) {
    let out = session(&format!(
        "setoption name Seeds value 4\nsetoption name EndgameDB value {db}\n\
         position {POSITION}\nsolve\nposition startpos\nisready\n"
    ));
    let value = out
        .lines()
        .find_map(|line| line.strip_prefix("solved value "))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|value| value.parse().ok())
        .unwrap_or_else(|| panic!("no solved value in {out}"));
    (value, out)
}

/// The margins a timed `go` says it proved for [`POSITION`].
fn proven_by_go(db: &str) -> (Vec<String>, String) {
    let out = session(&format!(
        "setoption name Seeds value 4\nsetoption name EndgameDB value {db}\n\
         position {POSITION}\ngo movetime 1000\nposition startpos\nisready\n"
    ));
    let proven = out
        .lines()
        .filter_map(|line| line.strip_prefix("info string proven margin "))
        .filter_map(|rest| rest.split_whitespace().next())
        .map(str::to_owned)
        .collect();
    (proven, out)
}

/// `analyse --solve`'s record of [`POSITION`].
fn analysed(db: &str) -> String {
    let output = Command::cargo_bin("ply-engine")
        .expect("the binary")
        .args(["analyse", "--option", "Seeds=4", "--option"])
        .arg(format!("EndgameDB={db}"))
        .args(["--solve", "--jobs", "1"])
        .write_stdin(format!("{POSITION}\n"))
        .timeout(TIMEOUT)
        .output()
        .expect("ply-engine runs");
    String::from_utf8(output.stdout).expect("UTF-8")
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(format!("{name}.db"));
    std::fs::write(&path, bytes).expect("a writable temp dir");
    path.display().to_string()
}

#[test]
fn the_engine_proves_the_true_value_from_a_damaged_file_and_drops_it() {
    let dir = TempDir::new("engine");
    // The truth, without a database, and with the sound file.
    let (truth, _) = solved("none");
    assert_eq!(truth, 6);
    let sound = write(&dir.0, "sound", sound_bytes());
    let (value, out) = solved(&sound);
    assert_eq!(value, truth);
    assert!(!out.contains("damaged"), "{out}");
    assert!(analysed(&sound).contains(r#""proven":600"#));
    for (name, bytes) in damaged_files() {
        if name == "flipped" {
            // A few bits in one block this proof may never read.
            continue;
        }
        let path = write(&dir.0, name, &bytes);
        let (value, out) = solved(&path);
        assert_eq!(value, truth, "{name}: {out}");
        // The next search is not given the damaged file: the engine says so.
        assert!(
            out.lines()
                .any(|line| line.starts_with("info string error: EndgameDB:")
                    && line.contains(&path)
                    && line.contains("damaged")
                    && line.ends_with("going on without an endgame database")),
            "{name}: {out}"
        );
        let (proven, out) = proven_by_go(&path);
        assert!(
            !proven.is_empty() && proven.iter().all(|margin| margin == "+6"),
            "{name}: {proven:?} {out}"
        );
        let record = analysed(&path);
        assert!(record.contains(r#""proven":600"#), "{name}: {record}");
    }
}

#[test]
fn auto_passes_over_a_damaged_cached_file_to_the_next_smaller_one() {
    let home = TempDir::new("auto");
    let cache = home.0.join("ply");
    std::fs::create_dir_all(&cache).expect("the cache");
    let (_, zeroed) = damaged_files()
        .into_iter()
        .find(|(name, _)| *name == "zeroed")
        .expect("the zeroed file");
    std::fs::write(cache.join("kalah-6-standard-12.db"), zeroed).expect("writable");
    let smaller = KalahDb::build(PITS, false, 10, 2, |_| {}).expect("a database");
    smaller
        .save(cache.join("kalah-6-standard-10.db"))
        .expect("writable");
    let output = Command::cargo_bin("ply-engine")
        .expect("the binary")
        .env("XDG_CACHE_HOME", &home.0)
        .write_stdin(format!(
            "setoption name Seeds value 4\nposition {POSITION}\nsolve\nsolve\nisready\n"
        ))
        .timeout(TIMEOUT)
        .output()
        .expect("ply-engine runs");
    let out = String::from_utf8(output.stdout).expect("UTF-8");
    let notes: Vec<&str> = out
        .lines()
        .filter(|line| line.contains("EndgameDB") || line.contains("endgame database"))
        .collect();
    assert_eq!(notes.len(), 3, "{out}");
    assert!(
        notes[0].contains("kalah-6-standard-12.db (found by auto)"),
        "{out}"
    );
    assert!(
        notes[1].starts_with("info string error: EndgameDB:")
            && notes[1].contains("kalah-6-standard-12.db: damaged")
            && notes[1].ends_with("trying a smaller one"),
        "{out}"
    );
    assert!(
        notes[2].contains("kalah-6-standard-10.db (found by auto)"),
        "{out}"
    );
    let values: Vec<&str> = out
        .lines()
        .filter(|line| line.starts_with("solved value "))
        .collect();
    assert_eq!(values.len(), 2, "{out}");
    assert!(
        values
            .iter()
            .all(|line| line.starts_with("solved value +6 ")),
        "{out}"
    );
}

/// `ply-engine verify-db path`: its exit code, stdout and stderr.
fn verify(path: &str) -> (Option<i32>, String, String) {
    let output = Command::cargo_bin("ply-engine")
        .expect("the binary")
        .args(["verify-db", path])
        .timeout(TIMEOUT)
        .output()
        .expect("ply-engine runs");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn verify_db_checks_a_whole_file() {
    let dir = TempDir::new("verify");
    let sound = write(&dir.0, "sound", sound_bytes());
    let (code, stdout, _) = verify(&sound);
    assert_eq!(code, Some(0));
    assert!(
        stdout.starts_with(&format!("{sound}: sound (6 pits")),
        "{stdout}"
    );
    for (name, bytes) in damaged_files() {
        let path = write(&dir.0, name, &bytes);
        let (code, stdout, stderr) = verify(&path);
        assert_eq!(code, Some(1), "{name}");
        assert!(stdout.is_empty(), "{stdout}");
        assert!(
            stderr.contains(&format!("{path}: damaged:")) && stderr.contains("rebuild"),
            "{stderr}"
        );
    }
    // A file of the first format (one checksum, never checked): refused,
    // with advice to rebuild it.
    let mut old = sound_bytes().to_vec();
    old[12] = 1;
    let path = write(&dir.0, "version-1", &old);
    let (code, _, stderr) = verify(&path);
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains("format version 1") && stderr.contains("rebuild it"),
        "{stderr}"
    );
    // Not a database at all.
    let path = write(&dir.0, "text", b"hello");
    let (code, _, stderr) = verify(&path);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("truncated"), "{stderr}");
}

#[test]
fn a_batch_searches_every_line_without_a_file_found_damaged() {
    let dir = TempDir::new("batch");
    let (_, zeroed) = damaged_files()
        .into_iter()
        .find(|(name, _)| *name == "zeroed")
        .expect("the zeroed file");
    let path = write(&dir.0, "zeroed", &zeroed);
    // The first line's proof finds the damage; the second and third are
    // searched after it, with the file dropped.
    let output = Command::cargo_bin("ply-engine")
        .expect("the binary")
        .args(["analyse", "--option", "Seeds=4", "--option"])
        .arg(format!("EndgameDB={path}"))
        .args(["--solve", "--jobs", "1"])
        .write_stdin(format!("{POSITION}\n{POSITION}\n{POSITION}\n"))
        .timeout(TIMEOUT)
        .output()
        .expect("ply-engine runs");
    let (out, err) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    assert!(output.status.success(), "{out}\n{err}");
    let records: Vec<&str> = out.lines().collect();
    assert_eq!(records.len(), 3, "{out}");
    for record in records {
        assert!(
            !record.contains(r#""error""#) && record.contains(r#""proven":600"#),
            "{record}"
        );
    }
    // The damage is said once, on stderr.
    assert_eq!(err.matches("damaged").count(), 1, "{err}");
}

/// The byte of the header that holds the block shift (docs/endgame-db.md).
const BLOCK_SHIFT_BYTE: usize = 19;

#[test]
fn verify_db_gives_one_reason_once_with_the_files_own_advice() {
    let dir = TempDir::new("verify-words");
    // An empty file: no game's database, said once.
    let empty = write(&dir.0, "empty", b"");
    let (code, _, stderr) = verify(&empty);
    assert_eq!(code, Some(1));
    assert_eq!(
        stderr.matches("truncated").count(),
        1,
        "the reason is given once: {stderr}"
    );
    assert!(
        stderr.contains(&format!("{empty}: truncated: 0 bytes, expected 40")),
        "{stderr}"
    );

    // A block shift changed to another value in range: the header no
    // longer matches its checksum, which is what is wrong (not the length
    // the changed shift makes).
    for shift in [BLOCK_SHIFT - 1, BLOCK_SHIFT + 1] {
        let mut bytes = sound_bytes().to_vec();
        bytes[BLOCK_SHIFT_BYTE] = shift;
        let path = write(&dir.0, &format!("shift-{shift}"), &bytes);
        let error = KalahDb::open(&path).expect_err("refused");
        assert!(
            matches!(error, EndgameDbError::DamagedHeader { .. }),
            "shift {shift}: {error}"
        );
        let (code, _, stderr) = verify(&path);
        assert_eq!(code, Some(1));
        assert!(
            stderr.contains(&format!("{path}: damaged: the header and block table"))
                && !stderr.contains("trailing data")
                && !stderr.contains("truncated"),
            "shift {shift}: {stderr}"
        );
        assert_eq!(stderr.matches("damaged").count(), 1, "{stderr}");
    }
    // Out of range: the field is named.
    let mut bytes = sound_bytes().to_vec();
    bytes[BLOCK_SHIFT_BYTE] = 40;
    let path = write(&dir.0, "shift-40", &bytes);
    let (_, _, stderr) = verify(&path);
    assert!(
        stderr.contains("bad header: block shift 40, expected 10 to 24"),
        "{stderr}"
    );

    // A Kalah file's advice names Kalah's build.
    let (_, bad) = damaged_files().remove(0);
    let path = write(&dir.0, "kalah-damaged", &bad);
    let (_, _, stderr) = verify(&path);
    assert!(
        stderr.contains("rebuild it with `ply-engine build-db --variant kalah`"),
        "{stderr}"
    );

    // A damaged Russian draughts table: its header, then a block.
    let sound = dir.0.join("russian.db");
    RussianDb::build(3, 2, |_| {})
        .and_then(|db| db.save(&sound))
        .unwrap_or_else(|e| panic!("{e}"));
    let sound = std::fs::read(&sound).expect("the file just written");
    let mut header = sound.clone();
    header[HEADER_LEN] ^= 0x01;
    let mut block = sound.clone();
    let last = block.len() - 1;
    block[last] ^= 0xff;
    for (name, bytes) in [("russian-header", header), ("russian-block", block)] {
        let path = write(&dir.0, name, &bytes);
        let (code, _, stderr) = verify(&path);
        assert_eq!(code, Some(1), "{name}");
        assert!(
            stderr.contains(&format!("{path}: damaged:"))
                && stderr.contains("rebuild it with `ply-engine build-db --variant russian`")
                && !stderr.contains("oware")
                && !stderr.contains("Oware"),
            "{name}: {stderr}"
        );
        assert_eq!(stderr.matches("rebuild").count(), 1, "{name}: {stderr}");
    }
}
