//! Pluggable static evaluation.
//!
//! The search calls an [`Evaluator`] rather than [`SearchGame::evaluate`]
//! directly, so that a match between two evaluations (the way an
//! evaluation earns its place) needs no copy of the search. It is a type
//! parameter, so the call is monomorphised and costs nothing.

use std::sync::Arc;

use ply_rules::game::Player;

use super::accumulators::{AccumulatorStack, evaluate_afresh};
use super::game::{KnownMargin, SearchGame};
use crate::network::{Network, NetworkError, NetworkFile, Slots};
use crate::options::FileChoice;
use crate::search::oracles::Oracles;

/// A static evaluation of positions of `G`, from the side to move's view.
pub trait Evaluator<G>: Clone + Send + Sync + 'static {
    /// The score of a position that is not over, in centi-units.
    fn evaluate(&self, position: &G) -> i32;

    /// What is known of the final margin for the side to move
    /// (centi-units) without search; nothing by default.
    fn known(&self, position: &G) -> Option<KnownMargin> {
        let _ = position;
        None
    }

    /// The evaluation of `position`, `ply` plies below the root, during a
    /// search that reached it through [`Self::play`]: what an evaluation
    /// kept up to date along the line (a network's accumulators) answers
    /// from what it kept. [`Self::evaluate`] by default.
    #[inline]
    fn evaluate_at(&mut self, position: &G, ply: usize) -> i32 {
        let _ = ply;
        self.evaluate(position)
    }

    /// The search made a move from `parent`, `ply` plies below the root,
    /// to `child`. Nothing by default.
    #[inline]
    fn play(&mut self, parent: &G, child: &G, ply: usize) {
        let _ = (parent, child, ply);
    }
}

/// The engine's evaluation: the game's network where it has one (its
/// own, or one loaded with `EvalFile`), else [`SearchGame::evaluate`]; and
/// its endgame databases, [`SearchGame::known_margin`].
#[derive(Clone, Debug, Default)]
pub struct GameEvaluation {
    /// The databases loaded (none by default).
    pub oracles: Oracles,
    /// The network played (set once: the accumulators are its).
    network: NetworkChoice,
    /// The accumulators of the search's line.
    stack: AccumulatorStack,
}

impl GameEvaluation {
    /// The evaluation with these databases and this network.
    #[must_use]
    pub fn new(oracles: Oracles, network: NetworkChoice) -> Self {
        Self {
            oracles,
            network,
            stack: AccumulatorStack::default(),
        }
    }

    /// The evaluation of a search from `root`: as [`Self::new`], but with
    /// no network where the network does not read the root's board. A
    /// search never leaves its board, so its nodes need not ask again
    /// (Kalah(6,4) would otherwise try to read every node for Kalah(6,6)'s
    /// network).
    #[must_use]
    pub fn for_root<G: SearchGame>(oracles: Oracles, network: NetworkChoice, root: &G) -> Self {
        let reads =
            network.network::<G>().is_some() && root.network_input(Player::One, &mut Slots::new());
        Self::new(oracles, if reads { network } else { NetworkChoice::Off })
    }
}

/// Which network an evaluation plays.
#[derive(Clone, Debug, Default)]
pub enum NetworkChoice {
    /// The game's own ([`SearchGame::network`]), if it has one.
    #[default]
    Default,
    /// None: the game's evaluation without a network ([`SearchGame::evaluate`]).
    Off,
    /// This one, loaded from a file; a game it is not for plays its own.
    File(Arc<NetworkFile>),
}

impl NetworkChoice {
    /// The choice `EvalFile` names: the file read (not yet checked
    /// against a game).
    ///
    /// # Errors
    /// A file that cannot be read or is not a sound network.
    pub fn load(choice: &FileChoice) -> Result<Self, NetworkError> {
        Ok(match choice {
            FileChoice::Auto => Self::Default,
            FileChoice::None => Self::Off,
            FileChoice::File(path) => Self::File(Arc::new(NetworkFile::load(path)?)),
        })
    }

    /// The network `G` plays under this choice.
    #[inline]
    #[must_use]
    pub fn network<G: SearchGame>(&self) -> Option<&Network> {
        let own = G::network()?;
        match self {
            Self::Off => None,
            Self::File(file) if file.fits(&own.shape()) => Some(&file.network),
            Self::Default | Self::File(_) => own.get().map(|file| &file.network),
        }
    }
}

impl<G: SearchGame> Evaluator<G> for GameEvaluation {
    #[inline]
    fn evaluate(&self, position: &G) -> i32 {
        self.network
            .network::<G>()
            .and_then(|network| evaluate_afresh(network, position))
            .unwrap_or_else(|| position.evaluate())
    }

    #[inline]
    fn known(&self, position: &G) -> Option<KnownMargin> {
        position.known_margin(&self.oracles)
    }

    #[inline]
    fn evaluate_at(&mut self, position: &G, ply: usize) -> i32 {
        let Self { network, stack, .. } = self;
        network
            .network::<G>()
            .and_then(|network| stack.evaluate(network, position, ply))
            .unwrap_or_else(|| position.evaluate())
    }

    #[inline]
    fn play(&mut self, parent: &G, child: &G, ply: usize) {
        let Self { network, stack, .. } = self;
        if let Some(network) = network.network::<G>() {
            stack.play(network, parent, child, ply);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::ptr;
    use std::sync::Arc;

    use ply_rules::games::oware::Oware;
    use ply_rules::games::tictactoe::TicTacToe;

    use super::NetworkChoice;
    use crate::games::{oware, russian};
    use crate::network::{Network, NetworkFile};

    /// A copy of a game's embedded network, as `EvalFile` would load it.
    fn loaded(file: Option<&NetworkFile>) -> NetworkChoice {
        let file = file.expect("every embedded network reads").clone();
        NetworkChoice::File(Arc::new(file))
    }

    /// The network Oware plays by default.
    fn embedded_oware() -> &'static Network {
        &oware::network::EMBEDDED
            .get()
            .expect("Oware's network reads")
            .network
    }

    #[test]
    fn the_default_is_the_games_own_network() {
        let played = NetworkChoice::Default.network::<Oware>();
        assert!(played.is_some_and(|network| ptr::eq(network, embedded_oware())));
    }

    #[test]
    fn off_plays_no_network() {
        assert!(NetworkChoice::Off.network::<Oware>().is_none());
    }

    #[test]
    fn a_file_for_the_game_is_played_instead_of_its_own() {
        let choice = loaded(oware::network::EMBEDDED.get());
        let NetworkChoice::File(file) = &choice else {
            unreachable!("loaded gives a file")
        };
        let played = choice.network::<Oware>();
        assert!(played.is_some_and(|network| ptr::eq(network, &file.network)));
    }

    #[test]
    fn a_file_for_another_game_leaves_the_games_own_network() {
        let choice = loaded(russian::network::EMBEDDED.get());
        let played = choice.network::<Oware>();
        assert!(played.is_some_and(|network| ptr::eq(network, embedded_oware())));
    }

    #[test]
    fn a_game_without_a_network_plays_none_whatever_the_choice() {
        for choice in [
            NetworkChoice::Default,
            NetworkChoice::Off,
            loaded(oware::network::EMBEDDED.get()),
        ] {
            assert!(choice.network::<TicTacToe>().is_none(), "{choice:?}");
        }
    }
}
