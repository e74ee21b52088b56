"""The vectorised game engine: many games played at once (thesis section 5).

:func:`play_pair` plays one game from every start ``1..n`` between two
:class:`~solver.analysis.policies.Strategy` rules; :mod:`solver.analysis.experiments` builds the
thesis's experiments on it.  Everything is vectorised with numpy over all games
at once: the games of one call are advanced one move at a time together, and a
finished game drops out of the arrays.

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

import enum
from collections.abc import Callable

import numpy as np

from solver.engine.solution import Solution, check_solution
from solver.games.squares import POSITION_LIMIT, _isqrt_array, isqrt_array
from solver.validation import check_integer, check_seed

from .policies import _DETERMINISTIC, Strategy, _check_strategy, _optimal_put

__all__ = [
    "POSITION_LIMIT",
    "MAX_N",
    "MAX_MOVE_CAP",
    "GameResult",
    "isqrt_array",
    "play_pair",
]

#: Largest N accepted: start numbers ``1..N`` live in memory.
MAX_N = 10**8

#: Largest move cap accepted.
MAX_MOVE_CAP = 10**6


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


# Internal pseudo-strategy: random, but a mover at a square takes and wins.
_RANDOM_WIN = "random-win"


def _decide(strategy, pos, s, rng, solution) -> np.ndarray:
    """Return True where the mover puts (unchecked; pos int64 >= 1)."""
    if strategy is Strategy.PUT:
        return np.ones(pos.shape, dtype=bool)
    if strategy is Strategy.TAKE:
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
    root = _isqrt_array(pos)
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
    n: int,
    *,
    solution: Solution | None = None,
    seed: int = 0,
    move_cap: int = 1000,
) -> np.ndarray:
    """Play one game from each start ``1..n`` between two strategies.

    Parameters
    ----------
    first : Strategy or str
        Strategy of player 1, who moves first.
    second : Strategy or str
        Strategy of player 2.
    n : int
        Largest start number N, ``1 <= n <= MAX_N``.
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
        Shape ``(n,)``, dtype ``int8``: the :class:`GameResult` code of
        the game from start ``i + 1`` at index ``i``.

    Raises
    ------
    TypeError
        If ``n``, ``seed`` or ``move_cap`` is not an integer, or
        ``solution`` is not a Solution when the optimal strategy plays.
    ValueError
        For an unknown strategy, or ``n``, ``seed`` or ``move_cap`` out of
        range.

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
    n = check_integer(n, "n", least=1, most=MAX_N)
    seed = check_seed(seed)
    move_cap = check_integer(move_cap, "move_cap", least=1, most=MAX_MOVE_CAP)
    if Strategy.OPTIMAL in (first, second):
        check_solution(solution, "the optimal strategy")
    return _play_pair(first, second, n, solution, np.random.default_rng(seed), move_cap)


def _play_pair(first, second, n, solution, rng, move_cap) -> np.ndarray:
    if first is Strategy.PUT and second is Strategy.PUT:
        # Every move is a put, n + s(n) >= n + 1: 0 is never reached, so the
        # play is infinite -- a draw from every start.
        return np.full(n, GameResult.DRAW, dtype=np.int8)
    deterministic = first in _DETERMINISTIC and second in _DETERMINISTIC
    starts = np.arange(1, n + 1, dtype=np.int64)
    result, _, _ = _simulate(starts, first, second, move_cap, rng=rng, solution=solution, detect_repeats=deterministic)
    return result
