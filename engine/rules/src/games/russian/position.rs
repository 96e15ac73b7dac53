//! A Russian draughts position: the pieces, the side to move, the key,
//! and what the draw rules remember; the [`Game`] rules on top.

use super::board::{Board, Piece};
use super::draw::{DrawRule, DrawState};
use super::key::{BLACK_TO_MOVE, piece_key, position_key};
use super::movegen::{all_capture_paths, generate, has_moves};
use super::moves::Move;
use super::squares::Bits;
use crate::game::{Game, MoveList, NotationError, Outcome, Player};

/// A Russian draughts position.
///
/// White is [`Player::One`] and moves first; Black is [`Player::Two`].
/// Besides the board it carries the draw rules' memory (`DrawState`): the
/// position string holds only the pieces and the side to move, so a
/// position read from a string starts with fresh counters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Russian {
    pub board: Board,
    /// The side whose move it is.
    pub side: Player,
    /// [`position_key`] of board and side, kept up to date by every move.
    pub key: u64,
    /// Repetitions and move limits.
    pub draw: DrawState,
}

impl Default for Russian {
    fn default() -> Self {
        Self::start()
    }
}

impl Russian {
    /// The start: twelve men each, White to move.
    #[must_use]
    pub fn start() -> Self {
        Self::from_board(Board::START, Player::One)
    }

    /// A position with `board` and `side` to move and fresh draw counters.
    #[must_use]
    pub fn from_board(board: Board, side: Player) -> Self {
        let key = position_key(&board, side);
        Self {
            board,
            side,
            key,
            draw: DrawState::starting_at(key),
        }
    }

    /// The pieces.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The piece on square `s` (0 = `a1` … 31 = `h8`), if any.
    #[must_use]
    pub fn piece_at(&self, s: u8) -> Option<Piece> {
        self.board.piece_at(s)
    }

    /// Plies since the last man move or capture.
    #[must_use]
    pub fn king_plies(&self) -> u16 {
        self.draw.king_plies
    }

    /// Whether the side to move must capture.
    #[must_use]
    pub fn must_capture(&self) -> bool {
        super::capture::has_capture(&self.board, self.side)
    }

    /// The draw rule that ends the game here, if one does: front ends and
    /// the referee name it in their records.
    #[must_use]
    pub fn draw_rule(&self) -> Option<DrawRule> {
        self.draw.rule(&self.board)
    }

    /// Every capture the side to move has, by every path: the legal moves
    /// list one path per capture (same start, end and captured pieces), but
    /// a person may take another, and a front end that follows the
    /// person's clicks needs them all. Empty when there is no capture.
    #[must_use]
    pub fn capture_paths(&self) -> Vec<Move> {
        all_capture_paths(&self.board, self.side)
    }
}

impl Game for Russian {
    type Move = Move;
    type Moves = MoveList<Move>;

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn legal_moves(&self, moves: &mut MoveList<Move>) {
        if self.draw.is_draw(&self.board) {
            return;
        }
        generate(&self.board, self.side, moves);
    }

    fn play(&mut self, mv: Move) {
        let me = self.side;
        let them = me.opponent();
        let was_king = self.board.kings & (1u32 << mv.from) != 0;
        let is_king = was_king || mv.crowned;

        // 1. The key loses the piece where it stood and the captured
        //    pieces, and gains the piece where it lands (possibly crowned).
        self.key ^= piece_key(me, was_king, mv.from) ^ piece_key(me, is_king, mv.to);
        for s in Bits(mv.captured) {
            let king = self.board.kings & (1 << s) != 0;
            self.key ^= piece_key(them, king, s);
        }

        // 2. The pieces move (`Board::apply`).
        self.board.apply(me, mv);

        // 3. The other side moves; the draw rules take note.
        self.side = them;
        self.key ^= BLACK_TO_MOVE;
        let irreversible = !was_king || mv.is_capture();
        let rebalanced = mv.is_capture() || mv.crowned;
        self.draw.record(self.key, irreversible, rebalanced);
    }

    /// A side that cannot move (no pieces, or all blocked) loses; else the
    /// draw rules may end the game.
    fn outcome(&self) -> Option<Outcome> {
        if !has_moves(&self.board, self.side) {
            return Some(Outcome::Win(self.side.opponent()));
        }
        self.draw.is_draw(&self.board).then_some(Outcome::Draw)
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        self.read_move(text)
    }

    fn format_move(&self, mv: Move) -> String {
        Self::write_move(mv)
    }

    fn position_string(&self) -> String {
        self.write_position()
    }
}
