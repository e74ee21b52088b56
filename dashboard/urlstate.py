"""Every control and the current tab in the URL's query string.

The keys are declared by the part of the page that owns each control
(:class:`dashboard.urlkeys.UrlKey`): the tab bar's here (:data:`TAB_KEY`),
the setup bar's in :data:`dashboard.controls.URL_KEYS`, each tab's in its
registry entry (:attr:`dashboard.tabs.Tab.url_keys`).  This module collects
them (:data:`URL_KEYS`, in query order) and keeps them in step with the
address.

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

The scripts the browser runs are in :mod:`dashboard.urlscripts`.

A shared address is input from outside: every value passes its key's check
(:data:`CHECKS`), then its key's judgement where it has one (:data:`JUDGES`),
before it reaches a control.  A value that fails either is not used; the
control keeps its default and a small notice at the top of the page lists,
as text, what was ignored and why.

A refused value never enters the address: the browser writes a value only
when its key's check passes (``spec``), and a judged key
(:attr:`dashboard.urlkeys.UrlKey.judged`: a position, a size the page
estimates) from the last value the page did not refuse, kept in its store
(:data:`JUDGED`), so a reload shows what was last accepted.
"""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Callable, Iterable, Sequence

import dash
from dash import Input, Output, State, dcc, html, no_update

from solver.parsing import describe_text

from . import controls, defaults, gamemenu, ids
from .registry import TABS
from .tabs import Tab
from .urlkeys import UrlKey, accepted_id, choice
from .urlscripts import (
    ACCEPT_JS,
    ADDRESS_STATE,
    GATE_JS,
    MARK_INVALID_JS,
    MAX_QUERY_CHARS,
    QUERY_JS,
    RESET_JUDGED_JS,
    URL_READ,
    URL_SETTLED,
    WRITE_JS,
)

#: The open tab: the first key of the address.
TAB_KEY = UrlKey(
    "tab",
    ids.TABS,
    defaults.DEFAULT_TAB,
    choice("the tab", [tab.value for tab in TABS]),
    per_game=gamemenu.first_tab_of,
)


def _address_order(tabs: Sequence[Tab]) -> list[Tab]:
    """The tabs in the order their keys are written: the tab bar's, each ``url_before`` tab moved before its tab."""
    ordered = [tab for tab in tabs if tab.url_before is None]
    for tab in tabs:
        if tab.url_before is not None:
            ordered.insert(next(i for i, other in enumerate(ordered) if other.value == tab.url_before), tab)
    return ordered


def collect_keys(tabs: Iterable[Tab]) -> tuple[UrlKey, ...]:
    """Every key of the address, in query order: the game, the tab, the setup bar's, then each tab's own.

    Parameters
    ----------
    tabs : iterable of Tab
        The registry's tabs (:data:`dashboard.registry.TABS`), in the order
        of the tab bar.

    Returns
    -------
    tuple of UrlKey
        :data:`dashboard.gamemenu.GAME_KEY`, :data:`TAB_KEY`,
        :data:`dashboard.controls.URL_KEYS`, then the keys
        of every tab (:attr:`dashboard.tabs.Tab.url_keys`), in the order of
        the tab bar except where a tab says ``url_before``.

    Raises
    ------
    ValueError
        Two controls declare the same key (the message names it and both
        owners).
    """
    tabs = list(tabs)
    owned = [(gamemenu.GAME_KEY, "the game menu"), (TAB_KEY, "the tab bar")]
    owned += [(key, "the setup bar") for key in controls.URL_KEYS]
    owned += [(key, f"tab {tab.value!r}") for tab in _address_order(tabs) for key in tab.url_keys]
    owners: dict[str, str] = {}
    for key, owner in owned:
        if key.key in owners:
            raise ValueError(f"the address key {key.key!r} is declared by {owners[key.key]} and by {owner}: rename one")
        owners[key.key] = owner
    return tuple(key for key, _owner in owned)


#: Every control in the address, in query order (:func:`collect_keys` of the registry).
URL_KEYS = collect_keys(TABS)

#: (query key, component id, property, default value), in query order.  The
#: defaults are the controls' own (:mod:`solver.config`,
#: :mod:`dashboard.defaults`): text boxes hold text, sliders and menus numbers.
PARAMS: list[tuple[str, str, str, object]] = [(k.key, k.component_id, k.prop, k.default) for k in URL_KEYS]


#: Query key -> check: takes the raw text, returns the control's value or
#: raises ``ValueError`` with the reason (:attr:`dashboard.urlkeys.UrlKey.check`).
CHECKS: dict[str, Callable[[str], object]] = {k.key: k.check for k in URL_KEYS}

#: Query key -> ``{game: the control's value for it}``, for the keys whose starting value depends on the game
#: (:attr:`dashboard.urlkeys.UrlKey.per_game`: the tab, the positions' boxes).
PER_GAME: dict[str, dict[str, object]] = {k.key: gamemenu.game_defaults(k.per_game) for k in URL_KEYS if k.per_game}

#: Query key -> the page's judgement of a value read (:attr:`dashboard.urlkeys.UrlKey.judge`), made after every
#: check, for the keys that have one.
JUDGES = {k.key: k.judge for k in URL_KEYS if k.judge is not None}

#: Query key -> the store of the last value the page accepted (:func:`dashboard.urlkeys.accepted_id`), for every
#: judged key: the address is written from it, and the address's reading writes it.
JUDGED: dict[str, str] = {k.key: accepted_id(k.key) for k in URL_KEYS if k.judged}


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
        reading settled on); and one store per judged key (:data:`JUDGED`),
        holding its default at first.
    """
    return html.Div(
        [
            dcc.Location(id=ids.URL, refresh=False),
            html.Div(id=ids.URL_NOTICE, className="url-notice", role="status", style={"display": "none"}),
            dcc.Store(id=ids.ARIA_SYNC),
            dcc.Store(id=URL_READ),
            dcc.Store(id=URL_SETTLED),
            *[dcc.Store(id=JUDGED[k.key], data=k.default) for k in URL_KEYS if k.key in JUDGED],
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
        a value that fails its check in :data:`CHECKS` or its judgement in
        :data:`JUDGES`, which sees the values read before it, means the default;
        that is also how the default page is written, so the back button
        can return to it), and one line of text per ignored value,
        ``"depth=99: the move depth must be a whole number from 1 to 20"``
        (the value shortened when long, never interpreted as HTML).  The
        game's old keys (``rule``, ``fgame``, ``ggame``) are read as
        ``game`` (:func:`dashboard.gamemenu.upgrade_query`), and a tab that
        does not serve the game gives way to the game's first tab, with a
        line that says so (``"tab=play: Kayles (0.77) has no tab Play (it
        opens on Moves, tree and pictures)"``).
    """
    params = params or PARAMS
    if not isinstance(search, str):
        search = ""
    if len(search) > MAX_QUERY_CHARS:
        return [default for *_rest, default in params], [
            f"the address's query ({len(search):,} characters) is longer than {MAX_QUERY_CHARS:,}: all of it"
        ]
    query, old_key = gamemenu.upgrade_query(urllib.parse.parse_qs(search.lstrip("?"), keep_blank_values=True))
    values: list[object] = []
    ignored: list[str] = []
    known = {key for key, *_rest in params}
    for key, _cid, _prop, default in params:
        if key not in query:
            # A key left out holds its default, for a key of PER_GAME the game's (the game is read first).
            at_game = _game_at(params)
            game = values[at_game] if at_game is not None and at_game < len(values) and key in PER_GAME else None
            values.append(PER_GAME.get(key, {}).get(game, default) if isinstance(game, str) else default)
            continue
        raw = query[key][-1]
        check = CHECKS.get(key)
        try:
            values.append(check(raw) if check else _coerce(raw, default))
        except ValueError as exc:
            if key == gamemenu.GAME_KEY.key:
                # A game refused: the game the address's tab opens on, if it has one of its own.
                default = gamemenu.tab_game(query.get(TAB_KEY.key, [""])[-1]) or default
            values.append(default)
            named = old_key if key == gamemenu.GAME_KEY.key and old_key else key
            ignored.append(f"{named}={_shown(raw)}: {exc}")
    _judge(query, values, ignored, params)
    for key in query:
        if key not in known:
            ignored.append(f"{_shown(key)}: not a setting of this page")
    values, moved = _served_tab(values, params)
    refused = any(line.startswith(f"{TAB_KEY.key}=") for line in ignored)
    if moved is not None and TAB_KEY.key in query and not refused:
        ignored.append(f"{TAB_KEY.key}={_shown(query[TAB_KEY.key][-1])}: {moved}")
    return values, ignored


def _served_tab(values: list, params) -> tuple[list, str | None]:
    """The values with the tab moved to the game's first when the game has no such tab (``?game=kayles&tab=play``).

    Returns the values and, when the tab was moved, the reason in words
    (``"Kayles (0.77) has no tab Play (it opens on Moves, tree and pictures)"``), else None.
    """
    keys = [key for key, *_rest in params]
    if TAB_KEY.key not in keys or gamemenu.GAME_KEY.key not in keys:
        return values, None
    at_tab, at_game = keys.index(TAB_KEY.key), keys.index(gamemenu.GAME_KEY.key)
    try:
        game = gamemenu.page_game(values[at_game])
    except ValueError:
        return values, None
    served = gamemenu.game_tabs(game)
    if served and values[at_tab] not in served:
        labels = {tab.value: tab.label for tab in TABS}
        reason = (
            f"{game.title} has no tab {labels.get(str(values[at_tab]), values[at_tab])} "
            f"(it opens on {labels.get(served[0], served[0])})"
        )
        values = list(values)
        values[at_tab] = served[0]
        return values, reason
    return values, None


def _judge(query: dict, values: list, ignored: list[str], params) -> None:
    """The judgements (:data:`JUDGES`) of the values an address gave, in query order; a refused one becomes the default."""
    by_key = {key: value for (key, *_rest), value in zip(params, values, strict=True)}
    defaults = _written_defaults(values, params)  # a position's box: its game's start
    for i, (key, *_rest) in enumerate(params):
        judge, default = JUDGES.get(key), defaults[i]
        if judge is None or key not in query or values[i] == default:
            continue
        try:
            judge(values[i], by_key)
        except (TypeError, ValueError) as exc:
            values[i] = by_key[key] = default
            ignored.append(f"{key}={_shown(query[key][-1])}: {exc}")


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


def _passes(key: str, value: object) -> bool:
    """Whether a control's value passes its key's check, where the page's script checks it too.

    Only the checks that carry ``spec`` (:mod:`dashboard.urlkeys`: whole
    numbers, sliders, menus) are applied, as :data:`QUERY_JS` applies them;
    a key with another check, or none, passes.
    """
    check = CHECKS.get(key)
    if getattr(check, "spec", None) is None or check is None:
        return True
    text = _text(value)
    if text is None:
        return False
    try:
        check(text)
    except ValueError:
        return False
    return True


def _game_at(params) -> int | None:
    """The game's index in the parameter table, or None when it has no game."""
    keys = [key for key, *_rest in params]
    return keys.index(gamemenu.GAME_KEY.key) if gamemenu.GAME_KEY.key in keys else None


def _written_defaults(values: list, params) -> list:
    """Each key's default as the address leaves it out: for a key of :data:`PER_GAME`, its value for the game.

    ``?game=wythoff`` is Wythoff's page on its first tab from its start
    position; :data:`QUERY_JS` reads the same tables, where a game they do
    not list (one typed, ``octal-0.6``) has the key's own default.
    """
    defaults = [default for *_rest, default in params]
    at_game = _game_at(params)
    game = values[at_game] if at_game is not None and at_game < len(values) else None
    if isinstance(game, str):
        for i, (key, *_rest) in enumerate(params):
            defaults[i] = PER_GAME.get(key, {}).get(game, defaults[i])
    return defaults


def query_from_controls(values: list, params=None, current: object = "") -> str:
    """The query string for control values (defaults left out, refused values not written).

    Parameters
    ----------
    values : list
        One value per parameter, in :data:`PARAMS` order.
    params : list, optional
        The parameter table; default :data:`PARAMS`.
    current : str, optional
        The address's query string now.  A value its key's check refuses
        (``n=12abc``, ``alpha=5000``, ``start=abc``) is not written: the key
        keeps the value the current address gives it, when that passes, and
        is left out otherwise.

    Returns
    -------
    str
        ``"?key=value&..."``, or ``""`` when everything is at its default.
    """
    params = params or PARAMS
    now = urllib.parse.parse_qs(current.lstrip("?"), keep_blank_values=True) if isinstance(current, str) else {}
    pairs = []
    defaults = _written_defaults(values, params)
    for (key, _cid, _prop, _default), default, value in zip(params, defaults, values, strict=False):
        if value is not None and not _passes(key, value):
            kept = now.get(key, [None])[-1]
            value = kept if kept is not None and _passes(key, kept) else None
        if value is not None and not _same(value, default) and _text(value) is not None:
            pairs.append((key, _text(value)))
    return "?" + urllib.parse.urlencode(pairs) if pairs else ""


def _identical(value: object, now: object) -> bool:
    # Same type and value (a str "10" is not the int 10); never converts numbers to text.
    return type(value) is type(now) and value == now


def sync_url(triggered: object, search: object, values: list, params=None) -> list:
    """The address and the controls, both ways: the rule the page follows, as a plain function.

    The page writes the address in the browser (:data:`WRITE_JS`, whose
    query is :func:`query_from_controls`) and reads it on the server
    (:func:`read_address`, which sets the controls as this function does
    with ``ids.URL``).

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
        return [no_update, *_from_address(*read_query(search, params), values)]
    current = search if isinstance(search, str) else ""
    wanted = query_from_controls(list(values), params, current)
    return [wanted if wanted != current else no_update, no_update, no_update, *[no_update] * len(params)]


def _from_address(controls: list, ignored: list[str], values: object) -> list:
    """``[notice children, notice style, *control values]`` for the values read from an address."""
    # A control that already holds the address's value is left alone: sending
    # it back would fire every callback that listens to it a second time (on
    # first load, all of them).
    held = list(values) if isinstance(values, list | tuple) else []
    held += [None] * (len(controls) - len(held))
    kept = [no_update if _identical(value, now) else value for value, now in zip(controls, held, strict=False)]
    return [*notice(ignored), *kept]


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
        ``[notice children, notice style, settled, *control values, *accepted
        values]``: the notice and the controls as :func:`sync_url` gives them
        from the address (a control already holding its value is
        ``no_update``), ``settled = {"search": query, "seq": seq}`` where
        ``query`` is :func:`query_from_controls` of the values read (the
        address the page shows once the controls are set; the browser
        replaces the address with it instead of pushing a history entry) and
        ``seq`` echoes the request's, and the value read for each judged key
        of the table (:data:`JUDGED`, in table order) for its store.
    """
    params = params or PARAMS
    if isinstance(data, dict):
        search, seq = data.get("search"), _seq(data.get("seq"))
    else:
        search, seq = data, 0
    if not isinstance(search, str):
        search = ""
    read, ignored = read_query(search, params)  # once: a judgement may take a moment
    out = _from_address(read, ignored, values)
    settled = {"search": query_from_controls(read, params), "seq": seq}
    accepted = [value for (key, *_rest), value in zip(params, read, strict=True) if key in JUDGED]
    return [out[0], out[1], settled, *out[2:], *accepted]


def derived_from_address(data: object, held: list, params=None) -> list:
    """The controls the address's game sets beside the menu (:func:`dashboard.gamemenu.derived_controls`).

    Parameters
    ----------
    data : object
        What the gate wrote to :data:`URL_READ` (as :func:`read_address` takes it).
    held : list
        The values now of :func:`dashboard.gamemenu.derived_ids`, in order.
    params : list, optional
        The parameter table; default :data:`PARAMS`.

    Returns
    -------
    list
        One value per id of :func:`dashboard.gamemenu.derived_ids`: the new
        value, or ``no_update`` where it is unchanged or the table has no game.
    """
    params = params or PARAMS
    derived = gamemenu.derived_ids()
    keys = [key for key, *_rest in params]
    if gamemenu.GAME_KEY.key not in keys:
        return [no_update] * len(derived)
    search = data.get("search") if isinstance(data, dict) else data
    game = read_query(search if isinstance(search, str) else "", params)[0][keys.index(gamemenu.GAME_KEY.key)]
    changes = gamemenu.derived_controls(game, dict(zip(derived, held, strict=False)))
    return [changes.get(cid, no_update) for cid in derived]


def menu_options_from_address(value: object) -> object:
    """The game menu's options for a game the address names outside the menu's list, sent with the menu's value.

    A game typed as a member of its family (``?game=octal-0.6``) is not among
    the menu's options until :func:`dashboard.gamemenu.choose_game` adds it.
    The menu (``dcc.Dropdown``, whose script loads on its own) clears a value
    it finds outside its options when it is first drawn, so the address's
    game must reach it with its options in the same answer, or the page is
    left on no game.

    Parameters
    ----------
    value : object
        The menu's value read from the address (:func:`read_address`):
        a game's registry name, or ``no_update`` when unchanged.

    Returns
    -------
    list or dash.no_update
        :func:`dashboard.gamemenu.menu_options` of the game when it is not
        one of the listed games; ``no_update`` otherwise.
    """
    if not isinstance(value, str):
        return no_update
    options = gamemenu.menu_options(value)
    return options if len(options) != len(gamemenu.menu_options()) else no_update


def reset_judged(game: object, from_address: bool, drawn: Iterable[str], params=None) -> list:
    """:data:`RESET_JUDGED_JS` in Python, its tested reference: the judged stores after a game is chosen.

    The script also remembers the value a store gives up, with its game, and
    gives it back on a return to that game while its control is still not
    drawn (the control comes back holding it); this reference is the rule
    for a game the page has not held before.

    Parameters
    ----------
    game : object
        The menu's new value.
    from_address : bool
        Whether the game was read from the address (with the stores, in one answer), not chosen in the menu.
    drawn : iterable of str
        Ids of the controls drawn in the page now.
    params : list, optional
        The parameter table; default :data:`PARAMS`.

    Returns
    -------
    list
        One value per key of :func:`judged_game_keys`, for a game chosen in
        the menu: the game's own value (:data:`PER_GAME`) where its control
        is not drawn, the key's default for a game without one (its tab is
        unmounted); ``no_update`` otherwise.
    """
    shown = set(drawn)
    out: list[object] = []
    defaults = {key: default for key, *_rest, default in params or PARAMS}
    for key, cid, own in judged_game_keys(params):
        keep = from_address or not isinstance(game, str) or (game in own and cid in shown)
        out.append(no_update if keep or not isinstance(game, str) else own.get(game, defaults[key]))
    return out


def judged_game_keys(params=None) -> list[tuple[str, str, dict[str, object]]]:
    """The judged keys whose value is a game's own (:data:`JUDGED` and :data:`PER_GAME`): ``(key, control id, values)``.

    Parameters
    ----------
    params : list, optional
        The parameter table; default :data:`PARAMS`.

    Returns
    -------
    list of tuple
        ``(key, control id, {game: value})``, in table order.
    """
    params = params or PARAMS
    return [(key, cid, PER_GAME[key]) for key, cid, _prop, _d in params if key in JUDGED and key in PER_GAME]


def query_table(params=None) -> list:
    """The parameter table as :data:`QUERY_JS` reads it.

    Parameters
    ----------
    params : list, optional
        The parameter table; default :data:`PARAMS`.

    Returns
    -------
    list
        ``[key, default, numeric, spec, follows]`` per parameter:
        ``numeric`` is true for a number default (compared as a float, as
        :func:`query_from_controls` does), whose default is then a float;
        otherwise the default is its text.  ``spec`` is the key's check as
        data (:mod:`dashboard.urlkeys`), or None.  ``follows`` is None but
        for a key of :data:`PER_GAME`: ``{"from": the game's index,
        "defaults": {game: the key's value for it}}``, the key's default for
        a game listed there.
    """
    params = params or PARAMS
    table = []
    at_game = _game_at(params)
    for key, _cid, _prop, default in params:
        numeric = isinstance(default, (int, float)) and not isinstance(default, bool)
        spec = getattr(CHECKS.get(key), "spec", None)
        follows = None
        if at_game is not None and key in PER_GAME:
            follows = {"from": at_game, "defaults": PER_GAME[key]}
        table.append([key, float(default) if numeric else str(default), numeric, spec, follows])
    return table


def _written_from(key: str, cid: str, prop: str) -> Input:
    """What the address is written from: a judged key's store (:data:`JUDGED`), else its control."""
    return Input(JUDGED[key], "data") if key in JUDGED else Input(cid, prop)


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
_TEXT_BOXES = {k.key for k in URL_KEYS if k.number_box}


def register(app: dash.Dash, params=None) -> None:
    """Wire the URL to the controls of :data:`PARAMS` (or the given table).

    Two client-side callbacks (:data:`WRITE_JS`, controls -> address, a
    judged key's value taken from its store; :data:`GATE_JS`, a new address
    -> :data:`URL_READ`) and one server callback (:func:`read_address`,
    :data:`URL_READ` -> controls, judged keys' stores and the notice), and
    one client-side callback per judged key (:data:`ACCEPT_JS`, its control's
    ``className`` -> its store).  Also registers the client-side callback that sets ``aria-invalid`` on
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
        WRITE_JS % (json.dumps(query_table(params)), QUERY_JS, ADDRESS_STATE),
        *[_written_from(key, cid, prop) for key, cid, prop, _d in params],
        State(URL_SETTLED, "data"),
        prevent_initial_call=True,
    )
    # Address -> server, only when the page did not write it itself.
    app.clientside_callback(GATE_JS, Output(URL_READ, "data"), Input(ids.URL, "search"))

    # The game read also sets, in the same request, the controls it decides (the setup's rule, the hidden game
    # input of each tab that serves it), so a tab opened by the address draws its game once.
    derived = gamemenu.derived_ids()

    @app.callback(
        Output(ids.URL_NOTICE, "children"),
        Output(ids.URL_NOTICE, "style"),
        Output(URL_SETTLED, "data"),
        *[Output(cid, prop, allow_duplicate=True) for _k, cid, prop, _d in params],
        *[Output(JUDGED[key], "data", allow_duplicate=True) for key, *_rest in params if key in JUDGED],
        *[Output(cid, "value", allow_duplicate=True) for cid in derived],
        Output(ids.GAME_MENU, "options", allow_duplicate=True),
        Input(URL_READ, "data"),
        *[State(cid, prop) for _k, cid, prop, _d in params],
        *[State(cid, "value") for cid in derived],
        prevent_initial_call=True,
    )
    def _read(data, *values):
        out = read_address(data, list(values[: len(params)]), params)
        menu = [3 + at for at, (_k, cid, prop, _d) in enumerate(params) if (cid, prop) == (ids.GAME_MENU, "value")]
        options = menu_options_from_address(out[menu[0]]) if menu else no_update
        return [*out, *derived_from_address(data, list(values[len(params) :]), params), options]

    # A judged control's value becomes its key's store when the callback that judges it does not refuse it.
    for key, cid, prop, _default in params:
        if key in JUDGED:
            app.clientside_callback(
                ACCEPT_JS,
                Output(JUDGED[key], "data", allow_duplicate=True),
                Input(cid, "className"),
                State(cid, prop),
                State(JUDGED[key], "data"),
                prevent_initial_call=True,
            )

    # A game chosen: the stores of its own keys whose controls are not drawn take its values (RESET_JUDGED_JS).
    own, defaults = judged_game_keys(params), {key: default for key, *_rest, default in params}
    if own:
        app.clientside_callback(
            RESET_JUDGED_JS.replace(
                "__KEYS__", json.dumps([[key, cid, values, defaults[key]] for key, cid, values in own])
            ).replace("__MENU__", ids.GAME_MENU),
            *[Output(JUDGED[key], "data", allow_duplicate=True) for key, _cid, _values in own],
            Input(ids.GAME_MENU, "value"),
            Input(URL_SETTLED, "data"),
            *[State(JUDGED[key], "data") for key, _cid, _values in own],
            prevent_initial_call=True,
        )

    boxes = text_box_ids(params)
    app.clientside_callback(
        MARK_INVALID_JS % ("[" + ", ".join(f'"{cid}"' for cid in boxes) + "]"),
        Output(ids.ARIA_SYNC, "data"),
        *[Input(cid, "className") for cid in boxes],
        prevent_initial_call=True,
    )
