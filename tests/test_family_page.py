"""The page for every game of the family: setup, tree, records, comparison, URL."""

from __future__ import annotations

import itertools

import pytest
from dash import no_update
from naive_family import naive_queue_solve

from dashboard import setup_callbacks, urlstate
from dashboard.tabs.explore import callbacks, convergence, family
from dashboard.tabs.explore import ids as explore_ids
from dashboard.tabs.explore import tree as view
from solver.analysis.comparison import compare_rules
from solver.analysis.records import records
from solver.engine import solve
from solver.games import RULE_NAMES, RULES
from solver.values.tree import path_order, path_parent


def test_the_setup_carries_the_game_and_its_bound():
    request, *messages = setup_callbacks.make_setup("1000", "100", "subtract-a-square")
    assert request == {"n": 1000, "alpha": 100, "bound": 1001, "rule": "subtract-a-square"}
    request, *_ = setup_callbacks.make_setup("1000", "100", "put-or-take-a-prime")
    assert request["bound"] == 100_000
    request, n_msg, alpha_msg, setup_msg, *_ = setup_callbacks.make_setup("1000", "100", "<script>")
    assert request is no_update and "no game named" in setup_msg
    request, *_ = setup_callbacks.make_setup("1000", "100", 17)
    assert request is no_update


@pytest.mark.parametrize("rule", list(RULE_NAMES))
def test_the_alpha_hint_follows_the_game(rule):
    import json

    from dashboard import callbacks as page_callbacks
    from dashboard.controls import alpha_hint
    from dashboard.setup import rule_bound

    # What the hint says must be what the setup does: does alpha change the bound?
    uses_alpha = rule_bound(100, 3, RULES[rule]) != rule_bound(100, 7, RULES[rule])
    hint = alpha_hint(RULES[rule])
    if uses_alpha:
        assert hint == " bound B = alpha × N"
    else:
        assert hint == " not used by this game: B = N + 1" and rule_bound(100, 3, RULES[rule]) == 101
    # The page's script reads the same text for the chosen game.
    assert json.loads(page_callbacks._GAMES)[rule]["alpha_hint"] == hint


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
    kids = sorted((p for p in by_path if p and path_parent(p) == ""), key=path_order)
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


def _first_undecided(classes):
    """Decided below, from the brute-force classes: the position before the first U."""
    return next(i for i in range(1, len(classes)) if classes[i].startswith("U")) - 1


def test_records_and_b_files_stop_at_decided_below_unless_the_partial_terms_are_asked_for():
    from naive import naive_classes

    setup = {"n": 300, "alpha": 10}
    classes = naive_classes(3000)
    decided = _first_undecided(classes)
    _rows, message = family.make_records(setup)
    assert f"Decided below {decided:,}: every position 1..{decided:,} is W, L or D" in message
    sent, note = family.make_bfile("D", setup)
    terms = [int(line.split()[1]) for line in sent["content"].splitlines() if not line.startswith("#")]
    assert terms == [n for n in range(decided + 1) if classes[n] == "D"]  # complete, and no further
    assert f"complete up to {decided:,}" in note and "tick the partial terms" in note
    assert f"# complete up to {decided}" in sent["content"] and "partial from here" not in sent["content"]
    wide, note = family.make_bfile("D", setup, ["on"])
    assert wide["filename"].endswith("-partial.txt") and "may still grow" in note
    lines = wide["content"].splitlines()
    mark = next(i for i, line in enumerate(lines) if line.startswith("# partial from here"))
    after = [int(line.split()[1]) for line in lines[mark + 1 :]]
    assert after and after[0] > decided and all(classes[n] == "D" for n in after)
    # Anything but ["on"] (a hostile value) writes the complete prefix only.
    for odd in (None, "on", [1], {"on": 1}):
        assert "partial from here" not in family.make_bfile("D", setup, odd)[0]["content"]


def test_compare_view_counts_the_partial_facts_and_decided_below():
    from naive import naive_classes

    rows, _message = family.make_compare({"n": 300, "alpha": 10})
    square = next(row for row in rows if row["rule"] == "put-or-take-a-square")
    classes = naive_classes(3000)
    assert square["U_not_L"] == classes[1:301].count("U (not L)") > 0
    assert square["U_not_W"] == classes[1:301].count("U (not W)") > 0
    assert square["decided_below"] == _first_undecided(classes)
    # A game that never climbs is exact at N + 1: nothing is U, every position decided.
    subtract = next(row for row in rows if row["rule"] == "subtract-a-square")
    assert subtract["U"] == subtract["U_not_L"] == subtract["U_not_W"] == 0 and subtract["decided_below"] == 301


def test_nim_values_agree_with_the_classes_at_the_thesis_setup():
    figure, message, style = family.make_nim_values({"n": 10_000, "alpha": 100})
    assert style == family.NIM_SHOWN
    # The thesis's setup: 9,030 draws, 157 L; the 11 U are ? (8 cannot be L, 3 cannot be W).
    assert "They agree with the W/L/D views position by position: 9,030 draws" in message
    assert "157 L; 11 of the ? are U there (8 cannot be L, 3 cannot be W)" in message


def test_nim_agreement_names_the_positions_that_disagree():
    import numpy as np

    from solver.engine.codes import CLASS_D, CLASS_L, CLASS_UW, CLASS_W
    from solver.graphs.smith import INF
    from solver.values.nimvalues import UNKNOWN

    value = np.array([0, 3, INF, INF, UNKNOWN, 0])
    k_mask = np.array([0, 0, 1, 2, 0, 0])
    classes = np.array([CLASS_L, CLASS_W, CLASS_W, CLASS_D, CLASS_UW, CLASS_L])
    assert family.nim_agreement(value, k_mask, classes).startswith("They agree with the W/L/D views")
    classes[5] = CLASS_D  # value 0 says L
    assert family.nim_agreement(value, k_mask, classes) == "They disagree with the W/L/D views at 1 position (6)."


def test_convergence_of_a_game_that_never_climbs_says_why():
    fig, rows, message, *_ = convergence.make_convergence(None, {"n": 100, "alpha": 10, "rule": "square-but-one"})
    assert rows == [] and "never climbs" in message


def test_the_url_holds_the_game_and_the_heaps():
    assert urlstate.CHECKS["game"]("square-but-one") == "square-but-one"
    with pytest.raises(ValueError, match="no game is named 'square-but-two'"):
        urlstate.CHECKS["game"]("square-but-two")
    # An old address's rule= is read as the game.
    values, ignored = urlstate.read_query("?rule=square-but-one")
    assert values[0] == "square-but-one" and ignored == []
    assert urlstate.CHECKS["heaps"]("5, 5,1") == "5,5,1"
    with pytest.raises(ValueError):
        urlstate.CHECKS["heaps"]("5,-1")
    keys = [key for key, *_ in urlstate.PARAMS]
    assert "game" in keys and "rule" not in keys and "heaps" in keys and "srule" in keys


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
    figure, message, _style = family.make_nim_values(setup)
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
    figure, message, style = family.make_nim_values({**setup, "rule": "subtract-a-square-misere"})
    # The reason is said once, in the message; the chart is hidden (it once repeated it inside empty axes).
    assert "no nim values" in message and style == family.NIM_HIDDEN and not figure["data"]
    assert "no nim values" not in str(figure)


def test_nim_values_too_long_for_the_page_say_so_once():
    from dashboard.setup import NIM_SECONDS
    from solver import get_rule
    from solver.engine.nim import nim_values_seconds

    # N = 10**6 at alpha = 100: the estimate is above the page's limit (the solver's own estimate, not run).
    assert nim_values_seconds(get_rule("put-or-take-a-square"), 10**6, 10**8) > NIM_SECONDS
    figure, message, style = family.make_nim_values({"n": 10**6, "alpha": 100, "bound": 10**8})
    assert "would take about" in message and "python -m solver nim-values" in message
    assert style == family.NIM_HIDDEN and "would take" not in str(figure)


def test_every_graph_starts_blank_not_as_empty_axes():
    from dash import dcc

    from dashboard.components import BLANK_FIGURE, graph
    from dashboard.tabs.explore.family import nim_panel

    made = graph("some-graph").children
    assert isinstance(made, dcc.Graph) and made.figure["layout"]["xaxis"] == {"visible": False}
    assert made.figure["data"] == [] and BLANK_FIGURE["layout"]["yaxis"] == {"visible": False}
    # Before its first answer the Nim values view says what it waits for.
    assert "once the page's bound is solved" in str(nim_panel())


def test_no_nim_marker_hides_under_another_kind():
    # Each kind of value has rows of its own: the W of ∞{K} with 0 in K (795 of them at the thesis's setup)
    # once sat on the draws' row, under them.
    figure, _message, _style = family.make_nim_values({"n": 10_000, "alpha": 100})
    rows = {trace.name.split(":")[0]: set(trace.y.tolist()) for trace in figure.data}
    names = list(rows)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            if "finite" in a or "finite" in b or "value 0" in a or "value 0" in b:
                continue  # finite values share the value axis (0 and the values above 0 never meet)
            assert not rows[a] & rows[b], (a, b)
    wins = next(t for t in figure.data if t.name.startswith("∞{K}, 0 in K"))
    assert int(wins.name.split(": ")[1].replace(",", "")) == len(wins.x) > 700
