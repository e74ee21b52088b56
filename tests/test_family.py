"""The rule family end to end: rules, the cache per rule, the command line and the views.

The kernels of solver/generic.py have their own brute-force tests
(test_generic.py); here every rule goes through the public doors (solve,
solve_cached, the CLI, game_tree, inspect_position, play) and is compared with
the plain-Python references of naive_family.py.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from naive_family import naive_queue_solve

from solver.cli.main import main
from solver.engine import solve
from solver.engine.solution import Outcome
from solver.games import (
    DEFAULT_RULE,
    KIND_PUT_OR_TAKE,
    PRIME_LIMIT,
    RULE_NAMES,
    RULES,
    get_rule,
    is_prime,
)
from solver.store import disk as store
from solver.values.inspection import draw_certificate, inspect_position
from solver.values.play import apply_move, computer_move, game_end, move_values, new_game, value_history
from solver.values.position import best_rule_moves, position_value, wins_at_once
from solver.values.tree import game_tree

LETTER = {Outcome.W: "W", Outcome.L: "L", Outcome.D: "D", Outcome.U: "U"}


# --- the rules themselves -------------------------------------------------------


def _members_by_definition(name: str, limit: int) -> list[int]:
    """Members of each sequence from its plain definition."""
    if name == "square":
        return [k * k for k in range(1, limit + 1) if k * k <= limit]
    if name == "cube":
        return [k**3 for k in range(1, limit + 1) if k**3 <= limit]
    if name == "triangular number":
        return [k * (k + 1) // 2 for k in range(1, limit + 1) if k * (k + 1) // 2 <= limit]
    if name == "prime":
        return [p for p in range(2, limit + 1) if all(p % d for d in range(2, math.isqrt(p) + 1))]
    if name in ("power of 2", "power of 3"):
        base = int(name[-1])
        return [base**k for k in range(0, 64) if base**k <= limit]
    if name == "factorial":
        return [math.factorial(k) for k in range(1, 30) if math.factorial(k) <= limit]
    if name == "Fibonacci number":
        out, a, b = [], 1, 2
        while a <= limit:
            out.append(a)
            a, b = b, a + b
        return out
    raise AssertionError(name)


@pytest.mark.parametrize("name", [n for n in RULE_NAMES if RULES[n].kind == KIND_PUT_OR_TAKE])
def test_put_or_take_moves_follow_the_definition(name):
    rule = RULES[name]
    members = _members_by_definition(rule.sequence, 3000)
    assert rule.members(3000).tolist() == members
    for n in range(0, 3001):
        f = max((m for m in members if m <= n), default=0)
        expected = () if f == 0 else (n - f, n + f)
        assert rule.children(n) == expected, (name, n)


@pytest.mark.parametrize(
    "name", ["subtract-a-square", "subtract-a-square-misere", "square-but-one", "square-but-one-odd"]
)
def test_subtraction_rules_follow_the_definition(name):
    rule = RULES[name]
    for n in range(0, 400):
        takes = [n - k * k for k in range(1, n + 1) if k * k <= n]
        add = []
        if name == "square-but-one" and n > 0 and n % 2 == 0:
            add = [n + 1]
        if name == "square-but-one-odd" and n % 2 == 1:
            add = [n + 1]
        assert list(rule.children(n)) == takes + add, (name, n)


def test_moves_are_exact_for_huge_positions():
    n = 10**40 + 12345
    cube = RULES["put-or-take-a-cube"].member_below(n)
    r = round(cube ** (1 / 3))
    while r**3 > cube:
        r -= 1
    while (r + 1) ** 3 <= cube:
        r += 1
    assert r**3 == cube <= n < (r + 1) ** 3
    triangle = RULES["put-or-take-a-triangular-number"].member_below(n)
    k = math.isqrt(2 * triangle)
    assert k * (k + 1) // 2 == triangle <= n < (k + 1) * (k + 2) // 2
    two = RULES["put-or-take-a-power-of-2"].member_below(n)
    assert two <= n < 2 * two and two & (two - 1) == 0
    fib = RULES["put-or-take-a-fibonacci-number"].member_below(n)
    a, b = 1, 2
    while b <= n:
        a, b = b, a + b
    assert fib == a


def test_is_prime_agrees_with_a_sieve_and_refuses_what_it_cannot_prove():
    limit = 20_000
    sieve = np.ones(limit + 1, bool)
    sieve[:2] = False
    for p in range(2, math.isqrt(limit) + 1):
        if sieve[p]:
            sieve[p * p :: p] = False
    assert [is_prime(n) for n in range(limit + 1)] == sieve.tolist()
    assert is_prime(2**61 - 1) and not is_prime(2**61 + 1)
    # Strong pseudoprimes to several bases are caught by the 13 bases.
    assert not is_prime(3215031751) and not is_prime(3825123056546413051)
    with pytest.raises(ValueError, match="from 0"):
        is_prime(PRIME_LIMIT)
    with pytest.raises(ValueError, match="exactly only"):
        RULES["put-or-take-a-prime"].moves(PRIME_LIMIT + 5)


def test_get_rule_names_and_errors():
    assert get_rule() is DEFAULT_RULE
    assert get_rule(" Put-Or-Take-A-Prime ") is RULES["put-or-take-a-prime"]
    assert get_rule(RULES["square-but-one"]) is RULES["square-but-one"]
    with pytest.raises(ValueError, match="the rules are: put-or-take-a-square"):
        get_rule("put-or-take-a-cheese")
    with pytest.raises(TypeError):
        get_rule(3)
    assert len(RULE_NAMES) == 12


# --- solve and the cache, per rule ----------------------------------------------


def test_each_rule_has_its_own_cache_entry(tmp_path):
    squares, _ = store.solve_cached(500, directory=tmp_path)
    primes, cached = store.solve_cached(500, directory=tmp_path, rule="put-or-take-a-prime")
    assert not cached and primes.rule.name == "put-or-take-a-prime" and squares.rule is DEFAULT_RULE
    again, cached = store.solve_cached(500, directory=tmp_path, rule="put-or-take-a-prime")
    assert cached and again == primes and again != squares
    assert again.rule.name == "put-or-take-a-prime"
    names = sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".json")
    assert names == sorted([f"{store.KEY}-B500.json", f"{store.key_of('put-or-take-a-prime')}-B500.json"])
    listed = {(e["rule"], e["bound"]) for e in store.entries(tmp_path)}
    assert listed == {("put-or-take-a-square", 500), ("put-or-take-a-prime", 500)}
    assert store.find(400, tmp_path, allow_larger=True, rule="put-or-take-a-prime") == primes
    assert store.find(400, tmp_path, allow_larger=True, rule="put-or-take-a-cube") is None


def test_a_cache_entry_of_one_rule_is_never_read_as_another(tmp_path):
    store.solve_cached(300, directory=tmp_path, rule="put-or-take-a-cube")
    # Rename the cube entry's files to the prime key: its JSON names the cube
    # rule, so the entry is damaged for primes, removed and solved afresh.
    cube_key, prime_key = store.key_of("put-or-take-a-cube"), store.key_of("put-or-take-a-prime")
    for path in list(tmp_path.iterdir()):
        if path.name.startswith(cube_key):
            path.rename(tmp_path / path.name.replace(cube_key, prime_key))
    solution, cached = store.solve_cached(300, directory=tmp_path, rule="put-or-take-a-prime")
    assert not cached
    assert solution == solve(300, rule="put-or-take-a-prime")


# --- the command line agrees with brute force for every rule -----------------------


def _rows(text: str) -> list[tuple[int, str, str]]:
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    assert lines[0] == "n,outcome,remoteness,cannot_be"
    return [(int(a), b, c) for a, b, c, _ in (line.split(",") for line in lines[1:])]


def _compare(rows, letters, rem):
    for n, outcome, remoteness in rows:
        assert outcome == letters[n], n
        if outcome in ("W", "L"):
            value = int(remoteness.removeprefix("<="))
            assert value == rem[n], n
        else:
            assert remoteness == "", n


@pytest.mark.parametrize("name", RULE_NAMES)
def test_classify_every_rule_matches_brute_force(capsys, name):
    rule = RULES[name]
    status = main(["classify", "--rule", name, "--n", "300", "--bound", "3000"])
    out = capsys.readouterr().out
    assert status == 0
    assert out.startswith(f"# {rule.title} ({name}): ")
    assert "# bound 3000:" in out
    letters, rem = naive_queue_solve(rule.children, 3000, misere=rule.misere)
    _compare(_rows(out), letters, rem)


@pytest.mark.slow
def test_classify_primes_at_the_issue_s_size_matches_brute_force(capsys):
    rule = RULES["put-or-take-a-prime"]
    status = main(["classify", "--rule", rule.name, "--n", "3000", "--bound", "300000"])
    assert status == 0
    rows = _rows(capsys.readouterr().out)
    assert len(rows) == 3000
    letters, rem = naive_queue_solve(rule.children, 300_000)
    _compare(rows, letters, rem)


def test_non_climbing_rules_default_to_a_bound_just_above_n(capsys):
    assert main(["classify", "--rule", "square-but-one", "--n", "50"]) == 0
    out = capsys.readouterr().out
    assert "# bound 51:" in out
    rows = _rows(out)
    assert "U" not in {o for _, o, _ in rows}  # every position up to n is settled


def test_squares_only_commands_say_so(capsys):
    assert main(["primitives", "--limit", "1000", "--rule", "put-or-take-a-prime"]) == 2
    assert "put-or-take-a-square only" in capsys.readouterr().err
    assert main(["strategies", "--n", "100", "--rule", "subtract-a-square"]) == 2
    assert "put-or-take-a-square only" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:
        main(["solve", "--bound", "100", "--rule", "no-such-rule"])
    assert stop.value.code == 2
    assert "no rule named 'no-such-rule'" in capsys.readouterr().err


def test_cold_positions_command_reproduces_the_source_s_facts(capsys):
    assert main(["cold-positions", "--limit", "20000", "--json"]) == 0
    import json

    found = json.loads(capsys.readouterr().out)
    assert found["first"][:13] == [0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44]
    assert found["positions_ending_in_digit"] == [11356]
    letters, _ = naive_queue_solve(RULES["subtract-a-square"].children, 3000)
    cold = [n for n, letter in enumerate(letters) if letter == "L"]
    assert [c for c in found["first"] if c <= 3000] == cold[: len([c for c in found["first"] if c <= 3000])]
    assert main(["cold-positions", "--limit", "100", "--misere", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["first"][:13] == [1, 3, 6, 8, 11, 13, 16, 18, 21, 23, 35, 40, 45]


# --- every view works for every rule ------------------------------------------------


@pytest.fixture(scope="module")
def solved():
    return {name: solve(2000, rule=name) for name in RULE_NAMES}


@pytest.mark.parametrize("name", RULE_NAMES)
def test_tree_inspector_and_play_agree_with_the_solution(solved, name):
    solution = solved[name]
    rule = solution.rule
    rng = random.Random(7)
    for start in [1, 2, 5, 12, 29, 92, 143, 500, *rng.sample(range(1, 1500), 15)]:
        tree = game_tree(start, 2, solution, max_nodes=500)
        root = tree.nodes[0]
        assert (root.outcome, root.remoteness) == solution.value(start)
        kids = [node for node in tree.nodes if node.parent_path == ""]
        if root.expanded:
            assert [k.position for k in kids] == list(rule.children(start))
            # The best moves marked are those of best_rule_moves.
            assert {k.position for k in kids if k.best} == {m.child for m in best_rule_moves(start, solution)}
        info = inspect_position(start, solution)
        assert [m.child for m in info.moves] == list(rule.children(start))
        assert info.outcome == solution.value(start)[0]
        values = move_values(start, solution) if rule.children(start) else []
        for value in values:
            assert value.child_outcome == position_value(value.child, solution)[0]
        # A W position has a move to an L child; an L position's children are all W.
        outcome = solution.value(start)[0]
        child_outcomes = {position_value(c, solution)[0] for c in rule.children(start)}
        if outcome is Outcome.W:
            assert Outcome.L in child_outcomes or (rule.misere and not rule.children(start))
        if outcome is Outcome.L and rule.children(start):
            assert child_outcomes == {Outcome.W}


@pytest.mark.parametrize("name", RULE_NAMES)
def test_best_play_against_itself_ends_as_the_solution_says(solved, name):
    solution = solved[name]
    rng = random.Random(3)
    for start in rng.sample(range(1, 300), 25):
        outcome, rem = solution.value(start)
        if outcome not in (Outcome.W, Outcome.L) or rem is None or not solution.rule.children(start):
            continue
        state = new_game(start, rule=solution.rule)
        while game_end(state) is None and state.ply < 200:
            state = apply_move(state, computer_move(state.position, solution, 1.0, rng))
        end = game_end(state)
        assert end is not None and end.reason == "zero", (name, start)
        # Best play lasts exactly the remoteness, and the player to move first
        # wins exactly when the start is W.
        assert state.ply == rem, (name, start)
        assert (end.winner == 1) == (outcome is Outcome.W), (name, start)
        history = value_history(state, solution)
        assert not any(row["erred"] for row in history)


def test_a_game_of_another_rule_survives_a_round_trip_and_checks_its_moves():
    rule = RULES["subtract-a-square"]
    state = new_game(30, rule=rule)
    state = apply_move(state, 21)  # take 9
    restored = type(state).from_dict(state.to_dict())
    assert restored == state and restored.rule is rule
    with pytest.raises(ValueError, match="not a child"):
        apply_move(state, 19)  # 21 - 19 = 2 is not a square
    with pytest.raises(ValueError, match="no single"):
        apply_move(state, "take")
    bad = dict(state.to_dict(), positions=["30", "29", "27"], rule="put-or-take-a-square")
    with pytest.raises(ValueError, match="not a child"):
        type(state).from_dict(bad)


def test_square_but_one_draw_certificates_are_valid(solved):
    solution = solved["square-but-one"]
    draws = np.flatnonzero(np.asarray(solution.outcome[:200]) == Outcome.D)
    assert 2 in draws
    for n in draws[:20]:
        cert = draw_certificate(int(n), solution)
        for member in cert.cannot_be_w:
            for child in solution.rule.children(member):
                assert child in cert.cannot_be_l or position_value(child, solution)[0] is Outcome.W
        for member in cert.cannot_be_l:
            (witness,) = [e.child for e in cert.edges if e.position == member and e.claim == "not L"]
            assert witness in solution.rule.children(member)
            assert witness in cert.cannot_be_w or position_value(witness, solution)[0] is Outcome.L


def test_positions_above_the_bound_are_unknown_unless_they_win_at_once(solved):
    for name, solution in solved.items():
        rule = solution.rule
        for n in (2001, 2048, 2209, 2310, 10**12 + 39):
            outcome, rem = position_value(n, solution)
            if wins_at_once(n, rule):
                assert (outcome, rem) == (Outcome.W, 1)
                assert any(not rule.children(c) for c in rule.children(n)) and not rule.misere
            else:
                assert outcome is Outcome.U, (name, n)


# --- the comparison of the rules ---------------------------------------------------


def test_comparison_counts_match_brute_force():
    from solver.analysis.comparison import COMPARISON_COLUMNS, compare_rules

    table = compare_rules(200, 2000)
    assert list(table.columns) == list(COMPARISON_COLUMNS)
    assert table["rule"].tolist() == list(RULE_NAMES)
    for row in table.itertuples():
        rule = RULES[row.rule]
        letters, rem = naive_queue_solve(rule.children, 2000, misere=rule.misere)
        part = letters[1:201]
        assert tuple(part.count(x) for x in "WLDU") == (row.W, row.L, row.D, row.U), row.rule
        assert row.first_L == [n for n in range(1, 201) if letters[n] == "L"][:12], row.rule
        # The highest exact remoteness is at most the reference's highest value.
        top = max((r for r in rem[1:201] if r is not None), default=0)
        assert row.max_remoteness <= top
        if row.max_remoteness_at is not None:
            assert rem[row.max_remoteness_at] == row.max_remoteness


def test_compare_command_prints_a_table_and_json(capsys):
    import json

    assert main(["compare", "--n", "100", "--bound", "1000", "--json"]) == 0
    out = capsys.readouterr().out
    rows = json.loads(out)
    assert [r["rule"] for r in rows] == list(RULE_NAMES)
    # Indented, one key a line, so a person can read it too.
    assert out.startswith('[\n {\n  "rule": ') and out.count("\n") > len(rows) * len(rows[0])
    assert main(["compare", "--n", "100", "--bound", "1000"]) == 0
    out = capsys.readouterr().out
    assert "| `subtract-a-square` |" in out and "2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44" in out
    assert main(["compare", "--n", "100", "--bound", "50"]) == 2


# --- published sequences as independent references ----------------------------------

#: OEIS A006019: remoteness of n = 0, 1, 2, ... in Simon Norton's Tribulations
#: (put-or-take a triangular number; Winning Ways vol. 2 p. 502).
A006019 = [0, 1, 2, 1, 6, 3, 1, 5, 3, 2, 1, 2, 3, 4, 3, 1, 9, 3, 6, 7, 8, 1, 10, 3, 2, 3, 4, 5, 1, 4, 3, 8, 7, 5, 9]
A006019 += [7, 1, 14, 3, 4, 7, 4, 2, 9, 4, 1, 2, 3, 4, 7, 8, 12, 16, 9, 3, 1, 12, 3, 14, 7, 6, 4, 8, 6, 3, 2, 1, 6]
A006019 += [3, 5, 7, 11, 4]
#: OEIS A005240 (P-positions, all terms) and the start of A005241 (N-positions) of
#: Put-or-Take-a-Square.
A005240 = [0, 5, 20, 29, 45, 80, 101, 116, 135, 145, 165, 173, 236, 257, 397, 404, 445, 477, 540, 565, 580, 585]
A005240 += [629, 666, 836, 845, 885, 909, 944, 949, 954, 975, 1125, 1177]
A005241 = [1, 4, 9, 11, 14, 16, 21, 25, 30, 36, 41, 44, 49, 52, 54, 64, 69, 71, 81, 84, 86, 92, 100, 105, 120, 121]
A005241 += [126, 136, 141, 144, 149, 164, 169, 174, 189, 196, 201, 208, 216, 225]


def test_tribulations_remoteness_is_oeis_a006019():
    solution = solve(10**6, rule="put-or-take-a-triangular-number")
    for n, expected in enumerate(A006019):
        outcome, remoteness = solution.value(n)
        assert remoteness == expected, n  # exact, and the published value
        assert outcome is (Outcome.L if expected % 2 == 0 else Outcome.W), n


def test_squares_p_and_n_positions_are_oeis_a005240_and_a005241():
    solution = solve(10**6)
    outcome = np.asarray(solution.outcome)
    assert np.flatnonzero(outcome[:1178] == Outcome.L).tolist() == A005240
    assert np.flatnonzero(outcome[:226] == Outcome.W).tolist() == A005241
