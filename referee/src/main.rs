//! `ply-referee`: see `docs/referee.md`.

fn main() {}
