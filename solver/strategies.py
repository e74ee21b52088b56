"""Games played by fixed, random and optimal strategies (thesis section 5).

The thesis's "Other investigations" (section 5) stop asking who *can* win
and ask what happens when the players follow a rule:

* section 5.1, Fig 15 -- both players move completely at random
  (:func:`random_play`);
* section 5.2, Fig 16 -- both players always take (:func:`always_subtract`);
* section 5.2 -- one player always adds (puts) except at a square, where it
  takes to win, while the other always takes (:func:`adder_subtractor`).

:func:`strategy_matrix` generalises this to every ordered pair of the
strategies in :data:`STRATEGIES`, including the optimal strategy read from a
bounded :class:`~solver.retrograde.Solution` (:func:`optimal_put`, the rule
of :func:`solver.tree.best_moves` vectorised).

Everything is vectorised with numpy over all games at once: the games of one
call are advanced one move at a time together, and a finished game drops out
of the arrays.

Rules and conventions
---------------------
From ``n >= 1`` the mover goes to ``n - s(n)`` (take) or ``n + s(n)`` (put),
``s(n) = isqrt(n)**2``; whoever moves to 0 wins.  Player 1 (the *first
mover*) makes move 1, so a game that ends after an odd number of moves is
won by player 1 and one that ends after an even number by player 2.

Square roots are exact: a float root corrected by integer arithmetic
(:func:`isqrt_array`), valid for ``0 <= n < 2**62``.  Positions must stay
below :data:`POSITION_LIMIT` ``= 2**62`` (then ``n + s(n) < 2**63`` cannot
overflow ``int64``); a game whose next position would reach it is stopped
and counted as unfinished, never as a win or a draw.

Draws are only reported when they are proven (``docs/mathematics.md`` section 1:
infinite play is a draw):

* deterministic strategies depend only on the position and the player to
  move, so a repeated state ``(position, player to move)`` means the play
  cycles for ever -- a draw.  A game is reported a draw exactly when a
  state repeats within its first ``move_cap`` moves; repeats are found by
  Brent's cycle detection with one schedule shared by all games (see
  :func:`play_pair`);
* both players always putting never reaches 0 (``n + s(n) >= n + 1``): a
  draw;
* play involving the random strategy is never declared a draw; a game not
  over within the move cap is *unfinished*.
"""

from __future__ import annotations

import dataclasses
import enum
import math
from collections.abc import Callable, Iterable

import numpy as np
import pandas as pd

from .retrograde import Outcome, Solution

__all__ = [
    "POSITION_LIMIT",
    "MAX_N",
    "MAX_RANDOM_GAMES",
    "MAX_MOVE_CAP",
    "Strategy",
    "STRATEGIES",
    "STRATEGY_LABELS",
    "GameResult",
    "RandomPlayResult",
    "isqrt_array",
    "optimal_put",
    "play_pair",
    "random_play",
    "always_subtract",
    "adder_subtractor",
    "strategy_matrix",
]

#: Positions must stay strictly below this (``2**62``): the integer-corrected
#: float square root is exact there and ``n + s(n)`` fits in ``int64``.
POSITION_LIMIT = 1 << 62

#: Largest ``n_max`` accepted (start numbers ``1..n_max`` live in memory).
MAX_N = 10**8

#: Largest number of random games one :func:`random_play` call may play.
MAX_RANDOM_GAMES = 10**8

#: Largest move cap accepted.
MAX_MOVE_CAP = 10**6

#: Random games are played in chunks of this many (memory stays bounded);
#: the random stream is consumed chunk by chunk, so results depend on it.
_CHUNK = 1 << 20


class Strategy(str, enum.Enum):
    """A rule a player follows in every move.

    ==========  ==============================================================
    member      move from ``n``
    ==========  ==============================================================
    PUT         always put (``n + s(n)``), even at a square
    TAKE        always take (``n - s(n)``)
    RANDOM      put or take with probability 1/2 each, at squares too
    OPTIMAL     the first of :func:`solver.tree.best_moves` (take on a tie)
                for ``n <= bound`` of a solution; take above the bound
    ADDER       put, except at a square, where it takes (and wins)
    SUBTRACTOR  always take (the thesis's name; the same rule as TAKE)
    ==========  ==============================================================

    Source: thesis section 5.1 (random play) and 5.2 (constant moves).
    """

    PUT = "put"
    TAKE = "take"
    RANDOM = "random"
    OPTIMAL = "optimal"
    ADDER = "adder"
    SUBTRACTOR = "subtractor"


#: Every strategy, in the order of :func:`strategy_matrix`'s rows.
STRATEGIES: tuple[Strategy, ...] = tuple(Strategy)

#: Readable names for the strategies.
STRATEGY_LABELS: dict[Strategy, str] = {
    Strategy.PUT: "always put",
    Strategy.TAKE: "always take",
    Strategy.RANDOM: "random",
    Strategy.OPTIMAL: "optimal",
    Strategy.ADDER: "adder (put; take at a square)",
    Strategy.SUBTRACTOR: "subtractor (take)",
}

_DETERMINISTIC = frozenset(set(Strategy) - {Strategy.RANDOM})


class GameResult(enum.IntEnum):
    """Result of one game (``int8`` codes in :func:`play_pair`).

    ====  ===========  ===================================================
    code  name         meaning
    ====  ===========  ===================================================
    0     UNFINISHED   not over within the move cap, nor proven a draw, or
                       stopped because a position would reach 2**62
    1     FIRST_WINS   player 1 (who moves first) moved to 0
    2     SECOND_WINS  player 2 moved to 0
    3     DRAW         proven infinite play: a state (position, player
                       to move) repeated within the move cap, or both
                       players always put
    ====  ===========  ===================================================
    """

    UNFINISHED = 0
    FIRST_WINS = 1
    SECOND_WINS = 2
    DRAW = 3


@dataclasses.dataclass(frozen=True)
class RandomPlayResult:
    """Summary of uniformly random games (thesis section 5.1, Fig 15).

    Attributes
    ----------
    n_max : int
        Games start from every number ``1..n_max``.
    games_per_start : int
        Games played from each start number.
    move_cap : int
        A game not over after this many moves is over the cap.
    seed : int
        Seed of :func:`numpy.random.default_rng`.
    win_at_squares : bool
        True when a mover at a square always takes (and wins); False for
        completely random play (the thesis's setup, the default).
    games : int
        ``n_max * games_per_start``.
    lengths : dict of int to int
        Histogram of finished games: number of moves until a player reached
        0 -> number of games; ascending keys, only lengths that occur.
    p1_wins : int
        Games player 1 (who moves first) won: those of odd length.
    p2_wins : int
        Games player 2 won: those of even length.
    over_cap : int
        Games not over within ``move_cap`` moves, including ``overflowed``.
        ``p1_wins + p2_wins + over_cap == games``.
    overflowed : int
        Games stopped early because a position would reach ``2**62``.
    ratio : float
        ``p1_wins / p2_wins`` (``inf`` when only player 1 won, ``nan`` when
        nobody did).
    """

    n_max: int
    games_per_start: int
    move_cap: int
    seed: int
    win_at_squares: bool
    games: int
    lengths: dict[int, int]
    p1_wins: int
    p2_wins: int
    over_cap: int
    overflowed: int
    ratio: float


# ---------------------------------------------------------------------------
# Argument checks.  Every bad argument raises ValueError with a message that
# names it.
# ---------------------------------------------------------------------------


def _check_int(value, name: str, least: int, most: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{name} must be an integer, got {value!r}")
    value = int(value)
    if value < least:
        raise ValueError(f"{name} must be at least {least:,}, got {value:,}")
    if most is not None and value > most:
        raise ValueError(f"{name} must be at most {most:,}, got {value:,}")
    return value


def _check_seed(seed) -> int:
    return _check_int(seed, "seed", 0)


def _check_strategy(value, name: str) -> Strategy:
    try:
        return Strategy(value)
    except ValueError:
        names = ", ".join(s.value for s in Strategy)
        raise ValueError(f"{name} must be one of {names}; got {value!r}") from None


def _check_solution(solution) -> Solution:
    if not isinstance(solution, Solution):
        raise ValueError(
            f"the optimal strategy needs a solver.retrograde.Solution, got {type(solution).__name__}"
        )
    return solution


# ---------------------------------------------------------------------------
# Exact arithmetic on int64 arrays.
# ---------------------------------------------------------------------------


def isqrt_array(n: np.ndarray) -> np.ndarray:
    """Exact integer square roots of an array.

    Parameters
    ----------
    n : numpy.ndarray
        Any shape, integer dtype, values ``0 <= n < 2**62``.

    Returns
    -------
    numpy.ndarray
        Same shape, dtype ``int64``: ``isqrt(n)`` elementwise, equal to
        :func:`math.isqrt`.

    Raises
    ------
    ValueError
        If a value is negative or ``>= 2**62``.

    Notes
    -----
    A float root can be off by one above ``2**52`` (``docs/mathematics.md`` section
    1), so the float estimate is corrected with integer arithmetic until
    ``r*r <= n < (r+1)**2``.  Below ``2**62`` the root is below ``2**31``,
    so ``(r + 1)**2`` cannot overflow ``int64``.
    """
    n = np.asarray(n)
    if n.dtype.kind not in "iu":
        raise ValueError(f"isqrt_array needs an integer array, got dtype {n.dtype}")
    n = n.astype(np.int64)
    if n.size and (n.min() < 0 or n.max() >= POSITION_LIMIT):
        raise ValueError("isqrt_array needs values in 0 .. 2**62 - 1")
    return _isqrt(n)


def _isqrt(n: np.ndarray) -> np.ndarray:
    # Unchecked: int64 values in [0, 2**62).
    r = np.sqrt(n.astype(np.float64)).astype(np.int64)
    while True:
        high = r * r > n
        if not high.any():
            break
        r -= high
    while True:
        low = (r + 1) * (r + 1) <= n
        if not low.any():
            break
        r += low
    return r


# ---------------------------------------------------------------------------
# The optimal strategy, vectorised.
# ---------------------------------------------------------------------------

# Rank class of a child by its Outcome code (U=0, W=1, L=2, D=3), smaller is
# better for the mover: L (a win) 0, D 1, U 2, W (a loss) 3.
_CLASS_OF_OUTCOME = np.array([2, 3, 0, 1], dtype=np.int64)
_CLASS_SPAN = 100_000  # > 2 * max |remoteness| (int16), keeps classes apart


def _child_rank(child: np.ndarray, solution: Solution) -> np.ndarray:
    # The ranking of solver.tree._move_rank, as one int64 key per child:
    # L by least remoteness bound, then D, then U, then W by greatest bound.
    # Above the bound a square is W with remoteness 1 and all else U
    # (solver.tree.position_value).
    bound = solution.bound
    inside = child <= bound
    index = np.where(inside, child, 0)
    code = np.asarray(solution.outcome[index]).astype(np.int64)
    at_most = np.abs(np.asarray(solution.remoteness[index]).astype(np.int64))
    root = _isqrt(child)
    outside_code = np.where(root * root == child, int(Outcome.W), int(Outcome.U))
    code = np.where(inside, code, outside_code)
    at_most = np.where(inside, at_most, 1)
    cls = _CLASS_OF_OUTCOME[code]
    sub = np.where(cls == 0, at_most, np.where(cls == 3, -at_most, 0))
    return cls * _CLASS_SPAN + sub


def optimal_put(positions, solution: Solution) -> np.ndarray:
    """Decide the optimal strategy's move for many positions at once.

    Parameters
    ----------
    positions : array_like
        Integer positions, any shape, ``1 <= n < 2**62``.
    solution : Solution
        The bounded solve the values come from.

    Returns
    -------
    numpy.ndarray
        Same shape, dtype ``bool``: True where the move is put, False where
        it is take.  For ``n <= solution.bound`` this is the first move of
        :func:`solver.tree.best_moves` (take when both are best): win
        fastest, else draw, else move to an unresolved child, else lose
        slowest.  Above the bound the strategy takes.

    Raises
    ------
    ValueError
        If ``solution`` is not a Solution or a position is outside
        ``1 .. 2**62 - 1``.

    Notes
    -----
    Thesis section 1.3 (optimal play) and Fig 14 (best moves marked).
    Above the bound the values of both children are mostly unknown, so the
    strategy falls back to take, which keeps the game small: a take lands
    at most at ``2 isqrt(n)``.
    """
    _check_solution(solution)
    pos = np.asarray(positions)
    if pos.dtype.kind not in "iu":
        raise ValueError(f"positions must be integers, got dtype {pos.dtype}")
    pos = pos.astype(np.int64)
    if pos.size and (pos.min() < 1 or pos.max() >= POSITION_LIMIT):
        raise ValueError("positions must be in 1 .. 2**62 - 1")
    return _optimal_put(pos, solution)


def _optimal_put(pos: np.ndarray, solution: Solution) -> np.ndarray:
    # Unchecked: int64 positions in [1, 2**62).
    put = np.zeros(pos.shape, dtype=bool)
    inside = pos <= solution.bound
    x = pos[inside]
    if x.size:
        root = _isqrt(x)
        s = root * root
        put[inside] = _child_rank(x + s, solution) < _child_rank(x - s, solution)
    return put


# ---------------------------------------------------------------------------
# The game engine.
# ---------------------------------------------------------------------------

# Internal pseudo-strategy: random, but a mover at a square takes and wins.
_RANDOM_WIN = "random-win"


def _decide(strategy, pos, s, rng, solution) -> np.ndarray:
    """Return True where the mover puts (unchecked; pos int64 >= 1)."""
    if strategy is Strategy.PUT:
        return np.ones(pos.shape, dtype=bool)
    if strategy in (Strategy.TAKE, Strategy.SUBTRACTOR):
        return np.zeros(pos.shape, dtype=bool)
    if strategy is Strategy.ADDER:
        return s != pos
    if strategy is Strategy.RANDOM:
        return rng.random(pos.shape[0]) < 0.5
    if strategy == _RANDOM_WIN:
        return (rng.random(pos.shape[0]) < 0.5) & (s != pos)
    if strategy is Strategy.OPTIMAL:
        return _optimal_put(pos, solution)
    raise AssertionError(strategy)  # pragma: no cover


def _advance(pos, t, first, second, rng, solution) -> np.ndarray:
    """Make move ``t`` (1-based) in every game: ``first`` moves when ``t`` is odd."""
    mover = first if t % 2 else second
    root = _isqrt(pos)
    s = root * root
    put = _decide(mover, pos, s, rng, solution)
    # pos < 2**62 and s <= pos, so pos + s < 2**63: no int64 overflow.
    return np.where(put, pos + s, pos - s)


def _is_power_of_two(t: int) -> bool:
    return t & (t - 1) == 0


def _simulate(
    starts: np.ndarray,
    first,
    second,
    move_cap: int,
    *,
    rng: np.random.Generator | None,
    solution: Solution | None,
    detect_repeats: bool,
    on_step: Callable[[int], None] | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Play one game from each start, all together (unchecked kernel).

    Returns ``(result, length, overflowed)``: ``GameResult`` codes (int8),
    the number of moves played (int64; the game's length when finished)
    and whether the game was stopped at the 2**62 limit (bool).  All games
    share the move counter ``t``: move ``t`` is made by ``first`` when ``t``
    is odd.

    With ``detect_repeats`` (both strategies deterministic) a game is a
    draw exactly when its states ``x_0, ..., x_move_cap`` (position and
    player to move after each move) contain a repeat, i.e. when its
    preperiod ``mu`` and period ``lam`` satisfy ``mu + lam <= move_cap``.
    Repeats are found by Brent's method with one schedule for all games:
    the state after move ``T`` (``T`` = 0, 1, 2, 4, 8, ...) is saved and a
    later state with the same position and the same player to move (``t - T``
    even) is a repeat.  A tail state never recurs, so a detection at move
    ``t`` means ``T >= mu`` and ``t - T = lam``, and it happens by move
    ``2 max(mu, lam) + lam <= 3 (mu + lam)``.  Games still undecided at the
    cap are therefore followed (for cycle detection only) up to move
    ``3 move_cap``; for those found to cycle with ``lam <= move_cap`` a
    replay gives ``x_(move_cap - lam)``, and ``mu + lam <= move_cap``
    exactly when it equals ``x_move_cap``.
    """
    n = starts.shape[0]
    result = np.zeros(n, dtype=np.int8)
    length = np.zeros(n, dtype=np.int64)
    overflowed = np.zeros(n, dtype=bool)
    pos = starts.astype(np.int64, copy=True)
    idx = np.arange(n, dtype=np.int64)
    saved = pos.copy()
    saved_t = 0
    t = 0
    while idx.size and t < move_cap:
        t += 1
        new = _advance(pos, t, first, second, rng, solution)
        done = new == 0
        over = new >= POSITION_LIMIT
        stop = done | over
        if done.any():
            winner = GameResult.FIRST_WINS if t % 2 else GameResult.SECOND_WINS
            result[idx[done]] = winner
            length[idx[done]] = t
        if over.any():
            overflowed[idx[over]] = True
            length[idx[over]] = t - 1
        if detect_repeats and (t - saved_t) % 2 == 0:
            repeat = (new == saved) & ~stop
            if repeat.any():
                result[idx[repeat]] = GameResult.DRAW
                length[idx[repeat]] = t
                stop |= repeat
        if stop.any():
            keep = ~stop
            pos, idx, saved = new[keep], idx[keep], saved[keep]
        else:
            pos = new
        if detect_repeats and _is_power_of_two(t):
            saved = pos.copy()
            saved_t = t
        if on_step is not None:
            on_step(t)
    length[idx] = t
    if detect_repeats and idx.size:
        _late_cycles(starts, idx, pos, saved, saved_t, move_cap, first, second, solution, result)
    return result, length, overflowed


def _late_cycles(starts, idx, at_cap, saved, saved_t, move_cap, first, second, solution, result) -> None:
    """Mark as draws the undecided games whose first repeat is by ``move_cap``.

    ``idx`` are the games still undecided after ``move_cap`` moves, at
    positions ``at_cap``, with Brent's saved state ``saved`` from move
    ``saved_t``.  See :func:`_simulate`.
    """
    period = np.zeros(idx.size, dtype=np.int64)
    live = np.arange(idx.size, dtype=np.int64)
    pos = at_cap
    t = move_cap
    while live.size and t < 3 * move_cap:
        t += 1
        new = _advance(pos, t, first, second, None, solution)
        stop = (new == 0) | (new >= POSITION_LIMIT)  # ends after the cap: unfinished
        if (t - saved_t) % 2 == 0:
            repeat = (new == saved) & ~stop
            period[live[repeat]] = t - saved_t
            stop |= repeat
        keep = ~stop
        pos, live, saved = new[keep], live[keep], saved[keep]
        if _is_power_of_two(t):
            saved = pos.copy()
            saved_t = t
    chosen = np.flatnonzero((period > 0) & (period <= move_cap))
    if not chosen.size:
        return
    target = move_cap - period[chosen]  # replay to move move_cap - lam
    pos = starts[idx[chosen]].astype(np.int64, copy=True)
    back = np.where(target == 0, pos, -1)
    for t in range(1, int(target.max()) + 1):
        pos = _advance(pos, t, first, second, None, solution)
        here = target == t
        back[here] = pos[here]
    draw = back == at_cap[chosen]
    result[idx[chosen[draw]]] = GameResult.DRAW


def play_pair(
    first,
    second,
    n_max: int,
    *,
    solution: Solution | None = None,
    seed: int = 0,
    move_cap: int = 1000,
) -> np.ndarray:
    """Play one game from each start ``1..n_max`` between two strategies.

    Parameters
    ----------
    first : Strategy or str
        Strategy of player 1, who moves first.
    second : Strategy or str
        Strategy of player 2.
    n_max : int
        Largest start number, ``1 <= n_max <= MAX_N``.
    solution : Solution, optional
        Needed when a player uses :attr:`Strategy.OPTIMAL`.
    seed : int, optional
        Seed (``>= 0``) of :func:`numpy.random.default_rng` for
        :attr:`Strategy.RANDOM`; results are reproducible.
    move_cap : int, optional
        A game neither over nor proven a draw after this many moves is
        unfinished; ``1 <= move_cap <= MAX_MOVE_CAP``.

    Returns
    -------
    numpy.ndarray
        Shape ``(n_max,)``, dtype ``int8``: the :class:`GameResult` code of
        the game from start ``i + 1`` at index ``i``.

    Raises
    ------
    ValueError
        For an unknown strategy, ``n_max``, ``seed`` or ``move_cap`` out of
        range or not an integer, or a missing ``solution`` for the optimal
        strategy.

    Notes
    -----
    Thesis section 5.2 (constant moves) generalised.  With two
    deterministic strategies a game is a draw exactly when a state
    ``(position, player to move)`` repeats within its first ``move_cap``
    moves: both strategies depend only on the position, so the play then
    cycles for ever.  Repeats are found by Brent's method, vectorised; a
    game still undecided at the cap is followed a little further (at most
    to move ``3 * move_cap``) only to settle whether its first repeat came
    by the cap.  Two always-put players are a draw from the start
    (0 is never reached).  Games with a random player are never declared
    draws.  A game whose next position would reach ``2**62`` is unfinished.
    """
    first = _check_strategy(first, "first")
    second = _check_strategy(second, "second")
    n_max = _check_int(n_max, "n_max", 1, MAX_N)
    seed = _check_seed(seed)
    move_cap = _check_int(move_cap, "move_cap", 1, MAX_MOVE_CAP)
    if Strategy.OPTIMAL in (first, second):
        _check_solution(solution)
    return _play_pair(first, second, n_max, solution, np.random.default_rng(seed), move_cap)


def _play_pair(first, second, n_max, solution, rng, move_cap) -> np.ndarray:
    if first is Strategy.PUT and second is Strategy.PUT:
        # Every move is a put, n + s(n) >= n + 1: 0 is never reached, so the
        # play is infinite -- a draw from every start.
        return np.full(n_max, GameResult.DRAW, dtype=np.int8)
    deterministic = first in _DETERMINISTIC and second in _DETERMINISTIC
    starts = np.arange(1, n_max + 1, dtype=np.int64)
    result, _, _ = _simulate(
        starts, first, second, move_cap, rng=rng, solution=solution, detect_repeats=deterministic
    )
    return result


# ---------------------------------------------------------------------------
# Thesis section 5.1: random play.
# ---------------------------------------------------------------------------


def random_play(
    n_max: int,
    games_per_start: int,
    move_cap: int,
    seed: int,
    progress: Callable[[float], None] | None = None,
    *,
    win_at_squares: bool = False,
) -> RandomPlayResult:
    """Play uniformly random games from every start ``1..n_max``.

    Parameters
    ----------
    n_max : int
        Largest start number, ``>= 1``.
    games_per_start : int
        Games from each start, ``>= 1``; ``n_max * games_per_start`` must
        not exceed :data:`MAX_RANDOM_GAMES`.
    move_cap : int
        A game not over after this many moves is over the cap;
        ``1 <= move_cap <= MAX_MOVE_CAP``.
    seed : int
        Seed (``>= 0``) of :func:`numpy.random.default_rng`; the same
        arguments give the same result.
    progress : callable, optional
        Called now and then with the fraction done (a float in [0, 1],
        non-decreasing), and with 1.0 at the end.
    win_at_squares : bool, optional
        False (default): every move is put or take with probability 1/2,
        also at a square, where take would win at once -- "play completely
        randomly".  True: a mover at a square always takes and wins.

    Returns
    -------
    RandomPlayResult
        Length histogram, wins of each player, games over the cap and the
        ratio of player 1's wins to player 2's.

    Raises
    ------
    ValueError
        If an argument is not an integer or out of range.

    Notes
    -----
    Thesis section 5.1 and Fig 15: ``n_max = 1000``, 100 games per start,
    25 moves; ratio 0.9944 and 3108 of 100,000 games over the cap; with
    100 moves no game over the cap and ratio 0.9978.  The thesis says the
    players "play completely randomly", and its count of games over the
    cap fits that reading: a mover who always wins at a square leaves only
    about 40 of 100,000 games over 25 moves, completely random play about
    2,700 (and about 3,200 over 24 moves, so the thesis's 3108 may count a
    game that ends on move 25 as over the limit).

    All games advance one move at a time together, in chunks of ``2**20``
    games taken in start order; each move of each unfinished game draws one
    uniform number from the single random stream.
    """
    n_max = _check_int(n_max, "n_max", 1, MAX_N)
    games_per_start = _check_int(games_per_start, "games_per_start", 1)
    games = n_max * games_per_start
    if games > MAX_RANDOM_GAMES:
        raise ValueError(
            f"n_max * games_per_start = {games:,} games is more than the {MAX_RANDOM_GAMES:,} allowed"
        )
    move_cap = _check_int(move_cap, "move_cap", 1, MAX_MOVE_CAP)
    seed = _check_seed(seed)
    if not isinstance(win_at_squares, (bool, np.bool_)):
        raise ValueError(f"win_at_squares must be True or False, got {win_at_squares!r}")
    rng = np.random.default_rng(seed)
    strategy = _RANDOM_WIN if win_at_squares else Strategy.RANDOM
    histogram = np.zeros(move_cap + 1, dtype=np.int64)
    overflowed = 0
    n_chunks = -(-games // _CHUNK)
    last = [0.0]

    def report(fraction: float) -> None:
        if progress is not None and fraction >= last[0] + 0.01:
            last[0] = fraction
            progress(min(1.0, fraction))

    for chunk in range(n_chunks):
        lo = chunk * _CHUNK
        hi = min(games, lo + _CHUNK)
        # Game g starts from 1 + g // games_per_start.
        starts = 1 + np.arange(lo, hi, dtype=np.int64) // games_per_start
        result, length, over = _simulate(
            starts,
            strategy,
            strategy,
            move_cap,
            rng=rng,
            solution=None,
            detect_repeats=False,
            on_step=lambda t, c=chunk: report((c + t / move_cap) / n_chunks),
        )
        finished = result != GameResult.UNFINISHED
        histogram += np.bincount(length[finished], minlength=move_cap + 1)
        overflowed += int(np.count_nonzero(over))
    if progress is not None:
        progress(1.0)
    lengths = {int(k): int(histogram[k]) for k in np.flatnonzero(histogram)}
    p1 = int(histogram[1::2].sum())
    p2 = int(histogram[2::2].sum())
    if p2:
        ratio = p1 / p2
    else:
        ratio = math.inf if p1 else math.nan
    return RandomPlayResult(
        n_max=n_max,
        games_per_start=games_per_start,
        move_cap=move_cap,
        seed=seed,
        win_at_squares=bool(win_at_squares),
        games=games,
        lengths=lengths,
        p1_wins=p1,
        p2_wins=p2,
        over_cap=games - p1 - p2,
        overflowed=overflowed,
        ratio=ratio,
    )


# ---------------------------------------------------------------------------
# Thesis section 5.2: constant moves.
# ---------------------------------------------------------------------------


def always_subtract(n_max: int) -> dict[int, int]:
    """Histogram of game lengths when both players always take.

    Parameters
    ----------
    n_max : int
        Largest start number, ``1 <= n_max <= MAX_N``.

    Returns
    -------
    dict of int to int
        Number of moves from a start to 0 -> how many starts ``1..n_max``
        take that many; ascending keys, only lengths that occur.  The
        values sum to ``n_max``.

    Raises
    ------
    ValueError
        If ``n_max`` is not an integer or out of range.

    Notes
    -----
    Thesis section 5.2 and Fig 16: for ``1..10,000`` no start needs more
    than 7 moves (this function finds at most 7 up to ``10**7`` as well, so
    the thesis's guess of ``3 + log10 N`` moves does not continue).  Taking
    ends every game: ``n - s(n) < n``, and after one
    take the number is at most ``2 isqrt(n)``.
    """
    n_max = _check_int(n_max, "n_max", 1, MAX_N)
    pos = np.arange(1, n_max + 1, dtype=np.int64)
    moves = np.zeros(n_max, dtype=np.int64)
    idx = np.arange(n_max, dtype=np.int64)
    step = 0
    while idx.size:
        step += 1
        root = _isqrt(pos)
        pos = pos - root * root
        done = pos == 0
        moves[idx[done]] = step
        pos, idx = pos[~done], idx[~done]
    histogram = np.bincount(moves)
    return {int(k): int(histogram[k]) for k in np.flatnonzero(histogram)}


def _adder_subtractor_cap(n_max: int) -> int:
    """A move count by which every adder/subtractor game has ended or repeated.

    The adder moves at ``x <= A = max(n_max, 8)``: a start is ``<= n_max``;
    a subtractor's take from ``y`` lands at ``<= 2 sqrt(y)``, and the
    subtractor moves at ``<= max(n_max, 2 A)`` (a start, or a put from
    ``x <= A``), so the adder is next at ``<= 2 sqrt(2 A) <= A`` (``A >= 8``)
    or at ``<= 2 sqrt(n_max) <= A``.  So at most ``S = 3 A + 2`` states
    ``(position, player to move)`` occur; play that has not ended repeats
    one within ``S`` moves, and Brent's method sees it within ``3 S``.
    """
    a = max(n_max, 8)
    return 3 * (3 * a + 2) + 2


def adder_subtractor(n_max: int, adder: int) -> dict[str, int]:
    """Play "one player adds, the other subtracts" from every start ``1..n_max``.

    Parameters
    ----------
    n_max : int
        Largest start number, ``1 <= n_max <= MAX_N``.
    adder : int
        Which player adds: 1 (who moves first) or 2.  The adder puts, except
        at a square, where it takes and wins; the other player always takes.

    Returns
    -------
    dict
        ``{"adder": adder, "p1_wins": int, "p2_wins": int, "draws": int}``;
        the counts sum to ``n_max``.

    Raises
    ------
    ValueError
        If ``n_max`` or ``adder`` is not an integer or out of range.
    RuntimeError
        If a game were left neither ended nor repeated (impossible by the
        bound below; it would mean a bug).

    Notes
    -----
    Thesis section 5.2.  Draws are exact: both rules depend only on the
    position, so a repeated state ``(position, player to move)`` is an
    endless cycle.  Play cannot diverge: the subtractor's take drops ``y``
    to at most ``2 sqrt(y)`` and the adder's put at most doubles, so two
    moves take ``x`` to at most ``2 sqrt(2 x) < x`` for ``x > 8``; every
    game stays among ``O(n_max)`` states and so ends or repeats, and the
    move cap used is a proven upper bound on when Brent's method has seen
    the repeat, not a guess.

    The thesis reports, for 1..10,000, "P1 adding": 4170 P1 wins, 4313 P2
    wins, 1517 draws and "P2 adding": 4379 / 4153 / 1468.  This function
    gives exactly those numbers with the roles exchanged: with player 1
    (the first mover) adding, 4379 / 4153 / 1468; with player 2 adding,
    4170 / 4313 / 1517.  So the adder, not the subtractor, wins more often
    in both set-ups, the reverse of the thesis's conclusion.
    """
    n_max = _check_int(n_max, "n_max", 1, MAX_N)
    if isinstance(adder, bool) or not isinstance(adder, (int, np.integer)) or int(adder) not in (1, 2):
        raise ValueError(f"adder must be 1 or 2 (the player who adds), got {adder!r}")
    adder = int(adder)
    first, second = (
        (Strategy.ADDER, Strategy.SUBTRACTOR) if adder == 1 else (Strategy.SUBTRACTOR, Strategy.ADDER)
    )
    starts = np.arange(1, n_max + 1, dtype=np.int64)
    result, _, _ = _simulate(
        starts,
        first,
        second,
        _adder_subtractor_cap(n_max),
        rng=None,
        solution=None,
        detect_repeats=True,
    )
    tally = np.bincount(result, minlength=4)
    if tally[GameResult.UNFINISHED]:
        raise RuntimeError(
            f"{int(tally[GameResult.UNFINISHED])} adder/subtractor games neither ended nor "
            "repeated within the proven bound: this is a bug"
        )
    return {
        "adder": adder,
        "p1_wins": int(tally[GameResult.FIRST_WINS]),
        "p2_wins": int(tally[GameResult.SECOND_WINS]),
        "draws": int(tally[GameResult.DRAW]),
    }


# ---------------------------------------------------------------------------
# Every pair of strategies.
# ---------------------------------------------------------------------------


def strategy_matrix(
    n_max: int,
    solution: Solution | None,
    seed: int = 0,
    move_cap: int = 1000,
    *,
    strategies: Iterable = STRATEGIES,
) -> pd.DataFrame:
    """Play every ordered pair of strategies from every start ``1..n_max``.

    Parameters
    ----------
    n_max : int
        Largest start number, ``1 <= n_max <= MAX_N``; one game per start
        and pair.
    solution : Solution or None
        Values for the optimal strategy; may be None when
        :attr:`Strategy.OPTIMAL` is not among ``strategies``.
    seed : int, optional
        Seed (``>= 0``).  The pair in rows ``i`` (first) and ``j``
        (second) of ``strategies`` uses ``numpy.random.default_rng([seed,
        i, j])``, so each pair is reproducible on its own.
    move_cap : int, optional
        Moves after which a game neither over nor proven a draw is
        unfinished; ``1 <= move_cap <= MAX_MOVE_CAP``.
    strategies : iterable of Strategy or str, optional
        Strategies to pair, default :data:`STRATEGIES`; no repeats.

    Returns
    -------
    pandas.DataFrame
        One row per ordered pair (``len(strategies)**2`` rows, first
        mover's strategy major), columns

        ================  ======  ===========================================
        column            dtype   meaning
        ================  ======  ===========================================
        ``first``         object  player 1's strategy (its value, e.g. "put")
        ``second``        object  player 2's strategy
        ``first_wins``    int64   games player 1 (who moves first) won
        ``second_wins``   int64   games player 2 won
        ``draws``         int64   proven draws (see :func:`play_pair`);
                                  always 0 with a random player
        ``unfinished``    int64   neither over nor proven a draw within
                                  ``move_cap`` moves, or stopped at 2**62
        ``games``         int64   ``n_max``
        ``random``        bool    a player is random (results depend on the
                                  seed; no draws are declared)
        ================  ======  ===========================================

    Raises
    ------
    ValueError
        For bad arguments, repeated or unknown strategies, or no Solution
        when the optimal strategy is asked for.

    Notes
    -----
    Thesis section 5 generalised.  Pairs where neither player ever takes
    except at a square (put, adder) climb without bound; whether an adder
    ever meets a square then is an open number-theoretic question, so
    those games are unfinished (they stop at ``2**62``, about 60 moves),
    apart from put against put, which never reaches 0 and is a draw.
    """
    n_max = _check_int(n_max, "n_max", 1, MAX_N)
    seed = _check_seed(seed)
    move_cap = _check_int(move_cap, "move_cap", 1, MAX_MOVE_CAP)
    chosen = [_check_strategy(s, "each strategy") for s in strategies]
    if not chosen:
        raise ValueError("strategies must name at least one strategy")
    if len(set(chosen)) != len(chosen):
        raise ValueError(f"strategies must not repeat, got {[s.value for s in chosen]}")
    if Strategy.OPTIMAL in chosen:
        _check_solution(solution)
    rows = []
    for i, first in enumerate(chosen):
        for j, second in enumerate(chosen):
            rng = np.random.default_rng([seed, i, j])
            result = _play_pair(first, second, n_max, solution, rng, move_cap)
            tally = np.bincount(result, minlength=4)
            rows.append(
                {
                    "first": first.value,
                    "second": second.value,
                    "first_wins": int(tally[GameResult.FIRST_WINS]),
                    "second_wins": int(tally[GameResult.SECOND_WINS]),
                    "draws": int(tally[GameResult.DRAW]),
                    "unfinished": int(tally[GameResult.UNFINISHED]),
                    "games": n_max,
                    "random": Strategy.RANDOM in (first, second),
                }
            )
    frame = pd.DataFrame(rows)
    for column in ("first_wins", "second_wins", "draws", "unfinished", "games"):
        frame[column] = frame[column].astype(np.int64)
    frame["random"] = frame["random"].astype(bool)
    return frame
