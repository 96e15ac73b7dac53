//! The text forms Kalah and Oware share.
//!
//! A move is the number of the pit sown, 1 to the pit count from the
//! mover's own left, as the Prolog Kalah program numbers them (`3`).
//!
//! A position string lists the board in sowing order, then the side to
//! move: `<south pits> <south store> <north pits> <north store> <side>`,
//! pits comma-separated from each side's own left, side `s` or `n`. The
//! six-pit, four-seed start is `4,4,4,4,4,4 0 4,4,4,4,4,4 0 s`. The pit
//! count comes from the string. What a store holds is the game's business
//! (Kalah's sown and captured seeds, Oware's captured ones).

use super::size::{MAX_PITS, MAX_TOTAL_SEEDS, PIT_SLOTS};
use crate::game::{NotationError, Player};

/// Whitespace-separated fields in a position string.
const FIELD_COUNT: usize = 5;

/// The fields, for error messages.
const FIELD_LAYOUT: &str = "<south pits> <south store> <north pits> <north store> <side>";

/// Separates the pits of one side.
const PIT_SEPARATOR: char = ',';

/// The side-to-move field for South ([`Player::One`]).
const SOUTH_TOKEN: &str = "s";

/// The side-to-move field for North ([`Player::Two`]).
const NORTH_TOKEN: &str = "n";

/// A board as a position string gives it, checked only for its shape: both
/// sides the same length of 1 to [`MAX_PITS`] pits, at most
/// [`MAX_TOTAL_SEEDS`] seeds in all. Each game checks its own rules on top.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rows {
    /// Seeds in each pit, indexed by [`Player::index`], then pit from that
    /// side's own left; pits beyond `pit_count` are empty.
    pub pits: [[u8; PIT_SLOTS]; 2],
    /// Seeds in each side's store.
    pub stores: [u8; 2],
    /// Pits per side, `1..=MAX_PITS`.
    pub pit_count: u8,
    /// The side to move.
    pub side: Player,
}

impl Rows {
    /// Reads a position string (see the module docs). Fields may be
    /// separated by any amount of whitespace.
    ///
    /// # Errors
    /// [`NotationError::BadPosition`], whose reason names what is wrong: the
    /// field count, a pit or store that is no number from 0 to 255, a side
    /// with no pits or more than [`MAX_PITS`], sides of different lengths,
    /// a side to move other than `s`/`n`, or more than 255 seeds in all.
    pub fn parse(text: &str) -> Result<Self, NotationError> {
        parse_rows(text).map_err(|reason| NotationError::BadPosition {
            text: text.to_owned(),
            reason,
        })
    }

    /// Writes a position string (see the module docs): `pits` and `stores`
    /// indexed by [`Player::index`].
    #[must_use]
    pub fn write(pits: [&[u8]; 2], stores: [u8; 2], side: Player) -> String {
        let side = match side {
            Player::One => SOUTH_TOKEN,
            Player::Two => NORTH_TOKEN,
        };
        format!(
            "{} {} {} {} {side}",
            join_pits(pits[0]),
            stores[0],
            join_pits(pits[1]),
            stores[1],
        )
    }

    /// Pits per side as an index bound.
    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(self.pit_count)
    }

    /// Never true: a side has at least one pit.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.pit_count == 0
    }
}

/// Reads a pit number, 1 to `count`, as a 0-based pit index. Only the
/// syntax is checked; whether the pit may be sown is the game's rule.
///
/// # Errors
/// [`NotationError::BadMove`] for text that is not a number, or a number
/// outside `1..=count`.
pub fn read_pit(text: &str, count: u8) -> Result<u8, NotationError> {
    let bad = |reason: String| NotationError::BadMove {
        text: text.to_owned(),
        reason,
    };
    let token = text.trim();
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad(format!("a move is a pit number from 1 to {count}")));
    }
    let number = token
        .parse::<u32>()
        .ok()
        .filter(|n| (1..=u32::from(count)).contains(n))
        .ok_or_else(|| bad(format!("pits are numbered 1 to {count}")))?;
    // In 1..=count <= MAX_PITS, so it fits.
    Ok(u8::try_from(number - 1).unwrap_or(u8::MAX))
}

/// Writes a 0-based pit index as the Prolog Kalah program's 1-based pit
/// number.
#[must_use]
pub fn write_pit(pit: u8) -> String {
    (u32::from(pit) + 1).to_string()
}

fn join_pits(pits: &[u8]) -> String {
    let texts: Vec<String> = pits.iter().map(u8::to_string).collect();
    texts.join(&PIT_SEPARATOR.to_string())
}

/// Parses a position string; the error is the reason only.
fn parse_rows(text: &str) -> Result<Rows, String> {
    // 1. Five fields, any whitespace between them.
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [south_pits, south_store, north_pits, north_store, side] = fields[..] else {
        return Err(format!(
            "expected {FIELD_COUNT} fields '{FIELD_LAYOUT}', found {}",
            fields.len()
        ));
    };

    // 2. The board, in sowing order.
    let south = parse_pits("south", south_pits)?;
    let south_store = parse_count("south store", south_store)?;
    let north = parse_pits("north", north_pits)?;
    let north_store = parse_count("north store", north_store)?;
    if south.len() != north.len() {
        return Err(format!(
            "south has {} pits but north has {}; both sides need the same number",
            south.len(),
            north.len()
        ));
    }

    // 3. The side to move.
    let side = match side {
        SOUTH_TOKEN => Player::One,
        NORTH_TOKEN => Player::Two,
        other => {
            return Err(format!(
                "side to move '{other}' must be '{SOUTH_TOKEN}' (south) or '{NORTH_TOKEN}' (north)"
            ));
        }
    };

    // 4. Every count must fit in a u8 however the seeds move.
    let total: u32 = south
        .iter()
        .chain(&north)
        .chain([&south_store, &north_store])
        .map(|&s| u32::from(s))
        .sum();
    if total > MAX_TOTAL_SEEDS {
        return Err(format!(
            "the position holds {total} seeds; at most {MAX_TOTAL_SEEDS} fit"
        ));
    }

    let mut pits = [[0; PIT_SLOTS]; 2];
    pits[0][..south.len()].copy_from_slice(&south);
    pits[1][..north.len()].copy_from_slice(&north);
    Ok(Rows {
        pits,
        stores: [south_store, north_store],
        // At most MAX_PITS, checked by parse_pits.
        pit_count: u8::try_from(south.len()).unwrap_or(MAX_PITS),
        side,
    })
}

/// One side's comma-separated pits.
fn parse_pits(side: &str, field: &str) -> Result<Vec<u8>, String> {
    let items: Vec<&str> = field.split(PIT_SEPARATOR).collect();
    if items.len() > usize::from(MAX_PITS) {
        return Err(format!(
            "{side} has {} pits; a side has 1 to {MAX_PITS}",
            items.len()
        ));
    }
    items
        .iter()
        .enumerate()
        .map(|(i, item)| parse_count(&format!("{side} pit {}", i + 1), item))
        .collect()
}

/// A seed count: decimal digits, 0 to 255.
fn parse_count(what: &str, token: &str) -> Result<u8, String> {
    if token.is_empty() {
        return Err(format!("{what} is missing"));
    }
    token
        .bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| token.parse::<u8>().ok())
        .flatten()
        .ok_or_else(|| format!("{what} '{token}' is not a number from 0 to 255"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_the_fields() {
        let rows = Rows::parse("  1,2,3 4 \t5,6,7 8\n n ").unwrap();
        assert_eq!(rows.len(), 3);
        assert_eq!(&rows.pits[0][..3], &[1, 2, 3]);
        assert_eq!(&rows.pits[1][..3], &[5, 6, 7]);
        assert_eq!(rows.pits[0][3..], [0; PIT_SLOTS - 3]);
        assert_eq!(rows.stores, [4, 8]);
        assert_eq!(rows.side, Player::Two);
        assert_eq!(
            Rows::write([&[1, 2, 3], &[5, 6, 7]], [4, 8], Player::Two),
            "1,2,3 4 5,6,7 8 n"
        );
    }

    #[test]
    fn pit_numbers() {
        assert_eq!(read_pit(" 6 ", 6), Ok(5));
        assert_eq!(write_pit(5), "6");
        assert_eq!(
            read_pit("7", 6).unwrap_err().to_string(),
            "'7' is not a move: pits are numbered 1 to 6"
        );
        assert_eq!(
            read_pit("x", 4).unwrap_err().to_string(),
            "'x' is not a move: a move is a pit number from 1 to 4"
        );
    }
}
