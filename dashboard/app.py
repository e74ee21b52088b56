"""The Dash application: a few lines that join layout and callbacks."""

from __future__ import annotations

from pathlib import Path

import dash

from . import callbacks, inspect_view, links, play_view, thesis_view, urlstate
from .layout import build_layout

ASSETS = Path(__file__).resolve().parent.parent / "assets"


def create_app() -> dash.Dash:
    """Build the dashboard application (debug off; serve it with ``app.run``)."""
    app = dash.Dash(__name__, assets_folder=str(ASSETS), title="Put-or-Take-a-Square explorer")
    app.layout = build_layout()
    callbacks.register(app)
    thesis_view.register(app, callbacks.SOLUTIONS)
    play_view.register(app, callbacks.SOLUTIONS)
    inspect_view.register(app, callbacks.SOLUTIONS)
    links.register(app)
    urlstate.register(app)
    return app
