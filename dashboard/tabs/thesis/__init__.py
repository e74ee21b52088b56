"""The "Thesis analyses" tab: the thesis's tables and figures, live."""

from solver import config

from ...defaults import DEFAULT_MATRIX_N
from ...urlkeys import UrlKey, whole
from .. import Tab
from . import callbacks, ids
from .layout import thesis_layout

#: The Thesis analyses tab's entry in :data:`dashboard.registry.TABS`.  The
#: limits of its boxes are those the tab states next to them.
TAB = Tab(
    value="thesis",
    label="Thesis analyses",
    layout=thesis_layout,
    register=callbacks.register,
    url_keys=(
        UrlKey(
            "plimit",
            ids.PRIMITIVES_LIMIT,
            str(config.DEFAULT_PRIMITIVES_LIMIT),
            whole("the limit", most=callbacks.PRIMITIVES_LIMIT_MAX),
            number_box=True,
        ),
        UrlKey(
            "player",
            ids.PRIMITIVES_LAYER,
            str(config.DEFAULT_PRIMITIVES_LAYER),
            whole("the layer", most=callbacks.PRIMITIVES_LAYER_MAX),
            number_box=True,
        ),
        UrlKey(
            "rn",
            ids.RANDOM_N,
            str(config.DEFAULT_RANDOM_N),
            whole("N", most=callbacks.RANDOM_GAMES_MAX),
            number_box=True,
        ),
        UrlKey(
            "rgames",
            ids.RANDOM_GAMES,
            str(config.DEFAULT_RANDOM_GAMES),
            whole("R", most=callbacks.RANDOM_GAMES_MAX),
            number_box=True,
        ),
        UrlKey(
            "rcap",
            ids.RANDOM_CAP,
            str(config.DEFAULT_MOVE_CAP),
            whole("the move cap", most=callbacks.RANDOM_CAP_MAX),
            number_box=True,
        ),
        UrlKey(
            "rseed", ids.RANDOM_SEED, str(config.DEFAULT_SEED), whole("the seed", least=0, most=2**63), number_box=True
        ),
        UrlKey(
            "fn", ids.FIXED_N, str(config.DEFAULT_STRATEGY_N), whole("N", most=callbacks.FIXED_N_MAX), number_box=True
        ),
        UrlKey("mn", ids.MATRIX_N, str(DEFAULT_MATRIX_N), whole("N", most=callbacks.MATRIX_N_MAX), number_box=True),
    ),
)
