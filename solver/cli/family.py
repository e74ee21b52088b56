"""The commands of the put-or-take family: ``classify``, ``tree``, ``layers``, ``solve``, ``cache``, ``records``, ``bfile`` and the thesis's experiments.

Each is a plain function of the parsed arguments (:mod:`solver.cli.main` wires them); a finite
impartial game's form of a shared command is in :mod:`solver.cli.games`.
"""

from __future__ import annotations

import argparse
import json
import math
import resource
import sys
import time

from solver import config, costs
from solver.analysis.comparison import compare_rules
from solver.analysis.experiments import adder_subtractor, always_subtract
from solver.analysis.layers import classification_table, layer, layers
from solver.analysis.primitives import primitive_elements
from solver.analysis.records import records, write_bfile
from solver.engine import check_bound, cold_positions
from solver.errors import BoundTooLargeError
from solver.games import DEFAULT_RULE, RULES, Rule
from solver.impartial import IMPARTIAL_FORMS
from solver.parsing import describe_number, parse_int
from solver.store import disk as store
from solver.store import listing
from solver.values.tree import game_tree

from .common import MAX_DEPTH, MAX_TREE_NODES, PROG, _check_work, _UsageError
from .dask import check_engine_options, run_dask_solve, wants_dask
from .progress import Progress
from .store_tools import check_store_read, fed, reading, store_solution


def _solve(bound: int, *, allow_larger: bool = False, lines: bool = False, rule: Rule = DEFAULT_RULE):
    """Solve through the disk cache, with a progress bar on a terminal.

    Returns ``(Solution, cached)`` as :func:`solver.store.solve_cached`.
    """
    from tqdm import tqdm

    what = f"solving {rule.title} to {bound:,}"
    bar = tqdm(total=100, unit="%", desc=what, disable=lines or not sys.stderr.isatty(), delay=1.0)

    def progress(fraction: float) -> None:
        if lines:  # for a program reading stderr (the dashboard)
            print(f"progress {fraction:.4f}", file=sys.stderr, flush=True)
        bar.update(round(100 * fraction) - bar.n)

    try:
        return store.solve_cached(bound, allow_larger=allow_larger, progress=progress, rule=rule)
    finally:
        bar.close()


def _bound_for(
    n: int,
    alpha: int | None,
    bound: int | None,
    *,
    what: str = "--n",
    name: str = "N",
    rule: Rule = DEFAULT_RULE,
) -> tuple[int, str]:
    """Return the bound of a command and what to reduce when it is too large.

    A rule that never climbs past ``n + 1`` (subtract-a-square, Square-But-One)
    needs no margin: its default bound is ``n + 1``, which settles every
    position up to ``n`` exactly.
    """
    if bound is not None:
        if bound < n:
            raise _UsageError(f"the bound ({describe_number(bound)}) must be at least N ({describe_number(n)})")
        return bound, "choose a smaller --bound"
    if alpha is None and not rule.climbs:
        return n + 1, f"choose a smaller {what}"
    alpha = alpha if alpha is not None else config.DEFAULT_ALPHA
    product = f"alpha × {name} = {describe_number(alpha)} × {describe_number(n)}"
    return alpha * n, f"choose a smaller {what} or --alpha (the bound is {product})"


def _header(rule: Rule, bound: int, what: str) -> str:
    """The comment lines that start a CSV: the game, the bound, what follows."""
    return f"# {rule.title} ({rule.name}): {rule.summary}\n# bound {bound}: {what}\n"


def _classify(args: argparse.Namespace) -> None:
    rule = args.rule
    if args.positions:
        raise _UsageError(
            f"classify lists the positions 1..N of {rule.name} (--n N); positions as arguments are for the finite "
            f"impartial games ({IMPARTIAL_FORMS})"
        )
    if args.n is None:
        raise _UsageError("classify needs --n N: it lists the positions 1..N")
    args.n = parse_int(args.n, "N", least=1)
    bound, advice = _bound_for(args.n, args.alpha, args.bound, rule=rule)
    _check_work(args, (costs.solve_cost(bound, rule), advice), (costs.classify_cost(args.n), "choose a smaller --n"))
    bound = check_bound(bound, rule)
    solution = _solve(bound, rule=rule)[0]
    table = classification_table(solution, args.n)
    what = (
        f"outcome and remoteness of positions 1..{args.n} (decided below {solution.decided_below}: "
        "every position up to it is W, L or D; cannot_be: what a U position cannot be)"
    )
    sys.stdout.write(_header(rule, bound, what))
    table.to_csv(sys.stdout, index=False, lineterminator="\n")


def _tree(args: argparse.Namespace) -> None:
    args.start = parse_int(args.start, "the start number")
    if args.bound is None:
        args.bound = config.DEFAULT_ALPHA * config.DEFAULT_N
    if args.max_nodes > MAX_TREE_NODES:
        big = costs.tree_cost(MAX_DEPTH, args.max_nodes)
        raise _UsageError(
            f"--max-nodes must be at most {MAX_TREE_NODES:,}, got {describe_number(args.max_nodes)}: "
            f"{big.what} would need {big.describe()}"
        )
    rule = args.rule
    _check_work(
        args,
        (costs.solve_cost(args.bound, rule), "choose a smaller --bound"),
        (costs.tree_cost(args.depth, args.max_nodes), "choose a smaller --max-nodes or --depth"),
    )
    bound = check_bound(args.bound, rule)
    solution = _solve(bound, rule=rule)[0]
    # A large tree takes a minute or more: a bar on a terminal, as for a solve; lines elsewhere.
    total = costs.tree_nodes(args.depth, args.max_nodes)
    with Progress("building the tree", total, unit=" nodes") as bar:
        tree = game_tree(args.start, args.depth, solution, max_nodes=args.max_nodes, progress=bar.update)
        bar.finish(len(tree.nodes))  # the estimate's count is a most; the tree is done
    found = tree.to_dict()
    # dumps, not dump: json.dump writes through the pure-Python encoder, one write per token
    # (4.6 million writes, 125 s of a 100,000-node tree's 140 s); dumps uses the C encoder
    sys.stdout.write(json.dumps({"rule": rule.name, **found}, indent=1 if args.indent else None) + "\n")
    if found["root"]["outcome"] == "U" and args.start > bound:  # classify refuses a bound below N; a tree may pass it
        print(
            f"{PROG}: note: the start {describe_number(args.start)} is beyond the bound {describe_number(bound)}, "
            "so its outcome is U (unknown); choose --bound above the start",
            file=sys.stderr,
        )
    if tree.truncated:
        print(f"{PROG}: note: the tree was cut at {args.max_nodes:,} nodes (--max-nodes)", file=sys.stderr)


def _layers(args: argparse.Namespace) -> None:
    work = costs.layers_cost(args.n, args.depth)
    if args.depth > MAX_DEPTH:
        raise _UsageError(
            f"--depth must be at most {MAX_DEPTH:,} (deeper layers are empty), got {describe_number(args.depth)}: "
            f"{work.what} would need {work.describe()}"
        )
    rule = args.rule
    bound, advice = _bound_for(args.n, args.alpha, None, rule=rule)
    _check_work(args, (costs.solve_cost(bound, rule), advice), (work, "choose a smaller --n or --depth"))
    solution, _ = _solve(check_bound(bound, rule), rule=rule)
    print(f"# {rule.title}, bound {bound:,}")
    for k, members in enumerate(layers(solution, args.n, args.depth), start=1):
        print(f"layer {k} ({rule.layer_outcome(k)}, {len(members)}): " + ", ".join(map(str, members.tolist())))


def _squares_only(args: argparse.Namespace, what: str) -> None:
    if not args.rule.has_thesis_analyses:
        raise _UsageError(f"{what} is defined for {DEFAULT_RULE.name} only (the thesis's game), not {args.rule.name}")


def _strategies_command(args: argparse.Namespace) -> None:

    _squares_only(args, "the strategies experiment (thesis 5.2)")
    _check_work(args, (costs.fixed_strategies_cost(args.n), "choose a smaller --n"))
    histogram = always_subtract(args.n)
    seatings = [adder_subtractor(args.n, adder) for adder in (1, 2)]
    if args.json:
        print(json.dumps({"always_subtract": histogram, "adder_subtractor": seatings}))
        return
    print(f"Both players always take, starts 1..{args.n:,}: moves to reach 0 -> number of starts")
    for moves, count in sorted(histogram.items()):
        print(f"  {moves:>3}: {count:,}")
    print("One player always puts (taking only at a square, to win), the other always takes.")
    print("Player 1 moves first; a repeated (position, player to move) is a draw.")
    for row in seatings:
        print(
            f"  player {row['adder']} puts: player 1 wins {row['p1_wins']:,}, "
            f"player 2 wins {row['p2_wins']:,}, draws {row['draws']:,}"
        )


def _primitives_command(args: argparse.Namespace) -> None:

    _squares_only(args, "primitive elements (thesis 4.1)")
    bound, advice = _bound_for(args.limit, args.alpha, None, what="--limit", name="limit")
    _check_work(
        args,
        (costs.solve_cost(bound), advice),
        (costs.primitives_cost(args.layer, args.limit), "choose a smaller --limit"),
    )
    solution, _ = _solve(check_bound(bound))
    table = primitive_elements(layer(solution, args.limit, args.layer))
    if args.json:
        print(table.to_json(orient="records"))
        return
    print(f"Primitive elements of layer {args.layer} up to {args.limit:,} (bound {bound:,}):")
    for row in table.itertuples():
        made = ", ".join(map(str, row.generated)) or "-"
        print(
            f"  {row.primitive}: square below {row.square_below}, remainder {row.remainder}, "
            f"run bound {row.run_bound}{', Pell' if row.pell else ''}; generates {made}"
        )


def _peak_rss_bytes() -> int:

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _checked_cached_bound(args: argparse.Namespace, rule: Rule) -> int:
    """Check ``--bound`` of a command that solves through the cache, out of core if need be.

    A Put-or-Take-a-Square bound whose result does not fit in memory is
    solved into the cache's files (:func:`solver.store.solves_on_disk`);
    then only the small game's memory, the disk and the time are checked.
    A bound already stored (a cache entry or a finished Dask store in the
    cache) passes whatever its size: it is read from disk, not solved.
    """
    try:
        on_disk = store.solves_on_disk(args.bound, rule)
    except BoundTooLargeError:
        on_disk = False  # _check_work refuses it below, with the estimate and the advice
    try:
        _check_work(args, (costs.solve_cost(args.bound, rule, on_disk=on_disk), "choose a smaller --bound"))
        return check_bound(args.bound, rule, on_disk=on_disk)
    except ValueError:
        if args.bound <= 2**62 and listing.find(args.bound, rule=rule) is not None:
            return args.bound
        raise


def _solve_command(args: argparse.Namespace) -> None:

    check_engine_options(args)
    if wants_dask(args):
        run_dask_solve(args)
        return
    rule = args.rule
    bound = _checked_cached_bound(args, rule)
    start = time.perf_counter()
    solution, cached = _solve(bound, lines=args.progress_lines, rule=rule)
    seconds = time.perf_counter() - start
    tally = solution.tally()
    counts = {key: tally[key] for key in ("W", "L", "D", "U")}
    result = {
        "rule": rule.name,
        "bound": bound,
        **counts,
        "U_not_L": tally["U_not_L"],
        "U_not_W": tally["U_not_W"],
        "decided_below": solution.decided_below,
        "max_remoteness": tally["max_remoteness"],
        "bounded_remoteness": tally["bounded"],
        "seconds": round(seconds, 3),
        "cached": cached,
        "peak_rss_bytes": _peak_rss_bytes(),
    }
    if args.json:
        print(json.dumps(result))
        return
    print(f"{rule.title}, bound {bound:,}: positions 1..{bound:,}")
    for key in ("W", "L", "D", "U"):
        print(f"  {key}: {counts[key]:>15,}")
    print(f"  of the U, cannot be L: {result['U_not_L']:,}; cannot be W: {result['U_not_W']:,}")
    print(f"decided below {result['decided_below']:,}: every position 1..{result['decided_below']:,} is W, L or D")
    print(f"highest exact remoteness: {result['max_remoteness']}")
    print(f"W/L with remoteness only bounded: {result['bounded_remoteness']:,}")
    how = f"opened from the cache; the solve took {solution.seconds:.3f} s" if cached else "solved now"
    print(f"seconds: {seconds:.3f} ({how})")
    print(f"peak memory: {result['peak_rss_bytes'] / 2**20:,.0f} MiB")


def _cache_command(args: argparse.Namespace) -> None:
    """List the solve cache, or clear it (asking first on a terminal)."""

    def size_text(size: int) -> str:
        for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
            if size >= scale:
                return f"{size / scale:,.1f} {unit}"
        return f"{size:,} bytes"

    def files(items: list[dict]) -> str:
        count = sum(len(item["paths"]) for item in items)
        return f"{count:,} file{'' if count == 1 else 's'}, {size_text(sum(item['bytes'] for item in items))}"

    report = listing.survey()
    print(f"cache: {report.directory}")
    if report.problem:
        print(
            f"{PROG}: warning: the solve cache cannot be used ({report.problem}); solves run in memory and are not kept",
            file=sys.stderr,
        )
    if args.action == "list":
        if report.empty:
            print("(empty)")
        for item in report.entries:
            print(
                f"  bound {item['bound']:>15,}  {size_text(item['bytes']):>14}  solved in {item['seconds']:.2f} s"
                f"  {item['rule']}"
            )
        for item in report.damaged:
            print(
                f"  bound {item['bound']:>15,}  {size_text(item['bytes']):>14}  damaged: {item['reason']} "
                "(solved again when asked for; 'cache clear' removes it)"
            )
        for item in report.in_progress:
            print(f"  bound {item['bound']:>15,}  {size_text(item['bytes']):>14}  being solved now")
        if report.leftovers:
            print(
                f"  leftovers of interrupted solves: {files(report.leftovers)} "
                "(removed by the next solve and by 'cache clear')"
            )
        if report.stale:
            print(
                f"  stale: {files(report.stale)} of another format or release (never read; 'cache clear' removes them)"
            )
        for item in report.dask_stores:
            label = "?" if item["bound"] is None else f"{item['bound']:,}"
            what = "Dask store, read like an entry" if item["served"] else f"Dask store, not read: {item['reason']}"
            print(f"  bound {label:>15}  {size_text(item['bytes']):>14}  {what}  {item['path']}")
        return
    parts = [
        f"{len(items):,} {label if len(items) == 1 else plural} ({size_text(sum(i['bytes'] for i in items))})"
        for items, label, plural in (
            (report.entries, "entry", "entries"),
            (report.damaged, "damaged entry", "damaged entries"),
        )
        if items
    ]
    if report.leftovers:
        parts.append(f"leftovers of interrupted solves ({files(report.leftovers)})")
    if report.stale:
        parts.append(f"stale files of another format or release ({files(report.stale)})")
    if report.dask_stores:
        stores = len(report.dask_stores)
        size = size_text(sum(item["bytes"] for item in report.dask_stores))
        parts.append(f"{stores:,} Dask store{'' if stores == 1 else 's'} ({size})")
    for item in report.in_progress:
        print(f"  bound {item['bound']:,} is being solved now and will be kept")
    if not parts:
        print("nothing to remove")
        return
    print(f"to remove: {', '.join(parts)}; {size_text(report.removable_bytes)} in all")
    if not args.yes:
        if not sys.stdin.isatty():
            raise _UsageError("'cache clear' removes files only when confirmed: pass --yes (stdin is not a terminal)")
        try:
            answer = input("Remove them? [y/N] ")
        except EOFError:
            answer = ""
        if answer.strip().lower() not in ("y", "yes"):
            print("nothing removed")
            raise SystemExit(1)
    result = listing.clear(report.directory)
    print(
        f"removed {result.removed:,} file{'' if result.removed == 1 else 's'}, {size_text(result.freed)}, "
        f"from {report.directory}"
    )
    for bound in result.skipped:
        print(
            f"{PROG}: note: kept bound {bound:,}: another process holds its lock (a solve is running)", file=sys.stderr
        )
    for path, why in result.failed:
        print(f"{PROG}: error: cannot remove {path}: {why}", file=sys.stderr)
    if result.failed:
        raise SystemExit(1)


def _cold_command(args: argparse.Namespace) -> None:

    limit = args.limit
    work = costs.Cost(
        seconds=0.2 + limit * 2.5e-7 if limit < 10**15 else math.inf,
        bytes=limit + 1 + 8 * (limit // 100 + 1024),
        what=f"the cold positions of subtract-a-square up to {costs.format_count(limit)}",
    )
    _check_work(args, (work, "choose a smaller --limit"))
    start = time.perf_counter()
    cold = cold_positions(limit, misere=args.misere)
    seconds = time.perf_counter() - start
    ends = cold[cold % 10 == args.digit]
    result = {
        "rule": "subtract-a-square-misere" if args.misere else "subtract-a-square",
        "limit": limit,
        "cold": int(cold.size),
        "last_digit": args.digit,
        "ending_in_digit": int(ends.size),
        "positions_ending_in_digit": ends[:100].tolist(),
        "first": cold[:20].tolist(),
        "seconds": round(seconds, 3),
    }
    if args.json:
        print(json.dumps(result))
        return
    rule = RULES[result["rule"]]
    print(f"{rule.title}: cold (L) positions 0..{limit:,}")
    print(f"  count: {cold.size:,}")
    print(f"  first: {', '.join(map(str, result['first']))}")
    shown = ", ".join(map(str, result["positions_ending_in_digit"]))
    more = " …" if ends.size > 100 else ""
    print(f"  ending in {args.digit}: {ends.size:,}{': ' + shown + more if ends.size else ''}")
    print(f"  seconds: {seconds:.3f}")


def _compare_command(args: argparse.Namespace) -> None:

    bound = args.bound if args.bound is not None else config.DEFAULT_ALPHA * args.n
    if bound < args.n:
        raise _UsageError(f"the bound ({describe_number(bound)}) must be at least N ({describe_number(args.n)})")
    parts = [(costs.solve_cost(bound, rule), "choose a smaller --bound") for rule in RULES.values()]
    _check_work(args, *parts, (costs.classify_cost(args.n), "choose a smaller --n"))
    table = compare_rules(args.n, bound, solver=lambda b, rule: _solve(b, rule=rule)[0])
    if args.json:
        # A list of one object per rule, indented: long enough to be read by people too.
        print(json.dumps(json.loads(table.to_json(orient="records")), indent=1, ensure_ascii=False))
        return
    print(f"Positions 1..{args.n:,} at bound {bound:,} (highest exact remoteness, with its least position)")
    print()
    print("| rule | W | L | D | U | highest remoteness | first L positions |")
    print("|---|---:|---:|---:|---:|---|---|")
    for row in table.itertuples():
        at = f" (at {row.max_remoteness_at:,})" if row.max_remoteness_at else ""
        losses = ", ".join(map(str, row.first_L)) or "none"
        print(f"| `{row.rule}` | {row.W:,} | {row.L:,} | {row.D:,} | {row.U:,} | {row.max_remoteness}{at} | {losses} |")


def _records_command(args: argparse.Namespace) -> None:

    rule = args.rule
    if args.store is not None:
        solution = store_solution(args)
        check_store_read(args, solution)
        with reading() as bar:
            found = records(solution, progress=fed(bar))
    else:
        solution, _ = _solve(_checked_cached_bound(_needs_bound(args), rule), rule=rule)
        found = records(solution)
    if args.json:
        print(json.dumps(found))
        return
    print(f"{rule.title}, bound {solution.bound:,}: the smallest position of each exact remoteness")
    print(f"{'remoteness':>10}  {'outcome':>7}  position")
    for row in found["records"]:
        print(f"{row['remoteness']:>10}  {row['outcome']:>7}  {row['position']:,}")
    print(f"largest exact remoteness: {found['max_remoteness']}")
    print(
        f"positions that might still hold a smaller record: {found['bounded']:,} with remoteness only bounded, "
        f"{found['unresolved']:,} unresolved (U)"
    )
    print(f"decided below {found['decided_below']:,}: every position 1..{found['decided_below']:,} is W, L or D")


def _needs_bound(args: argparse.Namespace) -> argparse.Namespace:
    """``args`` when ``--bound`` is given; without ``--store`` it is needed."""
    if args.bound is None:
        raise _UsageError("give --bound B, or --store PATH (a finished Dask store)")
    return args


def _bfile_command(args: argparse.Namespace) -> None:

    rule = args.rule
    if args.store is None:
        solution, _ = _solve(_checked_cached_bound(_needs_bound(args), rule), rule=rule)
        _write_bfile(args, solution, None)
        return
    solution = store_solution(args)
    if args.partial:
        check_store_read(args, solution)
        with reading() as bar:
            _write_bfile(args, solution, fed(bar))
        return
    # The read up to the first U (a put-or-take rule's first U comes early: 15,301,119 at 10**11), then the
    # terms below it, whose read is estimated once that radius is known.
    with reading() as bar:
        decided = solution.read_decided_below(fed(bar))
    check_store_read(args, solution, decided + 1)
    with reading() as bar:
        _write_bfile(args, solution, fed(bar))


def _write_bfile(args: argparse.Namespace, solution, progress) -> None:
    """Write the b-file of ``bfile`` to ``--output`` or standard output."""
    if args.output is None:
        write_bfile(solution, args.sequence, sys.stdout, args.terms, partial=args.partial, progress=progress)
        return
    try:
        with open(args.output, "w", encoding="ascii") as handle:
            count = write_bfile(solution, args.sequence, handle, args.terms, partial=args.partial, progress=progress)
    except OSError as exc:
        raise _UsageError(f"cannot write {args.output}: {exc.strerror or exc}") from None
    print(f"wrote {count:,} terms to {args.output}", file=sys.stderr)


#: Help of ``--rule`` where both families are accepted.
