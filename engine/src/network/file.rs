//! A network's file: what a trained network is saved as, embedded in the
//! engine and loaded with `EvalFile`.
//!
//! Little-endian throughout:
//!
//! | field | size |
//! |---|---|
//! | magic `PLYNNUE1` (one output layer) or `PLYNNUE2` | 8 bytes |
//! | the game's name, its length first | 1 + n bytes |
//! | inputs, hidden units (1 to 256) | 4 + 4 bytes |
//! | `PLYNNUE2` only: output layers, `buckets` (1 to 16) | 4 bytes |
//! | the first layer's weights, a row a feature | inputs × hidden × 2 bytes |
//! | the first layer's bias | hidden × 2 bytes |
//! | each output layer: its weights (the side to move's half, the other's), its bias | buckets × (2 × hidden × 2 + 4) bytes |
//! | CRC-32 of all the above | 4 bytes |
//!
//! A network of one output layer is written as `PLYNNUE1`, the format
//! before buckets, so that its bytes (and its name) are what they were.
//!
//! A file is named `GAME-HASH.nnue`, HASH the first 12 hexadecimal digits
//! of its SHA-256, as Stockfish names its nets (`nn-<12 digits>.nnue`):
//! the name says which weights a result was measured with.

use std::io::Read;
use std::path::Path;
use std::sync::OnceLock;

use sha2::{Digest, Sha256};
use thiserror::Error;

use super::input::InputShape;
use super::{Network, Output, Weights, shape_refusal};
use crate::regular_file::open_regular;

/// The first bytes of a network file of one output layer.
pub const MAGIC: &[u8; 8] = b"PLYNNUE1";
/// The first bytes of a network file that says how many output layers
/// (buckets) it has.
pub const MAGIC_BUCKETS: &[u8; 8] = b"PLYNNUE2";
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
    /// Not a regular file, or far bigger than any network.
    #[error("{0}")]
    NotAFile(String),
    /// The file does not begin as a network does.
    #[error("not a Ply network (it does not begin with \"PLYNNUE1\" or \"PLYNNUE2\")")]
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
    /// Weights so large that a position's sums would not fit the engine's integers.
    #[error("weights too large: a position of {0} features would overflow the accumulators")]
    TooLarge(usize),
}

/// The largest network file read (a network of the most hidden units,
/// 256, holds 512 bytes a feature: this is over 65,000 features).
pub const MAX_NETWORK_BYTES: u64 = 32 << 20;

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
    /// Not a network, or a damaged one (cut short, wrong checksum, a
    /// width the engine does not play).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, NetworkError> {
        let bucketed = bytes.starts_with(MAGIC_BUCKETS);
        if !bytes.starts_with(MAGIC) && !bucketed {
            return Err(NetworkError::NotANetwork);
        }
        let Some((body, sum)) = bytes
            .split_last_chunk::<4>()
            .filter(|(body, _)| body.len() >= MAGIC.len())
        else {
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
        let buckets = if bucketed { reader.u32()? as usize } else { 1 };
        // Refused before the rows are read: a damaged width or count
        // would ask for rows of any length, or any number of them.
        if let Some(why) = shape_refusal(hidden, buckets) {
            return Err(NetworkError::Damaged(why));
        }
        let features = (0..inputs)
            .map(|_| reader.row(hidden))
            .collect::<Result<Vec<_>, _>>()?;
        let bias = reader.row(hidden)?;
        let outputs = (0..buckets)
            .map(|_| {
                Ok(Output {
                    weights: [reader.row(hidden)?, reader.row(hidden)?],
                    bias: i32::from_le_bytes(reader.take::<4>()?),
                })
            })
            .collect::<Result<Vec<_>, NetworkError>>()?;
        if !reader.bytes.is_empty() {
            return Err(NetworkError::Damaged(format!(
                "{} bytes after the weights",
                reader.bytes.len()
            )));
        }
        let weights = Weights {
            features,
            bias,
            outputs,
        };
        let network = Network::new(&game, weights)?;
        Ok(Self {
            name: name_of(&game, bytes),
            network,
        })
    }

    /// Reads the network file at `path`: a regular file only (not a
    /// device or a named pipe, which could block or never end), of at most
    /// [`MAX_NETWORK_BYTES`].
    ///
    /// # Errors
    /// The file cannot be read, is not a regular file or is too big, or is
    /// not a network ([`Self::from_bytes`]).
    pub fn load(path: &Path) -> Result<Self, NetworkError> {
        let io = |source| NetworkError::Io {
            path: path.display().to_string(),
            source,
        };
        let (file, length) = open_regular(path).map_err(io)?;
        if length > MAX_NETWORK_BYTES {
            return Err(NetworkError::NotAFile(format!(
                "{length} bytes, more than any network ({MAX_NETWORK_BYTES})"
            )));
        }
        let mut bytes = Vec::new();
        file.take(MAX_NETWORK_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(io)?;
        Self::from_bytes(&bytes)
    }

    /// The network as its file's bytes.
    #[must_use]
    pub fn to_bytes(network: &Network) -> Vec<u8> {
        let buckets = network.buckets();
        let mut bytes = if buckets == 1 { MAGIC } else { MAGIC_BUCKETS }.to_vec();
        let game = network.game.as_bytes();
        // Game names are short registry names.
        bytes.push(u8::try_from(game.len()).unwrap_or(u8::MAX));
        bytes.extend_from_slice(&game[..game.len().min(usize::from(u8::MAX))]);
        let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX).to_le_bytes();
        bytes.extend_from_slice(&count(network.inputs));
        bytes.extend_from_slice(&count(network.hidden));
        if buckets != 1 {
            bytes.extend_from_slice(&count(buckets));
        }
        let write = |bytes: &mut Vec<u8>, row: &[i16]| {
            for weight in row {
                bytes.extend_from_slice(&weight.to_le_bytes());
            }
        };
        // The first layer's rows are one block, feature after feature.
        write(&mut bytes, &network.feature_weights);
        write(&mut bytes, &network.feature_bias);
        for output in &network.outputs {
            for row in &output.weights {
                write(&mut bytes, row);
            }
            bytes.extend_from_slice(&output.bias.to_le_bytes());
        }
        let sum = crc32fast::hash(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        bytes
    }

    /// Checks that this network is for a game of input `shape`, and that
    /// its accumulators hold every position of the game.
    ///
    /// # Errors
    /// [`NetworkError::WrongGame`], [`NetworkError::WrongInputs`] or
    /// [`NetworkError::TooLarge`].
    pub fn check(&self, shape: &InputShape) -> Result<(), NetworkError> {
        if self.network.game != shape.game {
            return Err(NetworkError::WrongGame {
                found: self.network.game.clone(),
                expected: shape.game.to_owned(),
            });
        }
        if self.network.inputs != shape.inputs {
            return Err(NetworkError::WrongInputs {
                game: shape.game.to_owned(),
                found: self.network.inputs,
                expected: shape.inputs,
            });
        }
        if !self.network.accumulators_fit(shape.slots) {
            return Err(NetworkError::TooLarge(shape.slots));
        }
        Ok(())
    }

    /// Whether [`Self::check`] passes, without words (for every node).
    #[must_use]
    pub fn fits(&self, shape: &InputShape) -> bool {
        self.network.game == shape.game
            && self.network.inputs == shape.inputs
            && self.network.accumulators_fit(shape.slots)
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
                    .filter(|file| file.fits(&self.shape))
            })
            .as_ref()
    }

    /// The input of the game it is for.
    #[must_use]
    pub fn shape(&self) -> InputShape {
        self.shape
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

    /// `n` weights.
    fn row(&mut self, n: usize) -> Result<Vec<i16>, NetworkError> {
        let bytes = self.bytes(n * 2)?;
        Ok(bytes
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::network::tests::{sample_network, sample_network_of};
    use crate::network::{DEFAULT_HIDDEN, MAX_HIDDEN};

    /// A game of 30 features and 14 slots.
    const SHAPE: InputShape = InputShape {
        game: "oware",
        inputs: 30,
        slots: 14,
    };

    /// `body` signed with its checksum, as a file ends.
    fn signed(body: &[u8]) -> Vec<u8> {
        let mut bytes = body.to_vec();
        bytes.extend_from_slice(&crc32fast::hash(body).to_le_bytes());
        bytes
    }

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
        assert!(file.check(&SHAPE).is_ok() && file.fits(&SHAPE));
        assert!(bytes.starts_with(MAGIC));
        for hidden in [1, 100, MAX_HIDDEN] {
            let network = sample_network_of("oware", 30, hidden);
            let bytes = NetworkFile::to_bytes(&network);
            let file = NetworkFile::from_bytes(&bytes).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(file.network, network, "{hidden} hidden units");
        }
        // Several output layers: the format that counts them.
        let mut weights = network.weights();
        weights.outputs.push(Output {
            weights: [vec![3; DEFAULT_HIDDEN], vec![-2; DEFAULT_HIDDEN]],
            bias: -77,
        });
        let network = Network::new("oware", weights).unwrap_or_else(|e| panic!("{e}"));
        let bytes = NetworkFile::to_bytes(&network);
        assert!(bytes.starts_with(MAGIC_BUCKETS));
        let file = NetworkFile::from_bytes(&bytes).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(file.network, network);
        assert_eq!(file.network.buckets(), 2);
        // A damaged count of them is refused before any row is read.
        let mut body = bytes[..bytes.len() - 4].to_vec();
        let at = MAGIC.len() + 1 + "oware".len() + 8;
        body[at..at + 4].copy_from_slice(&0u32.to_le_bytes());
        let refusal = NetworkFile::from_bytes(&signed(&body))
            .err()
            .map(|e| e.to_string());
        assert_eq!(
            refusal.as_deref(),
            Some("damaged network: 0 output layers, where the engine plays 1 to 16")
        );
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
        // Cut short: the checksum, or with a checksum made to match, the
        // length.
        assert!(refusal(&bytes[..bytes.len() - 7]).contains("damaged"));
        let body = &bytes[..bytes.len() - 4];
        assert_eq!(
            refusal(&signed(&body[..body.len() - 10])),
            "damaged network: cut short"
        );
        assert_eq!(refusal(&MAGIC[..]), "damaged network: cut short");
        let mut longer = body.to_vec();
        longer.extend_from_slice(&[0; 6]);
        assert_eq!(
            refusal(&signed(&longer)),
            "damaged network: 6 bytes after the weights"
        );
        // Another width (the field after the game's name and the inputs).
        let mut other_hidden = body.to_vec();
        let at = MAGIC.len() + 1 + "oware".len() + 4;
        other_hidden[at..at + 4].copy_from_slice(&100u32.to_le_bytes());
        assert_eq!(
            refusal(&signed(&other_hidden)),
            "damaged network: cut short"
        );
        other_hidden[at..at + 4].copy_from_slice(&300u32.to_le_bytes());
        assert_eq!(
            refusal(&signed(&other_hidden)),
            "damaged network: 300 hidden units, where the engine plays 1 to 256"
        );
        let file = NetworkFile::from_bytes(&bytes).unwrap_or_else(|e| panic!("{e}"));
        let russian = InputShape {
            game: "russian",
            ..SHAPE
        };
        let other = file.check(&russian).err().map(|e| e.to_string());
        assert_eq!(other.as_deref(), Some("a network for oware, not russian"));
        assert!(!file.fits(&russian));
        let bigger = InputShape {
            inputs: 386,
            ..SHAPE
        };
        let shape = file.check(&bigger).err().map(|e| e.to_string());
        assert_eq!(
            shape.as_deref(),
            Some("a network of 30 features, where oware has 386")
        );
    }

    #[test]
    fn weights_too_large_for_the_game_are_refused() {
        let hidden = 8;
        let weights = Weights {
            features: vec![vec![i16::MAX / 4; hidden]; 30],
            bias: vec![0; hidden],
            outputs: vec![Output {
                weights: [vec![1; hidden], vec![1; hidden]],
                bias: 0,
            }],
        };
        let network = Network::new("oware", weights).unwrap_or_else(|e| panic!("{e}"));
        let file = NetworkFile::from_bytes(&NetworkFile::to_bytes(&network))
            .unwrap_or_else(|e| panic!("{e}"));
        let refusal = file.check(&SHAPE).err().map(|e| e.to_string());
        assert_eq!(
            refusal.as_deref(),
            Some("weights too large: a position of 14 features would overflow the accumulators")
        );
    }

    #[test]
    fn only_regular_files_are_read() {
        let refusal = NetworkFile::load(Path::new("/dev/zero"))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(refusal.contains("not a regular file"), "{refusal}");
    }
}
