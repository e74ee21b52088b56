"""The "Thesis analyses" tab: the thesis's tables and figures, live."""

from solver import config

from ...defaults import DEFAULT_MATRIX_N
from ...urlkeys import number_box_key
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
        number_box_key(
            "plimit",
            ids.PRIMITIVES_LIMIT,
            config.DEFAULT_PRIMITIVES_LIMIT,
            "the limit",
            most=callbacks.PRIMITIVES_LIMIT_MAX,
        ),
        number_box_key(
            "player",
            ids.PRIMITIVES_LAYER,
            config.DEFAULT_PRIMITIVES_LAYER,
            "the layer",
            most=callbacks.PRIMITIVES_LAYER_MAX,
        ),
        number_box_key("rn", ids.RANDOM_N, config.DEFAULT_RANDOM_N, "N", most=callbacks.RANDOM_GAMES_MAX),
        number_box_key("rgames", ids.RANDOM_GAMES, config.DEFAULT_RANDOM_GAMES, "R", most=callbacks.RANDOM_GAMES_MAX),
        number_box_key("rcap", ids.RANDOM_CAP, config.DEFAULT_MOVE_CAP, "the move cap", most=callbacks.RANDOM_CAP_MAX),
        number_box_key("rseed", ids.RANDOM_SEED, config.DEFAULT_SEED, "the seed", least=0, most=2**63),
        number_box_key("fn", ids.FIXED_N, config.DEFAULT_STRATEGY_N, "N", most=callbacks.FIXED_N_MAX),
        number_box_key("mn", ids.MATRIX_N, DEFAULT_MATRIX_N, "N", most=callbacks.MATRIX_N_MAX),
    ),
)
