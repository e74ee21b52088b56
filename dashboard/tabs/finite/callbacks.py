"""Callbacks of the Finite games tab, and the plain functions they call (tested without a browser).

The tab reads what the chosen game declares (:attr:`solver.ImpartialGame.views`,
:attr:`~solver.ImpartialGame.play_surface`): the views' panels are shown or
hidden by :func:`choose_game`, and mounted in the browser only while shown
(:data:`MOUNT_VIEWS_JS`), each view wires its own callbacks
(:mod:`.views`), and this module wires the game menu, play, the game tree
and every "Download CSV".  Every view asks the chosen game
(:func:`solver.impartial_game` keeps one object per game, so the tables it
computes serve every request).  Work is estimated before it starts: each
call gives the solver the page's time limit (:data:`.play.PAGE_SECONDS`),
and a request beyond it gets the solver's message with its estimate
instead of a figure.  Every input is checked where it comes in; bad input
becomes a message next to its control, never an exception.
"""

from __future__ import annotations

import functools
import json

import dash
from dash import ALL, Input, Output, State, html, no_update
from dash.exceptions import PreventUpdate

from solver.parsing import describe_text
from solver.registry import find_game as find_registry_game

from ... import ids as page_ids
from ...components import DEFERRED_SHOWN, DEFERRED_WAITING, MOVE_CLICK_JS
from ...gametree.build import tree_depth
from ...gametree.geometry import TREE_LAYOUT
from ...gametree.view import register_view, tree_answer
from . import ids
from .downloads import ALL_EXPORTS, download
from .games import find_game, parse_position
from .play import PAGE_SECONDS, move_rows, play
from .views import VIEWS, gate_id, mount_id, panel_id, surface_for
from .views.base import BOX_CLASS, INVALID_BOX_CLASS

__all__ = [
    "BOX_CLASS",
    "FOLLOW_GATE_JS",
    "MOUNT_VIEWS_JS",
    "MOVE_CLICK_JS",
    "OPEN_VIEWS_JS",
    "TREE_GATE_JS",
    "INVALID_BOX_CLASS",
    "choose_game",
    "chosen_props",
    "play_act",
    "play_view",
    "register",
    "reset_position",
    "serves",
    "tree_view",
]

POSITION_CLASS = "num-input finite-position"
INVALID_POSITION_CLASS = "num-input finite-position invalid"


# ---------------------------------------------------------------- the game


def _panel_styles(game) -> list[dict]:
    """One style per view of :data:`.views.VIEWS`: shown when the game declares the view."""
    shown = set(game.views) if game is not None else set()
    return [{} if key in shown else {"display": "none"} for key in VIEWS]


def serves(game) -> bool:
    """Whether the tab is shown for a game of the page's menu: the finite impartial games, which have Grundy values.

    Parameters
    ----------
    game : solver.registry.Game

    Returns
    -------
    bool
        ``game.value_kind == "grundy"`` (:attr:`solver.registry.Game.value_kind`).
    """
    return game.value_kind == "grundy"


def choose_game(value: object) -> tuple:
    """The tab's message, its position's help and its views, for the game the page's menu chose.

    Parameters
    ----------
    value : object
        The tab's hidden game input (:data:`ids.GAME`), which the page's game
        menu sets (:mod:`dashboard.gamemenu`).

    Returns
    -------
    tuple
        ``(error, position help, *panel styles)`` (one style per view of
        :data:`.views.VIEWS`).  A name that is no game says why and shows
        no view.  The game itself is named and described by the page's
        header (:mod:`dashboard.gamemenu`).
    """
    try:
        game = find_game(value)
    except ValueError as exc:
        return (str(exc), "", *_panel_styles(None))
    return ("", f" ({game.position_help})", *_panel_styles(game))


def chosen_props(name: str) -> dict[str, dict[str, object]]:
    """What the tab's answer to a newly chosen game writes, for the page served at the game's address.

    Parameters
    ----------
    name : str
        A game's registry name (one the tab serves).

    Returns
    -------
    dict
        ``{component id: {property: value}}``: the message and the
        position's help (:func:`choose_game`), each view's container style,
        and each view's deferred holder (:func:`.views.mount_id`) mounted
        for the views the game shows and unmounted for the others, as
        :data:`MOUNT_VIEWS_JS` leaves them.  Empty for a name that is no
        game (the page then answers it in the browser).
    """
    chosen = choose_game(name)
    if chosen[0]:
        return {}
    props: dict[str, dict[str, object]] = {
        ids.GAME_ERROR: {"children": chosen[0]},
        ids.POSITION_HELP: {"children": chosen[1]},
    }
    for key, style in zip(VIEWS, chosen[2:], strict=True):
        props[panel_id(key)] = {"style": style}
        props[mount_id(key)] = {"value": DEFERRED_WAITING if style.get("display") == "none" else DEFERRED_SHOWN}
    return props


#: What the game menu's answer writes in the tab for a game it serves (:func:`answer_game`): the message, the
#: position's help, each view's container style and deferred holder (:func:`chosen_props`), the position box and
#: the log line.
ANSWER_OUTPUTS: tuple[tuple[str, str], ...] = (
    (ids.GAME_ERROR, "children"),
    (ids.POSITION_HELP, "children"),
    *[output for key in VIEWS for output in ((panel_id(key), "style"), (mount_id(key), "value"))],
    (ids.POSITION, "value"),
    (ids.PLAY_LOG, "children"),
)


def answer_game(name: object, text: object) -> list[object]:
    """The tab's part of the game menu's answer to a game it serves (:class:`dashboard.tabs.GameAnswer`).

    Parameters
    ----------
    name : object
        The chosen game's registry name.
    text : object
        The position box's text now: kept when it is a position of the new
        game (:func:`reset_position`).

    Returns
    -------
    list
        One value per :data:`ANSWER_OUTPUTS` entry: :func:`chosen_props`,
        then the position and the log line of :func:`reset_position`;
        ``no_update`` throughout for a name that is no game.
    """
    props = chosen_props(name) if isinstance(name, str) else {}
    if not props:
        return [no_update] * len(ANSWER_OUTPUTS)
    position, log = reset_position(ids.GAME, name, text, None)
    props = {**props, ids.POSITION: {"value": position}, ids.PLAY_LOG: {"children": log}}
    return [props[component_id][prop] for component_id, prop in ANSWER_OUTPUTS]


#: Opens the gate of every view the chosen game shows (its panels' style is not ``display: none``), once the
#: tab's gate is open; the others' gates stay as they are, so their callbacks send no request.  A change of the
#: position alone (the last argument) opens only the gates of the shown views that follow it
#: (:attr:`.views.base.View.follows_position`), so a move asks for no other view.  The time makes each opening
#: a new value.
OPEN_VIEWS_JS = """function (gate) {
    var follows = __FOLLOWS__;
    var styles = Array.prototype.slice.call(arguments, 1, 1 + follows.length);
    var skip = window.dash_clientside.no_update;
    if (!gate) { return styles.map(function () { return skip; }); }
    var fired = (window.dash_clientside.callback_context.triggered || []).map(function (t) { return t.prop_id; });
    var moved = fired.length > 0 && fired.every(function (p) { return p === '__POSITION__.value'; });
    var opened = Date.now();
    return styles.map(function (style, i) {
        if (style && style.display === 'none') { return skip; }
        return moved && !follows[i] ? skip : {tab: gate, opened: opened};
    });
}""".replace("__FOLLOWS__", json.dumps([view.follows_position for view in VIEWS.values()])).replace(
    "__POSITION__", ids.POSITION
)


#: Opens the gate of the Play panel (or of the game tree) once the tab's gate is open, and again whenever the
#: game, the position (or the tree's depth) change: its server callback reads those as states, so it runs once
#: per change, and never for a change made before the tab was open (a game or position from the address).
FOLLOW_GATE_JS = """function (gate) {
    return gate ? {tab: gate, opened: Date.now()} : window.dash_clientside.no_update;
}"""


#: Opens the game tree's gate as :data:`FOLLOW_GATE_JS` does, but only once the tree's lazy holder
#: (:data:`.ids.TREE_LAZY`, :func:`dashboard.components.lazy`) has mounted it, which ``assets/page.js`` does after
#: the page's first view is drawn: a finite game's address load asks for the tree (and the browser applies its
#: elements and outline) after the views it shows first, and the mounting itself asks for it.  Arguments: the tab's
#: gate, the game, the position and the depth (which only fire it), then the holder's value.
TREE_GATE_JS = """function (gate, game, position, depth, holder) {
    if (!gate || holder !== __SHOWN__) { return window.dash_clientside.no_update; }
    return {tab: gate, opened: Date.now()};
}""".replace("__SHOWN__", json.dumps(DEFERRED_SHOWN))


#: Mounts the panels of every view whose container is shown and unmounts the others' (each view's deferred holder,
#: :func:`.views.mount_id`), so the browser builds the graphs, grids and cytoscape of the chosen game's views only.
#: Arguments: the containers' styles, then the holders' values; a holder already as wanted is left as it is.
MOUNT_VIEWS_JS = """function () {
    var args = Array.prototype.slice.call(arguments);
    var count = args.length / 2;
    var skip = window.dash_clientside.no_update;
    return args.slice(0, count).map(function (style, i) {
        var wanted = style && style.display === 'none' ? __WAITING__ : __SHOWN__;
        return args[count + i] === wanted ? skip : wanted;
    });
}""".replace("__WAITING__", json.dumps(DEFERRED_WAITING)).replace("__SHOWN__", json.dumps(DEFERRED_SHOWN))


def reset_position(triggered: object, name: object, text: object, node: object) -> tuple:
    """The position box after a new game, a new game chosen, or a node of the tree clicked.

    Parameters
    ----------
    triggered : str or None
        Id of what fired: :data:`ids.GAME` (a game chosen: the position is
        kept when it is one of the new game, else the game's start),
        :data:`ids.PLAY_NEW` (the start) or :data:`ids.TREE` (the clicked node).
    name : object
        The game's name.
    text : object
        The position box's text.
    node : object
        The tree's ``tapNodeData`` (its ``position``).

    Returns
    -------
    tuple
        ``(position text, log line)``.
    """
    try:
        game = find_game(name)
    except ValueError:
        return no_update, no_update
    start = game.format(game.start())
    if triggered == ids.PLAY_NEW:
        return start, f"New game of {game.title} from “{start}”."
    if triggered == ids.TREE:
        position = node.get("position") if isinstance(node, dict) else None
        if not isinstance(position, str):
            return no_update, no_update
        try:
            return game.format(game.parse(position)), f"Playing from “{position}”, a node of the tree."
        except (TypeError, ValueError):
            return no_update, no_update
    # A game chosen: always write the box, so the views that follow it run once, after this.
    if isinstance(text, str):
        try:
            return game.format(game.parse(text)), ""
        except (TypeError, ValueError):
            pass
    return start, f"New game of {game.title} from “{start}”."


def play_view(gate: object, name: object, text: object) -> tuple:
    """The position to play: its outcome and value, its moves as buttons (or Chomp's bar).

    Returns
    -------
    tuple
        ``(state, moves, error, position box class)``.
    """
    if not isinstance(gate, dict):
        raise PreventUpdate
    try:
        game = find_game(name)
    except ValueError as exc:
        return "", "", str(exc), POSITION_CLASS
    try:
        position = parse_position(game, text)
        outcome = game.outcome(position, max_seconds=PAGE_SECONDS)
    except ValueError as exc:
        shown = describe_text(text) if isinstance(text, str) else "nothing"
        return "", "", f"{exc} (you typed {shown})", INVALID_POSITION_CLASS
    try:
        rows = move_rows(game, position)
    except ValueError as exc:  # too many moves to list: the position's value is still shown
        return (
            _state(game, position, outcome, True),
            html.P(f"The moves are not listed: {exc}.", className="note"),
            "",
            POSITION_CLASS,
        )
    return (
        _state(game, position, outcome, bool(rows)),
        surface_for(game).moves(game, position, rows),
        "",
        POSITION_CLASS,
    )


def _state(game, position, outcome: str, has_moves: bool) -> object:
    surface = surface_for(game)
    shown = game.format(position)
    try:
        value: str = str(game.value(position, max_seconds=0.5))
    except ValueError:
        value = "not computed here (too costly)"
    if not has_moves:
        verdict = "no move: the player to move has lost"
    elif outcome == "W":
        verdict = "W: the player to move wins with best play"
    else:
        verdict = "L: the player to move loses against best play"
    parts: list = [html.P([html.Strong(surface.drawn_as or shown), f": Grundy value {value}; {verdict}."])]
    return parts + surface.details(game, position)


def play_act(triggered: object, clicks: object, name: object, text: object, reply: object) -> tuple:
    """A move button, a piece of the bar, or "Computer moves": the new position, a log line and an error.

    Parameters
    ----------
    triggered : dict, str or None
        The button pressed: a move's ``{"type": ids.MOVE, "index": k}`` or
        :data:`ids.PLAY_COMPUTER`.
    clicks : object
        Its ``n_clicks``: nothing happens for a button just drawn (no clicks).
    name, text : object
        The game's name and the position box's text.
    reply : object
        The reply switch's value (``["on"]`` when the computer answers).

    Returns
    -------
    tuple
        ``(position text, log line, error)``.
    """
    if triggered is None or not clicks:
        return no_update, no_update, no_update
    if isinstance(triggered, dict):
        index = triggered.get("index")
        if not isinstance(index, int) or isinstance(index, bool):
            return no_update, no_update, no_update
    elif triggered == ids.PLAY_COMPUTER:
        index = None
    else:
        return no_update, no_update, no_update
    try:
        game = find_game(name)
        if not isinstance(text, str):
            raise ValueError(f"type a position: {game.position_help}")
        new_text, log = play(game, text, index, isinstance(reply, list) and "on" in reply)
    except (TypeError, ValueError) as exc:
        return no_update, no_update, str(exc)
    return new_text, log, ""


def tree_view(gate: object, name: object, text: object, depth: object) -> tuple:
    """The game tree of the position to a small depth (:func:`dashboard.gametree.view.tree_answer`).

    Returns
    -------
    tuple
        ``(elements, layout, note, canvas style, list)``: the list is the
        tree as nested text (:func:`dashboard.gametree.view.tree_outline`).
    """
    if not isinstance(gate, dict):
        raise PreventUpdate
    depth = tree_depth(depth)
    try:
        game = find_game(name)
        position = parse_position(game, text)
        elements, note, style, outline = tree_answer(find_registry_game(game.name), position, depth)
    except ValueError as exc:
        return [], no_update, f"No tree: {exc}", no_update, ""
    return elements, dict(TREE_LAYOUT), note, style, outline


# ---------------------------------------------------------------- wiring


def register(app) -> None:
    """Wire the Finite games tab's callbacks to ``app``: the game menu, every view's, play, the tree and the exports.

    The views wait for the tab's gate store (:func:`dashboard.ids.tab_gate_id`),
    so a hidden tab does no work; the game menu and the position box answer
    at once (they only read names and text).
    """
    gate = Input(page_ids.tab_gate_id("finite"), "data")

    # A game chosen: the game menu's answer writes the tab's panels, position and log line (answer_game,
    # ANSWER_OUTPUTS) with the game itself, so the views ask for the game at once.
    # A view asks the server only when the chosen game shows it: the tab's gate and the panels' styles (which
    # the game menu sets) open the gates of the views shown and leave the others' as they are.
    app.clientside_callback(
        OPEN_VIEWS_JS,
        *[Output(gate_id(key), "data") for key in VIEWS],
        gate,
        *[Input(panel_id(key), "style") for key in VIEWS],
        Input(ids.POSITION, "value"),
        prevent_initial_call=True,
    )
    # The browser builds a view's panels only while they are shown (the game menu sets the containers' styles).
    app.clientside_callback(
        MOUNT_VIEWS_JS,
        *[Output(mount_id(key), "value") for key in VIEWS],
        *[Input(panel_id(key), "style") for key in VIEWS],
        *[State(mount_id(key), "value") for key in VIEWS],
        prevent_initial_call=True,
    )
    for view in VIEWS.values():
        view.register(app, Input(gate_id(view.key), "data"))

    @app.callback(
        Output(ids.POSITION, "value", allow_duplicate=True),
        Output(ids.PLAY_LOG, "children", allow_duplicate=True),
        Input(ids.PLAY_NEW, "n_clicks"),
        Input(ids.TREE, "tapNodeData"),
        State(ids.GAME, "value"),
        State(ids.POSITION, "value"),
        prevent_initial_call=True,
    )
    def _reset(_new, node, name, text):
        return reset_position(dash.ctx.triggered_id, name, text, node)

    app.clientside_callback(
        MOVE_CLICK_JS,
        Output(ids.MOVE_CLICK, "data"),
        Input({"type": ids.MOVE, "index": ALL}, "n_clicks"),
        prevent_initial_call=True,
    )

    @app.callback(
        Output(ids.POSITION, "value", allow_duplicate=True),
        Output(ids.PLAY_LOG, "children", allow_duplicate=True),
        Output(ids.PLAY_ERROR, "children", allow_duplicate=True),
        Input(ids.MOVE_CLICK, "data"),
        Input(ids.PLAY_COMPUTER, "n_clicks"),
        State(ids.GAME, "value"),
        State(ids.POSITION, "value"),
        State(ids.PLAY_REPLY, "value"),
        prevent_initial_call=True,
    )
    def _act(click, _computer, name, text, reply):
        if dash.ctx.triggered_id == ids.MOVE_CLICK:
            pressed = click if isinstance(click, dict) else {}
            return play_act({"type": ids.MOVE, "index": pressed.get("index")}, pressed.get("clicks"), name, text, reply)
        value = dash.ctx.triggered[0]["value"] if dash.ctx.triggered else None
        return play_act(dash.ctx.triggered_id, value, name, text, reply)

    # Play and the tree wait for their own gates, written in the browser once the tab is open: a game or position
    # read from the address before then sends no request, and the callbacks run once when the tab opens.  The tree's
    # gate also waits for its canvas to be mounted (TREE_GATE_JS).
    app.clientside_callback(
        FOLLOW_GATE_JS,
        Output(ids.PLAY_GATE, "data"),
        gate,
        Input(ids.GAME, "value"),
        Input(ids.POSITION, "value"),
        prevent_initial_call=True,
    )
    app.callback(
        Output(ids.PLAY_STATE, "children"),
        Output(ids.PLAY_MOVES, "children"),
        Output(ids.PLAY_ERROR, "children"),
        Output(ids.POSITION, "className"),
        Input(ids.PLAY_GATE, "data"),
        State(ids.GAME, "value"),
        State(ids.POSITION, "value"),
        prevent_initial_call=True,
    )(play_view)
    # The tree's canvas changes height with the tree: fit the tree again once the browser has laid it out.
    register_view(app, ids.TREE, ids.TREE_FIT, ids.TREE_CARD)
    app.clientside_callback(
        TREE_GATE_JS,
        Output(ids.TREE_GATE, "data"),
        gate,
        Input(ids.GAME, "value"),
        Input(ids.POSITION, "value"),
        Input(ids.TREE_DEPTH, "value"),
        Input(ids.TREE_LAZY, "value"),
        prevent_initial_call=True,
    )
    app.callback(
        Output(ids.TREE, "elements"),
        Output(ids.TREE, "layout"),
        Output(ids.TREE_NOTE, "children"),
        Output(ids.TREE, "style"),
        Output(ids.TREE_LIST, "children"),
        Input(ids.TREE_GATE, "data"),
        State(ids.GAME, "value"),
        State(ids.POSITION, "value"),
        State(ids.TREE_DEPTH, "value"),
        prevent_initial_call=True,
    )(tree_view)

    for key, export in ALL_EXPORTS.items():
        app.callback(
            Output(ids.csv_file_id(key), "data"),
            Input(ids.csv_button_id(key), "n_clicks"),
            State(ids.GAME, "value"),
            *[State(control, "value") for control in export.controls],
            prevent_initial_call=True,
        )(functools.partial(download, key))
