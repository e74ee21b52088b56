"""Command-line subcommands ``nim-values`` and ``sum`` (loopy nim values and sums of heaps).

``python -m solver nim-values --rule R --n N [--bound B]`` prints CSV ``n,value``
after ``#`` comment lines naming the rule and the bound: a finite value is
``0``, ``1``, …; an infinite one ``inf{…}`` with K sorted (``inf{0,2}``,
``inf{}``); ``?`` where the value depends on positions beyond the bound.

``python -m solver sum H1 H2 … [--rule R] [--bound B] [--json]`` prints each
heap's value, the sum's outcome for the player to move with the reason, every
move and the best ones.

:func:`register` adds both to the ``python -m solver`` parser.  Bad input ends
with a one-line message and exit status 2 (the handlers raise ``ValueError``,
which ``solver.__main__.main`` prints); work too large for this machine is
refused up front with the estimate (:mod:`solver.costs`).
"""

from __future__ import annotations

import argparse
import json
import sys

from solver import costs
from solver.engine.nim import check_nim_rule, default_sum_bound, needs_bound
from solver.games import RULE_NAMES
from solver.parsing import argparse_int, describe_number, parse_int
from solver.values.nimvalues import (
    default_bound,
    nim_value_text,
    nim_values,
    nim_values_bytes,
    nim_values_seconds,
)
from solver.values.sums import MAX_HEAPS, sum_position

from .common import argument_text

__all__ = ["register", "nim_values_command", "sum_command"]


_int_arg = argparse_int


def _check(args: argparse.Namespace, rule_name: str, n: int, bound: int | None, advice: str) -> None:
    """Refuse a values computation estimated beyond the time limit or the memory here."""
    cost = costs.Cost(
        nim_values_seconds(rule_name, n, bound),
        nim_values_bytes(rule_name, n, bound),
        f"nim values of {rule_name} up to {describe_number(n)}"
        + (f" at bound {describe_number(bound)}" if bound else ""),
    )
    seconds = getattr(args, "max_seconds", None)
    max_seconds = float(costs.DEFAULT_MAX_SECONDS if seconds is None else seconds)
    costs.check_cost(cost, max_seconds=max_seconds, advice=advice)


def nim_values_command(args: argparse.Namespace, out=None) -> None:
    """Handler of ``nim-values``: write the CSV to ``out`` (default stdout).

    Raises
    ------
    ValueError
        Misère rule, a bound below N, or work too large (one-line messages).
    """
    out = sys.stdout if out is None else out
    rule = check_nim_rule(args.rule)
    n = args.n
    if needs_bound(rule):
        bound = default_bound(rule, n) if args.bound is None else args.bound
        if bound < n:
            raise ValueError(f"the bound ({describe_number(bound)}) must be at least N ({describe_number(n)})")
        advice = "choose a smaller --n or --bound"
    else:
        bound = None
        advice = "choose a smaller --n"
    _check(args, rule.name, n, bound, advice)
    values = nim_values(rule, n, bound)
    if needs_bound(rule):
        what = f"loopy nim values of positions 0..{n}; ? = depends on positions above the bound"
    else:
        what = f"loopy nim values of positions 0..{n}; exact (play from n never passes n + 1, no bound needed)"
    out.write(f"# {rule.title} ({rule.name}): {rule.summary}\n# bound {values.bound}: {what}\nn,value\n")
    texts: dict[tuple[int, int], str] = {}
    lines = []
    for position, (v, mask) in enumerate(zip(values.value.tolist(), values.k_mask.tolist(), strict=True)):
        key = (v, mask)
        text = texts.get(key)
        if text is None:
            text = texts[key] = nim_value_text(v, mask)
        lines.append(f"{position},{text}\n")
        if len(lines) >= 65536:
            out.write("".join(lines))
            lines.clear()
    out.write("".join(lines))


def sum_command(args: argparse.Namespace, out=None) -> None:
    """Handler of ``sum``: write the sum's analysis (text, or one JSON object) to ``out``.

    Raises
    ------
    ValueError
        Misère rule, too many heaps, or work too large (one-line messages).
    """
    out = sys.stdout if out is None else out
    rule = check_nim_rule(args.rule)
    if len(args.heaps) > MAX_HEAPS:
        raise ValueError(f"a sum has at most {MAX_HEAPS} heaps; got {len(args.heaps)}")
    bound = default_sum_bound(rule) if args.bound is None else args.bound
    _check(args, rule.name, bound, bound if needs_bound(rule) else None, "choose a smaller --bound")
    result = sum_position(args.heaps, rule, bound)
    if args.json:
        out.write(json.dumps(result.to_dict()) + "\n")
        return
    out.write(f"{rule.title}, values at bound {bound:,}\n")
    for i, (h, v) in enumerate(zip(result.heaps, result.values, strict=True)):
        out.write(f"  heap {i + 1}: {h}  value {v}\n")
    out.write(f"outcome for the player to move: {result.outcome.name} ({result.reason})\n")
    best = set(result.best)
    for k, move in enumerate(result.moves):
        mark = "  best" if k in best else ""
        out.write(f"  heap {move.heap + 1} -> {move.to}: {move.outcome.name} for the mover{mark}\n")


def _sum_of_heaps(args: argparse.Namespace, out=None) -> None:
    """``sum`` of a loopy rule when the heaps came as text (both families share the command): read them, then :func:`sum_command`."""
    args.heaps = [parse_int(text, "a heap", least=0) for text in args.heaps]
    sum_command(args, out)


def register(subparsers, *, game_arg=None, rule_help=None, for_games=None, finite=None) -> None:
    """Add the ``nim-values`` and ``sum`` subcommands to ``python -m solver``'s subparsers.

    Each sets ``run`` to its handler, as the other subcommands do.

    Parameters
    ----------
    subparsers
        From ``ArgumentParser.add_subparsers``.
    game_arg, rule_help, for_games, finite : optional
        Given by :mod:`solver.cli.main` so that both families share the
        commands: ``game_arg`` is the ``--rule`` type (a name to a rule or a
        finite impartial game), ``rule_help`` its help, ``for_games(loopy,
        finite)`` makes the ``run`` that picks a handler by the game's family
        and ``finite`` maps a command to the handler of the finite games
        (:data:`solver.cli.games.HANDLERS`).  Without them the commands take
        the loopy rules only (``--rule`` one of their names), as handlers
        called with ``(args, out)``.
    """
    shared = game_arg is not None and for_games is not None and finite is not None
    rules = ", ".join(RULE_NAMES)
    rule_options: dict = {"type": game_arg} if shared else {"choices": RULE_NAMES}
    rule_text = rule_help if shared and rule_help else f"the game: {rules}"
    p = subparsers.add_parser("nim-values", help="CSV n,value of loopy nim values (0, 1, inf{0,2}, ?) for n = 0..N")
    p.add_argument("--rule", **rule_options, default=RULE_NAMES[0], metavar="NAME", help=rule_text)
    p.add_argument("--n", required=True, type=_int_arg("N", least=0), help="largest position listed")
    p.add_argument(
        "--bound",
        type=_int_arg("the bound"),
        help="put-or-take rules: positions above B are unknown (default 100 × N); ignored by the others (exact)",
    )
    p.add_argument("--max-seconds", type=_int_arg("the time limit (--max-seconds)"), metavar="S")
    p.set_defaults(run=for_games(nim_values_command, finite["nim-values"]) if shared else nim_values_command)

    p = subparsers.add_parser("sum", help="a sum of heaps: each value, the outcome, the winning or drawing moves")
    if shared:
        p.add_argument(
            "heaps",
            nargs="+",
            type=argument_text,
            metavar="H",
            help="heap sizes (any size); for a finite impartial game its positions (5, 3+5, 3,5, ###/##.; "
            "@FILE or @- reads one from a file or standard input)",
        )
    else:
        p.add_argument("heaps", nargs="+", type=_int_arg("a heap", least=0), metavar="H", help="heap sizes (any size)")
    p.add_argument("--rule", **rule_options, default=RULE_NAMES[0], metavar="NAME", help=rule_text)
    p.add_argument(
        "--bound",
        type=_int_arg("the bound"),
        help="values are computed for positions up to B (default 10**6 for put-or-take rules); larger heaps are ?",
    )
    p.add_argument("--json", action="store_true", help="one JSON object instead of text")
    p.add_argument("--max-seconds", type=_int_arg("the time limit (--max-seconds)"), metavar="S")
    p.set_defaults(run=for_games(_sum_of_heaps, finite["sum"]) if shared else sum_command)
