//! The result lines cutechess-cli prints, character for character.
//!
//! Scripts and people who run cutechess-cli read its summary lines (and
//! tools grep them), so the referee prints the same two lines in the same
//! format:
//!
//! ```text
//! Score of A vs B: 100 - 80 - 20  [0.550] 200
//! Elo difference: 34.9 +/- 46.2, LOS: 93.2 %, DrawRatio: 10.0 %
//! ```
//!
//! (cutechess-cli's `EngineMatch` and `Tournament::results`, Qt's
//! `arg(x, 0, 'f', n)` being fixed-point with `n` decimals.) The pentanomial
//! and SPRT lines are fastchess's and live with their types:
//! [`Pentanomial::fastchess_line`](super::Pentanomial::fastchess_line) and
//! [`Sprt::llr_line`](super::Sprt::llr_line).
//!
//! One difference: before any game has finished the score fraction is
//! `-`, not cutechess-cli's `nan`.

use super::elo::EloEstimate;
use super::wdl::Wdl;

/// Decimals of the score fraction in the score line.
const SCORE_DECIMALS: usize = 3;

/// Decimals of every number in the Elo line.
const ELO_LINE_DECIMALS: usize = 1;

/// The score fraction before any game has finished, as the standings
/// table prints a missing value. (cutechess-cli prints its 0/0, `nan`, which
/// reads as a bug to a person and is no number to a script either.)
const NO_SCORE: &str = "-";

/// Fractions are printed as percentages.
const PERCENT: f64 = 100.0;

/// `Elo difference: 23.4 +/- 12.1, LOS: 99.1 %, DrawRatio: 12.0 %`: Elo,
/// error margin, LOS and draw ratio with one decimal, the last two as
/// percentages with a space before the `%`.
///
/// Infinite values print as `inf` / `-inf` (see [`EloEstimate`] on
/// degenerate counts).
#[must_use]
pub fn format_elo_line(estimate: &EloEstimate) -> String {
    let p = ELO_LINE_DECIMALS;
    format!(
        "Elo difference: {:.p$} +/- {:.p$}, LOS: {:.p$} %, DrawRatio: {:.p$} %",
        estimate.elo,
        estimate.error95,
        estimate.los * PERCENT,
        estimate.draw_ratio * PERCENT,
    )
}

/// `Score of A vs B: W - L - D  [0.550] N`: the first engine's wins, losses
/// and draws, two spaces, its score fraction with three decimals in
/// brackets, one space, the number of games.
///
/// With no game finished there is no fraction: it prints as `NO_SCORE`.
#[must_use]
pub fn format_score_line(first: &str, second: &str, wdl: &Wdl) -> String {
    let p = SCORE_DECIMALS;
    let score = wdl
        .score()
        .map_or_else(|| NO_SCORE.to_owned(), |s| format!("{s:.p$}"));
    format!(
        "Score of {first} vs {second}: {} - {} - {}  [{score}] {}",
        wdl.wins,
        wdl.losses,
        wdl.draws,
        wdl.games(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elo::elo_from_wdl;

    #[test]
    fn score_line_has_cutechess_spacing() {
        assert_eq!(
            format_score_line("A", "B", &Wdl::new(100, 80, 20)),
            "Score of A vs B: 100 - 80 - 20  [0.550] 200"
        );
        assert_eq!(
            format_score_line("ply d8", "ply d4", &Wdl::new(2, 0, 1)),
            "Score of ply d8 vs ply d4: 2 - 0 - 1  [0.833] 3"
        );
        assert_eq!(
            format_score_line("A", "B", &Wdl::default()),
            "Score of A vs B: 0 - 0 - 0  [-] 0"
        );
    }

    #[test]
    fn elo_line_has_cutechess_format() {
        let line = |e: EloEstimate| format_elo_line(&e);
        assert_eq!(
            line(EloEstimate {
                elo: 23.44,
                error95: 12.06,
                los: 0.991,
                draw_ratio: 0.12
            }),
            "Elo difference: 23.4 +/- 12.1, LOS: 99.1 %, DrawRatio: 12.0 %"
        );
        let e = elo_from_wdl(&Wdl::new(100, 80, 20)).expect("games");
        assert_eq!(
            line(e),
            "Elo difference: 34.9 +/- 46.2, LOS: 93.2 %, DrawRatio: 10.0 %"
        );
        let all_won = elo_from_wdl(&Wdl::new(10, 0, 0)).expect("games");
        assert_eq!(
            line(all_won),
            "Elo difference: inf +/- inf, LOS: 99.9 %, DrawRatio: 0.0 %"
        );
        let all_lost = elo_from_wdl(&Wdl::new(0, 10, 0)).expect("games");
        assert_eq!(
            line(all_lost),
            "Elo difference: -inf +/- inf, LOS: 0.1 %, DrawRatio: 0.0 %"
        );
    }
}
