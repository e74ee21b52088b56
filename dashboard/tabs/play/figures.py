"""Figure builders of the Play tab: the value history, the move buttons, the game log (pure).

The builders take the rows of :func:`solver.values.play.value_history` and the
players' names (``{1: "Player 1 (you)", 2: "Player 2 (computer)"}``); they
read nothing else.
"""

from __future__ import annotations

import math

import plotly.graph_objects as go
from dash import html

from ...style import (
    COLOURS,
    INK,
    LEGEND_BELOW_MARGIN,
    NAMES,
    NEUTRAL,
    NEUTRAL_DARK,
    NEUTRAL_LIGHT,
    PARTIAL_TEXT,
    TEMPLATE,
    TEXT_COLOURS,
    format_position,
)

#: A value for the player it belongs to, in words: the outcome letters, and
#: U with what it cannot be (``"U (not L)"``: that player cannot lose).
_WORD = {
    "W": "win",
    "L": "loss",
    "D": "draw",
    "U": "unknown",
    PARTIAL_TEXT["L"]: "win or draw (unknown which)",
    PARTIAL_TEXT["W"]: "loss or draw (unknown which)",
}
#: The same value for the other player (the mover's result after a move is
#: the opposite of the child's value for its own mover).
_FLIP = {
    "W": "L",
    "L": "W",
    "D": "D",
    "U": "U",
    PARTIAL_TEXT["L"]: PARTIAL_TEXT["W"],
    PARTIAL_TEXT["W"]: PARTIAL_TEXT["L"],
}

#: The mark of a blunder, in the log and on the chart (as chess writes it).
BLUNDER_MARK = "??"


def row_value(row: dict) -> str:
    """A row's value for the player to move there: its outcome letter, or ``"U (not L)"`` / ``"U (not W)"``.

    Parameters
    ----------
    row : dict
        A row of :func:`solver.values.play.value_history` (``outcome``, ``cannot_be``).

    Returns
    -------
    str
        A key of :data:`_WORD`.
    """
    cannot = row.get("cannot_be")
    return PARTIAL_TEXT[cannot] if row["outcome"] == "U" and cannot in PARTIAL_TEXT else row["outcome"]


def flip(value: str) -> str:
    """The same value for the other player: W and L swap, ``"U (not L)"`` and ``"U (not W)"`` swap."""
    return _FLIP[value]


def blunder_text(before: str, after: str) -> str:
    """Say what a blunder threw away, from the mover's values before and after it.

    Parameters
    ----------
    before : {"W", "D"}
        The mover's value before the move.
    after : str
        The mover's value after it (:func:`flip` of the child's value for
        its own mover): ``"D"``, ``"L"``, ``"U"``, ``"U (not L)"`` or
        ``"U (not W)"``.

    Returns
    -------
    str
        ``"threw a win away (now a loss)"``, ``"threw a win away (now a
        draw)"``, ``"turned a draw into a loss"``, or, when the move leads
        to a position the bound leaves unresolved, ``"threw a sure win away
        (now a win or a draw, unknown which)"``, ``"gave a sure draw away
        (now unknown: it may be a loss)"`` ...
    """
    if before == "W":
        if after in ("W", "L", "D"):
            return f"threw a win away (now a {_WORD[after]})"
        return f"threw a sure win away (now {'unknown' if after == 'U' else 'a ' + _WORD[after]})"
    if after == "L":
        return "turned a draw into a loss"
    return "gave a sure draw away (now unknown: it may be a loss)"


def describe(value, child_cannot_be: str | None = None) -> str:
    """A move's value for the player making it, in a few words.

    Parameters
    ----------
    value : solver.values.play.MoveValue
        The move and its child's value.
    child_cannot_be : {"L", "W"} or None, optional
        What the child (a U position) cannot be, for its own mover
        (:meth:`solver.Solution.cannot_be`).

    Returns
    -------
    str
        :meth:`solver.values.play.MoveValue.describe` (``"win in 11"``,
        ``"draw"``, ``"unknown"``); for a child that cannot be W, ``"win or
        draw (unknown which)"`` (the mover cannot lose by it), for one that
        cannot be L ``"loss or draw (unknown which)"``.
    """
    if value.outcome.name == "U" and child_cannot_be in ("L", "W"):
        return _WORD[flip(PARTIAL_TEXT[child_cannot_be])]
    return value.describe()


def marked_best(value, child_cannot_be: str | None = None) -> bool:
    """Whether a move is marked "(best)": a best move whose value says something.

    A move to a position whose value is unknown (plain U) is never called
    best: the ranking puts it above a sure loss, but it may lose as well.  A
    U that cannot be L or W (a partial fact) says something and may be best.

    Parameters
    ----------
    value : solver.values.play.MoveValue
        The move and its value for the mover.
    child_cannot_be : {"L", "W"} or None, optional
        What the child cannot be when it is U.

    Returns
    -------
    bool
    """
    return bool(value.best) and (value.outcome.name != "U" or child_cannot_be is not None)


def move_button(value, hints: bool, enabled: bool, child_cannot_be: str | None = None) -> tuple:
    """Children and style of a move button.

    Parameters
    ----------
    value : solver.values.play.MoveValue
        The move, its child and the child's value for the player making it.
    hints : bool
        Show the value and colour the button by it.
    enabled : bool
        Whether the button can be pressed (a faded button otherwise).
    child_cannot_be : {"L", "W"} or None, optional
        What the child cannot be when it is U (see :func:`describe`).

    Returns
    -------
    tuple
        ``(children, style)``: ``"take → 88"`` alone without hints; with
        hints also the value (``" (best)"`` on a best move), on the
        outcome's colour.
    """
    label = f"{value.label} → {format_position(value.child)}"
    if not hints:
        return label, {}
    letter = value.outcome.name
    words = describe(value, child_cannot_be)
    text = [html.Span(label), html.Br(), html.Small(words + (" (best)" if marked_best(value, child_cannot_be) else ""))]
    style = {
        "background": COLOURS[letter],
        "color": TEXT_COLOURS[letter],
        "borderColor": COLOURS[letter],
        "minWidth": "150px",
        "opacity": 1 if enabled else 0.5,
    }
    return text, style


def move_option(value, hints: bool, child_cannot_be: str | None = None) -> dict:
    """One entry of the move list (games with many moves, such as subtract-a-square).

    Parameters
    ----------
    value : solver.values.play.MoveValue
        The move, its child and the child's value for the player making it.
    hints : bool
        Add the value for the mover (``"win in 3"``, ``" (best)"``).
    child_cannot_be : {"L", "W"} or None, optional
        What the child cannot be when it is U (see :func:`describe`).

    Returns
    -------
    dict
        A ``dcc.Dropdown`` option: ``label`` ``"take 9 → 21"`` (with the
        value when ``hints``) and ``value`` the child as decimal text.
    """
    label = f"{value.label} → {format_position(value.child)}"
    if hints:
        label += f": {describe(value, child_cannot_be)}" + (" (best)" if marked_best(value, child_cannot_be) else "")
    return {"label": label, "value": str(value.child)}


def history_figure(rows: list[dict], names: dict[int, str], hints: bool, bound: int) -> go.Figure:
    """The value-history chart: one point per ply, clickable.

    Parameters
    ----------
    rows : list of dict
        :func:`solver.values.play.value_history` with the redo stack included
        (keys ``ply``, ``position``, ``mover``, ``move``, ``outcome``,
        ``remoteness``, ``at_most``, ``winning``, ``erred``, ``future``).
    names : dict
        Player (1 or 2) -> the name the page gives it.
    hints : bool
        Show values (else only the positions).
    bound : int
        Bound of the solve, for the title.

    Returns
    -------
    plotly.graph_objects.Figure
        With hints, y is the remoteness signed for player 1 (above 0:
        player 1 wins with best play; below: player 2; 0 for draws and
        unknowns) and the colour is the outcome for the player to move
        there (``COLOURS``); crosses labelled ``??`` mark blunders (moves
        that made the mover's result worse: a win thrown away, a draw
        turned into a loss), open circles values that are only bounded, faded
        points the redo stack.  Without hints, y is ``log10(position + 1)``
        in one colour.  ``customdata`` of every point is its ply.
    """
    fig = go.Figure()
    xs = [r["ply"] for r in rows]
    hover = []
    for r in rows:
        who = names[r["mover"]]
        text = f"ply {r['ply']}: {format_position(r['position'])}, {who} to move"
        if hints:
            rem = (
                r["remoteness"]
                if r["remoteness"] is not None
                else (f"≤ {r['at_most']}" if r["at_most"] is not None else None)
            )
            text += f"<br>{row_value(r)}" + (f" in {rem}" if rem is not None else "")
            if r["winning"]:
                text += f" ({names[r['winning']]} winning)"
            if r["erred"]:
                text += f"<br>{BLUNDER_MARK} blunder: this {r['move']} made {who}'s result worse"
        if r["future"]:
            text += "<br>(undone: click to redo up to here)"
        hover.append(text)
    if hints:
        ys = []
        for r in rows:
            size = r["at_most"] if r["outcome"] in ("W", "L") else 0
            ys.append(0 if r["winning"] is None else (size if r["winning"] == 1 else -size))
        colours = [COLOURS[r["outcome"]] for r in rows]
        symbols = [
            "circle" if r["remoteness"] is not None or r["outcome"] in ("D", "U") else "circle-open" for r in rows
        ]
        title = {
            "text": f"Value history (bound {bound:,})",
            "subtitle": {"text": "remoteness: + player 1 winning, − player 2 winning"},
        }
        ytitle = "± remoteness"
    else:
        ys = [math.log10(r["position"] + 1) for r in rows]
        colours = [NEUTRAL] * len(rows)
        symbols = ["circle"] * len(rows)
        title = {"text": "Game so far (hints hidden)", "subtitle": {"text": "position per ply"}}
        ytitle = "log10(position + 1)"
    opacity = [0.35 if r["future"] else 1.0 for r in rows]
    fig.add_trace(
        go.Scatter(
            x=xs, y=ys, mode="lines", line={"color": NEUTRAL_LIGHT, "width": 1}, hoverinfo="skip", showlegend=False
        )
    )
    fig.add_trace(
        go.Scatter(
            x=xs,
            y=ys,
            mode="markers",
            customdata=xs,
            hovertext=hover,
            hoverinfo="text",
            showlegend=False,
            marker={
                "color": colours,
                "size": 11,
                "symbol": symbols,
                "opacity": opacity,
                "line": {"color": colours, "width": 2},
            },
        )
    )
    if hints:
        for letter in ("W", "L", "D", "U"):
            fig.add_trace(
                go.Scatter(
                    x=[None],
                    y=[None],
                    mode="markers",
                    name=NAMES[letter].replace("mover", "player to move"),
                    marker={"color": COLOURS[letter], "size": 10},
                )
            )
        errs = [r for r in rows if r["erred"]]
        if errs:
            fig.add_trace(
                go.Scatter(
                    x=[r["ply"] for r in errs],
                    y=[ys[r["ply"]] for r in errs],
                    mode="markers+text",
                    name=f"{BLUNDER_MARK} blunder (threw a win or a draw away)",
                    text=[BLUNDER_MARK] * len(errs),
                    textposition="top center",
                    textfont={"color": NEUTRAL_DARK, "size": 14},
                    customdata=[r["ply"] for r in errs],
                    hoverinfo="skip",
                    marker={"symbol": "x-thin-open", "size": 20, "color": NEUTRAL_DARK, "line": {"width": 2}},
                )
            )
        fig.add_hline(y=0, line={"color": NEUTRAL_LIGHT, "width": 1, "dash": "dot"})
    fig.update_layout(
        title=title,
        template=TEMPLATE,
        margin={**LEGEND_BELOW_MARGIN, "l": 55, "t": 70},
        xaxis={"title": "ply (click a point to go back there)", "dtick": 1 if len(rows) <= 30 else None},
        yaxis={"title": ytitle},
        legend={"orientation": "h", "y": -0.25},
        clickmode="event",
    )
    return fig


def empty_history_figure() -> go.Figure:
    """The value-history chart before a game exists.

    Returns
    -------
    plotly.graph_objects.Figure
        No traces, titled "No game yet".
    """
    fig = go.Figure()
    fig.update_layout(template=TEMPLATE, title="No game yet")
    return fig


def game_log(rows: list[dict], names: dict[int, str], end, hints: bool) -> list:
    """The game log: one line per move played, then how the game ended.

    Parameters
    ----------
    rows : list of dict
        As for :func:`history_figure`; undone plies (``future``) are left out.
    names : dict
        Player (1 or 2) -> the name the page gives it.
    end : solver.values.play.GameEnd or None
        :func:`solver.values.play.game_end` of the game (None while it runs).
    hints : bool
        Say what each move did to the mover's value, and mark blunders.

    Returns
    -------
    list of dash.html.Li
        A blunder's line has the class ``blunder`` and starts with a
        ``??`` badge (class ``blunder-badge``).
    """
    items = []
    for r in rows[:-1]:
        if r["future"]:
            break
        nxt = rows[r["ply"] + 1]
        text = f"{names[r['mover']]}: {r['move']} {format_position(r['position'])} → {format_position(nxt['position'])}"
        if hints:
            before, after = row_value(r), flip(row_value(nxt))
            text += f" (for the mover: {_WORD[before]} before, {_WORD[after]} after)"
            if r["erred"]:
                text += f" — blunder: it {blunder_text(before, after)}"
                badge = html.Span(BLUNDER_MARK, className="blunder-badge", title="blunder")
                items.append(html.Li([badge, " ", text], className="blunder", style={"color": INK["L"]}))
                continue
        items.append(html.Li(text))
    if end is not None:
        if end.reason == "zero":
            items.append(html.Li(f"{names[end.winner]} reached 0 and wins."))
        else:
            loop = " → ".join(format_position(p) for p in end.loop)
            items.append(html.Li(f"Draw: {format_position(end.loop[0])} repeated (loop {loop})."))
    return items
