"""The Finite games tab's views of Magnetism, Spring Cleaning and Euclid's game on triples, without a browser.

Every number a view shows is checked against the brute-force references of
``tests/naive_impartial.py`` (whole positions played from the rules, no
split, no symmetry) and, where the view reads the solver, against the
solver too; the source's printed tables are written here from the source
("Magnetism", "Spring Cleaning II", "Euclid's Game"), never taken from the
view's own constants.
"""

from __future__ import annotations

import contextlib
import csv
import io
import itertools
from collections.abc import Iterator

import numpy as np
import pytest
from dash import no_update
from dash.exceptions import PreventUpdate
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from naive_impartial import (
    couples_are_forever_values,
    euclid3_moves,
    euclid_wins,
    grid_cells,
    magnetism_moves,
    make_reference,
    spring_cleaning_moves,
)

from dashboard.gamemenu import menu_options
from dashboard.tabs.finite import TAB, downloads, ids
from dashboard.tabs.finite import callbacks as cb
from dashboard.tabs.finite.games import find_game
from dashboard.tabs.finite.layout import finite_layout
from dashboard.tabs.finite.views import VIEWS, panel_id
from dashboard.tabs.finite.views import euclid3 as e3_views
from dashboard.tabs.finite.views import magnetism as mag_views
from dashboard.tabs.finite.views import spring_cleaning as sc_views
from dashboard.tabs.finite.views import spring_cleaning_board as sc_board
from dashboard.tabs.finite.views import spring_cleaning_lshapes as sc_lshapes
from dashboard.tabs.finite.views import spring_cleaning_zigzags as sc_zigzags
from solver import impartial_game
from solver.impartial import euclid3_outcomes, l_shape, zigzag

GATE = {"opened": True}

mag_grundy, mag_wins, _ = make_reference(magnetism_moves)
sc_grundy, sc_wins, _ = make_reference(spring_cleaning_moves)
e3_grundy, e3_wins, _ = make_reference(euclid3_moves)

#: "Magnetism": its table of n = 0..6 as printed (the row G++(n) has six entries).
PRINTED_MAGNETISM = {
    "G": [0, 1, 0, 1, 0, 1, 0],
    "G+": [0, 1, 2, 3, 4, 5, 6],
    "G++": [1, 1, 1, 1, 1, 1],
    "G+-": [0, 0, 0, 0, 0, 0, 0],
}
#: "Spring Cleaning II": the table of the (a,b)-L, rows a = 2..6, columns b = 2..6, as printed.
PRINTED_L = [[0, 4, 4, 0, 3], [4, 1, 0, 1, 0], [3, 0, 3, 0, 3], [0, 1, 0, 1, 0], [3, 0, 3, 0, 3]]
#: "Spring Cleaning II": the row printed under the zigzags, n = 1..15.
PRINTED_ZIGZAGS = [0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4]


def walk(node) -> Iterator:
    """Every Dash component inside ``node`` (itself included), depth first."""
    if isinstance(node, (list, tuple)):
        for child in node:
            yield from walk(child)
        return
    if node is None or isinstance(node, (str, int, float)):
        return
    yield node
    yield from walk(getattr(node, "children", None))


def with_id_type(node, kind: str) -> list:
    """The components inside ``node`` whose id is a dict of this ``type``."""
    return [c for c in walk(node) if isinstance(getattr(c, "id", None), dict) and c.id.get("type") == kind]


def text_of(node) -> str:
    """The text of a component and everything inside it."""
    if isinstance(node, (list, tuple)):
        return "".join(text_of(c) for c in node)
    if node is None:
        return ""
    if isinstance(node, (str, int, float)):
        return str(node)
    return text_of(getattr(node, "children", None))


def csv_lines(key: str, name: str, *values) -> list[str]:
    return downloads.csv_download(key, name, values)["content"].splitlines()


# ---------------------------------------------------------------- the menu, the panels, the address


def test_the_three_games_are_in_the_menu_with_their_panels():
    values = [o["value"] for o in menu_options()]
    assert {"magnetism", "spring-cleaning", "euclid3"} <= set(values)
    for name, shown in [
        ("magnetism", {"magnetism-sequences"}),
        ("spring-cleaning", {"dirt-grid", "l-shapes", "zigzags"}),
        ("euclid3", {"octant"}),
    ]:
        styles = dict(zip(VIEWS, cb.choose_game(name)[2:], strict=True))
        assert {key for key, style in styles.items() if style == {}} == shown
    keys = [key.key for key in TAB.url_keys]
    assert len(keys) == len(set(keys))
    assert {"fmagn", "fgrid", "fgmode", "flegs", "fzig", "foct", "fslice"} <= set(keys)
    text = str(finite_layout())
    for key in ("magnetism-sequences", "dirt-grid", "l-shapes", "zigzags", "octant"):
        assert panel_id(key) in text
    for export in ("magnetism-sequences", "sweeps", "l-shapes", "zigzags", "octant", "octant-slice"):
        assert ids.csv_button_id(export) in text and ids.csv_file_id(export) in text


def test_address_keys_check_their_values():
    checks = {key.key: key.check for key in TAB.url_keys}
    assert checks["fgrid"]("4x6") == "4x6" and checks["fgrid"](" 3 × 5 ") == " 3 × 5 "
    for bad in ["0x3", "21x2", "4", "axb", "4x6x2"]:
        with pytest.raises(ValueError):
            checks["fgrid"](bad)
    assert checks["fgmode"]("sweep") == "sweep"
    with pytest.raises(ValueError):
        checks["fgmode"]("mop")
    assert checks["foct"]("60") == "60"
    for key, bad in [("foct", "61"), ("foct", "0"), ("fmagn", "-1"), ("flegs", "1"), ("fzig", "64"), ("fslice", "-2")]:
        with pytest.raises(ValueError):
            checks[key](bad)


# ---------------------------------------------------------------- Magnetism: the strip to play on


def test_the_strip_offers_every_legal_sign_with_the_value_it_leaves():
    strip = "+...-.."  # the start, the example of the source's rules
    state, board, error, _box = cb.play_view(GATE, "magnetism", strip)
    assert error == ""
    assert f"Grundy value {mag_grundy(strip)}" in text_of(state)
    game = find_game("magnetism")
    listed = game.moves(strip)
    buttons = with_id_type(board, ids.MOVE)
    assert {listed[b.id["index"]][1] for b in buttons} == magnetism_moves(strip)
    for button in buttons:
        after = listed[button.id["index"]][1]
        value = mag_grundy(after)
        assert f"leaves Grundy value {value}" in button.title
        assert ("★" in text_of(button)) == (value == 0)
    # Every empty square has two buttons; the signs that would touch an equal token are disabled.
    disabled = [c for c in walk(board) if getattr(c, "disabled", False)]
    assert len(buttons) + len(disabled) == 2 * strip.count(".")
    assert len(buttons) == len(magnetism_moves(strip))


def test_the_strip_is_split_into_elementary_strips_with_their_values():
    game = find_game("magnetism")
    for strip in ["+...-..", "..+.+..-.", ".......", "+.-", "+-+-", "-..-...+.+"]:
        parts = mag_views.strip_parts(game, strip)
        assert "".join(p["bounded"] for p in parts).count(".") == strip.count(".")
        total = 0
        for part in parts:
            # Each elementary strip alone, by the brute force on that piece of the strip.
            assert part["value"] == mag_grundy(part["bounded"])
            assert part["n"] == part["bounded"].count(".") == part["last"] - part["first"] + 1
            ends = part["bounded"].replace(".", "")
            if len(ends) < 2:
                family = ("G", "G+")[len(ends)]
            else:
                family = "G++" if ends[0] == ends[1] else "G+-"
            assert part["family"] == family
            total ^= part["value"]
        assert total == mag_grundy(strip)  # the sum of the parts is the whole strip's value
        details = text_of(mag_views.strip_details(game, strip))
        assert (f"nim-sum (XOR){total}" in details) or (not parts and "No empty square" in details)
    # A strip too long to draw is played with the move buttons.
    long_strip = ("+." * 70)[:-1]
    _state, board, error, _box = cb.play_view(GATE, "magnetism", long_strip)
    assert error == "" and "magnetism-strip" not in str(board) and "move-list" in str(board)


def test_a_sign_pressed_is_played():
    new_text, log, error = cb.play_act({"type": ids.MOVE, "index": 0}, 1, "magnetism", "+...-..", [])
    game = find_game("magnetism")
    assert error == "" and new_text == game.moves("+...-..")[0][1] and new_text in magnetism_moves("+...-..")
    assert log.startswith("You: put")


# ---------------------------------------------------------------- Magnetism: the four sequences


def test_the_sequences_are_the_brute_forces_and_the_sources_table():
    figure, tables, note, error, box = mag_views.sequences_view(GATE, "magnetism", "7")
    assert error == "" and box == cb.BOX_CLASS
    by_name = {trace.name: list(trace.y) for trace in figure.data}
    runs = {
        "G(n)": lambda n: "." * n,
        "G+(n)": lambda n: "+" + "." * n,
        "G++(n)": lambda n: "+" + "." * n + "+",
        "G+−(n)": lambda n: "+" + "." * n + "-",
    }
    for label, strip in runs.items():
        for n in range(8):
            expected = None if (label == "G++(n)" and n == 0) else mag_grundy(strip(n))
            assert by_name[label][n] == expected, (label, n)
    # The source's table, beside the computed one: every printed entry agrees (G++ read from n = 1).
    for family, printed in PRINTED_MAGNETISM.items():
        start = 1 if family == "G++" else 0
        for k, value in enumerate(printed):
            strip = runs[mag_views.FAMILY_NAMES[family] + "(n)"](k + start)
            assert mag_grundy(strip) == value
    assert "All 27 printed entries agree" in note and "G++(0)" in note
    shown = text_of(tables)
    assert "As printed in the source" in shown and "Computed by the mex" in shown
    assert "finite-differs" not in str(tables)
    # The ringed points are the printed entries.
    ringed = figure.data[-1]
    assert len(ringed.x) == 27


def test_the_sequences_refuse_bad_input():
    for bad in ["-1", "banana", "5001", "10**9", None, True]:
        out = mag_views.sequences_view(GATE, "magnetism", bad)
        assert out[3] and out[4] == cb.INVALID_BOX_CLASS
    assert mag_views.sequences_view(GATE, "wythoff", "8") == (no_update,) * 5
    with pytest.raises(PreventUpdate):
        mag_views.sequences_view(None, "magnetism", "8")
    # n = 0 is a strip of no squares: still the table n = 0..6 beside the source's.
    figure, _t, _n, error, _b = mag_views.sequences_view(GATE, "magnetism", "0")
    assert error == "" and list(figure.data[0].y) == [0]


def test_the_sequences_csv():
    lines = csv_lines("magnetism-sequences", "magnetism", "7")
    assert lines[0] == "n,G,G+,G++,G+-,source_G,source_G+,source_G++,source_G+-"
    assert lines[1] == "0,0,0,,0,0,0,,0"  # G++(0) is not a position; the source's row starts at n = 1
    for n, line in enumerate(lines[1:]):
        cells = line.split(",")
        assert int(cells[1]) == mag_grundy("." * n) and int(cells[2]) == mag_grundy("+" + "." * n)
        assert int(cells[4]) == mag_grundy("+" + "." * n + "-")
        if n >= 1:
            assert int(cells[3]) == mag_grundy("+" + "." * n + "+")
    assert lines[8].split(",")[5:] == ["", "", "", ""]  # n = 7: beyond the printed table
    assert downloads.csv_download("magnetism-sequences", "magnetism", ("-3",)) is None
    assert downloads.csv_download("magnetism-sequences", "euclid3", ("8",)) is None


# ---------------------------------------------------------------- Spring Cleaning: the grid


def _area(style: dict) -> tuple[set[int], set[int]]:
    """The grid rows and columns (from 0) a component's CSS grid area covers, in squares."""

    def span(text: str) -> set[int]:
        start, end = (int(x) for x in text.split("/"))
        return {(line - 1) // 2 for line in range(start, end) if (line - 1) % 2 == 0}

    return span(style["gridRow"]), span(style["gridColumn"])


def test_the_grid_in_sweep_mode_has_a_button_per_sweep_over_what_it_sweeps():
    text = "#####/#..../#...."  # the (5,3)-L of "Spring Cleaning II": value 1
    cells = grid_cells(text)
    board, status, error = sc_views.grid_view(GATE, "spring-cleaning", text, "sweep")
    assert error == "" and sc_grundy(cells) == 1
    assert "Grundy value 1" in text_of(status) and "W: the player to move wins" in text_of(status)
    game = find_game("spring-cleaning")
    listed = game.moves(game.parse(text))
    buttons = with_id_type(board, sc_board.GRID_SWEEP)
    after = {grid_cells(game.format(listed[b.id["index"]][1])) for b in buttons}
    assert after == spring_cleaning_moves(cells) and len(buttons) == len(listed)
    for button in buttons:
        left = grid_cells(game.format(listed[button.id["index"]][1]))
        swept = cells - left
        rows, cols = _area(button.style)
        # The button lies over exactly the pieces it sweeps.
        assert {(r, c) for r in rows for c in cols} == swept
        assert ("sc-winning" in button.className) == (sc_grundy(left) == 0)
    # The source's winning move: the second column's piece alone, leaving two bars of three.
    winning = [b for b in buttons if "sc-winning" in b.className]
    assert any(_area(b.style) == ({0}, {1}) for b in winning)


@pytest.mark.parametrize(("text", "label"), [("#", "1 row of 1 square"), ("##./#.#", "2 rows of 3 squares")])
def test_the_grid_is_named_with_its_rows_and_squares(text, label):
    board, _, error = sc_views.grid_view(GATE, "spring-cleaning", text, "dirt")
    grids = [c for c in walk(board) if "sc-grid" in (getattr(c, "className", "") or "").split()]
    assert error == "" and len(grids) == 1
    assert grids[0].to_plotly_json()["props"].get("aria-label") == f"the grid, {label}"


def test_the_grid_in_dirt_mode_toggles_squares_and_marks_the_winning_sweeps():
    text = "###/#../#.."
    board, status, error = sc_views.grid_view(GATE, "spring-cleaning", text, "dirt")
    squares = with_id_type(board, sc_board.GRID_CELL)
    assert error == "" and len(squares) == 9 and not with_id_type(board, sc_board.GRID_SWEEP)
    cells = grid_cells(text)
    value = sc_grundy(cells)
    assert f"Grundy value {value}" in text_of(status)
    marks = [c for c in walk(board) if "sc-winning" in (getattr(c, "className", "") or "")]
    winning = [m for m in spring_cleaning_moves(cells) if sc_grundy(m) == 0]
    assert (len(marks) > 0) == (len(winning) > 0) and len(marks) == len(winning)
    # A tap on a square adds or removes its dirt.
    new_text, log, error, _ = sc_views.grid_act(
        {"type": sc_board.GRID_CELL, "index": 1 * sc_board.CELL_STRIDE + 1}, 1, "spring-cleaning", text, "3x5", []
    )
    assert new_text == "###/##./#.." and "added at row 2, column 2" in log and error == ""
    new_text, log, _e, _ = sc_views.grid_act(
        {"type": sc_board.GRID_CELL, "index": 0}, 1, "spring-cleaning", text, "3x5", []
    )
    assert new_text == ".##/#../#.." and "removed" in log
    # A tap outside the grid, or a button just drawn (no click), does nothing.
    assert sc_views.grid_act({"type": sc_board.GRID_CELL, "index": 950}, 1, "spring-cleaning", text, "3x5", [])[0] is (
        no_update
    )
    assert sc_views.grid_act({"type": sc_board.GRID_CELL, "index": 0}, 0, "spring-cleaning", text, "3x5", [])[0] is (
        no_update
    )


def test_a_sweep_tapped_is_played_and_the_computer_replies():
    game = find_game("spring-cleaning")
    text = "#####/#..../#...."
    listed = game.moves(game.parse(text))
    k = next(i for i, (_t, child) in enumerate(listed) if sc_grundy(grid_cells(game.format(child))) == 0)
    new_text, log, error, _ = sc_views.grid_act(
        {"type": sc_board.GRID_SWEEP, "index": k}, 1, "spring-cleaning", text, "3x5", ["on"]
    )
    assert error == "" and "A winning move." in log and "Computer:" in log
    # The computer moved from a position of value 0: whatever it did, the position is W for you.
    assert sc_wins(grid_cells(new_text))
    out = sc_views.grid_act({"type": sc_board.GRID_SWEEP, "index": 99}, 1, "spring-cleaning", text, "3x5", [])
    assert out[0] is no_update and "not available" in out[2]


def test_the_size_buttons_make_empty_full_and_resized_grids():
    def act(button, size, text="###/#../#.."):
        return sc_views.grid_act(button, 1, "spring-cleaning", text, size, [])

    assert act(sc_views.GRID_EMPTY, "2x4")[0] == "..../...."
    full = act(sc_views.GRID_FULL, "3 × 5")[0]
    assert full == "#####/#####/#####"
    # The rectangle rule (odd x odd: 1) by the brute force.
    assert sc_grundy(grid_cells(full)) == 1
    assert act(sc_views.GRID_RESIZE, "2x4")[0] == "###./#..."
    assert act(sc_views.GRID_RESIZE, "4,2")[0] == "##/#./#./.."
    for bad in ["0x3", "21x4", "3", "x", "", None, 7]:
        out = act(sc_views.GRID_FULL, bad)
        assert out[0] is no_update and "rows x columns" in out[2] and out[3] == cb.INVALID_BOX_CLASS
    assert act(sc_views.GRID_RESIZE, "3x3", text="#x#")[2].startswith("Not resized")


def _rule(height: int, width: int) -> int:
    """The page's stated rule for a full rectangle; no rows or no columns: nothing, value 0."""
    if height == 0 or width == 0:
        return 0
    return 1 if height % 2 and width % 2 else 0 if height % 2 == 0 and width % 2 == 0 else 2


@pytest.mark.parametrize(("size", "value"), [("3x4", 2), ("5x6", 2), ("4x8", 0), ("6x6", 0), ("20x20", 0), ("7x5", 1)])
def test_full_grids_are_valued_by_the_rectangle_rule(size, value):
    """ "Full grid" of any size the editor draws: the value the page states (odd x odd 1, even x even 0, else 2)."""
    full = sc_views.grid_act(sc_views.GRID_FULL, 1, "spring-cleaning", "###/#../#..", size, [])[0]
    board, status, error = sc_views.grid_view(GATE, "spring-cleaning", full, "sweep")
    assert error == "" and f"Grundy value {value} (their nim-sum)" in text_of(status)
    assert value == _rule(*map(int, size.split("x")))
    # A bar per row and per column, marked winning when the two rectangles it leaves have nim-sum 0.
    height, width = map(int, size.split("x"))
    sweeps = with_id_type(board, sc_board.GRID_SWEEP)
    assert len(sweeps) == height + width
    winning = {b.title.split(":")[0] for b in sweeps if "sc-winning" in b.className}
    expected = {
        f"sweep row {r + 1}, columns 1-{width}"
        for r in range(height)
        if _rule(r, width) == _rule(height - 1 - r, width)
    }
    expected |= {
        f"sweep column {c + 1}, rows 1-{height}"
        for c in range(width)
        if _rule(height, c) == _rule(height, width - 1 - c)
    }
    assert winning == expected
    if height * width <= 16:
        assert sc_grundy(grid_cells(full)) == value  # the brute force


def test_the_grid_refuses_what_it_cannot_draw():
    big = "/".join(["#" + "." * 24] * 3)
    board, status, error = sc_views.grid_view(GATE, "spring-cleaning", big, "dirt")
    assert board == "" and "at most 20 × 20" in error
    board, status, error = sc_views.grid_view(GATE, "spring-cleaning", "##/#x", "dirt")
    assert board == "" and error.startswith("Not drawn")
    # 35 pieces in one group (a 6 x 6 rectangle less a corner): the work is refused before it starts, the grid
    # still drawn.  A full rectangle is valued by the rule at once (test_full_grids_are_valued_by_the_rectangle_rule).
    nearly = "/".join(["#####."] + ["######"] * 5)
    board, status, error = sc_views.grid_view(GATE, "spring-cleaning", nearly, "sweep")
    assert "Not valued" in error and len(with_id_type(board, sc_board.GRID_SWEEP)) == 12
    assert sc_views.grid_view(GATE, "magnetism", "###", "dirt") == (no_update,) * 3


def test_the_groups_under_the_position_are_the_brute_forces():
    game = find_game("spring-cleaning")
    text = "##.#/#..#/..../###."
    position = game.parse(text)
    details = text_of(sc_views.group_details(game, position))
    parts = game.parts(position)
    total = 0
    for part in parts:
        assert part["value"] == sc_grundy(grid_cells(part["position"]))
        total ^= part["value"]
    assert total == sc_grundy(grid_cells(text))
    assert f"nim-sum (XOR){total}" in details and details.count("group ") == len(parts)


def test_the_sweeps_csv():
    lines = csv_lines("sweeps", "spring-cleaning", "#####/#..../#....")
    header = "sweep,shape,first_row,first_column,last_row,last_column,leaves,outcome_left,wins"
    assert lines[0] == header and len(lines) == 1 + len(spring_cleaning_moves(grid_cells("#####/#..../#....")))
    for row in csv.DictReader(io.StringIO("\n".join(lines))):
        left = grid_cells(row["leaves"])
        assert (row["outcome_left"] == "L") == (not sc_wins(left)) and row["wins"] == str(row["outcome_left"] == "L")
        swept = grid_cells("#####/#..../#....") - left
        rows, cols = {r for r, _ in swept}, {c for _, c in swept}
        assert (min(rows) + 1, min(cols) + 1, max(rows) + 1, max(cols) + 1) == tuple(
            int(row[k]) for k in ("first_row", "first_column", "last_row", "last_column")
        )


# ---------------------------------------------------------------- Spring Cleaning: the L-shapes


def test_the_l_table_is_the_brute_forces_and_marks_the_sources_4_at_2_4():
    tables, note, error, box = sc_lshapes.lshape_view(GATE, "spring-cleaning", "6")
    assert error == "" and box == cb.BOX_CLASS
    entries = with_id_type(tables, sc_lshapes.LSHAPE_CELL)
    assert len(entries) == 25
    disagree = set()
    for entry in entries:
        a, b = divmod(entry.id["index"], sc_board.CELL_STRIDE)
        value = sc_grundy(grid_cells(l_shape(a, b)))
        assert text_of(entry).split()[0] == str(value)
        if PRINTED_L[a - 2][b - 2] != value:
            disagree.add((a, b))
    # The one entry where the computation and the source disagree: (2,4), printed 4, computed 3; the source
    # itself prints 3 at (4,2), the same L turned over.
    assert disagree == {(2, 4)}
    assert sc_grundy(grid_cells(l_shape(2, 4))) == 3 and PRINTED_L[2][0] == 3
    marked = [c for c in walk(tables) if "finite-differs" in (getattr(c, "className", "") or "")]
    assert len(marked) == 1 and "(source 4)" in text_of(marked[0])
    assert "(2,4): the source prints 4, the computation gives 3" in note and "at (4,2)" in note
    assert "24 of the source's 25 entries agree" in note
    # A longer leg: the table grows, the source's stays 2..6.
    tables, note, error, _ = sc_lshapes.lshape_view(GATE, "spring-cleaning", "8")
    assert error == "" and len(with_id_type(tables, sc_lshapes.LSHAPE_CELL)) == 49
    for bad in ["1", "17", "x"]:
        assert sc_lshapes.lshape_view(GATE, "spring-cleaning", bad)[3] == cb.INVALID_BOX_CLASS


def test_an_entry_of_the_l_table_is_played():
    text, log = sc_lshapes.lshape_pick(
        {"type": sc_lshapes.LSHAPE_CELL, "index": 5 * sc_board.CELL_STRIDE + 3}, 1, "spring-cleaning"
    )
    assert len(grid_cells(text)) == 5 + 3 - 1 and text == "#####/#..../#...." and "(5,3)-L" in log
    assert sc_lshapes.lshape_pick({"type": sc_lshapes.LSHAPE_CELL, "index": 99 * 100}, 1, "spring-cleaning") == (
        no_update,
        no_update,
    )
    assert sc_lshapes.lshape_pick({"type": sc_lshapes.LSHAPE_CELL, "index": 203}, 1, "wythoff") == (
        no_update,
        no_update,
    )


def test_the_l_table_csv_names_the_disagreement():
    lines = csv_lines("l-shapes", "spring-cleaning", "6")
    assert lines[0] == "a,b,value,source,agrees" and len(lines) == 26
    assert "2,4,3,4,False" in lines and "4,2,3,3,True" in lines
    assert sum(line.endswith("False") for line in lines) == 1
    lines = csv_lines("l-shapes", "spring-cleaning", "7")
    last = lines[-1].split(",")
    assert last[:2] == ["7", "7"] and int(last[2]) == sc_grundy(grid_cells(l_shape(7, 7))) and last[3:] == ["", ""]


# ---------------------------------------------------------------- Spring Cleaning: the zigzags


def test_the_zigzags_are_couples_are_forever_shifted_by_two_and_the_printed_row_is_not():
    table, figure, note, error, box = sc_zigzags.zigzag_view(GATE, "spring-cleaning", "15")
    assert error == "" and box == cb.BOX_CLASS
    couples = couples_are_forever_values(17)
    rows = sc_zigzags.zigzag_rows(15)
    for row in rows:
        n = row["n"]
        if n <= 12:
            assert row["value"] == sc_grundy(grid_cells(zigzag(n)))  # the staircase on the whole grid
        assert row["couples_n_plus_2"] == couples[n + 2] == row["value"]
        assert row["couples_n"] == couples[n] and row["source"] == PRINTED_ZIGZAGS[n - 1]
        assert row["differs"] == (PRINTED_ZIGZAGS[n - 1] != row["value"])
    # Every printed entry differs from the staircase of n pieces; the printed row is Couples are Forever on n.
    assert all(row["differs"] for row in rows) and couples[1:16] == PRINTED_ZIGZAGS
    assert "at 15 of its 15 entries" in note and "Couples are Forever's own sequence" in note
    assert str(table).count("bar-pic") == 15
    assert str(table).count("finite-differs") == 15
    names = [t.name for t in figure.data]
    assert names[0].startswith("Z(n)") and list(figure.data[3].y) == PRINTED_ZIGZAGS
    # Beyond the printed row: no entry to compare, none marked.
    table, _f, _n, error, _b = sc_zigzags.zigzag_view(GATE, "spring-cleaning", "20")
    assert error == "" and str(table).count("bar-pic") == 20 and str(table).count("finite-differs") == 15
    for bad in ["0", "64", "-3", "1e9"]:
        assert sc_zigzags.zigzag_view(GATE, "spring-cleaning", bad)[4] == cb.INVALID_BOX_CLASS


def test_the_zigzags_csv():
    lines = csv_lines("zigzags", "spring-cleaning", "16")
    assert lines[0] == "n,shape,value,couples_n_plus_2,source,couples_n,differs" and len(lines) == 17
    couples = couples_are_forever_values(18)
    for line in lines[1:]:
        n, shape, value, plus2, source, caf_n, differs = line.split(",")
        assert shape == zigzag(int(n)) and int(value) == couples[int(n) + 2] == int(plus2)
        assert int(caf_n) == couples[int(n)]
        if int(n) <= 15:
            assert int(source) == PRINTED_ZIGZAGS[int(n) - 1] and differs == "True"
        else:
            assert source == "" and differs == "False"


# ---------------------------------------------------------------- Euclid's game on triples


def test_the_octant_is_the_brute_forces_triples():
    figure, note, error, box = e3_views.octant_view(GATE, "euclid3", "9")
    assert error == "" and box == cb.BOX_CLASS
    losing, winning = figure.data[0], figure.data[1]
    lost = {tuple(map(int, p)) for p in zip(losing.x, losing.y, losing.z, strict=True)}
    won = {tuple(map(int, p)) for p in zip(winning.x, winning.y, winning.z, strict=True)}
    everything = set(itertools.product(range(9), repeat=3))
    assert lost == {t for t in everything if not e3_wins(t)} and won == everything - lost
    # The source's sizes: the L triples big, the W triples small; the page's colours.
    assert losing.marker.size > winning.marker.size
    assert losing.marker.color == "#D55E00" and winning.marker.color == "#0072B2"
    assert note.startswith(f"{len(lost)} of the 729 triples") and "sample" not in note


def test_a_large_octant_draws_every_l_triple_and_a_sample_of_the_w():
    figure, note, error, _ = e3_views.octant_view(GATE, "euclid3", "60")
    outcomes = euclid3_outcomes(60)
    losing, winning = figure.data[0], figure.data[1]
    drawn_l = np.stack([losing.x, losing.y, losing.z], axis=1)
    assert error == "" and drawn_l.shape[0] == 54_060 == int((outcomes == 0).sum())
    assert (outcomes[drawn_l[:, 0], drawn_l[:, 1], drawn_l[:, 2]] == 0).all()
    drawn_w = np.stack([winning.x, winning.y, winning.z], axis=1)
    assert (
        drawn_w.shape[0] == e3_views.MAX_W_DRAWN and (outcomes[drawn_w[:, 0], drawn_w[:, 1], drawn_w[:, 2]] == 1).all()
    )
    assert len({tuple(p) for p in drawn_w.tolist()}) == e3_views.MAX_W_DRAWN  # no triple twice
    assert "an even sample of 6,000 is drawn" in note and "54,060 of the 216,000" in note
    # A few drawn triples against the brute force.
    for point in drawn_l[::5000].tolist() + drawn_w[::1000].tolist():
        assert e3_wins(tuple(point)) == bool(outcomes[tuple(point)])


def test_the_slice_c_0_is_euclids_game_on_pairs():
    figure, note, error, box = e3_views.slice_view(GATE, "euclid3", "12", "0")
    z = np.asarray(figure.data[0].z)  # row b, column a
    assert error == "" and all(bool(z[b, a]) == euclid_wins(a, b) for a in range(12) for b in range(12))
    assert "Euclid's game on (a, b)" in note
    figure, note, error, box = e3_views.slice_view(GATE, "euclid3", "10", "4")
    z = np.asarray(figure.data[0].z)
    assert all(bool(z[b, a]) == e3_wins((a, b, 4)) for a in range(10) for b in range(10))
    assert e3_views.slice_view(GATE, "euclid3", "10", "10")[3] == cb.INVALID_BOX_CLASS
    assert e3_views.slice_view(GATE, "euclid3", "x", "1")[2] == ""  # the octant's box says what is wrong


def test_the_octant_refuses_bad_input_and_other_games():
    for bad in ["0", "61", "banana", "10**9", None]:
        out = e3_views.octant_view(GATE, "euclid3", bad)
        assert out[2] and out[3] == cb.INVALID_BOX_CLASS
    assert e3_views.octant_view(GATE, "euclid", "20") == (no_update,) * 4
    with pytest.raises(PreventUpdate):
        e3_views.octant_view(None, "euclid3", "20")


def test_the_octant_csvs():
    lines = csv_lines("octant", "euclid3", "6")
    assert lines[0] == "a,b,c,outcome" and len(lines) == 1 + 216
    for line in lines[1:]:
        a, b, c, outcome = line.split(",")
        assert (outcome == "W") == e3_wins((int(a), int(b), int(c)))
    lines = csv_lines("octant-slice", "euclid3", "6", "2")
    assert lines[0] == "a,b,c,outcome" and len(lines) == 37 and all(line.split(",")[2] == "2" for line in lines[1:])
    assert downloads.csv_download("octant", "euclid3", ("61",)) is None
    assert downloads.csv_download("octant", "euclid", ("6",)) is None


def test_the_play_panel_of_euclid3_is_the_brute_force():
    state, moves, error, _ = cb.play_view(GATE, "euclid3", "5,8,12")
    assert error == "" and f"Grundy value {e3_grundy((5, 8, 12))}" in text_of(state)
    buttons = with_id_type(moves, ids.MOVE)
    assert len(buttons) == len(euclid3_moves((5, 8, 12)))


# ---------------------------------------------------------------- hostile input into every callback of these views

HOSTILE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    st.sampled_from(["<b>x</b>", "10**9999", "9" * 5000, "+..-", "++", "###/#..", "#/##", "3,5,7", "60", "3x5"]),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)
NAMES = st.sampled_from(["magnetism", "spring-cleaning", "euclid3", "wythoff", "octal-0.137"])
VALUES = st.sampled_from(["0", "1", "7", "20", "-1", "+...-..", "###/#../#..", "5,8,12", "3x5", "sweep", "dirt", "99"])
TRIGGERS = st.one_of(
    HOSTILE,
    st.sampled_from([sc_views.GRID_EMPTY, sc_views.GRID_FULL, sc_views.GRID_RESIZE]),
    st.fixed_dictionaries(
        {
            "type": st.sampled_from([sc_board.GRID_CELL, sc_board.GRID_SWEEP, sc_lshapes.LSHAPE_CELL, "x"]),
            "index": st.one_of(st.integers(-5, 2000), HOSTILE),
        }
    ),
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    gate=st.one_of(st.just(GATE), st.none(), HOSTILE),
    name=st.one_of(NAMES, HOSTILE),
    a=st.one_of(VALUES, HOSTILE),
    b=st.one_of(VALUES, HOSTILE),
    trigger=TRIGGERS,
)
def test_hostile_values_never_raise(gate, name, a, b, trigger):
    calls = [
        lambda: mag_views.sequences_view(gate, name, a),
        lambda: sc_views.grid_view(gate, name, a, b),
        lambda: sc_views.grid_act(trigger, a, name, b, a, b),
        lambda: sc_views.grid_act(trigger, 1, name, b, a, ["on"]),
        lambda: sc_lshapes.lshape_view(gate, name, a),
        lambda: sc_lshapes.lshape_pick(trigger, a, name),
        lambda: sc_zigzags.zigzag_view(gate, name, a),
        lambda: e3_views.octant_view(gate, name, a),
        lambda: e3_views.slice_view(gate, name, a, b),
        lambda: cb.play_view(gate, name, a),
        lambda: downloads.csv_download(a, name, (b,)),
        lambda: downloads.csv_download("octant-slice", name, (a, b)),
        lambda: downloads.csv_download("sweeps", name, (a,)),
        lambda: sc_views.check_size_param(a) if isinstance(a, str) else None,
    ]
    for call in calls:
        with contextlib.suppress(PreventUpdate):
            try:
                call()
            except ValueError:
                # Only the address's check may refuse, with its message (the page shows it in its notice).
                assert call is calls[-1]


def test_every_menu_game_plays_on_its_surface():
    for name in ("magnetism", "spring-cleaning", "euclid3"):
        game = impartial_game(name)
        state, moves, error, _ = cb.play_view(GATE, name, game.format(game.start()))
        assert error == "" and "Grundy value" in text_of(state) and with_id_type(moves, ids.MOVE)
