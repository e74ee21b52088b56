"""The Sums tab: sums of heaps, their loopy nim values, outcome, best moves, and play."""

from ...urlkeys import UrlKey, choice
from .. import Tab
from . import callbacks, ids
from .layout import DEFAULT_HEAPS, DEFAULT_RULE, RULE_OPTIONS, sums_layout

#: The Sums tab's entry in :data:`dashboard.registry.TABS`.
TAB = Tab(
    value="sums",
    label="Sums",
    layout=sums_layout,
    register=callbacks.register,
    # The sums are of the page's game at its bound, unless the menu picks an octal game.
    follows_setup=True,
    url_keys=(
        UrlKey("heaps", ids.SUMS_HEAPS, DEFAULT_HEAPS, callbacks.check_heaps_param),
        UrlKey(
            "srule", ids.SUMS_RULE, DEFAULT_RULE, choice("the game of the sums", [o["value"] for o in RULE_OPTIONS])
        ),
    ),
)
