//! Kalah tests that span the module: perft figures and random play-outs,
//! both checked against a naive reference written from the seed's Prolog.

mod perft;
mod playouts;
mod reference;
