"""Octal games (solver.impartial.octal) against the brute force (tests/naive_impartial.py) and the sources.

Facts quoted from C. Wright, "The Independence Game" (2017; seed 004), on Rob's
Dots = the octal game 0.137, and from Winning Ways ch. 4 (Kayles).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_impartial import octal_grundy, octal_make_solver, octal_options, octal_position_moves

from solver.impartial import (
    equivalence_classes,
    grundy_cost,
    grundy_values,
    p_positions,
    parse_octal,
    periodicity,
    sum_moves,
    sum_value,
    two_heap_p_positions,
)

KAYLES = (0, 7, 7)
DAWSONS_KAYLES = (0, 0, 7)
DAWSONS_CHESS = (0, 1, 3, 7)

# --- Facts of "The Independence Game" (0.137) ------------------------------------------

#: "these are the one-heap P positions up to 100" (heap 0, the position (), is named separately).
SOURCE_ONE_HEAP_P = [4, 8, 14, 20, 24, 28, 34, 38, 42, 54, 58, 62, 72, 76, 88, 92, 96]

#: "all the two heap irreducible P positions with total number of tokens up to 47", in the source's order.
SOURCE_TWO_HEAP_P = [
    (1, 2), (1, 6), (1, 7), (2, 6), (2, 7), (6, 7), (3, 11), (5, 9), (3, 12), (5, 10), (3, 16), (9, 10),
    (3, 17), (1, 21), (11, 12), (1, 22), (2, 21), (5, 18), (2, 22), (5, 19), (11, 16), (1, 26), (6, 21),
    (9, 18), (10, 18), (11, 17), (12, 16), (1, 27), (2, 26), (3, 25), (5, 23), (6, 22), (7, 21), (9, 19),
    (10, 19), (12, 17), (2, 27), (7, 22), (6, 26), (9, 23), (10, 23), (16, 17), (6, 27), (7, 26), (3, 31),
    (7, 27), (11, 25), (1, 35), (12, 25), (1, 36), (18, 19), (2, 35), (2, 36), (3, 37), (1, 40), (16, 25),
    (18, 23), (6, 35), (11, 31), (13, 29), (1, 41), (17, 25), (19, 23), (2, 40), (6, 36), (7, 35), (12, 31),
    (21, 22), (2, 41), (7, 36), (5, 39), (15, 30), (13, 33), (6, 40), (16, 31), (21, 26), (6, 41), (7, 40),
]  # fmt: skip

#: "Looking at the pairings in two-heap P positions we find we get the following equivalence classes".
SOURCE_CLASSES = [
    [1, 2, 6, 7, 21, 22, 26, 27, 35, 36, 40, 41, 55, 56, 60, 61, 69, 70, 74, 75, 89, 90, 94, 95],
    [3, 11, 12, 16, 17, 25, 31, 37, 45, 46, 51, 59, 71, 79, 80, 93],
    [5, 9, 10, 18, 19, 23, 39, 43, 44, 52, 53, 57, 65, 73, 77, 78, 86, 87, 91],
    [13, 29, 33, 47, 48, 63, 67, 81, 82],
    [15, 30, 49, 50, 64, 83, 84],
    [32, 66],
]

#: The source's table of G-values of heaps 0..12.
SOURCE_VALUES_0_TO_12 = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2]

#: The source's table: heap -> "possible positions after a move".
SOURCE_OPTIONS = {
    0: [],
    1: [()],
    2: [()],
    3: [(), (1,)],
    4: [(1,), (2,)],
    5: [(2,), (3,), (1, 1)],
    6: [(3,), (4,), (1, 2)],
    7: [(4,), (5,), (1, 3), (2, 2)],
    8: [(5,), (6,), (1, 4), (2, 3)],
    9: [(6,), (7,), (1, 5), (2, 4), (3, 3)],
    10: [(7,), (8,), (1, 6), (2, 5), (3, 4)],
    11: [(8,), (9,), (1, 7), (2, 6), (3, 5), (4, 4)],
    12: [(9,), (10,), (1, 8), (2, 7), (3, 6), (4, 5)],
}


def source_formula_0137(n: int) -> int:
    """The source's closed form: exceptions, else the period-34 string indexed by n mod 34."""
    if n in (0, 14, 34):
        return 0
    if n in (16, 17, 31, 51):
        return 2
    return int("8112031103322445593301130211045374"[n % 34])


def digits_text(digits):
    return f"{digits[0]}." + "".join(str(d) for d in digits[1:])


# Random octal codes: d0 in {0, 4}, 1 to 5 digits after the point, the last nonzero.
codes = st.tuples(
    st.sampled_from([0, 4]),
    st.lists(st.integers(0, 7), min_size=0, max_size=4),
    st.integers(1, 7),
).map(lambda t: (t[0], *t[1], t[2]))


# --- Parsing ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "digits", "canonical"),
    [
        ("0.137", (0, 1, 3, 7), "0.137"),
        (".07", (0, 0, 7), "0.07"),
        ("4.7", (4, 7), "4.7"),
        (" 0.770 ", (0, 7, 7), "0.77"),
        ("0." + "7" * 64, (0,) + (7,) * 64, "0." + "7" * 64),
    ],
)
def test_parse_valid(text, digits, canonical):
    code = parse_octal(text)
    assert code.digits == digits
    assert code.text == canonical
    assert parse_octal(code) is code
    assert parse_octal(code.text) == code


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        ".",
        "0.",
        "0.0",
        "0.000",
        "1.7",
        "2.1",
        "04.7",
        "0.8",
        "0.1 37",
        "abc",
        "0,137",
        "0.137x",
        "0." + "7" * 65,
    ],
)
def test_parse_invalid(text):
    with pytest.raises(ValueError, match=r"0\.137"):
        parse_octal(text)


@pytest.mark.parametrize("value", [None, 0.137, 137, b"0.137"])
def test_parse_type(value):
    with pytest.raises(TypeError):
        parse_octal(value)


# --- Moves ------------------------------------------------------------------------------


def test_moves_of_0137_are_the_sources_table():
    code = parse_octal("0.137")
    for heap, options in SOURCE_OPTIONS.items():
        assert set(code.moves(heap)) == set(options), heap
        assert len(code.moves(heap)) == len(options)


@settings(max_examples=150, deadline=None)
@given(codes, st.integers(0, 30))
def test_moves_match_brute_force(digits, heap):
    moves = parse_octal(digits_text(digits)).moves(heap)
    assert set(moves) == octal_options(digits, heap)
    assert len(moves) == len(set(moves))
    assert all(list(m) == sorted(m) and all(h > 0 for h in m) for m in moves)


def test_moves_any_size_and_checks():
    code = parse_octal("0.33")  # no splits: huge heaps are fine
    big = 10**30
    assert code.moves(big) == ((big - 1,), (big - 2,))
    with pytest.raises(ValueError, match="heap size"):
        parse_octal("0.77").moves(10**7)  # about 10**7 split options
    with pytest.raises(ValueError, match="heap size"):
        code.moves(-1)
    with pytest.raises(TypeError):
        code.moves(2.0)


# --- Grundy values ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "digits", [KAYLES, DAWSONS_KAYLES, DAWSONS_CHESS, (0, 6), (4, 7), (0, 4), (0, 1, 5), (4, 0, 3)]
)
def test_grundy_values_classical_codes_match_brute_force(digits):
    values = grundy_values(digits_text(digits), 260)
    assert values.dtype == np.int64
    assert values.shape == (261,)
    assert values.tolist() == octal_grundy(digits, 260)


@settings(max_examples=120, deadline=None)
@given(codes, st.integers(0, 45))
def test_grundy_values_match_brute_force(digits, n):
    assert grundy_values(digits_text(digits), n).tolist() == octal_grundy(digits, n)


def test_grundy_values_past_64_match_brute_force():
    # Values reach 64 and beyond, so the kernel leaves its bit-mask path for the stamp path.
    digits = (0,) + (7,) * 40
    expected = octal_grundy(digits, 200)
    assert max(expected) >= 64
    assert grundy_values(digits_text(digits), 200).tolist() == expected


def test_0137_values_are_the_sources():
    values = grundy_values("0.137", 3000)
    assert values[:13].tolist() == SOURCE_VALUES_0_TO_12
    assert values.tolist() == [source_formula_0137(n) for n in range(3001)]
    # The worked example of a 50-dot game.
    assert values[50] == 5
    assert (values[48], values[47], values[46], values[45], values[44], values[43], values[42], values[41]) == (
        4, 4, 2, 2, 3, 3, 0, 1
    )  # fmt: skip
    assert values[32] == values[66] == 7 and values[20] == values[54] == 0


def test_0137_is_007_shifted_by_one_heap():
    fast_07, fast_137 = grundy_values("0.07", 5000), grundy_values("0.137", 4999)
    assert (fast_137 == fast_07[1:]).all()
    naive_07, naive_137 = octal_grundy(DAWSONS_KAYLES, 200), octal_grundy(DAWSONS_CHESS, 199)
    assert naive_137 == naive_07[1:]


def test_dawsons_kayles_sequence_of_the_brief():
    # The brief's sequence for 0.07, heaps 0..52; the brute force agrees.
    brief = [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4,
             0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2]  # fmt: skip
    assert octal_grundy(DAWSONS_KAYLES, 52) == brief
    assert grundy_values("0.07", 52).tolist() == brief


def test_grundy_argument_checks_and_refusal():
    with pytest.raises(TypeError):
        grundy_values("0.77", 10.0)
    with pytest.raises(TypeError):
        grundy_values(77, 10)
    with pytest.raises(ValueError, match="largest heap"):
        grundy_values("0.77", -1)
    with pytest.raises(ValueError, match=r"would take .*reduce n to at most"):
        grundy_values("0.77", 10**7)
    assert grundy_values("0.77", 0).tolist() == [0]


def test_grundy_cost_grows_quadratically_with_splits_and_linearly_without():
    splits = [grundy_cost("0.77", n, method="plain").seconds for n in (10**4, 2 * 10**4)]
    assert 3.5 < splits[1] / splits[0] < 4.5
    plain = [grundy_cost("0.33", n).seconds for n in (10**6, 2 * 10**6)]
    assert 1.8 < plain[1] / plain[0] < 2.2
    assert grundy_cost("0.77", 10**5).bytes > 10**6


# --- Periodicity ------------------------------------------------------------------------


def naive_period(values, p):
    """Least e with values[i + p] == values[i] for every e <= i, i + p in range."""
    e = 0
    for i in range(len(values) - p):
        if values[i] != values[i + p]:
            e = i + 1
    return e


def test_kayles_period_12_preperiod_71():
    result = periodicity("0.77")
    assert (result.period, result.preperiod, result.proved) == (12, 71, True)
    values = octal_grundy(KAYLES, 500)
    assert values[70] != values[82]  # the last exception is at 70
    assert naive_period(values, 12) == 71
    assert all(naive_period(values, p) > 400 for p in range(1, 12))


def test_dawson_periods():
    chess = periodicity("0.137")
    assert (chess.period, chess.preperiod, chess.proved) == (34, 52, True)  # last exception at 51 (the source)
    kayles = periodicity("0.07")
    assert (kayles.period, kayles.preperiod, kayles.proved) == (34, 53, True)  # shifted by one heap
    values = octal_grundy(DAWSONS_KAYLES, 400)
    assert naive_period(values, 34) == 53
    assert values[52] != values[86]


@pytest.mark.parametrize(("code", "period", "preperiod"), [("0.77", 12, 71), ("0.137", 34, 52), ("0.07", 34, 53)])
def test_proof_needs_the_theorems_range(code, period, preperiod):
    # The theorem compares G(h + p) with G(h) for e <= h < 2e + p + k: values up to heap 2e + 2p + k - 1.
    k = parse_octal(code).max_removal
    needed = 2 * preperiod + 2 * period + k - 1
    assert not periodicity(code, needed - 1).proved
    result = periodicity(code, needed)
    assert (result.period, result.preperiod, result.proved, result.checked_to) == (period, preperiod, True, needed)


def test_periodicity_with_n_too_small_is_not_proved():
    result = periodicity("0.77", 100)
    assert result.checked_to == 100
    assert not result.proved


def test_officers_not_proved():
    result = periodicity("0.6", max_n=2000)
    assert not result.proved
    assert result.checked_to == 2000


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(st.tuples(st.sampled_from([0, 4]), st.lists(st.integers(0, 7), max_size=2), st.integers(1, 7)).map(
    lambda t: (t[0], *t[1], t[2])
))  # fmt: skip
def test_proved_periods_hold_in_the_brute_force(digits):
    result = periodicity(digits_text(digits), 300)
    values = octal_grundy(digits, 900)
    if result.proved:
        p, e = result.period, result.preperiod
        assert naive_period(values, p) == e
        # No smaller period fits the brute-force values from the preperiod on.
        assert all(any(values[i] != values[i + q] for i in range(e, len(values) - q)) for q in range(1, p))


# --- P-positions, classes and sums ------------------------------------------------------


def test_one_heap_p_positions_of_0137():
    assert p_positions("0.137", 100).tolist() == SOURCE_ONE_HEAP_P


def test_irreducible_two_heap_p_positions_of_0137():
    pairs = two_heap_p_positions("0.137", 47, irreducible=True)
    listed = [tuple(p) for p in pairs.tolist() if sum(p) <= 47]
    assert len(listed) == len(SOURCE_TWO_HEAP_P) == 78
    assert set(listed) == set(SOURCE_TWO_HEAP_P)
    # Both are ordered by the number of tokens (within one total the source's order is its own).
    assert [sum(p) for p in listed] == [sum(p) for p in SOURCE_TWO_HEAP_P]
    assert listed == sorted(listed, key=lambda p: (sum(p), p[0]))


def test_equivalence_classes_of_0137():
    classes = equivalence_classes("0.137", 96)
    shown = [group.tolist() for value, group in classes.items() if value != 0 and len(group) > 1]
    assert sorted(shown) == sorted(SOURCE_CLASSES)
    assert classes[0].tolist() == [0, *SOURCE_ONE_HEAP_P]
    assert classes[1][:4].tolist() == [1, 2, 6, 7]  # "1: 1, 2, 6, 7, ..."


@settings(max_examples=40, deadline=None)
@given(codes, st.integers(0, 30))
def test_p_positions_and_classes_match_brute_force(digits, n):
    text = digits_text(digits)
    naive = octal_grundy(digits, n)
    assert p_positions(text, n).tolist() == [h for h in range(1, n + 1) if naive[h] == 0]
    classes = equivalence_classes(text, n)
    assert list(classes) == sorted(set(naive))
    for value, group in classes.items():
        assert group.tolist() == [h for h in range(n + 1) if naive[h] == value]


@settings(max_examples=30, deadline=None)
@given(codes, st.integers(0, 12))
def test_two_heap_p_positions_are_the_losing_pairs(digits, n):
    wins = octal_make_solver(digits)
    text = digits_text(digits)
    pairs = two_heap_p_positions(text, n)
    assert pairs.dtype == np.int64 and pairs.shape[1] == 2
    assert sorted(map(tuple, pairs.tolist())) == [
        (a, b) for a in range(1, n + 1) for b in range(a, n + 1) if not wins((a, b))
    ]
    totals = pairs.sum(axis=1)
    assert (np.diff(totals) >= 0).all()


@pytest.mark.parametrize(
    "heaps", [(2, 10, 17), (7, 10, 17), (3, 5, 6), (5, 6, 16), (3, 7, 9), (5, 6, 7, 9), (2, 2, 4), (6, 41), (19, 19, 4)]
)
def test_source_p_positions_of_0137(heaps):
    assert sum_value("0.137", heaps) == 0


def test_sum_value_of_0137_agrees_with_direct_search():
    wins = octal_make_solver(DAWSONS_CHESS)
    for heaps in [(2, 10, 17), (3, 5, 6), (3, 7, 9), (5, 6, 16), (2, 10, 16), (4,), (6,), (6, 19, 19)]:
        assert (sum_value("0.137", heaps) != 0) == wins(heaps), heaps


@settings(max_examples=80, deadline=None)
@given(codes, st.lists(st.integers(0, 9), max_size=3))
def test_sum_value_matches_direct_search(digits, heaps):
    wins = octal_make_solver(digits)
    assert (sum_value(digits_text(digits), heaps) != 0) == wins(heaps)


@settings(max_examples=60, deadline=None)
@given(codes, st.lists(st.integers(0, 9), max_size=3))
def test_sum_moves_match_brute_force(digits, heaps):
    text = digits_text(digits)
    wins = octal_make_solver(digits)
    moves = sum_moves(text, heaps)
    assert {m.position for m in moves} == octal_position_moves(digits, tuple(heaps))
    for m in moves:
        assert m.heap in heaps
        assert m.value == sum_value(text, m.position)
        assert (m.value == 0) == (not wins(m.position))


def test_sum_moves_worked_example_of_the_source():
    # "So we take the eighth dot from the left end ... leaves 6 on the left, and 41 on the right".
    winning = [m for m in sum_moves("0.137", [50]) if m.value == 0]
    assert (6, 41) in [m.result for m in winning]
    # "(6,19,19) ... taking an endpoint from the 6, leaving (4)".
    winning = [m for m in sum_moves("0.137", [6, 19, 19]) if m.value == 0]
    assert any(m.heap == 6 and m.result == (4,) for m in winning)
    assert sum_moves("0.137", []) == [] and sum_moves("0.137", [0, 0]) == []


def test_too_many_pairs_are_refused():
    with pytest.raises(ValueError, match="two-heap P-positions"):
        two_heap_p_positions("0.77", 20_000)  # about 2 * 10**7 pairs of equal value


def test_sum_argument_checks():
    with pytest.raises(ValueError, match="heap size"):
        sum_value("0.137", [3, -1])
    with pytest.raises(TypeError):
        sum_value("0.137", "3 5")
    with pytest.raises(TypeError):
        sum_moves("0.137", [3.0])
    assert sum_value("0.137", []) == 0
