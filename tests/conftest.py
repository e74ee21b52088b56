"""Shared test set-up: keep the solve cache out of the user's home; mark the browser tests in the JUnit report."""

from __future__ import annotations

import os

import pytest


@pytest.fixture(scope="session", autouse=True)
def _private_solve_cache(tmp_path_factory):
    # Subprocesses inherit os.environ, so the CLI tests use it too.
    path = tmp_path_factory.mktemp("solve-cache")
    old = os.environ.get("PTSQ_CACHE_DIR")
    os.environ["PTSQ_CACHE_DIR"] = str(path)
    yield path
    if old is None:
        os.environ.pop("PTSQ_CACHE_DIR", None)
    else:
        os.environ["PTSQ_CACHE_DIR"] = old


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Launch Debian's Chromium with the flags of docs/browser-tests.md (pytest-playwright's fixture)."""
    from browser_support import CHROMIUM, CHROMIUM_ARGS

    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


def pytest_collection_modifyitems(items):
    """Give every test marked ``browser`` the JUnit property ``marker=browser``.

    CI's guard (``.ci/browser_guard.py``) counts the browser tests by it,
    whatever their module is called, and fails when one was skipped.
    """
    for item in items:
        if item.get_closest_marker("browser") is not None:
            item.user_properties.append(("marker", "browser"))
