"""Monochrome, node Kayles (solver.impartial.monochrome), against the brute force over vertex sets and octal 0.137.

"The Independence Game" (C. Wright, 2017, seed 004): Rob's Dots is
Monochrome played on a path ("Rob's Dots game is 'Monochrome' where the
chosen graph is a path"), and a row of N dots is a heap of N in the octal
game 0.137.  The brute force (``tests/naive_graphs.py``) recurses over the
sets of vertices in play of the whole position: no split, no shapes.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_graphs import monochrome_in_play, monochrome_reference, path_monochrome

import solver.impartial.monochrome as mono
import solver.impartial.monochrome_search as msearch
from solver import WorkTooLargeError, impartial_game
from solver.graphs import Graph, parse_graph
from solver.impartial import grundy_values
from solver.impartial.monochrome import monochrome_cost, monochrome_move_values, monochrome_value
from solver.impartial.monochrome_positions import (
    MonochromePosition,
    format_monochrome,
    monochrome_moves,
    monochrome_position,
    parse_monochrome,
)

ROBS_DOTS = grundy_values("0.137", 400).tolist()


def brute(position: MonochromePosition) -> int:
    edges = position.graph.edges
    grundy, _, _ = monochrome_reference(edges)
    return grundy(monochrome_in_play(position.graph.n, edges, position.marked))


@st.composite
def graphs(draw, max_vertices=9):
    n = draw(st.integers(1, max_vertices))
    pairs = list(itertools.combinations(range(n), 2))
    edges = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=min(len(pairs), 16))) if pairs else []
    return Graph(n, tuple(edges))


@st.composite
def positions(draw, max_vertices=9):
    graph = draw(graphs(max_vertices))
    order = draw(st.permutations(range(graph.n)))
    neighbours = graph.neighbours()
    marked: list[int] = []
    gone: set[int] = set()
    for v in order[: draw(st.integers(0, graph.n))]:
        if v not in gone:
            marked.append(v)
            gone |= {v, *neighbours[v]}
    return monochrome_position(graph, marked)


def cubic(n: int, seed: int) -> Graph:
    """A random 3-regular graph on n vertices (a configuration model, retried until simple)."""
    rng = random.Random(seed)
    while True:
        stubs = [v for v in range(n) for _ in range(3)]
        rng.shuffle(stubs)
        edges = {(min(a, b), max(a, b)) for a, b in zip(stubs[::2], stubs[1::2], strict=True)}
        if len(edges) == 3 * n // 2 and all(a != b for a, b in edges):
            return Graph(n, tuple(sorted(edges)))


# --- Text -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("petersen", "petersen"),
        ("petersen:7,0", "petersen:0,7"),
        ("0-1,1-2:0", "path-3:0"),
        ("0-1,1-2,2-3,3-0", "cycle-4"),
        ("grid-2x3:0,5", "grid-2x3:0,5"),
        ("0-2,4", "0-2,4"),
        ("path-7:", "path-7"),
    ],
)
def test_text_both_ways(text, canonical):
    position = parse_monochrome(text)
    assert format_monochrome(position) == canonical
    assert parse_monochrome(canonical) == position


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("path-5:0,1", "vertex 1 is out of play: it is a neighbour of the marked vertex 0"),
        ("path-5:2,2", "marked twice"),
        ("path-5:7", "off the graph"),
        ("path-5:x", "not a vertex"),
        ("path-5:0:1", "two colons"),
        ("0-1,1->2", "undirected"),
        ("0>1", "undirected"),
        ("", "empty"),
        ("path-20000", "1 to 10,000 vertices"),
    ],
)
def test_bad_text_is_one_clear_line(text, words):
    with pytest.raises(ValueError, match=words) as caught:
        parse_monochrome(text)
    assert "\n" not in str(caught.value)


def test_positions_are_checked():
    with pytest.raises(TypeError):
        parse_monochrome(None)
    with pytest.raises(TypeError):
        monochrome_position(parse_graph("path-3"), "0")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="out of play"):
        monochrome_value(MonochromePosition(parse_graph("path-3"), (0, 1)))
    with pytest.raises(ValueError, match="marked twice"):
        monochrome_position(parse_graph("path-3"), [2, 2])


# --- Values against the brute force --------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(positions())
def test_values_match_the_brute_force(position):
    assert monochrome_value(position, max_seconds=600) == brute(position)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(positions(max_vertices=11))
def test_values_match_the_brute_force_on_many_graphs(position):
    assert monochrome_value(position, max_seconds=600) == brute(position)


@settings(max_examples=40, deadline=None)
@given(graphs(max_vertices=10))
def test_the_search_without_shapes_matches_the_brute_force(graph):
    # the kernel alone: no path, cycle or complete shortcut
    frame = msearch._Frame(graph.n, graph.edges)
    assert frame.values([(1 << graph.n) - 1], 10**7, shapes=False) == [brute(monochrome_position(graph))]


@settings(max_examples=40, deadline=None)
@given(positions(max_vertices=8))
def test_moves_and_their_values(position):
    value, moves = monochrome_move_values(position, max_seconds=600)
    play = monochrome_in_play(position.graph.n, position.graph.edges, position.marked)
    assert [m.vertex for m in moves] == sorted(play)
    for m in moves:
        assert set(m.removed) == ({m.vertex} | set(position.graph.neighbours()[m.vertex])) & play
        assert set(m.result.marked) == set(position.marked) | {m.vertex}
        assert m.value == brute(m.result) and m.wins == (m.value == 0)
    assert value == brute(position)
    assert (value != 0) == any(m.wins for m in moves)
    assert [(m.vertex, m.result) for m in moves] == [(m.vertex, m.result) for m in monochrome_moves(position)]


@settings(max_examples=40, deadline=None)
@given(graphs(max_vertices=6), graphs(max_vertices=6))
def test_a_disjoint_union_has_the_xor_of_the_values(a, b):
    shift = a.n
    union = Graph(a.n + b.n, a.edges + tuple((u + shift, v + shift) for u, v in b.edges))
    whole = monochrome_value(monochrome_position(union))
    assert whole == monochrome_value(monochrome_position(a)) ^ monochrome_value(monochrome_position(b))
    assert whole == brute(monochrome_position(union))


# --- Paths are Rob's Dots (octal 0.137) -----------------------------------------------------------------


@pytest.mark.slow
def test_paths_are_robs_dots_up_to_400_vertices():
    for n in range(1, 401):
        value = monochrome_value(parse_monochrome(f"path-{n}"))
        assert value == ROBS_DOTS[n] == path_monochrome(n), n


def test_paths_searched_as_graphs_are_robs_dots():
    # the search without the path shortcut, on paths of up to 60 vertices
    for n in range(1, 61):
        frame = msearch._Frame(n, tuple((i, i + 1) for i in range(n - 1)))
        assert frame.values([(1 << n) - 1], 10**7, shapes=False) == [ROBS_DOTS[n]], n


def test_paths_are_robs_dots_up_to_120_vertices():
    for n in range(1, 121):
        assert monochrome_value(parse_monochrome(f"path-{n}")) == ROBS_DOTS[n] == path_monochrome(n), n


def test_marks_split_a_path_into_heaps_of_robs_dots():
    rob = impartial_game("robs-dots")
    for marked, heaps in [((0,), (298,)), ((5,), (4, 293)), ((5, 100), (4, 92, 198)), ((1, 3), (295,))]:
        position = parse_monochrome(f"path-300:{','.join(map(str, marked))}")
        assert monochrome_value(position) == rob.value(heaps)


def test_cycles_and_complete_graphs():
    for n in range(3, 61):
        expected = 1 if ROBS_DOTS[n - 3] == 0 else 0
        assert monochrome_value(parse_monochrome(f"cycle-{n}")) == expected
        if n <= 30:
            frame = msearch._Frame(n, parse_graph(f"cycle-{n}").edges)
            assert frame.values([(1 << n) - 1], 10**7, shapes=False) == [expected]
    for n in range(1, 12):
        assert monochrome_value(parse_monochrome(f"complete-{n}")) == 1


def test_the_sources_six_dots_and_four_dots():
    # "a row of 4 dots is a win for the second player"; any odd row is a win for the first
    assert monochrome_value(parse_monochrome("path-4")) == 0
    assert all(monochrome_value(parse_monochrome(f"path-{n}")) != 0 for n in range(1, 60, 2))
    value, moves = monochrome_move_values(parse_monochrome("path-6"))
    assert value == ROBS_DOTS[6] == 1 and any(m.wins for m in moves)


def test_petersen():
    value, moves = monochrome_move_values(parse_monochrome("petersen"))
    assert value == 1 == brute(parse_monochrome("petersen"))
    assert len(moves) == 10 and all(m.wins for m in moves)  # vertex-transitive: every move alike


# --- Costs -----------------------------------------------------------------------------------------------


def test_a_small_search_is_done_while_estimating():
    position = monochrome_position(parse_graph("grid-4x4"))
    assert monochrome_cost(position).seconds < 0.1
    assert monochrome_value(position, max_seconds=1) == brute(position)


def test_a_40_vertex_tree_answers_within_2_seconds():
    rng = random.Random(1)
    tree = Graph(40, tuple(sorted((rng.randrange(v), v) for v in range(1, 40))))
    position = monochrome_position(tree)
    cost = monochrome_cost(position)
    assert cost.seconds <= 2
    value = monochrome_value(position, max_seconds=2)
    assert 0 <= value <= 40


def test_a_large_cubic_graph_is_refused_before_the_work():
    position = monochrome_position(cubic(40, 1))
    cost = monochrome_cost(position)
    assert cost.seconds > 2
    with pytest.raises(WorkTooLargeError, match="would take") as caught:
        monochrome_value(position, max_seconds=2)
    assert "\n" not in str(caught.value)


def test_a_search_the_model_underestimates_stops_at_the_limit(monkeypatch):
    monkeypatch.setattr(mono, "_growth", lambda size, edges: 1.0)
    monkeypatch.setattr(mono, "PROBE_MOVES", 10)
    frames = msearch.OrderedDict()  # one fresh cache, read by both modules
    monkeypatch.setattr(msearch, "_FRAMES", frames)
    monkeypatch.setattr(mono, "_FRAMES", frames)
    with pytest.raises(WorkTooLargeError, match="looked at more than"):
        monochrome_value(monochrome_position(cubic(30, 2)), max_seconds=0.001)


def test_large_components_of_other_shapes_are_refused():
    graph = parse_graph("grid-8x8")
    with pytest.raises(ValueError, match="more than 62 vertices"):
        monochrome_value(monochrome_position(graph))
    # marking cuts it down: the components in play are then searched in frames of their own
    corner = monochrome_position(graph, [9, 13, 41, 45, 27, 31, 59, 63, 0, 4, 36, 32, 18, 22, 50, 54])
    assert monochrome_value(corner, max_seconds=600) >= 0


def test_the_growth_model_errs_high_on_measured_graphs():
    for graph in [cubic(20, 1), cubic(24, 2), parse_graph("grid-4x5"), parse_graph("grid-5x5")]:
        msearch._FRAMES.clear()
        frame = msearch._frame(graph.n, graph.edges)
        frame.values([(1 << graph.n) - 1], 10**7)
        assert frame.count <= mono._growth(graph.n, len(graph.edges))


def test_remoteness_of_the_game_matches_the_brute_force():
    game = impartial_game("monochrome")
    for text in ["petersen", "path-7", "cycle-8:0", "grid-2x4", "0-1,1-2,2-0,2-3,3-4,4-5"]:
        position = game.parse(text)
        _, wins, remoteness = monochrome_reference(position.graph.edges)
        play = monochrome_in_play(position.graph.n, position.graph.edges, position.marked)
        assert game.remoteness(position) == remoteness(play)
        assert game.outcome(position) == ("W" if wins(play) else "L")
