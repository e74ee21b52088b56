"""Values of single positions and what is built from them: best moves and the one move
ranking, game trees, play, the inspector and draw certificates, loopy nim values and sums.

Modules: :mod:`~solver.values.position`, :mod:`~solver.values.tree`,
:mod:`~solver.values.play`, :mod:`~solver.values.inspection`,
:mod:`~solver.values.nimvalues`, :mod:`~solver.values.sums`.  Their public names are
exported by :mod:`solver`.
"""
