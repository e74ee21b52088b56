"""Command line for the games played on a graph: ``python -m solver graph-game --game NAME ...``.

=====================================================================  =========================================
command                                                                prints
=====================================================================  =========================================
``graph-game --game monochrome --graph petersen [--marked 0,7]``       the value, the outcome and every move
``[--json]``                                                           with its value: ``{"value", "outcome",
                                                                       "moves"}``
=====================================================================  =========================================

Each game is one entry of :data:`HANDLERS` (its handler) and of
:data:`OPTIONS` (the options it reads); ``--game`` takes the names of
:data:`HANDLERS`.  An option that only some games read says so in its help,
and giving it to another game is refused with one line.  Eraserhead has its
own command (``python -m solver eraserhead``, :mod:`solver.cli.games`).

Bad input (a malformed graph, a vertex off the graph, a vertex marked out of
play, a graph too large for the time limit) ends with one line and exit
status 2, as the other commands do; work is estimated before it starts.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import IO

from solver.graphs import GRAPH_FORMS, parse_graph, parse_vertices
from solver.impartial.monochrome import (
    format_monochrome,
    monochrome_cost,
    monochrome_move_values,
    monochrome_position,
)
from solver.parsing import argparse_int

from .games import Budget

__all__ = ["HANDLERS", "OPTIONS", "register"]

Handler = Callable[[argparse.Namespace, Budget], None]


def _out(args: argparse.Namespace) -> IO[str]:
    return getattr(args, "out", None) or sys.stdout


def _graph(args: argparse.Namespace, game: str, *, directed: bool = False):
    if args.graph is None:
        raise ValueError(f"--game {game} needs --graph: {GRAPH_FORMS}")
    return parse_graph(args.graph, directed=directed)


# ---------------------------------------------------------------------------
# Monochrome
# ---------------------------------------------------------------------------


def monochrome(args: argparse.Namespace, budget: Budget) -> None:
    """``--game monochrome``: the value and outcome of a position and every move with the value it leaves."""
    graph = _graph(args, "monochrome")
    marked = parse_vertices(args.marked or "", graph, "a mark")
    position = monochrome_position(graph, marked)
    budget.check((monochrome_cost(position, moves=True), "choose a smaller graph or mark some vertices first"))
    value, moves = monochrome_move_values(position, max_seconds=budget.max_seconds)
    outcome = "L" if value == 0 else "W"
    out = _out(args)
    if args.json:
        result = {
            "value": value,
            "outcome": outcome,
            "moves": [
                {
                    "vertex": m.vertex,
                    "removed": list(m.removed),
                    "position": format_monochrome(m.result),
                    "value": m.value,
                    "wins": m.wins,
                }
                for m in moves
            ],
        }
        out.write(json.dumps(result) + "\n")
        return
    verdict = "W for the player to move (a move to value 0 wins)" if value else "L for the player to move"
    out.write(f"Monochrome (node Kayles) on {format_monochrome(position)}: value {value}, {verdict}\n")
    if not moves:
        out.write("  no move: every vertex is marked or next to a marked one\n")
    for m in moves:
        out.write(f"  {m.text}: value {m.value}{'  wins' if m.wins else ''}\n")


# ---------------------------------------------------------------------------
# The table of games
# ---------------------------------------------------------------------------

#: The handler of each game of ``graph-game --game NAME``.
HANDLERS: dict[str, Handler] = {
    "monochrome": monochrome,
}

#: The options each game reads (besides ``--game``, ``--json`` and ``--max-seconds``); another game's are refused.
OPTIONS: dict[str, tuple[str, ...]] = {
    "monochrome": ("--graph", "--marked"),
}


def _add_options(p: argparse.ArgumentParser) -> None:
    """Every option of ``graph-game``; one read by some games only says which in its help."""
    p.add_argument(
        "--graph",
        metavar="GRAPH",
        help=f"(monochrome) the graph: {GRAPH_FORMS}",
    )
    p.add_argument(
        "--marked",
        metavar="V,V,...",
        help="(monochrome) the vertices marked so far, no two adjacent (default none)",
    )


def _run(budget_of: Callable[[argparse.Namespace], Budget]) -> Callable[[argparse.Namespace], None]:
    def run(args: argparse.Namespace) -> None:
        game = args.game
        for option in sorted({o for options in OPTIONS.values() for o in options}):
            if (
                getattr(args, option.removeprefix("--").replace("-", "_"), None) is not None
                and option not in OPTIONS[game]
            ):
                readers = ", ".join(name for name, options in OPTIONS.items() if option in options)
                raise ValueError(f"{option} is for --game {readers}, not --game {game}; leave it out")
        HANDLERS[game](args, budget_of(args))

    return run


def register(subparsers, *, budget: Callable[[argparse.Namespace], Budget]) -> None:
    """Add ``graph-game`` to ``python -m solver``'s subparsers.

    Parameters
    ----------
    subparsers
        From ``ArgumentParser.add_subparsers``.
    budget : callable
        ``budget(args)``: what the command may spend (the time limit of
        ``--max-seconds`` and the memory here), given by :mod:`solver.cli.main`.
    """
    p = subparsers.add_parser(
        "graph-game", help="a game played on a graph: a position's value or outcome and every move (--game)"
    )
    p.add_argument("--game", required=True, choices=sorted(HANDLERS), help="the game played on the graph")
    _add_options(p)
    p.add_argument("--json", action="store_true", help="one JSON object instead of text")
    p.add_argument(
        "--max-seconds",
        type=argparse_int("the time limit (--max-seconds)"),
        metavar="S",
        help="refuse work estimated to take longer than S seconds (default 600)",
    )
    p.set_defaults(run=_run(budget), rule=None)
