"""The one game tree of every game (dashboard/gametree): its nodes against the registry game's own moves and outcomes.

For one game of each kind (a put-or-take rule at a small bound, an octal game,
a loopy game on a graph, a finite game on a graph) every edge of the drawn
tree is a move of its parent, every expanded node has all its moves drawn,
every node's colour is its outcome, no two boxes overlap, and no label is cut
without saying so.
"""

from __future__ import annotations

import contextlib
import itertools

import pytest
from dash.exceptions import PreventUpdate
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dashboard.gametree.build import (
    LABEL_CHARS,
    LABEL_LINES,
    build_tree,
    canvas_height,
    tree_depth,
    tree_elements,
    tree_nodes,
    wrap_text,
)
from dashboard.gametree.geometry import tip_text
from dashboard.gametree.view import card_view, tree_answer
from dashboard.tabs.finite import callbacks as finite_cb
from dashboard.tabs.graphs import callbacks as graphs_cb
from dashboard.tabs.graphs.games import GAMES
from solver.registry import find_game

GATE = {"tab": "x"}


def split(elements: list[dict]) -> tuple[list[dict], list[dict]]:
    nodes = [e for e in elements if "source" not in e["data"]]
    return nodes, [e for e in elements if "source" in e["data"]]


def tip_rows(node: dict) -> dict[str, str]:
    return dict(line.split("\t", 1) for line in node["data"]["tip"].split("\n"))


def check_against_the_game(game, start: str, depth: int) -> list[dict]:
    """Every edge a move, every expanded node's moves all drawn, every colour the node's outcome."""
    tree = build_tree(game, game.parse(start), depth)
    elements = tree_elements(tree)
    nodes, edges = split(elements)
    assert len(nodes) == len(tree.nodes) <= tree_nodes(depth)
    assert len(edges) == len(nodes) - 1
    by_id = {n["data"]["id"]: n for n in nodes}
    position = {key: game.parse(n["data"]["position"]) for key, n in by_id.items()}
    children: dict[str, list[dict]] = {key: [] for key in by_id}
    for edge in edges:
        children[edge["data"]["source"]].append(edge)
    for key, node in by_id.items():
        data = node["data"]
        # The colour (the first class) is the game's own outcome of the position.
        assert node["classes"].split()[0] == data["outcome"] == game.outcome(position[key]), data["position"]
        moves = game.moves(position[key])
        drawn = children[key]
        if data["expanded"]:
            assert len(drawn) == len(moves)
        else:
            assert not drawn
            # Only the cap stops a node above the depth; a node with moves not drawn says so.
            assert data["depth"] == depth or tree.truncated
            assert data["expandable"] == bool(moves) == ("expandable" in node["classes"])
        for edge in drawn:
            child = by_id[edge["data"]["target"]]
            index = int(child["data"]["path"].rsplit("/", 1)[1])
            move = moves[index]
            assert game.format(move.child) == child["data"]["position"]
            assert child["data"]["move"] == move.label == tip_rows(child)["move"]
            assert child["data"]["depth"] == data["depth"] + 1
            if "best" in edge["classes"]:
                # A best move wins (to L), keeps a draw (to D), or, from L, loses slowest.
                assert data["outcome"] in ("W", "L", "D")
                if data["outcome"] == "W":
                    assert child["data"]["outcome"] == "L"
                elif data["outcome"] == "D":
                    assert child["data"]["outcome"] == "D"
    assert "root" in nodes[0]["classes"] and nodes[0]["data"]["path"] == ""
    return elements


def check_no_overlap(elements: list[dict]) -> None:
    nodes, _ = split(elements)
    boxes = [
        (n["data"]["depth"], n["position"]["x"], n["position"]["y"], n["data"]["w"], n["data"]["h"]) for n in nodes
    ]
    for (d1, x1, y1, w1, h1), (d2, x2, y2, w2, h2) in itertools.combinations(boxes, 2):
        apart_x = abs(x1 - x2) >= (w1 + w2) / 2
        apart_y = abs(y1 - y2) >= (h1 + h2) / 2 - 0.2
        assert apart_x or apart_y, (d1, d2)
    assert min(n["position"]["y"] - n["data"]["h"] / 2 for n in nodes) >= -0.1
    assert canvas_height(elements) >= max(n["position"]["y"] + n["data"]["h"] / 2 for n in nodes)


@pytest.mark.parametrize(
    ("name", "start", "depth"),
    [
        ("put-or-take-a-square", "92", 3),  # a put-or-take rule (at a small bound below)
        ("put-or-take-a-square", "3", 4),  # a draw: 2 and 3 loop
        ("octal-0.77", "6", 2),  # Kayles
        ("octal-0.137", "5+7+9", 3),  # Rob's Dots, cut by the cap
        ("tokens", None, 3),  # tokens on a directed graph, with draws
        ("snakes-and-adders", None, 2),
        ("fair-shares", None, 2),
        ("eraserhead", None, 2),  # a finite game on a graph whose board changes with each move
    ],
)
def test_every_edge_is_a_move_and_every_colour_an_outcome(name, start, depth):
    game = find_game(name)
    if name.startswith("put-or-take"):
        game = game.with_bound(300)
    elements = check_against_the_game(game, start or game.example, depth)
    check_no_overlap(elements)


def test_the_node_cap_grows_with_the_depth_and_the_tree_is_breadth_first():
    game = find_game("spring-cleaning")
    start = game.parse("#####/#..../#....")
    trees = {d: build_tree(game, start, d) for d in (1, 2, 3, 4)}
    assert [len(trees[d].nodes) for d in (1, 2)] == [9, 40]
    assert trees[2].truncated and len(trees[2].nodes) < len(trees[3].nodes) < len(trees[4].nodes)
    assert [n.text for n in trees[3].nodes[:40]] == [n.text for n in trees[2].nodes]
    assert [tree_nodes(d) for d in (1, 2, 3, 4)] == [40, 40, 80, 120]
    assert [tree_depth(d) for d in (0, 1, 4, 5, True, "2", None)] == [1, 1, 4, 1, 1, 1, 1]


def test_best_moves_are_the_fastest_wins_and_the_slowest_losses():
    game = find_game("euclid")
    tree = build_tree(game, game.parse("5,8"), 4)
    # (5,8) → (5,3) → (2,3) → (2,1): forced; then (1,1) or (0,1).
    assert [n.text for n in tree.nodes] == ["5,8", "5,3", "2,3", "2,1", "1,1", "0,1"]
    assert [n.outcome for n in tree.nodes] == [game.outcome(game.parse(n.text)) for n in tree.nodes]
    assert all(n.remoteness == game.remoteness(game.parse(n.text)) for n in tree.nodes)
    wins = [n for n in tree.nodes[4:] if n.outcome == "L"]
    assert all(n.best for n in wins) and not any(n.best for n in tree.nodes[4:] if n.outcome == "W")


def test_a_board_games_nodes_show_the_pieces_and_their_cards_the_whole_position():
    game = find_game("tokens")
    tree = build_tree(game, game.parse(game.example), 2)
    assert tree.pieces_only
    nodes, _ = split(tree_elements(tree))
    for node, data in zip(tree.nodes, (n["data"] for n in nodes), strict=True):
        assert data["label"].split("\n")[0] == game.split(node.position)[1]
        assert tip_rows({"data": data})["position"] == game.format(node.position) == data["position"]
    # Eraserhead's board changes with each move: its nodes show the whole position.
    eraser = find_game("eraserhead")
    assert not build_tree(eraser, eraser.parse(eraser.example), 1).pieces_only


# ---------------------------------------------------------------- labels never cut silently (the page's item 9)


@given(st.text(alphabet="0123456789-,>+: |abc", max_size=200), st.integers(4, 40), st.integers(1, 6))
def test_wrapped_text_keeps_every_character_or_says_it_was_cut(text, width, most):
    lines, cut = wrap_text(text, width, most)
    assert all(len(line) <= width for line in lines) and 1 <= len(lines) <= most
    if cut:
        assert lines[-1].endswith("…") and text.startswith("".join(lines)[:-1])
    else:
        assert "".join(lines) == text


def test_rows_of_a_grid_start_new_lines():
    assert wrap_text("#####/#..../#....") == (["#####", "#....", "#...."], False)


def test_a_long_label_is_shown_whole():
    """The finite tab cut Eraserhead's positions to 22 characters ("0-8,1-2,2-3,3-4,4-5,5…") and said nothing."""
    elements = finite_cb.tree_view(GATE, "eraserhead", "cycle-9:0,2,4", 2)[0]
    nodes, _ = split(elements)
    long = [n for n in nodes if len(n["data"]["position"]) > 22]
    assert long
    for node in nodes:
        shown = node["data"]["label"].split("\n")[:-1]  # the last line is the outcome
        assert "".join(shown) == node["data"]["position"]


def test_a_label_too_long_for_its_box_ends_in_an_ellipsis_and_its_card_holds_it_whole():
    game = find_game("eraserhead")
    edges = ",".join(f"{k}-{k + 1}" for k in range(30))  # a path of 31 vertices and a chord: 167 characters
    start = game.parse(f"{edges},0-15:0")
    tree = build_tree(game, start, 1)
    nodes, _ = split(tree_elements(tree))
    root = nodes[0]["data"]
    lines = root["label"].split("\n")
    assert len(lines) == LABEL_LINES + 1 and lines[-2].endswith("…") and root["cut"]
    assert all(len(line) <= LABEL_CHARS for line in lines[:-1])
    rows = tip_rows(nodes[0])
    assert rows["position"] == game.format(start) == root["position"] and "shortened" in rows["label"]
    # The card under the tree shows every row, the whole position among them.
    card = card_view(root)[0]
    texts = [getattr(child, "children", None) for child in card.children]
    assert game.format(start) in texts


def test_the_card_is_a_hint_for_anything_else():
    for node in (None, {}, {"tip": 5}, "x", {"tip": ""}):
        assert "Hover or tap a node" in card_view(node)[0].children
    assert tip_text([["a", "b\tc"]]) == "a\tb c"


# ---------------------------------------------------------------- the Games on graphs tab


@pytest.mark.parametrize("name", list(GAMES))
def test_the_graphs_tab_draws_the_tree_of_every_game(name):
    page = GAMES[name]
    elements, layout, note, style, outline = graphs_cb.tree_view(
        GATE, name, page.default_board, page.default_position, 2
    )
    nodes, edges = split(elements)
    assert nodes and len(edges) == len(nodes) - 1 and layout["name"] == "preset"
    assert note.startswith(f"{len(nodes)} positions to depth 2.")
    assert int(style["height"].rstrip("px")) >= 220
    assert outline.children[0].children == "The tree as a list"


def test_the_graphs_tab_explains_bad_input():
    assert graphs_cb.tree_view(GATE, "tokens", "0>1", "7", 2)[2].startswith("No tree: a token on vertex 7")
    assert graphs_cb.tree_view(GATE, "nonsense", "0>1", "0", 2)[2].startswith("No tree: choose a game")
    assert graphs_cb.tree_view(GATE, "tokens", None, [], "x")[2] == "No tree: type a graph"
    with pytest.raises(PreventUpdate):
        graphs_cb.tree_view(None, "tokens", "0>1", "0", 2)


def test_answers_are_whole():
    game = find_game("octal-0.77")
    count = 1 + len(game.moves(game.parse("3")))
    elements, note, style, outline = tree_answer(game, game.parse("3"), 1)
    assert note == f"{count} positions to depth 1." and style["width"] == "100%"
    assert len(split(elements)[0]) == count and len(outline.children[1].children) == 1


HOSTILE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=True),
    st.text(max_size=30),
    st.sampled_from(["0>1,1>0", "path-5", "petersen", "20: 8>2", "6", "3+2+1", "0,0", "1e400", "<b>", "9" * 500]),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.sampled_from(["tip", "position"]), st.one_of(st.integers(), st.text(max_size=40))),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.one_of(st.sampled_from(list(GAMES)), HOSTILE), a=HOSTILE, b=HOSTILE, depth=HOSTILE)
def test_hostile_values_never_raise(name, a, b, depth):
    with contextlib.suppress(PreventUpdate):
        graphs_cb.tree_view(GATE, name, a, b, depth)
    with contextlib.suppress(PreventUpdate):
        finite_cb.tree_view(GATE, name, a, depth)
    card_view(a)


@pytest.mark.parametrize(("name", "start"), [("monochrome", "path-12"), ("eraserhead", "petersen:0,7")])
def test_a_tree_whose_remoteness_is_dear_is_drawn_without_it(name, start):
    """The values of these positions take milliseconds and their remoteness seconds: the tree needs only the values."""
    game = find_game(name)
    position = game.parse(start)
    assert game.value_cost(position).seconds < 2 < game.cost(position).seconds
    elements = check_against_the_game(game, start, 2)
    assert all(n["data"]["remoteness"] is None for n in split(elements)[0])
    board, pieces = game.split(position)
    note = graphs_cb.tree_view(GATE, name, board, pieces, 2)[2]
    assert "positions to depth 2." in note and not note.startswith("No tree"), note
