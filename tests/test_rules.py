"""Tests for solver.games.squares: the moves, exact for integers of any size.

Expected values come from math.isqrt (or are written out by hand), never from
the functions under test.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.games import squares as rules
from solver.games.squares import Move, is_square, moves, put, square_below, take

# Positions where a float square root goes wrong, and plain huge ones.
HUGE = [
    10**30,
    10**30 - 1,
    10**30 + 1,
    (10**20 + 1) ** 2 - 1,  # one below a huge square: isqrt is 10**20
    (10**20 + 1) ** 2,
    (2**53 + 1) ** 2,  # float(n) rounds, float sqrt gives 2**53
    (2**53 + 1) ** 2 - 1,
    (2**53 + 1) ** 2 + 1,
    2**106,
    2**106 - 1,
    (2**64 - 1) ** 2,
    3**200,
    7**500 + 12345,
]

positions = st.integers(min_value=1, max_value=10**40) | st.integers(min_value=1, max_value=10**4)


# ---------------------------------------------------------------- exact values


@pytest.mark.parametrize(
    "n, s",
    [(0, 0), (1, 1), (2, 1), (3, 1), (4, 4), (8, 4), (9, 9), (92, 81), (99, 81), (100, 100)],
)
def test_square_below_small_by_hand(n, s):
    assert square_below(n) == s


@pytest.mark.parametrize(
    "n, t, p",
    [
        (1, 0, 2),
        (2, 1, 3),
        (3, 2, 4),
        (4, 0, 8),
        (5, 1, 9),
        (7, 3, 11),  # DESIGN / seed 003: with 7 stones put or take 4
        (8, 4, 12),
        (92, 11, 173),
        (4708, 4708 - 68**2, 4708 + 68**2),
    ],
)
def test_moves_small_by_hand(n, t, p):
    assert take(n) == t
    assert put(n) == p
    assert moves(n) == (t, p)


@pytest.mark.parametrize("n", HUGE)
def test_square_below_huge_exact(n):
    r = math.isqrt(n)
    s = square_below(n)
    assert type(s) is int
    assert s == r * r
    assert s <= n < (r + 1) ** 2


@pytest.mark.parametrize("n", HUGE)
def test_moves_huge_exact(n):
    r = math.isqrt(n)
    assert take(n) == n - r * r
    assert put(n) == n + r * r
    assert moves(n) == (n - r * r, n + r * r)
    assert all(type(x) is int for x in moves(n))


def test_huge_values_written_out():
    # Independent of math.isqrt: the roots are known by construction.
    k = 10**20 + 1
    assert square_below(k * k - 1) == (k - 1) ** 2 == 10**40
    assert take(k * k - 1) == k * k - 1 - 10**40 == 2 * 10**20
    assert square_below(10**30) == 10**30
    assert moves(10**30) == (0, 2 * 10**30)
    j = 2**53 + 1
    assert square_below(j * j) == j * j
    assert take(j * j) == 0
    assert take(j * j - 1) == 2 * (j - 1)
    assert take(j * j + 1) == 1
    assert put(j * j) == 2 * j * j
    # A float root really goes wrong here (what exact arithmetic guards against).
    assert int(math.sqrt(j * j)) == 2**53 == j - 1


@pytest.mark.parametrize("n", HUGE)
def test_is_square_huge(n):
    assert is_square(n) == (math.isqrt(n) ** 2 == n)


def test_is_square_small():
    squares = {k * k for k in range(0, 40)}
    for n in range(0, 1500):
        assert is_square(n) == (n in squares)


def test_move_enum():
    assert {m.value for m in Move} == {"take", "put"}
    assert set(rules.__all__) >= {"Move", "square_below", "is_square", "take", "put", "moves"}


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize("func", [square_below, is_square, take, put, moves])
@pytest.mark.parametrize("bad", [-1, -5, -(10**30)])
def test_negative_is_value_error(func, bad):
    with pytest.raises(ValueError):
        func(bad)


@pytest.mark.parametrize("func", [take, put, moves])
def test_zero_has_no_moves(func):
    with pytest.raises(ValueError):
        func(0)


def test_zero_is_a_position():
    assert square_below(0) == 0
    assert is_square(0) is True


@pytest.mark.parametrize("func", [square_below, is_square, take, put, moves])
@pytest.mark.parametrize("bad", [2.5, 0.5, -2.5, 2.0, 1e30, float("nan"), "5", "abc", None, [4], 3 + 0j])
def test_non_integer_is_type_error(func, bad):
    with pytest.raises(TypeError):
        func(bad)


@pytest.mark.parametrize("func", [square_below, take])
@pytest.mark.parametrize("bad", [float("inf"), float("-inf")])
def test_infinity_is_type_error(func, bad):
    with pytest.raises(TypeError):
        func(bad)


@pytest.mark.parametrize("func", [square_below, is_square, take, put, moves])
@pytest.mark.parametrize("bad", [True, False])
def test_bool_is_type_error(func, bad):
    with pytest.raises(TypeError):
        func(bad)


def test_numpy_integer_accepted():
    np = pytest.importorskip("numpy")
    assert take(np.int64(92)) == 11
    assert put(np.int64(92)) == 173
    assert type(put(np.int64(92))) is int


# ---------------------------------------------------------------- properties


@settings(max_examples=300, deadline=None)
@given(n=st.integers(min_value=0, max_value=10**60))
def test_square_below_matches_isqrt(n):
    r = math.isqrt(n)
    assert square_below(n) == r * r


@settings(max_examples=300, deadline=None)
@given(n=positions)
def test_take_is_small(n):
    # t(n) <= 2 isqrt(n), with equality just below a square.
    r = math.isqrt(n)
    t = take(n)
    assert 0 <= t <= 2 * r
    assert t < n or n == 0
    assert take((r + 1) ** 2 - 1) == 2 * r


@settings(max_examples=300, deadline=None)
@given(n=positions)
def test_take_plus_put_is_twice_n(n):
    t, p = moves(n)
    assert t + p == 2 * n
    assert t != p
    assert n < p <= 2 * n


@settings(max_examples=300, deadline=None)
@given(n=positions)
def test_put_lands_in_its_window(n):
    # y = x + k^2 with k = isqrt(x) lies in [2k^2, 2k^2 + 2k].
    k = math.isqrt(n)
    assert 2 * k * k <= put(n) <= 2 * k * k + 2 * k


@settings(max_examples=300, deadline=None)
@given(n=positions)
def test_put_strictly_increasing(n):
    # Hence the put-parent of a position is unique.
    assert put(n) < put(n + 1)


def test_put_parent_unique_exhaustive():
    seen: dict[int, int] = {}
    for x in range(1, 200_000):
        y = put(x)
        assert y not in seen, (x, seen.get(y))
        seen[y] = x
    # and the parent is found from the window [2k^2, 2k^2 + 2k]
    for y, x in list(seen.items())[:5000]:
        k = math.isqrt(y // 2)
        assert x == y - k * k


@settings(max_examples=200, deadline=None)
@given(y=st.integers(min_value=0, max_value=10**6))
def test_take_parents(y):
    # The take-parents of y are y + k^2 for every k >= max(1, ceil(y / 2)).
    k0 = max(1, -(-y // 2))
    for k in range(k0, k0 + 5):
        assert take(y + k * k) == y
    if k0 > 1:
        x = y + (k0 - 1) ** 2
        assert take(x) != y
