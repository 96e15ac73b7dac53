//! The 32 dark squares by name, numbered as the engine library numbers
//! them: 0 = `a1`, 1 = `c1`, … 4 = `b2`, … 31 = `h8` (four a rank, from
//! the left).

/// Dark squares on the board.
pub const SQUARES: u8 = 32;

/// The file (0 = a) and rank (0 = rank 1) of square `s`.
#[must_use]
pub const fn file_rank(s: u8) -> (u8, u8) {
    let rank = s / 4;
    (2 * (s % 4) + rank % 2, rank)
}

/// The square at `file` and `rank` (0-based), if it is a dark one.
#[must_use]
pub const fn square_at(file: u8, rank: u8) -> Option<u8> {
    if file >= 8 || rank >= 8 || !(file + rank).is_multiple_of(2) {
        return None;
    }
    Some(rank * 4 + file / 2)
}

/// The algebraic name of square `s`: `a1` … `h8`.
#[must_use]
pub fn name(s: u8) -> String {
    let (file, rank) = file_rank(s);
    format!("{}{}", char::from(b'a' + file), char::from(b'1' + rank))
}

/// The squares a move's text names, in order (`c3:e5:g3` → c3, e5, g3);
/// the separators are the engine's (`-`, `:`) and PDN's `x`.
#[must_use]
pub fn squares_of(text: &str) -> Vec<&str> {
    text.split(['-', ':', 'x'])
        .filter(|s| !s.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_numbered_as_the_engine_numbers_them() {
        assert_eq!(name(0), "a1");
        assert_eq!(name(3), "g1");
        assert_eq!(name(4), "b2");
        assert_eq!(name(31), "h8");
        for s in 0..SQUARES {
            let (file, rank) = file_rank(s);
            assert_eq!(square_at(file, rank), Some(s));
        }
        assert_eq!(square_at(1, 0), None, "b1 is light");
        assert_eq!(squares_of("c3:e5:g3"), ["c3", "e5", "g3"]);
        assert_eq!(squares_of("c3xe5"), ["c3", "e5"]);
        assert_eq!(squares_of("c3-d4"), ["c3", "d4"]);
    }
}
