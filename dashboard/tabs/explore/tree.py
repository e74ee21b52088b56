"""The game tree of the Explore tab (thesis Figs 1-3 and 14): its panel, the tree of a request, its callbacks.

The tree's geometry (the tidy layered layout, label sizes) and stylesheet are every tree's
(:mod:`dashboard.gametree`); its node texts are :mod:`.tree_layout`'s.

The tree's state in the page (``ids.TREE_TOGGLED``) is
``{"base": depth, "flipped": [paths], "seq": n}``: nodes shallower than
``base`` are expanded unless their path is flipped, deeper ones only when
it is (:func:`solver.values.tree.game_tree`).  Clicks and keys send
``{"path": str, "seq": int}`` to ``ids.TREE_ACTION``; every request
rebuilds the tree from that small state (about 6 ms for a click at depth 8
and 20 ms for the 400 nodes the tree may hold, answer serialised:
``benchmarks/tree_latency.py``), so the server keeps nothing per browser."""

from __future__ import annotations

import dash
import dash_cytoscape as cyto
from dash import ClientsideFunction, Input, Output, State, dcc, html, no_update
from dash.exceptions import PreventUpdate

from solver import config, game_tree, parse_int
from solver.values.tree import GameTree

from ... import ids as page_ids
from ... import setup as setups
from ...components import attrs, panel
from ...defaults import DEPTH_MAX
from ...gametree.geometry import MAX_ZOOM, MIN_ZOOM, TREE_LAYOUT, plural
from ...gametree.style import tree_stylesheet
from ...style import NAMES, partial_legend, swatch_style
from . import ids
from .tree_elements import tree_elements
from .tree_state import MAX_FLIPPED, _with_line, best_line, check_action, check_state, default_state
from .viewargs import view_args_js

__all__ = [
    "make_tree",
    "register",
    "tree_panel",
]


# ---------------------------------------------------------------- the panel


def _legend() -> list:
    items = [
        html.Span([html.Span(className="swatch", style=swatch_style(k)), NAMES[k]], className="legend-item")
        for k in ("W", "L", "D", "U")
    ]
    items += partial_legend()
    items += [
        html.Span("★ the mover wins at once (a square, in the squares game)", className="legend-item"),
        html.Span("↻ dashed border: repeat (a loop)", className="legend-item"),
        html.Span("double border: can be expanded", className="legend-item"),
        html.Span("cut corners: above the bound", className="legend-item"),
        html.Span("thick edge: best move", className="legend-item"),
        html.Span("≤ r: remoteness only bounded", className="legend-item"),
    ]
    return items


def _button(text: str, component_id: str, title: str) -> html.Button:
    return html.Button(text, id=component_id, className="button button-small", title=title, n_clicks=0)


def tree_panel() -> html.Section:
    """The game-tree panel: start number, actions, view buttons, legend, the graph and its hover card.

    Returns
    -------
    dash.html.Section
        A :func:`dashboard.components.panel` holding the start-number box
        (``ids.START_INPUT``, sent on Enter or when it loses focus), the
        buttons "Expand the best line", "Collapse all", "Inspect the
        selected node", "Zoom in", "Zoom out", "Fit", the legend, the
        message line, and the focusable box (``ids.TREE_BOX``) around the
        cytoscape graph (``ids.TREE``) and its hover card
        (``ids.TREE_CARD``), with the stores of the tree's state.
    """
    graph = cyto.Cytoscape(
        id=ids.TREE,
        elements=[],
        layout=TREE_LAYOUT,
        stylesheet=tree_stylesheet(),
        className="tree-graph",
        style={"width": "100%", "height": "100%"},
        minZoom=MIN_ZOOM,
        maxZoom=MAX_ZOOM,
        boxSelectionEnabled=False,
        autoungrabify=True,
        autounselectify=True,
    )
    box = html.Div(
        [
            graph,
            html.Div(id=ids.TREE_CARD, className="tree-card", **attrs({"aria-hidden": "true"})),
        ],
        id=ids.TREE_BOX,
        className="tree-box",
        tabIndex=0,
        role="application",
        **attrs(
            {
                "aria-label": "Game tree. Arrow keys move the selection: left to the parent, right to a child, up and "
                "down within a column. Enter or Space expands or collapses the selected node. Plus and minus zoom, "
                "0 fits, Home selects the start.",
                "aria-describedby": ids.TREE_SELECTION,
            }
        ),
    )
    toolbar = html.Div(
        [
            html.Div(
                [
                    html.Label(
                        ["start number", html.Span(" any size, e.g. 92 or 10**30", className="hint")],
                        htmlFor=ids.START_INPUT,
                    ),
                    dcc.Input(
                        id=ids.START_INPUT,
                        type="text",
                        value=str(config.DEFAULT_START),
                        debounce=True,
                        className="num-input",
                        inputMode="numeric",
                        autoComplete="off",
                    ),
                    html.Div(id=ids.START_ERROR, className="error", role="alert"),
                ],
                className="tree-start",
            ),
            html.Div(
                [
                    _button("Expand the best line", ids.TREE_BEST, "Expand every node along best play from the start"),
                    _button("Collapse all", ids.TREE_COLLAPSE, "Show the start alone"),
                    _button(
                        "Inspect the selected node",
                        ids.TREE_INSPECT,
                        "Open the last clicked or selected node in the Inspect tab",
                    ),
                ],
                className="tree-actions",
                role="group",
                **attrs({"aria-label": "tree actions"}),
            ),
            html.Div(
                [
                    _button("Zoom in", ids.TREE_ZOOM_IN, "Zoom in (+)"),
                    _button("Zoom out", ids.TREE_ZOOM_OUT, "Zoom out (−); labels stay at least 11 px"),
                    _button(
                        "Fit",
                        ids.TREE_FIT,
                        "Show the whole tree, or its start when it is too large to fit readably (0)",
                    ),
                ],
                className="tree-actions",
                role="group",
                **attrs({"aria-label": "tree view"}),
            ),
        ],
        className="tree-toolbar",
    )
    body = html.Div(
        [
            dcc.Store(id=ids.TREE_TOGGLED, data=default_state(config.DEFAULT_DEPTH)),
            dcc.Store(id=ids.TREE_ACTION),
            dcc.Store(id=ids.TREE_VIEW),
            dcc.Store(id=ids.DEPTH_APPLIED, data=config.DEFAULT_DEPTH),
            toolbar,
            html.Div(_legend(), id=ids.TREE_LEGEND, className="legend"),
            html.Div(id=ids.TREE_MESSAGE, className="tree-message", role="status"),
            box,
            html.Div(
                id=ids.TREE_SELECTION, className="visually-hidden", role="status", **attrs({"aria-live": "polite"})
            ),
            html.P(
                "Click a node, or select it with the arrow keys and press Enter, to expand or collapse it. Hover "
                "(or long-press) a node for its card. Drag or scroll to move around the tree; Ctrl + scroll, "
                "pinch or the buttons zoom.",
                className="note",
            ),
        ]
    )
    return panel(
        "Game tree",
        body,
        note="The tree of the start number to the move depth (thesis Figs 1-3, 14), growing to the right; each "
        "node's moves from top to bottom: takes, smallest first, then puts or adds (in Put-or-Take-a-Square, "
        "take above, put below). Values are for the player to move at each node.",
        wide=True,
    )


def _message(tree: GameTree, notes: list[str]) -> str:
    parts = [f"{plural(len(tree.nodes), 'node')}, values from bound B = {tree.bound:,}."]
    root = tree.nodes[0]
    if root.beyond_bound:
        parts.append(
            "The start number is above the bound, so values there are unknown (U) except where the mover wins at "
            "once; moves are exact."
        )
    if tree.truncated:
        parts.append(
            f"The tree reached its cap of {tree.max_nodes:,} nodes and was cut: lower the move depth or collapse "
            "branches, then expand the nodes you want."
        )
    return " ".join(parts + notes)


def make_tree(
    triggered: object,
    setup: object,
    start_text: object,
    depth: object,
    action: object,
    state: object,
) -> tuple:
    """The game tree, after a change of a control, a click or key on a node, or a button.

    Parameters
    ----------
    triggered : object
        Id of the component that fired: ``ids.TREE_ACTION`` (a node was
        clicked, or Enter or Space pressed on it), ``ids.TREE_BEST``,
        ``ids.TREE_COLLAPSE``; anything else (the setup, the start number,
        the depth, the first call) draws the tree afresh at the depth.
    setup : object
        The shared setup store; checked with
        :func:`dashboard.setup.validated_setup` (the bound is derived, never
        read).
    start_text : object
        The typed start number (:func:`solver.parsing.parse_int`).
    depth : object
        The move depth, ``1..DEPTH_MAX``.
    action : object
        ``{"path", "seq"}`` from the page (:func:`check_action`).
    state : object
        The tree's state from the page (:func:`check_state`).

    Returns
    -------
    tuple
        ``(elements, state, message, start message)``: the cytoscape
        elements (:func:`tree_elements`; ``no_update``, the last good tree
        kept, for a bad start number or depth; ``[]`` without a valid setup),
        the new state (``seq`` echoes the action's, so the page knows the
        answer arrived), the message above the tree and the message under
        the start-number box ("" when there is nothing to say).  Never
        raises: every problem becomes a message.
    """
    # A bad start number or depth keeps the tree as it is, with the message.
    try:
        start = parse_int(start_text, "the start number")  # type: ignore[arg-type]  # page input: parse_int refuses other types with ValueError (its docstring); its annotation is narrower
    except (TypeError, ValueError) as exc:
        return no_update, no_update, no_update, f"{exc}; the tree shows the last good one."
    try:
        depth = parse_int(depth, "the move depth", most=DEPTH_MAX)  # type: ignore[arg-type]  # page input: parse_int refuses other types with ValueError (its docstring); its annotation is narrower
    except (TypeError, ValueError) as exc:
        return no_update, no_update, f"{exc}: choose a depth from 1 to {DEPTH_MAX}.", ""
    if not setup:
        return [], no_update, "Fix the highlighted input above.", ""
    try:
        checked = setups.validated_setup(setup)
        solution, _ = setups.open_bound(checked["bound"], checked["rule"])
    except (ValueError, OSError) as exc:
        return [], no_update, str(exc), ""
    notes: list[str] = []
    if triggered in (ids.TREE_ACTION, ids.TREE_BEST, ids.TREE_COLLAPSE):
        try:
            current = check_state(state)
        except ValueError as exc:
            current = default_state(depth)
            notes.append(f"({exc}, so the tree was drawn afresh.)")
    else:
        current = default_state(depth)
    if triggered == ids.TREE_ACTION:
        try:
            path, seq = check_action(action)
        except ValueError as exc:
            notes.append(f"({exc}: click a node.)")
        else:
            flipped = current["flipped"]
            if path in flipped:
                flipped.remove(path)
            elif len(flipped) < MAX_FLIPPED:
                flipped.append(path)
            else:
                notes.append("(Too many nodes were flipped: press Collapse all.)")
            current["seq"] = seq
    elif triggered == ids.TREE_BEST:
        current = _with_line(current, best_line(start, solution))
    elif triggered == ids.TREE_COLLAPSE:
        current = {**current, "base": 0, "flipped": []}
    tree = game_tree(start, current["base"], solution, toggled=current["flipped"])
    return tree_elements(tree), current, _message(tree, notes), ""


def register(app: dash.Dash) -> None:
    """Wire the game tree's callbacks to ``app``.

    Parameters
    ----------
    app : dash.Dash
        The application whose layout holds :func:`tree_panel` and the
        move-depth controls of :mod:`dashboard.tabs.explore.layout`.

    Notes
    -----
    One server callback (:func:`make_tree`); the rest run in the browser
    (``assets/tree.js``): the move depth reaches the tree 0.35 s
    after the slider last moved (``ids.DEPTH_APPLIED``), so a run of
    arrow-key presses sends one request; a depth typed in the box applies
    at once (the slider follows), and the box shows the applied depth; the
    zoom and fit buttons.  The page's tree code sees each answer in the
    graph itself (no callback runs after an answer).
    """

    @app.callback(
        Output(ids.TREE, "elements"),
        Output(ids.TREE_TOGGLED, "data"),
        Output(ids.TREE_MESSAGE, "children"),
        Output(ids.START_ERROR, "children"),
        # The setup reaches the tree through its view's gate (written while the
        # view is shown), the depth and start through its arguments store
        # (written in the browser while the tree is shown): nothing is drawn or
        # sent for a tree never opened, or hidden.
        Input(ids.explore_gate_id("tree"), "data"),
        Input(ids.TREE_ARGS, "data"),
        Input(ids.TREE_ACTION, "data"),
        Input(ids.TREE_BEST, "n_clicks"),
        Input(ids.TREE_COLLAPSE, "n_clicks"),
        State(ids.START_INPUT, "value"),
        State(ids.DEPTH_APPLIED, "data"),
        State(ids.TREE_TOGGLED, "data"),
        prevent_initial_call=True,
    )
    def _tree(setup, _args, action, _best, _collapse, start_text, depth, state):
        if setup is None:
            raise PreventUpdate
        return make_tree(dash.ctx.triggered_id, setup, start_text, depth, action, state)

    app.clientside_callback(
        view_args_js("tree", ["depth", "start"], with_setup=False),
        Output(ids.TREE_ARGS, "data"),
        Input(ids.EXPLORE_VIEW, "value"),
        Input(page_ids.TABS, "value"),
        Input(ids.explore_gate_id("tree"), "data"),
        Input(ids.DEPTH_APPLIED, "data"),
        Input(ids.START_INPUT, "value"),
        State(ids.TREE_ARGS, "data"),
        prevent_initial_call=True,
    )

    app.clientside_callback(
        ClientsideFunction("ptsqTree", "applyDepth"),
        Output(ids.DEPTH_APPLIED, "data"),
        Input(ids.DEPTH_SLIDER, "value"),
        State(ids.DEPTH_APPLIED, "data"),
        prevent_initial_call=True,
    )
    app.clientside_callback(
        ClientsideFunction("ptsqTree", "syncDepth"),
        Output(ids.DEPTH_INPUT, "value"),
        Output(ids.DEPTH_ERROR, "children"),
        Output(ids.DEPTH_APPLIED, "data", allow_duplicate=True),
        Input(ids.DEPTH_INPUT, "value"),
        Input(ids.DEPTH_APPLIED, "data"),
        prevent_initial_call=True,
    )
    app.clientside_callback(
        ClientsideFunction("ptsqTree", "followDepth"),
        Output(ids.DEPTH_SLIDER, "value", allow_duplicate=True),
        Input(ids.DEPTH_APPLIED, "data"),
        State(ids.DEPTH_SLIDER, "value"),
        prevent_initial_call=True,
    )
    app.clientside_callback(
        ClientsideFunction("ptsqTree", "viewButton"),
        Output(ids.TREE_VIEW, "data"),
        Input(ids.TREE_ZOOM_IN, "n_clicks"),
        Input(ids.TREE_ZOOM_OUT, "n_clicks"),
        Input(ids.TREE_FIT, "n_clicks"),
        prevent_initial_call=True,
    )
