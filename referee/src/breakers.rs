//! Mastermind's second score: how many guesses each engine needs as the
//! code breaker. A game's result follows the rules (the breaker wins by
//! solving within `MaxGuesses`), which says little when both engines
//! always solve; so each game pair, where the engines swap breaker and
//! maker, is also scored by the guesses: fewer wins the pair, the same
//! number (or neither solving) is a draw, and solving beats not solving.

use std::collections::{BTreeMap, HashMap};

use crate::game::{GameRecord, GameResult};

/// One game from the breaker's side.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Breaking {
    breaker: String,
    /// The guesses made, when the code was found.
    solved_in: Option<usize>,
}

/// An engine's games as breaker.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BreakerStats {
    /// Games it broke the code in.
    pub solved: u64,
    /// Their guesses, added up.
    pub guesses: u64,
    /// Games it ran out of rows (or the game ended first).
    pub unsolved: u64,
}

impl BreakerStats {
    /// Guesses per solved game.
    #[must_use]
    pub fn average(&self) -> Option<f64> {
        (self.solved > 0).then(|| self.guesses as f64 / self.solved as f64)
    }
}

/// The pairs between two engines scored by guesses, from the first one's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PairScore {
    /// Pairs the first engine needed fewer guesses in.
    pub wins: u64,
    /// Pairs it needed more in.
    pub losses: u64,
    /// Pairs with the same count.
    pub draws: u64,
}

/// Guesses as breaker, per engine and per pair.
#[derive(Clone, Debug, Default)]
pub struct BreakerTally {
    engines: BTreeMap<String, BreakerStats>,
    /// First halves of pairs, by pair number.
    half_pairs: HashMap<u64, Breaking>,
    /// Pair scores by (first engine, second engine), names sorted.
    pairs: BTreeMap<(String, String), PairScore>,
}

impl BreakerTally {
    /// Counts a finished Mastermind game; other games, and games with no
    /// result, are not counted.
    pub fn add(&mut self, record: &GameRecord) {
        let (Some(guesses), Some(solved)) = (record.guesses, record.solved) else {
            return;
        };
        if record.result == GameResult::None {
            return;
        }
        let this = Breaking {
            breaker: record.p1.clone(),
            solved_in: solved.then_some(guesses),
        };
        let stats = self.engines.entry(this.breaker.clone()).or_default();
        match this.solved_in {
            Some(n) => {
                stats.solved += 1;
                stats.guesses += n as u64;
            }
            None => stats.unsolved += 1,
        }
        match self.half_pairs.remove(&record.pair) {
            Some(other) if other.breaker != this.breaker => self.score_pair(&other, &this),
            Some(other) => {
                log::warn!(
                    "game {}: the same breaker twice in pair {}; not scored as a pair",
                    record.game,
                    record.pair
                );
                self.half_pairs.insert(record.pair, other);
            }
            None => {
                self.half_pairs.insert(record.pair, this);
            }
        }
    }

    fn score_pair(&mut self, a: &Breaking, b: &Breaking) {
        let (first, second) = if a.breaker <= b.breaker {
            (a, b)
        } else {
            (b, a)
        };
        // Solving beats not solving; fewer guesses beat more.
        let key = |x: &Breaking| x.solved_in.map_or(usize::MAX, |n| n);
        let score = self
            .pairs
            .entry((first.breaker.clone(), second.breaker.clone()))
            .or_default();
        match key(first).cmp(&key(second)) {
            std::cmp::Ordering::Less => score.wins += 1,
            std::cmp::Ordering::Greater => score.losses += 1,
            std::cmp::Ordering::Equal => score.draws += 1,
        }
    }

    /// Whether any Mastermind game was counted.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.engines.is_empty()
    }

    /// Each engine's games as breaker.
    #[must_use]
    pub fn engines(&self) -> &BTreeMap<String, BreakerStats> {
        &self.engines
    }

    /// The pair scores, names in order, from the first one's side.
    #[must_use]
    pub fn pairs(&self) -> &BTreeMap<(String, String), PairScore> {
        &self.pairs
    }

    /// `Mastermind: A averaged 5.40 guesses as breaker (5 solved), B 5.60
    /// (5 solved, 1 unsolved)` and a line per encounter's pairs:
    /// `Mastermind pairs A vs B (fewer guesses wins): 3 - 1, 1 drawn`.
    #[must_use]
    pub fn report_lines(&self, order: &[String]) -> Vec<String> {
        if self.is_empty() {
            return Vec::new();
        }
        let mut names: Vec<&String> = order
            .iter()
            .filter(|n| self.engines.contains_key(*n))
            .collect();
        names.extend(self.engines.keys().filter(|n| !order.contains(n)));
        let parts: Vec<String> = names
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let stats = self.engines[*name];
                let average = stats
                    .average()
                    .map_or_else(|| "no solved".to_owned(), |a| format!("{a:.2}"));
                let unsolved = if stats.unsolved > 0 {
                    format!(", {} unsolved", stats.unsolved)
                } else {
                    String::new()
                };
                let what = if i == 0 { " guesses as breaker" } else { "" };
                format!(
                    "{name} {}{average}{what} ({} solved{unsolved})",
                    if i == 0 { "averaged " } else { "" },
                    stats.solved
                )
            })
            .collect();
        let mut lines = vec![format!("Mastermind: {}", parts.join(", "))];
        for ((a, b), score) in &self.pairs {
            // In the match's order when both are known.
            let position = |name: &String| order.iter().position(|n| n == name);
            let swap = matches!((position(a), position(b)), (Some(x), Some(y)) if y < x);
            let (first, second, wins, losses) = if swap {
                (b, a, score.losses, score.wins)
            } else {
                (a, b, score.wins, score.losses)
            };
            lines.push(format!(
                "Mastermind pairs {first} vs {second} (fewer guesses wins): {wins} - {losses}, {} drawn",
                score.draws
            ));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tally::tests::record;

    fn game(number: u64, pair: u64, breaker: &str, guesses: usize, solved: bool) -> GameRecord {
        let maker = if breaker == "A" { "B" } else { "A" };
        let result = if solved {
            GameResult::P1Win
        } else {
            GameResult::P2Win
        };
        GameRecord {
            variant: "mastermind".to_owned(),
            guesses: Some(guesses),
            solved: Some(solved),
            ..record(number, pair, breaker, maker, result)
        }
    }

    #[test]
    fn pairs_are_won_by_fewer_guesses_and_solving() {
        let mut tally = BreakerTally::default();
        tally.add(&game(1, 1, "A", 5, true));
        tally.add(&game(2, 1, "B", 6, true)); // A wins the pair
        tally.add(&game(3, 2, "A", 5, true));
        tally.add(&game(4, 2, "B", 5, true)); // drawn
        tally.add(&game(5, 3, "B", 4, true));
        tally.add(&game(6, 3, "A", 10, false)); // B wins: A did not solve
        assert_eq!(
            tally.pairs()[&("A".to_owned(), "B".to_owned())],
            PairScore {
                wins: 1,
                losses: 1,
                draws: 1
            }
        );
        let a = tally.engines()["A"];
        assert_eq!((a.solved, a.guesses, a.unsolved), (2, 10, 1));
        assert_eq!(a.average(), Some(5.0));
        let lines = tally.report_lines(&["A".to_owned(), "B".to_owned()]);
        assert_eq!(
            lines,
            [
                "Mastermind: A averaged 5.00 guesses as breaker (2 solved, 1 unsolved), B 5.00 (3 solved)",
                "Mastermind pairs A vs B (fewer guesses wins): 1 - 1, 1 drawn",
            ]
        );
        // In the match's order, B first.
        let lines = tally.report_lines(&["B".to_owned(), "A".to_owned()]);
        assert!(
            lines[0].starts_with("Mastermind: B averaged 5.00"),
            "{lines:?}"
        );
        assert_eq!(
            lines[1],
            "Mastermind pairs B vs A (fewer guesses wins): 1 - 1, 1 drawn"
        );
    }

    #[test]
    fn other_games_are_not_counted() {
        let mut tally = BreakerTally::default();
        tally.add(&record(1, 1, "A", "B", GameResult::P1Win));
        assert!(tally.is_empty());
        assert!(tally.report_lines(&[]).is_empty());
    }
}
