"""Up-front estimates of the time and memory of the solver's operations.

Every operation that can be asked for with a large number (a solve, a game
tree, layers, the thesis's experiments) has an estimator here returning a
:class:`Cost`; :func:`check_cost` refuses a cost beyond a time limit or the
memory this machine has, with a message that gives the estimate.  The
command line (``python -m solver``) and the dashboard check before they start
work, so a request the machine cannot serve ends at once with a message
instead of running for minutes or exhausting memory.

Estimates use exact integer arithmetic for bytes, so any input, however
large (a bound of ``10**400``), gives a (huge) :class:`Cost`, never an
``OverflowError``; seconds saturate at ``math.inf``.

Calibration
-----------
The coefficients below were measured on the project's machine (2 cores,
24 GiB, AMD EPYC, Python 3.11, numpy 2.4) with the kernels already compiled
(warm numba cache), each operation in a fresh process after one small
solve, timing the call with :func:`time.perf_counter` and taking the growth
of the peak RSS (``resource.getrusage(...).ru_maxrss``) over the call, at two
or three sizes each.  Other work sometimes ran beside the measurements, so
the figures are rounded up; they are estimates for refusing work that is
clearly too large, not predictions to the second.

========================  ==============================  =====================  ==================
operation                 measured sizes                  time                   memory
========================  ==============================  =====================  ==================
solve (cached on disk)    bound 1e6, 1e7, 1e8 (1e9 from   11 ns/position; 19 ns  3.0 bytes/position
                          the README's benchmark)         with the cache's       plus the small game
                                                          checksums (1e9)
game tree + JSON          4708 and 92, depth 40-1000,     0.17 s, 2.4 s, 52 s    1,100-1,400
                          max nodes 1e4, 1e5, 1e6         (GC makes it grow      bytes/node
                                                          faster than linear)
layers                    n 1e4, 1e5, 1e6; depth 100 to   7 us/layer plus        about 1.6 bytes/
                          1e5                             0.3 ns/position/layer  position
classification CSV        n 1e5, 1e6                      0.66 us/row            100 bytes/row
random play               1e5 to 1e7 games, caps 25 to    0.43-0.66 us/game      100 bytes/game of a
                          1e6                             (games end early)      2**20-game chunk
fixed strategies          n 1e5, 1e6, 1e7, 3e7            0.3, 0.76, 1.08, 1.19  95-100 bytes/start
(always subtract and                                      us/start
both adder/subtractor)
strategy matrix (25       n 1e4, 1e5, 1e6                 13 us/start            185 bytes/start
pairs, move cap 1000)
primitive elements        layers 1, 2, 3, 5 at n 1e5,     17 us/member           830 bytes/member
(with the layer and its   1e6 (up to 15,183 members)
JSON)
========================  ==============================  =====================  ==================

The largest layer up to n held at most 7% of 1..n in every measurement
(layer 3 up to 10**4: 359 members); the layer and primitive estimates
assume at most 10% (:data:`LAYER_SHARE`).
"""

from __future__ import annotations

import dataclasses
import math

from . import config
from .engine import estimate_solve_bytes, estimate_solve_seconds
from .engine.budget import available_memory
from .errors import WorkTooLargeError
from .games import get_rule
from .text import format_bytes, format_count, format_seconds
from .validation import check_integer

__all__ = [
    "DEFAULT_MAX_SECONDS",
    "Cost",
    "check_cost",
    "within_limits",
    "classify_cost",
    "fixed_strategies_cost",
    "layers_cost",
    "primitives_cost",
    "random_play_cost",
    "sample_check_cost",
    "solve_cost",
    "store_read_cost",
    "strategy_matrix_cost",
    "tree_cost",
    "tree_nodes",
]

#: A generous default time limit for one request, in seconds (10 minutes).
DEFAULT_MAX_SECONDS = 600.0

# --- Coefficients (see the module docstring for how they were measured) -------


#: Game tree: seconds per node, and a quadratic term for the garbage
#: collector's passes over the growing node list (0.17 s at 10**4 nodes,
#: 2.4 s at 10**5, 52 s at 10**6).
TREE_SECONDS_PER_NODE = 25e-6
TREE_SECONDS_PER_NODE_SQUARED = 4e-11
#: Game tree: bytes per node, the JSON text included.
TREE_BYTES_PER_NODE = 1_500

#: Layers: seconds per layer (one pass of numpy calls) and per position scanned.
LAYER_SECONDS_PER_LAYER = 10e-6
LAYER_SECONDS_PER_POSITION = 1e-9
#: Layers: largest share of 1..n in one layer assumed (7% measured at most).
LAYER_SHARE = 0.1
#: Bytes and seconds to list and print one layer member.
MEMBER_BYTES = 120
MEMBER_SECONDS = 1e-6
#: Bytes per layer kept (the empty array and its line).
LAYER_BYTES_PER_LAYER = 250

#: Classification CSV: seconds and bytes per row.
ROW_SECONDS = 1e-6
ROW_BYTES = 120

#: Random play: seconds per game, bytes per game of a chunk, games per chunk.
RANDOM_SECONDS_PER_GAME = 1e-6
RANDOM_SECONDS_PER_MOVE_STEP = 20e-6
RANDOM_BYTES_PER_GAME = 110
RANDOM_CHUNK = 1 << 20

#: Fixed strategies (always subtract, adder/subtractor both ways): per start.
FIXED_SECONDS_PER_START = 1.4e-6
FIXED_BYTES_PER_START = 110

#: Strategy matrix (every ordered pair of the five strategies): per start.
MATRIX_SECONDS_PER_START = 16e-6
MATRIX_BYTES_PER_START = 200

#: Primitive elements: seconds and bytes per layer member.
PRIMITIVE_SECONDS_PER_MEMBER = 20e-6
PRIMITIVE_BYTES_PER_MEMBER = 1_000

#: Reading a finished Dask store: seconds per position decoded and scanned (Blosc-LZ4, then a
#: numba pass; about 2 s of processor time per 10**9 positions measured on this machine, 3 ns
#: allows for a busy one).
STORE_SECONDS_PER_POSITION = 3e-9
#: Chunks of a store held at once while it is read.
STORE_CHUNKS_HELD = 4
#: The local check of a sample: seconds per position drawn (the draw, the sort, the gathers, the
#: check: 23 s for 10**8 at a load of 12 to 15 on the 2 cores) and bytes (the position and its
#: put child, 8 bytes each, and their two codes).
SAMPLE_SECONDS_PER_POSITION = 2.5e-7
SAMPLE_BYTES_PER_POSITION = 18

#: Fixed overhead of any estimate: a little time and memory for the call.
BASE_SECONDS = 0.01
BASE_BYTES = 1 << 20


@dataclasses.dataclass(frozen=True)
class Cost:
    """Estimated time and peak memory of one piece of work.

    Attributes
    ----------
    seconds : float
        Wall-clock seconds on the project's machine; ``math.inf`` when beyond
        the range of a float.
    bytes : int
        Peak memory in bytes above what the process already holds (a Python
        int of any size, exact for huge inputs).
    what : str
        The work, for messages ("a solve to bound 1,000,000").

    Notes
    -----
    ``a + b`` is the cost of doing both, the memory of both held at once
    (an upper bound).
    """

    seconds: float
    bytes: int
    what: str

    def __add__(self, other: Cost) -> Cost:
        if not isinstance(other, Cost):
            return NotImplemented
        seconds = _add_seconds(self.seconds, other.seconds)
        return Cost(seconds, self.bytes + other.bytes, f"{self.what} and {other.what}")

    def describe(self) -> str:
        """Return ``"about 2.8 GiB of memory and about 19 s"``."""
        return f"{format_bytes(self.bytes)} of memory and {format_seconds(self.seconds)}"


# --- Arithmetic that never overflows ----------------------------------------------


def _times(count: int, per_item: float) -> float:
    """``count * per_item`` as a float, ``math.inf`` beyond the float range."""
    try:
        return float(count) * per_item
    except OverflowError:
        return math.inf


def _add_seconds(a: float, b: float) -> float:
    return a + b  # floats: inf + x is inf, never an error


def _share(count: int, share: float) -> int:
    """``ceil(count * share)`` for a share like 0.1, exactly for huge counts."""
    scale = 1000
    return -(-count * round(share * scale) // scale)


# --- Estimators -----------------------------------------------------------------------


def solve_cost(bound: int, rule: object = None, *, on_disk: bool = False) -> Cost:
    """Estimate a solve to ``bound`` through the disk cache.

    Parameters
    ----------
    bound : int
        The bound ``B >= 1``, any size.
    rule : Rule or str, optional
        The game (:mod:`solver.games`); default Put-or-Take-a-Square.
    on_disk : bool, optional
        The solve runs out of core, into the cache's files
        (:func:`solver.store.solves_on_disk`): its memory is the small game's
        only.

    Returns
    -------
    Cost
        The engine's estimates (:func:`solver.engine.estimate_solve_seconds`,
        :func:`solver.engine.estimate_solve_bytes`).  For Put-or-Take-a-Square:
        20 ns per position plus 0.5 s (opening a cached entry is faster; this
        is the cost of solving it), and ``config.BYTES_PER_POSITION`` (1) byte
        per position plus the small game's node arrays.

    Raises
    ------
    TypeError
        If ``bound`` is not an integer.
    ValueError
        If ``bound < 1``, or there is no such rule.
    """
    bound = check_integer(bound, "the bound", least=1)
    found = get_rule(rule)
    return Cost(
        seconds=estimate_solve_seconds(bound, found),
        bytes=estimate_solve_bytes(bound, found, on_disk=on_disk),
        what=f"a solve of {found.title} to bound {format_count(bound)}"
        + (" (out of core, on disk)" if on_disk else ""),
    )


def tree_nodes(depth: int, max_nodes: int) -> int:
    """Return the most nodes a game tree of this depth and cap can have.

    Parameters
    ----------
    depth : int
        Move depth, ``>= 0``.
    max_nodes : int
        The node cap, ``>= 1``.

    Returns
    -------
    int
        ``min(max_nodes, 2**(depth + 1) - 1)``: a node has at most two children.

    Raises
    ------
    TypeError
        If an argument is not an integer.
    ValueError
        If ``depth < 0`` or ``max_nodes < 1``.
    """
    depth = check_integer(depth, "the depth", least=0)
    max_nodes = check_integer(max_nodes, "max_nodes", least=1)
    if depth + 1 >= max_nodes.bit_length():
        return max_nodes
    return min(max_nodes, 2 ** (depth + 1) - 1)


def tree_cost(depth: int, max_nodes: int) -> Cost:
    """Estimate building a game tree and writing it as JSON.

    The solve its values come from is not included: add :func:`solve_cost`
    when it is not at hand.

    Parameters
    ----------
    depth : int
        Move depth, ``>= 0``.
    max_nodes : int
        The node cap, ``>= 1``.

    Returns
    -------
    Cost
        For ``m = min(max_nodes, 2**(depth + 1) - 1)`` nodes: ``25 us * m +
        4e-11 s * m**2`` and 1,500 bytes per node.

    Raises
    ------
    TypeError
        If an argument is not an integer.
    ValueError
        If ``depth < 0`` or ``max_nodes < 1``.
    """
    nodes = tree_nodes(depth, max_nodes)
    seconds = _times(nodes, TREE_SECONDS_PER_NODE) + _times(nodes, _times(nodes, TREE_SECONDS_PER_NODE_SQUARED))
    memory = TREE_BYTES_PER_NODE * nodes
    return Cost(BASE_SECONDS + seconds, BASE_BYTES + memory, f"a game tree of up to {format_count(nodes)} nodes")


def layers_cost(n: int, depth: int) -> Cost:
    """Estimate listing layers ``l_1..l_depth`` up to ``n`` and printing them.

    The solve is not included: add :func:`solve_cost` when it is not at hand.

    Parameters
    ----------
    n : int
        Largest position, ``>= 1``.
    depth : int
        Number of layers, ``>= 1``.

    Returns
    -------
    Cost
        One scan of ``1..n`` per layer (10 us + 1 ns per position), and the
        members (at most ``LAYER_SHARE`` of ``n`` in one layer) listed and
        printed.

    Raises
    ------
    TypeError
        If an argument is not an integer.
    ValueError
        If ``n < 1`` or ``depth < 1``.
    """
    n = check_integer(n, "N", least=1)
    depth = check_integer(depth, "the depth", least=1)
    members = _share(n, LAYER_SHARE)
    seconds = _times(depth, LAYER_SECONDS_PER_LAYER + _times(n, LAYER_SECONDS_PER_POSITION)) + _times(n, MEMBER_SECONDS)
    memory = n + MEMBER_BYTES * members + LAYER_BYTES_PER_LAYER * depth
    return Cost(BASE_SECONDS + seconds, BASE_BYTES + memory, f"{format_count(depth)} layers up to {format_count(n)}")


def classify_cost(n: int) -> Cost:
    """Estimate the classification table of ``1..n`` written as CSV.

    The solve is not included: add :func:`solve_cost`.

    Parameters
    ----------
    n : int
        Largest position listed, ``>= 1``.

    Returns
    -------
    Cost
        1 us and 120 bytes per row.

    Raises
    ------
    TypeError
        If ``n`` is not an integer.
    ValueError
        If ``n < 1``.
    """
    n = check_integer(n, "N", least=1)
    return Cost(BASE_SECONDS + _times(n, ROW_SECONDS), BASE_BYTES + ROW_BYTES * n, f"a table of {format_count(n)} rows")


def store_read_cost(positions: int, chunk: int) -> Cost:
    """Estimate a read of ``positions`` codes of a finished Dask store, a chunk at a time.

    Parameters
    ----------
    positions : int
        Codes read, ``>= 1``.
    chunk : int
        Positions per chunk of the store, ``>= 1``.

    Returns
    -------
    Cost
        :data:`STORE_SECONDS_PER_POSITION` a position; :data:`STORE_CHUNKS_HELD`
        chunks of memory.

    Raises
    ------
    TypeError
        If an argument is not an integer.
    ValueError
        If an argument is below 1.
    """
    positions = check_integer(positions, "the positions read", least=1)
    chunk = check_integer(chunk, "the chunk", least=1)
    return Cost(
        BASE_SECONDS + _times(positions, STORE_SECONDS_PER_POSITION),
        BASE_BYTES + STORE_CHUNKS_HELD * chunk,
        f"a read of {format_count(positions)} positions of a store",
    )


def sample_check_cost(bound: int, sample: int, chunk: int) -> Cost:
    """Estimate the local check of ``sample`` positions drawn from a store of ``bound`` (:mod:`solver.store.dask_check`).

    Parameters
    ----------
    bound : int
        The store's bound, ``>= 1``.
    sample : int
        Positions drawn, ``>= 1``.
    chunk : int
        Positions per chunk of the store, ``>= 1``.

    Returns
    -------
    Cost
        The read of the chunks the sample can need (at most two a position
        and the whole store, :func:`store_read_cost`) and
        :data:`SAMPLE_SECONDS_PER_POSITION`, :data:`SAMPLE_BYTES_PER_POSITION`
        a position drawn.

    Raises
    ------
    TypeError
        If an argument is not an integer.
    ValueError
        If an argument is below 1.
    """
    bound = check_integer(bound, "the bound", least=1)
    sample = check_integer(sample, "the sample", least=1)
    chunk = check_integer(chunk, "the chunk", least=1)
    read = store_read_cost(min(bound + 1, (2 * sample + 1) * chunk), chunk)
    return Cost(
        _add_seconds(read.seconds, _times(sample, SAMPLE_SECONDS_PER_POSITION)),
        read.bytes + SAMPLE_BYTES_PER_POSITION * sample,
        f"the check of {format_count(sample)} positions drawn from a store",
    )


def random_play_cost(n: int, games: int, move_cap: int) -> Cost:
    """Estimate :func:`solver.analysis.experiments.random_play`.

    Parameters
    ----------
    n : int
        Largest start number, ``>= 1``.
    games : int
        Games from each start (``games_per_start``), ``>= 1``.
    move_cap : int
        The move cap, ``>= 1``.

    Returns
    -------
    Cost
        1 us per game (random games end early: the cap hardly matters) plus
        20 us per move step of each chunk of ``2**20`` games; memory for one
        chunk (110 bytes per game) and the histogram.

    Raises
    ------
    TypeError
        If an argument is not an integer.
    ValueError
        If an argument is below 1.
    """
    n = check_integer(n, "n", least=1)
    games = check_integer(games, "games", least=1)
    move_cap = check_integer(move_cap, "move_cap", least=1)
    total = n * games
    chunks = -(-total // RANDOM_CHUNK)
    seconds = _times(total, RANDOM_SECONDS_PER_GAME) + _times(chunks, _times(move_cap, RANDOM_SECONDS_PER_MOVE_STEP))
    memory = RANDOM_BYTES_PER_GAME * min(total, RANDOM_CHUNK) + 8 * (move_cap + 1)
    return Cost(BASE_SECONDS + seconds, BASE_BYTES + memory, f"{format_count(total)} random games")


def strategy_matrix_cost(n: int) -> Cost:
    """Estimate :func:`solver.analysis.experiments.strategy_matrix` (every pair, move cap 1000).

    The solve the optimal strategy reads is not included: add :func:`solve_cost`.

    Parameters
    ----------
    n : int
        Largest start number, ``>= 1``.

    Returns
    -------
    Cost
        16 us and 200 bytes per start (25 games each).

    Raises
    ------
    TypeError
        If ``n`` is not an integer.
    ValueError
        If ``n < 1``.
    """
    n = check_integer(n, "n", least=1)
    return Cost(
        BASE_SECONDS + _times(n, MATRIX_SECONDS_PER_START),
        BASE_BYTES + MATRIX_BYTES_PER_START * n,
        f"the strategy matrix from {format_count(n)} starts",
    )


def fixed_strategies_cost(n: int) -> Cost:
    """Estimate always subtract and both adder/subtractor seatings from ``1..n``.

    Parameters
    ----------
    n : int
        Largest start number, ``>= 1``.

    Returns
    -------
    Cost
        1.4 us and 110 bytes per start
        (:func:`~solver.analysis.experiments.always_subtract` and two calls of
        :func:`~solver.analysis.experiments.adder_subtractor`).

    Raises
    ------
    TypeError
        If ``n`` is not an integer.
    ValueError
        If ``n < 1``.
    """
    n = check_integer(n, "n", least=1)
    return Cost(
        BASE_SECONDS + _times(n, FIXED_SECONDS_PER_START),
        BASE_BYTES + FIXED_BYTES_PER_START * n,
        f"the fixed strategies from {format_count(n)} starts",
    )


def primitives_cost(layer: int, n: int) -> Cost:
    """Estimate the primitive elements of a layer up to ``n``, with their table.

    The solve is not included: add :func:`solve_cost`.

    Parameters
    ----------
    layer : int
        Layer number, ``>= 1``.
    n : int
        Largest member considered, ``>= 1``.

    Returns
    -------
    Cost
        The layer's scan of ``1..n``, and 20 us and 1,000 bytes per member
        (the layer's size taken as ``LAYER_SHARE`` of ``n``; layer 1, the
        squares, has ``isqrt(n)``).

    Raises
    ------
    TypeError
        If an argument is not an integer.
    ValueError
        If an argument is below 1.
    """
    layer = check_integer(layer, "the layer", least=1)
    n = check_integer(n, "the limit", least=1)
    members = math.isqrt(n) if layer == 1 else _share(n, LAYER_SHARE)
    seconds = _times(n, LAYER_SECONDS_PER_POSITION) + _times(members, PRIMITIVE_SECONDS_PER_MEMBER)
    memory = n + PRIMITIVE_BYTES_PER_MEMBER * members
    what = f"the primitive elements of layer {format_count(layer)} up to {format_count(n)}"
    return Cost(BASE_SECONDS + seconds, BASE_BYTES + memory, what)


# --- Checking ---------------------------------------------------------------------------


def check_cost(
    cost: Cost,
    *,
    max_seconds: float,
    max_bytes: int | None = None,
    advice: str | None = None,
) -> None:
    """Refuse work whose estimate is beyond a time limit or the memory available.

    Parameters
    ----------
    cost : Cost
        The estimate.
    max_seconds : float
        Time limit in seconds (e.g. :data:`DEFAULT_MAX_SECONDS`).
    max_bytes : int, optional
        Memory limit in bytes; default ``config.MEMORY_FRACTION`` of
        :func:`available_memory` now.
    advice : str, optional
        What to reduce, in the caller's words ("choose a smaller --bound"),
        ending the message; default "ask for less".

    Raises
    ------
    TypeError
        If ``cost`` is not a :class:`Cost`.
    WorkTooLargeError
        If ``cost.bytes > max_bytes`` or ``cost.seconds > max_seconds``.  One
        line: the work, the estimate, the limit and ``advice``.
    """
    if not isinstance(cost, Cost):
        raise TypeError(f"cost must be a solver.costs.Cost, got {type(cost).__name__}")
    if max_bytes is None:
        max_bytes = _default_max_bytes()
    advice = advice or "ask for less"
    if cost.bytes > max_bytes:
        raise WorkTooLargeError(
            f"{cost.what} would need {format_bytes(cost.bytes)} of memory but only "
            f"{format_bytes(max_bytes).removeprefix('about ')} can be used here; {advice}"
        )
    if cost.seconds > max_seconds:
        raise WorkTooLargeError(
            f"{cost.what} would take {format_seconds(cost.seconds)} (limit {format_seconds(max_seconds).removeprefix('about ')}); "
            f"{advice}"
        )


def _default_max_bytes() -> int:
    return int(available_memory() * config.MEMORY_FRACTION)


def within_limits(cost: Cost, *, max_seconds: float, max_bytes: int | None = None) -> bool:
    """Whether :func:`check_cost` would accept ``cost`` (the same limits, no exception).

    Parameters
    ----------
    cost : Cost
        The estimate.
    max_seconds : float
        Time limit in seconds.
    max_bytes : int, optional
        Memory limit in bytes; default ``config.MEMORY_FRACTION`` of
        :func:`available_memory` now.

    Returns
    -------
    bool
        True when ``cost.seconds <= max_seconds`` and ``cost.bytes <= max_bytes``.
    """
    if max_bytes is None:
        max_bytes = _default_max_bytes()
    return cost.seconds <= max_seconds and cost.bytes <= max_bytes
