//! Binomial coefficients C(n, k) for the squares of the board: how many
//! ways to put k pieces of one kind on n squares, which the tables' sizes
//! and indices are made of.

/// Rows of the binomial table: `n` up to the board's 32 dark squares.
const BINOMIAL_N: usize = 33;

/// Columns: `k` up to the most pieces of one kind a table ranks.
const BINOMIAL_K: usize = 13;

/// `BINOMIAL[n][k]` = C(n, k).
static BINOMIAL: [[u64; BINOMIAL_K]; BINOMIAL_N] = binomials();

/// Pascal's triangle, at compile time.
const fn binomials() -> [[u64; BINOMIAL_K]; BINOMIAL_N] {
    let mut table = [[0u64; BINOMIAL_K]; BINOMIAL_N];
    let mut n = 0;
    while n < BINOMIAL_N {
        table[n][0] = 1;
        let mut k = 1;
        while k < BINOMIAL_K && k <= n {
            table[n][k] = table[n - 1][k - 1] + table[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    table
}

/// C(n, k), for `n` ≤ 32 and `k` ≤ 12 (0 when `k` > `n`).
#[inline]
#[must_use]
pub fn binomial(n: u32, k: u32) -> u64 {
    BINOMIAL[n as usize][k as usize]
}
