//! Oware tests that span the module: perft figures and random play-outs,
//! both checked against a slow reference written straight from the rules.

mod perft;
mod playouts;
mod reference;
