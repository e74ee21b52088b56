"""The Snakes-and-Adders board as the Games on graphs tab draws it, without a browser.

Its squares in order joined by a straight track, each arrow a curve that bows
away from its row (a ladder up the board, a snake down it), the key in the
tab's layout.  The browser's view of the same drawing is in
``tests/test_browser_view_polish.py``.
"""

from __future__ import annotations

import math

import pytest

from dashboard.tabs.graphs import figures, ids
from dashboard.tabs.graphs.games import find_game
from dashboard.tabs.graphs.layout import graphs_layout


def _control_point(tail: tuple[float, float], head: tuple[float, float], bend: float) -> tuple[float, float]:
    """Cytoscape's control point of an unbundled Bézier at weight 0.5: ``bend`` to the right of the way."""
    dx, dy = head[0] - tail[0], head[1] - tail[1]
    length = math.hypot(dx, dy)
    mid = ((tail[0] + head[0]) / 2, (tail[1] + head[1]) / 2)
    return mid[0] - dy / length * bend, mid[1] + dx / length * bend


def _drawing(board_text: str) -> tuple:
    game = find_game("snakes-and-adders")
    board = game.board(board_text)
    analysis = game.analyse(board, "1")
    assert board.places is not None
    return board, figures.elements(board, analysis, board.places, fixed=True)


def test_the_track_joins_the_squares_in_order_and_the_arrows_are_ladders_or_snakes() -> None:
    board, found = _drawing("20: 8>2,10>19,15>12")
    edges = {e["data"]["id"]: e for e in found if "source" in e["data"]}
    track = [e for e in edges.values() if e["classes"] == "track"]
    assert [(e["data"]["source"], e["data"]["target"]) for e in track] == [(f"v{u}", f"v{u + 1}") for u in range(20)]
    assert edges["e9-18"]["classes"].split() == ["arc", "arrow", "ladder"]
    assert edges["e7-1"]["classes"].split() == edges["e14-11"]["classes"].split() == ["arc", "arrow", "snake"]
    # Only the board's arrows are curves; the stylesheet draws the track straight.
    styles = {rule["selector"]: rule["style"] for rule in figures.stylesheet()}
    assert styles["edge.track"]["curve-style"] == "straight"
    assert styles["edge.arrow"]["curve-style"] == "unbundled-bezier"
    assert styles["edge.ladder"]["line-color"] != styles["edge.snake"]["line-color"]


@pytest.mark.parametrize("board_text", ["20: 8>2,10>19,15>12", "30: 3>22,21>9,29>1,11>20,5>6,7>4,14>17"])
def test_a_ladder_bows_up_the_board_and_a_snake_down_it(board_text: str) -> None:
    board, found = _drawing(board_text)
    places = board.places
    assert places is not None
    arrows = [e for e in found if "arrow" in e.get("classes", "").split()]
    assert board.drawn is not None and len(arrows) == len(board.drawn)
    for edge in arrows:
        u, v = (int(x) for x in edge["data"]["id"][1:].split("-"))
        bend = edge["data"]["bend"]
        assert 80 <= abs(bend) <= 200
        cx, cy = _control_point(places[u], places[v], bend)
        mid_y = (places[u][1] + places[v][1]) / 2
        if places[u][1] == places[v][1]:
            # Within a row: clear of the row (y grows downwards).
            assert (cy < mid_y) if v > u else (cy > mid_y), (edge, cx, cy)
        elif places[u][0] != places[v][0]:
            # Across rows: the bulge leaves the straight line upwards for a ladder, downwards for a snake.
            assert (cy < mid_y) if v > u else (cy > mid_y), (edge, cx, cy)


def test_the_layout_has_the_scrolling_box_and_the_key() -> None:
    text = str(graphs_layout())
    assert f"id='{ids.CANVAS_BOX}'" in text or f'id="{ids.CANVAS_BOX}"' in text
    assert "ladder: climbs to its arrowhead" in text and "snake: slides back to its arrowhead" in text
