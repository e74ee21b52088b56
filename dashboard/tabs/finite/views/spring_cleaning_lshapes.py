"""The view ``"l-shapes"`` of Spring Cleaning: the values of the (a,b)-L beside the source's table.

The values for legs 2..A beside the table printed in "Spring Cleaning II"
(legs 2..6), its disagreeing entry marked; a tap on an entry plays that L.
"""

from __future__ import annotations

from dash import ALL, Input, Output, State, dcc, html, no_update

from solver.impartial import l_shape, l_shape_table

from ....components import attrs
from ....urlkeys import number_box_key
from .. import ids
from ..games import find_game, parse_number
from ..play import PAGE_SECONDS
from .base import (
    BOX_CLASS,
    INVALID_BOX_CLASS,
    PRESS_JS,
    CsvExport,
    View,
    csv_button,
    csv_file,
    game_with_view,
    number_box,
    panel,
    pressed,
    scroll_box,
    skip,
)
from .spring_cleaning_board import CELL_STRIDE

__all__ = [
    "VIEWS",
    "SOURCE_L_TABLE",
    "lshape_pick",
    "lshape_view",
    "l_disagreements",
    "lshape_csv",
]


#: Component ids of this view.
LEGS = "finite-lshape-legs"
LSHAPE_TABLES = "finite-lshape-tables"
LSHAPE_NOTE = "finite-lshape-note"
LSHAPE_ERROR = "finite-lshape-error"
#: Pattern-matching id type of an entry of the computed L table (index ``a * CELL_STRIDE + b``).
LSHAPE_CELL = "finite-lshape-cell"
#: The square of the table pressed last (``base.PRESS_JS``): ``{type, index, clicks, at}``.
LSHAPE_PRESS = "finite-lshape-press"
#: Legs 2..A of the L table (the source's: 2..6), and the largest A typed.
DEFAULT_LEGS = 6
LEGS_MAX = 16
#: "Spring Cleaning II": the nimbers of the (a,b)-L as printed, rows a = 2..6, columns b = 2..6.
SOURCE_L_TABLE: tuple[tuple[int, ...], ...] = (
    (0, 4, 4, 0, 3),
    (4, 1, 0, 1, 0),
    (3, 0, 3, 0, 3),
    (0, 1, 0, 1, 0),
    (3, 0, 3, 0, 3),
)


# ---------------------------------------------------------------- the L-shapes


def _source_entry(a: int, b: int) -> int | None:
    """The source's printed value of the (a,b)-L (legs 2..6), else None."""
    if 2 <= a <= 6 and 2 <= b <= 6:
        return SOURCE_L_TABLE[a - 2][b - 2]
    return None


def _l_table(values: list[list[int]], legs: int, computed: bool) -> html.Table:
    """The L table, rows a and columns b from 2: the computed one (entries are buttons), or the source's."""
    head = html.Tr([html.Th("a \\ b"), *[html.Th(str(b), className="num") for b in range(2, legs + 1)]])
    body = []
    for a in range(2, legs + 1):
        cells = []
        for b in range(2, legs + 1):
            value = values[a - 2][b - 2]
            if not computed:
                cells.append(html.Td(str(value), className="num"))
                continue
            printed = _source_entry(a, b)
            differs = printed is not None and printed != value
            label = f"the ({a},{b})-L: value {value}" + (f"; the source prints {printed}" if differs else "")
            shown = str(value) + (f" (source {printed})" if differs else "")
            cells.append(
                html.Td(
                    html.Button(
                        shown,
                        id={"type": LSHAPE_CELL, "index": a * CELL_STRIDE + b},
                        className="link-button",
                        n_clicks=0,
                        title=label + "; tap to play it",
                        # The accessible name starts with the visible text (WCAG 2.5.3, label in name).
                        **attrs({"aria-label": f"{shown}: {label}; play it"}),
                    ),
                    className="num" + (" finite-differs" if differs else ""),
                )
            )
        body.append(html.Tr([html.Th(str(a)), *cells]))
    caption = f"Computed, legs 2..{legs} (tap an entry to play that L)" if computed else "As printed in the source"
    return html.Table(
        [html.Caption(caption), html.Thead(head), html.Tbody(body)], className="summary-table finite-seq-table"
    )


def l_disagreements(values: list[list[int]]) -> list[dict]:
    """The entries of the source's L table that differ from the computed values.

    Parameters
    ----------
    values : list of list of int
        The computed table from legs 2 (:func:`solver.l_shape_table`), at
        least 2..6.

    Returns
    -------
    list of dict
        ``{"a", "b", "source", "computed", "mirror"}``, ``mirror`` being the
        source's own entry at (b, a), the same L turned over.
    """
    found = []
    for a in range(2, 7):
        for b in range(2, 7):
            printed = SOURCE_L_TABLE[a - 2][b - 2]
            if printed != values[a - 2][b - 2]:
                found.append(
                    {
                        "a": a,
                        "b": b,
                        "source": printed,
                        "computed": values[a - 2][b - 2],
                        "mirror": SOURCE_L_TABLE[b - 2][a - 2],
                    }
                )
    return found


def lshape_view(gate: object, name: object, legs_text: object) -> tuple:
    """The L table for legs 2..A beside the source's, with the disagreeing entries marked.

    Returns
    -------
    tuple
        ``(tables, note, error, box class)``.
    """
    game = game_with_view(gate, name, "l-shapes")
    if game is None:
        return skip(4)
    try:
        legs = parse_number(legs_text, "A, the longest leg", LEGS_MAX, least=2)
    except ValueError as exc:
        return no_update, no_update, str(exc), INVALID_BOX_CLASS
    try:
        values = l_shape_table(max(legs, 6), 2, max_seconds=PAGE_SECONDS)
    except ValueError as exc:
        return "", "", str(exc), INVALID_BOX_CLASS
    tables = html.Div(
        [
            scroll_box(_l_table(values, legs, computed=True), "the computed L table"),
            scroll_box(_l_table([list(r) for r in SOURCE_L_TABLE], 6, computed=False), "the source's L table"),
        ],
        className="finite-side-by-side",
    )
    differing = l_disagreements(values)
    if differing:
        said = "; ".join(
            f"({d['a']},{d['b']}): the source prints {d['source']}, the computation gives {d['computed']}"
            + (
                f" (the source prints {d['mirror']} at ({d['b']},{d['a']}), the same L turned over)"
                if d["mirror"] != d["source"]
                else ""
            )
            for d in differing
        )
        agreement = f"{25 - len(differing)} of the source's 25 entries agree. Disagreement: {said}."
    else:
        agreement = "All 25 of the source's entries agree."
    note = (
        "The (a,b)-L has a pieces along the top row and b down the left column, both counting the corner. "
        f"{agreement} The values are checked in the tests against a brute force over whole grids."
    )
    return tables, note, "", BOX_CLASS


def lshape_pick(triggered: object, clicks: object, name: object) -> tuple:
    """A tap on an entry of the L table: ``(position text, log line)``, the (a,b)-L to play."""
    if not isinstance(triggered, dict) or not clicks:
        return no_update, no_update
    index = triggered.get("index")
    if not isinstance(index, int) or isinstance(index, bool):
        return no_update, no_update
    a, b = divmod(index, CELL_STRIDE)
    try:
        game = find_game(name)
        if "l-shapes" not in game.views:
            return no_update, no_update
        text = l_shape(a, b)
    except (TypeError, ValueError):
        return no_update, no_update
    return text, f"The ({a},{b})-L: {a} pieces along the top row, {b} down the left column."


def lshape_csv(game, legs_text: object) -> dict | None:
    """The L table beside the source's: CSV ``a,b,value,source,agrees`` (source blank beyond legs 6)."""
    legs = parse_number(legs_text, "A", LEGS_MAX, least=2)
    values = l_shape_table(legs, 2, max_seconds=PAGE_SECONDS)
    rows = []
    for a in range(2, legs + 1):
        for b in range(2, legs + 1):
            printed = _source_entry(a, b)
            value = values[a - 2][b - 2]
            rows.append(
                {
                    "a": a,
                    "b": b,
                    "value": value,
                    "source": "" if printed is None else printed,
                    "agrees": "" if printed is None else printed == value,
                }
            )
    return csv_file(["a", "b", "value", "source", "agrees"], rows, f"spring-cleaning-l-shapes-{legs}.csv")


LSHAPE_CSV = CsvExport("l-shapes", "the L-shape values beside the source's table", (LEGS,), lshape_csv)


def _lshape_layout() -> list:
    return [
        panel(
            "L-shapes",
            'The values of the (a,b)-L for legs a, b from 2, beside the table printed in "Spring Cleaning II" '
            "(legs 2..6). An entry where the two disagree is marked and names the source's number.",
            [
                html.Div(
                    [number_box(LEGS, "legs 2..A", DEFAULT_LEGS, f"2 to {LEGS_MAX}"), csv_button(LSHAPE_CSV)],
                    className="controls controls-inline",
                ),
                html.Div(id=LSHAPE_ERROR, className="error", role="alert"),
                dcc.Loading(html.Div(id=LSHAPE_TABLES), type="dot"),
                dcc.Store(id=LSHAPE_PRESS),
                html.P(id=LSHAPE_NOTE, className="summary-text", role="status"),
            ],
        )
    ]


def _register_lshapes(app, gate) -> None:
    app.callback(
        Output(LSHAPE_TABLES, "children"),
        Output(LSHAPE_NOTE, "children"),
        Output(LSHAPE_ERROR, "children"),
        Output(LEGS, "className"),
        gate,
        State(ids.GAME, "value"),
        Input(LEGS, "value"),
        prevent_initial_call=True,
    )(lshape_view)

    # The table's squares are drawn with each answer: a relay in the browser sends only a press.
    app.clientside_callback(
        PRESS_JS,
        Output(LSHAPE_PRESS, "data"),
        Input({"type": LSHAPE_CELL, "index": ALL}, "n_clicks"),
        prevent_initial_call=True,
    )

    @app.callback(
        Output(ids.POSITION, "value", allow_duplicate=True),
        Output(ids.PLAY_LOG, "children", allow_duplicate=True),
        Input(LSHAPE_PRESS, "data"),
        State(ids.GAME, "value"),
        prevent_initial_call=True,
    )
    def _pick(press, name):
        return lshape_pick(*pressed(press), name)


#: The view of this module, by the name games declare.
VIEWS = (
    View(
        "l-shapes",
        "the L-shape values beside the source's table",
        _lshape_layout,
        _register_lshapes,
        url_keys=(number_box_key("flegs", LEGS, DEFAULT_LEGS, "A, the longest leg", least=2, most=LEGS_MAX),),
        exports=(LSHAPE_CSV,),
    ),
)
