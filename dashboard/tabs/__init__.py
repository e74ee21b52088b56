"""The page's tabs: one subpackage each, all built the same way, and the shape of their registry entry.

A tab is a folder ``dashboard/tabs/<name>/``:

- ``__init__.py``: its entry, ``TAB = Tab(...)`` (:class:`Tab`), which
  :data:`dashboard.registry.TABS` lists in the order of the tab bar;
- ``ids.py``: its component ids (the page-wide ones are in :mod:`dashboard.ids`);
- ``layout.py``: its components;
- ``callbacks.py``: plain functions behind the callbacks, which tests call
  directly, and ``register``, which wires them to the app;
- ``figures.py``: pure builders (data in, a ``go.Figure``, cytoscape elements
  or an HTML table out).

Control defaults are in :mod:`solver.config` and :mod:`dashboard.defaults`,
shared state in :mod:`dashboard.state`.  The page (:mod:`dashboard.layout`,
:mod:`dashboard.callbacks`, :mod:`dashboard.urlstate`) reads everything else
it needs to know about a tab from its entry.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import dash
    from dash.development.base_component import Component

    from solver.registry import Game

    from ..urlkeys import UrlKey

__all__ = ["GameAnswer", "SetupView", "Tab", "serves_bounded"]


def serves_bounded(game: Game) -> bool:
    """Whether a game is one of the rules solved up to a bound (:attr:`solver.registry.Game.bounded`).

    The put-or-take tabs (Explore, Thesis analyses, Play, Inspect, Sums)
    serve these games: their views read the page's setup, N and alpha.

    Parameters
    ----------
    game : solver.registry.Game

    Returns
    -------
    bool
    """
    return bool(game.bounded)


@dataclass(frozen=True)
class SetupView:
    """A view drawn in the same request as a new setup, so it needs no second round trip.

    For a view shown when the page opens (the Explore summary): the setup
    callbacks (:mod:`dashboard.setup_callbacks`) write it together with the
    setup, on the first load and whenever the setup changes.

    Attributes
    ----------
    component_id : str
        The component the view is drawn into.
    prop : str
        Its property that holds the view (``"children"``).
    build : callable
        ``build(setup)`` returns the property's value for a new setup (a dict
        ``{"n", "alpha", "bound", "rule", "fresh"}``, still to be checked).
    """

    component_id: str
    prop: str
    build: Callable[[dict], object]


@dataclass(frozen=True)
class GameAnswer:
    """What the game menu's own answer writes in a tab, for a game the tab serves (:attr:`Tab.game_answer`).

    The menu's answer (:mod:`dashboard.gamemenu`) sets the tab's hidden game
    input; a tab whose own callback on that input wrote its panels and
    position then answered a round trip later, and the browser, building the
    tab meanwhile, took that answer and sent the views' requests only once
    it had built it.  Written in the menu's answer, the game, its panels and
    its position arrive together: the views' requests leave at once, and
    the server answers them while the browser builds the tab.

    Parameters
    ----------
    outputs : tuple of (str, str)
        ``(component id, property)`` the answer writes.
    states : tuple of (str, str)
        ``(component id, property)`` it reads (the position box, kept when
        it holds a position of the new game).
    answer : callable
        ``answer(name, *states)``: one value per output, for a game the tab
        serves (a registry name).
    """

    outputs: tuple[tuple[str, str], ...]
    states: tuple[tuple[str, str], ...]
    answer: Callable[..., Sequence[object]]


@dataclass(frozen=True)
class Tab:
    """A tab of the page: what the page needs to know to show it, wire it and put it in the address.

    Attributes
    ----------
    value : str
        The tab bar's value, lower-case letters: ``tab=<value>`` in the
        address, and the ids made from it (:func:`dashboard.ids.tab_container_id`,
        :func:`dashboard.ids.tab_gate_id`, :func:`dashboard.ids.deferred_id`).
    label : str
        The tab bar's label; the tab names its panel (``role="tabpanel"``) for screen readers.
    layout : callable
        ``layout()`` returns the tab's components.  Every tab's components
        are in the page's layout from the start (so the address reaches every
        control); a tab other than the default one is mounted when first shown.
    register : callable
        ``register(app)`` wires the tab's callbacks to a ``dash.Dash``.
    url_keys : tuple of UrlKey
        The tab's controls in the address, in the order they are written.
    gated : bool
        The tab's callbacks wait on its gate store
        (:func:`dashboard.ids.tab_gate_id`), written in the browser when the
        tab is first shown, so a hidden tab does no work.  False for the
        default tab, whose views are the first thing a visitor sees.
    follows_setup : bool
        The gate store also carries the page's setup and the bound being
        solved, and is written again when they change (a gated tab whose
        values come from the setup: Play, Inspect); otherwise it is written
        once, ``{"opened": true}``.
    setup_views : tuple of SetupView
        Views drawn in the same request as a new setup (only for the
        default tab, whose content is mounted with the page).
    relayout_graphs : tuple of (str, str)
        Cytoscape graphs laid out again when the tab is shown (one laid out
        while hidden has no size): ``(graph id, the property that holds its
        layout)``.
    url_before : str or None
        The value of a tab whose keys this tab's keys are written before in
        the address; None (the rule): in the order of the tab bar.
    serves : callable
        ``serves(game)`` says whether the tab is shown for a game of
        :mod:`solver.registry` chosen in the page's game menu
        (:mod:`dashboard.gamemenu`); default :func:`serves_bounded`.
    game_input : str or None
        Id of the tab's hidden game input (a ``dcc.Input`` of type hidden
        whose ``value`` is the game's registry name), which the game menu
        sets when the tab serves the chosen game; None for the tabs that
        read the game from the page's setup.
    chosen : callable or None
        ``chosen(name)``: what the answer to a newly chosen game writes in
        the tab (the game menu's, :attr:`game_answer`, or the tab's own
        callback on :attr:`game_input`), as ``{component id:
        {property: value}}``, for a game the tab serves.  The page served
        for an address naming the game (:func:`dashboard.layout.page_layout`)
        holds these values and the game in :attr:`game_input` from the
        start, so the load needs no round trip to choose the game.  None:
        the tab answers the game in the browser as before (its input is
        set when the address is read).
    game_answer : GameAnswer or None
        What the game menu's answer writes in the tab for a game it serves
        (its panels, its position), instead of a callback of the tab's own
        on :attr:`game_input`; None: the tab answers its game input itself.

    Raises
    ------
    ValueError
        A value that is not lower-case letters, or a tab that follows the
        setup without being gated (only the gate carries the setup).
    """

    value: str
    label: str
    layout: Callable[[], Component]
    register: Callable[[dash.Dash], None]
    url_keys: tuple[UrlKey, ...] = ()
    gated: bool = True
    follows_setup: bool = False
    setup_views: tuple[SetupView, ...] = ()
    relayout_graphs: tuple[tuple[str, str], ...] = ()
    url_before: str | None = None
    serves: Callable[[Game], bool] = serves_bounded
    game_input: str | None = None
    chosen: Callable[[str], dict[str, dict[str, object]]] | None = None
    game_answer: GameAnswer | None = None

    def __post_init__(self) -> None:
        if not re.fullmatch(r"[a-z]+", self.value):
            raise ValueError(f"a tab's value goes into ids and the address: use lower-case letters, not {self.value!r}")
        if self.follows_setup and not self.gated:
            raise ValueError(f"tab {self.value!r} follows the setup through its gate store: make it gated=True")
