//! Kalah tests that span the module: perft figures and random play-outs,
//! both checked against a naive reference written from the Prolog Kalah
//! program.

mod perft;
mod playouts;
mod reference;
