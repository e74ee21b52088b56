"""Callbacks of the Finite games tab, and the plain functions they call (tested without a browser).

Every view asks the chosen game (:func:`solver.impartial_game` keeps one
object per game, so the tables it computes serve every request) or the
solver's functions of its kind, and hands the result to a builder of
:mod:`.figures`.  Work is estimated before it starts: each call gives the
solver the page's time limit (:data:`PAGE_SECONDS`), and a request beyond
it gets the solver's message with its estimate instead of a figure.  Every
input is checked where it comes in; bad input becomes a message next to
its control, never an exception.  A view of another kind of game than the
chosen one (its panel is hidden) does nothing.
"""

from __future__ import annotations

import functools
import math
from typing import Any

import dash
from dash import ALL, Input, Output, Patch, State, html, no_update
from dash.exceptions import PreventUpdate

from solver import (
    OctalGame,
    beatty_pairs,
    binary_square,
    describe_text,
    equivalence_classes,
    grundy_cost,
    sieve_steps,
    two_heap_p_positions,
    wythoff_pairs,
)

from ... import ids as page_ids
from ...style import message_figure
from ...tables import register_exports
from . import figures, ids
from .downloads import MAX_CSV_ROWS, download
from .games import find_game, game_options, losing_bars, parse_number, parse_position
from .layout import (
    CSV_VIEWS,
    HEAPS_N_MAX,
    PAIRS_N_MAX,
    PANEL_KINDS,
    PLANE_SIZE_MAX,
    SIEVE_STEPS,
    SQUARE_COLS_MAX,
)
from .play import MAX_LISTED, PAGE_SECONDS, TREE_NODES, described, move_rows, piece_moves, play, small_tree, tree_depth

__all__ = [
    "BOX_CLASS",
    "INVALID_BOX_CLASS",
    "bars_view",
    "choose_game",
    "grundy_view",
    "pairs_view",
    "periodicity_for",
    "plane_hover",
    "plane_view",
    "play_act",
    "play_view",
    "register",
    "reset_position",
    "sieve_view",
    "square_view",
    "step_buttons",
    "tree_view",
]

#: Class names of a number box, without and with a problem.
BOX_CLASS = "num-input num-input-short"
INVALID_BOX_CLASS = "num-input num-input-short invalid"
POSITION_CLASS = "num-input finite-position"
INVALID_POSITION_CLASS = "num-input finite-position invalid"
#: Seconds of work one step of the page's periodicity check may cost (it doubles the heaps checked while this holds).
PERIODICITY_STEP_SECONDS = 0.6
#: Heaps the periodicity check starts with, and the most it reaches.
PERIODICITY_START = 256
PERIODICITY_MAX_N = 1 << 16
#: Most losing bars drawn (the CSV has all of them).
MAX_BARS_DRAWN = 600


# ---------------------------------------------------------------- the game


def _panel_styles(game) -> list[dict]:
    shown: dict = {}
    hidden = {"display": "none"}
    styles = []
    for kind, name in PANEL_KINDS.values():
        visible = game is not None and game.kind == kind and (name is None or game.name == name)
        styles.append(shown if visible else hidden)
    return styles


def choose_game(triggered: object, other: object, value: object) -> tuple:
    """The game menu after a choice in it or a name typed in the box beside it.

    Parameters
    ----------
    triggered : str or None
        Id of what changed (:data:`ids.GAME_OTHER` or :data:`ids.GAME`).
    other : object
        The text typed in the box.
    value : object
        The menu's value.

    Returns
    -------
    tuple
        ``(menu value, menu options, error, game summary, position help,
        *panel styles)`` (one style per entry of :data:`PANEL_KINDS`).  A bad
        name typed leaves the game as it was and says why.
    """
    if triggered == ids.GAME_OTHER:
        if not isinstance(other, str) or not other.strip():
            raise PreventUpdate
        try:
            game = find_game(other)
        except ValueError as exc:
            return (no_update, no_update, str(exc), no_update, no_update, *[no_update] * len(PANEL_KINDS))
        new_value = game.name if game.name != value else no_update
    else:
        try:
            game = find_game(value)
        except ValueError as exc:
            return (no_update, no_update, str(exc), "", "", *_panel_styles(None))
        new_value = no_update
    summary = f"{game.title}. {game.summary}"
    return (new_value, game_options(game.name), "", summary, f" ({game.position_help})", *_panel_styles(game))


def _game_of_kind(gate: object, name: object, kind: str) -> Any:
    """The game for a view of one kind, or None when the view should do nothing (tab not open, other kind)."""
    if not isinstance(gate, dict):
        raise PreventUpdate
    try:
        game = find_game(name)
    except ValueError:
        return None
    return game if game.kind == kind else None


def _skip(count: int) -> tuple:
    return tuple(no_update for _ in range(count))


# ---------------------------------------------------------------- octal games


@functools.lru_cache(maxsize=64)
def periodicity_for(name: str):
    """The periodicity of an octal game's Grundy values, with the work the page can afford.

    The heaps checked double from :data:`PERIODICITY_START` until the period
    is proved, :data:`PERIODICITY_MAX_N` is reached, or the next step is
    estimated (:func:`solver.grundy_cost`) above
    :data:`PERIODICITY_STEP_SECONDS`.  Kept for the last 64 games
    (``functools.lru_cache``, safe across the server's threads).

    Parameters
    ----------
    name : str
        An octal game's canonical name.

    Returns
    -------
    solver.Periodicity
    """
    game = find_game(name)
    if not isinstance(game, OctalGame):
        raise ValueError(f"{game.title} is not an octal game: its values have no period to find")
    size = PERIODICITY_START
    result = game.periodicity(size)
    while not result.proved and size < PERIODICITY_MAX_N:
        following = min(2 * size, PERIODICITY_MAX_N)
        if grundy_cost(game.code, following).seconds > PERIODICITY_STEP_SECONDS:
            break
        size = following
        result = game.periodicity(size)
    return result


def grundy_view(gate: object, name: object, n_text: object) -> tuple:
    """The Grundy sequence of an octal game with its period, and the equivalence classes.

    Parameters
    ----------
    gate : dict or None
        The tab's gate store (None until the tab is first shown).
    name : object
        The game's name.
    n_text : object
        Heaps 0..N, as typed.

    Returns
    -------
    tuple
        ``(figure, periodicity note, error, classes rows, box class)``;
        nothing changes for a game that is not an octal game.
    """
    game = _game_of_kind(gate, name, "octal")
    if game is None:
        return _skip(5)
    try:
        n = parse_number(n_text, "N, the largest heap", HEAPS_N_MAX)
    except ValueError as exc:
        return no_update, no_update, str(exc), no_update, INVALID_BOX_CLASS
    try:
        values = game.grundy_sequence(n, max_seconds=PAGE_SECONDS)
        classes = equivalence_classes(game.code, n)
        found = periodicity_for(game.name)
    except ValueError as exc:
        return message_figure("Grundy values", str(exc)), "", str(exc), [], INVALID_BOX_CLASS
    figure = figures.grundy_figure(values, found.period, found.preperiod, found.proved, f"{game.title}: heaps 0..{n:,}")
    note = figures.periodicity_note(
        found.period, found.preperiod, found.proved, found.checked_to, game.code.max_removal
    )
    return figure, note, "", figures.class_rows(classes), BOX_CLASS


def pairs_view(gate: object, name: object, m_text: object) -> tuple:
    """The grid of two-heap P-positions of an octal game.

    Returns
    -------
    tuple
        ``(figure, note, error, box class)``.
    """
    game = _game_of_kind(gate, name, "octal")
    if game is None:
        return _skip(4)
    try:
        m = parse_number(m_text, "M, the largest heap", PAIRS_N_MAX)
    except ValueError as exc:
        return no_update, no_update, str(exc), INVALID_BOX_CLASS
    try:
        values = game.grundy_sequence(m, max_seconds=PAGE_SECONDS)
        pairs = two_heap_p_positions(game.code, m)
    except ValueError as exc:
        return message_figure("Two-heap P-positions", str(exc)), "", str(exc), INVALID_BOX_CLASS
    kinds = figures.pair_kinds(values, pairs)
    irreducible = int(((pairs[:, 0] < pairs[:, 1]) & (values[pairs[:, 0]] != 0)).sum()) if pairs.shape[0] else 0
    note = (
        f"{pairs.shape[0]:,} P-positions (a, b) with a ≤ b ≤ {m:,}; {irreducible:,} of them irreducible "
        "(a < b, G(a) = G(b) ≠ 0), the source's list."
    )
    return figures.pair_grid_figure(values, kinds, f"two heaps a, b ≤ {m:,}"), note, "", BOX_CLASS


# ---------------------------------------------------------------- Wythoff's and Euclid's games


def plane_view(gate: object, name: object, size_text: object) -> tuple:
    """The quadrant of a two-pile game coloured by outcome.

    Returns
    -------
    tuple
        ``(figure, note, error, box class)``.
    """
    game = _game_of_kind(gate, name, "pair")
    if game is None:
        return _skip(4)
    try:
        size = parse_number(size_text, "the side S", PLANE_SIZE_MAX)
    except ValueError as exc:
        return no_update, no_update, str(exc), INVALID_BOX_CLASS
    try:
        outcomes = game.plane(size, max_seconds=PAGE_SECONDS)
    except ValueError as exc:
        return message_figure(game.title, str(exc)), "", str(exc), INVALID_BOX_CLASS
    losing = int(size * size - int(outcomes.sum()))
    note = f"{losing:,} L pairs among the {size * size:,} pairs with a, b < {size:,}"
    if size > figures.HEATMAP_MAX_SIDE:
        note += "; one pixel per pair"
    if size * size > MAX_CSV_ROWS:
        note += f"; the CSV is written up to a side of {math.isqrt(MAX_CSV_ROWS):,}"
    note += "."
    return figures.plane_figure(outcomes, f"{game.title}, a, b < {size:,}"), note, "", BOX_CLASS


def _hovered_pair(point_data: object) -> tuple[int, int] | None:
    """The pair (a, b) under the pointer, from a graph's hoverData or clickData; None if there is none."""
    if not isinstance(point_data, dict):
        return None
    points = point_data.get("points")
    if not isinstance(points, list) or not points or not isinstance(points[0], dict):
        return None
    x, y = points[0].get("x"), points[0].get("y")
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (x, y)):
        return None
    a, b = round(x), round(y)  # type: ignore[arg-type]
    if not (0 <= a <= PLANE_SIZE_MAX and 0 <= b <= PLANE_SIZE_MAX):
        return None
    return a, b


def plane_hover(point_data: object, name: object) -> tuple:
    """The legal moves of the pair under the pointer: where to draw them, and a sentence.

    Parameters
    ----------
    point_data : dict or None
        The quadrant's ``hoverData`` or ``clickData``.
    name : object
        The game's name.

    Returns
    -------
    tuple
        ``(highlight, text)``: :func:`.figures.highlight_moves` of the pair
        and its moves, and a sentence with the pair's outcome, how many
        moves it has and its winning moves; ``(None, no_update)`` when there
        is no pair there.
    """
    pair = _hovered_pair(point_data)
    if pair is None:
        return None, no_update
    try:
        game = find_game(name)
        if game.kind != "pair":
            return None, no_update
        rows = move_rows(game, pair)
        outcome = game.outcome(pair, max_seconds=PAGE_SECONDS)
    except ValueError as exc:
        return None, str(exc)
    children = [row.child for row in rows]
    winning = [row for row in rows if row.outcome == "L"]
    text = f"({pair[0]}, {pair[1]}): {outcome}, {len(rows)} move{'s' if len(rows) != 1 else ''}"
    if not rows:
        text += ": the player to move has lost."
    elif winning:
        text += "; winning: " + "; ".join(described(row) for row in winning[:6]) + "."
    else:
        text += "; none wins: every move leaves a W pair."
    return figures.highlight_moves(pair, children), text


#: :func:`step_buttons` in JavaScript, the client-side callback of the two buttons.
STEP_JS = (
    """function (_prev, _next, step) {
    var last = __LAST__;
    var ctx = window.dash_clientside.callback_context;
    var fired = ctx.triggered && ctx.triggered.length ? ctx.triggered[0].prop_id.split('.')[0] : '';
    var current = (typeof step === 'number' && Number.isInteger(step) && step >= 1 && step <= last) ? step : 1;
    if (fired === '__PREV__') { return Math.max(1, current - 1); }
    if (fired === '__NEXT__') { return Math.min(last, current + 1); }
    return window.dash_clientside.no_update;
}""".replace("__LAST__", str(SIEVE_STEPS))
    .replace("__PREV__", ids.SIEVE_PREV)
    .replace("__NEXT__", ids.SIEVE_NEXT)
)


#: Fits the game tree to its canvas after the canvas's height changed (cytoscape fits on layout, not on resize).
FIT_JS = """function () {
    window.setTimeout(function () {
        var el = document.getElementById('__TREE__');
        var cy = el && el._cyreg && el._cyreg.cy;
        if (cy) { cy.resize(); cy.fit(undefined, 16); }
    }, 60);
    return window.dash_clientside.no_update;
}""".replace("__TREE__", ids.TREE)


def step_buttons(triggered: object, step: object) -> object:
    """The sieve's step after "previous" or "next": one less or one more, within 1..SIEVE_STEPS.

    The page runs :data:`STEP_JS`, the same rule in the browser; this is its tested reference.
    """
    current = step if isinstance(step, int) and not isinstance(step, bool) and 1 <= step <= SIEVE_STEPS else 1
    if triggered == ids.SIEVE_PREV:
        return max(1, current - 1)
    if triggered == ids.SIEVE_NEXT:
        return min(SIEVE_STEPS, current + 1)
    return no_update


def sieve_view(gate: object, name: object, step: object) -> tuple:
    """One step of Wythoff's sieve and the P-positions over the Beatty lines.

    Returns
    -------
    tuple
        ``(step view, Beatty figure, note)``; nothing for a game other than Wythoff's.
    """
    game = _game_of_kind(gate, name, "pair")
    if game is None or game.name != "wythoff":
        return _skip(3)
    n = step if isinstance(step, int) and not isinstance(step, bool) and 1 <= step <= SIEVE_STEPS else 1
    steps = sieve_steps(SIEVE_STEPS, window=16)
    sieve = wythoff_pairs(SIEVE_STEPS)
    beatty = beatty_pairs(SIEVE_STEPS)
    same = bool((sieve == beatty).all())
    note = (
        f"The sieve's pairs for n = 1..{SIEVE_STEPS} {'equal' if same else 'DIFFER FROM'} (⌊nφ⌋, ⌊nφ²⌋), "
        "computed in exact integers: ⌊nφ⌋ = (n + isqrt(5n²)) // 2."
    )
    return figures.sieve_view(steps[n - 1], sieve), figures.beatty_figure(sieve, beatty, n), note


# ---------------------------------------------------------------- Chomp


def bars_view(gate: object, name: object) -> tuple:
    """Every losing bar of the Chomp box, drawn small.

    Returns
    -------
    tuple
        ``(gallery, note, error)``.
    """
    game = _game_of_kind(gate, name, "chomp")
    if game is None:
        return _skip(3)
    try:
        outcomes = game.outcomes(max_seconds=PAGE_SECONDS)
    except ValueError as exc:
        return "", "", str(exc)
    losing = losing_bars(outcomes)
    texts = [game.format(mask) for mask in losing[:MAX_BARS_DRAWN]]
    note = (
        f"{len(losing):,} losing bars among the {outcomes.shape[0]:,} bars of the {game.rows} × {game.cols} box "
        "(the empty bar included), by number of pieces."
    )
    return figures.bar_gallery(texts, len(losing)), note, ""


def square_view(gate: object, name: object, cols_text: object) -> tuple:
    """The losing bars of the 2 x C box as a binary square.

    Returns
    -------
    tuple
        ``(figure, note, error, box class)``.
    """
    game = _game_of_kind(gate, name, "chomp")
    if game is None:
        return _skip(4)
    try:
        cols = parse_number(cols_text, "the width C", SQUARE_COLS_MAX)
    except ValueError as exc:
        return no_update, no_update, str(exc), INVALID_BOX_CLASS
    try:
        square = binary_square(cols)
    except ValueError as exc:
        return message_figure("Binary square", str(exc)), "", str(exc), INVALID_BOX_CLASS
    side = 1 << cols
    note = (
        f"{int(square.sum()):,} losing bars among the {side * side:,} bars of the 2 × {cols} box; the point "
        "(x, y) is the bar whose top row has the pieces of the bits of x and bottom row those of y."
    )
    return figures.binary_square_figure(square), note, "", BOX_CLASS


# ---------------------------------------------------------------- play and the game tree


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
        return start, f"New game of {game.title} from {start}."
    if triggered == ids.TREE:
        position = node.get("position") if isinstance(node, dict) else None
        if not isinstance(position, str):
            return no_update, no_update
        try:
            return game.format(game.parse(position)), f"Playing from {position}, a node of the tree."
        except (TypeError, ValueError):
            return no_update, no_update
    # A game chosen: always write the box, so the views that follow it run once, after this.
    if isinstance(text, str):
        try:
            return game.format(game.parse(text)), ""
        except (TypeError, ValueError):
            pass
    return start, f"New game of {game.title} from {start}."


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
    return _state(game, position, outcome, bool(rows)), _moves(game, position, rows), "", POSITION_CLASS


def _state(game, position, outcome: str, has_moves: bool) -> object:
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
    parts: list = [
        html.P([html.Strong(shown if "/" not in shown else "the bar below"), f": Grundy value {value}; {verdict}."])
    ]
    if game.kind == "octal" and position:
        try:
            values = game.values([(h,) for h in position], max_seconds=PAGE_SECONDS)
            parts.append(figures.heaps_table(list(position), values))
        except ValueError:
            pass
    return parts


def _moves(game, position, rows) -> object:
    if game.kind == "chomp":
        return figures.chomp_board(game.format(position), piece_moves(game, position, rows))
    return figures.moves_view(rows, MAX_LISTED)


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
    """The game tree of the position to a small depth.

    Returns
    -------
    tuple
        ``(elements, layout, note, canvas style)``.
    """
    if not isinstance(gate, dict):
        raise PreventUpdate
    depth = tree_depth(depth)
    try:
        game = find_game(name)
        position = parse_position(game, text)
        tree = small_tree(game, position, depth)
    except ValueError as exc:
        return [], no_update, f"No tree: {exc}", no_update
    elements = figures.tree_elements(tree)
    nodes = sum(1 for e in elements if "source" not in e["data"])
    note = f"{nodes} positions to depth {depth}."
    if tree["truncated"]:
        note += f" Cut at {TREE_NODES} nodes: dashed nodes have moves not drawn."
    style = {"width": "100%", "height": f"{figures.tree_height(elements)}px"}
    return elements, figures.tree_layout(), note, style


# ---------------------------------------------------------------- wiring


def register(app) -> None:
    """Wire the Finite games tab's callbacks to ``app``.

    The views wait for the tab's gate store (:func:`dashboard.ids.tab_gate_id`),
    so a hidden tab does no work; the game menu and the position box answer
    at once (they only read names and text).
    """
    gate = Input(page_ids.tab_gate_id("finite"), "data")
    register_exports(app, [ids.CLASSES_GRID])

    @app.callback(
        Output(ids.GAME, "value"),
        Output(ids.GAME, "options"),
        Output(ids.GAME_ERROR, "children"),
        Output(ids.GAME_SUMMARY, "children"),
        Output(ids.POSITION_HELP, "children"),
        *[Output(panel, "style") for panel in PANEL_KINDS],
        Input(ids.GAME_OTHER, "value"),
        Input(ids.GAME, "value"),
        prevent_initial_call=True,
    )
    def _choose(other, value):
        return choose_game(dash.ctx.triggered_id, other, value)

    app.callback(
        Output(ids.GRUNDY_GRAPH, "figure"),
        Output(ids.GRUNDY_NOTE, "children"),
        Output(ids.GRUNDY_ERROR, "children"),
        Output(ids.CLASSES_GRID, "rowData"),
        Output(ids.HEAPS_N, "className"),
        gate,
        Input(ids.GAME, "value"),
        Input(ids.HEAPS_N, "value"),
        prevent_initial_call=True,
    )(grundy_view)
    app.callback(
        Output(ids.PAIRS_GRAPH, "figure"),
        Output(ids.PAIRS_NOTE, "children"),
        Output(ids.PAIRS_ERROR, "children"),
        Output(ids.PAIRS_N, "className"),
        gate,
        Input(ids.GAME, "value"),
        Input(ids.PAIRS_N, "value"),
        prevent_initial_call=True,
    )(pairs_view)
    app.callback(
        Output(ids.PLANE_GRAPH, "figure"),
        Output(ids.PLANE_NOTE, "children"),
        Output(ids.PLANE_ERROR, "children"),
        Output(ids.PLANE_SIZE, "className"),
        gate,
        Input(ids.GAME, "value"),
        Input(ids.PLANE_SIZE, "value"),
        prevent_initial_call=True,
    )(plane_view)

    @app.callback(
        Output(ids.PLANE_GRAPH, "figure", allow_duplicate=True),
        Output(ids.PLANE_MOVES, "children"),
        Input(ids.PLANE_GRAPH, "hoverData"),
        Input(ids.PLANE_GRAPH, "clickData"),
        State(ids.GAME, "value"),
        prevent_initial_call=True,
    )
    def _hover(hover, click, name):
        fired = next(iter(dash.ctx.triggered_prop_ids), "")
        data = click if fired.endswith("clickData") else hover
        highlight, text = plane_hover(data, name)
        if highlight is None:
            return no_update, text
        patch = Patch()
        patch["data"][figures.HIGHLIGHT_TRACE]["x"] = highlight["moves"]["x"]
        patch["data"][figures.HIGHLIGHT_TRACE]["y"] = highlight["moves"]["y"]
        patch["data"][figures.HIGHLIGHT_TRACE + 1]["x"] = highlight["at"]["x"]
        patch["data"][figures.HIGHLIGHT_TRACE + 1]["y"] = highlight["at"]["y"]
        return patch, text

    # In the browser: a step is arithmetic, so a click costs no round trip (step_buttons is its reference).
    app.clientside_callback(
        STEP_JS,
        Output(ids.SIEVE_STEP, "value"),
        Input(ids.SIEVE_PREV, "n_clicks"),
        Input(ids.SIEVE_NEXT, "n_clicks"),
        State(ids.SIEVE_STEP, "value"),
        prevent_initial_call=True,
    )
    app.callback(
        Output(ids.SIEVE_VIEW, "children"),
        Output(ids.BEATTY_GRAPH, "figure"),
        Output(ids.BEATTY_NOTE, "children"),
        gate,
        Input(ids.GAME, "value"),
        Input(ids.SIEVE_STEP, "value"),
        prevent_initial_call=True,
    )(sieve_view)
    app.callback(
        Output(ids.BARS_VIEW, "children"),
        Output(ids.BARS_NOTE, "children"),
        Output(ids.BARS_ERROR, "children"),
        gate,
        Input(ids.GAME, "value"),
        prevent_initial_call=True,
    )(bars_view)
    app.callback(
        Output(ids.SQUARE_GRAPH, "figure"),
        Output(ids.SQUARE_NOTE, "children"),
        Output(ids.SQUARE_ERROR, "children"),
        Output(ids.SQUARE_COLS, "className"),
        gate,
        Input(ids.GAME, "value"),
        Input(ids.SQUARE_COLS, "value"),
        prevent_initial_call=True,
    )(square_view)

    @app.callback(
        Output(ids.POSITION, "value"),
        Output(ids.PLAY_LOG, "children"),
        Input(ids.GAME, "value"),
        Input(ids.PLAY_NEW, "n_clicks"),
        Input(ids.TREE, "tapNodeData"),
        State(ids.POSITION, "value"),
        prevent_initial_call=True,
    )
    def _reset(name, _new, node, text):
        return reset_position(dash.ctx.triggered_id, name, text, node)

    @app.callback(
        Output(ids.POSITION, "value", allow_duplicate=True),
        Output(ids.PLAY_LOG, "children", allow_duplicate=True),
        Output(ids.PLAY_ERROR, "children", allow_duplicate=True),
        Input({"type": ids.MOVE, "index": ALL}, "n_clicks"),
        Input(ids.PLAY_COMPUTER, "n_clicks"),
        State(ids.GAME, "value"),
        State(ids.POSITION, "value"),
        State(ids.PLAY_REPLY, "value"),
        prevent_initial_call=True,
    )
    def _act(_clicks, _computer, name, text, reply):
        value = dash.ctx.triggered[0]["value"] if dash.ctx.triggered else None
        return play_act(dash.ctx.triggered_id, value, name, text, reply)

    app.callback(
        Output(ids.PLAY_STATE, "children"),
        Output(ids.PLAY_MOVES, "children"),
        Output(ids.PLAY_ERROR, "children"),
        Output(ids.POSITION, "className"),
        gate,
        Input(ids.GAME, "value"),
        Input(ids.POSITION, "value"),
        prevent_initial_call=True,
    )(play_view)
    # The tree's canvas changes height with the tree: fit the tree again once the browser has laid it out.
    app.clientside_callback(
        FIT_JS,
        Output(ids.TREE_FIT, "data"),
        Input(ids.TREE, "elements"),
        Input(ids.TREE, "style"),
        prevent_initial_call=True,
    )
    app.callback(
        Output(ids.TREE, "elements"),
        Output(ids.TREE, "layout"),
        Output(ids.TREE_NOTE, "children"),
        Output(ids.TREE, "style"),
        gate,
        Input(ids.GAME, "value"),
        Input(ids.POSITION, "value"),
        Input(ids.TREE_DEPTH, "value"),
        prevent_initial_call=True,
    )(tree_view)

    controls = [
        State(ids.GAME, "value"),
        State(ids.HEAPS_N, "value"),
        State(ids.PAIRS_N, "value"),
        State(ids.PLANE_SIZE, "value"),
        State(ids.SQUARE_COLS, "value"),
        State(ids.POSITION, "value"),
        State(ids.TREE_DEPTH, "value"),
    ]
    for view in CSV_VIEWS:
        app.callback(
            Output(ids.csv_file_id(view), "data"),
            Input(ids.csv_button_id(view), "n_clicks"),
            *controls,
            prevent_initial_call=True,
        )(functools.partial(download, view))
