"""Callbacks of the Play tab: apply the user's actions to the game and render it.

The game itself is the pure, immutable API of :mod:`solver.values.play`; the page
keeps a JSON copy of it in a ``dcc.Store``.  Values come from the page's one
solve, at the bound B = alpha × N of the setup bar, read through
:func:`dashboard.setup.validated_setup` (a client's bound is never believed);
a bound not solved yet is solved by a background job while the tab says so.

Each callback body is a plain function (:func:`play_action`, :func:`render`,
:func:`act`, :func:`show`, :func:`seed_message`) that tests call directly;
:func:`register` wires them to the page.  Every input is checked where it
comes in: bad input becomes a message, never an exception.
"""

from __future__ import annotations

import math
import numbers
import random

from dash import Input, Output, State, ctx, no_update
from dash.exceptions import PreventUpdate

from solver import Move, apply_move, computer_move, config, move_values, new_game, parse_int
from solver.values.play import GameState, game_end, goto, player_to_move, prediction, redo, restart, undo, value_history

from ... import ids as page_ids
from ...controls import MENU_COPY_JS, bound_note, gate_solution, setup_behind
from ...defaults import DEFAULT_PLAY_MODE, DEFAULT_STRENGTH, PLAY_MODES
from ...style import format_position
from . import figures, ids
from .layout import STRENGTH_STEP

#: Auto-play stops after this many plies.
AUTO_MAX_PLIES = 500
#: Longest game (played plies plus the redo stack) a saved game may hold.
MAX_SAVED_PLIES = 5_000
#: Class names of a number box, without and with a problem.
BOX_CLASS = "num-input"
INVALID_BOX_CLASS = "num-input invalid"
#: Switching modes unticks auto-play (it is for computer against computer), in the browser: a tick made
#: right after the switch is never undone by the server's answer to it, however slow that answer is.
UNTICK_JS = "function (_mode) { return []; }"


def check_strength_param(raw: str) -> float:
    """The address's check of ``strength=``: a number from 0 to 1 in steps of :data:`STRENGTH_STEP`.

    Parameters
    ----------
    raw : str
        The value in the address (at most 12 characters are read).

    Returns
    -------
    float
        The strength, rounded to the slider's step (``0.35``, not
        ``0.35000000000000003``).

    Raises
    ------
    ValueError
        Not a number, out of range, or between two steps.
    """
    message = "the computer strength must be a number from 0 to 1 in steps of 0.05"
    if len(raw) > 12:
        raise ValueError(message)
    try:
        value = float(raw)
    except ValueError:
        raise ValueError(message) from None
    steps = value / STRENGTH_STEP if math.isfinite(value) else math.nan
    if not 0.0 <= value <= 1.0 or not math.isclose(steps, round(steps), abs_tol=1e-9):
        raise ValueError(message)
    return round(round(steps) * STRENGTH_STEP, 2)


def _computer_seats(store: dict) -> set[int]:
    mode = store["mode"]
    if mode == "hvh":
        return set()
    if mode == "cvc":
        return {1, 2}
    return {3 - store["human"]}


def seat_name(seat: int, store: dict) -> str:
    """Name a player for the page: ``"Player 1 (you)"``, ``"Player 2 (computer)"``...

    Parameters
    ----------
    seat : {1, 2}
        The player.
    store : dict
        The game's store (its ``mode`` and ``human`` say who is who).

    Returns
    -------
    str
    """
    if store["mode"] == "hvh":
        return f"Player {seat}"
    if seat in _computer_seats(store):
        return f"Player {seat} (computer)"
    return f"Player {seat} (you)"


def seat_names(store: dict) -> dict[int, str]:
    """Both players' names for the page.

    Parameters
    ----------
    store : dict
        The game's store.

    Returns
    -------
    dict
        ``{1: seat_name(1, store), 2: seat_name(2, store)}``.
    """
    return {seat: seat_name(seat, store) for seat in (1, 2)}


def _seed(seed_text) -> int:
    text = str(config.DEFAULT_SEED) if seed_text is None or seed_text == "" else seed_text
    return parse_int(text, "the seed", least=0, most=2**63)


def seed_message(seed_text) -> str:
    """Check the seed as it is typed.

    Parameters
    ----------
    seed_text : object
        The seed box's content (empty means the default seed).

    Returns
    -------
    str
        ``""`` for a good seed (a whole number from 0 to 2**63), else what
        to fix.
    """
    try:
        _seed(seed_text)
    except ValueError as exc:
        return str(exc)
    return ""


def _strength(value) -> float:
    """The computer's strength from the slider, checked (ValueError if bad)."""
    if value is None:
        return DEFAULT_STRENGTH
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value):
        raise ValueError("the computer's strength must be a number from 0 to 1: move the slider")
    if not 0.0 <= float(value) <= 1.0:
        raise ValueError("the computer's strength must be from 0 to 1: move the slider")
    return float(value)


def _checked_store(store) -> tuple[dict | None, GameState | None, str]:
    """A store from the browser, checked: ``(store, game, message)``.

    A missing store gives ``(None, None, "")``; a damaged one
    ``(None, None, message)``.
    """
    if store is None:
        return None, None, ""
    damaged = "the saved game is damaged: press New game"
    if not isinstance(store, dict):
        return None, None, damaged
    mode, human = store.get("mode"), store.get("human")
    if not (isinstance(mode, str) and mode in PLAY_MODES and type(human) is int and human in (1, 2)):
        return None, None, damaged
    game = store.get("game")
    if not isinstance(game, dict):
        return None, None, damaged
    positions, later = game.get("positions"), game.get("redo", [])
    if not isinstance(positions, list) or not isinstance(later, list) or not positions:
        return None, None, damaged
    if len(positions) + len(later) > MAX_SAVED_PLIES + 1:
        return None, None, damaged
    try:
        parsed = GameState.from_dict(game)
    except (ValueError, TypeError, KeyError):
        return None, None, damaged
    return {"mode": store["mode"], "human": store["human"], "game": game}, parsed, ""


def _clicked_ply(click_data) -> int | None:
    """The ply a click on the history chart names, or None."""
    if not isinstance(click_data, dict):
        return None
    points = click_data.get("points")
    if not isinstance(points, list) or not points or not isinstance(points[0], dict):
        return None
    ply = points[0].get("customdata", points[0].get("x"))
    if isinstance(ply, list) and ply:
        ply = ply[0]
    if isinstance(ply, bool) or not isinstance(ply, (int, float)) or not math.isfinite(ply) or ply != int(ply):
        return None
    return int(ply)


def _computer_step(game: GameState, solution, strength: float, seed: int) -> GameState:
    # One generator per (seed, start, ply): the same seed replays the same game.
    rng = random.Random(f"{seed}:{game.start}:{game.ply}")
    return apply_move(game, computer_move(game.position, solution, float(strength), rng))


def _reply(game: GameState, store: dict, solution, strength, seed) -> GameState:
    """In you-vs-computer mode, let the computer move while it is its turn."""
    if store["mode"] != "hvc":
        return game
    seats = _computer_seats(store)
    while game_end(game) is None and player_to_move(game) in seats:
        game = _computer_step(game, solution, strength, seed)
    return game


def play_action(trigger, store, start_text, mode, first, strength, seed_text, click_data, solution, choice=None):
    """Apply one user action to the game in the store.

    Parameters
    ----------
    trigger : str or None
        Id of the component that fired (None on page load).
    store : dict or None
        ``{"game": GameState.to_dict(), "mode": ..., "human": 1 or 2}``, as
        the browser sent it back (checked here).
    start_text, mode, first, strength, seed_text :
        Current values of the controls (checked here: text through
        :func:`solver.parsing.parse_int`, the strength from 0 to 1, an
        unknown mode is the default one).
    click_data : dict or None
        ``clickData`` of the history chart.
    solution : solver.engine.solution.Solution
        The solve the computer's moves come from; its rule is the game's.
    choice : str or None, optional
        The move list's value (the position to move to, as decimal text),
        for the games with many moves.

    Returns
    -------
    tuple
        ``(new store, error message)``; on bad input the store is kept and
        the message says what to fix.
    """
    mode = mode if isinstance(mode, str) and mode in PLAY_MODES else DEFAULT_PLAY_MODE
    human = 2 if first == "computer" else 1
    store, game, damaged = _checked_store(store)
    if game is not None and game.rule.name != solution.rule.name:
        # The page's game changed: this one cannot go on under the new rule.
        store, game = None, None
    keep = store if store else no_update
    try:
        strength = _strength(strength)
        seed = _seed(seed_text)
    except ValueError as exc:
        return keep, str(exc)
    if store is None or trigger in (None, ids.PLAY_NEW, ids.PLAY_START, ids.PLAY_FIRST):
        try:
            start = parse_int(start_text, "the start number")
        except ValueError as exc:
            return keep, str(exc) if not damaged else f"{damaged}; {exc}"
        fresh = {"mode": mode, "human": human}
        game = _reply(new_game(start, rule=solution.rule), fresh, solution, strength, seed)
        return {**fresh, "game": game.to_dict()}, ""
    assert game is not None
    store = dict(store)
    try:
        if trigger == ids.PLAY_MODE:
            store["mode"] = mode
        elif trigger in (ids.PLAY_TAKE, ids.PLAY_PUT):
            if player_to_move(game) in _computer_seats(store):
                return store, "it is the computer's turn: press Computer move"
            game = apply_move(game, Move.TAKE if trigger == ids.PLAY_TAKE else Move.PUT)
            game = _reply(game, store, solution, strength, seed)
        elif trigger == ids.PLAY_CHOICE_GO:
            if player_to_move(game) in _computer_seats(store):
                return store, "it is the computer's turn: press Computer move"
            if not isinstance(choice, str) or not choice.isdigit() or len(choice) > 400:
                return store, "choose a move in the list first"
            game = apply_move(game, int(choice))
            game = _reply(game, store, solution, strength, seed)
        elif trigger in (ids.PLAY_COMPUTER, ids.PLAY_INTERVAL):
            if trigger == ids.PLAY_INTERVAL and game.ply >= AUTO_MAX_PLIES:
                return store, f"auto-play stops after {AUTO_MAX_PLIES} plies"
            game = _computer_step(game, solution, strength, seed)
        elif trigger == ids.PLAY_UNDO:
            game = undo(game)
            # Against the computer, go back to a position where it is your turn.
            while store["mode"] == "hvc" and game.ply > 0 and player_to_move(game) in _computer_seats(store):
                game = undo(game)
        elif trigger == ids.PLAY_REDO:
            game = redo(game)
            # Against the computer, redo its reply too (back to your turn).
            while (
                store["mode"] == "hvc"
                and game.redo
                and game_end(game) is None
                and player_to_move(game) in _computer_seats(store)
            ):
                game = redo(game)
        elif trigger == ids.PLAY_RESTART:
            game = restart(game)
        elif trigger == ids.PLAY_SWAP:
            if store["mode"] != "hvc":
                return store, "swap sides is for you-vs-computer mode"
            store["human"] = 3 - store["human"]
            game = _reply(game, store, solution, strength, seed)
        elif trigger == ids.PLAY_GRAPH:
            ply = _clicked_ply(click_data)
            if ply is None:
                return store, ""
            game = goto(game, ply)
        else:
            return store, ""
    except (ValueError, TypeError) as exc:
        return {**store, "game": game.to_dict()}, str(exc)
    return {**store, "game": game.to_dict()}, ""


def _cannot_be(position: int, solution) -> str | None:
    """What an unresolved position cannot be (``"L"``, ``"W"``), or None (decided, or above the bound)."""
    return solution.cannot_be(position) if 0 <= position <= solution.bound else None


def _ticked(value) -> bool:
    return isinstance(value, (list, tuple)) and "on" in value


_SHOWN, _HIDDEN, _CONTENTS = (
    # Wraps: on a phone the move list and its button do not fit one line.
    {"display": "inline-flex", "flexWrap": "wrap", "maxWidth": "100%", "gap": "0.5rem", "alignItems": "center"},
    {"display": "none"},
    {"display": "contents"},
)


def _waiting(message: str) -> dict:
    return {
        "two_style": _CONTENTS, "choice_row_style": _HIDDEN, "choice_options": [], "choice_value": None,
        "choice_disabled": True,
        "take": "take", "take_style": {}, "take_disabled": True, "put": "put", "put_style": {},
        "put_disabled": True, "computer_disabled": True, "undo_disabled": True, "redo_disabled": True,
        "status": "", "prediction": "", "figure": figures.empty_history_figure(), "log": [],
        "interval_disabled": True, "bound": message,
    }  # fmt: skip


def above_bound_text(rule) -> str:
    """What Play knows of a position above the bound, for the game being played.

    Parameters
    ----------
    rule : solver.Rule
        The page's game.

    Returns
    -------
    str
        ``"Above the bound, values are unknown except where the player to
        move wins at once: a cube, taken to 0."`` (the game's own sequence),
        or that they are all unknown for a game where no position wins at
        once (misère play).
    """
    if rule.misere:
        return "Above the bound, values are unknown."
    return f"Above the bound, values are unknown except where the player to move wins at once: a {rule.sequence}, taken to 0."


def render(store, hints_value, auto_value, solution, note: str | None = None) -> dict:
    """Everything the page shows for the game in the store.

    Parameters
    ----------
    store : dict or None
        As made by :func:`play_action` (checked here).
    hints_value, auto_value : list
        Values of the hints and auto-play checklists (``["on"]`` when ticked).
    solution : solver.engine.solution.Solution or None
        The solve the values, hints and prediction come from; None while
        there is none (``note`` then says why).
    note : str, optional
        The sentence about the bound (default: from the solution's bound).

    Returns
    -------
    dict
        Keys ``two_style``, ``choice_row_style``, ``choice_options``,
        ``choice_value``, ``choice_disabled`` (the move list shown instead of
        the take and put buttons in games with many moves), ``take``,
        ``take_style``, ``take_disabled``, ``put``,
        ``put_style``, ``put_disabled``, ``computer_disabled``,
        ``undo_disabled``, ``redo_disabled``, ``status``, ``prediction``,
        ``figure``, ``log``, ``interval_disabled``, ``bound``.
    """
    if solution is None:
        return _waiting(note or "No values yet.")
    hints = _ticked(hints_value)
    bound_text = (note or bound_note(solution.bound, solution.rule)) + " " + above_bound_text(solution.rule)
    store, game, damaged = _checked_store(store)
    if game is not None and game.rule.name != solution.rule.name:
        out = _waiting(bound_text)
        out["status"] = f"The page's game is now {solution.rule.title}: press New game to play it."
        return out
    if game is None:
        out = _waiting(bound_text)
        out["status"] = damaged
        return out
    end = game_end(game)
    mover = player_to_move(game)
    human_turn = end is None and mover not in _computer_seats(store)
    two = solution.rule.move_names == ("take", "put")
    choices: list[dict] = []
    take, take_style, put, put_style = "take", {}, "put", {}
    if end is None:
        values = move_values(game.position, solution)
        kids = [_cannot_be(v.child, solution) for v in values]
        if two:
            (take, take_style), (put, put_style) = (
                figures.move_button(v, hints, human_turn, kid) for v, kid in zip(values, kids, strict=True)
            )
        else:
            choices = [figures.move_option(v, hints, kid) for v, kid in zip(values, kids, strict=True)]
        status = f"Ply {game.ply}: {seat_name(mover, store)} to move at {format_position(game.position)}."
        said = prediction(game.position, solution)
        cannot = _cannot_be(game.position, solution)
        if cannot == "L":
            said += ": the player to move cannot lose (a win or a draw, unknown which)"
        elif cannot == "W":
            said += ": the player to move cannot win (a loss or a draw, unknown which)"
        said = said.replace("the player to move", seat_name(mover, store))
        pred = f"Prediction: {said}." if hints else "Prediction hidden (hints off)."
    else:
        if end.reason == "zero" and end.winner is not None:
            last = format_position(game.position)
            how = "made the last move" if solution.rule.last_mover_wins else "was left without a move"
            status = f"Game over at {last}: {seat_name(end.winner, store)} {how} and wins after {game.ply} plies."
        else:
            status = (
                f"Game over: draw, {format_position(end.loop[0])} repeated — loop "
                f"{' → '.join(format_position(p) for p in end.loop)}."
            )
        pred = ""
    rows = value_history(game, solution, include_redo=True)
    names = seat_names(store)
    auto = _ticked(auto_value)
    return {
        "two_style": _CONTENTS if two else _HIDDEN, "choice_row_style": _HIDDEN if two else _SHOWN,
        "choice_options": choices, "choice_value": None, "choice_disabled": not human_turn or not choices,
        "take": take, "take_style": take_style, "take_disabled": not human_turn,
        "put": put, "put_style": put_style, "put_disabled": not human_turn,
        "computer_disabled": end is not None,
        "undo_disabled": game.ply == 0, "redo_disabled": not game.redo,
        "status": status, "prediction": pred,
        "figure": figures.history_figure(rows, names, hints, solution.bound),
        "log": figures.game_log(rows, names, end, hints),
        "interval_disabled": not (auto and store["mode"] == "cvc" and end is None and game.ply < AUTO_MAX_PLIES),
        "bound": bound_text,
    }  # fmt: skip


_RENDER_KEYS = [
    ("two_style", ids.PLAY_TWO_MOVES, "style"), ("choice_row_style", ids.PLAY_CHOICE_ROW, "style"),
    ("choice_options", ids.PLAY_CHOICE, "options"), ("choice_value", ids.PLAY_CHOICE, "value"),
    ("choice_disabled", ids.PLAY_CHOICE_GO, "disabled"),
    ("take", ids.PLAY_TAKE, "children"), ("take_style", ids.PLAY_TAKE, "style"), ("take_disabled", ids.PLAY_TAKE, "disabled"),
    ("put", ids.PLAY_PUT, "children"), ("put_style", ids.PLAY_PUT, "style"), ("put_disabled", ids.PLAY_PUT, "disabled"),
    ("computer_disabled", ids.PLAY_COMPUTER, "disabled"), ("undo_disabled", ids.PLAY_UNDO, "disabled"),
    ("redo_disabled", ids.PLAY_REDO, "disabled"), ("status", ids.PLAY_STATUS, "children"),
    ("prediction", ids.PLAY_PREDICTION, "children"), ("figure", ids.PLAY_GRAPH, "figure"), ("log", ids.PLAY_LOG, "children"),
    ("interval_disabled", ids.PLAY_INTERVAL, "disabled"), ("bound", ids.PLAY_BOUND, "children"),
]  # fmt: skip


def act(
    trigger, gate, store, start_text, mode, first, strength, seed_text, click_data, choice=None, game=None
) -> tuple:
    """The Play tab's action callback: one event in, every output it sets.

    Parameters
    ----------
    trigger : str or None
        Id of the component that fired.
    gate : dict or None
        The tab's gate store (see :func:`dashboard.controls.gate_solution`).
    store, start_text, mode, first, strength, seed_text, click_data, choice :
        As for :func:`play_action`.
    game : object, optional
        The game menu's value.  While it names a rule other than the gate's
        (:func:`dashboard.controls.setup_behind`: a new game was just chosen
        and the gate still holds the last game's setup), the game in the
        store is left as it is: no move of the last game is played.

    Returns
    -------
    tuple
        ``(store, error message, chart clickData, seed box class, seed
        message)``, ``no_update`` where nothing changes.  Switching modes
        unticks auto-play in the browser (:data:`UNTICK_JS`), not here.

    Raises
    ------
    dash.exceptions.PreventUpdate
        Before the tab is opened, and for the chart's own clearing of its
        click.
    """
    if not isinstance(gate, dict):
        raise PreventUpdate  # the tab has not been opened yet
    seed_error = seed_message(seed_text)
    seed_outputs = (INVALID_BOX_CLASS if seed_error else BOX_CLASS, seed_error)
    if trigger == ids.PLAY_SEED:
        # Checked as it is typed; the game itself does not change.
        return (no_update, no_update, no_update, *seed_outputs)
    if trigger == ids.PLAY_GRAPH and not click_data:
        raise PreventUpdate  # the chart's click was just cleared
    solution, _note = gate_solution(gate)
    if solution is None or setup_behind(gate, game) is not None:
        # render() says why; the game waits for the values.
        return (no_update, "", no_update, *seed_outputs)
    kept = _checked_store(store)[1] if store is not None else None
    if trigger == page_ids.tab_gate_id("play") and kept is not None and kept.rule.name == solution.rule.name:
        # A new bound: the game stays, render() shows the new values.
        return (no_update, no_update, no_update, *seed_outputs)
    new, message = play_action(
        trigger, store, start_text, mode, first, strength, seed_text, click_data, solution, choice
    )
    # Clear the click so that clicking the same point again fires.
    return (new, message, None, *seed_outputs)


def show(gate, store, hints, auto, game=None) -> tuple:
    """The Play tab's render callback: the outputs of :func:`render`, in page order.

    Parameters
    ----------
    gate : dict or None
        The tab's gate store.
    store, hints, auto :
        As for :func:`render`.
    game : object, optional
        The game menu's value: while it names a rule other than the gate's
        (:func:`dashboard.controls.setup_behind`), nothing of the last game
        is drawn, only a wait that names the chosen game.

    Returns
    -------
    tuple
        One value per output of the tab's render callback.

    Raises
    ------
    dash.exceptions.PreventUpdate
        Before the tab is opened.
    """
    if not isinstance(gate, dict):
        raise PreventUpdate
    wait = setup_behind(gate, game)
    solution, note = gate_solution(gate) if wait is None else (None, wait)
    out = render(store, hints, auto, solution, note)
    return tuple(out[key] for key, _, _ in _RENDER_KEYS)


def register(app) -> None:
    """Wire the Play tab's callbacks to ``app``.

    Both callbacks wait for the tab's gate store
    (:func:`dashboard.ids.tab_gate_id`), so they do nothing until the tab is
    first opened, and then follow the page's setup.

    Parameters
    ----------
    app : dash.Dash
        The application whose layout holds :func:`play_layout` and the gate
        store of the ``"play"`` tab.
    """
    gate_id = page_ids.tab_gate_id("play")

    @app.callback(
        Output(ids.PLAY_STORE, "data"),
        Output(ids.PLAY_ERROR, "children"),
        Output(ids.PLAY_GRAPH, "clickData"),
        Output(ids.PLAY_SEED, "className"),
        Output(ids.PLAY_SEED_ERROR, "children"),
        Input(gate_id, "data"),
        Input(ids.PLAY_NEW, "n_clicks"),
        Input(ids.PLAY_START, "value"),
        Input(ids.PLAY_FIRST, "value"),
        Input(ids.PLAY_MODE, "value"),
        Input(ids.PLAY_TAKE, "n_clicks"),
        Input(ids.PLAY_PUT, "n_clicks"),
        Input(ids.PLAY_COMPUTER, "n_clicks"),
        Input(ids.PLAY_INTERVAL, "n_intervals"),
        Input(ids.PLAY_UNDO, "n_clicks"),
        Input(ids.PLAY_REDO, "n_clicks"),
        Input(ids.PLAY_RESTART, "n_clicks"),
        Input(ids.PLAY_SWAP, "n_clicks"),
        Input(ids.PLAY_GRAPH, "clickData"),
        Input(ids.PLAY_SEED, "value"),
        Input(ids.PLAY_CHOICE_GO, "n_clicks"),
        State(ids.PLAY_STORE, "data"),
        State(ids.PLAY_STRENGTH, "value"),
        State(ids.PLAY_CHOICE, "value"),
        State(page_ids.GAME_MENU, "value"),
        prevent_initial_call=True,
    )
    def _act(
        gate, _new, start_text, first, mode, _t, _p, _c, _i, _u, _r, _rs, _s, click, seed, _go, store, strength, choice,
        game,
    ):  # fmt: skip
        trigger = ctx.triggered_id if store else None
        if ctx.triggered_id == ids.PLAY_SEED:
            trigger = ids.PLAY_SEED
        if ctx.triggered_id == gate_id:
            trigger = gate_id
        return act(trigger, gate, store, start_text, mode, first, strength, seed, click, choice, game)

    app.callback(
        *[Output(cid, prop) for _, cid, prop in _RENDER_KEYS],
        Input(gate_id, "data"),
        Input(ids.PLAY_STORE, "data"),
        Input(ids.PLAY_HINTS, "value"),
        Input(ids.PLAY_AUTO, "value"),
        # The menu too (its copy in the tab): a new game blanks the last one's values at once, before its setup arrives.
        Input(ids.PLAY_MENU_GAME, "data"),
        prevent_initial_call=True,
    )(show)
    app.clientside_callback(
        UNTICK_JS,
        Output(ids.PLAY_AUTO, "value"),
        Input(ids.PLAY_MODE, "value"),
        prevent_initial_call=True,
    )
    app.clientside_callback(
        MENU_COPY_JS,
        Output(ids.PLAY_MENU_GAME, "data"),
        Input(page_ids.GAME_MENU, "value"),
        prevent_initial_call=True,
    )
