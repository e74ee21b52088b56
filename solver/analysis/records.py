"""Records of a solve and OEIS b-files of its certified positions.

* :func:`records` -- the smallest position of each exact remoteness, and the
  largest exact remoteness (where is the first position of remoteness 22?);
* :func:`bfile_terms` and :func:`write_bfile` -- the certified L ("P"), W
  ("N") or draw ("D") positions in order, in the OEIS b-file format ("n a(n)"
  lines).  For Put-or-Take-a-Square the P and N lists are OEIS A005240 and
  A005241, which stop at 1,177 and have no b-file.

Both read only what a solve certifies (``docs/mathematics.md`` section 3), so
every line is true of the infinite game: a position listed as P is a
P-position, and the "smallest position of remoteness r" is the smallest among
positions ``<= B`` whose remoteness is *exact* -- a smaller position whose
remoteness is only bounded, or unresolved, at this bound may still turn out to
have remoteness r, and the records say how many such positions there are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TextIO

import numba
import numpy as np

from solver.engine import mapped
from solver.engine.solution import CodeColumn, Outcome, Solution
from solver.validation import check_integer

__all__ = ["BFILE_SEQUENCES", "records", "bfile_terms", "write_bfile"]

#: b-file sequences: letter -> (outcome, what it lists).
BFILE_SEQUENCES = {
    "P": (Outcome.L, "P-positions (L: the player to move loses)"),
    "N": (Outcome.W, "N-positions (W: the player to move wins)"),
    "D": (Outcome.D, "certified draws"),
}

_CHUNK = 1 << 24
_PIECE = 1 << 28


@numba.njit(cache=True)
def _first_of_each(packed, offset, first):
    for i in range(packed.shape[0]):
        r = packed[i]
        if r >= 0 and first[r] < 0:
            first[r] = offset + i


@numba.njit(cache=True)
def _first_of_each_code(codes, lo, hi, first):
    for i in range(lo, hi):
        c = codes[i]
        if first[c] < 0:
            first[c] = i


def _first_of_codes(solution: Solution, first_code: np.ndarray, first: np.ndarray) -> None:
    """Fill ``first[r]`` (the least position of exact remoteness r) from the least position of each code."""
    column = solution.packed_remoteness
    assert isinstance(column, CodeColumn)  # a solution with codes shows them through CodeColumns
    table = column.table  # the decoding of this rule's codes
    for code in np.flatnonzero(first_code >= 0):
        r = int(table[code])
        if r >= 0 and (first[r] < 0 or first_code[code] < first[r]):
            first[r] = first_code[code]


def records(solution: Solution, *, progress: Callable[[float], None] | None = None) -> dict:
    """The smallest position of each exact remoteness, and the largest exact remoteness.

    Parameters
    ----------
    solution : Solution
        A solve of any rule, any bound (memory-mapped solves are read in
        chunks of 16 M positions; a solve read from a Dask store,
        :func:`solver.store.dask_store.open_store`, in one pass over its
        chunks, one at a time).
    progress : callable, optional
        Called with the fraction read so far, from 0 to 1, while a solve read
        from a Dask store is read (other solves do not call it).

    Returns
    -------
    dict
        ``rule``, ``bound``, ``max_remoteness`` (the largest exact
        remoteness of any position ``0..B``), ``records``: a list of
        ``{"remoteness": r, "position": n, "outcome": "W" or "L"}`` for every
        r from 0 to ``max_remoteness`` that some position has exactly (n
        the smallest), and ``bounded`` (W/L positions whose remoteness is
        only an upper bound) and ``unresolved`` (U positions): the positions
        that could still hold a smaller record; ``decided_below``
        (:attr:`Solution.decided_below`: every position up to it is W, L or
        D).

    Notes
    -----
    Remoteness as in Winning Ways vol. 2 and the thesis's layers (section
    2.2); exactness as in ``docs/mathematics.md`` section 3.2.
    """
    packed = solution.packed_remoteness
    outcome = solution.outcome
    size = solution.bound + 1
    first = np.full(1 << 15, -1, dtype=np.int64)
    codes = solution.codes
    scan = getattr(solution, "scan_codes", None)  # a solve read from a Dask store
    tally = None
    if codes is None and scan is not None:
        first_code, tally = scan(progress)
        _first_of_codes(solution, first_code, first)
    elif codes is not None:
        # One pass over the codes, none decoded: each exact remoteness is one code.
        first_code = np.full(256, -1, dtype=np.int64)
        for lo in range(0, size, _PIECE):
            _first_of_each_code(codes, lo, min(size, lo + _PIECE), first_code)
            mapped.release(codes, lo, lo + _PIECE)  # a mapped entry's pages go back as it is read
        _first_of_codes(solution, first_code, first)
    else:
        for lo in range(0, size, _CHUNK):
            _first_of_each(np.asarray(packed[lo : lo + _CHUNK]), lo, first)
    found = np.flatnonzero(first >= 0)
    if tally is None:
        tally = solution.tally()
    rows = [
        {
            "remoteness": int(r),
            "position": int(first[r]),
            "outcome": Outcome(int(outcome[first[r]])).name,
        }
        for r in found
    ]
    return {
        "rule": solution.rule.name,
        "bound": solution.bound,
        "max_remoteness": int(found[-1]) if found.size else 0,
        "records": rows,
        "bounded": tally["bounded"],
        "unresolved": tally["U"],
        "decided_below": solution.decided_below,
    }


def bfile_terms(
    solution: Solution,
    sequence: str,
    terms: int | None = None,
    *,
    partial: bool = False,
    progress: Callable[[float], None] | None = None,
) -> Iterator[tuple[int, int]]:
    """The certified positions of one kind, in order, numbered from 1.

    Parameters
    ----------
    solution : Solution
        A solve of any rule.
    sequence : str
        ``"P"`` (L positions, 0 included), ``"N"`` (W) or ``"D"`` (certified
        draws); see :data:`BFILE_SEQUENCES`.
    terms : int, optional
        Stop after this many terms (default: every one up to the limit).
    partial : bool, optional
        Go on past :attr:`Solution.decided_below` up to the bound (default:
        stop there, where the list is provably complete).
    progress : callable, optional
        Called after each piece of 16 M positions with the fraction of the
        positions to list that have been read, from 0 to 1.

    Yields
    ------
    tuple of int
        ``(k, a_k)``: the k-th position of the kind (OEIS offset 1, as in
        A005240, whose first term is 0).

    Raises
    ------
    ValueError
        If ``sequence`` is not P, N or D, or ``terms < 1``.
    TypeError
        If ``terms`` is not an integer.

    Notes
    -----
    Up to :attr:`Solution.decided_below` every position is W, L or D, so the
    list is complete there: no larger bound adds a term below it, and none
    changes (``docs/mathematics.md`` section 3.4), which is what an OEIS
    b-file needs.  Past it (``partial=True``) every listed position is still
    certified, but a U position might later turn out to be of the kind.
    """
    if sequence not in BFILE_SEQUENCES:
        raise ValueError(f"the sequence must be P, N or D, got {str(sequence)[:20]!r}")
    limit = None if terms is None else check_integer(terms, "the number of terms", least=1)
    code = int(BFILE_SEQUENCES[sequence][0])
    outcome = solution.outcome
    top = solution.bound if partial else solution.decided_below
    k = 0
    for lo in range(0, top + 1, _CHUNK):
        hits = np.flatnonzero(np.asarray(outcome[lo : min(lo + _CHUNK, top + 1)]) == code) + lo
        for position in hits.tolist():
            k += 1
            yield k, position
            if limit is not None and k >= limit:
                return
        if progress is not None:
            progress(min(lo + _CHUNK, top + 1) / (top + 1))


def write_bfile(
    solution: Solution,
    sequence: str,
    handle: TextIO,
    terms: int | None = None,
    *,
    partial: bool = False,
    progress: Callable[[float], None] | None = None,
) -> int:
    """Write a b-file: comment lines, then one ``"k a(k)"`` line per term.

    Parameters
    ----------
    solution : Solution
    sequence : str
        ``"P"``, ``"N"`` or ``"D"``.
    handle : text file
        Where to write.
    terms : int, optional
        Most terms (default all up to the limit).
    partial : bool, optional
        Also the terms past :attr:`Solution.decided_below`, up to the bound,
        after a comment line that marks them as such (default: only the
        complete prefix).
    progress : callable, optional
        As :func:`bfile_terms`.

    Returns
    -------
    int
        The number of terms written.

    Raises
    ------
    ValueError, TypeError
        As :func:`bfile_terms`.
    """
    what = BFILE_SEQUENCES[sequence][1] if sequence in BFILE_SEQUENCES else ""
    rule = solution.rule
    decided = solution.decided_below
    count = 0
    marked = False
    lines = []
    for k, position in bfile_terms(solution, sequence, terms, partial=partial, progress=progress):
        if count == 0:
            handle.write(f"# {what} of {rule.title} ({rule.name}), certified at bound {solution.bound}\n")
            handle.write(
                f"# complete up to {decided}: every position 1..{decided} is W, L or D at this bound, so no term "
                "below it is missing and none will change\n"
            )
        if position > decided and not marked:
            lines.append(
                f"# partial from here: above {decided} some positions are still U at this bound and may later "
                "join the list\n"
            )
            marked = True
        lines.append(f"{k} {position}\n")
        count = k
        if len(lines) >= 65536:
            handle.write("".join(lines))
            lines.clear()
    if count == 0:
        handle.write(f"# no {what} of {rule.title} up to bound {solution.bound}\n")
    handle.write("".join(lines))
    return count
