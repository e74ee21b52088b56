"""Component ids of the Games on graphs tab (the page-wide ones are in :mod:`dashboard.ids`)."""

# ---------------------------------------------------------------- the game and its board
#: The game: a hidden input the page's game menu sets (:mod:`dashboard.gamemenu`).
GAME = "graphs-game"
#: The board's text: a graph (``0>1,1>2``, ``petersen``), a Snakes-and-Adders board (``20: 5>12,14>3``),
#: a number of almonds.
BOARD = "graphs-board"
BOARD_HELP = "graphs-board-help"
#: Presets of the board (a menu of examples for the game).
PRESET = "graphs-preset"
#: The position's text: tokens, erasers, marks (``0,0,2``), a partition (``3+2+1``).
POSITION = "graphs-position"
POSITION_LABEL = "graphs-position-label"
#: The upload of an edge list (a ``dcc.Upload``), its button, and the file as the browser measured it:
#: ``{"filename", "bytes", "data", "seq"}`` (:mod:`.upload`).
UPLOAD = "graphs-upload"
UPLOAD_BUTTON = "graphs-upload-button"
UPLOAD_FILE = "graphs-upload-file"
#: What a tap on the drawing does: edit the board, place tokens, or play.
MODE = "graphs-mode"
ERROR = "graphs-error"

# ---------------------------------------------------------------- the drawing
CANVAS = "graphs-canvas"
#: The box around the drawing: it scrolls sideways when a board is wider than the screen (assets/graph_editor.js).
CANVAS_BOX = "graphs-canvas-box"
#: The key to a board's ladders, snakes and track, shown while the drawing has arrows (assets/graph_editor.js).
LEGEND = "graphs-legend"
#: A tap or a drag on the drawing, sent by assets/graph_editor.js: ``{"action", "v", "x", "y", "seq"}``.
INTENT = "graphs-intent"
#: The vertex tapped first (an edge's first end, a move's start), or None.
SELECTED = "graphs-selected"
#: Where the vertices are drawn: ``{"for": board text, "places": [[x, y], ...]}``.
PLACES = "graphs-places"
#: The outcome of the position and its reason.
OUTCOME = "graphs-outcome"
NOTE = "graphs-note"

# ---------------------------------------------------------------- play
MOVES = "graphs-moves"
LOG = "graphs-log"
COMPUTER = "graphs-computer"
REPLY = "graphs-reply"
NEW = "graphs-new"
#: Pattern-matching id type of a move button: ``{"type": MOVE, "index": k}``.
MOVE = "graphs-move"
#: The last pressed move button, ``{"index": k, "clicks": c, "at": ms}`` (:data:`dashboard.components.MOVE_CLICK_JS`).
MOVE_CLICK = "graphs-move-click"

# ---------------------------------------------------------------- values
#: The table of vertex values (its "Export CSV" writes them).
VALUES = "graphs-values"
#: The holders of the table and of the tree's canvas, below the first screen (:func:`dashboard.components.lazy`).
VALUES_LAZY = "graphs-values-lazy"
TREE_LAZY = "graphs-tree-lazy"

# ---------------------------------------------------------------- the game tree
#: The tree's canvas, its move depth, the line above it, the fit's (empty) output, the card and the list.
TREE = "graphs-tree"
TREE_DEPTH = "graphs-tree-depth"
TREE_NOTE = "graphs-tree-note"
TREE_FIT = "graphs-tree-fit"
TREE_CARD = "graphs-tree-card"
TREE_LIST = "graphs-tree-list"
