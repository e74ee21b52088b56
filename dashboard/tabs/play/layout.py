"""Layout of the Play tab: the game's controls, move buttons, value history and log."""

from __future__ import annotations

from dash import dcc, html

from solver import config

from ...components import graph_config
from ...defaults import DEFAULT_PLAY_FIRST, DEFAULT_PLAY_MODE, DEFAULT_PLAY_START, DEFAULT_STRENGTH, PLAY_MODES
from . import ids

#: How often auto-play (computer against computer) moves, in milliseconds.
AUTO_INTERVAL_MS = 700
#: Who moves first when you play the computer: value -> label.
FIRST_OPTIONS = {"you": "you", "computer": "the computer"}
#: Step of the computer-strength slider (values 0, 0.05, ..., 1).
STRENGTH_STEP = 0.05


def play_layout() -> html.Main:
    """Return the Play tab's components.

    Returns
    -------
    dash.html.Main
        One panel: start number, mode, who moves first, computer strength,
        seed, hints, the move buttons, undo/redo/restart/swap, the value
        history chart and the game log, and the store holding the game.
    """
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
                        "draw, as the thesis's tree program treats repeats. The line under this says what is known "
                        "above the bound for the game being played; an unresolved value may still say what it cannot "
                        "be (a win or a draw: the player cannot lose). A move marked best is one whose value is "
                        "known: a move whose value is unknown is never called best. From a draw the perfect computer keeps the draw. A blunder "
                        "(??) is a move that gives a sure result away: a win thrown away, a draw turned into a loss, "
                        "or either traded for a position the bound leaves unresolved; the log and the chart mark each "
                        "one for the rest of the game.",
                        className="note",
                    ),
                    html.Div(
                        "Values at the page's bound B (set at the top of the page).",
                        id=ids.PLAY_BOUND,
                        className="note bound-note",
                        role="status",
                    ),
                    html.Div(
                        [
                            html.Div(
                                [
                                    html.Label("start number", htmlFor=ids.PLAY_START),
                                    dcc.Input(
                                        id=ids.PLAY_START,
                                        type="text",
                                        value=str(DEFAULT_PLAY_START),
                                        debounce=True,
                                        className="num-input",
                                        autoComplete="off",
                                    ),
                                ],
                                className="control",
                            ),
                            html.Div(
                                [
                                    html.Label("mode", htmlFor=ids.PLAY_MODE),
                                    dcc.RadioItems(
                                        id=ids.PLAY_MODE,
                                        value=DEFAULT_PLAY_MODE,
                                        options=[{"label": v, "value": k} for k, v in PLAY_MODES.items()],
                                        inline=True,
                                    ),
                                ],
                                className="control",
                            ),
                            html.Div(
                                [
                                    html.Label("who moves first (you vs computer)", htmlFor=ids.PLAY_FIRST),
                                    dcc.RadioItems(
                                        id=ids.PLAY_FIRST,
                                        value=DEFAULT_PLAY_FIRST,
                                        inline=True,
                                        options=[
                                            {"label": label, "value": value} for value, label in FIRST_OPTIONS.items()
                                        ],
                                    ),
                                ],
                                className="control",
                            ),
                            html.Div(
                                [
                                    html.Label(
                                        "computer strength p (best move with probability p, else random)",
                                        htmlFor=ids.PLAY_STRENGTH,
                                    ),
                                    dcc.Slider(
                                        id=ids.PLAY_STRENGTH,
                                        min=0,
                                        max=1,
                                        step=STRENGTH_STEP,
                                        value=DEFAULT_STRENGTH,
                                        marks={0: "0", 0.5: "0.5", 1: "1"},
                                        tooltip={"placement": "bottom"},
                                    ),
                                ],
                                className="control control-slider",
                            ),
                            html.Div(
                                [
                                    html.Label("seed", htmlFor=ids.PLAY_SEED),
                                    dcc.Input(
                                        id=ids.PLAY_SEED,
                                        type="text",
                                        value=str(config.DEFAULT_SEED),
                                        debounce=True,
                                        className="num-input",
                                        inputMode="numeric",
                                        autoComplete="off",
                                    ),
                                    html.Div(id=ids.PLAY_SEED_ERROR, className="error", role="alert"),
                                ],
                                className="control",
                            ),
                            dcc.Checklist(
                                id=ids.PLAY_HINTS, options=[{"label": "show hints", "value": "on"}], value=["on"]
                            ),
                            html.Button("New game", id=ids.PLAY_NEW, className=button),
                        ],
                        className="controls controls-inline",
                    ),
                    html.Div(id=ids.PLAY_ERROR, className="error", role="alert"),
                    html.Div(id=ids.PLAY_STATUS, className="summary-text", role="status"),
                    html.Div(id=ids.PLAY_PREDICTION, className="summary-text"),
                    html.Div(
                        [
                            html.Span(
                                [
                                    html.Button("take", id=ids.PLAY_TAKE, className=button),
                                    html.Button("put", id=ids.PLAY_PUT, className=button),
                                ],
                                id=ids.PLAY_TWO_MOVES,
                                style={"display": "contents"},
                            ),
                            html.Span(
                                [
                                    html.Label("move", htmlFor=ids.PLAY_CHOICE, className="visually-hidden"),
                                    dcc.Dropdown(
                                        id=ids.PLAY_CHOICE,
                                        options=[],
                                        placeholder="choose a move",
                                        clearable=False,
                                        style={"minWidth": "min(260px, 100%)"},
                                    ),
                                    html.Button("Play this move", id=ids.PLAY_CHOICE_GO, className=button),
                                ],
                                id=ids.PLAY_CHOICE_ROW,
                                style={"display": "none"},
                            ),
                            html.Button("Computer move", id=ids.PLAY_COMPUTER, className=button),
                            dcc.Checklist(
                                id=ids.PLAY_AUTO,
                                options=[{"label": "auto-play (computer vs computer)", "value": "on"}],
                                value=[],
                                inline=True,
                            ),
                        ],
                        className="controls controls-inline",
                    ),
                    html.Div(
                        [
                            html.Button("Undo", id=ids.PLAY_UNDO, className=button),
                            html.Button("Redo", id=ids.PLAY_REDO, className=button),
                            html.Button("Restart", id=ids.PLAY_RESTART, className=button),
                            html.Button("Swap sides", id=ids.PLAY_SWAP, className=button),
                        ],
                        className="controls controls-inline",
                    ),
                    dcc.Graph(id=ids.PLAY_GRAPH, style={"height": "360px"}, config=graph_config()),
                    html.H3("Game log"),
                    html.Ol(id=ids.PLAY_LOG),
                    dcc.Store(id=ids.PLAY_STORE),
                    dcc.Store(id=ids.PLAY_MENU_GAME),
                    dcc.Interval(id=ids.PLAY_INTERVAL, interval=AUTO_INTERVAL_MS, disabled=True),
                ],
                className="panel panel-wide",
            )
        ]
    )
