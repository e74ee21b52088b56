"""The thesis's experiments with fixed, random and optimal strategies (section 5).

The thesis's "Other investigations" (section 5) stop asking who *can* win
and ask what happens when the players follow a rule:

* section 5.1, Fig 15 -- both players move completely at random
  (:func:`random_play`);
* section 5.2, Fig 16 -- both players always take (:func:`always_subtract`);
* section 5.2 -- one player always adds (puts) except at a square, where it
  takes to win, while the other always takes (:func:`adder_subtractor`).

:func:`strategy_matrix` generalises this to every ordered pair of the
strategies in :data:`STRATEGIES`, including the optimal strategy read from a
bounded :class:`~solver.engine.solution.Solution`
(:func:`solver.analysis.policies.optimal_put`).  The games are played by the
vectorised engine of :mod:`solver.analysis.playout` (its conventions: player 1 moves
first; draws only when proven; positions below :data:`POSITION_LIMIT`).

This module also re-exports :class:`Strategy`, :data:`STRATEGIES`,
:data:`STRATEGY_LABELS` (from :mod:`solver.analysis.policies`) and :class:`GameResult`,
:data:`MAX_N`, :data:`MAX_MOVE_CAP`, :data:`POSITION_LIMIT` (from
:mod:`solver.analysis.playout`), so everything the Thesis tab needs comes from here.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable, Iterable

import numpy as np
import pandas as pd

from solver.engine.solution import Solution, check_solution
from solver.games.squares import _isqrt_array
from solver.validation import check_integer, check_seed

from .playout import _RANDOM_WIN, MAX_MOVE_CAP, MAX_N, POSITION_LIMIT, GameResult, _play_pair, _simulate
from .policies import STRATEGIES, STRATEGY_LABELS, Strategy, _check_strategy

__all__ = [
    "MAX_N",
    "MAX_RANDOM_GAMES",
    "MAX_MOVE_CAP",
    "POSITION_LIMIT",
    "Strategy",
    "STRATEGIES",
    "STRATEGY_LABELS",
    "GameResult",
    "RandomPlayResult",
    "random_play",
    "always_subtract",
    "adder_subtractor",
    "strategy_matrix",
]

#: Largest number of random games one :func:`random_play` call may play.
MAX_RANDOM_GAMES = 10**8

#: Random games are played in chunks of this many (memory stays bounded);
#: the random stream is consumed chunk by chunk, so results depend on it.
_CHUNK = 1 << 20


@dataclasses.dataclass(frozen=True)
class RandomPlayResult:
    """Summary of uniformly random games (thesis section 5.1, Fig 15).

    Attributes
    ----------
    n : int
        Games start from every number ``1..n``.
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
        ``n * games_per_start``.
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

    n: int
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
# Thesis section 5.1: random play.
# ---------------------------------------------------------------------------


def random_play(
    n: int,
    games_per_start: int,
    move_cap: int,
    seed: int,
    progress: Callable[[float], None] | None = None,
    *,
    win_at_squares: bool = False,
) -> RandomPlayResult:
    """Play uniformly random games from every start ``1..n``.

    Parameters
    ----------
    n : int
        Largest start number N, ``1 <= n <= MAX_N``.
    games_per_start : int
        Games from each start, ``>= 1``; ``n * games_per_start`` must
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
    TypeError
        If ``n``, ``games_per_start``, ``move_cap`` or ``seed`` is not an
        integer, or ``win_at_squares`` not a bool.
    ValueError
        If an argument is out of range.

    Notes
    -----
    Thesis section 5.1 and Fig 15: ``n = 1000``, 100 games per start,
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
    n = check_integer(n, "n", least=1, most=MAX_N)
    games_per_start = check_integer(games_per_start, "games_per_start", least=1)
    games = n * games_per_start
    if games > MAX_RANDOM_GAMES:
        raise ValueError(f"n * games_per_start = {games:,} games is more than the {MAX_RANDOM_GAMES:,} allowed")
    move_cap = check_integer(move_cap, "move_cap", least=1, most=MAX_MOVE_CAP)
    seed = check_seed(seed)
    if not isinstance(win_at_squares, (bool, np.bool_)):
        raise TypeError(f"win_at_squares must be True or False, got {win_at_squares!r}")
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
            on_step=functools.partial(_chunk_step, report, chunk, move_cap, n_chunks),
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
        n=n,
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


def always_subtract(n: int) -> dict[int, int]:
    """Histogram of game lengths when both players always take.

    Parameters
    ----------
    n : int
        Largest start number, ``1 <= n <= MAX_N``.

    Returns
    -------
    dict of int to int
        Number of moves from a start to 0 -> how many starts ``1..n``
        take that many; ascending keys, only lengths that occur.  The
        values sum to ``n``.

    Raises
    ------
    TypeError
        If ``n`` is not an integer.
    ValueError
        If ``n`` is out of range.

    Notes
    -----
    Thesis section 5.2 and Fig 16: for ``1..10,000`` no start needs more
    than 7 moves (this function finds at most 7 up to ``10**7`` as well, so
    the thesis's guess of ``3 + log10 N`` moves does not continue).  Taking
    ends every game: ``n - s(n) < n``, and after one
    take the number is at most ``2 isqrt(n)``.
    """
    n = check_integer(n, "n", least=1, most=MAX_N)
    pos = np.arange(1, n + 1, dtype=np.int64)
    moves = np.zeros(n, dtype=np.int64)
    idx = np.arange(n, dtype=np.int64)
    step = 0
    while idx.size:
        step += 1
        root = _isqrt_array(pos)
        pos = pos - root * root
        done = pos == 0
        moves[idx[done]] = step
        pos, idx = pos[~done], idx[~done]
    histogram = np.bincount(moves)
    return {int(k): int(histogram[k]) for k in np.flatnonzero(histogram)}


def _adder_subtractor_cap(n: int) -> int:
    """A move count by which every adder/subtractor game has ended or repeated.

    The adder moves at ``x <= A = max(n, 8)``: a start is ``<= n``;
    a subtractor's take from ``y`` lands at ``<= 2 sqrt(y)``, and the
    subtractor moves at ``<= max(n, 2 A)`` (a start, or a put from
    ``x <= A``), so the adder is next at ``<= 2 sqrt(2 A) <= A`` (``A >= 8``)
    or at ``<= 2 sqrt(n) <= A``.  So at most ``S = 3 A + 2`` states
    ``(position, player to move)`` occur; play that has not ended repeats
    one within ``S`` moves, and Brent's method sees it within ``3 S``.
    """
    a = max(n, 8)
    return 3 * (3 * a + 2) + 2


def adder_subtractor(n: int, adder: int) -> dict[str, int]:
    """Play "one player adds, the other subtracts" from every start ``1..n``.

    Parameters
    ----------
    n : int
        Largest start number, ``1 <= n <= MAX_N``.
    adder : int
        Which player adds: 1 (who moves first) or 2.  The adder puts, except
        at a square, where it takes and wins; the other player always takes.

    Returns
    -------
    dict
        ``{"adder": adder, "p1_wins": int, "p2_wins": int, "draws": int}``;
        the counts sum to ``n``.

    Raises
    ------
    TypeError
        If ``n`` or ``adder`` is not an integer.
    ValueError
        If ``n`` or ``adder`` is out of range.
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
    game stays among ``O(n)`` states and so ends or repeats, and the
    move cap used is a proven upper bound on when Brent's method has seen
    the repeat, not a guess.

    The thesis reports, for 1..10,000, "P1 adding": 4170 P1 wins, 4313 P2
    wins, 1517 draws and "P2 adding": 4379 / 4153 / 1468.  This function
    gives exactly those numbers with the roles exchanged: with player 1
    (the first mover) adding, 4379 / 4153 / 1468; with player 2 adding,
    4170 / 4313 / 1517.  So the adder, not the subtractor, wins more often
    in both set-ups, the reverse of the thesis's conclusion.
    """
    n = check_integer(n, "n", least=1, most=MAX_N)
    adder = check_integer(adder, "adder (the player who adds)", least=1, most=2)
    # The thesis's subtractor always takes.
    first, second = (Strategy.ADDER, Strategy.TAKE) if adder == 1 else (Strategy.TAKE, Strategy.ADDER)
    starts = np.arange(1, n + 1, dtype=np.int64)
    result, _, _ = _simulate(
        starts,
        first,
        second,
        _adder_subtractor_cap(n),
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
    n: int,
    solution: Solution | None,
    seed: int = 0,
    move_cap: int = 1000,
    *,
    strategies: Iterable = STRATEGIES,
) -> pd.DataFrame:
    """Play every ordered pair of strategies from every start ``1..n``.

    Parameters
    ----------
    n : int
        Largest start number, ``1 <= n <= MAX_N``; one game per start
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
        ``games``         int64   ``n``
        ``random``        bool    a player is random (results depend on the
                                  seed; no draws are declared)
        ================  ======  ===========================================

    Raises
    ------
    TypeError
        If ``n``, ``seed`` or ``move_cap`` is not an integer, or
        ``solution`` is not a Solution when the optimal strategy is asked
        for.
    ValueError
        For arguments out of range, or repeated, unknown or no strategies.

    Notes
    -----
    Thesis section 5 generalised.  Pairs where neither player ever takes
    except at a square (put, adder) climb without bound; whether an adder
    ever meets a square then is an open number-theoretic question, so
    those games are unfinished (they stop at ``2**62``, about 60 moves),
    apart from put against put, which never reaches 0 and is a draw.
    """
    n = check_integer(n, "n", least=1, most=MAX_N)
    seed = check_seed(seed)
    move_cap = check_integer(move_cap, "move_cap", least=1, most=MAX_MOVE_CAP)
    chosen = [_check_strategy(s, "each strategy") for s in strategies]
    if not chosen:
        raise ValueError("strategies must name at least one strategy")
    if len(set(chosen)) != len(chosen):
        raise ValueError(f"strategies must not repeat, got {[s.value for s in chosen]}")
    if Strategy.OPTIMAL in chosen:
        check_solution(solution, "the optimal strategy")
    rows = []
    for i, first in enumerate(chosen):
        for j, second in enumerate(chosen):
            rng = np.random.default_rng([seed, i, j])
            result = _play_pair(first, second, n, solution, rng, move_cap)
            tally = np.bincount(result, minlength=4)
            rows.append(
                {
                    "first": first.value,
                    "second": second.value,
                    "first_wins": int(tally[GameResult.FIRST_WINS]),
                    "second_wins": int(tally[GameResult.SECOND_WINS]),
                    "draws": int(tally[GameResult.DRAW]),
                    "unfinished": int(tally[GameResult.UNFINISHED]),
                    "games": n,
                    "random": Strategy.RANDOM in (first, second),
                }
            )
    frame = pd.DataFrame(rows)
    for column in ("first_wins", "second_wins", "draws", "unfinished", "games"):
        frame[column] = frame[column].astype(np.int64)
    frame["random"] = frame["random"].astype(bool)
    return frame


def _chunk_step(report: Callable[[float], None], chunk: int, move_cap: int, n_chunks: int, t: int) -> None:
    # Progress of chunk ``chunk`` of ``n_chunks`` after ``t`` of ``move_cap`` moves.
    report((chunk + t / move_cap) / n_chunks)
