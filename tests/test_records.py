"""Records and b-files: checked against plain loops over the solve and published lists."""

from __future__ import annotations

import io
import json

import pytest
from test_family import A005240, A005241

from solver.analysis.records import bfile_terms, records, write_bfile
from solver.cli.main import main
from solver.engine import solve
from solver.engine.solution import Outcome


@pytest.mark.parametrize("layout", ["compact", "wide"])
@pytest.mark.parametrize("rule", ["put-or-take-a-square", "put-or-take-a-prime", "subtract-a-square-misere"])
def test_records_are_the_smallest_exact_positions(rule, layout):
    solution = solve(20_000, rule=rule)
    assert solution.codes is not None
    if layout == "wide":
        solution = solution.wide()
    smallest: dict[int, int] = {}
    for n in range(solution.bound + 1):
        outcome, remoteness = solution.value(n)  # exact remoteness or None
        if remoteness is not None and remoteness not in smallest:
            smallest[remoteness] = n
    found = records(solution)
    assert [(row["remoteness"], row["position"]) for row in found["records"]] == sorted(smallest.items())
    assert found["max_remoteness"] == max(smallest)
    for row in found["records"]:
        assert row["outcome"] == solution.value(row["position"])[0].name


def test_the_classic_records():
    found = {row["remoteness"]: row["position"] for row in records(solve(10**6))["records"]}
    assert found[11] == 92 and found[2] == 5 and found[1] == 1 and found[0] == 0


def test_bfiles_are_the_published_lists_and_number_from_one():
    solution = solve(10**6)
    assert [a for _, a in bfile_terms(solution, "P", len(A005240))] == A005240
    assert list(bfile_terms(solution, "N", 3)) == [(1, 1), (2, 4), (3, 9)]
    assert [a for _, a in bfile_terms(solution, "N", len(A005241))] == A005241
    draws = [a for _, a in bfile_terms(solution, "D", 5)]
    assert draws == [2, 3, 6, 7, 8] and all(solution.value(d)[0] is Outcome.D for d in draws)
    out = io.StringIO()
    assert write_bfile(solution, "P", out, 4) == 4
    lines = out.getvalue().splitlines()
    assert [line for line in lines if not line.startswith("#")] == ["1 0", "2 5", "3 20", "4 29"]
    with pytest.raises(ValueError, match="P, N or D"):
        list(bfile_terms(solution, "Q"))


def test_records_and_bfile_commands(capsys, tmp_path):
    assert main(["records", "--bound", "100000", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["rule"] == "put-or-take-a-square" and found["records"][11] == {
        "remoteness": 11,
        "position": 92,
        "outcome": "W",
    }
    target = tmp_path / "b005240.txt"
    assert main(["bfile", "--sequence", "P", "--bound", "1e6", "--terms", "34", "-o", str(target)]) == 0
    rows = [line.split() for line in target.read_text().splitlines() if not line.startswith("#")]
    assert [int(a) for _, a in rows] == A005240 and [int(k) for k, _ in rows] == list(range(1, 35))
    assert main(["bfile", "--sequence", "P", "--bound", "100", "-o", str(tmp_path / "no" / "such" / "dir")]) == 2
    assert "cannot write" in capsys.readouterr().err
