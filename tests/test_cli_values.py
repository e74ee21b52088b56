"""The nim-values and sum subcommands (solver.cli.values), through their handlers and python -m solver."""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from solver.cli.values import register
from solver.values.nimvalues import nim_values

ROOT = Path(__file__).resolve().parents[1]


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise ValueError(message)


def _run(argv):
    parser = _Parser(prog="test")
    register(parser.add_subparsers(dest="command", required=True, parser_class=_Parser))
    args = parser.parse_args(argv)
    out = io.StringIO()
    args.run(args, out)
    return out.getvalue()


def _rows(text):
    lines = text.splitlines()
    comments = [line for line in lines if line.startswith("#")]
    body = [line for line in lines if not line.startswith("#")]
    assert body[0] == "n,value"
    return comments, dict(line.split(",", 1) for line in body[1:])


def test_nim_values_csv_matches_the_api():
    comments, rows = _rows(_run(["nim-values", "--rule", "put-or-take-a-square", "--n", "300", "--bound", "3000"]))
    assert any("put-or-take-a-square" in c for c in comments) and any("bound 3000" in c for c in comments)
    values = nim_values("put-or-take-a-square", 300, 3000)
    assert len(rows) == 301
    for n, text in rows.items():
        assert text == values.text(int(n))
    assert rows["5"] == "0" and rows["1"] == "inf{0}"


def test_nim_values_square_but_one_and_subtract():
    _, rows = _rows(_run(["nim-values", "--rule", "square-but-one", "--n", "10"]))
    assert rows["0"] == "0" and rows["5"] == "0" and rows["1"] == "1" and rows["2"].startswith("inf{")
    _, rows = _rows(_run(["nim-values", "--rule", "subtract-a-square", "--n", "28"]))
    assert [int(rows[str(i)]) for i in range(6)] == [0, 1, 0, 1, 2, 0]


def test_sum_json():
    data = json.loads(_run(["sum", "5", "5", "--json"]))
    assert data["outcome"] == "L" and data["heaps"] == [5, 5] and data["values"] == ["0", "0"]
    assert data["best"] == []
    data = json.loads(_run(["sum", "1", "5", "--json", "--bound", "1e5"]))
    assert data["outcome"] == "W"
    assert [data["moves"][k] for k in data["best"]] == [{"heap": 0, "to": 0, "outcome": "W", "after": "L"}]
    text = _run(["sum", "2", "3", "--rule", "square-but-one"])
    assert "outcome for the player to move: D" in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nim-values", "--rule", "subtract-a-square-misere", "--n", "10"], "normal play"),
        (["nim-values", "--n", "100", "--bound", "50"], "at least N"),
        (["nim-values", "--n", "-3"], "N"),
        (["nim-values", "--n", "10", "--rule", "nope"], "invalid choice"),
        (["nim-values", "--n", "10**9", "--bound", "10**18"], "memory"),
        (["sum", "1", "x"], "heap"),
        (["sum"], "required"),
    ],
)
def test_bad_input_is_a_one_line_error(argv, message):
    with pytest.raises(ValueError, match=message):
        _run(argv)


def _wired() -> bool:
    result = subprocess.run(
        [sys.executable, "-m", "solver", "--help"], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    return "nim-values" in result.stdout


@pytest.mark.slow
def test_through_python_m_solver():
    if not _wired():
        pytest.skip("nim-values is not yet wired into solver/__main__.py (cli_values.register not called)")
    result = subprocess.run(
        [sys.executable, "-m", "solver", "sum", "1", "5", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["outcome"] == "W"
    result = subprocess.run(
        [sys.executable, "-m", "solver", "nim-values", "--n", "10", "--rule", "subtract-a-square-misere"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2 and "Traceback" not in result.stderr and len(result.stderr.splitlines()) == 1
