"""Heaps of an octal game in the Sums tab: each heap's Grundy value, their nim sum, the moves and play.

An octal game (Rob's Dots 0.137, Kayles, Dawson's Kayles, ...) is finite and
loop-free, so each heap has a Grundy value and a sum of heaps is a loss for
the player to move exactly when the XOR of the values (the nim sum) is 0
(Sprague–Grundy; *Winning Ways*, chapter 4).  A move changes one heap: it
takes tokens and may leave no heap, one heap or two heaps in its place.
The loopy games of the tab keep their own path (:mod:`.callbacks`); these
functions are called only for a game of :data:`OCTAL_OPTIONS`.
"""

from __future__ import annotations

from collections.abc import Callable

from dash import html

from solver import ImpartialGame, impartial_game
from solver.impartial import IMPARTIAL_EXAMPLES
from solver.parsing import describe_text

from . import ids
from .figures import no_move_text

__all__ = ["MAX_BUTTONS", "OCTAL_OPTIONS", "octal_game", "octal_play", "octal_show"]

#: The octal games the tab's menu offers (the examples of :data:`solver.IMPARTIAL_EXAMPLES`).
OCTAL_OPTIONS = [
    {"label": game.title, "value": game.name}
    for game in (impartial_game(name) for name in IMPARTIAL_EXAMPLES)
    if game.heap_positions
]
#: Most move buttons drawn.
MAX_BUTTONS = 300
#: Seconds of work a request may ask of the game.
SECONDS = 2.0

_NAMES = {option["value"] for option in OCTAL_OPTIONS}


def octal_game(rule: object) -> ImpartialGame | None:
    """The octal game chosen in the menu, or None for one of the loopy games."""
    return impartial_game(rule) if isinstance(rule, str) and rule in _NAMES else None


def _options(game: ImpartialGame, heaps: tuple[int, ...]) -> tuple[list[int], list]:
    values = game.values([(h,) for h in heaps], max_seconds=SECONDS)
    return values, game.sum_options([(h,) for h in heaps], max_seconds=SECONDS)


def _after(heaps: tuple[int, ...], option) -> list[int]:
    """The heaps after a move: the heap moved in replaced by what it leaves (0 when nothing, so heaps keep their numbers)."""
    return [*heaps[: option.component], *(option.result or (0,)), *heaps[option.component + 1 :]]


def _move_text(option) -> str:
    return f"heap {option.component + 1}: {option.move}"


def octal_show(
    text: object, game: ImpartialGame, parse: Callable[[object], tuple[int, ...]], turn: str = "you"
) -> tuple:
    """Result, moves and error message for the heaps box under an octal game.

    Parameters
    ----------
    text : object
        The heaps box.
    game : solver.ImpartialGame
        The octal game.
    parse : callable
        The tab's reading of the heaps box (:func:`.callbacks.parse_heaps`).
    turn : {"you", "computer"}
        Whose move it is.

    Returns
    -------
    tuple
        ``(result, moves, error)``, as the loopy path's.
    """
    try:
        heaps = parse(text)
        values = game.values([(h,) for h in heaps], max_seconds=SECONDS)
    except (TypeError, ValueError) as exc:
        shown = f" (you typed {describe_text(text)})" if isinstance(text, str) else ""
        return html.Div(), html.Div(), f"{exc}{shown}"
    try:
        moves = moves_view(game.sum_options([(h,) for h in heaps], max_seconds=SECONDS), turn)
    except ValueError as exc:  # a heap with too many moves to list: its value is still exact
        moves = html.Div(html.P(f"The moves are not listed: {exc}.", className="note"))
    return result_view(game, heaps, values), moves, ""


def octal_play(
    heaps: tuple[int, ...], game: ImpartialGame, index: int | None, reply: bool, turn: str = "you"
) -> tuple[str, tuple[list[str], str]]:
    """Make a move (``index``, or the computer's when None) and maybe the computer's reply.

    The computer moves to nim sum 0 when it can, else makes the first move.

    Returns
    -------
    tuple
        ``(heaps text, (log lines, whose move it is next))``, as the loopy
        games' :func:`.callbacks.play`.

    Raises
    ------
    ValueError
        A move index that is not a move of this sum, or work beyond the limits.
    """
    other = {"you": "computer", "computer": "you"}

    _values, options = _options(game, heaps)
    if not options:
        return ",".join(map(str, heaps)), ([no_move_text(turn)], turn)
    if index is None:
        index = next((k for k, o in enumerate(options) if o.value == 0), 0)
        who = "Computer" if turn == "computer" else "Computer, for you"
    else:
        who = "You" if turn == "you" else "You, for the computer"
    if not 0 <= index < len(options):
        raise ValueError("that move is not available any more; the heaps changed")
    option = options[index]
    after = _after(heaps, option)
    lines = [f"{who}: {_move_text(option)} (nim sum now {option.value})."]
    turn = other[turn]
    _values, answers = _options(game, tuple(after))
    if not answers:
        return ",".join(map(str, after)), ([*lines, no_move_text(turn)], turn)
    if reply and turn == "computer":
        answer = next((o for o in answers if o.value == 0), answers[0])
        after = _after(tuple(after), answer)
        lines.append(f"Computer: {_move_text(answer)} (nim sum now {answer.value}).")
        turn = "you"
        if not _options(game, tuple(after))[1]:
            lines.append(no_move_text(turn))
    return ",".join(map(str, after)), (lines, turn)


def result_view(game: ImpartialGame, heaps: tuple[int, ...], values: list[int]) -> html.Div:
    """The heaps with their Grundy values, the nim sum and the outcome."""
    total = 0
    for v in values:
        total ^= v
    rows = [
        html.Tr([html.Td(f"heap {i + 1}"), html.Td(f"{h:,}"), html.Td(str(v))])
        for i, (h, v) in enumerate(zip(heaps, values, strict=True))
    ]
    rows.append(html.Tr([html.Th("nim sum (XOR)"), html.Td(""), html.Td(html.Strong(str(total)))]))
    table = html.Table(
        [html.Thead(html.Tr([html.Th("heap"), html.Th("size"), html.Th("Grundy value")])), html.Tbody(rows)],
        className="table",
    )
    letter = "L" if total == 0 else "W"
    reason = (
        "the nim sum is 0, so every move leaves a nonzero one"
        if total == 0
        else f"the nim sum is {total}, and some move makes it 0"
    )
    return html.Div(
        [
            table,
            html.P([html.Strong(f"{letter} for the player to move"), f": {reason}."]),
            html.P(f"{game.title}: a finite game; each value is exact (Sprague–Grundy).", className="note"),
        ]
    )


def moves_view(options: list, turn: str = "you") -> html.Div:
    """One button per move (heap, what the move does, the nim sum it leaves); ★ on the moves to nim sum 0."""
    if not options:
        return html.Div(html.P(no_move_text(turn)))
    buttons = []
    for k, option in enumerate(options[:MAX_BUTTONS]):
        star = "★ " if option.value == 0 else ""
        label = f"{star}{_move_text(option)} ({'wins' if option.value == 0 else f'leaves nim sum {option.value}'})"
        buttons.append(
            html.Button(label, id={"type": ids.SUMS_MOVE, "index": k}, className="button move-button", n_clicks=0)
        )
    more = (
        [html.P(f"… and {len(options) - MAX_BUTTONS:,} more moves; type smaller heaps to see them.", className="note")]
        if len(options) > MAX_BUTTONS
        else []
    )
    heading = "Your move" if turn == "you" else "The computer's move (press Computer moves, or choose one for it)"
    return html.Div([html.P(f"{heading} (the nim sum it leaves; ★ wins):"), html.Div(buttons), *more])
