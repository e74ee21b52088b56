"""Magnetism (solver.impartial.magnetism) against a brute force over whole strips and the source's table.

The source is the blog post "Magnetism": players put + and − tokens on a
strip, no two equal tokens adjacent, the last mover wins; a position is the
sum of its elementary strips G(n), G+(n), G++(n), G+−(n), whose values it
tabulates for n = 0..6.  The brute force (``tests/naive_impartial.py``)
plays the whole strip, with no split into elementary strips.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_impartial import magnetism_moves, make_reference

from solver import NotApplicableError, impartial_game
from solver.impartial import elementary_strips, magnetism_sequences, magnetism_sequences_cost
from solver.impartial.magnetism import MAX_SQUARES, _bound_table

GAME = impartial_game("magnetism")
GRUNDY, WINS, REMOTENESS = make_reference(magnetism_moves)

#: The source's table, n = 0..6 (its G++ row has six entries: see test_the_sources_table).
SOURCE = {
    "G": [0, 1, 0, 1, 0, 1, 0],
    "G+": [0, 1, 2, 3, 4, 5, 6],
    "G++": [1, 1, 1, 1, 1, 1],
    "G+-": [0, 0, 0, 0, 0, 0, 0],
}

#: A whole strip of each family with n empty squares (tokens only at the ends).
WHOLE = {
    "G": lambda n: "." * n,
    "G+": lambda n: "+" + "." * n,
    "G++": lambda n: "+" + "." * n + "+",
    "G+-": lambda n: "+" + "." * n + "-",
}


def _strips(length: int) -> list[str]:
    """Every position of a strip of ``length`` squares."""
    found = [""]
    for _ in range(length):
        found = [s + ch for s in found for ch in ".+-" if not (ch != "." and s and s[-1] == ch)]
    return found


# --- The source's table -------------------------------------------------------------------------


def test_the_sources_table():
    found = magnetism_sequences(6)
    assert found["n"] == list(range(7))
    for family in ("G", "G+", "G+-"):
        assert found[family] == SOURCE[family], family
    # The source's G++ row has one entry fewer: it starts at n = 1.  G++(0) would be two equal tokens side by
    # side, which is not a position; from n = 1 the row agrees.
    assert found["G++"][0] is None
    assert found["G++"][1:] == SOURCE["G++"]


@pytest.mark.parametrize("family", list(WHOLE))
def test_sequences_match_a_brute_force_over_whole_strips(family):
    found = magnetism_sequences(9)[family]
    for n in range(10):
        if family == "G++" and n == 0:
            with pytest.raises(ValueError, match="two equal tokens"):
                GAME.parse(WHOLE[family](n))
            continue
        assert found[n] == GRUNDY(WHOLE[family](n)), (family, n)


def test_the_closed_forms_hold_far_out():
    # The source's table suggests G(n) = n mod 2, G+(n) = n, G++(n) = 1, G+-(n) = 0; the mex from the rules
    # agrees to n = 400 (and the module docstring proves them by induction).
    found = magnetism_sequences(400)
    n = found["n"]
    assert found["G"] == [k % 2 for k in n]
    assert found["G+"] == n
    assert found["G++"] == [None] + [1] * 400
    assert found["G+-"] == [0] * 401


def test_every_bound_pair_agrees_with_its_family():
    # The kernel computes the 9 bound pairs (end, '+', '-' on each side) without using symmetry.
    g = _bound_table(60)
    end, plus, minus = 0, 1, 2
    assert (g[plus, :, end] == g[end, :, plus]).all() and (g[minus, :, end] == g[plus, :, end]).all()
    assert (g[end, :, minus] == g[plus, :, end]).all()
    assert (g[minus, 1:, minus] == g[plus, 1:, plus]).all()
    assert (g[minus, :, plus] == g[plus, :, minus]).all()


def test_sequences_cost_and_limits():
    assert magnetism_sequences_cost(10**5).seconds > 1
    with pytest.raises(ValueError, match=r"would (take|need)"):
        magnetism_sequences(100_000, max_seconds=0.5)
    with pytest.raises(ValueError):
        magnetism_sequences(-1)
    with pytest.raises(ValueError):
        magnetism_sequences(10**6)
    with pytest.raises(TypeError):
        magnetism_sequences("7")  # type: ignore[arg-type]


# --- The split ---------------------------------------------------------------------------------------


def test_elementary_strips():
    assert elementary_strips("+...-..") == [("G+-", 3), ("G+", 2)]
    assert elementary_strips(".......") == [("G", 7)]
    assert elementary_strips("..+.+-") == [("G+", 2), ("G++", 1)]
    assert elementary_strips("+-+") == []


# --- The game against the brute force ---------------------------------------------------------------


def test_every_strip_of_up_to_seven_squares_matches_brute_force():
    for length in range(1, 8):
        for strip in _strips(length):
            listed = GAME.moves(strip)
            texts = [text for text, _ in listed]
            assert len(set(texts)) == len(texts)
            assert sorted(r for _, r in listed) == sorted(magnetism_moves(strip)), strip
            assert GAME.value(strip) == GRUNDY(strip), strip
            assert GAME.outcome(strip) == ("W" if WINS(strip) else "L"), strip
            assert GAME.remoteness(strip) == REMOTENESS(strip), strip


strips = st.text(alphabet=".+-", min_size=1, max_size=13).filter(
    lambda s: all(not (a != "." and a == b) for a, b in zip(s, s[1:]))
)


@settings(max_examples=120, deadline=None)
@given(strip=strips)
def test_random_strips_match_brute_force_and_the_invariants(strip):
    value = GAME.value(strip)
    assert value == GRUNDY(strip)
    assert GAME.remoteness(strip) == REMOTENESS(strip)
    children = [after for _, after in GAME.moves(strip)]
    values = GAME.values(children)
    assert value not in values and all(v in values for v in range(value))
    assert (GAME.outcome(strip) == "W") == (0 in values)
    assert GAME.parse(GAME.format(strip)) == strip


@settings(max_examples=60, deadline=None)
@given(strip=strips)
def test_the_split_into_elementary_strips_is_sound(strip):
    # The whole strip by brute force has the XOR of its elementary strips, each played alone by brute force.
    total = 0
    for family, n in elementary_strips(strip):
        total ^= GRUNDY(WHOLE[family](n))
    assert GRUNDY(strip) == total


@settings(max_examples=40, deadline=None)
@given(parts=st.lists(strips, min_size=1, max_size=3))
def test_sums_are_the_xor(parts):
    total = 0
    for p in parts:
        total ^= GRUNDY(p)
    assert GAME.sum_value(parts) == total
    for option in GAME.sum_options(parts):
        after = list(parts)
        after[option.component] = option.result
        assert option.value == GAME.sum_value(after)


# --- Positions, text, limits --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "strip"), [("+...-..", "+...-.."), (" \u2212..+ ", "-..+"), ("...", "..."), ("+-+", "+-+")]
)
def test_parse_and_format(text, strip):
    assert GAME.parse(text) == strip
    assert GAME.format(strip) == strip


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        ("", r"empty"),
        ("   ", r"empty"),
        ("++..", r"two equal tokens \+\+ on squares 1 and 2"),
        ("..-\u2212", r"two equal tokens"),
        ("+.x", r"characters 'x'"),
        ("3,5", r"characters"),
        ("." * (MAX_SQUARES + 1), r"more than 20,000"),
        ("." * (MAX_SQUARES + 500), r"characters, more than"),
    ],
)
def test_bad_strips_are_refused_clearly(text, pattern):
    with pytest.raises(ValueError, match=pattern):
        GAME.parse(text)


@settings(max_examples=300)
@given(st.text(alphabet=".+-\u2212x\u00e9", min_size=1, max_size=12))
def test_a_strip_is_taken_or_refused_as_a_square_by_square_reading_says(text):
    """The check's scans in C against a loop over the squares: other characters, then the first equal pair."""
    strip = text.replace("\u2212", "-")
    others = [c for c in strip if c not in ".+-"]
    pairs = [i for i in range(len(strip) - 1) if strip[i] != "." and strip[i] == strip[i + 1]]
    if others:
        with pytest.raises(ValueError, match="has the characters"):
            GAME.check(text)
    elif pairs:
        with pytest.raises(ValueError, match=f"on squares {pairs[0] + 1} and {pairs[0] + 2};"):
            GAME.check(text)
    else:
        assert GAME.check(text) == strip


def test_positions_of_the_wrong_type():
    with pytest.raises(TypeError):
        GAME.parse(35)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        GAME.value(("+", "."))  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        GAME.value("")


def test_long_strips_have_exact_values_and_refuse_remoteness():
    long = "+" + "." * (MAX_SQUARES - 2) + "+"
    assert GAME.value(long) == 1
    assert GAME.value("-" + "." * 9_999) == 9_999
    assert GAME.value("." * 12_345) == 1
    assert len(GAME.moves(long)) == 2 * (MAX_SQUARES - 2) - 2
    with pytest.raises(ValueError, match=r"would (take|need)"):
        GAME.remoteness(long)
    assert GAME.remoteness_cost("+" + "." * 5).seconds < 0.1


def test_start_and_commands():
    assert GAME.start() == "+...-.." and GAME.value(GAME.start()) == 2
    assert GAME.kind == "magnetism" and "magnetism" in GAME.commands
    assert GAME.grundy_sequence(7).tolist() == [0, 1, 0, 1, 0, 1, 0, 1]
    with pytest.raises(NotApplicableError, match=r"^plane .*does not apply to magnetism"):
        GAME.plane(5)
    with pytest.raises(NotApplicableError, match=r"^periodicity "):
        GAME.periodicity()


def test_tree():
    tree = GAME.tree("+...-..", 2)
    root = tree["root"]
    assert root["value"] == 2 and root["outcome"] == "W" and root["remoteness"] == REMOTENESS("+...-..")
    assert [c["move"] for c in root["children"]] == [text for text, _ in GAME.moves("+...-..")]
    assert [c["position"] for c in root["children"] if c["best"]] == ["+...-.+"]
