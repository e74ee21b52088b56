"""Tests of solver.analysis.experiments: random, constant and optimal play (thesis section 5).

Every exact expectation comes from a plain-Python reference
(explicit loops, Python ints, math.isqrt, explicit sets of seen states; in
``reference_play``) or
from solver.values.position.best_moves, never from the vectorised code under test.

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
from reference_play import DRAW, FIRST, SECOND, UNFINISHED, ref_adder_subtractor, ref_play, ref_subtract_moves, solved

from solver.analysis import experiments, playout, policies
from solver.analysis.experiments import (
    MAX_MOVE_CAP,
    MAX_N,
    MAX_RANDOM_GAMES,
    STRATEGIES,
    RandomPlayResult,
    Strategy,
    adder_subtractor,
    always_subtract,
    random_play,
    strategy_matrix,
)


@pytest.fixture(scope="module")
def sol_small():
    return solved(2_000)


@pytest.fixture(scope="module")
def sol_big():
    return solved(100_000)


def test_experiments_reexports_what_the_thesis_tab_needs():
    for name in ("Strategy", "STRATEGIES", "STRATEGY_LABELS"):
        assert getattr(experiments, name) is getattr(policies, name)
    for name in ("GameResult", "MAX_N", "MAX_MOVE_CAP", "POSITION_LIMIT"):
        assert getattr(experiments, name) is getattr(playout, name)
    assert set(experiments.__all__) >= {
        "Strategy",
        "STRATEGIES",
        "STRATEGY_LABELS",
        "GameResult",
        "RandomPlayResult",
        "random_play",
        "always_subtract",
        "adder_subtractor",
        "strategy_matrix",
        "MAX_N",
        "MAX_RANDOM_GAMES",
        "MAX_MOVE_CAP",
        "POSITION_LIMIT",
    }


# ---------------------------------------------------------------- random play


def test_random_play_equals_lockstep_replay():
    for win in (False, True):
        res = random_play(40, 7, 25, seed=11, win_at_squares=win)
        starts = [1 + g // 7 for g in range(40 * 7)]
        kind = "random-win" if win else "random"
        results, lengths = ref_play(kind, kind, starts, rng=np.random.default_rng(11), cap=25)
        hist = Counter(length for r, length in zip(results, lengths, strict=True) if r in (FIRST, SECOND))
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
    assert (res.n, res.games_per_start, res.move_cap, res.seed) == (300, 20, 30, 5)


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


def test_random_play_a_million_games():
    # Its time is printed by benchmarks/experiment_timings.py.
    res = random_play(10_000, 100, 25, seed=0)  # 10**6 games
    assert res.games == 10**6
    assert res.p1_wins + res.p2_wins + res.over_cap == res.games


@pytest.mark.parametrize(
    "args",
    [
        (0, 10, 25, 0),
        (10, 0, 25, 0),
        (10, 10, 0, 0),
        (10, 10, 25, -1),
        (10, 10, MAX_MOVE_CAP + 1, 0),
        (MAX_RANDOM_GAMES, 2, 25, 0),
    ],
)
def test_random_play_bad_arguments(args):
    with pytest.raises(ValueError):
        random_play(*args)


@pytest.mark.parametrize("args", [(10.5, 10, 25, 0), (True, 10, 25, 0), (10, 10, 25, "seed")])
def test_random_play_wrong_types(args):
    # Wrong types are TypeError (they were ValueError).
    with pytest.raises(TypeError):
        random_play(*args)


def test_random_play_takes_n_by_keyword():
    assert random_play(n=5, games_per_start=2, move_cap=5, seed=0).n == 5


# ---------------------------------------------------------------- always take


def test_always_subtract_matches_reference():
    for n in (1, 2, 300):
        expected = Counter(ref_subtract_moves(x) for x in range(1, n + 1))
        assert always_subtract(n) == dict(sorted(expected.items()))


def test_always_subtract_thesis_fig16():
    hist = always_subtract(10_000)
    expected = Counter(ref_subtract_moves(n) for n in range(1, 10_001))
    assert hist == dict(sorted(expected.items()))
    assert sum(hist.values()) == 10_000
    assert max(hist) == 7  # thesis 5.2: nothing in 1..10,000 takes more than 7
    # The thesis's "up to 100: 5 moves, 1000: 6" remark.
    assert max(always_subtract(100)) == 5
    assert max(always_subtract(1000)) == 6


@pytest.mark.parametrize("bad", [0, -5, MAX_N + 1])
def test_always_subtract_bad_arguments(bad):
    with pytest.raises(ValueError, match="n must be an integer from 1 to"):
        always_subtract(bad)


@pytest.mark.parametrize("bad", [2.0, None])
def test_always_subtract_wrong_types(bad):
    # Wrong types are TypeError (they were ValueError).
    with pytest.raises(TypeError):
        always_subtract(bad)


# ---------------------------------------------------------------- adder/subtractor


@pytest.mark.parametrize("adder", [1, 2])
def test_adder_subtractor_matches_reference(adder):
    tally, top_adder, top_subtractor = ref_adder_subtractor(2000, adder)
    got = adder_subtractor(2000, adder)
    assert got == {"adder": adder, "p1_wins": tally["P1"], "p2_wins": tally["P2"], "draws": tally["D"]}
    # The bound behind the exact draw detection: the adder moves from at
    # most max(n, 8), the subtractor from at most twice that.
    assert top_adder <= 2000 and top_subtractor <= 4000
    for n in (1, 2, 3, 5, 8, 17):
        tally, top_adder, top_subtractor = ref_adder_subtractor(n, adder)
        assert top_adder <= max(n, 8) and top_subtractor <= 2 * max(n, 8)
        got = adder_subtractor(n, adder)
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


@pytest.mark.parametrize("n, adder", [(0, 1), (10, 0), (10, 3)])
def test_adder_subtractor_bad_arguments(n, adder):
    with pytest.raises(ValueError):
        adder_subtractor(n, adder)


@pytest.mark.parametrize("n, adder", [(10, True), (10, "1"), (10, 1.0)])
def test_adder_subtractor_wrong_types(n, adder):
    # Wrong types are TypeError (they were ValueError).
    with pytest.raises(TypeError):
        adder_subtractor(n, adder)


# ---------------------------------------------------------------- matrix


def test_strategy_matrix_matches_reference(sol_small):
    n = 300
    frame = strategy_matrix(n, sol_small, seed=4, move_cap=1000)
    assert isinstance(frame, pd.DataFrame)
    assert list(frame.columns) == [
        "first",
        "second",
        "first_wins",
        "second_wins",
        "draws",
        "unfinished",
        "games",
        "random",
    ]
    assert len(frame) == len(STRATEGIES) ** 2
    assert frame[["first", "second"]].values.tolist() == [[a.value, b.value] for a in STRATEGIES for b in STRATEGIES]
    starts = list(range(1, n + 1))
    for (i, first), (j, second), row in zip(
        [(i, a) for i, a in enumerate(STRATEGIES) for _ in STRATEGIES],
        [(j, b) for _ in STRATEGIES for j, b in enumerate(STRATEGIES)],
        frame.itertuples(index=False),
        strict=True,
    ):
        rng = np.random.default_rng([4, i, j])
        expected, _ = ref_play(first, second, starts, sol_small, rng, 1000)
        c = Counter(expected)
        assert (row.first_wins, row.second_wins, row.draws, row.unfinished) == (
            c[FIRST],
            c[SECOND],
            c[DRAW],
            c[UNFINISHED],
        ), (first, second)
        assert row.games == n
        assert row.random == (Strategy.RANDOM in (first, second))
        if row.random:
            assert row.draws == 0
    total = frame[["first_wins", "second_wins", "draws", "unfinished"]].sum(axis=1)
    assert (total == n).all()
    # Same seed, same frame.
    pd.testing.assert_frame_equal(frame, strategy_matrix(n, sol_small, seed=4, move_cap=1000))


def test_strategy_matrix_consistent_with_section_5(sol_big):
    n = 10_000
    frame = strategy_matrix(n, sol_big, seed=0, move_cap=1000).set_index(["first", "second"])
    # Both players always taking: player 1 wins the odd-length games.
    hist = always_subtract(n)
    assert frame.loc[("take", "take"), "first_wins"] == sum(v for k, v in hist.items() if k % 2)
    assert frame.loc[("take", "take"), "second_wins"] == sum(v for k, v in hist.items() if not k % 2)
    # The adder/subtractor cells agree with adder_subtractor.
    # The subtractor always takes: it is the take strategy.
    for (first, second), adder in ((("adder", "take"), 1), (("take", "adder"), 2)):
        got = adder_subtractor(n, adder)
        row = frame.loc[(first, second)]
        assert (row.first_wins, row.second_wins, row.draws, row.unfinished) == (
            got["p1_wins"],
            got["p2_wins"],
            got["draws"],
            0,
        )
    assert frame.loc[("put", "put"), "draws"] == n


def test_strategy_matrix_full_and_subset(sol_big):
    # Its time is printed by benchmarks/experiment_timings.py.  Five
    # strategies (the subtractor is take, no longer a sixth): 25 pairs.
    frame = strategy_matrix(10_000, sol_big, seed=1)
    assert len(frame) == 25
    assert not frame.duplicated(["first", "second"]).any()
    sub = strategy_matrix(50, None, strategies=["take", Strategy.ADDER])
    assert sub[["first", "second"]].values.tolist() == [
        ["take", "take"],
        ["take", "adder"],
        ["adder", "take"],
        ["adder", "adder"],
    ]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"n": 0},
        {"n": MAX_N + 1},
        {"seed": -1},
        {"move_cap": 0},
        {"strategies": ["take", "sideways"]},
        {"strategies": ["take", "take"]},
        {"strategies": ["take", "subtractor"]},
        {"strategies": []},
    ],
)
def test_strategy_matrix_bad_arguments(sol_small, kwargs):
    args = {"n": 10, "solution": sol_small, "seed": 0, "move_cap": 100} | kwargs
    with pytest.raises(ValueError):
        strategy_matrix(**args)


@pytest.mark.parametrize("kwargs", [{"solution": None}, {"solution": "not a solution"}, {"n": 10.0}])
def test_strategy_matrix_wrong_types(sol_small, kwargs):
    # A missing or wrong Solution and a float N are TypeError (they were ValueError).
    args = {"n": 10, "solution": sol_small, "seed": 0, "move_cap": 100} | kwargs
    with pytest.raises(TypeError):
        strategy_matrix(**args)


def test_result_is_a_frozen_dataclass():
    res = random_play(5, 2, 5, seed=0)
    assert dataclasses.is_dataclass(res)
    with pytest.raises(dataclasses.FrozenInstanceError):
        res.p1_wins = 0  # type: ignore[misc]
