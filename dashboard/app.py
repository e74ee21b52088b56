"""The Dash application: the page's layout and callbacks, and its CSS and scripts."""

from __future__ import annotations

import html
import json
from importlib import resources
from pathlib import Path
from typing import Any

import dash
import flask

from . import callbacks, first_view
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

#: The scripts that ``dcc`` loads on its own once a component needs one, as
#: the page asks for them (after the page's prefix).  The menu's and the
#: sliders' scripts are needed before the page's first callback is sent
#: (dash-renderer sends no callback before its components are loaded); the
#: graph's before the first graph is drawn.
DROPDOWN_JS_PATH = "_dash-component-suites/dash/dcc/async-dropdown.js"
SLIDER_JS_PATH = "_dash-component-suites/dash/dcc/async-slider.js"
GRAPH_JS_PATH = "_dash-component-suites/dash/dcc/async-graph.js"

#: The tabs whose first view draws a plotly.js graph (the Finite games tab:
#: every finite game's first picture is one).
GRAPH_FIRST_TABS = frozenset({"finite"})

#: Dash's page template with the page's language (``lang="en"``), so screen
#: readers pronounce it as English and browsers offer the right tools.  It
#: also hands :data:`dashboard.components.GRAPH_CONFIG` to
#: ``assets/page.js``, which makes it plotly.js's default, so every graph
#: has the same mode bar whoever built it; and it keeps the browser's own
#: string trimming and number parsing (:data:`NATIVE_FUNCTIONS`) before
#: Dash's polyfill replaces them, for ``assets/page.js`` to put back; and
#: it names where a number link's click goes (:data:`dashboard.links.LINK_TARGETS`).
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
        window.ptsqLinks = LINKS_JSON;</script>
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


def preloads(tab: str | None, prefix: str) -> str:
    """``<link rel="preload">`` of the scripts that the first view of a page loads on its own.

    ``dcc`` fetches a component's script (the menu's, a slider's, a
    graph's) only once the layout is drawn, and dash-renderer sends no
    callback whose components are not loaded: on a load, the address's
    reading waited for the menu's script, a round trip after the layout.
    Preloaded, they arrive with the page's own scripts, and ``dcc`` runs the
    preloaded copies (the same addresses, no ``crossorigin``).  plotly.js
    itself is not preloaded: ``dcc.Graph`` runs it as soon as it is there,
    and, there before the callbacks are sent, its second of work would
    delay them; fetched when the first graph is mounted, it runs while the
    server answers them.

    Parameters
    ----------
    tab : str or None
        The tab the page opens on (:func:`dashboard.layout.address_game`);
        None for the default tab.
    prefix : str
        The page's ``requests_pathname_prefix`` (``"/"`` by default).

    Returns
    -------
    str
        The links' HTML: the menu's and the sliders' scripts for the default
        tab and the tabs of :data:`GRAPH_FIRST_TABS`, and for these also the
        graph's script; ``""`` for the other tabs.
    """
    if tab is not None and tab not in GRAPH_FIRST_TABS:
        return ""
    paths = [DROPDOWN_JS_PATH, SLIDER_JS_PATH] + ([GRAPH_JS_PATH] if tab in GRAPH_FIRST_TABS else [])
    return "".join(f'<link rel="preload" href="{html.escape(prefix + path)}" as="script">\n' for path in paths)


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
        which the game menu's answer changes in the browser.  The scripts
        that the first view loads on its own are fetched from the start
        (:func:`preloads`).

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
        css = preloads(None if found is None else found[1], self.config.requests_pathname_prefix) + css
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
        :func:`dashboard.callbacks.register`, serving :data:`ASSETS`.
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
    page = build_layout()
    # Served afresh at each load, with the compile notice as it stands then (layout.page_layout).
    app.layout = page_layout(page)
    callbacks.register(app, page)
    first_view.register(app)  # a game asked for compiles first; the compile plan waits for the page's answers
    return app
