"""Subtraction games of a finite set (solver/impartial/subtraction.py) against a brute-force mex."""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.impartial import impartial_game
from solver.impartial.subtraction import MAX_SUBTRACTION, SubtractionGame, parse_subtraction_set
from solver.registry import find_game


def _naive_grundy(members: tuple[int, ...], n: int) -> list[int]:
    """G(h) = mex{G(h - s) : s in S, s <= h}, straight from the rules."""

    @functools.cache
    def g(h: int) -> int:
        seen = {g(h - s) for s in members if s <= h}
        m = 0
        while m in seen:
            m += 1
        return m

    return [g(h) for h in range(n + 1)]


@settings(max_examples=40, deadline=None)
@given(st.sets(st.integers(1, 9), min_size=1, max_size=4))
def test_grundy_values_agree_with_the_mex(members):
    members = tuple(sorted(members))
    game = SubtractionGame.of_set(members)
    assert list(game.grundy_sequence(120)) == _naive_grundy(members, 120)


@settings(max_examples=25, deadline=None)
@given(st.sets(st.integers(1, 7), min_size=1, max_size=3), st.lists(st.integers(0, 30), min_size=1, max_size=3))
def test_sums_and_moves_agree_with_the_mex(members, heaps):
    members = tuple(sorted(members))
    game = SubtractionGame.of_set(members)
    position = game.check(tuple(h for h in heaps if h))
    table = _naive_grundy(members, 30)
    expected = 0
    for h in position:
        expected ^= table[h]
    assert game.value(position) == expected
    children = {child for _text, child in game.moves(position)}
    naive = set()
    for i, h in enumerate(position):
        for s in members:
            if s <= h:
                rest = [*position[:i], *position[i + 1 :], h - s]
                naive.add(tuple(sorted(x for x in rest if x)))
    assert children == naive


def test_the_period_of_s134_is_seven_and_proved():
    # Winning Ways, chapter 4: S(1, 3, 4) has the values 0101232 repeating.
    game = impartial_game("subtraction-1,3,4")
    found = game.periodicity()
    assert (found.period, found.preperiod, found.proved) == (7, 0, True)
    assert list(game.grundy_sequence(13)) == [0, 1, 0, 1, 2, 3, 2] * 2


def test_names_are_canonical_and_one_object():
    assert impartial_game("subtraction-4,1,3,3") is impartial_game("subtraction-1,3,4")
    assert find_game(" Subtraction-1,3,4 ").name == "subtraction-1,3,4"
    assert impartial_game("subtraction-1,3,4").code.text == "0.3033"


@pytest.mark.parametrize(
    "bad", ["subtraction-", "subtraction-0", "subtraction-1,x", f"subtraction-{MAX_SUBTRACTION + 1}"]
)
def test_bad_sets_are_refused_with_how_to_write_one(bad):
    with pytest.raises(ValueError, match="subtraction"):
        impartial_game(bad)


def test_parse_needs_text():
    with pytest.raises(TypeError):
        parse_subtraction_set(3)
