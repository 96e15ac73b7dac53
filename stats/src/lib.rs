//! Match statistics: score, Elo, LOS, pentanomial counts, SPRT.
//!
//! Everything is from the first engine's point of view (a [`GameScore::Win`]
//! is a win for the first engine named), and every formula is the one
//! cutechess-cli or fastchess uses, so that their users read the same
//! numbers off the referee:
//!
//! - [`Wdl`]: win/loss/draw counts and the score fraction.
//! - [`Pentanomial`]: game pairs (same opening, colours swapped) counted by
//!   the points they gave the first engine, fastchess's `Ptnml(0-2)`.
//! - [`elo_from_wdl`] (cutechess-cli, games independent) and
//!   [`elo_from_pentanomial`] (fastchess, pairs independent): Elo
//!   difference, 95 % error margin, LOS and draw ratio.
//! - [`nelo_from_wdl`] and [`nelo_from_pentanomial`]: fastchess's
//!   normalized Elo with its error margin.
//! - [`Sprt`]: Wald's bounds and the exact GSPRT log-likelihood ratio
//!   fastchess computes, for its three models, with the stop decision.
//! - [`format_score_line`] and [`format_elo_line`]: cutechess-cli's summary
//!   lines.
//! - [`erf`], [`normal_cdf`], [`normal_quantile`]: the special functions the
//!   above need, which the standard library lacks.
//!
//! All counts merge by `+` (shards, results files), so statistics of a
//! split match equal those of the whole.

mod cutechess_lines;
mod elo;
mod gsprt;
mod moments;
mod nelo;
mod normal;
mod pentanomial;
mod sprt;
mod wdl;

pub use cutechess_lines::{format_elo_line, format_score_line};
pub use elo::{
    CONFIDENCE_LEVEL, ELO_SCALE, EloEstimate, elo_from_pentanomial, elo_from_score, elo_from_wdl,
    los_from_wdl, score_from_elo,
};
pub use nelo::{NELO_SCALE, NeloEstimate, nelo_from_pentanomial, nelo_from_wdl};
pub use normal::{erf, erfc, normal_cdf, normal_quantile};
pub use pentanomial::{PAIR_SCORES, PENTANOMIAL_BUCKETS, Pentanomial};
pub use sprt::{Sprt, SprtDecision, SprtError, SprtModel, UnknownSprtModel};
pub use wdl::{DRAW_POINTS, GAME_SCORES, GameScore, LOSS_POINTS, WIN_POINTS, Wdl};
