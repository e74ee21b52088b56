"""The graph formats (solver.graphs.formats): presets, edge and arc lists, vertices, and bad input."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.graphs import Graph, format_graph, parse_graph, parse_vertices, preset_text


def _degrees(graph: Graph) -> list[int]:
    return [len(r) for r in graph.neighbours()]


def test_presets_have_their_textbook_shapes():
    assert parse_graph("path-4").edges == ((0, 1), (1, 2), (2, 3))
    assert parse_graph("path-1").n == 1 and parse_graph("path-1").edges == ()
    cycle = parse_graph("cycle-5")
    assert cycle.n == 5 and len(cycle.edges) == 5 and set(_degrees(cycle)) == {2}
    grid = parse_graph("grid-3x4")
    assert grid.n == 12 and len(grid.edges) == 3 * 3 + 2 * 4
    assert parse_graph("complete-5").edges == tuple(itertools.combinations(range(5), 2))
    petersen = parse_graph("Petersen")
    assert petersen.n == 10 and len(petersen.edges) == 15 and set(_degrees(petersen)) == {3}
    # The Petersen graph has girth 5: no triangle and no 4-cycle.
    adj = [set(r) for r in petersen.neighbours()]
    for u, v in petersen.edges:
        assert not adj[u] & adj[v]
    for u in range(10):
        for v in range(u + 1, 10):
            if v not in adj[u]:
                assert len(adj[u] & adj[v]) == 1


def test_directed_presets_orient_low_to_high_and_close_the_cycle():
    assert parse_graph("path-3", directed=True).edges == ((0, 1), (1, 2))
    assert parse_graph("cycle-3", directed=True).edges == ((0, 1), (1, 2), (2, 0))
    assert all(u < v for u, v in parse_graph("grid-2x3", directed=True).edges)


def test_edge_and_arc_lists():
    g = parse_graph(" 0-1 , 1 – 2,5")
    assert g.n == 6 and g.edges == ((0, 1), (1, 2)) and _degrees(g) == [1, 2, 1, 0, 0, 0]
    d = parse_graph("0>1,1>2,2>0,1>3,3>3", directed=True)
    assert d.n == 4 and d.neighbours() == [[1], [2, 3], [0], [3]]
    assert d.predecessors() == [[2], [0], [1], [1, 3]]
    assert parse_graph("1-0").edges == ((0, 1),)
    assert parse_graph("0-1,2-3").components() == [[0, 1], [2, 3]]


@pytest.mark.parametrize(
    ("text", "directed", "words"),
    [
        ("", False, "empty"),
        ("0-1,,1-2", False, "empty item"),
        ("0-a", False, "not an edge"),
        ("0-1-2", False, "two vertices"),
        ("0>1", False, "undirected"),
        ("0-1", True, "directed"),
        ("1-1", False, "loop"),
        ("0-1,1-0", False, "twice"),
        ("0>1,0>1", True, "twice"),
        ("cycle-2", False, "3 to"),
        ("path-0", False, "1 to"),
        ("grid-0x3", False, "grid"),
        ("complete-1000", False, "edges"),
        ("star-5", False, "not an edge"),
        ("cycles-5", False, "presets"),
        ("99999999-1", False, "not an edge"),
        ("0-10000", False, "out of range"),
        ("-1-2", False, "not an edge"),
    ],
)
def test_bad_graphs_get_one_line_saying_what_to_fix(text, directed, words):
    with pytest.raises(ValueError, match=words) as info:
        parse_graph(text, directed=directed)
    assert "\n" not in str(info.value)


def test_types_are_checked():
    with pytest.raises(TypeError):
        parse_graph(5)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Graph(0, ())
    with pytest.raises(ValueError, match="not a vertex"):
        Graph(3, ((0, 3),))


def test_vertices():
    g = parse_graph("cycle-9")
    assert parse_vertices("0, 2,4", g) == (0, 2, 4)
    assert parse_vertices("", g) == ()
    assert parse_vertices("1,1", g) == (1, 1)
    with pytest.raises(ValueError, match="twice"):
        parse_vertices("1,1", g, "an eraser", distinct=True)
    with pytest.raises(ValueError, match="off the graph"):
        parse_vertices("9", g)
    with pytest.raises(ValueError, match="not a vertex"):
        parse_vertices("x", g)


@given(
    st.integers(1, 12).flatmap(
        lambda n: st.tuples(
            st.just(n), st.sets(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=30), st.booleans()
        )
    )
)
def test_format_reads_back_to_the_same_graph(case):
    n, pairs, directed = case
    edges = set()
    for u, v in pairs:
        if not directed:
            if u == v:
                continue
            u, v = min(u, v), max(u, v)
        edges.add((u, v))
    graph = Graph(n, tuple(edges), directed)
    again = parse_graph(format_graph(graph), directed=directed)
    assert again == graph
    # Neighbours agree with the edge set, both ways for an undirected graph.
    for u, row in enumerate(graph.neighbours()):
        for v in row:
            assert (u, v) in edges or (not directed and (v, u) in edges)
    start, targets = graph.csr()
    assert [list(targets[start[v] : start[v + 1]]) for v in range(n)] == graph.neighbours()


@pytest.mark.parametrize(
    "name", ["path-1", "path-7", "cycle-3", "cycle-12", "complete-5", "grid-3x4", "grid-2x2", "petersen"]
)
def test_preset_text_names_each_preset(name):
    for directed in (False, True):
        graph = parse_graph(name, directed=directed)
        found = preset_text(graph)
        assert found is not None and parse_graph(found, directed=directed) == graph
    # a graph that is several presets gets the first of path, cycle, complete, grid, petersen
    assert preset_text(parse_graph("path-2")) == "path-2"
    assert preset_text(parse_graph("grid-2x2")) == "grid-2x2"  # a 4-cycle, but not numbered as cycle-4


@pytest.mark.parametrize(
    "text", ["0-2", "0-1,2-3", "0-1,1-2,2-0,3", "1-2,2-3,3-4,4-0,0-1,0-2", "0-1,1-2,2-3,3-4,4-0,6"]
)
def test_preset_text_of_other_graphs_is_none(text):
    assert preset_text(parse_graph(text)) is None


@given(st.integers(1, 9), st.data())
def test_preset_text_round_trips_any_graph(n, data):
    pairs = list(itertools.combinations(range(n), 2))
    edges = data.draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    graph = Graph(n, tuple(edges))
    found = preset_text(graph)
    assert found is None or parse_graph(found) == graph


@pytest.mark.parametrize("text", ["0>", "a>b", ">", "0>x,1>2"])
def test_a_bad_arc_is_answered_with_an_arc(text):
    # The example in the message must be one the same command accepts: 0>1 for a directed graph, not 0-1.
    with pytest.raises(ValueError, match=r"e\.g\. 0>1") as found:
        parse_graph(text, directed=True)
    assert "0-1" not in str(found.value)


@pytest.mark.parametrize(
    ("text", "directed"),
    [("０-１", False), ("٠-١", False), ("0>１", True), ("cycle-９", False), ("path-٣", True), ("0-1,５", False)],
)
def test_digits_are_ascii_as_in_every_number_box(text, directed):
    # parse_int refuses --n ２５; a graph refuses the same digits.
    with pytest.raises(ValueError):
        parse_graph(text, directed=directed)


@pytest.mark.parametrize("text", ["０,１", "٠"])
def test_vertices_are_ascii_digits(text):
    with pytest.raises(ValueError):
        parse_vertices(text, parse_graph("path-3"))
