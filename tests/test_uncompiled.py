"""A kernel's Python twin (``solver.uncompiled``): the kernel's answers, and no compilation on a first view.

While a kernel is neither compiled nor in numba's cache, the small inputs of
a first view run its source in Python (:func:`solver.uncompiled.choose`).
These tests check each twin the games use against the compiled kernel and
against the brute-force references (``tests/naive_impartial.py``), and that
a fresh process (an empty numba cache) answers the first views of Spring
Cleaning, Wythoff's game, an octal game and Fair Shares without compiling
any kernel.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

import numba
import numpy as np
import pytest
from naive_impartial import (
    euclid_wins,
    grid_cells,
    make_reference,
    octal_grundy,
    spring_cleaning_moves,
    wythoff_moves,
    wythoff_wins,
)

import solver.uncompiled as uncompiled
from solver.graphs.fair_shares import _solved
from solver.impartial.octal_codes import parse_octal
from solver.impartial.octal_grundy import grundy_values
from solver.impartial.registry import impartial_game
from solver.impartial.spring_cleaning import SpringCleaningGame
from solver.impartial.wythoff_outcomes import euclid_outcomes, wythoff_outcomes, wythoff_pairs
from solver.uncompiled import choose, compiled_only, python_twin, twin_calls

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def not_compiled(monkeypatch):
    """Every kernel reads as neither compiled nor in numba's cache, as on a fresh install."""
    monkeypatch.setattr(uncompiled, "kernel_ready", lambda kernel, args: False)


# -- choosing -------------------------------------------------------------------------------------


@numba.njit(cache=False)
def _inner(x):  # pragma: no cover - numba
    return x * 2 + 1


@numba.njit(cache=False)
def _outer(n):  # pragma: no cover - numba
    total = 0
    for i in range(n):
        total += _inner(i)
    return total


def test_a_twin_runs_the_source_with_the_kernels_it_calls_uncompiled():
    twin = python_twin(_outer)
    assert twin is python_twin(_outer)  # built once
    assert twin.__globals__["_inner"] is python_twin(_inner)
    assert twin(10) == sum(2 * i + 1 for i in range(10))
    assert not _outer.signatures and not _inner.signatures  # neither was compiled
    assert twin(10) == _outer(10)


def test_a_twin_is_made_of_a_numba_function_only():
    with pytest.raises(TypeError, match="numba function"):
        python_twin(lambda x: x)


def test_the_kernel_is_chosen_when_ready_large_or_asked_for(monkeypatch):
    monkeypatch.setattr(uncompiled, "kernel_ready", lambda kernel, args: True)
    assert choose(_outer, (3,)) is _outer
    monkeypatch.setattr(uncompiled, "kernel_ready", lambda kernel, args: False)
    assert choose(_outer, (3,), small=False) is _outer
    with compiled_only():
        assert choose(_outer, (3,)) is _outer
    before = twin_calls().get("_outer", 0)
    twin = choose(_outer, (3,))
    assert twin is not _outer and twin(3) == 9
    assert twin_calls()["_outer"] == before + 1


# -- Spring Cleaning ------------------------------------------------------------------------------


def _grids(rows: int, cols: int):
    for bits in itertools.product("#.", repeat=rows * cols):
        if "#" in bits:
            yield "/".join("".join(bits[r * cols : (r + 1) * cols]) for r in range(rows))


#: Every grid of 2 x 3, and some of 3 x 3 and 3 x 4 (shapes with several groups, holes and turns).
SPRING_GRIDS = [
    *_grids(2, 3),
    *[g for i, g in enumerate(_grids(3, 3)) if i % 7 == 0],
    "###./#.##/##.#",
    "####/#..#/####",
    "#.#./####/.#.#",
]


def test_spring_cleanings_search_uncompiled_gives_the_kernels_values_and_the_brute_forces(not_compiled):
    grundy, _, _ = make_reference(spring_cleaning_moves)
    uncompiled_game = SpringCleaningGame.make()
    before = twin_calls().get("_solve", 0)
    by_twin = uncompiled_game.values([uncompiled_game.parse(g) for g in SPRING_GRIDS])
    assert twin_calls()["_solve"] > before
    compiled_game = SpringCleaningGame.make()
    with compiled_only():
        by_kernel = compiled_game.values([compiled_game.parse(g) for g in SPRING_GRIDS])
    assert by_twin == by_kernel
    assert by_twin == [grundy(grid_cells(g)) for g in SPRING_GRIDS]


def test_a_table_filled_uncompiled_serves_the_kernel_and_back(not_compiled):
    game = SpringCleaningGame.make()
    before = twin_calls().get("_solve", 0)
    first = game.value(game.parse("####/#..#/####"))  # uncompiled: the table's arrays filled by the twin
    assert twin_calls()["_solve"] == before + 1
    with compiled_only():
        again = game.value(game.parse("####/#..#/####"))  # found in the same table by the kernel
        larger = game.value(game.parse("#####/#...#/#####"))
    assert game.value(game.parse("#####/#...#/#####")) == larger
    grundy, _, _ = make_reference(spring_cleaning_moves)
    assert first == again == grundy(grid_cells("####/#..#/####"))
    assert larger == grundy(grid_cells("#####/#...#/#####"))


# -- octal games, Wythoff's and Euclid's games ---------------------------------------------------


@pytest.mark.parametrize("code", ["0.07", "0.137", "0.6", "4.7", "0.77"])
def test_the_plain_grundy_kernel_uncompiled_gives_the_kernels_values_and_the_brute_forces(code, not_compiled):
    before = twin_calls().get("_grundy_kernel", 0)
    by_twin = grundy_values(code, 80).tolist()
    assert twin_calls()["_grundy_kernel"] == before + 1
    with compiled_only():
        by_kernel = grundy_values(code, 80).tolist()
    assert by_twin == by_kernel == octal_grundy(parse_octal(code).digits, 80)


def test_wythoffs_tables_uncompiled_give_the_kernels_and_the_brute_forces(not_compiled):
    game = impartial_game("wythoff")
    pairs = [(a, b) for a in range(9) for b in range(9)]
    grundy, _, remoteness = make_reference(lambda p: wythoff_moves(*p))
    before = twin_calls()
    by_twin = (game.values(pairs), game.remotenesses(pairs), wythoff_outcomes(40), euclid_outcomes(40))
    found = twin_calls()
    for name in ("_wythoff_grundy_kernel", "_wythoff_remoteness_kernel", "_wythoff_kernel", "_euclid_kernel"):
        assert found[name] > before.get(name, 0)
    with compiled_only():
        by_kernel = (game.values(pairs), game.remotenesses(pairs), wythoff_outcomes(40), euclid_outcomes(40))
    assert by_twin[:2] == by_kernel[:2]
    assert np.array_equal(by_twin[2], by_kernel[2]) and np.array_equal(by_twin[3], by_kernel[3])
    assert by_twin[0] == [grundy(p) for p in pairs]
    assert by_twin[1] == [remoteness(p) for p in pairs]
    assert by_twin[2].tolist() == [[int(wythoff_wins(a, b)) for b in range(40)] for a in range(40)]
    assert by_twin[3][1:, 1:].tolist() == [[int(euclid_wins(a, b)) for b in range(1, 40)] for a in range(1, 40)]
    twin_pairs = wythoff_pairs(30)
    with compiled_only():
        assert np.array_equal(twin_pairs, wythoff_pairs(30))


# -- Fair Shares and Smith's labelling ------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 6, 9, 12])
def test_fair_shares_uncompiled_gives_the_kernels_outcomes_remoteness_and_values(n, not_compiled):
    _solved.cache_clear()
    before = twin_calls()
    by_twin = _solved(n)
    found = twin_calls()
    for name in ("_moves_graph", "certify", "_label"):
        assert found[name] > before.get(name, 0)
    twin_texts = by_twin.values.texts()
    _solved.cache_clear()
    with compiled_only():
        by_kernel = _solved(n)
        kernel_texts = by_kernel.values.texts()
    _solved.cache_clear()
    assert np.array_equal(by_twin.parts, by_kernel.parts)
    assert np.array_equal(by_twin.outcome, by_kernel.outcome)
    assert np.array_equal(by_twin.remoteness, by_kernel.remoteness)
    assert twin_texts == kernel_texts


# -- a fresh install's first views -----------------------------------------------------------------

_FIRST_VIEWS = """
import json
from numba.core import event

compiled = []


class Count(event.Listener):
    def on_start(self, ev):
        pass

    def on_end(self, ev):
        compiled.append(ev.data["dispatcher"].py_func.__module__)


event.register("numba:compile", Count())

from dashboard.tabs.finite.play import computer_choice, move_rows
from solver.graphs.fair_shares import fair_shares, fair_shares_position
from solver.impartial.registry import impartial_game

found = {}
for name, text in (("spring-cleaning", None), ("wythoff", None), ("octal-0.07", "5+3")):
    game = impartial_game(name)
    position = game.start() if text is None else game.parse(text)
    rows = move_rows(game, position)
    found[name] = {
        "value": game.value(position),
        "outcomes": [row.outcome for row in rows],
        "children": [game.format(row.child) for row in rows],
        "computer": computer_choice(game, rows),
    }
shares = fair_shares_position(fair_shares(6), (3, 2, 1))
found["fair-shares"] = {"outcome": shares.outcome.name, "moves": len(shares.moves)}
print(json.dumps({"compiled": [m for m in compiled if m.startswith("solver")], "found": found}))
"""


@pytest.mark.slow
def test_a_fresh_installs_first_views_compile_no_kernel_and_answer_as_the_rules_say(tmp_path):
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "numba"), PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", _FIRST_VIEWS], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["compiled"] == []  # no kernel of the solver compiled: nothing to wait for
    found = result["found"]
    grundy, wins, _ = make_reference(spring_cleaning_moves)
    sc = found["spring-cleaning"]
    game = impartial_game("spring-cleaning")
    assert sc["value"] == grundy(grid_cells(game.format(game.start())))
    assert sc["outcomes"] == ["W" if wins(grid_cells(c)) else "L" for c in sc["children"]]
    wy = found["wythoff"]
    a, b = impartial_game("wythoff").start()
    assert wy["value"] == make_reference(lambda p: wythoff_moves(*p))[0]((a, b))
    assert wy["outcomes"] == ["W" if wythoff_wins(*map(int, c.split(","))) else "L" for c in wy["children"]]
    octal = found["octal-0.07"]
    values = octal_grundy(parse_octal("0.07").digits, 8)
    assert octal["value"] == values[5] ^ values[3]
    assert found["fair-shares"]["moves"] > 0
