"""The Dash application: the page's layout and callbacks, and its CSS."""

from __future__ import annotations

from pathlib import Path

import dash

from . import callbacks
from .layout import build_layout

#: The page's CSS, shipped inside the package (package data), so an installed
#: copy serves it too.
ASSETS = Path(__file__).resolve().parent / "assets"


def create_app() -> dash.Dash:
    """Build the dashboard application (debug off; serve it with ``app.run``).

    Returns
    -------
    dash.Dash
        The page of :func:`dashboard.layout.build_layout` with every callback
        of :func:`dashboard.callbacks.register`, serving :data:`ASSETS`.
    """
    app = dash.Dash(__name__, assets_folder=str(ASSETS), title="Put-or-Take-a-Square explorer")
    app.layout = build_layout()
    callbacks.register(app)
    return app
