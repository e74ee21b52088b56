"""Tests of the command line, ``python -m solver``.

The main cases run as real subprocesses; they are all started together at
the beginning of the module (each start costs about a second of imports).
The full matrix of bad arguments also runs in-process through ``main``.

Remoteness in ``classify`` is printed as the exact value ("11"), as an upper
bound where the solver cannot certify it exact ("<=13"), or empty for D/U.
The brute-force references compute the bounded retrograde remoteness, which
is that upper bound, so a W/L row must read either "r" or "<=r" with r the
reference's value; which rows are only bounded must agree with the library's
``Solution`` (remoteness < -1).
"""

from __future__ import annotations

import functools
import io
import json
import math
import re
import subprocess
import sys
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest
from naive import naive_queue_solve, naive_solve

from solver.cli.main import main
from solver.engine import solve

ROOT = Path(__file__).resolve().parents[1]

LAYER_2_BELOW_10000 = [5, 20, 45, 80, 145, 580, 949, 1305, 1649, 2320, 3625, 4901, 5220, 7105, 9280]


HUGE = (10**15 + 7) ** 2 + 3

# Every subprocess run of this module (bad-argument ones are added below).
SUBPROCESS_RUNS = [
    ("classify", "--n", "300", "--bound", "3000"),
    ("classify", "--n", "8000", "--alpha", "100"),
    ("classify", "--n", "1e2"),
    ("tree", "92", "--depth", "3"),
    ("tree", "5079", "--depth", "1", "--bound", "800000"),
    ("tree", "10**30", "--depth", "2"),
    ("tree", str(HUGE), "--depth", "2", "--bound", "1000"),
    ("tree", "4708", "--depth", "20", "--max-nodes", "10", "--bound", "10000"),
    ("layers", "--n", "10000", "--depth", "2"),
]

_started: dict[tuple[str, ...], Future] = {}


def _spawn(args: tuple[str, ...]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "solver", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture(scope="module", autouse=True)
def _start_subprocesses():
    runs = SUBPROCESS_RUNS + [tuple(p.values[0]) for p in BAD if p.id in BAD_SUBPROCESS]
    with ThreadPoolExecutor(max_workers=4) as pool:
        for args in runs:
            _started[args] = pool.submit(_spawn, args)
        yield
    _started.clear()


def run(*args: str) -> subprocess.CompletedProcess:
    future = _started.get(args)
    return future.result() if future is not None else _spawn(args)


def run_here(capsys, *args: str) -> tuple[int, str, str]:
    """Run ``main`` in this process (fast); return (status, stdout, stderr)."""
    try:
        status = main(list(args))
    except SystemExit as exc:  # argparse errors
        status = exc.code
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def ok(*args: str) -> str:
    proc = run(*args)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    return proc.stdout


def parse_csv(text: str) -> tuple[str, list[tuple[int, str, str]]]:
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    rows = []
    for line in lines[1:]:
        n, outcome, remoteness, _cannot_be = line.split(",")
        rows.append((int(n), outcome, remoteness))
    return lines[0], rows


@functools.cache
def naive_800k():
    """The reference at bound 800,000 (N = 8,000, alpha = 100)."""
    return naive_queue_solve(800_000)


def check_rows(rows, letters, rem, n, bound) -> list[int]:
    """Compare classify rows with the reference; return the "<=" rows.

    W/L rows read "r" or "<=r" with r the reference (bounded) remoteness;
    D/U rows read "".  The "<=" rows must be exactly the positions the
    library flags as only bounded at this bound.
    """
    assert [r[0] for r in rows] == list(range(1, n + 1))
    bounded = []
    for m, outcome, text in rows:
        assert outcome == letters[m], m
        if outcome in ("D", "U"):
            assert text == "", m
        elif text.startswith("<="):
            assert text == f"<={rem[m]}", m
            bounded.append(m)
        else:
            assert text == str(rem[m]), m
            assert int(text) % 2 == (1 if outcome == "W" else 0), m
    flagged = np.flatnonzero(solve(bound).packed_remoteness[1 : n + 1] < -1) + 1
    assert bounded == flagged.tolist()
    return bounded


# ---------------------------------------------------------------------------
# classify
# ---------------------------------------------------------------------------


@pytest.mark.slow
def test_classify_small_matches_brute_force():
    header, rows = parse_csv(ok("classify", "--n", "1500", "--bound", "3000"))
    assert header == "n,outcome,remoteness,cannot_be"
    letters, rem = naive_solve(3000)
    bounded = check_rows(rows, letters, rem, 1500, 3000)
    # 1473 (W, at most 5) is only bounded at 3,000: both kinds of row occur.
    assert 1473 in bounded and rows[1472] == (1473, "W", "<=5")
    assert rows[4] == (5, "L", "2")  # layer 2 (docs/mathematics.md section 4)


@pytest.mark.slow
def test_classify_thesis_setup():
    header, rows = parse_csv(ok("classify", "--n", "8000", "--alpha", "100"))
    assert header == "n,outcome,remoteness,cannot_be"
    assert len(rows) == 8000
    for n, outcome, remoteness in rows:
        assert outcome in {"W", "L", "D", "U"}
        if outcome in {"D", "U"}:
            assert remoteness == "", n
        else:
            digits = remoteness.removeprefix("<=")
            assert digits.isdigit(), n
            assert int(digits) % 2 == (1 if outcome == "W" else 0), n
    letters, rem = naive_800k()
    bounded = check_rows(rows, letters, rem, 8000, 800_000)
    # 5079 wins in 13 (the reference's bounded value): proven exact at this
    # bound since the draws by possibility (only bounded under the earlier
    # certificate); no position up to 8,000 is left bounded.
    assert (letters[5079], rem[5079]) == ("W", 13)
    assert rows[5078] == (5079, "W", "13")
    assert bounded == []


@pytest.mark.slow
def test_classify_default_alpha_is_100():
    # "1e2" also checks that friendly numbers reach the parser.
    _, rows = parse_csv(ok("classify", "--n", "1e2"))
    letters, rem = naive_solve(10_000)
    check_rows(rows, letters, rem, 100, 10_000)


def test_classify_bound_with_digit_groups(capsys):
    status, out, _ = run_here(capsys, "classify", "--n", "150", "--bound", "1_500")
    assert status == 0
    letters, rem = naive_solve(1500)
    assert check_rows(parse_csv(out)[1], letters, rem, 150, 1500) == [136]


def test_classify_small_bound_has_unresolved_rows(capsys):
    # With the bound equal to N, positions whose put leaves the bound and
    # that are not settled are U; the brute force agrees row by row.
    status, out, _ = run_here(capsys, "classify", "--n", "200", "--bound", "200")
    assert status == 0
    _, rows = parse_csv(out)
    letters, rem = naive_solve(200)
    check_rows(rows, letters, rem, 200, 200)
    assert any(r[1] == "U" for r in rows)


# ---------------------------------------------------------------------------
# tree
# ---------------------------------------------------------------------------


def test_tree_92():
    data = json.loads(ok("tree", "92", "--depth", "3"))
    root = data["root"]
    assert root["position"] == 92
    assert root["outcome"] == "W"
    assert root["remoteness"] == 11  # seed 003
    assert root["remoteness_at_most"] == 11
    assert data["start"] == 92 and data["depth"] == 3
    # 92 - 81 = 11 and 92 + 81 = 173.
    assert [c["position"] for c in root["children"]] == [11, 173]
    stack = [root]
    while stack:
        item = stack.pop()
        stack.extend(item["children"])
        assert "remoteness_at_most" in item
        if item["outcome"] in ("D", "U"):
            assert item["remoteness"] is None and item["remoteness_at_most"] is None
        else:
            assert item["remoteness"] in (item["remoteness_at_most"], None)


def test_tree_bounded_root():
    # 1473 at bound 3,000: W, at most 5 moves, not proven exact; the
    # children's values are the reference's.
    data = json.loads(ok("tree", "1473", "--depth", "1", "--bound", "3000"))
    letters, rem = naive_queue_solve(3000)
    root = data["root"]
    assert (root["position"], root["outcome"]) == (1473, "W")
    assert root["remoteness"] is None
    assert root["remoteness_at_most"] == rem[1473] == 5
    s = math.isqrt(1473) ** 2
    assert [c["position"] for c in root["children"]] == [1473 - s, 1473 + s]
    for child in root["children"]:
        m = child["position"]
        assert child["outcome"] == letters[m]
        assert child["remoteness_at_most"] == rem[m]
        assert child["remoteness"] in (rem[m], None)


def test_tree_beyond_its_bound_says_so(capsys):
    status, out, err = run_here(capsys, "tree", "4708", "--depth", "1", "--bound", "100")
    assert status == 0 and json.loads(out)["root"]["outcome"] == "U"
    assert "note: the start 4,708 is beyond the bound 100, so its outcome is U" in err
    assert "beyond the bound" not in run_here(capsys, "tree", "4708", "--depth", "1", "--bound", "10000")[2]


def test_tree_huge_square():
    data = json.loads(ok("tree", "10**30", "--depth", "2"))
    root = data["root"]
    assert root["position"] == 10**30
    assert root["square"] is True
    assert root["outcome"] == "W" and root["remoteness"] == 1
    assert root["remoteness_at_most"] == 1
    assert root["beyond_bound"] is True
    assert root["children"] == []


def test_tree_huge_non_square():
    n = HUGE
    data = json.loads(ok("tree", str(n), "--depth", "2", "--bound", "1000"))
    root = data["root"]
    assert root["position"] == n
    take, put = (c["position"] for c in root["children"])
    s = math.isqrt(n) ** 2
    assert (take, put) == (n - s, n + s) == (3, 2 * (10**15 + 7) ** 2 + 3)
    # 3 -> 2 and 3 -> 4, computed by hand.
    assert [c["position"] for c in root["children"][0]["children"]] == [2, 4]
    assert data["bound"] == 1000


def test_tree_indent_is_same_json(capsys):
    status, plain_text, _ = run_here(capsys, "tree", "29", "--depth", "3", "--bound", "10000")
    assert status == 0
    plain = json.loads(plain_text)
    status, indented_text, _ = run_here(capsys, "tree", "29", "--depth", "3", "--bound", "10000", "--indent")
    assert status == 0
    assert "\n " in indented_text
    assert json.loads(indented_text) == plain


def test_tree_cap_note():
    proc = run("tree", "4708", "--depth", "20", "--max-nodes", "10", "--bound", "10000")
    assert proc.returncode == 0
    data = json.loads(proc.stdout)
    assert data["truncated"] is True
    count = 0
    stack = [data["root"]]
    while stack:
        item = stack.pop()
        count += 1
        stack.extend(item["children"])
    assert count <= 10
    assert len(proc.stderr.strip().splitlines()) == 1
    assert "Traceback" not in proc.stderr


# ---------------------------------------------------------------------------
# layers
# ---------------------------------------------------------------------------


def _layer_lines(text: str) -> dict[int, list[int]]:
    found = {}
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        head, _, tail = line.partition(":")
        k = int(head.split()[1])
        found[k] = [int(x) for x in tail.split(",") if x.strip()]
    return found


def test_layers_design_list():
    out = ok("layers", "--n", "10000", "--depth", "2")
    found = _layer_lines(out)
    assert sorted(found) == [1, 2]
    assert found[1] == [i * i for i in range(1, 101)]
    assert found[2] == LAYER_2_BELOW_10000


def test_layers_small_match_brute_force(capsys):
    status, out, _ = run_here(capsys, "layers", "--n", "500", "--depth", "6", "--alpha", "10")
    assert status == 0
    found = _layer_lines(out)
    _, rem = naive_solve(5000)
    assert sorted(found) == [1, 2, 3, 4, 5, 6]
    # Layers list exact remoteness only: the reference's layer less the
    # positions the library flags as only bounded at this bound.
    raw = solve(5000).packed_remoteness
    for k in range(1, 7):
        assert found[k] == [m for m in range(1, 501) if rem[m] == k and raw[m] >= 0], k
        assert all(raw[m] == -k for m in range(1, 501) if rem[m] == k and m not in found[k])


# ---------------------------------------------------------------------------
# bad arguments
# ---------------------------------------------------------------------------


BAD = [
    pytest.param([], id="no-command"),
    pytest.param(["frobnicate"], id="unknown-command"),
    pytest.param(["classify"], id="classify-missing-n"),
    pytest.param(["classify", "--n"], id="classify-n-no-value"),
    pytest.param(["classify", "--n", "-5"], id="classify-negative"),
    pytest.param(["classify", "--n", "0"], id="classify-zero"),
    pytest.param(["classify", "--n", "2.5"], id="classify-non-integer"),
    pytest.param(["classify", "--n", "abc"], id="classify-text"),
    pytest.param(["classify", "--n", ""], id="classify-empty"),
    pytest.param(["classify", "--n", "100", "--bound", "50"], id="classify-bound-below-n"),
    pytest.param(["classify", "--n", "100", "--alpha", "0"], id="classify-alpha-zero"),
    pytest.param(["classify", "--n", "100", "--alpha", "2", "--bound", "500"], id="classify-alpha-and-bound"),
    pytest.param(["classify", "--n", "10000000000", "--alpha", "1000"], id="classify-bound-too-large"),
    pytest.param(["classify", "--n", "9" * 5000], id="classify-5000-digits"),
    pytest.param(["tree"], id="tree-missing-start"),
    pytest.param(["tree", "0"], id="tree-zero"),
    pytest.param(["tree", "-3"], id="tree-negative"),
    pytest.param(["tree", "2.5"], id="tree-non-integer"),
    pytest.param(["tree", "5", "--depth", "-1"], id="tree-negative-depth"),
    pytest.param(["tree", "5", "--bound", "0"], id="tree-bound-zero"),
    pytest.param(["tree", "5", "--bound", "10**15"], id="tree-bound-too-large"),
    pytest.param(["tree", "5", "--max-nodes", "0"], id="tree-max-nodes-zero"),
    pytest.param(["layers", "--n", "100"], id="layers-missing-depth"),
    pytest.param(["layers", "--n", "100", "--depth", "0"], id="layers-depth-zero"),
    pytest.param(["layers", "--depth", "2"], id="layers-missing-n"),
    pytest.param(["layers", "--n", "-1", "--depth", "2"], id="layers-negative"),
    pytest.param(["layers", "--n", "10**12", "--depth", "2"], id="layers-bound-too-large"),
]


# A few of them again as real subprocesses (each start costs about a second).
BAD_SUBPROCESS = [
    "no-command",
    "classify-negative",
    "classify-bound-below-n",
    "classify-bound-too-large",
    "tree-non-integer",
    "layers-depth-zero",
]


@pytest.mark.parametrize("argv", BAD)
def test_bad_arguments_in_process(capsys, argv):
    # An uncaught exception would fail this test with its traceback.
    status, out, err = run_here(capsys, *argv)
    assert status == 2, (status, err)
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("python -m solver")
    assert out == ""


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["classify", "--n", "-3"], "python -m solver: error: N must be at least 1, got -3"),
        (["classify", "--n", "0"], "python -m solver: error: N must be at least 1, got 0"),
        (["classify", "--rule", "kayles", "--n", "-3"], "python -m solver: error: N must be at least 0, got -3"),
    ],
)
def test_a_negative_n_and_a_zero_n_get_the_same_message(capsys, argv, message):
    # The least N is the game's: 1 for the positions 1..N, 0 for the heaps 0..N of an octal game.
    assert run_here(capsys, *argv) == (2, "", message + "\n")


@pytest.mark.parametrize("argv", [p for p in BAD if p.id in BAD_SUBPROCESS])
def test_bad_arguments_subprocess(argv):
    proc = run(*argv)
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].strip()
    assert proc.stdout == ""


def test_bound_too_large_message_names_memory(capsys):
    status, _, err = run_here(capsys, "classify", "--n", "10000000000", "--alpha", "1000")
    assert status == 2
    assert "memory" in err.lower()


@pytest.mark.parametrize(
    "argv",
    [
        ("tree", "5", "--bound", "10**30"),
        ("classify", "--n", "100", "--alpha", "10**20"),
        ("classify", "--n", "10**25"),
    ],
)
def test_bound_beyond_int64_message_names_memory(capsys, argv):
    status, _, err = run_here(capsys, *argv)
    assert status == 2
    assert len(err.splitlines()) == 1
    assert "memory" in err.lower()


def test_bound_just_beyond_memory_message(capsys):
    # 10**19 still fits a numpy float conversion; the message is the memory one.
    status, _, err = run_here(capsys, "tree", "5", "--bound", "10**19")
    assert status == 2
    assert "memory" in err.lower()


def test_bound_below_n_message(capsys):
    status, _, err = run_here(capsys, "classify", "--n", "100", "--bound", "50")
    assert status == 2
    assert "bound" in err and "100" in err


def test_non_integer_message_names_quantity(capsys):
    status, _, err = run_here(capsys, "tree", "2.5")
    assert status == 2
    assert "start number" in err and "whole number" in err


# ---------------------------------------------------------------------------
# help text, limits and up-front estimates
# ---------------------------------------------------------------------------


def help_text(capsys, command: str) -> str:
    with pytest.raises(SystemExit) as info:
        main([command, "--help"])
    assert info.value.code == 0
    return " ".join(capsys.readouterr().out.split())  # argparse wraps lines


def test_help_states_limits_and_defaults(capsys):
    tree = help_text(capsys, "tree")
    assert "--depth DEPTH move depth" in tree and "0 to 1,000 (default 6)" in tree
    assert "--max-nodes M" in tree and "1 to 1,000,000 (default 100,000" in tree
    layers_help = help_text(capsys, "layers")
    assert "--n N list the members of each layer in 1..N" in layers_help
    assert "--depth K number of layers K, 1 to 1,000" in layers_help
    solve_help = help_text(capsys, "solve")
    assert (
        "--bound B classify every position 0..B" in solve_help
        and "1 byte per position" in solve_help
        and "out of core" in solve_help
    )
    primitives = help_text(capsys, "primitives")
    assert "--layer K layer number K" in primitives and "1 to 1,000 (default 2" in primitives
    for command in ("classify", "tree", "solve", "strategies", "primitives", "layers"):
        assert "--max-seconds S" in help_text(capsys, command), command


def test_solve_too_large_names_solve_option(capsys):
    # solve has neither N nor alpha: the advice names --bound.
    status, _, err = run_here(capsys, "solve", "--bound", "10**13")
    assert status == 2
    assert "9.1 TiB" in err and "choose a smaller --bound" in err  # one byte a position
    assert "alpha" not in err


def test_classify_too_large_names_n_and_alpha(capsys):
    # The solve (10**12 bytes) outweighs the table (about 10**11): the advice
    # names both options that set the bound.
    status, _, err = run_here(capsys, "classify", "--n", "10**9", "--alpha", "1000")
    assert status == 2
    assert "choose a smaller --n or --alpha" in err and "1,000 × 1,000,000,000" in err


def test_max_seconds_refuses_with_estimate(capsys):
    # 10**9 positions: about 20 s estimated, refused under a limit of 5 s.
    status, out, err = run_here(capsys, "solve", "--bound", "10**9", "--max-seconds", "5")
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1
    assert re.search(
        r"a solve of Put-or-Take-a-Square to bound 1,000,000,000 would take about 2\d s \(limit 5 s\)", err
    ), err
    assert "--max-seconds" in err


def test_max_nodes_limit_message_has_estimate(capsys):
    status, _, err = run_here(capsys, "tree", "92", "--max-nodes", "1_000_001")
    assert status == 2
    assert "--max-nodes must be at most 1,000,000, got 1,000,001" in err
    assert "GiB of memory" in err


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["tree", "5", "--depth", "1001"], "the depth must be at most 1,000"),
        (["layers", "--n", "100", "--depth", "1001"], "--depth must be at most 1,000"),
        (["primitives", "--limit", "100", "--layer", "1001"], "must be at most 1,000"),
    ],
)
def test_depth_limits(capsys, argv, fragment):
    status, _, err = run_here(capsys, *argv)
    assert status == 2
    assert fragment in err


def test_depth_at_the_limit_runs(capsys):
    status, out, _ = run_here(capsys, "layers", "--n", "100", "--depth", "1000")
    assert status == 0
    assert len([line for line in out.splitlines() if line.startswith("layer ")]) == 1000


def test_message_with_line_break_in_argument_is_one_line(capsys):
    status, _, err = run_here(capsys, "tree", "4\n7\x85")
    assert status == 2
    assert len(err.splitlines()) == 1
    assert "\\n" in err


class _Terminal(io.StringIO):
    """A stderr that says it is a terminal, as a person's is."""

    def isatty(self) -> bool:
        return True


def test_a_large_tree_shows_a_progress_bar_on_a_terminal(monkeypatch, capsys):
    import tqdm as tqdm_module

    class Bar(tqdm_module.tqdm):
        def __init__(self, *args, **kwargs):
            kwargs["delay"] = 0  # the real bar waits a second before it shows
            super().__init__(*args, **kwargs)

    from solver.values.tree import game_tree

    monkeypatch.setattr(tqdm_module, "tqdm", Bar)
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["tree", "4708", "--depth", "12", "--bound", "10000"]) == 0
    tree = json.loads(capsys.readouterr().out)
    bar = terminal.getvalue()
    nodes = len(game_tree(4708, 12, solve(10_000), max_nodes=100_000).nodes)
    assert "building the tree: 100%" in bar and f"{nodes}/{nodes}" in bar, bar[-500:]
    assert tree["start"] == 4708


def test_a_tree_writes_progress_lines_when_stderr_is_no_terminal(monkeypatch, capsys):
    from solver.cli import progress

    monkeypatch.setattr(progress, "PROGRESS_AFTER", 0.0)
    monkeypatch.setattr(progress, "PROGRESS_EVERY", 0.0)
    assert main(["tree", "4708", "--depth", "14", "--bound", "10000", "--max-nodes", "5000"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["start"] == 4708
    lines = [line for line in captured.err.splitlines() if line.startswith("progress")]
    assert lines and lines[-1] == "progress 1.00 building the tree"


def test_game_tree_reports_its_progress():
    from solver.values.tree import PROGRESS_NODES, game_tree

    seen = []
    tree = game_tree(4708, 14, solve(10_000), max_nodes=5_000, progress=seen.append)
    assert seen == [*range(PROGRESS_NODES, len(tree.nodes) + 1, PROGRESS_NODES), len(tree.nodes)]
