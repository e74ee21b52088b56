"""The Play panel's default surface: one button per move (:func:`dashboard.tabs.finite.figures.moves_view`)."""

from __future__ import annotations

from ..figures import moves_view
from ..play import MAX_LISTED
from .base import Surface

__all__ = ["SURFACES", "VIEWS"]

#: This module declares no view.
VIEWS = ()

#: Any game's moves as buttons; a game that declares no surface of its own is played on this one.
SURFACES = (Surface("buttons", lambda game, position, rows: moves_view(rows, MAX_LISTED)),)
