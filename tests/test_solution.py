"""Tests of solver.engine.solution: equality, hashing and the public remoteness views of a Solution."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from solver.engine import solve
from solver.engine.solution import NO_REMOTENESS, Outcome, Solution


@pytest.fixture(scope="module")
def sol():
    # 8637 is W with remoteness at most 11 (only bounded) at bound 34,000.
    return solve(34_000)


def test_equal_iff_same_bound_and_arrays(sol):
    again = solve(34_000)
    assert again is not sol and again == sol and not (again != sol)  # noqa: SIM202 (checks __ne__)
    # seconds does not count.
    assert dataclasses.replace(sol, seconds=sol.seconds + 1) == sol
    changed = dataclasses.replace(sol, outcome=sol.outcome.copy())
    changed.outcome[5] = Outcome.U
    assert changed != sol
    changed = dataclasses.replace(sol, packed_remoteness=sol.packed_remoteness.copy())
    changed.packed_remoteness[8637] = 11
    assert changed != sol
    assert solve(1000) != sol
    # Same arrays, another bound field: not equal.
    assert dataclasses.replace(sol, bound=sol.bound - 1) != sol


def test_equality_with_other_types_is_not_implemented(sol):
    assert sol.__eq__("a solution") is NotImplemented
    assert sol != "a solution" and sol != None  # noqa: E711
    assert sol not in [1, "x"]


def test_not_hashable(sol):
    assert Solution.__hash__ is None
    with pytest.raises(TypeError):
        hash(sol)


def test_remoteness_unpacks_the_sign(sol):
    packed = sol.packed_remoteness
    rem = sol.remoteness
    exact = sol.remoteness_exact
    assert rem.dtype == np.int16 and rem.shape == packed.shape
    assert exact.dtype == bool and exact.shape == packed.shape
    wl = (sol.outcome == Outcome.W) | (sol.outcome == Outcome.L)
    # W/L: >= 0, the exact value or the upper bound; D/U: -1.
    assert np.all(rem[wl] >= 0)
    assert np.all(rem[~wl] == NO_REMOTENESS)
    np.testing.assert_array_equal(rem[wl], np.abs(packed[wl]))
    np.testing.assert_array_equal(exact, packed >= 0)
    assert not exact[~wl].any()
    # The documented case: 8637 wins in at most 11 at bound 34,000.
    assert int(packed[8637]) == -11
    assert int(rem[8637]) == 11 and not exact[8637]
    assert sol.value(8637) == (Outcome.W, None) and sol.remoteness_at_most(8637) == 11
    # Position 0 is L with remoteness exactly 0; 92 wins in exactly 11.
    assert (int(rem[0]), bool(exact[0])) == (0, True)
    assert (int(rem[92]), bool(exact[92])) == (11, True)


def test_remoteness_is_read_only_and_a_copy(sol):
    with pytest.raises(dataclasses.FrozenInstanceError):
        sol.remoteness = sol.packed_remoteness  # type: ignore[misc]
    view = sol.remoteness
    view[1] = 99
    assert int(sol.remoteness[1]) == 1 and int(sol.packed_remoteness[1]) == 1


def test_value_and_counts_check_their_arguments(sol):
    with pytest.raises(TypeError):
        sol.value(2.0)
    with pytest.raises(ValueError):
        sol.value(-1)
    with pytest.raises(TypeError):
        sol.counts(True)
    with pytest.raises(ValueError, match="from 1 to 34,000"):
        sol.counts(34_001)
