"""Sortable, filterable tables (dash-ag-grid) with a CSV export, shared by every tab.

Every CSV the page writes uses one notation, that of ``python -m solver
classify`` and the page's main download: plain UTF-8 without a byte-order
mark, ``\\n`` line ends, and ``<=`` (``>=``) where the page shows ``≤``
(``≥``), so a value shown as ``W≤11`` is written ``W<=11``.  The export is
therefore made on the server (:func:`export_csv`), not by the grid's own
exporter, which always writes a byte-order mark and the page's text.
"""

from __future__ import annotations

import csv
import io

import dash
import dash_ag_grid as dag
import numpy as np
import pandas as pd
from dash import Input, Output, State, dcc, html

from .ids import export_button_id, export_download_id

#: What the page shows -> what a CSV file holds (a loopy value ``∞{0,2}`` is written ``inf{0,2}``, as docs/views.md says).
CSV_TEXT = {"≤": "<=", "≥": ">=", "∞{": "inf{"}


def data_grid(grid_id: str, columns: list[tuple[str, str]], file_name: str, page_size: int = 12) -> html.Div:
    """A table: sortable, filterable, paged, with an "Export CSV" button.

    Parameters
    ----------
    grid_id : str
        Component id of the grid (its ``rowData`` holds the rows).
    columns : list of (field, header)
        Column field names and the headers shown.  The CSV's header row
        holds the field names.
    file_name : str
        Name of the CSV file the button downloads (kept in the grid's
        ``csvExportParams``).
    page_size : int, optional
        Rows per page.

    Returns
    -------
    dash.html.Div
        The button (id :func:`dashboard.ids.export_button_id` of the grid),
        the grid and the ``dcc.Download`` (id
        :func:`dashboard.ids.export_download_id`) that :func:`register_exports`
        fills, in that order.
    """
    return html.Div(
        [
            html.Button("Export CSV", id=export_button_id(grid_id), className="button button-small"),
            dag.AgGrid(
                id=grid_id,
                # Whole numbers with thousands separators (assets/page.js); the CSV keeps the digits.
                columnDefs=[
                    {"field": field, "headerName": header, "valueFormatter": {"function": "groupDigits(params.value)"}}
                    for field, header in columns
                ],
                rowData=[],
                defaultColDef={
                    "sortable": True,
                    "filter": True,
                    "resizable": True,
                    "flex": 1,
                    "minWidth": 90,
                    # Headers wrap between words instead of being cut.
                    "wrapHeaderText": True,
                    "autoHeaderHeight": True,
                },
                dashGridOptions={
                    "pagination": True,
                    "paginationPageSize": page_size,
                    "paginationPageSizeSelector": [page_size, 50, 200],
                    "domLayout": "autoHeight",
                },
                csvExportParams={"fileName": file_name},
                className="ag-theme-alpine",
            ),
            dcc.Download(id=export_download_id(grid_id)),
        ],
        className="grid",
    )


def csv_cell(value) -> str:
    """One value as a CSV file holds it.

    Parameters
    ----------
    value : object
        A cell of a grid row: text, a number, a bool or None.

    Returns
    -------
    str
        ``""`` for None, the text with ``≤``/``≥`` written ``<=``/``>=``
        and ``∞{`` written ``inf{``,
        ``str(value)`` for anything else (integers exactly).
    """
    if value is None:
        return ""
    text = str(value)
    for shown, written in CSV_TEXT.items():
        text = text.replace(shown, written)
    return text


def rows_to_csv(rows: list[dict], fields: list[str]) -> str:
    """CSV text of grid rows in the page's one notation.

    Parameters
    ----------
    rows : list of dict
        The grid's rows (field -> value), in the order to write.
    fields : list of str
        The columns, in order; a row's missing field is written empty.

    Returns
    -------
    str
        A header row of ``fields``, then one line per row, ``\\n`` line
        ends, quoted only where needed, values as :func:`csv_cell`; no
        byte-order mark.
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(fields)
    for row in rows:
        writer.writerow([csv_cell(row.get(field)) for field in fields])
    return out.getvalue()


def frame_to_csv(frame: pd.DataFrame, fields: list[str]) -> str:
    """CSV text of a table in the page's one notation, written by pandas in one call.

    The same text as :func:`rows_to_csv` of ``frame.to_dict("records")``
    for columns of text and integers, without a Python call per cell: the
    convergence export writes 200,000 rows within a request this way.

    Parameters
    ----------
    frame : pandas.DataFrame
        The rows, in the order to write.
    fields : list of str
        The columns, in order; one missing from ``frame`` is written empty.

    Returns
    -------
    str
        A header row of ``fields``, then one line per row, ``\\n`` line
        ends, quoted only where needed, missing values empty, ``≤``/``≥``
        written ``<=``/``>=`` (:data:`CSV_TEXT`).
    """
    table = frame.reindex(columns=fields)
    for field in fields:
        column = table[field]
        if not pd.api.types.is_numeric_dtype(column.dtype):
            # Each distinct value is written once (labels repeat: "W≤13", "D").
            codes, distinct = pd.factorize(column, use_na_sentinel=True)
            written = np.array([csv_cell(value) for value in distinct] + [""], dtype=object)
            table[field] = written[codes]
    return table.to_csv(index=False, lineterminator="\n", na_rep="")


def export_csv(
    virtual_rows: list[dict] | None,
    rows: list[dict] | None,
    column_defs: list[dict] | None,
    params: dict | None,
) -> dict | None:
    """The download of a grid's rows as CSV (for ``dcc.Download``).

    Parameters
    ----------
    virtual_rows : list of dict or None
        The grid's ``virtualRowData``: its rows as filtered and sorted in
        the page.  When None, ``rows`` are written.
    rows : list of dict or None
        The grid's ``rowData``.
    column_defs : list of dict or None
        The grid's ``columnDefs``; their ``field`` values are the columns.
    params : dict or None
        The grid's ``csvExportParams``; its ``fileName`` names the file
        (default ``table.csv``).

    Returns
    -------
    dict or None
        What ``dcc.send_string`` makes of :func:`rows_to_csv`, type
        ``text/csv``; None when the grid has no columns.
    """
    # What the page sends is checked like any input: a malformed request
    # downloads nothing rather than failing.
    if not isinstance(column_defs, list):
        return None
    fields = [d["field"] for d in column_defs if isinstance(d, dict) and isinstance(d.get("field"), str) and d["field"]]
    if not fields:
        return None
    chosen = virtual_rows if virtual_rows is not None else rows
    if not isinstance(chosen, list):
        chosen = []
    chosen = [row for row in chosen if isinstance(row, dict)]
    name = params.get("fileName") if isinstance(params, dict) else None
    if not isinstance(name, str) or not name.strip():
        name = "table.csv"
    return dcc.send_string(rows_to_csv(chosen, fields), name, type="text/csv")


#: The attribute of a ``dash.Dash`` that lists the grids whose export is registered on it.
_REGISTERED = "_ptsq_grid_exports"


def register_exports(app: dash.Dash, grid_ids: list[str]) -> None:
    """Make each grid's export button download its rows as CSV (:func:`export_csv`).

    A grid whose export is registered on ``app`` already is left alone, so a
    tab may register its own grids and :func:`register_every_export` the rest.

    Parameters
    ----------
    app : dash.Dash
        The application.
    grid_ids : list of str
        Ids of grids made by :func:`data_grid`.
    """
    done: set[str] = getattr(app, _REGISTERED, set())
    setattr(app, _REGISTERED, done)
    for grid_id in grid_ids:
        if grid_id in done:
            continue
        done.add(grid_id)
        app.callback(
            Output(export_download_id(grid_id), "data"),
            Input(export_button_id(grid_id), "n_clicks"),
            State(grid_id, "virtualRowData"),
            State(grid_id, "rowData"),
            State(grid_id, "columnDefs"),
            State(grid_id, "csvExportParams"),
            prevent_initial_call=True,
        )(lambda _clicks, virtual, rows, defs, params: export_csv(virtual, rows, defs, params))


def exported_grids(layout) -> list[str]:
    """Ids of every grid in a layout that has an "Export CSV" button (:func:`data_grid`).

    Parameters
    ----------
    layout : dash component
        A component tree (the page's layout, or a tab's).

    Returns
    -------
    list of str
        Each ``dag.AgGrid`` id whose :func:`dashboard.ids.export_button_id`
        is also in the tree, in the order of the tree.
    """
    found: list[str] = []
    buttons: set[str] = set()

    def walk(node) -> None:
        if isinstance(node, (list, tuple)):
            for item in node:
                walk(item)
            return
        if not hasattr(node, "to_plotly_json"):
            return
        node_id = getattr(node, "id", None)
        if isinstance(node, dag.AgGrid) and isinstance(node_id, str):
            found.append(node_id)
        elif isinstance(node_id, str):
            buttons.add(node_id)
        walk(getattr(node, "children", None))

    walk(layout)
    return [grid_id for grid_id in found if export_button_id(grid_id) in buttons]


def register_every_export(app: dash.Dash, layout) -> None:
    """Register the export of every grid of ``layout`` that has an export button (:func:`exported_grids`).

    The page calls it once all tabs have registered their callbacks, so no
    "Export CSV" button can be left without a download.

    Parameters
    ----------
    app : dash.Dash
        The application.
    layout : dash component
        The page's whole layout.
    """
    written = _written_outputs(app)
    register_exports(app, [g for g in exported_grids(layout) if f"{export_download_id(g)}.data" not in written])


def _written_outputs(app: dash.Dash) -> set[str]:
    """Every ``"id.prop"`` some callback of ``app`` writes (a tab may export a grid its own way)."""
    written: set[str] = set()
    for key in app.callback_map:
        for part in key.strip(".").split("..."):
            written.add(part.split("@")[0])
    return written
