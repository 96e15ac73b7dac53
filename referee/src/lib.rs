//! `ply-referee`: matches and tournaments between engine processes.

pub mod stats;
