"""The "Play" tab: play Put-or-Take-a-Square against the solver."""

from solver import config

from ...defaults import DEFAULT_PLAY_FIRST, DEFAULT_PLAY_MODE, DEFAULT_PLAY_START, DEFAULT_STRENGTH, PLAY_MODES
from ...urlkeys import UrlKey, choice, number_box_key
from .. import Tab
from . import callbacks, ids
from .layout import FIRST_OPTIONS, play_layout

#: The Play tab's entry in :data:`dashboard.registry.TABS`: its values come from the page's setup.
TAB = Tab(
    value="play",
    label="Play",
    layout=play_layout,
    register=callbacks.register,
    url_keys=(
        number_box_key("play", ids.PLAY_START, DEFAULT_PLAY_START, "the start number"),
        UrlKey("mode", ids.PLAY_MODE, DEFAULT_PLAY_MODE, choice("the mode", PLAY_MODES)),
        UrlKey("first", ids.PLAY_FIRST, DEFAULT_PLAY_FIRST, choice("who moves first", FIRST_OPTIONS)),
        UrlKey("strength", ids.PLAY_STRENGTH, DEFAULT_STRENGTH, callbacks.check_strength_param),
        number_box_key("seed", ids.PLAY_SEED, config.DEFAULT_SEED, "the seed", least=0, most=2**63),
    ),
    follows_setup=True,
)
