"""Reading a Dash layout in the tests: which component ids it holds, and where."""

from __future__ import annotations


def lazy_ids(component, inside: bool = False) -> dict[str, bool]:
    """Every component id of a layout, and whether it sits in a box of class ``lazy-panel``.

    Parameters
    ----------
    component : dash component, list of them, or anything else
        The layout (anything without ``to_plotly_json`` holds no component).
    inside : bool, optional
        Whether ``component`` is already inside such a box.

    Returns
    -------
    dict of str to bool
        Id -> inside a lazy box (:func:`dashboard.components.lazy`).
    """
    found: dict[str, bool] = {}
    if isinstance(component, (list, tuple)):
        for item in component:
            found.update(lazy_ids(item, inside))
        return found
    if not hasattr(component, "to_plotly_json"):
        return found
    inside = inside or "lazy-panel" in (getattr(component, "className", None) or "").split()
    if isinstance(getattr(component, "id", None), str):
        found[component.id] = inside
    found.update(lazy_ids(getattr(component, "children", None), inside))
    return found
