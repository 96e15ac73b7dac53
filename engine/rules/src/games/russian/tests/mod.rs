//! Russian draughts tests that span the module: perft figures and the
//! rules, each on a position made for it.

mod perft;
mod rules;
