//! Where a position's entry is in the run of the tables of every material
//! up to a number of pieces (the materials in build order,
//! [`Material::all`], one table after another): [`Directory`]. The run is
//! built in memory (`run.rs`) and held in a file (`db.rs`).

use ply_rules::game::Player;
use ply_rules::games::russian::Board;

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
