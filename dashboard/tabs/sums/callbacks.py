"""Callbacks of the Sums tab, and the pure functions they call (tested without a browser).

The page state is the heaps text box (``heaps=5,5`` in the URL): a move or a
computer reply rewrites it, and the result is recomputed from it.  Values come
from :func:`solver.values.sums.sum_position`, whose nim values are cached per rule
and bound (:func:`solver.values.sums.cached_values`), so a sum answers in
milliseconds after the first request for a rule.
"""

from __future__ import annotations

from dash import ALL, Input, Output, State, ctx, html, no_update
from dash.exceptions import PreventUpdate

from solver import MAX_HEAPS, Outcome, SumPosition, check_nim_rule, describe_text, get_rule, parse_int, sum_position

from ... import ids as page_ids
from ... import setup as setups
from . import ids
from .figures import moves_view, result_view
from .layout import DEFAULT_RULE
from .octal import octal_game, octal_play, octal_show

__all__ = [
    "parse_heaps",
    "heaps_text",
    "check_heaps_param",
    "analyse",
    "computer_choice",
    "play",
    "show",
    "act",
    "deciding_heap",
    "partial_fact",
    "register",
]


def parse_heaps(text: object) -> tuple[int, ...]:
    """Heap sizes from text such as ``"5, 5"`` or ``"1 5 10**30"``.

    Returns
    -------
    tuple of int
        1 to :data:`solver.values.sums.MAX_HEAPS` sizes, each ``>= 0``, any size.

    Raises
    ------
    ValueError
        Empty text, too many heaps, or a part that is not a whole number ``>= 0``;
        the message says which.
    """
    if not isinstance(text, str):
        raise ValueError("type the heaps as whole numbers separated by commas, e.g. 5, 5")
    parts = [p for p in text.replace(",", " ").replace(";", " ").split() if p]
    if not parts:
        raise ValueError("the heaps are empty: type whole numbers separated by commas, e.g. 5, 5")
    if len(parts) > MAX_HEAPS:
        raise ValueError(f"at most {MAX_HEAPS} heaps; got {len(parts)}")
    return tuple(parse_int(p, f"heap {i + 1}", least=0) for i, p in enumerate(parts))


def heaps_text(heaps: tuple[int, ...] | list[int]) -> str:
    """``"5,5"``: the heaps as the text box and the URL hold them."""
    return ",".join(str(h) for h in heaps)


def check_heaps_param(raw: str) -> str:
    """URL check for ``heaps=``: the canonical text, or ValueError with the reason."""
    return heaps_text(parse_heaps(raw))


def _rule_name(rule: object) -> str:
    return check_nim_rule(get_rule(rule if isinstance(rule, str) else DEFAULT_RULE)).name


def analyse(text: object, rule: object) -> SumPosition:
    """The sum in the heaps box under a rule (raises ValueError with a message for bad input)."""
    return sum_position(parse_heaps(text), _rule_name(rule))


def computer_choice(position: SumPosition) -> int | None:
    """Index of the computer's move: a best move (winning, else drawing), else the first
    move that is not a known loss, else the first move; None when there is no move."""
    if not position.moves:
        return None
    if position.best:
        return position.best[0]
    for k, move in enumerate(position.moves):
        if move.outcome != Outcome.L:
            return k
    return 0


def play(text: object, rule: object, move_index: int | None, reply: bool) -> tuple[str, str]:
    """Make a move (``move_index``, or the computer's when None) and maybe the computer's reply.

    Returns
    -------
    (str, str)
        The new heaps text and a log line.

    Raises
    ------
    ValueError
        Bad heaps, or a move index that is not a move of this sum.
    """
    octal = octal_game(rule)
    if octal is not None:
        return octal_play(parse_heaps(text), octal, move_index, reply)
    position = analyse(text, rule)
    if move_index is None:
        move_index = computer_choice(position)
        if move_index is None:
            return heaps_text(position.heaps), "No move left: the player to move has lost."
        who = "Computer"
    else:
        who = "You"
    if not 0 <= move_index < len(position.moves):
        raise ValueError("that move is not available any more; the heaps changed")
    move = position.moves[move_index]
    heaps = list(position.heaps)
    heaps[move.heap] = move.to
    log = f"{who}: heap {move.heap + 1} → {move.to:,} ({move.outcome.name} for the mover)."
    if reply and who == "You":
        after = sum_position(heaps, position.rule)
        k = computer_choice(after)
        if k is None:
            log += " The computer has no move: you win."
        else:
            reply_move = after.moves[k]
            heaps[reply_move.heap] = reply_move.to
            log += f" Computer: heap {reply_move.heap + 1} → {reply_move.to:,} ({reply_move.outcome.name} for it)."
    return heaps_text(heaps), log


def deciding_heap(position: SumPosition) -> int | None:
    r"""The heap that decides an unresolved sum alone, or None.

    When exactly one heap's value is ``?`` and the others are finite with
    nim sum 0, the sum plays as that heap alone (a heap of finite loopy
    value \*k acts as the nim heap \*k in a sum, and \*0 changes nothing:
    Smith 1966), so its outcome is that heap's.

    Parameters
    ----------
    position : solver.SumPosition

    Returns
    -------
    int or None
        The heap's index, or None.
    """
    unknown = [i for i, v in enumerate(position.values) if v == "?"]
    if len(unknown) != 1:
        return None
    others = [v for i, v in enumerate(position.values) if i != unknown[0]]
    if not all(v.isdigit() for v in others):
        return None
    total = 0
    for v in others:
        total ^= int(v)
    return unknown[0] if total == 0 else None


def partial_fact(position: SumPosition) -> str | None:
    """What an unresolved sum cannot be, from the W/L/D classes of the heap that decides it.

    Parameters
    ----------
    position : solver.SumPosition

    Returns
    -------
    str or None
        A sentence when the sum is U, one heap decides it alone
        (:func:`deciding_heap`) and the certificate by possibility says that
        heap cannot be L (or W) at the same bound
        (:meth:`solver.Solution.cannot_be`); None otherwise, or when that
        bound is not solved and too large to solve in a request.
    """
    if position.outcome != Outcome.U:
        return None
    k = deciding_heap(position)
    if k is None or position.heaps[k] > position.bound:
        return None
    try:
        solution, _ = setups.open_bound(position.bound, position.rule.name)
    except (ValueError, OSError):
        return None
    cannot = solution.cannot_be(position.heaps[k])
    if cannot is None:
        return None
    result = "cannot lose (a win or a draw)" if cannot == "L" else "cannot win (a loss or a draw)"
    alone = (
        "" if len(position.heaps) == 1 else f"The other heaps' nim sum is 0, so the sum plays as heap {k + 1} alone. "
    )
    return (
        f"{alone}Heap {k + 1} ({position.heaps[k]:,}) cannot be {cannot} at bound {position.bound:,} (the "
        f"certificate by possibility): the player to move {result}."
    )


def show(text: object, rule: object) -> tuple:
    """Result, moves and error message for the heaps box and the rule."""
    octal = octal_game(rule)
    if octal is not None:
        return octal_show(text, octal, parse_heaps)
    try:
        position = analyse(text, rule)
    except (ValueError, TypeError) as exc:
        return (
            html.Div(),
            html.Div(),
            str(exc) if not isinstance(text, str) else f"{exc} (you typed {describe_text(text)})",
        )
    return result_view(position, partial_fact(position)), moves_view(position), ""


def act(triggered, clicks, text, rule, reply_value) -> tuple:
    """A move button or "computer moves": the new heaps text, a log line and an error message.

    ``triggered`` is the id of the button pressed (a move button's
    ``{"type": SUMS_MOVE, "index": k}`` or :data:`ids.SUMS_COMPUTER`) and
    ``clicks`` its ``n_clicks``: nothing happens for a button just drawn
    (no clicks), so re-drawing the moves never makes a move.
    """
    if triggered is None or not clicks:
        return no_update, no_update, no_update
    if isinstance(triggered, dict):
        index = triggered.get("index")
        if not isinstance(index, int):
            return no_update, no_update, no_update
    elif triggered == ids.SUMS_COMPUTER:
        index = None
    else:
        return no_update, no_update, no_update
    try:
        new_text, log = play(text, rule, index, bool(reply_value))
    except (ValueError, TypeError) as exc:
        return no_update, no_update, str(exc)
    return new_text, log, ""


def register(app) -> None:
    """Register the Sums tab's callbacks on ``app``."""

    # The tab does nothing until it is first opened: its gate store
    # (dashboard.ids.tab_gate_id("sums")) is written then.
    @app.callback(
        Output(ids.SUMS_RESULT, "children"),
        Output(ids.SUMS_MOVES, "children"),
        Output(ids.SUMS_ERROR, "children"),
        Input(page_ids.tab_gate_id("sums"), "data"),
        Input(ids.SUMS_HEAPS, "value"),
        Input(ids.SUMS_RULE, "value"),
        prevent_initial_call=True,
    )
    def _show(gate, text, rule):
        if gate is None:
            raise PreventUpdate
        return show(text, rule)

    @app.callback(
        Output(ids.SUMS_HEAPS, "value"),
        Output(ids.SUMS_LOG, "children"),
        Output(ids.SUMS_ERROR, "children", allow_duplicate=True),
        Input({"type": ids.SUMS_MOVE, "index": ALL}, "n_clicks"),
        Input(ids.SUMS_COMPUTER, "n_clicks"),
        State(ids.SUMS_HEAPS, "value"),
        State(ids.SUMS_RULE, "value"),
        State(ids.SUMS_REPLY, "value"),
        prevent_initial_call=True,
    )
    def _act(_clicks, _computer_clicks, text, rule, reply):
        value = ctx.triggered[0]["value"] if ctx.triggered else None
        return act(ctx.triggered_id, value, text, rule, reply)
