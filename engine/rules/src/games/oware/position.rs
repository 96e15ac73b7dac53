//! An Oware position: the board, the side to move, and the positions seen
//! since the last capture; the [`Game`] rules on top of the sowing.

use super::board::Board;
use super::history::History;
use super::key::board_key;
use super::rules::OwareRules;
use crate::game::{Game, MoveList, NotationError, Outcome, Player};
use crate::games::mancala::{BoardSizeError, PIT_SLOTS};

/// An Oware (Abapa) position.
///
/// South is [`Player::One`] and moves first; North is [`Player::Two`].
/// Moves are 0-based house indices from the mover's own left; the notation
/// numbers them 1 to the house count.
///
/// Besides the board it carries what the rules need to see a repetition:
/// the keys of the positions since the last capture (`History`). Two
/// positions are equal when their boards, sides to move and histories
/// are; the position string carries the board and side only, so a
/// position read from a string starts a fresh history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Oware {
    pub board: Board,
    /// The side whose move it is.
    pub side: Player,
    /// Seeds in play, houses and stores: sowing and capturing never change it.
    pub total: u8,
    /// [`board_key`] of the board and side, kept up to date by every move.
    pub key: u64,
    /// The positions since the last capture, this one included.
    pub history: History,
}

impl Oware {
    /// The start of `rules`: every house holds `rules.seeds`, nothing
    /// captured, South to move.
    ///
    /// # Errors
    /// When the board cannot be played (see [`OwareRules::validate`]).
    pub fn start(rules: OwareRules) -> Result<Self, BoardSizeError> {
        rules.validate()?;
        let len = usize::from(rules.houses);
        let mut houses = [[0; PIT_SLOTS]; 2];
        for side in &mut houses {
            side[..len].fill(rules.seeds);
        }
        Ok(Self::from_board(
            Board {
                houses,
                stores: [0; 2],
                house_count: rules.houses,
            },
            Player::One,
        ))
    }

    /// A position with `board` and `side` to move and a fresh history.
    pub fn from_board(board: Board, side: Player) -> Self {
        let on_board = board.row_total(Player::One) + board.row_total(Player::Two);
        let stored: u32 = board.stores.iter().map(|&s| u32::from(s)).sum();
        let key = board_key(&board, side);
        Self {
            board,
            side,
            // The constructors reject more than u8::MAX seeds.
            total: u8::try_from(on_board + stored).unwrap_or(u8::MAX),
            key,
            history: History::starting_at(key),
        }
    }

    /// The seeds in `player`'s houses, from that player's own left.
    #[must_use]
    pub fn houses(&self, player: Player) -> &[u8] {
        &self.board.houses[player.index()][..self.board.len()]
    }

    /// The seeds `player` has captured.
    #[must_use]
    pub fn store(&self, player: Player) -> u8 {
        self.board.stores[player.index()]
    }

    /// Houses per side.
    #[must_use]
    pub fn house_count(&self) -> u8 {
        self.board.house_count
    }

    /// All seeds in play, on the board and captured.
    #[must_use]
    pub fn total_seeds(&self) -> u8 {
        self.total
    }

    /// Positions seen since the last capture, this one included.
    #[must_use]
    pub fn since_capture(&self) -> usize {
        self.history.len()
    }

    /// The game is over: a side has captured more than half the seeds, or
    /// the side to move has no legal move (after the end of a game by
    /// repetition or by a player who cannot feed the other, both rows are
    /// empty).
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.decided() || self.legal_mask() == 0
    }

    /// Whether a side has captured more than half the seeds.
    #[inline]
    fn decided(&self) -> bool {
        let half = u16::from(self.total);
        self.board.stores.iter().any(|&s| 2 * u16::from(s) > half)
    }

    /// The legal moves as a bit per house: houses with seeds, and when the
    /// opponent has none, only those that give them some.
    #[inline]
    pub fn legal_mask(&self) -> u16 {
        if self.decided() {
            return 0;
        }
        let must_feed = self.board.row_is_empty(self.side.opponent());
        let row = &self.board.houses[self.side.index()];
        let mut mask = 0;
        for (house, &seeds) in row[..self.board.len()].iter().enumerate() {
            if seeds > 0 && (!must_feed || self.board.reaches_opponent(self.side, house)) {
                mask |= 1 << house;
            }
        }
        mask
    }

    /// Each side's final count: its store plus the seeds in its own row
    /// (what a player takes when the game ends without a majority).
    fn final_counts(&self) -> [u32; 2] {
        [Player::One, Player::Two]
            .map(|side| u32::from(self.store(side)) + self.board.row_total(side))
    }

    /// Plays house `house` (0-based) of the side to move, which must be
    /// legal, and returns the seeds captured.
    pub fn sow(&mut self, house: usize) -> u8 {
        // 1. The sowing and its capture.
        let captured = self.board.sow(self.side, house);
        self.side = self.side.opponent();
        self.key = board_key(&self.board, self.side);

        // 2. A capture starts a new history; without one, a position seen
        //    before ends the game and each side takes its own row.
        if captured > 0 {
            self.history = History::starting_at(self.key);
        } else if self.history.contains(self.key) {
            self.end_by_sweep();
            return captured;
        } else {
            self.history.push(self.key);
        }

        // 3. A player who cannot feed the other ends the game the same way.
        //    (A majority in a store ends it as it stands.)
        if !self.decided() && self.legal_mask() == 0 {
            self.end_by_sweep();
        }
        captured
    }

    /// Each side takes its own row; the game is over.
    fn end_by_sweep(&mut self) {
        self.board.sweep();
        self.key = board_key(&self.board, self.side);
        self.history = History::starting_at(self.key);
    }
}

impl Game for Oware {
    /// The 0-based index of the house sown, from the mover's own left.
    type Move = u8;
    type Moves = MoveList<u8>;

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn legal_moves(&self, moves: &mut MoveList<u8>) {
        let mask = self.legal_mask();
        for house in 0..self.board.house_count {
            if mask & (1 << house) != 0 {
                moves.push(house);
            }
        }
    }

    fn play(&mut self, mv: u8) {
        self.sow(usize::from(mv));
    }

    fn outcome(&self) -> Option<Outcome> {
        let half = u16::from(self.total);
        for side in [Player::One, Player::Two] {
            if 2 * u16::from(self.store(side)) > half {
                return Some(Outcome::Win(side));
            }
        }
        if self.legal_mask() != 0 {
            return None;
        }
        let [south, north] = self.final_counts();
        Some(Outcome::by_counts(south, north))
    }

    fn parse_move(&self, text: &str) -> Result<u8, NotationError> {
        self.read_move(text)
    }

    fn format_move(&self, mv: u8) -> String {
        Self::write_move(mv)
    }

    fn position_string(&self) -> String {
        self.write_position()
    }
}
