"""The Dash application: a few lines that join layout and callbacks."""

from __future__ import annotations

from pathlib import Path

import dash
import diskcache

from solver import store

from . import callbacks
from .layout import build_layout

ASSETS = Path(__file__).resolve().parent.parent / "assets"


def create_app() -> dash.Dash:
    """Build the dashboard application (debug off; serve it with ``app.run``).

    Background callbacks (long solves) keep their jobs in a diskcache folder
    inside the solve cache directory.
    """
    jobs = diskcache.Cache(str(store.cache_dir() / "dash-jobs"))
    app = dash.Dash(
        __name__,
        assets_folder=str(ASSETS),
        title="Put-or-Take-a-Square explorer",
        background_callback_manager=dash.DiskcacheManager(jobs),
    )
    app.layout = build_layout()
    callbacks.register(app)
    return app
