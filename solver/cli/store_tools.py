"""Reading a finished Dask store from the command line: ``--store PATH`` of ``records`` and ``bfile``, and ``check``.

``records --store PATH`` and ``bfile --store PATH`` read the store a chunk at
a time (:func:`store_solution`) instead of solving; ``--bound`` may be left
out, and must be the store's when given.  ``check --store PATH --sample K
[--seed S] [--json]`` checks K positions drawn at random against their two
children (:func:`solver.store.dask_check.check_store`) and ends with status 1
on any fault.  A store that is missing, unfinished, damaged, of another rule
or of another bound ends with status 2 and one line on stderr, as bad
arguments do.
"""

from __future__ import annotations

import argparse
import json
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

from solver import costs
from solver.parsing import argparse_int
from solver.store.dask_check import check_rule, check_sample, check_store
from solver.store.dask_store import open_store

from .common import _check_work, _UsageError
from .progress import Progress

__all__ = ["STORE_HELP", "add_store_option", "check_store_read", "fed", "reading", "register", "store_solution"]

#: Help of ``--store`` on ``records`` and ``bfile``.
STORE_HELP = (
    "read a finished Dask store (solve --engine dask --store PATH) chunk by chunk instead of solving; "
    "--bound may then be left out"
)
#: Progress units of a read.
_STEPS = 1000


def add_store_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--store PATH`` (:data:`STORE_HELP`) to the parser of ``records`` or ``bfile``.

    Parameters
    ----------
    parser : argparse.ArgumentParser
        The subcommand's parser.
    """
    parser.add_argument("--store", metavar="PATH", help=STORE_HELP)


def store_solution(args: argparse.Namespace) -> Any:
    """The solve held by ``args.store``, read lazily, after checking it against ``--rule`` and ``--bound``.

    Parameters
    ----------
    args : argparse.Namespace
        ``store`` (a path), ``rule`` (a :class:`solver.games.Rule`, or absent
        for any rule) and ``bound`` (an int or None).

    Returns
    -------
    solver.engine.solution.Solution
        :func:`solver.store.dask_store.open_store` of the store.

    Raises
    ------
    ValueError
        If the path does not exist, is not a finished, undamaged store of
        this release, holds another rule than ``--rule``, or another bound
        than ``--bound``.
    """
    text = str(args.store)
    if not text.strip():
        raise _UsageError("the store path (--store) is empty")
    if "://" not in text and not Path(text).expanduser().exists():
        raise _UsageError(f"the store {text} does not exist; give the directory a Dask solve wrote (--store)")
    solution = open_store(text)
    rule = getattr(args, "rule", None)
    if rule is not None and solution.rule.name != rule.name:
        raise _UsageError(
            f"the store {text} holds {solution.rule.title} ({solution.rule.name}), not {rule.title}; "
            f"give --rule {solution.rule.name}"
        )
    bound = getattr(args, "bound", None)
    if bound is not None and bound != solution.bound:
        raise _UsageError(
            f"--bound {bound:,} disagrees with the store {text}, which is solved to {solution.bound:,}; "
            "leave out --bound or give the store's"
        )
    return solution


def reading(what: str = "reading the store") -> Progress:
    """The progress of a read of a store on stderr (``progress 0.42 reading the store``).

    Parameters
    ----------
    what : str, optional
        The words of the bar and of the lines.

    Returns
    -------
    Progress
        Of :data:`_STEPS` steps, fed by fractions through :func:`fed`.
    """
    return Progress(what, _STEPS)


def fed(bar: Progress, start: float = 0.0, share: float = 1.0) -> Callable[[float], None]:
    """A callback of fractions for a part of a read shown by ``bar``.

    Parameters
    ----------
    bar : Progress
        From :func:`reading`.
    start, share : float, optional
        The part: a fraction ``f`` of it moves the bar to ``start + share * f``
        of the whole (default the whole read).

    Returns
    -------
    callable
        Takes a fraction from 0 to 1.
    """

    def update(fraction: float) -> None:
        bar.update(round(_STEPS * (start + share * fraction)))

    return update


def check_store_read(args: argparse.Namespace, solution: Any, positions: int | None = None) -> None:
    """Refuse, with the estimate, a read of the store beyond ``--max-seconds`` (:func:`solver.costs.store_read_cost`).

    Parameters
    ----------
    args : argparse.Namespace
        The command's arguments (``max_seconds``).
    solution : Solution
        The store's solve, from :func:`store_solution`.
    positions : int, optional
        Positions read (the first ones); default the whole store.

    Raises
    ------
    solver.costs.WorkTooLargeError
        A ValueError whose one-line message gives the estimate.
    """
    whole = positions is None or positions > solution.bound
    read = solution.bound + 1 if positions is None or whole else max(1, positions)
    cost = costs.store_read_cost(read, solution.store_codes.chunk)
    _check_work(args, (cost, "the whole store is read" if whole else "the store is read up to its decided radius"))


def _check_command(args: argparse.Namespace) -> None:
    solution = store_solution(args)
    check_rule(solution, args.store)
    check_sample(solution.bound, args.sample)
    cost = costs.sample_check_cost(solution.bound, args.sample, solution.store_codes.chunk)
    _check_work(args, (cost, "choose a smaller --sample"))
    seed = args.seed if args.seed is not None else secrets.randbits(63)
    if not args.json:
        print(f"{solution.rule.title}, bound {solution.bound:,}: the store {args.store}")
        print(
            f"sample: {args.sample:,} positions drawn uniformly from 1..{solution.bound:,}, seed {seed} "
            f"(--seed {seed} draws them again)",
            flush=True,
        )
    with reading() as bar:
        found = check_store(args.store, args.sample, seed, progress=fed(bar))
    if args.json:
        print(json.dumps(found))
    else:
        print(f"checked: {found['checked']:,} positions against their two children")
        shown = ", ".join(f"{n:,}" for n in found["faulty"])
        print(f"faults: {found['faults']:,}" + (f"; the first: {shown}" if found["faults"] else ""))
        print(f"chunks decoded: {found['chunks_decoded']:,}, each once ({found['bytes_decoded']:,} bytes of codes)")
        print(f"seconds: {found['seconds']:.3f}")
    if found["faults"]:
        raise SystemExit(1)


def register(sub: Any, *, add_max_seconds: Callable[[argparse.ArgumentParser], None]) -> None:
    """Add the command ``check`` to the subparsers of ``python -m solver``.

    Parameters
    ----------
    sub : argparse._SubParsersAction
        The subparsers of :func:`solver.cli.main.build_parser`.
    add_max_seconds : callable
        Adds ``--max-seconds`` to a parser, as on every command.
    """
    p = sub.add_parser(
        "check",
        help="check positions drawn at random from a finished Dask store of Put-or-Take-a-Square "
        "against their two children",
    )
    p.add_argument(
        "--store", required=True, metavar="PATH", help="the store's directory (solve --engine dask --store PATH)"
    )
    p.add_argument(
        "--sample",
        required=True,
        type=argparse_int("the sample (--sample)"),
        metavar="K",
        help="the number of positions drawn uniformly from 1..B, with replacement (at most B, and what memory allows)",
    )
    p.add_argument(
        "--seed",
        type=argparse_int("the seed (--seed)", least=0, most=2**63 - 1),
        metavar="S",
        help="the seed of the draw (default: a fresh one, printed)",
    )
    p.add_argument("--json", action="store_true", help="one JSON object instead of text")
    add_max_seconds(p)
    p.set_defaults(run=_check_command)
