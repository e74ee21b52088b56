"""The front door: ``from solver import ...`` gives the submodules' own objects."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import solver

#: Front-door name -> the module that defines it.
HOMES = {
    "config": "solver",
    "compare_rules": "solver.analysis.comparison",
    "adder_subtractor": "solver.analysis.experiments",
    "always_subtract": "solver.analysis.experiments",
    "random_play": "solver.analysis.experiments",
    "strategy_matrix": "solver.analysis.experiments",
    "classification_table": "solver.analysis.layers",
    "convergence": "solver.analysis.layers",
    "densities": "solver.analysis.layers",
    "differences": "solver.analysis.layers",
    "layer": "solver.analysis.layers",
    "layers": "solver.analysis.layers",
    "primitive_elements": "solver.analysis.primitives",
    "records": "solver.analysis.records",
    "write_bfile": "solver.analysis.records",
    "compare_thesis_lists": "solver.analysis.thesis",
    "compile_in_background": "solver.compiling",
    "compile_kernels": "solver.compiling",
    "compile_status": "solver.compiling",
    "Cost": "solver.costs",
    "check_cost": "solver.costs",
    "Outcome": "solver.engine",
    "Solution": "solver.engine",
    "solve": "solver.engine",
    "warm_up": "solver.engine",
    "BoundTooLargeError": "solver.errors",
    "CacheUnavailableError": "solver.errors",
    "CacheUnavailableWarning": "solver.errors",
    "CertificateError": "solver.errors",
    "DaskEngineError": "solver.errors",
    "GameOverError": "solver.errors",
    "NotApplicableError": "solver.errors",
    "WorkTooLargeError": "solver.errors",
    "DEFAULT_RULE": "solver.games",
    "RULE_NAMES": "solver.games",
    "RULES": "solver.games",
    "Move": "solver.games",
    "Rule": "solver.games",
    "get_rule": "solver.games",
    "is_square": "solver.games",
    "moves": "solver.games",
    "put": "solver.games",
    "square_below": "solver.games",
    "take": "solver.games",
    "parse_graph": "solver.graphs",
    "ImpartialGame": "solver.impartial",
    "impartial_game": "solver.impartial",
    "parse_int": "solver.parsing",
    "Game": "solver.registry",
    "find_game": "solver.registry",
    "game_names": "solver.registry",
    "open_store": "solver.store",
    "solve_cached": "solver.store",
    "solve_dask": "solver.store",
    "draw_certificate": "solver.values.inspection",
    "inspect_position": "solver.values.inspection",
    "put_chain": "solver.values.inspection",
    "nim_values": "solver.values.nimvalues",
    "apply_move": "solver.values.play",
    "computer_move": "solver.values.play",
    "move_values": "solver.values.play",
    "new_game": "solver.values.play",
    "best_moves": "solver.values.position",
    "position_value": "solver.values.position",
    "sum_position": "solver.values.sums",
    "game_tree": "solver.values.tree",
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
    # of solver.engine's solving, engines, solution and tallies without compiled signatures.
    code = (
        "import solver, solver.engine.solving as r, solver.engine.engines as e\n"
        "import solver.engine.solution as s, solver.engine.tallies as t\n"
        "from numba.core.registry import CPUDispatcher\n"
        "ds = [v for m in (r, e, s, t) for v in vars(m).values() if isinstance(v, CPUDispatcher)]\n"
        "assert ds and all(not d.signatures for d in ds), [d for d in ds if d.signatures]\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_no_module_shadows_the_standard_library():
    # The inspector module was renamed inspection: it shadowed the standard library's inspect.
    for name in ("inspect", "strategies"):
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module(f"solver.{name}")
