"""The games as objects (solver.impartial.game and its kinds) against brute force and the sources.

Every method of :class:`solver.ImpartialGame` (parse, format, moves, outcome,
value, remoteness, start, sums, trees) is compared with the obviously correct
references of ``tests/naive_impartial.py`` on small positions, and the facts
of the sources are checked through the games: the 0.137 one-heap P-positions
("The Independence Game", 2017), Wythoff's P-positions as the Beatty pairs,
Euclid's theorem, Chomp's 132 and 182 losing bars.
"""

from __future__ import annotations

import doctest
import itertools
import math
from decimal import Decimal, localcontext
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_impartial import (
    chomp_bar,
    chomp_next,
    euclid_moves,
    make_reference,
    octal_position_moves,
    wythoff_moves,
)

from solver import ImpartialGame, NotApplicableError, impartial_game
from solver.impartial import (
    IMPARTIAL_ALIASES,
    IMPARTIAL_EXAMPLES,
    beatty_pairs,
    grundy_values,
    parse_octal,
    periodicity,
)
from solver.impartial.game import MAX_MOVES

OCTAL_CODES = ["0.137", "0.07", "0.77", "4.7", "0.6", "0.33", "4.07"]


def _octal_reference(code):
    digits = parse_octal(code).digits
    return make_reference(lambda heaps: octal_position_moves(digits, heaps))


WYTHOFF = make_reference(lambda p: wythoff_moves(*p))
EUCLID = make_reference(lambda p: euclid_moves(*p))
OCTAL = {code: _octal_reference(code) for code in OCTAL_CODES}


def _chomp_reference(rows, cols):
    grundy, wins, remoteness = make_reference(lambda bar: chomp_next(bar).values())

    def at(function):
        return lambda mask: function(chomp_bar(rows, cols, mask))

    return at(grundy), at(wins), at(remoteness)


# --- The registry -------------------------------------------------------------------------


def test_names_aliases_and_examples():
    assert IMPARTIAL_ALIASES == {"robs-dots": "octal-0.137", "dawsons-kayles": "octal-0.07", "kayles": "octal-0.77"}
    for alias, name in IMPARTIAL_ALIASES.items():
        assert impartial_game(alias) is impartial_game(name)
        assert impartial_game(alias).name == name
    for name in IMPARTIAL_EXAMPLES:
        game = impartial_game(name)
        assert isinstance(game, ImpartialGame)
        assert game.kind in (
            "octal",
            "heaps",
            "pair",
            "chomp",
            "eraserhead",
            "monochrome",
            "magnetism",
            "spring-cleaning",
            "euclid3",
        )
        assert game.title and game.summary and game.source
        assert impartial_game(game.name) is game
    assert impartial_game(" Octal-.1370 ").name == "octal-0.137"
    assert impartial_game("CHOMP-2X6").name == "chomp-2x6"


@pytest.mark.parametrize(
    ("name", "title", "kind"),
    [
        ("octal-0.137", "Rob's Dots (0.137)", "octal"),
        ("octal-0.07", "Dawson's Kayles (0.07)", "octal"),
        ("octal-0.77", "Kayles (0.77)", "octal"),
        ("octal-4.7", "Octal game 4.7", "octal"),
        ("wythoff", "Wythoff's game", "pair"),
        ("euclid", "Euclid's game", "pair"),
        ("chomp-2x6", "Chomp on fragmentary bars, 2 x 6", "chomp"),
    ],
)
def test_titles_and_kinds_of_the_contract(name, title, kind):
    game = impartial_game(name)
    assert (game.name, game.title, game.kind) == (name, title, kind)


@pytest.mark.parametrize(
    ("name", "pattern"),
    [
        ("octal-0.8", r"not an octal game.*octal code is written like"),
        ("octal-5.7", r"digit before the point must be 0 or 4"),
        ("octal-0.000", r"no digit after the point is nonzero"),
        ("octal-", r"not an octal game"),
        ("octal-0." + "7" * 65, r"more than 64"),
        ("chomp-5x5", r"at most 24 pieces"),
        ("chomp-0x3", r"at least 1 row"),
        ("chomp-2x", r"not a Chomp box"),
        ("chomp-99999999x2", r"not a Chomp box"),
        ("wythof", r"the names are octal-<code>.*wythoff, euclid.*chomp-RxC"),
        ("", r"the names are"),
        ("💥", r"the names are"),
        ("x" * 10_000, r"at most 200 characters"),
    ],
)
def test_bad_names_are_refused_with_the_accepted_forms(name, pattern):
    with pytest.raises(ValueError, match=pattern):
        impartial_game(name)


def test_a_name_must_be_text():
    with pytest.raises(TypeError):
        impartial_game(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        impartial_game(137)  # type: ignore[arg-type]


# --- Positions as text ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "text", "position", "canonical"),
    [
        ("octal-0.137", "5", (5,), "5"),
        ("octal-0.137", "5+3", (3, 5), "3+5"),
        ("octal-0.137", " 3 + 0 + 5 ", (3, 5), "3+5"),
        ("octal-0.137", "0", (), "0"),
        ("octal-0.137", "1_000+1e3", (1000, 1000), "1000+1000"),
        ("octal-0.77", "10**30", (10**30,), str(10**30)),
        ("wythoff", "3,5", (3, 5), "3,5"),
        ("wythoff", " ( 5 , 3 ) ", (5, 3), "5,3"),
        ("euclid", "0,7", (0, 7), "0,7"),
        ("euclid", "1e400,3", (10**400, 3), f"{10**400},3"),
        ("chomp-2x3", "###/##.", 0b011111, "###/##."),
        ("chomp-2x3", "#", 0b000001, "#../..."),
        ("chomp-2x3", "./#", 0b001000, ".../#.."),
    ],
)
def test_parse_and_format(name, text, position, canonical):
    game = impartial_game(name)
    assert game.parse(text) == position
    assert game.format(position) == canonical
    assert game.parse(canonical) == position


@pytest.mark.parametrize(
    ("name", "text", "pattern"),
    [
        ("octal-0.137", "", r"empty.*3\+5"),
        ("octal-0.137", "   ", r"empty"),
        ("octal-0.137", "3+", r"heap is missing"),
        ("octal-0.137", "3++5", r"heap is missing"),
        ("octal-0.137", "-3", r"cannot be negative"),
        ("octal-0.137", "3+-5", r"cannot be negative"),
        ("octal-0.137", "3,5", r"one whole number.*3\+5"),
        ("octal-0.137", "3 5", r"one whole number"),
        ("octal-0.137", "1.5", r"whole number"),
        ("octal-0.137", "nan", r"whole number"),
        ("octal-0.137", "💥", r"whole number"),
        ("octal-0.137", "9" * 5000, r"too large|characters"),
        ("octal-0.137", "+".join(["1"] * 1001), r"at most 1,000 heaps"),
        ("wythoff", "3", r"two numbers separated by one comma"),
        ("wythoff", "3,5,7", r"one comma"),
        ("wythoff", "-3,5", r"negative entry"),
        ("wythoff", "3,-5", r"negative entry"),
        ("wythoff", "3,", r"missing"),
        ("wythoff", "a,b", r"whole number"),
        ("euclid", "−3,5", r"whole number"),
        ("euclid", "", r"empty"),
        ("chomp-2x3", "####", r"does not fit"),
        ("chomp-2x3", "#/#/#", r"does not fit"),
        ("chomp-2x3", "#x#", r"characters"),
        ("chomp-2x3", "##/#", r"one length"),
        ("chomp-2x3", "", r"empty"),
    ],
)
def test_bad_positions_are_refused_clearly(name, text, pattern):
    with pytest.raises(ValueError, match=pattern):
        impartial_game(name).parse(text)


@pytest.mark.parametrize("name", IMPARTIAL_EXAMPLES)
def test_positions_of_the_wrong_type(name):
    game = impartial_game(name)
    with pytest.raises(TypeError):
        game.parse(35)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        game.value(35 if game.kind == "magnetism" else "3+5")  # a Magnetism position is text
    with pytest.raises(TypeError):
        game.moves(None)


def test_positions_out_of_range():
    with pytest.raises(ValueError, match="heap size"):
        impartial_game("kayles").value((-1,))
    with pytest.raises(ValueError, match="negative entry"):
        impartial_game("wythoff").moves((-1, 3))
    with pytest.raises(ValueError, match="mask"):
        impartial_game("chomp-2x3").moves(64)
    with pytest.raises(ValueError, match="digits"):
        impartial_game("euclid").value((10**4000, 1))


@pytest.mark.parametrize(
    ("name", "start"),
    [("robs-dots", (5, 7, 9)), ("wythoff", (7, 12)), ("euclid", (5, 8)), ("chomp-2x6", (1 << 12) - 1)],
)
def test_start_positions(name, start):
    game = impartial_game(name)
    assert game.start() == start
    assert game.parse(game.format(start)) == start


# --- Against brute force ---------------------------------------------------------------------


def _check_against(game, positions, grundy, wins, remoteness, children):
    for p in positions:
        listed = game.moves(p)
        texts = [text for text, _ in listed]
        assert len(set(texts)) == len(texts)
        assert sorted(r for _, r in listed) == sorted(children(p)), p
        assert game.value(p) == grundy(p), p
        assert game.outcome(p) == ("W" if wins(p) else "L"), p
        assert game.remoteness(p) == remoteness(p), p
    assert game.values(positions) == [grundy(p) for p in positions]
    assert game.remotenesses(positions) == [remoteness(p) for p in positions]


@pytest.mark.parametrize("code", OCTAL_CODES)
def test_octal_games_match_brute_force(code):
    game = impartial_game(f"octal-{code}")
    digits = game.code.digits
    grundy, wins, remoteness = OCTAL[code]
    positions = [(), (1,), (2,), (7,), (11,), (1, 1), (2, 3), (1, 4, 6), (3, 3, 5), (2, 2, 2, 2)]
    _check_against(game, positions, grundy, wins, remoteness, lambda p: octal_position_moves(digits, p))


def test_wythoff_matches_brute_force():
    game = impartial_game("wythoff")
    grundy, wins, remoteness = WYTHOFF
    positions = [(a, b) for a in range(22) for b in range(22)]
    _check_against(game, positions, grundy, wins, remoteness, lambda p: wythoff_moves(*p))
    # Remoteness further out, where many P-positions feed each other (one call per position: the table each time).
    wide = [(a, b) for a in range(0, 75, 3) for b in range(0, 75, 2)]
    assert game.remotenesses(wide) == [remoteness(p) for p in wide]
    assert [game.remoteness(p) for p in wide[::7]] == [remoteness(p) for p in wide[::7]]


def test_euclid_matches_brute_force():
    game = impartial_game("euclid")
    grundy, wins, remoteness = EUCLID
    positions = [(a, b) for a in range(45) for b in range(45)]
    _check_against(game, positions, grundy, wins, remoteness, lambda p: euclid_moves(*p))


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (1, 5), (2, 3), (3, 3), (2, 5)])
def test_chomp_matches_brute_force(rows, cols):
    game = impartial_game(f"chomp-{rows}x{cols}")
    grundy, wins, remoteness = _chomp_reference(rows, cols)

    def children(mask):
        return [sum(1 << (r * cols + c) for r, c in bar) for bar in chomp_next(chomp_bar(rows, cols, mask)).values()]

    _check_against(game, list(range(1 << (rows * cols))), grundy, wins, remoteness, children)


def test_chomp_3x4_in_a_larger_box_has_the_same_values():
    # A bar of the 3 x 4 box and the same bar in the 4 x 4 box: the extra row is empty.
    small, large = impartial_game("chomp-3x4"), impartial_game("chomp-4x4")
    for text in ("####/####/####", "###./##../#...", "#.##/.###/##.#", "..../..##/.#.#"):
        a, b = small.parse(text), large.parse(text)
        assert small.value(a) == large.value(b)
        assert small.remoteness(a) == large.remoteness(b)


# --- Properties of every game -------------------------------------------------------------------

heaps = st.lists(st.integers(0, 12), max_size=4).filter(lambda h: sum(h) <= 20)
pairs = st.tuples(st.integers(0, 40), st.integers(0, 40))
strips = st.text(alphabet=".+-", min_size=1, max_size=12)
grids = (
    st.integers(1, 4)
    .flatmap(lambda width: st.lists(st.text(alphabet="#.", min_size=width, max_size=width), min_size=1, max_size=4))
    .map(tuple)
)
triples = st.tuples(st.integers(0, 12), st.integers(0, 12), st.integers(0, 12))


def _small_graphs():
    """Random undirected graphs of 2 to 7 vertices: (n, edges)."""
    return st.integers(2, 7).flatmap(
        lambda n: st.tuples(st.just(n), st.sets(st.sampled_from(list(itertools.combinations(range(n), 2))), max_size=9))
    )


def _graph_positions(game):
    """Positions of a game on a graph: ``GRAPH:VERTICES`` with a random graph and random distinct vertices."""

    def build(case):
        (n, edges), chosen = case
        graph = ",".join(f"{u}-{v}" for u, v in sorted(edges)) or "0"
        graph += f",{n - 1}" if all(n - 1 not in e for e in edges) else ""
        return graph, chosen

    def position(case):
        graph, chosen = build(case)
        for vertices in (chosen, ()):
            try:
                return game.parse(f"{graph}:{','.join(map(str, sorted(vertices)))}")
            except ValueError:  # marks next to each other: not a Monochrome position
                continue
        raise AssertionError("a graph without marks is a position")

    return st.tuples(_small_graphs(), st.sets(st.integers(0, 6), max_size=3)).map(
        lambda c: position(((c[0][0], c[0][1]), {v for v in c[1] if v < c[0][0]}))
    )


def _positions(name):
    game = impartial_game(name)
    if game.kind in ("octal", "heaps"):
        return heaps.map(game.check)
    if game.kind == "pair":
        return pairs
    if game.kind in ("eraserhead", "monochrome"):
        return _graph_positions(game)
    if game.kind == "magnetism":
        return strips.filter(lambda s: all(s[i] == "." or s[i] != s[i + 1] for i in range(len(s) - 1)))
    if game.kind == "spring-cleaning":
        return grids
    if game.kind == "euclid3":
        return triples
    return st.integers(0, (1 << game.cells) - 1)


@pytest.mark.parametrize("name", IMPARTIAL_EXAMPLES)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_outcome_value_and_remoteness_agree(name, data):
    game = impartial_game(name)
    position = data.draw(_positions(name))
    value = game.value(position)
    outcome = game.outcome(position)
    assert outcome == ("L" if value == 0 else "W")
    listed = game.moves(position)
    values = game.values([child for _, child in listed])
    # A W position has a move to an L; an L position has none; the value is the mex.
    assert (outcome == "W") == (0 in values)
    assert value not in values
    assert all(v in values for v in range(value))
    rem = game.remoteness(position)
    assert (rem % 2 == 1) == (outcome == "W")
    assert (rem == 0) == (not listed)
    if listed:
        rems = game.remotenesses([child for _, child in listed])
        if outcome == "W":
            assert rem == 1 + min(r for r, v in zip(rems, values) if v == 0)
        else:
            assert rem == 1 + max(rems)
    assert game.parse(game.format(position)) == game.check(position)


@pytest.mark.parametrize("name", IMPARTIAL_EXAMPLES)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_sums_are_the_xor_of_values(name, data):
    game = impartial_game(name)
    parts = data.draw(st.lists(_positions(name), min_size=1, max_size=3))
    values = game.values(parts)
    total = 0
    for v in values:
        total ^= v
    assert game.sum_value(parts) == total
    options = game.sum_options(parts)
    assert len(options) == sum(len(game.moves(p)) for p in parts)
    for option in options:
        after = list(parts)
        after[option.component] = option.result
        assert option.value == game.sum_value(after)
        assert (option.move, option.result) in game.moves(parts[option.component])
    # A sum is lost for the mover exactly when its nim-sum is 0: no option leaves 0 then.
    assert (total == 0) == all(option.value != 0 for option in options)


def test_octal_sums_of_positions_agree_with_direct_search():
    # Three positions of Rob's Dots as one position of all their heaps, by direct search.
    game = impartial_game("robs-dots")
    grundy, wins, _ = OCTAL["0.137"]
    parts = [(3, 5), (4,), (1, 6)]
    whole = tuple(sorted(h for p in parts for h in p))
    assert game.sum_value(parts) == game.value(whole) == grundy(whole)
    assert (game.sum_value(parts) != 0) == wins(whole)


# --- Facts of the sources through the games --------------------------------------------------------


def test_robs_dots_one_heap_p_positions_up_to_100():
    game = impartial_game("robs-dots")
    found = [h for h in range(1, 101) if game.outcome((h,)) == "L"]
    assert found == [4, 8, 14, 20, 24, 28, 34, 38, 42, 54, 58, 62, 72, 76, 88, 92, 96]
    assert game.grundy_sequence(100).tolist() == grundy_values("0.137", 100).tolist()


def test_wythoff_p_positions_are_the_beatty_pairs():
    game = impartial_game("wythoff")
    pairs = {tuple(p) for p in beatty_pairs(200).tolist()}
    expected = {(0, 0)} | pairs | {(b, a) for a, b in pairs}
    found = {(a, b) for a in range(300) for b in range(300) if game.outcome((a, b)) == "L"}
    assert found == {(a, b) for a, b in expected if a < 300 and b < 300}
    plane = game.plane(300)
    assert {(int(a), int(b)) for a, b in zip(*np.nonzero(plane == 0), strict=True)} == found
    # Exact for any size: the 10**30-th Beatty pair.
    n = 10**30
    a = (n + math.isqrt(5 * n * n)) // 2
    assert game.outcome((a, a + n)) == "L" and game.outcome((a + n, a)) == "L"
    assert game.outcome((a + 1, a + n)) == "W" and game.outcome((a, a + n + 1)) == "W"


def test_euclids_theorem_through_the_game():
    game = impartial_game("euclid")
    phi = (1 + 5**0.5) / 2
    for a in range(1, 80):
        for b in range(a, 80):
            if b / a == b // a or abs(b / a - phi) > 1e-9:
                expected = "W" if b % a == 0 or b / a > phi else "L"
                assert game.outcome((a, b)) == expected == game.outcome((b, a))
    assert game.outcome((0, 5)) == "L" and game.moves((0, 5)) == [] and game.remoteness((0, 5)) == 0
    # At any size: the theorem with φ to 600 digits, and values that do not change when both numbers are scaled.
    f = [1, 2]
    while len(f) < 300:
        f.append(f[-1] + f[-2])
    pairs = [(f[250], f[251]), (f[251], f[252]), (f[250], f[252]), (10**200, 10**200 + 7)]
    with localcontext() as context:
        context.prec = 600
        phi_exact = (1 + Decimal(5).sqrt()) / 2
        above = [Decimal(b) / Decimal(a) > phi_exact for a, b in pairs]
    assert above[:2] == [True, False]  # consecutive Fibonacci ratios fall on both sides of φ
    for (a, b), beyond in zip(pairs, above):
        expected = "W" if b % a == 0 or beyond else "L"
        assert game.outcome((a, b)) == expected == ("L" if game.value((a, b)) == 0 else "W")
    grundy, _, remoteness = EUCLID
    scale = 10**400 + 1
    for a, b in [(3, 5), (5, 8), (4, 13), (7, 7), (0, 9)]:
        assert game.value((scale * a, scale * b)) == grundy((a, b))
        assert game.remoteness((scale * a, scale * b)) == remoteness((a, b))


@pytest.mark.parametrize(("rows", "cols", "losing"), [(2, 6, 132), (3, 4, 182)])
def test_chomp_counts_of_the_source(rows, cols, losing):
    game = impartial_game(f"chomp-{rows}x{cols}")
    assert game.counts() == {
        "positions": 1 << (rows * cols),
        "losing": losing,
        "winning": (1 << (rows * cols)) - losing,
    }
    outcomes = game.outcomes()
    assert [game.outcome(m) for m in range(0, 1 << (rows * cols), 37)] == [
        "W" if outcomes[m] else "L" for m in range(0, 1 << (rows * cols), 37)
    ]


# --- Large positions, costs and refusals ----------------------------------------------------------


@pytest.mark.parametrize("code", ["0.137", "0.07", "0.77"])
def test_heaps_beyond_the_table_use_the_proved_period(code):
    game = impartial_game(f"octal-{code}")
    found = periodicity(code)
    assert found.proved
    e, p = found.preperiod, found.period
    small = grundy_values(code, e + 2 * p)
    for h in (10**6 + 3, 10**7, 10**30 + 1, 10**400 + 17):
        assert game.value((h,)) == small[e + (h - e) % p]
    assert game.value_cost((10**400,)).seconds < 1


def test_a_heap_too_large_without_a_period_is_refused_with_the_estimate():
    game = impartial_game("octal-0.6")  # Officers: no period is known
    with pytest.raises(ValueError, match=r"would (take|need) .*reduce n to at most"):
        game.value((10**7,))
    assert game.value_cost((10**7,)).seconds > 60


def test_huge_pairs_are_exact_for_outcomes_and_refused_for_tables():
    wythoff, euclid = impartial_game("wythoff"), impartial_game("euclid")
    with pytest.raises(ValueError, match=r"would (take|need)"):
        wythoff.value((10**6, 10**6))
    with pytest.raises(ValueError, match=r"would (take|need)"):
        wythoff.remoteness((10**400, 1))
    assert math.isinf(wythoff.value_cost((10**400, 10**400)).seconds)
    # Euclid's game is exact at any size: values and remoteness along Euclid's algorithm.
    _, _, remoteness = EUCLID
    assert euclid.value((13 * 10**400, 10**400)) == 13
    # (N, N + 1) has one move, to (N, 1), which wins at once: remoteness 2, for any N.
    assert euclid.remoteness((10**400, 10**400 + 1)) == 2 == remoteness((10, 11))
    assert euclid.outcome((10**400, 10**400 + 1)) == "L"


def test_too_many_moves_are_refused():
    with pytest.raises(ValueError, match=r"more than 100,000"):
        impartial_game("euclid").moves((1, 10**9))
    with pytest.raises(ValueError, match=r"more than 100,000"):
        impartial_game("wythoff").moves((10**5, 10**5))
    with pytest.raises(ValueError, match=r"more than 100,000"):
        impartial_game("kayles").moves((10**6,))
    with pytest.raises(ValueError, match=r"5\.0e\+29 moves"):
        impartial_game("octal-0.07").moves((10**30,))
    # A code that never splits lists few moves from any heap.
    assert impartial_game("octal-0.33").moves((10**30,)) == [
        (f"take 1 from {10**30} → {10**30 - 1}", (10**30 - 1,)),
        (f"take 2 from {10**30} → {10**30 - 2}", (10**30 - 2,)),
    ]
    assert len(impartial_game("octal-0.3").moves((MAX_MOVES,))) == 1
    assert len(impartial_game("octal-0.7").moves((2 * MAX_MOVES - 2,))) == MAX_MOVES - 1  # one heap, or two


def test_remoteness_beyond_the_limits_is_refused():
    game = impartial_game("kayles")
    with pytest.raises(ValueError, match=r"would (take|need) .*fewer tokens"):
        game.remoteness((300,))
    assert game.remoteness((5, 7, 9)) == OCTAL["0.77"][2]((5, 7, 9))
    with pytest.raises(ValueError, match=r"would (take|need)"):
        game.remoteness((30,), max_seconds=0.001)


# --- Moves, trees, commands that do not apply --------------------------------------------------------


def test_move_texts():
    assert impartial_game("robs-dots").moves((5,)) == [
        ("take 2 from 5 → 3", (3,)),
        ("take 3 from 5 → 2", (2,)),
        ("take 3 from 5 → 1+1", (1, 1)),
    ]
    assert impartial_game("octal-4.7").moves((3,))[:2] == [("split 3 → 1+2", (1, 2)), ("take 1 from 3 → 2", (2,))]
    assert ("take all 2", ()) in impartial_game("robs-dots").moves((2,))
    assert impartial_game("wythoff").moves((1, 2)) == [
        ("take 1 from a → 0,2", (0, 2)),
        ("take 1 from b → 1,1", (1, 1)),
        ("take 2 from b → 1,0", (1, 0)),
        ("take 1 from both → 0,1", (0, 1)),
    ]
    assert impartial_game("euclid").moves((3, 8)) == [
        ("take 1×3 from b → 3,5", (3, 5)),
        ("take 2×3 from b → 3,2", (3, 2)),
    ]
    assert impartial_game("euclid").moves((4, 4)) == [
        ("take 1×4 from a → 0,4", (0, 4)),
        ("take 1×4 from b → 4,0", (4, 0)),
    ]
    assert impartial_game("chomp-2x2").moves(0b1001) == [("eat row 1, column 1", 0), ("eat row 2, column 2", 0b0001)]


def _walk(node):
    yield node
    for child in node["children"]:
        yield from _walk(child)


@pytest.mark.parametrize(
    ("name", "text"), [("robs-dots", "3+5"), ("wythoff", "4,6"), ("euclid", "5,8"), ("chomp-2x3", "###/##.")]
)
def test_trees(name, text):
    game = impartial_game(name)
    tree = game.tree(game.parse(text), 2)
    assert tree["rule"] == game.name and tree["start"] == game.format(game.parse(text)) and not tree["truncated"]
    for node in _walk(tree["root"]):
        position = game.parse(node["position"])
        assert node["value"] == game.value(position)
        assert node["outcome"] == game.outcome(position)
        assert node["remoteness"] == game.remoteness(position)
        if node["expanded"]:
            assert [(c["move"], game.parse(c["position"])) for c in node["children"]] == game.moves(position)
        best = [c for c in node["children"] if c["best"]]
        if node["children"] and node["outcome"] == "W":
            assert best and all(c["outcome"] == "L" and c["remoteness"] == node["remoteness"] - 1 for c in best)
        elif node["children"]:
            assert best and all(c["remoteness"] == node["remoteness"] - 1 for c in best)


def test_tree_cap_and_depth():
    game = impartial_game("wythoff")
    tree = game.tree((10, 12), 3, max_nodes=50)
    assert tree["truncated"]
    assert len(list(_walk(tree["root"]))) <= 50
    assert game.tree((10, 12), 0)["root"]["children"] == []
    with pytest.raises(ValueError):
        game.tree((10, 12), -1)
    with pytest.raises(ValueError):
        game.tree((10, 12), 2, max_nodes=0)
    # Too costly for remoteness: the tree has none, values still exact.
    big = impartial_game("kayles").tree((200,), 1)
    assert big["root"]["remoteness"] is None and big["root"]["value"] == grundy_values("0.77", 200)[200]


@pytest.mark.parametrize(
    ("name", "method", "command"),
    [
        ("wythoff", lambda g: g.grundy_sequence(10), "nim-values"),
        ("chomp-2x6", lambda g: g.periodicity(), "periodicity"),
        ("robs-dots", lambda g: g.plane(10), "plane"),
        ("euclid", lambda g: g.counts(), "chomp"),
    ],
)
def test_views_that_do_not_apply_say_why(name, method, command):
    game = impartial_game(name)
    with pytest.raises(NotApplicableError, match=rf"^{command} .*does not apply to {game.name}.*commands for it are"):
        method(game)
    assert command not in game.commands


def test_why_not_a_bound():
    text = impartial_game("kayles").why_not("--bound")
    assert "--bound does not apply to octal-0.77" in text and "exact without a bound" in text


def test_the_docs_examples_run():
    path = Path(__file__).resolve().parents[1] / "docs" / "impartial-games.md"
    result = doctest.testfile(str(path), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 10 and result.failed == 0
