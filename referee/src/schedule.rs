//! Who plays whom, with which opening and colours, in which game: the
//! same numbering on every run and machine, so that `-shard K/N` picks a
//! deterministic part of the match and a results file can be resumed.
//!
//! The order is cutechess's: for each round, for each encounter (pair of
//! engines), `-games` games. Within an encounter, game k (0-based, counted
//! over the rounds) uses opening `k / repeat` and swaps colours on odd k
//! (unless `-noswap`); games 2j and 2j+1 form a game pair. Work is handed
//! out a pair at a time, and shards take whole pairs (pair number mod N),
//! so pentanomial pairs stay whole.

use std::collections::HashMap;

use crate::config::{Shard, TournamentKind};

/// One game of the schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScheduledGame {
    /// Game number, 1-based.
    pub number: u64,
    /// Round, 1-based.
    pub round: u32,
    /// Game pair, 1-based.
    pub pair: u64,
    /// The encounter: two engine indices, in the match's order.
    pub encounter: [usize; 2],
    /// Engine index of player 1 and player 2.
    pub players: [usize; 2],
    /// Index into the openings.
    pub opening: usize,
}

/// A game pair: the unit of work and of sharding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Pair number, 1-based.
    pub pair: u64,
    /// Its games, in order (two, or one at the end of an odd encounter).
    pub games: Vec<ScheduledGame>,
}

/// The games of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    /// The game pairs, by pair number.
    pub units: Vec<Unit>,
    /// Games in the whole match (every shard).
    pub total_games: u64,
}

/// What the schedule depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScheduleParams {
    /// Number of engines.
    pub engines: usize,
    /// Round-robin or gauntlet.
    pub tournament: TournamentKind,
    /// Games per encounter per round.
    pub games: u32,
    /// Rounds.
    pub rounds: u32,
    /// Each opening is played this many times in a row.
    pub repeat: u32,
    /// Keep colours.
    pub no_swap: bool,
    /// Number of openings.
    pub openings: usize,
}

/// The encounters: pairs of engine indices.
#[must_use]
pub fn encounters(engines: usize, tournament: TournamentKind) -> Vec<[usize; 2]> {
    match tournament {
        TournamentKind::RoundRobin => (0..engines)
            .flat_map(|a| (a + 1..engines).map(move |b| [a, b]))
            .collect(),
        TournamentKind::Gauntlet => (1..engines).map(|b| [0, b]).collect(),
    }
}

impl Schedule {
    /// The whole match.
    #[must_use]
    pub fn build(params: &ScheduleParams) -> Self {
        let encounters = encounters(params.engines, params.tournament);
        let repeat = u64::from(params.repeat.max(1));
        let openings = params.openings.max(1) as u64;
        let mut units: Vec<Unit> = Vec::new();
        let mut pair_of: HashMap<(usize, u64), usize> = HashMap::new();
        let mut number = 0;
        for round in 0..params.rounds {
            for (e, &encounter) in encounters.iter().enumerate() {
                for j in 0..params.games {
                    number += 1;
                    let k = u64::from(round) * u64::from(params.games) + u64::from(j);
                    let swap = !params.no_swap && k % 2 == 1;
                    let unit = *pair_of.entry((e, k / 2)).or_insert_with(|| {
                        units.push(Unit {
                            pair: units.len() as u64 + 1,
                            games: Vec::new(),
                        });
                        units.len() - 1
                    });
                    let pair = units[unit].pair;
                    units[unit].games.push(ScheduledGame {
                        number,
                        round: round + 1,
                        pair,
                        encounter,
                        players: if swap {
                            [encounter[1], encounter[0]]
                        } else {
                            encounter
                        },
                        opening: usize::try_from((k / repeat) % openings).unwrap_or(0),
                    });
                }
            }
        }
        Self {
            units,
            total_games: number,
        }
    }

    /// Only the pairs of `shard`: pair number mod N = K - 1.
    #[must_use]
    pub fn shard(mut self, shard: Shard) -> Self {
        let count = u64::from(shard.count);
        let index = u64::from(shard.index) - 1;
        self.units.retain(|unit| (unit.pair - 1) % count == index);
        self
    }

    /// Every game, by number.
    pub fn games(&self) -> impl Iterator<Item = &ScheduledGame> {
        self.units.iter().flat_map(|u| u.games.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(engines: usize, games: u32, rounds: u32) -> ScheduleParams {
        ScheduleParams {
            engines,
            tournament: TournamentKind::RoundRobin,
            games,
            rounds,
            repeat: 2,
            no_swap: false,
            openings: 3,
        }
    }

    #[test]
    fn pairs_share_an_opening_and_swap_colours() {
        let schedule = Schedule::build(&params(2, 6, 1));
        assert_eq!(schedule.total_games, 6);
        assert_eq!(schedule.units.len(), 3);
        for unit in &schedule.units {
            let [a, b] = [unit.games[0], unit.games[1]];
            assert_eq!(a.opening, b.opening);
            assert_eq!(a.players, [b.players[1], b.players[0]]);
            assert_eq!(b.number, a.number + 1);
        }
        let openings: Vec<usize> = schedule.games().map(|g| g.opening).collect();
        assert_eq!(openings, [0, 0, 1, 1, 2, 2]);
    }

    #[test]
    fn round_robin_and_gauntlet() {
        assert_eq!(
            encounters(4, TournamentKind::RoundRobin),
            [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
        );
        assert_eq!(
            encounters(4, TournamentKind::Gauntlet),
            [[0, 1], [0, 2], [0, 3]]
        );
        // 3 engines, 1 game a round, 4 rounds: pairs span rounds.
        let schedule = Schedule::build(&params(3, 1, 4));
        assert_eq!(schedule.total_games, 12);
        assert_eq!(schedule.units.len(), 6);
        let first = &schedule.units[0];
        assert_eq!(
            first.games.iter().map(|g| g.number).collect::<Vec<_>>(),
            [1, 4]
        );
        assert_eq!(first.games[1].round, 2);
    }

    #[test]
    fn shards_split_whole_pairs_and_cover_the_match() {
        let full = Schedule::build(&params(2, 10, 1));
        let mut numbers: Vec<u64> = Vec::new();
        for index in 1..=3 {
            let shard = full.clone().shard(Shard { index, count: 3 });
            for unit in &shard.units {
                assert_eq!(unit.games.len(), 2);
            }
            numbers.extend(shard.games().map(|g| g.number));
        }
        numbers.sort_unstable();
        assert_eq!(numbers, (1..=10).collect::<Vec<_>>());
    }

    #[test]
    fn noswap_keeps_colours() {
        let mut p = params(2, 4, 1);
        p.no_swap = true;
        let schedule = Schedule::build(&p);
        assert!(schedule.games().all(|g| g.players == [0, 1]));
    }
}
