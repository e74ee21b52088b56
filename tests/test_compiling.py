"""Compiling ahead (solver.compiling), the page's notice while it runs, and a fresh install's first launch.

A fresh install has nothing in numba's cache; ``python -m dashboard`` must
print its address and answer at once, compile in the background, and say on
the page what is compiling (docs/performance-page.md has the measured figures).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

import solver
from dashboard import compile_notice, ids
from solver import compiling
from solver.compiling import PLAN, CompileStatus, area_of

ROOT = Path(__file__).resolve().parent.parent


def _status(**changes) -> CompileStatus:
    fields = dict(
        started=True,
        finished=False,
        steps_done=0,
        steps=len(PLAN),
        step=PLAN[0][0],
        waiting=tuple(label for label, _ in PLAN[1:]),
        compiling=(),
        compiled=0,
        seconds=12.0,
        error=None,
    )
    fields.update(changes)
    return CompileStatus(**fields)


# ---------------------------------------------------------------- what is compiling


@pytest.mark.parametrize(
    ("module", "area"),
    [
        ("solver.engine.sweep", "Put-or-Take-a-Square's solver"),
        ("solver.engine.small_game", "Put-or-Take-a-Square's solver"),
        ("solver.engine.rounds", "the solver of the family's other games"),
        ("solver.engine.nim", "loopy nim values"),
        ("solver.impartial.octal", "octal games"),
        ("solver.impartial.wythoff", "Wythoff's and Euclid's games"),
        ("solver.impartial.chomp", "Chomp"),
        ("solver.analysis.records", "records"),
        ("solver.analysis.layers", "the solver"),
        ("numba.np.arrayobj", None),
        ("solverx.engine", None),
    ],
)
def test_each_kernel_module_names_its_part_of_the_program(module, area):
    assert area_of(module) == area


def test_every_module_with_kernels_has_a_named_area():
    # A module with numba kernels that only "the solver" would name says too little.
    modules = sorted(
        ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for path in (ROOT / "solver").rglob("*.py")
        if re.search(r"@numba\.n?jit\([^)]*cache=True", path.read_text(encoding="utf-8"))
    )
    assert modules, "no kernels found"
    assert [m for m in modules if area_of(m) in (None, "the solver")] == []


#: Runs the compile plan's steps for the Finite games tab in a fresh interpreter, then what the page does when a
#: game of the menu is first picked (its position to play and its tree), and prints, as JSON, the solver's kernels
#: that the pick reached and the plan had not (none compiled or loaded from numba's cache before it).
FINITE_KERNELS_LEFT = """
import gc, json, tempfile
from pathlib import Path
import numba.core.registry
from solver import impartial_game
from solver.compiling import PLAN
from solver.impartial import IMPARTIAL_EXAMPLES
from dashboard.tabs.finite import callbacks

def reached():
    return {f"{d.py_func.__module__}.{d.py_func.__name__}" for d in gc.get_objects()
            if isinstance(d, numba.core.registry.CPUDispatcher) and d.signatures
            and d.py_func.__module__.startswith("solver.")}

with tempfile.TemporaryDirectory() as folder:
    for label, step in PLAN:
        if "(Finite games)" in label:
            step(Path(folder))
before = reached()
gate = {"tab": {"opened": True}, "opened": 1}
for name in IMPARTIAL_EXAMPLES:
    game = impartial_game(name)
    start = game.format(game.start())
    callbacks.play_view(gate, game.name, start)
    callbacks.tree_view(gate, game.name, start, 3)
print(json.dumps(sorted(reached() - before)))
"""


@pytest.mark.slow
def test_the_plan_reaches_every_kernel_a_finite_games_first_pick_runs():
    # A kernel the plan leaves compiles (or loads from numba's cache) on the first pick of its game in the page.
    done = subprocess.run(
        [sys.executable, "-c", FINITE_KERNELS_LEFT], capture_output=True, text=True, cwd=ROOT, timeout=900
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []


def test_the_plan_starts_with_the_pages_default_view():
    assert PLAN[0][0].startswith("Put-or-Take-a-Square")
    assert len({label for label, _ in PLAN}) == len(PLAN)


def test_the_tracker_counts_compiles_of_solver_kernels_and_names_them_while_they_run():
    tracker = compiling._Tracker()

    class Event:
        def __init__(self, module):
            function = type("F", (), {"__module__": module})
            self.data = {"dispatcher": type("D", (), {"py_func": function})}

    seen = []
    tracker.on_first.append(lambda: seen.append(tracker.areas()))
    tracker.on_start(Event("solver.engine.sweep"))
    tracker.on_start(Event("numba.np.arrayobj"))  # numba's own, inside it
    assert tracker.areas() == ("Put-or-Take-a-Square's solver",)
    assert seen == [("Put-or-Take-a-Square's solver",)]
    tracker.on_end(Event("numba.np.arrayobj"))
    tracker.on_end(Event("solver.engine.sweep"))
    assert tracker.areas() == () and tracker.compiled == 1
    tracker.on_start(Event("numba.np.arrayobj"))  # numba's own alone: not ours, not counted
    tracker.on_end(Event("numba.np.arrayobj"))
    assert tracker.compiled == 1


@pytest.mark.slow
def test_compile_kernels_runs_every_step_in_order_and_ends_finished():
    steps = []
    compiling.compile_kernels(lambda label, done, total: steps.append((label, done, total)))
    labels = [label for label, _ in PLAN]
    assert steps == [(label, i, len(PLAN)) for i, label in enumerate(labels)] + [("", len(PLAN), len(PLAN))]
    status = solver.compile_status()
    assert status.finished and status.error is None
    assert status.steps_done == status.steps == len(PLAN) and status.step is None and status.waiting == ()


def _scratch_solve_whose_folder_goes(directory: Path) -> None:
    # What the interpreter's exit does to a step still running: its temporary folder is removed under it.
    import shutil

    from solver.store.disk import solve_cached

    # (Here the folder is replaced by a file, so that the cache cannot be used whatever the timing.)
    shutil.rmtree(directory)
    directory.write_text("")
    solve_cached(1_000, directory=directory)


def test_a_scratch_solve_whose_folder_goes_at_exit_says_nothing(monkeypatch, tmp_path):
    import warnings

    from solver.errors import CacheUnavailableWarning

    monkeypatch.setattr(compiling, "PLAN", (("scratch", _scratch_solve_whose_folder_goes),))
    monkeypatch.setattr(compiling, "_PLAN_STATE", compiling._Plan())
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        compiling.compile_kernels()
        assert not [w for w in caught if issubclass(w.category, CacheUnavailableWarning)]
        assert compiling.compile_status().error is None
        # The same solve outside the plan is the user's own, and says why it is not kept.
        (tmp_path / "own").mkdir()
        _scratch_solve_whose_folder_goes(tmp_path / "own")
    assert [w for w in caught if issubclass(w.category, CacheUnavailableWarning)]


_DASK_KERNELS = """
import json
from solver.compiling import compile_dask_kernels
from solver.engine import dask_passes as engine, sweep
compile_dask_kernels()
kernels = {"sweep_chunk_nogil": sweep.sweep_chunk_nogil,
           "_label_kernel": engine._label_kernel, "_codes_kernel": engine._codes_kernel}
print(json.dumps({name: len(kernel.signatures) for name, kernel in kernels.items()}))
"""


@pytest.mark.slow
def test_compile_dask_kernels_reaches_the_kernels_of_every_path_of_the_dask_engine():
    # In a new process, whose kernels have no signature until it runs or loads them: the sweep with codes alone
    # (squares), with a kept lower bound (cubes), and the passes (powers of 2).  CI runs it before the tests, so
    # that the Dask tests' worker processes load these from numba's cache instead of compiling them each.
    done = subprocess.run(
        [sys.executable, "-c", _DASK_KERNELS], cwd=ROOT, capture_output=True, text=True, timeout=900, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    counts = json.loads(done.stdout.strip().splitlines()[-1])
    assert all(counts.values()), counts


# ---------------------------------------------------------------- the page's notice


def test_the_notice_says_nothing_when_every_kernel_came_from_the_cache():
    assert compile_notice.notice_text(_status()) is None
    assert compile_notice.notice_text(_status(finished=True, compiled=40)) is None


def test_the_notice_names_what_compiles_and_what_is_to_come():
    text = compile_notice.notice_text(
        _status(compiling=("Put-or-Take-a-Square's solver",), compiled=3, steps_done=0, seconds=41.6)
    )
    assert "now Put-or-Take-a-Square's solver" in text
    assert f"Step 1 of {len(PLAN)}, 42 s so far" in text
    for label, _ in PLAN[1:]:
        assert label in text
    assert "answer when it is ready" in text


def test_a_view_compiling_its_own_kernel_is_named_without_a_plan():
    # A kernel the plan does not reach, compiled when a view first needs it.
    text = compile_notice.notice_text(_status(started=False, step=None, waiting=(), compiling=("Chomp",), compiled=1))
    assert "now Chomp" in text and "Step" not in text


def test_the_poll_stops_when_the_plan_has_ended_or_never_started(monkeypatch):
    def answer(status):
        monkeypatch.setattr(compile_notice, "compile_status", lambda: status)
        return compile_notice.poll(0)

    text, hidden, stop = answer(_status(compiling=("Chomp",), compiled=1))
    assert "Chomp" in text and hidden is False and stop is False
    assert answer(_status()) == ("", True, False)  # loading from the cache: quiet, still looking
    assert answer(_status(finished=True, compiled=9)) == ("", True, True)
    assert answer(_status(started=False, step=None, waiting=())) == ("", True, True)


def test_the_notice_is_in_the_page_above_the_setup_bar():
    from dashboard.layout import build_layout

    page = build_layout()
    found = [c for c in page.children if getattr(c, "id", None) in (ids.COMPILE_NOTICE, ids.COMPILE_POLL)]
    assert [c.id for c in found] == [ids.COMPILE_POLL, ids.COMPILE_NOTICE]
    assert found[1].hidden is True and found[1].role == "status"
    order = [getattr(c, "id", None) for c in page.children]
    assert order.index(ids.COMPILE_NOTICE) < order.index(ids.SETUP_BAR)


def test_each_load_gets_the_notice_as_it_stands_then(monkeypatch):
    # The layout is served afresh: a load while numba compiles says so at once and polls; a load
    # once the plan has ended neither shows the notice nor polls (no request for it at all).
    from dashboard.app import create_app

    app = create_app()

    def served(status):
        monkeypatch.setattr(compile_notice, "compile_status", lambda: status)
        page = app.layout()
        found = {c.id: c for c in page.children if getattr(c, "id", None) in (ids.COMPILE_NOTICE, ids.COMPILE_POLL)}
        return found[ids.COMPILE_NOTICE], found[ids.COMPILE_POLL]

    notice, poll = served(_status(compiling=("Chomp",), compiled=1))
    assert notice.children.startswith("Compiling the solver") and "Chomp" in notice.children
    assert notice.hidden is False and poll.disabled is False
    notice, poll = served(_status(finished=True, compiled=9))
    assert notice.hidden is True and poll.disabled is True
    # The rest of the page is the one built at start, the same components each time.
    first, second = app.layout(), app.layout()
    assert first is not second
    assert [id(c) for c in first.children if getattr(c, "id", None) == ids.SETUP_BAR] == [
        id(c) for c in second.children if getattr(c, "id", None) == ids.SETUP_BAR
    ]


# ---------------------------------------------------------------- python -m dashboard


def test_the_address_is_printed_before_anything_compiles(capsys, monkeypatch):
    from dashboard import __main__ as entry
    from dashboard import server
    from dashboard.jobs import SolveJobs

    seen = []
    monkeypatch.setattr(entry, "create_app", lambda: lambda environ, start_response: [])
    monkeypatch.setattr("dashboard.state.JOBS", SolveJobs())
    monkeypatch.setattr("dashboard.state.open_stored_in_background", lambda: None)
    monkeypatch.setattr(entry, "compile_in_background", lambda **hooks: seen.append(capsys.readouterr().out))
    monkeypatch.setattr(entry, "warm_up", lambda: pytest.fail("warm_up blocks the start"), raising=False)

    def fake_serve(app, host, port, *, threads, on_ready):
        on_ready(server.page_url(host, 8124), 8124)

    monkeypatch.setattr(server, "serve", fake_serve)
    assert entry.main(["--port", "8124"]) == 0
    assert len(seen) == 1 and "open http://127.0.0.1:8124/" in seen[0]


def test_the_launch_messages_are_one_line_each(capsys):
    from dashboard import __main__ as entry

    entry._say_compiling()
    entry._say_compiled(_status(finished=True, compiled=41, seconds=63.2))
    entry._say_compiled(_status(finished=True, compiled=0))  # all from the cache: nothing to say
    entry._say_compiled(_status(finished=True, error="MemoryError: "))
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3
    assert err[0].startswith("compiling the solver's kernels")
    assert err[1] == "kernels ready: 41 compiled in 63 s; later launches load them"
    assert err[2].startswith("warning: compiling the kernels ahead stopped (MemoryError")


def _poll_request(base: str) -> dict:
    body = {
        "output": f"..{ids.COMPILE_NOTICE}.children...{ids.COMPILE_NOTICE}.hidden...{ids.COMPILE_POLL}.disabled..",
        "outputs": [
            {"id": ids.COMPILE_NOTICE, "property": "children"},
            {"id": ids.COMPILE_NOTICE, "property": "hidden"},
            {"id": ids.COMPILE_POLL, "property": "disabled"},
        ],
        "inputs": [{"id": ids.COMPILE_POLL, "property": "n_intervals", "value": 1}],
        "changedPropIds": [f"{ids.COMPILE_POLL}.n_intervals"],
        "state": [],
    }
    request = urllib.request.Request(
        base + "_dash-update-component",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())["response"]


@pytest.mark.slow
def test_a_fresh_install_answers_at_once_and_says_what_is_compiling(tmp_path):
    # An empty numba cache, as after an install: every kernel must compile.
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "numba"), PTSQ_CACHE_DIR=str(tmp_path / "solves"))
    child = subprocess.Popen(
        [sys.executable, "-m", "dashboard", "--port", "0"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        lines: list[str] = []
        reader = threading.Thread(target=lambda: lines.append(child.stdout.readline()), daemon=True)
        reader.start()
        # A guard against a hang (on an idle machine the address comes in about 2 s); that it comes before the
        # kernels are compiled is shown by the notice below, which says what is compiling.
        reader.join(300)
        assert lines and "open http://" in lines[0], (lines, child.poll())
        base = lines[0].split("open ", 1)[1].split()[0]
        with urllib.request.urlopen(base, timeout=60) as answer:
            assert answer.status == 200 and b"_dash-config" in answer.read()
        deadline = time.monotonic() + 300  # a guard against a hang, as above
        notice = None
        while time.monotonic() < deadline:
            answer = _poll_request(base)
            if not answer[ids.COMPILE_NOTICE]["hidden"]:
                notice = answer
                break
            time.sleep(0.5)
        assert notice is not None, "the page never said what is compiling"
        text = notice[ids.COMPILE_NOTICE]["children"]
        assert text.startswith("Compiling the solver for its first use on this machine"), text
        assert notice[ids.COMPILE_POLL]["disabled"] is False
    finally:
        child.terminate()
        _, err = child.communicate(timeout=60)
    assert err.startswith("compiling the solver's kernels for their first use"), err
