"""Views of a two-pile game (Wythoff's game, Euclid's game): the quadrant by outcome, and Wythoff's sieve.

The pictures of "Sieves and Wythoff's Nim" and "Euclid's Game": every pair
(a, b) coloured by outcome, with the moves of a hovered pair and the lines
of slope φ and 1/φ (``"plane"``), and for Wythoff's game the sieve step by
step over the Beatty pairs (``"sieve"``).  The plane reads the game's
:meth:`solver.ImpartialGame.plane`.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Sequence
from typing import Any

import dash
import numpy as np
import plotly.graph_objects as go
from dash import Input, Output, Patch, State, dcc, html, no_update

from solver.impartial import beatty_pairs, sieve_steps, wythoff_pairs

from ....components import attrs
from ....style import COLOURS, MARGIN, NEUTRAL_DARK, message_figure
from ....urlkeys import UrlKey, number_box_key, slider
from .. import ids
from ..figures import HEATMAP_MAX_SIDE, image_trace, square_axes
from ..games import find_game, parse_number
from ..play import PAGE_SECONDS, described, move_rows
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
    skip,
)

__all__ = [
    "ENDS_JS",
    "HIGHLIGHT_TRACE",
    "MAX_CSV_ROWS",
    "PHI",
    "STEP_JS",
    "VIEWS",
    "beatty_figure",
    "highlight_moves",
    "plane_figure",
    "plane_hover",
    "plane_view",
    "sieve_picture",
    "sieve_view",
    "step_buttons",
    "step_ends",
]

#: The golden ratio.
PHI = (1 + math.sqrt(5)) / 2
#: Index of the trace that shows the hovered position's moves in :func:`plane_figure`.
HIGHLIGHT_TRACE = 3
#: Side of the quadrant of Wythoff's and Euclid's games (the source's Euclid picture: a, b < 30).
DEFAULT_PLANE_SIZE = 30
PLANE_SIZE_MAX = 2000
#: Steps of the sieve offered by its slider.
SIEVE_STEPS = 30
DEFAULT_SIEVE_STEP = 1
#: Most rows a CSV of the quadrant holds (a side of 1,000).
MAX_CSV_ROWS = 1_000_000


# ---------------------------------------------------------------- figures


def _line_traces(side: int) -> list[go.Scatter]:
    """The lines b = φ a and b = a / φ across a quadrant of this side."""
    end = side - 0.5
    return [
        go.Scatter(
            x=[0, end / PHI],
            y=[0, end],
            mode="lines",
            line={"color": NEUTRAL_DARK, "width": 1.5, "dash": "dash"},
            name="b = φ a",
            hoverinfo="skip",
        ),
        go.Scatter(
            x=[0, end],
            y=[0, end / PHI],
            mode="lines",
            line={"color": NEUTRAL_DARK, "width": 1.5, "dash": "dot"},
            name="b = a / φ",
            hoverinfo="skip",
        ),
    ]


def plane_figure(outcomes: np.ndarray, title: str) -> go.Figure:
    """The quadrant of pairs (a, b), 0 <= a, b < S, coloured by outcome, with the lines of slope φ and 1/φ.

    Parameters
    ----------
    outcomes : numpy.ndarray
        uint8, shape ``(S, S)``: ``[a, b]`` is 1 for W (N-position), 0 for
        L, as :func:`solver.impartial.wythoff_outcomes` and
        :func:`solver.impartial.euclid_outcomes` give them.
    title : str
        The figure's title.

    Returns
    -------
    plotly.graph_objects.Figure
        Traces in this order: the picture (a heatmap with a hover text per
        cell up to :data:`HEATMAP_MAX_SIDE`, else one PNG), the lines b = φa
        and b = a/φ (Wythoff's P-positions lie along them; Euclid's losing
        pairs lie between them), and at index :data:`HIGHLIGHT_TRACE` the
        empty trace that :func:`highlight_moves` fills with the moves of a
        hovered position, then the position itself.  a runs along x, b up y.
    """
    side = outcomes.shape[0]
    z = np.ascontiguousarray(outcomes.T)  # row b, column a
    fig = go.Figure()
    if side <= HEATMAP_MAX_SIDE:
        letters = np.where(z == 1, "W", "L")
        fig.add_trace(
            go.Heatmap(
                z=z,
                x=np.arange(side),
                y=np.arange(side),
                text=letters,
                hovertemplate="(%{x}, %{y}): %{text}<extra></extra>",
                colorscale=[[0, COLOURS["L"]], [1, COLOURS["W"]]],
                zmin=0,
                zmax=1,
                showscale=False,
                xgap=1 if side <= 60 else 0,
                ygap=1 if side <= 60 else 0,
            )
        )
    else:
        fig.add_trace(image_trace(z, [COLOURS["L"], COLOURS["W"]], "(%{x}, %{y})<extra></extra>"))
    for trace in _line_traces(side):
        fig.add_trace(trace)
    size = max(4.0, min(14.0, 440 / max(side, 1)))
    fig.add_trace(
        go.Scatter(
            x=[],
            y=[],
            mode="markers",
            marker={"symbol": "square-open", "size": size, "color": NEUTRAL_DARK, "line": {"width": 2}},
            name="moves of the hovered pair",
            hoverinfo="skip",
        )
    )
    fig.add_trace(
        go.Scatter(
            x=[],
            y=[],
            mode="markers",
            marker={"symbol": "x", "size": size + 2, "color": "#000000"},
            name="hovered pair",
            hoverinfo="skip",
        )
    )
    square_axes(fig, side, "a", "b")
    fig.update_layout(
        title={"text": title, "font": {"size": 14}},
        template="plotly_white",
        margin=MARGIN,
        legend={"orientation": "h", "y": -0.15},
        uirevision=f"plane-{side}",
    )
    return fig


def highlight_moves(position: tuple[int, int], children: Sequence[Any]) -> dict:
    """The data of the two highlight traces of :func:`plane_figure` for a hovered position.

    Parameters
    ----------
    position : (int, int)
        The hovered pair (a, b).
    children : sequence of (int, int)
        The pairs one move away.

    Returns
    -------
    dict
        ``{"moves": {"x": [...], "y": [...]}, "at": {"x": [a], "y": [b]}}``,
        the values a ``dash.Patch`` writes into the figure.
    """
    return {
        "moves": {"x": [int(c[0]) for c in children], "y": [int(c[1]) for c in children]},
        "at": {"x": [int(position[0])], "y": [int(position[1])]},
    }


def beatty_figure(sieve: np.ndarray, beatty: np.ndarray, step: int | None = None) -> go.Figure:
    """Wythoff's P-positions (a(n), b(n)) and (b(n), a(n)) over the lines b = φa and b = a/φ.

    Parameters
    ----------
    sieve : numpy.ndarray
        int, shape ``(count, 2)``: :func:`solver.impartial.wythoff_pairs`.
    beatty : numpy.ndarray
        int, shape ``(count, 2)``: :func:`solver.impartial.beatty_pairs`
        (``⌊nφ⌋``, ``⌊nφ²⌋``), shown in the hover text beside the sieve's.
    step : int, optional
        A step n of the sieve to ring (1-based).

    Returns
    -------
    plotly.graph_objects.Figure
        Markers in the L colour (circles below the diagonal... above: (a, b);
        diamonds: (b, a)), the two lines, and (0, 0).
    """
    count = sieve.shape[0]
    n = np.arange(1, count + 1)
    text = [
        f"n = {int(k)}: sieve ({int(s[0])}, {int(s[1])}); ⌊nφ⌋, ⌊nφ²⌋ = ({int(b[0])}, {int(b[1])})"
        for k, s, b in zip(n, sieve, beatty, strict=True)
    ]
    side = int(sieve[:, 1].max()) + 2 if count else 4
    fig = go.Figure()
    fig.add_trace(
        go.Scatter(
            x=np.concatenate([[0], sieve[:, 0]]),
            y=np.concatenate([[0], sieve[:, 1]]),
            mode="markers",
            marker={
                "color": COLOURS["L"],
                "size": 8,
                "symbol": "circle",
                "line": {"color": NEUTRAL_DARK, "width": 0.5},
            },
            name="(a(n), b(n))",
            text=["(0, 0): no move", *text],
            hovertemplate="%{text}<extra></extra>",
        )
    )
    fig.add_trace(
        go.Scatter(
            x=sieve[:, 1],
            y=sieve[:, 0],
            mode="markers",
            marker={
                "color": COLOURS["L"],
                "size": 8,
                "symbol": "diamond",
                "line": {"color": NEUTRAL_DARK, "width": 0.5},
            },
            name="(b(n), a(n))",
            text=text,
            hovertemplate="%{text}<extra></extra>",
        )
    )
    for trace in _line_traces(side):
        fig.add_trace(trace)
    if step is not None and 1 <= step <= count:
        a, b = int(sieve[step - 1, 0]), int(sieve[step - 1, 1])
        fig.add_trace(
            go.Scatter(
                x=[a, b],
                y=[b, a],
                mode="markers",
                marker={"symbol": "circle-open", "size": 18, "color": "#000000", "line": {"width": 2}},
                name=f"step {step}",
                hoverinfo="skip",
            )
        )
    square_axes(fig, side, "a", "b")
    fig.update_layout(
        title={"text": "P-positions and the Beatty lines", "font": {"size": 14}},
        template="plotly_white",
        margin=MARGIN,
        legend={"orientation": "h", "y": -0.15},
    )
    return fig


def sieve_picture(step, pairs: np.ndarray) -> html.Div:
    """One step of Wythoff's sieve, as the source tells it, and the pairs found so far.

    Parameters
    ----------
    step : solver.impartial.SieveStep
        The step (``n``, ``good``, ``bad``, ``before``).
    pairs : numpy.ndarray
        int, shape ``(>= n, 2)``: the sieve's pairs (a(k), b(k)), k = 1, 2, ...

    Returns
    -------
    dash.html.Div
        A sentence, the numbers left in the list before the step (a(n)
        marked good, a(n) + n struck), and a(1..n), b(1..n).
    """
    chips = []
    for x in step.before:
        if x == step.good:
            chips.append(html.Span(str(x), className="sieve-chip sieve-good", title=f"a({step.n}) = {x}: good"))
        elif x == step.bad:
            chips.append(
                html.Span(html.S(str(x)), className="sieve-chip sieve-bad", title=f"b({step.n}) = {x}: struck")
            )
        else:
            chips.append(html.Span(str(x), className="sieve-chip"))
    done = pairs[: step.n]
    return html.Div(
        [
            html.P(
                [
                    html.Strong(f"Step {step.n}: "),
                    f"the first number left, {step.good}, is good: a({step.n}) = {step.good}. "
                    f"{step.good} + {step.n} = {step.bad} is struck: b({step.n}) = {step.bad}. "
                    f"So ({step.good}, {step.bad}) and ({step.bad}, {step.good}) are P-positions.",
                ]
            ),
            html.Div(
                [html.Span("the list before the step: ", className="note"), *chips, html.Span(" …", className="note")],
                className="sieve-list",
                **attrs({"aria-label": f"numbers left before step {step.n}"}),
            ),
            html.P("a(n): " + ", ".join(str(int(v)) for v in done[:, 0]), className="sieve-seq"),
            html.P("b(n): " + ", ".join(str(int(v)) for v in done[:, 1]), className="sieve-seq"),
        ]
    )


# ---------------------------------------------------------------- callbacks


def plane_view(gate: object, name: object, size_text: object) -> tuple:
    """The quadrant of a two-pile game coloured by outcome.

    Returns
    -------
    tuple
        ``(figure, note, error, box class)``.
    """
    game = game_with_view(gate, name, "plane")
    if game is None:
        return skip(4)
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
    if size > HEATMAP_MAX_SIDE:
        note += "; one pixel per pair"
    if size * size > MAX_CSV_ROWS:
        note += f"; the CSV is written up to a side of {math.isqrt(MAX_CSV_ROWS):,}"
    note += "."
    return plane_figure(outcomes, f"{game.title}, a, b < {size:,}"), note, "", BOX_CLASS


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
        ``(highlight, text)``: :func:`highlight_moves` of the pair
        and its moves, and a sentence with the pair's outcome, how many
        moves it has and its winning moves; ``(None, no_update)`` when there
        is no pair there.
    """
    pair = _hovered_pair(point_data)
    if pair is None:
        return None, no_update
    try:
        game = find_game(name)
        if "plane" not in game.views:
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
    return highlight_moves(pair, children), text


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


#: :func:`step_ends` in JavaScript: "previous" is off at the first step and "next" at the last.
ENDS_JS = """function (step) {
    var last = __LAST__;
    var current = (typeof step === 'number' && Number.isInteger(step) && step >= 1 && step <= last) ? step : 1;
    return [current <= 1, current >= last];
}""".replace("__LAST__", str(SIEVE_STEPS))


def step_ends(step: object) -> tuple[bool, bool]:
    """Whether "previous" and "next" are off at a step: at the first and at the last step there is no step to go to.

    The page runs :data:`ENDS_JS`, the same rule in the browser; this is its tested reference.

    Parameters
    ----------
    step : object
        The step slider's value; anything but a whole number from 1 to
        :data:`SIEVE_STEPS` counts as step 1 (as :func:`step_buttons` reads it).

    Returns
    -------
    tuple of bool
        ``(previous disabled, next disabled)``.
    """
    current = step if isinstance(step, int) and not isinstance(step, bool) and 1 <= step <= SIEVE_STEPS else 1
    return current <= 1, current >= SIEVE_STEPS


def sieve_view(gate: object, name: object, step: object) -> tuple:
    """One step of Wythoff's sieve and the P-positions over the Beatty lines.

    Returns
    -------
    tuple
        ``(step view, Beatty figure, note)``; nothing for a game other than Wythoff's.
    """
    game = game_with_view(gate, name, "sieve")
    if game is None:
        return skip(3)
    n = step if isinstance(step, int) and not isinstance(step, bool) and 1 <= step <= SIEVE_STEPS else 1
    steps = sieve_steps(SIEVE_STEPS, window=16)
    sieve = wythoff_pairs(SIEVE_STEPS)
    beatty = beatty_pairs(SIEVE_STEPS)
    same = bool((sieve == beatty).all())
    note = (
        f"The sieve's pairs for n = 1..{SIEVE_STEPS} {'equal' if same else 'DIFFER FROM'} (⌊nφ⌋, ⌊nφ²⌋), "
        "computed in exact integers: ⌊nφ⌋ = (n + isqrt(5n²)) // 2."
    )
    return sieve_picture(steps[n - 1], sieve), beatty_figure(sieve, beatty, n), note


# ---------------------------------------------------------------- CSV


def plane_csv(game, size_text: object) -> dict | None:
    """Every pair a, b < S with its outcome: CSV ``a,b,outcome`` (None beyond :data:`MAX_CSV_ROWS` rows)."""
    size = parse_number(size_text, "S", PLANE_SIZE_MAX)
    if size * size > MAX_CSV_ROWS:
        return None
    outcomes = game.plane(size, max_seconds=PAGE_SECONDS)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["a", "b", "outcome"])
    letters = ("L", "W")
    for a in range(size):
        row = outcomes[a]
        writer.writerows((a, b, letters[row[b]]) for b in range(size))
    return dcc.send_string(out.getvalue(), f"{game.name}-plane-{size}.csv", type="text/csv")


def sieve_csv(game) -> dict | None:
    """The sieve's pairs beside (⌊nφ⌋, ⌊nφ²⌋): CSV ``n,a,b,floor_n_phi,floor_n_phi2``."""
    sieve, beatty = wythoff_pairs(SIEVE_STEPS), beatty_pairs(SIEVE_STEPS)
    rows = [
        {"n": k + 1, "a": int(s[0]), "b": int(s[1]), "floor_n_phi": int(t[0]), "floor_n_phi2": int(t[1])}
        for k, (s, t) in enumerate(zip(sieve, beatty, strict=True))
    ]
    return csv_file(["n", "a", "b", "floor_n_phi", "floor_n_phi2"], rows, "wythoff-sieve.csv")


PLANE_CSV = CsvExport("plane", "the quadrant's outcomes", (ids.PLANE_SIZE,), plane_csv)
SIEVE_CSV = CsvExport("sieve", "the sieve and the Beatty pairs", (), sieve_csv)


# ---------------------------------------------------------------- panels


def _plane_layout() -> list:
    return [
        panel(
            "The quadrant, coloured by outcome",
            "Every pair (a, b) with a, b < S: blue W (the player to move wins), vermilion L (loses). Hover or tap "
            "a pair to see its legal moves (squares); its winning moves are listed below. Dashed: b = φa; "
            "dotted: b = a/φ (φ = 1.618…). Wythoff's P-positions lie along these lines; Euclid's losing pairs "
            "are exactly those strictly between them (b/a < φ and a/b < φ, a ≠ b).",
            [
                html.Div(
                    [
                        number_box(ids.PLANE_SIZE, "side S", DEFAULT_PLANE_SIZE, f"at most {PLANE_SIZE_MAX:,}"),
                        csv_button(PLANE_CSV),
                    ],
                    className="controls controls-inline",
                ),
                html.Div(id=ids.PLANE_ERROR, className="error", role="alert"),
                graph(ids.PLANE_GRAPH, 520),
                html.P(id=ids.PLANE_NOTE, className="note", role="status"),
                html.Div(
                    "Hover or tap a pair to list its moves.",
                    id=ids.PLANE_MOVES,
                    className="summary-text",
                    role="status",
                    **attrs({"aria-live": "polite"}),
                ),
            ],
        )
    ]


def _sieve_layout() -> list:
    return [
        panel(
            "Wythoff's sieve and the Beatty pairs",
            "Start with 1, 2, 3, ...; in step n the first number left, a, is good and a + n is struck. The "
            "good numbers are a(n) = ⌊nφ⌋ = 1, 3, 4, 6, ..., the struck ones b(n) = ⌊nφ²⌋ = 2, 5, 7, 10, ..., "
            "and the P-positions of Wythoff's game are (a(n), b(n)) and (b(n), a(n)) (W. A. Wythoff, 1907).",
            [
                html.Div(
                    [
                        html.Div(
                            [
                                html.Label("step n of the sieve", htmlFor=ids.SIEVE_STEP),
                                dcc.Slider(
                                    id=ids.SIEVE_STEP,
                                    min=1,
                                    max=SIEVE_STEPS,
                                    step=1,
                                    value=DEFAULT_SIEVE_STEP,
                                    marks={1: "1", 10: "10", 20: "20", SIEVE_STEPS: str(SIEVE_STEPS)},
                                ),
                            ],
                            className="control control-slider",
                        ),
                        html.Button(
                            "◀ previous",
                            id=ids.SIEVE_PREV,
                            className="button",
                            n_clicks=0,
                            disabled=step_ends(DEFAULT_SIEVE_STEP)[0],
                        ),
                        html.Button(
                            "next ▶",
                            id=ids.SIEVE_NEXT,
                            className="button",
                            n_clicks=0,
                            disabled=step_ends(DEFAULT_SIEVE_STEP)[1],
                        ),
                        csv_button(SIEVE_CSV),
                    ],
                    className="controls controls-inline",
                ),
                dcc.Loading(html.Div(id=ids.SIEVE_VIEW, role="status"), type="dot"),
                graph(ids.BEATTY_GRAPH, 460),
                html.P(id=ids.BEATTY_NOTE, className="note", role="status"),
            ],
        )
    ]


def _register_plane(app, gate) -> None:
    app.callback(
        Output(ids.PLANE_GRAPH, "figure"),
        Output(ids.PLANE_NOTE, "children"),
        Output(ids.PLANE_ERROR, "children"),
        Output(ids.PLANE_SIZE, "className"),
        gate,
        State(ids.GAME, "value"),
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
        patch["data"][HIGHLIGHT_TRACE]["x"] = highlight["moves"]["x"]
        patch["data"][HIGHLIGHT_TRACE]["y"] = highlight["moves"]["y"]
        patch["data"][HIGHLIGHT_TRACE + 1]["x"] = highlight["at"]["x"]
        patch["data"][HIGHLIGHT_TRACE + 1]["y"] = highlight["at"]["y"]
        return patch, text


def _register_sieve(app, gate) -> None:
    # In the browser: a step is arithmetic, so a click costs no round trip (step_buttons is its reference).
    app.clientside_callback(
        STEP_JS,
        Output(ids.SIEVE_STEP, "value"),
        Input(ids.SIEVE_PREV, "n_clicks"),
        Input(ids.SIEVE_NEXT, "n_clicks"),
        State(ids.SIEVE_STEP, "value"),
        prevent_initial_call=True,
    )
    # A button with no step to go to is off, so no press does nothing.  It runs in the browser when the view's
    # gate opens too: the page served for an address holds the address's step (layout.page_layout).
    app.clientside_callback(
        ENDS_JS,
        Output(ids.SIEVE_PREV, "disabled"),
        Output(ids.SIEVE_NEXT, "disabled"),
        Input(ids.SIEVE_STEP, "value"),
        gate,
        prevent_initial_call=True,
    )
    app.callback(
        Output(ids.SIEVE_VIEW, "children"),
        Output(ids.BEATTY_GRAPH, "figure"),
        Output(ids.BEATTY_NOTE, "children"),
        gate,
        State(ids.GAME, "value"),
        Input(ids.SIEVE_STEP, "value"),
        prevent_initial_call=True,
    )(sieve_view)


#: The views of this module, by the names games declare.
VIEWS = (
    View(
        "plane",
        "the quadrant of pairs coloured by outcome, with the moves of a hovered pair",
        _plane_layout,
        _register_plane,
        url_keys=(number_box_key("fsize", ids.PLANE_SIZE, DEFAULT_PLANE_SIZE, "the side S", most=PLANE_SIZE_MAX),),
        exports=(PLANE_CSV,),
    ),
    View(
        "sieve",
        "Wythoff's sieve step by step and the Beatty pairs",
        _sieve_layout,
        _register_sieve,
        url_keys=(UrlKey("fstep", ids.SIEVE_STEP, DEFAULT_SIEVE_STEP, slider("the sieve's step", 1, SIEVE_STEPS)),),
        exports=(SIEVE_CSV,),
    ),
)
