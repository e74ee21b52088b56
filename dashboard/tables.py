"""Sortable, filterable tables with a CSV export button (dash-ag-grid), shared by every tab."""

from __future__ import annotations

import dash
import dash_ag_grid as dag
from dash import Input, Output, html

from .ids import export_button_id


def data_grid(grid_id: str, columns: list[tuple[str, str]], file_name: str, page_size: int = 12) -> html.Div:
    """A table: sortable, filterable, paged, with an "Export CSV" button.

    Parameters
    ----------
    grid_id : str
        Component id of the grid (its ``rowData`` holds the rows).
    columns : list of (field, header)
        Column field names and the headers shown.
    file_name : str
        Name of the CSV file the button downloads.
    page_size : int, optional
        Rows per page.

    Returns
    -------
    dash.html.Div
        The button (id :func:`dashboard.ids.export_button_id` of the grid)
        and the grid, in that order.
    """
    return html.Div(
        [
            html.Button("Export CSV", id=export_button_id(grid_id), className="button button-small"),
            dag.AgGrid(
                id=grid_id,
                columnDefs=[{"field": field, "headerName": header} for field, header in columns],
                rowData=[],
                defaultColDef={"sortable": True, "filter": True, "resizable": True, "flex": 1, "minWidth": 90},
                dashGridOptions={
                    "pagination": True,
                    "paginationPageSize": page_size,
                    "paginationPageSizeSelector": [page_size, 50, 200],
                    "domLayout": "autoHeight",
                },
                csvExportParams={"fileName": file_name},
                className="ag-theme-alpine",
            ),
        ],
        className="grid",
    )


def register_exports(app: dash.Dash, grid_ids: list[str]) -> None:
    """Make each grid's export button download its rows as CSV.

    Parameters
    ----------
    app : dash.Dash
        The application.
    grid_ids : list of str
        Ids of grids made by :func:`data_grid`.
    """
    for grid_id in grid_ids:
        app.callback(
            Output(grid_id, "exportDataAsCsv"),
            Input(export_button_id(grid_id), "n_clicks"),
            prevent_initial_call=True,
        )(lambda _clicks: True)
