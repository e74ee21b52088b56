"""Views of Euclid's game on triples: the octant of the source in 3-D, and a slice of it.

The picture of "Euclid's Game": every triple (a, b, c) with 0 <= a, b, c < S
as a point, the losing triples big and the winning ones small, in the
page's outcome colours (vermilion L, blue W), rotatable (Plotly 3-D, WebGL;
``"octant"``).  A large octant draws every losing triple and an even sample
of the winning ones, and says so.  Beside it, the slice c = k as a square of
pairs (a, b) coloured by outcome: the slice c = 0 is Euclid's game on pairs.
Both read :func:`solver.euclid3_outcomes`.
"""

from __future__ import annotations

import functools

import numpy as np
import plotly.graph_objects as go
from dash import Input, Output, State, dcc, html, no_update

from solver.impartial import euclid3_outcomes

from ....style import COLOURS, MARGIN, message_figure
from ....urlkeys import judged, number_box_key
from .. import ids
from ..figures import square_axes
from ..games import parse_number
from ..play import PAGE_SECONDS
from .base import (
    BOX_CLASS,
    INVALID_BOX_CLASS,
    CsvExport,
    View,
    csv_button,
    csv_file,
    game_with_view,
    graph,
    number_box,
    panel,
    read_game_with_view,
    skip,
)

__all__ = [
    "MAX_W_DRAWN",
    "VIEWS",
    "judge_slice_param",
    "octant_figure",
    "octant_view",
    "slice_figure",
    "slice_view",
    "thinned",
]

#: Component ids of these views.
OCTANT_SIZE = "finite-octant-size"
OCTANT_GRAPH = "finite-octant-graph"
OCTANT_NOTE = "finite-octant-note"
OCTANT_ERROR = "finite-octant-error"
SLICE_C = "finite-slice-c"
SLICE_GRAPH = "finite-slice-graph"
SLICE_NOTE = "finite-slice-note"
SLICE_ERROR = "finite-slice-error"

#: Side S of the octant (the source's picture: 20), and the largest S drawn (every L triple is a point).
DEFAULT_OCTANT_SIZE = 20
OCTANT_SIZE_MAX = 60
#: Most W triples drawn: beyond, an even sample of them (every L triple is drawn).
MAX_W_DRAWN = 6000
#: The slice c = k shown first.
DEFAULT_SLICE = 0


@functools.lru_cache(maxsize=4)
def _outcomes(size: int) -> np.ndarray:
    """:func:`solver.euclid3_outcomes` within the page's limits, kept for the last few sides (read-only)."""
    found = euclid3_outcomes(size, max_seconds=PAGE_SECONDS)
    found.setflags(write=False)
    return found


def thinned(points: np.ndarray, most: int) -> np.ndarray:
    """At most ``most`` rows of ``points``, an even sample kept in their order (all of them when there are few).

    Parameters
    ----------
    points : numpy.ndarray
        Shape ``(k, 3)``.
    most : int
        The most rows kept.

    Returns
    -------
    numpy.ndarray
        ``points`` itself when ``k <= most``; otherwise ``most`` rows chosen by
        a seeded random draw without replacement (the same every time), in
        their original order.
    """
    if points.shape[0] <= most:
        return points
    keep = np.sort(np.random.default_rng(0).choice(points.shape[0], size=most, replace=False))
    return points[keep]


def _marker_sizes(size: int) -> tuple[float, float]:
    """Marker sizes (L, W) for a side: the source's big L and small W, smaller as the octant fills."""
    big = max(2.5, min(7.0, 140 / max(size, 1)))
    return big, max(1.2, big / 3)


def octant_figure(outcomes: np.ndarray, most_w: int = MAX_W_DRAWN) -> tuple[go.Figure, int, int]:
    """The octant of triples in 3-D: L big and vermilion, W small and blue.

    Parameters
    ----------
    outcomes : numpy.ndarray
        uint8, shape ``(S, S, S)``: :func:`solver.euclid3_outcomes`, 1 for W,
        0 for L.
    most_w : int, optional
        Most W triples drawn (:func:`thinned`).

    Returns
    -------
    (figure, l_drawn, w_drawn)
        The figure (trace 0 the L triples, trace 1 the W triples drawn, each
        a ``Scatter3d`` with the triple on hover) and how many points of each
        it holds.
    """
    size = outcomes.shape[0]
    losing = np.argwhere(outcomes == 0).astype(np.int16)
    winning = thinned(np.argwhere(outcomes == 1).astype(np.int16), most_w)
    big, small = _marker_sizes(size)
    fig = go.Figure()
    for points, letter, marker in (
        (losing, "L", {"size": big, "color": COLOURS["L"], "opacity": 0.95}),
        (winning, "W", {"size": small, "color": COLOURS["W"], "opacity": 0.55}),
    ):
        fig.add_trace(
            go.Scatter3d(
                x=points[:, 0],
                y=points[:, 1],
                z=points[:, 2],
                mode="markers",
                marker={**marker, "line": {"width": 0}},
                name=f"{letter}: {'loses' if letter == 'L' else 'wins'} for the player to move",
                hovertemplate=f"(%{{x}}, %{{y}}, %{{z}}): {letter}<extra></extra>",
            )
        )
    axis = {"range": [-0.5, size - 0.5], "backgroundcolor": "#ffffff", "gridcolor": "#dddddd"}
    fig.update_layout(
        title={"text": f"Euclid's game on triples, 0 ≤ a, b, c < {size}", "font": {"size": 14}},
        margin={**MARGIN, "l": 0, "r": 0},
        legend={"orientation": "h", "y": 0},
        scene={
            "xaxis": {**axis, "title": "a"},
            "yaxis": {**axis, "title": "b"},
            "zaxis": {**axis, "title": "c"},
            "aspectmode": "cube",
        },
        scene_camera={"eye": {"x": 1.6, "y": 1.6, "z": 1.1}},
        uirevision="octant",
    )
    return fig, int(losing.shape[0]), int(winning.shape[0])


def slice_figure(plane: np.ndarray, c: int) -> go.Figure:
    """The slice c = k of the octant: pairs (a, b) coloured by outcome, a heatmap with the triple on hover.

    Parameters
    ----------
    plane : numpy.ndarray
        uint8, shape ``(S, S)``: ``[a, b]`` the outcome of (a, b, c), 1 for W.
    c : int
        The slice's c.
    """
    side = plane.shape[0]
    z = np.ascontiguousarray(plane.T)  # row b, column a
    fig = go.Figure(
        go.Heatmap(
            z=z,
            x=np.arange(side),
            y=np.arange(side),
            text=np.where(z == 1, "W", "L"),
            hovertemplate=f"(%{{x}}, %{{y}}, {c}): %{{text}}<extra></extra>",
            colorscale=[[0, COLOURS["L"]], [1, COLOURS["W"]]],
            zmin=0,
            zmax=1,
            showscale=False,
            xgap=1,
            ygap=1,
        )
    )
    square_axes(fig, side, "a", "b")
    fig.update_layout(
        title={"text": f"The slice c = {c}", "font": {"size": 14}}, template="plotly_white", margin=MARGIN
    )
    return fig


def octant_view(gate: object, name: object, size_text: object) -> tuple:
    """The octant of triples below S in 3-D.

    Returns
    -------
    tuple
        ``(figure, note, error, box class)``; nothing changes for a game
        without the view.
    """
    game = game_with_view(gate, name, "octant")
    if game is None:
        return skip(4)
    try:
        size = parse_number(size_text, "the side S", OCTANT_SIZE_MAX)
    except ValueError as exc:
        return no_update, no_update, str(exc), INVALID_BOX_CLASS
    try:
        outcomes = _outcomes(size)
    except ValueError as exc:
        return message_figure(game.title, str(exc)), "", str(exc), INVALID_BOX_CLASS
    figure, l_drawn, w_drawn = octant_figure(outcomes)
    total = size**3
    w_total = int(outcomes.sum())
    note = f"{l_drawn:,} of the {total:,} triples with entries below {size} are L (big, vermilion)"
    if w_drawn < w_total:
        note += (
            f"; the {w_total:,} W triples (small, blue) are too many to draw quickly, so an even sample of "
            f"{w_drawn:,} is drawn (the CSV has every triple)"
        )
    else:
        note += f", {w_total:,} are W (small, blue)"
    note += ". Drag to turn the octant; hover a point for its triple."
    return figure, note, "", BOX_CLASS


def slice_view(gate: object, name: object, size_text: object, c_text: object) -> tuple:
    """The slice c = k of the octant below S.

    Returns
    -------
    tuple
        ``(figure, note, error, box class of the slice's box)``.
    """
    game = game_with_view(gate, name, "octant")
    if game is None:
        return skip(4)
    try:
        size = parse_number(size_text, "the side S", OCTANT_SIZE_MAX)
    except ValueError:
        return no_update, no_update, "", no_update  # the octant's box says why
    try:
        c = parse_number(c_text, "c, the slice", size - 1, least=0)
    except ValueError as exc:
        return no_update, no_update, str(exc), INVALID_BOX_CLASS
    try:
        outcomes = _outcomes(size)
    except ValueError as exc:
        return message_figure(game.title, str(exc)), "", str(exc), INVALID_BOX_CLASS
    plane = outcomes[:, :, c]
    losing = int(size * size - int(plane.sum()))
    note = f"{losing:,} L pairs (a, b) among the {size * size:,} with c = {c}."
    if c == 0:
        note += " With c = 0 no multiple of c can be taken and nothing can be taken from c: this is Euclid's game on (a, b)."
    return slice_figure(plane, c), note, "", BOX_CLASS


def judge_slice_param(text: object, values) -> None:
    """The address's judgement of ``fslice=``: as :func:`slice_view`, a slice c below the side S (``foct=``).

    Parameters
    ----------
    text : object
        The value read (it passed its key's check).
    values : mapping
        Every key's value read from the address (:data:`dashboard.urlkeys.Judge`).

    Raises
    ------
    ValueError
        The message :func:`slice_view` shows for it (nothing is judged for a game without the view or a side the
        octant's box refuses).
    """
    if read_game_with_view(values, "octant") is None:
        return
    try:
        size = parse_number(values.get("foct"), "the side S", OCTANT_SIZE_MAX)
    except ValueError:
        return
    parse_number(text, "c, the slice", size - 1, least=0)


def octant_csv(game, size_text: object) -> dict | None:
    """Every triple below S with its outcome: CSV ``a,b,c,outcome``."""
    size = parse_number(size_text, "S", OCTANT_SIZE_MAX)
    outcomes = _outcomes(size)
    letters = ("L", "W")
    grid = np.indices(outcomes.shape).reshape(3, -1).T
    flat = outcomes.reshape(-1)
    lines = ["a,b,c,outcome"]
    lines.extend(f"{a},{b},{c},{letters[o]}" for (a, b, c), o in zip(grid.tolist(), flat.tolist(), strict=True))
    return dcc.send_string("\n".join(lines) + "\n", f"euclid3-octant-{size}.csv", type="text/csv")


def slice_csv(game, size_text: object, c_text: object) -> dict | None:
    """The slice c = k: CSV ``a,b,c,outcome``."""
    size = parse_number(size_text, "S", OCTANT_SIZE_MAX)
    c = parse_number(c_text, "c", size - 1, least=0)
    plane = _outcomes(size)[:, :, c]
    rows = [{"a": a, "b": b, "c": c, "outcome": "W" if plane[a, b] else "L"} for a in range(size) for b in range(size)]
    return csv_file(["a", "b", "c", "outcome"], rows, f"euclid3-slice-c{c}-{size}.csv")


OCTANT_CSV = CsvExport("octant", "every triple of the octant with its outcome", (OCTANT_SIZE,), octant_csv)
SLICE_CSV = CsvExport("octant-slice", "the slice's pairs with their outcomes", (OCTANT_SIZE, SLICE_C), slice_csv)


def _octant_layout() -> list:
    return [
        panel(
            "The octant of triples, and a slice",
            'Every triple (a, b, c) with entries below S, as "Euclid\'s Game" draws it: the losing triples big '
            "(vermilion, L), the winning ones small (blue, W). A move takes a positive multiple of one nonzero "
            "entry from another, leaving it ≥ 0. The L triples gather about the diagonal, in a cone that is not "
            "solid. Drag to turn it. Beside it, the pairs (a, b) of the slice c = k; the slice c = 0 is Euclid's "
            "game on pairs, whose L pairs lie strictly between the lines b = φa and b = a/φ.",
            [
                html.Div(
                    [
                        number_box(OCTANT_SIZE, "side S", DEFAULT_OCTANT_SIZE, f"1 to {OCTANT_SIZE_MAX}"),
                        csv_button(OCTANT_CSV),
                        number_box(SLICE_C, "slice c", DEFAULT_SLICE, "0 to S − 1"),
                        csv_button(SLICE_CSV),
                    ],
                    className="controls controls-inline",
                ),
                html.Div(id=OCTANT_ERROR, className="error", role="alert"),
                html.Div(id=SLICE_ERROR, className="error", role="alert"),
                html.Div(
                    [
                        html.Div(
                            [
                                graph(OCTANT_GRAPH, 600, after_first_view=True),
                                html.P(id=OCTANT_NOTE, className="note", role="status"),
                            ]
                        ),
                        html.Div([graph(SLICE_GRAPH, 480), html.P(id=SLICE_NOTE, className="note", role="status")]),
                    ],
                    className="pair",
                ),
            ],
            wide=True,
        )
    ]


def _register_octant(app, gate) -> None:
    app.callback(
        Output(OCTANT_GRAPH, "figure"),
        Output(OCTANT_NOTE, "children"),
        Output(OCTANT_ERROR, "children"),
        Output(OCTANT_SIZE, "className"),
        gate,
        State(ids.GAME, "value"),
        Input(OCTANT_SIZE, "value"),
        prevent_initial_call=True,
    )(octant_view)
    app.callback(
        Output(SLICE_GRAPH, "figure"),
        Output(SLICE_NOTE, "children"),
        Output(SLICE_ERROR, "children"),
        Output(SLICE_C, "className"),
        gate,
        State(ids.GAME, "value"),
        Input(OCTANT_SIZE, "value"),
        Input(SLICE_C, "value"),
        prevent_initial_call=True,
    )(slice_view)


#: The views of this module, by the names games declare.
VIEWS = (
    View(
        "octant",
        "Euclid's game on triples: the octant in 3-D (L big, W small) and a slice c = k",
        _octant_layout,
        _register_octant,
        url_keys=(
            number_box_key("foct", OCTANT_SIZE, DEFAULT_OCTANT_SIZE, "the side S", most=OCTANT_SIZE_MAX),
            judged(
                number_box_key("fslice", SLICE_C, DEFAULT_SLICE, "c, the slice", least=0, most=OCTANT_SIZE_MAX - 1),
                judge_slice_param,
            ),
        ),
        exports=(OCTANT_CSV, SLICE_CSV),
    ),
)
