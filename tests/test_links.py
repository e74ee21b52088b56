"""Clicks on numbers open the inspector."""

from __future__ import annotations

from dashboard import links
from dashboard.tabs.explore import figures
from dashboard.tabs.explore import ids as explore_ids


def test_layer_point_names_its_value():
    import numpy as np

    fig = figures.layer_figure([np.array([1, 4, 9]), np.array([5, 20])], "L")
    point = {"x": fig.data[0].x[1], "y": fig.data[0].y[1]}
    if fig.data[0].customdata is not None:
        point["customdata"] = fig.data[0].customdata[1]
    assert links.number_from_event({"points": [point]}, explore_ids.LAYERS_L_GRAPH) == 20


def test_difference_point_names_the_later_member():
    import numpy as np

    fig = figures.difference_figure(np.array([5, 20, 45]), 2)
    point = {"x": 2, "y": 25, "customdata": list(fig.data[0].customdata[1])}
    assert links.number_from_event({"points": [point]}) == 45


def test_table_cells_name_numbers_only_in_number_columns():
    assert links.number_from_event({"colId": "n", "value": 11745}) == 11745
    assert links.number_from_event({"colId": "primitive", "value": "145"}) == 145
    assert links.number_from_event({"colId": "reason", "value": "x"}) is None
    assert links.number_from_event({"colId": "n", "value": "abc"}) is None
    assert links.number_from_event(None) is None
