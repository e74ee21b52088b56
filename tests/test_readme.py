"""The Python examples of the README and of ``docs/`` run as doctests, so they stay true."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: Every Markdown page whose ``>>>`` examples run: the README and every page of docs/.
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _run(page: Path) -> doctest.TestResults:
    return doctest.testfile(
        str(page),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        verbose=False,
    )


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_examples_of_each_page_run(page):
    result = _run(page)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {page.name} failed (see above)"


def test_the_api_tour_has_its_examples():
    # A tour without examples would pass vacuously: insist on them.
    result = _run(ROOT / "docs" / "api.md")
    assert result.attempted >= 10, f"only {result.attempted} examples found in docs/api.md"


def test_the_readme_has_an_example():
    assert _run(ROOT / "README.md").attempted >= 1
