"""Tokens on a directed graph (solver.graphs.smith, solver.graphs.tokens) against brute force.

The reference (tests/naive_tokens.py) solves the whole position: the game whose
states are the multisets of token vertices, by retrograde analysis, every
unsettled state a draw.  Checked here:

* Smith's sum rule (all finite: nim-sum; one ∞(K): W iff the nim-sum of the
  others is in K, else D; two or more ∞: D) on every digraph with up to 3
  vertices and on random digraphs with cycles, self-loops, vertices without
  arcs and tokens sharing a vertex (1 to 4 tokens);
* the values themselves: v + *j is L exactly when v has value j, and for
  ∞(K) W when j is in K and D otherwise (a nim heap drawn as a transitive
  tournament beside the graph);
* the kernel's values equal the one-move labelling in any order;
* the lesson's recipe and labelling rule fail, with the smallest
  counterexamples found by exhaustive search;
* the computer's play: from a W position it wins against every reply (no
  cycle), from a D position it keeps the draw.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_tokens import (
    INF,
    all_digraphs,
    free_order_values,
    lesson_labellings,
    lesson_outcome,
    product_outcomes,
    sum_rule,
    token_followers,
    token_states,
)

from solver import Outcome
from solver.graphs import (
    LoopyValues,
    apply_token_move,
    computer_token_move,
    loopy_values,
    loopy_values_of_followers,
    parse_graph,
    token_moves,
    token_outcome,
    token_position,
    tokens_cost,
)


def values_of(succ) -> LoopyValues:
    return loopy_values_of_followers([list(row) for row in succ])


def plain(values: LoopyValues) -> tuple[list[int], list[tuple[int, ...]]]:
    return [int(g) for g in values.value], [values.k_of(u) for u in range(values.n)]


@st.composite
def digraphs(draw, most: int = 7):
    """Follower lists of a random digraph: cycles, self-loops and vertices without arcs all occur."""
    n = draw(st.integers(1, most))
    density = draw(st.sampled_from([0.15, 0.3, 0.5]))
    bits = draw(st.lists(st.floats(0, 1), min_size=n * n, max_size=n * n))
    return tuple(tuple(v for v in range(n) if bits[u * n + v] < density) for u in range(n))


# ---------------------------------------------------------------------------
# The sum rule against the whole position
# ---------------------------------------------------------------------------


def check_sum_rule(succ, most_tokens: int) -> None:
    values = values_of(succ)
    for k in range(1, most_tokens + 1):
        truth = product_outcomes(succ, k)
        for state, letter in truth.items():
            assert token_outcome(values, state).name == letter, (succ, state)


def test_sum_rule_on_every_digraph_with_up_to_two_vertices():
    for n in (1, 2):
        for succ in all_digraphs(n):
            check_sum_rule(succ, 4)


@pytest.mark.slow
def test_sum_rule_on_every_digraph_with_up_to_three_vertices():
    graphs = 0
    for n in (1, 2, 3):
        for succ in all_digraphs(n):
            check_sum_rule(succ, 4 if n < 3 else 3)
            graphs += 1
    assert graphs == 2 + 16 + 512


@settings(max_examples=200, deadline=None)
@given(digraphs())
def test_sum_rule_on_random_digraphs(succ):
    check_sum_rule(succ, 3 if len(succ) <= 6 else 2)


@settings(max_examples=60, deadline=None)
@given(digraphs(most=5))
def test_sum_rule_with_four_tokens(succ):
    check_sum_rule(succ, 4)


@settings(max_examples=150, deadline=None)
@given(digraphs(), st.randoms(use_true_random=False))
def test_values_are_the_one_move_labelling_in_any_order(succ, rnd):
    order = list(range(len(succ)))
    rnd.shuffle(order)
    assert plain(values_of(succ)) == free_order_values(succ, order)


def nim_heap_beside(succ, j: int):
    """The graph with a nim heap *0..*j drawn beside it: vertex n + i has arcs to n + i' for i' < i."""
    n = len(succ)
    return tuple(list(row) for row in succ) + tuple([n + i for i in range(h)] for h in range(j + 1))


@settings(max_examples=120, deadline=None)
@given(digraphs(most=6))
def test_values_against_sums_with_a_nim_heap(succ):
    values = values_of(succ)
    n = len(succ)
    top = max((len(r) for r in succ), default=0) + 2  # beyond every finite value and every member of K
    extended = nim_heap_beside(succ, top)
    truth = product_outcomes(extended, 2)
    for v in range(n):
        for j in range(top + 1):
            letter = truth[tuple(sorted((v, n + j)))]
            g = int(values.value[v])
            if g >= 0:
                assert letter == ("L" if g == j else "W"), (succ, v, j)
            else:
                assert letter == ("W" if j in values.k_of(v) else "D"), (succ, v, j)


def test_worked_example():
    graph = parse_graph("0>1,1>2,2>0,1>3", directed=True)
    found = token_position(graph, (0, 0, 2))
    assert found.values.texts() == ["0", "2", "1", "0"]
    assert found.outcome == Outcome.W  # 0 xor 0 xor 1
    assert [(m.source, m.target, m.outcome.name, m.winning) for m in found.moves] == [
        (0, 1, "W", False),
        (2, 0, "L", True),
    ]
    assert found.choice is not None and (found.choice.source, found.choice.target) == (2, 0)
    truth = product_outcomes(graph.neighbours(), 3)
    assert truth[(0, 0, 2)] == "W" and truth[(0, 0, 0)] == "L"


def test_special_graphs():
    # A self-loop makes a vertex infinite; a vertex without arcs is 0; two infinite tokens draw.
    values = loopy_values(parse_graph("0>0,1", directed=True))
    assert values.texts() == ["inf{}", "0"]
    assert token_outcome(values, (0,)) == Outcome.D
    assert token_outcome(values, (0, 0)) == Outcome.D
    assert token_outcome(values, ()) == Outcome.L
    assert token_outcome(values, (1, 1, 1)) == Outcome.L
    # A directed cycle with an exit: 0 -> 1 -> 2 -> 0, 1 -> 3.
    values = loopy_values(parse_graph("cycle-3", directed=True))
    assert values.texts() == ["inf{}", "inf{}", "inf{}"]
    # A path is finite: path-4 is 0 -> 1 -> 2 -> 3, values 1, 0, 1, 0.
    assert loopy_values(parse_graph("path-4", directed=True)).texts() == ["1", "0", "1", "0"]
    # A complete DAG on 6 vertices is the nim heaps *5 .. *0.
    assert loopy_values(parse_graph("complete-6", directed=True)).texts() == ["5", "4", "3", "2", "1", "0"]


def test_large_finite_values_are_written_in_full():
    # Value 70 needs a mask wider than 64 bits: the ∞ vertex above it lists K in full.
    n = 71
    succ = [list(range(i + 1, n)) for i in range(n)]  # vertex i has value n - 1 - i
    succ.append([0, 1, n])  # vertex 71: followers of value 70, 69 and itself
    values = loopy_values_of_followers(succ)
    assert int(values.value[0]) == 70
    assert values.texts()[n] == "inf{69,70}" == values.text(n)


# ---------------------------------------------------------------------------
# The lesson's recipe and labelling rule
# ---------------------------------------------------------------------------

#: The smallest counterexample (exhaustive search over every digraph with 1-4 vertices, 1-3 tokens, by
#: vertices then arcs): a vertex with a self-loop whose only other arc leads to *1.
SMALLEST = "0>0,0>1,1>2"
#: The smallest without a self-loop.
SMALLEST_LOOPLESS = "0>1,0>2,1>0,2>3"


def test_the_lessons_recipe_fails_where_smiths_rule_holds():
    succ = parse_graph(SMALLEST, directed=True).neighbours()
    values = values_of(succ)
    value, k = plain(values)
    assert values.texts() == ["inf{1}", "1", "0"]
    truth = product_outcomes(succ, 1)[(0,)]
    # The mover at 0 either steps to 1 (the opponent moves 1 -> 2 and wins) or waits on the loop: a draw.
    assert truth == "D"
    assert sum_rule(value, k, (0,)) == "D" == token_outcome(values, (0,)).name
    # The lesson: one ∞ and a *path* 0 -> 1 -> 2 to *0, which makes the nim-sum 0: "a winning position".
    assert lesson_outcome(succ, value, (0,)) == "W"


def test_the_lessons_labelling_fails_in_every_order():
    succ = parse_graph(SMALLEST, directed=True).neighbours()
    # Every order of the lesson's labelling labels 0 with *0 (mex of its labelled follower *1, and its
    # unlabelled follower, itself, has a path to *0): a loss, but 0 is a draw.
    assert lesson_labellings(succ) == {(0, 1, 0)}
    succ = parse_graph(SMALLEST_LOOPLESS, directed=True).neighbours()
    truth = product_outcomes(succ, 1)
    assert truth[(0,)] == "D"
    labellings = lesson_labellings(succ)
    assert labellings == {(0, 1, 1, 0), (2, 0, 1, 0)}
    for label in labellings:
        assert label[0] != INF and lesson_outcome(succ, label, (0,)) != "D"
    assert loopy_values(parse_graph(SMALLEST_LOOPLESS, directed=True)).texts() == ["inf{1}", "inf{}", "1", "0"]


def lesson_fails(succ, most_tokens: int) -> bool:
    value, k = free_order_values(succ)
    labellings = lesson_labellings(succ)
    for tokens in range(1, most_tokens + 1):
        for state, letter in product_outcomes(succ, tokens).items():
            if lesson_outcome(succ, value, state) != letter:
                return True
            if all(lesson_outcome(succ, label, state) != letter for label in labellings):
                return True
    return False


def test_no_smaller_counterexample():
    # Fewer vertices, or three vertices with fewer arcs: the lesson's recipe (with Smith's values, and
    # with its own labels in some order) is right on every position of 1 to 3 tokens.
    for n in (1, 2):
        for succ in all_digraphs(n):
            assert not lesson_fails(succ, 3), succ
    pairs = [(u, v) for u in range(3) for v in range(3)]
    for size in (0, 1, 2):
        for arcs in itertools.combinations(pairs, size):
            succ = tuple(tuple(v for (u, v) in arcs if u == w) for w in range(3))
            assert not lesson_fails(succ, 3), succ
    assert lesson_fails(parse_graph(SMALLEST, directed=True).neighbours(), 1)


@pytest.mark.slow
def test_no_smaller_loopless_counterexample():
    # Loopless digraphs on up to 3 vertices, and on 4 vertices with fewer than 4 arcs, have none.
    def loopless(n: int):
        return (succ for succ in all_digraphs(n) if all(u not in succ[u] for u in range(n)))

    for n in (1, 2, 3):
        for succ in loopless(n):
            assert not lesson_fails(succ, 3), succ
    for succ in loopless(4):
        if sum(map(len, succ)) < 4:
            assert not lesson_fails(succ, 3), succ
    assert lesson_fails(parse_graph(SMALLEST_LOOPLESS, directed=True).neighbours(), 1)


# ---------------------------------------------------------------------------
# Moves and the computer's play
# ---------------------------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(digraphs(most=6), st.integers(1, 3))
def test_moves_and_their_outcomes(succ, k):
    values = values_of(succ)
    truth = product_outcomes(succ, k)
    for state in token_states(len(succ), k):
        here = truth[state]
        moves = token_moves(values, state)
        reached = {tuple(sorted(apply_token_move(state, m.source, m.target))) for m in moves}
        assert reached == token_followers(succ, state)
        assert len({(m.source, m.target) for m in moves}) == len(moves)
        for m in moves:
            after = tuple(sorted(apply_token_move(state, m.source, m.target)))
            assert m.outcome.name == truth[after]
            assert m.winning == (truth[after] == "L")
            assert m.drawing == (here == "D" and truth[after] == "D")


def has_cycle(nxt: dict) -> bool:
    """Whether the graph ``node -> set of nodes`` (every node a key) has a cycle: depth-first search with colours."""
    colour: dict = {}
    for start in nxt:
        if start in colour:
            continue
        stack = [(start, iter(nxt[start]))]
        colour[start] = 1
        while stack:
            node, it = stack[-1]
            step = next(it, None)
            if step is None:
                colour[node] = 2
                stack.pop()
            elif colour.get(step, 0) == 1:
                return True
            elif colour.get(step, 0) == 0:
                colour[step] = 1
                stack.append((step, iter(nxt[step])))
    return False


def winner_faces(succ, k: int, choose) -> dict:
    """The W positions a winner who plays ``choose(values, state)`` can face, each with the next ones."""
    values = values_of(succ)
    truth = product_outcomes(succ, k)
    nxt = {}
    for state, letter in truth.items():
        if letter == "W":
            move = choose(values, state)
            assert move is not None and move.winning
            after = tuple(sorted(apply_token_move(state, move.source, move.target)))
            assert truth[after] == "L"
            nxt[state] = token_followers(succ, after)
            assert all(truth[r] == "W" for r in nxt[state])
    return nxt


def computer_wins_everywhere(succ, k: int) -> None:
    """From every W position, the computer's moves and every reply end in the computer's win (no cycle);
    from a D position it keeps the draw, and from an L position it moves if it can."""
    values = values_of(succ)
    truth = product_outcomes(succ, k)
    for state, letter in truth.items():
        choice = computer_token_move(values, state)
        if choice is None:
            assert not token_followers(succ, state)
            continue
        after = truth[tuple(sorted(apply_token_move(state, choice.source, choice.target)))]
        assert after == {"W": "L", "L": "W", "D": "D"}[letter]
    assert not has_cycle(winner_faces(succ, k, computer_token_move)), succ


@settings(max_examples=150, deadline=None)
@given(digraphs(most=6), st.integers(1, 3))
def test_the_computer_wins_what_it_can_and_keeps_draws(succ, k):
    computer_wins_everywhere(succ, k)


def test_the_computer_needs_smiths_counter():
    # 0 -> 1, 0 -> 2, 1 -> 0: 0 is *1, 1 and 2 are *0.  Both moves from 0 leave a loss, but after
    # 0 -> 1 the loser moves back to 0: a winner who takes the first winning move plays for ever.
    succ = parse_graph("0>1,0>2,1>0", directed=True).neighbours()
    assert values_of(succ).texts() == ["1", "0", "0"]

    def first_winning(values, state):
        return next(m for m in token_moves(values, state) if m.winning)

    assert has_cycle(winner_faces(succ, 1, first_winning))
    choice = computer_token_move(values_of(succ), (0,))
    assert choice is not None and (choice.source, choice.target) == (0, 2)
    computer_wins_everywhere(succ, 1)
    computer_wins_everywhere(succ, 2)


# ---------------------------------------------------------------------------
# Bad input and costs
# ---------------------------------------------------------------------------


def test_bad_input():
    values = loopy_values(parse_graph("0>1", directed=True))
    with pytest.raises(ValueError, match="off the graph"):
        token_outcome(values, (2,))
    with pytest.raises(ValueError, match="off the graph"):
        token_outcome(values, (-1,))
    with pytest.raises(TypeError, match="parse_vertices"):
        token_outcome(values, "0,1")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="directed"):
        loopy_values(parse_graph("0-1"))
    with pytest.raises(ValueError, match="not a vertex"):
        loopy_values_of_followers([[1], [2]])
    with pytest.raises(ValueError, match="no token"):
        apply_token_move((0,), 1, 0)
    with pytest.raises(ValueError, match="at most"):
        token_outcome(values, (0,) * 10_001)
    with pytest.raises(ValueError, match="another graph"):
        token_position(parse_graph("0>1,1>2", directed=True), (0,), values)


def test_costs_cover_the_largest_graph_the_format_reads():
    # Every graph the format accepts is valued well within a request: the estimate says so up front.
    graph = parse_graph("complete-447", directed=True)
    cost = tokens_cost(graph, 3)
    assert cost.seconds < 2.0 and cost.bytes < 100 * 2**20
    assert tokens_cost(parse_graph("path-3", directed=True), 1).seconds < 0.05


def test_values_arrays_have_the_documented_shapes():
    values = loopy_values(parse_graph("0>1,1>1,2", directed=True))
    assert values.value.dtype == np.int64 and values.value.shape == (3,)
    assert values.counter.dtype == np.int64
    assert list(values.counter >= 0) == [bool(g >= 0) for g in values.value]
