//! The Prolog draughts program's draw offer: when only kings are left and
//! nothing can change, the program offers the person a draw, which the
//! person may accept or decline and play on.
//!
//! The Prolog program offers it when one king of each side is left. Ply
//! offers it in the endings that theory says no side can win against
//! sensible defence, before the move limits of the rules would end them
//! anyway:
//!
//! - only kings on the board (no man can still be crowned, so the material
//!   can change only by a capture), and
//! - at most two kings on either side: one king against one or two, or two
//!   against two. (Three kings against a lone king win when the lone king
//!   does not hold the long diagonal — Petrov's triangle — so that ending is
//!   not offered; the rules' 15-move limit decides it.) and
//! - the side to move has no capture: a capture now would change the
//!   balance, and then the question is asked again.

use ply_rules::game::Player;
use ply_rules::games::russian::Russian;

/// Most kings a side may have for the draw offer.
pub const MAX_KINGS_FOR_OFFER: u32 = 2;

/// Why a draw may be offered here, or `None`: "only kings remain (1
/// against 2)". The text changes with the balance, so a front end that was
/// told "no" offers again after a capture.
#[must_use]
pub fn only_kings_remain(position: &Russian) -> Option<String> {
    let board = position.board();
    let count = |side: Player| board.pieces[side.index()].count_ones();
    let men = |side: Player| board.men(side);
    let (white, black) = (count(Player::One), count(Player::Two));
    let only_kings = men(Player::One) == 0 && men(Player::Two) == 0;
    let few =
        (1..=MAX_KINGS_FOR_OFFER).contains(&white) && (1..=MAX_KINGS_FOR_OFFER).contains(&black);
    (only_kings && few && !position.must_capture())
        .then(|| format!("only kings remain ({white} against {black}) and nothing can change"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offer(fen: &str) -> Option<String> {
        only_kings_remain(&Russian::from_position_string(fen).unwrap())
    }

    #[test]
    fn one_king_each_is_the_seeds_case() {
        assert_eq!(
            offer("W:WKa1:BKh2").as_deref(),
            Some("only kings remain (1 against 1) and nothing can change")
        );
        assert!(offer("B:WKa1,Kc1:BKh2,Kh4").is_some());
    }

    #[test]
    fn men_captures_or_three_kings_are_no_settled_ending() {
        assert_eq!(offer("W:WKa1:Bh8"), None, "a man can still be crowned");
        assert_eq!(offer("W:WKa1,Kc1,Ke1:BKh8"), None, "three kings can win");
        assert_eq!(offer("W:WKc3:BKd4"), None, "White captures now");
        assert_eq!(offer("W:Wa1,c1:Bb8,d8"), None);
    }
}
