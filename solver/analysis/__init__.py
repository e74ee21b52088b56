"""What is read off a whole solve: layers, densities, convergence, records and b-files,
the rules compared, and the thesis's printed lists and experiments (thesis sections 4 and 5).

Modules: :mod:`~solver.analysis.layers`, :mod:`~solver.analysis.records`,
:mod:`~solver.analysis.comparison`, :mod:`~solver.analysis.primitives`,
:mod:`~solver.analysis.thesis` (with :mod:`~solver.analysis.thesis_data`),
:mod:`~solver.analysis.experiments` (with :mod:`~solver.analysis.playout` and
:mod:`~solver.analysis.policies`).  Their public names are exported by :mod:`solver`.
"""
