"""The page: a header, the tab bar and one container per tab (every tab's layout stays mounted)."""

from __future__ import annotations

from dash import dcc, html

from . import ids
from .defaults import DEFAULT_TAB
from .tabs.explore.layout import explore_layout
from .tabs.inspect.layout import inspect_layout
from .tabs.play.layout import play_layout
from .tabs.thesis.layout import thesis_layout
from .urlstate import location

#: Tab value -> label, in the order of the tab bar.
TAB_LABELS = {
    "explore": "Explore",
    "thesis": "Thesis analyses",
    "play": "Play",
    "inspect": "Inspect a number",
}

#: Tab value -> the function that builds its content.
TAB_LAYOUTS = {
    "explore": explore_layout,
    "thesis": thesis_layout,
    "play": play_layout,
    "inspect": inspect_layout,
}


def _container(value: str, content) -> html.Div:
    if value == DEFAULT_TAB:
        return html.Div(content, id=ids.tab_container_id(value))
    return html.Div(content, id=ids.tab_container_id(value), style={"display": "none"})


def build_layout() -> html.Div:
    """Return the whole page as a Dash component tree.

    Returns
    -------
    dash.html.Div
        The URL location, the header, the tab bar and each tab's content in
        its container (:func:`dashboard.ids.tab_container_id`); only the
        default tab's container is shown.
    """
    return html.Div(
        [
            location(),
            dcc.Store(id=ids.GRAPH_REFRESH),
            html.Header(
                [
                    html.H1("Put-or-Take-a-Square explorer"),
                    html.P(
                        "From n the player to move takes or puts the largest square ≤ n; whoever reaches 0 "
                        "wins (Winning Ways vol. 2, p. 484). Every label is true of the infinite game: W/L "
                        "with their remoteness come from retrograde analysis on 0..B, D marks certified "
                        "draws, and U is what the bound B = alpha × N leaves unresolved.",
                        className="intro",
                    ),
                ]
            ),
            # The tabs only switch which container shows: every tab's content
            # stays mounted, so its state survives a switch and every control
            # can be set from the URL whichever tab is open.
            dcc.Tabs(
                id=ids.TABS,
                value=DEFAULT_TAB,
                children=[dcc.Tab(label=label, value=value) for value, label in TAB_LABELS.items()],
                className="tabs",
            ),
            *[_container(value, build()) for value, build in TAB_LAYOUTS.items()],
        ],
        className="page",
    )
