//! The tables of every material up to a number of pieces as one run of
//! entries (the materials in build order, [`Material::all`], one table
//! after another): where a position's entry is in that run
//! ([`Directory`]), and the run built in memory ([`Tables`]). A file holds
//! the same run (`db.rs`).

use ply_rules::game::Player;
use ply_rules::games::russian::Board;

use super::entry::Entry;
use super::index::Layout;
use super::material::Material;

/// Where a position's value is found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Located {
    /// The side to move has no piece: lost, with no table to look in.
    Lost,
    /// The entry of this rank in the run.
    At(u64),
}

/// Where each material's table starts in the run of the tables of every
/// material with at most `max_pieces` pieces.
#[derive(Clone, Debug)]
pub struct Directory {
    /// Most pieces on the board.
    max_pieces: u8,
    /// Each material's place in `tables`, by [`Material::code`].
    slot: Vec<Option<usize>>,
    /// Each table's layout and first rank, in build order.
    tables: Vec<(Layout, u64)>,
    /// Entries in the run.
    total: u64,
}

impl Directory {
    /// The directory of the tables of at most `max_pieces` pieces.
    #[must_use]
    pub fn new(max_pieces: u8) -> Self {
        let mut slot = vec![None; Material::CODES];
        let mut tables = Vec::new();
        let mut total = 0;
        for material in Material::all(max_pieces) {
            let layout = Layout::new(material);
            slot[material.code()] = Some(tables.len());
            tables.push((layout, total));
            total += layout.entries();
        }
        Self {
            max_pieces,
            slot,
            tables,
            total,
        }
    }

    /// Most pieces on the board.
    #[must_use]
    pub fn max_pieces(&self) -> u8 {
        self.max_pieces
    }

    /// Entries in the run.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.total
    }

    /// Every table's layout and first rank, in build order.
    pub fn tables(&self) -> impl Iterator<Item = (Layout, u64)> + '_ {
        self.tables.iter().copied()
    }

    /// `material`'s layout and first rank, if it has a table here.
    #[must_use]
    pub fn table(&self, material: Material) -> Option<(Layout, u64)> {
        let at = (*self.slot.get(material.code())?)?;
        self.tables.get(at).copied()
    }

    /// Where the value of `board` with White to move is, or `None` when no
    /// table holds its material (too many pieces, or White to move against
    /// no piece).
    #[must_use]
    pub fn locate(&self, board: &Board) -> Option<Located> {
        if board.pieces[0] == 0 {
            return Some(Located::Lost);
        }
        if board.pieces[1] == 0 {
            return None;
        }
        let material = Material::of(board);
        if material.pieces() > self.max_pieces {
            return None;
        }
        let (layout, start) = self.table(material)?;
        Some(Located::At(start + layout.index(board)))
    }
}

/// The board and side of a lookup, with White to move.
#[must_use]
pub fn white_to_move(board: &Board, side: Player) -> Board {
    match side {
        Player::One => *board,
        Player::Two => board.flipped(),
    }
}

/// The tables in memory, as a build fills them: the run of entries up to
/// the last table added.
#[derive(Clone, Debug)]
pub struct Tables {
    /// Where each table is.
    directory: Directory,
    /// The entries of the tables added so far.
    entries: Vec<u8>,
}

impl Tables {
    /// No table yet, room for all the tables of at most `max_pieces`
    /// pieces.
    ///
    /// # Errors
    /// The run does not fit in memory.
    pub fn new(max_pieces: u8) -> Result<Self, String> {
        let directory = Directory::new(max_pieces);
        let mut entries = Vec::new();
        usize::try_from(directory.total())
            .ok()
            .and_then(|total| entries.try_reserve_exact(total).ok())
            .ok_or_else(|| {
                format!(
                    "the tables of {max_pieces} pieces ({} entries) do not fit in memory",
                    directory.total()
                )
            })?;
        Ok(Self { directory, entries })
    }

    /// Where each table is.
    #[must_use]
    pub fn directory(&self) -> &Directory {
        &self.directory
    }

    /// Adds `material`'s table, which must be the next in build order.
    ///
    /// # Panics
    /// When it is not the next table, or not of its table's length.
    pub fn push(&mut self, material: Material, entries: &[u8]) {
        let (layout, start) = self
            .directory
            .table(material)
            .unwrap_or_else(|| panic!("no table of {material:?} here"));
        assert_eq!(
            start,
            self.entries.len() as u64,
            "{material:?} out of order"
        );
        assert_eq!(layout.entries(), entries.len() as u64, "{material:?}");
        self.entries.extend_from_slice(entries);
    }

    /// The run of entries so far.
    #[must_use]
    pub fn entries(&self) -> &[u8] {
        &self.entries
    }

    /// The run of entries, for a file.
    #[must_use]
    pub fn into_entries(self) -> Vec<u8> {
        self.entries
    }

    /// `material`'s table, if it was added.
    #[must_use]
    pub fn table(&self, material: Material) -> Option<(Layout, &[u8])> {
        let (layout, start) = self.directory.table(material)?;
        let range = usize::try_from(start).ok()?..usize::try_from(start + layout.entries()).ok()?;
        Some((layout, self.entries.get(range)?))
    }

    /// The entry of `board` with `side` to move, or `None` when no table
    /// added holds its material.
    #[must_use]
    pub fn probe(&self, board: &Board, side: Player) -> Option<Entry> {
        self.probe_white(&white_to_move(board, side))
    }

    /// The entry of `board` with White to move. A side to move without
    /// pieces has lost (no move left), with or without a table.
    #[must_use]
    pub fn probe_white(&self, board: &Board) -> Option<Entry> {
        match self.directory.locate(board)? {
            Located::Lost => Some(Entry::loss(0)),
            Located::At(rank) => {
                let at = usize::try_from(rank).ok()?;
                self.entries.get(at).map(|&byte| Entry(byte))
            }
        }
    }
}
