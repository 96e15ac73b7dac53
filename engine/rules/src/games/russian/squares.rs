//! The 32 dark squares as bits, and the diagonal steps between them.
//!
//! Square `s` is bit `s` of a `u32`: rank `s / 4` (0 = rank 1, White's
//! back rank), and within the rank the `s % 4`-th dark square from the
//! left. On ranks 1, 3, 5, 7 ("even rows") the dark squares are the files
//! a, c, e, g; on ranks 2, 4, 6, 8 they are b, d, f, h. So `a1` = 0,
//! `g1` = 3, `b2` = 4, `h8` = 31.
//!
//! A diagonal step is a shift whose size depends on the row's parity
//! (`step`); the tables below are built from it at compile time, so the
//! move generator never computes a coordinate.

/// Dark squares on the board.
pub const SQUARES: usize = 32;

/// Dark squares per rank.
const PER_RANK: u8 = 4;

/// Ranks (and files).
pub const SIDE: u8 = 8;

/// Squares of ranks 1, 3, 5, 7: dark squares on files a, c, e, g.
const EVEN_ROWS: u32 = 0x0F0F_0F0F;

/// Squares of ranks 2, 4, 6, 8: dark squares on files b, d, f, h.
const ODD_ROWS: u32 = 0xF0F0_F0F0;

/// The a-file's dark squares (a1, a3, a5, a7).
const A_FILE: u32 = 0x0101_0101;

/// The h-file's dark squares (h2, h4, h6, h8).
const H_FILE: u32 = 0x8080_8080;

/// Rank 1 (White's back rank, Black's crowning rank).
pub const RANK_1: u32 = 0x0000_000F;

/// Rank 8 (Black's back rank, White's crowning rank).
pub const RANK_8: u32 = 0xF000_0000;

/// A diagonal direction, seen from White's side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Towards h8.
    NorthEast,
    /// Towards a8.
    NorthWest,
    /// Towards h1.
    SouthEast,
    /// Towards a1.
    SouthWest,
}

impl Direction {
    /// All four, in the order the generator tries them.
    pub const ALL: [Self; 4] = [
        Self::NorthEast,
        Self::NorthWest,
        Self::SouthEast,
        Self::SouthWest,
    ];

    /// An index into the per-direction tables.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether stepping this way raises the square index (north does):
    /// the nearest square of a ray is then its lowest bit.
    #[inline]
    #[must_use]
    pub const fn ascending(self) -> bool {
        matches!(self, Self::NorthEast | Self::NorthWest)
    }
}

/// Every square of `bb` moved one step in `dir`; squares that would
/// leave the board drop out.
#[inline]
#[must_use]
pub const fn step(bb: u32, dir: Direction) -> u32 {
    match dir {
        Direction::NorthEast => ((bb & EVEN_ROWS) << 4) | ((bb & ODD_ROWS & !H_FILE) << 5),
        Direction::NorthWest => ((bb & EVEN_ROWS & !A_FILE) << 3) | ((bb & ODD_ROWS) << 4),
        Direction::SouthEast => ((bb & ODD_ROWS & !H_FILE) >> 3) | ((bb & EVEN_ROWS) >> 4),
        Direction::SouthWest => ((bb & EVEN_ROWS & !A_FILE) >> 5) | ((bb & ODD_ROWS) >> 4),
    }
}

/// Marks "no square" in [`NEIGHBOUR`].
pub const NONE: u8 = SQUARES as u8;

/// `NEIGHBOUR[dir][s]`: the square one step from `s` in `dir`, or [`NONE`].
pub static NEIGHBOUR: [[u8; SQUARES]; 4] = neighbours();

/// `RAY[dir][s]`: every square from `s` (excluded) to the edge in `dir`.
pub static RAY: [[u32; SQUARES]; 4] = rays();

const fn neighbours() -> [[u8; SQUARES]; 4] {
    let mut table = [[NONE; SQUARES]; 4];
    let mut d = 0;
    while d < 4 {
        let mut s = 0;
        while s < SQUARES {
            let next = step(1 << s, Direction::ALL[d]);
            if next != 0 {
                table[d][s] = next.trailing_zeros() as u8;
            }
            s += 1;
        }
        d += 1;
    }
    table
}

const fn rays() -> [[u32; SQUARES]; 4] {
    let mut table = [[0; SQUARES]; 4];
    let mut d = 0;
    while d < 4 {
        let mut s = 0;
        while s < SQUARES {
            let mut at = step(1 << s, Direction::ALL[d]);
            while at != 0 {
                table[d][s] |= at;
                at = step(at, Direction::ALL[d]);
            }
            s += 1;
        }
        d += 1;
    }
    table
}

/// The square nearest to the start of a ray among `blockers` (which must
/// be non-empty squares of that ray).
#[inline]
#[must_use]
pub fn nearest(blockers: u32, dir: Direction) -> u8 {
    if dir.ascending() {
        blockers.trailing_zeros() as u8
    } else {
        (31 - blockers.leading_zeros()) as u8
    }
}

/// The squares of the ray from `from` in `dir` strictly before `square`.
#[inline]
#[must_use]
pub fn ray_before(from: u8, dir: Direction, square: u8) -> u32 {
    let ray = RAY[dir.index()][usize::from(from)];
    ray & !RAY[dir.index()][usize::from(square)] & !(1 << square)
}

/// The file (0 = a) of square `s`.
#[inline]
#[must_use]
pub const fn file_of(s: u8) -> u8 {
    let rank = s / PER_RANK;
    2 * (s % PER_RANK) + rank % 2
}

/// The rank (0 = rank 1) of square `s`.
#[inline]
#[must_use]
pub const fn rank_of(s: u8) -> u8 {
    s / PER_RANK
}

/// The square at `file` and `rank` (0-based), if it is a dark one.
#[must_use]
pub const fn square_at(file: u8, rank: u8) -> Option<u8> {
    if file >= SIDE || rank >= SIDE || !(file + rank).is_multiple_of(2) {
        return None;
    }
    Some(rank * PER_RANK + file / 2)
}

/// The algebraic name of square `s`: `a1` … `h8`.
#[must_use]
pub fn name(s: u8) -> String {
    let file = char::from(b'a' + file_of(s));
    let rank = char::from(b'1' + rank_of(s));
    format!("{file}{rank}")
}

/// Why a square name was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareError {
    /// Not a file letter and a rank digit.
    NotASquare,
    /// A light square: no piece ever stands there.
    Light,
}

/// Reads an algebraic square name (`c3`, any case).
///
/// # Errors
/// [`SquareError`] for text that names no square or a light one.
pub fn parse_square(text: &str) -> Result<u8, SquareError> {
    let bytes = text.as_bytes();
    let [file, rank] = bytes else {
        return Err(SquareError::NotASquare);
    };
    let file = file.to_ascii_lowercase();
    if !(b'a'..=b'h').contains(&file) || !(b'1'..=b'8').contains(rank) {
        return Err(SquareError::NotASquare);
    }
    square_at(file - b'a', rank - b'1').ok_or(SquareError::Light)
}

/// The squares of a bitboard, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Bits(pub u32);

impl Iterator for Bits {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let s = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_indices_agree() {
        assert_eq!(name(0), "a1");
        assert_eq!(name(3), "g1");
        assert_eq!(name(4), "b2");
        assert_eq!(name(31), "h8");
        for s in 0..SQUARES as u8 {
            assert_eq!(parse_square(&name(s)), Ok(s));
        }
        assert_eq!(parse_square("a2"), Err(SquareError::Light));
        assert_eq!(parse_square("i1"), Err(SquareError::NotASquare));
        assert_eq!(parse_square("C3"), Ok(9));
    }

    #[test]
    fn steps_follow_the_diagonals() {
        let sq = |t: &str| parse_square(t).unwrap_or(NONE);
        let ne = Direction::NorthEast.index();
        let sw = Direction::SouthWest.index();
        assert_eq!(NEIGHBOUR[ne][usize::from(sq("c3"))], sq("d4"));
        assert_eq!(NEIGHBOUR[ne][usize::from(sq("h2"))], NONE);
        assert_eq!(NEIGHBOUR[sw][usize::from(sq("a3"))], NONE);
        assert_eq!(NEIGHBOUR[sw][usize::from(sq("b2"))], sq("a1"));
        // The long diagonal a1-h8 has 7 squares beyond a1.
        assert_eq!(RAY[ne][0].count_ones(), 7);
        for d in Direction::ALL {
            for s in 0..SQUARES as u8 {
                let next = NEIGHBOUR[d.index()][usize::from(s)];
                if next != NONE {
                    let df = i32::from(file_of(next)) - i32::from(file_of(s));
                    let dr = i32::from(rank_of(next)) - i32::from(rank_of(s));
                    assert_eq!((df.abs(), dr.abs()), (1, 1));
                    assert_eq!(nearest(RAY[d.index()][usize::from(s)], d), next);
                }
            }
        }
        assert_eq!(
            ray_before(0, Direction::NorthEast, sq("d4")),
            (1 << sq("b2")) | (1 << sq("c3"))
        );
    }
}
