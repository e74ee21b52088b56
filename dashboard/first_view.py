"""A game's first view on a fresh install: its kernels compile before the plan's other steps.

On a fresh install the server compiles the solver's kernels in the
background (:func:`solver.compile_in_background`), the page's default view
first.  A page opened on another game (``?game=NAME``) or switched to one in
the menu would wait for the plan to reach that game's kernels (up to the
whole plan's 40 s).  :func:`register` hooks the server so that

- a request for the page with ``game=NAME`` in its address, and a game
  chosen in the menu, move that game's steps to the front of the plan
  (:func:`solver.compiling.compile_first`);
- while the page waits for an answer (Dash's ``_dash-update-component``
  requests), the plan starts no new step (:func:`solver.compiling.answering`):
  the kernels that answer needs compile in its own thread, not behind the
  plan's.

``docs/performance-page.md`` ("First launch") has the figures.
"""

from __future__ import annotations

import contextlib

import flask

from solver.compiling import answering, compile_first

from .gamemenu import check_game_param

__all__ = ["ask_first", "register"]

#: The part of a Dash answer's path after the page's prefix.
_ANSWER_PATH = "_dash-update-component"


def ask_first(name: object) -> tuple[str, ...]:
    """Move the steps of the compile plan that reach a game's first view to its front.

    Parameters
    ----------
    name : object
        A game's name or alias from the page (the address, the menu); anything
        that is not a game of the page moves nothing (the page says why
        elsewhere).

    Returns
    -------
    tuple of str
        The labels of the steps moved (:func:`solver.compiling.compile_first`),
        empty when none was waiting or the name is no game.
    """
    if not isinstance(name, str):
        return ()
    try:
        game = check_game_param(name)
    except ValueError:
        return ()
    return compile_first(game)


def register(app) -> None:
    """Hook the page's server: a game asked for goes first in the compile plan, and the plan waits for answers.

    Parameters
    ----------
    app : dash.Dash
        The application; its Flask server gets a ``before_request`` and a
        ``teardown_request`` hook.
    """
    prefix = app.config.requests_pathname_prefix
    answers = prefix + _ANSWER_PATH

    def before() -> None:
        request = flask.request
        if request.path == answers:
            stack = contextlib.ExitStack()
            stack.enter_context(answering())
            flask.g.plan_held = stack
        elif request.path == prefix and request.method == "GET" and "game" in request.args:
            ask_first(request.args.get("game"))

    def teardown(_exc: BaseException | None) -> None:
        stack = flask.g.pop("plan_held", None)
        if stack is not None:
            stack.close()

    app.server.before_request(before)
    app.server.teardown_request(teardown)
