"""Fuzz tests of the command line, ``python -m solver``, with hostile arguments.

Hypothesis builds argument lists for every subcommand from huge numbers
(``1e400``, ``10**9999``, 5,000 nines), negatives, floats, empty strings,
unicode, unknown flags and flags of other commands, and runs them in this
process through ``main(argv)`` with stdout and stderr captured.  Whatever the
input:

* no exception escapes ``main`` except ``SystemExit`` with status 0, 1 or 2;
* a non-zero status comes with exactly one line on stderr, the program's own
  message, never a traceback;
* no example starts long work: the commands' up-front estimates
  (:mod:`solver.costs`) refuse it.  Here the limits are lowered to 1 s and
  64 MiB of estimated work, so that an example that runs must take well
  under 10 s of CPU (:func:`cpu_time.within_cpu_seconds`; CPU time, which a
  busy machine does not stretch as it does wall-clock time); an estimate far
  below the real cost shows up as a failure there.

A second property gives well-formed commands of plausible sizes (log-uniform,
up to a little beyond what this machine can do) under the same lowered
limits, so that much of the work runs and its estimates are put to the test.
A third keeps the commands' real limits (10 minutes, the memory
this machine has): any size option given a value of 10**12 or more is refused
at once with the estimate.  Last, the examples of the issue run as real
subprocesses (``python -m solver ...``): each ends with status 2 and one line
holding the estimate.

The solve cache is a temporary directory of this module (``PTSQ_CACHE_DIR``),
so ``cache clear --yes`` among the examples removes nothing of the other tests.
"""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
from pathlib import Path

import pytest
from cpu_time import within_cpu_seconds
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import solver.cli.common as cli_common
import solver.cli.main as cli

ROOT = Path(__file__).resolve().parents[1]
PROG = "python -m solver"

#: Estimated work allowed in the in-process fuzz: 1 s and 64 MiB.
FUZZ_LIMITS = (1.0, 64 << 20)
#: CPU seconds an example that runs may take: ten times the lowered limit of estimated work.
MAX_CPU_SECONDS = 10.0

OPTIONS = {
    "classify": ["--n", "--alpha", "--bound", "--max-seconds"],
    "tree": ["--depth", "--bound", "--max-nodes", "--indent", "--max-seconds"],
    "solve": ["--bound", "--json", "--progress-lines", "--max-seconds"],
    "strategies": ["--n", "--json", "--max-seconds"],
    "primitives": ["--layer", "--limit", "--alpha", "--json", "--max-seconds"],
    "layers": ["--n", "--depth", "--alpha", "--max-seconds"],
    "cache": ["list", "clear", "--yes", "-y"],
}
SWITCHES = {"--indent", "--json", "--progress-lines", "--yes", "-y", "list", "clear"}
ALL_OPTIONS = sorted({flag for flags in OPTIONS.values() for flag in flags})

HOSTILE_TEXT = [
    "1e400",
    "-1e400",
    "10**9999",
    "10**4000",
    "10**400",
    "9" * 5000,
    "1" + "0" * 3999,
    "2**13000",
    "",
    "   ",
    "0",
    "-0",
    "-1",
    "-5",
    "1.5",
    "2.0",
    "1e-3",
    "nan",
    "inf",
    "-inf",
    "0x10",
    "1_000",
    "1,000",
    "10^30",
    "1e6",
    "١٢٣",  # Arabic-Indic digits
    "１２３",  # full-width digits
    "−5",  # minus sign
    "5\x00",
    "💥",
    "--",
    "-",
    "=",
    "None",
    "[]",
]

numbers = st.one_of(
    st.integers(-(10**6), 10**6).map(str),
    st.integers(1, 3000).map(str),
    st.integers(1, 10**7).map(str),  # sizes that may run: the estimates decide
    st.integers(0, 8).map(lambda k: f"1e{k}"),
    st.integers(-(10**40), 10**40).map(str),
    st.integers(0, 12_000).map(lambda k: f"10**{k}"),
    st.integers(0, 500).map(lambda k: f"1e{k}"),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.sampled_from(HOSTILE_TEXT),
    st.text(max_size=12),
)

tokens = st.one_of(
    numbers,
    st.sampled_from(ALL_OPTIONS),
    st.sampled_from(["--frobnicate", "-x", "--n=5", "--depth=-1", "--bound=1e400", "-h", "--max", "--help"]),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=8).map(lambda t: "--" + t),
)


#: Plausible sizes, so that many examples pass the parser and reach the
#: estimates (which then decide whether the work runs): per option, up to and
#: a little beyond what this machine can do.
def log_uniform(least: int, most: int):
    """Integers in ``least..most`` with every number of digits about as likely."""
    return st.integers(len(str(least)), len(str(most))).flatmap(
        lambda digits: st.integers(max(least, 10 ** (digits - 1)), min(most, 10**digits - 1))
    )


SIZES = {
    "--n": log_uniform(1, 10**8),
    "--bound": log_uniform(1, 10**10),
    "--limit": log_uniform(1, 10**7),
    "--alpha": log_uniform(1, 1000),
    "--depth": log_uniform(0, 1100),
    "--max-nodes": log_uniform(1, 2 * 10**6),
    "--layer": st.integers(1, 40),
    "--max-seconds": log_uniform(1, 10**6),
    "start": log_uniform(1, 10**6),
}


def values(flag: str):
    """A plausible size for ``flag`` (written plainly or as a power), or a hostile value."""
    plain = SIZES[flag]
    return st.one_of(
        plain.map(str),
        plain.map(lambda v: f"{v:_}"),
        st.integers(0, 10).map(lambda k: f"1e{k}"),
        numbers,
    )


REQUIRED = {
    "classify": ["--n"],
    "tree": [],
    "solve": ["--bound"],
    "strategies": ["--n"],
    "primitives": ["--limit"],
    "layers": ["--n", "--depth"],
    "cache": [],
}
#: Options that size the work, each given half of the time.
LIKELY = {
    "classify": ["--alpha", "--bound"],
    "tree": ["--depth", "--max-nodes", "--bound"],
    "solve": [],
    "strategies": [],
    "primitives": ["--layer", "--alpha"],
    "layers": ["--alpha"],
    "cache": [],
}


@st.composite
def argument_lists(draw) -> list[str]:
    """A subcommand (or junk) with a hostile mix of its options, values and other tokens."""
    if draw(st.integers(0, 9)) == 0:
        return [draw(st.one_of(st.text(max_size=6), tokens)), *draw(st.lists(tokens, max_size=4))]
    command = draw(st.sampled_from(sorted(OPTIONS)))
    pieces: list[list[str]] = []
    if command == "tree" and draw(st.integers(0, 9)):
        pieces.append([draw(values("start"))])
    if command == "cache" and draw(st.integers(0, 9)):
        pieces.append([draw(st.sampled_from(["list", "clear"]))])
    flags = [flag for flag in REQUIRED[command] if draw(st.integers(0, 9))]
    flags += [flag for flag in LIKELY[command] if draw(st.booleans())]
    flags += draw(st.lists(st.sampled_from(OPTIONS[command]), max_size=2))
    for flag in flags:
        pieces.append([flag] if flag in SWITCHES else [flag, draw(values(flag))])
    pieces += [[token] for token in draw(st.lists(tokens, max_size=2))]
    return [command, *(token for piece in draw(st.permutations(pieces)) for token in piece)]


def run_main(argv: list[str]) -> tuple[int, str, str]:
    """Run ``main(argv)`` here; return (status, stdout, stderr).

    Only ``SystemExit`` (argparse, ``cache clear``) may leave ``main``; any
    other exception fails the test with its traceback.
    """
    out, err = io.StringIO(), io.StringIO()
    stdin = sys.stdin
    sys.stdin = io.StringIO("")  # not a terminal: "cache clear" without --yes refuses
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = cli.main(argv)
            except SystemExit as exc:
                status = 0 if exc.code is None else exc.code
    finally:
        sys.stdin = stdin
    return status, out.getvalue(), err.getvalue()


def check_outcome(argv: list[str], status: object, err: str) -> None:
    assert status in (0, 1, 2), (argv, status, err)
    assert "Traceback" not in err, (argv, err)
    if status != 0:
        lines = err.strip().splitlines()
        assert len(lines) == 1, (argv, err)
        assert lines[0].startswith(PROG), (argv, err)
        assert "error" in lines[0], (argv, err)


@pytest.fixture(scope="module", autouse=True)
def _fuzz_setup(tmp_path_factory):
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("PTSQ_CACHE_DIR", str(tmp_path_factory.mktemp("fuzz-cache")))
        # Load the compiled kernels once, outside any example's deadline.
        assert run_main(["solve", "--bound", "1000"])[0] == 0
        yield mp


@pytest.fixture()
def fuzz_limits():
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(cli_common, "_limits", lambda args: FUZZ_LIMITS)
        yield


@pytest.mark.slow
@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(argv=argument_lists())
def test_hostile_arguments(fuzz_limits, argv):
    status, _, err = within_cpu_seconds(MAX_CPU_SECONDS, lambda: run_main(argv), argv)
    check_outcome(argv, status, err)
    event(f"{argv[0] if argv[0] in OPTIONS else 'junk'}: exit {status}")


@st.composite
def sized_argument_lists(draw) -> list[str]:
    """Well-formed commands of plausible sizes: the estimates decide what runs."""
    command = draw(st.sampled_from(["classify", "tree", "solve", "strategies", "primitives", "layers"]))
    argv = [command]
    if command == "tree":
        argv.append(str(draw(SIZES["start"])))
    flags = REQUIRED[command] + [flag for flag in LIKELY[command] if draw(st.booleans())]
    if "--alpha" in flags and "--bound" in flags:
        flags.remove(draw(st.sampled_from(["--alpha", "--bound"])))
    for flag in flags:
        argv += [flag, str(draw(SIZES[flag]))]
    return argv


@pytest.mark.slow
@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(argv=sized_argument_lists())
def test_work_that_runs_is_within_its_estimate(fuzz_limits, argv):
    # Work estimated under 1 s runs; the bound on its CPU time (10 s) catches an
    # estimate far below the real cost.  What is not run is refused with the estimate.
    status, _, err = within_cpu_seconds(MAX_CPU_SECONDS, lambda: run_main(argv), argv)
    check_outcome(argv, status, err)
    assert status in (0, 2), (argv, err)
    if status == 2:
        assert "about" in err or "must be" in err, (argv, err)
    event(f"{argv[0]}: exit {status}")


# Options that size the work, and a bare minimum of the others to reach it.
SIZED = [
    (["classify"], "--n", []),
    (["classify", "--n", "10"], "--bound", []),
    (["classify", "--n", "10"], "--alpha", []),
    (["tree", "92"], "--bound", []),
    (["tree", "92"], "--max-nodes", ["--depth", "40"]),
    (["solve"], "--bound", []),
    (["strategies"], "--n", []),
    (["primitives"], "--limit", []),
    (["primitives", "--limit", "10"], "--alpha", []),
    (["layers", "--depth", "2"], "--n", []),
    (["layers", "--n", "100"], "--depth", []),
]

huge = st.one_of(
    st.integers(10**12, 10**4000).map(str),
    st.integers(12, 3999).map(lambda k: f"10**{k}"),
    st.integers(12, 3999).map(lambda k: f"1e{k}"),
    st.sampled_from(["1e400", "9" * 4000, "2**13000", "10**9999"]),
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(SIZED), value=huge)
def test_huge_sizes_are_refused_up_front(case, value):
    # The real limits: nothing this large is within this machine's memory.
    head, option, rest = case
    argv = [*head, option, value, *rest]
    status, out, err = within_cpu_seconds(MAX_CPU_SECONDS, lambda: run_main(argv), argv)
    check_outcome(argv, status, err)
    assert status == 2, (argv, err)
    assert out == ""
    # Either too large to read at all, or refused with its estimate.
    assert "over 4000 digits" in err or "about" in err or "at most" in err, (argv, err)


# ---------------------------------------------------------------------------
# The issue's examples, as real subprocesses
# ---------------------------------------------------------------------------


ISSUE_EXAMPLES = [
    # (arguments, text the one-line message must hold)
    (["solve", "--bound", "1e400"], ["1.0e+400 bytes", "--bound"]),
    (["classify", "--n", "1e400", "--alpha", "1000"], ["e+403 bytes", "--n or --alpha"]),
    (["tree", "5", "--bound", "1e400"], ["1.0e+400 bytes", "--bound"]),
    (["layers", "--n", "1e400", "--depth", "2", "--alpha", "1000"], ["e+403 bytes", "--n or --alpha"]),
    (["primitives", "--limit", "1e400", "--alpha", "1000"], ["e+403 bytes", "--limit or --alpha"]),
    (["layers", "--n", "100", "--depth", "100000000"], ["--depth must be at most 1,000", "100,000,000 layers", "GiB"]),
    (
        ["tree", "4708", "--depth", "60", "--max-nodes", "10**9", "--bound", "1000"],
        ["--max-nodes must be at most 1,000,000", "1,000,000,000 nodes", "TiB"],
    ),
    # 10**8 starts take about two minutes and 10 GiB here, which this machine
    # can do, so only a lower time limit refuses them; 10**9 never fits.
    (["strategies", "--n", "10**8", "--max-seconds", "60"], ["100,000,000 starts", "minutes", "--max-seconds"]),
    (["strategies", "--n", "10**9"], ["1,000,000,000 starts", "GiB of memory", "--n"]),
    (["solve", "--bound", "10**13"], ["9.1 TiB", "choose a smaller --bound"]),
]


@pytest.fixture(scope="module")
def issue_runs():
    # Started together: each run is mostly the interpreter's start-up.
    procs = {
        tuple(args): subprocess.Popen(
            [sys.executable, "-m", "solver", *args],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for args, _ in ISSUE_EXAMPLES
    }
    results = {}
    try:
        for args, proc in procs.items():
            out, err = proc.communicate(timeout=120)  # a hang fails here
            results[args] = (proc.returncode, out, err)
    finally:
        for proc in procs.values():
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    return results


@pytest.mark.slow
@pytest.mark.parametrize(("args", "needles"), ISSUE_EXAMPLES, ids=[" ".join(a)[:60] for a, _ in ISSUE_EXAMPLES])
def test_issue_examples_are_refused_with_the_estimate(issue_runs, args, needles):
    status, out, err = issue_runs[tuple(args)]
    assert status == 2, (status, err)
    assert out == ""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"{PROG}: error: ")
    assert "about" in lines[0]  # the estimate
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])


def test_solve_message_names_only_its_own_option():
    # "solve" has no N and no alpha: its advice must not mention them.
    status, _, err = run_main(["solve", "--bound", "10**13"])
    assert status == 2
    assert "--bound" in err
    assert "alpha" not in err and " N " not in err and "--n" not in err
