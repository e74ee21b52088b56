"""Loopy nim values (solver.values.nimvalues) against brute-force product games (tests/naive_product.py)."""

from __future__ import annotations

import numpy as np
import pytest
from naive_product import heap_product, values_from_heaps

from solver.engine import solve
from solver.engine.solution import Outcome
from solver.games import RULE_NAMES, get_rule
from solver.values.nimvalues import INF, UNKNOWN, k_set, nim_values
from solver.values.nimvalues import nim_value_text as value_text

RULES = [name for name in RULE_NAMES if not get_rule(name).misere]

#: OEIS A014586, Grundy values of subtract-a-square, n = 0..28.
A014586 = [0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 3, 2, 3, 4]


def _max_degree(rule, top):
    return max(len(rule.children(m)) for m in range(top + 1))


@pytest.mark.parametrize("name", RULES)
def test_values_agree_with_product_reference(name):
    rule = get_rule(name)
    if rule.climbs:
        bound, n = 160, 160
        heaps = 4  # two more than any finite value can be: checks the theory too
    else:
        bound, n = 70, 60  # exact below the bound (no climbing)
        heaps = _max_degree(rule, bound) + 2
    ref = heap_product(name, bound, heaps)
    values = nim_values(rule, n, bound if rule.climbs else None)
    decided = 0
    for m in range(n + 1):
        # The values need heaps up to the largest number of followers (2 for put-or-take).
        need = 2 if rule.climbs else heaps
        expected = values_from_heaps(ref, m, need)
        assert values.text(m) == expected, (name, m)
        decided += expected != "?"
        # Smith's characterisation, on the extra heaps the values did not use.
        v, mask = int(values.value[m]), int(values.k_mask[m])
        for j in range(need + 1, heaps + 1):
            o = ref[(m, j)]
            if v >= 0:
                assert o in ("W", "U"), (name, m, j, o)
            elif v == INF:
                assert o in ("D", "U") and not mask >> j & 1, (name, m, j, o)
    assert decided > 0


def test_unbounded_rules_have_no_unknown_values():
    for name in ("square-but-one", "square-but-one-odd", "subtract-a-square"):
        values = nim_values(name, 300)
        assert values.exact and values.known.all()


def test_subtract_a_square_is_a014586():
    values = nim_values("subtract-a-square", 2000)
    assert values.value[: len(A014586)].tolist() == A014586
    # Ordinary Grundy values: mex of the followers', by a slow independent loop.
    g = []
    for m in range(401):
        seen = {g[m - k * k] for k in range(1, int(m**0.5) + 1)}
        g.append(next(v for v in range(len(seen) + 1) if v not in seen))
    assert values.value[:401].tolist() == g


def test_square_but_one_lesson_facts():
    values = nim_values("square-but-one", 1000)
    assert values.text(0) == "0" and values.text(5) == "0"
    assert values.text(1) == "1"
    assert values.value[2] == INF
    # The lesson: L = {0, 5}, W = squares and squares + 5, every other number a draw.
    squares = {k * k for k in range(1, 40)}
    for m in range(1001):
        v, mask = int(values.value[m]), int(values.k_mask[m])
        if v == 0:
            outcome = "L"
        elif v > 0 or mask & 1:
            outcome = "W"
        else:
            outcome = "D"
        expected = "L" if m in (0, 5) else "W" if (m in squares or m - 5 in squares) else "D"
        assert outcome == expected, m


def test_put_or_take_square_l_positions_have_value_zero():
    bound = 20_000
    values = nim_values("put-or-take-a-square", 2000, bound)
    outcome = solve(bound).outcome[:2001]
    is_l = outcome == Outcome.L
    assert is_l.sum() > 10
    assert (values.value[is_l] == 0).all()
    # and value 0 only at L positions (n has value 0 exactly when n + *0 = n is L)
    assert (is_l[values.value == 0]).all()


def test_values_printed_at_a_bound_hold_at_sixteen_times_it():
    for name in ("put-or-take-a-square", "put-or-take-a-prime", "put-or-take-a-fibonacci-number"):
        small = nim_values(name, 1500, 3000)
        large = nim_values(name, 1500, 48_000)
        known = small.known
        assert known.sum() > 100, name
        assert (small.value[known] == large.value[known]).all(), name
        assert (small.k_mask[known] == large.k_mask[known]).all(), name
        assert large.known.sum() >= known.sum()


def test_value_text():
    assert value_text(0) == "0" and value_text(3) == "3"
    assert value_text(INF, 0b101) == "inf{0,2}" and value_text(INF, 0) == "inf{}"
    assert value_text(UNKNOWN) == "?"
    assert k_set(0b110) == (1, 2)
    values = nim_values("put-or-take-a-square", 10, 1000)
    assert values.text(10**30) == "?"
    assert values.value.dtype == np.int64 and values.value.shape == (11,)


def test_bad_input():
    with pytest.raises(ValueError, match="normal play"):
        nim_values("subtract-a-square-misere", 10)
    with pytest.raises(ValueError):
        nim_values("put-or-take-a-square", 100, 50)
    with pytest.raises(ValueError):
        nim_values("put-or-take-a-square", -1)
    with pytest.raises(TypeError):
        nim_values("put-or-take-a-square", 1.5)
    with pytest.raises(ValueError):
        nim_values("no-such-rule", 10)
