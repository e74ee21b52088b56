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

from . import defaults, ids

#: (query key, component id, property, default value), in query order.  The
#: defaults are the controls' own (:mod:`solver.config`,
#: :mod:`dashboard.defaults`): text boxes hold text, sliders and menus numbers.
PARAMS: list[tuple[str, str, str, object]] = [
    ("tab", ids.TABS, "value", defaults.DEFAULT_TAB),
    ("n", ids.N_INPUT, "value", str(config.DEFAULT_N)),
    ("alpha", ids.ALPHA_INPUT, "value", str(config.DEFAULT_ALPHA)),
    ("depth", ids.DEPTH_SLIDER, "value", config.DEFAULT_DEPTH),
    ("start", ids.START_INPUT, "value", str(config.DEFAULT_START)),
    ("density", ids.DENSITY_TRANSFORM, "value", defaults.DEFAULT_TRANSFORM),
    ("diff", ids.DIFF_LAYER, "value", defaults.DEFAULT_DIFF_LAYER),
    ("plimit", ids.PRIMITIVES_LIMIT, "value", str(config.DEFAULT_PRIMITIVES_LIMIT)),
    ("player", ids.PRIMITIVES_LAYER, "value", str(config.DEFAULT_PRIMITIVES_LAYER)),
    ("rn", ids.RANDOM_N, "value", str(config.DEFAULT_RANDOM_N)),
    ("rgames", ids.RANDOM_GAMES, "value", str(config.DEFAULT_RANDOM_GAMES)),
    ("rcap", ids.RANDOM_CAP, "value", str(config.DEFAULT_MOVE_CAP)),
    ("rseed", ids.RANDOM_SEED, "value", str(config.DEFAULT_SEED)),
    ("fn", ids.FIXED_N, "value", str(config.DEFAULT_STRATEGY_N)),
    ("mn", ids.MATRIX_N, "value", str(defaults.DEFAULT_MATRIX_N)),
    ("inspect", ids.INSPECT_INPUT, "value", str(defaults.DEFAULT_INSPECT)),
    ("play", ids.PLAY_START, "value", str(defaults.DEFAULT_PLAY_START)),
    ("mode", ids.PLAY_MODE, "value", defaults.DEFAULT_PLAY_MODE),
    ("first", ids.PLAY_FIRST, "value", defaults.DEFAULT_PLAY_FIRST),
    ("strength", ids.PLAY_STRENGTH, "value", defaults.DEFAULT_STRENGTH),
    ("seed", ids.PLAY_SEED, "value", str(config.DEFAULT_SEED)),
]


def location() -> dcc.Location:
    """The page's location component (no reload when the query changes).

    Returns
    -------
    dash.dcc.Location
        Id :data:`dashboard.ids.URL`.
    """
    return dcc.Location(id=ids.URL, refresh=False)


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
        for (key, _cid, _prop, default), value in zip(params, values, strict=False)
        if value is not None and not _same(value, default)
    ]
    return "?" + urllib.parse.urlencode(pairs) if pairs else ""


def register(app: dash.Dash, params=None) -> None:
    """Wire the URL to the controls of :data:`PARAMS` (or the given table).

    Parameters
    ----------
    app : dash.Dash
        The application; its layout holds :func:`location` and every
        control the table names.
    params : list, optional
        The parameter table; default :data:`PARAMS`.
    """
    params = params or PARAMS

    @app.callback(
        Output(ids.URL, "search"),
        *[Output(cid, prop, allow_duplicate=True) for _k, cid, prop, _d in params],
        Input(ids.URL, "search"),
        *[Input(cid, prop) for _k, cid, prop, _d in params],
        prevent_initial_call="initial_duplicate",
    )
    def _sync(search, *values):
        if dash.ctx.triggered_id == ids.URL or dash.ctx.triggered_id is None:
            return [no_update, *controls_from_query(search, params)]
        wanted = query_from_controls(list(values), params)
        return [wanted if wanted != (search or "") else no_update, *[no_update] * len(params)]
