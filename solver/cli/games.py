"""Command line for the finite impartial games (:mod:`solver.impartial`): ``--rule octal-0.137``, ``wythoff``, ...

The shared commands ``classify``, ``tree``, ``sum`` and ``nim-values`` come
here when ``--rule`` names a finite impartial game (:func:`HANDLERS`); the
commands of these games alone are registered here:

=============================================================  ===============================================
command                                                        prints
=============================================================  ===============================================
``nim-values --rule octal-0.137 --n N``                        CSV ``n,value``: Grundy values of heaps 0..N
``periodicity --rule octal-0.77 [--n N] [--json]``             ``{"period", "preperiod", "proved",
                                                               "checked_to"}``, or a sentence
``plane --rule wythoff|euclid --size S``                       CSV ``a,b,outcome`` (W/L), 0 <= a, b < S
``chomp --rows R --cols C [--json]``                           ``{"positions", "losing"}`` over every bar
``classify --rule G POSITION ...`` (or ``--n N``, octal)       CSV ``position,outcome,value,remoteness``
``tree POSITION --rule G``                                     the game tree as JSON
``sum POSITION POSITION ... --rule G``                         each value, the nim-sum, every move
=============================================================  ===============================================

A position is written as the game reads it: ``5`` or ``3+5`` (heaps), ``3,5``
(pairs), ``###/##.`` (Chomp bars).  A command or option that does not apply
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
from solver.impartial import ImpartialGame, impartial_game
from solver.impartial.chomp import MAX_CELLS, chomp_cost
from solver.impartial.game import MAX_TREE_NODES
from solver.impartial.octal import PERIODICITY_MAX_N, PERIODICITY_STEP_SECONDS
from solver.parsing import argparse_int, parse_int

__all__ = ["Budget", "HANDLERS", "register", "not_applicable", "only_finite"]

#: Seconds and bytes per CSV row written (a Python f-string and a write).
ROW_SECONDS = 0.5e-6
#: Rows written at once.
CHUNK_ROWS = 1 << 16
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
        values = game.values(positions, max_seconds=budget.max_seconds)
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
        values = game.grundy_sequence(args.n, max_seconds=budget.max_seconds)
    except NotApplicableError:
        raise NotApplicableError(
            f"classify --n lists the heaps 0..N of an octal game; the positions of {game.name} are "
            f"{game.position_help}: give them as arguments, e.g. classify --rule {game.name} {_example(game)}"
        ) from None
    out.write(_header(game, f"one heap of n tokens, n = 0..{args.n}: outcome for the player to move, Grundy value"))
    out.write("n,outcome,value\n")
    _write_rows(out, (f"{n},{'L' if v == 0 else 'W'},{v}\n" for n, v in enumerate(values.tolist())))


def _write_rows(out: IO[str], rows) -> None:
    chunk: list[str] = []
    for row in rows:
        chunk.append(row)
        if len(chunk) >= CHUNK_ROWS:
            out.write("".join(chunk))
            chunk.clear()
    out.write("".join(chunk))


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
    json.dump(found, out, indent=1 if args.indent else None)
    out.write("\n")
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
    """``nim-values``: CSV ``n,value`` of the Grundy values of the heaps 0..N (octal games)."""
    game: ImpartialGame = args.rule
    _no_bound(args, game)
    n = args.n
    budget.check(
        (game.grundy_sequence_cost(n), "choose a smaller --n"),
        (_rows_cost(n + 1, f"a CSV of {costs.format_count(n + 1)} rows"), "choose a smaller --n"),
    )
    values = game.grundy_sequence(n, max_seconds=budget.max_seconds)
    out = _out(args)
    out.write(_header(game, f"Grundy values of the heaps 0..{n}") + "n,value\n")
    _write_rows(out, (f"{h},{v}\n" for h, v in enumerate(values.tolist())))


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
    "periodicity": "octal games (--rule octal-<code>, robs-dots, dawsons-kayles, kayles)",
    "plane": "the two-pile games (--rule wythoff or euclid)",
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
    """``periodicity``: the period and preperiod of an octal game's heap values, proved when the theorem applies."""
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
    out.write(f"{game.title} [{game.name}], Grundy values of heaps 0..{found.checked_to:,}:\n")
    if found.period is None:
        out.write("  no period: the values computed repeat no period three times at their end\n")
        return
    last = "" if not found.preperiod else f"; the last exception is heap {found.preperiod - 1}"
    out.write(
        f"  period {found.period}, preperiod {found.preperiod} (G(n + {found.period}) = G(n) for n >= {found.preperiod}{last})\n"
    )
    if found.proved:
        out.write("  proved for every heap by the octal games periodicity theorem (Winning Ways, chapter 4)\n")
    else:
        out.write("  not proved: a candidate seen in the values computed; the theorem needs more heaps (--n)\n")


def plane(args: argparse.Namespace, budget: Budget) -> None:
    """``plane``: CSV ``a,b,outcome`` of a two-pile game for ``0 <= a, b < S``."""
    game: ImpartialGame = args.rule
    size = args.size
    budget.check(
        (game.plane_cost(size), "choose a smaller --size"),
        (_rows_cost(size * size, f"a CSV of {costs.format_count(size * size)} rows"), "choose a smaller --size"),
    )
    table = game.plane(size, max_seconds=budget.max_seconds)
    out = _out(args)
    out.write(
        _header(game, f"outcome of (a, b) for the player to move, W (N-position) or L (P-position), 0 <= a, b < {size}")
    )
    out.write("a,b,outcome\n")
    letters = ("L", "W")
    _write_rows(
        out,
        (f"{a},{b},{letters[w]}\n" for a, row in enumerate(table.tolist()) for b, w in enumerate(row)),
    )


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


def _chomp_size(name: str) -> Callable[[str], int]:
    return argparse_int(name, least=1, most=4096)


def register(
    subparsers,
    *,
    game_arg: Callable[[str], object],
    rule_help: str,
    finite: Callable[[Handler, str], Callable[[argparse.Namespace], None]],
) -> None:
    """Add ``periodicity``, ``plane`` and ``chomp`` to ``python -m solver``'s subparsers.

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
    p = subparsers.add_parser("periodicity", help="period and preperiod of an octal game's Grundy values (proved?)")
    p.add_argument(
        "--rule", type=game_arg, required=True, metavar="NAME", help="an octal game: octal-<code>, " + rule_help
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

    p = subparsers.add_parser("plane", help="CSV a,b,outcome (W/L) of Wythoff's or Euclid's game for 0 <= a, b < S")
    p.add_argument("--rule", type=game_arg, required=True, metavar="NAME", help="wythoff or euclid")
    p.add_argument("--size", type=argparse_int("the size (--size)", least=0), required=True, metavar="S", help="side S")
    _add_max_seconds(p)
    p.set_defaults(run=finite(plane, "plane"))

    p = subparsers.add_parser("chomp", help="count the bars and the losing bars of Chomp in an R x C box")
    p.add_argument("--rows", type=_chomp_size("the rows (--rows)"), required=True, metavar="R", help="rows of the box")
    p.add_argument("--cols", type=_chomp_size("the columns (--cols)"), required=True, metavar="C", help="columns")
    p.add_argument("--json", action="store_true", help='one JSON object {"positions", "losing"}')
    _add_max_seconds(p)
    p.set_defaults(run=finite(chomp, "chomp"), rule=None)


def _add_max_seconds(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--max-seconds",
        type=argparse_int("the time limit (--max-seconds)"),
        metavar="S",
        help="refuse work estimated to take longer than S seconds (default 600)",
    )
