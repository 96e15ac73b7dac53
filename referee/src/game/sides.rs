//! What each game calls its two sides.

use ply_engine::game::Player;
use ply_engine::variant::Variant;

/// The name of a side in `variant`: South and North in Kalah.
#[must_use]
pub fn side_name(variant: Variant, player: Player) -> &'static str {
    match (variant, player) {
        (Variant::Kalah, Player::One) => "South",
        (Variant::Kalah, Player::Two) => "North",
    }
}
