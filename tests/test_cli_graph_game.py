"""``python -m solver graph-game`` (solver.cli.graph_game): the fields printed, and bad input refused in one line."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from naive_tokens import product_outcomes

import solver.cli.main as cli
from solver.cli.graph_game import HANDLERS

ROOT = Path(__file__).resolve().parents[1]
PROG = "python -m solver"


def run_here(*argv: str) -> tuple[int, str, str]:
    """Run ``main`` in this process; return (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main(list(argv))
        except SystemExit as exc:
            status = 0 if exc.code is None else int(exc.code)
    return status, out.getvalue(), err.getvalue()


def ok(*argv: str) -> str:
    status, out, err = run_here(*argv)
    assert status == 0, err
    return out


def refused(*argv: str) -> str:
    """The one line of a refusal (exit status 2, nothing on stdout)."""
    status, out, err = run_here(*argv)
    assert status == 2, (status, out, err)
    assert out == ""
    assert err.count("\n") == 1 and err.startswith(PROG), err
    assert "Traceback" not in err
    return err


def test_the_games_table():
    assert list(HANDLERS) == ["tokens", "snakes-and-adders", "fair-shares", "monochrome"]


def test_tokens_prints_outcome_values_and_moves():
    out = json.loads(ok("graph-game", "--game", "tokens", "--graph", "0>1,1>2,2>0,1>3", "--tokens", "0,0,2", "--json"))
    assert out["outcome"] == "W" == product_outcomes([[1], [2, 3], [0], []], 3)[(0, 0, 2)]
    assert out["values"] == {"0": "0", "1": "2", "2": "1", "3": "0"}
    assert out["moves"] == [
        {"from": 0, "to": 1, "outcome": "W", "winning": False, "drawing": False},
        {"from": 2, "to": 0, "outcome": "L", "winning": True, "drawing": False},
    ]
    assert out["computer"] == out["moves"][1]
    text = ok("graph-game", "--game", "tokens", "--graph", "0>1,1>2,2>0,1>3", "--tokens", "0,0,2")
    assert "outcome: W" in text and "2 -> 0: leaves L  winning" in text and "computer: 2 -> 0" in text


def test_tokens_draws_and_infinite_values():
    out = json.loads(ok("graph-game", "--game", "tokens", "--graph", "0>0,0>1,1>2", "--tokens", "0", "--json"))
    assert out["outcome"] == "D" and out["values"] == {"0": "inf{1}", "1": "1", "2": "0"}
    assert [m["drawing"] for m in out["moves"]] == [True, False]  # 0 -> 0 keeps the draw, 0 -> 1 loses
    assert out["computer"]["to"] == 0
    empty = json.loads(ok("graph-game", "--game", "tokens", "--graph", "cycle-3", "--json"))
    assert empty["outcome"] == "L" and empty["moves"] == [] and empty["computer"] is None


def test_fair_shares_prints_every_partition():
    out = json.loads(ok("graph-game", "--game", "fair-shares", "--n", "6", "--json"))
    assert len(out["positions"]) == 11
    assert out["positions"][5] == {"partition": "3+2+1", "outcome": "W", "value": "3"}
    assert out["counts"] == {"W": 7, "L": 4, "D": 0}
    one = json.loads(ok("graph-game", "--game", "fair-shares", "--position", "3+2+1", "--json"))
    assert one["partition"] == "3+2+1" and one["outcome"] == "W" and one["value"] == "3" and one["n"] == 6
    assert {m["to"] for m in one["moves"] if m["winning"]} == {"4+2", "3+3"}
    assert one["computer"]["to"] == "3+3"  # the faster win: remoteness 2 against 6
    text = ok("graph-game", "--game", "fair-shares", "--n", "4")
    assert text.splitlines()[1:] == [
        "partition,outcome,value",
        "4,W,1",
        "3+1,W,2",
        "2+2,L,0",
        "2+1+1,W,1",
        "1+1+1+1,L,0",
    ]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--game", "tokens"], "needs --graph"),
        (["--game", "tokens", "--graph", "0>1,1>"], "not an"),
        (["--game", "tokens", "--graph", "0-1"], "directed"),
        (["--game", "tokens", "--graph", "0>1", "--tokens", "2"], "off the graph"),
        (["--game", "tokens", "--graph", "0>1", "--tokens", "a"], "not a vertex"),
        (["--game", "tokens", "--graph", "0>1", "--n", "4"], "--n is for --game fair-shares"),
        (["--game", "tokens", "--graph", "0>1", "--size", "4"], "--size is for --game snakes-and-adders"),
        (["--game", "snakes-and-adders", "--size", "10", "--arrows", "12>3"], "off the board"),
        (["--game", "snakes-and-adders", "--size", "10", "--arrows", "HOME>3"], "starts at HOME"),
        (["--game", "snakes-and-adders", "--size", "10", "--arrows", "3>5,3>6"], "two arrows"),
        (["--game", "snakes-and-adders", "--size", "10", "--arrows", "3>5", "--tokens", "3"], "tail"),
        (["--game", "snakes-and-adders", "--size", "10", "--tokens", "0"], "off the board"),
        (["--game", "snakes-and-adders", "--size", "0"], "at least 1"),
        (["--game", "snakes-and-adders", "--size", "10000"], "at most"),
        (["--game", "snakes-and-adders", "--graph", "0>1"], "--graph is for --game tokens"),
        (["--game", "fair-shares"], "needs --n"),
        (["--game", "fair-shares", "--n", "0"], "at least 1"),
        (["--game", "fair-shares", "--n", "61"], "at most 60"),
        (["--game", "fair-shares", "--position", "3+0"], "empty heap"),
        (["--game", "fair-shares", "--position", "3+2", "--n", "6"], "not 6"),
        (["--game", "fair-shares", "--position", "31+30"], "at most 60"),
        (["--game", "fair-shares", "--n", "60", "--max-seconds", "1"], "would take about"),
        (["--game", "fair-shares", "--tokens", "1"], "--tokens is for --game tokens or snakes-and-adders"),
        (["--game", "chess"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line(argv, words):
    assert words in refused("graph-game", *argv)


@pytest.mark.slow
def test_the_command_runs_as_a_program():
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "solver",
            "graph-game",
            "--game",
            "tokens",
            "--graph",
            "0>1,1>2,2>0,1>3",
            "--tokens",
            "0,0,2",
            "--json",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["outcome"] == "W"
    bad = subprocess.run(
        [sys.executable, "-m", "solver", "graph-game", "--game", "tokens", "--graph", "0>1", "--tokens", "7"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert bad.returncode == 2 and bad.stdout == "" and bad.stderr.count("\n") == 1


def test_docstring_examples_of_the_graph_games():
    import doctest
    import importlib

    for name in ("smith", "tokens", "snakes", "fair_shares"):
        module = importlib.import_module(f"solver.graphs.{name}")
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        assert result.failed == 0 and result.attempted >= 1, module.__name__
