//! A database's entries and the file they come from, whatever the game:
//! built in memory, or a file memory-mapped with its header checked and
//! each block checked on its first read (a compressed kind's block is
//! decompressed then, checked and kept); saved through a temporary file
//! and a rename; verified whole on request. A game's database type wraps
//! one and says what its entries mean.

use std::borrow::Cow;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use memmap2::Mmap;

use super::check::BlockCheck;
use super::error::EndgameDbError;
use super::format::{self, FileKind, HEADER_LEN, Header};
use super::mmap;

/// Where the entries live.
enum Storage {
    /// Built in this process: trusted as they are.
    Owned(Vec<u8>),
    /// A file mapped read-only: the header, the block table, the entries.
    /// A block's entries are read only once its checksum was found sound.
    Mapped {
        /// The whole file.
        map: Mmap,
        /// What is known of each block.
        check: BlockCheck,
        /// Where the entries start (after the header and the block table).
        offset: usize,
    },
    /// A compressed kind's file mapped read-only: each block is
    /// decompressed and checked on its first read, and kept.
    Compressed {
        /// The whole file.
        map: Mmap,
        /// What is known of each block.
        check: BlockCheck,
        /// Where the compressed blocks start (after the header and the
        /// block table).
        offset: usize,
        /// Each block's entries once read.
        blocks: Box<[OnceLock<BlockEntries>]>,
    },
}

/// A compressed block's entries once decompressed: `None` when it is
/// damaged.
type BlockEntries = Option<Box<[u8]>>;

/// Opens the file at `path`, which must be a regular file (a named pipe
/// would block the opening, and a device cannot be mapped: see
/// `crate::regular_file`) that holds a header; returns it and its length.
fn open_header(path: &Path) -> Result<(File, u64), EndgameDbError> {
    let (file, file_len) =
        crate::regular_file::open_regular(path).map_err(|e| EndgameDbError::io(path, e))?;
    if file_len < HEADER_LEN as u64 {
        return Err(EndgameDbError::Truncated {
            path: path.to_owned(),
            expected: HEADER_LEN as u64,
            found: file_len,
        });
    }
    Ok((file, file_len))
}

/// A block table and the entries as a file stores them.
type Stored<'a> = (Cow<'a, [u8]>, Cow<'a, [u8]>);

/// A game's database type, by the file that holds its entries: what every
/// layer may ask of any database (its size, its damage, a full check, a
/// save) is asked of the file, here once for every game. A game's type
/// adds only what its entries mean (its probe, its board and rules).
pub trait Backed {
    /// The file of the entries.
    fn file(&self) -> &DatabaseFile;

    /// Entries, as the header counts them.
    #[must_use]
    fn len(&self) -> u64 {
        self.file().header().count
    }

    /// Never true: even a database of no seeds (no pieces) holds a board.
    #[must_use]
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The FNV-1a 64 of all the entries, read now (unchecked: for
    /// comparing builds, not for trusting a file; see [`Self::verify`]).
    #[must_use]
    fn fingerprint(&self) -> u64 {
        self.file().fingerprint()
    }

    /// Bytes of the file: the header, the block table and the entries.
    #[must_use]
    fn file_size(&self) -> u64 {
        self.file().file_size()
    }

    /// The file the database was opened from; `None` when it was built in
    /// this process.
    #[must_use]
    fn path(&self) -> Option<&Path> {
        self.file().path()
    }

    /// Writes the database to `path`: to a new file beside it first, then
    /// renamed over `path`, so a database mapped from an older `path` is
    /// never changed under its reader. A database read from a file is
    /// verified first, so that damage is never saved under new checksums.
    ///
    /// # Errors
    /// [`EndgameDbError::Io`] when the file cannot be written or renamed,
    /// [`EndgameDbError::Damaged`] when a mapped database is damaged.
    fn save(&self, path: impl AsRef<Path>) -> Result<(), EndgameDbError>
    where
        Self: Sized,
    {
        self.file().save(path.as_ref())
    }

    /// Checks every block of entries against its checksum (a database
    /// built in memory has nothing to check). Takes about a second for the
    /// 5.6 GB of Kalah's 28 seeds from the page cache; a file on disk is
    /// read whole.
    ///
    /// # Errors
    /// [`EndgameDbError::Damaged`], counting the damaged blocks and naming
    /// the first.
    fn verify(&self) -> Result<(), EndgameDbError> {
        self.file().verify_with_progress(|_, _| {})
    }

    /// [`Self::verify`], calling `progress(blocks checked, blocks)` after
    /// each block.
    ///
    /// # Errors
    /// As [`Self::verify`].
    fn verify_with_progress(&self, progress: impl FnMut(u64, u64)) -> Result<(), EndgameDbError>
    where
        Self: Sized,
    {
        self.file().verify_with_progress(progress)
    }

    /// The damage found in the file since it was opened (a block whose
    /// checksum failed when it was first read, or by [`Self::verify`]);
    /// `None` while none was found. Nothing was read from a damaged block,
    /// but the engine should stop using the file: see `docs/endgame-db.md`.
    #[must_use]
    fn damage(&self) -> Option<EndgameDbError> {
        self.file().damage()
    }
}

/// The entries of one database and what its header says.
pub struct DatabaseFile {
    /// The game, the board, the seed limit, the entry count and the block
    /// size.
    header: Header,
    /// The entries, in rank order.
    storage: Storage,
    /// The file it was opened from, for messages.
    path: Option<PathBuf>,
    /// A compressed kind built in memory: its block table and compressed
    /// blocks, made once when first needed (to save it, or to say its
    /// size).
    compressed: OnceLock<(Vec<u8>, Vec<u8>)>,
}

impl std::fmt::Debug for DatabaseFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DatabaseFile")
            .field("header", &self.header)
            .field(
                "storage",
                &match self.storage {
                    Storage::Owned(_) => "in memory",
                    Storage::Mapped { .. } => "memory-mapped",
                    Storage::Compressed { .. } => "memory-mapped, compressed",
                },
            )
            .field("path", &self.path)
            .finish()
    }
}

impl DatabaseFile {
    /// Entries built in this process (`header.count` of them, each
    /// `header.kind`'s width).
    pub(crate) fn built(header: Header, entries: Vec<u8>) -> Self {
        debug_assert_eq!(entries.len() as u64, header.count * header.kind.entry_bytes);
        Self {
            header,
            storage: Storage::Owned(entries),
            path: None,
            compressed: OnceLock::new(),
        }
    }

    /// The kind of the database file at `path`, among `kinds`, as its
    /// magic says, read without mapping it: a program given a file and no
    /// game (`verify-db`, given every game's kinds by the registry) opens it
    /// as that game's, and nothing else is checked here.
    ///
    /// # Errors
    /// [`EndgameDbError::Io`] when the file cannot be read or is no
    /// regular file, [`EndgameDbError::Truncated`] when it is shorter than
    /// a header, [`EndgameDbError::BadMagic`] when no kind's magic starts
    /// it.
    pub fn kind_of(path: &Path, kinds: &[FileKind]) -> Result<FileKind, EndgameDbError> {
        use std::io::Read;
        let (file, _) = open_header(path)?;
        let mut header = Vec::with_capacity(HEADER_LEN);
        file.take(HEADER_LEN as u64)
            .read_to_end(&mut header)
            .map_err(|e| EndgameDbError::io(path, e))?;
        format::kind_by_magic(kinds, &header).ok_or_else(|| EndgameDbError::BadMagic {
            path: path.to_owned(),
        })
    }

    /// Opens a database file of `kind` by memory-mapping it, and checks its
    /// header: magic, version, fields, the entry count against the board
    /// and seed limit, the file length against the entry count, and the
    /// checksum of the header and the block table. A file of another of the
    /// `known` kinds (every game's, from the registry) is checked as that
    /// kind's and refused naming its game. The entries are not
    /// read here (that would read the whole file): each block is checked
    /// the first time it is read, and [`Self::verify_with_progress`] checks
    /// them all.
    ///
    /// The file must not be modified or truncated in place while the
    /// database is alive (replace it with a rename instead); see
    /// `docs/endgame-db.md`.
    ///
    /// # Errors
    /// [`EndgameDbError::Io`] when the file cannot be opened or mapped or is
    /// no regular file, [`EndgameDbError::OtherGame`] for a database of
    /// another game, and the header's errors (see [`Header::decode`]).
    pub(crate) fn open(
        path: &Path,
        kind: FileKind,
        known: &[FileKind],
    ) -> Result<Self, EndgameDbError> {
        let (file, _) = open_header(path)?;
        let map = mmap::map_read_only(&file).map_err(|e| EndgameDbError::io(path, e))?;
        let kinds = [&[kind], known].concat();
        let header = Header::decode(&map, map.len() as u64, path, &kinds)?;
        if header.kind != kind {
            return Err(EndgameDbError::OtherGame {
                path: path.to_owned(),
                found: header.kind.game,
                expected: kind.game,
            });
        }
        let check = BlockCheck::new(
            header.block_shift,
            header.count,
            header.kind.entry_bytes,
            path,
        );
        // `decode` checked the file's length, which the map holds.
        let offset = usize::try_from(header.entries_offset()).unwrap_or(usize::MAX);
        let storage = if header.kind.compressed {
            let blocks = (0..check.blocks()).map(|_| OnceLock::new()).collect();
            Storage::Compressed {
                map,
                check,
                offset,
                blocks,
            }
        } else {
            Storage::Mapped { map, check, offset }
        };
        Ok(Self {
            header,
            storage,
            path: Some(path.to_owned()),
            compressed: OnceLock::new(),
        })
    }

    /// What the header says.
    pub(crate) fn header(&self) -> &Header {
        &self.header
    }

    /// Writes the database to `path`: to a new file beside it first, then
    /// renamed over `path`, so a database mapped from an older `path` is
    /// never changed under its reader. A database read from a file is
    /// verified first, so that damage is never saved under new checksums.
    ///
    /// # Errors
    /// [`EndgameDbError::Io`] when the file cannot be written or renamed,
    /// [`EndgameDbError::Damaged`] when a mapped database is damaged.
    pub(crate) fn save(&self, path: &Path) -> Result<(), EndgameDbError> {
        self.verify_with_progress(|_, _| {})?;
        let temporary = crate::database_cache::temporary_path(path);
        let written = self.write_to(&temporary);
        let renamed = written.and_then(|()| {
            std::fs::rename(&temporary, path).map_err(|e| EndgameDbError::io(path, e))
        });
        if renamed.is_err() {
            // Best effort: the error that matters is the one returned.
            let _ = std::fs::remove_file(&temporary);
        }
        renamed
    }

    /// Writes header and entries to a new file at `path`.
    fn write_to(&self, path: &Path) -> Result<(), EndgameDbError> {
        let io = |e| EndgameDbError::io(path, e);
        let file = File::create(path).map_err(io)?;
        let mut writer = BufWriter::with_capacity(1 << 20, file);
        let (table, entries) = self.stored();
        writer.write_all(&self.header.encode(&table)).map_err(io)?;
        writer.write_all(&table).map_err(io)?;
        writer.write_all(&entries).map_err(io)?;
        let file = writer.into_inner().map_err(|e| io(e.into_error()))?;
        file.sync_all().map_err(io)
    }

    /// The block table and the entries as the file stores them: a mapped
    /// file's own, or those of entries built here (compressed for a
    /// compressed kind, once).
    fn stored(&self) -> Stored<'_> {
        match &self.storage {
            Storage::Mapped { map, offset, .. } | Storage::Compressed { map, offset, .. } => {
                let (table, entries) = split(map, *offset);
                (Cow::Borrowed(table), Cow::Borrowed(entries))
            }
            Storage::Owned(entries) if self.header.kind.compressed => {
                let (table, data) = self.compressed.get_or_init(|| {
                    format::compressed_blocks(
                        entries,
                        self.header.kind.entry_bytes,
                        self.header.block_shift,
                    )
                });
                (Cow::Borrowed(table), Cow::Borrowed(data))
            }
            Storage::Owned(entries) => {
                let table = format::block_table(
                    entries,
                    self.header.kind.entry_bytes,
                    self.header.block_shift,
                );
                (Cow::Owned(table), Cow::Borrowed(entries))
            }
        }
    }

    /// Checks every block of entries against its checksum (a database
    /// built in memory has nothing to check), calling `progress(blocks
    /// checked, blocks)` after each block.
    ///
    /// # Errors
    /// [`EndgameDbError::Damaged`], counting the damaged blocks and naming
    /// the first.
    pub(crate) fn verify_with_progress(
        &self,
        mut progress: impl FnMut(u64, u64),
    ) -> Result<(), EndgameDbError> {
        let check = match &self.storage {
            Storage::Owned(_) => return Ok(()),
            Storage::Mapped { check, .. } | Storage::Compressed { check, .. } => check,
        };
        let mut damaged = 0;
        for block in 0..check.blocks() {
            let sound = match &self.storage {
                Storage::Mapped { map, offset, .. } => {
                    let (table, entries) = split(map, *offset);
                    check.block_is_sound(block, table, entries)
                }
                _ => self.compressed_block(block).is_some(),
            };
            check.record(block, sound);
            damaged += u64::from(!sound);
            progress(block + 1, check.blocks());
        }
        match check.first_damage() {
            Some(first_block) if damaged > 0 => {
                let (first_entry, last_entry) = check.first_and_last(first_block);
                Err(EndgameDbError::Damaged {
                    path: self.path.clone().unwrap_or_default(),
                    variant: self.header.kind.variant,
                    damaged,
                    blocks: check.blocks(),
                    first_block,
                    first_entry,
                    last_entry,
                })
            }
            _ => Ok(()),
        }
    }

    /// The damage found in the file since it was opened (a block whose
    /// checksum failed when it was first read, or by a verification);
    /// `None` while none was found.
    pub(crate) fn damage(&self) -> Option<EndgameDbError> {
        let check = match &self.storage {
            Storage::Owned(_) => return None,
            Storage::Mapped { check, .. } | Storage::Compressed { check, .. } => check,
        };
        let block = check.first_damage()?;
        let (first_entry, last_entry) = check.first_and_last(block);
        Some(EndgameDbError::DamagedBlock {
            path: self.path.clone().unwrap_or_default(),
            variant: self.header.kind.variant,
            block,
            blocks: check.blocks(),
            first_entry,
            last_entry,
        })
    }

    /// The bytes of the entry of rank `rank`, if its block is sound
    /// (checked now if it is the block's first read); `None` past the end.
    #[inline]
    pub(crate) fn read(&self, rank: u64) -> Option<&[u8]> {
        let width = usize::try_from(self.header.kind.entry_bytes).ok()?;
        let index = usize::try_from(rank).ok()?;
        let start = index.checked_mul(width)?;
        let end = start.checked_add(width)?;
        match &self.storage {
            Storage::Owned(entries) => entries.get(start..end),
            Storage::Mapped { map, check, offset } => {
                let (table, entries) = split(map, *offset);
                let bytes = entries.get(start..end)?;
                check.is_sound(index, table, entries).then_some(bytes)
            }
            Storage::Compressed { .. } => {
                let shift = self.header.block_shift;
                let block = rank >> shift;
                let within = start - usize::try_from((block << shift) * (width as u64)).ok()?;
                self.compressed_block(block)?.get(within..within + width)
            }
        }
    }

    /// The entries of block `block` of a compressed file: decompressed
    /// and checked on the first call, then kept; `None` when the block is
    /// damaged (or this is no compressed file).
    fn compressed_block(&self, block: u64) -> Option<&[u8]> {
        let Storage::Compressed {
            map,
            check,
            offset,
            blocks,
        } = &self.storage
        else {
            return None;
        };
        let cell = blocks.get(usize::try_from(block).ok()?)?;
        cell.get_or_init(|| {
            let (table, data) = split(map, *offset);
            let (start, end) = check.block_range(block);
            let len = usize::try_from((end - start) * self.header.kind.entry_bytes).ok()?;
            let entries = format::decompress_block(table, data, block, len);
            if entries.is_none() && check.first_damage().is_none() {
                log::error!(
                    "{}: damaged: block {block} does not decompress to its checksum; nothing of it is read",
                    self.path.as_deref().unwrap_or(Path::new("")).display()
                );
            }
            check.record(block, entries.is_some());
            entries.map(Vec::into_boxed_slice)
        })
        .as_deref()
    }

    /// Starts loading the entry of rank `rank` into the cache, for a read
    /// soon after (see [`crate::search::prefetch`]). Nothing past the end.
    #[inline]
    pub(crate) fn prefetch(&self, rank: u64) {
        let width = usize::try_from(self.header.kind.entry_bytes).unwrap_or(1);
        if let Some(entry) = usize::try_from(rank)
            .ok()
            .and_then(|rank| rank.checked_mul(width))
            .and_then(|at| self.raw_entries()?.get(at))
        {
            crate::search::prefetch::prefetch(entry);
        }
    }

    /// The FNV-1a 64 of all the entries, read now (unchecked: for
    /// comparing builds, not for trusting a file).
    pub(crate) fn fingerprint(&self) -> u64 {
        match self.raw_entries() {
            Some(entries) => format::fnv1a(entries),
            None => {
                let blocks = self.header.block_count();
                (0..blocks).fold(format::FNV_OFFSET_BASIS, |hash, block| {
                    format::fnv1a_update(hash, self.compressed_block(block).unwrap_or_default())
                })
            }
        }
    }

    /// Bytes of the file: the header, the block table and the entries.
    pub(crate) fn file_size(&self) -> u64 {
        let entries = match &self.storage {
            Storage::Owned(_) if self.header.kind.compressed => self.stored().1.len(),
            Storage::Owned(entries) => entries.len(),
            Storage::Mapped { map, offset, .. } | Storage::Compressed { map, offset, .. } => {
                split(map, *offset).1.len()
            }
        };
        self.header.entries_offset() + entries as u64
    }

    /// The file the database was opened from; `None` when it was built in
    /// this process.
    pub(crate) fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The entries as bytes, unchecked, when they are stored as they are
    /// (`None` for a compressed file).
    #[inline]
    fn raw_entries(&self) -> Option<&[u8]> {
        match &self.storage {
            Storage::Owned(entries) => Some(entries),
            Storage::Mapped { map, offset, .. } => Some(split(map, *offset).1),
            Storage::Compressed { .. } => None,
        }
    }
}

/// A mapped file's block table and entries, which start at `offset`.
/// `open` checked the file's length against the header, so both are there.
#[inline]
fn split(map: &Mmap, offset: usize) -> (&[u8], &[u8]) {
    (
        map.get(HEADER_LEN..offset).unwrap_or_default(),
        map.get(offset..).unwrap_or_default(),
    )
}
