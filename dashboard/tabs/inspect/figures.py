"""Figure builders of the Inspect tab: the certificate graph and the number's tables (pure)."""

from __future__ import annotations

from dash import html

from solver import Certificate, Outcome, move_text

from ...style import COLOURS, NAMES, NEUTRAL, NEUTRAL_DARK, TEXT_COLOURS, format_position, swatch_style


def certificate_stylesheet() -> list[dict]:
    """Cytoscape stylesheet of the certificate graph.

    Returns
    -------
    list of dict
        Nodes in their outcome's colour (:data:`dashboard.style.COLOURS`)
        with readable text (:data:`dashboard.style.TEXT_COLOURS`), the
        inspected number drawn with a thick border, W exits as ellipses
        reached by dashed edges.  Its own sheet: the game tree's
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
        {"selector": "node.exit", "style": {"shape": "ellipse", "width": 56}},
        {"selector": "node.root", "style": {"border-width": 4, "border-color": "#000000"}},
        {"selector": "edge.exit", "style": {"line-style": "dashed"}},
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
        The loopy nim value's text (``"0"``, ``"inf{0}"``, ``"?"``, or why
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
    facts = [
        ("n", str(info.position)),
        (
            "value",
            _value_phrase(info.outcome.name)
            if info.text == info.outcome.name
            else f"{info.text}: {_value_phrase(info.outcome.name)}",
        ),
        ("remoteness", rem),
        ("best moves", best),
    ]
    if nim is not None:
        facts.append(("nim value", nim))
    notes = []
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
                html.Td(str(m.child), className="num long-number"),
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


def certificate_elements(certificate: Certificate) -> list[dict]:
    """Cytoscape elements of a draw certificate: members, W exits and all their moves.

    Parameters
    ----------
    certificate : solver.values.inspection.Certificate

    Returns
    -------
    list of dict
        Node ids ``"c<position>"``; node data ``label``, ``position`` (exact
        str), ``value``; classes: the outcome letter (``D`` members, ``W``
        exits), ``exit``, ``root`` (the inspected number).  Edge data
        ``label`` ("take"/"put", or "take 9", "add 1" in the other games);
        class ``exit`` for moves to a W.
    """
    values = {e.child: e.child_value for e in certificate.edges}
    values[certificate.position] = "D"
    elements: list[dict] = []
    for x in certificate.members:
        value = values.get(x, "D")
        classes = f"{value[0]} root" if x == certificate.position else value[0]
        elements.append(
            {
                "data": {"id": f"c{x}", "label": f"{format_position(x)}\n{value}", "position": str(x), "value": value},
                "classes": classes,
            }
        )
    for x in certificate.exits + certificate.known_l:
        value = values[x]
        elements.append(
            {
                "data": {"id": f"c{x}", "label": f"{format_position(x)}\n{value}", "position": str(x), "value": value},
                "classes": f"{value[0]} exit",
            }
        )
    exits = set(certificate.exits) | set(certificate.known_l)
    drawn = set()
    for e in certificate.edges:
        if (e.position, e.child) in drawn:  # a move that shows both claims is drawn once
            continue
        drawn.add((e.position, e.child))
        elements.append(
            {
                "data": {
                    "id": f"e{e.position}-{e.child}",
                    "source": f"c{e.position}",
                    "target": f"c{e.child}",
                    "label": move_text(e.move),
                },
                "classes": "exit" if e.child in exits else "member",
            }
        )
    return elements
