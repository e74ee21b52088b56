"""The page-wide setup bar: N, alpha and the bound B = alpha × N of the chosen rule, above the tabs.

Every tab reads its values from the one solve this bar sets up, so a number
has the same value on every tab.  The bar is shown for the games solved up
to a bound (the rules); the game itself is chosen in the page's game menu
(:mod:`dashboard.gamemenu`), which sets the bar's hidden rule input.  Its
callbacks, from the game, N and
alpha to the shared setup and the background solve's progress, are in
:mod:`dashboard.setup_callbacks`; its stores come from :func:`setup_stores`,
and its controls' keys in the address are :data:`URL_KEYS`.

On a phone the controls fold into one summary line
("N = 10,000 · α = 100 · B = 1,000,000  [Edit]") that opens them; on a wide
screen the summary line and the controls show together.  The bar is not
sticky: it never covers the top of a panel.
"""

from __future__ import annotations

import json
import math

from dash import dcc, html

from solver import DEFAULT_RULE, RULES, Rule, Solution, config

from . import ids, state
from .components import attrs
from .defaults import ALPHA_MAX, N_MAX, N_SLIDER_MAX_EXP, N_SLIDER_MIN_EXP, N_SLIDER_STEP
from .setup import NotSolvedError, setup_solution, validated_setup
from .urlkeys import number_box_key

__all__ = [
    "MENU_COPY_JS",
    "URL_KEYS",
    "alpha_hint",
    "bound_note",
    "decided_text",
    "decided_view",
    "gate_game",
    "gate_solution",
    "setup_bar",
    "setup_behind",
    "setup_stores",
    "summary_text",
]

#: The setup bar's controls in the address (written after the game and the
#: tab, before every tab's own keys): N and alpha.  The rule is the page's
#: game (:data:`dashboard.gamemenu.GAME_KEY`).
URL_KEYS = (
    number_box_key("n", ids.N_INPUT, config.DEFAULT_N, "N", most=N_MAX),
    number_box_key("alpha", ids.ALPHA_INPUT, config.DEFAULT_ALPHA, "alpha", most=ALPHA_MAX),
)

#: Marks of the N slider (powers of ten, short).
N_MARKS = {2: "100", 3: "1k", 4: "10k", 5: "100k", 6: "1M", 7: "10M"}


def summary_text(n: int, alpha: int, bound: int) -> str:
    """The setup bar's one-line summary.

    Parameters
    ----------
    n : int
        Positions examined, 1..N.
    alpha : int
        The bound's multiplier.
    bound : int
        ``alpha * n``.

    Returns
    -------
    str
        ``"N = 10,000 · α = 100 · B = α × N = 1,000,000"``.
    """
    return f"N = {n:,} · α = {alpha:,} · B = α × N = {bound:,}"


def alpha_hint(rule: Rule = DEFAULT_RULE) -> str:
    """The hint beside alpha's label: how the game's bound follows from N and alpha.

    Parameters
    ----------
    rule : Rule, optional
        The chosen game; default Put-or-Take-a-Square.

    Returns
    -------
    str
        ``" bound B = alpha × N"`` for a game whose play can climb without
        end; for one that never passes ``n + 1`` (subtract-a-square,
        Square-But-One), which ignores alpha, ``" not used by this game:
        B = N + 1"`` (:meth:`solver.Rule.bound_formula`).
    """
    formula = rule.bound_formula.replace("alpha x", "alpha ×")
    return f" bound B = {formula}" if rule.climbs else f" not used by this game: B = {formula}"


def rule_intro(rule: Rule = DEFAULT_RULE) -> str:
    """The header's sentence on a game: its rules and their source.

    The page writes it in the browser when the game changes (from the same
    text, :mod:`dashboard.callbacks`); the layout starts with the default
    game's.

    Parameters
    ----------
    rule : Rule, optional
        The chosen game; default Put-or-Take-a-Square.

    Returns
    -------
    str
        ``"<rules in a sentence> (<source>)."`` from :attr:`solver.Rule.summary`
        and :attr:`solver.Rule.source`.
    """
    return f"{rule.summary} ({rule.source})."


def decided_text(decided_below: int, n: int, bound: int) -> str:
    """How far every position is decided, in words.

    Parameters
    ----------
    decided_below : int
        :attr:`solver.Solution.decided_below`, ``0..bound``.
    n : int
        N, the positions the page counts.
    bound : int
        The bound B.

    Returns
    -------
    str
        ``"2,230: every position 1..2,230 is W, L or D; 2,231 is the first
        U"``; with ``" (so all of 1..N is decided)"`` when that reaches N, and
        ``"every position up to the bound"`` when nothing is U.
    """
    if decided_below >= bound:
        return f"{decided_below:,}: every position up to the bound is W, L or D"
    if decided_below == 0:
        return "0: position 1 is still U"
    text = f"{decided_below:,}: every position 1..{decided_below:,} is W, L or D; {decided_below + 1:,} is the first U"
    if decided_below >= n:
        text += " (so all of 1..N is decided)"
    return text


def decided_view(setup: object) -> list | str:
    """The setup bar's line on how far the page's solve decides every position (drawn with each new setup).

    Parameters
    ----------
    setup : dict or None
        The setup (checked again here).

    Returns
    -------
    list or str
        "Decided below 2,230" (bold) and ": every position 1..2,230 is W,
        L or D; 2,231 is the first U." (:func:`decided_text`), or "" when
        there is no valid setup or its solve cannot be opened.
    """
    try:
        checked = validated_setup(setup)
        solution, _ = setup_solution(checked)
    except (ValueError, OSError):
        return ""
    number, _, rest = decided_text(solution.decided_below, checked["n"], checked["bound"]).partition(": ")
    # On a phone only the number shows (the folded bar stays one line); the rest says what it means.
    return [html.Strong(f"Decided below {number}"), html.Span(f": {rest}.", className="setup-decided-more")]


def bound_note(bound: int, rule: Rule = DEFAULT_RULE) -> str:
    """The sentence a tab shows to say which game and bound its values come from.

    Parameters
    ----------
    bound : int
        The page's bound B.
    rule : Rule, optional
        The page's game; default Put-or-Take-a-Square.

    Returns
    -------
    str
        ``"Put-or-Take-a-Square: values at bound B = 1,000,000 (alpha × N, set
        at the top of the page)."``; for a game that never climbs past
        ``n + 1`` the bound is N + 1.
    """
    if not rule.climbs:
        return f"{rule.title}: values at bound B = {bound:,} (N + 1: play from n never passes n + 1, so every value is exact)."
    return f"{rule.title}: values at bound B = {bound:,} (alpha × N, set at the top of the page)."


def gate_solution(gate: object) -> tuple[Solution | None, str]:
    """The solve the Play and Inspect tabs read, from the tab's gate store.

    Parameters
    ----------
    gate : dict or None
        The gate store (:func:`dashboard.ids.tab_gate_id`):
        ``{"setup": setup or None, "pending": bound being solved or None,
        "pending_rule": its game's name or None}``.

    Returns
    -------
    tuple
        ``(solution, note)``: the :class:`solver.engine.solution.Solution` at the
        page's bound and the sentence that names it
        (:func:`bound_note`); or ``(None, message)``
        saying why there are no values yet (no setup yet, an invalid one,
        its bound being solved in the background, which this starts if
        needed, or another game being solved: then the last setup's values
        belong to the game the user just left, and none are shown).
    """
    if not isinstance(gate, dict):
        return None, "Open this tab to load its values."
    setup = gate.get("setup")
    pending = gate.get("pending")
    pending_bound = pending if isinstance(pending, int) and not isinstance(pending, bool) else None
    pending_rule = gate.get("pending_rule")
    if setup is None:
        if pending_bound is not None:
            formula = _formula(RULES.get(pending_rule, DEFAULT_RULE) if isinstance(pending_rule, str) else DEFAULT_RULE)
            return None, (
                f"Solving bound B = {pending_bound:,} ({formula}, set at the top of the page); the values show "
                "here when it is done. Progress is shown under the setup bar."
            )
        return None, "Waiting for the page's setup (the game, N and alpha at the top of the page)."
    if (
        pending_bound is not None
        and isinstance(pending_rule, str)
        and isinstance(setup, dict)
        and pending_rule != setup.get("rule", DEFAULT_RULE.name)
    ):
        # A newly chosen game is being solved: the last setup's values are another game's; show none.
        title = RULES[pending_rule].title if pending_rule in RULES else "the chosen game"
        return None, (
            f"Solving {title} to bound B = {pending_bound:,}; its values show here when it is done. Progress is "
            "shown under the setup bar."
        )
    try:
        checked = validated_setup(setup)
        solution, _ = setup_solution(checked)
    except NotSolvedError:
        bound = checked["bound"]
        try:
            state.JOBS.start(bound, checked["rule"])
        except (ValueError, RuntimeError, OSError) as exc:
            return None, f"Bound B = {bound:,} cannot be solved here: {exc}"
        return None, (
            f"Solving bound B = {bound:,} ({_formula(RULES[checked['rule']])}, set at the top of the page) in the "
            "background; try again in a few seconds (press Enter in a box or New game)."
        )
    except (ValueError, OSError) as exc:
        return None, f"No values: {exc}"
    note = bound_note(solution.bound, solution.rule)
    if pending_bound is not None and pending_bound != solution.bound:
        note += f" Bound {pending_bound:,} is being solved; the values change to it when it is done."
    return solution, note


def gate_game(gate: object) -> str | None:
    """The game a gate store's values are (or are about to be) of: the game being solved, else the setup's.

    Parameters
    ----------
    gate : dict or None
        A tab's gate store (:func:`gate_solution`).

    Returns
    -------
    str or None
        A rule's registry name; None when the gate names none yet.
    """
    if not isinstance(gate, dict):
        return None
    pending_rule = gate.get("pending_rule")
    if isinstance(gate.get("pending"), int) and isinstance(pending_rule, str):
        return pending_rule
    setup = gate.get("setup")
    if isinstance(setup, dict):
        rule = setup.get("rule", DEFAULT_RULE.name)
        return rule if isinstance(rule, str) else None
    return None


def setup_behind(gate: object, game: object) -> str | None:
    """Why a tab that follows the setup shows nothing yet: the game menu is ahead of the tab's gate.

    Right after a new game is chosen, the menu names it while the tab's gate
    store still holds the last game's setup (its update is on its way from
    the server).  A tab that drew from the gate then would show the last
    game's values under the new game's title.

    Parameters
    ----------
    gate : dict or None
        The tab's gate store (:func:`gate_solution`).
    game : object
        The game menu's value (:data:`dashboard.ids.GAME_MENU`).  Only one of
        the put-or-take rules (:data:`solver.RULES`) is checked; anything else
        (a finite game, junk) gives None.

    Returns
    -------
    str or None
        ``"Waiting for the page's setup of Put-or-Take-a-Cube; its values
        show here when it is ready."`` when the menu names a rule other than
        the gate's (:func:`gate_game`); None when they agree or either names
        none.
    """
    behind = gate_game(gate)
    if isinstance(game, str) and game in RULES and behind is not None and behind != game:
        return f"Waiting for the page's setup of {RULES[game].title}; its values show here when it is ready."
    return None


#: A tab's copy of the game menu's value, in the browser: ``Input`` the menu, ``Output`` a store in the tab.  A
#: server callback that checks :func:`setup_behind` takes that store as its input, not the menu itself.  Only a
#: put-or-take rule is copied (the only games :func:`setup_behind` checks): a finite or graph game chosen sends
#: the server no request for a tab that does not serve it.
MENU_COPY_JS = (
    "function (game) { return __RULES__.indexOf(game) >= 0 ? game : window.dash_clientside.no_update; }".replace(
        "__RULES__", json.dumps(sorted(RULES))
    )
)


def _formula(rule: Rule) -> str:
    """How the game's bound follows from the setup, for a sentence: ``"alpha × N"`` or ``"N + 1"``."""
    return rule.bound_formula.replace("alpha x", "alpha ×")


def setup_stores() -> list:
    """The stores of the shared setup, which the setup bar's callbacks write and every tab reads.

    The validated setup travels request -> (pending, while a background solve
    runs) -> setup (:mod:`dashboard.setup_callbacks`); every view listens to
    the setup.

    Returns
    -------
    list
        ``dcc.Store`` :data:`dashboard.ids.REQUEST`, :data:`dashboard.ids.PENDING`
        and :data:`dashboard.ids.SETUP`, and the background solve's poll,
        ``dcc.Interval`` :data:`dashboard.ids.SOLVE_POLL` (every 0.5 s while on);
        and ``dcc.Store`` :data:`dashboard.ids.SETUP_ASK`, which asks for the
        first setup only when a put-or-take rule is chosen.
    """
    return [
        dcc.Store(id=ids.SETUP_ASK),
        dcc.Store(id=ids.REQUEST),
        dcc.Store(id=ids.PENDING),
        dcc.Store(id=ids.SETUP),
        dcc.Interval(id=ids.SOLVE_POLL, interval=500, disabled=True),
    ]


def _label(text: str, target: str, hint: str | None = None) -> html.Label:
    children = [text] + ([html.Span(hint, className="hint")] if hint else [])
    return html.Label(children, htmlFor=target)


def setup_bar() -> html.Section:
    """Return the setup bar: summary line, N slider and box, alpha box, messages, progress.

    Returns
    -------
    dash.html.Section
        Id :data:`dashboard.ids.SETUP_BAR`.  Its summary line
        (:data:`dashboard.ids.SETUP_SUMMARY`) is rewritten in the browser as
        the setup changes; the Edit button (:data:`dashboard.ids.SETUP_EDIT`,
        shown on narrow screens only) opens and closes the controls
        (:data:`dashboard.ids.SETUP_CONTROLS`).
    """
    n, alpha = config.DEFAULT_N, config.DEFAULT_ALPHA
    return html.Section(
        [
            html.Div(
                [
                    html.Span(
                        summary_text(n, alpha, n * alpha),
                        id=ids.SETUP_SUMMARY,
                        className="setup-summary",
                        role="status",
                        **attrs({"aria-live": "polite"}),
                    ),
                    html.Span(id=ids.SETUP_DECIDED, className="setup-decided note", role="status"),
                    html.Button(
                        "Edit",
                        id=ids.SETUP_EDIT,
                        className="button button-small setup-edit",
                        title="Change N and alpha",
                        **attrs({"aria-expanded": "false", "aria-controls": ids.SETUP_CONTROLS}),
                    ),
                ],
                className="setup-summary-row",
            ),
            html.Div(
                [
                    # The rule is the page's game (dashboard/gamemenu.py), which sets this hidden input.
                    dcc.Input(id=ids.RULE_SELECT, type="hidden", value=DEFAULT_RULE.name),
                    html.Div(
                        [
                            _label("N (positions 1..N examined)", ids.N_INPUT, " log scale, or type a value"),
                            html.Div(
                                [
                                    dcc.Input(
                                        id=ids.N_INPUT,
                                        type="text",
                                        value=str(n),
                                        debounce=True,
                                        className="num-input",
                                        inputMode="numeric",
                                        autoComplete="off",
                                    ),
                                    html.Div(
                                        dcc.Slider(
                                            id=ids.N_SLIDER,
                                            min=N_SLIDER_MIN_EXP,
                                            max=N_SLIDER_MAX_EXP,
                                            step=N_SLIDER_STEP,
                                            value=math.log10(n),
                                            marks=N_MARKS,
                                            updatemode="mouseup",
                                            allow_direct_input=False,
                                        ),
                                        className="setup-slider",
                                    ),
                                ],
                                className="setup-n-row",
                            ),
                            html.Div(id=ids.N_ERROR, className="error", role="alert"),
                        ],
                        className="control control-wide",
                    ),
                    html.Div(
                        [
                            html.Label(
                                ["alpha", html.Span(alpha_hint(DEFAULT_RULE), id=ids.ALPHA_HINT, className="hint")],
                                htmlFor=ids.ALPHA_INPUT,
                            ),
                            dcc.Input(
                                id=ids.ALPHA_INPUT,
                                type="text",
                                value=str(alpha),
                                debounce=True,
                                className="num-input num-input-short",
                                inputMode="numeric",
                                autoComplete="off",
                            ),
                            html.Div(id=ids.ALPHA_ERROR, className="error", role="alert"),
                        ],
                        className="control",
                    ),
                ],
                id=ids.SETUP_CONTROLS,
                className="setup-controls",
            ),
            html.Div(id=ids.SETUP_ERROR, className="error setup-error", role="alert"),
            html.Div(
                [
                    html.Span("Solving a new bound; the page stays usable and shows the last bound until it is done. "),
                    html.Progress(
                        id=ids.SOLVE_PROGRESS, value="0", max="100", **attrs({"aria-label": "solve progress"})
                    ),
                ],
                id=ids.SOLVE_PROGRESS_BOX,
                className="progress-box",
                style={"display": "none"},
            ),
        ],
        id=ids.SETUP_BAR,
        className="setup-bar",
        **attrs({"aria-label": "Setup: N, alpha and the bound"}),
    )
