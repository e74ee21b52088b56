"""The command line of the games on graphs: ``eraserhead``, ``graph-game --game monochrome``, and ``--rule``.

Answers are checked against the brute force of ``tests/naive_graphs.py``;
bad input ends with one line on stderr and exit status 2, nothing on stdout.
"""

from __future__ import annotations

import contextlib
import io
import json

import pytest
from cpu_time import within_cpu_seconds
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from naive_graphs import (
    cycle_edges,
    eraserhead_grundy,
    eraserhead_state,
    monochrome_in_play,
    monochrome_reference,
    path_edges,
)

import solver.cli.main as cli
from solver.cli import graph_game
from solver.graphs import parse_graph

PROG = "python -m solver"


def run_here(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main(list(argv))
        except SystemExit as exc:
            status = 0 if exc.code is None else exc.code
    return status, out.getvalue(), err.getvalue()


def ok(*argv: str) -> str:
    status, out, err = run_here(*argv)
    assert status == 0, err
    return out


def refused(*argv: str) -> str:
    status, out, err = run_here(*argv)
    assert status == 2, (status, out, err)
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(PROG) and "Traceback" not in err, err
    return lines[0]


# --- eraserhead ----------------------------------------------------------------------------------------


def test_eraserhead_json_of_the_source_position():
    data = json.loads(ok("eraserhead", "--graph", "cycle-9", "--erasers", "0,2,4", "--json"))
    assert set(data) == {"value", "outcome", "moves"}
    assert data["value"] == 0 == eraserhead_grundy(eraserhead_state(cycle_edges(9), (0, 2, 4)))
    assert data["outcome"] == "L"
    assert len(data["moves"]) == 6
    for move in data["moves"]:
        assert set(move) == {"from", "to", "edge", "position", "value", "wins"}
        assert move["edge"] == sorted([move["from"], move["to"]])
        graph_text, erasers = move["position"].rsplit(":", 1)
        after = parse_graph(graph_text)
        assert after.n == 9 and tuple(move["edge"]) not in after.edges
        expected = eraserhead_grundy(eraserhead_state(after.edges, [int(v) for v in erasers.split(",")]))
        assert move["value"] == expected and move["wins"] == (expected == 0)


@pytest.mark.parametrize(
    ("graph", "erasers", "edges"),
    [("path-7", "0,3,6", path_edges(7)), ("0-1,1-2,2-0,2-3", "0,3", [(0, 1), (1, 2), (0, 2), (2, 3)])],
)
def test_eraserhead_values_match_the_brute_force(graph, erasers, edges):
    data = json.loads(ok("eraserhead", "--graph", graph, "--erasers", erasers, "--json"))
    value = eraserhead_grundy(eraserhead_state(edges, [int(v) for v in erasers.split(",")]))
    assert data["value"] == value and data["outcome"] == ("L" if value == 0 else "W")
    assert any(m["wins"] for m in data["moves"]) == (value != 0)


def test_eraserhead_text():
    text = ok("eraserhead", "--graph", "path-4", "--erasers", "0,1,3")
    assert "Eraserhead at path-4:0,1,3: value 2, W" in text
    assert "eraser 3 → 2 (erases 2-3), leaving erasers at 0,1,2 and the edges 0-1,1-2: value 0  wins" in text
    text = ok("eraserhead", "--graph", "path-2", "--erasers", "0")  # the result once read '-> 1:1'
    assert "eraser 0 → 1 (erases 0-1), leaving eraser at 1 and no edge: value 0  wins" in text
    text = ok("eraserhead", "--graph", "cycle-6", "--erasers", "0")
    assert "eraser 0 → 5 (erases 0-5), leaving eraser at 5 and path-6: value 1" in text
    assert "no move" in ok("eraserhead", "--graph", "path-3", "--erasers", "0,1,2")


@pytest.mark.parametrize(("graph", "count"), [("path-12", 78), ("path-13", 91), ("cycle-13", 13)])
def test_lost_triples(graph, count):
    data = json.loads(ok("eraserhead", "--graph", graph, "--lost-triples", "--json"))
    assert set(data) == {"count", "triples"} and data["count"] == count == len(data["triples"])
    n = int(graph.split("-")[1])
    edges = path_edges(n) if graph.startswith("path") else cycle_edges(n)
    for triple in data["triples"][:: max(1, count // 10)]:
        assert triple[0] < triple[1] < triple[2] < n
        assert eraserhead_grundy(eraserhead_state(edges, triple)) == 0
    text = ok("eraserhead", "--graph", graph, "--lost-triples")
    assert f"{count:,} lost three-eraser positions" in text


ERASERHEAD_BAD = [
    (["--graph", "0-1,1-", "--erasers", "0"], "not an edge"),
    (["--graph", "0-1,1-1", "--erasers", "0"], "loop"),
    (["--graph", "", "--erasers", "0"], "empty"),
    (["--graph", "cycle-9", "--erasers", "0,2,2"], "named twice"),
    (["--graph", "cycle-9", "--erasers", "0,9"], "off the graph"),
    (["--graph", "cycle-9", "--erasers", "0,-1"], "not a vertex"),
    (["--graph", "cycle-9", "--erasers", "💥"], "not a vertex"),
    (["--graph", "0>1", "--erasers", "0"], "undirected"),
    (["--graph", "cycle-9"], "needs --erasers"),
    (["--graph", "cycle-9", "--erasers", "0", "--lost-triples"], "either --erasers"),
    (["--graph", "petersen", "--lost-triples"], "path or a cycle"),
    (["--graph", "path-500", "--lost-triples"], "200"),
    (["--graph", "complete-9", "--erasers", "0,1,2,3"], "would"),
    (["--graph", "complete-7", "--erasers", "0,1,2", "--max-seconds", "1"], "--max-seconds (now 1)"),
    (["--graph", "path-2000", "--erasers", "0"], "at most 1,000 vertices"),
    (["--graph", "path-9", "--erasers", "0", "--rule", "kayles"], "unrecognized"),
]


@pytest.mark.parametrize(("argv", "words"), ERASERHEAD_BAD, ids=[" ".join(a)[:40] for a, _ in ERASERHEAD_BAD])
def test_eraserhead_bad_input_is_one_line(argv, words):
    assert words in refused("eraserhead", *argv)


# --- graph-game --game monochrome --------------------------------------------------------------------------


def test_monochrome_json_of_the_petersen_graph():
    data = json.loads(ok("graph-game", "--game", "monochrome", "--graph", "petersen", "--json"))
    assert set(data) == {"value", "outcome", "moves"}
    edges = parse_graph("petersen").edges
    grundy, _, _ = monochrome_reference(edges)
    assert data["value"] == grundy(frozenset(range(10))) == 1 and data["outcome"] == "W"
    assert [m["vertex"] for m in data["moves"]] == list(range(10))
    for move in data["moves"]:
        assert set(move) == {"vertex", "removed", "position", "value", "wins"}
        assert move["position"] == f"petersen:{move['vertex']}"
        assert move["value"] == grundy(monochrome_in_play(10, edges, [move["vertex"]]))
        assert move["wins"] == (move["value"] == 0)


def test_monochrome_marked_and_text():
    data = json.loads(ok("graph-game", "--game", "monochrome", "--graph", "path-9", "--marked", "4", "--json"))
    assert data["value"] == 0 and data["outcome"] == "L"  # two paths of 3: a mirror position
    assert [m["vertex"] for m in data["moves"]] == [0, 1, 2, 6, 7, 8]
    text = ok("graph-game", "--game", "monochrome", "--graph", "path-3")
    assert (
        "Monochrome (node Kayles) on path-3: value 2, W" in text and "mark 1 (removes 0, 1, 2): value 0  wins" in text
    )
    assert "no move" in ok("graph-game", "--game", "monochrome", "--graph", "path-3", "--marked", "1")


def test_monochrome_names_the_graph_once(monkeypatch):
    """Naming a preset reads the whole graph: once per answer, not once per move (complete-447 took 5 minutes)."""
    calls = []
    real = graph_game.format_monochrome
    monkeypatch.setattr(graph_game, "format_monochrome", lambda p: calls.append(p) or real(p))
    data = json.loads(ok("graph-game", "--game", "monochrome", "--graph", "complete-40", "--json"))
    assert [m["position"] for m in data["moves"]] == [f"complete-40:{v}" for v in range(40)]
    assert len(calls) <= 2


def test_monochrome_long_position_lists_changes():
    edges = ",".join(f"{v}-{v + 1}" for v in range(0, 80, 2))  # 40 edges, no preset: over 200 characters
    data = json.loads(ok("graph-game", "--game", "monochrome", "--graph", edges, "--json"))
    assert len(data["moves"]) == 80 and all(set(m) == {"vertex", "removed", "value", "wins"} for m in data["moves"])


def test_monochrome_paths_are_robs_dots_on_the_command_line():
    rows = ok("nim-values", "--rule", "robs-dots", "--n", "60").splitlines()
    values = {int(n): int(v) for n, v in (row.split(",") for row in rows if row[:1].isdigit())}
    for n in (4, 8, 14, 20, 33, 34, 51, 60):
        data = json.loads(ok("graph-game", "--game", "monochrome", "--graph", f"path-{n}", "--json"))
        assert data["value"] == values[n]


MONOCHROME_BAD = [
    (["--graph", "path-5", "--marked", "0,1"], "out of play"),
    (["--graph", "path-5", "--marked", "2,2"], "marked twice"),
    (["--graph", "path-5", "--marked", "5"], "off the graph"),
    (["--graph", "0-1,1-"], "not an edge"),
    (["--graph", "0>1"], "undirected"),
    ([], "needs --graph"),
    (["--graph", "grid-8x8"], "more than 62 vertices"),
    (["--graph", "grid-6x7", "--max-seconds", "1"], "would take"),
]


@pytest.mark.parametrize(("argv", "words"), MONOCHROME_BAD, ids=[" ".join(a)[:40] for a, _ in MONOCHROME_BAD])
def test_monochrome_bad_input_is_one_line(argv, words):
    assert words in refused("graph-game", "--game", "monochrome", *argv)


def test_graph_game_names_and_options():
    # Every option that only some games read names games of the table.
    assert {game for games in graph_game._OPTION_GAMES.values() for game in games} <= set(graph_game.HANDLERS)
    assert "monochrome" in graph_game.HANDLERS and graph_game._OPTION_GAMES["--marked"] == ("monochrome",)
    assert "invalid choice" in refused("graph-game", "--game", "nope", "--graph", "petersen")
    assert "--game" in refused("graph-game", "--graph", "petersen")
    status, out, _ = run_here("graph-game", "--help")
    assert status == 0 and "monochrome only" in out


def test_an_option_of_another_game_is_refused():
    args = cli.build_parser().parse_args(["graph-game", "--game", "tokens", "--graph", "0>1", "--marked", "0"])
    with pytest.raises(ValueError, match="--marked is for --game monochrome, not tokens"):
        args.run(args)
    assert "--marked is for --game monochrome" in refused(
        "graph-game", "--game", "fair-shares", "--n", "6", "--marked", "0"
    )


# --- --rule eraserhead and monochrome in the shared commands ----------------------------------------------------


def test_classify_tree_and_sum_take_both_games():
    text = ok("classify", "--rule", "eraserhead", "cycle-9:0,2,4", "path-4:0,1,3")
    assert '"cycle-9:0,2,4",L,0,' in text and '"path-4:0,1,3",W,2,' in text
    text = ok("classify", "--rule", "monochrome", "petersen", "path-9:4")
    assert '"petersen",W,1,' in text and '"path-9:4",L,0,' in text
    tree = json.loads(ok("tree", "cycle-5:0,2", "--rule", "eraserhead", "--depth", "1"))
    assert tree["rule"] == "eraserhead" and tree["root"]["value"] == 1 and len(tree["root"]["children"]) == 4
    data = json.loads(ok("sum", "petersen", "path-4", "--rule", "monochrome", "--json"))
    assert data["values"] == [1, 0] and data["value"] == 1 and data["best"]
    data = json.loads(ok("sum", "cycle-9:0,2,4", "path-4:0,1,3", "--rule", "eraserhead", "--json"))
    assert data["values"] == [0, 2] and data["value"] == 2


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["nim-values", "--rule", "eraserhead", "--n", "5"], "does not apply to eraserhead"),
        (["periodicity", "--rule", "monochrome"], "does not apply to monochrome"),
        (["plane", "--rule", "eraserhead", "--size", "4"], "does not apply to eraserhead"),
        (["solve", "--bound", "10", "--rule", "monochrome"], "does not apply to monochrome"),
        (["classify", "--rule", "eraserhead", "--n", "5"], "classify --n lists the heaps"),
        (["classify", "--rule", "eraserhead", "cycle-9"], "no erasers"),
        (["classify", "--rule", "monochrome", "path-3:0,1"], "out of play"),
        (["tree", "path-3:0", "--rule", "eraserhead", "--bound", "5"], "--bound does not apply"),
    ],
)
def test_what_does_not_apply_or_is_malformed_says_why(argv, words):
    assert words in refused(*argv)


# --- Fuzz ----------------------------------------------------------------------------------------------------------

HOSTILE = ["", " ", "0", "-1", "1e400", "💥", "0-1,", "0-1,1-2", "cycle-9", "path-0", "petersen", "0>1", ",,", "9" * 40]
texts = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(max_size=12),
    st.lists(st.integers(-2, 12), max_size=5).map(lambda vs: ",".join(map(str, vs))),
)


@st.composite
def graph_commands(draw) -> list[str]:
    if draw(st.booleans()):
        argv = ["eraserhead", "--graph", draw(texts)]
        argv += draw(st.sampled_from([["--erasers", draw(texts)], ["--lost-triples"], []]))
    else:
        argv = ["graph-game", "--game", "monochrome", "--graph", draw(texts)]
        argv += draw(st.sampled_from([["--marked", draw(texts)], []]))
    return argv + draw(st.sampled_from([[], ["--json"]]))


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(argv=graph_commands())
def test_hostile_arguments(argv):
    # Work estimated under 1 s runs: at most 10 s of CPU (not wall-clock time, which a busy machine stretches).
    status, _, err = within_cpu_seconds(10.0, lambda: run_here(*argv, "--max-seconds", "1"), argv)
    assert status in (0, 2), (argv, err)
    assert "Traceback" not in err
    if status == 2:
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(PROG), (argv, err)
