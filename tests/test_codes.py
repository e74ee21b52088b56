"""One byte per position (solver.engine.codes) and compact solutions.

The reference is the plain layout: an int8 outcome and an int16 packed
remoteness.  Every value the plain layout can hold that obeys the parity
rule must survive packing and unpacking; every other value must be refused.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.engine import codes, solve
from solver.engine.solution import CodeColumn, Solution


def _all_values(misere: bool) -> tuple[np.ndarray, np.ndarray]:
    """Every (outcome, packed remoteness) pair a code can hold, by brute force."""
    outcome, packed = [0, 3], [-1, -1]
    for o in (1, 2):
        for r in range(codes.MAX_REMOTENESS + 1):
            odd = (o == 1) != misere
            if r % 2 != odd:
                continue
            for exact in (True, False):
                if not exact and r < 2:
                    continue  # an upper bound is stored as -r <= -2
                outcome.append(o)
                packed.append(r if exact else -r)
    return np.array(outcome, np.int8), np.array(packed, np.int16)


@pytest.mark.parametrize("misere", [False, True])
def test_every_value_survives_packing(misere):
    outcome, packed = _all_values(misere)
    assert codes.fits(outcome, packed, misere)
    packed_codes = codes.pack(outcome, packed)
    assert packed_codes.dtype == np.uint8
    assert len(set(packed_codes.tolist())) == len(outcome)  # no two values share a code
    np.testing.assert_array_equal(codes.outcome_table(misere)[packed_codes], outcome)
    np.testing.assert_array_equal(codes.packed_table(misere)[packed_codes], packed)


@pytest.mark.parametrize(
    ("outcome", "packed", "why"),
    [
        ([1], [2], "W with even remoteness under normal play"),
        ([2], [3], "L with odd remoteness"),
        ([1], [127], "remoteness above 125"),
        ([2], [-128], "an upper bound above 125"),
        ([1], [-1], "W without remoteness"),
        ([3], [4], "D with remoteness"),
        ([0], [0], "U with remoteness"),
        ([6], [-1], "no such class"),
    ],
)
def test_values_a_code_cannot_hold_are_refused(outcome, packed, why):
    assert not codes.fits(np.array(outcome, np.int8), np.array(packed, np.int16), False), why


def test_misere_parities_are_swapped():
    assert codes.fits(np.array([1, 2], np.int8), np.array([0, 1], np.int16), True)
    assert not codes.fits(np.array([1, 2], np.int8), np.array([0, 1], np.int16), False)


def test_a_solve_is_one_byte_per_position_and_reads_like_the_wide_form():
    solution = solve(20_000)
    assert solution.codes is not None and solution.codes.dtype == np.uint8
    assert solution.nbytes == 20_001
    wide = solution.wide()
    assert wide.codes is None and wide.nbytes == 3 * 20_001
    assert wide == solution and solution == wide
    assert wide.compact() == solution and wide.compact().codes is not None
    assert solution.tally() == wide.tally() and solution.tally(777) == wide.tally(777)
    for n in (0, 1, 2, 5, 8, 4708, 11225, 20_000):
        assert solution.value(n) == wide.value(n)
        assert solution.remoteness_at_most(n) == wide.remoteness_at_most(n)
    np.testing.assert_array_equal(solution.remoteness, wide.remoteness)
    np.testing.assert_array_equal(solution.remoteness_exact, wide.remoteness_exact)


@given(st.integers(0, 3000), st.integers(0, 3001), st.lists(st.integers(0, 3000), max_size=20))
def test_a_column_indexes_like_an_array(start, stop, picks):
    solution = _SMALL
    wide = _SMALL_WIDE
    for column, array in ((solution.outcome, wide.outcome), (solution.packed_remoteness, wide.packed_remoteness)):
        assert isinstance(column, CodeColumn)
        assert column.shape == array.shape and column.dtype == array.dtype and len(column) == len(array)
        assert column[start] == array[start]
        np.testing.assert_array_equal(column[start:stop], array[start:stop])
        index = np.array(picks, dtype=np.int64)
        np.testing.assert_array_equal(column[index], array[index])
        np.testing.assert_array_equal(column == 1, array == 1)
        assert int(column.max()) == int(array.max())


_SMALL = solve(3000)
_SMALL_WIDE = _SMALL.wide()


def test_a_compact_solution_refuses_codes_of_the_wrong_shape():
    with pytest.raises(ValueError, match="uint8"):
        Solution.from_codes(10, np.zeros(11, np.int8))
    with pytest.raises(ValueError, match="shape"):
        Solution.from_codes(10, np.zeros(10, np.uint8))


def test_a_solution_whose_remoteness_does_not_fit_stays_wide():
    outcome = np.array([2, 1, 2], np.int8)
    packed = np.array([0, 1, 200], np.int16)
    wide = Solution(2, outcome, packed)
    assert wide.compact() is wide and wide.codes is None


@pytest.mark.parametrize("packed", [-1, 0, 1, 2, 3, 4, 5, 6, 7, -2, -3, -5, -7, -9, 99, -100])
def test_positions_with_a_value_match_the_wide_form(packed):
    # The compact path compares codes without decoding; the wide path decodes
    # nothing either: both must list the same positions, by brute force too.
    expected = [n for n in range(1, 3001) if int(_SMALL_WIDE.packed_remoteness[n]) == packed]
    assert _SMALL.positions_with(packed).tolist() == expected
    assert _SMALL_WIDE.positions_with(packed).tolist() == expected
    assert _SMALL.positions_with(packed, 100).tolist() == [n for n in expected if n <= 100]


def _tally_by_position(codes_array, lo, hi, misere):
    # The obvious reference: decode each position and count it.
    classes, packed = codes.class_table(), codes.packed_table(misere)
    out = [0] * 8
    for c in codes_array[lo : hi + 1]:
        out[int(classes[c])] += 1
        r = int(packed[c])
        out[6] = max(out[6], r)
        if r < -1:
            out[7] += 1
    return out


@given(
    st.lists(st.integers(0, 255), min_size=0, max_size=300),
    st.integers(0, 10),
    st.integers(0, 10),
    st.booleans(),
)
def test_the_tally_of_codes_is_the_count_position_by_position(values, lo, cut, misere):
    from solver.engine.tallies import tally_codes

    array = np.array(values, np.uint8)
    hi = len(values) - 1 - cut
    expected = _tally_by_position(array, lo, hi, misere) if hi >= lo else [0] * 8
    assert tally_codes(array, lo, hi, misere).tolist() == expected


def test_the_tally_of_every_code_value():
    from solver.engine.tallies import tally_codes

    every = np.repeat(np.arange(256, dtype=np.uint8), 3)
    for misere in (False, True):
        assert tally_codes(every, 0, len(every) - 1, misere).tolist() == _tally_by_position(
            every, 0, len(every) - 1, misere
        )


@given(
    st.lists(st.integers(0, 255), min_size=0, max_size=300),
    st.integers(0, 20),
    st.integers(0, 20),
    st.integers(0, 3),
)
def test_the_histogram_of_codes_is_numpys_count(values, lo, cut, runs):
    """Runs of equal codes (the sweep's usual input) and ranges of every length modulo 8."""
    from solver.engine.tallies import code_histogram

    array = np.repeat(np.array(values, np.uint8), 1 + 7 * runs)
    hi = len(array) - 1 - cut
    expected = np.bincount(array[lo : hi + 1], minlength=256) if hi >= lo else np.zeros(256, np.int64)
    start = np.arange(256, dtype=np.int64)  # the counts are added to what is there
    assert (code_histogram(array, lo, hi, start.copy()) - start).tolist() == expected.tolist()


@given(st.integers(0, 2**32 - 1), st.integers(0, 40), st.integers(0, 40))
def test_the_histogram_of_a_sweeps_codes_is_numpys_count(seed, lo, cut):
    """Mostly codes 0..3, long runs of one code (past the byte-wide counters' 255 words), a few codes of 4 or more."""
    from solver.engine.tallies import code_histogram

    rng = np.random.default_rng(seed)
    parts = [np.full(int(rng.integers(1, 5_000)), rng.integers(0, 4), np.uint8) for _ in range(4)]
    parts.append(rng.integers(0, 4, int(rng.integers(0, 20_000))).astype(np.uint8))
    array = np.concatenate(parts)
    rng.shuffle(parts)
    array = np.concatenate([array, *parts])
    large = rng.integers(0, array.size, int(rng.integers(0, 300)))
    array[large] = rng.integers(4, 256, large.size)
    hi = array.size - 1 - cut
    expected = np.bincount(array[lo : hi + 1], minlength=256)
    start = np.arange(256, dtype=np.int64)
    assert (code_histogram(array, lo, hi, start.copy()) - start).tolist() == expected.tolist()
