"""Games played on a drawn graph: the graph formats they share (:mod:`.formats`).

The finite graph games (Eraserhead, Monochrome) are finite impartial games
in :mod:`solver.impartial`; the loopy ones (tokens on a directed graph,
Snakes-and-Adders, Fair Shares and Varied Pairs) live in this package.
"""

from .formats import (
    GRAPH_FORMS,
    MAX_EDGES,
    MAX_VERTICES,
    PRESETS,
    Graph,
    format_graph,
    parse_graph,
    parse_vertices,
    preset_text,
)

__all__ = [
    "GRAPH_FORMS",
    "MAX_EDGES",
    "MAX_VERTICES",
    "PRESETS",
    "Graph",
    "format_graph",
    "parse_graph",
    "parse_vertices",
    "preset_text",
]
