"""The page: a header, the page-wide setup bar, the tab bar and one container per tab.

Every tab's components are in the page's layout from the start, so every
control can be set from the URL whichever tab is open.  A hidden tab does no
work until it is first shown: its content is mounted then (a deferred holder,
:func:`dashboard.ids.deferred_id`) and stays mounted, so its state survives
later switches; and the callbacks of the Thesis, Play and Inspect tabs wait
on the tab's gate store (:func:`dashboard.ids.tab_gate_id`), set at the same
moment (see :mod:`dashboard.callbacks`).
"""

from __future__ import annotations

from dash import dcc, html

from . import ids
from .components import attrs, deferred
from .controls import setup_bar
from .defaults import DEFAULT_TAB
from .tabs.explore.layout import explore_layout
from .tabs.inspect.layout import inspect_layout
from .tabs.play.layout import play_layout
from .tabs.sums.layout import sums_layout
from .tabs.thesis.layout import thesis_layout
from .urlstate import location

#: The header's sentence on the rules of the default game (the page rewrites
#: it in the browser for the chosen game).
DEFAULT_RULE_INTRO = (
    "From n the player to move takes or puts the largest square ≤ n; whoever reaches 0 wins "
    "(Winning Ways vol. 2, p. 484)."
)

#: Tab value -> label, in the order of the tab bar.
TAB_LABELS = {
    "explore": "Explore",
    "thesis": "Thesis analyses",
    "play": "Play",
    "inspect": "Inspect a number",
    "sums": "Sums",
}

#: Tabs whose callbacks wait until the tab is first shown (their gate
#: stores, :func:`dashboard.ids.tab_gate_id`); the default tab's views are
#: the first thing a visitor sees.
GATED_TABS = ("thesis", "play", "inspect", "sums")
#: Gated tabs whose values come from the page's setup: their gate store also
#: carries the setup (and is written again when it changes).  The others'
#: gate is written once, ``{"opened": true}``.
SETUP_TABS = ("play", "inspect")

#: Tab value -> the function that builds its content.
TAB_LAYOUTS = {
    "explore": explore_layout,
    "thesis": thesis_layout,
    "play": play_layout,
    "inspect": inspect_layout,
    "sums": sums_layout,
}


def _container(value: str, content) -> html.Div:
    # A tab panel named after its tab, for screen readers.  Only the default
    # tab's content is mounted with the page.
    if value == DEFAULT_TAB:
        style, body = None, content
    else:
        style, body = {"display": "none"}, deferred(ids.deferred_id(value), content)
    return html.Div(
        body, id=ids.tab_container_id(value), style=style, role="tabpanel", **attrs({"aria-label": TAB_LABELS[value]})
    )


def build_layout() -> html.Div:
    """Return the whole page as a Dash component tree.

    Returns
    -------
    dash.html.Div
        The URL location, the stores the page shares, the header, the
        setup bar (:func:`dashboard.controls.setup_bar`), the tab bar and
        each tab's content in its container
        (:func:`dashboard.ids.tab_container_id`); only the default tab's
        container is shown.
    """
    return html.Div(
        [
            location(),
            dcc.Store(id=ids.GRAPH_REFRESH),
            *[dcc.Store(id=ids.tab_gate_id(tab)) for tab in GATED_TABS],
            html.Header(
                [
                    html.H1("Put-or-Take-a-Square explorer", id=ids.PAGE_TITLE),
                    html.P(
                        [
                            html.Span(DEFAULT_RULE_INTRO, id=ids.PAGE_INTRO),
                            " Every label is true of the infinite game: W/L with their remoteness come from "
                            "retrograde analysis on 0..B, D marks certified draws, and U is what the bound B "
                            "leaves unresolved.",
                        ],
                        className="intro",
                    ),
                ]
            ),
            setup_bar(),
            # dcc.Tabs keeps the selected value (the URL and the links set
            # it); dashboard/assets/page.js gives its tabs the roles,
            # focus and keys of a WAI-ARIA tab list.  mobile_breakpoint=0:
            # the tabs stay in one row on phones (they wrap in the CSS).
            dcc.Tabs(
                id=ids.TABS,
                value=DEFAULT_TAB,
                children=[dcc.Tab(label=label, value=value) for value, label in TAB_LABELS.items()],
                className="tabs",
                mobile_breakpoint=0,
            ),
            *[_container(value, build()) for value, build in TAB_LAYOUTS.items()],
        ],
        className="page",
    )
