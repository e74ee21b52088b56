"""The front door: ``from solver import ...`` gives the submodules' own objects."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import solver

#: Front-door name -> the module that defines it.
HOMES = {
    "COMPARISON_COLUMNS": "solver.analysis.comparison",
    "compare_rules": "solver.analysis.comparison",
    "comparison_row": "solver.analysis.comparison",
    "STRATEGIES": "solver.analysis.experiments",
    "STRATEGY_LABELS": "solver.analysis.experiments",
    "RandomPlayResult": "solver.analysis.experiments",
    "Strategy": "solver.analysis.experiments",
    "adder_subtractor": "solver.analysis.experiments",
    "always_subtract": "solver.analysis.experiments",
    "random_play": "solver.analysis.experiments",
    "strategy_matrix": "solver.analysis.experiments",
    "CLASS_U": "solver.engine.codes",
    "CLASS_W": "solver.engine.codes",
    "CLASS_L": "solver.engine.codes",
    "CLASS_D": "solver.engine.codes",
    "CLASS_UW": "solver.engine.codes",
    "CLASS_UL": "solver.engine.codes",
    "CLASS_TEXT": "solver.values.inspection",
    "TRANSFORMS": "solver.analysis.layers",
    "classification_table": "solver.analysis.layers",
    "convergence": "solver.analysis.layers",
    "convergence_counts": "solver.analysis.layers",
    "densities": "solver.analysis.layers",
    "differences": "solver.analysis.layers",
    "layer": "solver.analysis.layers",
    "layers": "solver.analysis.layers",
    "transform_density": "solver.analysis.layers",
    "value_labels": "solver.analysis.layers",
    "PRIMITIVE_COLUMNS": "solver.analysis.primitives",
    "pell_family": "solver.analysis.primitives",
    "primitive_elements": "solver.analysis.primitives",
    "BFILE_SEQUENCES": "solver.analysis.records",
    "bfile_terms": "solver.analysis.records",
    "records": "solver.analysis.records",
    "write_bfile": "solver.analysis.records",
    "THESIS_COLUMNS": "solver.analysis.thesis",
    "compare_thesis_lists": "solver.analysis.thesis",
    "THESIS_BOUND": "solver.analysis.thesis_data",
    "CompileStatus": "solver.compiling",
    "compile_in_background": "solver.compiling",
    "compile_kernels": "solver.compiling",
    "compile_status": "solver.compiling",
    "Cost": "solver.costs",
    "check_cost": "solver.costs",
    "within_limits": "solver.costs",
    "classify_cost": "solver.costs",
    "fixed_strategies_cost": "solver.costs",
    "layers_cost": "solver.costs",
    "primitives_cost": "solver.costs",
    "random_play_cost": "solver.costs",
    "solve_cost": "solver.costs",
    "strategy_matrix_cost": "solver.costs",
    "tree_cost": "solver.costs",
    "NO_REMOTENESS": "solver.engine",
    "Outcome": "solver.engine",
    "Solution": "solver.engine",
    "check_bound": "solver.engine",
    "cold_positions": "solver.engine",
    "estimate_solve_bytes": "solver.engine",
    "solve": "solver.engine",
    "solve_rule": "solver.engine",
    "warm_up": "solver.engine",
    "available_memory": "solver.engine.budget",
    "check_nim_rule": "solver.engine.nim",
    "default_sum_bound": "solver.engine.nim",
    "has_nim_values": "solver.engine.nim",
    "needs_bound": "solver.engine.nim",
    "nim_values_bytes": "solver.engine.nim",
    "nim_values_seconds": "solver.engine.nim",
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
    "SQUARES": "solver.games",
    "Move": "solver.games",
    "Rule": "solver.games",
    "RuleMove": "solver.games",
    "get_rule": "solver.games",
    "is_prime": "solver.games",
    "is_square": "solver.games",
    "moves": "solver.games",
    "put": "solver.games",
    "square_below": "solver.games",
    "take": "solver.games",
    "ChompGame": "solver.impartial.chomp",
    "binary_square": "solver.impartial.chomp",
    "chomp_cost": "solver.impartial.chomp",
    "chomp_counts": "solver.impartial.chomp",
    "chomp_moves": "solver.impartial.chomp",
    "chomp_outcomes": "solver.impartial.chomp",
    "format_bar": "solver.impartial.chomp",
    "parse_bar": "solver.impartial.chomp",
    "ImpartialGame": "solver.impartial.game",
    "SumOption": "solver.impartial.game",
    "OctalCode": "solver.impartial.octal",
    "OctalGame": "solver.impartial.octal",
    "Periodicity": "solver.impartial.octal",
    "equivalence_classes": "solver.impartial.octal",
    "grundy_cost": "solver.impartial.octal",
    "grundy_values": "solver.impartial.octal",
    "p_positions": "solver.impartial.octal",
    "parse_octal": "solver.impartial.octal",
    "periodicity": "solver.impartial.octal",
    "two_heap_p_positions": "solver.impartial.octal",
    "IMPARTIAL_ALIASES": "solver.impartial.registry",
    "IMPARTIAL_EXAMPLES": "solver.impartial.registry",
    "IMPARTIAL_FORMS": "solver.impartial.registry",
    "impartial_game": "solver.impartial.registry",
    "EuclidGame": "solver.impartial.wythoff",
    "SieveStep": "solver.impartial.wythoff",
    "WythoffGame": "solver.impartial.wythoff",
    "beatty_pairs": "solver.impartial.wythoff",
    "euclid_is_win": "solver.impartial.wythoff",
    "euclid_outcomes": "solver.impartial.wythoff",
    "outcomes_cost": "solver.impartial.wythoff",
    "sieve_steps": "solver.impartial.wythoff",
    "wythoff_is_p": "solver.impartial.wythoff",
    "wythoff_outcomes": "solver.impartial.wythoff",
    "wythoff_pairs": "solver.impartial.wythoff",
    "describe_number": "solver.parsing",
    "describe_text": "solver.parsing",
    "parse_int": "solver.parsing",
    "SolutionCache": "solver.store",
    "cache_dir": "solver.store",
    "cache_entries": "solver.store",
    "open_store": "solver.store",
    "solve_cached": "solver.store",
    "solve_dask": "solver.store",
    "format_bytes": "solver.text",
    "format_count": "solver.text",
    "format_number": "solver.text",
    "format_seconds": "solver.text",
    "check_integer": "solver.validation",
    "Certificate": "solver.values.inspection",
    "ChainRow": "solver.values.inspection",
    "Inspection": "solver.values.inspection",
    "MoveInfo": "solver.values.inspection",
    "draw_certificate": "solver.values.inspection",
    "inspect_position": "solver.values.inspection",
    "put_chain": "solver.values.inspection",
    "value_text": "solver.values.inspection",
    "INF": "solver.values.nimvalues",
    "UNKNOWN": "solver.values.nimvalues",
    "NimValues": "solver.values.nimvalues",
    "k_set": "solver.values.nimvalues",
    "nim_value_text": "solver.values.nimvalues",
    "nim_values": "solver.values.nimvalues",
    "GameEnd": "solver.values.play",
    "GameState": "solver.values.play",
    "MoveValue": "solver.values.play",
    "apply_move": "solver.values.play",
    "best_line": "solver.values.play",
    "computer_move": "solver.values.play",
    "game_end": "solver.values.play",
    "goto": "solver.values.play",
    "move_text": "solver.values.play",
    "move_values": "solver.values.play",
    "new_game": "solver.values.play",
    "player_to_move": "solver.values.play",
    "prediction": "solver.values.play",
    "redo": "solver.values.play",
    "restart": "solver.values.play",
    "undo": "solver.values.play",
    "value_history": "solver.values.play",
    "best_children": "solver.values.position",
    "best_moves": "solver.values.position",
    "best_rule_moves": "solver.values.position",
    "move_rank": "solver.values.position",
    "mover_outcome": "solver.values.position",
    "position_remoteness_at_most": "solver.values.position",
    "position_value": "solver.values.position",
    "ranked_moves": "solver.values.position",
    "wins_at_once": "solver.values.position",
    "MAX_HEAPS": "solver.values.sums",
    "SumMove": "solver.values.sums",
    "SumPosition": "solver.values.sums",
    "sum_outcome": "solver.values.sums",
    "sum_position": "solver.values.sums",
    "GameTree": "solver.values.tree",
    "TreeNode": "solver.values.tree",
    "game_tree": "solver.values.tree",
    "path_depth": "solver.values.tree",
    "path_order": "solver.values.tree",
    "path_parent": "solver.values.tree",
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
