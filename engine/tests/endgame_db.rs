//! Kalah endgame databases against a plain minimax written here, by the
//! definition of the stored value: f = the side to move's future store
//! gains minus the opponent's, with perfect play to the end of the game.
//! Also the file: save, open, and every way a file can be wrong.

use std::collections::HashMap;
use std::path::PathBuf;

use ply_engine::endgame::{Backed, EndgameDbError, HEADER_LEN, entry_count, rank, unrank};
use ply_engine::games::kalah::KalahDb;
use ply_rules::game::{Game, MoveList, Player};
use ply_rules::games::kalah::Kalah;

/// f by memoised minimax, no pruning, keyed by the pits in canonical
/// order (the side to move's first). One per capture rule.
struct Minimax {
    memo: HashMap<Vec<u8>, i32>,
}

impl Minimax {
    fn new() -> Self {
        Self {
            memo: HashMap::new(),
        }
    }

    fn f(&mut self, position: &Kalah) -> i32 {
        let me = position.side_to_move();
        let key: Vec<u8> = position
            .pits(me)
            .iter()
            .chain(position.pits(me.opponent()))
            .copied()
            .collect();
        if let Some(&value) = self.memo.get(&key) {
            return value;
        }
        let seeds =
            |player: Player| -> i32 { position.pits(player).iter().map(|&s| i32::from(s)).sum() };
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        let value = if moves.is_empty() {
            // Over: each side sweeps what is left on its own side.
            seeds(me) - seeds(me.opponent())
        } else {
            let margin = |p: &Kalah| i32::from(p.store(me)) - i32::from(p.store(me.opponent()));
            let mut best = i32::MIN;
            for &mv in &moves {
                let mut child = *position;
                child.play(mv);
                let gain = margin(&child) - margin(position);
                let value = if child.side_to_move() == me {
                    gain + self.f(&child)
                } else {
                    gain - self.f(&child)
                };
                best = best.max(value);
            }
            best
        };
        self.memo.insert(key, value);
        value
    }
}

/// The position with `to_move`'s pits `own`, the other side's `theirs`,
/// and the given stores, read from a position string.
fn position(
    own: &[u8],
    theirs: &[u8],
    to_move: Player,
    stores: [u8; 2],
    empty_capture: bool,
) -> Kalah {
    let join = |pits: &[u8]| pits.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
    let (south, north, side) = match to_move {
        Player::One => (own, theirs, "s"),
        Player::Two => (theirs, own, "n"),
    };
    let text = format!(
        "{} {} {} {} {side}",
        join(south),
        stores[0],
        join(north),
        stores[1]
    );
    Kalah::from_position_string(&text, empty_capture).expect("a valid position")
}

/// Every vector of `len` pits with at most `max` seeds, enumerated by
/// plain recursion (not by the database's ranking).
fn all_vectors(len: usize, max: u8, prefix: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
    if prefix.len() == len {
        out.push(prefix.clone());
        return;
    }
    for seeds in 0..=max {
        prefix.push(seeds);
        all_vectors(len, max - seeds, prefix, out);
        prefix.pop();
    }
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A unique scratch file name under the system's temp directory.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str) -> Self {
        use std::sync::atomic::{AtomicU32, Ordering};
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let unique = NEXT.fetch_add(1, Ordering::Relaxed);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        Self(std::env::temp_dir().join(format!(
            "ply-endgame-db-{}-{unique}-{nanos}-{name}.db",
            std::process::id()
        )))
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn every_entry_of_small_databases_agrees_with_minimax() {
    for empty_capture in [false, true] {
        for (pits, max_seeds) in [(1u8, 12u8), (2, 12), (3, 12), (4, 12)] {
            let threads = usize::from(pits % 2) + 1;
            let db = KalahDb::build(pits, empty_capture, max_seeds, threads, |_| {}).unwrap();
            assert_eq!(
                (db.pits(), db.empty_capture(), db.max_seeds()),
                (pits, empty_capture, max_seeds)
            );
            let len = 2 * usize::from(pits);
            let mut vectors = Vec::new();
            all_vectors(len, max_seeds, &mut Vec::new(), &mut vectors);
            assert_eq!(vectors.len() as u64, db.len());
            let mut minimax = Minimax::new();
            for (i, v) in vectors.iter().enumerate() {
                let (own, theirs) = v.split_at(usize::from(pits));
                // Both sides to move, and stores that should not matter.
                let side = if i % 2 == 0 { Player::One } else { Player::Two };
                let stores = [(i % 7) as u8, (i % 5) as u8];
                let p = position(own, theirs, side, stores, empty_capture);
                let expected = minimax.f(&p);
                assert_eq!(
                    db.probe(&p),
                    Some(expected),
                    "{} (m = {pits}, empty capture {empty_capture})",
                    p.position_string()
                );
                assert_eq!(db.entry(rank(v)), Some(expected as i8));
            }
        }
    }
}

#[test]
fn six_pits_agree_with_minimax_on_random_positions() {
    let max_seeds = 10;
    for empty_capture in [false, true] {
        let db = KalahDb::build(6, empty_capture, max_seeds, 2, |_| {}).unwrap();
        assert_eq!(Some(db.len()), entry_count(12, max_seeds));
        let mut minimax = Minimax::new();
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ u64::from(empty_capture));
        let mut pits = [0u8; 12];
        for _ in 0..3000 {
            unrank(rng.below(db.len()), &mut pits).unwrap();
            let side = if rng.below(2) == 0 {
                Player::One
            } else {
                Player::Two
            };
            let stores = [rng.below(20) as u8, rng.below(20) as u8];
            let p = position(&pits[..6], &pits[6..], side, stores, empty_capture);
            assert_eq!(
                db.probe(&p),
                Some(minimax.f(&p)),
                "{} (empty capture {empty_capture})",
                p.position_string()
            );
        }
        // Beyond the limit, and the other rule: no answer.
        let eleven = position(
            &[1, 1, 1, 1, 1, 1],
            &[1, 1, 1, 1, 1, 0],
            Player::One,
            [0, 0],
            empty_capture,
        );
        assert_eq!(db.probe(&eleven), None);
        let other = position(
            &[1, 0, 0, 0, 0, 0],
            &[1, 0, 0, 0, 0, 0],
            Player::One,
            [0, 0],
            !empty_capture,
        );
        assert_eq!(db.probe(&other), None);
    }
}

#[test]
fn threads_do_not_change_the_entries() {
    // Six pits and ten seeds: the top levels are big enough (over 65,536
    // entries) to be split between the threads.
    let one = KalahDb::build(6, false, 10, 1, |_| {}).unwrap();
    let two = KalahDb::build(6, false, 10, 2, |_| {}).unwrap();
    let three = KalahDb::build(6, false, 10, 3, |_| {}).unwrap();
    assert_eq!(one.fingerprint(), two.fingerprint());
    assert_eq!(one.fingerprint(), three.fingerprint());
    for r in 0..one.len() {
        assert_eq!(one.entry(r), two.entry(r));
    }
}

#[test]
fn save_then_open_probes_the_same() {
    let built = KalahDb::build(3, true, 9, 2, |_| {}).unwrap();
    let file = TempFile::new("round-trip");
    built.save(&file.0).unwrap();
    let size = std::fs::metadata(&file.0).unwrap().len();
    // 5,005 entries: one block, one checksum.
    assert_eq!(size, HEADER_LEN as u64 + 4 + built.len());
    assert_eq!(size, built.file_size());
    let opened = KalahDb::open(&file.0).unwrap();
    assert_eq!(
        (
            opened.pits(),
            opened.empty_capture(),
            opened.max_seeds(),
            opened.len()
        ),
        (3, true, 9, built.len())
    );
    assert_eq!(opened.fingerprint(), built.fingerprint());
    opened.verify().unwrap();
    let mut pits = [0u8; 6];
    for r in 0..built.len() {
        unrank(r, &mut pits).unwrap();
        for side in [Player::One, Player::Two] {
            let p = position(&pits[..3], &pits[3..], side, [1, 2], true);
            assert_eq!(opened.probe(&p), built.probe(&p));
            assert!(opened.probe(&p).is_some());
        }
    }
    // Saving over a mapped file replaces it; the old mapping still reads.
    built.save(&file.0).unwrap();
    opened.verify().unwrap();
}

/// A saved database's bytes, for damaging.
fn saved_bytes(pits: u8, max_seeds: u8) -> Vec<u8> {
    let db = KalahDb::build(pits, false, max_seeds, 1, |_| {}).expect("a small database");
    let file = TempFile::new("source");
    db.save(&file.0).expect("a writable temp dir");
    std::fs::read(&file.0).expect("the file just written")
}

/// Writes `bytes` to a scratch file and opens it.
fn open_bytes(name: &str, bytes: &[u8]) -> Result<KalahDb, EndgameDbError> {
    let file = TempFile::new(name);
    std::fs::write(&file.0, bytes).expect("a writable temp dir");
    KalahDb::open(&file.0)
}

#[test]
fn damaged_files_give_the_right_error() {
    let good = saved_bytes(4, 6);
    let expected_len = good.len() as u64;
    assert!(open_bytes("good", &good).is_ok());

    // Entries cut short.
    let error = open_bytes("truncated", &good[..good.len() - 10]).unwrap_err();
    assert!(
        matches!(error, EndgameDbError::Truncated { expected, found, .. }
            if expected == expected_len && found == expected_len - 10),
        "{error}"
    );
    assert!(error.to_string().contains("truncated"), "{error}");
    // Not even a header.
    let error = open_bytes("stub", &good[..20]).unwrap_err();
    assert!(
        matches!(error, EndgameDbError::Truncated { found: 20, .. }),
        "{error}"
    );
    // Bytes after the entries.
    let mut longer = good.clone();
    longer.push(0);
    let error = open_bytes("longer", &longer).unwrap_err();
    assert!(
        matches!(error, EndgameDbError::TrailingData { .. }),
        "{error}"
    );

    // Wrong magic.
    let mut bad_magic = good.clone();
    bad_magic[0] = b'Q';
    let error = open_bytes("magic", &bad_magic).unwrap_err();
    assert!(matches!(error, EndgameDbError::BadMagic { .. }), "{error}");
    // A text-mode copy that turned CR LF into LF.
    let error = open_bytes("crlf", &[&good[..10], &good[11..]].concat()).unwrap_err();
    assert!(matches!(error, EndgameDbError::BadMagic { .. }), "{error}");

    // Wrong version.
    let mut bad_version = good.clone();
    bad_version[12..16].copy_from_slice(&3u32.to_le_bytes());
    let error = open_bytes("version", &bad_version).unwrap_err();
    assert!(
        matches!(
            error,
            EndgameDbError::UnsupportedVersion {
                found: 3,
                supported: 2,
                ..
            }
        ),
        "{error}"
    );

    // A header whose pit count or seed limit does not match its count and
    // the file's length.
    for (at, value) in [(16, 5u8), (18, 7u8), (18, 5u8)] {
        let mut wrong = good.clone();
        wrong[at] = value;
        let error = open_bytes("mismatch", &wrong).unwrap_err();
        assert!(
            matches!(error, EndgameDbError::CountMismatch { found, .. } if found == entry_count(8, 6).unwrap()),
            "{error}"
        );
    }
    // A consistent header (m = 4, N = 7) over the entries of N = 6,
    // patched without its checksum: damaged, whatever the length says.
    let mut short = good.clone();
    short[18] = 7;
    short[24..32].copy_from_slice(&entry_count(8, 7).unwrap().to_le_bytes());
    let error = open_bytes("short", &short).unwrap_err();
    assert!(
        matches!(error, EndgameDbError::DamagedHeader { .. }),
        "{error}"
    );

    // A missing file.
    let missing = TempFile::new("missing");
    let error = KalahDb::open(&missing.0).unwrap_err();
    assert!(matches!(error, EndgameDbError::Io { .. }), "{error}");
}

#[test]
fn verify_detects_a_flipped_byte() {
    let mut bytes = saved_bytes(3, 8);
    assert!(open_bytes("intact", &bytes).unwrap().verify().is_ok());
    let at = bytes.len() - bytes.len() / 3;
    bytes[at] ^= 0x01;
    // The header is sound: it opens, and the check finds the entry.
    let damaged = open_bytes("flipped", &bytes).unwrap();
    let error = damaged.verify().unwrap_err();
    assert!(
        matches!(
            error,
            EndgameDbError::Damaged {
                damaged: 1,
                blocks: 1,
                ..
            }
        ),
        "{error}"
    );
    assert!(error.to_string().contains("rebuild"), "{error}");
    // A flipped byte of the header's checksum: refused at once.
    let mut bytes = saved_bytes(3, 8);
    bytes[33] ^= 0x80;
    let error = open_bytes("checksum", &bytes).unwrap_err();
    assert!(
        matches!(error, EndgameDbError::DamagedHeader { .. }),
        "{error}"
    );
}

#[test]
fn the_build_db_command_writes_a_database() {
    let file = TempFile::new("command");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_ply-engine"))
        .args([
            "build-db",
            "--pits",
            "3",
            "--max-seeds",
            "8",
            "--threads",
            "2",
            "--output",
        ])
        .arg(&file.0)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.starts_with("building Kalah(3)"), "{stderr}");
    assert!(stderr.contains("entries"), "{stderr}");
    let db = KalahDb::open(&file.0).unwrap();
    assert_eq!(
        (db.pits(), db.max_seeds(), db.empty_capture()),
        (3, 8, false)
    );
    db.verify().unwrap();

    // Bad arguments and unwritable files fail with a message.
    for args in [
        vec!["build-db", "--max-seeds", "200", "--output", "x.db"],
        vec![
            "build-db",
            "--pits",
            "13",
            "--max-seeds",
            "4",
            "--output",
            "x.db",
        ],
        vec![
            "build-db",
            "--max-seeds",
            "2",
            "--output",
            "/nonexistent-dir/x.db",
        ],
    ] {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_ply-engine"))
            .args(&args)
            .output()
            .unwrap();
        assert!(!output.status.success(), "{args:?}");
        assert!(!output.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn builds_match_the_first_designs_fingerprints() {
    // Checksums of databases built by the first build design (every move
    // played with `Kalah::sow` on whole positions), which the planned
    // build must reproduce byte for byte.
    for (pits, empty_capture, max_seeds, checksum) in [
        (6, false, 10, 0x25ad_7f8c_2f8e_5dc3),
        (6, true, 10, 0xbcef_ea24_bc75_33c7),
        (4, false, 9, 0x1ced_d2a0_231d_dcd7),
    ] {
        let db = KalahDb::build(pits, empty_capture, max_seeds, 2, |_| {}).unwrap();
        assert_eq!(
            db.fingerprint(),
            checksum,
            "Kalah({pits}) empty capture {empty_capture}, at most {max_seeds} seeds"
        );
    }
}
