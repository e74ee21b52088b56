"""Component ids of the Sums tab (the page-wide ones are in :mod:`dashboard.ids`)."""

SUMS_RULE = "sums-rule"
SUMS_HEAPS = "sums-heaps"
SUMS_ERROR = "sums-error"
SUMS_RESULT = "sums-result"
SUMS_MOVES = "sums-moves"
#: Pattern-matching id type of a move button: ``{"type": SUMS_MOVE, "index": k}``.
SUMS_MOVE = "sums-move"
#: The last pressed move button, ``{"index": k, "clicks": c, "at": ms}`` (:data:`dashboard.components.MOVE_CLICK_JS`).
SUMS_MOVE_CLICK = "sums-move-click"
SUMS_COMPUTER = "sums-computer"
SUMS_REPLY = "sums-reply"
SUMS_LOG = "sums-log"
#: The game being played: ``{"heaps", "turn", "log"}`` (whose move it is and every move since the heaps were typed).
SUMS_GAME = "sums-game-store"
#: The game menu's value, copied in the browser while the tab is mounted (:data:`dashboard.controls.MENU_COPY_JS`).
SUMS_MENU_GAME = "sums-menu-game"
