//! A network's file: what a trained network is saved as, embedded in the
//! engine and loaded with `EvalFile`.
//!
//! Little-endian throughout:
//!
//! | field | size |
//! |---|---|
//! | magic `PLYNNUE1` | 8 bytes |
//! | the game's name, its length first | 1 + n bytes |
//! | inputs, hidden units | 4 + 4 bytes |
//! | the first layer's weights, a row a feature | inputs × hidden × 2 bytes |
//! | the first layer's bias | hidden × 2 bytes |
//! | the output's weights (the side to move's half, the other's) | 2 × hidden × 2 bytes |
//! | the output's bias | 4 bytes |
//! | CRC-32 of all the above | 4 bytes |
//!
//! A file is named `GAME-HASH.nnue`, HASH the first 12 hexadecimal digits
//! of its SHA-256, as Stockfish names its nets (`nn-<12 digits>.nnue`):
//! the name says which weights a result was measured with.

use std::path::Path;
use std::sync::OnceLock;

use sha2::{Digest, Sha256};
use thiserror::Error;

use super::input::InputShape;
use super::{HIDDEN, Half, Network};

/// The first bytes of every network file.
pub const MAGIC: &[u8; 8] = b"PLYNNUE1";
/// Hexadecimal digits of the hash in a network's name.
pub const NAME_DIGITS: usize = 12;
/// A network file's extension.
pub const EXTENSION: &str = "nnue";

/// Why a network could not be read.
#[derive(Debug, Error)]
pub enum NetworkError {
    /// The file could not be read.
    #[error("reading {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The file does not begin as a network does.
    #[error(
        "not a Ply network (it does not begin with {MAGIC:?})",
        MAGIC = "PLYNNUE1"
    )]
    NotANetwork,
    /// The file is cut short, its checksum is wrong, or its shape is not one the engine plays.
    #[error("damaged network: {0}")]
    Damaged(String),
    /// A network of another game.
    #[error("a network for {found}, not {expected}")]
    WrongGame {
        /// The game the file is for.
        found: String,
        /// The game being played.
        expected: String,
    },
    /// A network of the right game with another number of features.
    #[error("a network of {found} features, where {game} has {expected}")]
    WrongInputs {
        /// The game.
        game: String,
        /// The file's.
        found: usize,
        /// The game's.
        expected: usize,
    },
}

/// A network with its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetworkFile {
    /// `GAME-HASH.nnue`.
    pub name: String,
    /// The weights.
    pub network: Network,
}

impl NetworkFile {
    /// Reads a network from `bytes`.
    ///
    /// # Errors
    /// Not a network, or a damaged one (cut short, wrong checksum, another
    /// hidden size).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, NetworkError> {
        if !bytes.starts_with(MAGIC) {
            return Err(NetworkError::NotANetwork);
        }
        let Some((body, sum)) = bytes.split_last_chunk::<4>() else {
            return Err(NetworkError::Damaged("cut short".to_owned()));
        };
        if crc32fast::hash(body) != u32::from_le_bytes(*sum) {
            return Err(NetworkError::Damaged(
                "its checksum does not match its contents".to_owned(),
            ));
        }
        let mut reader = Reader {
            bytes: &body[MAGIC.len()..],
        };
        let name_length = usize::from(reader.take::<1>()?[0]);
        let game = std::str::from_utf8(reader.bytes(name_length)?)
            .map_err(|_| NetworkError::Damaged("its game's name is not UTF-8".to_owned()))?
            .to_owned();
        let inputs = reader.u32()? as usize;
        let hidden = reader.u32()? as usize;
        if hidden != HIDDEN {
            return Err(NetworkError::Damaged(format!(
                "{hidden} hidden units, where the engine plays {HIDDEN}"
            )));
        }
        let feature_weights = (0..inputs)
            .map(|_| reader.half())
            .collect::<Result<Vec<_>, _>>()?;
        let feature_bias = reader.half()?;
        let output_weights = [reader.half()?, reader.half()?];
        let output_bias = i32::from_le_bytes(reader.take::<4>()?);
        if !reader.bytes.is_empty() {
            return Err(NetworkError::Damaged(format!(
                "{} bytes after the weights",
                reader.bytes.len()
            )));
        }
        let network = Network::new(
            &game,
            feature_weights,
            feature_bias,
            output_weights,
            output_bias,
        )?;
        Ok(Self {
            name: name_of(&game, bytes),
            network,
        })
    }

    /// Reads the network file at `path`.
    ///
    /// # Errors
    /// The file cannot be read, or is not a network ([`Self::from_bytes`]).
    pub fn load(path: &Path) -> Result<Self, NetworkError> {
        let bytes = std::fs::read(path).map_err(|source| NetworkError::Io {
            path: path.display().to_string(),
            source,
        })?;
        Self::from_bytes(&bytes)
    }

    /// The network as its file's bytes.
    #[must_use]
    pub fn to_bytes(network: &Network) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        let game = network.game.as_bytes();
        // Game names are short registry names.
        bytes.push(u8::try_from(game.len()).unwrap_or(u8::MAX));
        bytes.extend_from_slice(&game[..game.len().min(usize::from(u8::MAX))]);
        let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX).to_le_bytes();
        bytes.extend_from_slice(&count(network.inputs));
        bytes.extend_from_slice(&count(HIDDEN));
        let halves = network
            .feature_weights
            .iter()
            .chain([&network.feature_bias])
            .chain(&network.output_weights);
        for half in halves {
            for weight in half {
                bytes.extend_from_slice(&weight.to_le_bytes());
            }
        }
        bytes.extend_from_slice(&network.output_bias.to_le_bytes());
        let sum = crc32fast::hash(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        bytes
    }

    /// Checks that this network is for `game`, with `inputs` features.
    ///
    /// # Errors
    /// [`NetworkError::WrongGame`] or [`NetworkError::WrongInputs`].
    pub fn check(&self, game: &str, inputs: usize) -> Result<(), NetworkError> {
        if self.network.game != game {
            return Err(NetworkError::WrongGame {
                found: self.network.game.clone(),
                expected: game.to_owned(),
            });
        }
        if self.network.inputs != inputs {
            return Err(NetworkError::WrongInputs {
                game: game.to_owned(),
                found: self.network.inputs,
                expected: inputs,
            });
        }
        Ok(())
    }
}

/// A game's network embedded in the engine (`engine/networks/`), read
/// the first time it is asked for.
#[derive(Debug)]
pub struct EmbeddedNetwork {
    bytes: &'static [u8],
    shape: InputShape,
    read: OnceLock<Option<NetworkFile>>,
}

impl EmbeddedNetwork {
    /// The network of `bytes` (`include_bytes!` of its file), for a game
    /// of input `shape`.
    #[must_use]
    pub const fn new(bytes: &'static [u8], shape: InputShape) -> Self {
        Self {
            bytes,
            shape,
            read: OnceLock::new(),
        }
    }

    /// The network, `None` if its bytes are not a sound network of the
    /// game (a test checks every game's reads).
    pub fn get(&self) -> Option<&NetworkFile> {
        self.read
            .get_or_init(|| {
                NetworkFile::from_bytes(self.bytes)
                    .ok()
                    .filter(|file| file.check(self.shape.game, self.shape.inputs).is_ok())
            })
            .as_ref()
    }

    /// The bytes embedded.
    #[must_use]
    pub fn bytes(&self) -> &'static [u8] {
        self.bytes
    }
}

/// `GAME-HASH.nnue` for a file of `game` with these bytes.
#[must_use]
pub fn name_of(game: &str, bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    format!("{game}-{}.{EXTENSION}", &hex[..NAME_DIGITS])
}

/// Reads a file's fields in order.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn bytes(&mut self, n: usize) -> Result<&'a [u8], NetworkError> {
        if self.bytes.len() < n {
            return Err(NetworkError::Damaged("cut short".to_owned()));
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }

    fn take<const N: usize>(&mut self) -> Result<[u8; N], NetworkError> {
        let mut out = [0; N];
        out.copy_from_slice(self.bytes(N)?);
        Ok(out)
    }

    fn u32(&mut self) -> Result<u32, NetworkError> {
        Ok(u32::from_le_bytes(self.take::<4>()?))
    }

    fn half(&mut self) -> Result<Half, NetworkError> {
        let mut half = [0; HIDDEN];
        for weight in &mut half {
            *weight = i16::from_le_bytes(self.take::<2>()?);
        }
        Ok(half)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::network::tests::sample_network;

    #[test]
    fn a_network_round_trips_through_its_file() {
        let network = sample_network("oware", 30);
        let bytes = NetworkFile::to_bytes(&network);
        let file = NetworkFile::from_bytes(&bytes).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(file.network, network);
        assert!(file.name.starts_with("oware-") && file.name.ends_with(".nnue"));
        assert_eq!(
            file.name.len(),
            "oware-".len() + NAME_DIGITS + ".nnue".len()
        );
        assert!(file.check("oware", 30).is_ok());
    }

    #[test]
    fn damage_and_other_games_are_refused_in_words() {
        let bytes = NetworkFile::to_bytes(&sample_network("oware", 30));
        let refusal = |bytes: &[u8]| {
            NetworkFile::from_bytes(bytes)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default()
        };
        assert!(refusal(b"hello").contains("not a Ply network"));
        let mut flipped = bytes.clone();
        flipped[40] ^= 1;
        assert!(
            refusal(&flipped).contains("checksum"),
            "{}",
            refusal(&flipped)
        );
        assert!(refusal(&bytes[..bytes.len() - 7]).contains("damaged"));
        let file = NetworkFile::from_bytes(&bytes).unwrap_or_else(|e| panic!("{e}"));
        let other = file.check("russian", 30).err().map(|e| e.to_string());
        assert_eq!(other.as_deref(), Some("a network for oware, not russian"));
        let shape = file.check("oware", 386).err().map(|e| e.to_string());
        assert_eq!(
            shape.as_deref(),
            Some("a network of 30 features, where oware has 386")
        );
    }
}
