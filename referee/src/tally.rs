//! The counts of a match so far, built from finished games: win/draw/loss
//! per encounter, game pairs (pentanomial), standings, terminations. The
//! same code counts a running match, a resumed one and merged shards, so
//! they all print the same statistics.

use std::collections::{BTreeMap, HashMap};

use crate::breakers::BreakerTally;
use crate::game::{GameRecord, GameResult};
use crate::stats::{GameScore, Pentanomial, Wdl};

/// The games between two engines, from the first one's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EncounterTally {
    /// Wins, losses, draws of the first engine.
    pub wdl: Wdl,
    /// Game pairs of the first engine.
    pub pentanomial: Pentanomial,
}

/// One row of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The engine.
    pub name: String,
    /// Its results against all the others.
    pub wdl: Wdl,
}

/// Everything counted so far.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    engines: Vec<String>,
    encounters: BTreeMap<[usize; 2], EncounterTally>,
    /// First halves of game pairs, by pair number: the encounter and the
    /// first engine's score.
    half_pairs: HashMap<u64, ([usize; 2], GameScore)>,
    terminations: BTreeMap<String, u64>,
    games: u64,
    /// Mastermind's guesses as breaker.
    breakers: BreakerTally,
}

impl Tally {
    /// An empty tally for these engines (more are added as games name them).
    #[must_use]
    pub fn new(engines: &[String]) -> Self {
        Self {
            engines: engines.to_vec(),
            ..Self::default()
        }
    }

    fn engine_index(&mut self, name: &str) -> usize {
        if let Some(i) = self.engines.iter().position(|e| e == name) {
            return i;
        }
        self.engines.push(name.to_owned());
        self.engines.len() - 1
    }

    /// Counts a finished game. Games without a result (interrupted) are
    /// not counted.
    pub fn add(&mut self, record: &GameRecord) {
        let Some(p1_score) = (match record.result {
            GameResult::P1Win => Some(GameScore::Win),
            GameResult::P2Win => Some(GameScore::Loss),
            GameResult::Draw => Some(GameScore::Draw),
            GameResult::None => None,
        }) else {
            return;
        };
        self.breakers.add(record);
        let first = self.engine_index(&record.engines[0]);
        let second = self.engine_index(&record.engines[1]);
        // The first engine's score: as player 1's, or flipped.
        let score = if record.p1 == record.engines[0] {
            p1_score
        } else {
            p1_score.flip()
        };
        let key = [first, second];
        let encounter = self.encounters.entry(key).or_default();
        encounter.wdl.record(score);
        match self.half_pairs.remove(&record.pair) {
            Some((other_key, other)) if other_key == key => {
                encounter.pentanomial.record(other, score);
            }
            Some(mismatch) => {
                log::warn!(
                    "game {} claims pair {} of another encounter; not counted as a pair",
                    record.game,
                    record.pair
                );
                self.half_pairs.insert(record.pair, mismatch);
            }
            None => {
                self.half_pairs.insert(record.pair, (key, score));
            }
        }
        let termination = match &record.adjudication {
            Some(kind) => format!("{} ({kind})", record.termination),
            None => record.termination.clone(),
        };
        *self.terminations.entry(termination).or_default() += 1;
        self.games += 1;
    }

    /// Games counted.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.games
    }

    /// The engines, in the match's order.
    #[must_use]
    pub fn engines(&self) -> &[String] {
        &self.engines
    }

    /// Every encounter with its engines' names.
    pub fn encounters(&self) -> impl Iterator<Item = (&str, &str, &EncounterTally)> {
        self.encounters
            .iter()
            .map(|([a, b], t)| (self.engines[*a].as_str(), self.engines[*b].as_str(), t))
    }

    /// The games between the first two engines (a two-engine match).
    #[must_use]
    pub fn head_to_head(&self) -> EncounterTally {
        self.encounters.get(&[0, 1]).copied().unwrap_or_default()
    }

    /// Each engine's results against the field, best score first.
    #[must_use]
    pub fn standings(&self) -> Vec<Standing> {
        let mut rows: Vec<Standing> = self
            .engines
            .iter()
            .map(|name| Standing {
                name: name.clone(),
                wdl: Wdl::default(),
            })
            .collect();
        for ([a, b], t) in &self.encounters {
            rows[*a].wdl += t.wdl;
            rows[*b].wdl += t.wdl.flip();
        }
        rows.sort_by(|x, y| {
            let sx = x.wdl.score().unwrap_or(0.0);
            let sy = y.wdl.score().unwrap_or(0.0);
            sy.total_cmp(&sx)
        });
        rows
    }

    /// Mastermind's guesses as breaker, per engine and per pair.
    #[must_use]
    pub fn breakers(&self) -> &BreakerTally {
        &self.breakers
    }

    /// How many games ended each way, e.g. `normal` 18, `time forfeit` 2.
    #[must_use]
    pub fn terminations(&self) -> &BTreeMap<String, u64> {
        &self.terminations
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::game::{OpeningRecord, PerSide};

    pub(crate) fn record(
        game: u64,
        pair: u64,
        p1: &str,
        p2: &str,
        result: GameResult,
    ) -> GameRecord {
        GameRecord {
            game,
            round: 1,
            pair,
            match_games: None,
            engines: ["A".to_owned(), "B".to_owned()],
            p1: p1.to_owned(),
            p2: p2.to_owned(),
            variant: "kalah".to_owned(),
            opening: OpeningRecord::default(),
            result,
            score: result.pgn().to_owned(),
            termination: "normal".to_owned(),
            adjudication: None,
            reason: String::new(),
            fault: None,
            moves: Vec::new(),
            plies: 0,
            details: Vec::new(),
            final_fen: String::new(),
            time_ms: PerSide::default(),
            limits: PerSide::default(),
            started: String::new(),
            duration_ms: 0,
            guesses: None,
            solved: None,
        }
    }

    #[test]
    fn scores_follow_the_engines_not_the_colours() {
        let mut tally = Tally::new(&["A".to_owned(), "B".to_owned()]);
        tally.add(&record(1, 1, "A", "B", GameResult::P1Win)); // A wins
        tally.add(&record(2, 1, "B", "A", GameResult::P1Win)); // B wins
        tally.add(&record(3, 2, "A", "B", GameResult::Draw));
        tally.add(&record(4, 2, "B", "A", GameResult::P2Win)); // A wins
        tally.add(&record(5, 3, "A", "B", GameResult::None)); // not counted
        let h2h = tally.head_to_head();
        assert_eq!(h2h.wdl, Wdl::new(2, 1, 1));
        assert_eq!(h2h.pentanomial.0, [0, 0, 1, 1, 0]);
        assert_eq!(tally.games(), 4);
        let standings = tally.standings();
        assert_eq!(standings[0].name, "A");
        assert_eq!(standings[1].wdl, Wdl::new(1, 2, 1));
        assert_eq!(tally.terminations().get("normal"), Some(&4));
    }
}
