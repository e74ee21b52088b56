"""The README's "Python API" examples run as doctests, so they stay true."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_python_api_examples_run():
    result = doctest.testfile(
        str(README),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        verbose=False,
    )
    # A README without examples would pass vacuously: insist on them.
    assert result.attempted >= 10, f"only {result.attempted} README examples found"
    assert result.failed == 0, f"{result.failed} of {result.attempted} README examples failed (see the output above)"
