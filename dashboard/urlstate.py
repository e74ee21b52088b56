"""Every control and the current tab in the URL's query string.

Two directions, each where it is cheapest:

- controls -> address, in the browser (:data:`WRITE_JS`, no request): a
  change of a control writes the query string, which pushes a browser
  history entry.  Values are written only where they differ from the
  defaults, so the default page has a clean address.
  :func:`query_from_controls` is the same rule in Python, its tested
  reference (a test runs both on the same values).
- address -> controls, on the server (:func:`read_address`): a new query
  string (a shared link on load, the back or forward button) is checked and
  sets the controls.  A small client-side gate (:data:`GATE_JS`) hands the
  address to the server only when it is not the one the page itself just
  wrote, so a control change sends no request at all, and the default
  address on load sends none either.

A shared address is input from outside: every value is checked here
(:data:`CHECKS`) before it reaches a control.  A value that fails its check
is not used; the control keeps its default and a small notice at the top of
the page lists, as text, what was ignored and why.
"""

from __future__ import annotations

import json
import math
import urllib.parse
from collections.abc import Callable

import dash
from dash import Input, Output, State, dcc, html, no_update

from solver import DEFAULT_RULE, RULE_NAMES, TRANSFORMS, config, describe_text, parse_int

from . import defaults, ids
from .tabs.explore import ids as explore_ids
from .tabs.explore import layout as explore_layout
from .tabs.inspect import ids as inspect_ids
from .tabs.play import ids as play_ids
from .tabs.sums import ids as sums_ids
from .tabs.sums.layout import DEFAULT_HEAPS
from .tabs.sums.layout import DEFAULT_RULE as SUMS_DEFAULT_RULE
from .tabs.sums.layout import RULE_OPTIONS as SUMS_RULE_OPTIONS
from .tabs.thesis import ids as thesis_ids

#: (query key, component id, property, default value), in query order.  The
#: defaults are the controls' own (:mod:`solver.config`,
#: :mod:`dashboard.defaults`): text boxes hold text, sliders and menus numbers.
PARAMS: list[tuple[str, str, str, object]] = [
    ("tab", ids.TABS, "value", defaults.DEFAULT_TAB),
    ("rule", ids.RULE_SELECT, "value", DEFAULT_RULE.name),
    ("n", ids.N_INPUT, "value", str(config.DEFAULT_N)),
    ("alpha", ids.ALPHA_INPUT, "value", str(config.DEFAULT_ALPHA)),
    ("view", explore_ids.EXPLORE_VIEW, "value", explore_layout.DEFAULT_VIEW),
    # The depth box shows the applied depth (the slider's, once it rests), so
    # the address changes once per depth change, not at every slider step.
    ("depth", explore_ids.DEPTH_INPUT, "value", config.DEFAULT_DEPTH),
    ("start", explore_ids.START_INPUT, "value", str(config.DEFAULT_START)),
    ("density", explore_ids.DENSITY_TRANSFORM, "value", defaults.DEFAULT_TRANSFORM),
    ("diff", explore_ids.DIFF_LAYER, "value", defaults.DEFAULT_DIFF_LAYER),
    ("plimit", thesis_ids.PRIMITIVES_LIMIT, "value", str(config.DEFAULT_PRIMITIVES_LIMIT)),
    ("player", thesis_ids.PRIMITIVES_LAYER, "value", str(config.DEFAULT_PRIMITIVES_LAYER)),
    ("rn", thesis_ids.RANDOM_N, "value", str(config.DEFAULT_RANDOM_N)),
    ("rgames", thesis_ids.RANDOM_GAMES, "value", str(config.DEFAULT_RANDOM_GAMES)),
    ("rcap", thesis_ids.RANDOM_CAP, "value", str(config.DEFAULT_MOVE_CAP)),
    ("rseed", thesis_ids.RANDOM_SEED, "value", str(config.DEFAULT_SEED)),
    ("fn", thesis_ids.FIXED_N, "value", str(config.DEFAULT_STRATEGY_N)),
    ("mn", thesis_ids.MATRIX_N, "value", str(defaults.DEFAULT_MATRIX_N)),
    ("inspect", inspect_ids.INSPECT_INPUT, "value", str(defaults.DEFAULT_INSPECT)),
    ("play", play_ids.PLAY_START, "value", str(defaults.DEFAULT_PLAY_START)),
    ("mode", play_ids.PLAY_MODE, "value", defaults.DEFAULT_PLAY_MODE),
    ("first", play_ids.PLAY_FIRST, "value", defaults.DEFAULT_PLAY_FIRST),
    ("strength", play_ids.PLAY_STRENGTH, "value", defaults.DEFAULT_STRENGTH),
    ("seed", play_ids.PLAY_SEED, "value", str(config.DEFAULT_SEED)),
    ("heaps", sums_ids.SUMS_HEAPS, "value", DEFAULT_HEAPS),
    ("srule", sums_ids.SUMS_RULE, "value", SUMS_DEFAULT_RULE),
]

#: Longest query string read; a longer one is ignored as a whole.
MAX_QUERY_CHARS = 20_000

#: Store holding the address the server is asked to read:
#: ``{"search": str, "seq": int}``, written by the client-side gate.
URL_READ = "url-read-store"
#: Store holding what the last reading settled on: ``{"search": str, "seq":
#: int}``, the address of the controls it set (bad values left out).
URL_SETTLED = "url-settled-store"

#: Values of the tab bar (the keys of :data:`dashboard.layout.TAB_LABELS`,
#: which imports this module, so they are written here too and a test
#: checks that the two agree).
TABS = ("explore", "thesis", "play", "inspect", "sums")
#: Values of the Play tab's "who moves first".
PLAY_FIRST_VALUES = ("you", "computer")
#: Step of the Play tab's strength slider (values 0, 0.05, ..., 1).
STRENGTH_STEP = 0.05


def _whole(name: str, *, least: int = 1, most: int | None = None) -> Callable[[str], object]:
    """A check of a text box: the text passes as it is if it reads as a whole number in range."""

    def check(raw: str) -> str:
        parse_int(raw, name, least=least, most=most)
        return raw

    return check


def _slider(name: str, least: int, most: int) -> Callable[[str], object]:
    """A check of an integer slider or menu: the value becomes an int in ``least..most``."""

    def check(raw: str) -> int:
        text = raw.strip()
        if not text.isdigit() or len(text) > 6:
            raise ValueError(f"{name} must be a whole number from {least} to {most}")
        value = int(text)
        if not least <= value <= most:
            raise ValueError(f"{name} must be a whole number from {least} to {most}")
        return value

    return check


def _choice(name: str, options: Callable[[], tuple]) -> Callable[[str], object]:
    def check(raw: str) -> str:
        allowed = options()
        if raw not in allowed:
            raise ValueError(f"{name} must be one of {', '.join(allowed)}")
        return raw

    return check


def _strength(raw: str) -> float:
    message = "the computer strength must be a number from 0 to 1 in steps of 0.05"
    if len(raw) > 12:
        raise ValueError(message)
    try:
        value = float(raw)
    except ValueError:
        raise ValueError(message) from None
    steps = value / STRENGTH_STEP if math.isfinite(value) else math.nan
    if not 0.0 <= value <= 1.0 or not math.isclose(steps, round(steps), abs_tol=1e-9):
        raise ValueError(message)
    return round(round(steps) * STRENGTH_STEP, 2)


def _sums_check():
    from .tabs.sums.callbacks import check_heaps_param

    return check_heaps_param


def _thesis_limits():
    from .tabs.thesis import callbacks as thesis

    return thesis


#: Query key -> check: takes the raw text, returns the control's value or
#: raises ``ValueError`` with the reason.  Ranges are the controls' own.
CHECKS: dict[str, Callable[[str], object]] = {
    "tab": _choice("the tab", lambda: TABS),
    "rule": _choice("the game", lambda: RULE_NAMES),
    "heaps": lambda raw: _sums_check()(raw),
    "srule": _choice("the game of the sums", lambda: tuple(o["value"] for o in SUMS_RULE_OPTIONS)),
    "view": _choice("the Explore view", lambda: tuple(explore_layout.VIEW_LABELS)),
    "n": _whole("N", most=defaults.N_MAX),
    "alpha": _whole("alpha", most=defaults.ALPHA_MAX),
    "depth": _slider("the move depth", 1, defaults.DEPTH_MAX),
    "start": _whole("the start number"),
    "density": _choice("the density transform", lambda: tuple(TRANSFORMS)),
    "diff": _slider("the layer", 1, defaults.DEPTH_MAX),
    "plimit": lambda raw: _whole("the limit", most=_thesis_limits().PRIMITIVES_LIMIT_MAX)(raw),
    "player": lambda raw: _whole("the layer", most=_thesis_limits().PRIMITIVES_LAYER_MAX)(raw),
    "rn": lambda raw: _whole("N", most=_thesis_limits().RANDOM_GAMES_MAX)(raw),
    "rgames": lambda raw: _whole("R", most=_thesis_limits().RANDOM_GAMES_MAX)(raw),
    "rcap": lambda raw: _whole("the move cap", most=_thesis_limits().RANDOM_CAP_MAX)(raw),
    "rseed": _whole("the seed", least=0, most=2**63),
    "fn": lambda raw: _whole("N", most=_thesis_limits().FIXED_N_MAX)(raw),
    "mn": lambda raw: _whole("N", most=_thesis_limits().MATRIX_N_MAX)(raw),
    "inspect": _whole("the number", least=0),
    "play": _whole("the start number"),
    "mode": _choice("the mode", lambda: tuple(defaults.PLAY_MODES)),
    "first": _choice("who moves first", lambda: PLAY_FIRST_VALUES),
    "strength": _strength,
    "seed": _whole("the seed", least=0, most=2**63),
}


def location() -> html.Div:
    """The page's location component, the notice of ignored address values, and the aria store.

    Returns
    -------
    dash.html.Div
        A ``dcc.Location`` (id :data:`dashboard.ids.URL`, no reload when the
        query changes), the notice (id :data:`dashboard.ids.URL_NOTICE`,
        class ``url-notice``, hidden while empty) and the store written by
        the client-side callback that sets ``aria-invalid`` on number boxes
        (id :data:`dashboard.ids.ARIA_SYNC`), and the two stores of the
        address's way to the server: :data:`URL_READ` (an address to read,
        written by the gate) and :data:`URL_SETTLED` (the address that
        reading settled on).
    """
    return html.Div(
        [
            dcc.Location(id=ids.URL, refresh=False),
            html.Div(id=ids.URL_NOTICE, className="url-notice", role="status", style={"display": "none"}),
            dcc.Store(id=ids.ARIA_SYNC),
            dcc.Store(id=URL_READ),
            dcc.Store(id=URL_SETTLED),
        ],
        className="location",
    )


def _shown(raw: str) -> str:
    """A value of the address as the notice repeats it: as it is when short, else cut."""
    return raw if len(raw) <= 40 else describe_text(raw)


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


def read_query(search: object, params=None) -> tuple[list, list[str]]:
    """Control values a query string asks for, and what in it was ignored.

    Parameters
    ----------
    search : str or None
        ``location.search``, e.g. ``"?n=100000&tab=thesis"``.  Anything
        that is not a string counts as an empty query.
    params : list, optional
        The parameter table; default :data:`PARAMS`.

    Returns
    -------
    tuple
        ``(values, ignored)``: one value per parameter (a key left out, or
        a value that fails its check in :data:`CHECKS`, means the default;
        that is also how the default page is written, so the back button
        can return to it), and one line of text per ignored value,
        ``"depth=99: the move depth must be a whole number from 1 to 20"``
        (the value shortened when long, never interpreted as HTML).
    """
    params = params or PARAMS
    if not isinstance(search, str):
        search = ""
    if len(search) > MAX_QUERY_CHARS:
        return [default for *_rest, default in params], [
            f"the address's query ({len(search):,} characters) is longer than {MAX_QUERY_CHARS:,}: all of it"
        ]
    query = urllib.parse.parse_qs(search.lstrip("?"), keep_blank_values=True)
    values, ignored = [], []
    known = {key for key, *_rest in params}
    for key, _cid, _prop, default in params:
        if key not in query:
            values.append(default)
            continue
        raw = query[key][-1]
        check = CHECKS.get(key)
        try:
            values.append(check(raw) if check else _coerce(raw, default))
        except ValueError as exc:
            values.append(default)
            ignored.append(f"{key}={_shown(raw)}: {exc}")
    for key in query:
        if key not in known:
            ignored.append(f"{_shown(key)}: not a setting of this page")
    return values, ignored


def controls_from_query(search: object, params=None) -> list:
    """Control values a query string asks for (the default for those it omits or that fail their check).

    Parameters
    ----------
    search : str or None
        ``location.search``.
    params : list, optional
        The parameter table; default :data:`PARAMS`.

    Returns
    -------
    list
        One value per parameter; see :func:`read_query`.
    """
    return read_query(search, params)[0]


def notice(ignored: list[str]) -> tuple[object, dict]:
    """The notice of ignored address values: its children and style.

    Parameters
    ----------
    ignored : list of str
        From :func:`read_query`.

    Returns
    -------
    tuple
        ``(children, style)``: plain text (Dash shows it as text, never as
        HTML) and ``{"display": "none"}`` when nothing was ignored.
    """
    if not ignored:
        return "", {"display": "none"}
    return (
        "Ignored from the address (the defaults are used instead): " + "; ".join(ignored) + ".",
        {"display": "block"},
    )


def _text(value) -> str | None:
    """A control's value as query text, or None when it has none (an int too long to write)."""
    try:
        return str(value)[:MAX_QUERY_CHARS]
    except ValueError:  # beyond Python's int-to-text limit: not written
        return None


def _same(value, default) -> bool:
    if isinstance(default, (int, float)) and not isinstance(default, bool):
        try:
            return float(value) == float(default)
        except (TypeError, ValueError, OverflowError):
            return False
    return _text(value) == str(default)


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
        (key, _text(value))
        for (key, _cid, _prop, default), value in zip(params, values, strict=False)
        if value is not None and not _same(value, default) and _text(value) is not None
    ]
    return "?" + urllib.parse.urlencode(pairs) if pairs else ""


def _identical(value: object, now: object) -> bool:
    # Same type and value (a str "10" is not the int 10); never converts numbers to text.
    return type(value) is type(now) and value == now


def sync_url(triggered: object, search: object, values: list, params=None) -> list:
    """The address and the controls, both ways: the rule the page follows, as a plain function.

    The page writes the address in the browser (:data:`WRITE_JS`, whose
    query is :func:`query_from_controls`) and reads it on the server
    (:func:`read_address`, which calls this function with ``ids.URL``).

    Parameters
    ----------
    triggered : str or None
        Id of what fired (:data:`dashboard.ids.URL`, a control's id, or None
        on the first call).
    search : str or None
        ``location.search``.
    values : list
        The controls' values, in :data:`PARAMS` order.
    params : list, optional
        The parameter table; default :data:`PARAMS`.

    Returns
    -------
    list
        ``[search, notice children, notice style, *control values]``: from
        the URL, the controls (checked) and the notice; from a control, the
        new query string and ``no_update`` elsewhere.
    """
    params = params or PARAMS
    if triggered == ids.URL or triggered is None:
        controls, ignored = read_query(search, params)
        # A control that already holds the address's value is left alone: sending
        # it back would fire every callback that listens to it a second time (on
        # first load, all of them).
        held = list(values) if isinstance(values, list | tuple) else []
        held += [None] * (len(controls) - len(held))
        kept = [no_update if _identical(value, now) else value for value, now in zip(controls, held, strict=False)]
        return [no_update, *notice(ignored), *kept]
    wanted = query_from_controls(list(values), params)
    current = search if isinstance(search, str) else ""
    return [wanted if wanted != current else no_update, no_update, no_update, *[no_update] * len(params)]


def _seq(value: object) -> int:
    """A sequence number from the page: a whole number ``0 <= n < 2**53``, else 0."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**53:
        return value
    return 0


def read_address(data: object, values: list, params=None) -> list:
    """The server's side of the address: read it, set the controls and the notice.

    Parameters
    ----------
    data : object
        What the gate wrote to :data:`URL_READ`: ``{"search": str, "seq":
        int}``.  Anything else (it came from the page) counts as an empty
        address; a plain string counts as the query string itself.
    values : list
        The controls' values, in :data:`PARAMS` order.
    params : list, optional
        The parameter table; default :data:`PARAMS`.

    Returns
    -------
    list
        ``[notice children, notice style, settled, *control values]``: the
        notice and the controls as :func:`sync_url` gives them from the
        address (a control already holding its value is ``no_update``), and
        ``settled = {"search": query, "seq": seq}`` where ``query`` is
        :func:`query_from_controls` of the values read (the address the page
        shows once the controls are set; the browser replaces the address
        with it instead of pushing a history entry) and ``seq`` echoes the
        request's.
    """
    params = params or PARAMS
    if isinstance(data, dict):
        search, seq = data.get("search"), _seq(data.get("seq"))
    else:
        search, seq = data, 0
    if not isinstance(search, str):
        search = ""
    out = sync_url(ids.URL, search, values, params)
    settled = {"search": query_from_controls(read_query(search, params)[0], params), "seq": seq}
    return [out[1], out[2], settled, *out[3:]]


#: :func:`query_from_controls` in JavaScript: ``function (values, table)``
#: where ``table`` is :func:`query_table`.  It gives the same text for the
#: values a page sends (text, whole numbers, finite floats, true/false);
#: values of other kinds (lists, objects), which no control of the table
#: has, are left out of the address where Python would write their
#: ``str``.  ``tests/test_urlstate.py`` runs both on the same values.
QUERY_JS = r"""function (values, table) {
    var MAX = __MAX__;
    function pyText(value) {
        // Python's str() of what the page sends as JSON.
        if (typeof value === 'string') {
            return value.length > MAX ? Array.from(value).slice(0, MAX).join('') : value;
        }
        if (typeof value === 'boolean') { return value ? 'True' : 'False'; }
        if (typeof value !== 'number' || !isFinite(value)) { return null; }
        if (Number.isInteger(value) || Math.abs(value) >= 1e-4) { return String(value); }
        // Python's repr of a small float: 1.5e-07, not 1.5e-7.
        return value.toExponential().replace(/e([+-])(\d)$/, function (_all, sign, digit) {
            return 'e' + sign + '0' + digit;
        });
    }
    function pyFloat(value) {
        // Python's float() of a value, NaN where it raises.
        if (typeof value === 'number') { return value; }
        if (typeof value === 'boolean') { return value ? 1 : 0; }
        if (typeof value !== 'string') { return NaN; }
        var t = value.trim();
        if (/^[+-]?(inf|infinity)$/i.test(t)) { return t.charAt(0) === '-' ? -Infinity : Infinity; }
        var number = /^[+-]?(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?$/;
        return number.test(t) ? Number(t.replace(/_/g, '')) : NaN;
    }
    function quotePlus(text) {
        // urllib.parse.quote_plus: only letters, digits and _.-~ stay as they are.
        return encodeURIComponent(text).replace(/[!'()*]/g, function (c) {
            return '%' + c.charCodeAt(0).toString(16).toUpperCase();
        }).replace(/%20/g, '+');
    }
    var pairs = [];
    table.forEach(function (row, i) {
        var key = row[0], fallback = row[1], numeric = row[2], value = values[i];
        if (value === null || value === undefined) { return; }
        var text = pyText(value);
        if (text === null) { return; }
        if (numeric ? pyFloat(value) === fallback : text === fallback) { return; }
        try {
            pairs.push(quotePlus(key) + '=' + quotePlus(text));
        } catch (err) {
            // text Python could not encode either (a lone surrogate): not written
        }
    });
    return pairs.length ? '?' + pairs.join('&') : '';
}""".replace("__MAX__", str(MAX_QUERY_CHARS))


def query_table(params=None) -> list:
    """The parameter table as :data:`QUERY_JS` reads it.

    Parameters
    ----------
    params : list, optional
        The parameter table; default :data:`PARAMS`.

    Returns
    -------
    list
        ``[key, default, numeric]`` per parameter: ``numeric`` is true for
        a number default (compared as a float, as :func:`query_from_controls`
        does), whose default is then a float; otherwise the default is its
        text.
    """
    params = params or PARAMS
    table = []
    for key, _cid, _prop, default in params:
        numeric = isinstance(default, (int, float)) and not isinstance(default, bool)
        table.append([key, float(default) if numeric else str(default), numeric])
    return table


# The page's state of the address, shared by the client-side code below:
# ``current`` is the query string the controls stand for (the default page's
# is ""), ``seq`` counts the addresses handed to the server, ``settled`` is
# the last reading's seq already used, ``listening`` says the back/forward
# listener is in place.
_ADDRESS_STATE = "(window.ptsqAddress || (window.ptsqAddress = {current: '', seq: 0, settled: null, listening: false}))"

#: Controls -> address (in the browser; a callback with no output).  Pushes
#: a history entry with the new query string, or does nothing when the
#: address already says it.  When the controls were just set by a reading of
#: the address and stand for what it settled on, the entry is replaced
#: instead (a shared link with a bad value leaves no extra entry).  The
#: history is written here, not through ``dcc.Location``'s ``search``: that
#: would fire :data:`GATE_JS`, and dash's Location pushes its stale ``href``
#: back when the address was replaced under it.
WRITE_JS = """function () {
    var table = %s;
    var toQuery = %s;
    var state = %s;
    var values = Array.prototype.slice.call(arguments, 0, table.length);
    var settled = arguments[table.length];
    var query = toQuery(values, table);
    var replace = false;
    if (settled && typeof settled.search === 'string' && settled.seq !== state.settled) {
        state.settled = settled.seq;
        replace = query === settled.search;
    }
    state.current = query;
    if (query !== window.location.search) {
        var url = window.location.pathname + query + window.location.hash;
        if (replace) {
            window.history.replaceState(window.history.state, '', url);
        } else {
            window.history.pushState({}, '', url);
        }
    }
    return window.dash_clientside.no_update;
}"""

#: Address -> the server, only for an address the page did not write itself:
#: ``{"search", "seq"}`` for :data:`URL_READ`, else no_update.  Fired by
#: ``dcc.Location`` on load (its ``search``) and, through a ``popstate``
#: listener it puts in place on its first call, by the back and forward
#: buttons.
GATE_JS = """function (search) {
    var state = __STATE__;
    var read = '__READ__';
    if (!state.listening) {
        state.listening = true;
        window.addEventListener('popstate', function () {
            var now = window.location.search;
            if (now !== state.current) {
                state.current = now;
                state.seq += 1;
                window.dash_clientside.set_props(read, {data: {search: now, seq: state.seq}});
            }
        });
    }
    if (typeof search !== 'string' || search !== window.location.search || search === state.current) {
        return window.dash_clientside.no_update;
    }
    state.current = search;
    state.seq += 1;
    return {search: search, seq: state.seq};
}""".replace("__STATE__", _ADDRESS_STATE).replace("__READ__", URL_READ)


# Sets aria-invalid on each number box from its className ("invalid" marks
# a box whose content was refused): dcc.Input has no aria props.
_MARK_INVALID = """function(...classNames) {
    const ids = %s;
    ids.forEach(function(id, i) {
        const box = document.getElementById(id);
        if (!box || box.tagName !== 'INPUT') { return; }
        const bad = String(classNames[i] || '').split(/\\s+/).includes('invalid');
        box.setAttribute('aria-invalid', bad ? 'true' : 'false');
    });
    return window.dash_clientside.no_update;
}"""


def text_box_ids(params=None) -> list[str]:
    """Ids of the number boxes of :data:`PARAMS` (text controls whose value is text).

    Parameters
    ----------
    params : list, optional
        The parameter table; default :data:`PARAMS`.

    Returns
    -------
    list of str
    """
    params = params or PARAMS
    return [cid for key, cid, _prop, default in params if isinstance(default, str) and key in _TEXT_BOXES]


#: Query keys whose control is a number box (``dcc.Input``).
_TEXT_BOXES = {
    "n",
    "alpha",
    "start",
    "plimit",
    "player",
    "rn",
    "rgames",
    "rcap",
    "rseed",
    "fn",
    "mn",
    "inspect",
    "play",
    "seed",
}


def register(app: dash.Dash, params=None) -> None:
    """Wire the URL to the controls of :data:`PARAMS` (or the given table).

    Two client-side callbacks (:data:`WRITE_JS`, controls -> address;
    :data:`GATE_JS`, a new address -> :data:`URL_READ`) and one server
    callback (:func:`read_address`, :data:`URL_READ` -> controls and the
    notice).  Also registers the client-side callback that sets ``aria-invalid`` on
    each number box whose ``className`` holds ``invalid``.

    Parameters
    ----------
    app : dash.Dash
        The application; its layout holds :func:`location` and every
        control the table names.
    params : list, optional
        The parameter table; default :data:`PARAMS`.
    """
    params = params or PARAMS

    # Controls -> address, in the browser: no request, no output.
    app.clientside_callback(
        WRITE_JS % (json.dumps(query_table(params)), QUERY_JS, _ADDRESS_STATE),
        *[Input(cid, prop) for _k, cid, prop, _d in params],
        State(URL_SETTLED, "data"),
        prevent_initial_call=True,
    )
    # Address -> server, only when the page did not write it itself.
    app.clientside_callback(GATE_JS, Output(URL_READ, "data"), Input(ids.URL, "search"))

    @app.callback(
        Output(ids.URL_NOTICE, "children"),
        Output(ids.URL_NOTICE, "style"),
        Output(URL_SETTLED, "data"),
        *[Output(cid, prop, allow_duplicate=True) for _k, cid, prop, _d in params],
        Input(URL_READ, "data"),
        *[State(cid, prop) for _k, cid, prop, _d in params],
        prevent_initial_call=True,
    )
    def _read(data, *values):
        return read_address(data, list(values), params)

    boxes = text_box_ids(params)
    app.clientside_callback(
        _MARK_INVALID % ("[" + ", ".join(f'"{cid}"' for cid in boxes) + "]"),
        Output(ids.ARIA_SYNC, "data"),
        *[Input(cid, "className") for cid in boxes],
    )
