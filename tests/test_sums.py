"""Sums of heaps (solver.values.sums) against brute-force product games (tests/naive_product.py)."""

from __future__ import annotations

import pytest
from naive_product import heap_product, pair_product

from solver.engine.solution import Outcome
from solver.values.nimvalues import nim_values
from solver.values.sums import MAX_HEAPS, sum_outcome, sum_position


def _value_and_row(table, m):
    return (int(table.value[m]), int(table.k_mask[m])), tuple(int(c) for c in table.heap_outcomes[m])


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "bound"),
    [("put-or-take-a-square", 200), ("square-but-one", 120), ("subtract-a-square", 120), ("put-or-take-a-prime", 100)],
)
def test_two_heaps_agree_with_pair_product(name, bound):
    ref = pair_product(name, bound)
    climbs = name.startswith("put-or-take")
    table = nim_values(name, bound, bound if climbs else None)
    decided = agreed = 0
    for a in range(bound + 1):
        va, ra = _value_and_row(table, a)
        for b in range(bound + 1):
            vb, rb = _value_and_row(table, b)
            mine, _ = sum_outcome([va, vb], [ra, rb])
            expected = ref[(a, b)]
            if mine != Outcome.U:
                decided += 1
                if expected != "U":
                    assert mine.name == expected, (name, a, b)
                    agreed += 1
            if not climbs:  # exact rules: the project decides every sum the reference decides
                assert expected == "U" or mine != Outcome.U, (name, a, b)
    assert agreed > (bound + 1) ** 2 // 20


@pytest.mark.parametrize("name", ["put-or-take-a-square", "square-but-one-odd", "put-or-take-a-cube"])
def test_heap_plus_nim_heap_agrees_with_product(name):
    bound, heaps = 150, 6
    ref = heap_product(name, bound, heaps)
    climbs = name.startswith("put-or-take")
    table = nim_values(name, 140, bound if climbs else None)
    for m in range(141):
        v, row = _value_and_row(table, m)
        for j in range(heaps + 1):
            mine, _ = sum_outcome([v, (j, 0)], [row, ()])
            if mine != Outcome.U and ref[(m, j)] != "U":
                assert mine.name == ref[(m, j)], (name, m, j)


def test_facts_put_or_take_a_square():
    assert sum_position([5, 5]).outcome == Outcome.L
    s = sum_position([1, 5])
    assert s.outcome == Outcome.W
    assert s.values == ("inf{0}", "0")
    assert [s.moves[k].to for k in s.best] == [0]  # take heap 1 to 0, leaving 5: L


def test_best_moves_lead_to_the_right_outcome():
    bound = 120
    ref = pair_product("put-or-take-a-square", bound)
    for a, b in [(1, 5), (5, 20), (2, 3), (7, 29), (11, 5), (30, 6)]:
        s = sum_position([a, b], "put-or-take-a-square", bound)
        for move in s.moves:
            after = (move.to, b) if move.heap == 0 else (a, move.to)
            if move.after != Outcome.U and max(after) <= bound and ref[after] != "U":
                assert move.after.name == ref[after]
            assert move.outcome == {"W": Outcome.L, "L": Outcome.W}.get(move.after.name, move.after)
        if s.outcome == Outcome.W:
            assert s.best and all(s.moves[k].outcome == Outcome.W for k in s.best)
        if s.outcome == Outcome.D:
            assert s.best and all(s.moves[k].outcome == Outcome.D for k in s.best)


def test_three_heaps_and_draw_rules():
    # two infinite values: a draw
    assert sum_position([2, 3], "square-but-one").outcome == Outcome.D
    # Square-But-One: 0, *1 and ∞{1} (heap 2): the others' nim sum is 1, in K: a win
    s = sum_position([5, 1, 2], "square-but-one")
    assert s.values == ("0", "1", "inf{1}") and s.outcome == Outcome.W


def test_heaps_beyond_the_bound_are_unknown_not_wrong():
    s = sum_position([10**30, 7], "put-or-take-a-square", 1000)
    assert s.values[0] == "?"
    assert s.outcome in (Outcome.U, Outcome.D)
    assert len(s.moves) == 4
    d = s.to_dict()
    assert set(d) >= {"heaps", "values", "outcome", "moves", "best", "reason"}
    assert d["heaps"] == [10**30, 7]


def test_bad_input():
    with pytest.raises(ValueError):
        sum_position([])
    with pytest.raises(ValueError):
        sum_position([1] * (MAX_HEAPS + 1))
    with pytest.raises(ValueError):
        sum_position([-1, 2])
    with pytest.raises(TypeError):
        sum_position(["5"])
    with pytest.raises(ValueError, match="normal play"):
        sum_position([1, 2], "subtract-a-square-misere")
