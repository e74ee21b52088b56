"""Rules for the tests themselves: no test asserts a wall-clock time.

A wall-clock limit in a test fails on a busy machine: an HTTP answer of 0.04 s
of CPU took 6.45 s under a load of 5 to 11 on two cores and failed a limit of
2 s.  A test that guards against long work bounds its CPU time with a wide
margin (``tests/cpu_time.py``) or gives work clearly too large; speed itself
belongs in the benchmarks (``benchmarks/``).  This module reads every test
module's syntax tree and finds:

* an ``assert`` on a wall-clock reading (``time.perf_counter``, ``time.monotonic``,
  ``time.time`` and their ``_ns`` forms): the reading itself, a name assigned
  from one, or what a function of the module returns from one (so
  ``status, seconds, text = post(...)`` flags ``seconds``, not ``status``);
* a hypothesis ``deadline=`` other than None (``tests/conftest.py`` turns the
  default deadline off).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
CLOCKS = {"perf_counter", "perf_counter_ns", "monotonic", "monotonic_ns", "time", "time_ns"}


def _reads_clock(node: ast.AST) -> bool:
    """Whether ``node`` calls a wall-clock reading of ``time`` (``time.perf_counter()``, ``clock.monotonic()``)."""
    return any(
        isinstance(sub, ast.Call)
        and isinstance(sub.func, ast.Attribute)
        and sub.func.attr in CLOCKS
        and isinstance(sub.func.value, ast.Name)
        and sub.func.value.id in {"time", "clock"}
        for sub in ast.walk(node)
    )


def _mentions(node: ast.AST, names: set[str]) -> bool:
    return any(isinstance(sub, ast.Name) and sub.id in names for sub in ast.walk(node))


def _timed(node: ast.AST, names: set[str], timers: dict[str, set[int] | None]) -> bool:
    """Whether ``node`` holds a wall-clock time: a reading, a timed name, or a whole call of a timer."""
    if _reads_clock(node) or _mentions(node, names):
        return True
    return any(
        isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and timers.get(sub.func.id, set()) is None
        for sub in ast.walk(node)
    )


def _assigned(target: ast.expr, value: ast.expr, names: set[str], timers: dict[str, set[int] | None]) -> set[str]:
    """The names that ``target = value`` makes hold a wall-clock time."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in timers:
        positions = timers[value.func.id]
        if positions is not None and isinstance(target, ast.Tuple):
            return {
                element.id
                for index, element in enumerate(target.elts)
                if index in positions and isinstance(element, ast.Name)
            }
    if _timed(value, names, timers):
        return {sub.id for sub in ast.walk(target) if isinstance(sub, ast.Name)}
    return set()


def _function_timing(func: ast.FunctionDef, timers: dict[str, set[int] | None]) -> tuple[set[str], set[int] | None]:
    """The names of ``func`` that hold a wall-clock time, and what its ``return`` gives of one.

    The second item is an empty set when nothing returned is timed, None when
    the whole value is, or the positions of a returned tuple that are.
    """
    names: set[str] = set()
    for _ in range(3):  # names assigned from names assigned earlier
        for node in ast.walk(func):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    names |= _assigned(target, node.value, names, timers)
            elif isinstance(node, ast.AnnAssign | ast.AugAssign) and node.value is not None:
                names |= _assigned(node.target, node.value, names, timers)
    returned: set[int] | None = set()
    for node in ast.walk(func):
        if isinstance(node, ast.Return) and node.value is not None:
            if isinstance(node.value, ast.Tuple):
                returned |= {i for i, elt in enumerate(node.value.elts) if _timed(elt, names, timers)}
            elif _timed(node.value, names, timers):
                returned = None
                break
    return names, returned


def wall_clock_assertions(source: str) -> list[int]:
    """The line numbers of the ``assert`` statements of ``source`` that test a wall-clock time."""
    tree = ast.parse(source)
    functions = [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)]
    timers: dict[str, set[int] | None] = {}
    for _ in range(3):  # timers that call timers
        for func in functions:
            _names, returned = _function_timing(func, timers)
            if returned is None or returned:
                timers[func.name] = returned
    lines = []
    for func in functions:
        names, _ = _function_timing(func, timers)
        for node in ast.walk(func):
            if isinstance(node, ast.Assert) and _timed(node.test, names, timers):
                lines.append(node.lineno)
    return sorted(set(lines))


def hypothesis_deadlines(source: str) -> list[int]:
    """The line numbers of ``deadline=`` keywords of ``source`` other than ``deadline=None``."""
    return [
        node.value.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.keyword)
        and node.arg == "deadline"
        and not (isinstance(node.value, ast.Constant) and node.value.value is None)
    ]


MODULES = sorted(TESTS.glob("test_*.py"))


@pytest.mark.parametrize("path", MODULES, ids=[p.name for p in MODULES])
def test_no_test_asserts_a_wall_clock_time(path):
    source = path.read_text(encoding="utf-8")
    assert wall_clock_assertions(source) == [], f"{path.name}: wall-clock time asserted at these lines"
    assert hypothesis_deadlines(source) == [], f"{path.name}: hypothesis deadline at these lines"


def test_the_rules_find_what_they_are_for():
    # The forms the suite had (a limit on an HTTP answer's time, a page load, a stop, hypothesis's deadline).
    found = wall_clock_assertions(
        "import time\n"
        "def post(url):\n"
        "    start = time.perf_counter()\n"
        "    return 200, time.perf_counter() - start, 'text'\n"
        "def test_a():\n"
        "    status, seconds, text = post('u')\n"
        "    assert status == 200 and 'x' in text\n"  # line 7: not timed
        "    assert seconds < 2.0\n"  # line 8
        "def test_b():\n"
        "    def load():\n"
        "        start = time.perf_counter()\n"
        "        wall = time.perf_counter() - start\n"
        "        return wall\n"
        "    warm = load()\n"
        "    assert warm < 30\n"  # line 15
        "    t0 = time.monotonic()\n"
        "    assert time.monotonic() - t0 < 10\n"  # line 17
        "    assert load() < 1\n"  # line 18
    )
    assert found == [8, 15, 17, 18]
    assert hypothesis_deadlines(
        "@settings(deadline=10_000)\ndef f(): pass\n@settings(deadline=None)\ndef g(): pass"
    ) == [1]
    # A wait with a deadline that ends in a failure message is no timing assertion.
    assert (
        wall_clock_assertions(
            "import time\n"
            "def wait(check, seconds=120):\n"
            "    deadline = time.monotonic() + seconds\n"
            "    while time.monotonic() < deadline:\n"
            "        if check():\n"
            "            return\n"
            "    raise AssertionError('did not happen')\n"
        )
        == []
    )
