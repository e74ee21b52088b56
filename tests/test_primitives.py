"""Tests of solver.analysis.primitives: primitive elements of a layer, runs, Pell family.

Expected values come from the thesis (seed 000, section 4.1: Tables 2 and 3,
equations (5)-(20)), from the brute-force reference solver (tests/naive.py),
or from brute force by definition with ``math.isqrt`` -- never from the code
under test.

Layer 2 by definition: a non-square ``n`` is L with remoteness 2 exactly when
both its children, ``n - k**2`` and ``n + k**2`` (``k = isqrt(n)``), are
squares (every square is W with remoteness 1, and 0 is the only position of
remoteness 0).  ``in_layer_2`` below is that definition.

What the sound classification says about Table 2 (checked below): the sound
layer 2 up to 50,000 has 28 members (bound 500,000; identical to the
brute-force reference and to the definition).  Its primitive elements are
exactly Table 2's 5, 145, 949, 1649, 4901, 31025, and every generated list
matches Table 2 row by row except that of 145: the thesis skips
``145 * 9**2 = 11745``, which IS in layer 2 (take -> 81 = 9**2,
put -> 23409 = 153**2) and lies inside the run of 145 (``i <= 24``).  The
omission is a slip in the table, not a difference of bound: 11745's children
are squares, so its value does not depend on any bound.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from naive import naive_queue_solve

from solver.analysis import thesis_data
from solver.analysis.layers import layer
from solver.analysis.primitives import (
    PRIMITIVE_COLUMNS,
    UNBOUNDED_RUN,
    generated_run,
    pell_family,
    pell_solutions,
    primitive_elements,
    run_bound,
)
from solver.engine import solve
from solver.engine.solution import Outcome

BOUND = 500_000
TABLE_LIMIT = 50_000  # "up to 50,000" (Table 2)
#: Layer 2 members need their put child (about 2 n) inside the bound.
SAFE_LIMIT = 240_000

# Thesis Table 2 (section 4.1), as printed: primitive elements of layer 2 and
# the numbers each generates up to 50,000 (transcribed, with its source, in
# solver/thesis_data.py).
TABLE_2 = thesis_data.TABLE_2

# Thesis Table 3: primitive element -> (square below, P - S).
TABLE_3 = {
    5: (4, 1),
    145: (144, 1),
    949: (900, 49),
    1649: (1600, 49),
    4901: (4900, 1),
    31025: (30976, 49),
}


def is_square(n: int) -> bool:
    r = math.isqrt(n)
    return r * r == n


def in_layer_2(n: int) -> bool:
    """Layer 2 by definition: a non-square whose two children are squares."""
    k = math.isqrt(n)
    return k * k != n and is_square(n - k * k) and is_square(n + k * k)


def brute_run(x: int, s: int) -> int:
    """Count consecutive i >= 1 with isqrt(i**2 x) == i s (equation (16))."""
    i = 1
    while math.isqrt(i * i * x) == i * s:
        i += 1
    return i - 1


def brute_primitives(members: list[int]) -> dict[int, list[int]]:
    """Primitive -> generated members, straight from the definition (O(n^2))."""
    result = {}
    for index, m in enumerate(members):
        earlier = members[:index]
        if any(m % p == 0 and m // p >= 4 and is_square(m // p) for p in earlier):
            continue
        result[m] = [q for q in members[index + 1 :] if q % m == 0 and is_square(q // m)]
    return result


@pytest.fixture(scope="module")
def solution():
    return solve(BOUND)


@pytest.fixture(scope="module")
def reference():
    return naive_queue_solve(BOUND)


@pytest.fixture(scope="module")
def layer_2(solution):
    return layer(solution, TABLE_LIMIT, 2)


@pytest.fixture(scope="module")
def table(layer_2):
    return primitive_elements(layer_2)


# --- the sound layer 2 that Tables 2 and 3 are compared with -----------------


@pytest.mark.slow
def test_sound_layer_2_agrees_with_brute_force(layer_2, reference):
    letters, rem = reference
    naive_layer = [n for n in range(1, TABLE_LIMIT + 1) if rem[n] == 2]
    assert all(letters[n] == "L" for n in naive_layer)
    by_definition = [n for n in range(1, TABLE_LIMIT + 1) if in_layer_2(n)]
    assert layer_2.tolist() == naive_layer == by_definition
    assert len(by_definition) == 28


def test_primitives_are_table_2(table):
    assert table["primitive"].tolist() == list(TABLE_2)


def test_generated_lists_match_table_2_except_11745(table, solution):
    # The thesis's row for 145 jumps from 145 * 8**2 = 9280 to
    # 145 * 10**2 = 14500: it omits 145 * 9**2 = 11745.
    assert 11745 == 145 * 9**2
    assert 11745 not in TABLE_2[145]
    # ... but 11745 is in layer 2: take 11745 - 108**2 = 81 = 9**2 and
    # put 11745 + 108**2 = 23409 = 153**2 are both squares.
    assert math.isqrt(11745) == 108
    assert 11745 - 108**2 == 9**2 and 11745 + 108**2 == 153**2
    assert in_layer_2(11745)
    assert solution.value(11745) == (Outcome.L, 2)
    generated = dict(zip(table["primitive"], table["generated"]))
    for primitive, printed in TABLE_2.items():
        expected = sorted(printed + [11745]) if primitive == 145 else printed
        assert generated[primitive] == expected, primitive
    assert table["generated_count"].tolist() == [3, 17, 0, 0, 2, 0]


def test_generated_lists_by_definition(table):
    for row in table.itertuples():
        p = row.primitive
        expected = [i * i * p for i in range(2, math.isqrt(TABLE_LIMIT // p) + 1) if in_layer_2(i * i * p)]
        assert row.generated == expected


def test_table_2_members_are_the_sound_layer_less_11745(layer_2):
    printed = set(TABLE_2) | {n for row in TABLE_2.values() for n in row}
    assert set(layer_2.tolist()) - printed == {11745}
    assert printed <= set(layer_2.tolist())


def test_table_3_rows(table):
    for row in table.itertuples():
        square, remainder = TABLE_3[row.primitive]
        assert (row.square_below, row.remainder) == (square, remainder)
        assert row.k**2 == square
        assert row.k**2 <= row.primitive < (row.k + 1) ** 2
        assert row.remainder_is_square  # 1 and 49 (equation (11): X = s^2 + r^2)


def test_pell_column_in_table(table):
    # 5, 145 and 4901 have lower square 1 and come from Pell (section 4.1.1).
    pell = dict(zip(table["primitive"], table["pell"]))
    assert pell == {5: True, 145: True, 949: False, 1649: False, 4901: True, 31025: False}


# --- run_bound: inequality (20) made exact -----------------------------------


def test_run_bound_of_table_primitives_by_brute_force(table):
    for row in table.itertuples():
        assert row.run_bound == brute_run(row.primitive, row.k)
    # By hand: floor(2k / R) = 4/1, 24/1, 60/49, 80/49, 140/1, 352/49.
    assert table["run_bound"].tolist() == [4, 24, 1, 1, 140, 7]


def test_run_bound_synthetic_against_brute_force():
    # X = s^2 + R for every s <= 200 and 1 <= R <= 2s (this covers every
    # square remainder r^2 <= 2s too).
    for s in range(1, 201):
        for remainder in range(1, 2 * s + 1):
            x = s * s + remainder
            expected = brute_run(x, s)
            assert run_bound(x) == expected, x
            # The run is exactly i = 1..expected, nothing further on.
            for i in range(expected + 1, 2 * expected + 3):
                assert math.isqrt(i * i * x) != i * s


def test_run_bound_matches_inequalities_19_and_20():
    # (19): i^2 r^2 - 2 i s - 1 < 0.  (20): i < (s + sqrt(s^2 + r^2)) / r^2,
    # written exactly: i r^2 - s < sqrt(s^2 + r^2).
    for s in range(1, 60):
        for remainder in range(1, 2 * s + 1):
            bound = run_bound(s * s + remainder)
            for i in range(1, 2 * s + 3):
                eq19 = i * i * remainder - 2 * i * s - 1 < 0
                lhs = i * remainder - s
                eq20 = lhs < 0 or lhs * lhs < s * s + remainder
                assert eq19 == eq20 == (i <= bound)


def test_run_bound_column_on_synthetic_frame():
    members = [n for n in range(2, 200**2 + 401) if not is_square(n)]
    frame = primitive_elements(members)
    assert len(frame) > 0
    for row in frame.itertuples():
        assert row.run_bound == brute_run(row.primitive, math.isqrt(row.primitive))


def test_run_bound_of_a_square_is_unbounded():
    assert run_bound(49) is None
    assert run_bound(1) is None


def test_inside_the_run_by_definition(solution):
    # For i in the run: the square below i^2 X is (i s)^2, the remainder is
    # i^2 r^2, and i^2 X is in layer 2 exactly when both children are squares.
    primitives = [5, 145, 949, 1649, 4901, 31025, 54805, 166465]
    others = [10, 13, 41, 50, 130, 200, 1000]  # not in layer 2
    for x in primitives + others:
        s = math.isqrt(x)
        remainder = x - s * s
        assert in_layer_2(x) == (x in primitives)
        for i in range(1, run_bound(x) + 1):
            n = i * i * x
            k = math.isqrt(n)
            assert k == i * s
            assert n - k * k == i * i * remainder
            assert in_layer_2(n) == (is_square(n + (i * s) ** 2) and is_square(i * i * remainder))
            # A layer-2 primitive keeps generating layer-2 members in its run.
            assert in_layer_2(n) == (x in primitives)
            if x in primitives and n <= SAFE_LIMIT:
                assert solution.value(n) == (Outcome.L, 2), n
        after = run_bound(x) + 1
        assert math.isqrt(after * after * x) != after * s


def test_primitives_up_to_safe_limit_against_solver(solution):
    members = layer(solution, SAFE_LIMIT, 2)
    by_definition = [n for n in range(1, SAFE_LIMIT + 1) if in_layer_2(n)]
    assert members.tolist() == by_definition
    frame = primitive_elements(members)
    expected = brute_primitives(by_definition)
    assert frame["primitive"].tolist() == list(expected)
    assert frame["generated"].tolist() == list(expected.values())
    # 31025 (run of 7) generates 31025 * 2^2 = 124100 just above Table 2's range.
    generated = dict(zip(frame["primitive"], frame["generated"]))
    assert generated[31025] == [124100]


# --- primitive_elements on other inputs --------------------------------------


@settings(max_examples=150, deadline=None)
@given(st.sets(st.integers(min_value=1, max_value=3000), max_size=60))
def test_primitives_match_definition(values):
    members = sorted(values)
    frame = primitive_elements(members)
    expected = brute_primitives(members)
    assert frame["primitive"].tolist() == list(expected)
    assert frame["generated"].tolist() == list(expected.values())
    assert frame["generated_count"].tolist() == [len(g) for g in expected.values()]


def test_layer_1_has_one_primitive():
    squares = [i * i for i in range(1, 101)]
    frame = primitive_elements(squares)
    assert frame["primitive"].tolist() == [1]
    assert frame["generated"].iloc[0] == squares[1:]
    assert frame["remainder"].iloc[0] == 0
    assert frame["run_bound"].iloc[0] == UNBOUNDED_RUN
    assert not frame["pell"].iloc[0]


def test_numpy_and_list_inputs_agree(layer_2):
    from_numpy = primitive_elements(layer_2)
    from_list = primitive_elements([int(n) for n in layer_2])
    pd.testing.assert_frame_equal(from_numpy, from_list)


def test_frame_schema(table):
    assert tuple(table.columns) == PRIMITIVE_COLUMNS
    assert isinstance(table.index, pd.RangeIndex)
    for name in ("primitive", "square_below", "k", "remainder", "generated_count", "run_bound"):
        assert table[name].dtype == np.int64, name
    for name in ("remainder_is_square", "pell"):
        assert table[name].dtype == bool, name
    assert table["generated"].dtype == object
    assert all(isinstance(g, list) for g in table["generated"])


def test_empty_input():
    frame = primitive_elements([])
    assert tuple(frame.columns) == PRIMITIVE_COLUMNS
    assert len(frame) == 0


def test_few_huge_members_with_square_multiples():
    # Far more candidate i than members: the multiples are found all the same.
    members = [3, 5, 3 * 10**40, 5 * 10**40 + 1, 5 * (10**20 + 3) ** 2]
    frame = primitive_elements(members)
    assert frame["primitive"].tolist() == [3, 5, 5 * 10**40 + 1]
    assert frame["generated"].tolist() == [[3 * 10**40], [5 * (10**20 + 3) ** 2], []]
    assert frame["primitive"].dtype == object


def test_huge_members_are_exact():
    family = pell_family(10**40)
    frame = primitive_elements(family)
    assert frame["primitive"].tolist() == family
    assert frame["primitive"].dtype == object
    assert frame["pell"].all()
    assert (frame["remainder"] == 1).all()
    assert frame["generated_count"].sum() == 0
    for row in frame.itertuples():
        assert row.k == math.isqrt(row.primitive) and row.k * row.k + 1 == row.primitive
        assert row.run_bound == 2 * row.k  # R = 1: i <= 2k
        assert is_square(row.primitive + row.k**2)


# --- Pell family (equations (4)-(10)) ----------------------------------------


def test_first_pell_solutions():
    assert pell_solutions(10**6)[:3] == [(3, 2), (17, 12), (99, 70)]
    assert pell_solutions(4) == []
    assert pell_solutions(5) == [(3, 2)]
    assert pell_solutions(144) == [(3, 2)]
    assert pell_solutions(145) == [(3, 2), (17, 12)]


def test_pell_solutions_are_exact_up_to_1e40():
    limit = 10**40
    solutions = pell_solutions(limit)
    assert len(solutions) > 20
    for m, k in solutions:
        assert m * m - 2 * k * k == 1
        assert k * k + 1 <= limit
    ks = [k for _, k in solutions]
    assert ks == sorted(ks)
    # Complete at the top: the next solution is above the limit.
    m, k = solutions[-1]
    assert (2 * m + 3 * k) ** 2 + 1 > limit


def test_pell_solutions_are_powers_of_the_fundamental_unit():
    # m_n + k_n sqrt(2) = (3 + 2 sqrt(2))^n, expanded by the binomial theorem.
    solutions = pell_solutions(10**40)
    for n, (m, k) in enumerate(solutions, start=1):
        # (2 sqrt(2))^j = 2^j * 2^(j // 2) * (sqrt(2) if j is odd else 1).
        terms = [math.comb(n, j) * 3 ** (n - j) * 2**j * 2 ** (j // 2) for j in range(n + 1)]
        even, odd = sum(terms[0::2]), sum(terms[1::2])
        assert (m, k) == (even, odd)


def test_pell_solutions_complete_by_brute_force():
    ks = [k for k in range(1, 10**5 + 1) if is_square(2 * k * k + 1)]
    assert [k for _, k in pell_solutions(10**10 + 1)] == ks
    assert [m for m, _ in pell_solutions(10**10 + 1)] == [math.isqrt(2 * k * k + 1) for k in ks]


def test_pell_family_values():
    expected = [k * k + 1 for k in range(1, 3000) if is_square(2 * k * k + 1)]
    assert pell_family(3000**2) == expected
    assert expected[:5] == [5, 145, 4901, 166465, 5654885]


def test_pell_family_is_in_sound_layer_2(solution):
    family = pell_family(10**6)
    assert family == [5, 145, 4901, 166465]
    for x in family:
        k = math.isqrt(x)
        assert x - k * k == 1  # take -> 1, a square
        assert is_square(x + k * k)  # put -> m^2, a square
        assert in_layer_2(x)
        assert x + k * k <= BOUND
        assert solution.value(x) == (Outcome.L, 2)
        assert int(solution.packed_remoteness[x]) == 2


# --- generated_run ------------------------------------------------------------


def test_generated_run():
    assert generated_run(5, 3) == TABLE_2[5]
    assert generated_run(5, 0) == []
    assert generated_run(4901, 2) == TABLE_2[4901]
    # 145 * i^2 for i = 2..18 (all below 50,000): Table 2's row plus 11745.
    assert generated_run(145, 17) == sorted(TABLE_2[145] + [11745])
    big = 10**30 + 1
    assert generated_run(big, 2) == [4 * big, 9 * big]


# --- errors ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "members, message",
    [
        ([5, 3], "increasing"),
        ([5, 20, 20], "increasing"),
        ([0, 5], "positive"),
        ([-5, 5], "positive"),
        (np.array([145, 5]), "increasing"),
        (np.array([[5, 20]]), "one-dimensional"),
    ],
)
def test_bad_members_raise_value_error(members, message):
    with pytest.raises(ValueError, match=message):
        primitive_elements(members)


@pytest.mark.parametrize("members", [[5.0, 20.0], [True], ["5"], "5"])
def test_non_integer_members_raise_type_error(members):
    with pytest.raises(TypeError):
        primitive_elements(members)


def test_other_errors():
    with pytest.raises(ValueError):
        run_bound(0)
    with pytest.raises(TypeError):
        run_bound(5.0)
    with pytest.raises(ValueError):
        generated_run(0, 3)
    with pytest.raises(ValueError):
        generated_run(5, -1)
    with pytest.raises(ValueError):
        pell_solutions(-1)
    with pytest.raises(TypeError):
        pell_solutions(1.5)
    with pytest.raises(ValueError):
        pell_family(-1)
