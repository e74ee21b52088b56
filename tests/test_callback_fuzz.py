"""Hostile values into every plain callback function of the Explore (not the tree), Thesis and URL code.

Whatever a client sends (None, {}, [], huge integers, floats, NaN, text with
HTML, negative numbers, wrong types, setups with extra or missing keys and
lying bounds), each function returns a well-formed output tuple and raises
nothing.  Background solves are replaced by a recorder and the inline limit
is lowered, so a valid but large setup is refused instead of solved.
"""

from __future__ import annotations

import plotly.graph_objects as go
import pytest
from dash import html, no_update
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dashboard import ids, setup_callbacks, state, urlstate
from dashboard.tabs.explore import callbacks as explore
from dashboard.tabs.explore import convergence
from dashboard.tabs.explore import ids as explore_ids
from dashboard.tabs.thesis import callbacks as thesis

HTML_TEXT = [
    '<a href="https://example.com/phish">Session expired</a>',
    "<b>bold</b>",
    "<img src=x onerror=alert(1)>",
    "</script><script>alert(1)</script>",
    "&lt;&amp;",
]

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.sampled_from([0, -1, 1, 2**63, 10_000_000, 10**9]),
    # Beyond Python's int-to-text limit (built lazily: hypothesis prints strategies).
    st.sampled_from([400, 5000]).map(lambda digits: 10**digits),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.sampled_from([*HTML_TEXT, "10**9999", "1e400", "NaN", "-inf", " ", "", "1,0,0", "0x10"]),
    st.sampled_from([401, 5000, 100_000]).map(lambda digits: "9" * digits),
)
hostile = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=6,
)
#: Setups: anything, dicts with the right keys and hostile values, honest
#: setups with lying bounds, and extra keys.
setups = st.one_of(
    hostile,
    st.fixed_dictionaries(
        {"n": hostile, "alpha": hostile}, optional={"bound": hostile, "fresh": hostile, "x": hostile}
    ),
    st.builds(
        lambda n, alpha, bound: {"n": n, "alpha": alpha, "bound": bound},
        st.integers(1, 10**7),
        st.integers(1, 1000),
        st.one_of(st.integers(-10, 10**12), st.just(10**9)),
    ),
    st.builds(lambda n, alpha: {"n": n, "alpha": alpha}, st.integers(1, 10**7), st.integers(1, 1000)),
)
triggers = st.one_of(
    st.none(),
    st.sampled_from(
        [ids.N_SLIDER, ids.N_INPUT, explore_ids.CONVERGENCE_BUTTON, explore_ids.CONVERGENCE_POLL, ids.SETUP, ids.URL]
    ),
    hostile,
)

FUZZ = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
BOXES = {setup_callbacks.BOX_CLASS, setup_callbacks.BOX_INVALID_CLASS}


class _RecordingJobs:
    """Stands in for the background-solve registry: records, never starts a process."""

    def __init__(self):
        self.started = []

    def start(self, bound, rule=None):
        self.started.append(bound)

    def status(self, bound, rule=None):
        return None


@pytest.fixture(autouse=True)
def _no_big_work(monkeypatch):
    # A valid setup above 2,000 positions is "not solved yet" instead of solved.
    monkeypatch.setattr("dashboard.setup.INLINE_BOUND", 2_000)
    jobs = _RecordingJobs()
    monkeypatch.setattr(state, "JOBS", jobs)
    yield jobs
    assert all(isinstance(b, int) and b <= convergence.CONVERGENCE_MAX_BOUND * 10 for b in jobs.started)


def _figure(value):
    assert value is no_update or isinstance(value, go.Figure), value
    if isinstance(value, go.Figure):
        for note in value.layout.annotations or ():
            # No markup from the input reaches a figure (Plotly renders some tags).
            assert (
                "<a" not in (note.text or "") and "<img" not in (note.text or "") and "<script" not in (note.text or "")
            )


def _text(value):
    assert value is no_update or isinstance(value, str), value


def _classes(values):
    for value in values:
        assert value in BOXES, value


@FUZZ
@given(triggered=triggers, slider=hostile, text=hostile)
def test_sync_n(triggered, slider, text):
    out = setup_callbacks.sync_n(triggered, slider, text)
    assert len(out) == 2
    slider_out, text_out = out
    assert slider_out is no_update or (isinstance(slider_out, float) and 2 <= slider_out <= 7)
    assert text_out is no_update or (isinstance(text_out, str) and 100 <= int(text_out) <= 10**7)


@FUZZ
@given(n=hostile, alpha=hostile)
def test_make_setup(n, alpha):
    request, n_msg, alpha_msg, setup_msg, n_class, alpha_class = setup_callbacks.make_setup(n, alpha)
    assert request is no_update or set(request) == {"n", "alpha", "bound", "rule"}
    for message in (n_msg, alpha_msg, setup_msg):
        assert isinstance(message, str) and len(message) < 300
    _classes([n_class, alpha_class])
    assert (request is no_update) == bool(n_msg or alpha_msg or setup_msg)


@FUZZ
@given(request=setups)
def test_resolve_setup(request, _no_big_work):
    setup, pending, disabled, message = setup_callbacks.resolve_setup(request)
    assert setup is no_update or (setup["bound"] == setup["n"] * setup["alpha"] and isinstance(setup["fresh"], bool))
    assert pending is None or pending["bound"] == pending["n"] * pending["alpha"]
    assert isinstance(disabled, bool)
    _text(message)


@FUZZ
@given(pending=setups)
def test_poll_solve(pending):
    out = setup_callbacks.poll_solve(pending)
    assert len(out) == 6
    assert out[0] is no_update or out[0]["bound"] == out[0]["n"] * out[0]["alpha"]
    _text(out[5])


@pytest.mark.slow
@FUZZ
@given(triggered=triggers, setup=setups)
def test_make_convergence(triggered, setup):
    out = convergence.make_convergence(triggered, setup)
    assert len(out) == 7
    if out[0] is not no_update:  # the figure for a wide screen and for a phone
        assert set(out[0]) == {"wide", "narrow"}
        _figure(out[0]["wide"])
        _figure(out[0]["narrow"])
    assert out[1] is no_update or isinstance(out[1], list)
    _text(out[2])
    assert isinstance(out[3], bool) and isinstance(out[6], bool)
    assert out[4] is no_update or (isinstance(out[4], str) and 0 <= int(out[4]) <= 100)
    assert out[5] in ({"display": "none"}, {"display": "block"})


@pytest.mark.slow
@FUZZ
@given(
    setup=setups,
    transform=st.one_of(hostile, st.sampled_from(["density", "log", "inverse_log"])),
    depth=st.one_of(hostile, st.integers(-3, 25)),
    k=st.one_of(hostile, st.integers(-3, 25)),
)
def test_views(setup, transform, depth, k):
    summary = explore.make_summary(setup)
    assert isinstance(summary, (str, html.Div))
    _figure(explore.make_density(setup, transform))
    odd, even = explore.make_layers(setup, depth)
    _figure(odd)
    _figure(even)
    _figure(explore.make_differences(setup, k))
    sent, message = explore.make_download(setup)
    assert sent is no_update or (isinstance(sent, dict) and "content" in sent)
    _text(message)


numbers_as_typed = st.one_of(hostile, st.integers(-5, 300).map(str))


@FUZZ
@given(n=numbers_as_typed, games=numbers_as_typed, cap=numbers_as_typed, seed=numbers_as_typed)
def test_random_play(n, games, cap, seed):
    out = thesis.make_random_play(n, games, cap, seed)
    assert len(out) == 7
    _figure(out[0])
    _text(out[1])
    _text(out[2])
    _classes(out[3:])


@FUZZ
@given(k=numbers_as_typed, limit=numbers_as_typed)
def test_primitives(k, limit):
    out = thesis.make_primitives(k, limit, state.SOLUTIONS)
    assert len(out) == 5
    _figure(out[0])
    assert out[1] is no_update or isinstance(out[1], list)
    _text(out[2])
    _classes(out[3:])


@pytest.mark.slow
@FUZZ
@given(n=numbers_as_typed)
def test_fixed_and_matrix(n):
    out = thesis.make_fixed(n)
    assert len(out) == 4
    _figure(out[0])
    _text(out[2])
    _classes(out[3:])
    rows, error, box = thesis.make_matrix(n, state.SOLUTIONS)
    assert rows is no_update or (isinstance(rows, list) and len(rows) == 25)
    _text(error)
    _classes([box])


@FUZZ
@given(tab=hostile)
def test_thesis_lists_wait_for_their_tab(tab):
    assert thesis.make_thesis_lists(tab, state.SOLUTIONS) == (no_update, no_update)


def _as_text(value) -> str:
    try:
        return str(value)
    except ValueError:  # an int beyond Python's int-to-text limit
        return "1" + "0" * 5000


query_text = st.one_of(
    hostile.map(_as_text),
    st.lists(
        st.tuples(st.sampled_from([k for k, *_ in urlstate.PARAMS] + ["zzz"]), hostile.map(_as_text)), max_size=6
    ).map(lambda pairs: "?" + "&".join(f"{k}={v}" for k, v in pairs)),
)


@pytest.mark.slow
@FUZZ
@given(
    search=st.one_of(hostile, query_text),
    triggered=triggers,
    values=st.lists(hostile, min_size=len(urlstate.PARAMS), max_size=len(urlstate.PARAMS)),
)
def test_url_state(search, triggered, values):
    out = urlstate.sync_url(triggered, search, values)
    assert len(out) == 3 + len(urlstate.PARAMS)
    assert out[0] is no_update or (isinstance(out[0], str) and (out[0] == "" or out[0].startswith("?")))
    if out[3] is not no_update:  # from the URL: every control gets a checked value
        got, ignored = urlstate.read_query(search)
        # A control already holding its value is left alone (no_update), so that nothing listening fires again.
        assert all(o is no_update or o == g for o, g in zip(out[3:], got, strict=True))
        for (key, _cid, _prop, default), value in zip(urlstate.PARAMS, got, strict=True):
            if value != default:
                urlstate.CHECKS[key](str(value))  # passes its own check
        children, style = out[1], out[2]
        assert isinstance(children, str) and bool(children) == bool(ignored)  # plain text, shown as text
        assert style == ({"display": "block"} if ignored else {"display": "none"})
