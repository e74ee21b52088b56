"""The front door: ``from solver import ...`` gives the submodules' own objects."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import solver

#: Front-door name -> the module that defines it.
HOMES = {
    "solve": "solver.engine.solving",
    "solve_cached": "solver.store.disk",
    "Solution": "solver.engine.solution",
    "Outcome": "solver.engine.solution",
    "Move": "solver.games.squares",
    "game_tree": "solver.values.tree",
    "position_value": "solver.values.position",
    "best_moves": "solver.values.position",
    "GameState": "solver.values.play",
    "new_game": "solver.values.play",
    "apply_move": "solver.values.play",
    "layers": "solver.analysis.layers",
    "layer": "solver.analysis.layers",
    "densities": "solver.analysis.layers",
    "classification_table": "solver.analysis.layers",
    "inspect_position": "solver.values.inspection",
    "take": "solver.games.squares",
    "put": "solver.games.squares",
    "moves": "solver.games.squares",
    "square_below": "solver.games.squares",
    "is_square": "solver.games.squares",
    "parse_int": "solver.parsing",
}


def test_all_lists_exactly_the_front_door():
    assert sorted(solver.__all__) == sorted(HOMES)
    assert len(set(solver.__all__)) == len(solver.__all__)


@pytest.mark.parametrize("name", sorted(HOMES))
def test_front_door_name_is_the_submodule_object(name):
    module = importlib.import_module(HOMES[name])
    assert getattr(solver, name) is getattr(module, name)
    assert name in module.__all__


def test_star_import_gives_the_front_door():
    namespace: dict = {}
    exec("from solver import *", namespace)
    assert {name for name in namespace if not name.startswith("__")} == set(HOMES)


def test_module_docstring():
    assert solver.__doc__ and "docs/mathematics.md" in solver.__doc__


def test_import_compiles_no_kernel():
    # A fresh interpreter: importing solver leaves every numba dispatcher
    # of solver.engine.solving and solver.engine.solution without compiled signatures.
    code = (
        "import solver, solver.engine.solving as r, solver.engine.solution as s\n"
        "from numba.core.registry import CPUDispatcher\n"
        "ds = [v for m in (r, s) for v in vars(m).values() if isinstance(v, CPUDispatcher)]\n"
        "assert ds and all(not d.signatures for d in ds), [d for d in ds if d.signatures]\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_no_module_shadows_the_standard_library():
    # The inspector module was renamed inspection: it shadowed the standard library's inspect.
    for name in ("inspect", "strategies"):
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module(f"solver.{name}")
