"""Views of a game whose positions are heaps (an octal game): its Grundy sequence, classes and two-heap P-positions.

The pictures of "The Independence Game" (C. Wright, 2017): the Grundy values
G(0..N) of one heap with the period and pre-period marked (proved by the
periodicity theorem when it applies), the equivalence classes of heap sizes,
and the grid of two-heap P-positions.  The Play panel lists each heap's
Grundy value and their nim sum (the ``"heaps"`` surface).

Games declare these views as ``"grundy"`` (the sequence and the classes) and
``"pairs"``; any game whose positions are heaps (:class:`solver.impartial.octal.HeapGame`:
the octal games, Couples are Forever) can have them: they read its
``grundy_sequence``, ``periodicity`` and ``theorem_k``.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

import numpy as np
import plotly.graph_objects as go
from dash import Input, Output, State, dcc, html, no_update

from solver.impartial import classes_of_values, pairs_of_equal_values

from ....components import lazy
from ....style import COLOURS, LEGEND_BELOW_MARGIN, MARGIN, NEUTRAL, NEUTRAL_DARK, NEUTRAL_LIGHT, message_figure
from ....tables import data_grid, register_exports
from ....urlkeys import judged, number_box_key
from .. import ids
from ..figures import HEATMAP_MAX_SIDE, MAX_POINTS, moves_view, png_data_uri
from ..games import find_game, parse_number
from ..play import MAX_LISTED, PAGE_SECONDS
from .base import (
    BOX_CLASS,
    INVALID_BOX_CLASS,
    CsvExport,
    Surface,
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
    "PAIR_KIND_TEXT",
    "SURFACES",
    "VIEWS",
    "class_rows",
    "grundy_figure",
    "grundy_view",
    "heaps_table",
    "judge_heaps_param",
    "judge_pairs_param",
    "pair_grid_figure",
    "pair_kinds",
    "pairs_view",
    "periodicity_for",
    "periodicity_note",
    "thin_sequence",
]

#: Heaps 0..N of the Grundy sequence and the classes, and the largest N typed (work beyond the page's
#: time limit is refused by its estimate first; Couples are Forever reaches 10**5 and more by sparse space).
DEFAULT_HEAPS_N = 200
HEAPS_N_MAX = 1_000_000
#: Most heaps of one class written out in the table of classes.
CLASS_HEAPS_SHOWN = 200
#: Heaps 1..M of the grid of two-heap P-positions (the source's picture: each heap <= 50).
DEFAULT_PAIRS_N = 50
PAIRS_N_MAX = 400
#: Seconds of work one step of the page's periodicity check may cost (it doubles the heaps checked while this holds).
PERIODICITY_STEP_SECONDS = 0.6
#: Heaps the periodicity check starts with, and the most it reaches.
PERIODICITY_START = 256
PERIODICITY_MAX_N = 1 << 16
#: Most period boundaries drawn on the Grundy plot.
MAX_PERIOD_LINES = 40


# ---------------------------------------------------------------- figures


def thin_sequence(values: np.ndarray, max_points: int = MAX_POINTS) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Positions and each bin's least and largest value of a long sequence.

    Parameters
    ----------
    values : numpy.ndarray
        The sequence, shape ``(n,)``, entry ``h`` at position ``h``.
    max_points : int, optional
        Most points per returned array.

    Returns
    -------
    (x, low, high) : tuple of numpy.ndarray
        When ``n <= max_points``: ``arange(n)``, ``values``, ``values``
        (nothing is lost).  Otherwise ``ceil(n / max_points)`` values per
        bin: the first position of each bin and its least and largest value.
    """
    values = np.asarray(values)
    n = values.shape[0]
    if n <= max_points:
        x = np.arange(n)
        return x, values, values
    width = math.ceil(n / max_points)
    bins = math.ceil(n / width)
    padded = np.full(bins * width, values[-1], dtype=values.dtype)
    padded[:n] = values
    shaped = padded.reshape(bins, width)
    return np.arange(bins) * width, shaped.min(axis=1), shaped.max(axis=1)


def grundy_figure(values: np.ndarray, period: int | None, preperiod: int | None, proved: bool, title: str) -> go.Figure:
    """The Grundy values G(0..N) of one heap, with the pre-period shaded and the periods marked.

    Parameters
    ----------
    values : numpy.ndarray
        int, shape ``(N + 1,)``: ``values[h]`` is G(h).
    period, preperiod : int or None
        From :func:`solver.impartial.periodicity` (None: no period found).
    proved : bool
        Whether the period is proved (solid marks) or a candidate (dotted).
    title : str
        The figure's title.

    Returns
    -------
    plotly.graph_objects.Figure
        A line of the values (grey) with markers; the heaps of value 0 (the
        one-heap P-positions) in the L colour; the heaps before the
        pre-period shaded; a vertical line at the pre-period and every
        period after it (at most :data:`MAX_PERIOD_LINES`).  A sequence
        longer than :data:`MAX_POINTS` is drawn as each bin's range, a grey
        band the legend names.
    """
    values = np.asarray(values)
    n = values.shape[0]
    fig = go.Figure()
    x, low, high = thin_sequence(values)
    if n <= MAX_POINTS:
        fig.add_trace(
            go.Scatter(
                x=x,
                y=values,
                mode="lines+markers" if n <= 600 else "lines",
                line={"color": NEUTRAL_LIGHT, "width": 1},
                marker={"color": NEUTRAL, "size": 5},
                name="G(h)",
                hovertemplate="heap %{x}: G = %{y}<extra></extra>",
            )
        )
        zeros = np.flatnonzero(values == 0)
        fig.add_trace(
            go.Scatter(
                x=zeros,
                y=np.zeros(zeros.shape[0], dtype=np.int64),
                mode="markers",
                marker={"color": COLOURS["L"], "size": 7, "line": {"color": NEUTRAL_DARK, "width": 0.5}},
                name="G = 0 (P-position)",
                hovertemplate="heap %{x}: G = 0, a P-position<extra></extra>",
            )
        )
    else:
        fig.add_trace(
            go.Scatter(
                x=np.concatenate([x, x[::-1]]),
                y=np.concatenate([high, low[::-1]]),
                fill="toself",
                mode="lines",
                line={"color": NEUTRAL, "width": 1},
                fillcolor="rgba(85,85,85,0.35)",
                name=f"range of G in bins of {int(x[1] - x[0]) if len(x) > 1 else 1} heaps",
                hoverinfo="skip",
            )
        )
    top = int(values.max()) if n else 0
    if period and preperiod is not None:
        dash_style = "solid" if proved else "dot"
        if preperiod > 0:
            fig.add_vrect(
                x0=-0.5,
                x1=min(preperiod, n) - 0.5,
                fillcolor=NEUTRAL_LIGHT,
                opacity=0.35,
                line_width=0,
                layer="below",
            )
        starts = [preperiod + j * period for j in range(MAX_PERIOD_LINES) if preperiod + j * period < n]
        # The lines as add_vline draws them, added in one step: each add_vline validates every shape before
        # it again, so 40 lines took 0.3 s of the answer.
        lines = [
            go.layout.Shape(
                type="line",
                x0=start - 0.5,
                x1=start - 0.5,
                xref="x",
                y0=0,
                y1=1,
                yref="y domain",
                line={"color": NEUTRAL_DARK if j == 0 else NEUTRAL, "width": 1, "dash": dash_style},
            )
            for j, start in enumerate(starts)
        ]
        fig.update_layout(shapes=[*fig.layout.shapes, *lines])
        fig.add_annotation(
            x=min(preperiod, n - 1),
            y=top + 0.8,
            text=f"pre-period {preperiod}, period {period}" + ("" if proved else " (not proved)"),
            showarrow=False,
            xanchor="left",
            font={"size": 12, "color": NEUTRAL_DARK},
        )
    fig.update_layout(
        title={"text": title, "font": {"size": 14}},
        template="plotly_white",
        margin=LEGEND_BELOW_MARGIN,
        xaxis_title="heap size h",
        yaxis_title="Grundy value G(h)",
        # Shown for a single trace too: the grey band of a long sequence says what it is.
        showlegend=True,
        legend={"orientation": "h", "y": -0.2},
        yaxis={"range": [-0.6, top + 1.4]},
    )
    return fig


def periodicity_note(
    period: int | None, preperiod: int | None, proved: bool, checked_to: int, max_removal: int | None
) -> str:
    """What the periodicity check found, and the theorem that proves it when it does.

    Parameters
    ----------
    period, preperiod, proved, checked_to
        The fields of :class:`solver.impartial.Periodicity`.
    max_removal : int or None
        ``k``: the position of the code's last nonzero digit (the most
        tokens a move removes); None for a game the theorem does not cover
        (then a period found is only a candidate).

    Returns
    -------
    str
        One paragraph.  For a proved period it states the Octal Games
        Periodicity Theorem (Guy and Smith 1956; *Winning Ways*, chapter
        4) with this game's numbers: if G(h + p) = G(h) for every h with
        e <= h < 2e + p + k, then for every h >= e.
    """
    if period is None or preperiod is None:
        return (
            f"No period found: the Grundy values up to heap {checked_to:,} do not end with three repeats of any "
            "period. (Whether every octal game with finitely many digits is ultimately periodic is an open "
            "problem; Officers, 0.6, is not known to be.)"
        )
    last = f"the last exception is heap {preperiod - 1:,}" if preperiod > 0 else "no exception"
    if max_removal is None:
        return (
            f"The values up to heap {checked_to:,} repeat with period {period:,} from heap {preperiod:,} on; the "
            "octal games periodicity theorem does not cover this game, so this is a candidate, not a fact."
        )
    if proved:
        e = max(preperiod, 1)
        return (
            f"Period {period:,}, pre-period {preperiod:,}: G(h + {period:,}) = G(h) for every heap h ≥ "
            f"{preperiod:,} ({last}). Proved by the octal games periodicity theorem (Guy and Smith 1956; Winning "
            f"Ways, ch. 4): the last nonzero digit of the code is d{max_removal} (k = {max_removal}), and the "
            f"values agree for every h with {e:,} ≤ h < 2·{e:,} + {period:,} + {max_removal} = "
            f"{2 * e + period + max_removal:,}, checked with the values computed to heap {checked_to:,}; "
            "so they agree for every larger heap too."
        )
    need = 2 * max(preperiod, 1) + 2 * period + max_removal - 1
    return (
        f"Not proved: the values up to heap {checked_to:,} repeat with period {period:,} from heap "
        f"{preperiod:,} on (at least three periods), but the periodicity theorem needs the values to heap "
        f"{need:,} to prove it. A candidate, not a fact."
    )


def class_rows(classes: dict[int, np.ndarray]) -> list[dict]:
    """Rows of the equivalence-classes table: one per Grundy value.

    Parameters
    ----------
    classes : dict of int to numpy.ndarray
        :func:`solver.impartial.equivalence_classes`: value -> heaps.

    Returns
    -------
    list of dict
        ``{"value", "count", "heaps"}`` by increasing value; ``heaps`` is
        the heaps of the class, increasing, as text ``"1, 2, 6, 7"``: every
        one up to :data:`CLASS_HEAPS_SHOWN`, then how many more.
    """
    rows = []
    for v, heaps in sorted(classes.items()):
        text = ", ".join(str(int(h)) for h in heaps[:CLASS_HEAPS_SHOWN])
        if heaps.shape[0] > CLASS_HEAPS_SHOWN:
            text += f", … ({heaps.shape[0] - CLASS_HEAPS_SHOWN:,} more)"
        rows.append({"value": int(v), "count": int(heaps.shape[0]), "heaps": text})
    return rows


#: Kinds of a two-heap position (a, b) in :func:`pair_kinds`, and their hover text.
PAIR_KIND_TEXT = {
    0: "N (values differ)",
    1: "P, irreducible",
    2: "P, a = b",
    3: "P, reducible (both heaps P)",
}


def pair_kinds(values: np.ndarray, pairs: np.ndarray) -> np.ndarray:
    """Kind of every two-heap position (a, b), 1 <= a, b <= m, from the list of P-positions.

    Parameters
    ----------
    values : numpy.ndarray
        int, shape ``(m + 1,)``: the Grundy values of heaps ``0..m``.
    pairs : numpy.ndarray
        int, shape ``(k, 2)``: :func:`solver.impartial.two_heap_p_positions`
        for heaps up to m, rows ``(a, b)`` with ``a <= b``.

    Returns
    -------
    numpy.ndarray
        uint8, shape ``(m, m)``, entry ``[b - 1, a - 1]`` (row b, column a,
        symmetric): 0 for an N-position, else the kind of P-position of
        :data:`PAIR_KIND_TEXT` (1 irreducible, 2 mirror, 3 reducible).
    """
    m = values.shape[0] - 1
    kinds = np.zeros((m, m), dtype=np.uint8)
    if pairs.shape[0]:
        a, b = pairs[:, 0], pairs[:, 1]
        kind = np.where(a == b, 2, np.where(values[a] == 0, 3, 1)).astype(np.uint8)
        kinds[b - 1, a - 1] = kind
        kinds[a - 1, b - 1] = kind
    return kinds


def pair_grid_figure(values: np.ndarray, kinds: np.ndarray, title: str) -> go.Figure:
    """The grid of two-heap positions (a, b), 1 <= a, b <= m: P-positions in the L colour.

    Parameters
    ----------
    values : numpy.ndarray
        Grundy values of heaps ``0..m``.
    kinds : numpy.ndarray
        :func:`pair_kinds`, shape ``(m, m)``.
    title : str
        The figure's title.

    Returns
    -------
    plotly.graph_objects.Figure
        A heatmap (a PNG beyond :data:`HEATMAP_MAX_SIDE`): N-positions blue,
        P-positions vermilion; the hover text gives both values and the kind.
    """
    m = kinds.shape[0]
    outcome = (kinds > 0).astype(np.uint8)  # 1: P-position
    fig = go.Figure()
    if m <= HEATMAP_MAX_SIDE:
        a = np.arange(1, m + 1)
        # Row i is heap b = i + 1 (y), column j heap a = j + 1 (x).
        text = [
            [
                f"({int(a[j])}, {int(a[i])}): G {int(values[a[j]])}, {int(values[a[i]])}; "
                f"{PAIR_KIND_TEXT[int(kinds[i, j])]}"
                for j in range(m)
            ]
            for i in range(m)
        ]
        fig.add_trace(
            go.Heatmap(
                z=outcome,
                x=a,
                y=a,
                text=text,
                hovertemplate="%{text}<extra></extra>",
                colorscale=[[0, COLOURS["W"]], [1, COLOURS["L"]]],
                zmin=0,
                zmax=1,
                showscale=False,
                xgap=1 if m <= 60 else 0,
                ygap=1 if m <= 60 else 0,
            )
        )
        fig.update_xaxes(range=[0.5, m + 0.5])
        fig.update_yaxes(range=[0.5, m + 0.5])
    else:
        fig.add_trace(
            go.Image(
                source=png_data_uri(outcome, [COLOURS["W"], COLOURS["L"]]),
                x0=1,
                y0=1,
                dx=1,
                dy=1,
                hovertemplate="heaps (%{x}, %{y})<extra></extra>",
                name="",
            )
        )
        fig.update_xaxes(range=[0.5, m + 0.5])
        fig.update_yaxes(range=[0.5, m + 0.5], autorange=False)
    fig.update_xaxes(title="heap a", constrain="domain", showgrid=False, zeroline=False)
    fig.update_yaxes(title="heap b", scaleanchor="x", scaleratio=1, constrain="domain", showgrid=False, zeroline=False)
    fig.update_layout(title={"text": title, "font": {"size": 14}}, template="plotly_white", margin=MARGIN)
    return fig


def heaps_table(heaps: Sequence[int], values: Sequence[int]) -> html.Table:
    """The heaps of an octal position with each heap's Grundy value and their XOR (the nim sum).

    Parameters
    ----------
    heaps : sequence of int
        The nonempty heaps.
    values : sequence of int
        Their Grundy values, in the same order.

    Returns
    -------
    dash.html.Table
        A row per heap, then the nim sum.
    """
    total = 0
    for v in values:
        total ^= int(v)
    rows = [
        html.Tr([html.Td(f"heap {i + 1}"), html.Td(str(h), className="num"), html.Td(str(v), className="num")])
        for i, (h, v) in enumerate(zip(heaps, values, strict=True))
    ]
    rows.append(html.Tr([html.Th("nim sum (XOR)"), html.Td(""), html.Td(html.Strong(str(total)), className="num")]))
    return html.Table(
        [html.Thead(html.Tr([html.Th("heap"), html.Th("tokens"), html.Th("Grundy value")])), html.Tbody(rows)],
        className="summary-table finite-heaps",
    )


# ---------------------------------------------------------------- callbacks


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
    solver.impartial.Periodicity
    """
    game = find_game(name)
    size = PERIODICITY_START
    result = game.periodicity(size)
    while not result.proved and size < PERIODICITY_MAX_N:
        following = min(2 * size, PERIODICITY_MAX_N)
        if game.periodicity_cost(following).seconds > PERIODICITY_STEP_SECONDS:
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
    game = game_with_view(gate, name, "grundy")
    if game is None:
        return skip(5)
    try:
        n = parse_number(n_text, "N, the largest heap", HEAPS_N_MAX)
    except ValueError as exc:
        return no_update, no_update, str(exc), no_update, INVALID_BOX_CLASS
    try:
        values = game.grundy_sequence(n, max_seconds=PAGE_SECONDS)
        classes = classes_of_values(values)
        found = periodicity_for(game.name)
    except ValueError as exc:
        return message_figure("Grundy values", str(exc)), "", str(exc), [], INVALID_BOX_CLASS
    figure = grundy_figure(values, found.period, found.preperiod, found.proved, f"{game.title}: heaps 0..{n:,}")
    note = periodicity_note(found.period, found.preperiod, found.proved, found.checked_to, game.theorem_k)
    return figure, note, "", class_rows(classes), BOX_CLASS


def pairs_view(gate: object, name: object, m_text: object) -> tuple:
    """The grid of two-heap P-positions of an octal game.

    Returns
    -------
    tuple
        ``(figure, note, error, box class)``.
    """
    game = game_with_view(gate, name, "pairs")
    if game is None:
        return skip(4)
    try:
        m = parse_number(m_text, "M, the largest heap", PAIRS_N_MAX)
    except ValueError as exc:
        return no_update, no_update, str(exc), INVALID_BOX_CLASS
    try:
        values = game.grundy_sequence(m, max_seconds=PAGE_SECONDS)
        pairs = pairs_of_equal_values(values)
    except ValueError as exc:
        return message_figure("Two-heap P-positions", str(exc)), "", str(exc), INVALID_BOX_CLASS
    kinds = pair_kinds(values, pairs)
    irreducible = int(((pairs[:, 0] < pairs[:, 1]) & (values[pairs[:, 0]] != 0)).sum()) if pairs.shape[0] else 0
    note = (
        f"{pairs.shape[0]:,} P-positions (a, b) with a ≤ b ≤ {m:,}; {irreducible:,} of them irreducible "
        "(a < b, G(a) = G(b) ≠ 0), the source's list."
    )
    return pair_grid_figure(values, kinds, f"two heaps a, b ≤ {m:,}"), note, "", BOX_CLASS


def judge_heaps_param(text: object, values) -> None:
    """The address's judgement of ``fheaps=``: as :func:`grundy_view`, the values of heaps 0..N within the page's limits.

    Parameters
    ----------
    text : object
        The value read (it passed its key's check).
    values : mapping
        Every key's value read from the address (:data:`dashboard.urlkeys.Judge`).

    Raises
    ------
    ValueError
        The message :func:`grundy_view` shows for it (a game without the view judges nothing).
    """
    game = read_game_with_view(values, "grundy")
    if game is not None:
        game.grundy_sequence(parse_number(text, "N, the largest heap", HEAPS_N_MAX), max_seconds=PAGE_SECONDS)


def judge_pairs_param(text: object, values) -> None:
    """The address's judgement of ``fpairs=``: as :func:`pairs_view`, the values of heaps 0..M within the page's limits.

    Parameters
    ----------
    text, values
        As :func:`judge_heaps_param`.

    Raises
    ------
    ValueError
        The message :func:`pairs_view` shows for it.
    """
    game = read_game_with_view(values, "pairs")
    if game is not None:
        game.grundy_sequence(parse_number(text, "M, the largest heap", PAIRS_N_MAX), max_seconds=PAGE_SECONDS)


# ---------------------------------------------------------------- CSV


def grundy_csv(game, heaps: object) -> dict | None:
    """The Grundy values of heaps 0..N: CSV ``n,value``."""
    n = parse_number(heaps, "N", HEAPS_N_MAX)
    values = game.grundy_sequence(n, max_seconds=PAGE_SECONDS)
    rows = [{"n": h, "value": int(v)} for h, v in enumerate(values)]
    return csv_file(["n", "value"], rows, f"{game.name}-grundy-{n}.csv")


def pairs_csv(game, pairs_text: object) -> dict | None:
    """The two-heap P-positions a ≤ b ≤ M: CSV ``a,b,value,kind``."""
    m = parse_number(pairs_text, "M", PAIRS_N_MAX)
    values = game.grundy_sequence(m, max_seconds=PAGE_SECONDS)
    pairs = pairs_of_equal_values(values)
    kinds = pair_kinds(values, pairs)
    names = {1: "irreducible", 2: "mirror", 3: "reducible"}
    rows = [
        {"a": int(a), "b": int(b), "value": int(values[a]), "kind": names[int(kinds[b - 1, a - 1])]} for a, b in pairs
    ]
    return csv_file(["a", "b", "value", "kind"], rows, f"{game.name}-two-heap-p-positions-{m}.csv")


GRUNDY_CSV = CsvExport("grundy", "the Grundy values", (ids.HEAPS_N,), grundy_csv)
PAIRS_CSV = CsvExport("pairs", "the two-heap P-positions", (ids.PAIRS_N,), pairs_csv)


# ---------------------------------------------------------------- panels


def _grundy_layout() -> list:
    return [
        panel(
            "Grundy values of one heap",
            "G(h), the least value (mex) not among the values of the options of a heap of h tokens; an option "
            "of two heaps has the XOR of their values. Vermilion: G = 0, the one-heap P-positions (for Rob's "
            "Dots 4, 8, 14, 20, 24, ...). Shaded: the pre-period; vertical lines: where each period starts.",
            [
                html.Div(
                    [
                        number_box(ids.HEAPS_N, "heaps 0..N", DEFAULT_HEAPS_N, f"at most {HEAPS_N_MAX:,}"),
                        csv_button(GRUNDY_CSV),
                    ],
                    className="controls controls-inline",
                ),
                html.Div(id=ids.GRUNDY_ERROR, className="error", role="alert"),
                graph(ids.GRUNDY_GRAPH, 380),
                dcc.Loading(html.P(id=ids.GRUNDY_NOTE, className="summary-text", role="status"), type="dot"),
            ],
            wide=True,
        ),
        panel(
            "Equivalence classes of heap sizes",
            "Heaps with one Grundy value are interchangeable in any position: (a, b) is a P-position exactly "
            "when a and b are in one class. Value 0 holds the empty heap and the one-heap P-positions. Heaps "
            "0..N as above.",
            [
                # Below the first screen, after the Grundy values' graph: drawn near the viewport or once the
                # page is idle (components.lazy).
                lazy(
                    ids.CLASSES_LAZY,
                    dcc.Loading(
                        data_grid(
                            ids.CLASSES_GRID,
                            [("value", "Grundy value"), ("count", "how many"), ("heaps", "heap sizes")],
                            "equivalence-classes.csv",
                            page_size=10,
                        ),
                        type="dot",
                    ),
                    "470px",
                )
            ],
        ),
    ]


def _pairs_layout() -> list:
    return [
        panel(
            "Two-heap P-positions",
            "Every position of two heaps a, b ≤ M: vermilion where G(a) = G(b), the P-positions. Hover a cell for "
            "the two values and the kind: irreducible (G(a) = G(b) ≠ 0, the source's list), reducible (both heaps "
            "are P-positions), or a = b (the second player copies the first).",
            [
                html.Div(
                    [
                        number_box(ids.PAIRS_N, "heaps 1..M", DEFAULT_PAIRS_N, f"at most {PAIRS_N_MAX}"),
                        csv_button(PAIRS_CSV),
                    ],
                    className="controls controls-inline",
                ),
                html.Div(id=ids.PAIRS_ERROR, className="error", role="alert"),
                graph(ids.PAIRS_GRAPH, 460, below_first_screen=True),  # beside the classes, below the Grundy values
                html.P(id=ids.PAIRS_NOTE, className="note", role="status"),
            ],
        )
    ]


def _register_grundy(app, gate) -> None:
    register_exports(app, [ids.CLASSES_GRID])
    app.callback(
        Output(ids.GRUNDY_GRAPH, "figure"),
        Output(ids.GRUNDY_NOTE, "children"),
        Output(ids.GRUNDY_ERROR, "children"),
        Output(ids.CLASSES_GRID, "rowData"),
        Output(ids.HEAPS_N, "className"),
        gate,
        State(ids.GAME, "value"),
        Input(ids.HEAPS_N, "value"),
        prevent_initial_call=True,
    )(grundy_view)


def _register_pairs(app, gate) -> None:
    app.callback(
        Output(ids.PAIRS_GRAPH, "figure"),
        Output(ids.PAIRS_NOTE, "children"),
        Output(ids.PAIRS_ERROR, "children"),
        Output(ids.PAIRS_N, "className"),
        gate,
        State(ids.GAME, "value"),
        Input(ids.PAIRS_N, "value"),
        prevent_initial_call=True,
    )(pairs_view)


# ---------------------------------------------------------------- play: each heap's value


def heap_details(game, position) -> list:
    """Under the position to play: each heap's Grundy value and the nim sum (nothing for no heap)."""
    if not position:
        return []
    try:
        values = game.values([(h,) for h in position], max_seconds=PAGE_SECONDS)
    except ValueError:
        return []
    return [heaps_table(list(position), values)]


#: The views of this module, by the names games declare.
VIEWS = (
    View(
        "grundy",
        "the Grundy sequence of one heap and the equivalence classes",
        _grundy_layout,
        _register_grundy,
        url_keys=(
            judged(
                number_box_key("fheaps", ids.HEAPS_N, DEFAULT_HEAPS_N, "N, the largest heap", most=HEAPS_N_MAX),
                judge_heaps_param,
            ),
        ),
        exports=(GRUNDY_CSV,),
    ),
    View(
        "pairs",
        "the two-heap P-positions",
        _pairs_layout,
        _register_pairs,
        url_keys=(
            judged(
                number_box_key("fpairs", ids.PAIRS_N, DEFAULT_PAIRS_N, "M, the largest heap", most=PAIRS_N_MAX),
                judge_pairs_param,
            ),
        ),
        exports=(PAIRS_CSV,),
    ),
)

#: Positions of heaps: the moves as buttons, and each heap's value under the position.
SURFACES = (Surface("heaps", lambda game, position, rows: moves_view(rows, MAX_LISTED), heap_details),)
