"""solver.engine.solving against the brute-force references of tests/naive_family.py.

Every rule of the family, every bound 1..120 and a few larger ones: outcome
and remoteness value must agree exactly; every remoteness reported exact must
be the one found at a much larger bound, and W/L/D labels must not change
there (docs/mathematics.md section 3.4).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_family import naive_escape_draws, naive_possible, naive_queue_solve, naive_solve, naive_subtract

from solver.engine import solving as generic
from solver.engine import solving as retrograde
from solver.engine.solution import Outcome
from solver.errors import BoundTooLargeError
from solver.games import KIND_PUT_OR_TAKE, KIND_SQUARE_BUT_ONE, KIND_SUBTRACT, RULE_NAMES, RULES, get_rule

LETTERS = {"U": Outcome.U, "W": Outcome.W, "L": Outcome.L, "D": Outcome.D}
PUT_OR_TAKE = [name for name in RULE_NAMES if RULES[name].kind == KIND_PUT_OR_TAKE]


def _rules(names, slow=()):
    """The rules as parameters, those of ``slow`` (a second or more of work each here) marked slow."""
    return [pytest.param(name, marks=pytest.mark.slow) if name in slow else name for name in names]


def _codes(letters):
    return np.array([LETTERS[c] for c in letters], dtype=np.int8)


def _values(letters, rem):
    return np.array([-1 if c in "DU" else r for c, r in zip(letters, rem)], dtype=np.int64)


def _assert_agrees(solution, letters, rem):
    np.testing.assert_array_equal(solution.outcome, _codes(letters))
    np.testing.assert_array_equal(solution.remoteness.astype(np.int64), _values(letters, rem))


def _naive(rule, bound, queue=False):
    solve = naive_queue_solve if queue else naive_solve
    return solve(rule.children, bound, misere=rule.misere)


@pytest.mark.parametrize(
    "name",
    _rules(
        RULE_NAMES,
        slow=(
            "put-or-take-a-fibonacci-number",
            "put-or-take-a-power-of-3",
            "put-or-take-a-factorial",
            "put-or-take-a-prime",
            "put-or-take-a-power-of-2",
        ),
    ),
)
def test_every_small_bound_matches_both_references(name):
    rule = get_rule(name)
    for bound in range(1, 121):
        solution = generic.solve_rule(rule, bound)
        assert solution.rule is rule and solution.bound == bound
        assert solution.outcome.dtype == np.int8 and solution.packed_remoteness.dtype == np.int16
        letters, rem = _naive(rule, bound)
        _assert_agrees(solution, letters, rem)
        if bound % 17 == 0:
            _assert_agrees(solution, *_naive(rule, bound, queue=True))


@pytest.mark.slow
@pytest.mark.parametrize("name", PUT_OR_TAKE)
@pytest.mark.parametrize("bound", [1000, 3000, 20000])
def test_put_or_take_larger_bounds_match_queue_reference(name, bound):
    rule = get_rule(name)
    _assert_agrees(generic.solve_rule(rule, bound), *_naive(rule, bound, queue=True))


@pytest.mark.parametrize(
    "name", ["square-but-one", "square-but-one-odd", "subtract-a-square", "subtract-a-square-misere"]
)
def test_many_move_rules_larger_bounds(name):
    rule = get_rule(name)
    for bound in (1000, 3001):
        _assert_agrees(generic.solve_rule(rule, bound), *_naive(rule, bound, queue=True))
    if rule.kind == KIND_SUBTRACT:
        solution = generic.solve_rule(rule, 20000)
        _assert_agrees(solution, *naive_subtract(20000, misere=rule.misere))
        assert solution.remoteness_exact.all()


def _assert_sound(small, large):
    """Labels of ``small`` kept at the larger bound; exact remoteness unchanged."""
    n = small.bound + 1
    labelled = small.outcome != Outcome.U
    np.testing.assert_array_equal(small.outcome[labelled], large.outcome[:n][labelled])
    exact = small.remoteness_exact
    np.testing.assert_array_equal(small.packed_remoteness[exact], large.remoteness[:n][exact])
    # An upper bound never grows with the bound (Theorem 3.8).
    wl = (small.outcome == Outcome.W) | (small.outcome == Outcome.L)
    assert np.all(large.remoteness[:n][wl] <= small.remoteness[wl])
    # What a U position cannot be stays true (docs/mathematics.md section 3.3):
    # one that cannot be L is never found L, one that cannot be W never W.
    classes, later = np.asarray(small.classes), np.asarray(large.outcome[:n])
    assert not np.any((classes == 4) & (later == Outcome.L))
    assert not np.any((classes == 5) & (later == Outcome.W))


@pytest.mark.slow
@pytest.mark.parametrize("name", RULE_NAMES)
def test_exact_remoteness_and_labels_hold_at_64_times_the_bound(name):
    rule = get_rule(name)
    for bound in (97, 1000, 5000):
        _assert_sound(generic.solve_rule(rule, bound), generic.solve_rule(rule, 64 * bound))


@pytest.mark.slow
@pytest.mark.parametrize("name", RULE_NAMES)
def test_the_rules_own_solve_holds_at_64_times_the_bound(name):
    # solve() may take another path than solve_rule (Put-or-Take-a-Square: one
    # byte a position, bounds rebuilt from codes): the same soundness.
    for bound in (97, 1000, 5000):
        _assert_sound(retrograde.solve(bound, rule=name), retrograde.solve(64 * bound, rule=name))


@pytest.mark.parametrize(
    "name",
    _rules(
        RULE_NAMES,
        slow=("put-or-take-a-fibonacci-number", "put-or-take-a-triangular-number", "put-or-take-a-prime"),
    ),
)
def test_classes_are_the_least_fixed_point_of_the_references(name):
    # Both references compute PW and PL themselves (tests/naive_family.py);
    # the solver's classes must be exactly theirs, on both paths.
    rule = get_rule(name)
    for bound in (*range(1, 60), 211, 1000):
        letters, _ = _naive(rule, bound)
        pw, pl = naive_possible(rule.children, bound, misere=rule.misere)
        want = []
        for n in range(bound + 1):
            if letters[n] != "U":
                want.append({"W": 1, "L": 2, "D": 3}[letters[n]])
            else:
                want.append(0 if n in pw and n in pl else 4 if n in pw else 5)
        for solution in (generic.solve_rule(rule, bound), retrograde.solve(bound, rule=rule)):
            assert np.asarray(solution.classes).tolist() == want, (name, bound)


@pytest.mark.parametrize("name", RULE_NAMES)
def test_every_draw_of_the_earlier_certificate_is_a_draw_now(name):
    rule = get_rule(name)
    for bound in (50, 300, 2000):
        old = naive_escape_draws(rule.children, bound, misere=rule.misere)
        new = np.flatnonzero(np.asarray(generic.solve_rule(rule, bound).outcome) == Outcome.D)
        assert old <= set(new.tolist()), (name, bound, sorted(old - set(new.tolist()))[:10])


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(RULE_NAMES), st.integers(1, 3000), st.integers(1, 20000))
def test_monotone_in_the_bound(name, bound, extra):
    rule = get_rule(name)
    _assert_sound(generic.solve_rule(rule, bound), generic.solve_rule(rule, bound + extra))


@pytest.mark.parametrize("bound", [1, 2, 3, 4, 50, 173, 1000, 8637, 34000, 34001, 10**5, 10**6])
def test_squares_agree_with_the_fast_path(bound):
    mine = generic.solve_rule("put-or-take-a-square", bound)
    fast = retrograde.solve(bound)
    np.testing.assert_array_equal(mine.outcome, fast.outcome)
    np.testing.assert_array_equal(mine.remoteness, fast.remoteness)


def test_only_exactness_flags_are_sound_against_the_fast_path_at_a_larger_bound():
    # Both solvers certify soundly; where either says exact, the other's value agrees.
    mine = generic.solve_rule("put-or-take-a-square", 34000)
    fast = retrograde.solve(34000)
    exact = mine.remoteness_exact | fast.remoteness_exact
    np.testing.assert_array_equal(mine.remoteness[exact], fast.remoteness[exact])
    assert mine.value(8637)[1] is None  # W <= 11, not exact (docs/mathematics.md section 4.7)
    assert generic.solve_rule("put-or-take-a-square", 34001).value(8637) == (Outcome.W, 5)


@pytest.mark.parametrize("name", _rules(PUT_OR_TAKE, slow=("put-or-take-a-triangular-number",)))
def test_small_game_and_rounds_methods_agree(name):
    # Two different algorithms for the same fixed points: labels, values and certificates.
    for bound in (*range(1, 60), 1000, 5000, 34000, 10**5):
        small = generic.solve_rule(name, bound, _method="small")
        rounds = generic.solve_rule(name, bound, _method="rounds")
        np.testing.assert_array_equal(small.outcome, rounds.outcome)
        np.testing.assert_array_equal(small.packed_remoteness, rounds.packed_remoteness)


@pytest.mark.parametrize(
    "name", _rules(["put-or-take-a-triangular-number", "put-or-take-a-power-of-3"], slow=("put-or-take-a-power-of-3",))
)
def test_same_result_on_every_run(name):
    # The threads race in the sweeps; the fixed point does not depend on it.
    first = generic.solve_rule(name, 3 * 10**6)
    assert first == generic.solve_rule(name, 3 * 10**6)


def test_terminal_positions_of_primes():
    solution = generic.solve_rule("put-or-take-a-prime", 100)
    assert solution.value(0) == (Outcome.L, 0)
    assert solution.value(1) == (Outcome.L, 0)
    assert solution.value(2) == (Outcome.W, 1)


def test_subtract_a_square_cold_positions():
    normal = [0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44]
    misere = [1, 3, 6, 8, 11, 13, 16, 18, 21, 23, 35, 40, 45]
    assert generic.cold_positions(44).tolist() == normal
    assert generic.cold_positions(45, misere=True).tolist() == misere
    for flag, rule in ((False, "subtract-a-square"), (True, "subtract-a-square-misere")):
        solution = generic.solve_rule(rule, 10**5)
        cold = np.flatnonzero(solution.outcome == Outcome.L)
        np.testing.assert_array_equal(generic.cold_positions(10**5, misere=flag), cold)
        letters, _ = naive_subtract(3000, misere=flag)
        assert generic.cold_positions(3000, misere=flag).tolist() == [n for n, c in enumerate(letters) if c == "L"]


def test_misere_remoteness_parity_and_base():
    solution = generic.solve_rule("subtract-a-square-misere", 5000)
    assert solution.value(0) == (Outcome.W, 0)
    assert solution.value(1) == (Outcome.L, 1)
    r = solution.remoteness
    assert np.all(r[solution.outcome == Outcome.W] % 2 == 0)
    assert np.all(r[solution.outcome == Outcome.L] % 2 == 1)


def test_only_one_cold_position_ending_in_6_up_to_two_million():
    cold = generic.cold_positions(2 * 10**6)
    assert cold[cold % 10 == 6].tolist() == [11356]
    # The misère cold positions are the normal ones plus 1 (docs/mathematics.md section 7.2).
    misere = generic.cold_positions(2 * 10**6 + 1, misere=True)
    np.testing.assert_array_equal(misere, cold + 1)


def test_square_but_one_facts():
    solution = generic.solve_rule("square-but-one", 1000)
    for n in (0, 5):
        assert solution.outcome[n] == Outcome.L
    for n in (1, 4, 6, 9, 14, 21):
        assert solution.outcome[n] == Outcome.W
    assert solution.outcome[2] == Outcome.D and solution.outcome[3] == Outcome.D
    # Every remoteness is exact, and every position below the bound is settled.
    wl = (solution.outcome == Outcome.W) | (solution.outcome == Outcome.L)
    assert solution.remoteness_exact[wl].all()
    assert not np.any(solution.outcome[:1000] == Outcome.U)


def test_square_but_one_is_as_its_source_says_below_the_bound():
    # L = {0, 5}; W = the squares and 5 + k**2; every other position a certified draw.
    bound = 20000
    solution = generic.solve_rule("square-but-one", bound)
    squares = {k * k for k in range(1, 142)}
    expected_w = squares | {5 + q for q in squares}
    for n in range(bound):
        want = Outcome.L if n in (0, 5) else Outcome.W if n in expected_w else Outcome.D
        assert solution.outcome[n] == want, n


def test_square_but_one_odd_below_40():
    # The lesson's exercise (add one to odd heaps), from the brute-force reference.
    letters, _ = naive_queue_solve(get_rule("square-but-one-odd").children, 41)
    solution = generic.solve_rule("square-but-one-odd", 41)
    np.testing.assert_array_equal(solution.outcome, _codes(letters))
    assert [n for n in range(40) if letters[n] == "L"] == [0, 2, 5, 10, 15, 20]


@pytest.mark.parametrize("name", RULE_NAMES)
def test_allocate_and_progress_hooks(name):
    made = []
    seen = []

    def allocate(what, shape, dtype):
        made.append((what, shape, dtype))
        return np.full(shape, 7, dtype)

    solution = generic.solve_rule(name, 500, allocate=allocate, progress=seen.append)
    # Every rule's remoteness fits one byte at this bound: the result is asked
    # for as codes, and it is what the solution holds.
    assert [m[0] for m in made] == ["codes"]
    assert made[0][1:] == ((501,), np.dtype(np.uint8))
    assert solution.codes is not None and solution.codes.dtype == np.uint8
    assert seen and seen[-1] == 1.0 and all(0.0 <= f <= 1.0 for f in seen)
    assert solution == generic.solve_rule(name, 500)


def test_validation():
    with pytest.raises(TypeError):
        generic.solve_rule("subtract-a-square", 10.0)
    with pytest.raises(TypeError):
        generic.solve_rule(3, 10)
    with pytest.raises(ValueError):
        generic.solve_rule("no-such-rule", 10)
    with pytest.raises(ValueError):
        generic.solve_rule("subtract-a-square", 0)
    with pytest.raises(BoundTooLargeError):
        generic.solve_rule("put-or-take-a-prime", 10**30)
    with pytest.raises(TypeError):
        generic.cold_positions(10, misere=1)
    with pytest.raises(ValueError):
        generic.cold_positions(-1)
    with pytest.raises(TypeError):
        generic.estimate_rule_bytes("subtract-a-square", "10")


def test_memory_refusal(monkeypatch):
    monkeypatch.setattr("solver.engine.budget.available_memory", lambda: 10**6)
    with pytest.raises(BoundTooLargeError, match="memory"):
        generic.solve_rule("put-or-take-a-cube", 10**7)


@pytest.mark.parametrize("name", RULE_NAMES)
def test_estimates(name):
    small = generic.estimate_rule_bytes(name, 1000)
    large = generic.estimate_rule_bytes(name, 10**8)
    assert 3 * 1001 <= small < large
    assert generic.estimate_rule_bytes(name, 10**400) > 10**400
    assert 0 < generic.estimate_rule_seconds(name, 1000) < generic.estimate_rule_seconds(name, 10**8)
    assert generic.estimate_rule_seconds(name, 10**400) == float("inf")
    if RULES[name].kind == KIND_PUT_OR_TAKE:
        assert large <= 6 * 10**8 + 10**7
    if RULES[name].kind == KIND_SQUARE_BUT_ONE:
        assert large >= 15 * 10**8


def test_warm_up_runs():
    generic.warm_up()
