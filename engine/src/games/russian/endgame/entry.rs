//! One byte a position: what it is worth under Ply's rules, move limits
//! included, for the side to move.
//!
//! The tables answer for a position *as it enters its material*: right
//! after a capture or a crowning, every draw count at zero (the search
//! weighs a later position's counts itself, [`super::material::Limits::plies_left`]).
//! - **Win** (or **loss**) with **moves to conversion** (MTC, as
//!   Kingsrow's databases say), in plies: the side to move wins (loses)
//!   under the rules, and the winning side reaches its next conversion
//!   (see [`super::material::Limits`]: a capture, a crowning, in some endings a
//!   man's step; or the end of the game) in this many plies when it
//!   hurries and the other side delays. The win holds from a later
//!   position of the same material as long as the MTC fits in the plies
//!   the draw counts leave.
//! - **Draw**: neither side can win even with the move limits left aside
//!   (the limits only ever turn wins into draws).
//! - **Cursed win** (or **cursed loss**, a name from chess's tablebases):
//!   the side to move wins (loses) with the move limits left aside, but
//!   the tables do not prove it under them. Under the rules this is a
//!   draw, except in endings that reach one where both sides have kings
//!   and men (4 to 7 pieces), whose limits the tables only bound: there
//!   it may be either.

/// The largest MTC an entry holds. Every MTC the build stores is at most
/// the 30 plies of the longest limit; the room above is spare.
pub const MAX_MTC: u8 = 126;

/// A drawn position; a proven win with MTC `m` is byte `m` (1 to
/// [`MAX_MTC`]).
const DRAW: u8 = 0;

/// A cursed win.
const CURSED_WIN: u8 = 127;

/// A proven loss with MTC `m` is byte `LOSS_BASE + m` (0 to [`MAX_MTC`]).
const LOSS_BASE: u8 = 128;

/// A cursed loss.
const CURSED_LOSS: u8 = 255;

/// The value of a position for the side to move with the move limits
/// left aside: the class of game value retrograde analysis usually gives.
/// Ordered from the mover's worst to its best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Wdl {
    /// The side to move loses whatever it plays.
    Loss,
    /// Neither side can force a win.
    Draw,
    /// The side to move can force a win.
    Win,
}

/// What an entry says (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// Won under the rules, the next conversion in `mtc` plies.
    Win {
        /// Moves to conversion, in plies.
        mtc: u8,
    },
    /// Lost under the rules, the next conversion in `mtc` plies (0: no
    /// move left).
    Loss {
        /// Moves to conversion, in plies.
        mtc: u8,
    },
    /// Drawn, the move limits aside or not.
    Draw,
    /// Won with the move limits aside, not proven under them.
    CursedWin,
    /// Lost with the move limits aside, not proven under them.
    CursedLoss,
}

/// One entry of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry(pub u8);

impl Entry {
    /// A drawn position.
    pub const DRAW: Self = Self(DRAW);

    /// A cursed win.
    pub const CURSED_WIN: Self = Self(CURSED_WIN);

    /// A cursed loss.
    pub const CURSED_LOSS: Self = Self(CURSED_LOSS);

    /// A win with a conversion in `mtc` plies (at least 1).
    #[must_use]
    pub fn win(mtc: u32) -> Self {
        Self(mtc.clamp(1, u32::from(MAX_MTC)) as u8)
    }

    /// A loss with the next conversion in `mtc` plies (0: no move left).
    #[must_use]
    pub fn loss(mtc: u32) -> Self {
        Self(LOSS_BASE + mtc.min(u32::from(MAX_MTC)) as u8)
    }

    /// What the entry says.
    #[must_use]
    pub fn value(self) -> Value {
        match self.0 {
            DRAW => Value::Draw,
            CURSED_WIN => Value::CursedWin,
            CURSED_LOSS => Value::CursedLoss,
            byte if byte < LOSS_BASE => Value::Win { mtc: byte },
            byte => Value::Loss {
                mtc: byte - LOSS_BASE,
            },
        }
    }

    /// The value with the move limits left aside.
    #[must_use]
    pub fn unlimited(self) -> Wdl {
        match self.value() {
            Value::Win { .. } | Value::CursedWin => Wdl::Win,
            Value::Loss { .. } | Value::CursedLoss => Wdl::Loss,
            Value::Draw => Wdl::Draw,
        }
    }

    /// What the entry proves of a position of its material whose draw
    /// counts leave `plies_left` plies for a conversion
    /// ([`super::material::Limits::plies_left`]): the least and the most
    /// the position is worth under the rules, for the side to move.
    ///
    /// A draw stays a draw (the limits only turn wins into draws), and a
    /// proven win or loss holds while its MTC fits in the plies left: the
    /// winner reaches the conversion in time, along moves whose MTC falls
    /// every ply, so no position repeats. Any other win is at least a
    /// draw (the winner's moves never lose) and may be one; a loss the
    /// same the other way round. (Not weighed: a winning line through a
    /// position the game has already seen twice, whose third time would
    /// draw; the winner's other lines are not looked at.)
    #[must_use]
    pub fn under_rules(self, plies_left: u16) -> (Wdl, Wdl) {
        match self.value() {
            Value::Draw => (Wdl::Draw, Wdl::Draw),
            Value::Win { mtc } if u16::from(mtc) <= plies_left => (Wdl::Win, Wdl::Win),
            Value::Loss { mtc } if u16::from(mtc) <= plies_left => (Wdl::Loss, Wdl::Loss),
            Value::Win { .. } | Value::CursedWin => (Wdl::Draw, Wdl::Win),
            Value::Loss { .. } | Value::CursedLoss => (Wdl::Loss, Wdl::Draw),
        }
    }

    /// The moves to conversion of a proven win or loss.
    #[must_use]
    pub fn mtc(self) -> Option<u8> {
        match self.value() {
            Value::Win { mtc } | Value::Loss { mtc } => Some(mtc),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_read_back() {
        assert_eq!(Entry::DRAW.value(), Value::Draw);
        assert_eq!(Entry::DRAW.mtc(), None);
        assert_eq!(Entry::CURSED_WIN.value(), Value::CursedWin);
        assert_eq!(Entry::CURSED_WIN.unlimited(), Wdl::Win);
        assert_eq!(Entry::CURSED_LOSS.unlimited(), Wdl::Loss);
        for m in 1..=MAX_MTC {
            let win = Entry::win(u32::from(m));
            assert_eq!(win.value(), Value::Win { mtc: m });
            assert_eq!(win.unlimited(), Wdl::Win);
        }
        for m in 0..=MAX_MTC {
            let loss = Entry::loss(u32::from(m));
            assert_eq!(loss.value(), Value::Loss { mtc: m });
            assert_eq!(loss.mtc(), Some(m));
        }
        assert_eq!(Entry::win(500).mtc(), Some(MAX_MTC));
        // Every byte means something: a damaged table is found by its
        // block's checksum, not by its bytes.
        assert_eq!(Entry(LOSS_BASE + MAX_MTC + 1), Entry::CURSED_LOSS);
    }
}
