"""The "Play" tab: play Put-or-Take-a-Square against the solver.

Layout and callbacks of the tab live here.  The game itself is the pure,
immutable API of :mod:`solver.play`; the page keeps a JSON copy of it in a
``dcc.Store``.  Each callback body is a plain function (:func:`play_action`,
:func:`render`, :func:`history_figure`) that tests call directly;
:func:`register` wires them to the page.  Bad input becomes a message, never
an exception.
"""

from __future__ import annotations

import math
import random

import plotly.graph_objects as go
from dash import Input, Output, State, ctx, dcc, html, no_update
from dash.exceptions import PreventUpdate

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

from .figures import COLOURS, NAMES

# Component ids (all start with "play-").
PLAY_STORE = "play-store"
PLAY_START = "play-start"
PLAY_NEW = "play-new"
PLAY_MODE = "play-mode"
PLAY_FIRST = "play-first"
PLAY_STRENGTH = "play-strength"
PLAY_SEED = "play-seed"
PLAY_HINTS = "play-hints"
PLAY_ERROR = "play-error"
PLAY_BOUND = "play-bound"
PLAY_STATUS = "play-status"
PLAY_PREDICTION = "play-prediction"
PLAY_TAKE = "play-take"
PLAY_PUT = "play-put"
PLAY_COMPUTER = "play-computer"
PLAY_AUTO = "play-auto"
PLAY_INTERVAL = "play-interval"
PLAY_UNDO = "play-undo"
PLAY_REDO = "play-redo"
PLAY_RESTART = "play-restart"
PLAY_SWAP = "play-swap"
PLAY_GRAPH = "play-graph"
PLAY_LOG = "play-log"

#: The solve the page reads values from.
PLAY_BOUND_VALUE = 10**6
DEFAULT_START = 92
#: Modes: you against the computer, two people on one screen, computer against computer.
MODES = {"hvc": "You vs computer", "hvh": "Two players", "cvc": "Computer vs computer"}
#: Auto-play stops after this many plies.
AUTO_MAX_PLIES = 500
AUTO_INTERVAL_MS = 700

_TEXT = {"W": "#ffffff", "L": "#ffffff", "D": "#ffffff", "U": "#000000"}
_WORD = {"W": "win", "L": "loss", "D": "draw", "U": "unknown"}


def _fmt(n: int) -> str:
    s = f"{n:,}"
    return s if len(s) <= 40 else f"{str(n)[:8]}…{str(n)[-6:]} ({len(str(n))} digits)"


# ---------------------------------------------------------------------------
# Layout
# ---------------------------------------------------------------------------


def play_layout() -> html.Main:
    """Return the tab's components."""
    button = "button"
    return html.Main(
        [
            html.Section(
                [
                    html.H2("Play against the solver"),
                    html.P(
                        "Pick a start number and play: you against the computer, two people on one screen, or "
                        "computer against computer. Each move shows its value for the player making it (moving to "
                        "an L position is a win for the mover) and its remoteness: the moves to the end with best "
                        "play, this one included. Reaching 0 wins; a position that comes back ends the game as a "
                        "draw, as the thesis's tree program treats repeats. Values above the bound are unknown "
                        "except squares (a win in 1).",
                        className="note",
                    ),
                    html.Div(id=PLAY_BOUND, className="note"),
                    html.Div(
                        [
                            html.Div(
                                [
                                    html.Label("start number", htmlFor=PLAY_START),
                                    dcc.Input(id=PLAY_START, type="text", value=str(DEFAULT_START), debounce=True,
                                              className="num-input"),
                                ],
                                className="control",
                            ),
                            html.Div(
                                [html.Label("mode"),
                                 dcc.RadioItems(id=PLAY_MODE, value="hvc",
                                                options=[{"label": v, "value": k} for k, v in MODES.items()],
                                                inline=True)],
                                className="control",
                            ),
                            html.Div(
                                [html.Label("who moves first (you vs computer)"),
                                 dcc.RadioItems(id=PLAY_FIRST, value="you", inline=True,
                                                options=[{"label": "you", "value": "you"},
                                                         {"label": "the computer", "value": "computer"}])],
                                className="control",
                            ),
                            html.Div(
                                [html.Label("computer strength p (best move with probability p, else random)"),
                                 dcc.Slider(id=PLAY_STRENGTH, min=0, max=1, step=0.05, value=1,
                                            marks={0: "0", 0.5: "0.5", 1: "1"},
                                            tooltip={"placement": "bottom"})],
                                className="control", style={"minWidth": "260px"},
                            ),
                            html.Div(
                                [html.Label("seed", htmlFor=PLAY_SEED),
                                 dcc.Input(id=PLAY_SEED, type="text", value="0", debounce=True,
                                           className="num-input")],
                                className="control",
                            ),
                            dcc.Checklist(id=PLAY_HINTS, options=[{"label": "show hints", "value": "on"}],
                                          value=["on"]),
                            html.Button("New game", id=PLAY_NEW, className=button),
                        ],
                        className="controls controls-inline",
                    ),
                    html.Div(id=PLAY_ERROR, className="error", role="alert"),
                    html.Div(id=PLAY_STATUS, className="summary-text", role="status"),
                    html.Div(id=PLAY_PREDICTION, className="summary-text"),
                    html.Div(
                        [
                            html.Button("take", id=PLAY_TAKE, className=button),
                            html.Button("put", id=PLAY_PUT, className=button),
                            html.Button("Computer move", id=PLAY_COMPUTER, className=button),
                            dcc.Checklist(id=PLAY_AUTO, options=[{"label": "auto-play (computer vs computer)",
                                                                   "value": "on"}], value=[], inline=True),
                        ],
                        className="controls controls-inline",
                    ),
                    html.Div(
                        [
                            html.Button("Undo", id=PLAY_UNDO, className=button),
                            html.Button("Redo", id=PLAY_REDO, className=button),
                            html.Button("Restart", id=PLAY_RESTART, className=button),
                            html.Button("Swap sides", id=PLAY_SWAP, className=button),
                        ],
                        className="controls controls-inline",
                    ),
                    dcc.Graph(id=PLAY_GRAPH, style={"height": "360px"}),
                    html.H3("Game log"),
                    html.Ol(id=PLAY_LOG),
                    dcc.Store(id=PLAY_STORE),
                    dcc.Interval(id=PLAY_INTERVAL, interval=AUTO_INTERVAL_MS, disabled=True),
                ],
                className="panel panel-wide",
            )
        ]
    )


# ---------------------------------------------------------------------------
# Plain functions behind the callbacks
# ---------------------------------------------------------------------------


def _computer_seats(store: dict) -> set[int]:
    mode = store["mode"]
    if mode == "hvh":
        return set()
    if mode == "cvc":
        return {1, 2}
    return {3 - store["human"]}


def seat_name(seat: int, store: dict) -> str:
    """Name a player for the page: ``"Player 1 (you)"``, ``"Player 2 (computer)"``..."""
    if store["mode"] == "hvh":
        return f"Player {seat}"
    if seat in _computer_seats(store):
        return f"Player {seat} (computer)"
    return f"Player {seat} (you)"


def _seed(seed_text) -> int:
    return parse_int(seed_text if seed_text not in (None, "") else "0", "the seed", least=0, most=2**63)


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
    solution : solver.retrograde.Solution
        The solve values come from.

    Returns
    -------
    tuple
        ``(new store, error message)``; on bad input the store is kept and
        the message says what to fix.
    """
    strength = 1.0 if strength is None else float(strength)
    mode = mode if mode in MODES else "hvc"
    human = 1 if first != "computer" else 2
    try:
        seed = _seed(seed_text)
    except ValueError as exc:
        return (store if store else no_update), str(exc)
    if not store or trigger in (None, PLAY_NEW, PLAY_START, PLAY_FIRST):
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
        if trigger == PLAY_MODE:
            store["mode"] = mode
        elif trigger in (PLAY_TAKE, PLAY_PUT):
            if player_to_move(state) in _computer_seats(store):
                return store, "it is the computer's turn: press Computer move"
            state = apply_move(state, Move.TAKE if trigger == PLAY_TAKE else Move.PUT)
            state = _reply(state, store, solution, strength, seed)
        elif trigger in (PLAY_COMPUTER, PLAY_INTERVAL):
            if trigger == PLAY_INTERVAL and state.ply >= AUTO_MAX_PLIES:
                return store, f"auto-play stops after {AUTO_MAX_PLIES} plies"
            state = _computer_step(state, solution, strength, seed)
        elif trigger == PLAY_UNDO:
            state = undo(state)
            # Against the computer, go back to a position where it is your turn.
            while (store["mode"] == "hvc" and state.ply > 0
                   and player_to_move(state) in _computer_seats(store)):
                state = undo(state)
        elif trigger == PLAY_REDO:
            state = redo(state)
            # Against the computer, redo its reply too (back to your turn).
            while (store["mode"] == "hvc" and state.redo and game_end(state) is None
                   and player_to_move(state) in _computer_seats(store)):
                state = redo(state)
        elif trigger == PLAY_RESTART:
            state = restart(state)
        elif trigger == PLAY_SWAP:
            if store["mode"] != "hvc":
                return store, "swap sides is for you-vs-computer mode"
            store["human"] = 3 - store["human"]
            state = _reply(state, store, solution, strength, seed)
        elif trigger == PLAY_GRAPH:
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


def _button_view(value, hints: bool, enabled: bool):
    label = f"{value.move.value} → {_fmt(value.child)}"
    if not hints:
        return label, {}
    letter = value.outcome.name
    text = [html.Span(label), html.Br(), html.Small(value.describe() + (" (best)" if value.best else ""))]
    style = {"background": COLOURS[letter], "color": _TEXT[letter], "borderColor": COLOURS[letter],
             "minWidth": "150px", "opacity": 1 if enabled else 0.5}
    return text, style


def history_figure(rows: list[dict], store: dict, hints: bool, bound: int) -> go.Figure:
    """The value-history chart: one point per ply, clickable.

    With hints, y is the remoteness signed for player 1 (above 0: player 1
    wins with best play; below: player 2; 0 for draws and unknowns) and the
    colour is the outcome for the player to move there (``COLOURS``); rings
    mark moves that made the mover's result worse, faded points are the
    redo stack.  Without hints, y is ``log10(position + 1)`` in one colour.
    ``customdata`` of every point is its ply.
    """
    fig = go.Figure()
    xs = [r["ply"] for r in rows]
    hover = []
    for r in rows:
        who = seat_name(r["mover"], store)
        text = f"ply {r['ply']}: {_fmt(r['position'])}, {who} to move"
        if hints:
            rem = r["remoteness"] if r["remoteness"] is not None else (
                f"≤ {r['at_most']}" if r["at_most"] is not None else None)
            text += f"<br>{r['outcome']}" + (f" in {rem}" if rem is not None else "")
            if r["winning"]:
                text += f" ({seat_name(r['winning'], store)} winning)"
            if r["erred"]:
                text += f"<br>error: this {r['move']} made {who}'s result worse"
        if r["future"]:
            text += "<br>(undone: click to redo up to here)"
        hover.append(text)
    if hints:
        ys = []
        for r in rows:
            size = r["at_most"] if r["outcome"] in ("W", "L") else 0
            ys.append(0 if r["winning"] is None else (size if r["winning"] == 1 else -size))
        colours = [COLOURS[r["outcome"]] for r in rows]
        symbols = ["circle" if r["remoteness"] is not None or r["outcome"] in ("D", "U") else "circle-open"
                   for r in rows]
        title = f"Value history (bound {bound:,}): remoteness, + player 1 winning, − player 2 winning"
        ytitle = "± remoteness"
    else:
        ys = [math.log10(r["position"] + 1) for r in rows]
        colours = ["#555555"] * len(rows)
        symbols = ["circle"] * len(rows)
        title = "Game so far (hints hidden): position per ply"
        ytitle = "log10(position + 1)"
    opacity = [0.35 if r["future"] else 1.0 for r in rows]
    fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", line={"color": "#bbbbbb", "width": 1},
                             hoverinfo="skip", showlegend=False))
    fig.add_trace(
        go.Scatter(
            x=xs, y=ys, mode="markers", customdata=xs, hovertext=hover, hoverinfo="text", showlegend=False,
            marker={"color": colours, "size": 11, "symbol": symbols, "opacity": opacity,
                    "line": {"color": colours, "width": 2}},
        )
    )
    if hints:
        for letter in ("W", "L", "D", "U"):
            fig.add_trace(go.Scatter(x=[None], y=[None], mode="markers", name=NAMES[letter].replace("mover", "player to move"),
                                     marker={"color": COLOURS[letter], "size": 10}))
        errs = [r for r in rows if r["erred"]]
        if errs:
            fig.add_trace(
                go.Scatter(
                    x=[r["ply"] for r in errs], y=[ys[r["ply"]] for r in errs], mode="markers", name="error here",
                    customdata=[r["ply"] for r in errs], hoverinfo="skip",
                    marker={"symbol": "x-thin-open", "size": 20, "color": "#000000", "line": {"width": 2}},
                )
            )
        fig.add_hline(y=0, line={"color": "#999999", "width": 1, "dash": "dot"})
    fig.update_layout(
        title=title, template="plotly_white", margin={"l": 50, "r": 20, "t": 50, "b": 40},
        xaxis={"title": "ply (click a point to go back there)", "dtick": 1 if len(rows) <= 30 else None},
        yaxis={"title": ytitle}, legend={"orientation": "h", "y": -0.25}, clickmode="event",
    )
    return fig


def _log(rows: list[dict], store: dict, state: GameState, hints: bool) -> list:
    items = []
    for r in rows[:-1]:
        if r["future"]:
            break
        nxt = rows[r["ply"] + 1]
        text = f"{seat_name(r['mover'], store)}: {r['move']} {_fmt(r['position'])} → {_fmt(nxt['position'])}"
        if hints:
            after = {"W": "L", "L": "W"}.get(nxt["outcome"], nxt["outcome"])
            text += f" (for the mover: {_WORD[r['outcome']]} before, {_WORD[after]} after)"
            if r["erred"]:
                text += " — error: it made the mover's result worse"
        items.append(html.Li(text, style={"color": "#D55E00"} if hints and r["erred"] else None))
    end = game_end(state)
    if end is not None:
        if end.reason == "zero":
            items.append(html.Li(f"{seat_name(end.winner, store)} reached 0 and wins."))
        else:
            items.append(html.Li(f"Draw: {_fmt(end.loop[0])} repeated (loop {' → '.join(_fmt(p) for p in end.loop)})."))
    return items


def render(store, hints_value, auto_value, solution) -> dict:
    """Everything the page shows for the game in the store.

    Parameters
    ----------
    store : dict or None
        As made by :func:`play_action`.
    hints_value, auto_value : list
        Values of the hints and auto-play checklists.
    solution : solver.retrograde.Solution

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
        fig = go.Figure()
        fig.update_layout(template="plotly_white", title="No game yet")
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
        (take, take_style), (put, put_style) = (_button_view(v, hints, human_turn) for v in values)
        status = f"Ply {state.ply}: {seat_name(mover, store)} to move at {_fmt(state.position)}."
        said = prediction(state.position, solution).replace("the player to move", seat_name(mover, store))
        pred = f"Prediction: {said}." if hints else "Prediction hidden (hints off)."
    else:
        take, take_style, put, put_style = "take", {}, "put", {}
        if end.reason == "zero":
            status = f"Game over: {seat_name(end.winner, store)} reached 0 and wins after {state.ply} plies."
        else:
            status = (f"Game over: draw, {_fmt(end.loop[0])} repeated — loop "
                      f"{' → '.join(_fmt(p) for p in end.loop)}.")
        pred = ""
    rows = value_history(state, solution, include_redo=True)
    auto = bool(auto_value) and "on" in auto_value
    return {
        "take": take, "take_style": take_style, "take_disabled": not human_turn,
        "put": put, "put_style": put_style, "put_disabled": not human_turn,
        "computer_disabled": end is not None,
        "undo_disabled": state.ply == 0, "redo_disabled": not state.redo,
        "status": status, "prediction": pred,
        "figure": history_figure(rows, store, hints, solution.bound),
        "log": _log(rows, store, state, hints),
        "interval_disabled": not (auto and store["mode"] == "cvc" and end is None and state.ply < AUTO_MAX_PLIES),
        "bound": bound_text,
    }


_RENDER_KEYS = [
    ("take", PLAY_TAKE, "children"), ("take_style", PLAY_TAKE, "style"), ("take_disabled", PLAY_TAKE, "disabled"),
    ("put", PLAY_PUT, "children"), ("put_style", PLAY_PUT, "style"), ("put_disabled", PLAY_PUT, "disabled"),
    ("computer_disabled", PLAY_COMPUTER, "disabled"), ("undo_disabled", PLAY_UNDO, "disabled"),
    ("redo_disabled", PLAY_REDO, "disabled"), ("status", PLAY_STATUS, "children"),
    ("prediction", PLAY_PREDICTION, "children"), ("figure", PLAY_GRAPH, "figure"), ("log", PLAY_LOG, "children"),
    ("interval_disabled", PLAY_INTERVAL, "disabled"), ("bound", PLAY_BOUND, "children"),
]


def register(app, solutions) -> None:
    """Wire the tab's callbacks to ``app``; ``solutions`` is the shared solve cache."""

    def solution():
        return solutions.get(PLAY_BOUND_VALUE)[0]

    @app.callback(
        Output(PLAY_STORE, "data"),
        Output(PLAY_ERROR, "children"),
        Output(PLAY_GRAPH, "clickData"),
        Input(PLAY_NEW, "n_clicks"),
        Input(PLAY_START, "value"),
        Input(PLAY_FIRST, "value"),
        Input(PLAY_MODE, "value"),
        Input(PLAY_TAKE, "n_clicks"),
        Input(PLAY_PUT, "n_clicks"),
        Input(PLAY_COMPUTER, "n_clicks"),
        Input(PLAY_INTERVAL, "n_intervals"),
        Input(PLAY_UNDO, "n_clicks"),
        Input(PLAY_REDO, "n_clicks"),
        Input(PLAY_RESTART, "n_clicks"),
        Input(PLAY_SWAP, "n_clicks"),
        Input(PLAY_GRAPH, "clickData"),
        State(PLAY_STORE, "data"),
        State(PLAY_STRENGTH, "value"),
        State(PLAY_SEED, "value"),
    )
    def _act(_new, start_text, first, mode, _t, _p, _c, _i, _u, _r, _rs, _s, click, store, strength, seed):
        trigger = ctx.triggered_id if store else None
        if trigger == PLAY_GRAPH and not click:
            raise PreventUpdate  # the chart's click was just cleared
        new, message = play_action(trigger, store, start_text, mode, first, strength, seed, click, solution())
        # Clear the click so that clicking the same point again fires.
        return new, message, None

    @app.callback(
        *[Output(cid, prop) for _, cid, prop in _RENDER_KEYS],
        Input(PLAY_STORE, "data"),
        Input(PLAY_HINTS, "value"),
        Input(PLAY_AUTO, "value"),
    )
    def _show(store, hints, auto):
        out = render(store, hints, auto, solution())
        return tuple(out[key] for key, _, _ in _RENDER_KEYS)


__all__ = ["play_layout", "register", "play_action", "render", "history_figure", "seat_name"]
