"""A control in the page's address (:class:`UrlKey`), and the checks of the values an address gives.

The part of the page that owns a control declares its key: a tab in its
registry entry (:attr:`dashboard.tabs.Tab.url_keys`), the setup bar in
:data:`dashboard.controls.URL_KEYS`, the tab bar in
:data:`dashboard.urlstate.TAB_KEY`.  :mod:`dashboard.urlstate` collects them
into the query string.  A shared address is input from outside, so every key
has a check: the raw text either becomes the control's value or is refused
with a ``ValueError`` whose message the page shows in its notice.

A number box's key is :func:`number_box_key`; other controls combine a
:class:`UrlKey` with a check (:func:`slider`, :func:`choice`, or one of
their own).  The checks made here also carry ``spec``, the same check as
data, which the page's script applies before it writes a control's value to
the address (:data:`dashboard.urlstate.QUERY_JS`): a value its check refuses
is never written there.

Some values only the server can judge: a position, which its game must read,
or a size whose work the page estimates first.  Such a key is *judged*
(:func:`judged`): the callback that shows the control's message marks the
control ``invalid`` when it refuses the value, the page keeps the last value
it did not refuse in a store (:func:`accepted_id`), and the address is written
from that store, never from the control directly.  Its ``judge`` makes the
same judgement of a value read from an address, on the server.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from solver import parse_int

__all__ = ["Check", "Judge", "UrlKey", "accepted_id", "choice", "judged", "number_box_key", "slider", "whole"]

#: A check of one query value: the raw text in, the control's value out, or
#: ``ValueError`` with the reason.
Check = Callable[[str], object]

#: The page's judgement of a value read from an address, against the values
#: read with it: ``judge(value, values)``, where ``values`` maps every key of
#: the page to the value read for it (its default when the address has none
#: or refused it); returns nothing, or raises ``ValueError`` with the message
#: the page shows for that value.
Judge = Callable[[object, Mapping[str, object]], object]


@dataclass(frozen=True)
class UrlKey:
    """One control in the query string, as the part of the page that owns it declares it.

    Attributes
    ----------
    key : str
        The query key (``n`` in ``?n=100000``); unique over the page.
    component_id : str
        The control's id.
    default : str, int or float
        The control's own starting value (text boxes hold text, sliders and
        menus numbers).  A value equal to it is left out of the address, so
        the default page has a clean address.
    check : callable
        :data:`Check`: ``check(raw)`` is the control's value for the text
        ``raw`` of the address, or raises ``ValueError`` saying why not.
    prop : str
        The control's property that holds the value; ``"value"``.
    number_box : bool
        The control is a number box (``dcc.Input``): the page keeps its
        ``aria-invalid`` in step with its ``invalid`` class.
    per_game : callable or None
        For a control whose starting value depends on the game of the
        page's menu (a position's box, the open tab): ``per_game(game)``, a
        :class:`solver.registry.Game`, is its value for that game, or None
        where it has none.  The address leaves that value out too, so
        ``?game=wythoff`` is Wythoff's start page (:mod:`dashboard.urlstate`).
    judged : bool
        The page judges the value on the server: the callback that shows the
        control's message also sets its ``className``, with ``invalid`` when
        it refuses the value.  The address is written from the last value not
        refused (the store :func:`accepted_id`), so a refused value stays out
        of it.
    judge : callable or None
        :data:`Judge`: the same judgement of a value read from an address,
        made after every key's ``check``; None when ``check`` is all of it.
    """

    key: str
    component_id: str
    default: str | int | float
    check: Check
    prop: str = "value"
    number_box: bool = False
    per_game: Callable[[Any], object] | None = None
    judged: bool = False
    judge: Judge | None = None


def accepted_id(key: str) -> str:
    """Id of the store that holds the last value the page accepted for a judged key (:attr:`UrlKey.judged`).

    Parameters
    ----------
    key : str
        The query key (``fpos``).

    Returns
    -------
    str
        ``"url-accepted-<key>"``; :func:`dashboard.urlstate.location` holds
        the store, which starts at the key's default.
    """
    return f"url-accepted-{key}"


def judged(key: UrlKey, judge: Judge | None = None) -> UrlKey:
    """The same key, judged by the page (:attr:`UrlKey.judged`), with its judgement of an address's value.

    Parameters
    ----------
    key : UrlKey
        A key whose control the page marks ``invalid`` when it refuses its value.
    judge : callable, optional
        :data:`Judge`; default the key's own (None: its ``check`` is all of it).

    Returns
    -------
    UrlKey
    """
    return dataclasses.replace(key, judged=True, judge=judge if judge is not None else key.judge)


def whole(name: str, *, least: int = 1, most: int | None = None) -> Check:
    """A check of a text box: the text passes as it is when it reads as a whole number in range.

    Parameters
    ----------
    name : str
        The quantity, as messages name it (``"N"``, ``"the seed"``).
    least, most : int, optional
        The range, as :func:`solver.parse_int` takes it (``most=None``: no
        upper limit).

    Returns
    -------
    callable
        :data:`Check` returning the text unchanged (the box shows what was
        typed, ``10**6`` stays ``10**6``).
    """

    def check(raw: str) -> str:
        parse_int(raw, name, least=least, most=most)
        return raw

    # Bounds as text: JSON numbers lose the digits of 2**63.
    check.spec = {"rule": "whole", "least": str(least), "most": None if most is None else str(most)}  # type: ignore[attr-defined]
    return check


def number_box_key(
    key: str, component_id: str, default: int, name: str, *, least: int = 1, most: int | None = None
) -> UrlKey:
    """The key of a number box: a ``dcc.Input`` that holds the text of a whole number.

    Parameters
    ----------
    key, component_id : str
        As :class:`UrlKey`.
    default : int
        The box's starting number; the box (and so the key) holds its text.
    name, least, most
        As :func:`whole`, which checks the address's text.

    Returns
    -------
    UrlKey
        With ``default=str(default)``, ``check=whole(name, least=least,
        most=most)`` and ``number_box=True``.
    """
    return UrlKey(key, component_id, str(default), whole(name, least=least, most=most), number_box=True)


def slider(name: str, least: int, most: int) -> Check:
    """A check of an integer slider or menu: the text becomes an int in ``least..most``.

    Parameters
    ----------
    name : str
        The quantity, as the message names it.
    least, most : int
        The control's range.

    Returns
    -------
    callable
        :data:`Check` returning an ``int``; only plain digits (at most six)
        are read.
    """

    def check(raw: str) -> int:
        text = raw.strip()
        if not text.isdigit() or len(text) > 6:
            raise ValueError(f"{name} must be a whole number from {least} to {most}")
        value = int(text)
        if not least <= value <= most:
            raise ValueError(f"{name} must be a whole number from {least} to {most}")
        return value

    check.spec = {"rule": "range", "least": least, "most": most}  # type: ignore[attr-defined]
    return check


def choice(name: str, options: Iterable[str]) -> Check:
    """A check of a menu or switch: the text must be one of its values.

    Parameters
    ----------
    name : str
        The control, as the message names it (``"the tab"``).
    options : iterable of str
        The allowed values, in the order the message lists them.

    Returns
    -------
    callable
        :data:`Check` returning the text itself.
    """
    allowed = tuple(options)

    def check(raw: str) -> str:
        if raw not in allowed:
            raise ValueError(f"{name} must be one of {', '.join(allowed)}")
        return raw

    check.spec = {"rule": "choice", "options": list(allowed)}  # type: ignore[attr-defined]
    return check
