"""Game trees of the page, one implementation for every game.

:mod:`.geometry` holds the label sizes, the zoom limits and the tidy layered
layout; :mod:`.style` the one stylesheet; :mod:`.build` the tree of any game
of :mod:`solver.registry` from a position to a move depth, and its cytoscape
elements; :mod:`.view` the panel a tab shows it in, with its depth control
and its fit.  The Explore tab's tree of a put-or-take rule
(:mod:`dashboard.tabs.explore.tree`) uses the geometry and the stylesheet
with its own node texts.
"""
