"""Tests of the number inspector (solver.values.inspection); its tab is tested in test_inspect_tab.py.

Expected values come from the plain-Python reference ``tests.naive`` or from
hand analysis, never from the code under test.
"""

from __future__ import annotations

import functools
import math
import re

import pytest
from naive import naive_classes, naive_possible, naive_queue_solve

from solver.engine import solve
from solver.engine.solution import Outcome
from solver.errors import CertificateError
from solver.games.squares import Move
from solver.values.inspection import draw_certificate, inspect_position, put_chain, value_text

BOUND = 10**5
HUGE = 10**30


@pytest.fixture(scope="module")
def solution():
    return solve(BOUND)


@pytest.fixture(scope="module")
def reference():
    return naive_queue_solve(BOUND)


def _isq(n: int) -> int:
    return math.isqrt(n) ** 2


def _kids(n: int) -> tuple[int, int]:
    return n - _isq(n), n + _isq(n)


def _parse(text: str) -> tuple[str, int | None]:
    m = re.fullmatch(r"([WLDU])(≤?)(\d*)( \(not [WL]\))?", text)
    assert m, text
    return m.group(1) + (m.group(4) or ""), int(m.group(3)) if m.group(3) else None


@functools.cache
def _classes() -> list[str]:
    return naive_classes(BOUND)


def _ref_text_ok(text: str, position: int, reference) -> None:
    """A value text agrees with the reference (remoteness: the bounded retrograde value; classes of U)."""
    letters, rem = reference
    letter, number = _parse(text)
    if position > BOUND:
        assert (letter, number) == (("W", 1) if math.isqrt(position) ** 2 == position else ("U", None))
        return
    assert letter == _classes()[position], position
    if letter in "WL":
        assert number == rem[position], position
    else:
        assert number is None


# --------------------------------------------------------------------- inspect


@pytest.mark.slow
def test_inspect_small_positions_against_reference(solution, reference):
    letters, rem = reference
    for n in [1, 2, 3, 5, 8, 12, 20, 21, 92, 145, 580, 4901, 99_999, BOUND]:
        info = inspect_position(n, solution)
        _ref_text_ok(info.text, n, reference)
        assert info.outcome.name == letters[n]
        t, p = _kids(n)
        assert [(m.move, m.child) for m in info.moves] == [(Move.TAKE, t), (Move.PUT, p)]
        for m in info.moves:
            _ref_text_ok(m.text, m.child, reference)
        assert info.is_square == (math.isqrt(n) ** 2 == n)
        assert not info.above_bound


def test_inspect_92_remoteness_11_and_best_move(solution):
    # docs/mathematics.md section 4: 92 has remoteness 11.  92 -> 11 (W) / 173 (L): put wins.
    info = inspect_position(92, solution)
    assert (info.outcome, info.remoteness) == (Outcome.W, 11)
    assert info.best_moves == [Move.PUT]
    assert [m.best for m in info.moves] == [False, True]


def test_inspect_draw_best_move_stays_in_the_draw(solution):
    # 8 -> 4 (a square, W: hands the win over) or 12 (D): the best move is put.
    info = inspect_position(8, solution)
    assert info.outcome == Outcome.D and info.remoteness is None and info.at_most is None
    assert info.best_moves == [Move.PUT]
    assert [m.text for m in info.moves] == ["W1", "D"]


def test_inspect_zero_has_no_moves(solution):
    info = inspect_position(0, solution)
    assert (info.outcome, info.remoteness, info.moves, info.best_moves) == (Outcome.L, 0, [], [])


def test_inspect_huge_numbers_exact_moves(solution):
    info = inspect_position(HUGE, solution)  # a square: wins at once
    assert (info.outcome, info.remoteness, info.is_square, info.above_bound) == (Outcome.W, 1, True, True)
    assert [m.child for m in info.moves] == [0, 2 * HUGE]
    assert [m.text for m in info.moves] == ["L0", "U"]
    assert info.best_moves == [Move.TAKE]
    n = HUGE + 12345
    info = inspect_position(n, solution)
    assert (info.outcome, info.text, info.is_square) == (Outcome.U, "U", False)
    assert [m.child for m in info.moves] == [12345, n + HUGE]
    n = (10**15 + 3) ** 2 - 1  # just below a square: take child is 2 * (10**15 + 2)
    info = inspect_position(n, solution)
    r = 10**15 + 2
    assert [m.child for m in info.moves] == [n - r * r, n + r * r]
    assert info.moves[0].child == 2 * r
    assert info.moves[0].text == "U" and info.moves[1].text == "U"


def test_inspect_rejects_bad_positions(solution):
    with pytest.raises(ValueError):
        inspect_position(-1, solution)
    with pytest.raises(TypeError):
        inspect_position(2.0, solution)
    with pytest.raises(TypeError):
        inspect_position(True, solution)


# ------------------------------------------------------------------- put chain


@pytest.mark.slow
@pytest.mark.parametrize("n", [1, 2, 5, 8, 92, 173, 1000, 4901, 50_000, 99_999, BOUND])
def test_put_chain_positions_and_values(n, solution, reference):
    expected = [n]
    while expected[-1] <= BOUND:
        c = expected[-1]
        expected.append(c + math.isqrt(c) ** 2)
    rows = put_chain(n, solution)
    assert [row.position for row in rows] == expected
    assert [row.step for row in rows] == list(range(len(expected)))
    assert [row.above_bound for row in rows] == [False] * (len(expected) - 1) + [True]
    for row in rows:
        _ref_text_ok(row.value, row.position, reference)
        assert row.take == row.position - math.isqrt(row.position) ** 2
        _ref_text_ok(row.take_value, row.take, reference)
        d = row.to_dict()
        assert d["position"] == str(row.position) and d["take"] == str(row.take)


def test_put_chain_rule_holds_on_every_link(solution, reference):
    # The rule the docstring states, checked with the reference's letters.
    letters, _ = reference
    for n in range(1, 3000):
        rows = put_chain(n, solution)
        for row, nxt in zip(rows, rows[1:]):
            t = letters[row.take]
            p = letters[nxt.position] if nxt.position <= BOUND else "U"
            v = letters[row.position]
            if t == "L" or p == "L":
                assert v == "W"
            elif t == "W":
                assert v == {"W": "L", "D": "D", "U": "U"}[p]


def test_put_chain_92_known_values(solution):
    rows = put_chain(92, solution)
    # Hand: 92 -> 173 -> 342 -> 666 -> 1291 -> 2516 -> 5016; 5016 takes to 116 (= 5016 - 70²), L.
    assert [r.position for r in rows[:7]] == [92, 173, 342, 666, 1291, 2516, 5016]
    assert rows[6].take == 116
    assert rows[6].take_value[0] == "L" and rows[6].value[0] == "W"
    assert rows[0].value == "W11"


def test_put_chain_above_bound_and_zero(solution):
    rows = put_chain(HUGE + 1, solution)
    assert len(rows) == 1 and rows[0].above_bound and rows[0].position == HUGE + 1
    assert rows[0].take == 1 and rows[0].take_value == "W1" and rows[0].value == "U"
    rows = put_chain(HUGE, solution)
    assert rows[0].value == "W1" and rows[0].take == 0 and rows[0].take_value == "L0"
    rows = put_chain(0, solution)
    assert len(rows) == 1 and rows[0].take is None and rows[0].value == "L0"


def test_value_text_formats():
    s = solve(34_000)
    # 8637 wins in 11 at bound 34,000 but not provably (retrograde.py docstring): "W≤11".
    assert value_text(8637, s) == "W≤11"
    assert value_text(2, s) == "D"
    assert value_text(4, s) == "W1"
    assert value_text(5, s) == "L2"
    assert value_text(34_001**2, s) == "W1"
    assert value_text(34_001**2 + 1, s) == "U"


# ---------------------------------------------------------------- certificates


def test_certificate_of_2_by_hand(solution):
    # 2 -> 1 (square, W) / 3;  3 -> 2 / 4 (square, W).
    cert = draw_certificate(2, solution)
    assert cert.members == [2, 3]
    assert cert.exits == [1, 4]
    assert {(e.position, e.move, e.child, e.child_value) for e in cert.edges} == {
        (2, Move.TAKE, 1, "W1"),
        (2, Move.PUT, 3, "D"),
        (3, Move.TAKE, 2, "D"),
        (3, Move.PUT, 4, "W1"),
    }


def test_certificate_of_8_by_hand(solution):
    # 8 -> 4 (W) / 12;  12 -> 3 / 21;  21 -> 5 (L: 5 -> 1, 9, both squares) so 21 is W3;
    # 3 -> 2 / 4;  2 -> 1 / 3.
    cert = draw_certificate(8, solution)
    assert cert.members == [2, 3, 8, 12]
    assert cert.exits == [1, 4, 21]
    assert {(e.position, e.move.value, e.child, e.child_value) for e in cert.edges} == {
        (2, "take", 1, "W1"),
        (2, "put", 3, "D"),
        (3, "take", 2, "D"),
        (3, "put", 4, "W1"),
        (8, "take", 4, "W1"),
        (8, "put", 12, "D"),
        (12, "take", 3, "D"),
        (12, "put", 21, "W3"),
    }


@pytest.mark.slow
def test_every_draw_below_2000_has_a_valid_certificate(solution, reference):
    # Checked against the brute-force reference, not the solve: a member that
    # cannot be W has every move inside the bound, each to a known W or to a
    # member that cannot be L; a member that cannot be L has one move, to a
    # known L or to a member that cannot be W; and the reference's least sets
    # PW and PL agree with every claim.
    letters, _ = reference
    pw, pl = naive_possible(BOUND)
    draws = [n for n in range(1, 2000) if letters[n] == "D"]
    assert draws[:4] == [2, 3, 6, 7]
    for n in draws:
        cert = draw_certificate(n, solution)
        not_w, not_l = set(cert.cannot_be_w), set(cert.cannot_be_l)
        assert n in not_w and n in not_l
        assert not (not_w & pw) and not (not_l & pl)
        assert all(letters[x] == "W" for x in cert.known_w) and all(letters[x] == "L" for x in cert.known_l)
        moves: dict[tuple[int, str], list[int]] = {}
        for e in cert.edges:
            moves.setdefault((e.position, e.claim), []).append(e.child)
        for x in not_w:
            assert sorted(moves[(x, "not W")]) == sorted(_kids(x)), (n, x)
            assert all(c <= BOUND and (c in not_l or letters[c] == "W") for c in _kids(x)), (n, x)
        for x in not_l:
            (c,) = moves[(x, "not L")]
            assert c in _kids(x) and (c in not_w or letters[c] == "L"), (n, x, c)
        # Minimal: every member is reachable from n through the certificate's moves.
        seen, stack = {n}, [n]
        while stack:
            x = stack.pop()
            for (y, _), children in moves.items():
                if y == x:
                    for c in children:
                        if c in not_w | not_l and c not in seen:
                            seen.add(c)
                            stack.append(c)
        assert seen == not_w | not_l


@pytest.mark.parametrize("n", [0, 1, 5, 92, 2231, HUGE, HUGE + 1])
def test_certificate_refused_for_non_draws(n, solution):
    with pytest.raises(ValueError, match="not a certified draw"):
        draw_certificate(n, solution)


def test_certificate_size_cap(solution):
    with pytest.raises(ValueError, match="more than 3"):
        draw_certificate(8, solution, max_size=3)


def test_certificate_check_catches_a_broken_solution():
    s = solve(1000).wide()
    s.classes[21] = 0  # 12's put child: U now, so it could be L
    with pytest.raises(CertificateError, match="could be L"):
        draw_certificate(8, s)
