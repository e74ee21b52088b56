"""Fair Shares and Varied Pairs: N almonds in heaps, divide a heap fairly or merge two heaps of different sizes.

The exercise of the loopy-games lesson ("Nim's Island"): start with N almonds
arranged in heaps.  A move either divides one heap into two or more heaps of
equal size, or merges two heaps of different sizes into one.  The player who
cannot move loses: only ``1+1+…+1`` has no move.  Play can loop (``3+1`` →
``4`` → ``2+2`` → ``2+1+1`` → ``3+1``), so a position is W, L or D.

A position is a partition of N, written with its parts in decreasing order
(``3+2+1``).  :func:`fair_shares` builds the graph of all partitions of N and
computes, for every one, the outcome and remoteness (retrograde analysis on
the closed graph: :func:`solver.engine.graph.certify`; an unlabelled position
is a draw) and Smith's loopy nim value (:mod:`solver.graphs.smith`).  The
value also says how the position adds to a nim heap or to tokens on a graph.
``docs/graph-games.md`` section 5 has the results for N = 1..40.
"""

from __future__ import annotations

import dataclasses
import functools
import re

import numba
import numpy as np

from solver.costs import Cost
from solver.engine.codes import CLASS_D, CLASS_L, CLASS_W
from solver.engine.solution import Outcome
from solver.parsing import describe_text
from solver.uncompiled import choose
from solver.validation import check_integer

from .smith import LoopyValues, values_from_csr

__all__ = [
    "MAX_ALMONDS",
    "FairShares",
    "FairSharesMove",
    "FairSharesPosition",
    "computer_fair_shares_move",
    "fair_shares",
    "fair_shares_cost",
    "fair_shares_position",
    "format_partition",
    "parse_partition",
    "partition_count",
    "partition_moves",
]

#: Largest number of almonds (p(60) = 966,467 partitions).
MAX_ALMONDS = 60
#: Seconds per partition and per move (building the graph in Python, then the kernels), rounded up;
#: measured by benchmarks/graph_games.py.
SECONDS_PER_PARTITION = 30e-6
#: Bytes per partition held while the graph is built (tuples, the index, the arrays).
BYTES_PER_PARTITION = 2_000
#: The most positions solved uncompiled while the kernels are not compiled (:func:`solver.uncompiled.choose`):
#: up to 25 almonds (p(25) = 1,958), a game's first view in a fraction of a second in Python.
PYTHON_MAX_PARTITIONS = 2_000

_PARTITION = re.compile(r"\d{1,3}(\+\d{1,3})*", re.ASCII)


def partition_count(n: int) -> int:
    """p(n), the number of partitions of ``n`` (p(6) = 11, p(40) = 37,338)."""
    n = check_integer(n, "n", least=0)
    return _partition_counts(n)[n]


@functools.cache
def _partition_counts(n: int) -> tuple[int, ...]:
    p = [1] + [0] * n
    for part in range(1, n + 1):
        for total in range(part, n + 1):
            p[total] += p[total - part]
    return tuple(p)


@numba.njit(cache=True)
def _bounded_counts(n):  # pragma: no cover - compiled
    """``P[m, k]``: the partitions of ``m`` into parts of at most ``k``, for ``0 <= m, k <= n``."""
    table = np.zeros((n + 1, n + 1), dtype=np.int64)
    for k in range(n + 1):
        table[0, k] = 1
    for m in range(1, n + 1):
        for k in range(1, n + 1):
            table[m, k] = table[m, k - 1] + (table[m - k, k] if k <= m else 0)
    return table


@numba.njit(cache=True)
def _rank(cnt, n, table):  # pragma: no cover - compiled
    """Index of the partition with ``cnt[s]`` heaps of size ``s`` in decreasing lexicographic order.

    It is the number of partitions that agree with it on the first i - 1
    parts and have a larger i-th part, summed over i: P(r, min(r, b)) - P(r, a)
    with r the almonds left, b the previous part and a the i-th part.
    """
    rank = 0
    left = n
    bound = n
    for size in range(n, 0, -1):
        for _ in range(cnt[size]):
            rank += table[left, min(left, bound)] - table[left, size]
            left -= size
            bound = size
    return rank


@numba.njit(cache=True)
def _enumerate(n, count):  # pragma: no cover - compiled
    """Every partition of ``n`` in decreasing lexicographic order: shape (count, n) int8, zero padded."""
    parts = np.zeros((count, n), dtype=np.int8)
    a = np.zeros(n + 1, dtype=np.int64)
    a[0] = n
    k = 1
    row = 0
    while True:
        for j in range(k):
            parts[row, j] = a[j]
        row += 1
        i = k - 1
        while i >= 0 and a[i] == 1:
            i -= 1
        if i < 0:
            break
        left = a[i] + (k - 1 - i)
        x = a[i] - 1
        k = i
        while left > x:
            a[k] = x
            k += 1
            left -= x
        if left > 0:
            a[k] = left
            k += 1
    return parts


@numba.njit(cache=True)
def _moves_graph(parts, n, table):  # pragma: no cover - compiled
    """The followers of every partition (CSR, each row increasing, without repeats)."""
    count = parts.shape[0]
    cnt = np.zeros(n + 1, dtype=np.int64)
    sizes = np.zeros(n, dtype=np.int64)
    buffer = np.empty(n * n + n, dtype=np.int64)
    indptr = np.zeros(count + 1, dtype=np.int64)
    capacity = 16 * count + 16
    kids = np.empty(capacity, dtype=np.int64)
    for i in range(count):
        for s in range(n + 1):
            cnt[s] = 0
        for j in range(n):
            if parts[i, j] == 0:
                break
            cnt[parts[i, j]] += 1
        distinct = 0
        for s in range(n, 0, -1):
            if cnt[s] > 0:
                sizes[distinct] = s
                distinct += 1
        used = 0
        for x in range(distinct):
            heap = sizes[x]
            for d in range(2, heap + 1):
                if heap % d == 0:
                    cnt[heap] -= 1
                    cnt[heap // d] += d
                    buffer[used] = _rank(cnt, n, table)
                    used += 1
                    cnt[heap // d] -= d
                    cnt[heap] += 1
        for x in range(distinct):
            for y in range(x + 1, distinct):
                a = sizes[x]
                b = sizes[y]
                cnt[a] -= 1
                cnt[b] -= 1
                cnt[a + b] += 1
                buffer[used] = _rank(cnt, n, table)
                used += 1
                cnt[a + b] -= 1
                cnt[a] += 1
                cnt[b] += 1
        row = np.sort(buffer[:used])
        start = indptr[i]
        if start + used > capacity:
            capacity = 2 * capacity + used
            grown = np.empty(capacity, dtype=np.int64)
            grown[:start] = kids[:start]
            kids = grown
        written = 0
        for j in range(used):
            if j == 0 or row[j] != row[j - 1]:
                kids[start + written] = row[j]
                written += 1
        indptr[i + 1] = start + written
    return indptr, kids[: indptr[count]].copy()


def format_partition(partition: tuple[int, ...]) -> str:
    """A partition as text, parts decreasing: ``(3, 2, 1)`` → ``"3+2+1"``."""
    return "+".join(str(p) for p in sorted(partition, reverse=True))


def parse_partition(text: object, n: int | None = None) -> tuple[int, ...]:
    """Read a position of Fair Shares: heaps written ``3+2+1`` (any order).

    Parameters
    ----------
    text : str
        Positive heap sizes joined by ``+``; spaces are ignored.
    n : int, optional
        The number of almonds the heaps must add up to.

    Returns
    -------
    tuple of int
        The heaps, decreasing.

    Raises
    ------
    TypeError
        If ``text`` is not a string.
    ValueError
        If the text is not heaps joined by ``+``, a heap is 0, the total is
        above :data:`MAX_ALMONDS`, or the total is not ``n``.
    """
    if not isinstance(text, str):
        raise TypeError(f"a position is text such as 3+2+1, got {type(text).__name__}")
    body = "".join(text.split())
    if not _PARTITION.fullmatch(body):
        raise ValueError(f"{describe_text(text)} is not a position: write the heaps joined by '+', e.g. 3+2+1")
    parts = tuple(sorted((int(p) for p in body.split("+")), reverse=True))
    if parts[-1] == 0:
        raise ValueError(f"{describe_text(text)} has an empty heap: every heap holds at least one almond")
    total = sum(parts)
    if total > MAX_ALMONDS:
        raise ValueError(f"{describe_text(text)} holds {total} almonds; at most {MAX_ALMONDS} here")
    if n is not None and total != n:
        raise ValueError(f"{describe_text(text)} holds {total} almonds, not {n}: its heaps must add up to {n}")
    return parts


def partition_moves(partition: tuple[int, ...]) -> list[tuple[str, tuple[int, ...]]]:
    """Every move of a position, as ``(how, result)``: ``("6 -> 2+2+2", (2, 2, 2))``, ``("3+1 -> 4", (4,))``.

    Divisions first (largest heap first, fewest parts first), then merges.
    A result reached by two moves is listed twice (once per move).
    """
    found: list[tuple[str, tuple[int, ...]]] = []
    distinct = sorted(set(partition), reverse=True)
    for heap in distinct:
        i = partition.index(heap)
        rest = partition[:i] + partition[i + 1 :]
        for parts in range(2, heap + 1):
            if heap % parts == 0:
                size = heap // parts
                result = tuple(sorted(rest + (size,) * parts, reverse=True))
                found.append((f"{heap} -> {'+'.join([str(size)] * parts)}", result))
    for a_index, a in enumerate(distinct):
        for b in distinct[a_index + 1 :]:
            others = list(partition)
            others.remove(a)
            others.remove(b)
            result = tuple(sorted([*others, a + b], reverse=True))
            found.append((f"{a}+{b} -> {a + b}", result))
    return found


def fair_shares_cost(n: int) -> Cost:
    """Estimated time and memory of :func:`fair_shares` for ``n`` almonds (p(n) partitions)."""
    n = check_integer(n, "N (the almonds)", least=1, most=MAX_ALMONDS)
    count = partition_count(n)
    return Cost(
        count * SECONDS_PER_PARTITION + 0.05,
        count * BYTES_PER_PARTITION,
        f"Fair Shares with {n} almonds ({count:,} positions)",
    )


@dataclasses.dataclass(frozen=True, eq=False)
class FairShares:
    """Every position of Fair Shares and Varied Pairs with N almonds, solved.

    Attributes
    ----------
    n : int
        The almonds.
    parts : numpy.ndarray
        Shape ``(p(N), N)``, dtype ``int8``: row ``i`` is the ``i``-th
        partition of N, parts decreasing and padded with zeros, in decreasing
        lexicographic order (``6``, ``5+1``, …, ``1+1+1+1+1+1``); the index of
        a position in the arrays below (:meth:`partition`, :meth:`position_index`).
    outcome : numpy.ndarray
        Shape ``(p(N),)``, dtype ``int8``: :class:`~solver.Outcome` codes, W
        (1), L (2) or D (3), for the player to move.
    remoteness : numpy.ndarray
        Shape ``(p(N),)``, dtype ``int16``: the remoteness of W and L
        positions (moves to the end under best play: the winner hurries,
        the loser delays), -1 for draws.
    values : LoopyValues
        Smith's loopy nim value of every position (vertex = index), and the
        graph of moves (its ``indptr`` and ``kids``).
    """

    n: int
    parts: np.ndarray
    outcome: np.ndarray
    remoteness: np.ndarray
    values: LoopyValues

    def __len__(self) -> int:
        return int(self.parts.shape[0])

    def partition(self, index: int) -> tuple[int, ...]:
        """The position of an index, parts decreasing."""
        row = self.parts[index]
        return tuple(int(p) for p in row[row > 0])

    def position_index(self, partition: tuple[int, ...] | str) -> int:
        """The index of a position (text such as ``"3+2+1"``, or heaps in any order).

        Raises
        ------
        ValueError
            If it is not a partition of :attr:`n`.
        """
        if isinstance(partition, str):
            heaps = parse_partition(partition, self.n)
        else:
            heaps = tuple(sorted((int(p) for p in partition), reverse=True))
            if not heaps or heaps[-1] < 1 or sum(heaps) != self.n:
                raise ValueError(
                    f"{heaps} is not a position with {self.n} almonds: give positive heaps adding up to it"
                )
        cnt = np.zeros(self.n + 1, dtype=np.int64)
        for p in heaps:
            cnt[p] += 1
        table = choose(_bounded_counts, (self.n,))(self.n)
        return int(choose(_rank, (cnt, self.n, table))(cnt, self.n, table))

    def counts(self) -> dict[str, int]:
        """How many positions are W, L and D."""
        return {o.name: int((self.outcome == o).sum()) for o in (Outcome.W, Outcome.L, Outcome.D)}

    def texts(self) -> list[str]:
        """Every position as text (``"3+2+1"``), in order."""
        names = [str(i) for i in range(self.n + 1)]
        nonzero = self.parts > 0
        flat = [names[p] for p in self.parts[nonzero].tolist()]
        found = []
        start = 0
        for end in np.cumsum(np.count_nonzero(nonzero, axis=1)).tolist():
            found.append("+".join(flat[start:end]))
            start = end
        return found

    def rows(self) -> list[dict]:
        """``[{"partition": "3+2+1", "outcome": "W", "value": "3"}, …]`` for every position, in order."""
        names = {int(o): o.name for o in (Outcome.W, Outcome.L, Outcome.D)}
        return [
            {"partition": p, "outcome": names[o], "value": t}
            for p, o, t in zip(self.texts(), self.outcome.tolist(), self.values.texts(), strict=True)
        ]


@functools.lru_cache(maxsize=4)
def _solved(n: int) -> FairShares:
    from solver.engine.graph import certify, parent_lists

    count = partition_count(n)
    small = count <= PYTHON_MAX_PARTITIONS  # uncompiled while the kernels are not compiled

    def run(kernel, *args):
        return choose(kernel, args, small=small)(*args)

    table = run(_bounded_counts, n)
    parts = run(_enumerate, n, count)
    indptr, kids = run(_moves_graph, parts, n, table)
    pptr, par = run(parent_lists, indptr, kids)
    none = np.zeros(count, dtype=np.bool_)
    cls = np.empty(count, dtype=np.int8)
    rem = np.empty(count, dtype=np.int16)
    run(certify, indptr, kids, pptr, par, none, none, none, none, cls, rem)
    # A closed graph has no outside: every position is W, L or D.
    outcome = np.select([cls == CLASS_W, cls == CLASS_L, cls == CLASS_D], [Outcome.W, Outcome.L, Outcome.D], 0)
    if (outcome == 0).any():  # pragma: no cover - certify leaves no U on a closed graph
        raise RuntimeError("an unsettled position in a closed graph")
    values = values_from_csr(indptr, kids)
    return FairShares(n, parts, outcome.astype(np.int8), rem, values)


def fair_shares(n: int) -> FairShares:
    """Solve Fair Shares and Varied Pairs with ``n`` almonds: every partition's outcome, remoteness and value.

    Parameters
    ----------
    n : int
        The almonds, 1 to :data:`MAX_ALMONDS` (check the time first with
        :func:`fair_shares_cost`: p(40) = 37,338 positions take about 0.2 s of
        CPU, p(60) = 966,467 about 8 s and 0.7 GB; the estimate is higher).

    Returns
    -------
    FairShares
        Kept for the last 4 values of ``n`` asked for (the same object is
        returned again).

    Raises
    ------
    TypeError, ValueError
        If ``n`` is not an integer from 1 to :data:`MAX_ALMONDS`.

    Notes
    -----
    The exercise "Fair Shares and Varied Pairs" of the loopy-games lesson
    ("Nim's Island"); outcomes by retrograde analysis (Winning Ways, vol. 2,
    "Remoteness"), values by Smith (1966).  ``docs/graph-games.md`` section 5.

    Examples
    --------
    >>> game = fair_shares(6)
    >>> len(game), game.counts()
    (11, {'W': 7, 'L': 4, 'D': 0})
    """
    n = check_integer(n, "N (the almonds)", least=1, most=MAX_ALMONDS)
    return _solved(n)


@dataclasses.dataclass(frozen=True)
class FairSharesMove:
    """One move of Fair Shares (every move that reaches the same position, together).

    Attributes
    ----------
    result : tuple of int
        The position reached, parts decreasing.
    how : tuple of str
        The moves that reach it: ``"6 -> 2+2+2"`` (a division), ``"3+1 -> 4"`` (a merge).
    outcome : Outcome
        The outcome of ``result`` for the player then to move.
    remoteness : int
        Its remoteness (-1 for a draw).
    winning : bool
        The move leaves an L position.
    drawing : bool
        The position is a draw and the move leaves a draw.
    """

    result: tuple[int, ...]
    how: tuple[str, ...]
    outcome: Outcome
    remoteness: int
    winning: bool
    drawing: bool

    def as_dict(self) -> dict:
        """``{"to", "how", "outcome", "remoteness", "winning", "drawing"}`` for JSON."""
        return {
            "to": format_partition(self.result),
            "how": list(self.how),
            "outcome": self.outcome.name,
            "remoteness": self.remoteness,
            "winning": self.winning,
            "drawing": self.drawing,
        }


@dataclasses.dataclass(frozen=True)
class FairSharesPosition:
    """One position of Fair Shares analysed.

    Attributes
    ----------
    partition : tuple of int
        The heaps, decreasing.
    outcome : Outcome
        W, L or D for the player to move.
    remoteness : int
        -1 for a draw.
    value : str
        Smith's value as the Nim values view writes it (``"0"``, ``"inf{0}"``).
    moves : tuple of FairSharesMove
        Every distinct position one move away, in the order of
        :func:`partition_moves`.
    choice : FairSharesMove or None
        The computer's move (:func:`computer_fair_shares_move`).
    """

    partition: tuple[int, ...]
    outcome: Outcome
    remoteness: int
    value: str
    moves: tuple[FairSharesMove, ...]
    choice: FairSharesMove | None

    def as_dict(self) -> dict:
        """``{"partition", "outcome", "remoteness", "value", "moves", "computer"}`` for JSON."""
        return {
            "partition": format_partition(self.partition),
            "outcome": self.outcome.name,
            "remoteness": self.remoteness,
            "value": self.value,
            "moves": [m.as_dict() for m in self.moves],
            "computer": None if self.choice is None else self.choice.as_dict(),
        }


def _moves(game: FairShares, i: int) -> tuple[FairSharesMove, ...]:
    here = Outcome(int(game.outcome[i]))
    grouped: dict[tuple[int, ...], list[str]] = {}
    for how, result in partition_moves(game.partition(i)):
        grouped.setdefault(result, []).append(how)
    found = []
    for result, hows in grouped.items():
        j = game.position_index(result)
        after = Outcome(int(game.outcome[j]))
        found.append(
            FairSharesMove(
                result,
                tuple(hows),
                after,
                int(game.remoteness[j]),
                winning=after == Outcome.L,
                drawing=here == Outcome.D and after == Outcome.D,
            )
        )
    return tuple(found)


def computer_fair_shares_move(game: FairShares, partition: tuple[int, ...] | str) -> FairSharesMove | None:
    """The computer's move: win by the shortest way, else keep a draw, else lose as slowly as possible.

    Parameters
    ----------
    game : FairShares
        The solved game.
    partition : tuple of int or str
        A position of it.

    Returns
    -------
    FairSharesMove or None
        In a W position a winning move of least remoteness; in a D position
        a drawing move; in an L position a move of greatest remoteness (the
        play of the Play tab); None at ``1+1+…+1``.  Ties go to the first in
        :func:`partition_moves` order.

    Raises
    ------
    ValueError
        If ``partition`` is not a position of ``game``.
    """
    moves = _moves(game, game.position_index(partition))
    return _choice(moves)


def _choice(moves: tuple[FairSharesMove, ...]) -> FairSharesMove | None:
    winning = [m for m in moves if m.winning]
    if winning:
        return min(winning, key=lambda m: m.remoteness)
    drawing = [m for m in moves if m.drawing]
    if drawing:
        return drawing[0]
    if not moves:
        return None
    return max(moves, key=lambda m: m.remoteness)


def fair_shares_position(game: FairShares, partition: tuple[int, ...] | str) -> FairSharesPosition:
    """One position analysed: outcome, remoteness, value, every move with its outcome, the computer's move.

    Parameters
    ----------
    game : FairShares
        The solved game (:func:`fair_shares`).
    partition : tuple of int or str
        A partition of ``game.n`` (``"3+2+1"``).

    Returns
    -------
    FairSharesPosition

    Raises
    ------
    ValueError
        If ``partition`` is not a partition of ``game.n``.

    Examples
    --------
    >>> found = fair_shares_position(fair_shares(6), "3+2+1")
    >>> found.outcome.name, found.value, [format_partition(m.result) for m in found.moves if m.winning]
    ('W', '3', ['4+2', '3+3'])
    """
    i = game.position_index(partition)
    moves = _moves(game, i)
    return FairSharesPosition(
        game.partition(i),
        Outcome(int(game.outcome[i])),
        int(game.remoteness[i]),
        game.values.text(i),
        moves,
        _choice(moves),
    )
