"""Layout of the Thesis analyses tab: one panel per analysis, each with its controls."""

from __future__ import annotations

from dash import dcc, html

from solver import config
from solver.analysis.thesis_data import THESIS_BOUND

from ...components import lazy, number_control, section
from ...defaults import DEFAULT_MATRIX_N
from ...tables import data_grid
from . import ids
from .callbacks import (
    FIXED_N_MAX,
    MATRIX_N_MAX,
    PRIMITIVES_LAYER_MAX,
    PRIMITIVES_LIMIT_MAX,
    RANDOM_CAP_MAX,
    RANDOM_GAMES_MAX,
    REQUEST_SECONDS,
)


def _limit(text: str) -> html.P:
    """The limits of a panel's inputs, stated next to its controls."""
    return html.P(text, className="hint limits")


def thesis_layout() -> html.Main:
    """Return the Thesis analyses tab's components.

    Returns
    -------
    dash.html.Main
        Panels for the primitive elements, random play, fixed strategies,
        the strategy matrix and the thesis's own lists, each with its
        controls, graph and table.
    """
    return html.Main(
        [
            html.P(
                "These are the thesis's own analyses of Put-or-Take-a-Square (primitive elements and Pell's "
                "equation, random play, fixed strategies, the printed lists). They are about that game only, "
                "whichever game is chosen at the top of the page; the other tabs follow the chosen game.",
                className="note",
                id=ids.THESIS_SCOPE,
            ),
            section(
                "Primitive elements (section 4.1, Tables 2 and 3)",
                "Members of layer k up to the limit that are not i² × P for an earlier member P, with the members "
                "each generates, the square below k² and the remainder P − k², the run bound of inequality (20) "
                "(for i up to it, i² × P has square below (i k)²; for layer 2 every such i² × P is in layer 2 too) "
                "and whether P is in the Pell family m² − 2k² = 1. The bound is 100 × limit. Table 2 (layer 2 up "
                "to 50,000) misses 11,745 = 145 × 9², which is in layer 2.",
                html.Div(
                    [
                        html.Div(
                            [
                                number_control(ids.PRIMITIVES_LAYER, "layer", config.DEFAULT_PRIMITIVES_LAYER),
                                number_control(ids.PRIMITIVES_LIMIT, "limit", config.DEFAULT_PRIMITIVES_LIMIT),
                            ],
                            className="controls controls-inline",
                        ),
                        _limit(
                            f"Layer up to {PRIMITIVES_LAYER_MAX}, limit up to {PRIMITIVES_LIMIT_MAX:,} "
                            f"(each run within about {REQUEST_SECONDS:g} s here)."
                        ),
                        html.Div(id=ids.PRIMITIVES_ERROR, className="error", role="alert"),
                        dcc.Loading(
                            html.Div(
                                [
                                    dcc.Graph(id=ids.PRIMITIVES_GRAPH, style={"height": "360px"}),
                                    data_grid(
                                        ids.PRIMITIVES_TABLE,
                                        [
                                            ("primitive", "primitive P"),
                                            ("square_below", "square below"),
                                            ("remainder", "remainder"),
                                            ("run_bound", "run bound (20)"),
                                            ("pell", "Pell"),
                                            ("generated_count", "generates"),
                                            ("generated", "generated members"),
                                        ],
                                        "primitive-elements.csv",
                                    ),
                                ]
                            ),
                            type="circle",
                        ),
                    ]
                ),
            ),
            section(
                "Random play (section 5.1, Fig 15)",
                "Both players pick put or take uniformly at random (also at a square) from every start in 1..N, "
                "each start played R times; player 1 moves first. Games still running at the move cap count as "
                "over the cap. Seeded, so a run can be repeated exactly. The thesis's setup: N = 1000, R = 100, "
                "cap 25.",
                html.Div(
                    [
                        html.Div(
                            [
                                number_control(ids.RANDOM_N, "N (starts 1..N)", config.DEFAULT_RANDOM_N),
                                number_control(ids.RANDOM_GAMES, "R (games per start)", config.DEFAULT_RANDOM_GAMES),
                                number_control(ids.RANDOM_CAP, "move cap", config.DEFAULT_MOVE_CAP),
                                number_control(ids.RANDOM_SEED, "seed", config.DEFAULT_SEED),
                                html.Button("Play", id=ids.RANDOM_RUN, className="button"),
                            ],
                            className="controls controls-inline",
                        ),
                        _limit(
                            f"N × R up to about {RANDOM_GAMES_MAX:,} games, move cap up to {RANDOM_CAP_MAX:,} "
                            f"(each run within about {REQUEST_SECONDS:g} s here)."
                        ),
                        html.Div(id=ids.RANDOM_ERROR, className="error", role="alert"),
                        lazy(
                            ids.lazy_id("random"),
                            dcc.Loading(
                                html.Div(
                                    [
                                        html.Div(id=ids.RANDOM_STATS, className="summary-text", role="status"),
                                        dcc.Graph(id=ids.RANDOM_GRAPH, style={"height": "360px"}),
                                    ]
                                ),
                                type="circle",
                            ),
                            "400px",
                        ),
                    ]
                ),
            ),
            section(
                "Fixed strategies (section 5.2, Fig 16)",
                "Always subtract: both players always take; the number of moves to reach 0 from each start. "
                "Adder against subtractor: one player always puts (taking only at a square, to win), the other "
                "always takes; player 1 moves first in both seatings, and a repeated (position, player to move) "
                "is a draw. The thesis printed these two seatings the other way round.",
                html.Div(
                    [
                        html.Div(
                            [number_control(ids.FIXED_N, "N (starts 1..N)", config.DEFAULT_STRATEGY_N)],
                            className="controls controls-inline",
                        ),
                        _limit(f"N up to {FIXED_N_MAX:,} (within about {REQUEST_SECONDS:g} s here)."),
                        html.Div(id=ids.FIXED_ERROR, className="error", role="alert"),
                        lazy(
                            ids.lazy_id("fixed"),
                            dcc.Loading(
                                html.Div(
                                    [
                                        dcc.Graph(id=ids.FIXED_GRAPH, style={"height": "340px"}),
                                        data_grid(
                                            ids.FIXED_TABLE,
                                            [
                                                ("seating", "seating"),
                                                ("p1_wins", "player 1 wins"),
                                                ("p2_wins", "player 2 wins"),
                                                ("draws", "draws"),
                                            ],
                                            "adder-subtractor.csv",
                                            page_size=5,
                                        ),
                                    ]
                                ),
                                type="circle",
                            ),
                            "620px",
                        ),
                    ]
                ),
            ),
            section(
                "Strategy matrix",
                "Each simple strategy plays each other one from every start in 1..N (the first named moves first): "
                "always put, always take, random (seeded), optimal (the solver's best move at bound 100 N; take "
                "above it) and adder (the thesis's subtractor is always take). Deterministic pairs draw exactly when "
                "a (position, player to move) "
                "repeats; games with a random player that pass 1,000 moves, and put-against-adder games that grow "
                "past 2^62, are unfinished.",
                html.Div(
                    [
                        html.Div(
                            [number_control(ids.MATRIX_N, "N (starts 1..N)", DEFAULT_MATRIX_N)],
                            className="controls controls-inline",
                        ),
                        _limit(
                            f"N up to {MATRIX_N_MAX:,}: 25 games from each start and the solve to 100 N, "
                            f"within about {REQUEST_SECONDS:g} s here."
                        ),
                        html.Div(id=ids.MATRIX_ERROR, className="error", role="alert"),
                        lazy(
                            ids.lazy_id("matrix"),
                            dcc.Loading(
                                data_grid(
                                    ids.MATRIX_TABLE,
                                    [
                                        ("first", "first mover"),
                                        ("second", "second mover"),
                                        ("first_wins", "first wins"),
                                        ("second_wins", "second wins"),
                                        ("draws", "draws"),
                                        ("unfinished", "unfinished"),
                                    ],
                                    "strategy-matrix.csv",
                                    page_size=12,
                                ),
                                type="circle",
                            ),
                            "640px",
                        ),
                    ]
                ),
            ),
            section(
                "The thesis's own lists beside the sound classification",
                f"Appendix A (layers 2, 4 and 6 below 10,000), Table 2 (layer 2 up to 50,000, by primitive element) "
                f"and Appendix B (the thesis's 'drawing positions') "
                f"compared with the sound values at the thesis's own bound B = {THESIS_BOUND:,}. Rows marked "
                "'(missing)' are numbers the list should hold but does not. Appendix A's layer 3 is left out: its "
                "text in the source is damaged. Appendix B uses a heuristic notion of draw (no decision within 10 "
                "moves); every draw it lists is judged here: most are certified draws (click n for the proof), "
                "some are forced losses (L) or wins (W), each with the moves that decide it.",
                lazy(
                    ids.lazy_id("lists"),
                    dcc.Loading(
                        html.Div(
                            [
                                html.Div(id=ids.THESIS_LISTS_SUMMARY, className="summary-text"),
                                data_grid(
                                    ids.THESIS_LISTS_TABLE,
                                    [
                                        ("list", "list"),
                                        ("n", "n"),
                                        ("thesis", "thesis says"),
                                        ("sound", "sound value"),
                                        ("agrees", "agrees"),
                                        ("reason", "reason"),
                                    ],
                                    "thesis-lists.csv",
                                    page_size=15,
                                ),
                            ]
                        ),
                        type="dot",
                    ),
                    "800px",
                ),
            ),
        ],
        className="views",
    )
