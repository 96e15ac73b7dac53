//! Every way a game can end, named.

use std::fmt;

/// Which adjudication ended a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Adjudication {
    /// `-draw`: both engines saw a level game for long enough.
    Draw,
    /// `-resign`: one engine saw itself lost for long enough.
    Resign,
    /// `-maxmoves`: the game was too long.
    MaxMoves,
}

impl Adjudication {
    /// The name in the results file: `draw`, `resign`, `maxmoves`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Draw => "draw",
            Self::Resign => "resign",
            Self::MaxMoves => "maxmoves",
        }
    }

    /// The adjudication with this name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        [Self::Draw, Self::Resign, Self::MaxMoves]
            .into_iter()
            .find(|a| a.name() == name)
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// By the rules of the game.
    Normal,
    /// By the referee, from the engines' scores or the game's length.
    Adjudication(Adjudication),
    /// An engine's clock (or fixed move time) ran out.
    TimeForfeit,
    /// An engine played a move the rules forbid, or no move at all (garbage).
    IllegalMove,
    /// An engine process exited (crashed).
    Disconnect,
    /// An engine stopped answering.
    Stall,
    /// The match was stopped (Ctrl-C, SPRT decision) while the game ran; it
    /// has no result and is not counted.
    Interrupt,
}

impl Termination {
    /// Every termination, for lookups.
    pub const ALL: [Self; 9] = [
        Self::Normal,
        Self::Adjudication(Adjudication::Draw),
        Self::Adjudication(Adjudication::Resign),
        Self::Adjudication(Adjudication::MaxMoves),
        Self::TimeForfeit,
        Self::IllegalMove,
        Self::Disconnect,
        Self::Stall,
        Self::Interrupt,
    ];

    /// The name in the results file and the PGN `Termination` tag:
    /// `normal`, `adjudication`, `time forfeit`, `illegal move`,
    /// `disconnect`, `stall`, `interrupt`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Normal => "normal",
            Self::Adjudication(_) => "adjudication",
            Self::TimeForfeit => "time forfeit",
            Self::IllegalMove => "illegal move",
            Self::Disconnect => "disconnect",
            Self::Stall => "stall",
            Self::Interrupt => "interrupt",
        }
    }

    /// The adjudication, for [`Termination::Adjudication`].
    #[must_use]
    pub fn adjudication(self) -> Option<Adjudication> {
        match self {
            Self::Adjudication(a) => Some(a),
            _ => None,
        }
    }

    /// The termination with this name (and adjudication name).
    #[must_use]
    pub fn from_parts(name: &str, adjudication: Option<&str>) -> Option<Self> {
        if name == "adjudication" {
            return adjudication
                .and_then(Adjudication::from_name)
                .map(Self::Adjudication);
        }
        Self::ALL.into_iter().find(|t| t.name() == name)
    }

    /// Whether the engine that lost did something wrong (and so is "at fault").
    #[must_use]
    pub fn is_fault(self) -> bool {
        matches!(
            self,
            Self::TimeForfeit | Self::IllegalMove | Self::Disconnect | Self::Stall
        )
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Adjudication(a) => write!(f, "adjudication ({})", a.name()),
            other => f.write_str(other.name()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for t in Termination::ALL {
            let adjudication = t.adjudication().map(Adjudication::name);
            assert_eq!(Termination::from_parts(t.name(), adjudication), Some(t));
        }
        assert_eq!(Termination::from_parts("resigned", None), None);
    }
}
