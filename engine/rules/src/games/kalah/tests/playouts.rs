//! Random play-outs: on every position of thousands of random games the
//! fast position and the naive reference agree, and the position string
//! round-trips.

use proptest::prelude::*;

use super::reference::Reference;
use crate::game::{Game, MoveList, Outcome, Player};
use crate::games::kalah::{Kalah, KalahRules, MAX_PITS, MAX_TOTAL_SEEDS};

/// SplitMix64: a tiny deterministic generator, so a failure can be replayed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0), near enough for tests.
    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % u64::try_from(n).unwrap()).unwrap()
    }
}

/// Random playable rules: any pit count, any seed count that fits.
fn random_rules(rng: &mut Rng) -> KalahRules {
    let pits = 1 + rng.below(usize::from(MAX_PITS));
    let max_seeds = usize::try_from(MAX_TOTAL_SEEDS).unwrap() / (2 * pits);
    let seeds = 1 + rng.below(max_seeds);
    KalahRules::new(
        u8::try_from(pits).unwrap(),
        u8::try_from(seeds).unwrap(),
        rng.below(2) == 1,
    )
    .unwrap()
}

/// A random position: up to 255 seeds thrown into random pits and stores,
/// often piled into few pits so that sowings make laps.
fn random_position(rng: &mut Rng) -> Kalah {
    let pits = 1 + rng.below(usize::from(MAX_PITS));
    let total = rng.below(usize::try_from(MAX_TOTAL_SEEDS).unwrap() + 1);
    let holes = 2 * pits + 2;
    // Few distinct targets make big piles.
    let targets: Vec<usize> = (0..1 + rng.below(holes))
        .map(|_| rng.below(holes))
        .collect();
    let mut counts = vec![0u32; holes];
    for _ in 0..total {
        counts[targets[rng.below(targets.len())]] += 1;
    }
    let join = |c: &[u32]| c.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
    let text = format!(
        "{} {} {} {} {}",
        join(&counts[..pits]),
        counts[pits],
        join(&counts[pits + 1..2 * pits + 1]),
        counts[2 * pits + 1],
        if rng.below(2) == 0 { "s" } else { "n" }
    );
    Kalah::from_position_string(&text, rng.below(2) == 1).unwrap()
}

fn legal_moves(pos: &Kalah) -> Vec<u8> {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves.to_vec()
}

/// Plays a random game from `pos` to the end, comparing the fast position
/// with the reference after every sowing.
fn play_out_against_reference(mut pos: Kalah, rng: &mut Rng) {
    let mut naive = Reference::from_kalah(&pos);
    let total = pos.total_seeds();
    loop {
        let context = pos.position_string();
        assert_eq!(context, naive.position_string());
        assert_eq!(pos.total_seeds(), total, "{context}");
        let moves = legal_moves(&pos);
        assert_eq!(moves, naive.moves(), "{context}");
        if moves.is_empty() {
            let (south, north) = naive.final_stores().unwrap();
            let expected = match south.cmp(&north) {
                std::cmp::Ordering::Greater => Outcome::Win(Player::One),
                std::cmp::Ordering::Less => Outcome::Win(Player::Two),
                std::cmp::Ordering::Equal => Outcome::Draw,
            };
            assert_eq!(pos.outcome(), Some(expected), "{context}");
            return;
        }
        assert_eq!(pos.outcome(), None, "{context}");
        let mv = moves[rng.below(moves.len())];
        pos.play(mv);
        naive.play(mv);
    }
}

#[test]
fn random_games_from_random_starts_agree_with_the_reference() {
    let mut rng = Rng(0x5EED_0000);
    for _ in 0..3_000 {
        let rules = random_rules(&mut rng);
        play_out_against_reference(Kalah::start(rules).unwrap(), &mut rng);
    }
}

#[test]
fn random_games_from_random_positions_agree_with_the_reference() {
    let mut rng = Rng(0x5EED_0001);
    for _ in 0..3_000 {
        let pos = random_position(&mut rng);
        play_out_against_reference(pos, &mut rng);
    }
}

proptest! {
    /// Every position of a random play-out from a random Kalah(m, n)
    /// start survives the trip through its position string, and every
    /// legal move through its notation.
    #[test]
    fn position_strings_and_moves_round_trip(
        pits in 1u8..=MAX_PITS,
        seed_share in 0.0f64..1.0,
        empty_capture in any::<bool>(),
        game_seed in any::<u64>(),
    ) {
        let max_seeds = MAX_TOTAL_SEEDS / (2 * u32::from(pits));
        // Truncation is the point: a share of the seeds that fit.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let seeds = 1 + (seed_share * f64::from(max_seeds - 1)) as u8;
        let mut pos = Kalah::start(KalahRules::new(pits, seeds, empty_capture).unwrap()).unwrap();
        let mut rng = Rng(game_seed);
        loop {
            let text = pos.position_string();
            let read = Kalah::from_position_string(&text, empty_capture).unwrap();
            prop_assert_eq!(read, pos, "{}", text);
            prop_assert_eq!(read.position_string(), text);
            let moves = legal_moves(&pos);
            for &mv in &moves {
                prop_assert_eq!(pos.parse_move(&pos.format_move(mv)), Ok(mv));
            }
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.below(moves.len())]);
        }
    }
}
