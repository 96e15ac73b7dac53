//! The draw rules: threefold repetition and the move limits of king
//! endings, after the rules of the Russian Draughts Federation (FSR; see
//! `docs/protocol.md` for the edition and how Ply counts).
//!
//! A "move" of the rules is one player's move, so the limits are counted
//! in plies, two per move:
//! 1. the same position (pieces and side to move) for the third time;
//! 2. 15 moves each in which only kings moved and nothing was captured;
//! 3. three or more kings against a lone king: 15 moves each since that
//!    balance arose without taking the lone king;
//! 4. both sides with kings and the balance of forces (the pieces of each
//!    kind) unchanged, by the number of pieces on the board: 2-3 pieces
//!    5 moves each, 4-5 pieces 30, 6-7 pieces 60.

use arrayvec::ArrayVec;

use super::board::Board;
use crate::game::Player;

/// Plies of king moves without capture that draw (rule 2: 15 moves each).
pub const KING_MOVES_PLIES: u16 = 30;

/// Plies that draw three or more kings against a lone king (rule 3).
pub const THREE_KINGS_PLIES: u16 = 30;

/// Occurrences of a position that draw (rule 1).
pub const REPETITIONS: usize = 3;

/// Plies without a change of forces that draw an ending where both sides
/// have kings, by the number of pieces on the board (rule 4), as
/// `(most pieces, plies)`, smallest first.
pub const ENDING_PLIES: [(u32, u16); 3] = [(3, 10), (5, 60), (7, 120)];

/// Positions kept for the repetition rule: every position since the last
/// man move or capture. Rule 2 ends the game after [`KING_MOVES_PLIES`]
/// such plies, so that many (and the one before them) always fit.
const HISTORY: usize = KING_MOVES_PLIES as usize + 2;

/// What the draw rules need to remember of the game so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DrawState {
    /// Plies since the last man move or capture (rule 2).
    pub king_plies: u16,
    /// Plies since the last capture or crowning: the balance of forces
    /// has been the same for this long (rules 3 and 4).
    pub balance_plies: u16,
    /// The keys of the positions since the last man move or capture, the
    /// current one included (rule 1).
    history: ArrayVec<u64, HISTORY>,
}

impl DrawState {
    /// A fresh state for a game whose current position has `key`.
    #[must_use]
    pub fn starting_at(key: u64) -> Self {
        let mut state = Self::default();
        state.history.push(key);
        state
    }

    /// Records a move and the key of the position it leads to.
    /// `irreversible`: a man moved or something was captured;
    /// `rebalanced`: something was captured or crowned.
    pub fn record(&mut self, key: u64, irreversible: bool, rebalanced: bool) {
        if irreversible {
            self.king_plies = 0;
            self.history.clear();
        } else {
            self.king_plies = self.king_plies.saturating_add(1);
        }
        self.balance_plies = if rebalanced {
            0
        } else {
            self.balance_plies.saturating_add(1)
        };
        // Rule 2 stops the game before the list is full.
        let _ = self.history.try_push(key);
    }

    /// Whether a position with these counters and `board` is drawn. The
    /// current position's key is the last one recorded.
    #[must_use]
    pub fn is_draw(&self, board: &Board) -> bool {
        self.rule(board).is_some()
    }

    /// The rule that draws a position with these counters and `board`,
    /// if one does (the first that applies, in the order of the module
    /// docs' list but rule 2 first: it is the cheapest test).
    #[must_use]
    pub fn rule(&self, board: &Board) -> Option<DrawRule> {
        // Rule 2: only kings moved for 15 moves each.
        if self.king_plies >= KING_MOVES_PLIES {
            return Some(DrawRule::KingMoves);
        }
        // Rule 1: a repetition needs at least 4 reversible plies per return.
        if usize::from(self.king_plies) >= 2 * 2 * (REPETITIONS - 1)
            && let Some(&now) = self.history.last()
            && self.history.iter().filter(|&&k| k == now).count() >= REPETITIONS
        {
            return Some(DrawRule::Repetition);
        }
        // Rules 3 and 4: the balance of forces unchanged for too long.
        let (rule, limit) = balance_rule(board)?;
        (self.balance_plies >= limit).then_some(rule)
    }

    /// How many more plies may be played before a move limit (rules 2-4)
    /// draws the game, if no man moves and nothing is captured or crowned
    /// meanwhile: a conversion must come within this many plies for the
    /// game to go on (the endgame databases weigh their moves to
    /// conversion against it).
    #[must_use]
    pub fn plies_left(&self, board: &Board) -> u16 {
        let kings = KING_MOVES_PLIES.saturating_sub(self.king_plies);
        balance_rule(board).map_or(kings, |(_, limit)| {
            kings.min(limit.saturating_sub(self.balance_plies))
        })
    }
}

/// The rule of 3 or 4 that limits an ending on `board` without a change
/// in the balance of forces, and its limit in plies, if one does.
fn balance_rule(board: &Board) -> Option<(DrawRule, u16)> {
    let count = |bits: u32| bits.count_ones();
    let sides = [Player::One, Player::Two];
    balance_rule_of(
        sides.map(|side| count(board.men(side))),
        sides.map(|side| count(board.kings_of(side))),
    )
}

/// The rule of 3 or 4 that limits an ending where the sides have these
/// `men` and `kings` (White's, then Black's), and its limit in plies, if
/// one does. Both concern only endings where both sides have kings, so
/// whether one applies depends on the pieces alone, which no move changes
/// but a capture or a crowning (the endgame databases use this).
#[must_use]
pub fn balance_rule_of(men: [u32; 2], kings: [u32; 2]) -> Option<(DrawRule, u16)> {
    if kings[0] == 0 || kings[1] == 0 {
        return None;
    }
    let (white, black) = (men[0] + kings[0], men[1] + kings[1]);
    // Rule 3: three or more kings (only kings) against a lone king; it is
    // stricter than rule 4 wherever both apply.
    let lone_king =
        (white == 1 && black >= 3 && men[1] == 0) || (black == 1 && white >= 3 && men[0] == 0);
    if lone_king {
        return Some((DrawRule::KingsAgainstLoneKing, THREE_KINGS_PLIES));
    }
    // Rule 4: few pieces, both with kings.
    ENDING_PLIES
        .iter()
        .find(|&&(most, _)| white + black <= most)
        .map(|&(_, plies)| (DrawRule::UnchangedEnding, plies))
}

/// Which draw rule ended a game (the numbers of the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawRule {
    /// Rule 1: the same position for the third time.
    Repetition,
    /// Rule 2: 15 moves each with only kings moving and no capture.
    KingMoves,
    /// Rule 3: three or more kings against a lone king for 15 moves each.
    KingsAgainstLoneKing,
    /// Rule 4: an ending with kings on both sides whose balance of forces
    /// did not change for the limit its number of pieces sets.
    UnchangedEnding,
}

impl DrawRule {
    /// The rule in words, for game records and front ends.
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            Self::Repetition => "threefold repetition",
            Self::KingMoves => "15 moves each with only kings moving and no capture",
            Self::KingsAgainstLoneKing => {
                "15 moves each of three or more kings against a lone king"
            }
            Self::UnchangedEnding => "the king-ending move limit (the balance of forces unchanged)",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::russian::Russian;

    /// The board of a position string.
    fn board(fen: &str) -> Board {
        *Russian::from_position_string(fen)
            .unwrap_or_else(|e| panic!("{e}"))
            .board()
    }

    /// A state after `plies` king moves (each to a new position, so no
    /// repetition), the last capture or crowning `balance_plies` plies ago.
    fn after_quiet_plies(plies: u16, balance_plies: u16) -> DrawState {
        let mut state = DrawState::starting_at(0);
        for key in 1..=u64::from(plies) {
            state.record(key, false, false);
        }
        state.balance_plies = balance_plies;
        state
    }

    #[test]
    fn fifteen_moves_each_of_kings_only_draw() {
        // Kings and men on both sides, nine pieces: only rule 2 applies.
        let crowded = board("W:WKc1,a3,c3,e3,g3:BKh8,b6,d6,f6");
        assert!(!after_quiet_plies(KING_MOVES_PLIES - 1, 0).is_draw(&crowded));
        assert!(after_quiet_plies(KING_MOVES_PLIES, 0).is_draw(&crowded));
        // A man's move or a capture restarts the count.
        let mut state = after_quiet_plies(KING_MOVES_PLIES - 1, 0);
        state.record(99, true, false);
        assert!(!state.is_draw(&crowded));
        assert_eq!(state.king_plies, 0);
    }

    #[test]
    fn three_kings_against_a_lone_king_draw_after_fifteen_moves_each() {
        let ending = board("W:WKa1,Kc1,Ke1:BKh8");
        // Four pieces would allow 30 moves each under rule 4; rule 3 is
        // stricter. The king-move count is kept below its own limit.
        let mut state = after_quiet_plies(10, THREE_KINGS_PLIES - 1);
        assert!(!state.is_draw(&ending));
        state.balance_plies = THREE_KINGS_PLIES;
        assert!(state.is_draw(&ending));
        // Not with a man among the three: then rule 4's 30 moves apply.
        let with_man = board("W:WKa1,Kc1,e3:BKh8");
        assert!(!state.is_draw(&with_man));
        state.balance_plies = ENDING_PLIES[1].1;
        assert!(state.is_draw(&with_man));
    }

    #[test]
    fn endings_with_kings_on_both_sides_have_limits_by_size() {
        for (fen, plies) in [
            ("W:WKa1:BKh8", ENDING_PLIES[0].1),
            ("W:WKa1,c3:BKh8,f6", ENDING_PLIES[1].1),
            ("W:WKa1,c3,e3:BKh8,f6,d6", ENDING_PLIES[2].1),
        ] {
            let b = board(fen);
            assert!(!after_quiet_plies(4, plies - 1).is_draw(&b), "{fen}");
            assert!(after_quiet_plies(4, plies).is_draw(&b), "{fen}");
        }
        // Eight pieces: no limit but the others.
        let big = board("W:WKa1,c3,e3,g3:BKh8,f6,d6,b6");
        assert!(!after_quiet_plies(4, 1000).is_draw(&big));
        // Only one side has a king: no limit either.
        assert!(!after_quiet_plies(4, 1000).is_draw(&board("W:WKa1:Bh6")));
    }

    #[test]
    fn plies_left_count_down_to_the_draw() {
        // Rule 2 alone: 30 plies of king moves.
        let crowded = board("W:WKc1,a3,c3,e3,g3:BKh8,b6,d6,f6");
        assert_eq!(
            after_quiet_plies(0, 0).plies_left(&crowded),
            KING_MOVES_PLIES
        );
        assert_eq!(after_quiet_plies(29, 29).plies_left(&crowded), 1);
        // Rule 4, two kings: 10 plies since the balance changed.
        let kings = board("W:WKa1:BKh8");
        assert_eq!(after_quiet_plies(3, 7).plies_left(&kings), 3);
        // Rule 3: 30 plies since the balance changed.
        let three = board("W:WKa1,Kc1,Ke1:BKh8");
        assert_eq!(after_quiet_plies(2, 20).plies_left(&three), 10);
        // Wherever plies_left says 0, the rules draw, and never before.
        for (state, b) in [
            (after_quiet_plies(30, 30), &crowded),
            (after_quiet_plies(4, 10), &kings),
            (after_quiet_plies(4, 30), &three),
        ] {
            assert_eq!(state.plies_left(b), 0);
            assert!(state.is_draw(b));
        }
    }
}
