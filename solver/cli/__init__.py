"""The command line, ``python -m solver``: :mod:`~solver.cli.main` (every command),
:mod:`~solver.cli.values` (``nim-values``, ``sum``) and :mod:`~solver.cli.dask`
(``solve --engine dask``)."""
