"""The Dash application: the page's layout and callbacks, and its CSS and scripts."""

from __future__ import annotations

import html
import json
from importlib import resources
from pathlib import Path
from typing import Any

import dash
import flask

from . import callbacks, first_view, plotly_bundle
from .components import GRAPH_CONFIG
from .gamemenu import header
from .layout import address_game, build_layout, page_layout
from .links import LINK_TARGETS


def assets_folder() -> Path:
    """The folder of the page's CSS and scripts (``style.css``, ``page.js``, ``tree.css``, ``tree.js``).

    They live in the checkout's top-level ``assets/``, where Dash looks by
    default.  Packaging installs that folder inside the package as
    ``dashboard/assets`` (package data: ``package-dir`` in pyproject.toml,
    ``setup.py``), so an installed copy serves them too.

    Returns
    -------
    pathlib.Path
        ``dashboard/assets`` of an installed copy when it is there (found
        with :mod:`importlib.resources`), else the ``assets/`` beside the
        package: a checkout, run from an editable install or from the source.
    """
    installed = resources.files("dashboard") / "assets"
    if installed.is_dir():
        return Path(str(installed))
    return Path(__file__).resolve().parent.parent / "assets"


#: The page's CSS and scripts: :func:`assets_folder`.
ASSETS = assets_folder()

#: The browser's functions that Dash's polyfill (``@babel/polyfill`` 7, for
#: browsers before 2017) replaces with slower script versions in every
#: current browser, as (owner, name): core-js 2 takes the browser's ``trim``
#: and ``parseFloat`` for broken because they treat U+180E as ECMAScript 2016
#: does.  plotly.js calls them for every label and style it draws: with them
#: put back, a graph of the Layers view drew in 0.22 s instead of 0.30 s.
NATIVE_FUNCTIONS = (
    ("String.prototype", "trim"),
    ("String.prototype", "trimStart"),
    ("String.prototype", "trimEnd"),
    ("String.prototype", "trimLeft"),
    ("String.prototype", "trimRight"),
    ("Number", "parseFloat"),
    ("Number", "parseInt"),
    ("window", "parseFloat"),
    ("window", "parseInt"),
)

#: Dash's page template with the page's language (``lang="en"``), so screen
#: readers pronounce it as English and browsers offer the right tools.  It
#: also hands :data:`dashboard.components.GRAPH_CONFIG` to
#: ``assets/page.js``, which makes it plotly.js's default, so every graph
#: has the same mode bar whoever built it; and it keeps the browser's own
#: string trimming and number parsing (:data:`NATIVE_FUNCTIONS`) before
#: Dash's polyfill replaces them, for ``assets/page.js`` to put back; and
#: it names where a number link's click goes (:data:`dashboard.links.LINK_TARGETS`); and it
#: leaves ``PLOTLY_JSON`` for :func:`index_string` to fill with which plotly.js the graphs load.
INDEX_STRING = (
    """<!DOCTYPE html>
<html lang="en">
    <head>
        {%metas%}
        <title>{%title%}</title>
        {%favicon%}
        {%css%}
        <script>window.ptsqGraphConfig = GRAPH_CONFIG_JSON;
        window.ptsqNative = NATIVE_JS;
        window.ptsqLinks = LINKS_JSON;
        window.ptsqPlotly = PLOTLY_JSON;</script>
    </head>
    <body>
        {%app_entry%}
        <footer>
            {%config%}
            {%scripts%}
            {%renderer%}
        </footer>
    </body>
</html>""".replace("GRAPH_CONFIG_JSON", json.dumps(GRAPH_CONFIG))
    .replace("LINKS_JSON", json.dumps(LINK_TARGETS))
    .replace(
        "NATIVE_JS", "[" + ", ".join(f"[{owner}, {name!r}, {owner}.{name}]" for owner, name in NATIVE_FUNCTIONS) + "]"
    )
)


def index_string(plotly: dict | None) -> str:
    """The page's template (:data:`INDEX_STRING`) with the plotly.js its graphs load.

    Parameters
    ----------
    plotly : dict or None
        :func:`dashboard.plotly_bundle.page_setting`: the small bundle's
        address and version, or None for Dash's full bundle.

    Returns
    -------
    str
        The template, with ``window.ptsqPlotly`` set to ``plotly`` as JSON.
    """
    return INDEX_STRING.replace("PLOTLY_JSON", json.dumps(plotly))


class Page(dash.Dash):
    """The page's Dash application: its document title names the game its address opens on."""

    def interpolate_index(
        self,
        metas: Any = "",
        title: Any = "",
        css: Any = "",
        config: Any = "",
        scripts: Any = "",
        app_entry: Any = "",
        favicon: Any = "",
        renderer: Any = "",
    ) -> Any:
        """Dash's page template, with the browser's title of the game the address names.

        A game that the default tab does not serve is chosen in the layout
        served for its address (:func:`dashboard.layout.address_game`), and
        its title is in the document from the start, as the header's
        (:func:`dashboard.gamemenu.header`); otherwise the page's own title,
        which the game menu's answer changes in the browser.

        Parameters
        ----------
        metas, title, css, config, scripts, app_entry, favicon, renderer : str
            What :meth:`dash.Dash.interpolate_index` takes: the page's parts as HTML.

        Returns
        -------
        str
            The page's HTML.
        """
        found = address_game(flask.request.url) if flask.has_request_context() else None
        if found is not None:
            title = html.escape(header(found[0])[0])
        return super().interpolate_index(
            metas=metas,
            title=title,
            css=css,
            config=config,
            scripts=scripts,
            app_entry=app_entry,
            favicon=favicon,
            renderer=renderer,
        )


def create_app() -> dash.Dash:
    """Build the dashboard application (debug off; serve it with ``app.run``).

    Returns
    -------
    dash.Dash
        The page of :func:`dashboard.layout.build_layout` (in English,
        :data:`INDEX_STRING`) with every callback of
        :func:`dashboard.callbacks.register`, serving :data:`ASSETS` and
        plotly.js's cartesian bundle (:mod:`dashboard.plotly_bundle`).
    """
    app = Page(
        __name__,
        assets_folder=str(ASSETS),
        title="Put-or-Take-a-Square explorer",
        index_string=INDEX_STRING,
        meta_tags=[
            {"name": "description", "content": "Sound solver and dashboard for Epstein's Put-or-Take-a-Square game"}
        ],
    )
    app.index_string = index_string(plotly_bundle.page_setting(app.config.requests_pathname_prefix))
    plotly_bundle.register(app)
    page = build_layout()
    # Served afresh at each load, with the compile notice as it stands then (layout.page_layout).
    app.layout = page_layout(page)
    callbacks.register(app, page)
    first_view.register(app)  # a game asked for compiles first; the compile plan waits for the page's answers
    return app
