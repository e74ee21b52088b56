"""The "Inspect a number" tab: one number's moves, value, put-chain and draw certificate."""

from ...defaults import DEFAULT_INSPECT
from ...urlkeys import number_box_key
from .. import Tab
from . import callbacks, ids
from .layout import inspect_layout

#: The Inspect tab's entry in :data:`dashboard.registry.TABS`: its values come
#: from the page's setup, and its draw certificate is a cytoscape graph.
TAB = Tab(
    value="inspect",
    label="Inspect a number",
    layout=inspect_layout,
    register=callbacks.register,
    url_keys=(number_box_key("inspect", ids.INSPECT_INPUT, DEFAULT_INSPECT, "the number", least=0),),
    follows_setup=True,
    relayout_graphs=((ids.INSPECT_CERTIFICATE, "layout"),),
    # Addresses have always been written ...&inspect=8&play=92...: kept, so no address changes.
    url_before="play",
)
