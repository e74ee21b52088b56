"""The page-wide component ids, in one place, so layouts, callbacks and tests agree.

These are the ids of the page itself: the address, the tab bar, the header,
the setup bar and the stores of the shared setup, and the ids made from a
tab's value (its container, its gate store, its deferred holder) or from a
grid's id (its CSV export).  A tab's own components have their ids in the
tab's folder, ``dashboard/tabs/<name>/ids.py``.
"""

# ---------------------------------------------------------------- the page
URL = "url"
TABS = "tabs"
GRAPH_REFRESH = "graph-refresh-store"
#: Deferred holder of a hidden graph and table that load their scripts once the first view is drawn
#: (:func:`dashboard.layout.warm_up`, ``assets/page.js``).
WARM_UP = "page-warm-up"
#: Notice listing the values of the address that were ignored.
URL_NOTICE = "url-notice"
#: Output of the client-side callback that sets ``aria-invalid`` on number
#: boxes marked invalid (``dcc.Input`` has no aria props).
ARIA_SYNC = "aria-sync-store"
#: The header's title and introduction, which name the chosen game, and the sentence on what its labels mean.
PAGE_TITLE = "page-title"
PAGE_INTRO = "page-intro"
PAGE_LABELS = "page-labels"
#: The page's one game menu (dashboard/gamemenu.py), the box for any other game of a family, and its message.
GAME_MENU = "game-menu"
GAME_TYPED = "game-typed"
GAME_MENU_ERROR = "game-menu-error"
#: The navigation landmark around the tab bar; its class hides the tabs that do not serve the game.
TAB_NAV = "tab-nav"
#: The notice that says what the solver is compiling (a fresh install's first
#: launch; dashboard/compile_notice.py) and its poll, a ``dcc.Interval``.
COMPILE_NOTICE = "compile-notice"
COMPILE_POLL = "compile-poll"

# ---------------------------------------------------------------- the page-wide setup bar (dashboard/controls.py)
#: The setup's rule: a hidden input (a name of :data:`solver.games.RULES`) the game menu sets.
RULE_SELECT = "rule-select"
N_SLIDER = "n-slider"
N_INPUT = "n-input"
N_ERROR = "n-error"
ALPHA_INPUT = "alpha-input"
ALPHA_ERROR = "alpha-error"
#: The hint beside alpha's label: how the chosen game's bound follows from N and alpha.
ALPHA_HINT = "alpha-hint"
SETUP_BAR = "setup-bar"
SETUP_SUMMARY = "setup-summary"
#: How far every position is decided at the page's bound (a line of the setup bar, every tab sees it).
SETUP_DECIDED = "setup-decided"
SETUP_EDIT = "setup-edit"
SETUP_CONTROLS = "setup-controls"
SETUP_ERROR = "setup-error"
SOLVE_PROGRESS = "solve-progress"
SOLVE_PROGRESS_BOX = "solve-progress-box"

# ---------------------------------------------------------------- the shared setup: what the bar asks for, what the views read
REQUEST = "request-store"
PENDING = "pending-store"
SETUP = "setup-store"
SOLVE_POLL = "solve-poll"
#: Written in the browser when the setup must be asked for although no input of the setup bar changed: the
#: page's first game is a put-or-take rule, or a rule is chosen with no setup yet (:mod:`dashboard.setup_callbacks`).
SETUP_ASK = "setup-ask"


# ---------------------------------------------------------------- ids made from a value


def tab_container_id(tab: str) -> str:
    """Id of the container that holds a tab's content.

    Parameters
    ----------
    tab : str
        The tab's value (:attr:`dashboard.tabs.Tab.value`).

    Returns
    -------
    str
        ``"tab-<value>"``.
    """
    return f"tab-{tab}"


def export_button_id(grid_id: str) -> str:
    """Id of the "Export CSV" button that belongs to a grid.

    Parameters
    ----------
    grid_id : str
        The grid's id.

    Returns
    -------
    str
        ``"<grid id>-export"``.
    """
    return f"{grid_id}-export"


def export_download_id(grid_id: str) -> str:
    """Id of the ``dcc.Download`` that receives a grid's CSV export.

    Parameters
    ----------
    grid_id : str
        The grid's id.

    Returns
    -------
    str
        ``"<grid id>-download"``.
    """
    return f"{grid_id}-download"


def tab_gate_id(tab: str) -> str:
    """Id of the store that opens a tab's callbacks (set when the tab is first shown).

    The store holds None until the tab is first selected.  For a tab whose
    values come from the page's setup (:attr:`dashboard.tabs.Tab.follows_setup`)
    it then holds ``{"opened": True, "setup": <the setup store>, "pending":
    <bound being solved or None>, "pending_rule": <its game or None>}``,
    written again only when those change;
    for any other gated tab ``{"opened": True}``, written once.  A tab's
    server callbacks take it as an ``Input`` (with
    ``prevent_initial_call=True``), so a hidden tab does no work before it
    is opened.

    Parameters
    ----------
    tab : str
        The tab's value (:attr:`dashboard.tabs.Tab.value`).

    Returns
    -------
    str
        ``"tab-gate-<value>"``.
    """
    return f"tab-gate-{tab}"


def deferred_id(tab: str) -> str:
    """Id of the holder that mounts a hidden tab's content the first time the tab is shown.

    A one-tab ``dcc.Tabs`` whose value starts as ``"waiting"`` (nothing is
    mounted; the components stay in the page's layout, so callbacks and the
    URL still reach them) and becomes ``"shown"`` once, when the tab is first
    selected; the content then stays mounted.

    Parameters
    ----------
    tab : str
        The tab's value (:attr:`dashboard.tabs.Tab.value`).

    Returns
    -------
    str
        ``"tab-deferred-<value>"``.
    """
    return f"tab-deferred-{tab}"
