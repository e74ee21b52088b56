"""Spring Cleaning (solver.impartial.spring_cleaning) against a brute force over whole grids and the sources.

The sources are the blog posts "Spring Cleaning I" (rules; the rectangle
rule) and "Spring Cleaning II" (the table of L-shapes; the zigzags and
Couples are Forever).  The brute force (``tests/naive_impartial.py``) plays
the whole grid from the rules, with no split into groups and no symmetry,
under either reading of "a sweep": a maximal run, or any part of one.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_impartial import couples_are_forever_values, grid_cells, make_reference, spring_cleaning_moves

from solver import NotApplicableError, impartial_game
from solver.impartial import (
    couples_values,
    grundy_values,
    l_shape,
    l_shape_table,
    l_shape_value,
    spring_cleaning,
    spring_cleaning_grids,
    zigzag,
    zigzag_values,
)

GAME = impartial_game("spring-cleaning")
GRUNDY, WINS, REMOTENESS = make_reference(spring_cleaning_moves)
PART_GRUNDY, _, _ = make_reference(lambda cells: spring_cleaning_moves(cells, "part"))


def _rectangle(rows: int, cols: int) -> str:
    return "/".join(["#" * cols] * rows)


def _mirror(text: str, t: int) -> str:
    """One of the 8 symmetries of the square applied to a grid."""
    rows = text.split("/")
    if t & 1:
        rows = ["".join(col) for col in zip(*rows, strict=True)]
    if t & 2:
        rows = rows[::-1]
    if t & 4:
        rows = [row[::-1] for row in rows]
    return "/".join(rows)


# --- "Spring Cleaning I": the rectangle rule and what a sweep is ---------------------------------------


def test_the_rectangle_rule_holds_with_maximal_runs():
    for rows in range(1, 7):
        for cols in range(1, 6):
            expected = 1 if rows % 2 and cols % 2 else 0 if rows % 2 == 0 and cols % 2 == 0 else 2
            assert GAME.value(GAME.parse(_rectangle(rows, cols))) == expected, (rows, cols)
            if rows * cols <= 12:
                assert GRUNDY(grid_cells(_rectangle(rows, cols))) == expected, (rows, cols)


def test_full_rectangles_are_valued_by_the_rule_as_the_search_and_the_brute_force_give():
    # The kernel's search on a table of its own (the game answers a full rectangle by the rule, with no search).
    for rows in range(1, 5):
        for cols in range(1, 5):
            cells = spring_cleaning_grids._cells(*spring_cleaning_grids._mask(GAME.parse(_rectangle(rows, cols))))
            table = spring_cleaning._Table()
            gid = table.group_id(cells, add=True)
            assert table.solve([gid], 10**6)
            searched = int(table.vals[gid])
            rule = spring_cleaning.rectangle_value(rows, cols)
            assert searched == rule == GRUNDY(grid_cells(_rectangle(rows, cols))), (rows, cols)
            assert GAME.value(GAME.parse(_rectangle(rows, cols))) == rule
    with pytest.raises(ValueError):
        spring_cleaning.rectangle_value(0, 3)


def test_full_rectangles_of_any_size_are_valued_at_once():
    # "Full grid" of the page: 5 x 6 (a search of about 7 s), 4 x 8, 6 x 6 and 20 x 20 (7e32 bytes by the estimate).
    for (rows, cols), expected in {(5, 6): 2, (4, 8): 0, (6, 6): 0, (20, 20): 0, (7, 9): 1, (1, 64): 2}.items():
        grid = GAME.parse(_rectangle(rows, cols))
        assert GAME.value(grid, max_seconds=0.5) == expected, (rows, cols)
        assert GAME.value_cost(grid).seconds == 0
        assert [p["value"] for p in GAME.parts(grid, max_seconds=0.5)] == [expected]
    # Two rectangles side by side: the nim-sum of the rule's values; a rectangle less one piece is searched.
    assert GAME.value(GAME.parse("######.###/######.###"), max_seconds=0.5) == 0 ^ 2
    assert GAME.value_cost(GAME.parse("######/######/#####.")).seconds > 0


def test_sweeping_part_of_a_run_breaks_the_rectangle_rule():
    # With sweeps of any consecutive block of a run, a 1 x n bar is a nim heap of n: the 1 x 3 bar has value 3,
    # not the rule's 1, and every bar of 3 or more pieces breaks the rule.
    assert [PART_GRUNDY(grid_cells("#" * n)) for n in range(1, 7)] == [1, 2, 3, 4, 5, 6]
    assert [GRUNDY(grid_cells("#" * n)) for n in range(1, 7)] == [1, 2, 1, 2, 1, 2]


def test_the_sources_worked_example():
    # "Spring Cleaning I": after the winning sweep, rectangles 1x1, 1x3, 1x2 and 1x2: values 1, 1, 2, 2, nim-sum 0.
    parts = ["#", "###", "##", "#/#"]
    assert [GAME.value(GAME.parse(p)) for p in parts] == [1, 1, 2, 2]
    assert GAME.sum_value([GAME.parse(p) for p in parts]) == 0
    # The opponent sweeps the middle piece of the 1x3 (a vertical sweep): nim-sum 1, and sweeping a lone piece
    # answers it.  Sweeping a whole 1x2 instead leaves three 1x1 and one 1x2, "a Nim pile of size 3"; the winning
    # reply reduces that 1x2 to a 1x1.
    assert GAME.sum_value([GAME.parse(p) for p in ["#", "#.#", "##", "#/#"]]) == 1
    assert GAME.sum_value([GAME.parse(p) for p in ["#.#", "##", "#/#"]]) == 0
    assert GAME.sum_value([GAME.parse(p) for p in ["#", "#.#", "#/#"]]) == 3
    assert GAME.sum_value([GAME.parse(p) for p in ["#", "#.#", "#"]]) == 0


# --- "Spring Cleaning II": the L-shapes ----------------------------------------------------------------------

#: The source's table of L-shapes, legs 2..6: rows a, columns b.
SOURCE_L = [
    [0, 4, 4, 0, 3],
    [4, 1, 0, 1, 0],
    [3, 0, 3, 0, 3],
    [0, 1, 0, 1, 0],
    [3, 0, 3, 0, 3],
]


def test_the_l_table_against_the_source():
    found = l_shape_table(6)
    assert found == [list(column) for column in zip(*found, strict=True)]  # an L turned over is the same shape
    differ = [(a + 2, b + 2) for a in range(5) for b in range(5) if found[a][b] != SOURCE_L[a][b]]
    # Disagreement with the source: its (2,4) entry is 4, the computed value is 3.  The (4,2)-L is the same shape
    # turned over, and the source gives it 3.  Every other entry agrees, (2,6) and (6,2) included (3 both).
    assert differ == [(2, 4)]
    assert found[0][2] == 3 and SOURCE_L[0][2] == 4 and SOURCE_L[2][0] == 3
    assert found[0][4] == SOURCE_L[0][4] == 3 == SOURCE_L[4][0]


def test_the_five_three_l():
    # The source: the (5,3)-L has value 1, and sweeping the second column (one piece) leaves two bars of three.
    assert l_shape(5, 3) == "#####/#..../#...."
    assert l_shape_value(5, 3) == 1 == GRUNDY(grid_cells(l_shape(5, 3)))
    moves = dict(GAME.moves(GAME.parse(l_shape(5, 3))))
    after = moves["sweep the piece at row 1, column 2"]
    assert "/".join(after) == "#.###/#..../#...." and GAME.value(after) == 0
    assert sorted(p["position"] for p in GAME.parts(after)) == ["###", "#/#/#"]


@pytest.mark.parametrize(("a", "b"), [(a, b) for a in range(1, 6) for b in range(1, 6)])
def test_l_shapes_match_brute_force(a, b):
    assert l_shape_value(a, b) == GRUNDY(grid_cells(l_shape(a, b))) == GAME.value(GAME.parse(l_shape(a, b)))
    assert l_shape_value(a, b) == l_shape_value(b, a)


# --- "Spring Cleaning II": the zigzags and Couples are Forever ------------------------------------------------

#: The source's table "Z(1)" to "Z(15)".
SOURCE_Z = [0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4]


def test_zigzag_shape():
    assert zigzag(1) == "#"
    assert zigzag(3) == "##/.#"
    assert zigzag(5) == "##./.##/..#"
    assert all(zigzag(n).count("#") == n for n in range(1, 64))


def test_zigzags_are_the_sources_table_shifted_by_two():
    found = zigzag_values(13)
    assert found == [1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4]
    # Disagreement with the source's indexing: its table is Couples are Forever on piles 1..15; the staircase of
    # n pieces has the value of entry n + 2.  Entries 1 and 2 (0, 0) are piles that cannot be split; no group of
    # one or two pieces has value 0 (one piece: 1; two: 2), so no shape of n pieces has the table's Z(1) or Z(2).
    assert found == SOURCE_Z[2:]
    assert found[:2] != SOURCE_Z[:2]
    assert couples_values(15).tolist()[1:] == SOURCE_Z


def test_zigzags_match_brute_force_and_couples_values():
    for n in range(1, 13):
        assert zigzag_values(n)[-1] == GRUNDY(grid_cells(zigzag(n))), n
    caf = couples_values(65).tolist()
    found = zigzag_values(63)
    assert found == caf[3:66]
    # The same moves as the octal game 0.37 (sweep an end piece; sweep two neighbours, leaving 0, 1 or 2 parts).
    assert found == grundy_values("0.37", 63).tolist()[1:]


def test_couples_are_forever_against_brute_force():
    assert couples_values(300).tolist() == couples_are_forever_values(300)
    with pytest.raises(ValueError, match=r"would (take|need)"):
        couples_values(200_000, max_seconds=0.1)
    with pytest.raises(ValueError):
        couples_values(-1)


# --- The game against the brute force -----------------------------------------------------------------------------


def _grid(cells, rows, cols):
    return "/".join("".join("#" if (r, c) in cells else "." for c in range(cols)) for r in range(rows))


grids = st.integers(1, 4).flatmap(
    lambda rows: st.integers(1, 4).flatmap(
        lambda cols: st.sets(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1))).map(
            lambda cells: _grid(cells, rows, cols)
        )
    )
)


@settings(max_examples=150, deadline=None)
@given(text=grids)
def test_random_grids_match_brute_force(text):
    position = GAME.parse(text)
    cells = grid_cells(text)
    listed = GAME.moves(position)
    texts = [t for t, _ in listed]
    assert len(set(texts)) == len(texts)
    assert sorted(sorted(grid_cells("/".join(r))) for _, r in listed) == sorted(
        sorted(c) for c in spring_cleaning_moves(cells)
    )
    assert GAME.value(position) == GRUNDY(cells)
    assert GAME.outcome(position) == ("W" if WINS(cells) else "L")
    assert GAME.remoteness(position) == REMOTENESS(cells)
    values = GAME.values([r for _, r in listed])
    value = GAME.value(position)
    assert value not in values and all(v in values for v in range(value))
    assert GAME.parse(GAME.format(position)) == position


@settings(max_examples=60, deadline=None)
@given(text=grids, t=st.integers(0, 7))
def test_values_do_not_change_under_the_symmetries_of_the_square(text, t):
    assert GAME.value(GAME.parse(_mirror(text, t))) == GAME.value(GAME.parse(text))


@settings(max_examples=60, deadline=None)
@given(text=grids)
def test_the_split_into_groups_is_sound(text):
    # The whole grid by brute force has the XOR of its groups, each played alone by brute force.
    position = GAME.parse(text)
    total = 0
    for part in GAME.parts(position):
        total ^= GRUNDY(grid_cells(part["position"]))
        assert part["value"] == GRUNDY(grid_cells(part["position"]))
    assert GRUNDY(grid_cells(text)) == total
    assert sum(p["pieces"] for p in GAME.parts(position)) == GAME.pieces(position)


def test_larger_groups_match_brute_force():
    for text in ("###./#.##/####", "#.#.#/#####/..#..", "##.##/.###./##.##", "####/#..#/#..#/####"):
        assert GAME.value(GAME.parse(text)) == GRUNDY(grid_cells(text)), text


@settings(max_examples=30, deadline=None)
@given(parts=st.lists(grids, min_size=1, max_size=3))
def test_sums_are_the_xor(parts):
    positions = [GAME.parse(p) for p in parts]
    total = 0
    for p in parts:
        total ^= GRUNDY(grid_cells(p))
    assert GAME.sum_value(positions) == total
    for option in GAME.sum_options(positions):
        after = list(positions)
        after[option.component] = option.result
        assert option.value == GAME.sum_value(after)


# --- Positions, text, moves ------------------------------------------------------------------------------------------


def test_moves_and_texts():
    assert GAME.moves(GAME.parse("###/#../#..")) == [
        ("sweep row 1, columns 1-3", ("...", "#..", "#..")),
        ("sweep column 1, rows 1-3", (".##", "...", "...")),
        ("sweep the piece at row 1, column 2", ("#.#", "#..", "#..")),
        ("sweep the piece at row 1, column 3", ("##.", "#..", "#..")),
        ("sweep the piece at row 2, column 1", ("###", "...", "#..")),
        ("sweep the piece at row 3, column 1", ("###", "#..", "...")),
    ]
    assert GAME.moves(GAME.parse("#")) == [("sweep the piece at row 1, column 1", (".",))]
    assert GAME.moves(GAME.parse("..")) == []
    assert GAME.value(GAME.parse("../..")) == 0 and GAME.remoteness(GAME.parse("..")) == 0


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        ("", r"empty"),
        ("#x#", r"characters 'x'"),
        ("##/#", r"one length"),
        ("##//##", r"at least one square"),
        ("3,5", r"characters"),
        ("/".join(["#"] * 65), r"65 rows"),
        ("#" * 65, r"^the position has 1 row of 65 squares; at most 64"),
        ("#" * 30_000, r"more than 20,000"),
    ],
)
def test_bad_grids_are_refused_clearly(text, pattern):
    with pytest.raises(ValueError, match=pattern):
        GAME.parse(text)


def test_positions_of_the_wrong_type():
    with pytest.raises(TypeError):
        GAME.parse(35)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        GAME.value("###")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        GAME.value((1, 2))  # type: ignore[arg-type]


# --- Costs, limits, refusals ---------------------------------------------------------------------------------------------


def test_large_groups_are_refused_up_front_with_the_estimate():
    big = GAME.parse(_rectangle(8, 8)[:-1] + ".")  # 63 pieces in one group: far beyond any limit by its size
    with pytest.raises(ValueError, match=r"would (take|need) .*fewer dirt pieces per group"):
        GAME.value(big)
    assert GAME.value_cost(big).seconds > 1e6
    # A group must fit in 1024 squares of its rows and columns: an L with legs of 40 spans 1600.
    wide = GAME.parse("/".join(["#" * 40] + ["#" + "." * 39] * 39))
    with pytest.raises(ValueError, match=r"fit in 1,024 squares"):
        GAME.value(wide)
    with pytest.raises(ValueError, match=r"would (take|need)"):
        GAME.remoteness(GAME.parse(_rectangle(5, 5)))


def test_thirty_pieces_are_estimated_within_seconds():
    # The cost of a group of 30 pieces, from its size alone, whatever its shape (not a full rectangle, which
    # the rule values at once): a 5 x 6 rectangle less a corner piece, with a piece beside its top row.
    position = GAME.parse("#######/######./######./######./#####..")
    game = spring_cleaning.SpringCleaningGame.make()  # nothing kept yet
    cost = game.value_cost(position)
    assert 1 < cost.seconds < 10
    assert game.value(position, max_seconds=10) == 2  # as the brute force gives (about a minute, not run here)
    assert game.value_cost(position).seconds == 0  # kept now
    with pytest.raises(ValueError, match=r"would take"):
        spring_cleaning.SpringCleaningGame.make().value(position, max_seconds=0.5)


def test_the_guard_stops_a_shape_beyond_the_estimate(monkeypatch):
    monkeypatch.setattr(spring_cleaning_grids, "REACH_FACTOR", 1e-9)
    monkeypatch.setattr(spring_cleaning, "GUARD_FACTOR", 1)
    monkeypatch.setattr(spring_cleaning, "GUARD_SLACK", 0)
    game = spring_cleaning.SpringCleaningGame.make()
    text = "#.#.#/#####/..#../.###./##.##"  # a tree-like group: hundreds of groups reached
    with pytest.raises(ValueError, match=r"beyond the estimate of their work"):
        game.value(game.parse(text))
    # The table is left sound: after the refusal, the value is still right.
    monkeypatch.undo()
    assert game.value(game.parse(text)) == GRUNDY(grid_cells(text))


def test_shapes_out_of_range():
    with pytest.raises(ValueError):
        l_shape(0, 3)
    with pytest.raises(ValueError):
        l_shape(33, 3)
    with pytest.raises(ValueError):
        zigzag(64)
    with pytest.raises(ValueError):
        zigzag_values(0)
    with pytest.raises(TypeError):
        l_shape("5", 3)  # type: ignore[arg-type]


def test_start_and_commands():
    assert GAME.format(GAME.start()) == "#####/#..../#...." and GAME.value(GAME.start()) == 1
    assert GAME.kind == "spring-cleaning" and "spring-cleaning" in GAME.commands
    with pytest.raises(NotApplicableError, match=r"^nim-values .*does not apply to spring-cleaning"):
        GAME.grundy_sequence(5)
    with pytest.raises(NotApplicableError, match=r"^plane "):
        GAME.plane(5)


def test_tree():
    position = GAME.parse("###/#../#..")
    tree = GAME.tree(position, 2)
    cells = grid_cells("###/#../#..")
    root = tree["root"]
    assert root["value"] == GRUNDY(cells) and root["remoteness"] == REMOTENESS(cells)
    best = [c["move"] for c in root["children"] if c["best"]]
    assert best and all(GRUNDY(grid_cells(c["position"])) == 0 for c in root["children"] if c["best"])


@pytest.mark.slow
def test_a_tree_shaped_group_of_sixteen_pieces_matches_brute_force():
    # Tree-shaped groups reach the most groups for their size; this one reaches hundreds.
    text = "...##./...#../..##../.#.###/####../.#.#../...#.."
    assert GAME.value(GAME.parse(text)) == GRUNDY(grid_cells(text))


@pytest.mark.slow
def test_the_costliest_groups_found_stay_within_their_estimate():
    for text in (
        ".........#../...#.#.#.#../.#.#.#.#####/########.#../..#.#.#...../.....###..../.....#.#....",
        "..###.../....###./..###.../.#..#.../#######./....#.../..######/.....#../....##../.....#../.....#..",
    ):
        game = spring_cleaning.SpringCleaningGame.make()
        position = game.parse(text)
        assert game.pieces(position) == 30
        game.value(position)
        reached = int(game.memo.get("table").count[0])
        assert 60_000 < reached < spring_cleaning_grids.REACH_FACTOR * 2**15 / 2
