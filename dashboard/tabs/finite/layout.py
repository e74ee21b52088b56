"""Layout of the Finite games tab: the game, then the views of its kind, then play and the game tree.

Each view is a panel (:func:`_panel`) with its controls, a loading state,
its message line and a CSV download; the panels of the other kinds are
hidden (:data:`PANEL_KINDS`).  The tab's controls and their defaults are
here; :mod:`dashboard.tabs.finite` declares their address keys.
"""

from __future__ import annotations

import dash_cytoscape as cyto
from dash import dcc, html

from ...components import attrs, graph_config
from ...tables import data_grid
from . import ids
from .figures import tree_layout, tree_stylesheet
from .games import find_game, game_options
from .play import DEFAULT_DEPTH, TREE_DEPTHS

__all__ = [
    "CSV_VIEWS",
    "DEFAULT_GAME",
    "DEFAULT_POSITION",
    "PANEL_KINDS",
    "finite_layout",
]

# ---------------------------------------------------------------- defaults and limits of the tab

#: The game shown first: Rob's Dots, the octal game 0.137 ("The Independence Game").
DEFAULT_GAME = "octal-0.137"
#: Its start position (``impartial_game(DEFAULT_GAME).start()`` written as text).
DEFAULT_POSITION = "5+7+9"
#: Heaps 0..N of the Grundy sequence and the classes, and the largest N typed.
DEFAULT_HEAPS_N = 200
HEAPS_N_MAX = 20_000
#: Heaps 1..M of the grid of two-heap P-positions (the source's picture: each heap <= 50).
DEFAULT_PAIRS_N = 50
PAIRS_N_MAX = 400
#: Side of the quadrant of Wythoff's and Euclid's games (the source's Euclid picture: a, b < 30).
DEFAULT_PLANE_SIZE = 30
PLANE_SIZE_MAX = 2000
#: Width C of the 2 x C Chomp box of the binary square (the source: 10, a 1024 x 1024 square).
DEFAULT_SQUARE_COLS = 10
SQUARE_COLS_MAX = 12
#: Steps of the sieve offered by its slider.
SIEVE_STEPS = 30
DEFAULT_SIEVE_STEP = 1
#: Move depth of the game tree, and its largest.
DEFAULT_TREE_DEPTH = DEFAULT_DEPTH
TREE_DEPTH_MAX = TREE_DEPTHS[-1]

#: Which games each group of panels is shown for: a panel id -> (kind, or None for any kind; a game name, or None for any).
PANEL_KINDS: dict[str, tuple[str | None, str | None]] = {
    ids.PANEL_OCTAL: ("octal", None),
    ids.PANEL_PAIR: ("pair", None),
    ids.PANEL_WYTHOFF: ("pair", "wythoff"),
    ids.PANEL_CHOMP: ("chomp", None),
}

#: The views with a "Download CSV" button (:func:`dashboard.tabs.finite.callbacks.csv_download`).
CSV_VIEWS = ("grundy", "pairs", "plane", "sieve", "bars", "square", "moves", "tree")

_HIDDEN = {"display": "none"}


def _number_box(component_id: str, label: str, value: int, hint: str) -> html.Div:
    return html.Div(
        [
            html.Label([label, html.Span(f" ({hint})", className="hint")], htmlFor=component_id),
            dcc.Input(
                id=component_id,
                type="text",
                value=str(value),
                debounce=True,
                className="num-input num-input-short",
                inputMode="numeric",
                autoComplete="off",
            ),
        ],
        className="control",
    )


def _csv_button(view: str) -> html.Span:
    """A "Download CSV" button for a view, and its download (filled by the tab's CSV callback)."""
    return html.Span(
        [
            html.Button(
                "Download CSV",
                id=ids.csv_button_id(view),
                className="button button-small",
                n_clicks=0,
                **attrs({"aria-label": f"Download CSV of the {view} view"}),
            ),
            dcc.Download(id=ids.csv_file_id(view)),
        ]
    )


def _panel(title: str, note: str, body: list, *, wide: bool = False) -> html.Section:
    """A titled panel (as :func:`dashboard.components.panel`)."""
    return html.Section(
        [html.H2(title), html.P(note, className="note"), *body],
        className="panel" + (" panel-wide" if wide else ""),
    )


def _graph(graph_id: str, height: int) -> dcc.Loading:
    return dcc.Loading(
        dcc.Graph(id=graph_id, style={"height": f"{height}px"}, config=graph_config(), className="finite-graph"),
        type="circle",
    )


def _octal_panels() -> html.Div:
    return html.Div(
        [
            _panel(
                "Grundy values of one heap",
                "G(h), the least value (mex) not among the values of the options of a heap of h tokens; an option "
                "of two heaps has the XOR of their values. Vermilion: G = 0, the one-heap P-positions (for Rob's "
                "Dots 4, 8, 14, 20, 24, ...). Shaded: the pre-period; vertical lines: where each period starts.",
                [
                    html.Div(
                        [
                            _number_box(ids.HEAPS_N, "heaps 0..N", DEFAULT_HEAPS_N, f"at most {HEAPS_N_MAX:,}"),
                            _csv_button("grundy"),
                        ],
                        className="controls controls-inline",
                    ),
                    html.Div(id=ids.GRUNDY_ERROR, className="error", role="alert"),
                    _graph(ids.GRUNDY_GRAPH, 380),
                    dcc.Loading(html.P(id=ids.GRUNDY_NOTE, className="summary-text", role="status"), type="dot"),
                ],
                wide=True,
            ),
            _panel(
                "Equivalence classes of heap sizes",
                "Heaps with one Grundy value are interchangeable in any position: (a, b) is a P-position exactly "
                "when a and b are in one class. Value 0 holds the empty heap and the one-heap P-positions. Heaps "
                "0..N as above.",
                [
                    dcc.Loading(
                        data_grid(
                            ids.CLASSES_GRID,
                            [("value", "Grundy value"), ("count", "how many"), ("heaps", "heap sizes")],
                            "equivalence-classes.csv",
                            page_size=10,
                        ),
                        type="dot",
                    )
                ],
            ),
            _panel(
                "Two-heap P-positions",
                "Every position of two heaps a, b ≤ M: vermilion where G(a) = G(b), the P-positions. Hover a cell for "
                "the two values and the kind: irreducible (G(a) = G(b) ≠ 0, the source's list), reducible (both heaps "
                "are P-positions), or a = b (the second player copies the first).",
                [
                    html.Div(
                        [
                            _number_box(ids.PAIRS_N, "heaps 1..M", DEFAULT_PAIRS_N, f"at most {PAIRS_N_MAX}"),
                            _csv_button("pairs"),
                        ],
                        className="controls controls-inline",
                    ),
                    html.Div(id=ids.PAIRS_ERROR, className="error", role="alert"),
                    _graph(ids.PAIRS_GRAPH, 460),
                    html.P(id=ids.PAIRS_NOTE, className="note", role="status"),
                ],
            ),
        ],
        id=ids.PANEL_OCTAL,
        className="views finite-views",
    )


def _pair_panels() -> html.Div:
    return html.Div(
        [
            _panel(
                "The quadrant, coloured by outcome",
                "Every pair (a, b) with a, b < S: blue W (the player to move wins), vermilion L (loses). Hover or tap "
                "a pair to see its legal moves (squares); its winning moves are listed below. Dashed: b = φa; "
                "dotted: b = a/φ (φ = 1.618…). Wythoff's P-positions lie along these lines; Euclid's losing pairs "
                "are exactly those strictly between them (b/a < φ and a/b < φ, a ≠ b).",
                [
                    html.Div(
                        [
                            _number_box(ids.PLANE_SIZE, "side S", DEFAULT_PLANE_SIZE, f"at most {PLANE_SIZE_MAX:,}"),
                            _csv_button("plane"),
                        ],
                        className="controls controls-inline",
                    ),
                    html.Div(id=ids.PLANE_ERROR, className="error", role="alert"),
                    _graph(ids.PLANE_GRAPH, 520),
                    html.P(id=ids.PLANE_NOTE, className="note", role="status"),
                    html.Div(
                        "Hover or tap a pair to list its moves.",
                        id=ids.PLANE_MOVES,
                        className="summary-text",
                        role="status",
                        **attrs({"aria-live": "polite"}),
                    ),
                ],
            ),
            html.Div(
                _panel(
                    "Wythoff's sieve and the Beatty pairs",
                    "Start with 1, 2, 3, ...; in step n the first number left, a, is good and a + n is struck. The "
                    "good numbers are a(n) = ⌊nφ⌋ = 1, 3, 4, 6, ..., the struck ones b(n) = ⌊nφ²⌋ = 2, 5, 7, 10, ..., "
                    "and the P-positions of Wythoff's game are (a(n), b(n)) and (b(n), a(n)) (W. A. Wythoff, 1907).",
                    [
                        html.Div(
                            [
                                html.Div(
                                    [
                                        html.Label("step n of the sieve", htmlFor=ids.SIEVE_STEP),
                                        dcc.Slider(
                                            id=ids.SIEVE_STEP,
                                            min=1,
                                            max=SIEVE_STEPS,
                                            step=1,
                                            value=DEFAULT_SIEVE_STEP,
                                            marks={1: "1", 10: "10", 20: "20", SIEVE_STEPS: str(SIEVE_STEPS)},
                                        ),
                                    ],
                                    className="control control-slider",
                                ),
                                html.Button("◀ previous", id=ids.SIEVE_PREV, className="button", n_clicks=0),
                                html.Button("next ▶", id=ids.SIEVE_NEXT, className="button", n_clicks=0),
                                _csv_button("sieve"),
                            ],
                            className="controls controls-inline",
                        ),
                        dcc.Loading(html.Div(id=ids.SIEVE_VIEW, role="status"), type="dot"),
                        _graph(ids.BEATTY_GRAPH, 460),
                        html.P(id=ids.BEATTY_NOTE, className="note", role="status"),
                    ],
                ),
                id=ids.PANEL_WYTHOFF,
                className="finite-subgroup",
            ),
        ],
        id=ids.PANEL_PAIR,
        className="views finite-views",
        style=_HIDDEN,
    )


def _chomp_panels() -> html.Div:
    return html.Div(
        [
            _panel(
                "The losing bars",
                "Every bar that fits in the box (pieces may be missing anywhere) from which the player to move "
                "loses, drawn small, as in the source: 132 in the 2 × 6 box, 182 in the 3 × 4 box, the empty bar "
                "included. A move eats a piece with every piece at or below its row and at or right of its column.",
                [
                    html.Div([_csv_button("bars")], className="controls controls-inline"),
                    html.Div(id=ids.BARS_ERROR, className="error", role="alert"),
                    dcc.Loading(html.Div(id=ids.BARS_VIEW), type="circle"),
                    html.P(id=ids.BARS_NOTE, className="note", role="status"),
                ],
                wide=True,
            ),
            _panel(
                "The 2 × C box as a binary square",
                "Each bar of the 2 × C box is a pair of binary numbers (its top row, its bottom row; column c is "
                "bit c). A vermilion dot at (top, bottom) is a losing bar: for C = 10, the source's 1024 × 1024 "
                "square. One pixel per bar.",
                [
                    html.Div(
                        [
                            _number_box(ids.SQUARE_COLS, "width C", DEFAULT_SQUARE_COLS, f"1 to {SQUARE_COLS_MAX}"),
                            _csv_button("square"),
                        ],
                        className="controls controls-inline",
                    ),
                    html.Div(id=ids.SQUARE_ERROR, className="error", role="alert"),
                    _graph(ids.SQUARE_GRAPH, 520),
                    html.P(id=ids.SQUARE_NOTE, className="note", role="status"),
                ],
                wide=True,
            ),
        ],
        id=ids.PANEL_CHOMP,
        className="views finite-views",
        style=_HIDDEN,
    )


def _play_panels() -> html.Div:
    return html.Div(
        [
            _panel(
                "Play against the computer",
                "Type a position or play from the start. Each move says what it leaves the opponent; ★ marks the "
                "winning moves (to an L position, value 0). The computer moves to value 0 when it can; from an L "
                "position it makes the game last longest.",
                [
                    html.Div(
                        [
                            html.Div(
                                [
                                    html.Label(
                                        [
                                            "position",
                                            html.Span(
                                                f" ({find_game(DEFAULT_GAME).position_help})",
                                                id=ids.POSITION_HELP,
                                                className="hint",
                                            ),
                                        ],
                                        htmlFor=ids.POSITION,
                                    ),
                                    dcc.Input(
                                        id=ids.POSITION,
                                        type="text",
                                        value=DEFAULT_POSITION,
                                        debounce=True,
                                        className="num-input finite-position",
                                        autoComplete="off",
                                        spellCheck=False,
                                    ),
                                ],
                                className="control",
                            ),
                            html.Button("New game", id=ids.PLAY_NEW, className="button", n_clicks=0),
                            html.Button("Computer moves", id=ids.PLAY_COMPUTER, className="button", n_clicks=0),
                            dcc.Checklist(
                                id=ids.PLAY_REPLY,
                                options=[{"label": "computer replies to my move", "value": "on"}],
                                value=["on"],
                            ),
                            _csv_button("moves"),
                        ],
                        className="controls controls-inline",
                    ),
                    html.Div(id=ids.PLAY_ERROR, className="error", role="alert"),
                    dcc.Loading(html.Div(id=ids.PLAY_STATE, role="status"), type="dot"),
                    html.Div(id=ids.PLAY_MOVES, className="finite-moves"),
                    html.Div(id=ids.PLAY_LOG, className="summary-text", role="log", **attrs({"aria-live": "polite"})),
                ],
            ),
            _panel(
                "Game tree",
                "Every move from the position, to a small depth: blue W, vermilion L; thick edges are best moves "
                "(to an L position; the fastest win, or the slowest loss, when remoteness is known). Click a node "
                "to play from it.",
                [
                    html.Div(
                        [
                            html.Div(
                                [
                                    html.Label("move depth", htmlFor=ids.TREE_DEPTH),
                                    dcc.Slider(
                                        id=ids.TREE_DEPTH,
                                        min=1,
                                        max=TREE_DEPTH_MAX,
                                        step=1,
                                        value=DEFAULT_TREE_DEPTH,
                                        marks={d: str(d) for d in range(1, TREE_DEPTH_MAX + 1)},
                                    ),
                                ],
                                className="control control-slider",
                            ),
                            _csv_button("tree"),
                        ],
                        className="controls controls-inline",
                    ),
                    html.P(id=ids.TREE_NOTE, className="note", role="status"),
                    dcc.Store(id=ids.TREE_FIT),
                    dcc.Loading(
                        cyto.Cytoscape(
                            id=ids.TREE,
                            elements=[],
                            layout=tree_layout(),
                            stylesheet=tree_stylesheet(),
                            style={"width": "100%", "height": "420px"},
                            minZoom=0.3,
                            maxZoom=3,
                        ),
                        type="circle",
                    ),
                ],
            ),
        ],
        className="views finite-views",
    )


def finite_layout() -> html.Main:
    """Return the Finite games tab's components.

    Returns
    -------
    dash.html.Main
        The game selector (a menu of examples and a box for any other
        name), a line saying what the game is, the panels of each kind of
        game (only the chosen game's kind is shown), and the play and game
        tree panels.
    """
    default = find_game(DEFAULT_GAME)
    return html.Main(
        [
            html.Section(
                [
                    html.H2("Finite impartial games"),
                    html.P(
                        "Games that always end, with the same moves for both players: octal games (Rob's Dots, "
                        "Kayles, Dawson's Kayles), Wythoff's and Euclid's games on pairs, and Chomp on bars with "
                        "pieces missing. The player with no move loses, so every position is W or L exactly, and has "
                        "a Grundy (nim) value, 0 for L (Sprague–Grundy). These games do not use the setup bar's N "
                        "and alpha.",
                        className="note",
                    ),
                    html.Div(
                        [
                            html.Div(
                                [
                                    html.Label("game", htmlFor=ids.GAME),
                                    dcc.Dropdown(
                                        id=ids.GAME,
                                        options=game_options(DEFAULT_GAME),
                                        value=DEFAULT_GAME,
                                        clearable=False,
                                        searchable=False,
                                    ),
                                ],
                                className="control control-wide",
                            ),
                            html.Div(
                                [
                                    html.Label(
                                        [
                                            "or type a game",
                                            html.Span(" (octal-0.6, chomp-3x5, kayles …)", className="hint"),
                                        ],
                                        htmlFor=ids.GAME_OTHER,
                                    ),
                                    dcc.Input(
                                        id=ids.GAME_OTHER,
                                        type="text",
                                        value="",
                                        debounce=True,
                                        className="num-input",
                                        placeholder="octal-0.6",
                                        autoComplete="off",
                                        spellCheck=False,
                                    ),
                                ],
                                className="control",
                            ),
                        ],
                        className="controls",
                    ),
                    html.Div(id=ids.GAME_ERROR, className="error", role="alert"),
                    html.P(
                        f"{default.title}. {default.summary}",
                        id=ids.GAME_SUMMARY,
                        className="summary-text",
                        role="status",
                    ),
                ],
                className="panel panel-wide finite-head",
            ),
            _octal_panels(),
            _pair_panels(),
            _chomp_panels(),
            _play_panels(),
        ],
        className="finite",
    )
