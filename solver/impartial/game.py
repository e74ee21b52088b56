"""What every finite impartial game is: an :class:`ImpartialGame` owns its positions, moves and values.

A finite impartial game (Berlekamp, Conway and Guy, *Winning Ways*, chapter 2
and 4) has the same moves for both players, and every play ends: here every
move makes the position smaller (fewer tokens, smaller numbers, fewer pieces).
Under normal play (the player with no move loses) every position is either an
N-position, a win for the player to move (outcome ``"W"``), or a P-position, a
loss (outcome ``"L"``), and by the Sprague–Grundy theorem it has a Grundy
value (nim value): the least value (mex) not among its options' values, 0
exactly for the P-positions.  The value of a sum of positions (a move is made
in one of them) is the XOR (nim-sum) of their values.  Remoteness is the
length of play when the winner hurries and the loser delays: 0 with no move,
``1 + min`` over the options that are P-positions for an N-position, ``1 +
max`` over every option for a P-position (*Winning Ways*, chapter 9;
``docs/mathematics.md`` section 2).

Each kind of game is a subclass that overrides what differs
(:mod:`solver.impartial.octal`, :mod:`solver.impartial.wythoff`,
:mod:`solver.impartial.chomp`, :mod:`solver.impartial.magnetism`,
:mod:`solver.impartial.spring_cleaning`, :mod:`solver.impartial.euclid3`); :func:`solver.impartial.registry.impartial_game`
finds one by name.  Code outside this package asks the game, never which kind
it is: a game declares the pictures the page draws of it (``views``) and
how its moves are played there (``play_surface``), and a command
that does not apply to a game raises :class:`~solver.errors.NotApplicableError`
with the reason (:meth:`ImpartialGame.why_not`).

Everything that can be asked with a large position estimates its work first
(``*_cost`` methods, :class:`solver.costs.Cost`) and refuses work beyond
``max_seconds`` (default ``config.IMPARTIAL_MAX_SECONDS``, 60 s) or the memory
this machine can give, with a ``ValueError`` that gives the estimate.
"""

from __future__ import annotations

import abc
import dataclasses
import threading
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from .. import config, costs
from ..errors import NotApplicableError
from ..parsing import describe_number, describe_text, parse_int
from ..text import format_count
from ..validation import check_integer

__all__ = [
    "ImpartialGame",
    "SumOption",
    "MAX_MOVES",
    "MAX_TEXT",
    "MAX_COMPONENTS",
    "COMMANDS",
    "seconds_limit",
    "check_work",
    "parse_entry",
    "check_entry",
    "search_remoteness",
]

#: Most moves :meth:`ImpartialGame.moves` lists for one position.
MAX_MOVES = 100_000
#: Longest text :meth:`ImpartialGame.parse` reads, in characters.
MAX_TEXT = 20_000
#: Most positions (components) in a sum.
MAX_COMPONENTS = 100
#: Most nodes of :meth:`ImpartialGame.tree`.
MAX_TREE_NODES = 1_000_000

#: Every command of ``python -m solver`` and what it does, for :meth:`ImpartialGame.why_not`.
COMMANDS = {
    "classify": "lists positions with their outcome and value",
    "tree": "draws the game tree of a position",
    "sum": "analyses a sum of positions by their Grundy values",
    "nim-values": "lists the Grundy values of the positions 0..N of one parameter (heaps of an octal game, empty strips of Magnetism)",
    "periodicity": "finds the period of the Grundy values of one heap",
    "plane": "colours the pairs (a, b) of a two-pile game, or the triples (a, b, c) of Euclid's game on triples, by outcome",
    "chomp": "counts the losing bars of a Chomp box",
    "magnetism": "analyses a Magnetism strip or lists the values of its four elementary strips",
    "spring-cleaning": "analyses a Spring Cleaning grid, the source's L-shapes or its zigzags",
    "solve": "solves a loopy game to a bound",
    "layers": "lists the positions of each remoteness of a loopy game up to a bound",
    "records": "lists the record remoteness of a loopy game solved to a bound",
    "bfile": "writes the P-, N- or draw positions of a loopy game solved to a bound",
    "compare": "compares the loopy rules side by side",
    "strategies": "plays the thesis's fixed strategies of Put-or-Take-a-Square",
    "primitives": "lists the thesis's primitive elements of Put-or-Take-a-Square",
}

#: Seconds per move of a position search in Python (:func:`search_remoteness`): the move listed,
#: its result made canonical and looked up.  Measured 3 to 4.3 us on the reference machine
#: (octal game 4.7, heap 50: 37 million moves in 160 s), rounded up.
SEARCH_SECONDS_PER_MOVE = 5e-6
#: Bytes per position kept by a search (a tuple of heaps, a dictionary entry), rounded up.
SEARCH_BYTES_PER_POSITION = 300

P = TypeVar("P", bound=Hashable)

#: Entries of a position have fewer digits than this (:func:`solver.parsing.parse_int` reads at most 4000).
MAX_ENTRY_DIGITS = 4000
_ENTRY_LIMIT = 10**MAX_ENTRY_DIGITS


def seconds_limit(max_seconds: float | None) -> float:
    """The time limit of a call: ``max_seconds``, or ``config.IMPARTIAL_MAX_SECONDS`` when None.

    Raises
    ------
    TypeError
        If ``max_seconds`` is not a number.
    ValueError
        If ``max_seconds`` is negative or NaN.
    """
    if max_seconds is None:
        return config.IMPARTIAL_MAX_SECONDS
    if isinstance(max_seconds, bool) or not isinstance(max_seconds, (int, float)):
        raise TypeError(f"max_seconds must be a number of seconds, got {max_seconds!r}")
    if not max_seconds >= 0:
        raise ValueError(f"max_seconds must be at least 0, got {max_seconds!r}")
    return float(max_seconds)


def check_work(cost: costs.Cost, advice: str, max_seconds: float | None) -> None:
    """Refuse ``cost`` beyond the time limit of the call or the memory here (:func:`solver.costs.check_cost`)."""
    costs.check_cost(cost, max_seconds=seconds_limit(max_seconds), advice=advice)


def parse_entry(text: str, name: str, how: str) -> int:
    """Read one whole number of a position (a heap, an entry of a pair), sign kept.

    Parameters
    ----------
    text : str
        The number as typed: any form of :func:`solver.parsing.parse_int`
        (``12``, ``1_000``, ``1e6``, ``10**30``) but without spaces or commas
        inside, which separate entries.
    name : str
        What the number is, for the message (``"a heap"``).
    how : str
        How a position is written, ending the message (``"write heaps like 3+5"``).

    Returns
    -------
    int
        The number, possibly negative (the caller says why a negative entry
        is refused).

    Raises
    ------
    ValueError
        If the text is empty, has spaces or commas inside, is not a whole
        number or has 4000 digits or more.
    """
    part = text.strip()
    if not part:
        raise ValueError(f"{name} is missing; {how}")
    if "," in part or any(ch.isspace() for ch in part):
        raise ValueError(f"{name} must be one whole number, got {describe_text(part)}; {how}")
    try:
        return parse_int(part, name, least=-_ENTRY_LIMIT)
    except ValueError as exc:
        raise ValueError(f"{exc}; {how}") from None


def check_entry(value: object, name: str) -> int:
    """Check one whole number of a position: an integer ``>= 0`` with fewer than 4000 digits.

    Raises
    ------
    TypeError
        If ``value`` is not an integer.
    ValueError
        If it is negative or has 4000 digits or more (the message never
        prints the number in full).
    """
    number = check_integer(value, name)
    if number < 0:
        raise ValueError(f"{name} must be at least 0, got {describe_number(number)}")
    if number >= _ENTRY_LIMIT:
        raise ValueError(f"{name} must have fewer than {MAX_ENTRY_DIGITS:,} digits, got {describe_number(number)}")
    return number


class Memo:
    """A small locked store of computed tables, one per key, kept with the game object.

    Tables are computed outside the lock (two threads may compute the same
    one; the first stored wins), so a long computation never blocks readers
    of other keys.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._items: dict[Hashable, Any] = {}

    def get(self, key: Hashable) -> Any:
        """The table stored under ``key``, or None."""
        with self._lock:
            return self._items.get(key)

    def put(self, key: Hashable, value: Any) -> Any:
        """Store ``value`` under ``key`` unless one is there; return the stored one."""
        with self._lock:
            return self._items.setdefault(key, value)

    def replace(self, key: Hashable, value: Any) -> None:
        """Store ``value`` under ``key``, replacing what was there."""
        with self._lock:
            self._items[key] = value


@dataclasses.dataclass(frozen=True)
class SumOption:
    """One move of a sum of positions (see :meth:`ImpartialGame.sum_options`).

    Attributes
    ----------
    component : int
        Index (from 0) of the position moved in.
    move : str
        The move's text in that position (:meth:`ImpartialGame.moves`).
    result : Hashable
        What that position becomes.
    value : int
        The nim-sum of the whole sum after the move; 0 means the move wins
        (it leaves a P-position).
    """

    component: int
    move: str
    result: Any
    value: int


@dataclasses.dataclass(frozen=True, kw_only=True)
class ImpartialGame(abc.ABC, Generic[P]):
    """A finite, loop-free impartial game under normal play; subclasses give the positions and moves.

    Attributes
    ----------
    name : str
        Canonical name for the command line and the address:
        ``"octal-0.137"``, ``"wythoff"``, ``"euclid"``, ``"chomp-2x6"``.
    title : str
        Display name: ``"Rob's Dots (0.137)"``, ``"Wythoff's game"``.
    summary : str
        One sentence stating the moves.
    source : str
        Where the game and the facts used are defined.

    Notes
    -----
    Class attributes of each kind: ``kind`` (``"octal"``, ``"pair"``,
    ``"chomp"``, ``"magnetism"``, ``"spring-cleaning"`` or ``"euclid3"``,
    for the tests and docs), ``commands`` (the
    commands of ``python -m solver`` that apply), ``position_help`` (how a
    position is written), ``sequence_help`` (what position n of
    :meth:`grundy_sequence` is, for headers: ``"one heap of n tokens"``)
    and ``plane_axes`` (the names of the axes of :meth:`plane`: ``("a",
    "b")`` for pairs, ``("a", "b", "c")`` for triples), and what the page
    draws: ``views``, ``play_surface`` and ``heap_positions``.

    Positions are hashable values (a sorted tuple of heaps, a pair, a
    bitmask); views only pass them between :meth:`parse`, :meth:`format`
    and :meth:`moves`.  Every method that takes a position checks it
    (:meth:`check`): ``TypeError`` for a wrong type, ``ValueError`` for a
    value out of range.
    """

    name: str
    title: str
    summary: str
    source: str
    memo: Memo = dataclasses.field(default_factory=Memo, compare=False, repr=False)

    kind: ClassVar[str]
    commands: ClassVar[tuple[str, ...]] = ("classify", "tree", "sum")
    position_help: ClassVar[str]
    #: The pictures of this game's sources that the page draws, by name: each is a view of the Finite games
    #: tab (``dashboard/tabs/finite/views``), such as ``"grundy"`` (the Grundy sequence of one heap) or
    #: ``"plane"`` (the quadrant of pairs by outcome).  The page shows these and asks nothing else of the kind.
    views: ClassVar[tuple[str, ...]] = ()
    #: How the page lets a player move: ``"buttons"`` (a button per move), ``"heaps"`` (buttons, and each
    #: heap's value), ``"bar"`` (Chomp: click a piece of the bar), ``"strip"`` (Magnetism: a + and a − button
    #: under each empty square, and the elementary strips' values), ``"groups"`` (Spring Cleaning: buttons, and
    #: each group of dirt's value).
    play_surface: ClassVar[str] = "buttons"
    #: Positions are sums of heaps, one heap of ``h`` tokens being ``(h,)``: the Sums tab can play the game.
    heap_positions: ClassVar[bool] = False
    sequence_help: ClassVar[str] = "one heap of n tokens"
    plane_axes: ClassVar[tuple[str, ...]] = ("a", "b")

    # -- positions --------------------------------------------------------------

    @abc.abstractmethod
    def parse(self, text: str) -> P:
        """Read a position from text (:attr:`position_help`).

        Raises
        ------
        TypeError
            If ``text`` is not a string.
        ValueError
            If the text is not a position of this game; the message says how
            to write one.
        """

    @abc.abstractmethod
    def format(self, position: P) -> str:
        """Write a position as text; ``parse(format(p)) == p``."""

    @abc.abstractmethod
    def check(self, position: object) -> P:
        """Return ``position`` in its canonical form after checking its type and range.

        Raises
        ------
        TypeError
            If ``position`` has the wrong type.
        ValueError
            If it is out of range.
        """

    @abc.abstractmethod
    def start(self) -> P:
        """A sensible position to start play from."""

    # -- moves --------------------------------------------------------------------

    @abc.abstractmethod
    def moves(self, position: P) -> list[tuple[str, P]]:
        """Every move from ``position``: ``(move text, resulting position)``, in a stable order.

        Returns
        -------
        list of (str, position)
            Empty when the player to move has no move (and so has lost).
            Distinct moves have distinct texts.

        Raises
        ------
        TypeError, ValueError
            If ``position`` is not a position of this game, or it has more
            than :data:`MAX_MOVES` moves.
        """

    def _check_move_count(self, position: P, count: int) -> None:
        if count > MAX_MOVES:
            raise ValueError(
                f"{self.format_short(position)} has {format_count(count)} moves in {self.title}, more than "
                f"{MAX_MOVES:,} are listed; choose a smaller position"
            )

    def format_short(self, position: P) -> str:
        """:meth:`format`, cut to 60 characters for messages."""
        text = self.format(position)
        return text if len(text) <= 60 else f"{text[:40]}… ({len(text):,} characters)"

    # -- values ---------------------------------------------------------------------

    @abc.abstractmethod
    def value_cost(self, position: P) -> costs.Cost:
        """Estimate the time and memory of :meth:`value`."""

    @abc.abstractmethod
    def value(self, position: P, *, max_seconds: float | None = None) -> int:
        """The Grundy (nim) value of ``position``: 0 exactly for a P-position.

        Parameters
        ----------
        position
            A position of this game.
        max_seconds : float, optional
            Refuse work estimated above this (default
            ``config.IMPARTIAL_MAX_SECONDS``).

        Raises
        ------
        TypeError, ValueError
            If ``position`` is not a position of this game, or the work
            (:meth:`value_cost`) is beyond the limits; the message gives the
            estimate.
        """

    def values(self, positions: Sequence[P], *, max_seconds: float | None = None) -> list[int]:
        """:meth:`value` of several positions (a game may share the work between them)."""
        return [self.value(p, max_seconds=max_seconds) for p in positions]

    def values_cost(self, positions: Sequence[P]) -> costs.Cost:
        """Estimate :meth:`values`: the largest single estimate (the work of the others is shared)."""
        found = [self.value_cost(p) for p in positions]
        if not found:
            return costs.Cost(0.0, 0, "nothing")
        return max(found, key=lambda c: (c.seconds, c.bytes))

    def outcome(self, position: P, *, max_seconds: float | None = None) -> str:
        """``"W"`` when the player to move wins (N-position), ``"L"`` when they lose (P-position).

        Normal play: the player with no move loses.  Exact.

        Raises
        ------
        TypeError, ValueError
            As :meth:`value` (some games know outcomes without values, for
            any size).
        """
        return "L" if self.value(position, max_seconds=max_seconds) == 0 else "W"

    @abc.abstractmethod
    def remoteness_cost(self, position: P) -> costs.Cost:
        """Estimate the time and memory of :meth:`remoteness`."""

    @abc.abstractmethod
    def remoteness(self, position: P, *, max_seconds: float | None = None) -> int:
        """Exact remoteness: the number of moves left when the winner plays to win fastest and the loser to lose slowest.

        0 when there is no move; odd for an N-position, even for a
        P-position (*Winning Ways*, chapter 9; ``docs/mathematics.md``
        section 2).

        Raises
        ------
        TypeError, ValueError
            If ``position`` is not a position of this game, or the work
            (:meth:`remoteness_cost`) is beyond the limits.
        """

    def remotenesses(self, positions: Sequence[P], *, max_seconds: float | None = None) -> list[int]:
        """:meth:`remoteness` of several positions (a game may share the work between them)."""
        return [self.remoteness(p, max_seconds=max_seconds) for p in positions]

    # -- sums ------------------------------------------------------------------------

    def check_components(self, positions: Iterable[object]) -> list[P]:
        """Check the positions of a sum: 1 to :data:`MAX_COMPONENTS` positions of this game."""
        if isinstance(positions, (str, bytes)) or not isinstance(positions, Iterable):
            raise TypeError(f"a sum is a sequence of positions of {self.title}, got {positions!r:.60}")
        found = []
        for p in positions:
            found.append(self.check(p))
            if len(found) > MAX_COMPONENTS:
                raise ValueError(f"a sum has at most {MAX_COMPONENTS} positions")
        if not found:
            raise ValueError("a sum needs at least one position")
        return found

    def sum_value(self, positions: Iterable[P], *, max_seconds: float | None = None) -> int:
        """The Grundy value of a sum of positions: the XOR of their values (Sprague–Grundy).

        Raises
        ------
        TypeError, ValueError
            As :meth:`value`, or for no position or more than
            :data:`MAX_COMPONENTS`.
        """
        total = 0
        for v in self.values(self.check_components(positions), max_seconds=max_seconds):
            total ^= v
        return total

    def sum_options(self, positions: Iterable[P], *, max_seconds: float | None = None) -> list[SumOption]:
        """Every move of a sum of positions, with the nim-sum it leaves.

        Parameters
        ----------
        positions : iterable
            The positions of the sum (1 to :data:`MAX_COMPONENTS`).
        max_seconds : float, optional
            Time limit of the values.

        Returns
        -------
        list of SumOption
            By component, then in the order of :meth:`moves`; a move whose
            ``value`` is 0 wins.  Empty when no component has a move.

        Raises
        ------
        TypeError, ValueError
            As :meth:`value` and :meth:`moves`, or when the sum has more than
            :data:`MAX_MOVES` moves.
        """
        parts = self.check_components(positions)
        moves = [self.moves(p) for p in parts]
        count = sum(len(m) for m in moves)
        if count > MAX_MOVES:
            raise ValueError(
                f"the sum has {count:,} moves, more than {MAX_MOVES:,} are listed; choose smaller positions"
            )
        results = [result for listed in moves for _, result in listed]
        values = self.values(parts + results, max_seconds=max_seconds)
        own, after = values[: len(parts)], iter(values[len(parts) :])
        total = 0
        for v in own:
            total ^= v
        options = []
        for i, listed in enumerate(moves):
            for text, result in listed:
                options.append(SumOption(i, text, result, total ^ own[i] ^ next(after)))
        return options

    # -- trees ------------------------------------------------------------------------

    def tree(
        self,
        position: P,
        depth: int,
        *,
        max_nodes: int = 10_000,
        max_seconds: float | None = None,
        remoteness_seconds: float = 1.0,
    ) -> dict:
        """The game tree of ``position`` to a move depth, as nested JSON-ready dicts.

        Parameters
        ----------
        position
            The root.
        depth : int
            Nodes shallower than this are expanded, ``>= 0``.
        max_nodes : int, optional
            Stop at this many nodes, breadth first (1 to 1,000,000).
        max_seconds : float, optional
            Time limit of the values.
        remoteness_seconds : float, optional
            The nodes carry their remoteness when its estimate for the root
            (which covers every node below) is within this many seconds;
            else ``remoteness`` is None everywhere.

        Returns
        -------
        dict
            ``rule``, ``start`` (the root's text), ``depth``, ``max_nodes``,
            ``truncated`` (the cap cut the tree) and ``root``.  Each node has
            ``position`` (text), ``move`` (its text, None at the root),
            ``outcome`` (``"W"``/``"L"``), ``value``, ``remoteness`` (exact,
            or None), ``best`` (the move is a best move of the parent: to a
            P-position, the fastest when remoteness is known; from a
            P-position, the slowest loss when remoteness is known),
            ``expanded`` and ``children``.

        Raises
        ------
        TypeError, ValueError
            As :meth:`value`, or when ``depth`` or ``max_nodes`` is out of range.
        """
        position = self.check(position)
        depth = check_integer(depth, "the depth", least=0)
        max_nodes = check_integer(max_nodes, "max_nodes", least=1, most=MAX_TREE_NODES)
        with_remoteness = costs.within_limits(self.remoteness_cost(position), max_seconds=remoteness_seconds)
        nodes: list[dict] = []
        positions: list[P] = []
        depths: list[int] = []
        queue: deque[int] = deque()
        truncated = False

        def add(p: P, move: str | None, level: int) -> int:
            nodes.append(
                {
                    "position": self.format(p),
                    "move": move,
                    "outcome": None,
                    "value": None,
                    "remoteness": None,
                    "best": False,
                    "expanded": False,
                    "children": [],
                }
            )
            positions.append(p)
            depths.append(level)
            return len(nodes) - 1

        queue.append(add(position, None, 0))
        while queue:
            i = queue.popleft()
            if depths[i] >= depth:
                continue
            listed = self.moves(positions[i])
            if len(nodes) + len(listed) > max_nodes:
                truncated = True
                break
            nodes[i]["expanded"] = True
            for text, child in listed:
                j = add(child, text, depths[i] + 1)
                nodes[i]["children"].append(nodes[j])
                queue.append(j)
        values = self.values(positions, max_seconds=max_seconds)
        rems: list[int | None] = (
            list(self.remotenesses(positions, max_seconds=max_seconds)) if with_remoteness else [None] * len(nodes)
        )
        for node, v, r in zip(nodes, values, rems, strict=True):
            node["outcome"] = "L" if v == 0 else "W"
            node["value"] = v
            node["remoteness"] = r
        for node in nodes:
            kids = node["children"]
            if not kids:
                continue
            if node["outcome"] == "W":
                winning = [k for k in kids if k["outcome"] == "L"]
                fastest = min(k["remoteness"] for k in winning) if with_remoteness else None
                for k in winning:
                    k["best"] = fastest is None or k["remoteness"] == fastest
            elif with_remoteness:
                slowest = max(k["remoteness"] for k in kids)
                for k in kids:
                    k["best"] = k["remoteness"] == slowest
        return {
            "rule": self.name,
            "start": nodes[0]["position"],
            "depth": depth,
            "max_nodes": max_nodes,
            "truncated": truncated,
            "root": nodes[0],
        }

    # -- commands -----------------------------------------------------------------------

    def why_not(self, command: str) -> str:
        """One line saying why a command of ``python -m solver`` does not apply to this game.

        Parameters
        ----------
        command : str
            A command name (``"solve"``, ``"plane"``, ...) or an option
            (``"--bound"``, ``"--alpha"``).
        """
        applies = ", ".join(self.commands)
        if command in ("--bound", "--alpha"):
            return (
                f"{command} does not apply to {self.name}: {self.title} is a finite, loop-free game, "
                f"so its values are exact without a bound; leave {command} out"
            )
        what = COMMANDS.get(command, "does not apply here")
        return (
            f"{command} {what}; it does not apply to {self.name} ({self.title}, a finite impartial game "
            f"whose positions are {self.position_help}); the commands for it are: {applies}"
        )

    def _not_applicable(self, command: str) -> NotApplicableError:
        return NotApplicableError(self.why_not(command))

    def grundy_sequence_cost(self, n: int) -> costs.Cost:
        """Estimate :meth:`grundy_sequence` (octal games only; else :class:`~solver.errors.NotApplicableError`)."""
        raise self._not_applicable("nim-values")

    def periodicity_cost(self, n: int | None = None) -> costs.Cost:
        """Estimate :meth:`periodicity` (octal games only; else :class:`~solver.errors.NotApplicableError`)."""
        raise self._not_applicable("periodicity")

    def plane_cost(self, size: int) -> costs.Cost:
        """Estimate :meth:`plane` (games of pairs or triples only; else :class:`~solver.errors.NotApplicableError`)."""
        raise self._not_applicable("plane")

    def counts_cost(self) -> costs.Cost:
        """Estimate :meth:`counts` (Chomp only; else :class:`~solver.errors.NotApplicableError`)."""
        raise self._not_applicable("chomp")

    def grundy_sequence(self, n: int, *, max_seconds: float | None = None) -> Any:
        """The Grundy values of the one-parameter positions ``0..n`` (:attr:`sequence_help`): heaps of an octal game, empty strips of Magnetism.

        Raises
        ------
        NotApplicableError
            For a game without such a family of positions.
        """
        raise self._not_applicable("nim-values")

    def periodicity(self, n: int | None = None) -> Any:
        """The period of the one-heap Grundy values (octal games only).

        Raises
        ------
        NotApplicableError
            For a game whose positions are not heaps.
        """
        raise self._not_applicable("periodicity")

    def plane(self, size: int, *, max_seconds: float | None = None) -> Any:
        """Outcomes of the pairs ``0 <= a, b < size`` (two-pile games), or of the triples (Euclid's game on triples).

        Returns an array with one axis per name of :attr:`plane_axes`.

        Raises
        ------
        NotApplicableError
            For a game whose positions are not pairs or triples.
        """
        raise self._not_applicable("plane")

    def counts(self, *, max_seconds: float | None = None) -> dict[str, int]:
        """Positions and losing positions of a Chomp box (Chomp only).

        Raises
        ------
        NotApplicableError
            For a game other than Chomp.
        """
        raise self._not_applicable("chomp")

    def __str__(self) -> str:
        return self.name


def search_remoteness(
    roots: Sequence[P],
    children: Callable[[P], Iterable[P]],
    is_p: Callable[[P], bool],
) -> list[int]:
    """Exact remoteness of positions of a finite loop-free game, by a memoised search.

    Parameters
    ----------
    roots : sequence
        The positions asked for.
    children : callable
        ``children(p)``: the positions one move from ``p`` (canonical, hashable).
    is_p : callable
        ``is_p(p)``: whether ``p`` is a P-position (from its Grundy value),
        so that an N-position looks only at its P-children.

    Returns
    -------
    list of int
        The remoteness of each root.

    Notes
    -----
    Iterative (no recursion limit); every position reachable from a
    P-position root, and from the P-children of N-positions, is visited
    once.  The caller estimates the work first.
    """
    memo: dict[P, int] = {}
    for root in roots:
        stack: list[tuple[P, list[P] | None]] = [(root, None)]
        while stack:
            p, kids = stack[-1]
            if p in memo:
                stack.pop()
                continue
            if kids is None:
                lose = is_p(p)
                kids = [c for c in children(p) if lose or is_p(c)]
                stack[-1] = (p, kids)
                missing = [c for c in kids if c not in memo]
                if missing:
                    stack.extend((c, None) for c in missing)
                    continue
            if not kids:
                memo[p] = 0
            elif is_p(p):
                memo[p] = 1 + max(memo[c] for c in kids)
            else:
                memo[p] = 1 + min(memo[c] for c in kids)
            stack.pop()
    return [memo[r] for r in roots]
