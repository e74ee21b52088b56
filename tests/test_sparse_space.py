"""The sparse-space method (solver.impartial.sparse) against the plain mex and the brute force.

*Winning Ways*, chapter 4, "Sparse Space Spells Speed": a value is rare when
``popcount(v & mask)`` is even, common otherwise; the method is exact for
any mask, so every test compares it, under the masks it chooses and under
masks forced on it, with the plain kernel (every option visited) and with the
memoised recursion of ``tests/naive_impartial.py``.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_impartial import octal_grundy

from solver.impartial import grundy_cost, grundy_method, grundy_values, sparse_space
from solver.impartial.octal_codes import parse_octal
from solver.impartial.octal_grundy import SPARSE_MIN_SECONDS
from solver.impartial.sparse import best_mask, rare_mask

#: Octal codes with splits: the brief's examples, classical games, codes of many digits and of 4.x.
SPLIT_CODES = [
    "0.6", "0.06", "0.16", "0.4", "4.4", "0.7", "0.77", "0.137", "0.07", "0.36", "0.56", "0.66", "0.74",
    "0.76", "0.167", "0.44", "0.45", "0.64", "4.7", "4.07", "0.26", "0.3777", "0.0004", "0.4444", "4.04",
]  # fmt: skip


def digits_text(digits):
    return f"{digits[0]}." + "".join(str(d) for d in digits[1:])


def plain(code: str, n: int) -> np.ndarray:
    return grundy_values(code, n, method="plain", max_seconds=600)


# --- Rare and common values, the mask ------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 1 << 20), st.integers(0, 1 << 20))
def test_rare_is_an_even_popcount_and_a_subgroup(v, mask):
    rare = bool(rare_mask(np.array([v]), mask)[0])
    assert rare == (bin(v & mask).count("1") % 2 == 0)
    w = (v * 2654435761) % (1 << 20)
    both = rare_mask(np.array([v, w, v ^ w]), mask)
    assert both[2] == (both[0] == both[1])  # rare ^ rare and common ^ common are rare


def test_best_mask_is_the_fewest_rare_by_brute_force():
    values = plain("0.6", 30_000)[1:]
    heaps_of = {v: c for v, c in enumerate(np.bincount(values).tolist()) if c}  # value -> heaps with it
    counts = {m: sum(c for v, c in heaps_of.items() if bin(v & m).count("1") % 2 == 0) for m in range(1, 512)}
    least = min(counts.values())
    assert best_mask(values) == min(m for m, c in counts.items() if c == least) == 494
    assert counts[494] == 1583
    assert best_mask(np.zeros(5, np.int64)) == best_mask(np.zeros(0, np.int64)) == 1


# --- Exact: the same values as the plain mex --------------------------------------------------------


@pytest.mark.parametrize("code", SPLIT_CODES)
def test_sparse_equals_plain_to_10_4(code):
    values, stats = sparse_space(code, 10_000)
    assert values.dtype == np.int64 and values.shape == (10_001,)
    assert values.tolist() == plain(code, 10_000).tolist()
    # Every heap found rare under the last mask is counted, and no other.
    rare = np.flatnonzero(rare_mask(values[1:], stats.mask)) + 1
    assert stats.rare == rare.shape[0] and stats.last_rare == (int(rare[-1]) if rare.size else 0)


@pytest.mark.parametrize("mask", [1, 2, 3, 110, 494, 1023, 1 << 12, (1 << 40) + 6])
def test_any_mask_gives_the_same_values(mask):
    # Masks that fit the values, and masks above every value (every value rare: the method then scans all).
    values, stats = sparse_space("0.6", 3000, mask=mask)
    assert values.tolist() == plain("0.6", 3000).tolist()
    assert stats.masks == ((1, mask),)


def test_values_past_64_and_many_digits_match_brute_force():
    digits = (0,) + (7,) * 40
    expected = octal_grundy(digits, 200)
    assert max(expected) >= 64
    assert sparse_space(digits_text(digits), 200)[0].tolist() == expected
    assert sparse_space(digits_text(digits), 200, mask=5)[0].tolist() == expected


split_codes = st.tuples(
    st.sampled_from([0, 4]),
    st.lists(st.integers(0, 7), min_size=0, max_size=4),
    st.integers(1, 7),
).map(lambda t: (t[0], *t[1], t[2])).filter(lambda d: any(x & 4 for x in d))  # fmt: skip


@settings(max_examples=120, deadline=None)
@given(split_codes, st.integers(0, 60), st.one_of(st.none(), st.integers(1, 255)))
def test_random_codes_with_splits_match_brute_force(digits, n, mask):
    text = digits_text(digits)
    values, _ = sparse_space(text, n, mask=mask)
    assert values.tolist() == octal_grundy(digits, n)


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(split_codes, st.integers(4097, 9000))
def test_random_codes_with_splits_match_plain_across_mask_changes(digits, n):
    # Past 4,096 heaps the driver chooses its mask again from the values.
    text = digits_text(digits)
    assert sparse_space(text, n)[0].tolist() == plain(text, n).tolist()


@pytest.mark.slow
def test_06_to_10_5():
    expected = plain("0.6", 10**5)
    assert grundy_method("0.6", 10**5) == "sparse"
    assert grundy_values("0.6", 10**5).tolist() == expected.tolist()
    values, stats = sparse_space("0.6", 10**5)
    assert values.tolist() == expected.tolist()
    assert (stats.mask, stats.rare, stats.last_rare) == (494, 1583, 20_627)
    assert int(expected.max()) == 285


# --- The method chosen, and its estimate ---------------------------------------------------------------


def test_method_and_estimate_follow_the_code():
    n = 2 * 10**5
    assert grundy_method("0.6", 1000) == "plain"  # small: not worth a look
    assert grundy_method("0.33", n) == "plain"  # no splits
    assert grundy_method("0.6", n) == "sparse"
    assert grundy_method("0.137", n) == "plain"  # no sparse space: 41% of the heaps rare at best
    cost = grundy_cost("0.6", n)
    assert "sparse space: mask 494" in cost.what
    assert cost.seconds < 10  # the plain kernel's estimate is 16 s
    assert grundy_cost("0.6", n, method="plain").seconds > 15
    assert "no sparse space" in grundy_cost("0.137", n).what
    assert "every option visited" in grundy_cost("0.6", 1000).what
    assert grundy_cost("0.6", 1000).seconds <= SPARSE_MIN_SECONDS


@pytest.mark.parametrize("code", ["0.6", "0.137", "4.4"])
def test_the_sparse_method_on_request(code):
    # method="sparse" runs the method from heap 1 up to 2**16 heaps, whether or not the code has sparse space.
    assert "by the sparse-space method" in grundy_cost(code, 5000, method="sparse").what
    assert grundy_values(code, 5000, method="sparse").tolist() == plain(code, 5000).tolist()


@pytest.mark.slow
def test_method_at_10_6():
    # The look at the first 2**16 heaps: 0.6 keeps 1,583 rare heaps, 0.137 has no sparse space.
    assert grundy_method("0.6", 10**6) == "sparse"
    cost = grundy_cost("0.6", 10**6)
    assert "mask 494, 1,583 rare heaps up to 65,536" in cost.what
    assert cost.seconds < 30  # the plain kernel's estimate is 400 s
    assert grundy_cost("0.6", 10**6, method="plain").seconds > 350
    assert grundy_method("0.137", 10**6) == "plain"


def test_estimates_refuse_by_the_method_that_runs():
    with pytest.raises(ValueError, match=r"sparse space.*reduce n to at most"):
        grundy_values("0.6", 10**8, max_seconds=60)
    with pytest.raises(ValueError, match=r"every option visited.*reduce n to at most"):
        grundy_values("0.6", 10**6, method="plain", max_seconds=60)


@pytest.mark.parametrize(
    ("call", "error", "pattern"),
    [
        (lambda: sparse_space("0.33", 10), ValueError, "split"),
        (lambda: grundy_values("0.33", 10, method="sparse"), ValueError, "split"),
        (lambda: grundy_values("0.6", 10, method="fast"), ValueError, "method must be one of"),
        (lambda: grundy_cost("0.6", 10, method=None), ValueError, "method must be one of"),
        (lambda: sparse_space("0.6", 10, mask=0), ValueError, "mask"),
        (lambda: sparse_space("0.6", -1), ValueError, "largest heap"),
        (lambda: sparse_space("0.6", 2**31), ValueError, "largest heap"),
        (lambda: sparse_space("0.6", 10.0), TypeError, "integer"),
        (lambda: sparse_space("0.6", 10, mask=1.5), TypeError, "integer"),
    ],
)
def test_bad_arguments(call, error, pattern):
    with pytest.raises(error, match=pattern):
        call()


def test_digits_of_the_code_drive_the_kernel():
    # 4.x splits without removing a token: heap 2 has the option 1 + 1 (value 0), so G(2) = 1 under 4.4.
    values, _ = sparse_space("4.4", 10)
    assert values.tolist() == octal_grundy(parse_octal("4.4").digits, 10)
    assert values[2] == 1
