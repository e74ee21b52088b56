"""Callbacks of the Thesis analyses tab: parse the inputs, run the experiment, shape rows and figures.

Each callback body is a plain function (:func:`make_thesis_lists`,
:func:`make_random_play`, :func:`make_primitives`, :func:`make_fixed`,
:func:`make_matrix`) that tests call directly; :func:`register` wires them to
the page.  Nothing is computed until the tab is first opened (its gate
store, :func:`dashboard.ids.tab_gate_id`).  Every input is
checked where it enters, and the work it asks for is estimated first
(:mod:`solver.costs`): a request that would run longer than
:data:`REQUEST_SECONDS` is refused with the estimate and the limit, so no
request holds the server for long.  Bad input becomes a message, the box it
came from is marked invalid, and the figures and tables keep their last good
state.  Results are memoized on the checked values (the experiments are
seeded, so equal inputs give equal results).
"""

from __future__ import annotations

from collections.abc import Callable

import dash
from dash import Input, Output, State, no_update

from solver import (
    Cost,
    Outcome,
    adder_subtractor,
    always_subtract,
    check_cost,
    compare_thesis_lists,
    config,
    draw_certificate,
    layer,
    move_values,
    parse_int,
    position_value,
    primitive_elements,
    random_play,
    strategy_matrix,
)
from solver.analysis.experiments import STRATEGY_LABELS
from solver.analysis.thesis_data import THESIS_BOUND
from solver.costs import fixed_strategies_cost, primitives_cost, random_play_cost, solve_cost, strategy_matrix_cost
from solver.store import SolutionCache
from solver.values.inspection import value_text
from solver.values.play import move_text

from ... import defaults, state
from ... import ids as page_ids
from ...setup import INLINE_BOUND, memo
from ...tables import register_exports
from . import figures, ids

#: Longest a request of this tab may run, in seconds (estimated up front by
#: :mod:`solver.costs`, calibrated on a 2-core machine).
REQUEST_SECONDS = 2.0

#: ``className`` of a number box, and of one whose content was refused.
BOX_CLASS = "num-input"
BOX_INVALID_CLASS = "num-input invalid"


def _largest_within(cost: Callable[[int], float], most: int) -> int:
    """The largest n in ``1..most`` with ``cost(n) <= REQUEST_SECONDS`` (cost grows with n),
    rounded down to two significant figures, so the page can state a round limit."""
    if cost(most) <= REQUEST_SECONDS:
        return most
    low, high = 1, most
    while low < high:
        mid = (low + high + 1) // 2
        if cost(mid) <= REQUEST_SECONDS:
            low = mid
        else:
            high = mid - 1
    scale = 10 ** max(0, len(str(low)) - 2)
    return max(1, low // scale * scale)


def _solve_seconds(bound: int) -> float:
    return solve_cost(bound).seconds


#: Largest layer of the primitive-elements view.
PRIMITIVES_LAYER_MAX = defaults.PRIMITIVES_LAYER_MAX
#: Largest limit of the primitive-elements view: its bound, 100 x limit, is
#: solved inside the request, so at most INLINE_BOUND, and within the time.
PRIMITIVES_LIMIT_MAX = _largest_within(
    lambda n: _solve_seconds(100 * n) + primitives_cost(PRIMITIVES_LAYER_MAX, n).seconds,
    min(defaults.PRIMITIVES_LIMIT_MAX, INLINE_BOUND // 100),
)
#: Largest move cap of random play.
RANDOM_CAP_MAX = defaults.RANDOM_CAP_MAX
#: Most random games (N x R) in one request, at the thesis's move cap.
RANDOM_GAMES_MAX = _largest_within(
    lambda g: random_play_cost(1, g, config.DEFAULT_MOVE_CAP).seconds, defaults.RANDOM_GAMES_MAX
)
#: Largest N of the fixed strategies.
FIXED_N_MAX = _largest_within(lambda n: fixed_strategies_cost(n).seconds, defaults.STRATEGY_N_MAX)
#: Largest N of the strategy matrix (its optimal player reads the solve to
#: 100 N, solved inside the request when it is not open yet).
MATRIX_N_MAX = _largest_within(
    lambda n: strategy_matrix_cost(n).seconds + _solve_seconds(100 * n),
    min(defaults.MATRIX_N_MAX, INLINE_BOUND // 100),
)
#: Results kept by each memo.
MEMO_ENTRIES = 16


def box_class(bad: bool) -> str:
    """The ``className`` of a number box: :data:`BOX_INVALID_CLASS` when its content was refused.

    Parameters
    ----------
    bad : bool
        Whether the box's content was refused.

    Returns
    -------
    str
    """
    return BOX_INVALID_CLASS if bad else BOX_CLASS


class _BadBox(ValueError):
    """A refused input, with the positions of the boxes it came from."""

    def __init__(self, message: str, boxes: tuple[int, ...]):
        super().__init__(message)
        self.boxes = boxes


def _read(text: object, name: str, box: int, **limits) -> int:
    try:
        return parse_int(text, name, **limits)  # type: ignore[arg-type]  # page input: parse_int refuses other types with ValueError (its docstring); its annotation is narrower
    except ValueError as exc:
        raise _BadBox(str(exc), (box,)) from None


def _within_time(cost: Cost, boxes: tuple[int, ...], advice: str) -> None:
    try:
        check_cost(cost, max_seconds=REQUEST_SECONDS, advice=advice)
    except ValueError as exc:
        raise _BadBox(str(exc), boxes) from None


def _classes(count: int, bad: tuple[int, ...] = ()) -> list[str]:
    return [box_class(i in bad) for i in range(count)]


def _solve_cost_if_needed(solutions, bound: int) -> Cost:
    """The cost of opening the solve to ``bound``: nothing when it is open or on disk."""
    if solutions.peek(bound) is not None:
        return Cost(0.0, 0, f"the solve to bound {bound:,} (done)")
    return solve_cost(bound)


def _plus(a: Cost, b: Cost) -> Cost:
    return Cost(a.seconds + b.seconds, max(a.bytes, b.bytes), f"{a.what} with {b.what}")


def make_thesis_lists(tab: object, solutions):
    """Rows and a summary of :func:`solver.analysis.thesis.compare_thesis_lists`.

    Parameters
    ----------
    tab : str or None
        The selected tab; nothing is computed until "thesis" is opened.
    solutions : solver.store.memory.SolutionCache
        Where the solve to the thesis's bound comes from.

    Returns
    -------
    tuple
        ``(rows, summary text)``; ``no_update`` for both while another tab
        is open, and no rows and the message when the solve fails.
    """
    if tab != "thesis":
        return no_update, no_update
    try:
        return _thesis_lists(solutions)
    except (ValueError, OSError) as exc:
        return [], str(exc)


#: The name :func:`solver.compare_thesis_lists` gives the rows of Appendix B.
APPENDIX_B = "Appendix B, draws"


def _thesis_lists(solutions):
    # The lists never change (the thesis's bound is fixed): judged once per server, then served at once.
    return _thesis_lists_of(solutions)


@memo(1)
def _thesis_lists_of(solutions):
    solution, _ = solutions.get(THESIS_BOUND)
    table = compare_thesis_lists(solution)
    listed = (table["list"] == APPENDIX_B) & (table["thesis"] == "D")
    table.loc[listed, "reason"] = [judge_listed_draw(int(n), solution) for n in table.loc[listed, "n"]]
    parts = []
    for name, group in table.groupby("list", sort=False):
        if name == APPENDIX_B:
            parts.append(appendix_b_summary(group))
        else:
            parts.append(f"{name}: {int(group['agrees'].sum())} of {len(group)} rows agree")
    rows = table.assign(agrees=table["agrees"].map({True: "yes", False: "no"})).to_dict("records")
    return rows, "; ".join(parts) + "."


def judge_listed_draw(n: int, solution) -> str:
    """The verdict on one of Appendix B's "drawing positions", with its reason, on the thesis's terms.

    Parameters
    ----------
    n : int
        A position the thesis lists as a draw (``<= solution.bound``).
    solution : solver.Solution
        The solve at the thesis's bound.

    Returns
    -------
    str
        For a certified draw, that it is one and the two claims that prove
        it (the certificate's size; the Inspect tab shows it claim by
        claim); for a W, the move to an L that wins; for an L, that every
        move leads to a W; for a U, what it cannot be.
    """
    outcome, _ = position_value(n, solution)
    text = value_text(n, solution)
    if outcome == Outcome.D:
        try:
            certificate = draw_certificate(n, solution)
        except ValueError as exc:  # larger than the default size: still a certified draw
            return f"agrees: a certified draw ({exc})"
        witness = next(e for e in certificate.edges if e.position == n and e.claim == "not L")
        return (
            f"agrees: a certified draw. It cannot be W (every move leads to a position that cannot be L) nor L "
            f"({move_text(witness.move)} → {witness.child:,} cannot be W); the certificate names "
            f"{len(certificate.members)} positions: click n to see it"
        )
    moves = move_values(n, solution)
    if outcome == Outcome.W:
        win = next(m for m in moves if m.best)
        return (
            f"not a draw: {text}, the player to move wins: {move_text(win.move)} → {win.child:,} leads to an L "
            f"({value_text(win.child, solution)})"
        )
    if outcome == Outcome.L:
        shown = ", ".join(f"{move_text(m.move)} → {m.child:,} ({value_text(m.child, solution)})" for m in moves)
        return f"not a draw: {text}, the player to move loses: every move leads to a W ({shown})"
    cannot = solution.cannot_be(n)
    return f"unresolved at bound {solution.bound:,}" + (f": it cannot be {cannot}" if cannot else "")


def appendix_b_summary(group) -> str:
    """How Appendix B's listed draws are judged, and how many certified draws it leaves out.

    Parameters
    ----------
    group : pandas.DataFrame
        The rows of :func:`solver.compare_thesis_lists` for Appendix B.

    Returns
    -------
    str
        ``"Appendix B, draws: of its 159 listed draws, 141 are certified
        draws, 16 are L, 2 are W (436, 601), 0 are U; 695 certified draws
        below 975 are not listed"``.
    """
    listed = group[group["thesis"] == "D"]
    letter = listed["sound"].str[0]
    wins = ", ".join(f"{int(n):,}" for n in listed.loc[letter == "W", "n"])
    missing = group[group["thesis"] == "(missing)"]
    text = (
        f"{APPENDIX_B}: of its {len(listed)} listed draws, {int((letter == 'D').sum())} are certified draws, "
        f"{int((letter == 'L').sum())} are L, {int((letter == 'W').sum())} are W"
        + (f" ({wins})" if wins else "")
        + f", {int((letter == 'U').sum())} are U"
    )
    if len(missing):
        text += f"; {len(missing)} certified draws below {int(listed['n'].max()):,} are not listed"
    return text


@memo(MEMO_ENTRIES)
def _random_play_view(n: int, games: int, cap: int, seed: int):
    result = random_play(n, games, cap, seed)
    title = f"Random play from 1..{n:,}, {games:,} games each: moves until someone reaches 0"
    stats = (
        f"{result.games:,} games: player 1 wins {result.p1_wins:,}, player 2 wins {result.p2_wins:,} "
        f"(ratio {result.ratio:.4f}); {result.over_cap:,} over the cap of {cap:,} moves."
    )
    return figures.histogram_figure(result.lengths, title, "moves"), stats


def make_random_play(n_text: object, games_text: object, cap_text: object, seed_text: object):
    """Histogram of game lengths and the win counts of random play (thesis Fig 15).

    Parameters
    ----------
    n_text, games_text, cap_text, seed_text : str
        What was typed for N (starts ``1..N``), R (games per start), the
        move cap (at most :data:`RANDOM_CAP_MAX`) and the seed.

    Returns
    -------
    tuple
        ``(figure, stats text, error message, N class, R class, cap class,
        seed class)``.  For bad input, or more games than run in
        :data:`REQUEST_SECONDS` (:func:`solver.costs.random_play_cost`), the
        figure and stats stay (``no_update``), the message says what to
        change and the boxes at fault are marked invalid.
    """
    try:
        n = _read(n_text, "N", 0)
        games = _read(games_text, "R", 1)
        cap = _read(cap_text, "the move cap", 2, most=RANDOM_CAP_MAX)
        seed = _read(seed_text, "the seed", 3, least=0, most=2**63)
        _within_time(random_play_cost(n, games, cap), (0, 1), f"lower N or R (N × R up to about {RANDOM_GAMES_MAX:,})")
        figure, stats = _random_play_view(n, games, cap, seed)
    except _BadBox as exc:
        return no_update, no_update, str(exc), *_classes(4, exc.boxes)
    except ValueError as exc:
        return no_update, no_update, str(exc), *_classes(4)
    return figure, stats, "", *_classes(4)


@memo(MEMO_ENTRIES)
def _primitives_view(k: int, limit: int, solutions):
    solution, _ = solutions.get(100 * limit)
    table = primitive_elements(layer(solution, limit, k))
    rows = table.assign(
        pell=table["pell"].map({True: "yes", False: ""}),
        generated=table["generated"].map(lambda g: ", ".join(map(str, g))),
    ).to_dict("records")
    return figures.primitives_figure(table, k), rows


def make_primitives(layer_text: object, limit_text: object, solutions):
    """Figure and rows of the primitive elements of a layer up to a limit (Tables 2, 3).

    Parameters
    ----------
    layer_text, limit_text : str
        What was typed for the layer k (at most :data:`PRIMITIVES_LAYER_MAX`)
        and the limit (largest member, at most :data:`PRIMITIVES_LIMIT_MAX`).
    solutions : solver.store.memory.SolutionCache
        The shared solve cache; the solve is to ``100 * limit``.

    Returns
    -------
    tuple
        ``(figure, table rows, error message, layer class, limit class)``;
        rows as :func:`solver.analysis.primitives.primitive_elements` with ``pell``
        as "yes"/"" and ``generated`` as comma-separated text.  For bad
        input the figure and rows stay (``no_update``).
    """
    try:
        k = _read(layer_text, "the layer", 0, most=PRIMITIVES_LAYER_MAX)
        limit = _read(limit_text, "the limit", 1, most=PRIMITIVES_LIMIT_MAX)
        cost = _plus(primitives_cost(k, limit), _solve_cost_if_needed(solutions, 100 * limit))
        _within_time(cost, (1,), f"lower the limit (up to {PRIMITIVES_LIMIT_MAX:,})")
        figure, rows = _primitives_view(k, limit, solutions)
    except _BadBox as exc:
        return no_update, no_update, str(exc), *_classes(2, exc.boxes)
    except (ValueError, OSError) as exc:
        return no_update, no_update, str(exc), *_classes(2)
    return figure, rows, "", *_classes(2)


@memo(MEMO_ENTRIES)
def _fixed_view(n: int):
    fig = figures.histogram_figure(
        always_subtract(n), f"Always subtract, starts 1..{n:,}: moves to reach 0", "moves", "#009E73"
    )
    rows = []
    for adder in (1, 2):
        row = adder_subtractor(n, adder)
        rows.append(
            {
                "seating": f"player {adder} puts, player {3 - adder} takes",
                "p1_wins": row["p1_wins"],
                "p2_wins": row["p2_wins"],
                "draws": row["draws"],
            }
        )
    return fig, rows


def make_fixed(n_text: object):
    """Always-subtract histogram and the adder/subtractor table (thesis Fig 16).

    Parameters
    ----------
    n_text : str
        What was typed for N (starts ``1..N``, at most :data:`FIXED_N_MAX`).

    Returns
    -------
    tuple
        ``(figure, table rows, error message, N class)``; one row per
        seating (player 1 puts, then player 2 puts) with ``p1_wins``,
        ``p2_wins`` and ``draws``.  For bad input the figure and rows stay
        (``no_update``).
    """
    try:
        n = _read(n_text, "N", 0, most=FIXED_N_MAX)
        _within_time(fixed_strategies_cost(n), (0,), f"lower N (up to {FIXED_N_MAX:,})")
        fig, rows = _fixed_view(n)
    except _BadBox as exc:
        return no_update, no_update, str(exc), *_classes(1, exc.boxes)
    except ValueError as exc:
        return no_update, no_update, str(exc), *_classes(1)
    return fig, rows, "", *_classes(1)


@memo(MEMO_ENTRIES)
def _matrix_rows(n: int, solutions):
    solution, _ = solutions.get(100 * n)
    table = strategy_matrix(n, solution, seed=config.DEFAULT_SEED)
    table = table.assign(
        first=table["first"].map(lambda s: STRATEGY_LABELS.get(s, str(s))),
        second=table["second"].map(lambda s: STRATEGY_LABELS.get(s, str(s))),
    )
    return table[["first", "second", "first_wins", "second_wins", "draws", "unfinished"]].to_dict("records")


def make_matrix(n_text: object, solutions):
    """Rows of the strategy matrix for starts 1..N.

    Parameters
    ----------
    n_text : str
        What was typed for N (at most :data:`MATRIX_N_MAX`).
    solutions : solver.store.memory.SolutionCache
        The shared solve cache; the optimal player reads the solve to
        ``100 * N``.

    Returns
    -------
    tuple
        ``(table rows, error message, N class)``: one row per ordered pair
        of :data:`solver.analysis.experiments.STRATEGIES` (first mover, second
        mover) with the counts of first-mover wins, second-mover wins,
        draws and unfinished games.  For bad input the rows stay
        (``no_update``).
    """
    try:
        n = _read(n_text, "N", 0, most=MATRIX_N_MAX)
        cost = _plus(strategy_matrix_cost(n), _solve_cost_if_needed(solutions, 100 * n))
        _within_time(cost, (0,), f"lower N (up to {MATRIX_N_MAX:,})")
        rows = _matrix_rows(n, solutions)
    except _BadBox as exc:
        return no_update, str(exc), *_classes(1, exc.boxes)
    except (ValueError, OSError) as exc:
        return no_update, str(exc), *_classes(1)
    return rows, "", *_classes(1)


def _unless_open(gate: object, count: int, run: Callable[[], tuple]) -> tuple:
    """Run a view only once the tab has been opened (its gate store is set); else change nothing."""
    return run() if gate else (no_update,) * count


def _tab(gate: object) -> str | None:
    return "thesis" if gate else None


def register(app: dash.Dash, solutions: SolutionCache | None = None) -> None:
    """Wire the Thesis analyses tab's callbacks to ``app``.

    The callbacks wait on the tab's gate store
    (:func:`dashboard.ids.tab_gate_id`), which the page sets the first time
    the tab is shown: a hidden tab computes nothing, and switching tabs
    does not run them again.

    Parameters
    ----------
    app : dash.Dash
        The application whose layout holds :func:`thesis_layout`.
    solutions : solver.store.memory.SolutionCache, optional
        The solve cache the callbacks read; default the shared one,
        :data:`dashboard.state.SOLUTIONS` as it is when they are registered.
    """
    if solutions is None:
        solutions = state.SOLUTIONS
    gate = page_ids.tab_gate_id("thesis")
    register_exports(app, [ids.THESIS_LISTS_TABLE, ids.FIXED_TABLE, ids.MATRIX_TABLE, ids.PRIMITIVES_TABLE])
    app.callback(
        Output(ids.PRIMITIVES_GRAPH, "figure"),
        Output(ids.PRIMITIVES_TABLE, "rowData"),
        Output(ids.PRIMITIVES_ERROR, "children"),
        Output(ids.PRIMITIVES_LAYER, "className"),
        Output(ids.PRIMITIVES_LIMIT, "className"),
        Input(ids.PRIMITIVES_LAYER, "value"),
        Input(ids.PRIMITIVES_LIMIT, "value"),
        Input(gate, "data"),
        prevent_initial_call=True,
    )(lambda k, limit, opened: _unless_open(opened, 5, lambda: make_primitives(k, limit, solutions)))
    app.callback(
        Output(ids.RANDOM_GRAPH, "figure"),
        Output(ids.RANDOM_STATS, "children"),
        Output(ids.RANDOM_ERROR, "children"),
        Output(ids.RANDOM_N, "className"),
        Output(ids.RANDOM_GAMES, "className"),
        Output(ids.RANDOM_CAP, "className"),
        Output(ids.RANDOM_SEED, "className"),
        Input(ids.RANDOM_RUN, "n_clicks"),
        Input(gate, "data"),
        State(ids.RANDOM_N, "value"),
        State(ids.RANDOM_GAMES, "value"),
        State(ids.RANDOM_CAP, "value"),
        State(ids.RANDOM_SEED, "value"),
        prevent_initial_call=True,
    )(lambda _c, opened, *texts: _unless_open(opened, 7, lambda: make_random_play(*texts)))
    app.callback(
        Output(ids.FIXED_GRAPH, "figure"),
        Output(ids.FIXED_TABLE, "rowData"),
        Output(ids.FIXED_ERROR, "children"),
        Output(ids.FIXED_N, "className"),
        Input(ids.FIXED_N, "value"),
        Input(gate, "data"),
        prevent_initial_call=True,
    )(lambda text, opened: _unless_open(opened, 4, lambda: make_fixed(text)))
    app.callback(
        Output(ids.MATRIX_TABLE, "rowData"),
        Output(ids.MATRIX_ERROR, "children"),
        Output(ids.MATRIX_N, "className"),
        Input(ids.MATRIX_N, "value"),
        Input(gate, "data"),
        prevent_initial_call=True,
    )(lambda text, opened: _unless_open(opened, 3, lambda: make_matrix(text, solutions)))
    app.callback(
        Output(ids.THESIS_LISTS_TABLE, "rowData"),
        Output(ids.THESIS_LISTS_SUMMARY, "children"),
        Input(gate, "data"),
        prevent_initial_call=True,
    )(lambda opened: make_thesis_lists(_tab(opened), solutions))
