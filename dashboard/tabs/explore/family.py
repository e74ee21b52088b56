"""Two Explore views about the game as a whole: its records, and every rule side by side.

* **Records**: the smallest position of each exact remoteness at the page's
  bound, and b-files ("n a(n)" lines, OEIS format) of the certified P-, N-
  and draw positions (:mod:`solver.analysis.records`);
* **Nim values**: the loopy nim values of 1..N (:mod:`solver.values.nimvalues`),
  one point per position coloured by what the value says of the position
  alone (0 is L, a finite value above 0 or ∞ with 0 in K is W, ∞ without 0
  in K is D, ``?`` is unknown);
* **Rules compared**: for every rule of :data:`solver.games.RULES`, the
  counts of W, L, D and U in 1..N at that rule's bound for the page's N and
  alpha, the highest exact remoteness and the first L positions
  (:func:`solver.analysis.comparison.comparison_row`).

Both read the setup only through :func:`dashboard.setup.validated_setup` and
solve inside a request only what :func:`dashboard.setup.solves_inline`
allows; a rule whose bound is larger and not solved yet is listed as such.
"""

from __future__ import annotations

import io

import dash
import numpy as np
import plotly.graph_objects as go
from dash import Input, Output, State, dcc, html, no_update

from solver import BFILE_SEQUENCES, INF, RULES, UNKNOWN, comparison_row, nim_value_text, records, write_bfile

from ... import setup as setups
from ...components import graph, panel
from ...style import COLOURS, MARGIN, message_figure
from ...tables import data_grid
from . import ids

__all__ = [
    "BFILE_TERMS",
    "NIM_POINTS",
    "make_nim_values",
    "nim_figure",
    "nim_panel",
    "compare_panel",
    "make_bfile",
    "make_compare",
    "make_records",
    "records_panel",
    "register",
]

#: Most terms of a b-file downloaded from the page (OEIS b-files usually hold
#: 10,000); ``python -m solver bfile`` writes any number.
BFILE_TERMS = 10_000

_BFILE_BUTTONS = {"P": ids.BFILE_P, "N": ids.BFILE_N, "D": ids.BFILE_D}
_BFILE_OF_BUTTON = {cid: letter for letter, cid in _BFILE_BUTTONS.items()}

#: Most points the nim-value figure draws (evenly spread over 1..N).
NIM_POINTS = 20_000


def nim_panel() -> html.Section:
    """The Nim values view: a strip of the values of 1..N and a count per value."""
    return panel(
        "Nim values",
        html.Div(
            [
                html.Div(id=ids.NIM_MESSAGE, className="note", role="status"),
                dcc.Loading(graph(ids.NIM_GRAPH, 380), type="dot"),
            ]
        ),
        note="Smith's generalised Sprague-Grundy values: a finite *k, or ∞(K) with K the finite values among the "
        "followers; ? where the value depends on positions above the bound. A value shown is true of the infinite "
        "game. They decide sums of heaps (the Sums tab); the value 0 is exactly the L positions.",
        wide=True,
    )


def nim_figure(table, n: int) -> go.Figure:
    """The values of ``1..n`` as points: finite values at their height, ∞ and ? on two rows above.

    Parameters
    ----------
    table : solver.values.nimvalues.NimValues
        Values of ``0..n`` at least.
    n : int
        Largest position drawn.

    Returns
    -------
    plotly.graph_objects.Figure
        One scatter (WebGL) per kind: value 0 (L colour), finite above 0 (W),
        ∞ with 0 in K (W, diamonds), ∞ without 0 in K (D), ? (U); at most
        :data:`NIM_POINTS` positions in all.
    """
    positions = np.unique(np.linspace(1, n, num=min(n, NIM_POINTS)).astype(np.int64))
    value = np.asarray(table.value)[positions]
    k_mask = np.asarray(table.k_mask)[positions]
    finite = value >= 0
    top = int(value[finite].max()) if finite.any() else 0
    inf_row, unknown_row = top + 1, top + 2
    kinds = [
        ("value 0 (L)", (value == 0), value, "L", "circle"),
        ("finite value > 0 (W)", (value > 0), value, "W", "circle"),
        ("∞(K), 0 in K (W)", (value == INF) & (k_mask & 1 == 1), np.full(value.shape, inf_row), "W", "diamond"),
        (
            "∞(K), 0 not in K (a draw)",
            (value == INF) & (k_mask & 1 == 0),
            np.full(value.shape, inf_row),
            "D",
            "diamond",
        ),
        ("? (depends on positions above the bound)", (value == UNKNOWN), np.full(value.shape, unknown_row), "U", "x"),
    ]
    figure = go.Figure()
    for name, mask, ys, letter, symbol in kinds:
        if not mask.any():
            continue
        texts = [nim_value_text(int(v), int(k)) for v, k in zip(value[mask], k_mask[mask], strict=True)]
        figure.add_trace(
            go.Scattergl(
                x=positions[mask],
                y=ys[mask],
                mode="markers",
                name=f"{name}: {int(mask.sum()):,}",
                marker={"color": COLOURS[letter], "size": 5, "symbol": symbol},
                text=texts,
                hovertemplate="n = %{x:,}: value %{text}<extra></extra>",
            )
        )
    ticks = list(range(top + 1)) + [inf_row, unknown_row]
    labels = [str(k) for k in range(top + 1)] + ["∞", "?"]
    shown = "" if positions.size == n else f" (showing {positions.size:,} of {n:,})"
    figure.update_layout(
        title=f"Nim values of 1..{n:,} at bound {table.bound:,}{shown}",
        xaxis_title="position n",
        yaxis={"tickvals": ticks, "ticktext": labels, "title": "value"},
        margin=MARGIN,
        legend={"orientation": "h", "y": -0.25},
    )
    return figure


def make_nim_values(setup: object) -> tuple:
    """The Nim values view for a setup.

    Parameters
    ----------
    setup : dict or None
        The shared setup (checked).

    Returns
    -------
    tuple
        ``(figure, message)``: :func:`nim_figure` of ``1..N`` at the setup's
        bound, and a count of each kind of value; a message figure when the
        game has no nim values (misère) or the computation is too long for
        the page (:func:`dashboard.setup.nim_table`).
    """
    title = "Nim values"
    if not setup:
        return message_figure(title, "No valid setup"), "No valid setup: fix the game, N or alpha above."
    try:
        checked = setups.validated_setup(setup)
        table = setups.nim_table(checked["n"], checked["bound"], checked["rule"])
    except (ValueError, OSError) as exc:
        return message_figure(title, str(exc)), str(exc)
    value = np.asarray(table.value)[1 : checked["n"] + 1]
    k_mask = np.asarray(table.k_mask)[1 : checked["n"] + 1]
    finite, infinite, unknown = int((value >= 0).sum()), int((value == INF).sum()), int((value == UNKNOWN).sum())
    message = (
        f"{RULES[checked['rule']].title}, positions 1..{checked['n']:,}: {finite:,} finite values "
        f"({int((value == 0).sum()):,} of them 0), {infinite:,} infinite, {unknown:,} unknown (?)."
    )
    try:
        solution, _ = setups.open_bound(checked["bound"], checked["rule"])
    except (ValueError, OSError):
        solution = None
    if solution is not None:
        drawn = (value == INF) & (k_mask & 1 == 0)
        outcome = np.asarray(solution.outcome[1 : checked["n"] + 1])
        more = int((drawn & (outcome == 0)).sum())
        if more:
            message += (
                f" {more:,} positions with a value ∞(K), 0 not in K, are draws that the W/L/D views leave U: "
                "their value comes from a stronger certificate (docs/nim-values.md, section 2), which proves "
                "a position a draw when no finite line of play, with every position above the bound counted "
                "as possibly anything, can make it W or L."
            )
    return nim_figure(table, checked["n"]), message


def records_panel() -> html.Section:
    """The Records view: a table of records and three b-file buttons."""
    return panel(
        "Records",
        html.Div(
            [
                html.Div(id=ids.RECORDS_MESSAGE, className="note", role="status"),
                data_grid(
                    ids.RECORDS_TABLE,
                    [("remoteness", "remoteness"), ("outcome", "outcome"), ("position", "smallest position")],
                    "records.csv",
                ),
                html.Div(
                    [
                        html.Span("b-files (OEIS format, first 10,000 terms): "),
                        *[
                            html.Button(f"{letter}-positions" if letter != "D" else "draws", id=cid, className="button")
                            for letter, cid in _BFILE_BUTTONS.items()
                        ],
                        dcc.Download(id=ids.BFILE_DOWNLOAD),
                    ],
                    className="controls controls-inline",
                ),
            ]
        ),
        note="The smallest position of each exact remoteness at this bound, and the largest exact remoteness. A "
        "smaller position whose remoteness is only bounded (≤) or unresolved (U) could still hold a record; the "
        "message says how many there are. python -m solver records and bfile do the same for any bound.",
        wide=True,
    )


def compare_panel() -> html.Section:
    """The Rules compared view: one row per rule."""
    return panel(
        "Rules compared",
        html.Div(
            [
                dcc.Loading(html.Div(id=ids.COMPARE_MESSAGE, className="note", role="status"), type="dot"),
                data_grid(
                    ids.COMPARE_TABLE,
                    [
                        ("title", "game"),
                        ("bound", "bound"),
                        ("W", "W"),
                        ("L", "L"),
                        ("D", "D"),
                        ("U", "U"),
                        ("max_remoteness", "highest remoteness"),
                        ("max_remoteness_at", "first at"),
                        ("first_L", "first L positions"),
                    ],
                    "rules-compared.csv",
                    page_size=12,
                ),
            ]
        ),
        note="Every game of the family at the page's N and alpha (games that never climb past n + 1 at the bound "
        "N + 1): counts of 1..N, the highest exact remoteness there and the least position that has it, and the "
        "first L positions. python -m solver compare prints the same table.",
        wide=True,
    )


def make_records(setup: object) -> tuple:
    """The Records view for a setup.

    Parameters
    ----------
    setup : dict or None
        The shared setup (checked with :func:`dashboard.setup.validated_setup`).

    Returns
    -------
    tuple
        ``(rows, message)``: one row per exact remoteness (``remoteness``,
        ``outcome``, ``position``), and a sentence with the game, the bound,
        the largest exact remoteness and the positions that could still hold
        a smaller record; ``([], message)`` when there is no valid setup.
    """
    if not setup:
        return [], "No valid setup: fix the game, N or alpha above."
    try:
        checked = setups.validated_setup(setup)
        found = _records(checked["bound"], checked["rule"])
    except (ValueError, OSError) as exc:
        return [], str(exc)
    title = RULES[checked["rule"]].title
    message = (
        f"{title} at bound B = {found['bound']:,}: the largest exact remoteness is {found['max_remoteness']}. "
        f"{found['bounded']:,} positions have a remoteness only bounded and {found['unresolved']:,} are unresolved."
    )
    return found["records"], message


@setups.memo(16)
def _records(bound: int, rule: str) -> dict:
    solution, _ = setups.open_bound(bound, rule)
    return records(solution)


def make_bfile(sequence: str, setup: object) -> tuple:
    """A b-file of the setup's game at its bound, for ``dcc.Download``.

    Parameters
    ----------
    sequence : {"P", "N", "D"}
        Which positions (see :data:`solver.analysis.records.BFILE_SEQUENCES`).
    setup : dict or None
        The shared setup (checked).

    Returns
    -------
    tuple
        ``(download, message)``: ``dcc.send_string`` of at most
        :data:`BFILE_TERMS` terms (file ``b-<rule>-<P|N|D>-B<bound>.txt``)
        and ""; or ``no_update`` and a message.
    """
    if sequence not in BFILE_SEQUENCES:
        return no_update, "choose P, N or D"
    if not setup:
        return no_update, "No valid setup: fix the game, N or alpha above."
    try:
        checked = setups.validated_setup(setup)
        solution, _ = setups.open_bound(checked["bound"], checked["rule"])
    except (ValueError, OSError) as exc:
        return no_update, str(exc)
    out = io.StringIO()
    count = write_bfile(solution, sequence, out, BFILE_TERMS)
    name = f"b-{solution.rule.name}-{sequence}-B{solution.bound}.txt"
    return dcc.send_string(out.getvalue(), name, type="text/plain"), f"{count:,} terms written to {name}."


@setups.memo(64)
def _compare_row(n: int, alpha: int, rule: str) -> dict:
    checked = setups.validated_setup({"n": n, "alpha": alpha, "rule": rule})
    solution, _ = setups.open_bound(checked["bound"], rule)
    return comparison_row(solution, n)


def make_compare(setup: object) -> tuple:
    """The Rules compared view for a setup's N and alpha.

    Parameters
    ----------
    setup : dict or None
        The shared setup (checked); its N and alpha are used for every rule.

    Returns
    -------
    tuple
        ``(rows, message)``: one row per rule with the columns of
        :data:`solver.analysis.comparison.COMPARISON_COLUMNS` (``first_L`` as text);
        a rule whose bound is too large to solve in a request and not solved
        yet keeps its name and bound and says so in ``first_L``.
    """
    if not setup:
        return [], "No valid setup: fix the game, N or alpha above."
    try:
        checked = setups.validated_setup(setup)
    except ValueError as exc:
        return [], str(exc)
    n, alpha = checked["n"], checked["alpha"]
    rows, missing = [], []
    for name, rule in RULES.items():
        try:
            row = dict(_compare_row(n, alpha, name))
        except setups.NotSolvedError:
            bound = setups.rule_bound(n, alpha, rule)
            missing.append(rule.title)
            rows.append({"rule": name, "title": rule.title, "bound": bound, "first_L": "not solved yet"})
            continue
        except (ValueError, OSError) as exc:
            rows.append({"rule": name, "title": rule.title, "first_L": str(exc)})
            continue
        row["first_L"] = ", ".join(f"{x:,}" for x in row["first_L"]) or "none"
        rows.append(row)
    message = f"Positions 1..{n:,}; bound α × N = {alpha * n:,} for the put-or-take games, N + 1 for the others."
    if missing:
        message += (
            f" Not solved yet (too large to solve here): {', '.join(missing)}; choose that game above to solve "
            "it in the background, or a smaller N."
        )
    return rows, message


def register(app: dash.Dash) -> None:
    """Wire the Records and Rules compared views (they wait for their gate stores)."""

    def opened(setup):
        if setup is None:
            raise dash.exceptions.PreventUpdate
        return setup

    app.callback(
        Output(ids.RECORDS_TABLE, "rowData"),
        Output(ids.RECORDS_MESSAGE, "children"),
        Input(ids.explore_gate_id("records"), "data"),
        prevent_initial_call=True,
    )(lambda setup: make_records(opened(setup)))
    app.callback(
        Output(ids.NIM_GRAPH, "figure"),
        Output(ids.NIM_MESSAGE, "children"),
        Input(ids.explore_gate_id("nim"), "data"),
        prevent_initial_call=True,
    )(lambda setup: make_nim_values(opened(setup)))
    app.callback(
        Output(ids.COMPARE_TABLE, "rowData"),
        Output(ids.COMPARE_MESSAGE, "children"),
        Input(ids.explore_gate_id("compare"), "data"),
        prevent_initial_call=True,
    )(lambda setup: make_compare(opened(setup)))

    @app.callback(
        Output(ids.BFILE_DOWNLOAD, "data"),
        Output(ids.RECORDS_MESSAGE, "children", allow_duplicate=True),
        *[Input(cid, "n_clicks") for cid in _BFILE_BUTTONS.values()],
        State(ids.explore_gate_id("records"), "data"),
        prevent_initial_call=True,
    )
    def _bfile(_p, _n, _d, setup):
        letter = _BFILE_OF_BUTTON.get(dash.ctx.triggered_id)
        if letter is None:
            return no_update, no_update
        return make_bfile(letter, setup)
