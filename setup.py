"""Packaging: pyproject.toml holds everything but the package list, which it cannot express.

pyproject's ``packages`` is either found or listed, not both.  Ours is both:
every package found under ``solver`` and ``dashboard``, plus
``dashboard.assets``, the page's CSS and scripts, which live in the
top-level ``assets/`` folder (where Dash looks by default) and are installed
as package data inside ``dashboard`` (``package-dir`` and ``package-data`` in
pyproject.toml), so an installed copy serves them too
(:data:`dashboard.app.ASSETS`).
"""

from setuptools import find_namespace_packages, setup

setup(packages=[*find_namespace_packages(include=["solver*", "dashboard*"]), "dashboard.assets"])
