"""The "Thesis analyses" tab: the thesis's tables and figures, live.

Layout and callbacks of the tab live here, apart from the Explore tab's.
"""

from __future__ import annotations

from dash import Input, Output, dcc, html

from solver import thesis_data
from solver.thesis import compare_thesis_lists

from . import ids
from .tables import data_grid, register_exports

THESIS_BOUND = thesis_data.THESIS_BOUND


def _section(title: str, note: str, body) -> html.Section:
    return html.Section([html.H2(title), html.P(note, className="note"), body], className="panel panel-wide")


def thesis_layout() -> html.Div:
    """Return the tab's components."""
    return html.Main(
        [
            _section(
                "The thesis's own lists beside the sound classification",
                f"Appendix A (layers 2, 4 and 6 below 10,000) and Appendix B (the thesis's 'drawing positions') "
                f"compared with the sound values at the thesis's own bound B = {THESIS_BOUND:,}. Rows marked "
                "'(missing)' are numbers the list should hold but does not. Appendix A's layer 3 is left out: its "
                "text in the source is damaged. Appendix B uses a heuristic notion of draw (no decision within 10 "
                "moves), so most of it is unresolved (U) or even a forced win or loss.",
                dcc.Loading(
                    html.Div(
                        [
                            html.Div(id=ids.THESIS_LISTS_SUMMARY, className="summary-text"),
                            data_grid(
                                ids.THESIS_LISTS_TABLE,
                                [("list", "list"), ("n", "n"), ("thesis", "thesis says"), ("sound", "sound value"),
                                 ("agrees", "agrees"), ("reason", "reason")],
                                "thesis-lists.csv",
                                page_size=15,
                            ),
                        ]
                    ),
                    type="dot",
                ),
            ),
        ],
        className="views",
    )


def make_thesis_lists(tab: str | None, solutions):
    """Rows and a summary of :func:`solver.thesis.compare_thesis_lists`.

    Parameters
    ----------
    tab : str or None
        The selected tab; nothing is computed until "thesis" is opened.
    solutions : solver.cache.SolutionCache
        Where the solve to the thesis's bound comes from.

    Returns
    -------
    tuple
        ``(rows, summary text)``.
    """
    if tab != "thesis":
        return [], ""
    solution, _ = solutions.get(THESIS_BOUND)
    table = compare_thesis_lists(solution)
    parts = []
    for name, group in table.groupby("list", sort=False):
        parts.append(f"{name}: {int(group['agrees'].sum())} of {len(group)} rows agree")
    rows = table.assign(agrees=table["agrees"].map({True: "yes", False: "no"})).to_dict("records")
    return rows, "; ".join(parts) + "."


def register(app, solutions) -> None:
    """Wire the tab's callbacks to ``app``; ``solutions`` is the shared solve cache."""
    register_exports(app, [ids.THESIS_LISTS_TABLE])
    app.callback(
        Output(ids.THESIS_LISTS_TABLE, "rowData"),
        Output(ids.THESIS_LISTS_SUMMARY, "children"),
        Input(ids.TABS, "value"),
    )(lambda tab: make_thesis_lists(tab, solutions))
