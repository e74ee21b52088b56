"""Layout of the Sums tab: rule, heaps, values, outcome and reason, moves, play."""

from __future__ import annotations

from dash import dcc, html

from solver import RULES, has_nim_values

from . import ids
from .octal import OCTAL_OPTIONS

#: Heaps shown when the page opens (and the URL default, ``heaps=5,5``).
DEFAULT_HEAPS = "5,5"
#: Rules offered: every rule with nim values (normal play), then the octal games (finite: Grundy values).
RULE_OPTIONS = [{"label": rule.title, "value": name} for name, rule in RULES.items() if has_nim_values(rule)]
RULE_OPTIONS += OCTAL_OPTIONS
DEFAULT_RULE = RULE_OPTIONS[0]["value"]


def sums_layout() -> html.Main:
    """Return the Sums tab's components.

    Returns
    -------
    dash.html.Main
        The rule menu, the heaps box, the result (each heap's value, the
        sum's outcome and why), the move buttons (best moves marked), the
        "computer moves" button, the reply switch and a log line.
    """
    return html.Main(
        [
            html.Section(
                [
                    html.H2("Sums of heaps"),
                    html.P(
                        "Several heaps of one game: a move changes one heap, and the player with no move in any heap "
                        "loses. Each heap has a loopy nim value: a finite *k, or inf{K} with K the finite values among "
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
                                    html.Button("computer moves", id=ids.SUMS_COMPUTER, className="button", n_clicks=0),
                                ],
                                className="control",
                            ),
                        ],
                        className="controls",
                    ),
                    html.Div(id=ids.SUMS_ERROR, className="error", role="alert"),
                    html.Div(id=ids.SUMS_RESULT, role="status"),
                    html.Div(id=ids.SUMS_MOVES),
                    html.Div(id=ids.SUMS_LOG, className="note"),
                ]
            )
        ]
    )
