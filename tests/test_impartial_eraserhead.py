"""Eraserhead (solver.impartial.eraserhead) against the brute force of the whole position and the source.

Facts quoted from "Eraserhead (Games on Circles I)" (seed 002):

- "the line graph with n vertices and one eraser at the end has nimber 1 for
  [even] n and 0 for odd n" (the source prints "odd even n"; its next
  sentence and the rules give even);
- "the line graph with n vertices and erasers at both end has nimber 0 for
  [even] n and 1 for odd n";
- "for the line graph with two erasers at the end and a third eraser in
  between, the nimbers are again 1 for n odd, and 0 for n even, except when
  n=3 or n=4. Then the nimbers are 0 and 2, respectively";
- on cycles, "the first (resp. second) player can always win if the cycle
  graph has an odd (resp. even) number of vertices — up to cycle graphs with
  8 vertices", for any number of erasers but none and all; then a
  three-eraser position where "the first player has no winning move" and
  "there are three essentially different moves";
- unit cubes at (x, y, z) for the lost three-eraser positions of lines of 12
  and 13 vertices, and of cycles ("The discrepancy is baffling").

The brute force (``tests/naive_graphs.py``) plays the whole position: no
split into components, no canonical form.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_graphs import (
    cycle_edges,
    eraserhead_children,
    eraserhead_grundy,
    eraserhead_remoteness,
    eraserhead_state,
    eraserhead_wins,
    path_edges,
)

import solver.impartial.eraserhead_components as ehc
import solver.impartial.eraserhead_search as ehs
from solver import WorkTooLargeError, impartial_game
from solver.graphs import Graph, parse_graph
from solver.impartial.eraserhead import (
    eraserhead_cost,
    eraserhead_move_values,
    eraserhead_value,
    lost_triples,
    lost_triples_cost,
)
from solver.impartial.eraserhead_positions import (
    EraserheadPosition,
    eraserhead_moves,
    eraserhead_position,
    format_eraserhead,
    parse_eraserhead,
)


def brute(position: EraserheadPosition) -> int:
    return eraserhead_grundy(eraserhead_state(position.graph.edges, position.erasers))


def line(kind: str, n: int, erasers) -> EraserheadPosition:
    return eraserhead_position(parse_graph(f"{kind}-{n}"), erasers)


@st.composite
def positions(draw, max_vertices=7):
    n = draw(st.integers(1, max_vertices))
    pairs = list(itertools.combinations(range(n), 2))
    edges = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=min(len(pairs), 10))) if pairs else []
    erasers = draw(st.lists(st.integers(0, n - 1), unique=True, max_size=n))
    return eraserhead_position(Graph(n, tuple(edges)), erasers)


# --- Text ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("cycle-9:0,2,4", "cycle-9:0,2,4"),
        ("cycle-9:4,0,2", "cycle-9:0,2,4"),
        ("0-1,1-2,2-3:0,3", "path-4:0,3"),
        ("0-1,2-3,5:0,5", "0-1,2-3,5:0,5"),
        (" petersen : 1 , 2 ", "petersen:1,2"),
        ("path-3:", "path-3:"),
        ("1-0,2-1,3-2,0-3:0", "cycle-4:0"),
    ],
)
def test_text_both_ways(text, canonical):
    position = parse_eraserhead(text)
    assert format_eraserhead(position) == canonical
    assert parse_eraserhead(canonical) == position


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("cycle-9", "no erasers"),
        ("cycle-9:0,2,2", "named twice"),
        ("cycle-9:0,9", "off the graph"),
        ("cycle-9:-1", "not a vertex"),
        ("cycle-9:a", "not a vertex"),
        ("0-1,1-:0", "not an edge"),
        ("0>1:0", "undirected"),
        ("cycle-2:0", "cycle-N has 3"),
        ("0-0:0", "loop"),
        ("0-1,0-1:0", "listed twice"),
        (":0", "empty"),
        ("path-2000:0", "at most 1,000 vertices"),
    ],
)
def test_bad_text_is_one_clear_line(text, words):
    with pytest.raises(ValueError, match=words) as caught:
        parse_eraserhead(text)
    assert "\n" not in str(caught.value)


def test_positions_are_checked():
    with pytest.raises(TypeError):
        parse_eraserhead(5)
    with pytest.raises(TypeError):
        eraserhead_position("cycle-5", [0])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="two erasers"):
        eraserhead_position(parse_graph("cycle-5"), [1, 1])
    with pytest.raises(TypeError):
        eraserhead_value(("cycle-5", (0,)))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="off the graph"):
        eraserhead_value(EraserheadPosition(parse_graph("path-3"), (7,)))


# --- Moves and values against the brute force ---------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(positions())
def test_moves_follow_the_rules(position):
    moves = eraserhead_moves(position)
    state = eraserhead_state(position.graph.edges, position.erasers)
    found = {eraserhead_state(m.result.graph.edges, m.result.erasers) for m in moves}
    assert found == eraserhead_children(state)
    assert len(found) == len(moves)  # distinct moves lead to distinct positions
    for m in moves:
        assert m.eraser in position.erasers and m.to not in position.erasers
        assert m.edge in position.graph.edges and m.edge not in m.result.graph.edges
        assert set(m.edge) == {m.eraser, m.to}
        assert m.result.graph.n == position.graph.n  # the drawing keeps its labels
    assert [(m.eraser, m.to) for m in moves] == sorted((m.eraser, m.to) for m in moves)


@settings(max_examples=40, deadline=None)
@given(positions())
def test_values_match_the_whole_position_brute_force(position):
    assert eraserhead_value(position, max_seconds=600) == brute(position)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(positions(max_vertices=8))
def test_values_match_the_whole_position_brute_force_on_many_graphs(position):
    assert eraserhead_value(position, max_seconds=600) == brute(position)


@settings(max_examples=30, deadline=None)
@given(positions(max_vertices=6))
def test_move_values_and_winning_moves(position):
    value, moves = eraserhead_move_values(position, max_seconds=600)
    assert value == brute(position)
    assert [m.value for m in moves] == [brute(m.result) for m in moves]
    assert all(m.wins == (m.value == 0) for m in moves)
    assert (value != 0) == any(m.wins for m in moves)
    assert value not in {m.value for m in moves} and all(v in {m.value for m in moves} for v in range(value))


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(positions(max_vertices=5), positions(max_vertices=5))
def test_a_disjoint_union_has_the_xor_of_the_values(a, b):
    shift = a.graph.n
    union = eraserhead_position(
        Graph(shift + b.graph.n, a.graph.edges + tuple((u + shift, v + shift) for u, v in b.graph.edges)),
        a.erasers + tuple(v + shift for v in b.erasers),
    )
    assert eraserhead_value(union, max_seconds=600) == eraserhead_value(a) ^ eraserhead_value(b) == brute(union)


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 12), st.data())
def test_paths_and_cycles_up_to_reflection_and_rotation(n, data):
    erasers = data.draw(st.lists(st.integers(0, n - 1), unique=True, max_size=n))
    shift = data.draw(st.integers(0, n - 1))
    value = eraserhead_value(line("path", n, erasers))
    assert eraserhead_value(line("path", n, [n - 1 - v for v in erasers])) == value
    if n >= 3:
        cycle = eraserhead_value(line("cycle", n, erasers))
        assert eraserhead_value(line("cycle", n, [(v + shift) % n for v in erasers])) == cycle
        assert eraserhead_value(line("cycle", n, [(shift - v) % n for v in erasers])) == cycle


@pytest.mark.slow
def test_the_table_of_paths_matches_the_brute_force():
    table = ehc._path_table_kernel(9)
    for length in range(1, 10):
        for mask in range(1 << length):
            erasers = [i for i in range(length) if (mask >> i) & 1]
            expected = eraserhead_grundy(eraserhead_state(path_edges(length), erasers))
            assert table[(1 << length) - 1 + mask] == expected, (length, erasers)


@pytest.mark.slow
def test_the_search_and_the_table_agree_on_long_paths():
    # paths of 14 vertices: the table (kernel) against the memoised search of path keys, every occupancy
    table = ehc._path_table_kernel(14)
    search = ehs._Search()
    keys = [ehc._path_key(14, mask) for mask in range(1 << 14)]
    found = search.values(keys, 10**7)
    assert all(found[key] == table[(1 << 14) - 1 + mask] for mask, key in enumerate(keys))


@pytest.mark.slow
def test_remoteness_of_the_game_matches_the_brute_force():
    game = impartial_game("eraserhead")
    for text in ["cycle-5:0,2", "path-6:0,2,5", "0-1,1-2,2-0,2-3,3-4:0,3", "petersen:0,5", "cycle-9:0,2,4"]:
        position = game.parse(text)
        state = eraserhead_state(position.graph.edges, position.erasers)
        assert game.remoteness(position) == eraserhead_remoteness(state)
        assert game.outcome(position) == ("W" if eraserhead_wins(state) else "L")


# --- The source's facts -------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(2, 41))
def test_one_eraser_at_the_end_of_a_path(n):
    value = eraserhead_value(line("path", n, [0]))
    assert value == (1 if n % 2 == 0 else 0)
    if n <= 12:
        assert value == brute(line("path", n, [0]))


@pytest.mark.parametrize("n", range(2, 41))
def test_erasers_at_both_ends_of_a_path(n):
    value = eraserhead_value(line("path", n, [0, n - 1]))
    assert value == (0 if n % 2 == 0 else 1)
    if n <= 12:
        assert value == brute(line("path", n, [0, n - 1]))


@pytest.mark.parametrize("n", range(3, 31))
def test_both_ends_and_one_between_for_every_vertex_between(n):
    expected = {3: 0, 4: 2}.get(n, 1 if n % 2 else 0)
    for middle in range(1, n - 1):
        position = line("path", n, [0, middle, n - 1])
        assert eraserhead_value(position) == expected, (n, middle)
        if n <= 10:
            assert brute(position) == expected


@pytest.mark.parametrize("n", range(3, 9))
def test_cycles_up_to_8_vertices_first_player_wins_exactly_when_odd(n):
    for k in range(1, n):
        for erasers in itertools.combinations(range(n), k):
            position = line("cycle", n, erasers)
            value = eraserhead_value(position)
            assert (value != 0) == (n % 2 == 1), erasers
            if n <= 7:
                assert value == brute(position)


def _rotations_and_mirrors(n, erasers):
    return {tuple(sorted((sign * v + r) % n for v in erasers)) for r in range(n) for sign in (1, -1)}


def _failures(n):
    return {
        erasers
        for k in range(1, n)
        for erasers in itertools.combinations(range(n), k)
        if (eraserhead_value(line("cycle", n, erasers)) != 0) != (n % 2 == 1)
    }


def test_cycles_of_9_and_10_vertices_are_the_smallest_failures():
    # 9 vertices (odd): the first player loses at {x, x+2, x+4} and at the six erasers leaving those free
    nine = _failures(9)
    assert nine == _rotations_and_mirrors(9, (0, 2, 4)) | _rotations_and_mirrors(9, (0, 1, 2, 3, 5, 7))
    assert len(nine) == 18
    assert {tuple(sorted(set(range(9)) - set(e))) for e in nine if len(e) == 6} == {e for e in nine if len(e) == 3}
    # 10 vertices (even): the first player wins at {x, x+2, x+6} and at the seven erasers leaving those free
    ten = _failures(10)
    assert ten == _rotations_and_mirrors(10, (0, 2, 6)) | _rotations_and_mirrors(10, (0, 1, 2, 4, 5, 6, 8))
    assert len(ten) == 20
    for erasers in [(0, 2, 4), (0, 1, 2, 3, 5, 7)]:
        assert brute(line("cycle", 9, erasers)) == 0
    assert brute(line("cycle", 10, (0, 2, 6))) != 0


def test_the_three_eraser_counterexample_has_three_essentially_different_moves_none_winning():
    value, moves = eraserhead_move_values(parse_eraserhead("cycle-9:0,2,4"))
    assert value == 0 and moves and not any(m.wins for m in moves)
    # mirrored in vertex 2: 0→1 ~ 4→3, 0→8 ~ 4→5, 2→1 ~ 2→3
    mirror = {v: (4 - v) % 9 for v in range(9)}
    classes = {frozenset({(m.eraser, m.to), (mirror[m.eraser], mirror[m.to])}) for m in moves}
    assert len(moves) == 6 and len(classes) == 3
    assert {m.value for m in moves} == {2}


@pytest.mark.slow
def test_lost_triples_of_paths_of_12_and_13_vertices():
    # the source's two pictures: the counts, and a few cubes checked one by one against the brute force
    assert [len(lost_triples("path", n)) for n in (12, 13)] == [78, 91]
    assert [len(lost_triples("cycle", n)) for n in (12, 13)] == [192, 13]
    for x, y, z in [(0, 1, 11), (0, 3, 7), (1, 2, 3), (2, 4, 9), (4, 8, 11)]:
        assert [x, y, z] in lost_triples("path", 12).tolist()
        assert eraserhead_grundy(eraserhead_state(path_edges(12), (x, y, z))) == 0


def _lost_by_brute_force(kind, n):
    edges = path_edges(n) if kind == "path" else cycle_edges(n)
    return [t for t in itertools.combinations(range(n), 3) if eraserhead_grundy(eraserhead_state(edges, t)) == 0]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("kind", "n", "count"), [("path", 12, 78), ("path", 13, 91), ("cycle", 12, 192), ("cycle", 13, 13)]
)
def test_lost_triples_of_the_source_pictures(kind, n, count):
    triples = lost_triples(kind, n)
    assert triples.dtype == np.int64 and triples.shape == (count, 3)
    assert triples.tolist() == [list(t) for t in _lost_by_brute_force(kind, n)]
    assert all(x < y < z for x, y, z in triples.tolist())


@pytest.mark.parametrize("n", [9, 11, 13, 15, 17])
def test_lost_triples_of_odd_cycles_are_the_rotations_of_0_2_4(n):
    expected = sorted({tuple(sorted((v + r) % n for v in (0, 2, 4))) for r in range(n)})
    assert [tuple(t) for t in lost_triples("cycle", n).tolist()] == expected


def test_lost_triples_beyond_the_table_use_the_search():
    triples = lost_triples("path", 30)
    for x, y, z in triples.tolist()[:: max(1, len(triples) // 20)]:
        assert eraserhead_value(line("path", 30, (x, y, z))) == 0
    assert triples.shape[1] == 3 and len(triples) > 0


@pytest.mark.parametrize(("kind", "n"), [("path", 2), ("cycle", 201), ("line", 9), ("path", 5.0)])
def test_lost_triples_refuse_bad_arguments(kind, n):
    with pytest.raises((TypeError, ValueError)):
        lost_triples(kind, n)


# --- Costs ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["path", "cycle"])
@pytest.mark.parametrize("n", [3, 8, 16])
def test_paths_and_cycles_up_to_16_vertices_are_estimated_within_2_seconds(kind, n):
    for erasers in [range(0, n, 2), range(0, n, 3), [0], [0, n - 1], range(n - 1)]:
        position = line(kind, n, list(erasers))
        assert eraserhead_cost(position).seconds <= 2.0
        assert lost_triples_cost(kind, n).seconds <= 2.0


@pytest.mark.slow
def test_the_bound_of_a_path_search_holds_on_every_small_path_and_cycle():
    for length in range(2, 11):
        for mask in range(1, 1 << length):
            occupied = [i for i in range(length) if (mask >> i) & 1]
            for cycle in (False, True) if length >= 3 else (False,):
                search = ehs._Search()
                search.values([ehc._cycle_key(length, mask) if cycle else ehc._path_key(length, mask)], 10**7)
                bound = (ehs._cycle_keys(length, occupied) if cycle else ehs._path_keys(length, occupied))[0]
                assert len(search.memo) <= bound, (length, cycle, occupied)


def test_the_bound_of_a_path_search_holds():
    # the components a search of a path or cycle meets never exceed the bound of the estimate
    import random

    rng = random.Random(5)
    for _ in range(120):
        length = rng.randint(2, 30)
        cycle = length >= 3 and rng.random() < 0.4
        occupied = sorted(rng.sample(range(length), rng.randint(1, min(length, 7))))
        mask = sum(1 << i for i in occupied)
        key = ehc._cycle_key(length, mask) if cycle else ehc._path_key(length, mask)
        search = ehs._Search()
        search.values([key], 10**7)
        bound = (ehs._cycle_keys(length, occupied) if cycle else ehs._path_keys(length, occupied))[0]
        assert len(search.memo) <= bound, (length, cycle, occupied)


def test_a_position_too_large_is_refused_before_the_work():
    position = parse_eraserhead("complete-9:0,1,2,3")
    cost = eraserhead_cost(position)
    assert cost.seconds > 60
    with pytest.raises(WorkTooLargeError, match="would") as caught:
        eraserhead_value(position, max_seconds=2)
    assert "\n" not in str(caught.value)


def test_a_small_search_is_simply_done_and_kept():
    position = parse_eraserhead("petersen:0,5")
    eraserhead_value(position, max_seconds=600)
    assert eraserhead_cost(position).seconds == 0.0


def test_the_graph_model_errs_high_on_measured_graphs():
    # components met by the search of a component of any shape, against the model of the estimate
    for text in ["petersen:0,1,2", "grid-3x3:0,4,8", "complete-5:0,1", "0-1,1-2,2-0,2-3,3-4,4-5,5-3,1-4:0,3,5"]:
        position = parse_eraserhead(text)
        search = ehs._Search()
        keys = ehc._split(position.graph.edges, position.erasers)
        search.values(keys, 10**7)
        general = sum(1 for key in search.memo if key[0] == "G")
        n, m, k = position.graph.n, len(position.graph.edges), len(position.erasers)
        assert general <= ehs._graph_model(n, m, k) <= k * ehs._graph_bound(n, m, k) * 4, text
        assert math.comb(n, k) <= ehs._graph_bound(n, m, k)


def test_the_largest_lost_triples_fit_the_default_limit_and_cover_what_was_measured():
    """path-200 (the most --lost-triples takes) took 63 s of CPU and 666 MiB: estimated above, under 600 s."""
    cost = lost_triples_cost("path", 200)
    assert 126 <= cost.seconds < 600 and cost.bytes >= 666 << 20
    cost = lost_triples_cost("path", 100)  # 4.6 to 5 s, 82 MiB measured
    assert cost.seconds >= 10 and cost.bytes >= 82 << 20
