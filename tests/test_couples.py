"""Couples are Forever (solver.impartial.couples) against brute force on its rules, octal 0.6 and the sources.

Source: the blog post "Spring Cleaning II" (seed 002): "players take turns
splitting any one pile of size at least three tokens into two piles.  The game
ends when no piles with more than two tokens are left."  It prints the
nimbers of the zigzags of Spring Cleaning, Z(1) to Z(15), and says that
Couples are Forever has "(with a shift of two) the same nimbers".  OEIS
A046695 lists the values of the octal game 0.6 (and of Couples are Forever).
"""

from __future__ import annotations

import contextlib
import io

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_impartial import couples_grundy, couples_position_moves, make_reference, octal_grundy

import solver.cli.main as cli
from solver import NotApplicableError, impartial_game
from solver.impartial import (
    CouplesGame,
    couples_game,
    couples_values,
    couples_values_cost,
    grundy_values,
    is_impartial_name,
)

#: "Spring Cleaning II": "the table of the first few nimbers" of the zigzags Z(1) .. Z(15).
SOURCE_ZIGZAGS = [0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4]

#: OEIS A046695 (offset 0), "Sprague-Grundy values for the game Couples-are-Forever (and for octal games
#: .6, .601, ...)": the terms a(0) .. a(101) of its data section, which are G_0.6(n).
OEIS_A046695 = [
    0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4, 2, 1, 3, 2, 1, 0, 2, 1, 4, 5, 1, 4, 5, 1, 2, 0, 1, 2, 3, 1, 2,
    3, 4, 2, 3, 4, 2, 3, 4, 2, 1, 0, 2, 8, 4, 5, 3, 4, 5, 6, 2, 5, 1, 2, 3, 1, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 3,
    0, 2, 3, 4, 5, 3, 4, 5, 6, 4, 5, 6, 2, 3, 1, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 3, 0, 2, 3, 4,
]  # fmt: skip

GRUNDY, WINS, REMOTENESS = make_reference(couples_position_moves)


# --- The values and the octal game 0.6 ------------------------------------------------------------


def test_values_match_the_recursion_on_the_rules():
    expected = couples_grundy(70)
    assert expected[:3] == [0, 0, 0]  # piles of 0, 1, 2 tokens have no move
    assert couples_values(70).tolist() == expected
    game = couples_game()
    assert game.heap_values(range(71)) == expected
    assert [game.value((h,)) for h in range(71)] == expected


def test_the_relation_to_octal_06_is_one_pile_down():
    # CAF(h) = G_0.6(h - 1) for h >= 1: both by brute force on their own rules.
    caf = couples_grundy(80)
    officers = octal_grundy((0, 6), 79)
    assert caf[1:] == officers
    assert caf[0] == 0
    # Not the same pile size, nor two down: the relation is exactly one pile down.
    assert caf[:80] != officers
    assert caf[2:] != officers[:-1]


def test_octal_06_is_oeis_a046695():
    assert grundy_values("0.6", len(OEIS_A046695) - 1).tolist() == OEIS_A046695
    assert octal_grundy((0, 6), len(OEIS_A046695) - 1) == OEIS_A046695
    assert couples_values(len(OEIS_A046695)).tolist() == [0, *OEIS_A046695]


def test_the_zigzags_of_the_source_are_the_piles_of_the_same_size():
    # "Spring Cleaning II": the zigzags Z(1..15) have the nimbers of SOURCE_ZIGZAGS, and Couples are Forever
    # has "(with a shift of two) the same nimbers".  Computed: Z(n) = CAF(n) for n = 1..15, no shift of the pile
    # size (Z(n) = G_0.6(n - 1) = A046695(n - 1)); a shift of two does not fit the source's own table.
    caf = couples_values(17).tolist()
    assert caf[1:16] == SOURCE_ZIGZAGS
    assert caf[3:18] != SOURCE_ZIGZAGS  # CAF(n + 2)
    assert [0, 0, *caf[1:14]] != SOURCE_ZIGZAGS  # CAF(n - 2)


@pytest.mark.parametrize("n", [0, 1, 2, 3, 1000, 20_000])
def test_couples_values_shape_and_type(n):
    values = couples_values(n)
    assert values.dtype == np.int64 and values.shape == (n + 1,)
    assert values.tolist() == [0, *grundy_values("0.6", n - 1).tolist()][: n + 1] if n else [0]
    assert couples_values_cost(n).seconds <= 1.0


def test_couples_values_checks_and_refuses():
    with pytest.raises(TypeError):
        couples_values(2.5)
    with pytest.raises(ValueError, match="at least 0"):
        couples_values(-1)
    with pytest.raises(ValueError, match=r"sparse space.* would (take|need).*reduce n to at most"):
        couples_values(10**9, max_seconds=60)
    with pytest.raises(ValueError, match=r"would take.*reduce n to at most"):
        couples_values(10**7, max_seconds=10)


@pytest.mark.slow
def test_couples_values_for_a_plot_beyond_the_sources_25000():
    # The source plots the values to 25,000; these go through the sparse-space method of 0.6.
    n = 100_000
    assert couples_values_cost(n).seconds < 10
    values = couples_values(n)
    plain = grundy_values("0.6", n - 1, method="plain", max_seconds=600)
    assert values[1:].tolist() == plain.tolist()
    assert values[:25_001].max() == plain[:25_000].max()


@pytest.mark.slow
def test_the_single_pile_p_positions_up_to_10_5():
    # docs/impartial-games.md section 3.2, from the plain kernel (the reference): the piles of value 0.
    plain = grundy_values("0.6", 10**5 - 1, method="plain", max_seconds=600)
    piles = [0, *(np.flatnonzero(plain == 0) + 1).tolist()]
    assert piles == [0, 1, 2, 5, 13, 21, 31, 47, 73, 99, 125, 151, 177, 315, 409]
    assert (np.flatnonzero(couples_values(10**5) == 0)).tolist() == piles


# --- The game object against brute force -------------------------------------------------------------


POSITIONS = [(), (1,), (2,), (3,), (4,), (7,), (12,), (1, 2), (3, 3), (2, 5), (3, 4, 5), (1, 2, 3, 6), (2, 2, 2)]


def test_game_matches_brute_force():
    game = impartial_game("couples-are-forever")
    for p in POSITIONS:
        listed = game.moves(p)
        texts = [text for text, _ in listed]
        assert len(set(texts)) == len(texts)
        assert sorted(r for _, r in listed) == sorted(couples_position_moves(p)), p
        assert game.value(p) == GRUNDY(p), p
        assert game.outcome(p) == ("W" if WINS(p) else "L"), p
        assert game.remoteness(p) == REMOTENESS(p), p
    assert game.values(POSITIONS) == [GRUNDY(p) for p in POSITIONS]
    assert game.remotenesses(POSITIONS) == [REMOTENESS(p) for p in POSITIONS]


def test_moves_texts_and_dead_piles():
    game = couples_game()
    assert game.moves(game.parse("7")) == [
        ("split 7 → 1+6", (1, 6)),
        ("split 7 → 2+5", (2, 5)),
        ("split 7 → 3+4", (3, 4)),
    ]
    assert game.moves(game.parse("1+2+2+1")) == []  # couples are forever
    assert game.moves(game.parse("4+4")) == [("split 4 → 1+3", (1, 3, 4)), ("split 4 → 2+2", (2, 2, 4))]
    with pytest.raises(ValueError, match="moves"):
        game.moves((300_000,))


piles = st.lists(st.integers(0, 13), max_size=4).filter(lambda h: sum(h) <= 22)


@settings(max_examples=60, deadline=None)
@given(piles)
def test_outcome_value_and_remoteness_agree(position):
    game = couples_game()
    position = game.check(position)
    value, outcome = game.value(position), game.outcome(position)
    assert value == GRUNDY(position)
    assert outcome == ("L" if value == 0 else "W")
    listed = game.moves(position)
    values = game.values([child for _, child in listed])
    assert value not in values and all(v in values for v in range(value))
    rem = game.remoteness(position)
    assert rem == REMOTENESS(position)
    assert (rem % 2 == 1) == (outcome == "W") and (rem == 0) == (not listed)
    assert game.parse(game.format(position)) == position


def test_sums_are_the_xor():
    game = couples_game()
    parts = [(5,), (7,), (9,)]
    assert game.sum_value(parts) == GRUNDY((5,)) ^ GRUNDY((7,)) ^ GRUNDY((9,))
    best = [o for o in game.sum_options(parts) if o.value == 0]
    assert [o.move for o in best] == ["split 7 → 1+6", "split 9 → 2+7", "split 9 → 4+5"]
    for o in best:
        after = [p for i, p in enumerate(parts) if i != o.component] + [o.result]
        assert GRUNDY(tuple(sorted(h for p in after for h in p))) == 0


def test_tree_of_a_pile():
    found = couples_game().tree((6,), 2)
    root = found["root"]
    assert (root["position"], root["outcome"], root["value"], root["remoteness"]) == ("6", "W", 1, REMOTENESS((6,)))
    assert [c["position"] for c in root["children"]] == ["1+5", "2+4", "3+3"]
    # The best moves: to an L (a P-position) of the least remoteness, by the brute force.
    kids = [(1, 5), (2, 4), (3, 3)]
    fastest = min(REMOTENESS(k) for k in kids if not WINS(k))
    assert [c["best"] for c in root["children"]] == [not WINS(k) and REMOTENESS(k) == fastest for k in kids]
    assert [c["best"] for c in root["children"]] == [True, False, True]


# --- Names, text, views -------------------------------------------------------------------------------


def test_registry_and_attributes():
    game = impartial_game(" Couples-Are-Forever ")
    assert game is couples_game() is impartial_game("couples-are-forever")
    assert isinstance(game, CouplesGame)
    assert (game.name, game.title, game.kind) == ("couples-are-forever", "Couples are Forever", "heaps")
    assert "Spring Cleaning II" in game.source and "0.6" in game.source
    assert game.officers.name == "octal-0.6"
    assert is_impartial_name("couples-are-forever")
    assert game.format(game.parse("7 + 5+0+1")) == "1+5+7"
    assert game.format(()) == "0"


@pytest.mark.parametrize(
    ("text", "pattern"),
    [("", "empty"), ("3+-1", "pile cannot be negative"), ("3+x", "a pile"), ("3,5", "a pile"), ("+", "missing")],
)
def test_bad_positions_say_how_to_write_one(text, pattern):
    with pytest.raises(ValueError, match=pattern):
        couples_game().parse(text)


def test_periodicity_through_06():
    game = couples_game()
    found = game.periodicity(2000)
    officers = game.officers.periodicity(1999)
    assert found.checked_to == 2000 and officers.checked_to == 1999
    assert found.proved is False and found.period == officers.period
    with pytest.raises(ValueError, match="at least 2"):
        game.periodicity(1)
    assert game.periodicity_cost(2000).seconds < 1


@pytest.mark.slow
def test_periodicity_search_finds_none():
    found = couples_game().periodicity()
    assert (found.period, found.preperiod, found.proved, found.checked_to) == (None, None, False, 65_537)


def test_views_of_other_games_do_not_apply():
    game = couples_game()
    with pytest.raises(NotApplicableError, match="plane"):
        game.plane(3)
    with pytest.raises(NotApplicableError, match="chomp"):
        game.counts()


# --- The command line ------------------------------------------------------------------------------------


def run(*argv: str) -> str:
    """Run the command line in this process; its standard output (exit status 0)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(list(argv))
    assert not status, err.getvalue()
    return out.getvalue()


def refused(*argv: str) -> str:
    """The one line of a refusal: exit status 2, nothing on stdout, no traceback."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main(list(argv))
        except SystemExit as exc:
            status = exc.code
    assert status == 2, err.getvalue()
    assert out.getvalue() == "" and len(err.getvalue().splitlines()) == 1
    assert "Traceback" not in err.getvalue()
    return err.getvalue()


def test_cli_nim_values_lists_the_piles():
    text = run("nim-values", "--rule", "couples-are-forever", "--n", "15")
    rows = [line for line in text.splitlines() if not line.startswith("#")]
    assert rows[0] == "n,value"
    assert [int(r.split(",")[1]) for r in rows[1:]] == [0, *SOURCE_ZIGZAGS]
    assert "Grundy values of one pile of n tokens, n = 0..15" in text


def test_cli_classify_tree_sum_periodicity():
    text = run("classify", "--rule", "couples-are-forever", "5+7", "4+4")
    assert '"5+7",W,2,' in text and '"4+4",L,0,' in text
    assert "one pile of n tokens" in run("classify", "--rule", "couples-are-forever", "--n", "5")
    assert '"rule": "couples-are-forever"' in run("tree", "6", "--rule", "couples-are-forever", "--depth", "1")
    assert "split 7 → 1+6: nim-sum 0  best" in run("sum", "5", "7", "9", "--rule", "couples-are-forever")
    text = run("periodicity", "--rule", "couples-are-forever", "--n", "3000")
    assert "Grundy values of piles 0..3,000" in text and "no period found: no p has G(n + p) = G(n)" in text
    assert "three times at their end" not in text


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["plane", "--rule", "couples-are-forever", "--size", "3"], "does not apply to couples-are-forever"),
        (["solve", "--bound", "10", "--rule", "couples-are-forever"], "does not apply to couples-are-forever"),
        (["classify", "--rule", "couples-are-forever", "3+-1"], "a pile cannot be negative"),
        (["periodicity", "--rule", "couples-are-forever", "--n", "1"], "at least 2"),
        (
            ["nim-values", "--rule", "couples-are-forever", "--n", "10**9"],
            "piles 0..1,000,000,000, that is the Grundy values of 0.6",
        ),
        (["nim-values", "--rule", "couples-are-forever", "--n", "10**8", "--max-seconds", "60"], "would take"),
        (["nim-values", "--rule", "couples-are-forever", "--n", "10**100"], "piles 0..1.0e+100, that is"),
        (["classify", "--rule", "couples-are-forever", "10**100"], "the value of 1.0e+100 in Couples are Forever"),
        (["classify", "--rule", "couples-are-forever", "3+10**100"], "the value of 1.0e+100+3 in Couples"),
    ],
)
def test_cli_refusals_say_why(argv, needle):
    assert needle in refused(*argv)
