"""Figure builders of the Inspect tab: the certificate graph and the number's tables (pure)."""

from __future__ import annotations

from dash import html

from solver import Outcome
from solver.values.inspection import Certificate
from solver.values.play import move_text

from ...style import (
    COLOURS,
    NAMES,
    NEUTRAL,
    NEUTRAL_DARK,
    PARTIAL_NAMES,
    PARTIAL_TEXT,
    TEXT_COLOURS,
    format_position,
    position_detail,
    swatch_style,
)
from . import ids


def certificate_stylesheet() -> list[dict]:
    """Cytoscape stylesheet of the certificate graph.

    Returns
    -------
    list of dict
        Nodes in their outcome's colour (:data:`dashboard.style.COLOURS`)
        with readable text (:data:`dashboard.style.TEXT_COLOURS`), the
        inspected number drawn with a thick border, known W and L positions
        as ellipses (a move into a known W dashed), and the move that shows
        a member cannot be L thick and dark.  Its own sheet: the game tree's
        may change without changing this graph.
    """
    sheet = [
        {
            "selector": "node",
            "style": {
                "label": "data(label)",
                "text-wrap": "wrap",
                "text-valign": "center",
                "font-size": 12,
                "width": 66,
                "height": 38,
                "shape": "round-rectangle",
                "border-width": 1,
                "border-color": NEUTRAL_DARK,
            },
        },
        {
            "selector": "edge",
            "style": {
                "curve-style": "bezier",
                "target-arrow-shape": "triangle",
                "width": 1.5,
                "line-color": NEUTRAL,
                "target-arrow-color": NEUTRAL,
                "label": "data(label)",
                "font-size": 11,
                "color": NEUTRAL_DARK,
                "text-background-color": "#ffffff",
                "text-background-opacity": 0.85,
            },
        },
    ]
    sheet += [
        {"selector": f"node.{key}", "style": {"background-color": colour, "color": TEXT_COLOURS[key]}}
        for key, colour in COLOURS.items()
    ]
    sheet += [
        # Known W and L positions (retrograde analysis) end the claims: ovals.
        {"selector": "node.known", "style": {"shape": "ellipse", "width": 56}},
        {"selector": "node.root", "style": {"border-width": 4, "border-color": "#000000"}},
        # A move into a known W: the mover there wins, so it cannot be L (dashed).
        {"selector": "edge.exit", "style": {"line-style": "dashed"}},
        # The one move that shows a member cannot be L (its target cannot be
        # W): the move that keeps the draw, drawn as the tree draws a best move.
        {
            "selector": "edge.level",
            "style": {
                "curve-style": "unbundled-bezier",
                "control-point-distances": [-60],
                "control-point-weights": [0.5],
            },
        },
        {
            "selector": "edge.claimL",
            "style": {"width": 4, "line-color": NEUTRAL_DARK, "target-arrow-color": NEUTRAL_DARK, "z-index": 2},
        },
    ]
    return sheet


def certificate_layout(n: int | None = None) -> dict:
    """Cytoscape layout of the certificate graph: breadth-first from ``n`` (top).

    Parameters
    ----------
    n : int, optional
        The inspected number (the root); None for no root.

    Returns
    -------
    dict
        A new layout each time, so the graph is laid out and fitted afresh.
    """
    layout = {
        "name": "breadthfirst",
        "directed": True,
        "spacingFactor": 1.1,
        "padding": 20,
        "animate": False,
        "fit": True,
    }
    if n is not None:
        layout["roots"] = f"#c{n}"
    return layout


def _value_phrase(letter: str) -> str:
    return NAMES.get(letter, letter)


def summary_panel(info, nim: str | None = None) -> html.Div:
    """The facts about the inspected number: value, remoteness, best moves, nim value, notes.

    Parameters
    ----------
    info : solver.values.inspection.Inspection
        :func:`solver.values.inspection.inspect_position` of the number.
    nim : str, optional
        The loopy nim value's text (``"0"``, ``"∞{0}"``, ``"?"``, or why
        there is none); the row is left out when None.

    Returns
    -------
    dash.html.Div
        A two-column table (n, value, remoteness, best moves) and notes for
        a square or a number above the bound.
    """
    if info.remoteness is not None:
        rem = f"{info.remoteness} (exact)"
    elif info.at_most is not None:
        rem = f"at most {info.at_most} (not proven exact at this bound)"
    else:
        rem = "none (the game has no forced end)" if info.outcome == Outcome.D else "unknown"
    if info.best_moves:
        best = ", ".join(f"{move_text(m.move)} → {format_position(m.child)} ({m.text})" for m in info.moves if m.best)
    elif info.position == 0:
        best = "none: the game is over (the player to move at 0 has no move)"
    else:
        best = "none: the player to move has no move, so the game is over"
    partial = partial_key(info.text)
    if partial is not None:
        value = PARTIAL_NAMES[partial]
    elif info.text == info.outcome.name:
        value = _value_phrase(info.outcome.name)
    else:
        value = f"{info.text}: {_value_phrase(info.outcome.name)}"
    facts = [
        ("n", position_detail(info.position)),
        ("value", value),
        ("remoteness", rem),
        ("best moves", best),
    ]
    if nim is not None:
        facts.append(("nim value", nim))
    notes = []
    if partial is not None:
        notes.append(partial_note(info))
    elif info.outcome == Outcome.D:
        notes.append("A certified draw: its proof, claim by claim, is under Draw certificate below.")
    if info.is_square:
        notes.append("The player to move wins at once: a move leads to a position with no move.")
    if info.above_bound:
        notes.append(
            f"n is above the bound {info.bound:,}, so its value is unknown unless it wins at once; moves are exact."
        )
    return html.Div(
        [
            html.Table(
                html.Tbody(
                    [
                        html.Tr([html.Th(k), html.Td(v, className="num long-number") if k == "n" else html.Td(v)])
                        for k, v in facts
                    ]
                ),
                className="summary-table",
            ),
            *[html.P(text, className="note") for text in notes],
        ]
    )


def partial_key(text: str) -> str | None:
    """``"L"`` for the value text ``"U (not L)"``, ``"W"`` for ``"U (not W)"``, else None."""
    for key, shown in PARTIAL_TEXT.items():
        if text == shown:
            return key
    return None


#: Value texts (:func:`solver.value_text`, first letter or whole text) of a
#: position that cannot be L, and of one that cannot be W.
_CANNOT_BE_L = ("W", "D", PARTIAL_TEXT["L"])
_CANNOT_BE_W = ("L", "D", PARTIAL_TEXT["W"])


def _cannot_be(text: str, letter: str) -> bool:
    """Whether a value text shows a position that cannot be ``letter`` (``"L"`` or ``"W"``)."""
    allowed = _CANNOT_BE_L if letter == "L" else _CANNOT_BE_W
    return text in allowed or (text[:1] in allowed and not text.startswith("U"))


def partial_note(info) -> str:
    """Why an unresolved position cannot be L (or W), one step deep, from its moves' values.

    Parameters
    ----------
    info : solver.values.inspection.Inspection
        A position whose value text is ``"U (not L)"`` or ``"U (not W)"``.

    Returns
    -------
    str
        For "cannot be L": the move to a position that cannot be W (an L,
        a D or a "U (not W)"); for "cannot be W": that every move leads to
        a position that cannot be L.  Then what is still open, and that the
        targets can be inspected in the moves table.
    """
    key = partial_key(info.text)
    if key == "L":
        witness = next((m for m in info.moves if _cannot_be(m.text, "W")), None)
        how = (
            f"{move_text(witness.move)} → {format_position(witness.child)} leads to a position that cannot be W "
            f"({witness.text})"
            if witness is not None
            else "a move leads to a position that cannot be W"
        )
        return (
            f"It cannot be L: {how}, so the player to move never loses. Whether it is a win or a draw depends on "
            "positions above the bound; a larger bound may decide it."
        )
    if key == "W":
        shown = ", ".join(f"{move_text(m.move)} → {format_position(m.child)} ({m.text})" for m in info.moves)
        return (
            f"It cannot be W: every move leads to a position that cannot be L ({shown}), so the player to move "
            "never wins. Whether it is a loss or a draw depends on positions above the bound."
        )
    return ""


def moves_table(info) -> html.Div | html.Table:
    """The number's moves, each with its child and the child's value.

    Parameters
    ----------
    info : solver.values.inspection.Inspection
        :func:`solver.values.inspection.inspect_position` of the number.

    Returns
    -------
    dash.html.Div or dash.html.Table
        An empty ``Div`` at 0 (no moves), else one row per move, best
        moves starred, values on their outcome's colour.
    """
    if not info.moves:
        return html.Div()
    rows = [
        html.Tr(
            [
                html.Td(move_text(m.move) + (" ★ best" if m.best else "")),
                html.Td(format_position(m.child), className="num long-number", title=str(m.child)),
                html.Td(
                    [html.Span(className="swatch", style=swatch_style(m.outcome.name)), m.text]
                    + ([" (above the bound)"] if m.above_bound else [])
                ),
            ]
        )
        for m in info.moves
    ]
    return html.Table(
        [
            html.Thead(html.Tr([html.Th("move"), html.Th("child"), html.Th("child's value (for its mover)")])),
            html.Tbody(rows),
        ],
        className="summary-table",
    )


#: What each claim of a certificate says, as the page writes it.
CLAIM_TEXT = {"not W": "cannot be W", "not L": "cannot be L"}


def _certificate_values(certificate: Certificate) -> dict[int, str]:
    """The value text of every position a certificate names (the draw itself is ``"D"``)."""
    values = {e.child: e.child_value for e in certificate.edges}
    values[certificate.position] = "D"
    return values


def certificate_elements(certificate: Certificate) -> list[dict]:
    """Cytoscape elements of a draw certificate: its members, the known W and L they rest on, and the moves.

    Parameters
    ----------
    certificate : solver.values.inspection.Certificate

    Returns
    -------
    list of dict
        Node ids ``"c<position>"``; node data ``label`` (the position and
        its value), ``position`` (exact str), ``value`` and ``claims``
        (``"cannot be W, cannot be L"``, or one of them; ``""`` for a known
        W or L); classes: the outcome letter (``D``, or ``U`` for a member
        that is U with a partial fact), ``member`` or ``known`` (and
        ``exit`` for a known W: moving there hands the opponent the win),
        ``notW`` / ``notL`` (the claims of a member), ``root`` (the
        inspected number).  One edge per move (a move that shows both claims
        is drawn once), data ``label`` (``"take"``/``"put"``, or ``"take
        9"``, ``"add 1"`` in the other games) and ``claims``; classes
        ``claimW`` (one of every move of a member that cannot be W),
        ``claimL`` (the move that shows a member cannot be L), ``exit``
        (into a known W) and ``level`` (a move between two positions of one
        row of the breadth-first layout, drawn as an arc so that it passes
        no node between them).
    """
    values = _certificate_values(certificate)
    not_w, not_l = set(certificate.cannot_be_w), set(certificate.cannot_be_l)
    elements: list[dict] = []

    def node(x: int, classes: list[str], claims: str) -> dict:
        value = values.get(x, "D")
        return {
            "data": {
                "id": f"c{x}",
                "label": f"{format_position(x)}\n{value}",
                "position": str(x),
                "value": value,
                "claims": claims,
            },
            "classes": " ".join([value[0], *classes]),
        }

    for x in certificate.members:
        claims = [CLAIM_TEXT[c] for c, inside in (("not W", x in not_w), ("not L", x in not_l)) if inside]
        marks = ["member"] + (["notW"] if x in not_w else []) + (["notL"] if x in not_l else [])
        marks += ["root"] if x == certificate.position else []
        elements.append(node(x, marks, ", ".join(claims)))
    for x in certificate.known_w:
        elements.append(node(x, ["known", "exit"], ""))
    for x in certificate.known_l:
        elements.append(node(x, ["known"], ""))
    moves: dict[tuple[int, int], dict] = {}
    for e in certificate.edges:
        key = (e.position, e.child)
        if key not in moves:
            moves[key] = {"label": move_text(e.move), "claims": []}
        moves[key]["claims"].append(e.claim)
    known_w = set(certificate.known_w)
    depth = _bfs_depths(certificate.position, moves)
    for (source, target), move in moves.items():
        classes = ["claimW" if c == "not W" else "claimL" for c in move["claims"]]
        if target in known_w:
            classes.append("exit")
        if depth.get(source) is not None and depth.get(source) == depth.get(target):
            # Both ends on one row of the breadth-first layout: drawn straight, the move would run
            # through the nodes between them (19 → 3 through 1, for 6); it arcs over the row instead.
            classes.append("level")
        elements.append(
            {
                "data": {
                    "id": f"e{source}-{target}",
                    "source": f"c{source}",
                    "target": f"c{target}",
                    "label": move["label"],
                    "claims": ", ".join(CLAIM_TEXT[c] for c in move["claims"]),
                },
                "classes": " ".join(classes),
            }
        )
    return elements


def _bfs_depths(root: int, moves: dict[tuple[int, int], dict]) -> dict[int, int]:
    """The row of each position in the certificate's breadth-first layout (moves followed from the root)."""
    children: dict[int, list[int]] = {}
    for source, target in moves:
        children.setdefault(source, []).append(target)
    depth = {root: 0}
    queue = [root]
    for position in queue:
        for child in children.get(position, []):
            if child not in depth:
                depth[child] = depth[position] + 1
                queue.append(child)
    return depth


def _goto(position: int, counter: list[int]) -> html.Button:
    """A number of the proof as a button that inspects it (each button's id unique)."""
    counter[0] += 1
    return html.Button(
        format_position(position),
        id={"type": ids.INSPECT_GOTO, "position": str(position), "at": counter[0]},
        className="link-button num",
        title=f"inspect {position}",
        n_clicks=0,
    )


def certificate_proof(certificate: Certificate) -> html.Div:
    """The proof of a draw in words, one claim per row, every number a button that inspects it.

    On the thesis's terms (W: the player to move can force a win; L: the
    opponent can): the draw ``n`` cannot be W because *every* move leads to
    a position that cannot be L, and cannot be L because *some* move leads to
    a position that cannot be W.  Each such position is a known W or L
    (retrograde analysis), or a member of the certificate whose own claim
    has a row below; so every claim rests, in the end, on known W and L
    positions (the induction on remoteness of ``docs/mathematics.md``
    section 3.3).

    Parameters
    ----------
    certificate : solver.values.inspection.Certificate

    Returns
    -------
    dash.html.Div
        A table with one row per claim: the member (a button), its value,
        the claim and the moves that show it (each target a button, with
        why the target qualifies); the inspected number's two claims first,
        then the other members in increasing order.  Buttons have ids
        ``{"type": INSPECT_GOTO, "position": "<digits>", "at": k}``.
    """
    values = _certificate_values(certificate)
    by_claim: dict[tuple[int, str], list] = {}
    for e in certificate.edges:
        by_claim.setdefault((e.position, e.claim), []).append(e)
    known_w, known_l = set(certificate.known_w), set(certificate.known_l)
    counter = [0]

    def why(e) -> list:
        target = e.child
        if e.claim == "not W":
            if target in known_w:
                reason = f" is {values[target]}: its mover wins, so it cannot be L"
            else:
                reason = f" ({values[target]}) cannot be L: see its row"
        else:
            if target in known_l:
                reason = f" is {values[target]}: its mover loses, so it cannot be W"
            else:
                reason = f" ({values[target]}) cannot be W: see its row"
        return [f"{move_text(e.move)} → ", _goto(target, counter), reason]

    order = [certificate.position] + [x for x in certificate.members if x != certificate.position]
    rows = []
    for x in order:
        for claim, inside in (("not W", x in certificate.cannot_be_w), ("not L", x in certificate.cannot_be_l)):
            if not inside:
                continue
            edges = by_claim.get((x, claim), [])
            if claim == "not W":
                lead = "every move leads to a position that cannot be L: "
            else:
                lead = "this move leads to a position that cannot be W: "
            shown: list = [lead]
            for i, e in enumerate(edges):
                shown += (["; "] if i else []) + why(e)
            rows.append(
                html.Tr(
                    [
                        html.Td(_goto(x, counter)),
                        html.Td(
                            [
                                html.Span(className="swatch", style=swatch_style(values.get(x, "D")[0])),
                                values.get(x, "D"),
                            ]
                        ),
                        html.Td(CLAIM_TEXT[claim]),
                        html.Td(shown),
                    ],
                    className="proof-root" if x == certificate.position else None,
                )
            )
    n = certificate.position
    conclusion = (
        f"So {format_position(n)} can be neither W nor L: from it neither player can force a win, and it is a draw. "
        "Every claim rests on a known W or L (retrograde analysis on 0..B) or on another row of this table; a claim "
        "that failed would give a true W or L of smaller and smaller remoteness among the rows, down to 0, which no "
        "W has (docs/mathematics.md, section 3.3)."
    )
    return html.Div(
        [
            html.Table(
                [
                    html.Thead(html.Tr([html.Th("position"), html.Th("value"), html.Th("claim"), html.Th("shown by")])),
                    html.Tbody(rows),
                ],
                className="summary-table proof-table",
            ),
            html.P(conclusion, className="note"),
        ]
    )
