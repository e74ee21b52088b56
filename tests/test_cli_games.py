"""The command line for the finite impartial games (solver.cli.games), against the games' own answers and brute force.

``nim-values``, ``periodicity``, ``plane``, ``chomp``, ``magnetism``,
``spring-cleaning``, and ``classify``, ``tree``, ``sum`` with ``--rule
octal-…``, ``wythoff``, ``euclid``, ``chomp-RxC``, ``magnetism``,
``spring-cleaning``, ``euclid3``; the commands that do not apply (``solve``, ``--bound`` ...)
end with one line saying why, exit status 2.  Hostile input (huge numbers,
empty strings, unicode, negatives) is fuzzed with the limits lowered as in
``tests/test_cli_fuzz.py``: no traceback, one line, and work that runs stays
within its estimate.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from cpu_time import within_cpu_seconds
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from naive_impartial import (
    chomp_bar,
    chomp_wins,
    couples_are_forever_values,
    euclid3_moves,
    euclid_wins,
    grid_cells,
    magnetism_moves,
    make_reference,
    octal_grundy,
    octal_position_moves,
    spring_cleaning_moves,
    wythoff_wins,
)

import solver.cli.common as cli_common
import solver.cli.main as cli
from solver import impartial_game
from solver.impartial import beatty_pairs

ROOT = Path(__file__).resolve().parents[1]
PROG = "python -m solver"


def run_here(*argv: str) -> tuple[int, str, str]:
    """Run ``main`` in this process; return (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main(list(argv))
        except SystemExit as exc:
            status = 0 if exc.code is None else exc.code
    return status, out.getvalue(), err.getvalue()


def ok(*argv: str) -> str:
    status, out, err = run_here(*argv)
    assert status == 0, err
    return out


def refused(*argv: str) -> str:
    """The one line of a refusal (exit status 2, nothing on stdout)."""
    status, out, err = run_here(*argv)
    assert status == 2, (status, err)
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(PROG) and "error" in lines[0]
    assert "Traceback" not in err
    return lines[0]


def csv_rows(text: str) -> tuple[list[str], list[list[str]]]:
    """Comment lines (``#``) and CSV rows; a position is quoted, so a Chomp bar ``###/##.`` is never a comment."""
    comments = [line for line in text.splitlines() if line.startswith("#")]
    body = [line for line in text.splitlines() if not line.startswith("#")]
    return comments, list(csv.reader(body))


# --- nim-values ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "digits"), [("octal-0.137", (0, 1, 3, 7)), ("kayles", (0, 7, 7)), ("octal-4.7", (4, 7))]
)
def test_nim_values_csv_matches_brute_force(rule, digits):
    comments, rows = csv_rows(ok("nim-values", "--rule", rule, "--n", "60"))
    assert rows[0] == ["n", "value"]
    assert [int(n) for n, _ in rows[1:]] == list(range(61))
    assert [int(v) for _, v in rows[1:]] == octal_grundy(digits, 60)
    assert any(impartial_game(rule).name in c for c in comments)
    assert any("exact" in c for c in comments)


def test_nim_values_of_robs_dots_gives_the_sources_p_positions():
    _, rows = csv_rows(ok("nim-values", "--rule", "robs-dots", "--n", "100"))
    zeros = [int(n) for n, v in rows[1:] if v == "0" and n != "0"]
    assert zeros == [4, 8, 14, 20, 24, 28, 34, 38, 42, 54, 58, 62, 72, 76, 88, 92, 96]


def test_nim_values_of_loopy_rules_still_work():
    _, rows = csv_rows(ok("nim-values", "--rule", "subtract-a-square", "--n", "10"))
    assert [int(v) for _, v in rows[1:7]] == [0, 1, 0, 1, 2, 0]


# --- periodicity -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        ("octal-0.77", {"period": 12, "preperiod": 71, "proved": True}),
        ("robs-dots", {"period": 34, "preperiod": 52, "proved": True}),
        ("dawsons-kayles", {"period": 34, "preperiod": 53, "proved": True}),
        ("octal-4.7", {"period": 2, "preperiod": 1, "proved": True}),
    ],
)
def test_periodicity_json(rule, expected):
    data = json.loads(ok("periodicity", "--rule", rule, "--json"))
    assert set(data) == {"period", "preperiod", "proved", "checked_to"}
    assert {key: data[key] for key in expected} == expected
    assert data["checked_to"] >= 2 * data["preperiod"] + 2 * data["period"]


def test_periodicity_text_and_small_n():
    text = ok("periodicity", "--rule", "kayles")
    assert "period 12, preperiod 71" in text and "last exception is heap 70" in text and "proved" in text
    data = json.loads(ok("periodicity", "--rule", "kayles", "--n", "150", "--json"))
    assert data == {"period": 12, "preperiod": 71, "proved": False, "checked_to": 150}
    assert "not proved" in ok("periodicity", "--rule", "kayles", "--n", "150")
    assert "no period" in ok("periodicity", "--rule", "kayles", "--n", "100")


# --- plane ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("rule", "wins"), [("wythoff", wythoff_wins), ("euclid", euclid_wins)])
def test_plane_csv_matches_brute_force(rule, wins):
    comments, rows = csv_rows(ok("plane", "--rule", rule, "--size", "30"))
    assert rows[0] == ["a", "b", "outcome"]
    cells = {(int(a), int(b)): outcome for a, b, outcome in rows[1:]}
    assert set(cells) == {(a, b) for a in range(30) for b in range(30)}
    for (a, b), outcome in cells.items():
        assert outcome == ("W" if wins(a, b) else "L")


def test_plane_of_wythoff_has_the_beatty_pairs():
    _, rows = csv_rows(ok("plane", "--rule", "wythoff", "--size", "200"))
    losing = {(int(a), int(b)) for a, b, outcome in rows[1:] if outcome == "L"}
    pairs = {tuple(p) for p in beatty_pairs(200).tolist()}
    expected = {(0, 0)} | {p for p in pairs | {(b, a) for a, b in pairs} if max(p) < 200}
    assert losing == expected
    assert ok("plane", "--rule", "wythoff", "--size", "0").splitlines()[-1] == "a,b,outcome"


# --- chomp ------------------------------------------------------------------------------------------------


def _naive_losing(rows, cols):
    return sum(not chomp_wins(chomp_bar(rows, cols, mask)) for mask in range(1 << (rows * cols)))


@pytest.mark.parametrize(
    ("rows", "cols", "losing"),
    [(2, 6, 132), (3, 4, 182), *((r, c, _naive_losing(r, c)) for r, c in [(1, 1), (1, 3), (2, 2), (3, 3), (2, 4)])],
)
def test_chomp_counts(rows, cols, losing):
    data = json.loads(ok("chomp", "--rows", str(rows), "--cols", str(cols), "--json"))
    assert data == {"positions": 1 << (rows * cols), "losing": losing}
    text = ok("chomp", "--rows", str(rows), "--cols", str(cols))
    assert f"{losing:,} losing" in text and "empty bar included" in text


# --- plane of triples, magnetism, spring-cleaning -------------------------------------------------------------

MAGNETISM = make_reference(magnetism_moves)
SPRING_CLEANING = make_reference(spring_cleaning_moves)
EUCLID3 = make_reference(euclid3_moves)


def test_plane_of_triples_matches_brute_force():
    comments, rows = csv_rows(ok("plane", "--rule", "euclid3", "--size", "10"))
    assert rows[0] == ["a", "b", "c", "outcome"]
    cells = {(int(a), int(b), int(c)): outcome for a, b, c, outcome in rows[1:]}
    assert len(cells) == len(rows) - 1 == 1000
    _, wins, _ = EUCLID3
    assert all(outcome == ("W" if wins(p) else "L") for p, outcome in cells.items())
    assert any("0 <= a, b, c < 10" in c for c in comments)
    _, rows = csv_rows(ok("plane", "--rule", "euclid3", "--size", "60"))
    assert sum(row[3] == "L" for row in rows[1:]) == 54_060


def test_magnetism_position_json():
    grundy, _, _ = MAGNETISM
    data = json.loads(ok("magnetism", "--position", "+...-..", "--json"))
    assert {"value", "outcome", "moves"} <= set(data)
    assert data["value"] == grundy("+...-..") == 2 and data["outcome"] == "W"
    assert sorted(m["position"] for m in data["moves"]) == sorted(magnetism_moves("+...-.."))
    for move in data["moves"]:
        assert move["value"] == grundy(move["position"]) and move["wins"] == (move["value"] == 0)
    assert [m["move"] for m in data["moves"] if m["wins"]] == ["put + on square 7"]
    text = ok("magnetism", "--position", "−..+")
    assert "Magnetism: -..+" in text and "value 0: L" in text
    assert json.loads(ok("magnetism", "--position=-..+", "--json"))["value"] == 0
    assert json.loads(ok("magnetism", "--position", "-..+", "--json"))["position"] == "-..+"


def test_magnetism_long_strip_lists_changes():
    """A strip of 20,000 squares: 40,000 moves, each by its change; the output grows with the moves, not their square."""
    strip = "+" + "." * 19_998 + "-"
    data = json.loads(ok("magnetism", f"--position={strip}", "--json"))
    assert len(data["moves"]) == 2 * 19_998 - 2 and all("position" not in m for m in data["moves"])
    game = impartial_game("magnetism")
    for move in data["moves"][:3] + data["moves"][-3:]:
        square = int(move["move"].rsplit(" ", 1)[1]) - 1
        after = strip[:square] + move["move"][4] + strip[square + 1 :]
        assert move["value"] == game.value(after)
    text = ok("magnetism", f"--position={strip}")
    assert len(text) < 60 * 40_000 and "each given by its change" in text
    assert "put - on square 2: value " in text and "->" not in text.split("\n", 3)[3]
    # the values of the 40,000 strips it leaves, one by one, are no shared work: far over a second
    results = [result for _, result in game.moves("." * 20_000)]
    assert game.values_cost(results).seconds > 100


def test_long_answers_write_progress_lines_when_stderr_is_no_terminal(monkeypatch):
    """Not a terminal (here a StringIO): lines 'progress 0.42 ...' on stderr, none on stdout."""
    from solver.cli import progress

    monkeypatch.setattr(progress, "PROGRESS_AFTER", 0.0)
    monkeypatch.setattr(progress, "PROGRESS_EVERY", 0.0)
    monkeypatch.setattr(progress, "CHUNK_ROWS", 100)
    status, out, err = run_here("nim-values", "--rule", "kayles", "--n", "999")
    assert status == 0 and "progress" not in out and len(out.splitlines()) > 1000
    lines = err.splitlines()
    assert lines[0] == "progress 0.10 writing the rows" and lines[-1] == "progress 1.00 writing the rows"
    status, out, err = run_here("plane", "--rule", "wythoff", "--size", "40")
    assert status == 0 and "progress 1.00 writing the rows" in err
    # the sparse-space method reports between its chunks of heaps
    status, out, err = run_here("nim-values", "--rule", "couples-are-forever", "--n", "100000")
    computing = [line for line in err.splitlines() if line.endswith("computing the values")]
    assert status == 0 and len(computing) >= 3 and computing[-1] == "progress 1.00 computing the values"
    assert err.count("progress 1.00 computing the values") == 1
    status, out, err = run_here("classify", "--rule", "couples-are-forever", "100000")
    assert status == 0 and "progress 1.00 computing the values" in err
    status, out, err = run_here("magnetism", "--sequences", "300")
    computing = [line for line in err.splitlines() if line.endswith("computing the values")]
    assert status == 0 and len(computing) >= 10 and computing[-1] == "progress 1.00 computing the values"
    # by default, a short answer writes none
    monkeypatch.setattr(progress, "PROGRESS_AFTER", 2.0)
    assert run_here("nim-values", "--rule", "kayles", "--n", "999")[2] == ""


def test_plane_writes_its_rows_without_the_table_as_lists():
    """A table of a million cells made lists at once took 8 bytes a cell beyond the estimate (euclid3 --size 200: 64 MB)."""
    import tracemalloc

    class Discard(io.TextIOBase):
        def write(self, text):
            return len(text)

    impartial_game("euclid3").plane(100)  # the values kept, outside the measure
    tracemalloc.start()
    try:
        with contextlib.redirect_stdout(Discard()):
            assert cli.main(["plane", "--rule", "euclid3", "--size", "100"]) in (0, None)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 10 << 20, peak  # 15 MB with the lists, 7 MB without


def test_magnetism_sequences():
    data = json.loads(ok("magnetism", "--sequences", "6", "--json"))
    assert data == {
        "n": [0, 1, 2, 3, 4, 5, 6],
        "G": [0, 1, 0, 1, 0, 1, 0],
        "G+": [0, 1, 2, 3, 4, 5, 6],
        "G++": [None, 1, 1, 1, 1, 1, 1],
        "G+-": [0, 0, 0, 0, 0, 0, 0],
    }
    comments, rows = csv_rows(ok("magnetism", "--sequences", "3"))
    assert rows == [["n", "G", "G+", "G++", "G+-"], ["0", "0", "0", "", "0"], ["1", "1", "1", "1", "0"],
                    ["2", "0", "2", "1", "0"], ["3", "1", "3", "1", "0"]]  # fmt: skip
    assert any("none for n = 0" in c for c in comments)


def test_spring_cleaning_position_json():
    grundy, _, _ = SPRING_CLEANING
    data = json.loads(ok("spring-cleaning", "--position", "###/#../#..", "--json"))
    assert {"value", "outcome", "moves"} <= set(data)
    assert data["value"] == grundy(grid_cells("###/#../#..")) == 1 and data["outcome"] == "W"
    for move in data["moves"]:
        assert move["value"] == grundy(grid_cells(move["position"])) and move["wins"] == (move["value"] == 0)
    assert data["parts"] == [{"position": "###/#../#..", "pieces": 5, "value": 1}]
    text = ok("spring-cleaning", "--position", "#.#/.../#.#")
    assert "value 0: L" in text and "sweep the piece at row 1, column 1" in text


def test_spring_cleaning_parts_as_text():
    text = ok("spring-cleaning", "--position", "###/#../#../..#/.##")
    assert "{" not in text and "2 groups of dirt (the value is their nim-sum):" in text
    assert "    ###/#../#.. (5 pieces): value 1" in text and "    .#/## (3 pieces): value 0" in text


def test_spring_cleaning_position_searches_once(monkeypatch):
    """The groups, the position and every move's result share one search, even past the groups kept between calls."""
    from solver.impartial import spring_cleaning
    from solver.impartial.spring_cleaning_kernel import _Table

    grid = "####/#..#/####/#..#"
    game = impartial_game("spring-cleaning")
    game.memo.replace("table", None)
    game.value(game.parse(grid))
    reached = int(game.memo.get("table").count[0])
    added = []
    real = _Table.solve

    def counting(table, ids, most_new, **options):
        before = int(table.count[0])
        try:
            return real(table, ids, most_new, **options)
        finally:
            added.append(int(table.count[0]) - before)

    monkeypatch.setattr(spring_cleaning, "KEPT_GROUPS", 5)
    monkeypatch.setattr(_Table, "solve", counting)
    game.memo.replace("table", None)
    ok("spring-cleaning", "--position", grid, "--json")
    assert sum(added) <= reached
    assert game.memo.get("table") is None  # dropped after the command: over KEPT_GROUPS


def test_spring_cleaning_shapes():
    data = json.loads(ok("spring-cleaning", "--lshape", "5,3", "--json"))
    assert data == {"shape": "(5,3)-L", "position": "#####/#..../#....", "pieces": 7, "value": 1, "outcome": "W"}
    data = json.loads(ok("spring-cleaning", "--lshape", "2,4", "--json"))
    assert data["value"] == 3  # the source's table prints 4 at (2,4)
    caf = couples_are_forever_values(40)
    for n in (1, 2, 3, 11, 13, 30):
        data = json.loads(ok("spring-cleaning", "--zigzag", str(n), "--json"))
        assert data["pieces"] == n and data["position"].count("#") == n
        assert data["value"] == data["couples_are_forever"] == caf[n + 2]
    assert "Couples are Forever on a pile of 15" in ok("spring-cleaning", "--zigzag", "13")


def test_the_new_games_through_classify_tree_and_sum():
    grundy, wins, remoteness = SPRING_CLEANING
    _, rows = csv_rows(ok("classify", "--rule", "spring-cleaning", "###/#../#..", "##/##", "."))
    assert rows[1:] == [["###/#../#..", "W", "1", str(remoteness(grid_cells("###/#../#..")))],
                        ["##/##", "L", "0", str(remoteness(grid_cells("##/##")))], [".", "L", "0", "0"]]  # fmt: skip
    _, rows = csv_rows(ok("classify", "--rule", "magnetism", "-..+", "+.+", "......."))
    m_grundy, _, m_rem = MAGNETISM
    assert [(r[0], int(r[2]), int(r[3])) for r in rows[1:]] == [
        (s, m_grundy(s), m_rem(s)) for s in ("-..+", "+.+", ".......")
    ]
    e_grundy, _, e_rem = EUCLID3
    _, rows = csv_rows(ok("classify", "--rule", "euclid3", "3,5,7", "0,5,8", "1,1,1"))
    assert [(int(r[2]), int(r[3])) for r in rows[1:]] == [
        (e_grundy(p), e_rem(p)) for p in ((3, 5, 7), (0, 5, 8), (1, 1, 1))
    ]
    _, rows = csv_rows(ok("nim-values", "--rule", "magnetism", "--n", "9"))
    assert [int(v) for _, v in rows[1:]] == [m_grundy("." * n) for n in range(10)]
    _, rows = csv_rows(ok("classify", "--rule", "magnetism", "--n", "4"))
    assert rows[1:] == [["0", "L", "0"], ["1", "W", "1"], ["2", "L", "0"], ["3", "W", "1"], ["4", "L", "0"]]
    for rule, position in (("magnetism", "+...-.."), ("spring-cleaning", "###/#.."), ("euclid3", "3,5,7")):
        tree = json.loads(ok("tree", position, "--rule", rule, "--depth", "2"))
        assert tree["rule"] == rule and tree["root"]["children"]
        data = json.loads(ok("sum", position, position, "--rule", rule, "--json"))
        assert data["value"] == 0 and data["outcome"] == "L"


# --- classify, tree, sum -------------------------------------------------------------------------------------


def test_classify_positions_match_brute_force():
    grundy, wins, remoteness = make_reference(lambda p: octal_position_moves((0, 1, 3, 7), p))
    comments, rows = csv_rows(ok("classify", "--rule", "robs-dots", "3+5", "4", "0", "1+2+6"))
    assert rows[0] == ["position", "outcome", "value", "remoteness"]
    for text, outcome, value, rem in rows[1:]:
        p = impartial_game("robs-dots").parse(text)
        assert (outcome, int(value), int(rem)) == ("W" if wins(p) else "L", grundy(p), remoteness(p))
    _, rows = csv_rows(ok("classify", "--rule", "wythoff", "3,5", "7,12", "0,0"))
    assert rows[1:] == [["3,5", "L", "0", "4"], ["7,12", "W", "17", "7"], ["0,0", "L", "0", "0"]]
    _, rows = csv_rows(ok("classify", "--rule", "chomp-2x3", "###/##.", "#"))
    assert [row[0] for row in rows[1:]] == ["###/##.", "#../..."]


def test_classify_heaps_of_an_octal_game():
    _, rows = csv_rows(ok("classify", "--rule", "kayles", "--n", "20"))
    assert rows[0] == ["n", "outcome", "value"]
    assert [int(v) for _, _, v in rows[1:]] == octal_grundy((0, 7, 7), 20)
    assert all(o == ("L" if v == "0" else "W") for _, o, v in rows[1:])


def test_classify_leaves_out_a_costly_remoteness_with_a_note():
    status, out, err = run_here("classify", "--rule", "kayles", "200")
    assert status == 0
    _, rows = csv_rows(out)
    assert rows[1][:3] == ["200", "W", str(impartial_game("kayles").value((200,)))] and rows[1][3] == ""
    assert "remoteness left out" in err


def test_tree_json():
    data = json.loads(ok("tree", "3+5", "--rule", "robs-dots", "--depth", "2"))
    game = impartial_game("robs-dots")
    assert data["rule"] == "octal-0.137" and data["start"] == "3+5" and not data["truncated"]
    root = data["root"]
    assert root["value"] == game.value((3, 5)) and root["outcome"] == "W" and root["remoteness"] == 5
    assert [c["move"] for c in root["children"]] == [text for text, _ in game.moves((3, 5))]
    assert any(c["best"] and c["outcome"] == "L" for c in root["children"])
    indented = ok("tree", "3,5", "--rule", "euclid", "--depth", "1", "--indent")
    assert indented.startswith("{\n") and json.loads(indented)["root"]["position"] == "3,5"
    status, out, err = run_here("tree", "10,12", "--rule", "wythoff", "--depth", "3", "--max-nodes", "20")
    assert status == 0 and json.loads(out)["truncated"] and "cut at 20 nodes" in err


def test_sum_text_and_json():
    data = json.loads(ok("sum", "3", "5", "7", "--rule", "kayles", "--json"))
    assert data["values"] == [3, 4, 2] and data["value"] == 5 and data["outcome"] == "W"
    assert [data["moves"][k]["to"] for k in data["best"]] == ["4"]
    assert all(data["moves"][k]["value"] == 0 for k in data["best"])
    data = json.loads(ok("sum", "3,5", "4,7", "--rule", "wythoff", "--json"))
    assert data["value"] == 0 and data["outcome"] == "L" and data["best"] == []
    text = ok("sum", "###/##.", "#", "--rule", "chomp-2x3")
    assert "position 2: #../..." in text and "nim-sum" in text


# --- What does not apply, and bad input ----------------------------------------------------------------------

NOT_APPLICABLE = [
    (
        ["solve", "--bound", "100", "--rule", "kayles"],
        "solve solves a loopy game to a bound; it does not apply to octal-0.77",
    ),
    (["records", "--bound", "100", "--rule", "wythoff"], "does not apply to wythoff"),
    (["bfile", "--sequence", "P", "--bound", "100", "--rule", "euclid"], "does not apply to euclid"),
    (["layers", "--n", "10", "--depth", "2", "--rule", "chomp-2x2"], "does not apply to chomp-2x2"),
    (["strategies", "--n", "10", "--rule", "kayles"], "does not apply to octal-0.77"),
    (["primitives", "--limit", "10", "--rule", "kayles"], "does not apply to octal-0.77"),
    (["classify", "--rule", "kayles", "--n", "10", "--bound", "20"], "--bound does not apply to octal-0.77"),
    (["classify", "--rule", "kayles", "--n", "10", "--alpha", "2"], "--alpha does not apply"),
    (["tree", "5", "--rule", "kayles", "--bound", "100"], "--bound does not apply"),
    (["sum", "5", "--rule", "kayles", "--bound", "100"], "--bound does not apply"),
    (["nim-values", "--rule", "kayles", "--n", "5", "--bound", "100"], "--bound does not apply"),
    (["nim-values", "--rule", "wythoff", "--n", "5"], "does not apply to wythoff"),
    (["periodicity", "--rule", "euclid"], "does not apply to euclid"),
    (["periodicity", "--rule", "put-or-take-a-square"], "periodicity is for octal games"),
    (["plane", "--rule", "kayles", "--size", "5"], "does not apply to octal-0.77"),
    (["plane", "--rule", "subtract-a-square", "--size", "5"], "plane is for the two-pile games"),
    (["classify", "--rule", "wythoff", "--n", "5"], "classify --n lists the heaps 0..N of a heap game"),
    (["classify", "--rule", "wythoff"], "needs positions"),
    (["classify", "--n", "10", "3,5"], "positions as arguments are for the finite impartial games"),
    (["solve", "--bound", "100", "--rule", "magnetism"], "does not apply to magnetism"),
    (["nim-values", "--rule", "spring-cleaning", "--n", "5"], "does not apply to spring-cleaning"),
    (["nim-values", "--rule", "euclid3", "--n", "5"], "does not apply to euclid3"),
    (["periodicity", "--rule", "magnetism"], "does not apply to magnetism"),
    (["plane", "--rule", "spring-cleaning", "--size", "5"], "does not apply to spring-cleaning"),
    (["classify", "--rule", "euclid3", "--n", "5"], "classify --n lists the heaps 0..N"),
    (["tree", "3,5,7", "--rule", "euclid3", "--bound", "9"], "--bound does not apply to euclid3"),
]


@pytest.mark.parametrize(("argv", "needle"), NOT_APPLICABLE, ids=[" ".join(a)[:50] for a, _ in NOT_APPLICABLE])
def test_what_does_not_apply_says_why(argv, needle):
    assert needle in refused(*argv)


#: Not bad input: the command runs (a Magnetism strip that starts with a minus is read as a position).
RUNS = "(runs)"

BAD_INPUT = [
    (["nim-values", "--rule", "octal-0.8", "--n", "5"], "not an octal game"),
    (["nim-values", "--rule", "octal-9.7", "--n", "5"], "not an octal game"),
    (["nim-values", "--rule", "octal-5.7", "--n", "5"], "must be 0 or 4"),
    (["periodicity", "--rule", "octal-"], "not an octal game"),
    (["plane", "--rule", "wythoff", "--size", "-3"], "at least 0"),
    (["plane", "--rule", "wythoff", "--size", "1e400"], "about"),
    (["plane", "--rule", "euclid", "--size", "10**6"], "about"),
    (["chomp", "--rows", "5", "--cols", "5"], "at most 24 pieces"),
    (["chomp", "--rows", "10", "--cols", "10"], "of memory"),
    (["chomp", "--rows", "0", "--cols", "3"], "at least 1"),
    (["chomp", "--rows", "1e400", "--cols", "3"], "at most 4,096"),
    (["classify", "--rule", "wythoff", "-3,5"], "negative entry"),  # a value, not an unknown option
    (["tree", "--rule", "wythoff", "-2,3"], "negative entry"),
    (["classify", "--rule", "robs-dots", "-2+3"], "cannot be negative"),
    (["classify", "--rule", "wythoff", "--", "-3,5"], "negative entry"),
    (["classify", "--rule", "wythoff", "3"], "two numbers separated by one comma"),
    (["classify", "--rule", "wythoff", ""], "empty"),
    (["classify", "--rule", "robs-dots", "3,5"], "3+5"),
    (["classify", "--rule", "robs-dots", "💥"], "whole number"),
    (["classify", "--rule", "robs-dots", "1e400"], "remoteness left out"),
    (["classify", "--rule", "chomp-2x3", "####"], "does not fit"),
    (["tree", "1e400", "--rule", "wythoff"], ""),
    (["tree", "1e400,1", "--rule", "wythoff"], "about"),
    (["tree", "5", "--rule", "chomp-2x2"], "characters"),
    pytest.param(["sum", "1e400", "--rule", "octal-0.6"], "about", marks=pytest.mark.slow),  # a second or more
    (["sum", "1,1000000000", "--rule", "euclid"], "more than 100,000"),
    (["nim-values", "--rule", "octal-0.6", "--n", "1e9"], "about"),
    (["nim-values", "--rule", "kayles", "--n", "-1"], "at least 0"),
    (["periodicity", "--rule", "kayles", "--n", "10**12"], "about"),
    (["classify", "--rule", "chomp-9x9"], "at most 24 pieces"),
    (["magnetism", "--position", "++.."], "two equal tokens"),
    (["magnetism", "--position", "+x."], "characters"),
    (["magnetism", "--position", ""], "empty"),
    (["magnetism", "--position", "." * 30_000], "more than 20,000"),
    (["magnetism", "--sequences", "10**6"], "at most 100,000"),
    (["magnetism", "--sequences", "100000", "--max-seconds", "1"], "would take"),
    (["magnetism"], "one of the arguments"),
    (["classify", "--rule", "magnetism", "--", "--+."], "two equal tokens"),
    (["classify", "--rule", "magnetism", "-.-+-."], RUNS),
    (["tree", "-" + "." * 60, "--rule", "magnetism", "--depth", "1"], RUNS),
    (["spring-cleaning", "--position", "##/#"], "one length"),
    (["spring-cleaning", "--position", "#x#"], "characters"),
    # Not full rectangles: those are valued by the rectangle rule at once, with no search to refuse.
    (["spring-cleaning", "--position", "/".join(["#" * 8 + "."] + ["#" * 9] * 8)], "would need"),
    (["spring-cleaning", "--position", "/".join(["#" * 5 + "."] + ["#" * 6] * 5), "--max-seconds", "5"], "would take"),
    (["spring-cleaning", "--position", "/".join(["#" * 40] + ["#" + "." * 39] * 39)], "1,024 squares"),
    (["spring-cleaning", "--lshape", "5"], "two legs"),
    (["spring-cleaning", "--lshape", "0,3"], "at least 1"),
    (["spring-cleaning", "--lshape", "5,33"], "at most 32"),
    (["spring-cleaning", "--zigzag", "64"], "at most 63"),
    (["spring-cleaning", "--zigzag", "3", "--lshape", "2,2"], "not allowed with"),
    (["sum", "/".join(["#" * 7 + "."] + ["#" * 8] * 7), "--rule", "spring-cleaning"], "would"),
    (["classify", "--rule", "euclid3", "3,5"], "two commas"),
    (["classify", "--rule", "euclid3", "-3,5,7"], "negative entry"),
    (["classify", "--rule", "euclid3", "3000,4000,5000"], "would need"),
    (["classify", "--rule", "euclid3", "300,400,500", "--max-seconds", "1"], "would take"),
    (["plane", "--rule", "euclid3", "--size", "5000"], "would"),
    (["tree", "1,1000000,1", "--rule", "euclid3"], "would take"),
    (["tree", "1,1000000,0", "--rule", "euclid3"], "more than 100,000"),
]


@pytest.mark.parametrize(
    ("argv", "needle"), BAD_INPUT, ids=[" ".join(getattr(case, "values", case)[0])[:50] for case in BAD_INPUT]
)
def test_bad_input_is_one_clear_line(argv, needle):
    status, out, err = run_here(*argv)
    if needle == "remoteness left out":  # not an error: the value is exact, the remoteness too costly
        assert status == 0 and needle in err
        return
    if needle is RUNS:  # runs: a strip that starts with a minus is a position, not an option
        assert status == 0 and "Traceback" not in err, err
        return
    assert status == 2, (status, out, err)
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(PROG) and "Traceback" not in err, err
    assert needle in lines[0]


def test_max_seconds_is_the_limit_of_the_games_too():
    line = refused("nim-values", "--rule", "kayles", "--n", "300000", "--max-seconds", "1")
    assert "would take" in line and "--max-seconds (now 1)" in line


def test_help_names_the_games():
    status, out, _ = run_here("classify", "--help")
    joined = "".join(out.split())  # argparse wraps lines at hyphens
    assert status == 0 and "octal-<code>" in joined and "wythoff" in joined and "chomp-RxC" in joined


# --- Fuzz ------------------------------------------------------------------------------------------------------

GAMES = [
    "octal-0.137",
    "kayles",
    "dawsons-kayles",
    "octal-4.7",
    "octal-0.6",
    "wythoff",
    "euclid",
    "chomp-2x6",
    "chomp-4x6",
    "magnetism",
    "spring-cleaning",
    "euclid3",
]
HOSTILE = [
    "1e400",
    "-1",
    "0",
    "",
    " ",
    "10**9999",
    "9" * 5000,
    "💥",
    "１２３",
    "−5",
    "3,5",
    "3+5",
    "###/##.",
    "1e9",
    "nan",
    "+..-...",
    "-..+",
    "++",
    "3,5,7",
    "#####/#..../#....",
    "/".join(["#" * 6] * 6),
]
texts = st.one_of(
    st.sampled_from(HOSTILE),
    st.integers(-5, 10**7).map(str),
    st.lists(st.integers(0, 40), min_size=1, max_size=4).map(lambda h: "+".join(map(str, h))),
    st.tuples(st.integers(-2, 10**5), st.integers(0, 10**5)).map(lambda p: f"{p[0]},{p[1]}"),
    st.text(alphabet="#./", max_size=16),
    st.text(alphabet="+-.−", max_size=16),
    st.tuples(st.integers(-2, 10**4), st.integers(0, 10**4), st.integers(0, 10**4)).map(
        lambda p: f"{p[0]},{p[1]},{p[2]}"
    ),
    st.text(max_size=8),
)
COMMANDS = {
    "nim-values": lambda d: ["--n", d(texts)],
    "periodicity": lambda d: d(st.sampled_from([[], ["--json"], ["--n", d(texts)]])),
    "plane": lambda d: ["--size", d(texts)],
    "classify": lambda d: d(st.sampled_from([["--n", d(texts)], ["--", d(texts)], [d(texts), d(texts)]])),
    "tree": lambda d: ["--depth", d(st.sampled_from(["0", "2", "5", "-1", "1e400"])), "--", d(texts)],
    "sum": lambda d: ["--", d(texts), d(texts)],
}


@st.composite
def game_commands(draw) -> list[str]:
    if draw(st.integers(0, 5)) == 0:
        return ["chomp", "--rows", draw(texts), "--cols", draw(texts), *draw(st.sampled_from([[], ["--json"]]))]
    if draw(st.integers(0, 5)) == 0:
        json_flag = draw(st.sampled_from([[], ["--json"]]))
        return draw(
            st.sampled_from(
                [
                    ["magnetism", f"--position={draw(texts)}", *json_flag],
                    ["magnetism", "--sequences", draw(texts), *json_flag],
                    ["spring-cleaning", f"--position={draw(texts)}", *json_flag],
                    ["spring-cleaning", "--lshape", draw(texts), *json_flag],
                    ["spring-cleaning", "--zigzag", draw(texts), *json_flag],
                ]
            )
        )
    command = draw(st.sampled_from(sorted(COMMANDS)))
    return [command, "--rule", draw(st.sampled_from(GAMES)), *COMMANDS[command](draw)]


@pytest.fixture()
def fuzz_limits():
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(cli_common, "_limits", lambda args: (1.0, 64 << 20))
        yield


@pytest.mark.slow
@settings(
    max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(argv=game_commands())
def test_hostile_arguments_to_the_games(fuzz_limits, argv):
    # Work estimated under 1 s runs; the bound on its CPU time (10 s, not a wall-clock time, which a busy
    # machine stretches) catches an estimate far below the real cost.
    status, _, err = within_cpu_seconds(10.0, lambda: run_here(*argv), argv)
    assert status in (0, 2), (argv, status, err)
    assert "Traceback" not in err, (argv, err)
    if status == 2:
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(PROG), (argv, err)


@pytest.mark.slow
def test_through_python_m_solver():
    procs = [
        subprocess.run([sys.executable, "-m", "solver", *argv], cwd=ROOT, capture_output=True, text=True, timeout=300)
        for argv in (
            ["periodicity", "--rule", "octal-0.77", "--json"],
            ["chomp", "--rows", "2", "--cols", "6", "--json"],
            ["solve", "--bound", "10", "--rule", "wythoff"],
        )
    ]
    assert json.loads(procs[0].stdout)["period"] == 12
    assert json.loads(procs[1].stdout) == {"positions": 4096, "losing": 132}
    assert procs[2].returncode == 2 and procs[2].stdout == "" and len(procs[2].stderr.splitlines()) == 1
    assert "Traceback" not in procs[2].stderr and "does not apply to wythoff" in procs[2].stderr
