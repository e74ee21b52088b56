"""Tests of solver.values.tree.game_tree.

Positions are recomputed here with math.isqrt, tree shapes with an
independent recursive builder, and values and best moves from the
brute-force reference (tests/naive.py).

The reference gives the bounded retrograde remoteness, an upper bound on the
true one: a node's ``remoteness_at_most`` must equal it, and its
``remoteness`` must be that same number where the solution certifies it
exact and None where it is only bounded.
"""

from __future__ import annotations

import functools
import json
import math

import pytest
from naive import MOVE_ORDER, naive_classes, naive_queue_solve, naive_solve

from solver.engine import solve
from solver.engine.solution import Outcome
from solver.games.squares import Move
from solver.values.tree import game_tree

BOUND = 30_000
BIG = 10**6
HUGE_STARTS = [10**30, 10**30 + 1, (10**15 + 7) ** 2 + 3, 2**200 - 1]


@pytest.fixture(scope="module")
def sol():
    return solve(BOUND)


@pytest.fixture(scope="module")
def ref():
    return naive_solve(BOUND)


@pytest.fixture(scope="module")
def sol_big():
    return solve(BIG)


@pytest.fixture(scope="module")
def ref_big():
    return naive_queue_solve(BIG)


# ---------------------------------------------------------------------------
# Independent model of the tree
# ---------------------------------------------------------------------------


def is_sq(n: int) -> bool:
    return n > 0 and math.isqrt(n) ** 2 == n


def kids(n: int) -> tuple[int, int]:
    s = math.isqrt(n) ** 2
    return n - s, n + s


def ref_tree(start: int, depth: int, toggled=frozenset()) -> dict[str, dict]:
    """Every node of the tree as path -> facts, built recursively."""
    out: dict[str, dict] = {}

    def walk(path: str, pos: int, ancestors: tuple[int, ...]) -> None:
        square = is_sq(pos)
        repeat = pos in ancestors
        expandable = not square and not repeat and pos > 0
        wanted = (len(path) < depth) != (path in toggled)
        expanded = expandable and wanted
        out[path] = dict(position=pos, square=square, repeat=repeat, expanded=expanded)
        if expanded:
            t, p = kids(pos)
            walk(path + "t", t, ancestors + (pos,))
            walk(path + "p", p, ancestors + (pos,))

    walk("", start, ())
    return out


def count_nodes(start: int, depth: int) -> int:
    """Node count by plain recursion (no paths, no dicts)."""

    def rec(pos: int, ancestors: frozenset, left: int) -> int:
        if left == 0 or is_sq(pos) or pos in ancestors:
            return 1
        t, p = kids(pos)
        seen = ancestors | {pos}
        return 1 + rec(t, seen, left - 1) + rec(p, seen, left - 1)

    return rec(start, frozenset(), depth)


def ref_value(pos: int, letters, rem, bound: int):
    if pos <= bound:
        return letters[pos], rem[pos]
    if is_sq(pos):
        return "W", 1
    return "U", None


@functools.cache
def ref_classes(bound: int) -> list[str]:
    return naive_classes(bound)


def ref_best(pos: int, letters, rem, bound: int) -> set[str]:
    """Best moves from pos, as a set of "t"/"p", from the reference's classes.

    Win fastest (an L child of least remoteness), else a child that cannot
    be W, else a draw, else unknown, else a child that cannot be L, else lose
    slowest (tests/naive.py MOVE_ORDER).
    """

    def rank(c: int) -> tuple[int, int]:
        if c <= bound:
            cls, r = ref_classes(bound)[c], rem[c]
        else:
            cls, r = ("W", 1) if is_sq(c) else ("U", None)
        tie = r if cls == "L" else (-r if cls == "W" else 0)
        return MOVE_ORDER.index(cls), tie

    ranks = {m: rank(c) for m, c in zip("tp", kids(pos))}
    best = min(ranks.values())
    return {m for m, r in ranks.items() if r == best}


def by_path(tree):
    return {node.path: node for node in tree.nodes}


def check_node_value(node, solution, letters, rem) -> bool:
    """Check a node's values against the reference; True if only bounded."""
    o, r = ref_value(node.position, letters, rem, solution.bound)
    assert node.outcome.name == o, node.path
    if o in ("D", "U"):
        assert node.remoteness is None and node.remoteness_at_most is None, node.path
        return False
    assert node.remoteness_at_most == r, node.path
    if node.position > solution.bound:  # a square above the bound: W in 1
        assert node.remoteness == 1 == r, node.path
        return False
    bounded = bool(solution.packed_remoteness[node.position] < -1)
    assert node.remoteness == (None if bounded else r), node.path
    return bounded


# ---------------------------------------------------------------------------
# Exact moves for huge starts
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("start", HUGE_STARTS)
def test_huge_start_positions_exact(sol, start):
    tree = game_tree(start, 3, sol, max_nodes=10_000)
    nodes = by_path(tree)
    expected = ref_tree(start, 3)
    assert set(nodes) == set(expected)
    for path, facts in expected.items():
        node = nodes[path]
        assert node.position == facts["position"], path
        assert node.square == facts["square"], path
        assert node.repeat == facts["repeat"], path
        assert node.expanded == facts["expanded"], path
        assert node.beyond_bound == (facts["position"] > BOUND), path


def test_huge_start_children_by_hand(sol):
    n = (10**15 + 7) ** 2 + 3
    nodes = by_path(game_tree(n, 1, sol))
    assert nodes["t"].position == 3
    assert nodes["p"].position == 2 * (10**15 + 7) ** 2 + 3
    assert nodes["t"].move == Move.TAKE
    assert nodes["p"].move == Move.PUT
    assert not nodes["t"].beyond_bound
    assert nodes["p"].beyond_bound
    assert nodes[""].beyond_bound
    assert nodes[""].outcome == Outcome.U and nodes[""].remoteness is None
    # 3 is a draw (it cycles with 2): docs/mathematics.md section 4.
    assert nodes["t"].outcome == Outcome.D


def test_huge_square_root_is_a_win_leaf(sol):
    tree = game_tree(10**30, 2, sol)
    assert len(tree.nodes) == 1
    root = tree.nodes[0]
    assert root.position == 10**30
    assert root.square and root.beyond_bound
    assert root.outcome == Outcome.W and root.remoteness == 1
    assert not root.expanded and not root.expandable


def test_huge_start_one_above_square(sol):
    n = 10**30 + 1
    nodes = by_path(game_tree(n, 1, sol))
    assert nodes["t"].position == 1
    assert nodes["t"].square and nodes["t"].outcome == Outcome.W and nodes["t"].remoteness == 1
    assert nodes["p"].position == 2 * 10**30 + 1
    # Taking to the square 1 hands the opponent a win; the put child is
    # unknown, so the put is the best move (DESIGN: unknown before losing).
    assert nodes["p"].outcome == Outcome.U
    assert nodes["p"].best and not nodes["t"].best


# ---------------------------------------------------------------------------
# Flags: beyond the bound, squares, repeats
# ---------------------------------------------------------------------------


def test_square_above_bound_is_win_leaf():
    # 580 = 24**2 + 4; put goes to 580 + 576 = 1156 = 34**2, above 1000.
    small = solve(1000)
    nodes = by_path(game_tree(580, 3, small))
    child = nodes["p"]
    assert child.position == 1156
    assert child.beyond_bound and child.square
    assert child.outcome == Outcome.W and child.remoteness == 1
    assert not child.expanded and not child.expandable
    assert "pt" not in nodes and "pp" not in nodes
    # The take child 4 is a square inside the bound.
    assert nodes["t"].position == 4 and nodes["t"].square and not nodes["t"].beyond_bound


def test_non_square_above_bound_is_unknown():
    small = solve(1000)
    nodes = by_path(game_tree(600, 1, small))  # 600 + 576 = 1176
    assert nodes["p"].position == 1176
    assert nodes["p"].beyond_bound and not nodes["p"].square
    assert nodes["p"].outcome == Outcome.U and nodes["p"].remoteness is None
    assert nodes["t"].position == 24 and not nodes["t"].beyond_bound


def test_position_equal_to_bound_is_inside():
    # 600 + 24**2 = 1176: with the bound at 1176 that child is inside it.
    at = solve(1176)
    nodes = by_path(game_tree(600, 1, at))
    assert nodes["p"].position == 1176
    assert not nodes["p"].beyond_bound
    assert not nodes[""].beyond_bound
    assert game_tree(1176, 0, at).nodes[0].beyond_bound is False
    assert game_tree(1177, 0, at).nodes[0].beyond_bound is True


def test_repeat_of_root_by_hand(sol):
    # isqrt(2) = 1: 2 -> 1 (take, a square) and 2 -> 3 (put);
    # isqrt(3) = 1: 3 -> 2 (take, a repeat of the root) and 3 -> 4 (square).
    tree = game_tree(2, 5, sol)
    nodes = by_path(tree)
    assert set(nodes) == {"", "t", "p", "pt", "pp"}
    assert [nodes[p].position for p in ("", "t", "p", "pt", "pp")] == [2, 1, 3, 2, 4]
    assert nodes["t"].square and not nodes["t"].repeat
    assert not nodes["p"].square and not nodes["p"].repeat and nodes["p"].expanded
    assert nodes["pt"].repeat and not nodes["pt"].square
    assert not nodes["pt"].expanded and not nodes["pt"].expandable
    assert nodes["pp"].square
    assert nodes[""].outcome == Outcome.D  # 2 and 3 are draws


def test_repeat_is_path_only(sol):
    # 3 -> 2 (take) -> 1 / 3; 3 -> 4 (put, square).  The 3 under "t" repeats
    # the root; nothing else repeats.
    nodes = by_path(game_tree(3, 4, sol))
    assert set(nodes) == {"", "t", "p", "tt", "tp"}
    assert nodes["tp"].position == 3 and nodes["tp"].repeat
    assert nodes["tt"].position == 1 and nodes["tt"].square


def test_squares_are_leaves(sol):
    for start in (1, 4, 9, 10_000, 29_929):
        tree = game_tree(start, 4, sol)
        assert len(tree.nodes) == 1
        assert tree.nodes[0].square
        assert tree.nodes[0].outcome == Outcome.W and tree.nodes[0].remoteness == 1


# ---------------------------------------------------------------------------
# Node counts, depth and the cap
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("start", [2, 5, 29, 92, 4708, 9999, 123_456, (10**15 + 7) ** 2 + 3])
@pytest.mark.parametrize("depth", [0, 1, 2, 5, 8])
def test_node_count_matches_recursion(sol, start, depth):
    tree = game_tree(start, depth, sol, max_nodes=10**6)
    assert not tree.truncated
    assert len(tree.nodes) == count_nodes(start, depth)
    assert max(node.depth for node in tree.nodes) <= depth


@pytest.mark.parametrize("start", [92, 4708])
def test_full_structure_matches_reference(sol, start):
    tree = game_tree(start, 6, sol, max_nodes=10**6)
    nodes = by_path(tree)
    expected = ref_tree(start, 6)
    assert set(nodes) == set(expected)
    for path, facts in expected.items():
        node = nodes[path]
        assert node.depth == len(path)
        assert (node.position, node.square, node.repeat, node.expanded) == (
            facts["position"],
            facts["square"],
            facts["repeat"],
            facts["expanded"],
        ), path
        if path:
            assert node.move == (Move.TAKE if path[-1] == "t" else Move.PUT)
        else:
            assert node.move is None


def test_nodes_are_breadth_first(sol):
    tree = game_tree(4708, 6, sol, max_nodes=10**6)
    depths = [node.depth for node in tree.nodes]
    assert depths == sorted(depths)
    seen = set()
    for node in tree.nodes:
        if node.path:
            assert node.parent_path in seen
        seen.add(node.path)


@pytest.mark.parametrize("cap", [1, 2, 3, 4, 5, 10, 37, 100])
def test_max_nodes_cap(sol, cap):
    full = count_nodes(4708, 12)
    assert full > 100
    tree = game_tree(4708, 12, sol, max_nodes=cap)
    assert tree.truncated
    assert tree.max_nodes == cap
    assert 1 <= len(tree.nodes) <= cap
    _check_consistent(tree)


def test_cap_equal_to_full_size_is_not_truncated(sol):
    full = count_nodes(92, 6)
    tree = game_tree(92, 6, sol, max_nodes=full)
    assert not tree.truncated
    assert len(tree.nodes) == full
    cut = game_tree(92, 6, sol, max_nodes=full - 1)
    assert cut.truncated
    assert len(cut.nodes) <= full - 1


def test_default_cap_holds(sol):
    tree = game_tree(4708, 30, sol)
    assert tree.truncated
    assert len(tree.nodes) <= tree.max_nodes
    _check_consistent(tree)


def _check_consistent(tree):
    """Expanded nodes have exactly their two children, others none."""
    children: dict[str, list[str]] = {node.path: [] for node in tree.nodes}
    for node in tree.nodes:
        if node.path:
            children[node.parent_path].append(node.path)
    for node in tree.nodes:
        want = [node.path + "t", node.path + "p"] if node.expanded else []
        assert children[node.path] == want, node.path


# ---------------------------------------------------------------------------
# Toggled paths
# ---------------------------------------------------------------------------


def test_toggle_leaf_expands_it(sol):
    depth = 2
    base = ref_tree(4708, depth)
    leaves = [p for p, f in base.items() if len(p) == depth and not f["square"] and not f["repeat"]]
    assert leaves
    for leaf in leaves:
        tree = game_tree(4708, depth, sol, toggled=[leaf])
        nodes = by_path(tree)
        assert set(nodes) == set(base) | {leaf + "t", leaf + "p"}
        assert nodes[leaf].expanded
        t, p = kids(base[leaf]["position"])
        assert nodes[leaf + "t"].position == t
        assert nodes[leaf + "p"].position == p
        assert not nodes[leaf + "t"].expanded and not nodes[leaf + "p"].expanded


def test_toggle_internal_collapses_it(sol):
    base = set(ref_tree(4708, 4))
    for internal in ("", "t", "p", "pt"):
        nodes = by_path(game_tree(4708, 4, sol, toggled={internal}))
        expected = {p for p in base if not (p.startswith(internal) and len(p) > len(internal))}
        assert set(nodes) == expected, internal
        assert not nodes[internal].expanded


def test_toggles_match_reference_model(sol):
    toggled = frozenset({"p", "tp", "ttt", "tpt", "tttt", "nonsense"})
    tree = game_tree(4708, 3, sol, toggled=toggled)
    expected = ref_tree(4708, 3, toggled)
    nodes = by_path(tree)
    assert set(nodes) == set(expected)
    for path, facts in expected.items():
        assert nodes[path].expanded == facts["expanded"], path
        assert nodes[path].position == facts["position"], path


def test_toggle_root_at_depth_zero(sol):
    nodes = by_path(game_tree(92, 0, sol, toggled=[""]))
    assert set(nodes) == {"", "t", "p"}
    assert [nodes[p].position for p in ("t", "p")] == [11, 173]


def test_toggling_a_square_does_nothing(sol):
    base = ref_tree(92, 3)
    squares = [p for p, f in base.items() if f["square"]]
    assert squares
    nodes = by_path(game_tree(92, 3, sol, toggled=squares))
    assert set(nodes) == set(base)


# ---------------------------------------------------------------------------
# Values and best moves
# ---------------------------------------------------------------------------


# 3860 (L) and 7917 (W) are positions whose remoteness is only bounded at 30,000
# (a solver fact; check_node_value compares the numbers with the reference).
@pytest.mark.slow
@pytest.mark.parametrize(
    "start", [2, 5, 11, 29, 92, 201, 257, 580, 1276, 1809, 3860, 3889, 4413, 4708, 7917, 9280, 15_000, 29_000]
)
def test_values_and_best_flags_match_reference(sol, ref, start):
    letters, rem = ref
    tree = game_tree(start, 5, sol, max_nodes=10**6)
    nodes = by_path(tree)
    assert not nodes[""].best
    bounded = 0
    for node in tree.nodes:
        bounded += check_node_value(node, sol, letters, rem)
        if node.expanded:
            best = ref_best(node.position, letters, rem, BOUND)
            got = {m for m in "tp" if nodes[node.path + m].best}
            assert got == best, (start, node.path, node.position)
    if start in (3860, 7917):
        assert nodes[""].remoteness is None and nodes[""].remoteness_at_most == rem[start]
        assert bounded > 0


def test_win_fastest_between_two_losing_children(sol):
    # 201 = 14**2 + 5: take -> 5 (layer 2), put -> 397 (layer 6), both L by
    # thesis Appendix A.  Winning fastest means taking.
    nodes = by_path(game_tree(201, 1, sol))
    assert (nodes["t"].position, nodes["p"].position) == (5, 397)
    assert (nodes["t"].outcome, nodes["t"].remoteness) == (Outcome.L, 2)
    assert (nodes["p"].outcome, nodes["p"].remoteness) == (Outcome.L, 6)
    assert nodes["t"].best and not nodes["p"].best
    assert nodes[""].outcome == Outcome.W and nodes[""].remoteness == 3


def test_bounded_root_and_best_move_8637():
    # 8637 = 92**2 + 173; put -> 17101 = 130**2 + 201, whose put is 34001.
    # Brute force: at bound 34,000, 173 is L (10) and 17101 U, so 8637 wins
    # in at most 11 by taking; at 34,001, 17101 is L (4) and 8637 wins in 5
    # by putting.  So the bound-34,000 value 11 is only an upper bound.
    low_l, low_r = naive_queue_solve(34_000)
    high_l, high_r = naive_queue_solve(34_001)
    assert (low_l[8637], low_r[8637], low_l[173], low_r[173], low_l[17101]) == ("W", 11, "L", 10, "U")
    assert (high_l[8637], high_r[8637], high_l[17101], high_r[17101]) == ("W", 5, "L", 4)

    low = by_path(game_tree(8637, 1, solve(34_000)))
    assert (low[""].outcome, low[""].remoteness, low[""].remoteness_at_most) == (Outcome.W, None, 11)
    assert (low["t"].position, low["p"].position) == (173, 17101)
    assert (low["t"].outcome, low["t"].remoteness, low["t"].remoteness_at_most) == (Outcome.L, 10, 10)
    assert (low["p"].outcome, low["p"].remoteness, low["p"].remoteness_at_most) == (Outcome.U, None, None)
    assert low["t"].best and not low["p"].best

    high = by_path(game_tree(8637, 1, solve(34_001)))
    assert (high[""].outcome, high[""].remoteness, high[""].remoteness_at_most) == (Outcome.W, 5, 5)
    assert (high["p"].outcome, high["p"].remoteness, high["p"].remoteness_at_most) == (Outcome.L, 4, 4)
    assert high["p"].best and not high["t"].best


@pytest.mark.slow
def test_best_flags_near_the_bound(sol, ref):
    # Put children above the bound are U (or W if square): exercises those ranks.
    letters, rem = ref
    ranks = set()
    for start in range(BOUND // 2 - 300, BOUND // 2 + 300):
        tree = game_tree(start, 1, sol)
        if len(tree.nodes) == 1:
            continue
        nodes = by_path(tree)
        best = ref_best(start, letters, rem, BOUND)
        assert {m for m in "tp" if nodes[m].best} == best, start
        ranks.add((letters[kids(start)[0]], ref_value(kids(start)[1], letters, rem, BOUND)[0]))
    # The sample covers an L take child and U / W put children above the bound.
    assert {("L", "U"), ("W", "U")} <= ranks


def test_best_ties_flag_both():
    # Positions whose two children have the same outcome (W or L) and the
    # same remoteness in the reference: both moves are best.
    letters, rem = naive_solve(3000)
    small = solve(3000)
    found = 0
    for n in range(1, 1400):
        t, p = kids(n)
        if is_sq(n) or p > 3000:
            continue
        if letters[t] == letters[p] and letters[t] in "WL" and rem[t] == rem[p]:
            nodes = by_path(game_tree(n, 1, small))
            assert nodes["t"].best and nodes["p"].best, n
            found += 1
    assert found > 0


@pytest.mark.slow
def test_thesis_4708(sol_big, ref_big):
    # Thesis Appendix A puts 4708 in layer 6 (an L position, remoteness 6);
    # the brute force agrees.  (The Fig 1 text says "lose in four moves",
    # which counts moves differently.)
    letters, rem = ref_big
    assert (letters[4708], rem[4708]) == ("L", 6)
    tree = game_tree(4708, 2, sol_big)
    root = tree.nodes[0]
    assert root.position == 4708
    assert root.outcome == Outcome.L and root.remoteness == 6
    nodes = by_path(tree)
    # Fig 1: whatever the first player does, the second can win.
    assert nodes["t"].position == 84 and nodes["p"].position == 9332
    assert nodes["t"].outcome == Outcome.W and nodes["p"].outcome == Outcome.W
    assert {nodes["t"].remoteness, nodes["p"].remoteness} <= {1, 3, 5}
    assert max(nodes["t"].remoteness, nodes["p"].remoteness) == 5


def test_92_has_remoteness_11(sol_big):
    root = game_tree(92, 1, sol_big).nodes[0]
    assert root.outcome == Outcome.W and root.remoteness == 11


# ---------------------------------------------------------------------------
# to_dict
# ---------------------------------------------------------------------------


def test_to_dict_nests_and_serialises(sol, ref):
    letters, rem = ref
    tree = game_tree(4708, 4, sol)
    data = tree.to_dict()
    text = json.dumps(data)
    back = json.loads(text)
    assert back["start"] == 4708
    assert back["depth"] == 4
    assert back["bound"] == BOUND
    assert back["truncated"] is False
    assert back["max_nodes"] == tree.max_nodes
    expected = ref_tree(4708, 4)

    count = 0

    def walk(item, path):
        nonlocal count
        count += 1
        facts = expected[path]
        assert item["position"] == facts["position"]
        assert item["square"] == facts["square"]
        assert item["repeat"] == facts["repeat"]
        o, r = ref_value(facts["position"], letters, rem, BOUND)
        assert item["outcome"] == o
        if o in ("D", "U"):
            assert item["remoteness"] is None and item["remoteness_at_most"] is None
        else:
            assert item["remoteness_at_most"] == r
            bounded = facts["position"] <= BOUND and sol.packed_remoteness[facts["position"]] < -1
            assert item["remoteness"] == (None if bounded else r)
        assert item["move"] == (None if not path else {"t": "take", "p": "put"}[path[-1]])
        assert isinstance(item["best"], bool)
        assert isinstance(item["beyond_bound"], bool)
        if facts["expanded"]:
            assert len(item["children"]) == 2
            walk(item["children"][0], path + "t")
            walk(item["children"][1], path + "p")
        else:
            assert item["children"] == []

    walk(back["root"], "")
    assert count == len(expected)


def test_to_dict_huge_positions_exact(sol):
    n = (10**15 + 7) ** 2 + 3
    back = json.loads(json.dumps(game_tree(n, 1, sol).to_dict()))
    assert back["root"]["position"] == n
    assert [c["position"] for c in back["root"]["children"]] == [3, 2 * (10**15 + 7) ** 2 + 3]
    assert back["root"]["remoteness"] is None
    assert back["root"]["remoteness_at_most"] is None
    assert back["root"]["outcome"] == "U"
    square = json.loads(json.dumps(game_tree(10**30, 1, sol).to_dict()))["root"]
    assert (square["outcome"], square["remoteness"], square["remoteness_at_most"]) == ("W", 1, 1)


def test_to_dict_remoteness_values(sol_big):
    back = json.loads(json.dumps(game_tree(92, 1, sol_big).to_dict()))
    assert back["root"]["outcome"] == "W" and back["root"]["remoteness"] == 11
    assert back["root"]["remoteness_at_most"] == 11
    # 92 - 81 = 11, 92 + 81 = 173.
    assert [c["position"] for c in back["root"]["children"]] == [11, 173]


@pytest.mark.slow
def test_to_dict_bounded_remoteness(sol_big, ref_big):
    # 29704 is the first position whose remoteness is only bounded at 10**6
    # (L in at most 12, the reference's bounded value).
    letters, rem = ref_big
    assert (letters[29704], rem[29704]) == ("L", 12)
    tree = game_tree(29704, 3, sol_big)
    back = json.loads(json.dumps(tree.to_dict()))
    root = back["root"]
    assert (root["outcome"], root["remoteness"], root["remoteness_at_most"]) == ("L", None, 12)
    stack = [root]
    while stack:
        item = stack.pop()
        stack.extend(item["children"])
        assert "remoteness_at_most" in item
        check_node_value(next(n for n in tree.nodes if n.position == item["position"]), sol_big, letters, rem)
        if item["outcome"] in ("W", "L"):
            assert item["remoteness_at_most"] == rem[item["position"]]


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("start", [0, -3])
def test_start_below_one(sol, start):
    with pytest.raises(ValueError):
        game_tree(start, 2, sol)


@pytest.mark.parametrize("start", [2.5, "12", True])
def test_start_not_an_integer(sol, start):
    with pytest.raises(TypeError):
        game_tree(start, 2, sol)


def test_negative_depth(sol):
    with pytest.raises(ValueError):
        game_tree(5, -1, sol)


@pytest.mark.parametrize("cap", [0, -1])
def test_bad_cap(sol, cap):
    with pytest.raises(ValueError):
        game_tree(5, 2, sol, max_nodes=cap)
