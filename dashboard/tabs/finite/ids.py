"""Component ids of the Finite games tab (the page-wide ones are in :mod:`dashboard.ids`)."""

# ---------------------------------------------------------------- the game
#: The game: a hidden input the page's game menu sets (:mod:`dashboard.gamemenu`).
GAME = "finite-game"
GAME_ERROR = "finite-game-error"

# The container of a view's panels is ``views.base.panel_id(key)``: ``finite-view-grundy`` ...

# ---------------------------------------------------------------- octal games
HEAPS_N = "finite-heaps-n"
GRUNDY_GRAPH = "finite-grundy-graph"
GRUNDY_NOTE = "finite-grundy-note"
GRUNDY_ERROR = "finite-grundy-error"
CLASSES_GRID = "finite-classes-grid"
#: The classes' lazy holder (below the first screen, :func:`dashboard.components.lazy`).
CLASSES_LAZY = "finite-classes-lazy"
PAIRS_N = "finite-pairs-n"
PAIRS_GRAPH = "finite-pairs-graph"
PAIRS_NOTE = "finite-pairs-note"
PAIRS_ERROR = "finite-pairs-error"

# ---------------------------------------------------------------- Wythoff's and Euclid's games
PLANE_SIZE = "finite-plane-size"
PLANE_GRAPH = "finite-plane-graph"
PLANE_NOTE = "finite-plane-note"
PLANE_ERROR = "finite-plane-error"
#: The moves of the hovered (or clicked) position, as text under the picture.
PLANE_MOVES = "finite-plane-moves"
BEATTY_GRAPH = "finite-beatty-graph"
BEATTY_NOTE = "finite-beatty-note"
SIEVE_STEP = "finite-sieve-step"
SIEVE_PREV = "finite-sieve-prev"
SIEVE_NEXT = "finite-sieve-next"
SIEVE_VIEW = "finite-sieve-view"

# ---------------------------------------------------------------- Chomp
BARS_VIEW = "finite-bars-view"
BARS_NOTE = "finite-bars-note"
BARS_ERROR = "finite-bars-error"
SQUARE_COLS = "finite-square-cols"
SQUARE_GRAPH = "finite-square-graph"
SQUARE_NOTE = "finite-square-note"
SQUARE_ERROR = "finite-square-error"

# ---------------------------------------------------------------- play and the game tree (every game)
POSITION = "finite-position"
#: How a position of the chosen game is written, beside the position box.
POSITION_HELP = "finite-position-help"
PLAY_ERROR = "finite-play-error"
PLAY_STATE = "finite-play-state"
PLAY_MOVES = "finite-play-moves"
PLAY_LOG = "finite-play-log"
PLAY_NEW = "finite-play-new"
PLAY_COMPUTER = "finite-play-computer"
PLAY_REPLY = "finite-play-reply"
#: Pattern-matching id type of a move button: ``{"type": MOVE, "index": k}``
#: (k: the move's index in the game's list of moves of the position).
MOVE = "finite-move"
#: The Play panel's gate: written in the browser once the tab is open, and again when the game or the position
#: changes (``callbacks.FOLLOW_GATE_JS``).
PLAY_GATE = "finite-play-gate"
#: The move button pressed last, written in the browser: ``{"index": k, "clicks": n, "at": ms}``.  Buttons just
#: drawn (no clicks) write nothing, so a new list of moves sends no request.
MOVE_CLICK = "finite-move-click"
#: Holder that draws the game tree once near the viewport or idle (:func:`dashboard.components.lazy`).
TREE_LAZY = "finite-tree-lazy"
TREE_DEPTH = "finite-tree-depth"
TREE = "finite-tree"
TREE_NOTE = "finite-tree-note"
#: The game tree's gate: as :data:`PLAY_GATE`, and again when the tree's depth changes.
TREE_GATE = "finite-tree-gate"
#: Output of the client-side callback that fits the tree to its canvas once the canvas has its new height.
TREE_FIT = "finite-tree-fit"
#: The card of the node hovered or tapped, and the tree as a list.
TREE_CARD = "finite-tree-card"
TREE_LIST = "finite-tree-list"


# ---------------------------------------------------------------- CSV downloads, one per view


def csv_button_id(key: str) -> str:
    """Id of a "Download CSV" button (``key``: the export's name, :class:`.views.base.CsvExport`)."""
    return f"finite-csv-{key}"


def csv_file_id(key: str) -> str:
    """Id of the ``dcc.Download`` that receives an export's CSV."""
    return f"finite-csv-{key}-file"
