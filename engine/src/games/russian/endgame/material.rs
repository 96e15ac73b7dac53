//! The material of a position: how many men and kings each side has. The
//! database is one table a material (a "slice"), and the build solves the
//! slices in an order where every move that leaves a slice lands in one
//! already solved.

use ply_rules::game::Player;
use ply_rules::games::russian::Board;
use ply_rules::games::russian::draw::{DrawState, KING_MOVES_PLIES, balance_rule_of};

use super::binomial::binomial;

/// Most pieces a side has (twelve men at the start).
pub const MAX_SIDE_PIECES: u8 = 12;

/// Squares a man may stand on: every dark square but its crowning rank.
pub const MAN_SQUARES: u32 = 28;

/// Dark squares.
pub const SQUARES: u32 = 32;

/// The men and kings of the side to move (`[0]`) and of the other side
/// (`[1]`). Tables store positions with the side to move as White, so a
/// material names "the side to move" rather than a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// Men of the side to move, then of the other side.
    pub men: [u8; 2],
    /// Kings of the side to move, then of the other side.
    pub kings: [u8; 2],
}

impl Material {
    /// The material of `board` with White to move.
    #[must_use]
    pub fn of(board: &Board) -> Self {
        let count = |bits: u32| bits.count_ones() as u8;
        Self {
            men: [count(board.men(Player::One)), count(board.men(Player::Two))],
            kings: [
                count(board.kings_of(Player::One)),
                count(board.kings_of(Player::Two)),
            ],
        }
    }

    /// Pieces of side `i` (0 the side to move, 1 the other).
    #[must_use]
    pub fn side_pieces(self, i: usize) -> u8 {
        self.men[i] + self.kings[i]
    }

    /// Pieces on the board.
    #[must_use]
    pub fn pieces(self) -> u8 {
        self.side_pieces(0) + self.side_pieces(1)
    }

    /// Men on the board, both sides.
    #[must_use]
    pub fn men_total(self) -> u8 {
        self.men[0] + self.men[1]
    }

    /// The same pieces with the other side to move: the material of every
    /// position a quiet move leads to.
    #[must_use]
    pub fn mirrored(self) -> Self {
        Self {
            men: [self.men[1], self.men[0]],
            kings: [self.kings[1], self.kings[0]],
        }
    }

    /// Entries of its table (see `index.rs`: men of each side ranked on
    /// their 28 squares, kings on the squares the men leave free).
    #[must_use]
    pub fn entries(self) -> u64 {
        let men = u32::from(self.men_total());
        let free = SQUARES - men;
        binomial(MAN_SQUARES, u32::from(self.men[0]))
            * binomial(MAN_SQUARES, u32::from(self.men[1]))
            * binomial(free, u32::from(self.kings[0]))
            * binomial(free - u32::from(self.kings[0]), u32::from(self.kings[1]))
    }

    /// A small number naming the material, for dense lookup tables:
    /// below [`Material::CODES`].
    #[must_use]
    pub fn code(self) -> usize {
        let base = usize::from(MAX_SIDE_PIECES) + 1;
        ((usize::from(self.men[0]) * base + usize::from(self.kings[0])) * base
            + usize::from(self.men[1]))
            * base
            + usize::from(self.kings[1])
    }

    /// One more than the largest [`Material::code`].
    pub const CODES: usize = (MAX_SIDE_PIECES as usize + 1).pow(4);

    /// Every material with at most `max_pieces` pieces, each side at least
    /// one piece and at most [`MAX_SIDE_PIECES`], in the order the build
    /// solves them: fewer pieces first (a capture takes a piece), then
    /// fewer men (a crowning turns a man into a king), a material just
    /// before its mirror (a quiet move leads from one to the other, so the
    /// two are solved together; see [`Material::mirrored`]).
    #[must_use]
    pub fn all(max_pieces: u8) -> Vec<Self> {
        let mut all = Vec::new();
        for total in 2..=max_pieces {
            for mover in 1..total {
                let other = total - mover;
                if mover > MAX_SIDE_PIECES || other > MAX_SIDE_PIECES {
                    continue;
                }
                for men0 in 0..=mover {
                    for men1 in 0..=other {
                        all.push(Self {
                            men: [men0, men1],
                            kings: [mover - men0, other - men1],
                        });
                    }
                }
            }
        }
        all.sort_by_key(|m| (m.pieces(), m.men_total(), m.pair_key()));
        all
    }

    /// The same for a material and its mirror, the smaller first.
    fn pair_key(self) -> (Self, bool) {
        let mirror = self.mirrored();
        (self.min(mirror), self > mirror)
    }

    /// How the move limits bear on this material's endings: see [`Limits`].
    #[must_use]
    pub fn limits(self) -> Limits {
        let kings = KING_MOVES_PLIES;
        match balance_rule_of(self.men.map(u32::from), self.kings.map(u32::from)) {
            None => Limits {
                horizon: kings,
                steps_carry: false,
            },
            Some((_, limit)) => Limits {
                horizon: kings.min(limit),
                steps_carry: true,
            },
        }
    }

    /// The material in words, White to move: `2 kings + 1 man v 1 king`.
    #[must_use]
    pub fn describe(self) -> String {
        let side = |i: usize| {
            let mut parts = Vec::new();
            let (kings, men) = (self.kings[i], self.men[i]);
            if kings > 0 {
                parts.push(format!("{kings} king{}", if kings == 1 { "" } else { "s" }));
            }
            match men {
                0 => {}
                1 => parts.push("1 man".to_owned()),
                _ => parts.push(format!("{men} men")),
            }
            parts.join(" + ")
        };
        format!("{} v {}", side(0), side(1))
    }
}

/// How the move limits (the draw rules 2-4) bear on the endings of one
/// material, as the tables count them. A position enters a material by a
/// capture or a crowning, with every count at zero; from there:
/// - where neither rule 3 nor rule 4 applies (not both sides have
///   kings), only rule 2 does: 30 plies without a man's move or a
///   capture. A conversion is a capture, a crowning or a man's step, and
///   must come within 30 plies. Exact.
/// - where rule 3 or 4 applies (both sides have kings), its count runs
///   from the capture or crowning that made the material, and a man's
///   step does not reset it: a conversion is a capture or a crowning, and
///   must come within the rule's limit or 30 plies, whichever is less.
///   Exact where only kings stand (no man's step, so both counts are the
///   same) and where rule 4's limit is below 30 (three pieces: 10 plies,
///   which ends the game before rule 2 could); elsewhere (kings and men
///   on both sides, 4 to 7 pieces: rule 4 allows 60 or 120 plies but rule
///   2 still counts 30 from each man's step) the 30 plies are a bound that
///   proves every win it finds, but may miss a longer one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most plies from entering the material to a conversion.
    pub horizon: u16,
    /// Whether a man's step keeps counting (rules 3 and 4) rather than
    /// being a conversion.
    pub steps_carry: bool,
}

impl Limits {
    /// The plies a position may still take to a conversion, counted as
    /// its moves to conversion are: `draw`'s counts on `board` (whose
    /// material has these limits).
    #[must_use]
    pub fn plies_left(self, draw: &DrawState, board: &Board) -> u16 {
        let left = draw.plies_left(board);
        if self.steps_carry {
            left.min(self.horizon.saturating_sub(draw.balance_plies))
        } else {
            left
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_build_order_solves_what_a_move_leads_to_first() {
        let all = Material::all(5);
        let position = |m: Material| all.iter().position(|&x| x == m);
        for (i, &m) in all.iter().enumerate() {
            // The mirror is next to it (or it is its own).
            let mirror = position(m.mirrored()).unwrap_or(usize::MAX);
            assert!(mirror.abs_diff(i) <= 1, "{m:?}");
            // A crowning of either side leads to a material solved before.
            for side in 0..2 {
                if m.men[side] > 0 {
                    let mut crowned = m;
                    crowned.men[side] -= 1;
                    crowned.kings[side] += 1;
                    let before = position(crowned).unwrap_or(usize::MAX);
                    assert!(before < i.min(mirror), "{m:?} -> {crowned:?}");
                }
            }
        }
        // Every material is there once; codes are distinct and in range.
        let mut codes: Vec<usize> = all.iter().map(|m| m.code()).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), all.len());
        assert!(codes.iter().all(|&c| c < Material::CODES));
    }

    #[test]
    fn sizes_match_the_counts_worked_by_hand() {
        // One king each: 32 squares for the first, 31 for the second.
        let kk = Material {
            men: [0, 0],
            kings: [1, 1],
        };
        assert_eq!(kk.entries(), 32 * 31);
        // A man against a king: 28 squares, then 31 for the king.
        let mk = Material {
            men: [1, 0],
            kings: [0, 1],
        };
        assert_eq!(mk.entries(), 28 * 31);
        // Up to 4 pieces: 41 materials; up to 6: 155.
        assert_eq!(Material::all(4).len(), 41);
        assert_eq!(Material::all(6).len(), 155);
        let six: u64 = Material::all(6).iter().map(|m| m.entries()).sum();
        assert_eq!(six, 2_715_988_108);
        assert_eq!(mk.describe(), "1 man v 1 king");
    }
}
