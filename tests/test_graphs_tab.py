"""The Games on graphs tab's functions (dashboard.tabs.graphs), without a browser, against brute force."""

from __future__ import annotations

import contextlib

import pytest
from dash import no_update
from dash.exceptions import PreventUpdate
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from layout_support import lazy_ids
from naive_tokens import product_outcomes

from dashboard.tabs.graphs import TAB, figures, ids
from dashboard.tabs.graphs import callbacks as cb
from dashboard.tabs.graphs.games import GAMES, find_game
from dashboard.tabs.graphs.layout import graphs_layout
from solver import parse_graph
from solver.registry import Move, choose_move
from solver.registry import games as registry_games
from solver.registry.boards import loopy_class, loopy_label

GATE = {"opened": True}


def _succ(text: str) -> list[list[int]]:
    return parse_graph(text, directed=True).neighbours()


# ---------------------------------------------------------------- the drawing shows the solver's truth


@pytest.mark.parametrize(
    ("board", "tokens"),
    [
        ("1>0,2>1,3>2,3>0,4>3,4>5,5>4,5>2,6>5,6>1,6>7,7>6", "1,6"),
        ("1>0,2>1,3>2,3>0,4>3,4>5,5>4,5>2,6>5,6>1,6>7,7>6", "3,5,7"),
        ("0>1,1>2,2>0,1>3", "0,0,2"),
        ("0>0,1>0,2>1,2>2", "1,2"),
        ("cycle-4", "0"),
        ("path-5", "0,2"),
    ],
)
def test_tokens_outcome_and_every_move_agree_with_the_product_graph(board, tokens):
    elements, _layout, sentence, moves, error, note, rows = cb.show(GATE, "tokens", board, tokens, None, None)
    assert error == ""
    game = find_game("tokens")
    analysis = game.analyse(game.board(board), tokens)
    succ = _succ(board)
    k = len(analysis.tokens and [v for v, c in enumerate(analysis.tokens) for _ in range(c)])
    truth = product_outcomes(succ, k)
    state = tuple(sorted(int(v) for v in tokens.split(",")))
    assert analysis.outcome == truth[state]
    assert sentence.startswith({"W": "W:", "L": "L:", "D": "D:"}[truth[state]]) or sentence.startswith("no move")
    for move in analysis.moves:
        after = tuple(sorted(int(v) for v in move.position.split(","))) if move.position else ()
        assert move.outcome == truth[after]
    # One node per vertex in its value's colour; a token vertex carries the token class.
    nodes = [e for e in elements if "source" not in e["data"]]
    assert len(nodes) == len(succ) == len(rows)
    single = product_outcomes(succ, 1)
    for node in nodes:
        v = node["data"]["vertex"]
        assert node["classes"].split()[0] == single[(v,)]
        assert ("token" in node["classes"]) == (str(v) in tokens.split(","))
    # The marked arcs are the winning moves, or the drawing ones when none wins.
    best = {e["data"]["id"] for e in elements if "best" in e.get("classes", "")}
    wins = [m for m in analysis.moves if m.outcome == "L"]
    marked = wins or [m for m in analysis.moves if m.outcome == "D"]
    assert best == {f"e{m.arc[0]}-{m.arc[1]}" for m in marked}
    assert "moves" in note


def test_loopy_labels_and_colours():
    assert [loopy_label(t) for t in ("0", "3", "inf{}", "inf{0,2}")] == ["*0", "*3", "∞{}", "∞{0,2}"]
    assert [loopy_class(t) for t in ("0", "3", "inf{}", "inf{0,2}", "inf{1}")] == ["L", "W", "D", "W", "D"]


def test_snakes_board_is_the_token_game_of_its_board():
    game = find_game("snakes-and-adders")
    board = game.board("6")
    assert board.names[-1] == "HOME" and board.drawn == ()
    analysis = game.analyse(board, "1,4")
    # A board of 6 squares without arrows: the counters' values are the distance to HOME mod 5.
    assert analysis.labels[:6] == tuple(f"*{(6 + 1 - s) % 5}" for s in range(1, 7))
    truth = product_outcomes(board.drawn_graph.neighbours(), 2)
    assert analysis.outcome == truth[(0, 3)]
    with pytest.raises(ValueError, match="tail"):
        game.analyse(game.board("20: 8>2"), "8")
    assert game.toggle_edge(game.board("20: 8>2"), 7, 1) == "20"
    assert game.toggle_edge(game.board("20"), 9, 18) == "20: 10>19"


def test_fair_shares_positions_and_the_lesson_count():
    game = find_game("fair-shares")
    board = game.board("6")
    assert board.n == 11  # "there are altogether 11 positions"
    analysis = game.analyse(board, "3+2+1")
    truth = product_outcomes(board.drawn_graph.neighbours(), 1)
    assert analysis.classes == tuple(truth[(v,)] for v in range(11))
    assert analysis.outcome == truth[(board.names.index("3+2+1"),)]
    large = game.board("40")
    assert large.n == 37_338 and not large.drawable
    elements, _layout, _s, _m, error, note, rows = cb.show(GATE, "fair-shares", "40", "40", None, None)
    assert error == "" and elements == [] and "table below" in note and len(rows) == 37_338
    with pytest.raises(ValueError):
        game.analyse(board, "3+2")


# ---------------------------------------------------------------- taps on the drawing


def test_edit_mode_adds_vertices_and_toggles_edges():
    board, position, selected, places, log, error = cb.act(
        {"action": "background", "x": 10, "y": 20}, "edit", "tokens", "0>1", "0", None, None, []
    )
    assert board == "0>1,2" and places["for"] == board and places["places"][2] == (10.0, 20.0) and error == ""
    out = cb.act({"action": "vertex", "v": 1}, "edit", "tokens", board, "0", None, places, [])
    assert out[2] == 1 and "tap another" in out[4]
    out = cb.act({"action": "vertex", "v": 2}, "edit", "tokens", board, "0", 1, places, [])
    assert out[0] == "0>1,1>2" and out[2] is None and out[4] == "Added 1→2."
    out = cb.act({"action": "vertex", "v": 2}, "edit", "tokens", "0>1,1>2", "0", 1, out[3], [])
    assert out[0] == "0>1,2" and out[4] == "Removed 1→2."
    # An undirected game: no loop; a board not drawn by hand refuses editing.
    assert (
        "not drawn by hand"
        in cb.act({"action": "background", "x": 0, "y": 0}, "edit", "fair-shares", "6", "6", None, None, [])[5]
    )


def test_tokens_mode_places_and_removes_tokens():
    out = cb.act({"action": "vertex", "v": 3}, "tokens", "tokens", "path-5", "0", None, None, [])
    assert out[1] == "0,3"
    # Tokens may share a vertex: a tap in the "place" mode puts one more there (issue 34, item 7) ...
    out = cb.act({"action": "vertex", "v": 0}, "tokens", "tokens", "path-5", "0,0,3", None, None, [])
    assert out[1] == "0,0,0,3"
    # ... and one in the "take away" mode takes one; none there is a message.
    out = cb.act({"action": "vertex", "v": 0}, "take", "tokens", "path-5", "0,0,3", None, None, [])
    assert out[1] == "0,3"
    assert "no token" in cb.act({"action": "vertex", "v": 4}, "take", "tokens", "path-5", "0,3", None, None, [])[5]
    # Where a vertex holds one piece, a tap in the "place" mode puts it or takes it away, as before.
    assert cb.act({"action": "vertex", "v": 4}, "tokens", "fair-shares", "6", "6", None, None, [])[1] == "3+3"
    assert cb.act({"action": "vertex", "v": 2}, "tokens", "monochrome", "path-5", "0,2", None, None, [])[1] == "0"


def test_delete_key_deletes_the_chosen_vertex_in_the_edit_mode():
    places = {"for": "0>1,1>2,2>0", "places": [[0, 0], [10, 0], [20, 0]]}
    out = cb.act({"action": "vertex", "v": 1}, "edit", "tokens", "0>1,1>2,2>0", "1,2", None, places, [])
    assert out[2] == 1 and "Delete" in out[4]
    board, position, selected, kept, log, error = cb.act(
        {"action": "delete"}, "edit", "tokens", "0>1,1>2,2>0", "1,2", 1, places, []
    )
    assert (board, position, selected, error) == ("1>0", "1", None, "") and log == "Deleted vertex 1."
    assert kept == {"for": "1>0", "places": [(0.0, 0.0), (20.0, 0.0)]}
    # Nothing chosen, another mode, or a board not drawn by hand: the key does nothing.
    for mode, game, board_text, chosen in [
        ("edit", "tokens", "0>1", None),
        ("play", "tokens", "0>1", 0),
        ("tokens", "tokens", "0>1", 0),
        ("edit", "fair-shares", "6", 0),
    ]:
        with pytest.raises(PreventUpdate):
            cb.act({"action": "delete"}, mode, game, board_text, "0" if game == "tokens" else "6", chosen, None, [])


def test_play_by_two_taps_and_the_computer_reply():
    board = "path-4"
    out = cb.act({"action": "vertex", "v": 0}, "play", "tokens", board, "0", None, None, [])
    assert out[2] == 0 and "tap where it goes" in out[4]
    out = cb.act({"action": "vertex", "v": 1}, "play", "tokens", board, "0", 0, None, ["on"])
    # path 0>1>2>3: from 1 the computer moves to 2, and the player moves last to 3.
    assert out[1] == "2" and "Computer: token 1 → 2" in out[4]
    out = cb.act({"action": "vertex", "v": 3}, "play", "tokens", board, "0", None, None, [])
    assert "No move starts or ends" in out[4]


def test_move_buttons_and_computer_moves():
    board = "1>0,2>1,3>2,3>0,4>3,4>5,5>4,5>2,6>5,6>1,6>7,7>6"
    game = find_game("tokens")
    analysis = game.analyse(game.board(board), "1,6")
    k = next(i for i, m in enumerate(analysis.moves) if m.outcome == "L")
    out = cb.play_button({"type": ids.MOVE, "index": k}, 1, "tokens", board, "1,6", [])
    assert out[1] == analysis.moves[k].position and "A winning move" in out[4]
    out = cb.play_button(ids.COMPUTER, 1, "tokens", board, "1,6", [])
    assert "Computer:" in out[4]
    after = game.analyse(game.board(board), out[1])
    assert after.outcome == "L"  # from a W position the computer leaves an L position
    assert "not available" in cb.play_button({"type": ids.MOVE, "index": 99}, 1, "tokens", board, "1,6", [])[5]
    assert "lost" in cb.play_button(ids.COMPUTER, 1, "tokens", "0>1", "1", [])[4]
    with pytest.raises(PreventUpdate):
        cb.play_button({"type": ids.MOVE, "index": 0}, 0, "tokens", board, "1,6", [])


def test_the_computer_wins_a_won_token_game_against_every_defence():
    """From a W position the computer's moves end the game: no defence loops for ever (Smith's counter)."""
    board = "1>0,2>1,3>2,3>0,4>3,4>5,5>4,5>2,6>5,6>1,6>7,7>6"
    game = find_game("tokens")
    frontier = {"1,6"}
    seen = set()
    for _ in range(40):
        following = set()
        for position in frontier:
            analysis = game.analyse(game.board(board), position)
            assert analysis.outcome == "W"
            mine = analysis.moves[game.computer(game.board(board), analysis)]
            reply = game.analyse(game.board(board), mine.position)
            assert reply.outcome == "L"
            for answer in reply.moves:
                if answer.position not in seen:
                    seen.add(answer.position)
                    if game.analyse(game.board(board), answer.position).moves:
                        following.add(answer.position)
        frontier = following
        if not frontier:
            break
    assert not frontier


def computer_choice(moves):
    """The index among the page's moves of the solver's one choice (:func:`solver.registry.choose_move`)."""
    listed = [Move(str(k), k) for k in range(len(moves))]
    found = choose_move(listed, [m.outcome for m in moves], [m.remoteness for m in moves])
    return None if found is None else listed.index(found)


def test_computer_choice_prefers_a_quick_win_then_a_draw_then_a_slow_loss():
    from dashboard.tabs.graphs.games import GraphMove

    def m(outcome, rem):
        return GraphMove("x", "", None, outcome, (0,), None, rem)

    assert computer_choice([m("W", 3), m("L", 5), m("L", 2), m("D", None)]) == 2
    assert computer_choice([m("W", 3), m("D", None)]) == 1
    assert computer_choice([m("W", 3), m("W", 7)]) == 1
    assert computer_choice([]) is None


# ---------------------------------------------------------------- the game menu and the address


def test_choose_game_keeps_what_fits_and_resets_what_does_not():
    out = cb.choose_game("snakes-and-adders", "0>1", "0")
    game = find_game("snakes-and-adders")
    assert out[0] == game.default_board and out[1] == game.default_position and out[6] == ""
    assert out[4][0]["disabled"] is True or game.editable
    out = cb.choose_game("tokens", "0>1,1>0", "0,1")
    assert out[0] == "0>1,1>0" and out[1] == "0,1"
    assert cb.choose_game("nonsense", "", "")[6].startswith("choose a game")
    assert [o["disabled"] for o in cb.mode_options(find_game("fair-shares"))] == [True, False, True, False]
    assert [o["disabled"] for o in cb.mode_options(find_game("tokens"))] == [False, False, False, False]
    # The tap mode is kept where the new game allows it (an address's gmode=), else play.
    assert cb.choose_game("tokens", "0>1", "0", "take")[5] == "take"
    assert cb.choose_game("fair-shares", "6", "6", "edit")[5] == "play"
    assert cb.choose_game("monochrome", "path-3", "", "edit")[5] == "edit"


def test_address_keys_and_layout():
    keys = {k.key: k for k in TAB.url_keys}
    # The game is the page's (the address's game=); the tab serves the games drawn on a graph.
    assert set(keys) == {"gboard", "gpos", "gmode"}
    assert TAB.game_input == ids.GAME
    assert {game.name for game in registry_games() if TAB.serves(game)} == set(GAMES)
    # The tap mode is in the address, checked (with a spec the page checks before writing it).
    assert keys["gmode"].component_id == ids.MODE and keys["gmode"].default == "play"
    assert keys["gmode"].check("edit") == "edit" and keys["gmode"].check.spec["options"] == list(cb.MODES)
    with pytest.raises(ValueError):
        keys["gmode"].check("erase")
    with pytest.raises(ValueError):
        keys["gboard"].check("x" * 30_000)
    text = str(graphs_layout())
    for name in dir(ids):
        if name.isupper() and name != "MOVE":
            assert getattr(ids, name) in text, name


def test_bad_input_is_a_message():
    for board, position, words in [
        ("0>a", "0", "not an arc"),
        ("0>1", "5", "off the graph"),
        ("0-1", "0", "directed"),
        ("complete-200", "0", "at most 400 vertices and 2,000 edges"),
        ("path-500", "0", "at most 400 vertices"),
    ]:
        out = cb.show(GATE, "tokens", board, position, None, None)
        assert out[0] == [] and words in out[4], (board, out[4])
    assert "almonds" in cb.show(GATE, "fair-shares", "61", "61", None, None)[4]
    assert "tail" in cb.show(GATE, "snakes-and-adders", "20: 8>2", "8", None, None)[4]
    assert "off the board" in cb.show(GATE, "snakes-and-adders", "20: 8>25", "1", None, None)[4]


def test_default_places_follow_the_preset():
    grid = figures.default_places("grid-2x3", 6)
    assert grid[4] == (figures.SPACING, figures.SPACING)
    path = figures.default_places("path-12", 12)
    assert path[10] == (9 * figures.SPACING, figures.SPACING)  # the second row runs back
    circle = figures.default_places("0-1,1-2", 3)
    assert len(set(circle)) == 3


HOSTILE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=True),
    st.text(max_size=30),
    st.sampled_from(["0>1,1>0", "path-5", "petersen", "20: 8>2", "6", "3+2+1", "0,0", "1e400", "<b>", "9" * 500]),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.sampled_from(["action", "v", "x", "y"]), st.one_of(st.integers(-3, 40), st.text(max_size=3))),
)
NAMES = st.one_of(st.sampled_from(list(GAMES)), HOSTILE)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(gate=st.one_of(st.just(GATE), HOSTILE), name=NAMES, a=HOSTILE, b=HOSTILE, c=HOSTILE)
def test_hostile_values_never_raise(gate, name, a, b, c):
    calls = [
        lambda: cb.show(gate, name, a, b, c, a),
        lambda: cb.act(a, b, name, a, b, c, a, b),
        lambda: cb.act({"action": "vertex", "v": 1}, "play", name, a, b, c, None, ["on"]),
        lambda: cb.act({"action": "background", "x": 1, "y": 2}, "edit", name, a, b, c, None, []),
        lambda: cb.play_button(a, b, name, a, b, c),
        lambda: cb.play_button(ids.COMPUTER, 1, name, a, b, ["on"]),
        lambda: cb.choose_game(name, a, b),
        lambda: cb.new_game(name),
    ]
    for call in calls:
        with contextlib.suppress(PreventUpdate):
            call()


def test_new_game():
    assert cb.new_game("tokens")[:2] == (GAMES["tokens"].default_board, GAMES["tokens"].default_position)
    assert cb.new_game("x")[:2] == (no_update, no_update)


# ---------------------------------------------------------------- the finite games on a graph


def test_monochrome_marks_and_values_against_brute_force():
    from naive_graphs import monochrome_in_play, monochrome_reference

    game = find_game("monochrome")
    board = game.board("path-7")
    analysis = game.analyse(board, "")
    edges = list(board.drawn_graph.edges)
    grundy = monochrome_reference(edges)[0]

    def monochrome_value(n, edges, marked):
        return grundy(monochrome_in_play(n, edges, marked))

    assert analysis.outcome == ("L" if monochrome_value(7, edges, ()) == 0 else "W")
    for move in analysis.moves:
        (v,) = move.taps
        after = monochrome_value(7, edges, (v,))
        assert move.outcome == ("L" if after == 0 else "W") and analysis.labels[v] == f"→*{after}"
    out = cb.act({"action": "vertex", "v": 3}, "play", "monochrome", "path-7", "", None, None, [])
    assert out[1] == "3" and "You: mark 3" in out[4]
    # Marked and out of play: a tap on a vertex next to a mark is not a move.
    marked = game.analyse(board, "3")
    assert marked.tokens[3] == 1 and marked.out[2] and marked.out[4] and not marked.out[0]
    assert "No move" in cb.act({"action": "vertex", "v": 4}, "play", "monochrome", "path-7", "3", None, None, [])[4]
    with pytest.raises(ValueError):
        game.toggle(board, "3", 4)  # next to the mark: not a position


def test_eraserhead_moves_erase_their_edge_and_match_brute_force():
    from naive_graphs import eraserhead_grundy, eraserhead_state

    def eraserhead_value(n, edges, erasers):
        return eraserhead_grundy(eraserhead_state(edges, erasers))

    game = find_game("eraserhead")
    board = game.board("cycle-5")
    analysis = game.analyse(board, "0,2")
    edges = list(board.drawn_graph.edges)
    assert analysis.outcome == ("L" if eraserhead_value(5, edges, (0, 2)) == 0 else "W")
    for move in analysis.moves:
        start, end = move.taps
        left = [e for e in edges if e != move.arc]
        erasers = tuple(sorted({0, 2} - {start} | {end}))
        assert move.outcome == ("L" if eraserhead_value(5, left, erasers) == 0 else "W")
        assert game.board(move.board).drawn_graph.edges == tuple(sorted(left))
    # Play by two taps: the edge goes, the vertices stay where they were.
    out = cb.act(
        {"action": "vertex", "v": 1}, "play", "eraserhead", "cycle-5", "0,2", 0, {"for": "cycle-5", "places": []}, []
    )
    assert out[1] == "1,2" and out[0] == "0-4,1-2,2-3,3-4" and out[3]["for"] == out[0]


# ---------------------------------------------------------------- the vertex table and its CSV (issue 34)


def test_the_table_names_each_vertex_as_the_drawing_does():
    """A Snakes square is named "1", never "vertex 0" beside it; a partition by its heaps."""
    rows = cb.show(GATE, "snakes-and-adders", "12", "1,4", None, None)[6]
    assert rows[0]["vertex"] == "1" and rows[-1]["vertex"] == "HOME"
    assert all(set(row) == {"vertex", "value", "outcome"} for row in rows)
    rows = cb.show(GATE, "fair-shares", "6", "3+2+1", None, None)[6]
    assert {row["vertex"] for row in rows} >= {"6", "3+2+1", "1+1+1+1+1+1"}
    columns = [c["field"] for c in _find(graphs_layout(), ids.VALUES).columnDefs]
    assert columns == ["vertex", "value", "outcome"]


def test_monochrome_table_says_what_marking_a_vertex_does():
    """On path-3 marking the middle wins (it leaves nothing: L, vermilion); marking an end loses."""
    rows = cb.show(GATE, "monochrome", "path-3", "", None, None)[6]
    by = {row["vertex"]: row for row in rows}
    assert by["1"]["value"] == "→*0" and by["1"]["outcome"] == "marking it wins (leaves L)"
    assert by["0"]["value"] == "→*1" and by["0"]["outcome"] == "marking it loses (leaves W)"
    # The drawing's colour is the same class: vermilion (L) where marking wins.
    nodes = {
        e["data"]["vertex"]: e["classes"].split()
        for e in cb.show(GATE, "monochrome", "path-3", "", None, None)[0]
        if "source" not in e["data"]
    }
    assert nodes[1][0] == "L" and nodes[0][0] == "W"


def test_the_values_csv_writes_inf_as_docs_views_says():
    from dashboard.tables import rows_to_csv

    rows = cb.show(GATE, "tokens", GAMES["tokens"].default_board, "1,6", None, None)[6]
    assert any(row["value"].startswith("∞{") for row in rows)  # the page shows ∞{…}
    text = rows_to_csv(rows, ["vertex", "value", "outcome"])
    assert "inf{" in text and "∞" not in text


def _find(component, component_id):
    if getattr(component, "id", None) == component_id:
        return component
    children = getattr(component, "children", None)
    for child in children if isinstance(children, list) else [children] if children is not None else []:
        if hasattr(child, "to_plotly_json"):
            found = _find(child, component_id)
            if found is not None:
                return found
    return None


def test_a_new_n_of_fair_shares_gives_a_position_of_that_n():
    """Typing 11 almonds under the position 2+2+2: the position becomes 11 and the outcome is shown."""
    assert cb.fit_position("11", "fair-shares", "2+2+2") == "11"
    out = cb.show(GATE, "fair-shares", "11", "11", None, None)
    assert out[4] == "" and out[2].startswith(("W:", "L:", "D:"))
    with pytest.raises(PreventUpdate):
        cb.fit_position("11", "fair-shares", "5+3+3")  # a partition of 11 is kept
    with pytest.raises(PreventUpdate):
        cb.fit_position("0>1", "tokens", "0")
    with pytest.raises(PreventUpdate):
        cb.fit_position("x", "fair-shares", "2+2+2")  # no board: show says why


def test_the_table_and_the_tree_below_the_first_screen_wait_in_lazy_boxes():
    # The board, its outcome and the moves are drawn first; the table of values and the game tree (an ag-grid
    # and a cytoscape graph, below the first screen) mount near the viewport or once the page is idle.
    where = lazy_ids(graphs_layout())
    assert where[ids.VALUES] and where[ids.TREE]
    assert not any(where[key] for key in (ids.CANVAS, ids.OUTCOME, ids.MOVES, ids.BOARD, ids.POSITION))
