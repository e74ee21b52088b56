"""The page's one game menu: every game of the registry, grouped by source, and what the chosen game decides.

The menu (address key ``game``) lists :func:`solver.registry.games` under
their :attr:`~solver.registry.Game.group` headings, each group a source
(the thesis, Winning Ways, the lesson on loopy games, the blog posts); a
box beside it takes any other member of a family (``octal-0.6``,
``chomp-3x5``, ``subtraction-1,2,5``).  The chosen game decides the page:

- the header names it and says what its labels mean;
- the setup bar (N, alpha, "decided below") is shown only for a game solved
  up to a bound (:attr:`solver.registry.Game.bounded`);
- the tab bar shows the tabs that serve it (:attr:`dashboard.tabs.Tab.serves`),
  and each of them that reads its own game gets it in its hidden game input
  (:attr:`dashboard.tabs.Tab.game_input`); the rules go to the setup's game
  (:data:`dashboard.ids.RULE_SELECT`);
- the content of each tab that does not serve it is unmounted in the browser
  (:func:`dropped_tabs`), so the page keeps only the game's tabs drawn.

Old addresses keep working: ``?rule=NAME``, ``?tab=finite&fgame=NAME`` and
``?tab=graphs&ggame=NAME`` are read as ``game=NAME`` (:func:`upgrade_query`),
and the page then writes the new form.
"""

from __future__ import annotations

import functools

from dash import Input, Output, State, dcc, html, no_update

from solver import DEFAULT_RULE, RULES
from solver.parsing import describe_text
from solver.registry import Game, find_game, games

from . import ids
from .components import DEFERRED_WAITING, attrs
from .controls import rule_intro
from .registry import TABS
from .tabs import GameAnswer, Tab
from .urlkeys import UrlKey

__all__ = [
    "GAME_KEY",
    "LEGACY_KEYS",
    "MAX_TYPED",
    "check_game_param",
    "choose_game",
    "derived_controls",
    "derived_ids",
    "dropped_tabs",
    "first_tab",
    "first_tab_of",
    "first_tabs",
    "game_defaults",
    "game_menu",
    "game_tabs",
    "header",
    "menu_options",
    "page_game",
    "register",
    "tab_game",
    "type_game",
    "upgrade_query",
]

#: Longest game name read from the box or the address.
MAX_TYPED = 80

#: The keys older addresses gave the game under: the setup bar's rule, and the finite and graph tabs' menus.
LEGACY_KEYS = ("rule", "fgame", "ggame")

#: The sentence under the game's own, by the kind of its values: what the page's labels mean.
_LABELS = {
    "bounded": (
        "Every label is true of the infinite game: W/L with their remoteness come from retrograde analysis on 0..B, "
        "D marks certified draws, and U is what the bound B leaves unresolved."
    ),
    "grundy": (
        "The game always ends and the player with no move loses, so every position is W or L exactly, with a Grundy "
        "(nim) value, 0 for L (Sprague–Grundy). It has no bound: N and alpha do not apply."
    ),
    "loopy": (
        "Play may go on for ever: every position is W, L or D (a draw) exactly, with Smith's loopy nim value "
        "(*r, or ∞ with the set K of finite values it can move to). It has no bound: N and alpha do not apply."
    ),
}


def page_game(name: object) -> Game:
    """The game of a name from the page (the menu, its box, the address), or ``ValueError`` saying why not.

    Parameters
    ----------
    name : object
        A name or alias of :func:`solver.registry.find_game` (``"kayles"``,
        ``"octal-0.6"``, ``"tokens"``); anything else is refused.

    Returns
    -------
    solver.registry.Game

    Raises
    ------
    ValueError
        Not text, empty, longer than :data:`MAX_TYPED`, not a game, or a
        game no tab of the page shows; the message says what to type.
    """
    if not isinstance(name, str) or not name.strip():
        raise ValueError("choose a game from the menu, or type one such as kayles, octal-0.6 or chomp-3x5")
    if len(name) > MAX_TYPED:
        raise ValueError(f"a game's name has at most {MAX_TYPED} characters; this one is {describe_text(name)}")
    try:
        game = find_game(name)
    except (TypeError, ValueError) as exc:
        raise ValueError(str(exc)) from None
    if not game_tabs(game):
        raise ValueError(f"the page has no view of {game.title}")
    return game


def check_game_param(raw: str) -> str:
    """The address's check of ``game=``: the game's registry name (an alias becomes its name).

    Parameters
    ----------
    raw : str
        The address's text.

    Returns
    -------
    str
        The canonical name (``kayles`` gives ``octal-0.77``).

    Raises
    ------
    ValueError
        As :func:`page_game`.
    """
    return page_game(raw).name


#: The address key of the game menu, first in the address.
GAME_KEY = UrlKey("game", ids.GAME_MENU, DEFAULT_RULE.name, check_game_param)


def game_tabs(game: Game) -> tuple[str, ...]:
    """The tabs shown for a game, in the order of the tab bar.

    Parameters
    ----------
    game : solver.registry.Game

    Returns
    -------
    tuple of str
        The values of the tabs of :data:`dashboard.registry.TABS` whose
        :attr:`~dashboard.tabs.Tab.serves` accepts the game (empty for a game
        no tab shows).
    """
    return tuple(tab.value for tab in TABS if tab.serves(game))


def first_tab_of(game: Game) -> str | None:
    """The tab a game opens on (its first of :func:`game_tabs`), or None when no tab shows it.

    Parameters
    ----------
    game : solver.registry.Game

    Returns
    -------
    str or None
    """
    tabs = game_tabs(game)
    return tabs[0] if tabs else None


def game_defaults(per_game) -> dict[str, object]:
    """A control's value for each listed game: ``{registry name: per_game(game)}``, where it has one.

    Parameters
    ----------
    per_game : callable
        :attr:`dashboard.urlkeys.UrlKey.per_game`.

    Returns
    -------
    dict
        For every game of :func:`solver.registry.games` whose value is not
        None.  The address leaves a control out where it holds its game's
        value (the page's script reads the same table,
        :data:`dashboard.urlstate.QUERY_JS`).
    """
    found = {game.name: per_game(game) for game in games()}
    return {name: value for name, value in found.items() if value is not None}


@functools.cache
def first_tabs() -> dict[str, str]:
    """The tab each listed game opens on: ``{registry name: tab value}`` (:func:`game_defaults` of :func:`first_tab_of`).

    The address leaves the tab out when it is the game's first, so
    ``?game=kayles`` is the whole address of Kayles' page.
    """
    return game_defaults(first_tab_of)  # type: ignore[return-value]


def first_tab(name: object) -> str:
    """The tab a game opens on; the default tab for a name that is no game.

    Parameters
    ----------
    name : object
        A game's name as the menu holds it.

    Returns
    -------
    str
        A tab value of :data:`dashboard.registry.TABS`.
    """
    try:
        tabs = game_tabs(page_game(name))
    except ValueError:
        tabs = ()
    return tabs[0] if tabs else TABS[0].value


def header(game: Game) -> tuple[str, str, str]:
    """The header of a game's page: title, its sentence (rules and source), and what its labels mean.

    Parameters
    ----------
    game : solver.registry.Game

    Returns
    -------
    tuple of str
        ``(title, intro, labels)``: ``"<title> explorer"``; for a rule, the
        sentence of :func:`dashboard.controls.rule_intro`, else ``"<summary>
        (<source>)."``; and the sentence of :data:`_LABELS` for the kind of
        its values (bounded, Grundy or loopy).
    """
    rule = RULES.get(game.name) if game.bounded else None
    intro = rule_intro(rule) if rule is not None else f"{game.summary.rstrip('.')} ({game.source})."
    kind = "bounded" if game.bounded else ("loopy" if game.loopy else "grundy")
    return f"{game.title} explorer", intro, _LABELS[kind]


@functools.cache
def _listed() -> tuple[dict, ...]:
    options: list[dict] = []
    group = None
    for game in games():
        if not game_tabs(game):
            continue
        if game.group != group:
            group = game.group
            options.append({"label": group, "value": f"group:{len(options)}", "disabled": True})
        options.append({"label": game.title, "value": game.name, "title": game.source})
    return tuple(options)


def menu_options(current: object = None) -> list[dict]:
    """The game menu's options: a heading per group (disabled), then its games; plus the current game if unlisted.

    Parameters
    ----------
    current : object, optional
        The menu's value: a game typed in the box or read from the address
        (``octal-0.6``) is added at the end, under its group.

    Returns
    -------
    list of dict
        Dash dropdown options ``{"label", "value"[, "disabled", "title"]}``;
        a game's ``title`` is its source.
    """
    options = list(_listed())
    try:
        game = page_game(current)
    except ValueError:
        return options
    if all(option["value"] != game.name for option in options):
        options += [
            {"label": f"{game.group} (typed)", "value": "group:typed", "disabled": True},
            {"label": game.title, "value": game.name, "title": game.source},
        ]
    return options


def _default_intro() -> tuple[str, str, str]:
    return header(find_game(DEFAULT_RULE.name))


def game_menu() -> html.Div:
    """The header's game menu and the box for any other game of a family.

    Returns
    -------
    dash.html.Div
        A searchable ``dcc.Dropdown`` (id :data:`dashboard.ids.GAME_MENU`,
        grouped by source), a text box (id :data:`dashboard.ids.GAME_TYPED`)
        and its message (id :data:`dashboard.ids.GAME_MENU_ERROR`).
    """
    return html.Div(
        [
            html.Div(
                [
                    html.Label("game", htmlFor=ids.GAME_MENU),
                    dcc.Dropdown(
                        id=ids.GAME_MENU,
                        options=menu_options(DEFAULT_RULE.name),
                        value=DEFAULT_RULE.name,
                        clearable=False,
                        searchable=True,
                        className="game-select",
                    ),
                ],
                className="control control-game",
            ),
            html.Div(
                [
                    html.Label(
                        ["or type a game", html.Span(" (octal-0.6, chomp-3x5, subtraction-1,2,5 …)", className="hint")],
                        htmlFor=ids.GAME_TYPED,
                    ),
                    dcc.Input(
                        id=ids.GAME_TYPED,
                        type="text",
                        value="",
                        debounce=True,
                        className="num-input",
                        placeholder="octal-0.6",
                        autoComplete="off",
                        spellCheck=False,
                    ),
                ],
                className="control",
            ),
            html.Div(id=ids.GAME_MENU_ERROR, className="error", role="alert"),
        ],
        className="controls game-menu",
        **attrs({"role": "group", "aria-label": "the game"}),
    )


def _tab_inputs() -> list[tuple[str, Tab]]:
    """``(hidden game input id, tab)`` of each tab that reads its own game."""
    return [(tab.game_input, tab) for tab in TABS if tab.game_input]


def derived_controls(game_name: object, held: dict[str, object]) -> dict[str, object]:
    """The controls the chosen game sets beside the menu: the setup's rule and the tabs' hidden game inputs.

    Parameters
    ----------
    game_name : object
        The menu's value.
    held : dict
        ``{component id: value now}`` of :data:`dashboard.ids.RULE_SELECT`
        and every tab's :attr:`~dashboard.tabs.Tab.game_input`.

    Returns
    -------
    dict
        ``{component id: new value}`` for each control that must change
        (the rule for a game with a bound, the input of each tab that serves
        the game); the others are left out, so they keep what they hold.
    """
    try:
        game = page_game(game_name)
    except ValueError:
        return {}
    wanted: dict[str, object] = {}
    if game.bounded and game.name in RULES:
        wanted[ids.RULE_SELECT] = game.name
    for input_id, tab in _tab_inputs():
        if tab.serves(game):
            wanted[input_id] = game.name
    return {cid: value for cid, value in wanted.items() if held.get(cid) != value}


def derived_ids() -> list[str]:
    """Ids of the controls :func:`derived_controls` sets: :data:`dashboard.ids.RULE_SELECT`, then the tabs' game inputs."""
    return [ids.RULE_SELECT, *[input_id for input_id, _tab in _tab_inputs()]]


def choose_game(name: object, tab: object, *held: object) -> tuple:
    """Everything the menu's game decides, as the callback writes it.

    Parameters
    ----------
    name : object
        The menu's value.
    tab : object
        The open tab.
    *held : object
        The values now of :data:`dashboard.ids.RULE_SELECT` and of each
        tab's hidden game input, in :data:`dashboard.registry.TABS` order.

    Returns
    -------
    tuple
        ``(title, intro, labels, setup bar style, tab bar class, tab, menu
        options, message, *derived values)``: the header (:func:`header`),
        the setup bar hidden for a game without a bound, the tab bar's class
        (``hide-<tab>`` for each tab that does not serve the game, and
        ``tab-nav-single`` when one tab does), the first tab serving the game
        when the open one does not (else ``no_update``), and the rule and
        the hidden inputs (:func:`derived_controls`; ``no_update`` where
        unchanged).  A name that is no game changes nothing but the message.
    """
    derived = derived_ids()
    try:
        game = page_game(name)
    except ValueError as exc:
        return (*[no_update] * 7, str(exc), *[no_update] * len(derived))
    title, intro, labels = header(game)
    served = game_tabs(game)
    hidden = [f"hide-{t.value}" for t in TABS if t.value not in served]
    nav = " ".join(["tab-nav", *hidden, *(["tab-nav-single"] if len(served) == 1 else [])])
    new_tab = no_update if tab in served else served[0]
    setup_style = {} if game.bounded else {"display": "none"}
    changes = derived_controls(game.name, dict(zip(derived, held, strict=False)))
    return (
        title,
        intro,
        labels,
        setup_style,
        nav,
        new_tab,
        menu_options(game.name),
        "",
        *[changes.get(cid, no_update) for cid in derived],
    )


def type_game(text: object) -> tuple[object, str]:
    """The menu's value for a name typed in the box, or a message saying why not.

    Parameters
    ----------
    text : object
        The box's text.

    Returns
    -------
    tuple
        ``(menu value, message)``: the game's registry name and ``""``, or
        ``no_update`` and the reason.  An empty box changes nothing.
    """
    if not isinstance(text, str) or not text.strip():
        return no_update, ""
    try:
        return page_game(text).name, ""
    except ValueError as exc:
        return no_update, str(exc)


def upgrade_query(query: dict[str, list[str]]) -> tuple[dict[str, list[str]], str | None]:
    """An address's query with the game under its old keys read as ``game``.

    Parameters
    ----------
    query : dict
        ``urllib.parse.parse_qs`` of the address (key -> values).

    Returns
    -------
    tuple
        ``(query, old key)``: a new dict without :data:`LEGACY_KEYS`, with
        ``game`` set from ``fgame`` when the tab was ``finite`` (the finite
        tab's default game when it had none), from ``ggame`` when it was
        ``graphs`` (likewise), else from ``rule``; and the key it came from
        (None when the query already had ``game`` or none of them).  An
        address with ``game`` keeps it and drops the old keys.
    """
    upgraded = {key: values for key, values in query.items() if key not in LEGACY_KEYS}
    if "game" in query or not any(key in query for key in (*LEGACY_KEYS, "tab")):
        return upgraded, None
    tab = query.get("tab", [""])[-1]
    for old, tab_value in (("fgame", "finite"), ("ggame", "graphs")):
        if tab == tab_value:
            upgraded["game"] = query.get(old, [tab_game(tab_value) or DEFAULT_RULE.name])[-1:]
            return upgraded, old if old in query else None
    if "rule" in query:
        upgraded["game"] = query["rule"][-1:]
        return upgraded, "rule"
    return upgraded, None


def tab_game(tab_value: object) -> str | None:
    """The game a tab opens on when the address names the tab but no game it can show.

    Parameters
    ----------
    tab_value : object
        A tab's value (``"finite"``).

    Returns
    -------
    str or None
        The starting value of the tab's hidden game input (Rob's Dots for
        the finite tab, Tokens for the graphs tab); None for a tab that
        reads the page's setup, or for no tab.
    """
    for tab in TABS:
        if tab.value == tab_value and tab.game_input:
            return _tab_default_game(tab)
    return None


@functools.cache
def _tab_default_game(tab: Tab) -> str:
    """The game a tab showed first before the page had one menu: its hidden input's starting value."""
    found = _find_value(tab.layout(), tab.game_input)
    return found if isinstance(found, str) else DEFAULT_RULE.name


def _find_value(component, component_id: str | None) -> object:
    if component is None or component_id is None:
        return None
    if getattr(component, "id", None) == component_id:
        return getattr(component, "value", None)
    children = getattr(component, "children", None)
    for child in children if isinstance(children, list | tuple) else [children]:
        if hasattr(child, "to_plotly_json"):
            found = _find_value(child, component_id)
            if found is not None:
                return found
    return None


#: The browser's side of the title: the tab of the browser names the game as the header does.
_DOCUMENT_TITLE = """function (title) {
    if (typeof title === 'string' && title) { document.title = title; }
    return window.dash_clientside.no_update;
}"""


def dropped_tabs(name: object) -> list[object]:
    """What the menu's game writes to each tab's deferred holder: the tabs that do not serve it are unmounted.

    A tab's content is mounted when the tab is shown
    (:mod:`dashboard.callbacks`) and would otherwise stay mounted for the
    rest of the visit; every mounted component costs the browser's renderer
    work at each later answer (its store's selectors run for each).  So the
    content of a tab the chosen game does not use is unmounted with the
    game's answer.  Its components' values stay in the layout (and the
    address), so the tab draws them again when a game it serves is chosen
    and it is shown.

    Parameters
    ----------
    name : object
        The menu's value.

    Returns
    -------
    list
        One entry per tab of :data:`dashboard.registry.TABS`, in order, for
        its holder's ``value`` (:func:`dashboard.ids.deferred_id`):
        :data:`dashboard.components.DEFERRED_WAITING` for a tab that does not
        serve the game, ``no_update`` for one that does.  A name that is no
        game changes nothing (every entry ``no_update``).
    """
    try:
        served = game_tabs(page_game(name))
    except ValueError:
        return [no_update] * len(TABS)
    return [no_update if tab.value in served else DEFERRED_WAITING for tab in TABS]


def answering_tabs() -> tuple[tuple[Tab, GameAnswer], ...]:
    """The tabs whose part of a chosen game the menu's answer writes, each with its :attr:`~dashboard.tabs.Tab.game_answer`."""
    return tuple((tab, tab.game_answer) for tab in TABS if tab.game_answer is not None)


def answer_tabs(name: object, *states: object) -> list[object]:
    """What the menu's answer writes in each tab of :func:`answering_tabs`.

    Parameters
    ----------
    name : object
        The menu's value.
    *states : object
        The values now of each answering tab's ``game_answer.states``, tab
        after tab.

    Returns
    -------
    list
        The values of each answering tab's ``game_answer.outputs``, tab after
        tab: its answer for a game it serves, else ``no_update`` (and for a
        name that is no game).
    """
    try:
        game: Game | None = page_game(name)
    except ValueError:
        game = None
    values: list[object] = []
    at = 0
    for tab, answer in answering_tabs():
        held = states[at : at + len(answer.states)]
        at += len(answer.states)
        if game is not None and tab.serves(game):
            written = list(answer.answer(game.name, *held))
            if len(written) != len(answer.outputs):
                raise ValueError(f"tab {tab.value!r} answered {len(written)} values for {len(answer.outputs)} outputs")
            values += written
        else:
            values += [no_update] * len(answer.outputs)
    return values


def _choose_game(name: object, tab: object, *held: object) -> tuple:
    """:func:`choose_game`, :func:`dropped_tabs` and :func:`answer_tabs` for the menu's callback.

    ``held``: the derived controls' values (:func:`derived_ids`), then the
    answering tabs' states.  The game's kernels go first in the compile plan.
    """
    from .first_view import ask_first

    ask_first(name)
    derived = len(derived_ids())
    return (*choose_game(name, tab, *held[:derived]), *dropped_tabs(name), *answer_tabs(name, *held[derived:]))


def register(app) -> None:
    """Wire the game menu: its box, and what the chosen game decides (:func:`choose_game`).

    Parameters
    ----------
    app : dash.Dash
        The application whose layout holds :func:`game_menu`, the header,
        the setup bar and the tab bar.
    """
    derived = derived_ids()
    app.callback(
        Output(ids.PAGE_TITLE, "children"),
        Output(ids.PAGE_INTRO, "children"),
        Output(ids.PAGE_LABELS, "children"),
        Output(ids.SETUP_BAR, "style"),
        Output(ids.TAB_NAV, "className"),
        Output(ids.TABS, "value", allow_duplicate=True),
        Output(ids.GAME_MENU, "options"),
        Output(ids.GAME_MENU_ERROR, "children"),
        *[Output(cid, "value", allow_duplicate=True) for cid in derived],
        *[Output(ids.deferred_id(tab.value), "value", allow_duplicate=True) for tab in TABS],
        # The tabs' own part of the game (Tab.game_answer): their panels and position with the game itself.
        *[Output(cid, prop, allow_duplicate=True) for _tab, answer in answering_tabs() for cid, prop in answer.outputs],
        Input(ids.GAME_MENU, "value"),
        State(ids.TABS, "value"),
        *[State(cid, "value") for cid in derived],
        *[State(cid, prop) for _tab, answer in answering_tabs() for cid, prop in answer.states],
        prevent_initial_call=True,
    )(_choose_game)
    app.callback(
        Output(ids.GAME_MENU, "value", allow_duplicate=True),
        Output(ids.GAME_MENU_ERROR, "children", allow_duplicate=True),
        Input(ids.GAME_TYPED, "value"),
        prevent_initial_call=True,
    )(type_game)
    app.clientside_callback(
        _DOCUMENT_TITLE, Output(ids.PAGE_TITLE, "title"), Input(ids.PAGE_TITLE, "children"), prevent_initial_call=True
    )
