"""Tests of solver.analysis.playout: the vectorised game engine (thesis section 5).

Every exact expectation comes from the plain-Python references of
``reference_play`` (explicit loops, Python ints, math.isqrt, explicit sets of
seen states) or from solver.values.position.best_moves, never from the vectorised code
under test.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from reference_play import LIMIT, ref_play, solved

from solver.analysis.playout import MAX_MOVE_CAP, POSITION_LIMIT, GameResult, isqrt_array, play_pair
from solver.analysis.policies import STRATEGIES, Strategy
from solver.engine.solution import Outcome
from solver.games.squares import isqrt_array as rules_isqrt_array

assert POSITION_LIMIT == LIMIT


@pytest.fixture(scope="module")
def sol_small():
    return solved(2_000)


@pytest.fixture(scope="module")
def sol_big():
    return solved(100_000)


# ---------------------------------------------------------------- isqrt


def test_isqrt_array_matches_math_isqrt():
    rng = np.random.default_rng(1)
    values = [0, 1, 2, 3, 4, 2**52, 2**52 + 1, 2**62 - 1, (2**31 - 1) ** 2, (2**31 - 1) ** 2 - 1]
    for k in [2, 3, 10**6, 2**26 + 1, 3037000499, 2**31 - 1]:
        values += [k * k - 1, k * k, k * k + 1]
    values = [v for v in values if 0 <= v < LIMIT]
    values += [int(v) for v in rng.integers(0, LIMIT, 20_000, dtype=np.int64)]
    values += [int(v) for v in rng.integers(2**52, 2**56, 20_000, dtype=np.int64)]
    got = isqrt_array(np.array(values, dtype=np.int64))
    assert got.dtype == np.int64
    assert got.tolist() == [math.isqrt(v) for v in values]


@pytest.mark.parametrize("bad", [np.array([-1]), np.array([2**62])])
def test_isqrt_array_rejects_values_out_of_range(bad):
    with pytest.raises(ValueError, match="2\\*\\*62"):
        isqrt_array(bad)


def test_isqrt_array_rejects_non_integer_arrays():
    # A float array is the wrong type (TypeError since solver.validation's
    # convention; it was ValueError).
    with pytest.raises(TypeError, match="integer"):
        isqrt_array(np.array([1.0]))


def test_isqrt_array_is_the_one_in_rules():
    assert isqrt_array is rules_isqrt_array


# ---------------------------------------------------------------- optimal against optimal


def test_optimal_against_optimal_realises_values(sol_big):
    # Best play from a W position wins for the first mover, from an L
    # position for the second; everything else never ends (draws).
    n = 10_000
    result = play_pair("optimal", "optimal", n, solution=sol_big)
    counts = sol_big.counts(n)
    assert int((result == GameResult.FIRST_WINS).sum()) == counts["W"]
    assert int((result == GameResult.SECOND_WINS).sum()) == counts["L"]
    outcome = sol_big.outcome[1 : n + 1]
    assert np.all(result[outcome == Outcome.W] == GameResult.FIRST_WINS)
    assert np.all(result[outcome == Outcome.L] == GameResult.SECOND_WINS)
    assert np.all(result[outcome == Outcome.D] == GameResult.DRAW)


# ---------------------------------------------------------------- pairs


def test_play_pair_matches_reference(sol_small):
    n = 300
    starts = list(range(1, n + 1))
    for first in STRATEGIES:
        for second in STRATEGIES:
            got = play_pair(first, second, n, solution=sol_small, seed=9, move_cap=1000)
            assert got.dtype == np.int8 and got.shape == (n,)
            expected, _ = ref_play(first, second, starts, sol_small, np.random.default_rng(9), 1000)
            assert got.tolist() == expected, (first, second)


@pytest.mark.parametrize("cap", [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 16, 17, 33])
def test_play_pair_draws_exactly_when_a_state_repeats_by_the_cap(sol_small, cap):
    # A game is a draw exactly when a state repeats within the first ``cap``
    # moves (the reference keeps an explicit set of states), even when the
    # fast code's cycle detection only sees the repeat after the cap.
    starts = list(range(1, 301))
    deterministic = [s for s in STRATEGIES if s is not Strategy.RANDOM]
    for first in deterministic:
        for second in deterministic:
            got = play_pair(first, second, 300, solution=sol_small, move_cap=cap)
            expected, _ = ref_play(first, second, starts, sol_small, None, cap)
            assert got.tolist() == expected, (first, second, cap)


def test_play_pair_short_cap_and_overflow():
    # Put against adder climbs: games stop unfinished when a position would
    # reach 2**62, after about 60 moves; a cap below that stops them first.
    starts = list(range(1, 301))
    for cap in (3, 10, 70, 200):
        for pair in (("put", "adder"), ("adder", "adder"), ("take", "put"), ("random", "adder")):
            got = play_pair(*pair, 300, seed=1, move_cap=cap)
            expected, _ = ref_play(*pair, starts, None, np.random.default_rng(1), cap)
            assert got.tolist() == expected, (pair, cap)
    assert play_pair("put", "put", 50).tolist() == [GameResult.DRAW] * 50


def test_play_pair_bad_arguments(sol_small):
    with pytest.raises(ValueError, match="first"):
        play_pair("jump", "take", 10)
    # A missing Solution is a wrong type: TypeError (it was ValueError).
    with pytest.raises(TypeError, match="Solution"):
        play_pair("optimal", "take", 10)
    with pytest.raises(ValueError, match="move_cap"):
        play_pair("take", "take", 10, move_cap=MAX_MOVE_CAP + 1)


def test_play_pair_takes_n_by_keyword():
    assert play_pair("take", "take", n=5).shape == (5,)
    with pytest.raises(TypeError, match="n must be an integer"):
        play_pair("take", "take", 5.0)
