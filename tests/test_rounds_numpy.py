"""A fresh install's first solve of a rule solved by rounds: in numpy while the kernels are not compiled, the same answer.

While the rounds' kernels (``solver.engine.rounds._pt_round``, ``_sweep_pieces``)
are neither compiled nor in numba's cache, a solve by rounds up to ``10**6``
of a rule with a few dozen members runs in numpy (``solver.engine.rounds_numpy``),
unless a bounded remoteness passes ``NUMPY_ROUNDS_MAX_REMOTENESS`` (none does
up to ``10**6``).  These tests compare its outcomes and packed remoteness with
the kernels' and the brute force's, and check which path a solve takes.
"""

from __future__ import annotations

import numpy as np
import pytest
from naive_family import naive_queue_solve

import solver.engine.rounds as rounds
import solver.engine.rounds_numpy as rounds_numpy
from solver.engine import solve_rule
from solver.engine.rounds_numpy import solve_by_rounds_numpy
from solver.engine.sweep_numpy import NUMPY_SWEEP_MAX, sweep_path
from solver.games import RULES

#: The rules solved by rounds.
BY_ROUNDS = [
    "put-or-take-a-power-of-2",
    "put-or-take-a-power-of-3",
    "put-or-take-a-factorial",
    "put-or-take-a-fibonacci-number",
]


def _refuse_round_kernels(monkeypatch) -> None:
    def refuse(*_args):
        raise AssertionError("a rounds kernel ran")

    monkeypatch.setattr(rounds, "_pt_round", refuse)
    monkeypatch.setattr(rounds, "_sweep_pieces", refuse)


def _by(solve, rule: str, bound: int) -> tuple[np.ndarray, np.ndarray, object]:
    members = RULES[rule].members(2 * bound)
    outcome = np.empty(bound + 1, np.int8)
    rem = np.empty(bound + 1, np.int16)
    done = solve(members, bound, outcome, rem, lambda _fraction: None)
    return outcome, rem, done


def _by_kernels(rule: str, bound: int) -> tuple[np.ndarray, np.ndarray, object]:
    with sweep_path("kernel"):
        return _by(rounds.solve_by_rounds, rule, bound)


@pytest.mark.parametrize("rule", BY_ROUNDS)
@pytest.mark.parametrize("bound", [1, 2, 3, 10, 57, 200, 1_000, 6_001, 20_000, 100_000])
def test_numpy_rounds_give_the_kernels_outcomes_and_remoteness(rule, bound):
    outcome, rem, done = _by(solve_by_rounds_numpy, rule, bound)
    assert done
    expected_outcome, expected_rem, _ = _by_kernels(rule, bound)
    np.testing.assert_array_equal(outcome, expected_outcome)
    np.testing.assert_array_equal(rem, expected_rem)


@pytest.mark.slow
def test_the_powers_of_3_at_the_pages_bound_in_numpy():
    bound = NUMPY_SWEEP_MAX
    outcome, rem, done = _by(solve_by_rounds_numpy, "put-or-take-a-power-of-3", bound)
    assert done
    expected_outcome, expected_rem, _ = _by_kernels("put-or-take-a-power-of-3", bound)
    np.testing.assert_array_equal(outcome, expected_outcome)
    np.testing.assert_array_equal(rem, expected_rem)


def test_the_powers_of_3s_bounds_rise_two_moves_a_step(monkeypatch):
    # Each step raises the paired positions first, then the others: about half as many steps as the remoteness.
    calls = []
    raise_once = rounds_numpy._lower_bound
    monkeypatch.setattr(rounds_numpy, "_lower_bound", lambda *args: calls.append(1) or raise_once(*args))
    outcome, rem, done = _by(solve_by_rounds_numpy, "put-or-take-a-power-of-3", 100_000)
    assert done
    largest = int(np.abs(rem).max())
    assert largest > 8
    assert len(calls) // 2 <= largest // 2 + 2


def test_a_declined_solve_goes_to_the_kernels(monkeypatch):
    bound = 20_000
    expected_outcome, expected_rem, _ = _by_kernels("put-or-take-a-power-of-3", bound)
    monkeypatch.setattr(rounds_numpy, "NUMPY_ROUNDS_MAX_REMOTENESS", 8)
    assert np.abs(expected_rem).max() > rounds_numpy.NUMPY_ROUNDS_MAX_REMOTENESS
    assert not _by(solve_by_rounds_numpy, "put-or-take-a-power-of-3", bound)[2]
    monkeypatch.setattr(rounds, "kernel_ready", lambda kernel, _args: False)
    outcome, rem, _ = _by(rounds.solve_by_rounds, "put-or-take-a-power-of-3", bound)
    np.testing.assert_array_equal(outcome, expected_outcome)
    np.testing.assert_array_equal(rem, expected_rem)


@pytest.mark.parametrize(
    ("rule", "bound"),
    [
        ("put-or-take-a-power-of-2", 3_000),
        ("put-or-take-a-power-of-3", 3_000),
        ("put-or-take-a-fibonacci-number", 2_000),
    ],
)
def test_numpy_rounds_match_the_brute_force_reference(rule, bound, monkeypatch):
    found = RULES[rule]
    letters, rem = naive_queue_solve(found.children, bound, misere=found.misere)
    _refuse_round_kernels(monkeypatch)
    with sweep_path("numpy"):
        sol = solve_rule(rule, bound)
    got = np.array(["U", "W", "L", "D"])[sol.outcome]
    np.testing.assert_array_equal(got, np.array(letters))
    decided = (got == "W") | (got == "L")
    expected = np.array([-1 if r is None else r for r in rem], dtype=np.int64)
    np.testing.assert_array_equal(np.abs(sol.packed_remoteness.astype(np.int64)[decided]), expected[decided])


def test_without_a_path_a_solve_by_rounds_goes_to_numpy_while_its_kernels_are_not_there(monkeypatch):
    with sweep_path("kernel"):
        expected = solve_rule("put-or-take-a-power-of-2", 50_000)
    monkeypatch.setattr(rounds, "kernel_ready", lambda kernel, _args: False)
    _refuse_round_kernels(monkeypatch)
    got = solve_rule("put-or-take-a-power-of-2", 50_000)
    np.testing.assert_array_equal(np.asarray(got.codes), np.asarray(expected.codes))
    np.testing.assert_array_equal(got.code_counts, expected.code_counts)
    members = RULES["put-or-take-a-power-of-2"].members(2 * NUMPY_SWEEP_MAX + 2)
    wide = np.zeros(1, np.int8), np.zeros(1, np.int16)
    assert not rounds._numpy_serves(members, NUMPY_SWEEP_MAX + 1, *wide)
    with sweep_path("kernel"):
        assert not rounds._numpy_serves(members, 1_000, *wide)
    monkeypatch.setattr(rounds, "kernel_ready", lambda kernel, _args: True)
    assert not rounds._numpy_serves(members, 1_000, *wide)
