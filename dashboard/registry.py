"""The registry of the page's tabs: every tab's entry, in the order of the tab bar.

A tab is one folder, ``dashboard/tabs/<name>/``, whose ``__init__.py``
declares its entry (``TAB``, a :class:`dashboard.tabs.Tab`: label, layout,
callbacks, address keys, gating), plus one line in :data:`TABS`.  The page
derives everything else from here: the tab bar and the tab containers
(:mod:`dashboard.layout`), the callbacks and the gates (:mod:`dashboard.callbacks`),
the address (:mod:`dashboard.urlstate`).
"""

from __future__ import annotations

from .defaults import DEFAULT_TAB
from .tabs import Tab
from .tabs.explore import TAB as EXPLORE
from .tabs.finite import TAB as FINITE
from .tabs.graphs import TAB as GRAPHS
from .tabs.inspect import TAB as INSPECT
from .tabs.play import TAB as PLAY
from .tabs.sums import TAB as SUMS
from .tabs.thesis import TAB as THESIS

__all__ = ["TABS", "check_tabs"]

#: Every tab, in the order of the tab bar.
TABS: tuple[Tab, ...] = (EXPLORE, THESIS, PLAY, INSPECT, SUMS, FINITE, GRAPHS)


def check_tabs(tabs: tuple[Tab, ...]) -> None:
    """Refuse a list of tabs the page cannot be built from, saying what to fix (run on :data:`TABS` on import).

    Parameters
    ----------
    tabs : tuple of Tab
        The tabs, in the order of the tab bar.

    Raises
    ------
    ValueError
        Two tabs share a value; the default tab
        (:data:`dashboard.defaults.DEFAULT_TAB`) is missing or gated; a tab
        other than the default one has ``setup_views`` (its content is not
        mounted with the page); a ``url_before`` names no tab.
    """
    values = [tab.value for tab in tabs]
    if len(set(values)) != len(values):
        raise ValueError(f"two tabs share a value in dashboard.registry.TABS: {values}")
    if DEFAULT_TAB not in values:
        raise ValueError(f"the default tab {DEFAULT_TAB!r} (dashboard.defaults.DEFAULT_TAB) is not in TABS: {values}")
    if any(tab.gated for tab in tabs if tab.value == DEFAULT_TAB):
        raise ValueError(f"the default tab {DEFAULT_TAB!r} is shown first, so it cannot wait on a gate: gated=False")
    for tab in tabs:
        if tab.setup_views and tab.value != DEFAULT_TAB:
            raise ValueError(
                f"tab {tab.value!r} is mounted only when first shown: only the default tab has setup_views"
            )
        if tab.url_before is not None and tab.url_before not in values:
            raise ValueError(f"tab {tab.value!r} writes its keys before {tab.url_before!r}, which is not a tab")


check_tabs(TABS)
