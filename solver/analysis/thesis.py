"""The thesis's printed lists beside the sound classification.

Compares Appendix A (layers 2, 4 and 6 below 10,000), Table 2 (primitive
elements of layer 2 and what they generate, up to 50,000) and Appendix B
(the thesis's "drawing positions") with a :class:`~solver.engine.solution.Solution`
and gives each disagreement a reason.  The lists are in
:mod:`solver.analysis.thesis_data`, with their source.  Appendix A's layer 3 is left
out: its extracted text is damaged (docs/mathematics.md section 4).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from solver.engine.solution import Outcome, Solution, check_solution
from solver.games.squares import is_square

from . import thesis_data
from .layers import layer, value_labels

__all__ = ["compare_thesis_lists", "THESIS_COLUMNS"]

#: Columns of :func:`compare_thesis_lists`.
THESIS_COLUMNS = ["list", "n", "thesis", "sound", "agrees", "reason"]


def _value(solution: Solution, n: int) -> tuple[str, Outcome, int]:
    o = solution.outcome[n : n + 1]
    r = solution.packed_remoteness[n : n + 1]
    return str(value_labels(o, r)[0]), Outcome(int(o[0])), int(r[0])


def _layer_rows(solution: Solution, k: int, printed: list[int], n: int) -> list[dict]:
    rows = []
    name = f"Appendix A, layer {k}"
    printed_set = set(printed)
    for x in printed:
        text, outcome, rem = _value(solution, x)
        if rem == k:
            reason = ""
        elif outcome == Outcome.U:
            reason = f"unresolved at bound {solution.bound:,}: no proof within the bound that it is in any layer"
        elif rem < -1 and -rem >= k:
            reason = f"remoteness at most {-rem}, not proven to be {k} at this bound"
        else:
            reason = f"the sound value is {text}: it belongs to another layer"
        rows.append({"list": name, "n": x, "thesis": f"l{k}", "sound": text, "agrees": not reason, "reason": reason})
    for x in layer(solution, n, k).tolist():
        if x not in printed_set:
            text, _, _ = _value(solution, x)
            rows.append(
                {
                    "list": name,
                    "n": x,
                    "thesis": "(missing)",
                    "sound": text,
                    "agrees": False,
                    "reason": f"in layer {k} below {n:,} but not in the thesis's list",
                }
            )
    return rows


def _draw_rows(solution: Solution) -> list[dict]:
    rows = []
    name = "Appendix B, draws"
    printed = thesis_data.APPENDIX_B_DRAWS
    for n in printed:
        text, outcome, _rem = _value(solution, n)
        if outcome == Outcome.D:
            reason = ""
        elif outcome == Outcome.U:
            reason = f"unresolved at bound {solution.bound:,}: not proven a draw (nor a win or a loss)"
            cannot = solution.cannot_be(n)
            if cannot is not None:
                reason += f"; it cannot be {cannot}"
        else:
            winner = "the player to move" if outcome == Outcome.W else "the opponent"
            reason = f"not a draw: {winner} can force a win ({text})"
        rows.append({"list": name, "n": n, "thesis": "D", "sound": text, "agrees": not reason, "reason": reason})
    top = max(printed)
    listed = set(printed)
    for n in np.flatnonzero(solution.outcome[1 : top + 1] == Outcome.D).tolist():
        n += 1
        if n not in listed:
            rows.append(
                {
                    "list": name,
                    "n": n,
                    "thesis": "(missing)",
                    "sound": "D",
                    "agrees": False,
                    "reason": f"a certified draw below {top} that the thesis's list leaves out",
                }
            )
    return rows


def _table_2_rows(solution: Solution) -> list[dict]:
    name = "Table 2, layer 2"
    limit = thesis_data.TABLE_2_LIMIT
    printed = {}
    for primitive, generated in thesis_data.TABLE_2.items():
        printed[primitive] = "primitive"
        for n in generated:
            printed[n] = f"{math.isqrt(n // primitive)}² × {primitive}"
    rows = []
    for n, what in printed.items():
        text, _, rem = _value(solution, n)
        reason = "" if rem == 2 else f"the sound value is {text}, not layer 2"
        rows.append({"list": name, "n": n, "thesis": what, "sound": text, "agrees": not reason, "reason": reason})
    for n in layer(solution, limit, 2).tolist():
        if n not in printed:
            text, _, _ = _value(solution, n)
            source = next((p for p in thesis_data.TABLE_2 if n % p == 0 and is_square(n // p)), None)
            how = f" ({math.isqrt(n // source)}² × {source})" if source else ""
            rows.append(
                {
                    "list": name,
                    "n": n,
                    "thesis": "(missing)",
                    "sound": text,
                    "agrees": False,
                    "reason": f"in layer 2 below {limit:,}{how} but not in Table 2",
                }
            )
    return rows


def compare_thesis_lists(solution: Solution) -> pd.DataFrame:
    """Set the thesis's Appendix A, Table 2 and Appendix B beside a sound solve.

    Parameters
    ----------
    solution : Solution
        A solve whose bound is at least 100,000 (the thesis used 10**6;
        Table 2 runs to 50,000, whose put children reach 100,000).

    Returns
    -------
    pandas.DataFrame
        Columns :data:`THESIS_COLUMNS`: ``list`` (which printed list), ``n``,
        ``thesis`` (what the list says: ``"l2"``, ``"D"``, ``"primitive"``
        or ``"9² × 145"`` for Table 2, or ``"(missing)"`` for a number the
        list should hold but does not),
        ``sound`` (the sound value, e.g. ``"L4"``, ``"W≤13"``, ``"U"``),
        ``agrees`` (bool) and ``reason`` (why not; empty when it agrees).

    Raises
    ------
    TypeError
        If ``solution`` is not a Solution.
    ValueError
        If the bound is below 100,000.

    Notes
    -----
    Appendix A: thesis section 3.4, computed with N = 10,000 and alpha =
    100.  Appendix B: the thesis's "drawing positions", a heuristic notion
    (section 4.4) that is not a certified draw (docs/mathematics.md section 3).
    """
    check_solution(solution, "the comparison with the thesis")
    least = 2 * thesis_data.TABLE_2_LIMIT
    if solution.bound < least:
        raise ValueError(f"the bound must be at least {least:,} to compare with the thesis, got {solution.bound:,}")
    rows = []
    for k, printed in thesis_data.APPENDIX_A_LAYERS.items():
        rows += _layer_rows(solution, k, printed, thesis_data.THESIS_N)
    rows += _table_2_rows(solution)
    rows += _draw_rows(solution)
    return pd.DataFrame(rows, columns=THESIS_COLUMNS)
