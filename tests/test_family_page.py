"""The page for every game of the family: setup, tree, records, comparison, URL."""

from __future__ import annotations

import itertools

import pytest
from dash import no_update
from naive_family import naive_queue_solve

from dashboard import setup_callbacks, urlstate
from dashboard.tabs.explore import callbacks, family
from dashboard.tabs.explore import ids as explore_ids
from dashboard.tabs.explore import tree as view
from solver.analysis.comparison import compare_rules
from solver.analysis.records import records
from solver.engine import solve
from solver.games import RULE_NAMES, RULES


def test_the_setup_carries_the_game_and_its_bound():
    request, *messages = setup_callbacks.make_setup("1000", "100", "subtract-a-square")
    assert request == {"n": 1000, "alpha": 100, "bound": 1001, "rule": "subtract-a-square"}
    request, *_ = setup_callbacks.make_setup("1000", "100", "put-or-take-a-prime")
    assert request["bound"] == 100_000
    request, n_msg, alpha_msg, setup_msg, *_ = setup_callbacks.make_setup("1000", "100", "<script>")
    assert request is no_update and "no game named" in setup_msg
    request, *_ = setup_callbacks.make_setup("1000", "100", 17)
    assert request is no_update


def _nodes(elements):
    return [e for e in elements if "source" not in e["data"]]


@pytest.mark.parametrize("rule", ["subtract-a-square", "square-but-one", "put-or-take-a-power-of-3"])
def test_the_tree_of_another_game_is_drawn_and_its_best_line_expands(rule):
    setup = {"n": 400, "alpha": 10, "rule": rule}
    elements, state, message, error = view.make_tree(None, setup, "50", 2, None, None)
    assert error == "" and elements
    nodes = _nodes(elements)
    solution = solve(callbacks.setups.validated_setup(setup)["bound"], rule=rule)
    by_path = {n["data"]["path"]: n for n in nodes}
    root = by_path[""]
    kids = sorted((p for p in by_path if p and view.path_parent(p) == ""), key=view.path_order)
    assert [int(by_path[p]["data"]["position"]) for p in kids] == list(RULES[rule].children(50))
    assert root["data"]["outcome"] == solution.value(50)[0].name
    # No two boxes overlap.
    boxes = []
    for n in nodes:
        x, y, w, h = n["position"]["x"], n["position"]["y"], n["data"]["w"], n["data"]["h"]
        boxes.append((x - w / 2, y - h / 2, x + w / 2, y + h / 2))
    for a, b in itertools.combinations(boxes, 2):
        assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
    best, state2, _, _ = view.make_tree(explore_ids.TREE_BEST, setup, "50", 2, None, state)
    assert len(_nodes(best)) >= len(nodes)
    # A click on a child path of the new form is accepted.
    grown, _, note, _ = view.make_tree(explore_ids.TREE_ACTION, setup, "50", 1, {"path": kids[0], "seq": 3}, state)
    assert "click a node" not in note


def test_records_view_agrees_with_records():
    setup = {"n": 500, "alpha": 10, "rule": "put-or-take-a-triangular-number"}
    rows, message = family.make_records(setup)
    expected = records(solve(5000, rule="put-or-take-a-triangular-number"))
    assert rows == expected["records"]
    assert "Put-or-Take-a-Triangular-Number at bound B = 5,000" in message
    assert family.make_records(None)[0] == []
    sent, note = family.make_bfile("N", setup)
    lines = [line for line in sent["content"].splitlines() if not line.startswith("#")]
    assert lines[:3] == ["1 1", "2 3", "3 5"]  # 1, 3 and 6 win at once; 5 is W too
    letters, _ = naive_queue_solve(RULES["put-or-take-a-triangular-number"].children, 5000)
    assert [int(line.split()[1]) for line in lines] == [n for n in range(5001) if letters[n] == "W"][: len(lines)]
    assert family.make_bfile("Z", setup)[0] is no_update


def test_compare_view_agrees_with_compare_rules():
    rows, message = family.make_compare({"n": 200, "alpha": 10})
    table = compare_rules(200, 2000, rules=[r for r in RULE_NAMES if RULES[r].climbs])
    by_rule = {row["rule"]: row for row in rows}
    assert list(by_rule) == list(RULE_NAMES)
    for expected in table.to_dict("records"):
        got = by_rule[expected["rule"]]
        assert (got["W"], got["L"], got["D"], got["U"]) == (expected["W"], expected["L"], expected["D"], expected["U"])
    # The games that never climb are solved at N + 1.
    assert by_rule["subtract-a-square"]["bound"] == 201
    assert by_rule["subtract-a-square"]["first_L"].startswith("2, 5, 7, 10")


def test_convergence_of_a_game_that_never_climbs_says_why():
    fig, rows, message, *_ = callbacks.make_convergence(None, {"n": 100, "alpha": 10, "rule": "square-but-one"})
    assert rows == [] and "never climbs" in message


def test_the_url_holds_the_game_and_the_heaps():
    assert urlstate.CHECKS["rule"]("square-but-one") == "square-but-one"
    with pytest.raises(ValueError, match="the game must be one of"):
        urlstate.CHECKS["rule"]("square-but-two")
    assert urlstate.CHECKS["heaps"]("5, 5,1") == "5,5,1"
    with pytest.raises(ValueError):
        urlstate.CHECKS["heaps"]("5,-1")
    keys = [key for key, *_ in urlstate.PARAMS]
    assert "rule" in keys and "heaps" in keys and "srule" in keys


def test_misere_layers_colour_w_by_even_remoteness():
    w, lose = callbacks.make_layers({"n": 200, "alpha": 10, "rule": "subtract-a-square-misere"}, 4)
    # Layer 1 of misère subtract-a-square is {1}, an L position: it belongs in the L figure.
    l_values = {y for trace in lose.data for y in ([] if trace.y is None else list(trace.y))}
    w_values = {y for trace in w.data for y in ([] if trace.y is None else list(trace.y))}
    assert 1 in l_values and 1 not in w_values and 2 in w_values


def test_nim_values_view_and_inspector_row():
    from dashboard.tabs.inspect.callbacks import nim_text
    from solver.values.nimvalues import INF, nim_values

    setup = {"n": 300, "alpha": 10, "rule": "put-or-take-a-square"}
    figure, message = family.make_nim_values(setup)
    table = nim_values("put-or-take-a-square", 300, 3000)
    counts = {trace.name.split(":")[0]: int(trace.name.split(": ")[1].replace(",", "")) for trace in figure.data}
    assert counts["value 0 (L)"] == int((table.value[1:] == 0).sum())
    assert sum(counts.values()) == 300
    # Every L position of the W/L/D solve has value 0, and value 0 is exactly L (where both are known).
    solution = solve(3000)
    for n in range(1, 301):
        if solution.value(n)[0].name == "L":
            assert table.value[n] == 0
    # A position the view calls a draw (value inf(K), 0 not in K) is never W or L at a far larger bound.
    far = solve(10**6)
    drawn = [n for n in range(1, 301) if table.value[n] == INF and not table.k_mask[n] & 1]
    assert drawn and all(far.value(n)[0].name in ("D", "U") for n in drawn)
    assert nim_text(5, {"setup": setup}) == "0"
    assert nim_text(10**6, {"setup": setup}) == "? (above the bound)"
    assert "no nim values" in nim_text(3, {"setup": {**setup, "rule": "subtract-a-square-misere"}})
    figure, message = family.make_nim_values({**setup, "rule": "subtract-a-square-misere"})
    assert "no nim values" in message
