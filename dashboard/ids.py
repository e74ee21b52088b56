"""Every component id of the page, in one place, so layouts, callbacks and tests agree.

Grouped by tab.  Ids made from a value (a tab's container, a grid's export
button, a summary count) come from the functions at the end.
"""

# ---------------------------------------------------------------- the page
URL = "url"
TABS = "tabs"
GRAPH_REFRESH = "graph-refresh-store"

# ---------------------------------------------------------------- Explore: controls and shared setup
N_SLIDER = "n-slider"
N_INPUT = "n-input"
N_ERROR = "n-error"
ALPHA_INPUT = "alpha-input"
ALPHA_ERROR = "alpha-error"
DEPTH_SLIDER = "depth-slider"
START_INPUT = "start-input"
START_ERROR = "start-error"
REQUEST = "request-store"
PENDING = "pending-store"
SETUP = "setup-store"
SOLVE_PROGRESS = "solve-progress"
SOLVE_PROGRESS_BOX = "solve-progress-box"
SOLVE_POLL = "solve-poll"
SETUP_ERROR = "setup-error"
DOWNLOAD_BUTTON = "download-button"
DOWNLOAD = "download"

# ---------------------------------------------------------------- Explore: views
SUMMARY = "summary"
DENSITY_GRAPH = "density-graph"
DENSITY_TRANSFORM = "density-transform"
LAYERS_W_GRAPH = "layers-w-graph"
LAYERS_L_GRAPH = "layers-l-graph"
DIFF_LAYER = "difference-layer"
DIFF_GRAPH = "difference-graph"
TREE = "game-tree"
TREE_TOGGLED = "tree-toggled-store"
TREE_MESSAGE = "tree-message"
TREE_LEGEND = "tree-legend"
TREE_INSPECT = "tree-inspect-button"
CONVERGENCE_GRAPH = "convergence-graph"
CONVERGENCE_TABLE = "convergence-table"
CONVERGENCE_MESSAGE = "convergence-message"
CONVERGENCE_BUTTON = "convergence-button"
CONVERGENCE_PROGRESS = "convergence-progress"
CONVERGENCE_POLL = "convergence-poll"

# ---------------------------------------------------------------- Thesis analyses
THESIS_LISTS_TABLE = "thesis-lists-table"
THESIS_LISTS_SUMMARY = "thesis-lists-summary"
RANDOM_N = "random-n"
RANDOM_GAMES = "random-games"
RANDOM_CAP = "random-cap"
RANDOM_SEED = "random-seed"
RANDOM_RUN = "random-run"
RANDOM_GRAPH = "random-graph"
RANDOM_STATS = "random-stats"
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

# ---------------------------------------------------------------- Play (all start with "play-")
PLAY_STORE = "play-store"
PLAY_START = "play-start"
PLAY_NEW = "play-new"
PLAY_MODE = "play-mode"
PLAY_FIRST = "play-first"
PLAY_STRENGTH = "play-strength"
PLAY_SEED = "play-seed"
PLAY_HINTS = "play-hints"
PLAY_ERROR = "play-error"
PLAY_BOUND = "play-bound"
PLAY_STATUS = "play-status"
PLAY_PREDICTION = "play-prediction"
PLAY_TAKE = "play-take"
PLAY_PUT = "play-put"
PLAY_COMPUTER = "play-computer"
PLAY_AUTO = "play-auto"
PLAY_INTERVAL = "play-interval"
PLAY_UNDO = "play-undo"
PLAY_REDO = "play-redo"
PLAY_RESTART = "play-restart"
PLAY_SWAP = "play-swap"
PLAY_GRAPH = "play-graph"
PLAY_LOG = "play-log"
#: The take and put buttons' holder (put-or-take games) and, for the games
#: with many moves, the row with a list of moves and its Play button.
PLAY_TWO_MOVES = "play-two-moves"
PLAY_CHOICE_ROW = "play-choice-row"
PLAY_CHOICE = "play-choice"
PLAY_CHOICE_GO = "play-choice-go"
#: The game selector of the setup bar (a name of :data:`solver.games.RULES`),
#: and the header's title and introduction, which name the chosen game.
RULE_SELECT = "rule-select"
PAGE_TITLE = "page-title"
PAGE_INTRO = "page-intro"
#: The Explore views Records (with b-file downloads) and Rules compared.
RECORDS_TABLE = "records-table"
RECORDS_MESSAGE = "records-message"
BFILE_P = "bfile-p"
BFILE_N = "bfile-n"
BFILE_D = "bfile-d"
BFILE_DOWNLOAD = "bfile-download"
NIM_GRAPH = "nim-graph"
NIM_MESSAGE = "nim-message"
COMPARE_TABLE = "compare-table"
COMPARE_MESSAGE = "compare-message"
#: The Thesis tab's note that its analyses are of Put-or-Take-a-Square only.
THESIS_SCOPE = "thesis-scope"

# ---------------------------------------------------------------- Inspect a number (all start with "inspect-")
#: The number input; other views link to it (they set its ``value``).
INSPECT_INPUT = "inspect-number"
INSPECT_BOUND = "inspect-bound"
INSPECT_ERROR = "inspect-error"
INSPECT_SUMMARY = "inspect-summary"
INSPECT_MOVES = "inspect-moves"
INSPECT_CHAIN = "inspect-chain"
INSPECT_CERTIFICATE = "inspect-certificate"
INSPECT_CERTIFICATE_NOTE = "inspect-certificate-note"
INSPECT_CERTIFICATE_BOX = "inspect-certificate-box"


# ---------------------------------------------------------------- ids made from a value


def tab_container_id(tab: str) -> str:
    """Id of the container that holds a tab's content.

    Parameters
    ----------
    tab : str
        The tab's value (a key of :data:`dashboard.layout.TAB_LABELS`).

    Returns
    -------
    str
        ``"tab-<value>"``.
    """
    return f"tab-{tab}"


def export_button_id(grid_id: str) -> str:
    """Id of the "Export CSV" button that belongs to a grid.

    Parameters
    ----------
    grid_id : str
        The grid's id.

    Returns
    -------
    str
        ``"<grid id>-export"``.
    """
    return f"{grid_id}-export"


def summary_count_id(letter: str) -> str:
    """Id of the cell of the Explore summary that holds the count of an outcome.

    Parameters
    ----------
    letter : {"W", "L", "D", "U"}

    Returns
    -------
    str
        ``"summary-count-<letter>"``.
    """
    return f"summary-count-{letter}"


def export_download_id(grid_id: str) -> str:
    """Id of the ``dcc.Download`` that receives a grid's CSV export.

    Parameters
    ----------
    grid_id : str
        The grid's id.

    Returns
    -------
    str
        ``"<grid id>-download"``.
    """
    return f"{grid_id}-download"


# ---------------------------------------------------------------- added: page hardening
#: Message under the CSV download button (e.g. N above the download limit).
DOWNLOAD_MESSAGE = "download-message"
#: Notice listing the values of the address that were ignored.
URL_NOTICE = "url-notice"
#: Output of the client-side callback that sets ``aria-invalid`` on number
#: boxes marked invalid (``dcc.Input`` has no aria props).
ARIA_SYNC = "aria-sync-store"
#: Message of the random-play panel (bad input, too many games).
RANDOM_ERROR = "random-error"


# ---------------------------------------------------------------- the page-wide setup bar (dashboard/controls.py)
SETUP_BAR = "setup-bar"
SETUP_SUMMARY = "setup-summary"
SETUP_EDIT = "setup-edit"
SETUP_CONTROLS = "setup-controls"

# ---------------------------------------------------------------- Play: more
PLAY_SEED_ERROR = "play-seed-error"


def tab_gate_id(tab: str) -> str:
    """Id of the store that opens a tab's callbacks (set when the tab is first shown).

    The store holds None until the tab is first selected.  For a tab whose
    values come from the page's setup (:data:`dashboard.layout.SETUP_TABS`)
    it then holds ``{"opened": True, "setup": <the setup store>, "pending":
    <bound being solved or None>}``, written again only when those change;
    for any other gated tab ``{"opened": True}``, written once.  A tab's
    server callbacks take it as an ``Input`` (with
    ``prevent_initial_call=True``), so a hidden tab does no work before it
    is opened.

    Parameters
    ----------
    tab : str
        The tab's value (a key of :data:`dashboard.layout.TAB_LABELS`).

    Returns
    -------
    str
        ``"tab-gate-<value>"``.
    """
    return f"tab-gate-{tab}"


# ---------------------------------------------------------------- added: the game tree and the Explore views
#: The Explore tab's view switch (a radio group styled as tabs).
EXPLORE_VIEW = "explore-view"
#: The move-depth box beside the slider (sent on Enter or blur) and its message.
DEPTH_INPUT = "depth-input"
DEPTH_ERROR = "depth-error"
#: The move depth the tree uses: the slider's value once it has rested 0.35 s.
DEPTH_APPLIED = "depth-applied-store"
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


def deferred_id(tab: str) -> str:
    """Id of the holder that mounts a hidden tab's content the first time the tab is shown.

    A one-tab ``dcc.Tabs`` whose value starts as ``"waiting"`` (nothing is
    mounted; the components stay in the page's layout, so callbacks and the
    URL still reach them) and becomes ``"shown"`` once, when the tab is first
    selected; the content then stays mounted.

    Parameters
    ----------
    tab : str
        The tab's value (a key of :data:`dashboard.layout.TAB_LABELS`).

    Returns
    -------
    str
        ``"tab-deferred-<value>"``.
    """
    return f"tab-deferred-{tab}"


# ---------------------------------------------------------------- added: the Explore views mount and update when shown
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
