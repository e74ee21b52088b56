"""Tests of solver.experiments, solver.playout and solver.policies: random, constant and optimal play (thesis section 5).

Every exact expectation comes from a plain-Python reference written below
(explicit loops, Python ints, math.isqrt, explicit sets of seen states) or
from solver.values.best_moves, never from the vectorised code under test.

Random play is checked three ways:

* exactly, against a plain-Python *lockstep* replay that consumes the same
  random stream the same way (one ``rng.random(k)`` per move for the ``k``
  unfinished games in start order; documented in ``random_play``);
* by invariants (reproducibility, counts adding up, the parity rule);
* statistically against the thesis's numbers (section 5.1).  These are
  statistical checks: the seed is fixed, so they cannot flake, but the
  bands are chosen wide enough to hold for any typical seed.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter

import numpy as np
import pandas as pd
import pytest

from solver.retrograde import solve
from solver.solution import Outcome
from solver.rules import Move
from solver.experiments import (
    MAX_MOVE_CAP,
    MAX_N,
    MAX_RANDOM_GAMES,
    POSITION_LIMIT,
    STRATEGIES,
    GameResult,
    RandomPlayResult,
    Strategy,
    adder_subtractor,
    always_subtract,
    random_play,
    strategy_matrix,
)
from solver.playout import isqrt_array, play_pair
from solver.policies import optimal_put
from solver.values import best_moves

UNFINISHED, FIRST, SECOND, DRAW = 0, 1, 2, 3
LIMIT = 2**62
assert POSITION_LIMIT == LIMIT


# ---------------------------------------------------------------- references


def ref_next(strategy: str, n: int, u: float | None, sol) -> int:
    """One move by a strategy from ``n >= 1``, with Python ints."""
    s = math.isqrt(n) ** 2
    if strategy == "put":
        return n + s
    if strategy in ("take", "subtractor"):
        return n - s
    if strategy == "adder":
        return n - s if s == n else n + s
    if strategy == "random":
        return n + s if u < 0.5 else n - s
    if strategy == "random-win":
        return n - s if s == n or u >= 0.5 else n + s
    if strategy == "optimal":
        if n > sol.bound:
            return n - s
        return n + s if best_moves(n, sol)[0] == Move.PUT else n - s
    raise AssertionError(strategy)


def ref_play(first, second, starts, sol=None, rng=None, cap=1000):
    """Play one game from each start; return (results, lengths) lists.

    All games advance together (lockstep) so that a random player draws
    ``rng.random(k)`` once per move for the ``k`` unfinished games in start
    order.  A deterministic pair is a draw at the first repeated state
    (position, player to move), kept in an explicit set per game; two
    always-put players never reach 0 (put from n >= 1 gives n + s(n) > n),
    so they draw.  A move that would reach 2**62 stops the game unfinished.
    """
    first, second = str(getattr(first, "value", first)), str(getattr(second, "value", second))
    n = len(starts)
    results = [UNFINISHED] * n
    lengths = [0] * n
    if first == second == "put":
        return [DRAW] * n, lengths
    deterministic = "random" not in (first, second) and "random-win" not in (first, second)
    pos = list(starts)
    seen = [{(x, 1)} for x in starts]
    active = list(range(n))
    for t in range(1, cap + 1):
        if not active:
            break
        mover = 1 if t % 2 else 2
        strategy = first if mover == 1 else second
        draws = rng.random(len(active)) if strategy.startswith("random") else [None] * len(active)
        still = []
        for k, g in enumerate(active):
            new = ref_next(strategy, pos[g], draws[k], sol)
            lengths[g] = t
            if new == 0:
                results[g] = FIRST if mover == 1 else SECOND
                continue
            if new >= LIMIT:
                lengths[g] = t - 1
                continue
            state = (new, 3 - mover)
            if deterministic:
                if state in seen[g]:
                    results[g] = DRAW
                    continue
                seen[g].add(state)
            pos[g] = new
            still.append(g)
        active = still
    return results, lengths


def ref_subtract_moves(n: int) -> int:
    moves = 0
    while n:
        n -= math.isqrt(n) ** 2
        moves += 1
    return moves


def ref_adder_subtractor(n_max: int, adder: int) -> tuple[Counter, int, int]:
    """Plain adder/subtractor games with an explicit set of seen states.

    Returns the tally ("P1", "P2", "D") and the largest positions the adder
    and the subtractor ever moved from (to check the bound the fast code
    relies on).
    """
    tally: Counter = Counter()
    top_adder = top_subtractor = 0
    for start in range(1, n_max + 1):
        n, mover, seen = start, 1, set()
        while True:
            if n == 0:
                tally["P1" if mover == 2 else "P2"] += 1
                break
            if (n, mover) in seen:
                tally["D"] += 1
                break
            seen.add((n, mover))
            s = math.isqrt(n) ** 2
            if mover == adder:
                top_adder = max(top_adder, n)
                n = n - s if s == n else n + s
            else:
                top_subtractor = max(top_subtractor, n)
                n = n - s
            mover = 3 - mover
    return tally, top_adder, top_subtractor


# ---------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def sol_small():
    return solve(2_000)


@pytest.fixture(scope="module")
def sol_big():
    return solve(100_000)


# ---------------------------------------------------------------- isqrt


def test_isqrt_array_matches_math_isqrt():
    rng = np.random.default_rng(1)
    values = [0, 1, 2, 3, 4, 2**52, 2**52 + 1, 2**62 - 1, (2**31 - 1) ** 2, (2**31 - 1) ** 2 - 1]
    for k in [2, 3, 10**6, 2**26 + 1, 3037000499, 2**31 - 1]:
        values += [k * k - 1, k * k, k * k + 1]
    values = [v for v in values if 0 <= v < LIMIT]
    values += [int(v) for v in rng.integers(0, LIMIT, 20_000, dtype=np.int64)]
    values += [int(v) for v in rng.integers(2**52, 2**56, 20_000, dtype=np.int64)]
    got = isqrt_array(np.array(values, dtype=np.int64))
    assert got.dtype == np.int64
    assert got.tolist() == [math.isqrt(v) for v in values]


@pytest.mark.parametrize("bad", [np.array([-1]), np.array([2**62]), np.array([1.0])])
def test_isqrt_array_rejects_bad_input(bad):
    with pytest.raises(ValueError):
        isqrt_array(bad)


# ---------------------------------------------------------------- random play


def test_random_play_equals_lockstep_replay():
    for win in (False, True):
        res = random_play(40, 7, 25, seed=11, win_at_squares=win)
        starts = [1 + g // 7 for g in range(40 * 7)]
        kind = "random-win" if win else "random"
        results, lengths = ref_play(kind, kind, starts, rng=np.random.default_rng(11), cap=25)
        hist = Counter(l for r, l in zip(results, lengths) if r in (FIRST, SECOND))
        assert res.lengths == dict(sorted(hist.items()))
        assert res.p1_wins == results.count(FIRST)
        assert res.p2_wins == results.count(SECOND)
        assert res.over_cap == results.count(UNFINISHED)


def test_random_play_invariants_and_parity():
    res = random_play(300, 20, 30, seed=5)
    assert isinstance(res, RandomPlayResult)
    assert res.games == 6000
    assert res.p1_wins + res.p2_wins + res.over_cap == res.games
    assert sum(res.lengths.values()) == res.p1_wins + res.p2_wins
    assert list(res.lengths) == sorted(res.lengths)
    assert all(1 <= k <= 30 and v > 0 for k, v in res.lengths.items())
    assert res.p1_wins == sum(v for k, v in res.lengths.items() if k % 2 == 1)
    assert res.p2_wins == sum(v for k, v in res.lengths.items() if k % 2 == 0)
    assert res.ratio == res.p1_wins / res.p2_wins
    assert res.overflowed == 0
    assert (res.n_max, res.games_per_start, res.move_cap, res.seed) == (300, 20, 30, 5)


def test_random_play_reproducible_and_seed_dependent():
    a = random_play(200, 10, 25, seed=3)
    assert a == random_play(200, 10, 25, seed=3)
    assert a != random_play(200, 10, 25, seed=4)


def test_random_play_one_move_games():
    # A game lasts one move only from a square, and there only by taking.
    squares = math.isqrt(1000)
    exact = random_play(1000, 10, 1, seed=0, win_at_squares=True)
    assert exact.lengths == {1: squares * 10}
    assert exact.over_cap == 10_000 - squares * 10
    # Completely random: each of the 31 * 100 square games ends at move 1
    # with probability 1/2 (statistical: 5 standard deviations = 140).
    res = random_play(1000, 100, 25, seed=0)
    assert abs(res.lengths[1] - squares * 50) < 140


def test_random_play_thesis_setup_statistically():
    # Thesis 5.1: 1..1000, 100 games each, 25 moves: ratio 0.9944 and 3108
    # games over the cap.  Statistical check only.  Completely random play
    # leaves about 2,700 games unfinished after 25 moves and about 3,200
    # after 24 (standard deviation about 55), so the thesis's 3108 matches
    # a count of games not over within 24 moves; we assert our own
    # expectation for 25 and the thesis's number for 24, within a few
    # hundred.
    res25 = random_play(1000, 100, 25, seed=2024)
    assert 2_400 <= res25.over_cap <= 3_000
    assert 0.95 <= res25.ratio <= 1.05
    res24 = random_play(1000, 100, 24, seed=2024)
    assert abs(res24.over_cap - 3108) <= 300
    # With 100 moves the thesis has no game unresolved and ratio 0.9978.
    res100 = random_play(1000, 100, 100, seed=2024)
    assert res100.over_cap <= 5
    assert 0.95 <= res100.ratio <= 1.05
    # A mover who always wins at a square leaves far fewer games unfinished,
    # which is why "completely random" is the thesis's reading.
    assert random_play(1000, 100, 25, seed=2024, win_at_squares=True).over_cap < 300


def test_random_play_progress():
    seen = []
    random_play(500, 10, 25, seed=0, progress=seen.append)
    assert seen and seen[-1] == 1.0
    assert all(0.0 <= f <= 1.0 for f in seen)
    assert seen == sorted(seen)


def test_random_play_is_fast():
    import time

    start = time.perf_counter()
    res = random_play(10_000, 100, 25, seed=0)  # 10**6 games
    assert time.perf_counter() - start < 10
    assert res.games == 10**6


@pytest.mark.parametrize(
    "args",
    [
        (0, 10, 25, 0),
        (10, 0, 25, 0),
        (10, 10, 0, 0),
        (10, 10, 25, -1),
        (10.5, 10, 25, 0),
        (True, 10, 25, 0),
        (10, 10, MAX_MOVE_CAP + 1, 0),
        (MAX_RANDOM_GAMES, 2, 25, 0),
        (10, 10, 25, "seed"),
    ],
)
def test_random_play_bad_arguments(args):
    with pytest.raises(ValueError):
        random_play(*args)


# ---------------------------------------------------------------- always take


def test_always_subtract_matches_reference():
    for n_max in (1, 2, 300):
        expected = Counter(ref_subtract_moves(n) for n in range(1, n_max + 1))
        assert always_subtract(n_max) == dict(sorted(expected.items()))


def test_always_subtract_thesis_fig16():
    hist = always_subtract(10_000)
    expected = Counter(ref_subtract_moves(n) for n in range(1, 10_001))
    assert hist == dict(sorted(expected.items()))
    assert sum(hist.values()) == 10_000
    assert max(hist) == 7  # thesis 5.2: nothing in 1..10,000 takes more than 7
    # The thesis's "up to 100: 5 moves, 1000: 6" remark.
    assert max(always_subtract(100)) == 5
    assert max(always_subtract(1000)) == 6


@pytest.mark.parametrize("bad", [0, -5, 2.0, None, MAX_N + 1])
def test_always_subtract_bad_arguments(bad):
    with pytest.raises(ValueError):
        always_subtract(bad)


# ---------------------------------------------------------------- adder/subtractor


@pytest.mark.parametrize("adder", [1, 2])
def test_adder_subtractor_matches_reference(adder):
    tally, top_adder, top_subtractor = ref_adder_subtractor(2000, adder)
    got = adder_subtractor(2000, adder)
    assert got == {"adder": adder, "p1_wins": tally["P1"], "p2_wins": tally["P2"], "draws": tally["D"]}
    # The bound behind the exact draw detection: the adder moves from at
    # most max(n_max, 8), the subtractor from at most twice that.
    assert top_adder <= 2000 and top_subtractor <= 4000
    for n_max in (1, 2, 3, 5, 8, 17):
        tally, top_adder, top_subtractor = ref_adder_subtractor(n_max, adder)
        assert top_adder <= max(n_max, 8) and top_subtractor <= 2 * max(n_max, 8)
        got = adder_subtractor(n_max, adder)
        assert (got["p1_wins"], got["p2_wins"], got["draws"]) == (tally["P1"], tally["P2"], tally["D"])


def test_adder_subtractor_thesis_numbers():
    # Thesis 5.2 for 1..10,000: "P1 adding" 4170 / 4313 / 1517 and "P2
    # adding" 4379 / 4153 / 1468 (P1 wins / P2 wins / draws).  The
    # reference reproduces exactly these numbers, but with the roles the
    # other way round: when player 1 (who moves first) adds we get
    # 4379 / 4153 / 1468.  The thesis's labels are swapped (its first mover
    # in "P1 adding" subtracts), so the adder wins more in both set-ups.
    one, two = adder_subtractor(10_000, 1), adder_subtractor(10_000, 2)
    for got, adder in ((one, 1), (two, 2)):
        tally, _, _ = ref_adder_subtractor(10_000, adder)
        assert (got["p1_wins"], got["p2_wins"], got["draws"]) == (tally["P1"], tally["P2"], tally["D"])
    assert (one["p1_wins"], one["p2_wins"], one["draws"]) == (4379, 4153, 1468)
    assert (two["p1_wins"], two["p2_wins"], two["draws"]) == (4170, 4313, 1517)


@pytest.mark.parametrize("n_max, adder", [(0, 1), (10, 0), (10, 3), (10, True), (10, "1"), (10, 1.0)])
def test_adder_subtractor_bad_arguments(n_max, adder):
    with pytest.raises(ValueError):
        adder_subtractor(n_max, adder)


# ---------------------------------------------------------------- optimal


def test_optimal_put_equals_best_moves(sol_small, sol_big):
    positions = np.arange(1, sol_small.bound + 1)
    got = optimal_put(positions, sol_small)
    assert got.dtype == bool and got.shape == positions.shape
    expected = [best_moves(int(n), sol_small)[0] == Move.PUT for n in positions]
    assert got.tolist() == expected
    # Both kinds of decision occur, and so do children above the bound.
    assert got.any() and not got.all()
    rng = np.random.default_rng(0)
    sample = np.concatenate([rng.integers(1, sol_big.bound + 1, 3000), np.arange(50_001, 51_001)])
    got = optimal_put(sample, sol_big)
    assert got.tolist() == [best_moves(int(n), sol_big)[0] == Move.PUT for n in sample]
    # Above the bound the strategy takes.
    above = np.array([sol_small.bound + 1, 10**12, (10**9) ** 2, 2**62 - 1])
    assert not optimal_put(above, sol_small).any()


def test_optimal_put_bad_arguments(sol_small):
    with pytest.raises(ValueError):
        optimal_put([0], sol_small)
    with pytest.raises(ValueError):
        optimal_put([2**62], sol_small)
    with pytest.raises(ValueError):
        optimal_put([1.5], sol_small)
    with pytest.raises(ValueError):
        optimal_put([5], None)


def test_optimal_against_optimal_realises_values(sol_big):
    # Best play from a W position wins for the first mover, from an L
    # position for the second; everything else never ends (draws).
    n = 10_000
    result = play_pair("optimal", "optimal", n, solution=sol_big)
    counts = sol_big.counts(n)
    assert int((result == GameResult.FIRST_WINS).sum()) == counts["W"]
    assert int((result == GameResult.SECOND_WINS).sum()) == counts["L"]
    outcome = sol_big.outcome[1 : n + 1]
    assert np.all(result[outcome == Outcome.W] == GameResult.FIRST_WINS)
    assert np.all(result[outcome == Outcome.L] == GameResult.SECOND_WINS)
    assert np.all(result[outcome == Outcome.D] == GameResult.DRAW)


# ---------------------------------------------------------------- pairs and matrix


def test_play_pair_matches_reference(sol_small):
    n_max = 300
    starts = list(range(1, n_max + 1))
    for first in STRATEGIES:
        for second in STRATEGIES:
            got = play_pair(first, second, n_max, solution=sol_small, seed=9, move_cap=1000)
            assert got.dtype == np.int8 and got.shape == (n_max,)
            expected, _ = ref_play(first, second, starts, sol_small, np.random.default_rng(9), 1000)
            assert got.tolist() == expected, (first, second)


@pytest.mark.parametrize("cap", [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 16, 17, 33])
def test_play_pair_draws_exactly_when_a_state_repeats_by_the_cap(sol_small, cap):
    # A game is a draw exactly when a state repeats within the first ``cap``
    # moves (the reference keeps an explicit set of states), even when the
    # fast code's cycle detection only sees the repeat after the cap.
    starts = list(range(1, 301))
    deterministic = [s for s in STRATEGIES if s is not Strategy.RANDOM]
    for first in deterministic:
        for second in deterministic:
            got = play_pair(first, second, 300, solution=sol_small, move_cap=cap)
            expected, _ = ref_play(first, second, starts, sol_small, None, cap)
            assert got.tolist() == expected, (first, second, cap)


def test_play_pair_short_cap_and_overflow():
    # Put against adder climbs: games stop unfinished when a position would
    # reach 2**62, after about 60 moves; a cap below that stops them first.
    starts = list(range(1, 301))
    for cap in (3, 10, 70, 200):
        for pair in (("put", "adder"), ("adder", "adder"), ("take", "put"), ("random", "adder")):
            got = play_pair(*pair, 300, seed=1, move_cap=cap)
            expected, _ = ref_play(*pair, starts, None, np.random.default_rng(1), cap)
            assert got.tolist() == expected, (pair, cap)
    assert play_pair("put", "put", 50).tolist() == [GameResult.DRAW] * 50


def test_strategy_matrix_matches_reference(sol_small):
    n_max = 300
    frame = strategy_matrix(n_max, sol_small, seed=4, move_cap=1000)
    assert isinstance(frame, pd.DataFrame)
    assert list(frame.columns) == [
        "first", "second", "first_wins", "second_wins", "draws", "unfinished", "games", "random",
    ]
    assert len(frame) == len(STRATEGIES) ** 2
    assert frame[["first", "second"]].values.tolist() == [
        [a.value, b.value] for a in STRATEGIES for b in STRATEGIES
    ]
    starts = list(range(1, n_max + 1))
    for (i, first), (j, second), row in zip(
        [(i, a) for i, a in enumerate(STRATEGIES) for _ in STRATEGIES],
        [(j, b) for _ in STRATEGIES for j, b in enumerate(STRATEGIES)],
        frame.itertuples(index=False),
    ):
        rng = np.random.default_rng([4, i, j])
        expected, _ = ref_play(first, second, starts, sol_small, rng, 1000)
        c = Counter(expected)
        assert (row.first_wins, row.second_wins, row.draws, row.unfinished) == (
            c[FIRST], c[SECOND], c[DRAW], c[UNFINISHED],
        ), (first, second)
        assert row.games == n_max
        assert row.random == (Strategy.RANDOM in (first, second))
        if row.random:
            assert row.draws == 0
    total = frame[["first_wins", "second_wins", "draws", "unfinished"]].sum(axis=1)
    assert (total == n_max).all()
    # Same seed, same frame.
    pd.testing.assert_frame_equal(frame, strategy_matrix(n_max, sol_small, seed=4, move_cap=1000))


def test_strategy_matrix_consistent_with_section_5(sol_big):
    n = 10_000
    frame = strategy_matrix(n, sol_big, seed=0, move_cap=1000).set_index(["first", "second"])
    # Both players always taking: player 1 wins the odd-length games.
    hist = always_subtract(n)
    assert frame.loc[("take", "take"), "first_wins"] == sum(v for k, v in hist.items() if k % 2)
    assert frame.loc[("take", "take"), "second_wins"] == sum(v for k, v in hist.items() if not k % 2)
    # The adder/subtractor cells agree with adder_subtractor.
    for (first, second), adder in ((("adder", "subtractor"), 1), (("subtractor", "adder"), 2)):
        got = adder_subtractor(n, adder)
        row = frame.loc[(first, second)]
        assert (row.first_wins, row.second_wins, row.draws, row.unfinished) == (
            got["p1_wins"], got["p2_wins"], got["draws"], 0,
        )
    assert frame.loc[("put", "put"), "draws"] == n


def test_strategy_matrix_subset_and_speed(sol_big):
    import time

    start = time.perf_counter()
    frame = strategy_matrix(10_000, sol_big, seed=1)
    assert time.perf_counter() - start < 10
    assert len(frame) == 36
    sub = strategy_matrix(50, None, strategies=["take", Strategy.ADDER])
    assert sub[["first", "second"]].values.tolist() == [
        ["take", "take"], ["take", "adder"], ["adder", "take"], ["adder", "adder"],
    ]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"n_max": 0},
        {"n_max": MAX_N + 1},
        {"seed": -1},
        {"move_cap": 0},
        {"strategies": ["take", "sideways"]},
        {"strategies": ["take", "take"]},
        {"strategies": []},
        {"solution": None},
        {"solution": "not a solution"},
    ],
)
def test_strategy_matrix_bad_arguments(sol_small, kwargs):
    args = {"n_max": 10, "solution": sol_small, "seed": 0, "move_cap": 100} | kwargs
    with pytest.raises(ValueError):
        strategy_matrix(**args)


def test_play_pair_bad_arguments(sol_small):
    with pytest.raises(ValueError, match="first"):
        play_pair("jump", "take", 10)
    with pytest.raises(ValueError, match="Solution"):
        play_pair("optimal", "take", 10)
    with pytest.raises(ValueError, match="move_cap"):
        play_pair("take", "take", 10, move_cap=MAX_MOVE_CAP + 1)


def test_result_is_a_frozen_dataclass():
    res = random_play(5, 2, 5, seed=0)
    assert dataclasses.is_dataclass(res)
    with pytest.raises(dataclasses.FrozenInstanceError):
        res.p1_wins = 0  # type: ignore[misc]
