"""The Dask engine's refusals of bad arguments and bad store paths, before any cluster starts.

Split from tests/test_dask_engine.py; none of these needs a cluster (a client
that is never used stands in where one is asked for).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("distributed")
pytest.importorskip("zarr")

from solver.games import get_rule
from solver.store import dask as dask_store
from solver.store import dask_store as layout
from solver.store.dask import run, solve_dask
from solver.store.dask_store import open_store


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"bound": 0}, ValueError, "bound"),
        ({"bound": True}, TypeError, "bound"),
        ({"bound": 10.0}, TypeError, "bound"),
        ({"bound": 2**63}, ValueError, "2\\*\\*62"),
        ({"bound": 100, "chunk": 10}, ValueError, "chunk size"),
        ({"bound": 100, "chunk": 2**40}, ValueError, "chunk size"),
        ({"bound": 100, "workers": 0}, ValueError, "workers"),
        ({"bound": 100, "rule": "subtract-a-square"}, ValueError, "only"),
        ({"bound": 100, "timeout": 0}, ValueError, "timeout"),
        ({"bound": 100, "store": "s3://bucket/x"}, ValueError, "URL"),
        ({"bound": 100, "store": ""}, ValueError, "empty"),
        ({"bound": 100, "store": 5}, TypeError, "path"),
        ({"bound": 100, "scheduler": "not an address"}, ValueError, "scheduler address"),
        ({"bound": 100, "scheduler": 12}, TypeError, "scheduler"),
    ],
)
def test_bad_arguments(kwargs, error, match, tmp_path):
    kwargs.setdefault("store", tmp_path / "x.zarr")
    bound = kwargs.pop("bound")
    with pytest.raises(error, match=match):
        solve_dask(bound, **kwargs)


def test_bad_store_paths(tmp_path):
    a_file = tmp_path / "file"
    a_file.write_text("x")
    with pytest.raises(ValueError, match="not a directory"):
        run(100, store=a_file)
    with pytest.raises(ValueError, match="cannot create"):
        run(100, store=a_file / "under" / "s.zarr")
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "keep.txt").write_text("mine")
    with pytest.raises(ValueError, match="not a Dask solve store"):
        run(100, store=busy)
    assert (busy / "keep.txt").read_text() == "mine"
    with pytest.raises(ValueError, match="not a Dask solve store"):
        open_store(busy)


#: Paths the system refuses to write, whatever the permission bits say (root passes
#: ``os.access`` almost everywhere): a pseudo file system, a read-only one, a
#: folder of another process.
_REFUSING = [Path("/proc/x.zarr"), Path("/sys/x.zarr"), Path("/proc/1/x.zarr")]


@pytest.mark.parametrize("where", _REFUSING, ids=str)
def test_a_store_the_system_refuses_is_a_value_error(where):
    if not where.parent.is_dir():
        pytest.skip(f"no {where.parent} on this system")
    with pytest.raises(ValueError, match=re.escape(str(where.parent)) + ".*choose another path"):
        run(100, store=where)
    assert not where.exists()


def test_a_file_anywhere_above_the_store_is_named(tmp_path):
    a_file = tmp_path / "file"
    a_file.write_text("x")
    with pytest.raises(ValueError, match=re.escape(f"{a_file} is a file, not a directory")):
        run(100, store=a_file / "a" / "b" / "s.zarr")
    assert a_file.read_text() == "x"


def test_missing_folders_above_the_store_are_made_and_the_check_leaves_no_store(tmp_path):
    path = tmp_path / "new" / "deeper" / "s.zarr"
    assert layout._prepare_store(path, 100, get_rule("put-or-take-a-square")) is None
    assert path.parent.is_dir() and not path.exists()


def test_a_store_that_cannot_be_created_after_the_check_is_a_value_error(tmp_path, monkeypatch):
    def full_disk(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(dask_store, "_create_store", full_disk)
    monkeypatch.setattr(dask_store, "connect", lambda *args: (_NoClient(), None))
    with pytest.raises(ValueError, match="No space left on device"):
        run(100, store=tmp_path / "s.zarr")


class _NoClient:
    """Stands in for a Dask client that has one worker (nothing is sent to it)."""

    def scheduler_info(self):
        return {"workers": {"w": {}}}

    def close(self):
        pass


@pytest.mark.parametrize(
    "store", ["/proc/x.zarr", "/sys/x.zarr", "/etc/passwd", "/etc/passwd/x.zarr", "", "s3://bucket/x.zarr"]
)
def test_every_bad_store_on_the_command_line_is_one_line_and_status_2(store, capsys):
    from solver.cli.main import main

    if store.startswith(("/proc", "/sys", "/etc")) and not Path(store.split("/x.zarr")[0]).exists():
        pytest.skip(f"no {store} on this system")
    assert main(["solve", "--bound", "1e6", "--engine", "dask", "--store", store]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("python -m solver: error: "), err
    assert "Traceback" not in err
