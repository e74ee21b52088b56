"""Component ids of the Explore tab (the page-wide ones are in :mod:`dashboard.ids`).

Grouped by part of the tab.  Ids made from a value (a view's container,
holder and gate store, a summary count) come from the functions at the end.
"""

# ---------------------------------------------------------------- controls: move depth, start, download
DEPTH_SLIDER = "depth-slider"
#: The move-depth box beside the slider (sent on Enter or blur) and its message.
DEPTH_INPUT = "depth-input"
DEPTH_ERROR = "depth-error"
#: The move depth the tree uses: the slider's value once it has rested 0.35 s.
DEPTH_APPLIED = "depth-applied-store"
#: The tree's depth and start, ``{"depth", "start"}``: written in the browser only
#: while the tree is shown, so a depth change sends no request for a hidden tree.
TREE_ARGS = "tree-args-store"
START_INPUT = "start-input"
START_ERROR = "start-error"
DOWNLOAD_BUTTON = "download-button"
DOWNLOAD = "download"
#: Message under the CSV download button (e.g. N above the download limit).
DOWNLOAD_MESSAGE = "download-message"

# ---------------------------------------------------------------- the views
#: The Explore tab's view switch (a radio group styled as tabs).
EXPLORE_VIEW = "explore-view"
SUMMARY = "summary"
DENSITY_GRAPH = "density-graph"
DENSITY_TRANSFORM = "density-transform"
LAYERS_W_GRAPH = "layers-w-graph"
LAYERS_L_GRAPH = "layers-l-graph"
#: What the Layers view draws, ``{"setup", "depth"}``: written in the browser only
#: while the view is shown, so a depth change sends no request for a hidden view.
LAYERS_ARGS = "layers-args-store"
DIFF_LAYER = "difference-layer"
DIFF_GRAPH = "difference-graph"
CONVERGENCE_GRAPH = "convergence-graph"
#: The convergence figure for a wide screen and for a phone; the browser shows one of them.
CONVERGENCE_FIGURES = "convergence-figures-store"
CONVERGENCE_TABLE = "convergence-table"
CONVERGENCE_MESSAGE = "convergence-message"
CONVERGENCE_BUTTON = "convergence-button"
CONVERGENCE_PROGRESS = "convergence-progress"
CONVERGENCE_POLL = "convergence-poll"
#: The views Records (with b-file downloads), Nim values and Rules compared.
RECORDS_TABLE = "records-table"
RECORDS_MESSAGE = "records-message"
BFILE_P = "bfile-p"
BFILE_N = "bfile-n"
BFILE_D = "bfile-d"
BFILE_DOWNLOAD = "bfile-download"
#: The Records view's "also the partial terms" checklist (b-files past decided below).
BFILE_PARTIAL = "bfile-partial"
NIM_GRAPH = "nim-graph"
NIM_MESSAGE = "nim-message"
COMPARE_TABLE = "compare-table"
COMPARE_MESSAGE = "compare-message"

# ---------------------------------------------------------------- the game tree
TREE = "game-tree"
TREE_TOGGLED = "tree-toggled-store"
TREE_MESSAGE = "tree-message"
TREE_LEGEND = "tree-legend"
TREE_INSPECT = "tree-inspect-button"
#: A click or key press on a tree node: ``{"path", "seq"}`` (written by tree.js).
TREE_ACTION = "tree-action-store"
#: Output of the tree's clientside callbacks (view changes); holds nothing else.
TREE_VIEW = "tree-view-store"
TREE_BEST = "tree-best-button"
TREE_COLLAPSE = "tree-collapse-button"
TREE_ZOOM_IN = "tree-zoom-in"
TREE_ZOOM_OUT = "tree-zoom-out"
TREE_FIT = "tree-fit"
#: The focusable box around the tree graph (keyboard), its hover card, and
#: the screen-reader text of the selected node.
TREE_BOX = "tree-box"
TREE_CARD = "tree-card"
TREE_SELECTION = "tree-selection"


# ---------------------------------------------------------------- ids made from a value


def summary_count_id(letter: str) -> str:
    """Id of the cell of the Explore summary that holds the count of an outcome.

    Parameters
    ----------
    letter : {"W", "L", "D", "U", "U-not-L", "U-not-W", "decided"}
        An outcome, one of the two partial facts of U, or ``"decided"``
        (the fact "decided below").

    Returns
    -------
    str
        ``"summary-count-<letter>"``.
    """
    return f"summary-count-{letter}"


def explore_view_id(view: str) -> str:
    """Id of the container of one Explore view (summary, densities, ..., tree).

    Parameters
    ----------
    view : str
        A key of :data:`dashboard.tabs.explore.layout.VIEW_LABELS`.

    Returns
    -------
    str
        ``"explore-view-<view>"``.
    """
    return f"explore-view-{view}"


def explore_deferred_id(view: str) -> str:
    """Id of the holder that mounts an Explore view's panel the first time the view is chosen.

    Parameters
    ----------
    view : str
        A key of :data:`dashboard.tabs.explore.layout.VIEW_LABELS` other
        than the view shown first.

    Returns
    -------
    str
        ``"explore-deferred-<view>"`` (a :func:`dashboard.components.deferred` holder).
    """
    return f"explore-deferred-{view}"


def explore_gate_id(view: str) -> str:
    """Id of the store that hands the shared setup to one Explore view, only while the view is shown.

    Parameters
    ----------
    view : str
        A key of :data:`dashboard.tabs.explore.layout.VIEW_LABELS` other
        than the view shown first.

    Returns
    -------
    str
        ``"explore-gate-<view>"``; the store holds the setup the view last
        drew (None until the view is first shown), so a hidden view sends no
        request when N or alpha change.
    """
    return f"explore-gate-{view}"


def summary_list_id(kind: str) -> str:
    """Id of one of the Summary's lists of positions.

    Parameters
    ----------
    kind : {"U", "bounded"}
        The U positions, or the W/L whose remoteness is only bounded.

    Returns
    -------
    str
        ``"summary-list-<kind>"``.
    """
    return f"summary-list-{kind}"
