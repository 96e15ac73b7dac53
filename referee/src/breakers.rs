//! A code-breaking game's second score (Mastermind's, the game whose
//! records carry the guesses hook's count): how many guesses each engine
//! needs as the code breaker. A game's result follows the rules (the breaker wins by
//! solving within `MaxGuesses`), which says little when both engines
//! always solve; so each game pair, where the engines swap breaker and
//! maker, is also scored by the guesses: fewer wins the pair, the same
//! number (or neither solving) is a draw, and solving beats not solving.
//!
//! Guesses count only in games that ended by the rules. A game that ended
//! by an engine's fault (time forfeit, illegal move, disconnect, stall)
//! is lost in the comparison by the engine at fault, whichever role it
//! had: a maker that crashed must not make its breaker look unsolved. A
//! pair with an adjudicated game, where nobody is at fault and the guesses
//! stopped early, is not scored.

use std::collections::{BTreeMap, HashMap};

use crate::game::{GameRecord, GameResult, Termination};

/// How one game counts in its pair's comparison, best for the breaker
/// first (the derived order compares solved games by their guesses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Standing {
    /// The maker was at fault: the breaker cannot do better.
    MakerFault,
    /// Ended by the rules with the code found in this many guesses.
    Solved(usize),
    /// Ended by the rules with the rows used up.
    Unsolved,
    /// The breaker was at fault: worse than not solving.
    BreakerFault,
}

/// One game from the breaker's side.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Breaking {
    breaker: String,
    /// `None` when the game says nothing about the guesses and nobody was
    /// at fault (adjudicated).
    standing: Option<Standing>,
}

impl Breaking {
    /// The standing of `record`'s breaker (player 1) with `guesses` made.
    fn of(record: &GameRecord, guesses: usize, solved: bool) -> Self {
        let breaker = record.p1.clone();
        let standing = match record.termination() {
            Some(Termination::Normal) => Some(if solved {
                Standing::Solved(guesses)
            } else {
                Standing::Unsolved
            }),
            Some(
                Termination::TimeForfeit
                | Termination::IllegalMove
                | Termination::Disconnect
                | Termination::Stall,
            ) => match record.fault.as_deref() {
                Some(fault) if fault == record.p1 => Some(Standing::BreakerFault),
                Some(fault) if fault == record.p2 => Some(Standing::MakerFault),
                _ => None,
            },
            Some(Termination::Adjudication(_) | Termination::Interrupt) | None => None,
        };
        Self { breaker, standing }
    }
}

/// An engine's games as breaker.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BreakerStats {
    /// Games ended by the rules that it broke the code in.
    pub solved: u64,
    /// Their guesses, added up.
    pub guesses: u64,
    /// Games ended by the rules with the rows used up.
    pub unsolved: u64,
    /// Games that did not end by the rules (a fault, an adjudication):
    /// in neither the average nor the unsolved count.
    pub not_by_the_rules: u64,
}

impl BreakerStats {
    /// Guesses per solved game (games ended by the rules only).
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
    /// Pairs not scored: a game was adjudicated.
    pub unscored: u64,
}

/// Guesses as breaker, per engine and per pair.
#[derive(Clone, Debug, Default)]
pub struct BreakerTally {
    /// The game's name as the records give it (`mastermind`).
    game: String,
    engines: BTreeMap<String, BreakerStats>,
    /// First halves of pairs, by pair number.
    half_pairs: HashMap<u64, Breaking>,
    /// Pair scores by (first engine, second engine), names sorted.
    pairs: BTreeMap<(String, String), PairScore>,
}

impl BreakerTally {
    /// Counts a finished code-breaking game (its record has guesses);
    /// other games, and games with no result, are not counted.
    pub fn add(&mut self, record: &GameRecord) {
        let (Some(guesses), Some(solved)) = (record.guesses, record.solved) else {
            return;
        };
        if record.result == GameResult::None {
            return;
        }
        if self.game.is_empty() {
            self.game.clone_from(&record.variant);
        }
        let this = Breaking::of(record, guesses, solved);
        let stats = self.engines.entry(this.breaker.clone()).or_default();
        match this.standing {
            Some(Standing::Solved(n)) => {
                stats.solved += 1;
                stats.guesses += n as u64;
            }
            Some(Standing::Unsolved) => stats.unsolved += 1,
            Some(Standing::MakerFault | Standing::BreakerFault) | None => {
                stats.not_by_the_rules += 1;
            }
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
        let score = self
            .pairs
            .entry((first.breaker.clone(), second.breaker.clone()))
            .or_default();
        // A maker's fault beats solving, solving beats not solving (fewer
        // guesses beat more), and not solving beats a breaker's fault.
        match (first.standing, second.standing) {
            (Some(x), Some(y)) => match x.cmp(&y) {
                std::cmp::Ordering::Less => score.wins += 1,
                std::cmp::Ordering::Greater => score.losses += 1,
                std::cmp::Ordering::Equal => score.draws += 1,
            },
            _ => score.unscored += 1,
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
                let mut unsolved = if stats.unsolved > 0 {
                    format!(", {} unsolved", stats.unsolved)
                } else {
                    String::new()
                };
                if stats.not_by_the_rules > 0 {
                    unsolved += &format!(", {} not by the rules", stats.not_by_the_rules);
                }
                let what = if i == 0 { " guesses as breaker" } else { "" };
                format!(
                    "{name} {}{average}{what} ({} solved{unsolved})",
                    if i == 0 { "averaged " } else { "" },
                    stats.solved
                )
            })
            .collect();
        let game = capitalized(&self.game);
        let mut lines = vec![format!("{game}: {}", parts.join(", "))];
        for ((a, b), score) in &self.pairs {
            // In the match's order when both are known.
            let position = |name: &String| order.iter().position(|n| n == name);
            let swap = matches!((position(a), position(b)), (Some(x), Some(y)) if y < x);
            let (first, second, wins, losses) = if swap {
                (b, a, score.losses, score.wins)
            } else {
                (a, b, score.wins, score.losses)
            };
            let unscored = if score.unscored > 0 {
                format!(", {} not scored", score.unscored)
            } else {
                String::new()
            };
            lines.push(format!(
                "{game} pairs {first} vs {second} (fewer guesses wins): {wins} - {losses}, {} drawn{unscored}",
                score.draws
            ));
        }
        lines
    }
}

/// `name` with its first letter in capitals, as the summary begins.
fn capitalized(name: &str) -> String {
    let mut chars = name.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
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
                draws: 1,
                unscored: 0,
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

    /// Game `number` of `pair`, `breaker` against the other engine, ended
    /// by `termination` with `fault` (an engine's name) at fault.
    fn ended(
        number: u64,
        pair: u64,
        breaker: &str,
        termination: Termination,
        fault: Option<&str>,
    ) -> GameRecord {
        let maker = if breaker == "A" { "B" } else { "A" };
        let result = if fault == Some(breaker) {
            GameResult::P2Win
        } else if fault == Some(maker) {
            GameResult::P1Win
        } else {
            GameResult::Draw
        };
        let adjudication = match termination {
            Termination::Adjudication(kind) => Some(kind.name().to_owned()),
            _ => None,
        };
        GameRecord {
            termination: termination.name().to_owned(),
            adjudication,
            fault: fault.map(str::to_owned),
            result,
            score: result.pgn().to_owned(),
            // The position at the end: the code not found yet.
            ..game(number, pair, breaker, 3, false)
        }
    }

    fn a_vs_b(tally: &BreakerTally) -> PairScore {
        tally.pairs()[&("A".to_owned(), "B".to_owned())]
    }

    #[test]
    fn a_maker_at_fault_loses_the_pair_not_its_breaker() {
        for termination in [
            Termination::TimeForfeit,
            Termination::IllegalMove,
            Termination::Disconnect,
            Termination::Stall,
        ] {
            let mut tally = BreakerTally::default();
            // A breaks; B, the maker, fails: A was not "unsolved".
            tally.add(&ended(1, 1, "A", termination, Some("B")));
            // B breaks in 3, as well as anyone could: still B's fault loses.
            tally.add(&game(2, 1, "B", 3, true));
            assert_eq!(
                a_vs_b(&tally),
                PairScore {
                    wins: 1,
                    ..PairScore::default()
                },
                "{termination:?}"
            );
            let a = tally.engines()["A"];
            assert_eq!(
                (a.solved, a.unsolved, a.not_by_the_rules),
                (0, 0, 1),
                "the game is not in A's average"
            );
            assert_eq!(tally.engines()["B"].average(), Some(3.0));
        }
    }

    #[test]
    fn a_breaker_at_fault_loses_the_pair_even_to_an_unsolved_game() {
        let mut tally = BreakerTally::default();
        tally.add(&game(1, 1, "A", 10, false));
        tally.add(&ended(2, 1, "B", Termination::TimeForfeit, Some("B")));
        assert_eq!(
            a_vs_b(&tally),
            PairScore {
                wins: 1,
                ..PairScore::default()
            }
        );
        let b = tally.engines()["B"];
        assert_eq!((b.solved, b.unsolved, b.not_by_the_rules), (0, 0, 1));
        assert_eq!(b.average(), None);
    }

    #[test]
    fn one_fault_each_is_a_drawn_pair() {
        let mut tally = BreakerTally::default();
        // B fails as maker, then as breaker... and A fails as maker.
        tally.add(&ended(1, 1, "A", Termination::Disconnect, Some("B")));
        tally.add(&ended(2, 1, "B", Termination::Stall, Some("A")));
        tally.add(&ended(3, 2, "A", Termination::IllegalMove, Some("A")));
        tally.add(&ended(4, 2, "B", Termination::IllegalMove, Some("B")));
        assert_eq!(
            a_vs_b(&tally),
            PairScore {
                draws: 2,
                ..PairScore::default()
            }
        );
    }

    #[test]
    fn a_pair_with_an_adjudicated_game_is_not_scored() {
        let mut tally = BreakerTally::default();
        tally.add(&game(1, 1, "A", 4, true));
        tally.add(&ended(
            2,
            1,
            "B",
            Termination::Adjudication(crate::game::Adjudication::MaxMoves),
            None,
        ));
        tally.add(&game(3, 2, "A", 4, true));
        tally.add(&game(4, 2, "B", 5, true));
        assert_eq!(
            a_vs_b(&tally),
            PairScore {
                wins: 1,
                unscored: 1,
                ..PairScore::default()
            }
        );
        let b = tally.engines()["B"];
        assert_eq!((b.solved, b.unsolved, b.not_by_the_rules), (1, 0, 1));
        assert_eq!(
            tally.report_lines(&["A".to_owned(), "B".to_owned()]),
            [
                "Mastermind: A averaged 4.00 guesses as breaker (2 solved), B 5.00 (1 solved, 1 not by the rules)",
                "Mastermind pairs A vs B (fewer guesses wins): 1 - 0, 0 drawn, 1 not scored",
            ]
        );
    }
}
