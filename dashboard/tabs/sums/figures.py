"""Components of the Sums tab's result: the values table and the move buttons."""

from __future__ import annotations

from dash import html

from solver import SumPosition

from ...style import NAMES, swatch_style
from . import ids

_MOVE_LABEL = {"W": "wins", "L": "loses", "D": "draws", "U": "unknown"}


def result_view(position: SumPosition, partial: str | None = None) -> html.Div:
    """The heaps with their values, and the sum's outcome (in its colour) with the reason.

    Parameters
    ----------
    position : solver.SumPosition
        The sum.
    partial : str, optional
        A sentence on what an unresolved sum cannot be (:func:`dashboard.tabs.sums.callbacks.partial_fact`),
        shown under the reason.
    """
    rows = [
        html.Tr([html.Td(f"heap {i + 1}"), html.Td(f"{h:,}"), html.Td(v)])
        for i, (h, v) in enumerate(zip(position.heaps, position.values, strict=True))
    ]
    table = html.Table(
        [html.Thead(html.Tr([html.Th("heap"), html.Th("size"), html.Th("nim value")])), html.Tbody(rows)],
        className="table",
    )
    letter = position.outcome.name
    outcome = html.P(
        [
            html.Span(letter, className="swatch", style=swatch_style(letter), title=NAMES[letter]),
            html.Strong(f"{letter} for the player to move"),
            f": {position.reason}.",
        ],
        className="sums-outcome",
    )
    extra = [html.P(partial, className="note")] if partial else []
    bound = html.P(f"{position.rule.title}; values at bound {position.bound:,}.", className="note")
    return html.Div([table, outcome, *extra, bound])


def moves_view(position: SumPosition) -> html.Div:
    """One button per move (heap, new size, result for the mover); the best ones marked ★."""
    if not position.moves:
        return html.Div(html.P("No move in any heap: the player to move has lost."))
    best = set(position.best)
    buttons = []
    for k, move in enumerate(position.moves):
        star = "★ " if k in best else ""
        label = f"{star}heap {move.heap + 1} → {move.to:,} ({_MOVE_LABEL[move.outcome.name]})"
        buttons.append(
            html.Button(label, id={"type": ids.SUMS_MOVE, "index": k}, className="button move-button", n_clicks=0)
        )
    return html.Div([html.P("Your move (the result for you; ★ best):"), html.Div(buttons)])
