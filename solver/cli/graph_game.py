"""``python -m solver graph-game --game NAME``: the games played on a drawn graph.

===========================================================================  ==========================================
command                                                                      prints (``--json``)
===========================================================================  ==========================================
``graph-game --game tokens --graph "0>1,1>2,2>0,1>3" --tokens 0,0,2``        ``{"outcome", "values", "moves",
                                                                             "computer"}``
``graph-game --game snakes-and-adders [--size H --arrows "5>12,14>3"]``      the same, squares by name (``HOME``),
``--tokens 1,4``                                                             each move with its ``steps``
``graph-game --game fair-shares --n N``                                      ``{"n", "counts", "positions"}``: every
                                                                             partition's outcome and value
``graph-game --game fair-shares --position 3+2+1``                           ``{"partition", "outcome", "remoteness",
                                                                             "value", "moves", "computer"}``
``graph-game --game monochrome --graph petersen [--marked 0,7]``             ``{"value", "outcome", "moves"}``: every
                                                                             move with the value it leaves
===========================================================================  ==========================================

Eraserhead has its own command (``python -m solver eraserhead``,
:mod:`solver.cli.games`).

The games are the entries of :data:`HANDLERS` (name → handler); ``--game``
takes its choices from that table.  An option that only some games use says
so in its help, and giving it to another game ends with one line saying why.
Every option that takes text (a graph, a position, a list of vertices or
arrows) also takes ``@FILE`` or ``@-``, the text of a file or of standard
input (:func:`solver.cli.common.argument_text`): a graph of 100,000 arcs is
longer than one command-line argument may be.
Bad input ends with one line and exit status 2 (:mod:`solver.cli.main`).
Each handler estimates its work first and refuses it beyond the time limit
(``--max-seconds``) or the memory this machine has.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import IO

from solver import costs
from solver.engine.budget import usable_memory
from solver.engine.solution import Outcome
from solver.graphs import GRAPH_FORMS, parse_graph, parse_vertices
from solver.graphs.fair_shares import (
    MAX_ALMONDS,
    fair_shares,
    fair_shares_cost,
    fair_shares_position,
    format_partition,
    parse_partition,
    partition_count,
)
from solver.graphs.snakes import (
    DEFAULT_SNAKES_BOARD,
    MAX_BOARD_SIZE,
    parse_squares,
    snakes_board,
    snakes_cost,
    snakes_position,
)
from solver.graphs.tokens import token_position, tokens_cost
from solver.impartial.monochrome import format_monochrome, monochrome_cost, monochrome_move_values, monochrome_position
from solver.parsing import argparse_int

from .common import argument_text

__all__ = ["HANDLERS", "Handler", "register"]

Handler = Callable[[argparse.Namespace], None]

#: Seconds and bytes per row of the Fair Shares table printed.
ROW_SECONDS = 4e-6
ROW_BYTES = 400

_OUTCOME_WORDS = {
    Outcome.W: "W: the player to move wins",
    Outcome.L: "L: the player to move loses",
    Outcome.D: "D: a draw with best play",
}


def _out(args: argparse.Namespace) -> IO[str]:
    return getattr(args, "out", None) or sys.stdout


def _check(args: argparse.Namespace, cost: costs.Cost, advice: str) -> None:
    seconds = getattr(args, "max_seconds", None)
    max_seconds = float(costs.DEFAULT_MAX_SECONDS if seconds is None else seconds)
    costs.check_cost(
        cost,
        max_seconds=max_seconds,
        max_bytes=usable_memory(),
        advice=f"{advice}, or allow more time with --max-seconds (now {max_seconds:,.0f})",
    )


def _only(args: argparse.Namespace, allowed: tuple[str, ...]) -> None:
    """Refuse the options of other games."""
    for option, games in _OPTION_GAMES.items():
        if option not in allowed and getattr(args, option.removeprefix("--").replace("-", "_"), None) is not None:
            raise ValueError(f"{option} is for --game {' or '.join(games)}, not {args.game}")


def _print_moves(out: IO[str], moves: list[dict], choice: dict | None) -> None:
    if not moves:
        print("moves: none (the player to move has lost)", file=out)
        return
    print("moves:", file=out)
    for m in moves:
        mark = "  winning" if m["winning"] else "  drawing" if m["drawing"] else ""
        steps = f" (steps {','.join(map(str, m['steps']))})" if "steps" in m else ""
        print(f"  {m['from']} -> {m['to']}{steps}: leaves {m['outcome']}{mark}", file=out)
    if choice is not None:
        print(f"computer: {choice['from']} -> {choice['to']}", file=out)


# ---------------------------------------------------------------------------
# Handlers
# ---------------------------------------------------------------------------


def tokens(args: argparse.Namespace) -> None:
    """``--game tokens``: the outcome of tokens on a directed graph, every vertex's value, every move."""
    _only(args, ("--graph", "--tokens"))
    if args.graph is None:
        raise ValueError('--game tokens needs --graph, arcs such as "0>1,1>2,2>0,1>3" (or a preset: cycle-5)')
    graph = parse_graph(args.graph, directed=True)
    found = parse_vertices(args.tokens or "", graph)
    _check(args, tokens_cost(graph, len(found)), "draw a smaller graph")
    position = token_position(graph, found)
    texts = position.values.texts()
    moves = [m.as_dict() for m in position.moves]
    choice = None if position.choice is None else position.choice.as_dict()
    out = _out(args)
    if args.json:
        result = {
            "outcome": position.outcome.name,
            "values": {str(v): t for v, t in enumerate(texts)},
            "moves": moves,
            "computer": choice,
        }
        out.write(json.dumps(result))
        out.write("\n")
        return
    print(f"# tokens on the directed graph {graph}; tokens on {','.join(map(str, found)) or 'no vertex'}", file=out)
    print(f"outcome: {_OUTCOME_WORDS[position.outcome]}", file=out)
    print("values: " + ", ".join(f"{v}: {t}" for v, t in enumerate(texts)), file=out)
    _print_moves(out, moves, choice)


def snakes_and_adders(args: argparse.Namespace) -> None:
    """``--game snakes-and-adders``: counters on a board (ours by default), values by square, every move."""
    _only(args, ("--size", "--arrows", "--tokens"))
    if args.size is None and args.arrows is None:
        board = DEFAULT_SNAKES_BOARD
    else:
        size = DEFAULT_SNAKES_BOARD.size if args.size is None else args.size
        board = snakes_board(size, args.arrows or "")
    counters = parse_squares(args.tokens or "", board)
    _check(args, snakes_cost(board, len(counters)), "choose a smaller --size")
    found = snakes_position(board, counters)
    position = found.position
    values = found.value_texts()
    moves = [found.move_dict(m) for m in position.moves]
    choice = None if position.choice is None else found.move_dict(position.choice)
    out = _out(args)
    if args.json:
        result = {
            "outcome": position.outcome.name,
            "values": values,
            "moves": moves,
            "computer": choice,
            "size": board.size,
            "arrows": board.arrows_text(),
        }
        out.write(json.dumps(result))
        out.write("\n")
        return
    ours = " (the project's default board)" if board == DEFAULT_SNAKES_BOARD else ""
    print(f"# Snakes-and-Adders: squares 1..{board.size}, HOME; arrows {board.arrows_text() or 'none'}{ours}", file=out)
    print(f"# counters on {','.join(board.name(s) for s in counters) or 'no square'}", file=out)
    print(f"outcome: {_OUTCOME_WORDS[position.outcome]}", file=out)
    print("values: " + ", ".join(f"{s}: {t}" for s, t in values.items()), file=out)
    _print_moves(out, moves, choice)


def fair_shares_game(args: argparse.Namespace) -> None:
    """``--game fair-shares``: every partition of N (``--n``), or one position (``--position``)."""
    _only(args, ("--n", "--position"))
    if args.n is None and args.position is None:
        raise ValueError("--game fair-shares needs --n N (every position of N almonds) or --position, e.g. 3+2+1")
    heaps = None if args.position is None else parse_partition(args.position, args.n)
    n = sum(heaps) if heaps is not None else args.n
    cost = fair_shares_cost(n)
    if heaps is None:
        rows = partition_count(n)
        cost = cost + costs.Cost(rows * ROW_SECONDS, rows * ROW_BYTES, "the table")
    _check(args, cost, "choose fewer almonds (--n)")
    game = fair_shares(n)
    out = _out(args)
    if heaps is not None:
        position = fair_shares_position(game, heaps)
        result = {"n": n, **position.as_dict()}
        if args.json:
            out.write(json.dumps(result))
            out.write("\n")
            return
        rem = "" if position.remoteness < 0 else f", remoteness {position.remoteness}"
        print(f"# Fair Shares and Varied Pairs with {n} almonds: {format_partition(heaps)}", file=out)
        print(f"outcome: {_OUTCOME_WORDS[position.outcome]}{rem}", file=out)
        print(f"value: {position.value}", file=out)
        if not position.moves:
            print("moves: none (the player to move has lost)", file=out)
        else:
            print("moves:", file=out)
            for m in position.moves:
                mark = "  winning" if m.winning else "  drawing" if m.drawing else ""
                print(f"  {' or '.join(m.how)}: leaves {format_partition(m.result)}, {m.outcome.name}{mark}", file=out)
            assert position.choice is not None
            print(f"computer: {position.choice.how[0]}", file=out)
        return
    table = game.rows()
    if args.json:
        out.write(json.dumps({"n": n, "counts": game.counts(), "positions": table}))
        out.write("\n")
        return
    counts = game.counts()
    print(
        f"# Fair Shares and Varied Pairs with {n} almonds: {len(table):,} positions, "
        f"{counts['W']:,} W, {counts['L']:,} L, {counts['D']:,} D",
        file=out,
    )
    print("partition,outcome,value", file=out)
    for row in table:
        print(f"{row['partition']},{row['outcome']},{row['value']}", file=out)


#: A position whose text is longer than this lists each move without the position it leaves.
LONG_POSITION = 200


def monochrome(args: argparse.Namespace) -> None:
    """``--game monochrome``: the value and outcome of a position and every move with the value it leaves."""
    _only(args, ("--graph", "--marked"))
    if args.graph is None:
        raise ValueError(f"--game monochrome needs --graph: {GRAPH_FORMS}")
    graph = parse_graph(args.graph)
    marked = parse_vertices(args.marked or "", graph, "a mark")
    position = monochrome_position(graph, marked)
    _check(args, monochrome_cost(position, moves=True), "choose a smaller graph or mark some vertices first")
    seconds = getattr(args, "max_seconds", None)
    value, moves = monochrome_move_values(
        position, max_seconds=float(costs.DEFAULT_MAX_SECONDS if seconds is None else seconds)
    )
    outcome = "L" if value == 0 else "W"
    out = _out(args)
    if args.json:
        # The graph's text once, not once per move (naming a preset reads the whole graph);
        # a long position lists each move by its change alone (the vertex and what it removes).
        graph_text = format_monochrome(monochrome_position(graph, ()))
        long = len(format_monochrome(position)) > LONG_POSITION
        result = {
            "value": value,
            "outcome": outcome,
            "moves": [
                {
                    "vertex": m.vertex,
                    "removed": list(m.removed),
                    **({} if long else {"position": f"{graph_text}:{','.join(map(str, m.result.marked))}"}),
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


#: The games of ``graph-game``: ``--game NAME`` → its handler.
HANDLERS: dict[str, Handler] = {
    "tokens": tokens,
    "snakes-and-adders": snakes_and_adders,
    "fair-shares": fair_shares_game,
    "monochrome": monochrome,
}

#: The options that only some games use, and those games (for the check and the messages).
_OPTION_GAMES: dict[str, tuple[str, ...]] = {
    "--graph": ("tokens", "monochrome"),
    "--marked": ("monochrome",),
    "--tokens": ("tokens", "snakes-and-adders"),
    "--size": ("snakes-and-adders",),
    "--arrows": ("snakes-and-adders",),
    "--n": ("fair-shares",),
    "--position": ("fair-shares",),
}


def _run(args: argparse.Namespace) -> None:
    HANDLERS[args.game](args)


def register(subparsers) -> None:
    """Add ``graph-game`` to ``python -m solver``'s subparsers (``--game`` from :data:`HANDLERS`).

    Parameters
    ----------
    subparsers
        From ``ArgumentParser.add_subparsers``.
    """
    p = subparsers.add_parser(
        "graph-game",
        help="games on a drawn graph: values, outcome and moves (--game " + ", ".join(HANDLERS) + ")",
        description=(
            "Games played on a graph. tokens: tokens on a directed graph (Nim's Island), a move slides one token "
            "along one arc; snakes-and-adders: counters advance 1 to 4 squares and follow arrows; fair-shares: "
            "Fair Shares and Varied Pairs, divide a heap into equal heaps or merge two heaps of different sizes; monochrome: "
            "node Kayles, mark a vertex, which leaves the game with its neighbours. "
            "Values are Smith's loopy nim values: a number, or inf{K} with K the finite values among the followers."
        ),
    )
    p.add_argument("--game", required=True, choices=list(HANDLERS), metavar="NAME", help=", ".join(HANDLERS))
    p.add_argument(
        "--graph",
        type=argument_text,
        metavar="GRAPH",
        help='tokens and monochrome: for tokens the directed graph, arcs such as "0>1,1>2,2>0,1>3" on vertices '
        "0..n-1 (a lone number adds a vertex without arcs), or path-N, cycle-N, grid-RxC, complete-N, petersen "
        "(arcs from low to high); for monochrome the undirected graph, edges such as 0-1,1-2, or a preset; "
        "@FILE or @- reads it from a file or standard input (every option here that takes text does)",
    )
    p.add_argument(
        "--marked",
        type=argument_text,
        metavar="LIST",
        help="monochrome only: the vertices marked so far, no two adjacent (default none)",
    )
    p.add_argument(
        "--tokens",
        type=argument_text,
        metavar="LIST",
        help="tokens and snakes-and-adders: the tokens' vertices, e.g. 0,0,2 (tokens may share a vertex), or the "
        "counters' squares, e.g. 1,4,HOME (default: none)",
    )
    p.add_argument(
        "--size",
        type=argparse_int("the board's size (--size)", least=1, most=MAX_BOARD_SIZE),
        metavar="H",
        help=f"snakes-and-adders only: squares 1..H, then HOME (default {DEFAULT_SNAKES_BOARD.size}, with the project's "
        f"own board {DEFAULT_SNAKES_BOARD.arrows_text()} when --arrows is not given either)",
    )
    p.add_argument(
        "--arrows",
        type=argument_text,
        metavar="ARROWS",
        help='snakes-and-adders only: arrows tail>head, e.g. "5>12,14>3" or "9>HOME"; a counter that lands on a '
        "tail follows the arrow (and any arrow from its head); default none when --size is given",
    )
    p.add_argument(
        "--n",
        type=argparse_int("the almonds (--n)", least=1, most=MAX_ALMONDS),
        metavar="N",
        help=f"fair-shares only: every position of N almonds, 1 to {MAX_ALMONDS} (p(40) = 37,338 positions)",
    )
    p.add_argument(
        "--position",
        type=argument_text,
        metavar="HEAPS",
        help="fair-shares only: one position, heaps joined by '+', e.g. 3+2+1: its outcome, value and moves",
    )
    p.add_argument("--json", action="store_true", help="one JSON object instead of text")
    p.add_argument(
        "--max-seconds",
        type=argparse_int("the time limit (--max-seconds)"),
        metavar="S",
        help=f"refuse work estimated to take longer than S seconds (default {costs.DEFAULT_MAX_SECONDS:,.0f})",
    )
    p.set_defaults(run=_run)
