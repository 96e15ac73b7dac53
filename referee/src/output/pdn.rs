//! What turns a game record into PDN, the draughts form of PGN, for the
//! draughts games (Russian draughts). Ply follows the PDN 3.0 standard of
//! the FMJD (W. Wesselink's text, <https://pdn.fmjd.org>, sources at
//! github.com/wiegerw/pdn: `doc/gametype.rst`, `doc/pdntags.rst` and the
//! reading and writing grammars):
//!
//! - a `GameType` tag: type 25 is Russian draughts (in full
//!   `25,W,8,8,A0,0`: White starts, 8×8, algebraic squares from a1 at the
//!   bottom left, a1 a playing square);
//! - the `Result` values of type 25 are the "Default" result type:
//!   `1-0`, `0-1`, `1/2-1/2` (and `*`). The "International" values `2-0`,
//!   `0-2`, `1-1` belong to types 20 (10×10) and 27 (Canadian) only;
//! - moves as `c3-d4`, captures with `:` between the squares
//!   (`c3:e5:g3`), the capture separator the standard lists for type 25
//!   (its reading grammar takes `x` as well) — exactly as the engine
//!   library writes them;
//! - move numbers `1.` and `1...` as in PGN (the grammar's `MOVENUMBER`),
//!   one number per full move (White's and Black's);
//! - `FEN` (with `SetUp "1"`) only when the game does not start from the
//!   start position; the position is the PDN FEN the engine reads
//!   (`W:Wa1,…:Bb8,…`).

use ply_rules::variant::{AnyGame, AnyRules, Variant};

/// The `GameType` tag of `variant` when its records are PDN.
#[must_use]
pub fn game_type(variant: Variant) -> Option<&'static str> {
    variant.pdn_game_type()
}

/// Whether `fen` is the start position of the game `options` choose (PDN
/// leaves the `FEN` tag out then).
#[must_use]
pub fn is_start(options: &AnyRules, fen: &str) -> bool {
    AnyGame::start(options).is_ok_and(|start| start.position_string() == fen)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn russian_draughts_is_game_type_25() {
        assert_eq!(game_type(Variant::Russian), Some("25"));
        assert_eq!(game_type(Variant::Kalah), None);
        let options = AnyRules::default_for(Variant::Russian);
        let start = AnyGame::start(&options).unwrap().position_string();
        assert!(is_start(&options, &start));
        assert!(!is_start(&options, "W:WKa1:BKh8"));
    }
}
