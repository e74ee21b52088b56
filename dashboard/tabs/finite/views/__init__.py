"""The views of the Finite games tab, collected from the modules of this package.

Every module here (but :mod:`.base`, and :mod:`.spring_cleaning_board`,
which only draws) declares ``VIEWS``, a tuple of :class:`~.base.View`, and
may declare ``SURFACES``, a tuple of :class:`~.base.Surface`; they are found
when the package is imported, as Dash Pages finds the pages of a folder.  A game names the views it has
(:attr:`solver.ImpartialGame.views`) and its play surface
(:attr:`solver.ImpartialGame.play_surface`); :func:`views_for` and
:func:`surface_for` read that declaration, so the tab never asks which kind
a game is.  Adding a game's pictures is one module here: see
``docs/extending.md``.

:func:`check_views` refuses, on import, two views or surfaces with one
name and a game of the menu that names a view or surface no module has.
"""

from __future__ import annotations

import importlib
import pkgutil

from solver import impartial_game
from solver.impartial import IMPARTIAL_EXAMPLES

from .base import CsvExport, Surface, View, gate_id, mount_id, panel_id

__all__ = ["EXPORTS", "SURFACES", "VIEWS", "check_views", "gate_id", "mount_id", "panel_id", "surface_for", "views_for"]


def _collect() -> tuple[dict[str, View], dict[str, Surface]]:
    views: dict[str, View] = {}
    surfaces: dict[str, Surface] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name == "base":
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        for view in getattr(module, "VIEWS", ()):
            if view.key in views:
                raise ValueError(f"two views are named {view.key!r} ({module.__name__} and another module)")
            views[view.key] = view
        for surface in getattr(module, "SURFACES", ()):
            if surface.key in surfaces:
                raise ValueError(f"two play surfaces are named {surface.key!r} ({module.__name__} and another)")
            surfaces[surface.key] = surface
    return views, surfaces


#: Every view, by name, in the order of its module's name and its place there (the order of the panels).
#: Every play surface, by name.
VIEWS, SURFACES = _collect()
#: Every "Download CSV" of the views, by name.
EXPORTS: dict[str, CsvExport] = {export.key: export for view in VIEWS.values() for export in view.exports}


def views_for(game) -> list[View]:
    """The views a game declares, in the order it names them.

    Parameters
    ----------
    game : solver.ImpartialGame

    Raises
    ------
    KeyError
        If the game names a view no module has (:func:`check_views` rules
        this out for the menu's games).
    """
    return [VIEWS[key] for key in game.views]


def surface_for(game) -> Surface:
    """The surface the Play panel draws a position of ``game`` on."""
    return SURFACES[game.play_surface]


def check_views() -> None:
    """Refuse what the tab cannot be built from: a game of the menu naming a missing view or surface, two exports with one name.

    Raises
    ------
    ValueError
        With the game and the name.
    """
    count = sum(len(view.exports) for view in VIEWS.values())
    if len(EXPORTS) != count:
        raise ValueError("two CSV exports of the Finite games views have one name")
    for name in IMPARTIAL_EXAMPLES:
        game = impartial_game(name)
        missing = [key for key in game.views if key not in VIEWS]
        if missing:
            raise ValueError(f"{game.name} declares views no module of dashboard/tabs/finite/views has: {missing}")
        if game.play_surface not in SURFACES:
            raise ValueError(f"{game.name} declares the play surface {game.play_surface!r}, which no module has")


check_views()
