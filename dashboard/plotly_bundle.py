"""Which plotly.js the page's graphs load: plotly.js's cartesian bundle, shipped with the package, or Dash's full one.

dcc.Graph loads plotly.js when the first graph is drawn, from the address
in ``window._dashPlotlyJSURL``, the full ``plotly.min.js`` (4.8 MB) that
Dash serves from the plotly package.  Every first view of the page draws
only cartesian traces, which plotly.js's own cartesian partial bundle
(``dashboard/vendor/plotly-cartesian.min.js``, 1.5 MB; where it comes from is
in ``dashboard/vendor/README.md``) draws the same, in 0.55-0.7 s less of a
finite game's address load (docs/performance-page.md).  This module serves
that bundle at an address that names its version, with a year's cache
lifetime, and hands its address to ``assets/page.js`` (section 6b there),
which gives it to dcc.Graph and loads Dash's full bundle once when a figure
holds a trace type the small bundle lacks (3-D and WebGL traces).

The two bundles are used on one page only when they are the same version of
plotly.js: :func:`page_setting` is None otherwise, and the page loads the
full bundle as Dash does.
"""

from __future__ import annotations

import re
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

import flask

#: The vendored cartesian bundle (plotly.js's ``plotly.js-cartesian-dist-min``).
SMALL_BUNDLE = Path(__file__).resolve().parent / "vendor" / "plotly-cartesian.min.js"

#: The cache lifetime of the small bundle's address, in seconds (a year: the address changes with the version).
MAX_AGE_S = 365 * 24 * 3600

#: plotly.js's header names its version (``* plotly.js v4.1.1``, ``* plotly.js (cartesian - minified) v4.1.1``).
_VERSION = re.compile(r"\*\s*plotly\.js\b[^\n]*?\bv(\d+\.\d+\.\d+\S*)")


def header_version(text: str) -> str | None:
    """The plotly.js version a bundle's licence header names.

    Parameters
    ----------
    text : str
        The start of a plotly.js bundle (its first few hundred characters hold the header).

    Returns
    -------
    str or None
        The version (``"4.1.1"``), or None when no plotly.js header is found.
    """
    found = _VERSION.search(text)
    return found.group(1) if found else None


def _head(path: Path | Traversable) -> str:
    try:
        with path.open("rb") as stream:
            return stream.read(512).decode("utf-8", "replace")
    except OSError:
        return ""


def small_bundle_version() -> str | None:
    """The plotly.js version of the vendored cartesian bundle (:data:`SMALL_BUNDLE`).

    Returns
    -------
    str or None
        The version its header names, or None when the file is missing or has no plotly.js header.
    """
    return header_version(_head(SMALL_BUNDLE))


def dash_bundle_version() -> str | None:
    """The plotly.js version of the full bundle Dash serves (the plotly package's ``package_data/plotly.min.js``).

    Returns
    -------
    str or None
        The version its header names, or None when the file is missing or has no plotly.js header.
    """
    return header_version(_head(resources.files("plotly") / "package_data" / "plotly.min.js"))


def bundle_route() -> str:
    """The small bundle's address below the page's prefix; it names the bundle's version.

    Returns
    -------
    str
        ``vendor/plotly-cartesian-VERSION.min.js`` (``unknown`` for a
        version that cannot be read).
    """
    return f"vendor/plotly-cartesian-{small_bundle_version() or 'unknown'}.min.js"


def page_setting(prefix: str) -> dict | None:
    """What ``assets/page.js`` is told about the small bundle (``window.ptsqPlotly``).

    Parameters
    ----------
    prefix : str
        The page's requests prefix (Dash's ``requests_pathname_prefix``, ``"/"`` by default).

    Returns
    -------
    dict or None
        ``{"url": ..., "version": ...}``: the small bundle's address and its
        plotly.js version, when it is the version of the full bundle Dash
        serves; None otherwise (or when either cannot be read), and the page
        loads Dash's full bundle as Dash does.
    """
    small = small_bundle_version()
    if small is None or small != dash_bundle_version():
        return None
    return {"url": prefix + bundle_route(), "version": small}


def register(app) -> None:
    """Serve the small bundle at ``routes_pathname_prefix`` + :func:`bundle_route`, cached for a year.

    Parameters
    ----------
    app : dash.Dash
        The page's application; the route is added to its Flask server.
    """

    def small_bundle() -> flask.Response:
        response = flask.send_file(SMALL_BUNDLE, mimetype="text/javascript", max_age=MAX_AGE_S, conditional=True)
        response.headers["Cache-Control"] = f"public, max-age={MAX_AGE_S}, immutable"
        return response

    app.server.add_url_rule(
        app.config.routes_pathname_prefix + bundle_route(), endpoint="ptsq_plotly_bundle", view_func=small_bundle
    )
