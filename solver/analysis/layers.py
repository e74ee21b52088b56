"""Layers, densities and differences computed from a :class:`Solution`.

All functions are pure: they read the solution's arrays and return new numpy
arrays or pandas frames.
"""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd

from solver.engine.solution import NO_REMOTENESS, Outcome, Solution
from solver.validation import check_integer

__all__ = [
    "classification_table",
    "convergence",
    "convergence_counts",
    "value_labels",
    "layer",
    "layers",
    "densities",
    "transform_density",
    "differences",
    "TRANSFORMS",
]

#: Density transforms of thesis section 3.5 (Figs 9-11): name -> label.
TRANSFORMS = {
    "density": "density",
    "log": "log density",
    "inverse_log": "1 / log density",
}


def _check_n(solution: Solution, n: int) -> int:
    return check_integer(n, "N", least=1, most=solution.bound)


def layer(solution: Solution, n: int, k: int) -> np.ndarray:
    """Return the layer ``l_k`` up to ``n``: positions ``1..n`` of remoteness ``k``.

    Only exact remoteness counts: a position whose remoteness is only
    bounded at this bound (see :class:`~solver.engine.solution.Solution`) is in
    no layer, since its true layer may be lower.

    Parameters
    ----------
    solution : Solution
        A solve whose bound is at least ``n``.
    n : int
        Largest position considered, ``1 <= n <= solution.bound``.
    k : int
        Layer number ``>= 1``.  Odd layers are W, even layers are L;
        ``l_1`` are the squares.

    Returns
    -------
    numpy.ndarray
        Shape ``(count,)``, dtype ``int64``: the members in increasing order.

    Raises
    ------
    TypeError
        If ``n`` or ``k`` is not an integer.
    ValueError
        If ``n`` is outside ``1..bound`` or ``k < 1``.

    Notes
    -----
    Thesis section 2.2 (layers ``l_i``) and section 3.4 (layer approach);
    Appendix A lists layers 1-6 below 10,000.
    """
    n = _check_n(solution, n)
    k = check_integer(k, "the layer number", least=1)
    return solution.positions_with(k, n)


def layers(solution: Solution, n: int, depth: int) -> list[np.ndarray]:
    """Return layers ``l_1 .. l_depth`` up to ``n``.

    Parameters
    ----------
    solution : Solution
        A solve whose bound is at least ``n``.
    n : int
        Largest position considered.
    depth : int
        Number of layers, ``>= 1``.

    Returns
    -------
    list of numpy.ndarray
        ``depth`` arrays; item ``k - 1`` is :func:`layer` ``(solution, n, k)``.

    Raises
    ------
    TypeError, ValueError
        As :func:`layer`; also if ``depth < 1``.
    """
    depth = check_integer(depth, "the depth", least=1)
    return [layer(solution, n, k) for k in range(1, depth + 1)]


def densities(solution: Solution, n: int) -> pd.DataFrame:
    """Cumulative densities ``#X <= m / m`` for ``m = 1..n`` and X in W, L, D, U.

    Parameters
    ----------
    solution : Solution
        A solve whose bound is at least ``n``.
    n : int
        Largest position considered.

    Returns
    -------
    pandas.DataFrame
        ``n`` rows; column ``n`` (int64, the position m) and columns ``W``,
        ``L``, ``D``, ``U`` (float64, each in [0, 1]; the four add up to 1).

    Raises
    ------
    TypeError, ValueError
        As :func:`layer`.

    Notes
    -----
    Thesis section 3.5, equations (2) and (3), Figs 6-8.
    """
    n = _check_n(solution, n)
    labels = solution.outcome[1 : n + 1]
    m = np.arange(1, n + 1, dtype=np.int64)
    data: dict[str, np.ndarray] = {"n": m}
    for o in (Outcome.W, Outcome.L, Outcome.D, Outcome.U):
        data[o.name] = np.cumsum(labels == o, dtype=np.int64) / m
    return pd.DataFrame(data)


def transform_density(density: np.ndarray, kind: str) -> np.ndarray:
    """Apply one of the thesis's density transforms.

    Parameters
    ----------
    density : numpy.ndarray
        Densities in [0, 1], any shape, float.
    kind : {"density", "log", "inverse_log"}
        ``"density"`` leaves them as they are; ``"log"`` takes the natural
        log (thesis Fig 11, for D); ``"inverse_log"`` takes ``1 / log``
        (Figs 9 and 10, for W and L).

    Returns
    -------
    numpy.ndarray
        Same shape, float64.  Where the transform is undefined (log of 0,
        1 / log of 1) the value is NaN, so plots leave a gap.

    Raises
    ------
    ValueError
        If ``kind`` is not one of :data:`TRANSFORMS`.
    """
    d = np.asarray(density, dtype=np.float64)
    if kind == "density":
        return d.copy()
    if kind not in TRANSFORMS:
        raise ValueError(f"unknown transform {kind!r}; choose one of {', '.join(TRANSFORMS)}")
    with np.errstate(divide="ignore", invalid="ignore"):
        logged = np.where(d > 0, np.log(np.where(d > 0, d, 1.0)), np.nan)
        if kind == "log":
            return logged
        return np.where(logged != 0, 1.0 / np.where(logged != 0, logged, 1.0), np.nan)


def differences(members: np.ndarray) -> np.ndarray:
    """Differences between consecutive members of a layer.

    Parameters
    ----------
    members : numpy.ndarray
        Shape ``(count,)``, increasing integers (for example :func:`layer`).

    Returns
    -------
    numpy.ndarray
        Shape ``(max(count - 1, 0),)``, dtype ``int64``: ``members[i + 1] -
        members[i]``.

    Notes
    -----
    Thesis section 4.2.3 (Fig 12, layer 2) and 4.3.1 (Fig 13, layer 3).
    """
    return np.diff(np.asarray(members, dtype=np.int64))


def classification_table(solution: Solution, n: int) -> pd.DataFrame:
    """Outcome and remoteness of positions ``1..n`` as text columns.

    Parameters
    ----------
    solution : Solution
        A solve whose bound is at least ``n``.
    n : int
        Largest position listed.

    Returns
    -------
    pandas.DataFrame
        ``n`` rows, columns ``n`` (int64), ``outcome`` ("W", "L", "D" or
        "U"), ``remoteness`` (str): the exact remoteness, ``"<=r"`` where
        only an upper bound is proven at this bound, ``""`` for D and U; and
        ``cannot_be`` (str): ``"L"`` or ``"W"`` for a U position the
        certificate by possibility narrows (``docs/mathematics.md`` section
        3.3), else ``""``.  This is the CSV format of
        ``python -m solver classify``.

    Raises
    ------
    TypeError, ValueError
        As :func:`layer`.
    """
    n = _check_n(solution, n)
    raw = solution.packed_remoteness[1 : n + 1]
    text = raw.astype(str).astype(object)
    bounded = raw < NO_REMOTENESS
    text[bounded] = np.char.add("<=", (-raw[bounded].astype(np.int64)).astype(str))
    text[raw == NO_REMOTENESS] = ""
    letters = np.array([o.name for o in sorted(Outcome)], dtype=object)
    cannot_be = np.array(["", "", "", "", "L", "W"], dtype=object)
    assert solution.classes is not None
    return pd.DataFrame(
        {
            "n": np.arange(1, n + 1, dtype=np.int64),
            "outcome": letters[solution.outcome[1 : n + 1]],
            "remoteness": text,
            "cannot_be": cannot_be[np.asarray(solution.classes[1 : n + 1])],
        }
    )


def value_labels(outcome: np.ndarray, packed_remoteness: np.ndarray) -> np.ndarray:
    """Short text of each value: ``"W11"``, ``"L≤14"`` (bounded), ``"D"``, ``"U"``.

    Parameters
    ----------
    outcome : numpy.ndarray
        Outcome codes (``int8``), shape ``(k,)``.
    packed_remoteness : numpy.ndarray
        Remoteness as packed in
        :attr:`Solution.packed_remoteness <solver.engine.solution.Solution>`
        (``int16``; ``-r`` for "at most r", -1 for none), shape ``(k,)``.

    Returns
    -------
    numpy.ndarray
        Shape ``(k,)``, dtype object (str).
    """
    letters = np.array([o.name for o in sorted(Outcome)], dtype=object)[outcome]
    rem = packed_remoteness.astype(np.int64)
    text = np.where(rem >= 0, rem.astype(str), np.char.add("≤", np.abs(rem).astype(str)))
    return np.where(rem == NO_REMOTENESS, letters, letters + text.astype(object))


def convergence(solutions: list[Solution], n: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    """How the classification of ``1..n`` settles as the bound grows.

    Parameters
    ----------
    solutions : list of Solution
        Solves to increasing bounds, each at least ``n``.
    n : int
        Largest position considered.

    Returns
    -------
    counts : pandas.DataFrame
        One row per solve: ``bound``, ``alpha`` (bound / n, float), ``W``,
        ``L``, ``D``, ``U``, ``U_not_L``, ``U_not_W`` (the U that cannot be L,
        that cannot be W) and ``bounded`` (W/L whose remoteness is only an
        upper bound), all counts over ``1..n``; and ``decided_below``
        (:attr:`Solution.decided_below`, over the whole solve: how far every
        position is W, L or D).
    changes : pandas.DataFrame
        One row per position and pair of consecutive bounds where its value
        changed: ``n``, ``from_bound``, ``to_bound``, ``before``, ``after``
        (texts as :func:`value_labels`).  Soundness means only U turns into
        another outcome and only a bounded remoteness changes.

    Raises
    ------
    TypeError
        If ``n`` is not an integer.
    ValueError
        If there is no solve, the bounds do not increase or one is below
        ``n``.

    Notes
    -----
    The thesis's open question (section 2.1, Table 1) is whether D-infinity,
    the numbers that never settle, is empty; U is what is left of it at a
    bound, after the draws by possibility (``docs/mathematics.md`` section
    3.3) have taken every position they can prove a draw.
    """
    counts = convergence_counts(solutions, n)
    changed = []
    for before, after in itertools.pairwise(solutions):
        o1, r1 = before.outcome[1 : n + 1], before.packed_remoteness[1 : n + 1]
        o2, r2 = after.outcome[1 : n + 1], after.packed_remoteness[1 : n + 1]
        idx = np.flatnonzero((o1 != o2) | (r1 != r2))
        if idx.size:
            changed.append(
                pd.DataFrame(
                    {
                        "n": idx + 1,
                        "from_bound": before.bound,
                        "to_bound": after.bound,
                        "before": value_labels(o1[idx], r1[idx]),
                        "after": value_labels(o2[idx], r2[idx]),
                    }
                )
            )
    columns = ["n", "from_bound", "to_bound", "before", "after"]
    changes = pd.concat(changed, ignore_index=True) if changed else pd.DataFrame(columns=columns)
    return counts, changes


def convergence_counts(solutions: list[Solution], n: int) -> pd.DataFrame:
    """The counts of ``1..n`` at each bound: the first result of :func:`convergence`, without its changes.

    Parameters
    ----------
    solutions : list of Solution
        Solves to increasing bounds, each at least ``n``.
    n : int
        Largest position considered.

    Returns
    -------
    pandas.DataFrame
        One row per solve: ``bound``, ``alpha`` (bound / n, float), ``W``,
        ``L``, ``D``, ``U``, ``U_not_L``, ``U_not_W``, ``bounded`` (one pass of
        :meth:`Solution.tally` each, over ``1..n``) and ``decided_below``
        (:attr:`Solution.decided_below`).  It costs one count per solve, nothing
        like listing the changes (5.4 million between B = 10**7 and 10**8 at
        N = 10**7).

    Raises
    ------
    TypeError
        If ``n`` is not an integer.
    ValueError
        If there is no solve, the bounds do not increase or one is below
        ``n``.
    """
    if not solutions:
        raise ValueError("give at least one solve")
    bounds = [s.bound for s in solutions]
    if any(b2 <= b1 for b1, b2 in itertools.pairwise(bounds)):
        raise ValueError(f"the bounds must increase, got {bounds}")
    rows = []
    for s in solutions:
        _check_n(s, n)
        tally = s.tally(n)
        rows.append(
            {
                "bound": s.bound,
                "alpha": s.bound / n,
                **{k: tally[k] for k in ("W", "L", "D", "U", "U_not_L", "U_not_W")},
                "bounded": tally["bounded"],
                "decided_below": s.decided_below,
            }
        )
    return pd.DataFrame(rows)
