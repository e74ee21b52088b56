"""Tests of solver.analysis.policies: the strategies and the vectorised optimal move (thesis section 5)."""

from __future__ import annotations

import numpy as np
import pytest
from reference_play import solved

from solver.analysis.policies import STRATEGIES, STRATEGY_LABELS, Strategy, optimal_put
from solver.games.squares import Move
from solver.values.position import best_moves


@pytest.fixture(scope="module")
def sol_small():
    return solved(2_000)


@pytest.fixture(scope="module")
def sol_big():
    return solved(100_000)


def test_strategies_are_distinct_rules():
    # The thesis's "subtractor" is always-take: one member, not two, so the
    # strategy matrix has no duplicate rows or columns.
    assert [s.value for s in STRATEGIES] == ["put", "take", "random", "optimal", "adder"]
    assert set(STRATEGY_LABELS) == set(STRATEGIES)
    assert len(set(STRATEGY_LABELS.values())) == len(STRATEGIES)
    with pytest.raises(ValueError):
        Strategy("subtractor")


def test_optimal_put_equals_best_moves(sol_small, sol_big):
    positions = np.arange(1, sol_small.bound + 1)
    got = optimal_put(positions, sol_small)
    assert got.dtype == bool and got.shape == positions.shape
    expected = [best_moves(int(n), sol_small)[0] == Move.PUT for n in positions]
    assert got.tolist() == expected
    # Both kinds of decision occur, and so do children above the bound.
    assert got.any() and not got.all()
    rng = np.random.default_rng(0)
    sample = np.concatenate([rng.integers(1, sol_big.bound + 1, 3000), np.arange(50_001, 51_001)])
    got = optimal_put(sample, sol_big)
    assert got.tolist() == [best_moves(int(n), sol_big)[0] == Move.PUT for n in sample]
    # Above the bound the strategy takes.
    above = np.array([sol_small.bound + 1, 10**12, (10**9) ** 2, 2**62 - 1])
    assert not optimal_put(above, sol_small).any()


def test_optimal_put_bad_arguments(sol_small):
    with pytest.raises(ValueError):
        optimal_put([0], sol_small)
    with pytest.raises(ValueError):
        optimal_put([2**62], sol_small)
    # Wrong types are TypeError (they were ValueError).
    with pytest.raises(TypeError):
        optimal_put([1.5], sol_small)
    with pytest.raises(TypeError, match="Solution"):
        optimal_put([5], None)
