"""The page's notice while the solver's kernels compile (the first launch after an install).

``python -m dashboard`` answers at once and compiles the kernels in a
background thread (:func:`solver.compile_in_background`).  While numba
compiles, this notice at the top of the page says what it is compiling and
what is still to come; a view that needs a kernel being compiled shows its
answer when the kernel is ready.  The notice polls the server once a second
(a ``dcc.Interval``) and stops polling, hidden, once nothing is left to
compile.  The page comes with the notice as it stands when the page is
served (:func:`notice_layout`, from :func:`dashboard.layout.page_layout`):
a page loaded once nothing compiles never polls, and the poll's first look
is a second after the load, not on it, so the page's first request is the
first view's (the setup's request waits while any other callback is
pending, :mod:`dashboard.callbacks`).  On a launch whose kernels all come
from numba's cache it never shows.
"""

from __future__ import annotations

import dash
from dash import Input, Output, dcc, html

from solver import compile_status
from solver.compiling import CompileStatus

from . import ids

#: Milliseconds between two looks at the compilation.
POLL_MS = 1_000


def notice_layout(status: CompileStatus | None = None) -> list:
    """The notice and its poll, as they stand now.

    Parameters
    ----------
    status : solver.compiling.CompileStatus, optional
        Default :func:`solver.compile_status` at the call.

    Returns
    -------
    list
        A ``dcc.Interval`` (id :data:`dashboard.ids.COMPILE_POLL`), disabled
        when :func:`poll` would stop it, and a status ``Div`` (id
        :data:`dashboard.ids.COMPILE_NOTICE`, class ``compile-notice``)
        holding :func:`poll`'s text, hidden when it has none.
    """
    text, hidden, stop = _answer(compile_status() if status is None else status)
    return [
        dcc.Interval(id=ids.COMPILE_POLL, interval=POLL_MS, n_intervals=0, disabled=stop),
        html.Div(text, id=ids.COMPILE_NOTICE, className="compile-notice", role="status", hidden=hidden),
    ]


def notice_text(status: CompileStatus) -> str | None:
    """The notice's sentence for a compilation status, None when there is nothing to say.

    Parameters
    ----------
    status : solver.compiling.CompileStatus
        From :func:`solver.compile_status`.

    Returns
    -------
    str or None
        What is compiling and what is still to come, or None when no kernel
        is compiling and none has been compiled by the running plan (every
        kernel came from numba's cache, or the plan has ended).
    """
    running = status.started and not status.finished
    if not status.compiling and not (running and status.compiled):
        return None
    now = ", ".join(status.compiling) if status.compiling else "loading what numba has kept"
    text = (
        f"Compiling the solver for its first use on this machine (numba keeps what it compiles, so later "
        f"launches skip this): now {now}."
    )
    if running:
        text += f" Step {status.steps_done + 1} of {status.steps}, {status.seconds:.0f} s so far"
        text += f"; still to come: {'; '.join(status.waiting)}." if status.waiting else "."
    return text + " A view that needs what is compiling shows its answer when it is ready."


def poll(_n_intervals: object) -> tuple:
    """The notice's text, whether it is hidden, and whether the poll stops.

    Returns
    -------
    tuple
        ``(text, hidden, poll_disabled)``: polling stops once the plan has
        ended, or at once when no plan runs and nothing compiles.
    """
    return _answer(compile_status())


def _answer(status: CompileStatus) -> tuple[str, bool, bool]:
    text = notice_text(status)
    stop = status.finished or (not status.started and text is None)
    return text or "", text is None, stop


def register(app: dash.Dash) -> None:
    """Register the notice's poll on ``app``."""
    app.callback(
        Output(ids.COMPILE_NOTICE, "children"),
        Output(ids.COMPILE_NOTICE, "hidden"),
        Output(ids.COMPILE_POLL, "disabled"),
        Input(ids.COMPILE_POLL, "n_intervals"),
        prevent_initial_call=True,
    )(poll)
