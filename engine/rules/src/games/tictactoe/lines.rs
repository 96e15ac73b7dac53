//! The board as bits and the eight lines that win.
//!
//! Square `a1` is bit 0, `b1` bit 1, `c1` bit 2, `a2` bit 3 and so on to
//! `c3`, bit 8: rank by rank from the bottom, file by file from the left.

/// Squares on the board.
pub const SQUARES: u8 = 9;

/// Squares on a side.
pub const SIDE: u8 = 3;

/// Every square set.
pub const FULL: u16 = (1 << SQUARES) - 1;

/// The rows, columns and diagonals, as square sets.
pub const LINES: [u16; 8] = [
    0b000_000_111, // rank 1
    0b000_111_000, // rank 2
    0b111_000_000, // rank 3
    0b001_001_001, // file a
    0b010_010_010, // file b
    0b100_100_100, // file c
    0b100_010_001, // a1-c3
    0b001_010_100, // c1-a3
];

/// Whether the marks `marks` fill a line.
#[inline]
#[must_use]
pub fn has_line(marks: u16) -> bool {
    LINES.iter().any(|&line| line & !marks == 0)
}

/// Lines holding none of the marks `blocking`: the lines still open to the
/// other player (the Prolog tic-tac-toe programs' `open/2`).
#[inline]
#[must_use]
pub fn open_lines(blocking: u16) -> i32 {
    let open = LINES.iter().filter(|&&line| line & blocking == 0).count();
    // At most 8.
    i32::try_from(open).unwrap_or(i32::MAX)
}

/// Lines through `square`.
#[inline]
#[must_use]
pub fn lines_through(square: u8) -> i32 {
    let bit = 1u16 << square;
    let count = LINES.iter().filter(|&&line| line & bit != 0).count();
    i32::try_from(count).unwrap_or(i32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_counts() {
        assert!(has_line(0b100_010_001));
        assert!(!has_line(0b000_010_011));
        assert_eq!(open_lines(0), 8);
        assert_eq!(open_lines(1 << 4), 4); // the centre blocks 4 lines
        assert_eq!(lines_through(4), 4);
        assert_eq!(lines_through(0), 3);
        assert_eq!(lines_through(1), 2);
    }
}
