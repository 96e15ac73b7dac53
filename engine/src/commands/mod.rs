//! The engine binary's commands beside the protocol session: `analyse` (a
//! file of positions, each searched or solved), `annotate` (games judged
//! move by move) and `build-book` (an opening book from searches and
//! proofs). Each runs sessions or searches of the layers below and is run
//! by the binary's module of the same name (`bin/ply-engine/commands/`,
//! which holds its command-line arguments); nothing below imports a
//! command (docs/architecture.md, "The engine's layers").

pub mod analyse;
pub mod annotate;
pub mod build_book;
