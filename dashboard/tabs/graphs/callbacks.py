"""Callbacks of the Games on graphs tab, and the plain functions they call (tested without a browser).

The board box and the position box hold the whole state that matters (they
are the address's ``ggraph=`` and ``gpos=``); the drawing is made from them
on every change (:func:`show`).  A tap on the drawing
(``assets/graph_editor.js`` writes it to :data:`ids.INTENT`) becomes, by the
mode, a vertex or an edge added to the board, a token placed or removed, or
a move (:func:`act`), and a move button or "Computer moves" makes a move
(:func:`play_button`).  The computer's move is the solver's
(:meth:`solver.registry.boards.BoardGame.computer_pick`): it wins when it can,
keeps a draw when it cannot win, and otherwise loses as slowly as it knows
how.  Bad input becomes a message next to the boxes, never an exception.
"""

from __future__ import annotations

import dash
from dash import ALL, Input, Output, State, no_update
from dash.exceptions import PreventUpdate

from ... import ids as page_ids
from ...components import MOVE_CLICK_JS
from ...gametree.build import tree_depth
from ...gametree.geometry import TREE_LAYOUT
from ...gametree.view import register_view, tree_answer
from ...movelist import move_id, pressed_index
from ...tables import register_exports
from ...urlkeys import choice
from . import figures, ids, upload
from .games import DEFAULT_GAME, GAMES, Analysis, Board, GraphMove, GraphPage, find_game

__all__ = [
    "MODES",
    "act",
    "check_mode_param",
    "judge_board_param",
    "judge_position_param",
    "show_marked",
    "apply_move",
    "choose_game",
    "chosen_props",
    "mode_options",
    "play_button",
    "register",
    "serves",
    "show",
    "tree_view",
]

#: What a tap on the drawing does, by mode (the address's ``gmode=``).
MODES = {
    "edit": (
        "draw the graph (tap the background for a vertex, two vertices for an edge; tap a vertex and press "
        "Delete to remove it; drag to move)"
    ),
    "tokens": "place tokens (tap a vertex to put one there or take one away)",
    "take": "take tokens away (tap a vertex to take one of its tokens)",
    "play": "play (tap a token, then where it goes; or tap the vertex to mark)",
}
#: The "place" mode's words where pieces stack on a vertex (the tokens game).
STACKING = "place tokens (a tap puts one more token on a vertex; tokens may share a vertex)"
#: The address's check of ``gmode=``: one of :data:`MODES` (its ``spec`` lets the page check before it writes).
check_mode_param = choice("the tap mode", MODES)
#: Most vertices and edges drawn.
MAX_DRAWN = 400
MAX_DRAWN_EDGES = 2_000
#: ``className`` of the board and position boxes, and of one whose content was refused.
BOX_CLASS = "num-input graphs-text"
INVALID_BOX_CLASS = "num-input graphs-text invalid"


def mode_options(game: GraphPage) -> list[dict]:
    """The mode switch's options for ``game``: editing only where the board is drawn by hand.

    Where pieces stack (:attr:`BoardGame.stacks`) a tap in the "place" mode
    adds one more and the "take away" mode takes one; elsewhere a tap in the
    "place" mode puts a piece or takes it away and "take away" is disabled.
    """
    stacks = game.game.stacks
    return [
        {
            "label": STACKING if key == "tokens" and stacks else text,
            "value": key,
            "disabled": (key == "edit" and not game.editable) or (key == "take" and not stacks),
        }
        for key, text in MODES.items()
    ]


def _mode_kept(game: GraphPage, mode: object) -> str:
    """``mode`` when ``game`` allows it (a shared address's ``gmode=``), else "play"."""
    allowed = {o["value"] for o in mode_options(game) if not o["disabled"]}
    return mode if isinstance(mode, str) and mode in allowed else "play"


def serves(game) -> bool:
    """Whether the tab is shown for a game of the page's menu: the games drawn on a graph.

    Parameters
    ----------
    game : solver.registry.Game

    Returns
    -------
    bool
        ``"graph"`` is one of the game's views (:attr:`solver.registry.Game.views`).
    """
    return "graph" in game.views


def choose_game(name: object, board_text: object, position_text: object, mode: object = "play") -> tuple:
    """The boxes after a game is chosen: the board and position kept when they are the new game's, else its defaults.

    The tap mode is kept when the new game allows it (an address's
    ``gmode=`` survives the game it names), else it is "play".

    Returns
    -------
    tuple
        ``(board, position, board help, position label, mode options,
        mode, error, preset options)``.  The game itself is named and
        described by the page's header (:mod:`dashboard.gamemenu`).
    """
    try:
        game = find_game(name)
    except ValueError as exc:
        return (no_update,) * 6 + (str(exc), no_update)
    try:
        board = game.board(board_text)
        board_value = board.text
        position_value = game.analyse(board, position_text).position
    except ValueError:
        # Not a board and position of this game: its own, as a new game.
        board_value, position_value = game.default_board, game.default_position
    return (
        board_value,
        position_value,
        f" ({game.board_help})",
        f"{game.position_label} ",
        mode_options(game),
        _mode_kept(game, mode),
        "",
        preset_options(game),
    )


def chosen_props(name: str) -> dict[str, dict[str, object]]:
    """What the tab's answer to a newly chosen game writes (:func:`choose_game`), for the page served at its address.

    Parameters
    ----------
    name : str
        A game's registry name (one the tab serves).

    Returns
    -------
    dict
        ``{component id: {property: value}}``: the game's own board and
        position, the boxes' help, the tap modes (play) and the presets, as
        :func:`choose_game` writes them from the game's defaults.  Empty for
        a name that is no game of the tab.
    """
    try:
        game = find_game(name)
    except ValueError:
        return {}
    board, position, board_help, label, modes, mode, error, presets = choose_game(
        name, game.default_board, game.default_position
    )
    return {
        ids.BOARD: {"value": board},
        ids.POSITION: {"value": position},
        ids.BOARD_HELP: {"children": board_help},
        ids.POSITION_LABEL: {"children": label},
        ids.MODE: {"options": modes, "value": mode},
        ids.ERROR: {"children": error},
        ids.PRESET: {"options": presets},
    }


def preset_options(game: GraphPage) -> list[dict]:
    """The presets menu of ``game``: ``{"label", "value"}`` with the preset's index as its value."""
    return [{"label": label, "value": k} for k, (label, _board, _position) in enumerate(game.presets)]


def choose_preset(index: object, name: object) -> tuple:
    """A preset chosen: ``(board, position, log)``."""
    try:
        game = find_game(name)
    except ValueError:
        raise PreventUpdate from None
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(game.presets):
        raise PreventUpdate
    label, board, position = game.presets[index]
    return board, position, f"{game.title}: {label}."


def _places(board: Board, stored: object) -> list[tuple[float, float]]:
    """The vertices' places: the board's own, else those stored for this board text, else the default ones."""
    if board.places is not None:
        return list(board.places)
    defaults = figures.default_places(board.text, board.n)
    if isinstance(stored, dict) and stored.get("for") == board.text and isinstance(stored.get("places"), list):
        kept = stored["places"]
        out = []
        for v in range(board.n):
            place = kept[v] if v < len(kept) else None
            ok = isinstance(place, list) and len(place) == 2 and all(isinstance(c, (int, float)) for c in place)
            out.append((float(place[0]), float(place[1])) if ok else defaults[v])  # type: ignore[index]
        return out
    return defaults


def _selected(value: object, board: Board) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < board.n else None


def _board(game: GraphPage, text: object) -> Board:
    """The board box read for ``game``, and small enough to draw; ValueError says why not."""
    board = game.board(text)
    if board.drawable and (board.n > MAX_DRAWN or len(board.arcs) > MAX_DRAWN_EDGES):
        raise ValueError(
            f"the board has {board.n:,} vertices and {len(board.arcs):,} edges; the page draws at most "
            f"{MAX_DRAWN} vertices and {MAX_DRAWN_EDGES:,} edges: draw a smaller graph"
        )
    return board


def show(gate: object, name: object, board_text: object, position_text: object, selected: object, stored: object):
    """The drawing, the outcome, the moves and the values of the position on the board.

    Returns
    -------
    tuple
        ``(elements, layout, outcome, moves, error, note, values rows)``; an
        empty drawing and the message for bad input.
    """
    return show_marked(gate, name, board_text, position_text, selected, stored)[:7]


def show_marked(
    gate: object, name: object, board_text: object, position_text: object, selected: object, stored: object
) -> tuple:
    """:func:`show`, and the ``className`` of the board and position boxes: ``invalid`` on the one refused.

    Returns
    -------
    tuple
        ``(*show's outputs, board box class, position box class)``; a box
        that was not judged (no game, or the board refused for the position)
        is ``no_update``.
    """
    if not isinstance(gate, dict):
        raise PreventUpdate
    try:
        game = find_game(name)
    except ValueError as exc:
        return [], no_update, "", "", str(exc), "", [], no_update, no_update
    try:
        board = _board(game, board_text)
    except ValueError as exc:
        return [], no_update, "", "", str(exc), "", [], INVALID_BOX_CLASS, no_update
    try:
        analysis = game.analyse(board, position_text)
    except ValueError as exc:
        return [], no_update, "", "", str(exc), "", [], BOX_CLASS, INVALID_BOX_CLASS
    places = _places(board, stored)
    directed = board.directed
    elements = (
        figures.elements(board, analysis, places, _selected(selected, board), directed, board.places is not None)
        if board.drawable
        else []
    )
    count = sum(1 for m in analysis.moves if m.outcome == "L")
    draws = sum(1 for m in analysis.moves if m.outcome == "D")
    note = f"{board.n} vertices, {len(board.arcs)} {'arcs' if directed else 'edges'}; "
    note += (
        f"{len(analysis.moves)} moves, "
        + (f"{count} winning" if count or not draws else f"{draws} keeping a draw")
        + "."
    )
    if not board.drawable:
        note += " Too many to draw: the table below lists every vertex."
    return (
        elements,
        figures.GRAPH_LAYOUT,
        analysis.sentence,
        figures.moves_view(analysis.moves),
        "",
        note,
        game.values_rows(board, analysis),
        BOX_CLASS,
        BOX_CLASS,
    )


def address_game(values) -> GraphPage:
    """The game an address names, for the judgements of the tab's keys: its ``game``, or the tab's first game.

    Parameters
    ----------
    values : mapping
        Every key's value read from the address.

    Returns
    -------
    GraphPage
        The page of the address's game when the tab has one, else of
        :data:`.games.DEFAULT_GAME` (the tab's hidden game input keeps it while
        the page shows another kind of game).
    """
    try:
        return find_game(values.get("game"))
    except ValueError:
        return find_game(DEFAULT_GAME)


def judge_board_param(text: object, values) -> None:
    """The address's judgement of ``gboard=``: as :func:`show`, a board of the game the address names, small enough to draw.

    The game is the address's ``game`` when the tab serves it, else the
    tab's own first game (:func:`address_game`).

    Parameters
    ----------
    text : object
        The value read (it passed its key's check).
    values : mapping
        Every key's value read from the address (:data:`dashboard.urlkeys.Judge`).

    Raises
    ------
    ValueError
        The message :func:`show` gives for it.
    """
    _board(address_game(values), text)


def judge_position_param(text: object, values) -> None:
    """The address's judgement of ``gpos=``: as :func:`show`, a position on the board ``gboard=`` gives.

    Parameters
    ----------
    text, values
        As :func:`judge_board_param`.

    Raises
    ------
    ValueError
        The message :func:`show` gives for it (nothing is judged on a board that is not the game's).
    """
    game = address_game(values)
    try:
        board = _board(game, values.get("gboard"))
    except ValueError:
        return
    game.analyse(board, text)


def apply_move(game: GraphPage, board: Board, move: GraphMove, who: str, reply: bool) -> tuple[str, str, str]:
    """Make ``move`` (and the computer's reply when ``reply``): the new board text, position text and log line."""
    board_text = move.board if move.board is not None else board.text
    position = move.position
    log = f"{who}: {move.text}."
    if who == "You":
        log += {"L": " A winning move.", "D": " It keeps a draw.", "W": " That leaves the computer a win."}[
            move.outcome
        ]
    after = game.board(board_text)
    analysis = game.analyse(after, position)
    if reply and who == "You":
        k = game.computer(after, analysis)
        if k is None:
            return board_text, position, log + " The computer has no move: you win."
        answer = analysis.moves[k]
        board_text = answer.board if answer.board is not None else board_text
        position = answer.position
        log += f" Computer: {answer.text}."
        analysis = game.analyse(game.board(board_text), position)
        if not analysis.moves:
            log += " You have no move: the computer wins."
    elif who == "Computer" and not analysis.moves:
        log += " No move is left: the computer wins."
    return board_text, position, log


def _intent(value: object) -> dict | None:
    if not isinstance(value, dict) or value.get("action") not in ("background", "vertex", "moved", "delete"):
        return None
    if value["action"] == "delete":
        return value
    for key in ("v", "x", "y"):
        if key in value and (not isinstance(value[key], (int, float)) or isinstance(value[key], bool)):
            return None
    if value["action"] != "background" and not isinstance(value.get("v"), int):
        return None
    if value["action"] != "vertex" and not all(isinstance(value.get(k), (int, float)) for k in ("x", "y")):
        return None
    return value


def act(
    intent: object,
    mode: object,
    name: object,
    board_text: object,
    position_text: object,
    selected: object,
    stored: object,
    reply: object,
) -> tuple:
    """A tap or a drag on the drawing.

    Parameters
    ----------
    intent : dict
        ``{"action": "background", "x", "y"}``, ``{"action": "vertex", "v"}``,
        ``{"action": "moved", "v", "x", "y"}`` or ``{"action": "delete"}`` (the
        Delete or Backspace key: the chosen vertex goes, in the "edit" mode)
        (``assets/graph_editor.js``).
    mode : str
        ``"edit"``, ``"tokens"``, ``"take"`` or ``"play"`` (:data:`MODES`).
    name, board_text, position_text : object
        The game and the two boxes.
    selected : object
        The vertex tapped first, or None.
    stored : object
        The places store.
    reply : object
        The reply switch (``["on"]``: the computer answers a move).

    Returns
    -------
    tuple
        ``(board, position, selected, places, log, error)``.
    """
    found = _intent(intent)
    if found is None:
        raise PreventUpdate
    skip = no_update
    try:
        game = find_game(name)
        board = game.board(board_text)
    except ValueError as exc:
        return skip, skip, skip, skip, skip, str(exc)
    places = _places(board, stored)
    action = found["action"]
    if action == "moved":
        v = found["v"]
        if board.places is not None or not 0 <= v < board.n:
            raise PreventUpdate
        places[v] = (float(found["x"]), float(found["y"]))
        return skip, skip, skip, {"for": board.text, "places": places}, skip, skip
    first = _selected(selected, board)
    try:
        if action == "delete":
            if mode != "edit" or not game.game.hand_drawn or first is None:
                raise PreventUpdate
            text, position = game.delete_vertex(board, position_text, first)
            kept = [p for k, p in enumerate(places) if k != first]
            return text, position, None, {"for": text, "places": kept}, f"Deleted vertex {first}.", ""
        if mode == "edit":
            if not game.editable:
                return skip, skip, skip, skip, skip, f"the board of {game.title} is not drawn by hand: type it"
            if action == "background":
                text = game.add_vertex(board)
                places.append((float(found["x"]), float(found["y"])))
                return text, skip, None, {"for": text, "places": places}, f"Added vertex {board.n}.", ""
            v = found["v"]
            if first is None:
                more = " or press Delete to remove it" if game.game.hand_drawn else ""
                return skip, skip, v, skip, f"Vertex {v} chosen: tap another to join them{more}.", ""
            if first == v and not board.directed:
                return skip, skip, None, skip, "", ""
            text = game.toggle_edge(board, first, v)
            sep = "→" if board.directed else "–"
            had = (first, v) in board.arcs or (not board.directed and (v, first) in board.arcs)
            word = "Removed" if had else "Added"
            return text, skip, None, {"for": text, "places": places}, f"{word} {first}{sep}{v}.", ""
        if action != "vertex":
            raise PreventUpdate
        v = found["v"]
        if not 0 <= v < board.n:
            raise PreventUpdate
        if mode == "tokens":
            return skip, game.put(board, position_text, v), None, skip, "", ""
        if mode == "take":
            return skip, game.take(board, position_text, v), None, skip, "", ""
        analysis = game.analyse(board, position_text)
        taps = (v,) if first is None else (first, v)
        for move in analysis.moves:
            if move.taps == taps or move.taps == (v,):
                new_board, new_position, log = apply_move(game, board, move, "You", _on(reply))
                if new_board == board.text:
                    return skip, new_position, None, skip, log, ""
                # The board changed (an edge erased): the vertices stay where they were.
                return new_board, new_position, None, {"for": new_board, "places": places}, log, ""
        if any(len(m.taps) > 1 and m.taps[0] == v for m in analysis.moves):
            return skip, skip, v, skip, f"{board.names[v]} chosen: tap where it goes.", ""
        return skip, skip, None, skip, f"No move starts or ends at {board.names[v]} here.", ""
    except ValueError as exc:
        return skip, skip, None, skip, skip, str(exc)


def _on(reply: object) -> bool:
    return isinstance(reply, list) and "on" in reply


def play_button(
    triggered: object,
    clicks: object,
    name: object,
    board_text: object,
    position_text: object,
    reply: object,
    stored: object = None,
) -> tuple:
    """A move button or "Computer moves": ``(board, position, selected, places, log, error)``.

    The places store follows a board the move changes (an edge erased), so
    the vertices stay where they were.
    """
    if triggered is None or not clicks:
        raise PreventUpdate
    skip = no_update
    try:
        game = find_game(name)
        board = game.board(board_text)
        analysis: Analysis = game.analyse(board, position_text)
        if isinstance(triggered, dict):
            index = triggered.get("index")
            if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(analysis.moves):
                return skip, skip, skip, skip, skip, "that move is not available any more: the position changed"
            move, who = analysis.moves[index], "You"
        elif triggered == ids.COMPUTER:
            k = game.computer(board, analysis)
            if k is None:
                return skip, skip, None, skip, "No move left: the player to move has lost.", ""
            move, who = analysis.moves[k], "Computer"
        else:
            raise PreventUpdate
        new_board, new_position, log = apply_move(game, board, move, who, _on(reply))
    except ValueError as exc:
        return skip, skip, skip, skip, skip, str(exc)
    if new_board == board.text:
        return skip, new_position, None, skip, log, ""
    return new_board, new_position, None, {"for": new_board, "places": _places(board, stored)}, log, ""


def fit_position(board_text: object, name: object, position_text: object) -> object:
    """The position box after the board box changed: a position of the new board (:meth:`BoardGame.fit_pieces`).

    Fair Shares: a new N with the last N's partition becomes N as one heap,
    so the page shows the new N's outcome rather than "holds 6 almonds, not
    11".  ``no_update`` when the position fits (or the board is no board:
    :func:`show` says why).
    """
    if not isinstance(position_text, str):
        raise PreventUpdate
    try:
        game = find_game(name)
        board = game.board(board_text)
        fitted = game.game.fit_pieces(board.model, position_text) if board.model is not None else position_text
    except (TypeError, ValueError):
        raise PreventUpdate from None
    if fitted == position_text:
        raise PreventUpdate
    return fitted


def new_game(name: object) -> tuple:
    """ "New game": the game's own board and position."""
    try:
        game = find_game(name)
    except ValueError as exc:
        return no_update, no_update, str(exc)
    return game.default_board, game.default_position, f"New game of {game.title}."


def tree_view(gate: object, name: object, board_text: object, position_text: object, depth: object) -> tuple:
    """The game tree of the position on the board, to a small depth (:func:`dashboard.gametree.view.tree_answer`).

    Returns
    -------
    tuple
        ``(elements, layout, note, canvas style, list)``; no tree and the
        message for bad input or work beyond the page's limits.
    """
    if not isinstance(gate, dict):
        raise PreventUpdate
    try:
        game = find_game(name)
        board = game.board(board_text)
        position = game.position(board, position_text)
        elements, note, style, outline = tree_answer(game.game, position, tree_depth(depth))
    except (TypeError, ValueError) as exc:
        return [], no_update, f"No tree: {exc}", no_update, ""
    return elements, dict(TREE_LAYOUT), note, style, outline


def register(app) -> None:
    """Wire the Games on graphs tab's callbacks to ``app`` (the upload's are in :mod:`.upload`)."""
    gate = Input(page_ids.tab_gate_id("graphs"), "data")
    register_exports(app, [ids.VALUES])
    upload.register(app)

    @app.callback(
        Output(ids.BOARD, "value"),
        Output(ids.POSITION, "value"),
        Output(ids.BOARD_HELP, "children"),
        Output(ids.POSITION_LABEL, "children"),
        Output(ids.MODE, "options"),
        Output(ids.MODE, "value"),
        Output(ids.ERROR, "children"),
        Output(ids.PRESET, "options"),
        Input(ids.GAME, "value"),
        State(ids.BOARD, "value"),
        State(ids.POSITION, "value"),
        State(ids.MODE, "value"),
        prevent_initial_call=True,
    )
    def _choose(name, board_text, position_text, mode):
        return choose_game(name, board_text, position_text, mode)

    @app.callback(
        Output(ids.BOARD, "value", allow_duplicate=True),
        Output(ids.POSITION, "value", allow_duplicate=True),
        Output(ids.LOG, "children", allow_duplicate=True),
        Input(ids.PRESET, "value"),
        State(ids.GAME, "value"),
        prevent_initial_call=True,
    )
    def _preset(index, name):
        return choose_preset(index, name)

    @app.callback(
        Output(ids.BOARD, "value", allow_duplicate=True),
        Output(ids.POSITION, "value", allow_duplicate=True),
        Output(ids.LOG, "children", allow_duplicate=True),
        Input(ids.NEW, "n_clicks"),
        State(ids.GAME, "value"),
        prevent_initial_call=True,
    )
    def _new(_clicks, name):
        return new_game(name)

    app.callback(
        Output(ids.POSITION, "value", allow_duplicate=True),
        Input(ids.BOARD, "value"),
        State(ids.GAME, "value"),
        State(ids.POSITION, "value"),
        prevent_initial_call=True,
    )(fit_position)

    app.callback(
        Output(ids.BOARD, "value", allow_duplicate=True),
        Output(ids.POSITION, "value", allow_duplicate=True),
        Output(ids.SELECTED, "data", allow_duplicate=True),
        Output(ids.PLACES, "data", allow_duplicate=True),
        Output(ids.LOG, "children", allow_duplicate=True),
        Output(ids.ERROR, "children", allow_duplicate=True),
        Input(ids.INTENT, "data"),
        State(ids.MODE, "value"),
        State(ids.GAME, "value"),
        State(ids.BOARD, "value"),
        State(ids.POSITION, "value"),
        State(ids.SELECTED, "data"),
        State(ids.PLACES, "data"),
        State(ids.REPLY, "value"),
        prevent_initial_call=True,
    )(act)

    # A pressed move button reaches the server through a store, so drawing new buttons (on every load and
    # after every move) sends no request.
    app.clientside_callback(
        MOVE_CLICK_JS,
        Output(ids.MOVE_CLICK, "data"),
        Input({"type": ids.MOVE, "index": ALL}, "n_clicks"),
        prevent_initial_call=True,
    )

    @app.callback(
        Output(ids.BOARD, "value", allow_duplicate=True),
        Output(ids.POSITION, "value", allow_duplicate=True),
        Output(ids.SELECTED, "data", allow_duplicate=True),
        Output(ids.PLACES, "data", allow_duplicate=True),
        Output(ids.LOG, "children", allow_duplicate=True),
        Output(ids.ERROR, "children", allow_duplicate=True),
        Input(ids.MOVE_CLICK, "data"),
        Input(ids.COMPUTER, "n_clicks"),
        State(ids.GAME, "value"),
        State(ids.BOARD, "value"),
        State(ids.POSITION, "value"),
        State(ids.REPLY, "value"),
        State(ids.PLACES, "data"),
        prevent_initial_call=True,
    )
    def _play(pressed, _computer, name, board_text, position_text, reply, stored):
        if dash.ctx.triggered_id == ids.MOVE_CLICK:
            index = pressed_index(pressed)
            if index is None:
                raise PreventUpdate
            clicks = pressed.get("clicks") if isinstance(pressed, dict) else None
            return play_button(move_id(ids.MOVE, index), clicks, name, board_text, position_text, reply, stored)
        value = dash.ctx.triggered[0]["value"] if dash.ctx.triggered else None
        return play_button(dash.ctx.triggered_id, value, name, board_text, position_text, reply, stored)

    app.callback(
        Output(ids.CANVAS, "elements"),
        Output(ids.CANVAS, "layout"),
        Output(ids.OUTCOME, "children"),
        Output(ids.MOVES, "children"),
        Output(ids.ERROR, "children", allow_duplicate=True),
        Output(ids.NOTE, "children"),
        Output(ids.VALUES, "rowData"),
        Output(ids.BOARD, "className"),
        Output(ids.POSITION, "className"),
        gate,
        Input(ids.GAME, "value"),
        Input(ids.BOARD, "value"),
        Input(ids.POSITION, "value"),
        Input(ids.SELECTED, "data"),
        State(ids.PLACES, "data"),
        prevent_initial_call=True,
    )(show_marked)
    app.callback(
        Output(ids.TREE, "elements"),
        Output(ids.TREE, "layout"),
        Output(ids.TREE_NOTE, "children"),
        Output(ids.TREE, "style"),
        Output(ids.TREE_LIST, "children"),
        gate,
        Input(ids.GAME, "value"),
        Input(ids.BOARD, "value"),
        Input(ids.POSITION, "value"),
        Input(ids.TREE_DEPTH, "value"),
        prevent_initial_call=True,
    )(tree_view)
    register_view(app, ids.TREE, ids.TREE_FIT, ids.TREE_CARD)


__all__ += ["GAMES", "choose_preset", "fit_position", "new_game", "preset_options"]
