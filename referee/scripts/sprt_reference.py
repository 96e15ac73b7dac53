#!/usr/bin/env python3
"""Reference LLRs for the referee's SPRT tests (referee/src/stats/sprt.rs).

An independent computation of the exact maximum-likelihood generalized SPRT,
in plain Python (no Rust, no fastchess code): for the logistic model,
Van den Bergh, "Comparing the approximations for the generalized log
likelihood ratio of a multinomial distribution", proposition 1.1; for the
normalized model, Van den Bergh, "Comments on normalized Elo", section 4.1.
Roots are found by plain bisection to machine precision and the normalized
fixed-point iteration is run until it stops moving, so these are the exact
values (fastchess stops earlier, see the Rust module docs). Empty bins are
replaced by 1e-3, as fastchess does.

Run: python3 referee/scripts/sprt_reference.py
"""
import math

EMPTY_BIN = 1e-3
NELO_SCALE = 800.0 / math.log(10.0)


def regularize(counts):
    return [c if c > 0 else EMPTY_BIN for c in counts]


def bisect(f, lo, hi):
    flo = f(lo)
    for _ in range(400):
        mid = 0.5 * (lo + hi)
        if mid == lo or mid == hi:
            break
        fm = f(mid)
        if (fm > 0) == (flo > 0):
            lo, flo = mid, fm
        else:
            hi = mid
    return 0.5 * (lo + hi)


def mle_mean(p, a, s):
    """Max-likelihood distribution with mean s (prop. 1.1)."""
    f = lambda th: sum(pi * (ai - s) / (1 + th * (ai - s)) for pi, ai in zip(p, a))
    lo, hi = -1.0 / (a[-1] - s), -1.0 / (a[0] - s)
    shrink = 1e-15
    th = bisect(f, lo + shrink * (hi - lo), hi - shrink * (hi - lo))
    return [pi / (1 + th * (ai - s)) for pi, ai in zip(p, a)]


def mle_t(p, a, mu_ref, t):
    """Max-likelihood distribution with (mu - mu_ref)/sigma = t (sec. 4.1)."""
    q = [1.0 / len(a)] * len(a)
    for _ in range(10000):
        mu = sum(qi * ai for qi, ai in zip(q, a))
        sigma = math.sqrt(sum(qi * (ai - mu) ** 2 for qi, ai in zip(q, a)))
        phi = [ai - mu_ref - 0.5 * t * sigma * (1 + ((ai - mu) / sigma) ** 2) for ai in a]
        u, v = min(phi), max(phi)
        f = lambda th: sum(pi * fi / (1 + th * fi) for pi, fi in zip(p, phi))
        lo, hi = -1.0 / v, -1.0 / u
        shrink = 1e-15
        th = bisect(f, lo + shrink * (hi - lo), hi - shrink * (hi - lo))
        new = [pi / (1 + th * fi) for pi, fi in zip(p, phi)]
        diff = max(abs(x - y) for x, y in zip(new, q))
        q = new
        if diff < 1e-15:
            break
    return q


def llr(counts, elo0, elo1, model):
    c = regularize(counts)
    n = sum(c)
    p = [x / n for x in c]
    k = len(c)
    a = [i / (k - 1) for i in range(k)]
    if model == "logistic":
        sc = lambda e: 1 / (1 + 10 ** (-e / 400))
        p0, p1 = mle_mean(p, a, sc(elo0)), mle_mean(p, a, sc(elo1))
    else:
        factor = math.sqrt(2.0) if k == 5 else 1.0
        t0, t1 = factor * elo0 / NELO_SCALE, factor * elo1 / NELO_SCALE
        p0, p1 = mle_t(p, a, 0.5, t0), mle_t(p, a, 0.5, t1)
    return n * sum(pi * (math.log(y) - math.log(x)) for pi, x, y in zip(p, p0, p1))


def bayesian_llr(w, d, l, elo0, elo1):
    if w == 0 or l == 0:
        return 0.0
    c = regularize([l, d, w])
    n = sum(c)
    p = [x / n for x in c]
    L, W = p[0], p[2]
    drawelo = 200 * math.log10((1 - L) / L * (1 - W) / W)

    def score(be):
        pw = 1 / (1 + 10 ** ((-be + drawelo) / 400))
        pl = 1 / (1 + 10 ** ((be + drawelo) / 400))
        return pw + 0.5 * (1 - pw - pl)

    a = [0.0, 0.5, 1.0]
    p0, p1 = mle_mean(p, a, score(elo0)), mle_mean(p, a, score(elo1))
    return n * sum(pi * (math.log(y) - math.log(x)) for pi, x, y in zip(p, p0, p1))


# (model, counts in increasing score order: [LL, LD, WL+DD, WD, WW] or [L, D, W], elo0, elo1)
CASES = [
    ("logistic", [0, 0, 0, 0, 200], 0, 100),
    ("normalized", [0, 0, 0, 0, 200], 0, 100),
    ("logistic", [0, 0, 0, 0, 1], 0, 10),
    ("normalized", [0, 0, 0, 0, 1], 0, 10),
    ("logistic", [200, 0, 0, 0, 0], 0, 10),
    ("normalized", [0, 0, 50, 0, 0], 0, 10),
    ("logistic", [8, 0, 0, 72, 18], 0, 10),
    ("logistic", [8, 0, 0, 72, 18], 0, 10),
    ("normalized", [8, 0, 0, 72, 18], 0, 10),
    ("logistic", [300, 2000, 5000, 2300, 400], 0, 5),
    ("normalized", [300, 2000, 5000, 2300, 400], 0, 5),
    ("logistic", [5, 80, 200, 90, 8], 0, 5),
    ("normalized", [5, 80, 200, 90, 8], -5, 0),
    ("logistic", [80, 0, 100], 0, 5),  # no draws
    ("normalized", [80, 0, 100], 0, 5),
    ("logistic", [4000, 2000, 4300], 0, 5),
    ("logistic", [0, 0, 1], 0, 5),  # one game
    ("normalized", [0, 0, 9], 0, 5),  # one bin only
    # fastchess's own tests (app/tests/sprt_test.cpp), Stats(wins, losses, draws)
    ("normalized", [36027, 68692, 36433], 0, 2),
    ("normalized", [10650, 20431, 10871], -1.75, 0.25),
    ("normalized", [0, 0, 4250], 0, 10),
    ("logistic", [21184, 40708, 21404], 0.5, 2.5),
    ("logistic", [57030, 106593, 57433], 0, 2),
    # Stats(ll, ld, wl, dd, wd, ww)
    ("normalized", [365, 16618, 36029 + 200, 16974, 390], 0, 2),
    ("normalized", [127, 4883, 10311 + 401, 5150, 104], -1.75, 0.25),
    ("normalized", [0, 0, 0, 0, 5550], 0, 5),
    ("logistic", [223, 9863, 20279 + 1000, 10037, 246], 0.5, 2.5),
    ("logistic", [871, 26175, 55003 + 980, 26678, 821], 0, 2),
]
BAYESIAN = [
    # (W, D, L) fastchess tests
    (68965, 128429, 68526, 0, 2),
    (21629, 41111, 21484, 0.5, 2.5),
    (10, 5, 0, 0, 5),
    (100, 20, 80, 0, 5),
]

if __name__ == "__main__":
    for model, counts, e0, e1 in CASES:
        print(f"{model:10} {counts!s:40} [{e0}, {e1}]  LLR {llr(counts, e0, e1, model):.6f}")
    for w, d, l, e0, e1 in BAYESIAN:
        print(f"bayesian   W{w} D{d} L{l} [{e0}, {e1}]  LLR {bayesian_llr(w, d, l, e0, e1):.6f}")
