"""The game tree of the Explore tab (thesis Figs 1-3 and 14): layout, elements, panel and callbacks.

The tree grows from the start number to the right, one column per move:
the take child above, the put child below.  Positions are computed here,
not by a cytoscape layout, with a tidy layered layout (Reingold and
Tilford's, "Tidier drawings of trees", IEEE Trans. Software Eng. 7(2),
1981): every column has one width, so edges only cross the gaps between
columns; each subtree is pushed as close to its elder sibling as the
contours of the two allow at every depth, and a parent sits midway
between its two children.  So no two node boxes overlap, no two edges
cross, and the same tree always gets the same drawing (tests check all
three).  The browser only pans and zooms; ``assets/tree.js``
adds the hover card, the keyboard, the view buttons and keeps a clicked
node where it was while the tree grows around it.

Labels are :data:`FONT_PX` pixels at zoom 1 and the graph never zooms below
:data:`MIN_ZOOM`, so no label is drawn smaller than 11 px: a large tree
pans (drag, scroll) instead of shrinking.

The tree's state in the page (``ids.TREE_TOGGLED``) is
``{"base": depth, "flipped": [paths], "seq": n}``: nodes shallower than
``base`` are expanded unless their path is flipped, deeper ones only when
it is (:func:`solver.values.tree.game_tree`).  Clicks and keys send
``{"path": str, "seq": int}`` to ``ids.TREE_ACTION``; every request
rebuilds the tree from that small state (about 6 ms for a click at depth 8
and 20 ms for the 400 nodes the tree may hold, answer serialised:
``benchmarks/tree_latency.py``), so the server keeps nothing per browser.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TypeGuard

import dash
import dash_cytoscape as cyto
from dash import ClientsideFunction, Input, Output, State, dcc, html, no_update
from dash.exceptions import PreventUpdate

from solver import (
    GameTree,
    Solution,
    TreeNode,
    best_rule_moves,
    config,
    game_tree,
    move_text,
    parse_int,
    path_depth,
    path_order,
    path_parent,
    wins_at_once,
)

from ... import ids as page_ids
from ... import setup as setups
from ...components import attrs, panel
from ...defaults import DEPTH_MAX
from ...style import (
    COLOURS,
    NAMES,
    NEUTRAL_DARK,
    NEUTRAL_LIGHT,
    PARTIAL_NAMES,
    PARTIAL_TEXT,
    TEXT_COLOURS,
    format_position,
    partial_legend,
    position_detail,
    swatch_style,
)
from . import ids
from .viewargs import view_args_js

__all__ = [
    "FONT_PX",
    "MIN_ZOOM",
    "TREE_LAYOUT",
    "best_line",
    "check_action",
    "check_state",
    "default_state",
    "make_tree",
    "node_tip",
    "register",
    "short_position",
    "tidy_layout",
    "tip_text",
    "tree_elements",
    "tree_panel",
    "tree_stylesheet",
]

# ---------------------------------------------------------------- geometry (pixels at zoom 1)

#: Font size of every label of the tree (nodes and edges).
FONT_PX = 13
#: Smallest zoom: labels are never drawn below ``FONT_PX * MIN_ZOOM`` = 11.05 px.
MIN_ZOOM = 0.85
#: Largest zoom.
MAX_ZOOM = 2.5
#: Height of a text line.
LINE_PX = 16
#: Height of every node box: two lines of text and padding.
NODE_H = 2 * LINE_PX + 12
#: Space between two node boxes of one column.
V_GAP = 12
#: Space between two columns (room for the "take"/"put" edge labels).
H_GAP = 72
#: Padding left and right of a label inside its box.
PAD_X = 10
#: Estimated width of a character, in em: generous for digits and Latin
#: letters of the usual sans-serif fonts (0.55-0.64 em), and of the rest.
_NARROW_EM = 0.66
_WIDE_EM = 1.05

#: The layout cytoscape runs: the positions the elements carry, and no fit
#: (the page's tree.js sets the view; fitting a big tree would shrink it).
TREE_LAYOUT = {"name": "preset", "fit": False, "animate": False}

# ---------------------------------------------------------------- limits of what the page may send

#: Longest path a click may name (a node's depth; the node cap keeps real
#: trees far shallower).
MAX_PATH = 400
#: Most flipped paths the tree's state may hold.
MAX_FLIPPED = 2000
#: Most moves "Expand the best line" follows from the start.
LINE_MOVES = 60

_PATH = re.compile(r"[tp]*|(?:/\d{1,7})*")


# ---------------------------------------------------------------- text


def _plural(count: int, word: str) -> str:
    return f"{count:,} {word}" + ("" if count == 1 else "s")


def short_position(position: int) -> str:
    """A position as a node label shows it: :func:`dashboard.style.format_position`.

    Parameters
    ----------
    position : int
        Any integer ``>= 0``.

    Returns
    -------
    str
        ``"4,708"`` up to 12 digits; ``"10³⁰"`` for an exact power of ten;
        otherwise ``"1.000…×10³⁰"`` (the hover card says how many digits).
    """
    return format_position(position)


def _full_position(position: int) -> str:
    return position_detail(position)


def _value_text(node: TreeNode) -> str:
    """Second line of a label: outcome ("U (not L)" for a partial fact), remoteness, marks (★ square, ↻ repeat)."""
    text = PARTIAL_TEXT.get(node.cannot_be or "", node.outcome.name)
    if node.remoteness is not None:
        text += f" {node.remoteness}"
    elif node.remoteness_at_most is not None:
        text += f" ≤{node.remoteness_at_most}"
    if node.square:
        text += " ★"
    if node.repeat:
        text += " ↻"
    return text


def node_tip(node: TreeNode, parent: int | None, bound: int) -> list[list[str]]:
    """The hover card of a node: what it is, how it was reached, its value and marks.

    Parameters
    ----------
    node : solver.values.tree.TreeNode
    parent : int or None
        The parent's position; None at the root.
    bound : int
        The bound B the values come from.

    Returns
    -------
    list of [str, str]
        ``[label, text]`` rows, always in this order: ``position``,
        ``move``, ``outcome``, ``remoteness``, ``marks`` (each mark of
        square, repeat, beyond the bound and best move that applies, or
        "none"), ``expand`` (what a click or Enter does).
    """
    move = (
        "none: the start of the tree"
        if parent is None or node.move is None
        else f"{move_text(node.move)} from {_full_position(parent)}"
    )
    outcome = PARTIAL_NAMES.get(node.cannot_be or "", NAMES[node.outcome.name])
    if node.beyond_bound and not node.square:
        outcome = f"U (above the bound B = {bound:,}: unknown)"
    if node.remoteness is not None:
        remoteness = f"{node.remoteness} (exact)"
    elif node.remoteness_at_most is not None:
        remoteness = f"≤ {node.remoteness_at_most} (only an upper bound at B = {bound:,})"
    elif node.outcome.name == "D":
        remoteness = "none: neither side can force a win"
    else:
        remoteness = "unknown"
    marks = []
    if node.square:
        marks.append("wins at once: a move leads to a position with no move (in the squares game, a square)")
    if node.repeat:
        marks.append("repeat: already on the path from the start (a loop)")
    if node.beyond_bound:
        marks.append(f"beyond the bound B = {bound:,}")
    if node.best:
        marks.append("a best move for the player at the parent")
    if node.expanded:
        expand = "click or Enter collapses it"
    elif node.expandable:
        expand = "click or Enter expands it"
    else:
        expand = "a leaf: the game stops here" if (node.square or node.repeat) else "a leaf"
    return [
        ["position", _full_position(node.position)],
        ["move", move],
        ["outcome", outcome],
        ["remoteness", remoteness],
        ["marks", "; ".join(marks) if marks else "none"],
        ["expand", expand],
    ]


def tip_text(rows: list[list[str]]) -> str:
    """A hover card as the page receives it: one ``label<TAB>text`` line per row.

    Parameters
    ----------
    rows : list of [str, str]
        From :func:`node_tip`.

    Returns
    -------
    str
        The rows joined with newlines, label and text with a tab (tabs and
        line breaks inside them become spaces); ``assets/tree.js``
        splits it back.
    """

    def plain(text: str) -> str:
        return " ".join(str(text).replace("\t", " ").splitlines())

    return "\n".join(f"{plain(label)}\t{plain(text)}" for label, text in rows)


def _text_width(line: str) -> float:
    ems = sum(_NARROW_EM if ord(ch) < 0x250 else _WIDE_EM for ch in line)
    return ems * FONT_PX


# ---------------------------------------------------------------- layout


def tidy_layout(paths: Iterable[str], widths: dict[str, float]) -> dict[str, tuple[float, float, float, float]]:
    """Boxes of a tidy layered drawing of a tree named by paths (root left, take above put).

    Parameters
    ----------
    paths : iterable of str
        Every node's path (``""`` is the root; :func:`solver.values.tree.path_parent`
        is the parent, which must be present).  A node's children are drawn
        in move order from the top (take, then put; or ``"/0"``, ``"/1"``,
        ... in the games with many moves).
    widths : dict
        Path -> the width (px) its label needs.

    Returns
    -------
    dict
        Path -> ``(x, y, width, height)`` of its box, ``(x, y)`` the
        centre, in pixels at zoom 1.  Every box of a column (one depth) has
        that column's width, the widest label's; columns are
        :data:`H_GAP` apart.  Boxes of one column are at least
        :data:`V_GAP` apart, and a parent's ``y`` is the mean of its first
        and last child's.  The root is at ``y = 0``.

    Notes
    -----
    Reingold and Tilford's algorithm (IEEE Trans. Software Eng. 7(2), 1981)
    with explicit contours: a subtree's contour lists, per depth below its
    root, the top and bottom of its boxes.  The second child is placed as
    high as the contours allow; the parent is centred.  ``O(n * height)``.
    """
    paths = sorted(set(paths), key=lambda p: (path_depth(p), p))
    children: dict[str, list[str]] = {p: [] for p in paths}
    for p in paths:
        parent = path_parent(p)
        if parent is not None:
            children[parent].append(p)
    for kids_of in children.values():
        kids_of.sort(key=path_order)
    half = NODE_H / 2
    contour: dict[str, list[tuple[float, float]]] = {}
    offset: dict[str, float] = {}
    for path in reversed(paths):  # deepest first: children before parents
        kids = children[path]
        if not kids:
            contour[path] = [(-half, half)]
            continue
        placed = [0.0]
        merged = list(contour[kids[0]])
        for kid in kids[1:]:
            theirs = contour[kid]
            shift = max(merged[k][1] - theirs[k][0] for k in range(min(len(merged), len(theirs)))) + V_GAP
            placed.append(shift)
            for k, (top, bottom) in enumerate(theirs):
                if k < len(merged):
                    merged[k] = (min(merged[k][0], top + shift), max(merged[k][1], bottom + shift))
                else:
                    merged.append((top + shift, bottom + shift))
        middle = (placed[0] + placed[-1]) / 2
        for kid, at in zip(kids, placed, strict=True):
            offset[kid] = at - middle
        contour[path] = [(-half, half)] + [(top - middle, bottom - middle) for top, bottom in merged]
        for kid in kids:  # a child's contour is no longer needed
            del contour[kid]
    ys: dict[str, float] = {}
    for path in paths:  # shallowest first: parents before children
        ys[path] = 0.0 if path == "" else ys[path_parent(path) or ""] + offset[path]
    depth_count = max((path_depth(p) for p in paths), default=0) + 1
    column = [0.0] * depth_count
    for path in paths:
        column[path_depth(path)] = max(column[path_depth(path)], widths.get(path, 0.0))
    lefts = [0.0] * depth_count
    for d in range(1, depth_count):
        lefts[d] = lefts[d - 1] + column[d - 1] + H_GAP
    return {
        p: (lefts[path_depth(p)] + column[path_depth(p)] / 2, ys[p], column[path_depth(p)], float(NODE_H))
        for p in paths
    }


# ---------------------------------------------------------------- elements


def tree_elements(tree: GameTree) -> list[dict]:
    """Cytoscape elements of a game tree, with the positions of :func:`tidy_layout`.

    Parameters
    ----------
    tree : solver.values.tree.GameTree

    Returns
    -------
    list of dict
        One node element per tree node, then one edge per parent-child
        pair.  A node's id is ``"n" + path`` and its ``position`` is the
        centre of its box (pixels, rounded to 0.1).  Node data: ``path``,
        ``label`` (two lines: :func:`short_position`, then outcome,
        remoteness and marks), ``position`` (the exact decimal digits),
        ``outcome`` (``"W"``, ``"L"``, ``"D"``, ``"U"``), ``cannot_be``
        (``"L"`` or ``"W"`` for a U that the certificate by possibility
        narrows, else None), ``remoteness``
        (exact, or None), ``remoteness_at_most``, ``move`` (``"take"``,
        ``"put"`` or None), ``depth``, ``square``, ``repeat``, ``beyond``,
        ``best``, ``expandable``, ``expanded``, ``w`` and ``h`` (the box, px)
        and ``tip`` (:func:`node_tip` as text, :func:`tip_text`: every value
        is a string, number, bool or None, so the page sees an unchanged
        node as unchanged and leaves it alone).  The root's data also has ``view``,
        which names the drawing (start, bound, base depth): the page resets
        its view when it changes.  Classes: the outcome letter and
        ``square``, ``repeat``, ``beyond``, ``expandable``, ``expanded``,
        ``notL``, ``notW`` (a U that cannot be L, cannot be W) where they
        apply.  Edge ids are ``"e" + child path``, their data
        ``source``, ``target``, ``label`` (the move) and class ``best`` for
        best moves.
    """
    by_path = {node.path: node for node in tree.nodes}
    labels = {node.path: [short_position(node.position), _value_text(node)] for node in tree.nodes}
    widths = {path: max(_text_width(line) for line in lines) + 2 * PAD_X for path, lines in labels.items()}
    boxes = tidy_layout(by_path, widths)
    nodes: list[dict] = []
    edges: list[dict] = []
    for node in tree.nodes:
        x, y, w, h = boxes[node.path]
        parent = by_path[node.parent_path] if node.parent_path is not None else None
        classes = [node.outcome.name] + [
            name
            for flag, name in (
                (node.square, "square"),
                (node.repeat, "repeat"),
                (node.beyond_bound, "beyond"),
                (node.expandable, "expandable"),
                (node.expanded, "expanded"),
                (node.cannot_be == "L", "notL"),
                (node.cannot_be == "W", "notW"),
            )
            if flag
        ]
        data = {
            "id": "n" + node.path,
            "path": node.path,
            "label": "\n".join(labels[node.path]),
            "position": str(node.position),
            "outcome": node.outcome.name,
            "cannot_be": node.cannot_be,
            "remoteness": node.remoteness,
            "remoteness_at_most": node.remoteness_at_most,
            "move": move_text(node.move) if node.move else None,
            "depth": node.depth,
            "square": node.square,
            "repeat": node.repeat,
            "beyond": node.beyond_bound,
            "best": node.best,
            "expandable": node.expandable,
            "expanded": node.expanded,
            "w": round(w, 1),
            "h": h,
            "tip": tip_text(node_tip(node, parent.position if parent else None, tree.bound)),
        }
        nodes.append({"data": data, "position": {"x": round(x, 1), "y": round(y, 1)}, "classes": " ".join(classes)})
        # Every node but the root (no parent) was reached by a move.
        if parent is not None and node.move is not None:
            edges.append(
                {
                    "data": {
                        "id": "e" + node.path,
                        "source": "n" + parent.path,
                        "target": "n" + node.path,
                        "label": move_text(node.move),
                    },
                    "classes": "best" if node.best else "",
                }
            )
    if nodes:
        nodes[0]["data"]["view"] = f"{tree.start}|{tree.bound}|{tree.depth}"
    return nodes + edges


def tree_stylesheet() -> list[dict]:
    """The cytoscape stylesheet of the game tree.

    Returns
    -------
    list of dict
        Boxes sized by the data (``w``, ``h``), filled with the outcome's
        colour of :data:`dashboard.style.COLOURS` and lettered in its
        :data:`dashboard.style.TEXT_COLOURS` (contrast at least 4.5:1);
        every label :data:`FONT_PX` px.  Marks: a double border on a node
        that can be expanded, a dashed one on a repeat, cut corners above
        the bound, a halo on the selected node (class ``focus``); edges
        turn at right angles, best moves thick and dark.  Squares and
        repeats also carry ★ and ↻ in their labels.
    """
    font = 'system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif'
    sheet = [
        {
            "selector": "node",
            "style": {
                "label": "data(label)",
                "text-wrap": "wrap",
                "text-valign": "center",
                "text-halign": "center",
                "line-height": LINE_PX / FONT_PX,
                "font-size": FONT_PX,
                "font-family": font,
                "width": "data(w)",
                "height": "data(h)",
                "shape": "round-rectangle",
                "border-width": 1.5,
                "border-color": NEUTRAL_DARK,
            },
        },
        {
            "selector": "edge",
            "style": {
                "curve-style": "taxi",
                "taxi-direction": "rightward",
                "taxi-turn": 22,
                "taxi-turn-min-distance": 4,
                "width": 1.5,
                "line-color": NEUTRAL_LIGHT,
                "target-arrow-shape": "triangle",
                "target-arrow-color": NEUTRAL_LIGHT,
                "arrow-scale": 0.9,
                "target-label": "data(label)",
                "target-text-offset": 34,
                "font-size": FONT_PX,
                "font-family": font,
                "color": "#333333",
                "text-background-color": "#ffffff",
                "text-background-opacity": 1,
                "text-background-padding": 1,
            },
        },
    ]
    for key, colour in COLOURS.items():
        sheet.append({"selector": f"node.{key}", "style": {"background-color": colour, "color": TEXT_COLOURS[key]}})
    sheet += [
        {"selector": "node.beyond", "style": {"shape": "cut-rectangle"}},
        {"selector": "node.expandable[!expanded]", "style": {"border-style": "double", "border-width": 5}},
        {"selector": "node.repeat", "style": {"border-style": "dashed", "border-width": 3}},
        {
            # Drawn over the thin edge that shares its first segment.
            "selector": "edge.best",
            "style": {"width": 4, "line-color": NEUTRAL_DARK, "target-arrow-color": NEUTRAL_DARK, "z-index": 2},
        },
        {
            "selector": "node.focus",
            "style": {"underlay-color": "#E69F00", "underlay-padding": 6, "underlay-opacity": 0.85},
        },
    ]
    return sheet


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


# ---------------------------------------------------------------- state and actions


def default_state(depth: int) -> dict:
    """The tree's state when a control changes: every node shallower than ``depth`` expanded.

    Parameters
    ----------
    depth : int
        The move depth.

    Returns
    -------
    dict
        ``{"base": depth, "flipped": [], "seq": 0}``.
    """
    return {"base": depth, "flipped": [], "seq": 0}


def _is_path(value: object) -> TypeGuard[str]:
    return isinstance(value, str) and len(value) <= MAX_PATH and _PATH.fullmatch(value) is not None


def _is_count(value: object, most: int) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most


def check_state(data: object) -> dict:
    """Check the tree's state that came back from the page.

    Parameters
    ----------
    data : object
        What ``ids.TREE_TOGGLED`` held.

    Returns
    -------
    dict
        ``{"base": int, "flipped": list of str, "seq": int}``: ``base`` in
        ``0..DEPTH_MAX``, at most :data:`MAX_FLIPPED` distinct paths of
        ``"t"`` and ``"p"`` no longer than :data:`MAX_PATH`, ``seq`` a
        whole number ``>= 0``.

    Raises
    ------
    ValueError
        If ``data`` is anything else (the caller starts afresh).
    """
    if not isinstance(data, dict) or set(data) - {"base", "flipped", "seq"}:
        raise ValueError("the tree's state was not understood")
    base, flipped, seq = data.get("base"), data.get("flipped", []), data.get("seq", 0)
    if not _is_count(base, DEPTH_MAX) or not _is_count(seq, 2**53):
        raise ValueError("the tree's state was not understood")
    if not isinstance(flipped, list) or len(flipped) > MAX_FLIPPED or not all(_is_path(p) for p in flipped):
        raise ValueError("the tree's state was not understood")
    return {"base": base, "flipped": list(dict.fromkeys(flipped)), "seq": seq}


def check_action(data: object) -> tuple[str, int]:
    """Check a click or key press on a node that came from the page.

    Parameters
    ----------
    data : object
        What ``ids.TREE_ACTION`` held: ``{"path": str, "seq": int}``.

    Returns
    -------
    tuple
        ``(path, seq)``.

    Raises
    ------
    ValueError
        If ``data`` is not such a dict, the path is not made of ``"t"`` and
        ``"p"`` (at most :data:`MAX_PATH` of them) or ``seq`` is not a whole
        number ``>= 0``.
    """
    if not isinstance(data, dict) or set(data) - {"path", "seq"}:
        raise ValueError("the click on the tree was not understood")
    path, seq = data.get("path"), data.get("seq", 0)
    if not _is_path(path) or not _is_count(seq, 2**53):
        raise ValueError("the click on the tree was not understood")
    return path, seq


def best_line(start: int, solution: Solution, max_moves: int = LINE_MOVES) -> list[str]:
    """Paths of the nodes along best play from the start.

    Parameters
    ----------
    start : int
        The root's position, ``>= 1``.
    solution : Solution
        Where values come from.
    max_moves : int, optional
        Most moves followed.

    Returns
    -------
    list of str
        ``""`` (the root), then one path per move: each player plays the
        first of :func:`solver.values.position.best_moves` (win fastest; else draw;
        else unknown; else lose slowest).  The line stops at a square (the
        mover then wins by taking it to 0), at a repeat (a position already
        on the line: a loop) or after ``max_moves`` moves.
    """
    path, position, seen = "", start, {start}
    line = [path]
    rule = solution.rule
    while path_depth(path) < max_moves and not wins_at_once(position, rule):
        options = rule.moves(position)
        best = best_rule_moves(position, solution)
        if not best:
            break
        move = best[0]
        position = move.child
        path += rule.path_step(move, options.index(move))
        line.append(path)
        if position in seen:
            break
        seen.add(position)
    return line


def _with_line(state: dict, line: list[str]) -> dict:
    """The state with every node of the line but the last expanded."""
    flipped = list(state["flipped"])
    for path in line[:-1]:
        default = path_depth(path) < state["base"]
        if default and path in flipped:
            flipped.remove(path)
        elif not default and path not in flipped:
            flipped.append(path)
    return {**state, "flipped": flipped}


def _message(tree: GameTree, notes: list[str]) -> str:
    parts = [f"{_plural(len(tree.nodes), 'node')}, values from bound B = {tree.bound:,}."]
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
