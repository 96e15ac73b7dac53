//! What each game calls its two sides.

use ply_engine::game::Player;
use ply_engine::variant::Variant;

/// The name of a side in `variant`: South and North in Kalah and Oware,
/// X and O in tic-tac-toe, White and Black in draughts.
#[must_use]
pub fn side_name(variant: Variant, player: Player) -> &'static str {
    match (variant, player) {
        (Variant::Kalah | Variant::Oware, Player::One) => "South",
        (Variant::Kalah | Variant::Oware, Player::Two) => "North",
        (Variant::TicTacToe, Player::One) => "X",
        (Variant::TicTacToe, Player::Two) => "O",
        (Variant::Russian, Player::One) => "White",
        (Variant::Russian, Player::Two) => "Black",
        (Variant::Mastermind, Player::One) => "Breaker",
        (Variant::Mastermind, Player::Two) => "Maker",
    }
}
