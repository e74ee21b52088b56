"""Components of the Sums tab's result: the values table and the move buttons."""

from __future__ import annotations

from dash import html

from solver.values.sums import SumPosition

from ...style import NAMES, format_position, nim_text, swatch_style
from . import ids

_MOVE_LABEL = {"W": "wins", "L": "loses", "D": "draws", "U": "unknown"}


def result_view(position: SumPosition, partial: str | None = None) -> html.Div:
    """The heaps with their values, and the sum's outcome (in its colour) with the reason.

    Parameters
    ----------
    position : solver.values.sums.SumPosition
        The sum.
    partial : str, optional
        A sentence on what an unresolved sum cannot be (:func:`dashboard.tabs.sums.callbacks.partial_fact`),
        shown under the reason.
    """
    rows = [
        html.Tr([html.Td(f"heap {i + 1}"), html.Td(format_position(h), title=str(h)), html.Td(nim_text(v))])
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
            f": {_nim_symbols(position.reason)}.",
        ],
        className="sums-outcome",
    )
    extra = [html.P(partial, className="note")] if partial else []
    bound = html.P(f"{position.rule.title}; values at bound {position.bound:,}.", className="note")
    return html.Div([table, outcome, *extra, bound])


def _nim_symbols(text: str) -> str:
    """The solver's reason with each ``inf{…}`` written ``∞{…}`` (:func:`dashboard.style.nim_text`)."""
    return text.replace("inf{", "∞{")


def moves_view(position: SumPosition, turn: str = "you") -> html.Div:
    """One button per move (heap, new size, result for the mover); the best ones marked ★.

    Parameters
    ----------
    position : solver.values.sums.SumPosition
        The sum.
    turn : {"you", "computer"}
        Whose move it is: the buttons make that side's move.
    """
    if not position.moves:
        return html.Div(html.P(no_move_text(turn)))
    best = set(position.best)
    buttons = []
    for k, move in enumerate(position.moves):
        star = "★ " if k in best else ""
        label = f"{star}heap {move.heap + 1} → {format_position(move.to)} ({_MOVE_LABEL[move.outcome.name]})"
        buttons.append(
            html.Button(label, id={"type": ids.SUMS_MOVE, "index": k}, className="button move-button", n_clicks=0)
        )
    return html.Div([html.P(moves_heading(turn)), html.Div(buttons)])


def moves_heading(turn: str) -> str:
    """The line above the move buttons: whose move they make."""
    if turn == "computer":
        return "The computer's move (press Computer moves, or choose one for it; the result for it; ★ best):"
    return "Your move (the result for you; ★ best):"


def no_move_text(turn: str) -> str:
    """What the moves say when the side to move has no move in any heap: who lost, who won."""
    if turn == "computer":
        return "No move in any heap: the computer cannot move, so you win."
    return "No move in any heap: you cannot move, so the computer wins."


def log_view(game: object, text: object) -> html.Ol | str:
    """Every move of the game since the heaps were typed, numbered, the last one last.

    Parameters
    ----------
    game : dict or None
        The game store, ``{"heaps", "turn", "log"}``.
    text : str
        The heaps box now: heaps typed since the last move start a new game (no log).
    """
    if not isinstance(game, dict) or game.get("heaps") != text or not isinstance(game.get("log"), list):
        return ""
    return html.Ol([html.Li(line) for line in game["log"] if isinstance(line, str)], className="sums-log")
