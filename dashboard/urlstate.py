"""Every control and the current tab in the URL's query string.

One callback owns both sides (Dash allows a circular dependency only within
one callback): a change of a control writes the query string, which pushes
a browser history entry; a new query string (a shared link, the back or
forward button) sets the controls.  Values are written only where they
differ from the defaults, so the default page has a clean address.
"""

from __future__ import annotations

import urllib.parse

import dash
from dash import Input, Output, dcc, no_update

from solver import config

from . import ids
from .inspect_view import INSPECT_INPUT, INSPECT_START
from .play_view import DEFAULT_START as PLAY_DEFAULT_START
from .play_view import PLAY_FIRST, PLAY_MODE, PLAY_SEED, PLAY_START, PLAY_STRENGTH

URL = "url"

#: (query key, component id, property, default value), in query order.
PARAMS: list[tuple[str, str, str, object]] = [
    ("tab", ids.TABS, "value", "explore"),
    ("n", ids.N_INPUT, "value", str(config.DEFAULT_N)),
    ("alpha", ids.ALPHA_INPUT, "value", str(config.DEFAULT_ALPHA)),
    ("depth", ids.DEPTH_SLIDER, "value", config.DEFAULT_DEPTH),
    ("start", ids.START_INPUT, "value", str(config.DEFAULT_START)),
    ("density", ids.DENSITY_TRANSFORM, "value", "density"),
    ("diff", ids.DIFF_LAYER, "value", 2),
    ("plimit", ids.PRIMITIVES_LIMIT, "value", "50000"),
    ("player", ids.PRIMITIVES_LAYER, "value", "2"),
    ("rn", ids.RANDOM_N, "value", "1000"),
    ("rgames", ids.RANDOM_GAMES, "value", "100"),
    ("rcap", ids.RANDOM_CAP, "value", "25"),
    ("rseed", ids.RANDOM_SEED, "value", "0"),
    ("fn", ids.FIXED_N, "value", "10000"),
    ("mn", ids.MATRIX_N, "value", "1000"),
    ("inspect", INSPECT_INPUT, "value", str(INSPECT_START)),
    ("play", PLAY_START, "value", str(PLAY_DEFAULT_START)),
    ("mode", PLAY_MODE, "value", "hvc"),
    ("first", PLAY_FIRST, "value", "you"),
    ("strength", PLAY_STRENGTH, "value", 1.0),
    ("seed", PLAY_SEED, "value", "0"),
]


def location() -> dcc.Location:
    """The page's location component (no reload when the query changes)."""
    return dcc.Location(id=URL, refresh=False)


def _coerce(raw: str, default):
    if isinstance(default, float):
        try:
            return float(raw)
        except ValueError:
            return default
    if isinstance(default, int):
        try:
            return int(raw)
        except ValueError:
            return default
    return raw


def controls_from_query(search: str | None, params=None) -> list:
    """Control values a query string asks for (the default for those it omits).

    Parameters
    ----------
    search : str or None
        ``location.search``, e.g. ``"?n=100000&tab=thesis"``.
    params : list, optional
        The parameter table; default :data:`PARAMS`.

    Returns
    -------
    list
        One value per parameter: a key left out means its default (that is
        how the default page is written, so the back button can return to
        it).  Unparseable integers fall back to the default; text values go
        to their controls as they are (the controls report bad input).
    """
    params = params or PARAMS
    query = urllib.parse.parse_qs((search or "").lstrip("?"), keep_blank_values=True)
    values = []
    for key, _cid, _prop, default in params:
        values.append(_coerce(query[key][-1], default) if key in query else default)
    return values


def _same(value, default) -> bool:
    if isinstance(default, (int, float)) and not isinstance(default, bool):
        try:
            return float(value) == float(default)
        except (TypeError, ValueError):
            return False
    return str(value) == str(default)


def query_from_controls(values: list, params=None) -> str:
    """The query string for control values (defaults left out).

    Parameters
    ----------
    values : list
        One value per parameter, in :data:`PARAMS` order.
    params : list, optional
        The parameter table; default :data:`PARAMS`.

    Returns
    -------
    str
        ``"?key=value&..."``, or ``""`` when everything is at its default.
    """
    params = params or PARAMS
    pairs = [
        (key, str(value))
        for (key, _cid, _prop, default), value in zip(params, values)
        if value is not None and not _same(value, default)
    ]
    return "?" + urllib.parse.urlencode(pairs) if pairs else ""


def register(app: dash.Dash, params=None) -> None:
    """Wire the URL to the controls of :data:`PARAMS` (or the given table)."""
    params = params or PARAMS

    @app.callback(
        Output(URL, "search"),
        *[Output(cid, prop, allow_duplicate=True) for _k, cid, prop, _d in params],
        Input(URL, "search"),
        *[Input(cid, prop) for _k, cid, prop, _d in params],
        prevent_initial_call="initial_duplicate",
    )
    def _sync(search, *values):
        if dash.ctx.triggered_id == URL or dash.ctx.triggered_id is None:
            return [no_update, *controls_from_query(search, params)]
        wanted = query_from_controls(list(values), params)
        return [wanted if wanted != (search or "") else no_update, *[no_update] * len(params)]
