//! The statistics lines printed at every `-ratinginterval`, at the end of a
//! match and by `merge`: cutechess's `Score of …` and `Elo difference: …`,
//! fastchess's `Ptnml(0-2): …` and `LLR: …`, and for more than two engines
//! a standings table.

use crate::stats::{Sprt, SprtDecision, elo_from_wdl, format_elo_line, format_score_line};
use crate::tally::Tally;

/// The SPRT's state after the games so far: the LLR (from game pairs when
/// there are any, else from single games) and the decision.
#[must_use]
pub fn sprt_status(tally: &Tally, sprt: &Sprt) -> (f64, SprtDecision) {
    let h2h = tally.head_to_head();
    let llr = if h2h.pentanomial.pairs() > 0 {
        sprt.llr_pentanomial(&h2h.pentanomial)
    } else {
        sprt.llr_trinomial(&h2h.wdl)
    };
    (llr, sprt.decision(llr))
}

/// The statistics lines. `final_report` adds the count of terminations.
#[must_use]
pub fn report_lines(tally: &Tally, sprt: Option<&Sprt>, final_report: bool) -> Vec<String> {
    let mut lines = Vec::new();
    let engines = tally.engines();
    if engines.len() == 2 {
        let h2h = tally.head_to_head();
        lines.push(format_score_line(&engines[0], &engines[1], &h2h.wdl));
        if h2h.pentanomial.pairs() > 0 {
            lines.push(h2h.pentanomial.fastchess_line());
        }
        lines.push(match elo_from_wdl(&h2h.wdl) {
            Some(estimate) => format_elo_line(&estimate),
            None => "Elo difference: n/a (no games finished)".to_owned(),
        });
        if let Some(sprt) = sprt {
            let (llr, decision) = sprt_status(tally, sprt);
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
