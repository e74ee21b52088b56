"""Layout of the Sums tab: rule, heaps, values, outcome and reason, moves, play."""

from __future__ import annotations

from dash import dcc, html

from ...components import attrs
from . import ids
from .octal import OCTAL_OPTIONS

#: Heaps shown when the page opens (and the URL default, ``heaps=5,5``).
DEFAULT_HEAPS = "5,5"
#: The menu's value for the page's own game at the page's bound (the setup bar's).
SETUP_GAME = "setup"
#: Games offered: the page's game (the setup bar's, at its bound), then the octal games (finite: Grundy values).
RULE_OPTIONS = [{"label": "the page's game (set at the top)", "value": SETUP_GAME}, *OCTAL_OPTIONS]
DEFAULT_RULE = SETUP_GAME


def sums_layout() -> html.Main:
    """Return the Sums tab's components.

    Returns
    -------
    dash.html.Main
        The game menu (the page's game, or an octal game), the heaps box,
        the result (each heap's value, the sum's outcome and why), the move
        buttons (best moves marked), the computer's button, the reply switch,
        the game store and the log of every move.
    """
    return html.Main(
        [
            html.Section(
                [
                    html.H2("Sums of heaps"),
                    html.P(
                        "Several heaps of one game: a move changes one heap, and the player with no move in any heap "
                        "loses. The game is the page's, at its bound B (set at the top of the page), unless you pick "
                        "an octal game below. Each heap has a loopy nim value: a finite *k, or ∞{K} with K the finite "
                        "values among "
                        "its followers; ? where the value depends on positions above the bound. All finite: the nim sum "
                        "decides. Exactly one infinite: a win when the others' nim sum is in its K, else a draw. Two or "
                        "more infinite: a draw (C. A. B. Smith, 1966). Every value shown holds in the infinite game. An octal "
                        "game (Rob's Dots, Kayles, ...) is finite: each heap has a Grundy value, and the sum is a "
                        "loss for the player to move exactly when their XOR, the nim sum, is 0.",
                        className="note",
                    ),
                    html.Div(
                        [
                            html.Div(
                                [
                                    html.Label("game", htmlFor=ids.SUMS_RULE),
                                    dcc.Dropdown(
                                        id=ids.SUMS_RULE, options=RULE_OPTIONS, value=DEFAULT_RULE, clearable=False
                                    ),
                                ],
                                className="control",
                            ),
                            html.Div(
                                [
                                    html.Label("heaps (comma-separated)", htmlFor=ids.SUMS_HEAPS),
                                    dcc.Input(
                                        id=ids.SUMS_HEAPS,
                                        type="text",
                                        value=DEFAULT_HEAPS,
                                        debounce=True,
                                        className="num-input",
                                        autoComplete="off",
                                    ),
                                ],
                                className="control",
                            ),
                            html.Div(
                                [
                                    dcc.Checklist(
                                        id=ids.SUMS_REPLY,
                                        options=[{"label": "computer replies to my move", "value": "on"}],
                                        value=["on"],
                                    ),
                                    # Its text says whose move the computer makes (its own, or yours for you).
                                    html.Button(
                                        "Computer moves for you",
                                        id=ids.SUMS_COMPUTER,
                                        className="button",
                                        n_clicks=0,
                                        title="The computer makes the next move: its own when it is its turn, "
                                        "yours (for you) when it is yours",
                                    ),
                                ],
                                className="control",
                            ),
                        ],
                        className="controls",
                    ),
                    html.Div(id=ids.SUMS_ERROR, className="error", role="alert"),
                    html.Div(id=ids.SUMS_RESULT, role="status"),
                    html.Div(id=ids.SUMS_MOVES),
                    dcc.Store(id=ids.SUMS_GAME),
                    dcc.Store(id=ids.SUMS_MENU_GAME),
                    dcc.Store(id=ids.SUMS_MOVE_CLICK),
                    html.H3("Game log"),
                    html.Div(id=ids.SUMS_LOG, className="note", role="log", **attrs({"aria-live": "polite"})),
                ]
            )
        ]
    )
