"""The arguments store of an Explore view that follows a control of the tab (Layers, the game tree).

The move depth is a control of the whole Explore tab; the Layers view and the
game tree follow it.  Were their server callbacks to listen to the depth, a
depth change would send their requests even for a view never opened, or
hidden.  Instead each such view has an arguments store that the browser
writes only while the view is shown (in the Explore tab), and only when what
the view would draw changes; the server callback listens to that store.  A
hidden view is brought up to date when it is shown again.
"""

from __future__ import annotations

import json

__all__ = ["view_args_js"]

# Inputs: the view switch, the tab bar, the view's gate, then the values the
# view follows; the last argument is the store's current value (a State).
_VIEW_ARGS = """function(view, tab, gate, ...rest) {
    const noUpdate = window.dash_clientside.no_update;
    const names = %s;
    const current = rest[rest.length - 1];
    if (view !== %s || (tab && tab !== %s) || !gate) { return noUpdate; }
    const wanted = %s;
    names.forEach(function(name, i) { wanted[name] = rest[i] === undefined ? null : rest[i]; });
    return JSON.stringify(wanted) === JSON.stringify(current) ? noUpdate : wanted;
}"""


def view_args_js(view: str, names: list[str], with_setup: bool, tab: str = "explore") -> str:
    """The browser's rule that writes a view's arguments store.

    Parameters
    ----------
    view : str
        The view (a key of :data:`dashboard.tabs.explore.layout.VIEW_LABELS`)
        whose store this is.
    names : list of str
        The keys of the values that follow the gate among the callback's
        inputs, in order.
    with_setup : bool
        Also put the gate's setup in the store (key ``"setup"``).
    tab : str, optional
        The value of the page's tab bar that shows the view.

    Returns
    -------
    str
        A JavaScript function for ``app.clientside_callback`` whose inputs
        are the view switch, the tab bar, the view's gate store, the values
        ``names`` and, last, the store itself as a State.  It returns
        ``{"setup"?, *names}`` when the view is shown, its gate holds a
        setup and that differs from the store; else ``no_update``.
    """
    start = "{setup: gate}" if with_setup else "{}"
    return _VIEW_ARGS % (json.dumps(names), json.dumps(view), json.dumps(tab), start)
