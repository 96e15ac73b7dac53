//! The statistics lines printed at every `-ratinginterval`, at the end of a
//! match and by `merge`: cutechess's `Score of …` and `Elo difference: …`,
//! fastchess's `Elo: …, nElo: …`, `Ptnml(0-2): …` and `LLR: …`, and for
//! more than two engines a standings table.

use crate::config::SprtConfig;
use crate::stats::{
    EloEstimate, NeloEstimate, Sprt, SprtDecision, SprtError, elo_from_pentanomial, elo_from_wdl,
    format_elo_line, format_score_line, nelo_from_pentanomial, nelo_from_wdl,
};
use crate::tally::{EncounterTally, Tally};

/// What the statistics lines report beside the counts.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Report {
    /// `-sprt`.
    pub sprt: Option<Sprt>,
    /// `-report penta=true` (the default, as in fastchess): game pairs are
    /// the samples of the nElo and SPRT and the `Ptnml(0-2)` line is
    /// printed; `false`: single games.
    pub by_pairs: bool,
}

impl Report {
    /// The report a match or a merge asks for: `-sprt` (checked) and
    /// `-report penta`.
    ///
    /// # Errors
    /// [`SprtError`] when the SPRT's bounds or error rates are refused.
    pub fn new(sprt: Option<SprtConfig>, by_pairs: bool) -> Result<Self, SprtError> {
        Ok(Self {
            sprt: sprt
                .map(|s| Sprt::new(s.elo0, s.elo1, s.alpha, s.beta, s.model))
                .transpose()?,
            by_pairs,
        })
    }
}

/// The SPRT's state after the games so far: the LLR (from game pairs when
/// `by_pairs` and there are any, else from single games) and the decision.
#[must_use]
pub fn sprt_status(tally: &Tally, sprt: &Sprt, by_pairs: bool) -> (f64, SprtDecision) {
    let h2h = tally.head_to_head();
    let llr = sprt.llr(&h2h.pentanomial, &h2h.wdl, by_pairs);
    (llr, sprt.decision(llr))
}

/// fastchess's `Elo: 12.34 +/- 5.67, nElo: 23.45 +/- 10.11`, from game
/// pairs when `by_pairs` and there are any, else from the games.
fn fastchess_elo_line(h2h: &EncounterTally, by_pairs: bool) -> Option<String> {
    let (elo, nelo): (Option<EloEstimate>, Option<NeloEstimate>) =
        if by_pairs && h2h.pentanomial.pairs() > 0 {
            (
                elo_from_pentanomial(&h2h.pentanomial),
                nelo_from_pentanomial(&h2h.pentanomial),
            )
        } else {
            (elo_from_wdl(&h2h.wdl), nelo_from_wdl(&h2h.wdl))
        };
    let (elo, nelo) = (elo?, nelo?);
    Some(format!(
        "Elo: {:.2} +/- {:.2}, nElo: {:.2} +/- {:.2}",
        elo.elo, elo.error95, nelo.nelo, nelo.error95
    ))
}

/// The statistics lines. `final_report` adds the count of terminations.
#[must_use]
pub fn report_lines(tally: &Tally, report: &Report, final_report: bool) -> Vec<String> {
    let mut lines = Vec::new();
    let engines = tally.engines();
    if engines.len() == 2 {
        let h2h = tally.head_to_head();
        lines.push(format_score_line(&engines[0], &engines[1], &h2h.wdl));
        if report.by_pairs && h2h.pentanomial.pairs() > 0 {
            lines.push(h2h.pentanomial.fastchess_line());
        }
        lines.push(match elo_from_wdl(&h2h.wdl) {
            Some(estimate) => format_elo_line(&estimate),
            None => "Elo difference: n/a (no games finished)".to_owned(),
        });
        lines.extend(fastchess_elo_line(&h2h, report.by_pairs));
        if let Some(sprt) = &report.sprt {
            let (llr, decision) = sprt_status(tally, sprt, report.by_pairs);
            lines.push(sprt.llr_line(llr));
            if decision.is_final() {
                lines.push(format!("SPRT: {decision}"));
            }
        }
    } else {
        lines.extend(standings_table(tally));
    }
    lines.extend(tally.breakers().report_lines(tally.engines()));
    if final_report && !tally.terminations().is_empty() {
        let counts: Vec<String> = tally
            .terminations()
            .iter()
            .map(|(name, count)| format!("{name} {count}"))
            .collect();
        lines.push(format!("Terminations: {}", counts.join(", ")));
    }
    lines
}

/// `Rank Name Elo +/- Games Score Draws`, best first.
fn standings_table(tally: &Tally) -> Vec<String> {
    let standings = tally.standings();
    let width = standings
        .iter()
        .map(|s| s.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut lines = vec![format!(
        "{:>4} {:<width$} {:>8} {:>8} {:>7} {:>7} {:>7}",
        "Rank", "Name", "Elo", "+/-", "Games", "Score", "Draws"
    )];
    for (rank, row) in standings.iter().enumerate() {
        let games = row.wdl.games();
        let (elo, error) = match elo_from_wdl(&row.wdl) {
            Some(e) => (format!("{:.1}", e.elo), format!("{:.1}", e.error95)),
            None => ("-".to_owned(), "-".to_owned()),
        };
        let percent =
            |x: Option<f64>| x.map_or_else(|| "-".to_owned(), |x| format!("{:.1}%", x * 100.0));
        let draws = (games > 0).then(|| row.wdl.draws as f64 / games as f64);
        lines.push(format!(
            "{:>4} {:<width$} {:>8} {:>8} {:>7} {:>7} {:>7}",
            rank + 1,
            row.name,
            elo,
            error,
            games,
            percent(row.wdl.score()),
            percent(draws),
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameResult;
    use crate::stats::SprtModel;
    use crate::tally::tests::record;

    /// Two pairs: A wins 1½–½ and 1–1 (WD, WL), i.e. W2 L1 D1.
    fn tally() -> Tally {
        let mut tally = Tally::new(&["A".to_owned(), "B".to_owned()]);
        tally.add(&record(1, 1, "A", "B", GameResult::P1Win));
        tally.add(&record(2, 1, "B", "A", GameResult::Draw));
        tally.add(&record(3, 2, "A", "B", GameResult::P1Win));
        tally.add(&record(4, 2, "B", "A", GameResult::P1Win));
        tally
    }

    #[test]
    fn pairs_report_has_ptnml_nelo_and_llr_lines() {
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05, SprtModel::Normalized).ok();
        let by_pairs = report_lines(
            &tally(),
            &Report {
                sprt,
                by_pairs: true,
            },
            false,
        );
        // Pairs scored ¾ and ½: μ = 0.625, σ² = 0.015625, game σ = √2·0.125;
        // nElo = 0.125/0.176777 · 347.4355 = 245.67.
        assert!(
            by_pairs.contains(&"Ptnml(0-2): [0, 0, 1, 1, 0]".to_owned()),
            "{by_pairs:?}"
        );
        let elo = by_pairs
            .iter()
            .find(|l| l.starts_with("Elo: "))
            .expect("an Elo line");
        assert!(elo.contains(", nElo: 245.67 +/- "), "{elo}");
        assert!(
            by_pairs.iter().any(|l| l.starts_with("LLR: ")),
            "{by_pairs:?}"
        );
        assert!(by_pairs.iter().any(|l| l.starts_with("Elo difference: ")));

        let by_games = report_lines(
            &tally(),
            &Report {
                sprt,
                by_pairs: false,
            },
            false,
        );
        assert!(
            !by_games.iter().any(|l| l.starts_with("Ptnml")),
            "{by_games:?}"
        );
        // W2 L1 D1: μ = 0.625, σ² = 0.171875; nElo = 0.125/0.414578 · 347.4355
        // = 104.76.
        let elo = by_games
            .iter()
            .find(|l| l.starts_with("Elo: "))
            .expect("an Elo line");
        assert!(elo.contains(", nElo: 104.76 +/- "), "{elo}");
    }
}
