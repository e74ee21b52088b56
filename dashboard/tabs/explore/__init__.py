"""The "Explore" tab: the controls N, alpha, depth and start, and the views of one solve."""

from solver import config
from solver.analysis.layers import TRANSFORMS

from ...defaults import DEFAULT_DIFF_LAYER, DEFAULT_TRANSFORM, DEPTH_MAX
from ...urlkeys import UrlKey, choice, number_box_key, slider
from .. import SetupView, Tab
from . import callbacks, ids
from .layout import DEFAULT_VIEW, EXPLORE_TAB, VIEW_LABELS, explore_layout

#: The Explore tab's entry in :data:`dashboard.registry.TABS`: the default tab, so not gated.
TAB = Tab(
    value=EXPLORE_TAB,
    label="Explore",
    layout=explore_layout,
    register=callbacks.register,
    url_keys=(
        UrlKey("view", ids.EXPLORE_VIEW, DEFAULT_VIEW, choice("the Explore view", VIEW_LABELS)),
        # The depth box shows the applied depth (the slider's, once it rests), so
        # the address changes once per depth change, not at every slider step.
        UrlKey("depth", ids.DEPTH_INPUT, config.DEFAULT_DEPTH, slider("the move depth", 1, DEPTH_MAX)),
        number_box_key("start", ids.START_INPUT, config.DEFAULT_START, "the start number"),
        UrlKey("density", ids.DENSITY_TRANSFORM, DEFAULT_TRANSFORM, choice("the density transform", TRANSFORMS)),
        UrlKey("diff", ids.DIFF_LAYER, DEFAULT_DIFF_LAYER, slider("the layer", 1, DEPTH_MAX)),
    ),
    gated=False,
    # The summary, the view shown first, comes with the setup in one request.
    setup_views=(SetupView(ids.SUMMARY, "children", callbacks.make_summary),),
)
