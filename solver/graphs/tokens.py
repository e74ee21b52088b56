"""Tokens on a directed graph (Nim's Island): outcomes, moves and the computer's play, from Smith's values.

A position is a list of tokens on vertices of a directed graph (several may
share a vertex).  A move slides one token along one arc; a player with no
move (every token on a vertex without arcs) loses; infinite play is a draw.
The position is the sum of its tokens, and Smith's sum rule (C. A. B. Smith,
"Graphs and composite games", 1966; Winning Ways, ch. 12) gives its outcome
from the tokens' values (:mod:`solver.graphs.smith`):

* every value finite: L when their nim-sum is 0, W otherwise;
* exactly one value ∞(K), the others finite with nim-sum s: W when s is in K,
  a draw otherwise;
* two or more values ∞: a draw.

The tests check this rule against a retrograde analysis of the whole position
(the game whose states are the multisets of token vertices) on random
graphs.  The rule of the loopy-games lesson ("Nim's Island") differs from it:
``docs/graph-games.md`` section 3 gives the counterexamples.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from solver.costs import Cost
from solver.engine.solution import Outcome

from .formats import Graph
from .smith import INF, LoopyValues, loopy_values, loopy_values_cost

__all__ = [
    "MAX_TOKENS",
    "TokenMove",
    "TokenPosition",
    "apply_token_move",
    "computer_token_move",
    "token_moves",
    "token_outcome",
    "token_position",
    "tokens_cost",
]

#: Most tokens in one position.
MAX_TOKENS = 10_000
#: Seconds per token and per move listed (Python), rounded up.
SECONDS_PER_TOKEN = 2e-6
SECONDS_PER_MOVE = 5e-6


@dataclasses.dataclass(frozen=True)
class TokenMove:
    """One move of a token position: a token slides from one vertex to another.

    Attributes
    ----------
    source : int
        The vertex the token leaves.
    target : int
        The vertex it reaches (``source`` again along a self-loop).
    outcome : Outcome
        The outcome of the position the move leaves, for the player then to
        move (the opponent): L after a winning move.
    winning : bool
        The move wins (it leaves an L position).
    drawing : bool
        The position is a draw and the move keeps it one (it leaves a D
        position); False in a W or L position.
    """

    source: int
    target: int
    outcome: Outcome
    winning: bool
    drawing: bool

    def as_dict(self) -> dict:
        """``{"from", "to", "outcome", "winning", "drawing"}`` for JSON."""
        return {
            "from": self.source,
            "to": self.target,
            "outcome": self.outcome.name,
            "winning": self.winning,
            "drawing": self.drawing,
        }


@dataclasses.dataclass(frozen=True)
class TokenPosition:
    """A token position analysed: its outcome, the values, every move and the computer's choice.

    Attributes
    ----------
    tokens : tuple of int
        The tokens' vertices, as given.
    outcome : Outcome
        W, L or D for the player to move.
    values : LoopyValues
        Every vertex's value.
    moves : tuple of TokenMove
        Every distinct move (one per arc leaving an occupied vertex), by
        source then target.
    choice : TokenMove or None
        The computer's move (:func:`computer_token_move`); None when there is
        no move.
    """

    tokens: tuple[int, ...]
    outcome: Outcome
    values: LoopyValues
    moves: tuple[TokenMove, ...]
    choice: TokenMove | None


def _check_tokens(values: LoopyValues, tokens: Sequence[int]) -> tuple[int, ...]:
    if isinstance(tokens, (str, bytes)):
        raise TypeError("tokens are a sequence of vertices; read text with solver.graphs.parse_vertices")
    found = tuple(tokens)
    if len(found) > MAX_TOKENS:
        raise ValueError(f"a position has at most {MAX_TOKENS:,} tokens, got {len(found):,}")
    for v in found:
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < values.n:
            raise ValueError(f"a token on {v!r:.20} is off the graph: its vertices are 0..{values.n - 1}")
    return found


def _outcome_of(values: LoopyValues, tokens: Sequence[int]) -> Outcome:
    nim_sum = 0
    infinite = -1
    for v in tokens:
        g = int(values.value[v])
        if g == INF:
            if infinite >= 0:
                return Outcome.D
            infinite = v
        else:
            nim_sum ^= g
    if infinite < 0:
        return Outcome.W if nim_sum else Outcome.L
    return Outcome.W if nim_sum in values.k_of(infinite) else Outcome.D


def token_outcome(values: LoopyValues, tokens: Sequence[int]) -> Outcome:
    """The outcome of a token position, by Smith's sum rule.

    Parameters
    ----------
    values : LoopyValues
        The graph's values (:func:`~solver.graphs.smith.loopy_values`).
    tokens : sequence of int
        The tokens' vertices; repeats are tokens sharing a vertex; empty is
        the position without tokens (L: no move).

    Returns
    -------
    Outcome
        For the player to move: all values finite, L exactly when their
        nim-sum is 0; one ∞(K) and nim-sum s of the others, W when s is in
        K and D otherwise; two or more ∞, D.

    Raises
    ------
    ValueError
        If a token is not on a vertex, or there are more than
        :data:`MAX_TOKENS`.

    Notes
    -----
    Smith (1966), Winning Ways ch. 12; checked against retrograde analysis
    of the whole position in ``tests/test_graph_tokens.py``.
    """
    return _outcome_of(values, _check_tokens(values, tokens))


def apply_token_move(tokens: Sequence[int], source: int, target: int) -> tuple[int, ...]:
    """The tokens after one token moves from ``source`` to ``target`` (the first token on ``source``).

    Raises
    ------
    ValueError
        If no token is on ``source``.  (Whether the arc exists is the
        caller's to check: :func:`token_moves` lists the moves.)
    """
    found = list(tokens)
    try:
        i = found.index(source)
    except ValueError:
        raise ValueError(f"no token is on vertex {source}") from None
    found[i] = target
    return tuple(found)


def token_moves(values: LoopyValues, tokens: Sequence[int]) -> tuple[TokenMove, ...]:
    """Every move of a token position, with the outcome it leaves.

    Parameters
    ----------
    values : LoopyValues
        The graph's values.
    tokens : sequence of int
        The tokens' vertices.

    Returns
    -------
    tuple of TokenMove
        One move per arc leaving an occupied vertex (tokens on one vertex
        give the same moves), by source then target.  ``winning`` marks the
        moves to an L position; ``drawing`` the moves to a D position when
        the position is a draw.

    Raises
    ------
    ValueError
        As :func:`token_outcome`.
    """
    tokens = _check_tokens(values, tokens)
    here = _outcome_of(values, tokens)
    value = values.value
    nim_sum = 0
    infinite: list[int] = []
    for v in tokens:
        if value[v] == INF:
            infinite.append(v)
        else:
            nim_sum ^= int(value[v])
    found: list[TokenMove] = []
    for source in sorted(set(tokens)):
        g_source = int(value[source])
        if g_source == INF:
            rest = list(infinite)
            rest.remove(source)
            rest_sum = nim_sum
        else:
            rest = infinite
            rest_sum = nim_sum ^ g_source
        for target in values.followers_of(source):
            g_target = int(value[target])
            after = _outcome_from(
                values,
                rest_sum if g_target == INF else rest_sum ^ g_target,
                rest + [target] if g_target == INF else rest,
            )
            found.append(
                TokenMove(
                    source,
                    target,
                    after,
                    winning=after == Outcome.L,
                    drawing=here == Outcome.D and after == Outcome.D,
                )
            )
    return tuple(found)


def _outcome_from(values: LoopyValues, nim_sum: int, infinite: list[int]) -> Outcome:
    """Smith's rule from the nim-sum of the finite tokens and the vertices of the infinite ones."""
    if not infinite:
        return Outcome.W if nim_sum else Outcome.L
    if len(infinite) >= 2:
        return Outcome.D
    return Outcome.W if nim_sum in values.k_of(infinite[0]) else Outcome.D


def _progress(values: LoopyValues, tokens: Sequence[int]) -> tuple[int, int]:
    """Smith's measure of an L position (every value finite): (sum of values, sum of counters)."""
    return (
        sum(int(values.value[v]) for v in tokens),
        sum(int(values.counter[v]) for v in tokens),
    )


def computer_token_move(values: LoopyValues, tokens: Sequence[int]) -> TokenMove | None:
    """The computer's move: it wins when it can, keeps a draw when it cannot win, and otherwise delays.

    Parameters
    ----------
    values : LoopyValues
        The graph's values.
    tokens : sequence of int
        The tokens' vertices.

    Returns
    -------
    TokenMove or None
        None when there is no move.  In a W position, the winning move that
        leaves the least (sum of values, sum of Smith's counters); in a D
        position, a drawing move; in an L position, the move that leaves the
        greatest sum of finite values (the opponent then has the most to
        undo).  Ties go to the first move of :func:`token_moves`.

    Notes
    -----
    Moving to *some* L position is not enough in a loopy game: the opponent
    may move back and forth for ever.  Every L position the computer leaves
    has all values finite; from the opponent's move, Smith's strategy finds
    an L position of smaller measure (lower a value by nim, or undo an
    increase to a vertex of the same value and a smaller counter), so the
    least one is smaller than the one before, and the measure cannot fall
    for ever: the computer wins (``docs/graph-games.md`` section 2; checked
    by ``tests/test_graph_tokens.py`` on every reply of the opponent).
    """
    tokens = _check_tokens(values, tokens)
    moves = token_moves(values, tokens)
    if not moves:
        return None
    # The measures of the positions after each move differ from the position's own by the token moved.
    value_sum, counter_sum = _progress(values, tokens)
    value = values.value
    counter = values.counter

    def measure(m: TokenMove) -> tuple[int, int]:
        return (
            value_sum - int(value[m.source]) + int(value[m.target]),
            counter_sum - int(counter[m.source]) + int(counter[m.target]),
        )

    winning = [m for m in moves if m.winning]
    if winning:
        return min(winning, key=measure)
    drawing = [m for m in moves if m.drawing]
    if drawing:
        return drawing[0]

    def finite_sum(m: TokenMove) -> int:
        return max(int(value[m.target]), 0) - max(int(value[m.source]), 0)

    return max(moves, key=finite_sum)


def tokens_cost(graph: Graph, tokens: int) -> Cost:
    """Estimated time and memory of :func:`token_position` on ``graph`` with ``tokens`` tokens.

    The values cost one pass over the arcs per round
    (:func:`~solver.graphs.smith.loopy_values_cost`); the outcome is read off
    them (no product of the tokens' positions is built: its states grow as
    the number of multisets of the tokens' vertices), and each move listed
    costs one more outcome, found from the position's nim-sum in constant
    time (at most one move per arc).
    """
    degrees = graph.degree()
    arcs = len(graph.edges)
    values = loopy_values_cost(graph.n, arcs, max(degrees, default=0))
    listed = min(arcs, sum(degrees))
    seconds = values.seconds + tokens * SECONDS_PER_TOKEN + listed * SECONDS_PER_MOVE
    return Cost(seconds, values.bytes + 200 * listed + 100 * tokens, f"{values.what} and {listed:,} moves")


def token_position(graph: Graph, tokens: Sequence[int], values: LoopyValues | None = None) -> TokenPosition:
    """Analyse a token position: outcome, every vertex's value, every move, the computer's move.

    Parameters
    ----------
    graph : Graph
        A directed graph.
    tokens : sequence of int
        The tokens' vertices (:func:`~solver.graphs.parse_vertices` reads
        ``"0,0,2"``).
    values : LoopyValues, optional
        The graph's values, if already computed.

    Returns
    -------
    TokenPosition

    Raises
    ------
    ValueError
        If the graph is undirected, a token is off the graph, or there are
        more than :data:`MAX_TOKENS` tokens.

    Examples
    --------
    >>> from solver.graphs import parse_graph
    >>> found = token_position(parse_graph("0>1,1>2,2>0,1>3", directed=True), (0, 0, 2))
    >>> found.outcome.name, found.values.texts()
    ('W', ['0', '2', '1', '0'])
    >>> [(m.source, m.target) for m in found.moves if m.winning]
    [(2, 0)]
    """
    if values is None:
        values = loopy_values(graph)
    elif values.n != graph.n or values.kids.shape[0] != len(graph.edges):
        raise ValueError(f"the values given are of another graph ({values.n} vertices, not {graph.n})")
    tokens = _check_tokens(values, tokens)
    moves = token_moves(values, tokens)
    return TokenPosition(tokens, _outcome_of(values, tokens), values, moves, computer_token_move(values, tokens))
