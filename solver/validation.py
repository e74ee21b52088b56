"""Argument checks shared by every module of the solver.

One convention everywhere:

==============  ==========================================================
exception       when
==============  ==========================================================
``TypeError``   the value has the wrong type: ``bool``, ``float``, ``str``,
                ``None`` ... where an integer is wanted (Python and numpy
                integers are accepted, through :func:`operator.index`)
``ValueError``  the value has the right type but is out of range
==============  ==========================================================

Messages name the quantity and the allowed range.  Text typed by a person is
parsed by :func:`solver.parsing.parse_int`, not here.
"""

from __future__ import annotations

import operator

import numpy as np

__all__ = ["check_integer", "check_seed"]


def _range_text(least: int | None, most: int | None) -> str:
    if least is not None and most is not None:
        return f"from {least:,} to {most:,}"
    if least is not None:
        return f"at least {least:,}"
    return f"at most {most:,}"


def check_integer(value: object, name: str, *, least: int | None = None, most: int | None = None) -> int:
    """Return ``value`` as a Python int after checking its type and range.

    Parameters
    ----------
    value : object
        The value to check.  Python and numpy integers are integers; ``bool``
        and numpy booleans are not, nor are floats (even ``2.0``), strings
        and None.
    name : str
        What the value is, for the message (``"the bound"``, ``"n"``).
    least, most : int, optional
        Inclusive range; None leaves that side open.

    Returns
    -------
    int
        The value as a Python int (any size).

    Raises
    ------
    TypeError
        If ``value`` is not an integer.
    ValueError
        If ``value < least`` or ``value > most``; the message gives the range.
    """
    if isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be an integer, got {value!r}")
    try:
        number = operator.index(value)  # type: ignore[arg-type]  # any object; TypeError below
    except TypeError:
        raise TypeError(f"{name} must be an integer, got {value!r}") from None
    if (least is not None and number < least) or (most is not None and number > most):
        raise ValueError(f"{name} must be an integer {_range_text(least, most)}, got {number:,}")
    return number


def check_seed(seed: object) -> int:
    """Check a random seed: an integer ``>= 0``.

    Parameters
    ----------
    seed : object
        Seed for :func:`numpy.random.default_rng`.

    Returns
    -------
    int

    Raises
    ------
    TypeError
        If ``seed`` is not an integer.
    ValueError
        If ``seed < 0``.
    """
    return check_integer(seed, "seed", least=0)
