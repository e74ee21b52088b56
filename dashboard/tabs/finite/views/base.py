"""What a view of the Finite games tab is, and the pieces every view module builds its panels from.

A game declares the pictures it has by name (:attr:`solver.ImpartialGame.views`,
such as ``("grundy", "pairs")`` for an octal game) and how its moves are
played (:attr:`solver.ImpartialGame.play_surface`).  A view module of this
package implements views under those names: each :class:`View` brings its
panels, its callbacks, its address keys and its CSV exports, and each
:class:`Surface` draws the moves of a position to play.  The tab shows the
panels of the views the chosen game declares and nothing else, so nothing in
the page asks which kind a game is.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from dash import dcc, html, no_update
from dash.exceptions import PreventUpdate

from ....components import attrs, graph_config, lazy
from ....tables import rows_to_csv
from ....urlkeys import UrlKey
from .. import ids
from ..games import address_game, find_game

__all__ = [
    "BOX_CLASS",
    "INVALID_BOX_CLASS",
    "PRESS_JS",
    "CsvExport",
    "Surface",
    "View",
    "csv_button",
    "csv_file",
    "game_with_view",
    "read_game_with_view",
    "graph",
    "mount_id",
    "number_box",
    "panel",
    "panel_id",
    "scroll_box",
    "pressed",
    "skip",
]

#: Class names of a number box, without and with a problem.
BOX_CLASS = "num-input num-input-short"
INVALID_BOX_CLASS = "num-input num-input-short invalid"


@dataclasses.dataclass(frozen=True)
class CsvExport:
    """A "Download CSV" button of a view and what it writes.

    Attributes
    ----------
    key : str
        The export's name, unique over the tab: its button is
        ``ids.csv_button_id(key)`` and its download ``ids.csv_file_id(key)``.
    what : str
        What the file holds, for the button's accessible name ("the Grundy
        values").
    controls : tuple of str
        Ids of the controls (their ``value``) that ``write`` reads, in order.
    write : callable
        ``write(game, *values)``: what ``dcc.send_string`` makes, or None
        when there is nothing to write (the view itself says why).  It may
        raise ``ValueError``/``TypeError`` for bad input, which the tab
        treats as nothing to write.
    """

    key: str
    what: str
    controls: tuple[str, ...]
    write: Callable[..., dict | None]


@dataclasses.dataclass(frozen=True)
class View:
    """One view of the Finite games tab, under the name games declare it by.

    Attributes
    ----------
    key : str
        The name (``"grundy"``, ``"plane"``, ``"bars"``): a game shows the view
        when ``key`` is in its :attr:`solver.ImpartialGame.views`.  Its panels
        sit in the container ``panel_id(key)``.
    title : str
        What the view shows, in a few words (for docs and checks).
    layout : callable
        ``layout()``: the view's panels (a list of components), built once
        with the page; the browser mounts them only while the chosen game
        declares the view (:func:`mount_id`).
    register : callable
        ``register(app, gate)``: wires the view's callbacks.  ``gate`` is the
        view's gate ``Input`` (:func:`gate_id`), written when the tab opens or
        the game changes (and, for a view that ``follows_position``, when the
        position changes) and the chosen game shows the view; a callback of the
        view reads the game from ``State(ids.GAME, "value")`` and does nothing
        for a game without the view (:func:`game_with_view`).
    url_keys : tuple of UrlKey
        Its controls in the page's address.
    exports : tuple of CsvExport
        Its "Download CSV" buttons.
    relayout_graphs : tuple of (str, str)
        Cytoscape graphs of the view laid out again when the tab is shown.
    follows_position : bool
        The view draws the position to play: its gate is written again when
        the position changes (while the view is shown), and its callbacks
        read the position as ``State(ids.POSITION, "value")``.  A view that
        does not follow the position hears nothing of a move.
    """

    key: str
    title: str
    layout: Callable[[], list]
    register: Callable[[Any, Any], None]
    url_keys: tuple[UrlKey, ...] = ()
    exports: tuple[CsvExport, ...] = ()
    relayout_graphs: tuple[tuple[str, str], ...] = ()
    follows_position: bool = False


@dataclasses.dataclass(frozen=True)
class Surface:
    """How the Play panel shows a position of a game and its moves.

    Attributes
    ----------
    key : str
        The name games declare (:attr:`solver.ImpartialGame.play_surface`).
    moves : callable
        ``moves(game, position, rows)``: the moves to click, from the rows of
        :func:`dashboard.tabs.finite.play.move_rows`; each clickable move has
        the id ``{"type": ids.MOVE, "index": row.index}``.
    details : callable
        ``details(game, position)``: components shown under the position's
        value (a list, possibly empty).
    drawn_as : str or None
        How the line above the moves names the position when the surface
        draws it ("the bar below"); None: its text.
    """

    key: str
    moves: Callable[[Any, Any, Sequence], Any]
    details: Callable[[Any, Any], list] = lambda game, position: []
    drawn_as: str | None = None


def panel_id(key: str) -> str:
    """Id of the container of a view's panels."""
    return f"finite-view-{key}"


def mount_id(key: str) -> str:
    """Id of the holder that mounts a view's panels (:func:`dashboard.components.deferred`).

    The holder sits in the view's container (:func:`panel_id`); the tab sets
    its value (``dashboard.tabs.finite.callbacks.MOUNT_VIEWS_JS``) so that the
    browser draws the view's panels (graphs, grids, cytoscape) only while the
    chosen game shows the view.  The components stay in the page's layout,
    where the view's callbacks and the address reach them.
    """
    return f"finite-mount-{key}"


def gate_id(key: str) -> str:
    """Id of a view's gate: the store whose ``data`` opens the view's callbacks.

    The tab writes it (``dashboard.tabs.finite.callbacks.OPEN_VIEWS_JS``) in
    the browser, only for the views the chosen game shows, so a view of
    another game sends no request.
    """
    return f"finite-gate-{key}"


def game_with_view(gate: object, name: object, key: str) -> Any:
    """The chosen game when it has the view ``key``; None when the view should do nothing.

    Raises
    ------
    PreventUpdate
        The tab is not open yet (its gate holds no setup).
    """
    if not isinstance(gate, dict):
        raise PreventUpdate
    try:
        game = find_game(name)
    except ValueError:
        return None
    return game if key in game.views else None


def read_game_with_view(values: Mapping[str, object], key: str) -> Any:
    """The game an address names (:func:`dashboard.tabs.finite.games.address_game`) when it has the view ``key``; None otherwise.

    For the judgements of an address's values (:attr:`dashboard.urlkeys.UrlKey.judge`):
    a view's value is judged only for a game that shows the view.
    """
    try:
        game = address_game(values)
    except ValueError:
        return None
    return game if key in game.views else None


#: A clientside relay from pattern-matching buttons drawn with an answer (``{"type": ..., "index": k}``,
#: ``Input(..., "n_clicks")`` with ``ALL``, one group or several) to a store: ``{type, index, clicks, at}`` for a
#: press.  Dash runs a callback on such a group whenever new buttons are drawn (each move redraws them); those
#: have no clicks and this writes nothing, so drawing them sends no request
#: (as ``dashboard.components.MOVE_CLICK_JS`` for the Play panel's moves).
PRESS_JS = """function () {
    var ctx = window.dash_clientside.callback_context;
    var fired = ctx.triggered || [];
    var id = ctx.triggered_id;
    if (fired.length !== 1 || !fired[0].value || !id || typeof id !== 'object') {
        return window.dash_clientside.no_update;
    }
    return {type: id.type, index: id.index, clicks: fired[0].value, at: Date.now()};
}"""


def pressed(data: object) -> tuple[dict | None, object]:
    """The button a :data:`PRESS_JS` store names, and its clicks: ``({"type": t, "index": k}, clicks)``, or ``(None, None)``."""
    if not isinstance(data, dict):
        return None, None
    return {"type": data.get("type"), "index": data.get("index")}, data.get("clicks")


def skip(count: int) -> tuple:
    """``count`` outputs left as they are."""
    return tuple(no_update for _ in range(count))


def panel(title: str, note: str, body: list, *, wide: bool = False) -> html.Section:
    """A titled panel (as :func:`dashboard.components.panel`)."""
    return html.Section(
        [html.H2(title), html.P(note, className="note"), *body],
        className="panel" + (" panel-wide" if wide else ""),
    )


def scroll_box(content: Any, label: str, class_name: str = "finite-scroll") -> html.Div:
    """A box that scrolls sideways on a narrow screen, which the keyboard can reach and a screen reader names.

    Parameters
    ----------
    content : Dash component
        What the box holds (a table, a grid).
    label : str
        Its accessible name, such as ``"the sequences of the source"``.
    class_name : str, optional
        Its class; ``finite-scroll`` (``assets/finite_boards.css``) scrolls sideways.

    Returns
    -------
    dash.html.Div
        A region in the Tab order (``tabIndex`` 0), named by ``label``; the
        page's focus ring shows when the keyboard reaches it.
    """
    return html.Div(content, className=class_name, tabIndex=0, role="region", **attrs({"aria-label": label}))


def graph(graph_id: str, height: int, *, after_first_view: bool = False, below_first_screen: bool = False) -> Any:
    """A Plotly graph of a view, with a loading state.

    Parameters
    ----------
    graph_id : str
        The ``dcc.Graph``'s id.
    height : int
        Its height in pixels.
    after_first_view : bool, optional
        Draw it once the page is idle after the rest of the view
        (:func:`dashboard.components.lazy` with ``after_first_view``; its
        holder's id is ``graph_id + "-lazy"``): for a 3-D graph, which
        plotly.js draws with WebGL at a cost of a second or more where the
        browser has no graphics card.  Its callbacks answer as before.
    below_first_screen : bool, optional
        Draw it when it comes near the viewport, or once the page is idle
        (:func:`dashboard.components.lazy`; holder ``graph_id + "-lazy"``):
        for a graph that is below the first screen wherever its view is shown
        (at 1440 × 900 and narrower).  Its callbacks answer as before.

    Returns
    -------
    dash.dcc.Loading or dash.html.Div
        The graph in its loading state, in a lazy box when ``after_first_view`` or ``below_first_screen``.
    """
    drawn = dcc.Loading(
        dcc.Graph(id=graph_id, style={"height": f"{height}px"}, config=graph_config(), className="finite-graph"),
        type="circle",
    )
    if after_first_view or below_first_screen:
        return lazy(f"{graph_id}-lazy", drawn, f"{height}px", after_first_view=after_first_view)
    return drawn


def number_box(component_id: str, label: str, value: int, hint: str) -> html.Div:
    """A labelled text box for a whole number, with its range as a hint."""
    return html.Div(
        [
            html.Label([label, html.Span(f" ({hint})", className="hint")], htmlFor=component_id),
            dcc.Input(
                id=component_id,
                type="text",
                value=str(value),
                debounce=True,
                className=BOX_CLASS,
                inputMode="numeric",
                autoComplete="off",
            ),
        ],
        className="control",
    )


def csv_button(export: CsvExport) -> html.Span:
    """A "Download CSV" button and its download; its accessible name starts with its visible text."""
    return html.Span(
        [
            html.Button(
                "Download CSV",
                id=ids.csv_button_id(export.key),
                className="button button-small",
                n_clicks=0,
                **attrs({"aria-label": f"Download CSV of {export.what}"}),
            ),
            dcc.Download(id=ids.csv_file_id(export.key)),
        ]
    )


def csv_file(fields: list[str], rows: list[dict], file_name: str) -> dict:
    """A CSV download in the page's notation (:func:`dashboard.tables.rows_to_csv`)."""
    return dcc.send_string(rows_to_csv(rows, fields), file_name, type="text/csv")
