//! A tapered table: one weight a feature with everything on the board and
//! one with nothing left, the weights of the features that are on summed
//! and blended by how much is left. It is the shape of a chess engine's
//! piece-square tables and of what `tune.rs` fits (Texel's method): Oware's
//! house table and Russian draughts' square table are two of them, each
//! game saying which features are on and how much is left.

/// The weights of `ROWS * ROW` features at the opening and at the end,
/// in rows of `ROW` as they are printed (feature `f` is row `f / ROW`,
/// column `f % ROW`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaperedTable<const ROWS: usize, const ROW: usize> {
    /// With everything on the board.
    pub midgame: [[i16; ROW]; ROWS],
    /// With nothing left.
    pub endgame: [[i16; ROW]; ROWS],
}

/// The weights of the features that are on, summed, before the blend.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sums {
    /// The opening's weights.
    midgame: i32,
    /// The end's weights.
    endgame: i32,
}

impl<const ROWS: usize, const ROW: usize> TaperedTable<ROWS, ROW> {
    /// Features of the table.
    pub const FEATURES: usize = ROWS * ROW;

    /// A table whose every weight is 0.
    pub const ZERO: Self = Self {
        midgame: [[0; ROW]; ROWS],
        endgame: [[0; ROW]; ROWS],
    };

    /// Adds the weights of feature `feature` (below [`Self::FEATURES`]) to
    /// `sums`.
    #[inline]
    pub fn add(&self, sums: &mut Sums, feature: usize) {
        sums.midgame += i32::from(self.midgame[feature / ROW][feature % ROW]);
        sums.endgame += i32::from(self.endgame[feature / ROW][feature % ROW]);
    }
}

impl Sums {
    /// The blend with `left` of `full` still on the board: the opening's
    /// sum with everything on, the end's with nothing, in proportion
    /// between (rounded toward 0). `full` is positive.
    #[inline]
    #[must_use]
    pub fn tapered(self, left: i32, full: i32) -> i32 {
        (self.midgame * left + self.endgame * (full - left)) / full
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feature f weighs f at the opening and -10 f at the end.
    fn numbered() -> TaperedTable<3, 4> {
        let mut table = TaperedTable::<3, 4>::ZERO;
        for feature in 0..TaperedTable::<3, 4>::FEATURES {
            let weight = i16::try_from(feature).unwrap();
            table.midgame[feature / 4][feature % 4] = weight;
            table.endgame[feature / 4][feature % 4] = -10 * weight;
        }
        table
    }

    #[test]
    fn features_are_read_row_by_row() {
        let table = numbered();
        let mut sums = Sums::default();
        table.add(&mut sums, 5);
        table.add(&mut sums, 11);
        assert_eq!(sums.tapered(1, 1), 16);
        assert_eq!(sums.tapered(0, 1), -160);
    }

    #[test]
    fn the_blend_goes_from_the_opening_to_the_end() {
        let table = numbered();
        let mut sums = Sums::default();
        table.add(&mut sums, 7);
        // A quarter left: a quarter of 7 and three quarters of -70.
        assert_eq!(sums.tapered(12, 48), (7 * 12 - 70 * 36) / 48);
        assert_eq!(sums.tapered(24, 48), (7 - 70) / 2);
        assert_eq!(Sums::default().tapered(3, 7), 0);
    }
}
