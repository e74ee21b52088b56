"""The page's callbacks: every tab's, the shared ones, and the page shell's own.

The shell's callbacks run in the browser (clientside), so they cost no
request: switching tabs, mounting a tab's content and opening its gate the
first time it is shown,
the setup bar's summary line and its Edit button, and laying out cytoscape
graphs again when their tab is shown.  (The graphs' "Download plot as SVG"
button comes from ``assets/page.js``.)
"""

from __future__ import annotations

import json

import dash
from dash import Input, Output, State, html

from solver import DEFAULT_RULE, RULES

from . import compile_notice, controls, gamemenu, ids, links, setup_callbacks, urlstate
from .components import DEFERRED_SHOWN, MOUNT_WHEN_SENT_JS
from .defaults import DEFAULT_TAB
from .registry import TABS
from .tables import register_every_export
from .tabs import SetupView

#: Cytoscape graphs laid out again when their tab is shown: (graph id, the
#: State that holds its layout), from every tab's
#: :attr:`dashboard.tabs.Tab.relayout_graphs`.  The game tree is not one of
#: them: it has preset positions and keeps its own view when hidden and
#: shown again (``assets/tree.js``).
CYTOSCAPE_GRAPHS = [graph for tab in TABS for graph in tab.relayout_graphs]

# A graph laid out while its tab was hidden has no size: when a tab opens,
# resize its plotly graphs, resize its cytoscape graphs and run their layout
# again.  The last inputs are the cytoscape graphs' layouts, in the order of
# CYTOSCAPE_GRAPHS.
_REFRESH_GRAPHS = """function(...args) {
    const ids = %s;
    const layouts = args.slice(args.length - ids.length);
    setTimeout(function() {
        if (window.Plotly) {
            document.querySelectorAll('.js-plotly-plot').forEach(function(gd) {
                if (gd.offsetParent !== null && gd._fullLayout) { window.Plotly.Plots.resize(gd); }
            });
        }
        ids.forEach(function(id, i) {
            const el = document.getElementById(id);
            if (!el || !el._cyreg || !el._cyreg.cy || el.offsetParent === null) { return; }
            const cy = el._cyreg.cy;
            cy.resize();
            cy.layout(layouts[i]).run();
            // A layout that keeps its own view (fit: false, the game tree) is not refitted.
            if (!(layouts[i] && layouts[i].fit === false)) { cy.fit(undefined, 20); }
        });
    }, 80);
    return Date.now();
}"""

# The selected tab's container shows, the others hide (the same rule as
# show_tab, in the browser: no request).
_SHOW_TAB = """function(tab) {
    const tabs = %s;
    const shown = tabs.includes(tab) ? tab : %s;
    return tabs.map(function(value) { return value === shown ? {} : {display: 'none'}; });
}"""

# A gated tab's store stays empty until the tab is first selected.  A tab
# whose values come from the page's setup (Play, Inspect, Sums) then holds
# {opened, setup, pending: the bound being solved, pending_rule: its game}
# and is written again only when those change; any other gated tab (Thesis) holds {opened: true},
# written once (_OPEN_PLAIN_GATES).  The tabs' server callbacks listen to their store, so a
# hidden tab sends no request before it is opened.
_OPEN_GATES = """function(tab, setup, pending, ...gates) {
    const tabs = %s;
    const noUpdate = window.dash_clientside.no_update;
    const wanted = {
        opened: true,
        setup: setup || null,
        pending: pending ? pending.bound : null,
        pending_rule: pending ? (pending.rule || null) : null,
    };
    return tabs.map(function(value, i) {
        const current = gates[i];
        if (!current && value !== tab) { return noUpdate; }
        if (current && JSON.stringify(current) === JSON.stringify(wanted)) { return noUpdate; }
        return wanted;
    });
}"""

# The gate of a tab that does not follow the setup (Thesis, Finite games, Games on graphs) opens when the tab is
# first selected, without waiting for the setup: opened from its address, such a tab's views ask the server at
# once instead of after the setup's loop, which they do not read.
_OPEN_PLAIN_GATES = """function(tab, ...gates) {
    const tabs = %s;
    const noUpdate = window.dash_clientside.no_update;
    return tabs.map(function(value, i) { return value === tab && !gates[i] ? {opened: true} : noUpdate; });
}"""

# The page served for a game's address shows the game's tab from the start (layout.page_layout): when the address
# is first read (the reading's gate, urlstate.URL_READ, is written on load), the gate of a shown tab that does not
# follow the setup opens at once, so its views ask the server while the address's reading is on its way, instead
# of a round trip later, when the reading selects the tab.
_OPEN_SHOWN_GATES = """function(read, ...rest) {
    const count = rest.length / 2;
    const noUpdate = window.dash_clientside.no_update;
    return rest.slice(0, count).map(function(style, i) {
        const shown = !style || style.display !== 'none';
        return shown && !rest[count + i] ? {opened: true} : noUpdate;
    });
}"""
# A hidden tab's content is mounted when the tab is selected and its content
# is not mounted (its deferred holder's value goes from "waiting" to "shown"),
# and stays mounted until a game the tab does not serve is chosen
# (gamemenu.dropped_tabs).  The mount waits until the browser is next idle
# (components.MOUNT_WHEN_SENT_JS), so that the tab's callback requests (sent
# when its gate opens, below) are on their way while the browser builds the
# content: the server answers while the page draws.
_MOUNT_TAB = """function(tab, ...holders) {
    const tabs = %s;
    const ids = %s;
    const shown = %s;
    const noUpdate = window.dash_clientside.no_update;
    tabs.forEach(function(value, i) {
        if (value === tab && holders[i] !== shown) {
            (%s)(ids[i], shown);
        }
    });
    return tabs.map(function() { return noUpdate; });
}"""

# The setup bar's summary line: what was asked for, and what is solving.
_SUMMARY = """function(request, setup, pending) {
    const fmt = function(x) { return Number(x).toLocaleString('en-US'); };
    const games = %s;
    if (!request) { return 'N or alpha needs fixing: see the message below them.'; }
    const game = games[request.rule || %s] || {};
    // A game that never climbs past n + 1 does not use alpha: the line leaves it out.
    let text = game.title + ' · N = ' + fmt(request.n)
        + (game.climbs === false ? '' : ' · α = ' + fmt(request.alpha))
        + ' · B = ' + game.bound + ' = ' + fmt(request.bound);
    if (pending && setup && setup.bound !== pending.bound) {
        text += ' (solving; the views show B = ' + fmt(setup.bound) + ' until it is done)';
    } else if (pending) {
        text += ' (solving…)';
    }
    return text;
}"""

# The hint beside alpha says how the chosen rule's bound follows from N and alpha, and
# the alpha box is off for a rule that does not use it (its bound is N + 1).  The header
# names the game from the page's game menu (dashboard/gamemenu.py).
_ALPHA = """function(chosen) {
    const games = %s;
    const game = games[chosen || %s];
    const nu = window.dash_clientside.no_update;
    if (!game) { return [nu, nu]; }
    return [game.alpha_hint, !game.climbs];
}"""

# The Edit button opens and closes the controls on narrow screens.
_TOGGLE_EDIT = """function(clicks) {
    const open = (clicks || 0) % 2 === 1;
    return [open ? 'setup-bar setup-open' : 'setup-bar', open ? 'true' : 'false', open ? 'Done' : 'Edit'];
}"""


#: What the page's scripts know of each game: title, the header's sentence (rules and source), how its bound follows
#: from N.
_GAMES = json.dumps(
    {
        name: {
            "title": rule.title,
            "bound": rule.bound_formula.replace("alpha x", "α ×"),
            "alpha_hint": controls.alpha_hint(rule),
            "climbs": rule.climbs,
        }
        for name, rule in RULES.items()
    }
)


def show_tab(tab: str | None) -> list[dict]:
    """Styles that show the container of the selected tab and hide the others.

    The page runs the same rule in the browser; this is its reference.

    Parameters
    ----------
    tab : str or None
        The selected tab's value (None or an unknown value means the default tab).

    Returns
    -------
    list of dict
        One style per tab of :data:`dashboard.registry.TABS`: ``{}`` for
        the selected one, ``{"display": "none"}`` for the others.
    """
    values = [t.value for t in TABS]
    shown = tab if tab in values else DEFAULT_TAB
    return [{} if value == shown else {"display": "none"} for value in values]


def register(app: dash.Dash, page: html.Div) -> None:
    """Wire every callback of the page to ``app``.

    Parameters
    ----------
    app : dash.Dash
        The application whose layout is :func:`dashboard.layout.build_layout`:
        the page-wide setup's callbacks (:mod:`dashboard.setup_callbacks`,
        with every tab's :attr:`dashboard.tabs.Tab.setup_views`), every
        registered tab's (:attr:`dashboard.tabs.Tab.register`, in the order
        of :data:`dashboard.registry.TABS`), the links, the address, the
        compile notice's poll, and the page shell's own.
    page : dash.html.Div
        The page's component tree (:func:`dashboard.layout.build_layout`),
        where the exports are found; ``app.layout`` is the function that
        serves it (:func:`dashboard.layout.page_layout`).
    """
    # The setup bar's line "decided below …" comes with each setup, as the tabs' setup views do.
    decided = SetupView(ids.SETUP_DECIDED, "children", controls.decided_view)
    setup_callbacks.register(app, [decided, *[view for tab in TABS for view in tab.setup_views]])
    for tab in TABS:
        tab.register(app)
    links.register(app)
    gamemenu.register(app)
    urlstate.register(app)
    # Every grid's "Export CSV" downloads its rows, whichever tab holds it.
    register_every_export(app, page)
    compile_notice.register(app)

    # On load only two callbacks run: the address's reading and the setup's request.  The others
    # skip their initial call (prevent_initial_call): the layout already holds what each would write
    # for the default tab, view and game, and the address's values reach them through its reading.
    # The setup is in a loop (request store -> N slider -> N box -> setup), which Dash's renderer
    # starts only once no other callback is pending, so each callback run on load delayed the first
    # view (the compile notice's first poll by a whole round trip).
    values = [tab.value for tab in TABS]
    gated = [tab.value for tab in TABS if tab.gated]
    follow_setup = [tab.value for tab in TABS if tab.follows_setup]
    app.clientside_callback(
        _SHOW_TAB % (json.dumps(values), json.dumps(DEFAULT_TAB)),
        [Output(ids.tab_container_id(value), "style") for value in values],
        Input(ids.TABS, "value"),
        prevent_initial_call=True,
    )
    shown = json.dumps(DEFERRED_SHOWN)
    app.clientside_callback(
        _MOUNT_TAB
        % (json.dumps(values), json.dumps([ids.deferred_id(tab) for tab in values]), shown, MOUNT_WHEN_SENT_JS),
        [Output(ids.deferred_id(tab), "value") for tab in values],
        Input(ids.TABS, "value"),
        *[State(ids.deferred_id(tab), "value") for tab in values],
        prevent_initial_call=True,
    )
    app.clientside_callback(
        _OPEN_GATES % json.dumps(follow_setup),
        [Output(ids.tab_gate_id(tab), "data") for tab in follow_setup],
        Input(ids.TABS, "value"),
        Input(ids.SETUP, "data"),
        Input(ids.PENDING, "data"),
        *[State(ids.tab_gate_id(tab), "data") for tab in follow_setup],
        prevent_initial_call=True,
    )
    plain = [tab for tab in gated if tab not in follow_setup]
    app.clientside_callback(
        _OPEN_PLAIN_GATES % json.dumps(plain),
        [Output(ids.tab_gate_id(tab), "data") for tab in plain],
        Input(ids.TABS, "value"),
        *[State(ids.tab_gate_id(tab), "data") for tab in plain],
        prevent_initial_call=True,
    )
    app.clientside_callback(
        _OPEN_SHOWN_GATES,
        [Output(ids.tab_gate_id(tab), "data", allow_duplicate=True) for tab in plain],
        Input(urlstate.URL_READ, "data"),
        *[State(ids.tab_container_id(tab), "style") for tab in plain],
        *[State(ids.tab_gate_id(tab), "data") for tab in plain],
        prevent_initial_call=True,
    )
    app.clientside_callback(
        _ALPHA % (_GAMES, json.dumps(DEFAULT_RULE.name)),
        Output(ids.ALPHA_HINT, "children"),
        Output(ids.ALPHA_INPUT, "disabled"),
        Input(ids.RULE_SELECT, "value"),
        prevent_initial_call=True,
    )
    app.clientside_callback(
        _SUMMARY % (_GAMES, json.dumps(DEFAULT_RULE.name)),
        Output(ids.SETUP_SUMMARY, "children"),
        Input(ids.REQUEST, "data"),
        Input(ids.SETUP, "data"),
        Input(ids.PENDING, "data"),
        prevent_initial_call=True,
    )
    app.clientside_callback(
        _TOGGLE_EDIT,
        Output(ids.SETUP_BAR, "className"),
        Output(ids.SETUP_EDIT, "aria-expanded"),
        Output(ids.SETUP_EDIT, "children"),
        Input(ids.SETUP_EDIT, "n_clicks"),
        prevent_initial_call=True,
    )
    cyto_ids = "[" + ", ".join(f'"{cid}"' for cid, _ in CYTOSCAPE_GRAPHS) + "]"
    app.clientside_callback(
        _REFRESH_GRAPHS % cyto_ids,
        Output(ids.GRAPH_REFRESH, "data"),
        # The containers' styles change once a tab is really shown.
        *[Input(ids.tab_container_id(value), "style") for value in values],
        *[State(cid, prop) for cid, prop in CYTOSCAPE_GRAPHS],
        prevent_initial_call=True,
    )
