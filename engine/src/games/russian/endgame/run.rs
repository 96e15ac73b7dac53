//! The run of tables in memory, as a build fills it ([`TableRun`]): the
//! entries of every material up to a number of pieces, one table after
//! another in build order, found through their [`Directory`].

use ply_rules::game::Player;
use ply_rules::games::russian::Board;

use super::directory::{Directory, Located, white_to_move};
use super::entry::Entry;
use super::index::Layout;
use super::material::Material;

/// The tables in memory, as a build fills them: the run of entries up to
/// the last table added.
#[derive(Clone, Debug)]
pub struct TableRun {
    /// Where each table is.
    directory: Directory,
    /// The entries of the tables added so far.
    entries: Vec<u8>,
}

impl TableRun {
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
