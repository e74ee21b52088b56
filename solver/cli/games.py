"""Command line for the finite impartial games (:mod:`solver.impartial`): ``--rule octal-0.137``, ``wythoff``, ...

The shared commands ``classify``, ``tree``, ``sum`` and ``nim-values`` come
here when ``--rule`` names a finite impartial game (:func:`HANDLERS`); the
commands of these games alone are registered here:

=============================================================  ===============================================
command                                                        prints
=============================================================  ===============================================
``nim-values --rule octal-0.137 --n N``                        CSV ``n,value``: Grundy values of heaps 0..N
                                                               (``--rule magnetism``: empty strips)
``nim-values --rule couples-are-forever --n N``                the same for the piles 0..N
``periodicity --rule octal-0.77 [--n N] [--json]``             ``{"period", "preperiod", "proved",
                                                               "checked_to"}``, or a sentence
``plane --rule wythoff|euclid --size S``                       CSV ``a,b,outcome`` (W/L), 0 <= a, b < S
``plane --rule euclid3 --size S``                              CSV ``a,b,c,outcome``, 0 <= a, b, c < S
``chomp --rows R --cols C [--json]``                           ``{"positions", "losing"}`` over every bar
``eraserhead --graph G --erasers 0,2,4 [--json]``              ``{"value", "outcome", "moves"}`` of Eraserhead
``eraserhead --graph path-N --lost-triples [--json]``          ``{"count", "triples"}``: the lost triples
``magnetism --position STRIP [--json]``                        ``{"value", "outcome", "moves"}`` of a strip
``magnetism --sequences N [--json]``                           G, G+, G++, G+− for n = 0..N
``spring-cleaning --position GRID [--json]``                   ``{"value", "outcome", "moves", "parts"}``
``spring-cleaning --lshape A,B | --zigzag N [--json]``         the source's shapes: grid, value, outcome
``classify --rule G POSITION ...`` (or ``--n N``, octal)       CSV ``position,outcome,value,remoteness``
``tree POSITION --rule G``                                     the game tree as JSON
``sum POSITION POSITION ... --rule G``                         each value, the nim-sum, every move
=============================================================  ===============================================

A position is written as the game reads it: ``5`` or ``3+5`` (heaps), ``3,5``
(pairs), ``3,5,7`` (triples), ``###/##.`` (Chomp bars, Spring Cleaning
grids), ``+..-...`` (Magnetism strips), ``cycle-9:0,2,4`` (Eraserhead),
``petersen:0,7`` (Monochrome); any of them, and ``--graph``, as ``@FILE`` or
``@-`` to read it from a file or standard input
(:func:`solver.cli.common.argument_text`).  A command or option that does not apply
(``solve``, ``--bound`` ...) ends with one line saying why
(:meth:`solver.impartial.ImpartialGame.why_not`), exit status 2.  Every
handler estimates its work first and checks it against the command's
budget (the time limit of ``--max-seconds`` and the memory this machine can
give), given by :mod:`solver.cli.main`.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable
from typing import IO, Protocol

from solver import costs
from solver.errors import NotApplicableError
from solver.graphs import parse_graph, parse_vertices, preset_text
from solver.impartial import ImpartialGame, impartial_game
from solver.impartial.chomp import MAX_CELLS, chomp_cost
from solver.impartial.couples import COUPLES_NAME, couples_values
from solver.impartial.eraserhead import (
    eraserhead_cost,
    eraserhead_move_values,
    eraserhead_position,
    format_eraserhead,
    lost_triples,
    lost_triples_cost,
)
from solver.impartial.game import MAX_TREE_NODES
from solver.impartial.magnetism import MAX_SEQUENCE, magnetism_sequences, magnetism_sequences_cost
from solver.impartial.octal import PERIODICITY_MAX_N, PERIODICITY_STEP_SECONDS
from solver.impartial.spring_cleaning import (
    MAX_LEG,
    MAX_ZIGZAG,
    SPRING_CLEANING,
    l_shape,
    l_shape_value,
    zigzag,
    zigzag_values,
)
from solver.parsing import argparse_int, parse_int

from .common import argument_text
from .progress import CHUNK_ROWS, with_progress, write_rows

__all__ = ["Budget", "HANDLERS", "register", "not_applicable", "only_finite"]

#: Seconds and bytes per CSV row written (a Python f-string and a write).
ROW_SECONDS = 0.5e-6
#: Most positions ``classify`` takes as arguments.
MAX_POSITIONS = 10_000


class Budget(Protocol):
    """What a command may spend: :mod:`solver.cli.main` gives one to each handler."""

    @property
    def max_seconds(self) -> float:
        """The time limit of the command, in seconds (``--max-seconds`` or the default)."""
        ...

    def check(self, *parts: tuple[costs.Cost, str]) -> None:
        """Refuse the work when the estimates (cost, what to reduce) add up beyond the limits."""
        ...


Handler = Callable[[argparse.Namespace, Budget], None]


def _out(args: argparse.Namespace) -> IO[str]:
    return getattr(args, "out", None) or sys.stdout


def _no_bound(args: argparse.Namespace, game: ImpartialGame) -> None:
    for option, attribute in (("--bound", "bound"), ("--alpha", "alpha")):
        if getattr(args, attribute, None) is not None:
            raise NotApplicableError(game.why_not(option))


def _header(game: ImpartialGame, what: str) -> str:
    return f"# {game.title} [{game.name}]: {game.summary}\n# exact (a finite game, no bound): {what}\n"


def _rows_cost(rows: int, what: str) -> costs.Cost:
    try:
        seconds = float(rows) * ROW_SECONDS
    except OverflowError:  # beyond a float: 10**400 rows
        seconds = math.inf
    return costs.Cost(seconds, 200 * min(rows, CHUNK_ROWS), what)


def _quoted(text: str) -> str:
    """A CSV field always quoted, so that a row never starts with ``#`` (a Chomp bar) and reads as a comment."""
    return '"' + text.replace('"', '""') + '"'


def _example(game: ImpartialGame) -> str:
    return game.format(game.start())


def _unit(game: ImpartialGame) -> str:
    """What one heap of the game is called: ``"heap"`` (octal games) or ``"pile"`` (Couples are Forever)."""
    return str(getattr(game, "unit", "heap"))


# ---------------------------------------------------------------------------
# Shared commands
# ---------------------------------------------------------------------------


def classify(args: argparse.Namespace, budget: Budget) -> None:
    """``classify``: positions given as arguments, or with ``--n`` the heaps 0..N of an octal game."""
    game: ImpartialGame = args.rule
    _no_bound(args, game)
    out = _out(args)
    if args.positions:
        if len(args.positions) > MAX_POSITIONS:
            raise ValueError(f"classify takes at most {MAX_POSITIONS:,} positions, got {len(args.positions):,}")
        if args.n is not None:
            raise ValueError("give either --n or positions, not both")
        positions = [game.parse(text) for text in args.positions]
        budget.check((game.values_cost(positions), "choose smaller positions"))
        values = with_progress(lambda: game.values(positions, max_seconds=budget.max_seconds))
        rem_cost = max((game.remoteness_cost(p) for p in positions), key=lambda c: c.seconds)
        rems: list[int | None]
        if costs.within_limits(rem_cost, max_seconds=budget.max_seconds):
            rems = list(game.remotenesses(positions, max_seconds=budget.max_seconds))
        else:
            rems = [None] * len(positions)
            print(
                f"python -m solver: note: remoteness left out: {rem_cost.what} would take {rem_cost.describe()}",
                file=sys.stderr,
            )
        out.write(_header(game, "outcome for the player to move (W or L), Grundy value, remoteness"))
        out.write("position,outcome,value,remoteness\n")
        for p, v, r in zip(positions, values, rems, strict=True):
            out.write(f"{_quoted(game.format(p))},{'L' if v == 0 else 'W'},{v},{'' if r is None else r}\n")
        return
    if args.n is None:
        raise ValueError(
            f"classify --rule {game.name} needs positions ({game.position_help}), e.g. "
            f"classify --rule {game.name} {_example(game)}"
        )
    args.n = parse_int(args.n, "N", least=0)  # the heaps 0..N
    try:
        budget.check(
            (game.grundy_sequence_cost(args.n), "choose a smaller --n"),
            (_rows_cost(args.n + 1, f"a table of {costs.format_count(args.n + 1)} rows"), "choose a smaller --n"),
        )
        values = with_progress(lambda: game.grundy_sequence(args.n, max_seconds=budget.max_seconds))
    except NotApplicableError:
        raise NotApplicableError(
            f"classify --n lists the heaps 0..N of a heap game (octal games, {COUPLES_NAME}) or the empty strips "
            f"of Magnetism; the positions of {game.name} are {game.position_help}: give them as arguments, e.g. "
            f"classify --rule {game.name} {_example(game)}"
        ) from None
    out.write(_header(game, f"{game.sequence_help}, n = 0..{args.n}: outcome for the player to move, Grundy value"))
    out.write("n,outcome,value\n")
    write_rows(out, (f"{n},{'L' if v == 0 else 'W'},{v}\n" for n, v in enumerate(values.tolist())), len(values))


def tree(args: argparse.Namespace, budget: Budget) -> None:
    """``tree``: the game tree of a position, as JSON."""
    game: ImpartialGame = args.rule
    _no_bound(args, game)
    if args.max_nodes > MAX_TREE_NODES:
        raise ValueError(f"--max-nodes must be at most {MAX_TREE_NODES:,}")
    position = game.parse(args.start)
    nodes = args.max_nodes
    budget.check(
        (costs.tree_cost(nodes.bit_length(), nodes), "choose a smaller --max-nodes or --depth"),
        (game.value_cost(position), "choose a smaller position"),
    )
    found = game.tree(position, args.depth, max_nodes=nodes, max_seconds=budget.max_seconds)
    out = _out(args)
    out.write(json.dumps(found, indent=1 if args.indent else None) + "\n")  # the C encoder (json.dump's is Python)
    if found["truncated"]:
        print(f"python -m solver: note: the tree was cut at {nodes:,} nodes (--max-nodes)", file=sys.stderr)


def sum_command(args: argparse.Namespace, budget: Budget) -> None:
    """``sum``: a sum of positions of one game: each Grundy value, the nim-sum, every move and the winning ones."""
    game: ImpartialGame = args.rule
    _no_bound(args, game)
    parts = game.check_components(game.parse(text) for text in args.heaps)
    budget.check((game.values_cost(parts), "choose smaller positions"))
    values = game.values(parts, max_seconds=budget.max_seconds)
    options = game.sum_options(parts, max_seconds=budget.max_seconds)
    total = 0
    for v in values:
        total ^= v
    best = [i for i, option in enumerate(options) if option.value == 0]
    out = _out(args)
    if args.json:
        result = {
            "rule": game.name,
            "positions": [game.format(p) for p in parts],
            "values": values,
            "value": total,
            "outcome": "L" if total == 0 else "W",
            "moves": [
                {"position": o.component, "move": o.move, "to": game.format(o.result), "value": o.value}
                for o in options
            ],
            "best": best,
        }
        out.write(json.dumps(result) + "\n")
        return
    out.write(f"{game.title} [{game.name}]: a sum of {len(parts)} position{'s' if len(parts) > 1 else ''}, exact\n")
    for i, (p, v) in enumerate(zip(parts, values, strict=True)):
        out.write(f"  position {i + 1}: {game.format(p)}  value {v}\n")
    if total:
        out.write(f"nim-sum {total}: W for the player to move (a move to nim-sum 0 wins)\n")
    else:
        out.write("nim-sum 0: L for the player to move (every move leaves a nonzero nim-sum)\n")
    winning = set(best)
    for i, o in enumerate(options):
        mark = "  best" if i in winning else ""
        out.write(f"  position {o.component + 1}: {o.move}: nim-sum {o.value}{mark}\n")


def nim_values(args: argparse.Namespace, budget: Budget) -> None:
    """``nim-values``: CSV ``n,value`` of the Grundy values of the heaps (piles) 0..N (octal games, Couples are Forever; Magnetism's empty strips)."""
    game: ImpartialGame = args.rule
    _no_bound(args, game)
    n = args.n
    budget.check(
        (game.grundy_sequence_cost(n), "choose a smaller --n"),
        (_rows_cost(n + 1, f"a CSV of {costs.format_count(n + 1)} rows"), "choose a smaller --n"),
    )
    values = with_progress(lambda: game.grundy_sequence(n, max_seconds=budget.max_seconds))
    out = _out(args)
    out.write(_header(game, f"Grundy values of {game.sequence_help}, n = 0..{n}") + "n,value\n")
    write_rows(out, (f"{h},{v}\n" for h, v in enumerate(values.tolist())), len(values))


#: The handler of each shared command for a finite impartial game.
HANDLERS: dict[str, Handler] = {
    "classify": classify,
    "tree": tree,
    "sum": sum_command,
    "nim-values": nim_values,
}


def not_applicable(command: str) -> Handler:
    """A handler that refuses ``command`` for a finite impartial game, saying why (the game's words)."""

    def refuse(args: argparse.Namespace, budget: Budget) -> None:
        raise NotApplicableError(args.rule.why_not(command))

    return refuse


#: The games each command of the finite games alone is for.
FINITE_ONLY = {
    "periodicity": f"octal games (--rule octal-<code>, robs-dots, dawsons-kayles, kayles) and {COUPLES_NAME}",
    "plane": "the two-pile games (--rule wythoff or euclid) and Euclid's game on triples (--rule euclid3)",
}


def only_finite(command: str) -> Callable[[argparse.Namespace], None]:
    """A handler that refuses ``command`` for a loopy rule (``args.rule`` a :class:`~solver.games.Rule`)."""

    def refuse(args: argparse.Namespace) -> None:
        raise NotApplicableError(
            f"{command} is for {FINITE_ONLY[command]}; {args.rule.name} is a loopy game of this tool's family, "
            "solved to a bound (classify, tree, solve, layers, records, ...)"
        )

    return refuse


# ---------------------------------------------------------------------------
# The games' own commands
# ---------------------------------------------------------------------------


def periodicity(args: argparse.Namespace, budget: Budget) -> None:
    """``periodicity``: the period and preperiod of a heap game's values, proved when the octal games' theorem applies."""
    game: ImpartialGame = args.rule
    budget.check((game.periodicity_cost(args.n), "choose a smaller --n"))
    found = game.periodicity(args.n)
    out = _out(args)
    result = {
        "period": found.period,
        "preperiod": found.preperiod,
        "proved": found.proved,
        "checked_to": found.checked_to,
    }
    if args.json:
        out.write(json.dumps(result) + "\n")
        return
    unit = _unit(game)
    out.write(f"{game.title} [{game.name}], Grundy values of {unit}s 0..{found.checked_to:,}:\n")
    if found.period is None:
        out.write(
            f"  no period found: no p has G(n + p) = G(n) over the last 3p {unit}s computed (up to "
            f"{found.checked_to:,}), so there is no candidate for the theorem to prove\n"
        )
        return
    last = "" if not found.preperiod else f"; the last exception is {unit} {found.preperiod - 1}"
    out.write(
        f"  period {found.period}, preperiod {found.preperiod} (G(n + {found.period}) = G(n) for n >= {found.preperiod}{last})\n"
    )
    if found.proved:
        out.write(f"  proved for every {unit} by the octal games periodicity theorem (Winning Ways, chapter 4)\n")
    else:
        out.write(f"  not proved: a candidate seen in the values computed; the theorem needs more {unit}s (--n)\n")


def plane(args: argparse.Namespace, budget: Budget) -> None:
    """``plane``: CSV ``a,b,outcome`` of a two-pile game for ``0 <= a, b < S`` (``a,b,c,outcome`` for triples)."""
    game: ImpartialGame = args.rule
    size = args.size
    axes = game.plane_axes
    rows = size ** len(axes)
    budget.check(
        (game.plane_cost(size), "choose a smaller --size"),
        (_rows_cost(rows, f"a CSV of {costs.format_count(rows)} rows"), "choose a smaller --size"),
    )
    table = game.plane(size, max_seconds=budget.max_seconds)
    out = _out(args)
    names = ", ".join(axes)
    out.write(
        _header(
            game,
            f"outcome of ({names}) for the player to move, W (N-position) or L (P-position), 0 <= {names} < {size}",
        )
    )
    out.write(",".join(axes) + ",outcome\n")
    letters = ("L", "W")
    # one row (or layer) made a list at a time: the whole table as lists takes 8 bytes a cell
    # (euclid3 --size 200: 64 MB more than its estimate)
    if len(axes) == 2:
        rows_text = (f"{a},{b},{letters[w]}\n" for a in range(size) for b, w in enumerate(table[a].tolist()))
    else:
        rows_text = (
            f"{a},{b},{c},{letters[w]}\n"
            for a in range(size)
            for b, row in enumerate(table[a].tolist())
            for c, w in enumerate(row)
        )
    write_rows(out, rows_text, rows)


def chomp(args: argparse.Namespace, budget: Budget) -> None:
    """``chomp``: the numbers of bars and of losing bars (P-positions) in an R x C box, the empty bar counted."""
    cost = chomp_cost(args.rows, args.cols)
    budget.check((cost, "choose a smaller box"))
    if args.rows * args.cols > MAX_CELLS:
        raise ValueError(
            f"{cost.what} would need {cost.describe()}; boxes of at most {MAX_CELLS} pieces "
            f"(2**{MAX_CELLS} bars) are solved here; choose a smaller box"
        )
    game = impartial_game(f"chomp-{args.rows}x{args.cols}")
    found = game.counts(max_seconds=budget.max_seconds)
    out = _out(args)
    if args.json:
        out.write(json.dumps({"positions": found["positions"], "losing": found["losing"]}) + "\n")
        return
    out.write(
        f"{game.title}: {found['positions']:,} bars (every set of pieces, the empty bar included), "
        f"{found['losing']:,} losing for the player to move (P-positions, the empty bar included), "
        f"{found['winning']:,} winning\n"
    )


def eraserhead(args: argparse.Namespace, budget: Budget) -> None:
    """``eraserhead``: a position's value, outcome and every move with its value; or the lost triples."""
    graph = parse_graph(args.graph)
    out = _out(args)
    if args.lost_triples:
        if args.erasers is not None:
            raise ValueError("give either --erasers (a position) or --lost-triples (every three-eraser position)")
        name = preset_text(graph) or ""
        kind, _, size = name.partition("-")
        if kind not in ("path", "cycle"):
            raise ValueError(
                f"--lost-triples is for a path or a cycle: write --graph path-N or cycle-N, not {args.graph.strip()[:40]!r}"
            )
        cost = lost_triples_cost(kind, int(size))
        budget.check((cost, "choose fewer vertices"))
        triples = lost_triples(kind, int(size), max_seconds=budget.max_seconds)
        if args.json:
            out.write(json.dumps({"count": int(triples.shape[0]), "triples": triples.tolist()}) + "\n")
            return
        out.write(
            f"Eraserhead on {name}: {triples.shape[0]:,} lost three-eraser positions (x < y < z, value 0, "
            "the player to move loses)\n"
        )
        for x, y, z in triples.tolist():
            out.write(f"  {x},{y},{z}\n")
        return
    if args.erasers is None:
        raise ValueError("eraserhead needs --erasers (e.g. --erasers 0,2,4) or --lost-triples")
    position = eraserhead_position(graph, parse_vertices(args.erasers, graph, "an eraser", distinct=True))
    budget.check((eraserhead_cost(position, moves=True), "choose a smaller graph or fewer erasers"))
    value, moves = eraserhead_move_values(position, max_seconds=budget.max_seconds)
    outcome = "L" if value == 0 else "W"
    if args.json:
        result = {
            "value": value,
            "outcome": outcome,
            "moves": [
                {
                    "from": m.eraser,
                    "to": m.to,
                    "edge": list(m.edge),
                    "position": format_eraserhead(m.result),
                    "value": m.value,
                    "wins": m.wins,
                }
                for m in moves
            ],
        }
        out.write(json.dumps(result) + "\n")
        return
    where = format_eraserhead(position)
    verdict = "W for the player to move (a move to value 0 wins)" if value else "L for the player to move"
    out.write(f"Eraserhead at {where}: value {value}, {verdict}\n")
    if not moves:
        out.write("  no move: no eraser has an unoccupied neighbour\n")
    for m in moves:
        out.write(f"  {m.text}, leaving {_eraserhead_words(m.result)}: value {m.value}{'  wins' if m.wins else ''}\n")


def _eraserhead_words(position) -> str:
    """A position in words: ``erasers at 1,2 and the edges 0-1,1-2`` (``GRAPH:ERASERS`` reads ``1:1`` for one vertex)."""
    graph = position.graph
    erasers = ",".join(map(str, position.erasers))
    if not graph.edges:
        edges = "no edge"
    else:
        named = preset_text(graph)
        edges = named if named else "the edges " + ",".join(f"{u}-{v}" for u, v in graph.edges)
    many = len(position.erasers) != 1
    return f"eraser{'s' if many else ''} at {erasers} and {edges}"


#: A position whose text is longer than this lists each move by its change alone, not the whole result again.
LONG_POSITION = 200
#: Writing one character of output, in seconds (measured: about 2 ns on a pipe; 5 for the margin).
OUTPUT_SECONDS_PER_CHAR = 5e-9


def _position_report(game: ImpartialGame, position, args: argparse.Namespace, budget: Budget, extra: dict) -> None:
    """The value and outcome of one position and of every move's result, as JSON or text (``magnetism``, ``spring-cleaning``).

    A position longer than :data:`LONG_POSITION` characters lists each move by
    its text (its change: ``put + on square 3``) and value, without the
    position it leaves: the output then grows with the number of moves, not
    with its square.
    """
    budget.check((game.value_cost(position), "choose a smaller position"))
    text = game.format(position)
    long = len(text) > LONG_POSITION
    fast = getattr(game, "move_values", None)
    listed: list[tuple[str, object | None, int]]
    if fast is not None:  # the game knows each move's value without building its result (Magnetism)
        work = game.move_values_cost(position)  # type: ignore[attr-defined]
        budget.check((work + _output_cost(game.move_count(position), text, long), "choose a smaller position"))  # type: ignore[attr-defined]
        value = game.value(position, max_seconds=budget.max_seconds)
        found = fast(position)
        listed = [
            (move, None if after is None else game.format(after), v)
            for (move, v), (_, after) in _moves_of(game, position, found, long)
        ]
    else:
        value = game.value(position, max_seconds=budget.max_seconds)
        pairs = game.moves(position)
        results = [result for _, result in pairs]
        budget.check((game.values_cost(results) + _output_cost(len(pairs), text, long), "choose a smaller position"))
        values = game.values(results, max_seconds=budget.max_seconds)
        listed = [
            (move, None if long else game.format(after), v) for (move, after), v in zip(pairs, values, strict=True)
        ]
    result = {
        "rule": game.name,
        "position": text,
        "value": value,
        "outcome": "L" if value == 0 else "W",
        "moves": [
            {"move": move, **({} if after is None else {"position": after}), "value": v, "wins": v == 0}
            for move, after, v in listed
        ],
        **extra,
    }
    out = _out(args)
    if args.json:
        out.write(json.dumps(result) + "\n")
        return
    out.write(f"{game.title}: {result['position']}\n")
    for key, item in extra.items():
        if key == "parts":  # Spring Cleaning's groups of dirt, one line each
            out.write(f"  {len(item)} group{'s' if len(item) != 1 else ''} of dirt (the value is their nim-sum):\n")
            for part in item:
                pieces = f"{part['pieces']} piece{'s' if part['pieces'] != 1 else ''}"
                out.write(f"    {part['position']} ({pieces}): value {part['value']}\n")
        else:
            out.write(f"  {key}: {item}\n")
    if value:
        out.write(f"  value {value}: W for the player to move (a move to value 0 wins)\n")
    else:
        out.write("  value 0: L for the player to move (every move leaves a nonzero value)\n")
    if long:
        out.write(
            f"  ({len(listed):,} moves, each given by its change: the position is {len(text):,} characters long)\n"
        )
    for move, after, v in listed:
        mark = "  wins" if v == 0 else ""
        leaves = "" if after is None else f" -> {after}"
        out.write(f"  {move}{leaves}: value {v}{mark}\n")


def _output_cost(moves: int, text: str, long: bool) -> costs.Cost:
    """Writing ``moves`` move lines, each with the position it leaves unless ``long``."""
    chars = moves * (60 + (0 if long else 2 * len(text)))
    return costs.Cost(OUTPUT_SECONDS_PER_CHAR * chars, 4 * chars, f"writing {moves:,} moves")


def _moves_of(game: ImpartialGame, position, found: list[tuple[str, int]], long: bool):
    """Pair each ``(move, value)`` with its result, built only where it is shown (a short position)."""
    if long:
        return [((move, v), (move, None)) for move, v in found]
    return list(zip(found, game.moves(position), strict=True))


def magnetism(args: argparse.Namespace, budget: Budget) -> None:
    """``magnetism``: a strip's value, outcome and moves, or the four elementary sequences to N."""
    game = impartial_game("magnetism")
    if args.sequences is not None:
        n = args.sequences
        budget.check((magnetism_sequences_cost(n), "choose a smaller --sequences"))
        found = with_progress(lambda: magnetism_sequences(n, max_seconds=budget.max_seconds))
        out = _out(args)
        if args.json:
            out.write(json.dumps(found) + "\n")
            return
        out.write(
            "# Magnetism: Grundy values of the elementary strips of n empty squares, by the mex from the rules\n"
            "# G: no token at either end; G+: a token at one end; G++: equal tokens at both ends "
            "(none for n = 0: two equal tokens side by side); G+-: different tokens\n"
            "n,G,G+,G++,G+-\n"
        )
        write_rows(
            out,
            (
                f"{n},{g},{gp},{'' if gpp is None else gpp},{gpm}\n"
                for n, g, gp, gpp, gpm in zip(
                    found["n"], found["G"], found["G+"], found["G++"], found["G+-"], strict=True
                )
            ),
            len(found["n"]),
        )
        return
    strip = game.parse(args.position)
    _position_report(game, strip, args, budget, {})


def _legs(text: str) -> tuple[int, int]:
    """``--lshape A,B``: two legs from 1 to 32."""
    parts = text.split(",")
    if len(parts) != 2:
        raise argparse.ArgumentTypeError(f"--lshape takes two legs A,B such as 5,3, got {text[:40]!r}")
    try:
        a = parse_int(parts[0].strip(), "the leg A (--lshape)", least=1, most=MAX_LEG)
        b = parse_int(parts[1].strip(), "the leg B (--lshape)", least=1, most=MAX_LEG)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return a, b


def spring_cleaning(args: argparse.Namespace, budget: Budget) -> None:
    """``spring-cleaning``: a grid's value, outcome, moves and groups; or the value of the source's L or zigzag."""
    game = SPRING_CLEANING
    out = _out(args)
    if args.lshape is not None or args.zigzag is not None:
        if args.lshape is not None:
            a, b = args.lshape
            text = l_shape(a, b)
            value = l_shape_value(a, b, max_seconds=budget.max_seconds)
            found: dict[str, object] = {"shape": f"({a},{b})-L", "position": text}
        else:
            n = args.zigzag
            text = zigzag(n)
            value = zigzag_values(n, max_seconds=budget.max_seconds)[-1]
            found = {"shape": f"Z({n})", "position": text}
        found["pieces"] = text.count("#")
        found["value"] = value
        found["outcome"] = "L" if value == 0 else "W"
        if args.zigzag is not None:
            found["couples_are_forever"] = int(couples_values(args.zigzag + 2, max_seconds=budget.max_seconds)[-1])
        if args.json:
            out.write(json.dumps(found) + "\n")
            return
        name = f"the {found['shape']}" if args.lshape is not None else f"the zigzag {found['shape']}"
        out.write(f"{game.title}, {name} ({found['pieces']} pieces): {text}\n")
        out.write(f"  value {value}: {found['outcome']} for the player to move\n")
        if args.zigzag is not None:
            out.write(f"  Couples are Forever on a pile of {args.zigzag + 2} (n + 2): {found['couples_are_forever']}\n")
        return
    grid = game.parse(args.position)
    budget.check((game.value_cost(grid), "choose a position with fewer dirt pieces per group"))
    with game.holding_groups():  # the groups, the position and every move's result share one search
        parts = game.parts(grid, max_seconds=budget.max_seconds)
        _position_report(game, grid, args, budget, {"parts": parts})


def _chomp_size(name: str) -> Callable[[str], int]:
    return argparse_int(name, least=1, most=4096)


def register(
    subparsers,
    *,
    game_arg: Callable[[str], object],
    rule_help: str,
    finite: Callable[[Handler, str], Callable[[argparse.Namespace], None]],
) -> None:
    """Add ``periodicity``, ``plane``, ``chomp``, ``eraserhead``, ``magnetism`` and ``spring-cleaning`` to ``python -m solver``'s subparsers.

    Parameters
    ----------
    subparsers
        From ``ArgumentParser.add_subparsers``.
    game_arg : callable
        The ``--rule`` type: a name to a game of either family.
    rule_help : str
        Help of ``--rule``.
    finite : callable
        ``finite(handler, command)``: the ``run`` of a command for the finite
        games only (it gives the handler its budget and refuses a loopy rule).
    """
    p = subparsers.add_parser(
        "periodicity", help=f"period and preperiod of an octal game's (or {COUPLES_NAME}'s) Grundy values (proved?)"
    )
    p.add_argument(
        "--rule",
        type=game_arg,
        required=True,
        metavar="NAME",
        help=f"an octal game (octal-<code>) or {COUPLES_NAME}; " + rule_help,
    )
    p.add_argument(
        "--n",
        type=argparse_int("N (--n)", least=1),
        help=(
            "compute the values of heaps 0..N only (default: from 256, doubling until the period is proved, "
            f"{PERIODICITY_MAX_N:,} is reached or a doubling would take over {PERIODICITY_STEP_SECONDS:.0f} s)"
        ),
    )
    p.add_argument(
        "--json", action="store_true", help='one JSON object {"period", "preperiod", "proved", "checked_to"}'
    )
    _add_max_seconds(p)
    p.set_defaults(run=finite(periodicity, "periodicity"))

    p = subparsers.add_parser(
        "plane",
        help="CSV a,b,outcome (W/L) of Wythoff's or Euclid's game for 0 <= a, b < S; a,b,c,outcome for euclid3",
    )
    p.add_argument("--rule", type=game_arg, required=True, metavar="NAME", help="wythoff, euclid or euclid3")
    p.add_argument("--size", type=argparse_int("the size (--size)", least=0), required=True, metavar="S", help="side S")
    _add_max_seconds(p)
    p.set_defaults(run=finite(plane, "plane"))

    p = subparsers.add_parser("chomp", help="count the bars and the losing bars of Chomp in an R x C box")
    p.add_argument("--rows", type=_chomp_size("the rows (--rows)"), required=True, metavar="R", help="rows of the box")
    p.add_argument("--cols", type=_chomp_size("the columns (--cols)"), required=True, metavar="C", help="columns")
    p.add_argument("--json", action="store_true", help='one JSON object {"positions", "losing"}')
    _add_max_seconds(p)
    p.set_defaults(run=finite(chomp, "chomp"), rule=None)

    p = subparsers.add_parser(
        "eraserhead", help="Eraserhead on a graph: a position's value and every move, or the lost triples"
    )
    p.add_argument(
        "--graph",
        required=True,
        type=argument_text,
        metavar="GRAPH",
        help="the graph left: an edge list 0-1,1-2,... on vertices 0..n-1, or path-N, cycle-N, grid-RxC, "
        "complete-N, petersen; @FILE or @- reads it from a file or standard input",
    )
    p.add_argument(
        "--erasers",
        type=argument_text,
        metavar="V,V,...",
        help="the eraser vertices, at most one per vertex (e.g. 0,2,4; @FILE or @- reads them from a file or stdin)",
    )
    p.add_argument(
        "--lost-triples",
        action="store_true",
        help="list every three-eraser position x < y < z of path-N or cycle-N with value 0",
    )
    p.add_argument(
        "--json",
        action="store_true",
        help='one JSON object: {"value", "outcome", "moves"}, or {"count", "triples"} with --lost-triples',
    )
    _add_max_seconds(p)
    p.set_defaults(run=finite(eraserhead, "eraserhead"), rule=None)

    p = subparsers.add_parser(
        "magnetism", help="a Magnetism strip's value, outcome and moves, or the values of its four elementary strips"
    )
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument(
        "--position",
        type=argument_text,
        metavar="STRIP",
        help="a strip: '.' empty, '+' and '-' tokens (e.g. +...-..; one that starts with '-' as --position=-..+); "
        "@FILE or @- reads it from a file or standard input",
    )
    what.add_argument(
        "--sequences",
        type=argparse_int("N (--sequences)", least=0, most=MAX_SEQUENCE),
        metavar="N",
        help="the Grundy values of G(n), G+(n), G++(n), G+-(n) for n = 0..N (CSV, or JSON lists with --json)",
    )
    p.add_argument("--json", action="store_true", help='one JSON object: {"value", "outcome", "moves"} of a strip')
    _add_max_seconds(p)
    p.set_defaults(run=finite(magnetism, "magnetism"), rule=None)

    p = subparsers.add_parser(
        "spring-cleaning",
        help="a Spring Cleaning grid's value, outcome and moves, or the source's L-shapes and zigzags",
    )
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument(
        "--position",
        type=argument_text,
        metavar="GRID",
        help="rows of '#' (dirt) and '.' joined by '/' (e.g. ###/#../#..); @FILE or @- reads it from a file or stdin",
    )
    what.add_argument(
        "--lshape",
        type=_legs,
        metavar="A,B",
        help=f"the (A,B)-L: A pieces along the top row, B down the left column, the corner in both (1 to {MAX_LEG})",
    )
    what.add_argument(
        "--zigzag",
        type=argparse_int("N (--zigzag)", least=1, most=MAX_ZIGZAG),
        metavar="N",
        help=f"the zigzag Z(N): the staircase of N pieces (1 to {MAX_ZIGZAG}), with Couples are Forever on N + 2",
    )
    p.add_argument("--json", action="store_true", help="one JSON object instead of text")
    _add_max_seconds(p)
    p.set_defaults(run=finite(spring_cleaning, "spring-cleaning"), rule=None)


def _add_max_seconds(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--max-seconds",
        type=argparse_int("the time limit (--max-seconds)"),
        metavar="S",
        help="refuse work estimated to take longer than S seconds (default 600)",
    )
