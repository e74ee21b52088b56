"""Compiling the numba kernels before they are needed, and saying what is compiling.

The kernels compile at their first call and numba keeps them on disk
(``cache=True``, in ``__pycache__`` beside the sources or in
``$NUMBA_CACHE_DIR``), so a later process loads them in a few seconds.  On a
fresh install nothing is cached yet and compiling all of them takes a minute
or more (``docs/performance-page.md`` has the figures).  :func:`compile_kernels`
runs tiny computations that reach every kernel a part of the program uses,
in :data:`PLAN`'s order (the page's default view first);
:func:`compile_in_background` runs it in a thread, so a server can answer
at once, and :func:`compile_status` says what is compiling now, for any
thread: a request that needs a kernel being compiled waits for it (numba
compiles one function at a time) and finds it compiled.  A page that asks
for a game moves that game's steps to the front (:func:`compile_first`),
and while it waits for an answer the plan holds back (:func:`answering`),
so that a view's own kernels compile first.
"""

from __future__ import annotations

import contextlib
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from numba.core import event
from numba.core.compiler_lock import global_compiler_lock

from .uncompiled import compiled_only

__all__ = [
    "PLAN",
    "CompileStatus",
    "GAME_STEPS",
    "answering",
    "compile_first",
    "compile_kernels",
    "compile_dask_kernels",
    "compile_in_background",
    "compile_status",
]

#: Where a kernel's module is used, as a reader of the page knows it: the
#: part of the program named in :func:`compile_status` while one of its
#: kernels compiles (the first prefix that matches a kernel's module).
AREAS = (
    ("solver.engine.rounds", "the solver of the family's other games"),
    ("solver.engine.nim", "loopy nim values"),
    ("solver.engine.subtract", "subtract-a-square"),
    ("solver.engine.square_but_one", "Square-But-One"),
    ("solver.engine.closure", "the local check of a solve"),
    ("solver.engine", "Put-or-Take-a-Square's solver"),
    ("solver.store.dask_codes", "reading a Dask store"),
    ("solver.analysis.records", "records"),
    ("solver.impartial.octal", "octal games"),
    ("solver.impartial.octal_grundy", "octal games"),
    ("solver.impartial.octal_period", "octal games"),
    ("solver.impartial.wythoff", "Wythoff's and Euclid's games"),
    ("solver.impartial.wythoff_outcomes", "Wythoff's and Euclid's games"),
    ("solver.impartial.wythoff_values", "Wythoff's and Euclid's games"),
    ("solver.impartial.chomp", "Chomp"),
    ("solver.impartial.sparse", "octal games"),
    ("solver.impartial.eraserhead", "Eraserhead"),
    ("solver.impartial.eraserhead_components", "Eraserhead"),
    ("solver.impartial.monochrome", "Monochrome"),
    ("solver.impartial.monochrome_search", "Monochrome"),
    ("solver.impartial.magnetism", "Magnetism"),
    ("solver.impartial.spring_cleaning", "Spring Cleaning"),
    ("solver.impartial.spring_cleaning_kernel", "Spring Cleaning"),
    ("solver.impartial.euclid3", "Euclid's game on triples"),
    ("solver.graphs.fair_shares", "Fair Shares and Varied Pairs"),
    ("solver.graphs.smith", "loopy games on a graph"),
    ("solver", "the solver"),
)


def area_of(module: str) -> str | None:
    """The part of the program a kernel of ``module`` belongs to (:data:`AREAS`), None outside :mod:`solver`."""
    for prefix, area in AREAS:
        if module == prefix or module.startswith(prefix + "."):
            return area
    return None


# ---------------------------------------------------------------------------
# The plan: tiny computations that reach the kernels, the page's default first
# ---------------------------------------------------------------------------


def _default_view(directory: Path) -> None:
    # The page's default view, the Summary: the small game's kernels and the
    # Summary's counts, the sweep in numpy (its kernel is the next step, so a
    # view asked for meanwhile does not wait for it). The page opens its solves
    # from the disk cache, memory-mapped and read-only: numba compiles
    # separate versions for read-only arrays.
    from .engine.sweep_numpy import sweep_path
    from .store.disk import solve_cached

    with sweep_path("numpy"):
        solution = solve_cached(1_000, directory=directory)[0]
    solution.tally(100)
    _ = solution.decided_below


def _put_or_take_a_square(directory: Path) -> None:
    from .analysis.layers import densities, layers
    from .analysis.records import records
    from .engine import solve
    from .engine.sweep_numpy import sweep_path
    from .store.disk import solve_cached
    from .values.inspection import inspect_position
    from .values.tree import game_tree

    # The sweep's kernel, then the page's other views; then the same on a
    # solve in memory (the command line, the Python API).
    with sweep_path("kernel"):
        solutions = (solve_cached(1_000, directory=directory / "kernel")[0], solve(1_000))
    for solution in solutions:
        solution.counts(100)
        _ = solution.decided_below
        solution.tally()
        records(solution)
        layers(solution, 100, 3)
        densities(solution, 100)
        inspect_position(8, solution)
        game_tree(92, 3, solution)


def _nim_values(directory: Path) -> None:
    from .values.nimvalues import nim_values
    from .values.sums import sum_position

    nim_values("put-or-take-a-square", 100, 1_000)
    nim_values("square-but-one", 100)
    sum_position([5, 5], "put-or-take-a-square", 1_000)


def _octal_games(directory: Path) -> None:
    from .impartial.octal import OctalGame
    from .impartial.octal_grundy import grundy_values
    from .impartial.octal_positions import equivalence_classes, two_heap_p_positions
    from .impartial.registry import impartial_game

    game = impartial_game("robs-dots")
    assert isinstance(game, OctalGame)
    grundy_values(game.code, 100)
    game.periodicity()
    equivalence_classes(game.code, 100)
    two_heap_p_positions(game.code, 30)
    position = game.parse("3+5")
    game.value(position)
    game.remoteness(position)


def _wythoff_and_euclid(directory: Path) -> None:
    from .impartial.registry import impartial_game
    from .impartial.wythoff_outcomes import beatty_pairs, sieve_steps, wythoff_pairs

    for name, text in (("wythoff", "3,5"), ("euclid", "11,27")):
        game = impartial_game(name)
        game.plane(50)
        position = game.parse(text)
        game.value(position)
        game.remoteness(position)
        game.remoteness(game.start())
    sieve_steps(5, window=16)
    wythoff_pairs(5)
    beatty_pairs(5)


def _chomp(directory: Path) -> None:
    from .impartial.chomp import binary_square
    from .impartial.registry import impartial_game

    game = impartial_game("chomp-2x3")
    game.counts()
    game.value(game.start())
    game.remoteness(game.start())
    binary_square(3)


def _finite_game(name: str, text: str, tables: Callable[[], object]) -> Callable[[Path], None]:
    """A step that reaches one finite game's kernels: its value and tree at ``text``, then its tables."""

    def step(directory: Path) -> None:
        from .impartial.registry import impartial_game

        game = impartial_game(name)
        position = game.parse(text)
        game.value(position)
        game.tree(position, 2)
        tables()

    return step


def _magnetism_tables() -> None:
    from .impartial import magnetism_sequences

    magnetism_sequences(4)


def _spring_cleaning_tables() -> None:
    from .impartial import l_shape_table, zigzag_values

    l_shape_table(3), zigzag_values(3)


def _euclid3_tables() -> None:
    from .impartial import euclid3_outcomes

    euclid3_outcomes(4)


def _eraserhead_tables() -> None:
    from .impartial import lost_triples

    lost_triples("path", 4)


#: The bound of the rules' steps: at it every rule is solved as at the page's bound (by the sweep or by
#: passes); at 10**3 the cubes' small game was too small and their step compiled the passes' kernels.
RULES_BOUND = 10_000


def _rules(names: tuple[str, ...]) -> Callable[[Path], None]:
    """A step that reaches the kernels of the Summary of each rule of ``names``: its solve, from the disk cache."""

    def step(directory: Path) -> None:
        from .engine.sweep_numpy import sweep_path
        from .store.disk import solve_cached

        for rule in names:
            # The kernels, not the numpy sweep and the small game in Python: the page's bound needs them.
            with sweep_path("kernel"):
                solution = solve_cached(RULES_BOUND, directory=directory / rule, rule=rule)[0]
            solution.tally(100)
            _ = solution.decided_below

    return step


def _other_games(directory: Path) -> None:
    from .analysis.comparison import compare_rules
    from .engine import warm_up
    from .store.disk import solve_cached

    warm_up()
    compare_rules(100, 1_000, solver=lambda bound, rule: solve_cached(bound, directory=directory, rule=rule)[0])


#: The family's put-or-take rules other than Put-or-Take-a-Square, which share its engine: the first three
#: solved by the sweep with a kept bound, the other four by passes (docs/dask.md, section 6).
PUT_OR_TAKE_RULES = (
    "put-or-take-a-cube",
    "put-or-take-a-triangular-number",
    "put-or-take-a-prime",
    "put-or-take-a-power-of-2",
    "put-or-take-a-power-of-3",
    "put-or-take-a-factorial",
    "put-or-take-a-fibonacci-number",
)

#: The steps of :func:`compile_kernels`, in order: what each is for (as the
#: page names it) and the function that reaches its kernels.  The page's
#: default view (Put-or-Take-a-Square's Summary, its sweep in numpy) comes
#: first, then the sweep's kernel and Put-or-Take-a-Square's other views.
#: A page that asks for another game moves that game's steps to the front
#: (:func:`compile_first`, :data:`GAME_STEPS`).
PLAN: tuple[tuple[str, Callable[[Path], None]], ...] = (
    ("Put-or-Take-a-Square's default view (Explore → Summary)", _default_view),
    ("Put-or-Take-a-Square (Explore, Play, Inspect, Thesis analyses)", _put_or_take_a_square),
    ("nim values and sums (Explore → Nim values, Sums)", _nim_values),
    ("octal games (Finite games)", _octal_games),
    ("Wythoff's and Euclid's games (Finite games)", _wythoff_and_euclid),
    ("Chomp (Finite games)", _chomp),
    ("Magnetism (Finite games)", _finite_game("magnetism", "+...-..", _magnetism_tables)),
    ("Spring Cleaning (Finite games)", _finite_game("spring-cleaning", "###/#..", _spring_cleaning_tables)),
    ("Euclid's game on triples (Finite games)", _finite_game("euclid3", "5,8,12", _euclid3_tables)),
    ("Eraserhead (Finite games)", _finite_game("eraserhead", "path-5:0,2", _eraserhead_tables)),
    ("Monochrome (Finite games)", _finite_game("monochrome", "petersen", lambda: None)),
    ("the put-or-take rules solved by the sweep (the game menu)", _rules(PUT_OR_TAKE_RULES[:3])),
    ("the put-or-take rules solved by passes (the game menu)", _rules(PUT_OR_TAKE_RULES[3:])),
    ("Subtract-a-Square (the game menu)", _rules(("subtract-a-square", "subtract-a-square-misere"))),
    ("Square-But-One (the game menu)", _rules(("square-but-one", "square-but-one-odd"))),
    ("the family's other games (the game menu, Explore → Rules compared)", _other_games),
)

#: The steps of :data:`PLAN` (their labels, in the order to run them) that reach the kernels of a game's
#: first view, by the game's registry name (:func:`solver.registry.game_names`); a game not named here
#: compiles what its view needs when the view is first drawn.
GAME_STEPS: dict[str, tuple[str, ...]] = {
    "put-or-take-a-square": (PLAN[0][0], PLAN[1][0]),
    # One step per engine: a rule asked for waits for its own kernels, not for those of the other engine.
    **dict.fromkeys(PUT_OR_TAKE_RULES[:3], (PLAN[11][0],)),
    **dict.fromkeys(PUT_OR_TAKE_RULES[3:], (PLAN[12][0],)),
    "subtract-a-square": (PLAN[13][0],),
    "subtract-a-square-misere": (PLAN[13][0],),
    "square-but-one": (PLAN[14][0],),
    "square-but-one-odd": (PLAN[14][0],),
    **dict.fromkeys(
        ("octal-0.137", "octal-0.07", "octal-0.77", "octal-4.7", "subtraction-1,3,4", "couples-are-forever"),
        (PLAN[3][0],),
    ),
    "wythoff": (PLAN[4][0],),
    "euclid": (PLAN[4][0],),
    "chomp-2x6": (PLAN[5][0],),
    "chomp-3x4": (PLAN[5][0],),
    "magnetism": (PLAN[6][0],),
    "spring-cleaning": (PLAN[7][0],),
    "euclid3": (PLAN[8][0],),
    "eraserhead": (PLAN[9][0],),
    "monochrome": (PLAN[10][0],),
}


# ---------------------------------------------------------------------------
# What is compiling: numba's compile events, from every thread
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class CompileStatus:
    """What :func:`compile_kernels` has done, and what numba is compiling now.

    Attributes
    ----------
    started : bool
        Whether a compilation plan has started in this process.
    finished : bool
        Whether it has ended (every step run, or stopped by an error).
    steps_done : int
        Steps of :data:`PLAN` finished.
    steps : int
        Steps of :data:`PLAN` in all.
    step : str or None
        The step running now (:data:`PLAN`'s label), None when none runs.
    waiting : tuple of str
        The steps not started yet, in order.
    compiling : tuple of str
        The parts of the program (:data:`AREAS`) with a kernel compiling now,
        in any thread; empty when every kernel asked for so far was loaded
        from numba's cache or is compiled.
    compiled : int
        Kernels of :mod:`solver` compiled (not loaded from the cache) in this
        process so far.
    seconds : float
        Seconds since the plan started (until it ended, once finished).
    error : str or None
        The error that stopped the plan, if one did.
    """

    started: bool
    finished: bool
    steps_done: int
    steps: int
    step: str | None
    waiting: tuple[str, ...]
    compiling: tuple[str, ...]
    compiled: int
    seconds: float
    error: str | None


class _Tracker(event.Listener):
    """Counts the kernels of :mod:`solver` that numba compiles (its ``numba:compile`` events)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.running: dict[int, list[str]] = {}  # thread id -> areas of the compiles it has open
        self.compiled = 0
        self.on_first: list[Callable[[], None]] = []

    def on_start(self, ev) -> None:
        area = area_of(getattr(ev.data["dispatcher"].py_func, "__module__", "") or "")
        with self.lock:
            stack = self.running.setdefault(threading.get_ident(), [])
            stack.append(area or "")
            first, self.on_first = (self.on_first, []) if area else ([], self.on_first)
        for hook in first:
            hook()

    def on_end(self, ev) -> None:
        with self.lock:
            stack = self.running.get(threading.get_ident())
            if stack:
                area = stack.pop()
                if area:
                    self.compiled += 1
                if not stack:
                    del self.running[threading.get_ident()]

    def areas(self) -> tuple[str, ...]:
        with self.lock:
            # Each thread's outermost kernel of solver: nested ones compile for it.
            found = [next((a for a in stack if a), "") for stack in self.running.values()]
        return tuple(dict.fromkeys(a for a in found if a))


_TRACKER = _Tracker()
event.register("numba:compile", _TRACKER)


#: The longest the plan waits at a time for the page to answer what it asked (:func:`answering`), before a step
#: or a kernel of its own.
HOLD_SECONDS = 10.0


class _Plan:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.answered = threading.Condition(self.lock)  # notified when the page's answers in progress end
        self.thread: threading.Thread | None = None
        self.started_at: float | None = None
        self.ended_at: float | None = None
        self.done = 0
        self.step: str | None = None
        self.error: str | None = None
        self.waiting: list[tuple[str, Callable[[Path], None]]] = list(PLAN)  # the steps not started, in order
        self.answering = 0  # the page's answers in progress (:func:`answering`)
        self.runner: int | None = None  # the thread running the plan's steps, while one does


_PLAN_STATE = _Plan()


class _Yield(event.Listener):
    """Holds the plan's thread before it takes numba's compiler lock while the page is answering.

    Numba announces ``numba:compiler_lock`` before a thread takes its lock,
    for a compilation or a load from its cache: the plan's thread then waits
    (at most :data:`HOLD_SECONDS`) until the page's answers in progress have
    ended, unless it holds the lock already (a kernel compiling for another,
    which must go on).  The answer's own kernels so compile one after another
    without the plan's between them.
    """

    def on_start(self, ev) -> None:
        state = _PLAN_STATE
        if state.runner != threading.get_ident() or global_compiler_lock.is_locked():
            return
        with state.answered:
            state.answered.wait_for(lambda: state.answering == 0, timeout=HOLD_SECONDS)

    def on_end(self, ev) -> None:
        pass


event.register("numba:compiler_lock", _Yield())


def _next_step(state: _Plan) -> tuple[str, Callable[[Path], None]] | None:
    """The next step of the plan, taken off its waiting list once the page has answered (None at the end)."""
    with state.answered:
        state.answered.wait_for(lambda: state.answering == 0, timeout=HOLD_SECONDS)
        if not state.waiting:
            return None
        label, step = state.waiting.pop(0)
        state.step = label
        return label, step


def compile_kernels(progress: Callable[[str, int, int], None] | None = None) -> None:
    """Compile (or load from numba's cache) every kernel, with tiny computations.

    Runs :data:`PLAN` in this thread: Put-or-Take-a-Square's solve and its
    views' kernels, nim values and sums, the finite games, then the family's
    other games (:func:`solver.engine.warm_up`).  Each step's solves are
    tiny (bound 1,000) and go to a temporary cache folder, removed after.
    :func:`compile_first` moves a game's steps to the front of those not
    started yet, and between two steps the plan waits while the page is
    answering (:func:`answering`, at most :data:`HOLD_SECONDS`), so that
    numba compiles what that answer needs rather than the plan's next step
    (numba compiles one function at a time).

    Parameters
    ----------
    progress : callable, optional
        Called as ``progress(label, done, total)`` before each step (``done``
        steps finished of ``total``) and once at the end (``label`` empty).
    """
    state = _PLAN_STATE
    with state.lock:
        state.started_at, state.ended_at, state.error, state.done = time.monotonic(), None, None, 0
        state.waiting = list(PLAN)
    _run_plan(state, progress)


def _run_plan(state: _Plan, progress: Callable[[str, int, int], None] | None) -> None:
    """Run the plan's waiting steps in this thread, in their order then (:func:`compile_kernels`)."""
    from .store.disk import scratch_solves

    state.runner = threading.get_ident()
    try:
        # Scratch solves: the folder goes at the interpreter's exit, perhaps under a step still writing.
        with (
            tempfile.TemporaryDirectory(prefix="ptsq-compile-", ignore_cleanup_errors=True) as folder,
            scratch_solves(),
        ):
            while (next_step := _next_step(state)) is not None:
                label, step = next_step
                if progress is not None:
                    progress(label, state.done, len(PLAN))
                with compiled_only():  # the kernels themselves, not their Python twins: compiling them is the point
                    step(Path(folder))
                with state.lock:
                    state.done += 1
    except Exception as exc:  # a step that fails leaves its kernels to compile when used
        with state.lock:
            state.error = f"{type(exc).__name__}: {exc}"
        raise
    finally:
        with state.lock:
            state.runner = None
            state.step = None
            state.done = len(PLAN) if state.error is None else state.done
            state.waiting = []
            state.ended_at = time.monotonic()
    if progress is not None:
        progress("", len(PLAN), len(PLAN))


def compile_first(game: str) -> tuple[str, ...]:
    """Move the steps that reach a game's first view (:data:`GAME_STEPS`) to the front of the plan.

    A page that asks for a game calls it, so that the running plan
    (:func:`compile_in_background`) compiles that view's kernels next, and
    none of another game's before them; the step running now ends first.
    Steps already started or done, and every step when no plan runs, stay
    as they are.

    Parameters
    ----------
    game : str
        A registry name (:func:`solver.registry.game_names`); a name
        without steps of its own (:data:`GAME_STEPS`) moves nothing.

    Returns
    -------
    tuple of str
        The labels of the steps moved, in the order they will run; empty when
        none was waiting.
    """
    wanted = GAME_STEPS.get(game, ())
    state = _PLAN_STATE
    with state.lock:
        if state.started_at is None or state.ended_at is not None:
            return ()
        ahead = {label: entry for entry in state.waiting if (label := entry[0]) in wanted}
        moved = [ahead[label] for label in wanted if label in ahead]
        state.waiting = moved + [entry for entry in state.waiting if entry[0] not in ahead]
        return tuple(label for label, _ in moved)


@contextlib.contextmanager
def answering() -> Iterator[None]:
    """While the page answers a request: the compilation plan starts no new step until it is done.

    The server wraps each of the page's requests for an answer in it: the
    kernels a view needs then compile in the request's own thread without
    the plan's next step competing for numba's lock (numba compiles one
    function at a time).  The plan waits at most :data:`HOLD_SECONDS` at a
    time, then goes on.
    """
    state = _PLAN_STATE
    with state.lock:
        state.answering += 1
    try:
        yield
    finally:
        with state.answered:
            state.answering -= 1
            state.answered.notify_all()


#: The Dask engine's paths (:mod:`solver.engine.dask`): by the sweep with codes alone, by the sweep with a lower
#: bound kept per position, by passes; one rule of each.
DASK_RULES = ("put-or-take-a-square", "put-or-take-a-cube", "put-or-take-a-power-of-2")


def compile_dask_kernels() -> None:
    """Compile (or load from numba's cache) the kernels that the Dask engine's tasks run, for its workers.

    Not part of :data:`PLAN` (the page does not use Dask): a small solve
    (bound 60,000, chunks of 4,096: beyond the small game of each rule, whose
    positions a tiny bound leaves no chunk task) of each of :data:`DASK_RULES`
    on a cluster of one worker thread in this process, into a temporary
    store removed after.  The kernels go to numba's cache, where worker processes started
    later load them instead of each compiling them (about 100 s on two busy
    cores): they share the cache when they run the same sources and see the
    same ``NUMBA_CACHE_DIR``, which a local cluster's workers inherit.
    """
    from .store.dask import solve_dask

    with tempfile.TemporaryDirectory(prefix="ptsq-compile-dask-", ignore_cleanup_errors=True) as folder:
        for rule in DASK_RULES:
            solve_dask(60_000, store=Path(folder) / f"{rule}.zarr", chunk=4_096, rule=rule, workers=1, processes=False)


def compile_in_background(
    *,
    on_compiling: Callable[[], None] | None = None,
    on_done: Callable[[CompileStatus], None] | None = None,
) -> threading.Thread:
    """Run :func:`compile_kernels` in a daemon thread (once per process).

    Parameters
    ----------
    on_compiling : callable, optional
        Called once, from the compiling thread, when the first kernel of
        :mod:`solver` starts to compile (none does when numba's cache holds
        them all).
    on_done : callable, optional
        Called with the final :func:`compile_status` when the plan ends.

    Returns
    -------
    threading.Thread
        The thread, started; a second call returns the first call's thread
        and ignores its hooks.
    """
    state = _PLAN_STATE
    with state.lock:
        if state.thread is not None:
            return state.thread
        state.started_at, state.ended_at, state.error, state.done = time.monotonic(), None, None, 0
        state.waiting = list(PLAN)
        if on_compiling is not None:
            with _TRACKER.lock:
                _TRACKER.on_first.append(on_compiling)

        def work() -> None:
            # An error is kept in the status; the kernels it left compile when a view uses them.
            with contextlib.suppress(Exception):
                _run_plan(state, None)
            if on_done is not None:
                on_done(compile_status())

        state.thread = threading.Thread(target=work, name="compile-kernels", daemon=True)
        state.thread.start()
        return state.thread


def compile_status() -> CompileStatus:
    """What the compilation plan has done and what is compiling now.

    Returns
    -------
    CompileStatus
        A snapshot; safe to call from any thread, cheap (no compiling).
    """
    state = _PLAN_STATE
    with state.lock:
        started = state.started_at is not None
        finished = state.ended_at is not None
        end = state.ended_at if state.ended_at is not None else time.monotonic()
        seconds = 0.0 if state.started_at is None else end - state.started_at
        done, step, error = state.done, state.step, state.error
        waiting = tuple(label for label, _ in state.waiting) if started and not finished else ()
    if not started:
        waiting = tuple(label for label, _ in PLAN)
    return CompileStatus(
        started=started,
        finished=finished,
        steps_done=done,
        steps=len(PLAN),
        step=step,
        waiting=waiting,
        compiling=_TRACKER.areas(),
        compiled=_TRACKER.compiled,
        seconds=seconds,
        error=error,
    )


#: What a command says on stderr when it starts compiling (:func:`say_when_compiling`).
COMPILING_NOTICE = "compiling the solver's kernels for this machine (first run only; numba keeps them)…"


def say_when_compiling(stream=None) -> None:
    """Print :data:`COMPILING_NOTICE` once, on ``stream`` (default stderr), when a kernel of :mod:`solver` first compiles.

    The command line (``python -m solver``) calls it before it runs: a
    command that compiles says so instead of waiting silently (a minute or
    more on a fresh install); one whose kernels numba loads from its cache
    prints nothing (numba's compile events come only for a real compile).
    """
    import sys

    def say() -> None:
        out = sys.stderr if stream is None else stream
        print(COMPILING_NOTICE, file=out, flush=True)

    with _TRACKER.lock:
        _TRACKER.on_first.append(say)
