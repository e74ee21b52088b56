"""What the Explore tab's views show in place of a result.

The text while there is no valid setup, text escaped for Plotly, and empty
figures that say why (memoized, as are the per-setup results of
:mod:`.callbacks`, :data:`MEMO_ENTRIES` each).
"""

from __future__ import annotations

import html as html_text

from ... import setup as setups
from ...style import message_figure

#: Shown by the views while there is no valid setup yet (bad input keeps
#: the last good setup, so this is only seen before the first one).
INVALID = "Waiting for a valid N and alpha (see the controls above)."
#: Results kept by each memo of pure per-setup computations.
MEMO_ENTRIES = 32


def plain(text: object) -> str:
    """Text safe to put into a Plotly title or annotation (shown as typed).

    Plotly renders a few HTML tags (``<a href>``, ``<b>`` ...) in figure
    text, so text that may hold user input is escaped.

    Parameters
    ----------
    text : object
        Any text (``str`` of it is used).

    Returns
    -------
    str
        ``<``, ``>`` and ``&`` as entities, which Plotly shows as the
        characters themselves.
    """
    return html_text.escape(str(text), quote=False)


def _figure_message(title: str, message: object):
    """An empty figure saying why, its text escaped (built once per text: building one takes 0.1 s)."""
    return _message_figure(plain(title), plain(message))


@setups.memo(4 * MEMO_ENTRIES)
def _message_figure(title: str, message: str):
    return message_figure(title, message)
