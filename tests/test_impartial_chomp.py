"""Chomp on fragmentary bars (solver.impartial.chomp) against the brute force and the source.

Facts quoted from "Chomp (The Esthetics of Not Knowing)" (seed 002): "all 132
fragmentary chocolate bars that fit in a 2×6 box where the moving player will
lose", "the 182 losing positions that fit in a 3×4 box".
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_impartial import chomp_bar, chomp_next, chomp_wins

from solver.impartial import (
    binary_square,
    chomp_cost,
    chomp_counts,
    chomp_moves,
    chomp_outcomes,
    format_bar,
    parse_bar,
)


def transpose(mask, rows, cols):
    """The mask of the transposed bar in the cols x rows box."""
    out = 0
    for r in range(rows):
        for c in range(cols):
            if mask >> (r * cols + c) & 1:
                out |= 1 << (c * rows + r)
    return out


@pytest.mark.parametrize(("rows", "cols", "losing"), [(2, 6, 132), (3, 4, 182), (6, 2, 132), (4, 3, 182)])
def test_counts_of_the_source(rows, cols, losing):
    counts = chomp_counts(rows, cols)
    assert counts == {"positions": 4096, "losing": losing, "winning": 4096 - losing}
    naive = sum(not chomp_wins(chomp_bar(rows, cols, m)) for m in range(4096))
    assert naive == losing


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (1, 7), (7, 1), (2, 3), (2, 5), (3, 3), (3, 4), (2, 6)])
def test_outcomes_match_brute_force_exhaustively(rows, cols):
    outcomes = chomp_outcomes(rows, cols)
    assert outcomes.dtype == np.uint8 and outcomes.shape == (1 << (rows * cols),)
    expected = [int(chomp_wins(chomp_bar(rows, cols, m))) for m in range(1 << (rows * cols))]
    assert outcomes.tolist() == expected
    assert outcomes[0] == 0  # the empty bar: no move, the player to move loses


_OUTCOMES_4X4 = {}


@settings(max_examples=200, deadline=None)
@given(st.integers(0, (1 << 16) - 1))
def test_outcomes_4x4_match_brute_force(mask):
    if not _OUTCOMES_4X4:
        _OUTCOMES_4X4["table"] = chomp_outcomes(4, 4)
    assert _OUTCOMES_4X4["table"][mask] == chomp_wins(chomp_bar(4, 4, mask))


def test_transposed_bars_have_the_same_outcome():
    a, b = chomp_outcomes(3, 5), chomp_outcomes(5, 3)
    assert all(a[m] == b[transpose(m, 3, 5)] for m in range(1 << 15))


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 5), st.integers(1, 5), st.data())
def test_moves_match_brute_force(rows, cols, data):
    mask = data.draw(st.integers(0, (1 << (rows * cols)) - 1))
    moves = chomp_moves(rows, cols, mask)
    bar = chomp_bar(rows, cols, mask)
    expected = chomp_next(bar)
    assert {(r, c): chomp_bar(rows, cols, child) for r, c, child in moves} == expected
    assert [(r, c) for r, c, _ in moves] == sorted(expected)
    assert all(child < mask for _, _, child in moves)


def test_moves_of_a_full_box_and_of_the_empty_bar():
    full = (1 << 6) - 1
    moves = chomp_moves(2, 3, full)
    assert moves[0] == (0, 0, 0)  # the top-left piece eats the whole bar
    assert (1, 2, full & ~(1 << 5)) in moves
    assert chomp_moves(2, 3, 0) == ()


@pytest.mark.parametrize("cols", [1, 2, 3, 4, 5])
def test_binary_square_matches_brute_force(cols):
    square = binary_square(cols)
    side = 1 << cols
    assert square.dtype == np.bool_ and square.shape == (side, side)
    for top in range(side):
        for bottom in range(side):
            bar = chomp_bar(2, cols, top | bottom << cols)
            assert square[top, bottom] == (not chomp_wins(bar))


def test_binary_square_counts_and_rows():
    square = binary_square(6)
    assert int(square.sum()) == 132  # the 2 x 6 box of the source
    # Top row only (bottom row empty): a 1 x C bar is lost only when empty.
    assert square[:, 0].tolist() == [True] + [False] * 63
    # A full bottom row under an empty top row: the top-left piece of the bottom row eats all of it.
    assert not square[0, 63]


def test_binary_square_10_is_the_sources_picture_size():
    square = binary_square(10)
    assert square.shape == (1024, 1024)
    outcomes = chomp_outcomes(2, 10)
    assert int(square.sum()) == int((outcomes == 0).sum())


# --- Text -------------------------------------------------------------------------------


def test_parse_and_format_examples():
    assert parse_bar("###/##.", 2, 3) == 0b011111
    assert format_bar(2, 3, 0b011111) == "###/##."
    assert parse_bar("#", 2, 3) == 1
    assert format_bar(2, 3, 1) == "#../..."
    assert parse_bar(" ..#/... ", 2, 3) == 0b100
    assert format_bar(1, 1, 0) == "."


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.data())
def test_parse_inverts_format(rows, cols, data):
    mask = data.draw(st.integers(0, (1 << (rows * cols)) - 1))
    text = format_bar(rows, cols, mask)
    assert parse_bar(text, rows, cols) == mask
    lines = text.split("/")
    assert len(lines) == rows and all(len(line) == cols for line in lines)
    for r, c in chomp_bar(rows, cols, mask):
        assert lines[r][c] == "#"


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("##x/###", "characters"),
        ("111,110", "characters"),
        ("###/##", "one length"),
        ("###//###", "one length"),
        ("####/####", "does not fit"),
        ("#/#/#", "does not fit"),
    ],
)
def test_parse_rejects_bad_text(text, pattern):
    with pytest.raises(ValueError, match=pattern):
        parse_bar(text, 2, 3)


def test_argument_checks_and_refusals():
    with pytest.raises(TypeError):
        parse_bar(101, 2, 3)
    with pytest.raises(ValueError, match="mask"):
        chomp_moves(2, 3, 64)
    with pytest.raises(ValueError, match="mask"):
        format_bar(2, 3, -1)
    with pytest.raises(TypeError):
        chomp_outcomes(2.0, 3)
    with pytest.raises(ValueError, match="rows"):
        chomp_outcomes(0, 3)
    with pytest.raises(ValueError, match=r"boxes of at most 24 pieces"):
        chomp_outcomes(5, 5)
    with pytest.raises(ValueError, match="columns"):
        binary_square(13)
    cost = chomp_cost(4, 6)
    assert cost.bytes == 1 << 24
    assert "16,777,216 positions" in cost.what
