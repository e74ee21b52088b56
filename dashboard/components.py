"""Layout pieces every tab uses: panels, labelled number boxes, graphs."""

from __future__ import annotations

from typing import Any

from dash import dcc, html

#: The mode bar of every graph: nothing leaves the machine (no Plotly logo,
#: no "send to cloud" or "edit in Chart Studio"), and only the tools that
#: help are kept: zoom, pan, zoom in and out, autoscale, reset, and the
#: camera, which saves a PNG at twice the screen's resolution.  Every graph
#: of the page also gets a "Download plot as SVG" button, added in the browser
#: by ``assets/page.js`` (a button's action is a function, which
#: JSON cannot carry).
GRAPH_CONFIG: dict[str, Any] = {
    "displaylogo": False,
    "showSendToCloud": False,
    "showEditInChartStudio": False,
    "showLink": False,
    "modeBarButtonsToRemove": [
        "sendDataToCloud",
        "editInChartStudio",
        "select2d",
        "lasso2d",
        "toggleSpikelines",
        "hoverClosestCartesian",
        "hoverCompareCartesian",
    ],
    "toImageButtonOptions": {"format": "png", "scale": 2},
    "responsive": True,
}


#: A clientside callback's statement that mounts a :func:`deferred` holder
#: (its id in ``holderId``, the shown value in ``shownValue``) once the
#: browser is next idle, at most 150 ms later.  A callback that opens a tab
#: or a view runs it: the requests the opening starts (some through one more
#: clientside step) are then on their way before the browser spends a few
#: hundred milliseconds building the content, and the server answers while
#: the page draws.  (With the next task instead, a view's request waited for
#: the build: the Finite games tab's first opening took 1.45 s, now 0.7-1.0 s.)
MOUNT_WHEN_SENT_JS = """(function (holderId, shownValue) {
    const mount = function () { window.dash_clientside.set_props(holderId, {value: shownValue}); };
    if (window.requestIdleCallback) { window.requestIdleCallback(mount, {timeout: 150}); }
    else { window.setTimeout(mount, 0); }
})"""


#: A clientside callback's code that hands a pressed button of a pattern-matching group
#: (``{"type": ..., "index": k}``, ``Input(..., "n_clicks")`` with ``ALL``) to a store: ``{index, clicks, at}``.
#: Dash runs a callback on such a group whenever new buttons are drawn (after every move); those have no
#: clicks, and this writes nothing for them, so drawing the buttons sends no request.  The Finite games
#: and Sums tabs' move buttons use it.
MOVE_CLICK_JS = """function () {
    var ctx = window.dash_clientside.callback_context;
    var fired = ctx.triggered || [];
    var id = ctx.triggered_id;
    if (fired.length !== 1 || !fired[0].value || !id || typeof id !== 'object') {
        return window.dash_clientside.no_update;
    }
    return {index: id.index, clicks: fired[0].value, at: Date.now()};
}"""


def attrs(values: dict[str, str]) -> dict[str, Any]:
    """Attributes such as ``aria-label`` for a Dash html component, as ``**attrs({...})``.

    Dash's html components take any ``aria-*`` and ``data-*`` attribute as a
    keyword; this only types them loosely for the type checker.

    Parameters
    ----------
    values : dict of str to str
        Attribute name -> value, e.g. ``{"aria-label": "solve progress"}``.

    Returns
    -------
    dict
        The same mapping.
    """
    return dict(values)


#: The value of a :func:`deferred` holder before and after its content is mounted.
DEFERRED_WAITING = "waiting"
DEFERRED_SHOWN = "shown"


def deferred(holder_id: str, content, *, mounted: bool = False) -> dcc.Tabs:
    """Hold content in the page's layout without mounting it until asked.

    A one-tab ``dcc.Tabs`` mounts only its selected tab's content.  Its value
    starts as :data:`DEFERRED_WAITING` (no tab), so nothing inside is drawn
    (no graph, no grid) while the components stay in the layout, where
    callbacks and the URL reach them; setting its ``value`` to
    :data:`DEFERRED_SHOWN` (a clientside callback, once) mounts the content,
    which then stays mounted with its state.  The page uses it for hidden
    tabs (:mod:`dashboard.callbacks`); a view switch can use it the same way.
    Setting the value back to :data:`DEFERRED_WAITING` unmounts the content
    again; the components' properties stay in the layout, so mounting it
    later draws what they hold (the Finite games tab does this for the views
    the chosen game does not show, :mod:`dashboard.tabs.finite.callbacks`).

    Parameters
    ----------
    holder_id : str
        Id of the holder (its ``value`` is what mounts the content).
    content : dash component
        What to hold.
    mounted : bool, optional
        Start with the content mounted (value :data:`DEFERRED_SHOWN`);
        default False.

    Returns
    -------
    dash.dcc.Tabs
        Styled by ``assets/style.css`` (``.deferred-*``): no tab bar, no
        frame.
    """
    return dcc.Tabs(
        id=holder_id,
        value=DEFERRED_SHOWN if mounted else DEFERRED_WAITING,
        children=[dcc.Tab(label="", value=DEFERRED_SHOWN, children=content)],
        className="deferred-bar",
        parent_className="deferred-parent",
        content_className="deferred-content",
        mobile_breakpoint=0,
    )


def lazy(holder_id: str, content, min_height: str, *, after_first_view: bool = False) -> html.Div:
    """Content drawn once it nears the viewport, or once the page is idle after its tab opens.

    A tab's panels below its first screen cost most of its first opening
    (each graph and grid is built and laid out), though nobody sees them
    yet.  The content sits in a :func:`deferred` holder inside a box of
    class ``lazy-panel``; ``assets/page.js`` (10) mounts it when the box
    comes within 150 px of the viewport, or, one holder at a time, when the
    page has been idle since the tab opened.  Callbacks are unaffected: the
    components are in the layout, their answers are kept and drawn when the
    content mounts.  A holder in a hidden tab is left alone until the tab
    is shown.

    Parameters
    ----------
    holder_id : str
        Id of the deferred holder (unique on the page).
    content : dash component
        What to hold.
    min_height : str
        CSS height the box keeps (before and after mounting), about the
        content's, so that what follows does not move up into view.
    after_first_view : bool, optional
        Mount the content only once the page is idle, even when the box is
        in view (class ``lazy-after``): for a costly picture in the first
        screen, such as a 3-D graph, drawn after the rest of the first view.
        Default False.

    Returns
    -------
    dash.html.Div
    """
    return html.Div(
        deferred(holder_id, content),
        className="lazy-panel lazy-after" if after_first_view else "lazy-panel",
        style={"minHeight": min_height},
    )


def graph_config() -> Any:
    """A fresh copy of :data:`GRAPH_CONFIG` for a ``dcc.Graph``'s ``config``.

    Returns
    -------
    dict
        A new dict (typed ``Any``: Dash types ``config`` as a TypedDict).
    """
    return dict(GRAPH_CONFIG)


def panel(title: str, body, note: str | None = None, wide: bool = False) -> html.Section:
    """A titled panel of a tab: heading, optional note, then the body.

    Parameters
    ----------
    title : str
        The heading.
    body : dash component
        What the panel holds.
    note : str, optional
        A short explanation shown under the heading.
    wide : bool, optional
        Span the whole width of the tab's grid.

    Returns
    -------
    dash.html.Section
    """
    children: list = [html.H2(title)]
    if note:
        children.append(html.P(note, className="note"))
    children.append(body)
    return html.Section(children, className="panel" + (" panel-wide" if wide else ""))


def section(title: str, note: str, body) -> html.Section:
    """A full-width :func:`panel` with its note before its body (the Thesis and Inspect tabs' panels).

    Parameters
    ----------
    title : str
        The panel's heading.
    note : str
        What the panel shows and where it comes from (thesis section).
    body : Dash component or list
        The panel's content.

    Returns
    -------
    dash.html.Section
    """
    return panel(title, body, note, wide=True)


def number_control(component_id: str, label: str, value: int | str) -> html.Div:
    """A labelled text box for a whole number (sent on Enter or blur).

    Parameters
    ----------
    component_id : str
        Id of the ``dcc.Input``.
    label : str
        The label shown above it.
    value : int or str
        Its starting text.

    Returns
    -------
    dash.html.Div
    """
    return html.Div(
        [
            html.Label(label, htmlFor=component_id),
            dcc.Input(id=component_id, type="text", value=str(value), debounce=True, className="num-input"),
        ],
        className="control",
    )


#: The figure of a graph before its first answer: no axes, nothing drawn (empty axes with no message
#: looked like a broken chart while a bound was being solved).
BLANK_FIGURE: dict[str, Any] = {
    "data": [],
    "layout": {
        "xaxis": {"visible": False},
        "yaxis": {"visible": False},
        "plot_bgcolor": "#fff",
        "paper_bgcolor": "#fff",
    },
}


def blank_figure() -> dict[str, Any]:
    """A fresh copy of :data:`BLANK_FIGURE` (a graph's figure before its first answer, or when it has none)."""
    return {"data": [], "layout": dict(BLANK_FIGURE["layout"])}


def graph(graph_id: str, height: int = 420) -> dcc.Loading:
    """A Plotly graph of a fixed height with a loading spinner and the page's mode bar.

    Parameters
    ----------
    graph_id : str
        Id of the ``dcc.Graph``.
    height : int, optional
        Height in pixels.

    Returns
    -------
    dash.dcc.Loading
        The graph starts blank (:data:`BLANK_FIGURE`): no empty axes before its figure arrives.
    """
    return dcc.Loading(
        dcc.Graph(id=graph_id, style={"height": f"{height}px"}, config=graph_config(), figure=blank_figure()),
        type="circle",
    )


#: Styles of a progress box (or bar) while work runs, and otherwise.
SHOWN = {"display": "block"}
HIDDEN = {"display": "none"}


def progress_value(fraction: float) -> str:
    """The ``value`` of an ``html.Progress`` (``max="100"``) for a fraction done.

    Parameters
    ----------
    fraction : float
        Work done, 0..1 (clipped to that range).

    Returns
    -------
    str
        The whole percentage, ``"0"`` to ``"100"``.
    """
    return str(round(100 * min(max(fraction, 0.0), 1.0)))


def inspect_link(position: int, text: str | None = None) -> html.Button:
    """A number drawn as a link that opens it in the Inspect tab (:mod:`dashboard.links`).

    Parameters
    ----------
    position : int
        The number, ``>= 0``.
    text : str, optional
        What the link shows; default the number with thousands separators.

    Returns
    -------
    dash.html.Button
        Class ``link-button``, attribute ``data-inspect`` (the number's
        digits), no id: ``assets/page.js`` (section 11) opens the number on a
        click, in the browser, by the rule of :func:`dashboard.links.link_target`.
    """
    return html.Button(
        text if text is not None else f"{position:,}",
        className="link-button",
        title=f"Inspect {position:,}",
        **attrs({"data-inspect": str(position)}),
    )
