"""The page's tabs, one subpackage each, all built the same way.

Every tab is ``layout.py`` (its components), ``callbacks.py`` (plain
functions behind the callbacks, which tests call directly, and ``register``,
which wires them to the app) and ``figures.py`` (pure builders: data in, a
``go.Figure``, cytoscape elements or an HTML table out).  Its component ids
are in its own ``ids.py`` (the page-wide ones in :mod:`dashboard.ids`),
control defaults in :mod:`solver.config` and :mod:`dashboard.defaults`,
shared state in :mod:`dashboard.state`.
"""
