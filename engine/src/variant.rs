//! The game registry, from the rules crate ([`ply_rules::variant`]):
//! [`Variant`], [`AnyGame`] and [`AnyRules`], kept at the engine's old path.

pub use ply_rules::variant::*;
