//! The index of a database: every vector of pit counts with at most N
//! seeds in all gets a dense rank, so the file is a flat array with no keys.
//!
//! The vectors are ordered by their total first, and within one total by
//! the combinatorial number system. With the prefix sums
//! `P_j = x_0 + … + x_j`, the numbers `c_j = P_j + j` are strictly
//! increasing (`c_{j+1} = c_j + x_{j+1} + 1`), so a vector of length `k` is
//! a `k`-subset of the naturals, and its rank is
//!
//! ```text
//! rank(x) = C(c_0, 1) + C(c_1, 2) + … + C(c_{k-1}, k)
//! ```
//!
//! The last term, `C(s + k - 1, k)` for the total `s`, counts the vectors
//! with a smaller total; the other terms rank the vector among those with
//! total `s`. Vectors with total at most `N` are exactly the subsets of
//! `{0, …, N + k - 1}`, so their ranks are `0..C(N + k, k)`: dense. The
//! rank is `k` lookups in a binomial table and `k` additions.

/// Longest vector ranked: two sides of [`MAX_PITS`](ply_rules::games::mancala::MAX_PITS)
/// pits.
pub const MAX_RANK_LEN: usize = 24;

/// Rows of the binomial table: `C(c, r)` for `r` in `0..=MAX_RANK_LEN`.
const ROWS: usize = MAX_RANK_LEN + 1;

/// Columns of the binomial table: `c = P_j + j` reaches 255 seeds plus 23.
const COLUMNS: usize = 255 + MAX_RANK_LEN;

/// `BINOMIAL[r][c]` is `C(c, r)`, saturated at `u64::MAX` (only the
/// numbers of boards far larger than any database get there).
static BINOMIAL: [[u64; COLUMNS]; ROWS] = binomials();

/// Pascal's triangle, at compile time.
const fn binomials() -> [[u64; COLUMNS]; ROWS] {
    let mut table = [[0u64; COLUMNS]; ROWS];
    let mut c = 0;
    while c < COLUMNS {
        table[0][c] = 1;
        let mut r = 1;
        while r < ROWS && r <= c {
            table[r][c] = table[r - 1][c - 1].saturating_add(table[r][c - 1]);
            r += 1;
        }
        c += 1;
    }
    table
}

/// The rank of `pits` (see the module docs): dense over the vectors of
/// one length, ordered by total first.
///
/// Exact whenever the number of vectors of this length with at most this
/// total fits a `u64` ([`entry_count`] says); beyond that the result is
/// saturated and meaningless.
///
/// # Panics
/// When `pits` is longer than [`MAX_RANK_LEN`].
#[must_use]
pub fn rank(pits: &[u8]) -> u64 {
    assert!(
        pits.len() <= MAX_RANK_LEN,
        "rank: {} pits, at most {MAX_RANK_LEN}",
        pits.len()
    );
    let mut prefix = 0usize;
    let mut rank = 0u64;
    for (j, &seeds) in pits.iter().enumerate() {
        prefix += usize::from(seeds);
        let term = BINOMIAL[j + 1].get(prefix + j).copied().unwrap_or(u64::MAX);
        rank = rank.saturating_add(term);
    }
    rank
}

/// The rank of the vector `first` followed by `second` when its total is
/// at most `max_seeds`, else `None`. The probe's hot path: no allocation,
/// one pass, one table lookup a pit.
#[inline]
pub(crate) fn rank_sides(first: &[u8], second: &[u8], max_seeds: u8) -> Option<u64> {
    let max = usize::from(max_seeds);
    let mut total = 0usize;
    let mut rank = 0u64;
    // Two plain loops rather than a chained iterator: this is the hot path
    // of both the build and the probe. total + j <= 127 + 23 < COLUMNS.
    for (j, &seeds) in first.iter().enumerate() {
        total += usize::from(seeds);
        if total > max {
            return None;
        }
        rank = rank.wrapping_add(BINOMIAL[j + 1][total + j]);
    }
    let offset = first.len();
    for (j, &seeds) in second.iter().enumerate() {
        total += usize::from(seeds);
        if total > max {
            return None;
        }
        rank = rank.wrapping_add(BINOMIAL[offset + j + 1][total + offset + j]);
    }
    Some(rank)
}

/// The rank of the vector `first` followed by `second`, which hold at
/// most 127 seeds (any database's entries do) and are at most
/// [`MAX_RANK_LEN`] long together: [`rank`] without its saturation and
/// [`rank_sides`] without its limit, for the build, which ranks every
/// child of every entry. `PITS` is a constant so that the loops unroll.
#[inline]
pub(crate) fn rank_small<const PITS: usize>(first: &[u8; PITS], second: &[u8; PITS]) -> u64 {
    let mut total = 0usize;
    let mut rank = 0u64;
    // total + j <= 127 + 23 < COLUMNS.
    for j in 0..PITS {
        total += usize::from(first[j]);
        rank = rank.wrapping_add(BINOMIAL[j + 1][total + j]);
    }
    for j in 0..PITS {
        total += usize::from(second[j]);
        rank = rank.wrapping_add(BINOMIAL[PITS + j + 1][total + PITS + j]);
    }
    rank
}

/// The terms of [`rank_small`] that a first half contributes, its pit `j`
/// holding `seeds(j)`: `rank_small(first, second)` is the first half's
/// `rank_low` plus the second's [`rank_high`] after the first half's
/// seeds. The build keeps each half's part and adds the other's, rather
/// than ranking every child in full; it reads a half's seeds from a packed
/// integer, so the halves come as functions.
#[inline]
pub(crate) fn rank_low<const PITS: usize>(seeds: impl Fn(usize) -> u8) -> u64 {
    let mut total = 0usize;
    let mut rank = 0u64;
    for j in 0..PITS {
        total += usize::from(seeds(j));
        rank = rank.wrapping_add(BINOMIAL[j + 1][total + j]);
    }
    rank
}

/// The terms of [`rank_small`] that a second half contributes, its pit
/// `j` holding `seeds(j)`, after a first half of `before` seeds (see
/// [`rank_low`]).
#[inline]
pub(crate) fn rank_high<const PITS: usize>(before: usize, seeds: impl Fn(usize) -> u8) -> u64 {
    let mut total = before;
    let mut rank = 0u64;
    for j in 0..PITS {
        total += usize::from(seeds(j));
        rank = rank.wrapping_add(BINOMIAL[PITS + j + 1][total + PITS + j]);
    }
    rank
}

/// Fills `pits` (its length is the vector's) with the vector of rank
/// `rank`: the inverse of [`rank`]. Returns the vector's total, or `None`
/// when that would exceed 255 seeds (or `pits` is empty or longer than
/// [`MAX_RANK_LEN`]); `pits` is then unspecified.
pub fn unrank(rank: u64, pits: &mut [u8]) -> Option<u8> {
    let len = pits.len();
    if len == 0 || len > MAX_RANK_LEN {
        return None;
    }
    let mut rest = rank;
    // c_j for j = len - 1 down to 0: the largest c with C(c, j + 1) <= rest.
    let mut next_prefix = None;
    // The c_j rise strictly, by a pit's seeds and one: the last is
    // searched for in its whole row, each other one down from the one
    // after it, a step or two on the boards of a database.
    let mut above = None;
    for j in (0..len).rev() {
        let row = &BINOMIAL[j + 1];
        let c = match above {
            None => row.partition_point(|&value| value <= rest).checked_sub(1)?,
            // C(c, j + 1) = 0 <= rest for c <= j: the walk stops there.
            Some(above) => (0..above).rev().find(|&c| row[c] <= rest)?,
        };
        above = Some(c);
        rest -= row[c];
        // c >= j because C(c, j + 1) = 0 <= rest for every c <= j.
        let prefix = c - j;
        if j == len - 1 && prefix > usize::from(u8::MAX) {
            return None;
        }
        if let Some(after) = next_prefix {
            let seeds: usize = after - prefix;
            pits[j + 1] = u8::try_from(seeds).ok()?;
        }
        next_prefix = Some(prefix);
    }
    pits[0] = u8::try_from(next_prefix?).ok()?;
    let total: usize = pits.iter().map(|&s| usize::from(s)).sum();
    u8::try_from(total).ok()
}

/// Steps `pits` to the vector of the next rank if it has the same total;
/// returns `false` (and leaves `pits` alone) when `pits` is the last vector
/// of its total. Cheaper than [`unrank`] for a walk through a level.
pub(crate) fn next_same_total(pits: &mut [u8]) -> bool {
    // The smallest j whose successor pit holds seeds: c_j can grow by one.
    let mut prefix = 0u8;
    for j in 0..pits.len().saturating_sub(1) {
        prefix += pits[j];
        if pits[j + 1] > 0 {
            pits[..j].fill(0);
            pits[j] = prefix + 1;
            pits[j + 1] -= 1;
            return true;
        }
    }
    false
}

/// The ranks of the vectors of `len` pits holding exactly `level` seeds:
/// one contiguous run (empty when the count overflows).
#[must_use]
pub fn level_range(len: usize, level: u8) -> std::ops::Range<usize> {
    let first = if level == 0 {
        Some(0)
    } else {
        entry_count(len, level - 1)
    };
    let first = first.and_then(|first| usize::try_from(first).ok());
    let end = entry_count(len, level).and_then(|end| usize::try_from(end).ok());
    match (first, end) {
        (Some(first), Some(end)) => first..end,
        _ => 0..0,
    }
}

/// How many vectors of `len` pits hold at most `max_seeds` seeds in all:
/// `C(max_seeds + len, len)`, the entry count of a database; `None` when it
/// does not fit a `u64`.
#[must_use]
pub fn entry_count(len: usize, max_seeds: u8) -> Option<u64> {
    let n = u128::from(max_seeds);
    let mut count: u128 = 1;
    for i in 1..=len as u128 {
        // count = C(n + i - 1, i - 1); times (n + i) / i is C(n + i, i),
        // exactly, since a product of i consecutive numbers divides by i!.
        count = count.checked_mul(n + i)? / i;
    }
    u64::try_from(count).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every vector of `len` pits with total at most `max`, in no
    /// particular order.
    fn all_vectors(len: usize, max: u8) -> Vec<Vec<u8>> {
        if len == 0 {
            return vec![Vec::new()];
        }
        let mut out = Vec::new();
        for first in 0..=max {
            for mut rest in all_vectors(len - 1, max - first) {
                rest.insert(0, first);
                out.push(rest);
            }
        }
        out
    }

    #[test]
    fn binomials_are_right() {
        assert_eq!(BINOMIAL[0][0], 1);
        assert_eq!(BINOMIAL[2][5], 10);
        assert_eq!(BINOMIAL[12][24], 2_704_156);
        assert_eq!(BINOMIAL[12][36], 1_251_677_700);
        assert_eq!(BINOMIAL[3][2], 0);
        assert_eq!(BINOMIAL[24][COLUMNS - 1], u64::MAX);
    }

    #[test]
    fn counts() {
        assert_eq!(entry_count(12, 12), Some(2_704_156));
        assert_eq!(entry_count(12, 24), Some(1_251_677_700));
        assert_eq!(entry_count(2, 0), Some(1));
        assert_eq!(entry_count(1, 5), Some(6));
        assert_eq!(entry_count(24, 255), None);
    }

    #[test]
    fn small_ranks_are_a_dense_bijection_ordered_by_total() {
        for len in 1..=5 {
            for max in 0..=6u8 {
                let vectors = all_vectors(len, max);
                let count = entry_count(len, max).unwrap();
                assert_eq!(vectors.len() as u64, count);
                let mut seen = vec![false; vectors.len()];
                for v in &vectors {
                    let r = rank(v);
                    assert!(r < count, "{v:?} -> {r}");
                    assert!(!seen[r as usize], "two vectors rank {r}");
                    seen[r as usize] = true;
                    let total: u8 = v.iter().sum();
                    // Ordered by total: the total's block starts at C(s-1+k, k).
                    let below = if total == 0 {
                        0
                    } else {
                        entry_count(len, total - 1).unwrap()
                    };
                    assert!(r >= below && r < entry_count(len, total).unwrap());
                    let mut back = vec![0; len];
                    assert_eq!(unrank(r, &mut back), Some(total));
                    assert_eq!(&back, v);
                }
            }
        }
    }

    #[test]
    fn walking_a_level_visits_its_ranks_in_order() {
        for len in 1..=6 {
            for total in 0..=7u8 {
                let start = if total == 0 {
                    0
                } else {
                    entry_count(len, total - 1).unwrap()
                };
                let end = entry_count(len, total).unwrap();
                let mut pits = vec![0; len];
                unrank(start, &mut pits).unwrap();
                for r in start..end {
                    assert_eq!(rank(&pits), r);
                    let more = next_same_total(&mut pits);
                    assert_eq!(more, r + 1 < end);
                }
            }
        }
    }

    #[test]
    fn sides_rank_as_one_vector() {
        let first = [3, 0, 2, 1, 0, 4];
        let second = [0, 1, 0, 0, 2, 1];
        let whole: Vec<u8> = first.iter().chain(&second).copied().collect();
        assert_eq!(rank_sides(&first, &second, 14), Some(rank(&whole)));
        assert_eq!(rank_sides(&first, &second, 13), None);
        assert_eq!(rank_small(&first, &second), rank(&whole));
        assert_eq!(
            rank_low::<6>(|j| first[j])
                + rank_high::<6>(first.iter().map(|&s| usize::from(s)).sum(), |j| second[j]),
            rank(&whole)
        );
    }

    #[test]
    fn unrank_rejects_what_has_no_vector() {
        assert_eq!(unrank(0, &mut []), None);
        assert_eq!(unrank(0, &mut [0; 25]), None);
        // One pit: rank r is the vector [r]; 256 seeds do not fit.
        assert_eq!(unrank(255, &mut [0]), Some(255));
        assert_eq!(unrank(256, &mut [0]), None);
    }

    proptest! {
        #[test]
        fn rank_then_unrank_is_the_identity(
            pits in prop::collection::vec(0u8..=6, 1..=24)
        ) {
            let total: u8 = pits.iter().sum();
            // Ranks are exact while the count of their level fits a u64.
            let count = entry_count(pits.len(), total);
            prop_assume!(count.is_some());
            let r = rank(&pits);
            prop_assert!(Some(r) < count);
            let mut back = vec![0; pits.len()];
            prop_assert_eq!(unrank(r, &mut back), Some(total));
            prop_assert_eq!(back, pits);
        }

        #[test]
        fn unrank_then_rank_is_the_identity(len in 1usize..=12, max in 0u8..=40, seed: u64) {
            let count = entry_count(len, max).unwrap();
            let r = seed % count;
            let mut pits = vec![0; len];
            let total = unrank(r, &mut pits).unwrap();
            prop_assert!(total <= max);
            prop_assert_eq!(rank(&pits), r);
        }
    }
}
