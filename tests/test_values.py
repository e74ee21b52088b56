"""Tests of solver.values.position: one move ranking, scalar and vectorised, and the values of any position."""

from __future__ import annotations

import math

import numpy as np
import pytest

from solver.engine import solve
from solver.engine.solution import Outcome
from solver.games.squares import Move, moves
from solver.values.position import (
    best_moves,
    move_rank,
    move_rank_array,
    mover_outcome,
    position_remoteness_at_most,
    position_value,
)


@pytest.fixture(scope="module")
def sol():
    return solve(34_000)


def test_move_rank_array_equals_move_rank(sol):
    # Every position up to the bound and past it, squares above the bound,
    # huge numbers and the largest int64 position the engine allows.
    rng = np.random.default_rng(7)
    children = list(range(0, sol.bound + 200))
    children += [k * k for k in range(185, 400)] + [k * k + 1 for k in range(185, 400)]
    children += [int(x) for x in rng.integers(sol.bound, 2**62, 2000)]
    children += [(2**31 - 1) ** 2, 2**62 - 1]
    array = np.array(children, dtype=np.int64)
    got = move_rank_array(array, sol)
    assert got.dtype == np.int64 and got.shape == array.shape
    assert got.tolist() == [move_rank(c, sol) for c in children]


def test_move_rank_order(sol):
    # L (a win for the mover) by least remoteness, then D, U, then W by
    # greatest remoteness.
    def rank_of(outcome, at_most):
        return next(
            c
            for c in range(1, sol.bound + 1)
            if position_value(c, sol)[0] == outcome and position_remoteness_at_most(c, sol) == at_most
        )

    l2, l4 = rank_of(Outcome.L, 2), rank_of(Outcome.L, 4)
    d = next(c for c in range(1, 100) if position_value(c, sol)[0] == Outcome.D)
    u = sol.bound + 2  # not a square above the bound
    w1, w3 = 1, rank_of(Outcome.W, 3)
    order = [l2, l4, d, u, w3, w1]
    ranks = [move_rank(c, sol) for c in order]
    assert ranks == sorted(ranks) and len(set(ranks)) == len(ranks)


def test_best_moves_are_the_least_ranked(sol):
    for n in range(1, 3000):
        t, p = moves(n)
        rt, rp = move_rank(t, sol), move_rank(p, sol)
        expected = [m for m, r in ((Move.TAKE, rt), (Move.PUT, rp)) if r == min(rt, rp)]
        assert best_moves(n, sol) == expected


def test_values_above_the_bound(sol):
    big = 10**30
    assert position_value(big, sol) == (Outcome.W, 1)
    assert position_value(big + 1, sol) == (Outcome.U, None)
    assert position_remoteness_at_most(big, sol) == 1
    assert position_remoteness_at_most(big + 1, sol) is None
    assert position_value(92, sol) == (Outcome.W, 11)
    assert math.isqrt(big) ** 2 == big


@pytest.mark.parametrize("func", [position_value, position_remoteness_at_most, move_rank])
def test_bad_positions(func, sol):
    with pytest.raises(ValueError):
        func(-1, sol)
    with pytest.raises(TypeError):
        func(2.0, sol)
    with pytest.raises(TypeError):
        func(True, sol)


def test_mover_outcome():
    assert mover_outcome(Outcome.L) is Outcome.W
    assert mover_outcome(Outcome.W) is Outcome.L
    assert mover_outcome(Outcome.D) is Outcome.D
    assert mover_outcome(int(Outcome.U)) is Outcome.U
    with pytest.raises(ValueError):
        mover_outcome(7)
