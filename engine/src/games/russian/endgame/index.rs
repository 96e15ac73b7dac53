//! Where a position stands in its material's table, and back.
//!
//! A table holds the positions of one [`Material`] with the side to move
//! as White (a position with Black to move is looked up flipped,
//! [`Board::flipped`]). Its index is built from four ranks, most
//! significant first:
//! 1. the set of White's men among squares 0-27 (a White man never
//!    stands on rank 8, squares 28-31);
//! 2. the set of Black's men among squares 4-31 (never on rank 1);
//! 3. White's kings among the squares the men leave free, numbered in
//!    order;
//! 4. Black's kings among the squares still free.
//!
//! A set of `k` squares out of `n` is ranked by the combinatorial number
//! system: with its squares `s_1 < … < s_k`, its rank is
//! `C(s_1, 1) + C(s_2, 2) + … + C(s_k, k)`, dense in `0..C(n, k)`.
//!
//! The men of the two sides are ranked each on their own 28 squares, so
//! some indices put a White and a Black man on one square: those entries
//! stand for no position ([`Layout::board_at`] says `None`) and the build leaves
//! them drawn. That costs at most a third of the men-heavy tables and
//! keeps the index a few multiplications. Because the men come first, all
//! the positions with the same men are one run of the table (a "men
//! block"), which the build solves together.

use ply_rules::game::Player;
use ply_rules::games::russian::Board;
use ply_rules::games::russian::squares::Bits;

use super::binomial::binomial;
use super::material::{MAN_SQUARES, Material, SQUARES};

/// White's men occupy squares 0-27 (never rank 8).
const WHITE_MAN_OFFSET: u32 = 0;
/// Black's men occupy squares 4-31 (never rank 1): their rank counts from 4.
const BLACK_MAN_OFFSET: u32 = SQUARES - MAN_SQUARES;

/// The rank of a set of squares numbered from 0 (see the module docs).
#[inline]
fn rank_set(set: u32) -> u64 {
    let mut rank = 0;
    for (i, s) in Bits(set).enumerate() {
        rank += binomial(u32::from(s), i as u32 + 1);
    }
    rank
}

/// The set of `k` squares below `n` whose rank is `rank`.
fn unrank_set(mut rank: u64, k: u32, n: u32) -> u32 {
    let mut set = 0;
    let mut c = n;
    for i in (1..=k).rev() {
        // The largest c below the last one with C(c, i) <= rank.
        c -= 1;
        while binomial(c, i) > rank {
            c -= 1;
        }
        set |= 1 << c;
        rank -= binomial(c, i);
    }
    set
}

/// `set` numbered by its place among the squares of `domain` (which
/// holds it): the i-th square of `domain` becomes square i.
#[inline]
fn compress(set: u32, domain: u32) -> u32 {
    let mut out = 0;
    for s in Bits(set) {
        out |= 1 << (domain & ((1u32 << s) - 1)).count_ones();
    }
    out
}

/// The inverse of [`compress`]: square i becomes the i-th square of `domain`.
#[inline]
fn expand(set: u32, domain: u32) -> u32 {
    let mut out = 0;
    let mut rest = domain;
    let mut i = 0;
    while rest != 0 {
        let lowest = rest & rest.wrapping_neg();
        if set & (1 << i) != 0 {
            out |= lowest;
        }
        rest ^= lowest;
        i += 1;
    }
    out
}

/// How the index of one material splits into its four ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The material.
    pub material: Material,
    /// Ranks of Black's men: C(28, Black's men).
    black_men: u64,
    /// Positions of the kings for one placing of the men (a men block).
    pub block: u64,
    /// Ranks of Black's kings: C(free − White's kings, Black's kings).
    black_kings: u64,
}

impl Layout {
    /// The layout of `material`'s table.
    #[must_use]
    pub fn new(material: Material) -> Self {
        let free = SQUARES - u32::from(material.men_total());
        let white_kings = u32::from(material.kings[0]);
        let black_kings = binomial(free - white_kings, u32::from(material.kings[1]));
        Self {
            material,
            black_men: binomial(MAN_SQUARES, u32::from(material.men[1])),
            block: binomial(free, white_kings) * black_kings,
            black_kings,
        }
    }

    /// Men blocks in the table: C(28, White's men) · C(28, Black's men).
    #[must_use]
    pub fn blocks(&self) -> u64 {
        binomial(MAN_SQUARES, u32::from(self.material.men[0])) * self.black_men
    }

    /// Entries in the table.
    #[must_use]
    pub fn entries(&self) -> u64 {
        self.blocks() * self.block
    }

    /// The index of `board`, White to move, which must have this material.
    #[must_use]
    pub fn index(&self, board: &Board) -> u64 {
        self.block_of(board) * self.block + self.index_in_block(board)
    }

    /// The men block of `board` (which must have this material).
    #[inline]
    #[must_use]
    pub fn block_of(&self, board: &Board) -> u64 {
        let white_men = board.men(Player::One) >> WHITE_MAN_OFFSET;
        let black_men = board.men(Player::Two) >> BLACK_MAN_OFFSET;
        rank_set(white_men) * self.black_men + rank_set(black_men)
    }

    /// Where the kings of `board` put it within its men block.
    #[inline]
    #[must_use]
    pub fn index_in_block(&self, board: &Board) -> u64 {
        let free = !(board.men(Player::One) | board.men(Player::Two));
        let white_kings = board.kings_of(Player::One);
        let after_white = free & !white_kings;
        let white = rank_set(compress(white_kings, free));
        let black = rank_set(compress(board.kings_of(Player::Two), after_white));
        white * self.black_kings + black
    }

    /// The men of men block `block`: White's and Black's, or `None` when
    /// the block puts two men on one square.
    #[must_use]
    pub fn men_of_block(&self, block: u64) -> Option<[u32; 2]> {
        let [men0, men1] = self.material.men.map(u32::from);
        let white = unrank_set(block / self.black_men, men0, MAN_SQUARES) << WHITE_MAN_OFFSET;
        let black = unrank_set(block % self.black_men, men1, MAN_SQUARES) << BLACK_MAN_OFFSET;
        (white & black == 0).then_some([white, black])
    }

    /// The board of entry `index`, White to move, or `None` when the index
    /// stands for no position (two men on one square).
    #[must_use]
    pub fn board_at(&self, index: u64) -> Option<Board> {
        let men = self.men_of_block(index / self.block)?;
        Some(self.board_in_block(men, index % self.block))
    }

    /// The board with `men` (White's, Black's) and the kings of entry
    /// `within` of their block.
    #[must_use]
    pub fn board_in_block(&self, men: [u32; 2], within: u64) -> Board {
        let [kings0, kings1] = self.material.kings.map(u32::from);
        let free = !(men[0] | men[1]);
        let free_count = free.count_ones();
        let white = expand(
            unrank_set(within / self.black_kings, kings0, free_count),
            free,
        );
        let after_white = free & !white;
        let black = expand(
            unrank_set(within % self.black_kings, kings1, free_count - kings0),
            after_white,
        );
        Board {
            pieces: [men[0] | white, men[1] | black],
            kings: white | black,
        }
    }
}

/// How far the men of a block have come: each man's ranks from its own
/// side's first rank, summed over both sides. Every man move adds one, so
/// the build solves the blocks from the most advanced down and finds the
/// positions a man move leads to solved.
#[must_use]
pub fn men_progress(men: [u32; 2]) -> u32 {
    let ranks = |bits: u32| Bits(bits).map(|s| u32::from(s / 4)).sum::<u32>();
    ranks(men[0]) + ranks(men[1].reverse_bits())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_ranks_are_dense_and_invert() {
        for k in 0..=4 {
            let n = 9;
            let mut seen = vec![false; binomial(n, k) as usize];
            for set in 0u32..(1 << n) {
                if set.count_ones() != k {
                    continue;
                }
                let rank = rank_set(set);
                assert!(!seen[rank as usize]);
                seen[rank as usize] = true;
                assert_eq!(unrank_set(rank, k, n), set);
            }
            assert!(seen.iter().all(|&s| s));
        }
    }

    #[test]
    fn compress_and_expand_invert() {
        let domain = 0b1011_0110_0101;
        for set in 0u32..(1 << 7) {
            let squares = expand(set, domain);
            assert_eq!(squares & !domain, 0);
            assert_eq!(compress(squares, domain), set);
        }
    }

    #[test]
    fn every_entry_of_small_tables_is_a_position_that_indexes_back() {
        for material in Material::all(3) {
            let layout = Layout::new(material);
            assert_eq!(layout.entries(), material.entries());
            let mut positions = 0;
            for index in 0..layout.entries() {
                let Some(board) = layout.board_at(index) else {
                    continue;
                };
                positions += 1;
                assert_eq!(Material::of(&board), material, "{index}");
                assert_eq!(board.men(Player::One) & 0xF000_0000, 0);
                assert_eq!(board.men(Player::Two) & 0x0000_000F, 0);
                assert_eq!(layout.index(&board), index);
            }
            assert!(positions > 0, "{material:?}");
        }
    }

    #[test]
    fn men_progress_is_the_same_seen_from_either_side() {
        let board = Board {
            pieces: [0x0000_0301, 0x1040_0000],
            kings: 0,
        };
        let men = |b: &Board| [b.men(Player::One), b.men(Player::Two)];
        assert_eq!(
            men_progress(men(&board)),
            men_progress(men(&board.flipped()))
        );
        // A man on its own first rank has come nowhere; one on the rank
        // before its crowning rank has come six ranks.
        assert_eq!(men_progress([1, 0]), 0);
        assert_eq!(men_progress([1 << 27, 0]), 6);
        assert_eq!(men_progress([0, 1 << 4]), 6);
    }
}
