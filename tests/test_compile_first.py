"""A game asked for goes first in the compile plan, and the plan waits while the page answers.

On a fresh install the server compiles the kernels in the background
(``solver.compiling``); a page that asks for a game moves the steps that
reach that game's first view to the front (``compile_first``), and the plan
starts no step while the page is answering (``answering``).  These tests run
the plan's machinery with steps that only record their turn: no kernel
compiles here.  ``docs/performance-page.md`` ("First launch") has the figures.
"""

from __future__ import annotations

import contextlib
import threading
from pathlib import Path

import pytest
from numba.core.compiler_lock import global_compiler_lock

from dashboard import first_view
from dashboard.app import create_app
from solver import compiling
from solver.compiling import GAME_STEPS, PLAN
from solver.registry import game_names

#: The games whose page has no kernel of its own to compile ahead: the graph games (tokens, Snakes-and-Adders,
#: Fair Shares) compile theirs when first drawn.
WITHOUT_STEPS = {"tokens", "snakes-and-adders", "fair-shares"}


class _Recorder:
    """Steps that record their turn; the first one waits for a signal before it ends."""

    def __init__(self) -> None:
        self.ran: list[str] = []
        self.first_started = threading.Event()
        self.release = threading.Event()

    def plan(self) -> tuple[tuple[str, object], ...]:
        def step(label: str, first: bool):
            def run(_directory: Path) -> None:
                self.ran.append(label)
                if first:
                    self.first_started.set()
                    assert self.release.wait(30), "the test never let the first step end"

            return run

        return tuple((label, step(label, i == 0)) for i, (label, _) in enumerate(PLAN))


@pytest.fixture
def plan(monkeypatch) -> _Recorder:
    """A fresh plan state whose steps record their turn, started in a thread and held in its first step."""
    recorder = _Recorder()
    monkeypatch.setattr(compiling, "PLAN", recorder.plan())
    monkeypatch.setattr(compiling, "_PLAN_STATE", compiling._Plan())
    monkeypatch.setattr(compiling, "HOLD_SECONDS", 30.0)
    thread = threading.Thread(target=compiling.compile_kernels, daemon=True)
    thread.start()
    assert recorder.first_started.wait(30)
    yield recorder
    recorder.release.set()
    thread.join(30)


def _labels() -> list[str]:
    return [label for label, _ in PLAN]


def test_every_game_but_the_graph_games_names_steps_of_the_plan():
    labels = set(_labels())
    assert set(GAME_STEPS) == set(game_names()) - WITHOUT_STEPS
    for game, steps in GAME_STEPS.items():
        assert steps and set(steps) <= labels, game


@pytest.mark.parametrize("game", ["wythoff", "put-or-take-a-cube", "monochrome", "square-but-one-odd"])
def test_asking_for_a_game_runs_its_steps_next_and_then_the_rest_in_order(plan, game):
    moved = compiling.compile_first(game)
    wanted = [label for label in GAME_STEPS[game] if label != _labels()[0]]
    assert list(moved) == wanted
    status = compiling.compile_status()
    assert list(status.waiting[: len(wanted)]) == wanted
    plan.release.set()
    for _ in range(300):
        if compiling.compile_status().finished:
            break
        threading.Event().wait(0.1)
    rest = [label for label in _labels()[1:] if label not in wanted]
    assert plan.ran == [_labels()[0], *wanted, *rest]


def test_a_step_already_run_or_running_stays_where_it_is(plan):
    # The first step (the default view) is running: asking for its game moves only what waits.
    assert compiling.compile_first("put-or-take-a-square") == (_labels()[1],)
    assert compiling.compile_first("put-or-take-a-square") == (_labels()[1],)
    assert compiling.compile_first("no-such-game") == ()
    assert list(compiling.compile_status().waiting) == _labels()[1:]


def test_nothing_moves_when_no_plan_runs(monkeypatch):
    monkeypatch.setattr(compiling, "_PLAN_STATE", compiling._Plan())
    assert compiling.compile_first("wythoff") == ()
    assert list(compiling.compile_status().waiting) == _labels()


def test_the_plan_starts_no_step_while_the_page_is_answering(plan):
    with compiling.answering():
        plan.release.set()
        # The first step ends; the second must wait for the answer to end.
        for _ in range(20):
            threading.Event().wait(0.05)
        assert plan.ran == [_labels()[0]]
    for _ in range(300):
        if compiling.compile_status().finished:
            break
        threading.Event().wait(0.1)
    assert plan.ran == _labels()


def test_the_plan_goes_on_after_its_longest_wait(plan, monkeypatch):
    monkeypatch.setattr(compiling, "HOLD_SECONDS", 0.2)
    with compiling.answering():
        plan.release.set()
        for _ in range(300):
            if compiling.compile_status().finished:
                break
            threading.Event().wait(0.1)
        assert plan.ran == _labels()


def test_the_plans_thread_takes_numbas_compiler_lock_only_once_the_page_has_answered(monkeypatch):
    # A kernel of the plan waits for the page's answer before it compiles (numba announces its lock first);
    # one inside another's compilation (the lock held already) goes on at once, else numba would deadlock.
    monkeypatch.setattr(compiling, "_PLAN_STATE", compiling._Plan())
    monkeypatch.setattr(compiling, "HOLD_SECONDS", 30.0)
    took: list[str] = []
    inside = threading.Event()
    go_on = threading.Event()

    def step(_directory: Path) -> None:
        with global_compiler_lock:
            took.append("outer")
            inside.set()
            assert go_on.wait(30)
            with global_compiler_lock:
                took.append("nested")
        with global_compiler_lock:
            took.append("next")

    monkeypatch.setattr(compiling, "PLAN", (("one step", step),))
    thread = threading.Thread(target=compiling.compile_kernels, daemon=True)
    thread.start()
    assert inside.wait(30)
    with compiling.answering():
        go_on.set()
        for _ in range(40):
            if took == ["outer", "nested"]:
                break
            threading.Event().wait(0.05)
        threading.Event().wait(0.3)
        assert took == ["outer", "nested"]
    thread.join(30)
    assert took == ["outer", "nested", "next"]


def test_another_thread_takes_numbas_compiler_lock_while_the_page_answers(monkeypatch):
    monkeypatch.setattr(compiling, "_PLAN_STATE", compiling._Plan())
    monkeypatch.setattr(compiling, "HOLD_SECONDS", 30.0)
    with compiling.answering(), global_compiler_lock:
        pass  # not the plan's thread: not held (a hold would wait 30 s and fail the suite's time)


# ---------------------------------------------------------------- the page asks


def test_the_pages_address_puts_its_game_first(plan):
    client = create_app().server.test_client()
    assert client.get("/?game=wythoff").status_code == 200
    assert list(compiling.compile_status().waiting[:1]) == list(GAME_STEPS["wythoff"])
    # An alias is its game's name.
    assert client.get("/?game=kayles").status_code == 200
    assert list(compiling.compile_status().waiting[:1]) == list(GAME_STEPS["octal-0.77"])


@pytest.mark.parametrize("bad", ["no-such-game", "", "x" * 5_000, "%00"])
def test_a_bad_game_in_the_address_moves_nothing_and_the_page_still_answers(plan, bad):
    client = create_app().server.test_client()
    answer = client.get(f"/?game={bad}")
    assert answer.status_code == 200 and b"Traceback" not in answer.data
    assert list(compiling.compile_status().waiting) == _labels()[1:]


def test_a_game_chosen_in_the_menu_goes_first(plan):
    assert first_view.ask_first("chomp-3x4") == GAME_STEPS["chomp-3x4"]
    assert first_view.ask_first(None) == () and first_view.ask_first(["wythoff"]) == ()
    assert list(compiling.compile_status().waiting[:1]) == list(GAME_STEPS["chomp-3x4"])


def test_the_plan_waits_while_a_dash_answer_is_in_progress(plan, monkeypatch):
    # The server wraps each answer of the page (a Dash callback) in compiling.answering.
    seen = []

    @contextlib.contextmanager
    def spy():
        with compiling.answering():
            seen.append(compiling._PLAN_STATE.answering)
            yield

    monkeypatch.setattr(first_view, "answering", spy)
    client = create_app().server.test_client()
    client.post("/_dash-update-component", json={})
    assert seen == [1] and compiling._PLAN_STATE.answering == 0
    client.get("/")
    assert seen == [1]


@pytest.mark.parametrize("rule", compiling.PUT_OR_TAKE_RULES)
def test_a_rules_step_solves_it_as_the_page_does_and_names_only_its_own_engine(rule):
    # The page's Summary solves a rule at N * alpha; the plan's step at RULES_BOUND.  Both must take one
    # path (the sweep, or passes), else the step compiles kernels the page never runs.  The engine's own
    # test of the path (method_of: the small game exists or not) is independent of the plan.
    from solver.config import DEFAULT_ALPHA, DEFAULT_N
    from solver.engine.dask import METHOD_SWEEP, method_of
    from solver.games import get_rule

    page = method_of(get_rule(rule), DEFAULT_N * DEFAULT_ALPHA)
    assert method_of(get_rule(rule), compiling.RULES_BOUND) == page
    sweep_step, passes_step = (label for label, _ in PLAN if label.startswith("the put-or-take rules solved by"))
    assert GAME_STEPS[rule] == ((sweep_step,) if page == METHOD_SWEEP else (passes_step,))
