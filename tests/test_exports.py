"""Every download button of the page is wired to a download (issue: Export CSV did nothing in two views).

The page's layout is walked for every button that says it downloads (its
text names CSV, a b-file or a download), and the app's callbacks are read for
one that takes the button's clicks and writes a ``dcc.Download``.  The browser
side, that a click really saves a file, is ``tests/test_browser_downloads.py``.
"""

from __future__ import annotations

import dash_ag_grid as dag
import pytest
from dash import dcc, html

from dashboard.app import create_app
from dashboard.ids import export_button_id, export_download_id
from dashboard.tables import exported_grids


def _walk(node):
    if isinstance(node, (list, tuple)):
        for item in node:
            yield from _walk(item)
        return
    if not hasattr(node, "to_plotly_json"):
        return
    yield node
    yield from _walk(getattr(node, "children", None))


def _text(node) -> str:
    children = getattr(node, "children", None)
    if isinstance(children, str):
        return children
    if isinstance(children, (list, tuple)):
        return " ".join(_text(c) if hasattr(c, "to_plotly_json") else str(c) for c in children)
    return ""


@pytest.fixture(scope="module")
def app():
    return create_app()


@pytest.fixture(scope="module")
def served(app):
    """The page as served (the app's layout is a function: dashboard.layout.page_layout)."""
    return app.layout()


def _download_buttons(layout) -> list[str]:
    words = ("csv", "b-file", "download", "positions", "draws")
    nodes = list(_walk(layout))
    return [
        n.id
        for n in nodes
        if isinstance(n, html.Button)
        and isinstance(getattr(n, "id", None), str)
        and any(w in _text(n).lower() for w in words)
    ]


def _parts(key: str) -> list[str]:
    return [part.split("@")[0] for part in key.strip(".").split("...")]


def test_every_download_button_has_a_callback_that_writes_a_download(app, served) -> None:
    downloads = {n.id for n in _walk(served) if isinstance(n, dcc.Download)}
    buttons = _download_buttons(served)
    # The Explore tab's main CSV, the grids' exports, the b-files and the Finite games tab's views at least.
    assert len(buttons) >= 9 + 3 + 1, buttons
    for button in buttons:
        wired = [
            key
            for key, spec in app.callback_map.items()
            if any(i["id"] == button and i["property"] == "n_clicks" for i in spec["inputs"])
        ]
        writes = [p for key in wired for p in _parts(key) if p.endswith(".data") and p[: -len(".data")] in downloads]
        assert writes, f"the button {button!r} is wired to no download ({wired})"


def test_every_grid_with_an_export_button_has_its_download(app, served) -> None:
    grids = exported_grids(served)
    # Records and Rules compared among them: their exports were missing once.
    assert {"records-table", "compare-table", "convergence-table", "inspect-chain"} <= set(grids)
    written = {p for key in app.callback_map for p in _parts(key)}
    for grid in grids:
        assert f"{export_download_id(grid)}.data" in written, grid
    every_grid = [n.id for n in _walk(served) if isinstance(n, dag.AgGrid)]
    assert set(grids) == {
        g for g in every_grid if export_button_id(g) in {n.id for n in _walk(served) if getattr(n, "id", None)}
    }
