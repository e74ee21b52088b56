"""Euclid's game on triples (solver.impartial.euclid3) against a brute force over triples and the source.

The source is the blog post "Euclid's Game": its theorem on pairs (with
0 < a <= b the player to move wins exactly when b/a is an integer or
b/a > φ), and its closing picture of the winning and losing triples.  The
brute force (``tests/naive_impartial.py``) plays triples from the rules.
"""

from __future__ import annotations

import itertools
from decimal import Decimal, localcontext

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_impartial import euclid3_moves, euclid_wins, make_reference

from solver import NotApplicableError, impartial_game
from solver.impartial import euclid3_outcomes, euclid3_outcomes_cost, euclid3_table_cost
from solver.impartial.euclid3 import _table_kernel

GAME = impartial_game("euclid3")
GRUNDY, WINS, REMOTENESS = make_reference(euclid3_moves)
PHI = (1 + 5**0.5) / 2


def test_every_triple_below_nine_matches_brute_force():
    triples = list(itertools.product(range(9), repeat=3))
    for p in triples:
        listed = GAME.moves(p)
        texts = [t for t, _ in listed]
        assert len(set(texts)) == len(texts)
        assert sorted(r for _, r in listed) == sorted(euclid3_moves(p)), p
        assert GAME.value(p) == GRUNDY(p), p
        assert GAME.outcome(p) == ("W" if WINS(p) else "L"), p
        assert GAME.remoteness(p) == REMOTENESS(p), p
    assert GAME.values(triples) == [GRUNDY(p) for p in triples]
    assert GAME.remotenesses(triples) == [REMOTENESS(p) for p in triples]


@settings(max_examples=80, deadline=None)
@given(p=st.tuples(st.integers(0, 22), st.integers(0, 22), st.integers(0, 22)))
def test_random_triples_match_brute_force_and_the_invariants(p):
    value = GAME.value(p)
    assert value == GRUNDY(p) and GAME.remoteness(p) == REMOTENESS(p)
    values = GAME.values([r for _, r in GAME.moves(p)])
    assert value not in values and all(v in values for v in range(value))
    for q in itertools.permutations(p):
        assert GAME.value(q) == value
    assert GAME.parse(GAME.format(p)) == p


def test_the_octant_matches_brute_force_and_the_value_pass():
    size = 14
    plane = euclid3_outcomes(size)
    assert plane.shape == (size, size, size) and plane.dtype == np.uint8
    for p in itertools.product(range(size), repeat=3):
        assert plane[p] == (1 if WINS(p) else 0), p
    for axes in itertools.permutations(range(3)):
        assert (plane.transpose(axes) == plane).all()
    assert (GAME.plane(size) == plane).all()


def test_the_theorem_on_pairs_holds_for_triples_with_a_zero():
    # "Euclid's Game": with 0 < a <= b, the player to move wins iff b/a is an integer or b/a > phi.  Here the pair
    # is a triple with a zero entry, played by the rules of triples (brute force) and by the game.
    for a in range(1, 40):
        for b in range(a, 40):
            if b % a and abs(b / a - PHI) < 1e-9:
                continue
            expected = b % a == 0 or b / a > PHI
            for triple in ((a, b, 0), (0, a, b), (b, 0, a)):
                assert (GAME.outcome(triple) == "W") == expected, triple
            if b < 25:
                assert WINS((a, b, 0)) == expected == euclid_wins(a, b)
    plane = euclid3_outcomes(40)
    for a in range(1, 40):
        for b in range(1, 40):
            expected = max(a, b) % min(a, b) == 0 or max(a, b) / min(a, b) > PHI
            assert plane[a, b, 0] == plane[0, a, b] == plane[b, 0, a] == expected


def test_triples_with_a_zero_are_exact_for_any_size():
    f = [1, 2]
    while len(f) < 300:
        f.append(f[-1] + f[-2])
    with localcontext() as context:
        context.prec = 600
        phi = (1 + Decimal(5).sqrt()) / 2
        for a, b in [(f[250], f[251]), (f[251], f[252]), (10**200, 3 * 10**200 + 1)]:
            expected = b % a == 0 or Decimal(b) / Decimal(a) > phi
            assert (GAME.outcome((0, a, b)) == "W") == expected
            assert (GAME.value((b, 0, a)) != 0) == expected
    assert GAME.value((13 * 10**400, 0, 10**400)) == 13
    assert GAME.remoteness((10**400, 10**400 + 1, 0)) == 2
    assert GAME.value_cost((10**400, 0, 7)).seconds < 1
    assert GAME.moves((5, 0, 0)) == [] and GAME.value((5, 0, 0)) == 0


def test_moves_texts_and_duplicates():
    assert GAME.moves((3, 5, 0)) == [
        ("take 1×3 from b → 3,2,0", (3, 2, 0)),
    ]
    listed = GAME.moves((3, 3, 7))
    assert len({r for _, r in listed}) == len(listed)  # 1x a and 1x b taken from c give one result, listed once
    assert ("take 1×3 from a → 0,3,7", (0, 3, 7)) in listed and ("take 2×3 from c → 3,3,1", (3, 3, 1)) in listed
    assert len(listed) == len(euclid3_moves((3, 3, 7)))
    with pytest.raises(ValueError, match=r"more than 100,000"):
        GAME.moves((1, 10**6, 1))


def test_the_value_pass_and_the_outcome_pass_agree_at_sixty():
    # The octant of the source's picture, S = 60, by two kernels: the outcome pass and the Grundy value pass.
    plane = euclid3_outcomes(60)
    values, _ = _table_kernel(60, 60, 60)
    assert ((values == 0) == (plane == 0)).all()
    losing = int((plane == 0).sum())
    assert losing == 54_060
    nonzero = np.indices(plane.shape).min(axis=0) > 0
    assert int(((plane == 0) & nonzero).sum()) == 50_000
    # The L triples with no zero entry (x <= y <= z) do not all satisfy z < x + y; the source's "cone" is not a
    # cone of the triangle inequality, and inside it the L triples are less than half ("not solid").
    x, y, z = np.sort(np.stack(np.nonzero((plane == 0) & nonzero)), axis=0)
    assert int((z >= x + y).sum()) == 3_123 and (z / (x + y)).max() == 2.25
    assert plane[11, 13, 54] == 0 and (z / y).max() == 54 / 13
    a, b, c = np.meshgrid(*[np.arange(1, 60)] * 3, indexing="ij")
    inside = (a <= b) & (b <= c) & (c < a + b)
    assert int(inside.sum()) == 18_445 and int((inside & (plane[1:, 1:, 1:] == 0)).sum()) == 8_297


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        ("", r"empty"),
        ("3,5", r"three numbers separated by two commas"),
        ("3,5,7,9", r"two commas"),
        ("-3,5,7", r"negative entry"),
        ("3,,7", r"missing"),
        ("a,b,c", r"whole number"),
        ("1e400,1,2", r""),
    ],
)
def test_bad_triples(text, pattern):
    if text == "1e400,1,2":
        assert GAME.parse(text) == (10**400, 1, 2)
        with pytest.raises(ValueError, match=r"would (take|need)"):
            GAME.value(GAME.parse(text))
        return
    with pytest.raises(ValueError, match=pattern):
        GAME.parse(text)


def test_costs_and_limits():
    assert euclid3_outcomes_cost(60).seconds < 1
    assert euclid3_outcomes_cost(10**6).seconds > 1e6
    with pytest.raises(ValueError, match=r"would (take|need)"):
        euclid3_outcomes(10**4)
    with pytest.raises(ValueError):
        euclid3_outcomes(-1)
    assert euclid3_table_cost(100, 100, 100).seconds < euclid3_table_cost(1000, 1000, 1000).seconds
    with pytest.raises(ValueError, match=r"would (take|need)"):
        GAME.value((3000, 4000, 5000))
    with pytest.raises(TypeError):
        GAME.value((1, 2))  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        GAME.value((1, -2, 3))


def test_start_commands_and_tree():
    assert GAME.start() == (5, 8, 12)
    assert GAME.kind == "euclid3" and "plane" in GAME.commands and GAME.plane_axes == ("a", "b", "c")
    with pytest.raises(NotApplicableError, match=r"^nim-values .*does not apply to euclid3"):
        GAME.grundy_sequence(5)
    tree = GAME.tree((3, 5, 7), 2)
    assert tree["root"]["value"] == GRUNDY((3, 5, 7)) and tree["root"]["remoteness"] == REMOTENESS((3, 5, 7))
    for child in tree["root"]["children"]:
        p = GAME.parse(child["position"])
        assert child["value"] == GRUNDY(p) and child["remoteness"] == REMOTENESS(p)
