"""Two Explore views about the game as a whole: its records, and every rule side by side.

* **Records**: the smallest position of each exact remoteness at the page's
  bound, and b-files ("n a(n)" lines, OEIS format) of the certified P-, N-
  and draw positions (:mod:`solver.records`);
* **Rules compared**: for every rule of :data:`solver.family.RULES`, the
  counts of W, L, D and U in 1..N at that rule's bound for the page's N and
  alpha, the highest exact remoteness and the first L positions
  (:func:`solver.comparison.comparison_row`).

Both read the setup only through :func:`dashboard.setup.validated_setup` and
solve inside a request only what :func:`dashboard.setup.solves_inline`
allows; a rule whose bound is larger and not solved yet is listed as such.
"""

from __future__ import annotations

import io

import dash
from dash import Input, Output, State, dcc, html, no_update

from solver.comparison import comparison_row
from solver.family import RULES
from solver.records import SEQUENCES, records, write_bfile

from ... import ids
from ... import setup as setups
from ...components import panel
from ...tables import data_grid

__all__ = [
    "BFILE_TERMS",
    "compare_panel",
    "make_bfile",
    "make_compare",
    "make_records",
    "records_panel",
    "register",
]

#: Most terms of a b-file downloaded from the page (OEIS b-files usually hold
#: 10,000); ``python -m solver bfile`` writes any number.
BFILE_TERMS = 10_000

_BFILE_BUTTONS = {"P": ids.BFILE_P, "N": ids.BFILE_N, "D": ids.BFILE_D}


def records_panel() -> html.Section:
    """The Records view: a table of records and three b-file buttons."""
    return panel(
        "Records",
        html.Div(
            [
                html.Div(id=ids.RECORDS_MESSAGE, className="note", role="status"),
                data_grid(
                    ids.RECORDS_TABLE,
                    [("remoteness", "remoteness"), ("outcome", "outcome"), ("position", "smallest position")],
                    "records.csv",
                ),
                html.Div(
                    [
                        html.Span("b-files (OEIS format, first 10,000 terms): "),
                        *[
                            html.Button(f"{letter}-positions" if letter != "D" else "draws", id=cid, className="button")
                            for letter, cid in _BFILE_BUTTONS.items()
                        ],
                        dcc.Download(id=ids.BFILE_DOWNLOAD),
                    ],
                    className="controls controls-inline",
                ),
            ]
        ),
        note="The smallest position of each exact remoteness at this bound, and the largest exact remoteness. A "
        "smaller position whose remoteness is only bounded (≤) or unresolved (U) could still hold a record; the "
        "message says how many there are. python -m solver records and bfile do the same for any bound.",
        wide=True,
    )


def compare_panel() -> html.Section:
    """The Rules compared view: one row per rule."""
    return panel(
        "Rules compared",
        html.Div(
            [
                dcc.Loading(html.Div(id=ids.COMPARE_MESSAGE, className="note", role="status"), type="dot"),
                data_grid(
                    ids.COMPARE_TABLE,
                    [
                        ("title", "game"),
                        ("bound", "bound"),
                        ("W", "W"),
                        ("L", "L"),
                        ("D", "D"),
                        ("U", "U"),
                        ("max_remoteness", "highest remoteness"),
                        ("max_remoteness_at", "first at"),
                        ("first_L", "first L positions"),
                    ],
                    "rules-compared.csv",
                    page_size=12,
                ),
            ]
        ),
        note="Every game of the family at the page's N and alpha (games that never climb past n + 1 at the bound "
        "N + 1): counts of 1..N, the highest exact remoteness there and the least position that has it, and the "
        "first L positions. python -m solver compare prints the same table.",
        wide=True,
    )


def make_records(setup: object) -> tuple:
    """The Records view for a setup.

    Parameters
    ----------
    setup : dict or None
        The shared setup (checked with :func:`dashboard.setup.validated_setup`).

    Returns
    -------
    tuple
        ``(rows, message)``: one row per exact remoteness (``remoteness``,
        ``outcome``, ``position``), and a sentence with the game, the bound,
        the largest exact remoteness and the positions that could still hold
        a smaller record; ``([], message)`` when there is no valid setup.
    """
    if not setup:
        return [], "No valid setup: fix the game, N or alpha above."
    try:
        checked = setups.validated_setup(setup)
        found = _records(checked["bound"], checked["rule"])
    except (ValueError, OSError) as exc:
        return [], str(exc)
    title = RULES[checked["rule"]].title
    message = (
        f"{title} at bound B = {found['bound']:,}: the largest exact remoteness is {found['max_remoteness']}. "
        f"{found['bounded']:,} positions have a remoteness only bounded and {found['unresolved']:,} are unresolved."
    )
    return found["records"], message


@setups.memo(16)
def _records(bound: int, rule: str) -> dict:
    solution, _ = setups.open_bound(bound, rule)
    return records(solution)


def make_bfile(sequence: str, setup: object) -> tuple:
    """A b-file of the setup's game at its bound, for ``dcc.Download``.

    Parameters
    ----------
    sequence : {"P", "N", "D"}
        Which positions (see :data:`solver.records.SEQUENCES`).
    setup : dict or None
        The shared setup (checked).

    Returns
    -------
    tuple
        ``(download, message)``: ``dcc.send_string`` of at most
        :data:`BFILE_TERMS` terms (file ``b-<rule>-<P|N|D>-B<bound>.txt``)
        and ""; or ``no_update`` and a message.
    """
    if sequence not in SEQUENCES:
        return no_update, "choose P, N or D"
    if not setup:
        return no_update, "No valid setup: fix the game, N or alpha above."
    try:
        checked = setups.validated_setup(setup)
        solution, _ = setups.open_bound(checked["bound"], checked["rule"])
    except (ValueError, OSError) as exc:
        return no_update, str(exc)
    out = io.StringIO()
    count = write_bfile(solution, sequence, out, BFILE_TERMS)
    name = f"b-{solution.rule.name}-{sequence}-B{solution.bound}.txt"
    return dcc.send_string(out.getvalue(), name, type="text/plain"), f"{count:,} terms written to {name}."


@setups.memo(64)
def _compare_row(n: int, alpha: int, rule: str) -> dict:
    checked = setups.validated_setup({"n": n, "alpha": alpha, "rule": rule})
    solution, _ = setups.open_bound(checked["bound"], rule)
    return comparison_row(solution, n)


def make_compare(setup: object) -> tuple:
    """The Rules compared view for a setup's N and alpha.

    Parameters
    ----------
    setup : dict or None
        The shared setup (checked); its N and alpha are used for every rule.

    Returns
    -------
    tuple
        ``(rows, message)``: one row per rule with the columns of
        :data:`solver.comparison.COMPARISON_COLUMNS` (``first_L`` as text);
        a rule whose bound is too large to solve in a request and not solved
        yet keeps its name and bound and says so in ``first_L``.
    """
    if not setup:
        return [], "No valid setup: fix the game, N or alpha above."
    try:
        checked = setups.validated_setup(setup)
    except ValueError as exc:
        return [], str(exc)
    n, alpha = checked["n"], checked["alpha"]
    rows, missing = [], []
    for name, rule in RULES.items():
        try:
            row = dict(_compare_row(n, alpha, name))
        except setups.NotSolvedError:
            bound = setups.rule_bound(n, alpha, rule)
            missing.append(rule.title)
            rows.append({"rule": name, "title": rule.title, "bound": bound, "first_L": "not solved yet"})
            continue
        except (ValueError, OSError) as exc:
            rows.append({"rule": name, "title": rule.title, "first_L": str(exc)})
            continue
        row["first_L"] = ", ".join(f"{x:,}" for x in row["first_L"]) or "none"
        rows.append(row)
    message = f"Positions 1..{n:,}; bound α × N = {alpha * n:,} for the put-or-take games, N + 1 for the others."
    if missing:
        message += (
            f" Not solved yet (too large to solve here): {', '.join(missing)}; choose that game above to solve "
            "it in the background, or a smaller N."
        )
    return rows, message


def register(app: dash.Dash) -> None:
    """Wire the Records and Rules compared views (they wait for their gate stores)."""

    def opened(setup):
        if setup is None:
            raise dash.exceptions.PreventUpdate
        return setup

    app.callback(
        Output(ids.RECORDS_TABLE, "rowData"),
        Output(ids.RECORDS_MESSAGE, "children"),
        Input(ids.explore_gate_id("records"), "data"),
    )(lambda setup: make_records(opened(setup)))
    app.callback(
        Output(ids.COMPARE_TABLE, "rowData"),
        Output(ids.COMPARE_MESSAGE, "children"),
        Input(ids.explore_gate_id("compare"), "data"),
    )(lambda setup: make_compare(opened(setup)))

    @app.callback(
        Output(ids.BFILE_DOWNLOAD, "data"),
        Output(ids.RECORDS_MESSAGE, "children", allow_duplicate=True),
        *[Input(cid, "n_clicks") for cid in _BFILE_BUTTONS.values()],
        State(ids.explore_gate_id("records"), "data"),
        prevent_initial_call=True,
    )
    def _bfile(_p, _n, _d, setup):
        letter = {cid: key for key, cid in _BFILE_BUTTONS.items()}.get(dash.ctx.triggered_id)
        if letter is None:
            return no_update, no_update
        return make_bfile(letter, setup)
