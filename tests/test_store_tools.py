"""Reading a finished Dask store: ``records --store``, ``bfile --store`` and ``check`` (a local check of a sample).

The records and b-files read from a store are compared with those of the
single-process solve of the same bound (:func:`solver.engine.solve` and the
commands without ``--store``), never with text written here.  The check must
find no fault in a true store and must find the one position whose code was
replaced, in a copy of the store, by a code of another class.  The stores are
written once for the module by the Dask engine on threads of this process
(``processes=False``), with small chunks so that a put child lies chunks away.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("distributed")
pytest.importorskip("zarr")

from solver.analysis.records import records
from solver.cli import progress as progress_module
from solver.cli.main import main
from solver.engine import codes as code_tables
from solver.engine import solve
from solver.engine.closure import local_check
from solver.engine.solution import Outcome
from solver.store.dask import run
from solver.store.dask_check import check_store, draw_sample
from solver.store.dask_codes import ZarrCodes
from solver.store.dask_store import open_store

ROOT = Path(__file__).resolve().parent.parent
BOUND = 10**6
CHUNK = 1 << 14


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> Path:
    where = tmp_path_factory.mktemp("stores") / "b6.zarr"
    run(BOUND, store=where, chunk=CHUNK, workers=1, processes=False)
    return where


@pytest.fixture(scope="module")
def reference():
    return solve(BOUND)


def _run(argv: list[str], capsys) -> tuple[int, str, str]:
    """``main(argv)``'s exit status, stdout and stderr (a ``SystemExit`` counts as its status)."""
    try:
        status = main(argv)
    except SystemExit as stopped:
        status = int(stopped.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def _corrupt(store: Path, copy: Path, position: int, code: int) -> None:
    """Copy ``store`` to ``copy`` and write ``code`` at ``position`` of the copy's codes."""
    import zarr

    shutil.copytree(store, copy)
    array = zarr.open_array(str(copy / "codes"), mode="r+")
    array[position] = code


@pytest.mark.slow
def test_records_from_the_store_are_those_of_the_single_process_solve(store, reference, capsys):
    assert records(open_store(store)) == records(reference)
    for extra in ([], ["--json"]):
        status, from_store, _ = _run(["records", "--store", str(store), *extra], capsys)
        assert status == 0
        status, solved, _ = _run(["records", "--bound", str(BOUND), *extra], capsys)
        assert status == 0
        assert from_store == solved


@pytest.mark.slow
@pytest.mark.parametrize(
    "extra",
    [
        ["--sequence", "P"],
        ["--sequence", "N"],
        ["--sequence", "D", "--terms", "5000"],
        ["--sequence", "P", "--partial"],
    ],
)
def test_bfile_from_the_store_is_that_of_the_single_process_solve(extra, store, tmp_path, capsys):
    status, from_store, _ = _run(["bfile", *extra, "--store", str(store), "--bound", str(BOUND)], capsys)
    assert status == 0
    status, solved, _ = _run(["bfile", *extra, "--bound", str(BOUND)], capsys)
    assert status == 0
    assert from_store == solved and from_store.count("\n") > 3
    target = tmp_path / "b.txt"
    assert _run(["bfile", *extra, "--store", str(store), "-o", str(target)], capsys)[0] == 0
    assert target.read_text() == solved


@pytest.mark.slow
def test_a_long_read_shows_progress_lines_on_stderr_only(store, monkeypatch, capsys):
    monkeypatch.setattr(progress_module, "PROGRESS_AFTER", 0.0)
    monkeypatch.setattr(progress_module, "PROGRESS_EVERY", 0.0)
    for argv in (
        ["records", "--store", str(store)],
        ["bfile", "--sequence", "P", "--store", str(store)],
        ["check", "--store", str(store), "--sample", "1000", "--seed", "3"],
    ):
        status, out, err = _run(argv, capsys)
        assert status == 0
        assert "progress 1.00 reading the store" in err.splitlines()
        assert "progress" not in out


@pytest.mark.slow
def test_the_check_finds_no_fault_in_a_true_store_and_reads_each_chunk_once(store, reference, monkeypatch, capsys):
    reads: dict[int, int] = {}
    original = ZarrCodes._chunk

    def counted(self, c):
        reads[c] = reads.get(c, 0) + 1
        return original(self, c)

    monkeypatch.setattr(ZarrCodes, "_chunk", counted)
    status, out, err = _run(["check", "--store", str(store), "--sample", str(BOUND), "--seed", "11", "--json"], capsys)
    assert status == 0 and err == ""
    found = json.loads(out)
    chunks = -(-(BOUND + 1) // CHUNK)
    assert found["faults"] == 0 and found["faulty"] == [] and found["checked"] == BOUND
    assert found["seed"] == 11 and found["chunks_decoded"] == chunks and found["bytes_decoded"] == BOUND + 1
    assert sorted(reads) == list(range(chunks)) and set(reads.values()) == {1}
    assert local_check(open_store(store)) == (0, -1) == local_check(reference)


@pytest.mark.slow
def test_the_check_finds_a_code_written_wrong(store, reference, tmp_path, capsys):
    seed, sample = 5, 2000
    drawn = draw_sample(BOUND, sample, seed)
    classes = code_tables.class_table()
    # A W position of the sample in the upper half (its put child is past the bound, so a far
    # chunk is not needed) and one in the lower half (its put child lies chunks away).
    wins = [int(n) for n in drawn if classes[reference.codes[n]] == 1]
    an_l_code = int(np.flatnonzero(classes == 2)[0])  # any L code: a W position has an L child, no L has
    for position in (wins[0], wins[-1]):
        copy = tmp_path / f"at-{position}.zarr"
        _corrupt(store, copy, position, an_l_code)
        status, out, _ = _run(["check", "--store", str(copy), "--sample", str(sample), "--seed", str(seed)], capsys)
        assert status == 1
        assert "faults: " in out and f"{position:,}" in out.split("faults:")[1]
        found = check_store(copy, sample, seed)
        assert found["faults"] >= 1 and position in found["faulty"]
        faults, first = local_check(open_store(copy))
        assert faults >= 1 and 0 < first <= position
    # The same draw in the true store has no fault.
    assert check_store(store, sample, seed)["faults"] == 0


@pytest.mark.slow
def test_the_check_draws_the_sample_of_its_seed(store, capsys):
    status, out, _ = _run(["check", "--store", str(store), "--sample", "100", "--seed", "7"], capsys)
    assert status == 0 and "seed 7" in out and "faults: 0" in out
    status, again, _ = _run(["check", "--store", str(store), "--sample", "100"], capsys)
    assert status == 0 and "seed " in again
    drawn = draw_sample(BOUND, 1000, 9)
    assert drawn.dtype == np.int64 and drawn.shape == (1000,)
    assert np.all(np.diff(drawn) >= 0) and drawn[0] >= 1 and drawn[-1] <= BOUND
    assert np.array_equal(drawn, draw_sample(BOUND, 1000, 9))


def _one_line_status_2(argv: list[str], capsys, *needles: str) -> None:
    status, out, err = _run(argv, capsys)
    assert status == 2, (argv, out, err)
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("python -m solver")
    for needle in needles:
        assert needle in err, (needle, err)


@pytest.mark.parametrize("command", ["records", "bfile", "check"])
def test_a_missing_store_is_one_line_and_status_2(command, tmp_path, capsys):
    head = {"records": ["records"], "bfile": ["bfile", "--sequence", "P"], "check": ["check", "--sample", "5"]}
    _one_line_status_2([*head[command], "--store", str(tmp_path / "none.zarr")], capsys, "does not exist")
    _one_line_status_2([*head[command], "--store", str(tmp_path)], capsys, "not a Dask solve store")


def test_records_and_bfile_need_a_bound_or_a_store(capsys):
    _one_line_status_2(["records"], capsys, "--bound", "--store")
    _one_line_status_2(["bfile", "--sequence", "N"], capsys, "--bound", "--store")


@pytest.mark.parametrize("sample", ["0", "-3", "1.5", "many"])
def test_a_sample_that_is_not_a_positive_integer_is_refused(sample, tmp_path, capsys):
    _one_line_status_2(["check", "--store", str(tmp_path), "--sample", sample], capsys, "--sample")


@pytest.mark.slow
def test_bad_input_against_a_store_is_one_line_and_status_2(store, tmp_path, capsys):
    _one_line_status_2(["check", "--store", str(store), "--sample", str(BOUND + 1)], capsys, f"{BOUND:,}")
    _one_line_status_2(["check", "--store", str(store), "--sample", "10", "--seed", "-1"], capsys, "--seed")
    for head in (["records"], ["bfile", "--sequence", "P"]):
        _one_line_status_2([*head, "--store", str(store), "--bound", str(BOUND - 1)], capsys, "disagrees", f"{BOUND:,}")
        _one_line_status_2(
            [*head, "--store", str(store), "--rule", "put-or-take-a-prime"], capsys, "put-or-take-a-square"
        )
    unfinished = tmp_path / "unfinished.zarr"
    shutil.copytree(store, unfinished)
    meta = json.loads((unfinished / "zarr.json").read_text())
    meta["attributes"]["complete"] = False
    (unfinished / "zarr.json").write_text(json.dumps(meta))
    for argv in (["records"], ["check", "--sample", "5"]):
        _one_line_status_2([*argv, "--store", str(unfinished)], capsys, "unfinished")


@pytest.mark.slow
def test_work_beyond_the_time_limit_is_refused_with_the_estimate(store, monkeypatch, capsys):
    from solver import costs

    monkeypatch.setattr(costs, "SAMPLE_SECONDS_PER_POSITION", 1.0)
    monkeypatch.setattr(costs, "STORE_SECONDS_PER_POSITION", 1e-3)
    _one_line_status_2(["check", "--store", str(store), "--sample", "1000"], capsys, "--sample", "--max-seconds")
    _one_line_status_2(["records", "--store", str(store)], capsys, "--max-seconds")
    _one_line_status_2(["bfile", "--sequence", "P", "--partial", "--store", str(store)], capsys, "--max-seconds")
    status, out, _ = _run(["check", "--store", str(store), "--sample", "10", "--max-seconds", "3600"], capsys)
    assert status == 0 and "faults: 0" in out
    # Without --partial a b-file reads the store up to its decided radius only, and is estimated so.
    status, out, _ = _run(["bfile", "--sequence", "P", "--store", str(store)], capsys)
    whole = solve(BOUND)
    losses = np.flatnonzero(np.asarray(whole.outcome)[: whole.decided_below + 1] == Outcome.L)
    assert status == 0 and int(out.splitlines()[-1].split()[1]) == int(losses[-1])
    monkeypatch.setattr(costs, "STORE_SECONDS_PER_POSITION", 1.0)
    _one_line_status_2(["bfile", "--sequence", "P", "--store", str(store)], capsys, "decided radius", "--max-seconds")


def test_a_foreign_zarr_group_is_not_a_store(tmp_path, capsys):
    import zarr

    foreign = tmp_path / "foreign.zarr"
    group = zarr.open_group(str(foreign), mode="w")
    group.create_array("codes", shape=(101,), chunks=(50,), dtype="uint8")
    group.attrs.update({"engine": "someone-else", "bound": 100, "complete": True})
    for head in (["records"], ["bfile", "--sequence", "P"], ["check", "--sample", "5"]):
        _one_line_status_2([*head, "--store", str(foreign)], capsys, "not a Dask solve store")


@pytest.mark.slow
def test_the_check_refuses_a_store_of_another_rule_and_records_read_it_with_its_rule(tmp_path, capsys):
    where = tmp_path / "prime.zarr"
    run(10**4, store=where, chunk=1024, workers=1, processes=False, rule="put-or-take-a-prime")
    _one_line_status_2(["check", "--store", str(where), "--sample", "5"], capsys, "Put-or-Take-a-Square only")
    _one_line_status_2(["records", "--store", str(where)], capsys, "--rule put-or-take-a-prime")
    status, from_store, _ = _run(["records", "--store", str(where), "--rule", "put-or-take-a-prime"], capsys)
    assert status == 0
    assert from_store == _run(["records", "--bound", "1e4", "--rule", "put-or-take-a-prime"], capsys)[1]
