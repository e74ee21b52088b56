"""Callbacks of the Play tab: apply the user's actions to the game and render it.

The game itself is the pure, immutable API of :mod:`solver.play`; the page
keeps a JSON copy of it in a ``dcc.Store``.  Each callback body is a plain
function (:func:`play_action`, :func:`render`) that tests call directly;
:func:`register` wires them to the page.  Bad input becomes a message, never
an exception.
"""

from __future__ import annotations

import random

from dash import Input, Output, State, ctx, no_update
from dash.exceptions import PreventUpdate

from solver import config
from solver.parsing import parse_int
from solver.play import (
    GameState,
    apply_move,
    computer_move,
    game_end,
    goto,
    move_values,
    new_game,
    player_to_move,
    prediction,
    redo,
    restart,
    undo,
    value_history,
)
from solver.rules import Move

from ... import ids
from ...defaults import DEFAULT_PLAY_MODE, DEFAULT_STRENGTH, PLAY_MODES, VALUES_BOUND
from ...style import format_number
from . import figures

#: Auto-play stops after this many plies.
AUTO_MAX_PLIES = 500


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
    text = seed_text if seed_text not in (None, "") else str(config.DEFAULT_SEED)
    return parse_int(text, "the seed", least=0, most=2**63)


def _computer_step(state: GameState, solution, strength: float, seed: int) -> GameState:
    # One generator per (seed, start, ply): the same seed replays the same game.
    rng = random.Random(f"{seed}:{state.start}:{state.ply}")
    return apply_move(state, computer_move(state.position, solution, float(strength), rng))


def _reply(state: GameState, store: dict, solution, strength, seed) -> GameState:
    """In you-vs-computer mode, let the computer move while it is its turn."""
    if store["mode"] != "hvc":
        return state
    seats = _computer_seats(store)
    while game_end(state) is None and player_to_move(state) in seats:
        state = _computer_step(state, solution, strength, seed)
    return state


def play_action(trigger, store, start_text, mode, first, strength, seed_text, click_data, solution):
    """Apply one user action to the game in the store.

    Parameters
    ----------
    trigger : str or None
        Id of the component that fired (None on page load).
    store : dict or None
        ``{"game": GameState.to_dict(), "mode": ..., "human": 1 or 2}``.
    start_text, mode, first, strength, seed_text :
        Current values of the controls.
    click_data : dict or None
        ``clickData`` of the history chart.
    solution : solver.solution.Solution
        The solve the computer's moves come from.

    Returns
    -------
    tuple
        ``(new store, error message)``; on bad input the store is kept and
        the message says what to fix.
    """
    strength = DEFAULT_STRENGTH if strength is None else float(strength)
    mode = mode if mode in PLAY_MODES else DEFAULT_PLAY_MODE
    human = 1 if first != "computer" else 2
    try:
        seed = _seed(seed_text)
    except ValueError as exc:
        return (store if store else no_update), str(exc)
    if not store or trigger in (None, ids.PLAY_NEW, ids.PLAY_START, ids.PLAY_FIRST):
        try:
            start = parse_int(start_text, "the start number")
        except ValueError as exc:
            return (store if store else no_update), str(exc)
        fresh = {"mode": mode, "human": human}
        state = _reply(new_game(start), fresh, solution, strength, seed)
        return {**fresh, "game": state.to_dict()}, ""
    try:
        state = GameState.from_dict(store["game"])
    except (KeyError, ValueError) as exc:
        return store, f"the saved game is damaged ({exc}); press New game"
    store = dict(store)
    try:
        if trigger == ids.PLAY_MODE:
            store["mode"] = mode
        elif trigger in (ids.PLAY_TAKE, ids.PLAY_PUT):
            if player_to_move(state) in _computer_seats(store):
                return store, "it is the computer's turn: press Computer move"
            state = apply_move(state, Move.TAKE if trigger == ids.PLAY_TAKE else Move.PUT)
            state = _reply(state, store, solution, strength, seed)
        elif trigger in (ids.PLAY_COMPUTER, ids.PLAY_INTERVAL):
            if trigger == ids.PLAY_INTERVAL and state.ply >= AUTO_MAX_PLIES:
                return store, f"auto-play stops after {AUTO_MAX_PLIES} plies"
            state = _computer_step(state, solution, strength, seed)
        elif trigger == ids.PLAY_UNDO:
            state = undo(state)
            # Against the computer, go back to a position where it is your turn.
            while (store["mode"] == "hvc" and state.ply > 0
                   and player_to_move(state) in _computer_seats(store)):
                state = undo(state)
        elif trigger == ids.PLAY_REDO:
            state = redo(state)
            # Against the computer, redo its reply too (back to your turn).
            while (store["mode"] == "hvc" and state.redo and game_end(state) is None
                   and player_to_move(state) in _computer_seats(store)):
                state = redo(state)
        elif trigger == ids.PLAY_RESTART:
            state = restart(state)
        elif trigger == ids.PLAY_SWAP:
            if store["mode"] != "hvc":
                return store, "swap sides is for you-vs-computer mode"
            store["human"] = 3 - store["human"]
            state = _reply(state, store, solution, strength, seed)
        elif trigger == ids.PLAY_GRAPH:
            points = (click_data or {}).get("points") or []
            if not points:
                return store, ""
            point = points[0]
            ply = point.get("customdata", point.get("x"))
            if isinstance(ply, list):
                ply = ply[0]
            state = goto(state, int(ply))
        else:
            return store, ""
    except ValueError as exc:
        return {**store, "game": state.to_dict()}, str(exc)
    return {**store, "game": state.to_dict()}, ""


def render(store, hints_value, auto_value, solution) -> dict:
    """Everything the page shows for the game in the store.

    Parameters
    ----------
    store : dict or None
        As made by :func:`play_action`.
    hints_value, auto_value : list
        Values of the hints and auto-play checklists.
    solution : solver.solution.Solution
        The solve the values, hints and prediction come from.

    Returns
    -------
    dict
        Keys ``take``, ``take_style``, ``take_disabled``, ``put``,
        ``put_style``, ``put_disabled``, ``computer_disabled``,
        ``undo_disabled``, ``redo_disabled``, ``status``, ``prediction``,
        ``figure``, ``log``, ``interval_disabled``, ``bound``.
    """
    hints = bool(hints_value) and "on" in hints_value
    bound_text = f"Values from the sound solve to bound {solution.bound:,}."
    if not store or "game" not in store:
        fig = figures.empty_history_figure()
        return {"take": "take", "take_style": {}, "take_disabled": True, "put": "put", "put_style": {},
                "put_disabled": True, "computer_disabled": True, "undo_disabled": True, "redo_disabled": True,
                "status": "", "prediction": "", "figure": fig, "log": [], "interval_disabled": True,
                "bound": bound_text}
    state = GameState.from_dict(store["game"])
    end = game_end(state)
    mover = player_to_move(state)
    human_turn = end is None and mover not in _computer_seats(store)
    if end is None:
        values = move_values(state.position, solution)
        (take, take_style), (put, put_style) = (figures.move_button(v, hints, human_turn) for v in values)
        status = f"Ply {state.ply}: {seat_name(mover, store)} to move at {format_number(state.position)}."
        said = prediction(state.position, solution).replace("the player to move", seat_name(mover, store))
        pred = f"Prediction: {said}." if hints else "Prediction hidden (hints off)."
    else:
        take, take_style, put, put_style = "take", {}, "put", {}
        if end.reason == "zero":
            status = f"Game over: {seat_name(end.winner, store)} reached 0 and wins after {state.ply} plies."
        else:
            status = (f"Game over: draw, {format_number(end.loop[0])} repeated — loop "
                      f"{' → '.join(format_number(p) for p in end.loop)}.")
        pred = ""
    rows = value_history(state, solution, include_redo=True)
    names = seat_names(store)
    auto = bool(auto_value) and "on" in auto_value
    return {
        "take": take, "take_style": take_style, "take_disabled": not human_turn,
        "put": put, "put_style": put_style, "put_disabled": not human_turn,
        "computer_disabled": end is not None,
        "undo_disabled": state.ply == 0, "redo_disabled": not state.redo,
        "status": status, "prediction": pred,
        "figure": figures.history_figure(rows, names, hints, solution.bound),
        "log": figures.game_log(rows, names, end, hints),
        "interval_disabled": not (auto and store["mode"] == "cvc" and end is None and state.ply < AUTO_MAX_PLIES),
        "bound": bound_text,
    }


_RENDER_KEYS = [
    ("take", ids.PLAY_TAKE, "children"), ("take_style", ids.PLAY_TAKE, "style"), ("take_disabled", ids.PLAY_TAKE, "disabled"),
    ("put", ids.PLAY_PUT, "children"), ("put_style", ids.PLAY_PUT, "style"), ("put_disabled", ids.PLAY_PUT, "disabled"),
    ("computer_disabled", ids.PLAY_COMPUTER, "disabled"), ("undo_disabled", ids.PLAY_UNDO, "disabled"),
    ("redo_disabled", ids.PLAY_REDO, "disabled"), ("status", ids.PLAY_STATUS, "children"),
    ("prediction", ids.PLAY_PREDICTION, "children"), ("figure", ids.PLAY_GRAPH, "figure"), ("log", ids.PLAY_LOG, "children"),
    ("interval_disabled", ids.PLAY_INTERVAL, "disabled"), ("bound", ids.PLAY_BOUND, "children"),
]


def register(app, solutions, bound: int = VALUES_BOUND) -> None:
    """Wire the Play tab's callbacks to ``app``.

    Parameters
    ----------
    app : dash.Dash
        The application whose layout holds :func:`play_layout`.
    solutions : solver.cache.SolutionCache
        The shared solve cache (:data:`dashboard.state.SOLUTIONS`).
    bound : int, optional
        Bound of the solve the values come from (default
        :data:`dashboard.defaults.VALUES_BOUND`, 10**6).
    """

    def solution():
        return solutions.get(bound)[0]

    @app.callback(
        Output(ids.PLAY_STORE, "data"),
        Output(ids.PLAY_ERROR, "children"),
        Output(ids.PLAY_GRAPH, "clickData"),
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
        State(ids.PLAY_STORE, "data"),
        State(ids.PLAY_STRENGTH, "value"),
        State(ids.PLAY_SEED, "value"),
    )
    def _act(_new, start_text, first, mode, _t, _p, _c, _i, _u, _r, _rs, _s, click, store, strength, seed):
        trigger = ctx.triggered_id if store else None
        if trigger == ids.PLAY_GRAPH and not click:
            raise PreventUpdate  # the chart's click was just cleared
        new, message = play_action(trigger, store, start_text, mode, first, strength, seed, click, solution())
        # Clear the click so that clicking the same point again fires.
        return new, message, None

    @app.callback(
        *[Output(cid, prop) for _, cid, prop in _RENDER_KEYS],
        Input(ids.PLAY_STORE, "data"),
        Input(ids.PLAY_HINTS, "value"),
        Input(ids.PLAY_AUTO, "value"),
    )
    def _show(store, hints, auto):
        out = render(store, hints, auto, solution())
        return tuple(out[key] for key, _, _ in _RENDER_KEYS)
