"""Component ids of the Thesis analyses tab (the page-wide ones are in :mod:`dashboard.ids`)."""

#: The note that the tab's analyses are of Put-or-Take-a-Square only.
THESIS_SCOPE = "thesis-scope"
THESIS_LISTS_TABLE = "thesis-lists-table"
THESIS_LISTS_SUMMARY = "thesis-lists-summary"
RANDOM_N = "random-n"
RANDOM_GAMES = "random-games"
RANDOM_CAP = "random-cap"
RANDOM_SEED = "random-seed"
RANDOM_RUN = "random-run"
RANDOM_GRAPH = "random-graph"
RANDOM_STATS = "random-stats"
#: Message of the random-play panel (bad input, too many games).
RANDOM_ERROR = "random-error"
FIXED_N = "fixed-n"
FIXED_GRAPH = "fixed-graph"
FIXED_TABLE = "fixed-table"
FIXED_ERROR = "fixed-error"
MATRIX_N = "matrix-n"
MATRIX_TABLE = "matrix-table"
MATRIX_ERROR = "matrix-error"
PRIMITIVES_LAYER = "primitives-layer"
PRIMITIVES_LIMIT = "primitives-limit"
PRIMITIVES_ERROR = "primitives-error"
PRIMITIVES_GRAPH = "primitives-graph"
PRIMITIVES_TABLE = "primitives-table"


def lazy_id(panel: str) -> str:
    """Id of the holder that draws a panel below the tab's first screen (:func:`dashboard.components.lazy`)."""
    return f"thesis-lazy-{panel}"
