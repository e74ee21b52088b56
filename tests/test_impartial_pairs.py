"""Wythoff's game and Euclid's game (solver.impartial.wythoff) against the brute force and the source.

Facts quoted from "Sieves and Wythoff's Nim" and "Euclid's Game" (seed 002).
"""

from __future__ import annotations

import math
from decimal import Decimal, getcontext

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from naive_impartial import euclid_moves, euclid_wins, wythoff_sieve_by_list, wythoff_wins

from solver.impartial import (
    beatty_pairs,
    euclid_is_win,
    euclid_outcomes,
    outcomes_cost,
    sieve_steps,
    wythoff_outcomes,
    wythoff_pairs,
)

#: "a(n)=1, 3, 4, 6, 8, 9, 11, 12, 14, 16, ... of good integers and ... b(n)=2, 5, 7, 10, 13, 15, 18, 20, 23, 26".
SOURCE_A = [1, 3, 4, 6, 8, 9, 11, 12, 14, 16]
SOURCE_B = [2, 5, 7, 10, 13, 15, 18, 20, 23, 26]


# --- Wythoff's game ---------------------------------------------------------------------


def test_wythoff_outcomes_match_brute_force():
    size = 45
    table = wythoff_outcomes(size)
    assert table.dtype == np.uint8 and table.shape == (size, size)
    expected = [[int(wythoff_wins(a, b)) for b in range(size)] for a in range(size)]
    assert table.tolist() == expected


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 40))
def test_wythoff_outcomes_every_size_is_a_corner_of_the_big_table(size):
    assert (wythoff_outcomes(size) == wythoff_outcomes(41)[:size, :size]).all()


def test_wythoff_p_positions_are_the_sieve_pairs():
    size = 3000
    table = wythoff_outcomes(size)
    pairs = wythoff_pairs(size)
    losing = {(0, 0)}
    for a, b in pairs.tolist():
        for x, y in ((a, b), (b, a)):
            if x < size and y < size:
                losing.add((x, y))
    found = set(zip(*np.nonzero(table == 0), strict=True))
    assert {(int(a), int(b)) for a, b in found} == losing
    assert (table == table.T).all()


def test_sieve_pairs_are_the_sources():
    pairs = wythoff_pairs(10)
    assert pairs.dtype == np.int64 and pairs.shape == (10, 2)
    assert pairs[:, 0].tolist() == SOURCE_A
    assert pairs[:, 1].tolist() == SOURCE_B
    assert wythoff_pairs(0).shape == (0, 2)


def test_sieve_pairs_match_the_literal_sieve():
    assert [tuple(p) for p in wythoff_pairs(400).tolist()] == wythoff_sieve_by_list(400)


def test_sieve_pairs_are_the_beatty_pairs():
    count = 10**5
    assert (wythoff_pairs(count) == beatty_pairs(count)).all()


@pytest.mark.slow
def test_beatty_pairs_with_exact_integers_and_high_precision():
    count = 10**7
    pairs = beatty_pairs(count)
    getcontext().prec = 60
    phi = (1 + Decimal(5).sqrt()) / 2
    rng = np.random.default_rng(2024)
    for n in [1, 2, 3, 1000, count - 1, count, *rng.integers(1, count, 200).tolist()]:
        a, b = pairs[n - 1].tolist()
        assert a == (n + math.isqrt(5 * n * n)) // 2
        assert a == int((n * phi).to_integral_value(rounding="ROUND_FLOOR"))
        assert b == int((n * phi * phi).to_integral_value(rounding="ROUND_FLOOR"))


def test_sieve_steps_follow_the_source():
    steps = sieve_steps(3, window=5)
    # "in step 1, 1 is good, 2 = 1+1 is bad, and we are left with the list 3, 4, 5, 6..."
    assert (steps[0].n, steps[0].good, steps[0].bad) == (1, 1, 2)
    assert steps[0].before == (1, 2, 3, 4, 5)
    assert steps[1].before[:4] == (3, 4, 5, 6)
    # "In the second step, 3 becomes good while 5=3+2 goes bad, leaving us with 4, 6, 7, 8, 9"
    assert (steps[1].good, steps[1].bad) == (3, 5)
    assert steps[2].before == (4, 6, 7, 8, 9)
    # "In the third step 4 becomes good and 7=4+3 goes bad"
    assert (steps[2].good, steps[2].bad) == (4, 7)


def test_sieve_steps_agree_with_the_pairs():
    steps = sieve_steps(2000, window=3)
    assert [(s.good, s.bad) for s in steps] == [tuple(p) for p in wythoff_pairs(2000).tolist()]
    assert all(s.before[0] == s.good for s in steps)


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: wythoff_outcomes(-1), ValueError),
        (lambda: wythoff_outcomes(2.5), TypeError),
        (lambda: wythoff_pairs(-1), ValueError),
        (lambda: wythoff_pairs(10**8), ValueError),
        (lambda: beatty_pairs(None), TypeError),
        (lambda: sieve_steps(10**6), ValueError),
        (lambda: sieve_steps(5, window=0), ValueError),
    ],
)
def test_wythoff_argument_checks(call, error):
    with pytest.raises(error):
        call()


def test_tables_beyond_the_limits_are_refused_with_the_estimate():
    with pytest.raises(ValueError, match=r"would (take|need) .*reduce the size"):
        wythoff_outcomes(10**6)
    with pytest.raises(ValueError, match=r"would (take|need) .*reduce the size"):
        euclid_outcomes(10**6)
    assert outcomes_cost(2000).bytes >= 2000 * 2000


# --- Euclid's game ----------------------------------------------------------------------


def test_euclid_moves_of_the_source():
    # "So from (11,27), we can move to either (11,16) or to (11,5)."
    assert euclid_moves(11, 27) == {(11, 16), (11, 5)}


def test_euclid_theorem_matches_brute_force_exhaustively():
    size = 90
    table = euclid_outcomes(size)
    assert table.dtype == np.uint8 and table.shape == (size, size)
    for a in range(size):
        for b in range(size):
            expected = euclid_wins(a, b)
            assert euclid_is_win(a, b) == expected, (a, b)
            assert table[a, b] == expected, (a, b)


def test_euclid_source_facts():
    # "If one number is a multiple of the other, the first player can ... win in a single move.
    # In particular, all pairs (a,a) are a win for the first player."
    assert all(euclid_is_win(a, a) and euclid_is_win(a, 7 * a) and euclid_is_win(7 * a, a) for a in range(1, 200))


def test_euclid_is_exact_near_the_golden_ratio():
    # Consecutive Fibonacci numbers: F(k+1)/F(k) tends to φ from alternating sides, closer than
    # a float can tell for large k; every move is forced (quotient 1), so the brute force is cheap.
    fib = [1, 2]
    while len(fib) < 250:
        fib.append(fib[-1] + fib[-2])
    results = []
    for a, b in zip(fib[1:], fib[2:]):  # (2, 3), (3, 5), (5, 8), ...
        results.append(euclid_is_win(a, b))
        assert results[-1] == euclid_wins(a, b) == euclid_wins(b, a)
    assert results[:4] == [False, True, False, True]  # 3/2 < φ < 5/3, 8/5 < φ < 13/8
    assert all(x != y for x, y in zip(results, results[1:]))


def _max_quotient(a, b):
    q = 0
    while a and b:
        a, b = min(a, b), max(a, b)
        q = max(q, b // a)
        b %= a
    return q


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 10**12), st.integers(1, 10**12))
def test_euclid_theorem_matches_brute_force_for_large_pairs(a, b):
    assume(_max_quotient(a, b) <= 60)  # keeps the brute force small
    assert euclid_is_win(a, b) == euclid_wins(a, b)


def test_euclid_argument_checks():
    with pytest.raises(ValueError, match="negative entry"):
        euclid_is_win(-1, 5)
    with pytest.raises(ValueError, match="negative entry"):
        euclid_is_win(3, -5)
    with pytest.raises(TypeError):
        euclid_is_win(1.5, 2)
    with pytest.raises(TypeError):
        euclid_outcomes("10")
    assert not euclid_is_win(0, 5) and not euclid_is_win(0, 0)
