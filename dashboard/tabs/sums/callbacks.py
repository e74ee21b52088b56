"""Callbacks of the Sums tab, and the pure functions they call (tested without a browser).

The page state is the heaps text box (``heaps=5,5`` in the URL): a move or a
computer reply rewrites it, and the result is recomputed from it.  The game
is the page's (the setup bar's game, at its bound B, through the tab's gate
store), unless the tab's menu picks an octal game.  Either way the sum goes
through one path, :func:`solver.registry.sums.game_sum` over the registry's
game (:func:`game_of`): each heap's value is the game's (Smith's loopy nim
value for a rule, cached per rule and bound by
:func:`solver.values.sums.cached_values`, so a sum answers in milliseconds
after the first request for a bound; the Grundy value for an octal game).  A
bound whose nim values would take longer than :data:`NIM_SECONDS` is refused
with the estimate.

Play is you against the computer.  The game store (``ids.SUMS_GAME``) keeps
whose move it is and the log of every move since the heaps were typed; the
side that has no move in any heap has lost, and the log says who won.
"""

from __future__ import annotations

from dash import ALL, Input, Output, State, ctx, html, no_update
from dash.exceptions import PreventUpdate

from solver import Outcome, get_rule, parse_int
from solver.engine.nim import check_nim_rule, default_sum_bound, needs_bound, nim_values_seconds
from solver.parsing import describe_text
from solver.registry import Game, find_game
from solver.registry.rules import NIM_VALUE_SECONDS, RuleGame
from solver.registry.sums import GameSum, HeapMove, game_sum
from solver.values.sums import MAX_HEAPS

from ... import ids as page_ids
from ... import setup as setups
from ...components import MOVE_CLICK_JS
from ...controls import MENU_COPY_JS, gate_solution, setup_behind
from ...movelist import computer_index, pressed_index
from . import ids
from .figures import log_view, move_text, moves_view, no_move_text, result_view
from .layout import SETUP_GAME
from .octal import octal_game

#: Longest the nim values of a sum's bound may take to compute in a request, in seconds (estimated up front;
#: the registry's rule computes its values within the same limit, :data:`solver.registry.rules.NIM_VALUE_SECONDS`).
NIM_SECONDS = NIM_VALUE_SECONDS
#: Most lines the game's log keeps.
LOG_LINES = 200
#: The two sides of the Sums tab's play.
YOU, COMPUTER = "you", "computer"

__all__ = [
    "NIM_SECONDS",
    "game_of",
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


def game_of(rule: object, gate: object = None) -> Game:
    """The game of the sums: the page's setup, an octal game of the menu, or a rule named outright.

    Parameters
    ----------
    rule : str
        The tab's menu value: :data:`dashboard.tabs.sums.layout.SETUP_GAME`
        (the page's game at the page's bound, from ``gate``), an octal game
        of :data:`dashboard.tabs.sums.octal.OCTAL_OPTIONS`, or the name of a
        rule of the family (at :func:`solver.default_sum_bound`; the
        functions' own callers and tests).
    gate : dict or None
        The tab's gate store (:func:`dashboard.controls.gate_solution` reads it).

    Returns
    -------
    solver.registry.Game
        A game with values: the rule at its bound
        (:meth:`solver.registry.rules.RuleGame.with_bound`), or the octal game.

    Raises
    ------
    ValueError
        No setup yet or its bound being solved (the message says so), a game
        without nim values (misère play), or nim values estimated to take
        longer than :data:`NIM_SECONDS` (the message gives the estimate and
        the command that computes the sum instead).
    """
    octal = octal_game(rule)
    if octal is not None:
        return octal
    if rule == SETUP_GAME:
        solution, note = gate_solution(gate)
        if solution is None:
            raise ValueError(note)
        found, bound = check_nim_rule(solution.rule), solution.bound
    else:
        found = check_nim_rule(get_rule(rule if isinstance(rule, str) else None))
        bound = default_sum_bound(found)
    used = bound if needs_bound(found) else None
    seconds = nim_values_seconds(found, bound, used)
    if seconds > NIM_SECONDS:
        raise ValueError(
            f"the nim values of {found.title} up to bound B = {bound:,} would take about {seconds:,.0f} s, too long "
            f"for the page: choose a smaller N or alpha at the top of the page, or run "
            f"python -m solver sum --rule {found.name} --bound {bound} HEAPS"
        )
    game = find_game(found.name)
    assert isinstance(game, RuleGame)
    return game.with_bound(bound)


def analyse(text: object, rule: object, gate: object = None) -> GameSum:
    """The sum in the heaps box under the game (raises ValueError with a message for bad input).

    Parameters
    ----------
    text : str
        The heaps box.
    rule : str
        The tab's menu value (:func:`game_of`).
    gate : dict or None
        The tab's gate store, for the page's game and bound.
    """
    game = game_of(rule, gate)
    return game_sum(game, parse_heaps(text))


def computer_choice(position: GameSum) -> int | None:
    """Index of the computer's move, by the one policy of every game (:func:`dashboard.movelist.computer_index`).

    A winning move, else the first move that keeps a draw, else the first
    move to an unknown, else the first move; None when there is no move.
    """
    return computer_index([m.after.name for m in position.moves])


def _logged(position: GameSum, move: HeapMove, who: str, mover: str) -> str:
    """A log line: who moved, the move, and its result (the nim sum left, in a finite game)."""
    if position.game.value_kind == "grundy":
        return f"{who}: {move_text(position, move)} (nim sum now {move.nim_sum})."
    return f"{who}: {move_text(position, move)} ({move.outcome.name} for {mover})."


def _other(side: str) -> str:
    return COMPUTER if side == YOU else YOU


def play(
    text: object, rule: object, move_index: int | None, reply: bool, gate: object = None, turn: str = YOU
) -> tuple[str, list[str], str]:
    """Make a move and maybe the computer's reply.

    Parameters
    ----------
    text : str
        The heaps box.
    rule : str
        The tab's menu value (:func:`game_of`, or an octal game's name).
    move_index : int or None
        The move button pressed (a move for the side to move); None: the
        computer makes the move of the side to move (its own, or yours when
        it is your turn: "Computer moves for you").
    reply : bool
        After your move the computer answers at once.
    gate : dict or None
        The tab's gate store.
    turn : {"you", "computer"}
        Whose move it is.

    Returns
    -------
    tuple
        ``(heaps text, log lines, whose move it is next)``; the lines name
        who moved, and end with who won when the side to move has no move.

    Raises
    ------
    ValueError
        Bad heaps, or a move index that is not a move of this sum.
    """
    turn = turn if turn in (YOU, COMPUTER) else YOU
    position = analyse(text, rule, gate)
    if position.unlisted:
        raise ValueError(f"the moves are not listed: {position.unlisted}")
    if not position.moves:
        return heaps_text(position.heaps), [no_move_text(turn)], turn
    if move_index is None:
        move_index = computer_choice(position)
        who = "Computer" if turn == COMPUTER else "Computer, for you"
    else:
        who = "You" if turn == YOU else "You, for the computer"
    if move_index is None or not 0 <= move_index < len(position.moves):
        raise ValueError("that move is not available any more; the heaps changed")
    move = position.moves[move_index]
    heaps = position.after(move)
    lines = [_logged(position, move, who, "the mover")]
    turn = _other(turn)
    after = game_sum(position.game, heaps)
    if after.unlisted:
        return heaps_text(heaps), lines, turn
    if not after.moves:
        return heaps_text(heaps), [*lines, no_move_text(turn)], turn
    if reply and turn == COMPUTER:
        k = computer_choice(after)
        assert k is not None  # the sum has moves
        answer = after.moves[k]
        heaps = after.after(answer)
        lines.append(_logged(after, answer, "Computer", "it"))
        turn = YOU
        if not game_sum(position.game, heaps).moves:
            lines.append(no_move_text(turn))
    return heaps_text(heaps), lines, turn


def deciding_heap(position: GameSum) -> int | None:
    r"""The heap that decides an unresolved sum alone, or None.

    When exactly one heap's value is ``?`` and the others are finite with
    nim sum 0, the sum plays as that heap alone (a heap of finite loopy
    value \*k acts as the nim heap \*k in a sum, and \*0 changes nothing:
    Smith 1966), so its outcome is that heap's.

    Parameters
    ----------
    position : solver.registry.sums.GameSum

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


def partial_fact(position: GameSum) -> str | None:
    """What an unresolved sum cannot be, from the W/L/D classes of the heap that decides it.

    Parameters
    ----------
    position : solver.registry.sums.GameSum

    Returns
    -------
    str or None
        A sentence when the sum is U, one heap decides it alone
        (:func:`deciding_heap`) and the certificate by possibility says that
        heap cannot be L (or W) at the same bound
        (:meth:`solver.Solution.cannot_be`); None otherwise, or when that
        bound is not solved and too large to solve in a request.
    """
    if position.outcome != Outcome.U or position.bound is None or position.rule is None:
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


def show(text: object, rule: object, gate: object = None, game: object = None, menu: object = None) -> tuple:
    """Result, moves and error message for the heaps box and the game.

    Parameters
    ----------
    text : str
        The heaps box.
    rule : str
        The tab's menu value (:func:`game_of`, or an octal game's name).
    gate : dict or None
        The tab's gate store.
    game : dict or None
        The game store (whose move it is: :func:`turn_of`).
    menu : object, optional
        The page's game menu.  For the page's game (:data:`SETUP_GAME`),
        while the menu names a rule other than the gate's
        (:func:`dashboard.controls.setup_behind`: a new game was just chosen
        and the gate still holds the last game's setup), nothing is shown
        but a wait that names the chosen game.

    Returns
    -------
    tuple
        ``(result, moves, message)``: two Dash components and a string.
    """
    wait = setup_behind(gate, menu) if rule == SETUP_GAME else None
    if wait is not None:
        return html.Div(), html.Div(), wait
    turn = turn_of(game, text)
    try:
        position = analyse(text, rule, gate)
    except (ValueError, TypeError) as exc:
        return (
            html.Div(),
            html.Div(),
            str(exc)
            if not isinstance(text, str) or "heap" not in str(exc)
            else f"{exc} (you typed {describe_text(text)})",
        )
    return result_view(position, partial_fact(position)), moves_view(position, turn), ""


def turn_of(game: object, text: object) -> str:
    """Whose move it is: the game store's, while the heaps are the ones its last move left; else yours.

    Parameters
    ----------
    game : dict or None
        The game store: ``{"heaps": str, "turn": "you" | "computer", "log": [str]}``.
    text : str
        The heaps box now (typed heaps start a new game, you to move).

    Returns
    -------
    {"you", "computer"}
    """
    if isinstance(game, dict) and game.get("heaps") == text and game.get("turn") in (YOU, COMPUTER):
        return game["turn"]
    return YOU


def act(
    triggered, clicks, text, rule, reply_value, gate: object = None, game: object = None, menu: object = None
) -> tuple:
    """A move button or "computer moves": the new heaps text, the game store and an error message.

    ``triggered`` is the id of the button pressed (a move button's
    ``{"type": SUMS_MOVE, "index": k}`` or :data:`ids.SUMS_COMPUTER`) and
    ``clicks`` its ``n_clicks``: nothing happens for a button just drawn
    (no clicks), so re-drawing the moves never makes a move.  The game store
    gains the move's log lines (its log restarts when the heaps were typed
    since its last move) and says whose move is next.  While the page's
    game menu (``menu``) is ahead of the gate (:func:`dashboard.controls.setup_behind`),
    no move of the last game is made: the message says what is awaited.
    """
    if triggered is None or not clicks:
        return no_update, no_update, no_update
    wait = setup_behind(gate, menu) if rule == SETUP_GAME else None
    if wait is not None:
        return no_update, no_update, wait
    if isinstance(triggered, dict):
        index = pressed_index(triggered)
        if index is None:
            return no_update, no_update, no_update
    elif triggered == ids.SUMS_COMPUTER:
        index = None
    else:
        return no_update, no_update, no_update
    turn = turn_of(game, text)
    try:
        new_text, lines, turn = play(text, rule, index, bool(reply_value), gate, turn)
    except (ValueError, TypeError) as exc:
        return no_update, no_update, str(exc)
    log = (
        list(game["log"])
        if isinstance(game, dict) and game.get("heaps") == text and isinstance(game.get("log"), list)
        else []
    )
    if not log:
        log = [f"Heaps {text}: you move first."] if isinstance(text, str) else []
    log = [line for line in log if isinstance(line, str)][-LOG_LINES:] + lines
    return new_text, {"heaps": new_text, "turn": turn, "log": log[-LOG_LINES:]}, ""


def register(app) -> None:
    """Register the Sums tab's callbacks on ``app``."""
    gate_id = page_ids.tab_gate_id("sums")

    # The tab does nothing until it is first opened: its gate store
    # (dashboard.ids.tab_gate_id("sums")) is written then, and again when the page's setup changes.
    @app.callback(
        Output(ids.SUMS_RESULT, "children"),
        Output(ids.SUMS_MOVES, "children"),
        Output(ids.SUMS_ERROR, "children"),
        Input(gate_id, "data"),
        Input(ids.SUMS_HEAPS, "value"),
        Input(ids.SUMS_RULE, "value"),
        Input(ids.SUMS_GAME, "data"),
        # The menu too (its copy in the tab): a new game blanks the last one's sum at once, before its setup arrives.
        Input(ids.SUMS_MENU_GAME, "data"),
        prevent_initial_call=True,
    )
    def _show(gate, text, rule, game, menu):
        if gate is None:
            raise PreventUpdate
        return show(text, rule, gate, game, menu)

    app.clientside_callback(
        MENU_COPY_JS,
        Output(ids.SUMS_MENU_GAME, "data"),
        Input(page_ids.GAME_MENU, "value"),
        prevent_initial_call=True,
    )

    # A pressed move button reaches the server through a store, so drawing new buttons sends no request.
    app.clientside_callback(
        MOVE_CLICK_JS,
        Output(ids.SUMS_MOVE_CLICK, "data"),
        Input({"type": ids.SUMS_MOVE, "index": ALL}, "n_clicks"),
        prevent_initial_call=True,
    )

    @app.callback(
        Output(ids.SUMS_HEAPS, "value"),
        Output(ids.SUMS_GAME, "data"),
        Output(ids.SUMS_ERROR, "children", allow_duplicate=True),
        Input(ids.SUMS_MOVE_CLICK, "data"),
        Input(ids.SUMS_COMPUTER, "n_clicks"),
        State(ids.SUMS_HEAPS, "value"),
        State(ids.SUMS_RULE, "value"),
        State(ids.SUMS_REPLY, "value"),
        State(gate_id, "data"),
        State(ids.SUMS_GAME, "data"),
        State(page_ids.GAME_MENU, "value"),
        prevent_initial_call=True,
    )
    def _act(pressed, _computer_clicks, text, rule, reply, gate, game, menu):
        if ctx.triggered_id == ids.SUMS_MOVE_CLICK:
            if not isinstance(pressed, dict):
                return no_update, no_update, no_update
            triggered = {"type": ids.SUMS_MOVE, "index": pressed.get("index")}
            return act(triggered, pressed.get("clicks"), text, rule, reply, gate, game, menu)
        value = ctx.triggered[0]["value"] if ctx.triggered else None
        return act(ctx.triggered_id, value, text, rule, reply, gate, game, menu)

    @app.callback(
        Output(ids.SUMS_LOG, "children"),
        Output(ids.SUMS_COMPUTER, "children"),
        Input(ids.SUMS_GAME, "data"),
        Input(ids.SUMS_HEAPS, "value"),
        prevent_initial_call=True,
    )
    def _log(game, text):
        return log_view(game, text), computer_button_text(turn_of(game, text))


def computer_button_text(turn: str) -> str:
    """The computer's button says whose move it makes: its own, or yours for you."""
    return "Computer moves" if turn == COMPUTER else "Computer moves for you"
