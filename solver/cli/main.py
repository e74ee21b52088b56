"""Command line: ``python -m solver {classify,tree,solve,layers,records,bfile,check,compare,cold-positions,nim-values,sum,periodicity,plane,chomp,...} ...``.

``--rule NAME`` picks the game: a rule of the loopy family
(:mod:`solver.games`; the default is Put-or-Take-a-Square) or a finite
impartial game (:func:`solver.impartial.impartial_game`: ``octal-0.137``,
``wythoff``, ``euclid``, ``chomp-2x6``, ...).  The game decides: a command
shared by both families (``classify``, ``tree``, ``sum``, ``nim-values``)
goes to the handlers of :mod:`solver.cli.games` for a finite game, and a
command that does not apply to the game asked ends with one line saying why.

Bad arguments end with exit status 2 and a one-line message on stderr.  Every
command estimates its time and memory first (:mod:`solver.costs`) and refuses
work beyond the memory this machine has or beyond a time limit (10 minutes
unless ``--max-seconds`` says otherwise), with the estimate in the message.
"""

from __future__ import annotations

import argparse
import sys
import warnings

from solver import config
from solver.errors import DaskEngineError
from solver.games import DEFAULT_RULE, RULE_NAMES, Rule, get_rule
from solver.impartial import IMPARTIAL_FORMS, ImpartialGame, impartial_game, is_impartial_name
from solver.parsing import argparse_int

from . import games as finite_games
from . import graph_game, store_tools
from . import registry as registry_commands
from .common import (
    DEFAULT_MAX_SECONDS,
    DEFAULT_TREE_NODES,
    MAX_DEPTH,
    MAX_TREE_NODES,
    PROG,
    _Budget,
    _one_line,
    _Parser,
    _UsageError,
    argument_text,
)
from .dask import add_engine_options
from .family import (
    _bfile_command,
    _cache_command,
    _classify,
    _cold_command,
    _compare_command,
    _layers,
    _primitives_command,
    _records_command,
    _solve_command,
    _strategies_command,
    _tree,
)
from .store_tools import add_store_option
from .values import register


def _for_games(loopy, finite: finite_games.Handler):
    """The ``run`` of a command shared by both families: ``finite`` for a finite impartial game, else ``loopy``.

    The one place where the command line tells the two families apart; past
    it, each game decides (its methods, its ``why_not``).
    """

    def run(args: argparse.Namespace) -> None:
        if isinstance(args.rule, Rule):
            loopy(args)
        else:  # a finite impartial game, or none (``chomp`` names its box itself)
            finite(args, _Budget(args))

    return run


def _finite(handler: finite_games.Handler, command: str):
    """The ``run`` of a command of the finite games alone: a loopy ``--rule`` is refused with the reason."""
    return _for_games(finite_games.only_finite(command), handler)


RULE_HELP = (
    "the game: " + ", ".join(RULE_NAMES) + f" (default {DEFAULT_RULE.name}); "
    f"or a finite impartial game: {IMPARTIAL_FORMS}"
)


def _add_rule(p: argparse.ArgumentParser, *, squares_only: bool = False) -> None:
    help_text = RULE_HELP if not squares_only else f"the game; this command is defined for {DEFAULT_RULE.name} only"
    p.add_argument("--rule", type=_game_arg, default=DEFAULT_RULE, metavar="NAME", help=help_text)


def _game_arg(text: str) -> Rule | ImpartialGame:
    """The ``--rule`` type: a rule of the loopy family, or a finite impartial game."""
    try:
        return get_rule(text)
    except ValueError:
        pass
    if is_impartial_name(text):
        try:
            return impartial_game(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    raise argparse.ArgumentTypeError(
        f"no rule named {text.strip()[:60]!r}; the rules are: {', '.join(RULE_NAMES)}; "
        f"the finite impartial games: {IMPARTIAL_FORMS}"
    )


#: Help of ``--bound`` where ``--store`` can stand in for it.
_BOUND_OR_STORE = "solve to B (cached); needed unless --store is given, and then the store's bound"


def _add_max_seconds(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--max-seconds",
        type=argparse_int("the time limit (--max-seconds)"),
        metavar="S",
        help=(
            "refuse work estimated to take longer than S seconds "
            f"(default {DEFAULT_MAX_SECONDS:,.0f}); work that needs more memory than this machine has "
            "is always refused"
        ),
    )


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser of ``python -m solver``."""
    parser = _Parser(
        prog=PROG,
        description="Sound solver for Epstein's Put-or-Take-a-Square game and its family (--rule).",
        epilog=(
            "Numbers may be written 10000, 10_000, 1e4 or 10**4. Every command estimates its time and memory "
            "first and refuses, with the estimate, what this machine cannot do."
        ),
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser(
        "classify",
        help="CSV of outcome and remoteness for n = 1..N; for a finite impartial game, of the positions given",
    )
    p.add_argument(
        "positions",
        nargs="*",
        type=argument_text,
        metavar="POSITION",
        help="finite impartial games: positions to classify (5 or 3+5 for heaps, 3,5 for pairs, ###/##. for Chomp; "
        "@FILE or @- reads one from a file or standard input)",
    )
    # Read as text: the least N depends on the game (1 for 1..N, 0 for the heaps
    # 0..N of an octal game), and each game checks it with one message.
    p.add_argument("--n", help="largest position listed (1..N; for an octal game the heaps 0..N)")
    group = p.add_mutually_exclusive_group()
    group.add_argument(
        "--alpha", type=argparse_int("alpha"), help=f"bound = alpha * N (default {config.DEFAULT_ALPHA})"
    )
    group.add_argument("--bound", type=argparse_int("the bound"), help="the bound B itself (at least N)")
    _add_rule(p)
    _add_max_seconds(p)
    p.set_defaults(run=_for_games(_classify, finite_games.classify))

    p = sub.add_parser("tree", help="game tree of START as JSON")
    p.add_argument(
        "start",
        type=argument_text,
        help="start number (any size, e.g. 10**30); for a finite impartial game a position (3+5, 3,5, ###/##.); "
        "@FILE or @- reads it from a file or standard input",
    )
    p.add_argument(
        "--depth",
        type=argparse_int("the depth", least=0, most=MAX_DEPTH),
        default=config.DEFAULT_DEPTH,
        help=f"move depth: nodes shallower than this are expanded, 0 to {MAX_DEPTH:,} (default {config.DEFAULT_DEPTH})",
    )
    p.add_argument(
        "--bound",
        type=argparse_int("the bound"),
        help="bound of the solve values come from (default 1,000,000); positions above it are U unless squares",
    )
    p.add_argument(
        "--max-nodes",
        type=argparse_int("max nodes (--max-nodes)"),
        default=DEFAULT_TREE_NODES,
        metavar="M",
        help=(
            f"stop the tree at M nodes, breadth first, 1 to {MAX_TREE_NODES:,} "
            f"(default {DEFAULT_TREE_NODES:,}; a million nodes take about a minute and 1.5 GB)"
        ),
    )
    p.add_argument("--indent", action="store_true", help="indent the JSON")
    _add_rule(p)
    _add_max_seconds(p)
    p.set_defaults(run=_for_games(_tree, finite_games.tree))

    p = sub.add_parser("solve", help="solve to a bound (cached on disk) and print the counts")
    p.add_argument(
        "--bound",
        required=True,
        type=argparse_int("the bound"),
        metavar="B",
        help="classify every position 0..B; needs about 1 byte per position (10**9: 0.9 GiB; in the cache's file, "
        "out of core, when memory is short)",
    )
    p.add_argument("--json", action="store_true", help="one JSON object instead of text")
    p.add_argument(
        "--progress-lines", action="store_true", help="report progress as 'progress F' lines on stderr (for programs)"
    )
    _add_rule(p)
    _add_max_seconds(p)

    add_engine_options(p)
    p.set_defaults(run=_for_games(_solve_command, finite_games.not_applicable("solve")))

    p = sub.add_parser("strategies", help="always subtract, and adder against subtractor (thesis 5.2)")
    p.add_argument("--n", required=True, type=argparse_int("N"), help="starts 1..N, at most 100,000,000")
    p.add_argument("--json", action="store_true", help="one JSON object instead of text")
    _add_rule(p, squares_only=True)
    _add_max_seconds(p)
    p.set_defaults(run=_for_games(_strategies_command, finite_games.not_applicable("strategies")))

    p = sub.add_parser("primitives", help="primitive elements of a layer and what they generate (thesis 4.1)")
    p.add_argument(
        "--layer",
        type=argparse_int("the layer (--layer)", most=MAX_DEPTH),
        default=config.DEFAULT_PRIMITIVES_LAYER,
        metavar="K",
        help=(
            f"layer number K: the positions of remoteness K, 1 to {MAX_DEPTH:,} "
            f"(default {config.DEFAULT_PRIMITIVES_LAYER}, the thesis's Table 2; 1 is the squares)"
        ),
    )
    p.add_argument("--limit", required=True, type=argparse_int("the limit"), help="largest member considered")
    p.add_argument(
        "--alpha", type=argparse_int("alpha"), help=f"bound = alpha * limit (default {config.DEFAULT_ALPHA})"
    )
    p.add_argument("--json", action="store_true", help="a JSON list of objects instead of text")
    _add_rule(p, squares_only=True)
    _add_max_seconds(p)
    p.set_defaults(run=_for_games(_primitives_command, finite_games.not_applicable("primitives")))

    p = sub.add_parser("cache", help="list or clear the solve cache")
    p.add_argument("action", choices=["list", "clear"])
    p.add_argument("--yes", "-y", action="store_true", help="clear without asking for confirmation")
    p.set_defaults(run=_cache_command)

    p = sub.add_parser("layers", help="layers l_1..l_K up to N")
    p.add_argument(
        "--n",
        required=True,
        type=argparse_int("N"),
        help="list the members of each layer in 1..N (the bound is alpha * N)",
    )
    p.add_argument(
        "--depth",
        required=True,
        type=argparse_int("the depth"),
        metavar="K",
        help=f"number of layers K, 1 to {MAX_DEPTH:,} (layers deeper than the highest remoteness are empty)",
    )
    p.add_argument("--alpha", type=argparse_int("alpha"), help=f"bound = alpha * N (default {config.DEFAULT_ALPHA})")
    _add_rule(p)
    _add_max_seconds(p)
    p.set_defaults(run=_for_games(_layers, finite_games.not_applicable("layers")))

    p = sub.add_parser("cold-positions", help="count the cold (L) positions of subtract-a-square up to a limit")
    p.add_argument(
        "--limit", required=True, type=argparse_int("the limit", least=0), help="largest position (e.g. 4e7)"
    )
    p.add_argument("--misere", action="store_true", help="misère play: the player who makes the last move loses")
    p.add_argument(
        "--digit",
        type=argparse_int("the last digit (--digit)", least=0, most=9),
        default=6,
        help="also count and list the cold positions ending in this digit (default 6)",
    )
    p.add_argument("--json", action="store_true", help="one JSON object instead of text")
    _add_max_seconds(p)
    p.set_defaults(run=_cold_command)

    p = sub.add_parser("compare", help="every rule side by side: W/L/D/U counts, highest remoteness, first L")
    p.add_argument(
        "--n",
        type=argparse_int("N"),
        default=config.DEFAULT_N,
        help=f"count positions 1..N (default {config.DEFAULT_N:,})",
    )
    p.add_argument(
        "--bound",
        type=argparse_int("the bound"),
        help=f"bound of every solve (default {config.DEFAULT_ALPHA} × N)",
    )
    p.add_argument("--json", action="store_true", help="a JSON list of rows instead of a Markdown table")
    _add_max_seconds(p)
    p.set_defaults(run=_compare_command)

    p = sub.add_parser("records", help="the smallest position of each exact remoteness, and the largest")
    p.add_argument("--bound", type=argparse_int("the bound"), metavar="B", help=_BOUND_OR_STORE)
    add_store_option(p)
    p.add_argument("--json", action="store_true", help="one JSON object instead of a table")
    _add_rule(p)
    _add_max_seconds(p)
    p.set_defaults(run=_for_games(_records_command, finite_games.not_applicable("records")))

    p = sub.add_parser("bfile", help="an OEIS b-file ('n a(n)' lines) of the certified P-, N- or draw positions")
    p.add_argument(
        "--sequence",
        required=True,
        choices=["P", "N", "D"],
        help="P: L positions (0 first, as OEIS A005240), N: W positions (A005241), D: certified draws",
    )
    p.add_argument("--bound", type=argparse_int("the bound"), metavar="B", help=_BOUND_OR_STORE)
    add_store_option(p)
    p.add_argument(
        "--terms", type=argparse_int("the number of terms (--terms)"), metavar="K", help="at most K terms (default all)"
    )
    p.add_argument("--output", "-o", metavar="FILE", help="write to FILE instead of standard output")
    p.add_argument(
        "--partial",
        action="store_true",
        help="also the terms above the decided prefix (where U positions remain), after a line marking them "
        "(default: only terms up to decided_below, where the list is provably complete)",
    )
    _add_rule(p)
    _add_max_seconds(p)
    p.set_defaults(run=_for_games(_bfile_command, finite_games.not_applicable("bfile")))

    register(sub, game_arg=_game_arg, rule_help=RULE_HELP, for_games=_for_games, finite=finite_games.HANDLERS)
    finite_games.register(sub, game_arg=_game_arg, rule_help=IMPARTIAL_FORMS, finite=_finite)
    graph_game.register(sub)
    registry_commands.register(sub)
    store_tools.register(sub, add_max_seconds=_add_max_seconds)
    return parser


def _show_warning(message, category, filename, lineno, file=None, line=None) -> None:
    print(f"{PROG}: warning: {_one_line(str(message))}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status (0 ok, 1 failed, 2 bad arguments)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        with warnings.catch_warnings():
            # A warning (the solve cache unusable, say) is one plain line, like the errors.
            warnings.showwarning = _show_warning
            args.run(args)
    except (_UsageError, ValueError, TypeError) as exc:
        print(f"{PROG}: error: {_one_line(str(exc))}", file=sys.stderr)
        return 2
    except DaskEngineError as exc:
        print(f"{PROG}: error: {_one_line(str(exc))}", file=sys.stderr)
        return 1
    except MemoryError:
        print(f"{PROG}: error: this machine ran out of memory; ask for less (smaller numbers)", file=sys.stderr)
        return 1
    except BrokenPipeError:
        sys.stderr.close()
    except OSError as exc:  # the disk failed under an out-of-core solve, say
        print(f"{PROG}: error: {_one_line(str(exc))}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
