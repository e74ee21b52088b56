"""The page: a header with the game menu, the page-wide setup bar, the tab bar and one container per tab.

The tabs come from the registry (:data:`dashboard.registry.TABS`), in the
order of the tab bar.  Every tab's components are in the page's layout from
the start, so every control can be set from the URL whichever tab is open.
A hidden tab does no work until it is first shown: its content is mounted
then (a deferred holder, :func:`dashboard.ids.deferred_id`; the default
tab's is mounted with the page) and stays mounted while the chosen game
uses the tab, so its state survives later switches.  Choosing a game that
the tab does not serve unmounts its content
(:func:`dashboard.gamemenu.dropped_tabs`): the browser then keeps only the
chosen game's tabs drawn, and the content's values stay in the layout, so
the tab draws them again when it is next shown.  The callbacks of a gated
tab (:attr:`dashboard.tabs.Tab.gated`) wait on the tab's gate store
(:func:`dashboard.ids.tab_gate_id`), set at the same moment (see
:mod:`dashboard.callbacks`).
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

import dash_ag_grid as dag
import flask
from dash import dcc, html, no_update

from solver import DEFAULT_RULE
from solver.registry import Game, find_game

from . import ids
from .compile_notice import notice_layout
from .components import DEFERRED_SHOWN, attrs, deferred
from .controls import setup_bar, setup_stores
from .defaults import DEFAULT_TAB
from .gamemenu import choose_game, dropped_tabs, game_menu, game_tabs, header, page_game, upgrade_query
from .registry import TABS
from .tabs import Tab
from .urlstate import PARAMS, PER_GAME, TAB_KEY, location, read_query


def _container(tab: Tab) -> html.Div:
    # A tab panel (its tab in the tab bar names it; a name of its own would make
    # axe count the panel as content outside the page's landmarks).  Every tab's
    # content sits in a deferred holder; only the default tab's is mounted with
    # the page, and a game that a tab does not serve unmounts it (gamemenu.dropped_tabs).
    shown = tab.value == DEFAULT_TAB
    body = deferred(ids.deferred_id(tab.value), tab.layout(), mounted=shown)
    return html.Div(
        body, id=ids.tab_container_id(tab.value), style=None if shown else {"display": "none"}, role="tabpanel"
    )


def warm_up() -> dcc.Tabs:
    """A hidden graph and table whose scripts load while the page is idle.

    plotly.js (4.8 MB) and dash-ag-grid's grid are loaded the first time a
    page draws a graph or a table, and the default view draws neither.  On
    this project's reference machine the first graph waited 1.3-3 s for
    plotly.js, which the tabs' first openings paid.  ``assets/page.js``
    mounts this holder once the first view's answers are drawn and the page
    is idle, and unmounts it once both are drawn: the scripts are then
    loaded, and a tab opened later draws at once.  The content is
    ``visibility: hidden`` (off the accessibility tree and the focus order)
    and off screen; the graph is static (no mode bar).

    Returns
    -------
    dash.dcc.Tabs
        A :func:`dashboard.components.deferred` holder with id
        :data:`dashboard.ids.WARM_UP`, not mounted.
    """
    figure = {"data": [{"type": "scatter", "x": [0, 1], "y": [0, 1]}], "layout": {"width": 160, "height": 120}}
    grid = dag.AgGrid(
        id=f"{ids.WARM_UP}-grid", columnDefs=[{"field": "n"}], rowData=[{"n": 1}], className="ag-theme-alpine"
    )
    content = html.Div(
        [dcc.Graph(id=f"{ids.WARM_UP}-graph", figure=figure, config={"staticPlot": True}), grid],
        className="warm-up",
        **attrs({"aria-hidden": "true"}),
    )
    return deferred(ids.WARM_UP, content)


def address_game(address: object) -> tuple[Game, str] | None:
    """The game a page's address names, and the tab it opens on, when the default tab does not serve the game.

    Parameters
    ----------
    address : object
        The page's whole address (``http://host/?game=wythoff``), as the
        browser sends it in the ``Referer`` header of the layout's request;
        anything else (None, not text, no query) counts as the default game.
        Old addresses (``?tab=finite&fgame=kayles``) are read as the page
        reads them (:func:`dashboard.gamemenu.upgrade_query`).

    Returns
    -------
    tuple or None
        ``(game, tab)``: the address's ``game`` when it is a game of the page
        that :data:`dashboard.defaults.DEFAULT_TAB` does not serve, and the
        address's ``tab`` when it serves the game, else the game's first tab.
        None for the default game, a game the default tab serves, a name
        that is no game (the page then says so and stays on the default
        tab) and anything unreadable.
    """
    if not isinstance(address, str) or len(address) > 8192:
        return None
    try:
        query, _old = upgrade_query(parse_qs(urlsplit(address).query))
        game = page_game(query.get("game", [DEFAULT_RULE.name])[-1])
    except ValueError:
        return None
    served = game_tabs(game)
    if DEFAULT_TAB in served or not served:
        return None
    tab = query.get(TAB_KEY.key, [""])[-1]
    return game, tab if tab in served else served[0]


def opens_elsewhere(address: object) -> bool:
    """Whether a page's address names a game that the default tab does not serve (:func:`address_game`).

    Parameters
    ----------
    address : object
        As :func:`address_game` takes it.

    Returns
    -------
    bool
        True when :func:`address_game` finds such a game; False for the
        default game, a game the default tab serves, a name that is no game
        and anything unreadable.
    """
    return address_game(address) is not None


def game_props(game: Game, tab: str) -> dict[str, dict[str, object]]:
    """What the page holds once ``game`` is chosen and ``tab`` is shown, as the game menu's answer writes it.

    Parameters
    ----------
    game : solver.registry.Game
        A game the default tab does not serve (:func:`address_game`).
    tab : str
        A tab that serves it.

    Returns
    -------
    dict
        ``{component id: {property: value}}``: the menu's value and options,
        the header, the setup bar's and the tab bar's look
        (:func:`dashboard.gamemenu.choose_game`); the deferred holders of
        the tabs that do not serve the game unmounted
        (:func:`dashboard.gamemenu.dropped_tabs`) and ``tab``'s mounted and
        shown; and, for each tab serving the game that declares
        :attr:`dashboard.tabs.Tab.chosen`, its game input, what its answer
        to the game writes, and the game's own starting value of each of its
        address keys (:data:`dashboard.urlstate.PER_GAME`), which the
        address's reading then finds in place.  The open tab's value itself is
        left to the address's reading, which opens the tab's gate.
    """
    title, intro, labels, setup_style, nav, _tab, options, _message, *_derived = choose_game(game.name, DEFAULT_TAB)
    props: dict[str, dict[str, object]] = {
        ids.GAME_MENU: {"value": game.name, "options": options},
        ids.PAGE_TITLE: {"children": title},
        ids.PAGE_INTRO: {"children": intro},
        ids.PAGE_LABELS: {"children": labels},
        ids.SETUP_BAR: {"style": setup_style},
        ids.TAB_NAV: {"className": nav},
    }
    for entry, holder in zip(TABS, dropped_tabs(game.name), strict=True):
        shown = entry.value == tab
        props[ids.tab_container_id(entry.value)] = {"style": None if shown else {"display": "none"}}
        if shown:
            props[ids.deferred_id(entry.value)] = {"value": DEFERRED_SHOWN}
        elif holder is not no_update:
            props[ids.deferred_id(entry.value)] = {"value": holder}
    for entry in TABS:
        if entry.chosen is None or entry.game_input is None or not entry.serves(game):
            continue
        props[entry.game_input] = {"value": game.name}
        for component_id, values in entry.chosen(game.name).items():
            props.setdefault(component_id, {}).update(values)
        for key in entry.url_keys:
            if game.name in PER_GAME.get(key.key, {}):
                props.setdefault(key.component_id, {})[key.prop] = PER_GAME[key.key][game.name]
    return props


def with_props(component, props: dict[str, dict[str, object]]):
    """A copy of a component tree in which the components named in ``props`` hold the given properties.

    Only the components on the way to a changed one are copied (shallow
    copies); the rest of the tree is shared with ``component``, which is
    left as it was.

    Parameters
    ----------
    component : Dash component or other
        The tree's root (anything that is not a component is returned as it is).
    props : dict
        ``{component id: {property: value}}``.

    Returns
    -------
    Dash component or other
        ``component`` itself when nothing in it is named in ``props``.
    """
    if not hasattr(component, "to_plotly_json"):
        return component
    found = component
    kids = getattr(component, "children", None)
    if isinstance(kids, list | tuple):
        new_kids = [with_props(kid, props) for kid in kids]
        if any(new is not old for new, old in zip(new_kids, kids, strict=True)):
            found = copy.copy(component)
            found.children = new_kids
    elif hasattr(kids, "to_plotly_json"):
        new_kid = with_props(kids, props)
        if new_kid is not kids:
            found = copy.copy(component)
            found.children = new_kid
    component_id = getattr(component, "id", None)
    if isinstance(component_id, str) and component_id in props:
        if found is component:
            found = copy.copy(component)
        for prop, value in props[component_id].items():
            setattr(found, prop, value)
    return found


def page_layout(page: html.Div) -> Callable[[], html.Div]:
    """The layout Dash serves at each load: ``page`` with the compile notice as it stands then.

    The page is built once (:func:`build_layout`); each load gets a new
    top-level ``Div`` over the same children but the notice's two
    components, made afresh by :func:`dashboard.compile_notice.notice_layout`:
    a page loaded while numba compiles says so at once, and one loaded later
    never polls.  A page whose address names a game the default tab does not
    serve (:func:`address_game`, read from the layout request's
    ``Referer``) is served with that game already chosen (:func:`game_props`):
    its header, the default tab's content unmounted, the game's tab mounted
    and shown and, for a tab that declares :attr:`dashboard.tabs.Tab.chosen`,
    the game's own panels.  The address's reading then finds the game in
    place and only opens the tab, so the load costs no round trip to choose
    the game (and drawing the default tab's content first cost the browser a
    few hundred milliseconds).  Without that header the page is served as
    for the default game.

    Parameters
    ----------
    page : dash.html.Div
        From :func:`build_layout`.

    Returns
    -------
    callable
        No arguments; returns a ``dash.html.Div`` (class ``page``).

    Raises
    ------
    ValueError
        If ``page``'s children do not hold the notice's poll and status, in
        that order, side by side (as :func:`build_layout` puts them), or the
        default tab's container.
    """
    children = list(page.children)
    found = [getattr(child, "id", None) for child in children]
    at = found.index(ids.COMPILE_POLL) if ids.COMPILE_POLL in found else -1
    if at < 0 or found[at : at + 2] != [ids.COMPILE_POLL, ids.COMPILE_NOTICE]:
        raise ValueError("the page's compile notice is not where page_layout expects it")
    default_at = found.index(ids.tab_container_id(DEFAULT_TAB)) if ids.tab_container_id(DEFAULT_TAB) in found else -1
    if default_at < 0:
        raise ValueError("the page's default tab is not where page_layout expects it")

    @functools.lru_cache(maxsize=64)
    def chosen(query: str, name: str, tab: str) -> list:
        # The page as the game's answer and the address's reading leave it (the last few addresses kept).
        props = game_props(page_game(name), tab)
        for (key, component_id, prop, _default), value in zip(PARAMS, read_query(query)[0], strict=True):
            if key != TAB_KEY.key:
                props.setdefault(component_id, {})[prop] = value
        return [with_props(child, props) for child in children]

    def layout() -> html.Div:
        address = flask.request.referrer if flask.has_request_context() else None
        found = address_game(address)
        kids = children
        if found is not None and isinstance(address, str):
            kids = chosen("?" + urlsplit(address).query, found[0].name, found[1])
        return html.Div([*kids[:at], *notice_layout(), *kids[at + 2 :]], className="page")

    return layout


def _default_nav() -> str:
    """The tab bar's class for the default game: the tabs that do not serve it hidden (as the game menu writes it)."""
    return choose_game(DEFAULT_RULE.name, DEFAULT_TAB)[4]


def build_layout() -> html.Div:
    """Return the whole page as a Dash component tree.

    Returns
    -------
    dash.html.Div
        The URL location, the stores the page shares, the header (the
        chosen game's title and sentences, and the game menu,
        :func:`dashboard.gamemenu.game_menu`), the
        compile notice (:mod:`dashboard.compile_notice`), the setup bar (:func:`dashboard.controls.setup_bar`) and the setup's
        stores (:func:`dashboard.controls.setup_stores`), the tab bar and
        each registered tab's content in its container
        (:func:`dashboard.ids.tab_container_id`); only the default tab's
        container is shown.
    """
    title, intro, labels = header(find_game(DEFAULT_RULE.name))
    return html.Div(
        [
            dcc.Store(id=ids.GRAPH_REFRESH),
            *[dcc.Store(id=ids.tab_gate_id(tab.value)) for tab in TABS if tab.gated],
            html.Header(
                [
                    html.H1(title, id=ids.PAGE_TITLE),
                    html.P(
                        [html.Span(intro, id=ids.PAGE_INTRO), " ", html.Span(labels, id=ids.PAGE_LABELS)],
                        className="intro",
                    ),
                    game_menu(),
                ]
            ),
            # The address (and the notice of what it held that was ignored, under the title).
            location(),
            *notice_layout(),  # what the solver is compiling, on a fresh install's first launch
            setup_bar(),
            *setup_stores(),
            # dcc.Tabs keeps the selected value (the URL and the links set
            # it); assets/page.js gives its tabs the roles,
            # focus and keys of a WAI-ARIA tab list.  mobile_breakpoint=0:
            # the tabs stay in one row on phones (they wrap in the CSS).
            # A navigation landmark around the tab bar, so every part of the page is in one.
            html.Nav(
                dcc.Tabs(
                    id=ids.TABS,
                    value=DEFAULT_TAB,
                    children=[
                        dcc.Tab(label=tab.label, value=tab.value, className=f"tab-for-{tab.value}") for tab in TABS
                    ],
                    className="tabs",
                    mobile_breakpoint=0,
                ),
                id=ids.TAB_NAV,
                className=_default_nav(),
                **attrs({"aria-label": "tabs"}),
            ),
            *[_container(tab) for tab in TABS],
            warm_up(),
        ],
        className="page",
    )
