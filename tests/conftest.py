"""Shared test set-up: keep the solve cache out of the user's home; one served app and one browser context for the browser tests; mark them in the JUnit report; no hypothesis deadlines."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

# Hypothesis's deadline (200 ms an example unless a test sets one) and its check of slow data generation are
# wall-clock limits, which a busy machine breaks: no test keeps them.  A test that guards against long work
# bounds its CPU time instead (tests/cpu_time.py); tests/test_suite_rules.py checks that no test sets a deadline.
settings.register_profile("project", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("project")

#: How long an ``expect()`` of the browser tests waits when it gives no timeout, in milliseconds.
EXPECT_TIMEOUT_MS = 30_000


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


@pytest.fixture(scope="module")
def shared_context(browser, browser_context_args, server_url):
    """One browser context for the real-browser tests of a module, with a tab kept open on the served app.

    With Chromium's ``--process-per-site`` (``browser_support.CHROMIUM_ARGS``)
    the app's pages of one context share a renderer process, which the kept
    tab keeps alive between tests: a test's new page finds the page's
    scripts (about 10 MB: plotly, React, Dash) already compiled and loads in
    about half the time of a page in a new context.  Each test still gets a
    new page (:func:`page`): its own document, history, viewport, mouse and
    listeners.  The app keeps nothing in cookies or web storage.  Each module
    gets a new context, so a new renderer process.
    """
    from playwright.sync_api import expect

    # An expect() without a timeout waits up to 30 s, as the modules' WAIT_TIMEOUT, not Playwright's 5 s: it is
    # how long the page may take to answer on a busy machine, not a measure of speed (a test passes as soon as
    # the page answers).
    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    context = browser.new_context(**browser_context_args)
    keeper = context.new_page()
    keeper.goto(server_url + "assets/style.css")  # any document of the site holds its process
    yield context
    context.close()


@pytest.fixture
def context(shared_context):
    """pytest-playwright's ``context``, here the session's :func:`shared_context`."""
    return shared_context


@pytest.fixture
def page(shared_context):
    """A new page (tab) of :func:`shared_context` for one test, closed after it (pytest-playwright's ``page``)."""
    page = shared_context.new_page()
    yield page
    page.close()


@pytest.fixture(scope="session")
def server_url():
    """The page served once for every real-browser test of the session (``browser_support.served_page``).

    The finite impartial games' kernels are compiled (or loaded) first, as
    the page's own kernels are by ``served_page``.
    """
    from browser_support import served_page

    from solver import impartial_game, parse_graph
    from solver.graphs import token_position
    from solver.impartial import euclid3_outcomes, l_shape_table, magnetism_sequences

    for name, position in [
        ("robs-dots", "5+7+9"),
        ("wythoff", "7,12"),
        ("euclid", "5,8"),
        ("chomp-2x6", "###/###"),
        ("magnetism", "+...-.."),
        ("spring-cleaning", "###/#.."),
        ("euclid3", "5,8,12"),
    ]:
        game = impartial_game(name)
        game.value(game.parse(position))
    euclid3_outcomes(4), l_shape_table(3), magnetism_sequences(4)
    token_position(parse_graph("0>1,1>0", directed=True), (0,))  # the loopy values of the Games on graphs tab
    with served_page("ptsq-test-server") as url:
        yield url


def pytest_collection_modifyitems(items):
    """Give every test marked ``browser`` the JUnit property ``marker=browser``.

    CI's guard (``.ci/browser_guard.py``) counts the browser tests by it,
    whatever their module is called, and fails when one was skipped.
    """
    for item in items:
        if item.get_closest_marker("browser") is not None:
            item.user_properties.append(("marker", "browser"))
