//! Guesses that are the same up to symmetry need to be tried only once.
//!
//! Two symmetries keep the answers so far, and so the set of codes still
//! possible and the value of every guess:
//! 1. Symbols never guessed ("fresh" ones) are interchangeable: only guesses
//!    whose fresh symbols are the smallest fresh ones, in order of first
//!    appearance, are kept. This one is cheap and is used everywhere.
//! 2. A permutation of the positions, with a renaming of the guessed
//!    symbols, that maps every guess so far onto itself. At the start every
//!    position permutation qualifies, so one guess is left without repeats
//!    (`0123`) and five with repeats (`0000 0001 0011 0012 0123`); after
//!    one guess a few dozen are left. Used where a decision starts.

use super::space::{CodeId, Space};
use ply_rules::games::mastermind::code::Code;

/// Position permutations tried at most (6! = 720 for the longest codes).
const MAX_PERMUTATIONS: usize = 720;

/// Whether `code`'s fresh symbols (not in `used`) are the smallest fresh
/// ones, in order of first appearance.
fn fresh_is_canonical(code: Code, length: u8, used: u16) -> bool {
    let mut next_fresh = 0u8;
    let mut seen = used;
    for d in code.digits(length) {
        if seen & 1 << d != 0 {
            continue;
        }
        // The smallest symbol neither used nor met yet.
        while used & 1 << next_fresh != 0 {
            next_fresh += 1;
        }
        if d != next_fresh {
            return false;
        }
        seen |= 1 << d;
        next_fresh += 1;
    }
    true
}

/// Every guess worth trying when the symbols `used` have been guessed:
/// one per class of symmetry 1 (module docs), cached per `used`.
#[must_use]
pub fn fresh_pool(space: &Space, used: u16) -> std::sync::Arc<Vec<CodeId>> {
    space.pool(used, || {
        (0..space.codes.len())
            .filter(|&i| fresh_is_canonical(space.codes[i], space.length, used))
            .map(|i| CodeId::try_from(i).unwrap_or(CodeId::MAX))
            .collect()
    })
}

/// Every guess worth trying after the guesses `history`: one per class of
/// both symmetries (module docs).
#[must_use]
pub fn decision_pool(space: &Space, history: &[Code]) -> Vec<CodeId> {
    let length = usize::from(space.length);
    let used = history
        .iter()
        .fold(0u16, |set, g| set | g.symbol_set(space.length));
    let maps = automorphisms(length, history);
    let fresh: Vec<u8> = (0..space.symbols).filter(|&s| used & 1 << s == 0).collect();
    (0..space.codes.len())
        .filter(|&i| {
            let code = space.codes[i];
            if !fresh_is_canonical(code, space.length, used) {
                return false;
            }
            let digits: Vec<u8> = code.digits(space.length).collect();
            // Keep the code when no symmetric image is smaller.
            maps.iter().all(|(positions, symbols)| {
                let image = apply(&digits, positions, symbols, &fresh);
                image >= digits
            })
        })
        .map(|i| CodeId::try_from(i).unwrap_or(CodeId::MAX))
        .collect()
}

/// A symmetry: the position each position takes its symbol from, and the
/// renaming of the guessed symbols (`None` for fresh ones).
type Map = (Vec<usize>, [Option<u8>; 16]);

/// The symmetries of type 2 (module docs) of the guesses `history`.
fn automorphisms(length: usize, history: &[Code]) -> Vec<Map> {
    let mut maps = Vec::new();
    for positions in permutations(length).into_iter().take(MAX_PERMUTATIONS) {
        let mut symbols = [None; 16];
        let mut taken = [false; 16];
        let fits = history.iter().all(|guess| {
            let digits: Vec<u8> = guess.digits(length as u8).collect();
            (0..length).all(|i| {
                let (from, to) = (digits[positions[i]], digits[i]);
                match symbols[usize::from(from)] {
                    Some(s) => s == to,
                    None if !taken[usize::from(to)] => {
                        symbols[usize::from(from)] = Some(to);
                        taken[usize::from(to)] = true;
                        true
                    }
                    None => false,
                }
            })
        });
        if fits {
            maps.push((positions, symbols));
        }
    }
    maps
}

/// The image of `digits` under a symmetry, its fresh symbols then renamed
/// to the smallest fresh ones in order of appearance.
fn apply(digits: &[u8], positions: &[usize], symbols: &[Option<u8>; 16], fresh: &[u8]) -> Vec<u8> {
    let mut renamed: [Option<u8>; 16] = [None; 16];
    let mut next = fresh.iter();
    (0..digits.len())
        .map(|i| {
            let d = digits[positions[i]];
            match symbols[usize::from(d)] {
                Some(s) => s,
                None => *renamed[usize::from(d)]
                    .get_or_insert_with(|| next.next().copied().unwrap_or(d)),
            }
        })
        .collect()
}

/// Every permutation of `0..n`, the identity first.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut all = Vec::new();
    for rest in permutations(n - 1) {
        for place in (0..n).rev() {
            let mut p = rest.clone();
            p.insert(place, n - 1);
            all.push(p);
        }
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_rules::games::mastermind::code::MastermindRules;

    fn texts(space: &Space, pool: &[CodeId]) -> Vec<String> {
        pool.iter()
            .map(|&i| space.codes[i as usize].text(space.length))
            .collect()
    }

    #[test]
    fn the_start_has_one_guess_without_repeats_and_five_with() {
        let space = Space::of(MastermindRules::default());
        assert_eq!(texts(&space, &decision_pool(&space, &[])), ["0123"]);
        let classic = Space::of(MastermindRules::CLASSIC);
        assert_eq!(
            texts(&classic, &decision_pool(&classic, &[])),
            ["0000", "0001", "0011", "0012", "0123"]
        );
        assert_eq!(permutations(4).len(), 24);
        assert_eq!(permutations(4)[0], [0, 1, 2, 3]);
    }

    #[test]
    fn after_one_guess_a_few_classes_are_left() {
        let space = Space::of(MastermindRules::default());
        let first = Code::from_digits(&[0, 1, 2, 3]);
        let pool = decision_pool(&space, &[first]);
        let fresh = fresh_pool(&space, first.symbol_set(4));
        assert!(pool.len() < 30, "{}", pool.len());
        assert!(pool.len() < fresh.len());
        let texts = texts(&space, &pool);
        for expected in ["0123", "0124", "0145", "4567", "1032", "1045"] {
            assert!(
                texts.contains(&expected.to_owned()),
                "{expected} in {texts:?}"
            );
        }
        // 4567 and 4568 are the same guess: 8 is as fresh as 7.
        assert!(!texts.contains(&"4568".to_owned()));
    }
}
