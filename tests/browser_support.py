"""What the real-browser test modules share: Debian's Chromium and a served page.

The recipe is in docs/browser-tests.md.  Every ``tests/test_browser*.py``
module imports from here; ``tests/conftest.py`` points pytest-playwright at
this Chromium with these flags.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator

CHROMIUM = "/usr/bin/chromium"
#: Without the networking flags Chromium stalls on look-ups of hosts this machine cannot reach.
#: ``--process-per-site`` lets the pages of the served app share one renderer process, which
#: keeps the page's scripts compiled between tests (``tests/conftest.py``, ``shared_context``).
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--process-per-site",
]


@contextlib.contextmanager
def served_page(name: str) -> Iterator[str]:
    """Serve ``create_app()`` with werkzeug on a free loopback port in a daemon thread.

    Parameters
    ----------
    name : str
        Name of the serving thread (shows in a hung test's thread dump).

    Yields
    ------
    str
        The page's address, ``http://127.0.0.1:PORT/``.
    """
    from werkzeug.serving import make_server

    from dashboard.app import create_app
    from solver.engine import warm_up
    from solver.engine import warm_up as warm_up_family

    warm_up()
    warm_up_family()  # the other games' kernels, so that a page's first solve is not a compilation
    server = make_server("127.0.0.1", 0, create_app().server, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name=name, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()


#: True once the setup's answer is drawn ("Decided below …") or the page hides the setup bar: a game with no bound
#: (a finite game, a game on a graph) sends no setup request, so its page never draws that answer.
SETUP_SETTLED = """() => {
    const bar = document.getElementById('setup-bar');
    const decided = document.getElementById('setup-decided');
    return (bar !== null && bar.offsetParent === null)
        || (decided !== null && decided.textContent.includes('Decided below'));
}"""
