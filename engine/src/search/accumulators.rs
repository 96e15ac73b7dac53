//! The accumulators of the positions on the search's current line, one
//! entry a ply, brought up to date lazily as Stockfish does.
//!
//! The search copies a position to make a move (it never unmakes one), so
//! "unmaking" is going back to the parent's entry, which is still there.
//! Making a move only notes the child in the next entry ([`AccumulatorStack::play`]);
//! the child's accumulators are computed when they are needed (the child
//! is evaluated, or makes a move itself), from the parent's by the slots
//! that changed. A child cut off by the transposition table or a database
//! costs nothing.

use ply_rules::game::Player;

use super::game::SearchGame;
use super::score::MAX_PLY;
use crate::network::{Accumulator, Network, Slots};

/// How far an entry is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Nothing known.
    Empty,
    /// The child of the entry above, not computed yet.
    Noted,
    /// Its slots and accumulators are those of the position keyed.
    Computed,
}

/// One ply's entry.
#[derive(Clone, Debug)]
struct Entry {
    state: State,
    /// The position's hash key.
    key: u64,
    /// Each side's slots, by [`Player::index`].
    slots: [Slots; 2],
    accumulator: Accumulator,
}

impl Default for Entry {
    fn default() -> Self {
        Self {
            state: State::Empty,
            key: 0,
            slots: [Slots::new(), Slots::new()],
            accumulator: Accumulator::default(),
        }
    }
}

/// One search thread's accumulators, a ply each (allocated on first use).
#[derive(Clone, Debug, Default)]
pub struct AccumulatorStack {
    entries: Vec<Entry>,
}

impl AccumulatorStack {
    /// The search made a move from `parent` (at `ply`) to `child`.
    pub fn play<G: SearchGame>(&mut self, network: &Network, parent: &G, child: &G, ply: usize) {
        if ply + 1 > MAX_PLY || !self.ensure(network, parent, ply) {
            return;
        }
        let entry = &mut self.entries[ply + 1];
        entry.state = State::Noted;
        entry.key = child.hash_key();
    }

    /// The network's evaluation of `position` (at `ply`) for its side to
    /// move, in centi-units; `None` where the network does not read the
    /// board.
    pub fn evaluate<G: SearchGame>(
        &mut self,
        network: &Network,
        position: &G,
        ply: usize,
    ) -> Option<i32> {
        if ply > MAX_PLY || !self.ensure(network, position, ply) {
            return None;
        }
        Some(value(network, &self.entries[ply].accumulator, position))
    }

    /// Makes the entry at `ply` that of `position`: kept if it is, brought
    /// up to date from its parent's if noted and the parent computed, else
    /// computed anew. False where the network does not read the board.
    fn ensure<G: SearchGame>(&mut self, network: &Network, position: &G, ply: usize) -> bool {
        if self.entries.is_empty() {
            self.entries.resize_with(MAX_PLY + 1, Entry::default);
        }
        let key = position.hash_key();
        let (above, rest) = self.entries.split_at_mut(ply);
        let entry = &mut rest[0];
        if entry.key == key && entry.state == State::Computed {
            return true;
        }
        if !fill_slots(position, &mut entry.slots) {
            entry.state = State::Empty;
            return false;
        }
        let parent = above.last().filter(|parent| {
            entry.state == State::Noted
                && entry.key == key
                && parent.state == State::Computed
                && parent.slots[0].len() == entry.slots[0].len()
        });
        for side in 0..2 {
            let half = &mut entry.accumulator.0[side];
            match parent {
                Some(parent) => network.update(
                    half,
                    &parent.accumulator.0[side],
                    &parent.slots[side],
                    &entry.slots[side],
                ),
                None => network.refresh(half, &entry.slots[side]),
            }
        }
        entry.state = State::Computed;
        entry.key = key;
        true
    }
}

/// Each side's slots of `position`; false where the network does not read it.
fn fill_slots<G: SearchGame>(position: &G, slots: &mut [Slots; 2]) -> bool {
    [Player::One, Player::Two].into_iter().all(|side| {
        let slots = &mut slots[side.index()];
        slots.clear();
        position.network_input(side, slots)
    })
}

/// The network's evaluation of `position` for its side to move, every
/// row summed anew: what the stack's entries must equal.
#[must_use]
pub fn evaluate_afresh<G: SearchGame>(network: &Network, position: &G) -> Option<i32> {
    let mut slots = [Slots::new(), Slots::new()];
    if !fill_slots(position, &mut slots) {
        return None;
    }
    let mut accumulator = Accumulator::default();
    for (half, slots) in accumulator.0.iter_mut().zip(&slots) {
        network.refresh(half, slots);
    }
    Some(value(network, &accumulator, position))
}

/// The evaluation of `position`, whose accumulators these are: what the
/// game counts exactly and the network's output.
fn value<G: SearchGame>(network: &Network, accumulator: &Accumulator, position: &G) -> i32 {
    let bucket = position.network_bucket(network.buckets());
    position.network_base() + network.output(accumulator, position.side_to_move(), bucket)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::network::EmbeddedNetwork;
    use crate::network::tests::sample_network;
    use ply_rules::variant::{AnyGame, AnyRules, Variant};
    use ply_rules::{with_game, with_variant};

    /// Walks the tree below `position` as the search does: each move
    /// noted, a third of the children cut off (noted, never computed), the
    /// leaves evaluated; every leaf's evaluation through the stack equals
    /// its evaluation afresh. The number of leaves checked.
    fn walk<G: SearchGame>(
        network: &Network,
        stack: &mut AccumulatorStack,
        position: &G,
        ply: usize,
        depth: usize,
    ) -> usize {
        if ply == depth || position.outcome().is_some() {
            let expected = evaluate_afresh(network, position);
            assert!(expected.is_some());
            assert_eq!(stack.evaluate(network, position, ply), expected);
            return 1;
        }
        let mut moves = G::Moves::default();
        position.legal_moves(&mut moves);
        let mut checked = 0;
        for (i, &mv) in moves.iter().enumerate() {
            let mut child = position.clone();
            child.play(mv);
            stack.play(network, position, &child, ply);
            if i % 3 != 2 {
                checked += walk(network, stack, &child, ply + 1, depth);
            }
        }
        checked
    }

    /// Every game with a network, and its own.
    fn own_networks() -> Vec<(Variant, &'static EmbeddedNetwork)> {
        Variant::ALL
            .into_iter()
            .filter_map(|variant| {
                with_variant!(variant, G => <G as SearchGame>::network()).map(|own| (variant, own))
            })
            .collect()
    }

    /// Every game with a network keeps its accumulators right through a
    /// search's walk, with a network whose every weight differs.
    #[test]
    fn the_stack_keeps_every_games_accumulators_right() {
        let mut games = 0;
        for (variant, own) in own_networks() {
            let network = sample_network(own.shape().game, own.shape().inputs);
            let start =
                AnyGame::start(&AnyRules::default_for(variant)).unwrap_or_else(|e| panic!("{e}"));
            let checked = with_game!(&start, game => {
                walk(&network, &mut AccumulatorStack::default(), game, 0, 4)
            });
            assert!(checked > 100, "{}: {checked} leaves", variant.name());
            games += 1;
        }
        assert!(games >= 3);
    }

    /// Every game's own network reads, is the game's, and is the file
    /// its name (its hash) says under `engine/networks/`.
    #[test]
    fn every_embedded_network_is_named_by_its_hash() {
        let mut seen = 0;
        for (variant, own) in own_networks() {
            let file = own
                .get()
                .unwrap_or_else(|| panic!("{}'s network does not read", variant.name()));
            assert!(file.check(&own.shape()).is_ok());
            assert!(file.name.starts_with(&format!("{}-", variant.name())));
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("networks")
                .join(&file.name);
            let on_disk =
                std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert_eq!(
                crate::network::NetworkFile::from_bytes(&on_disk)
                    .ok()
                    .as_ref(),
                Some(file)
            );
            seen += 1;
        }
        assert!(seen > 0);
    }
}
