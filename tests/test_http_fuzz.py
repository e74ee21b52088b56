"""Malformed payloads to every server callback of the real page, over HTTP.

The app is served in this process on a free loopback port (the page's own
waitress server, :mod:`dashboard.server`).  For each callback registered on
the server (every tab; client-side callbacks never reach the server), a
bounded number of requests to ``/_dash-update-component`` replace its inputs
and states with hostile values: None, ``{}``, ``[]``, huge numbers, NaN,
negative numbers, text with HTML, 5,000 digits, setups with missing or extra
keys and lying bounds.  Each must answer without a server error (no 500)
and without starting long work: the server, which runs in this process,
spends at most :data:`MAX_CPU_SECONDS` of CPU time on it.  CPU time, not
wall-clock time: a busy machine stretches the wait for an answer (6.45 s
once, under a load of 5 to 11 on two cores) but not the work done for it.
The work this guards against is far larger: a lying bound of 10**9 solved
inside the request took 57 s.  Background solves are replaced by a
recorder, so no valid-looking setup starts a real solve process.
"""

from __future__ import annotations

import itertools
import json
import threading
import time
import urllib.error
import urllib.request
import zlib

import pytest

from dashboard import server as page_server
from dashboard import state
from dashboard.app import create_app
from solver.engine import warm_up

#: Most CPU time this process (the server's threads) may spend on one answer, in seconds: the slowest
#: callback takes well under a second of CPU; a solve of the lying bound 10**9 takes about a minute.
MAX_CPU_SECONDS = 10.0
#: Payloads sent to each callback.
PAYLOADS_PER_CALLBACK = 8
#: The whole module's budget of CPU time for the malformed payloads, in seconds (about 2 s are used).
TOTAL_CPU_BUDGET_SECONDS = 60.0

HOSTILE = [
    None,
    {},
    [],
    10**30,
    10_000_000,
    "1000000",
    -1,
    1e308,
    float("nan"),
    True,
    "abc",
    '<a href="https://example.com/phish">Session expired</a>',
    "9" * 5000,
    [1, "2", None],
    {"n": 1},
    {"n": 10_000, "alpha": 1, "bound": 1_000_000_000},
    {"n": 10_000_000, "alpha": 1000, "bound": 10**10},
    {"n": -5, "alpha": "x", "extra": [1]},
    {"data": {"path": "<b>", "position": "1e400"}, "points": {"0": 1}},
    {"points": [{"x": "a", "y": 10**30, "customdata": {"a": 1}}], "colId": "n", "value": "<i>"},
]

#: Modules whose callbacks belong to other engineers of this wave: a failure
#: there is reported to them (xfail, not strict), not fixed here.
OTHERS = {
    "dashboard.tabs.play.callbacks": "PAGE (Play tab)",
    "dashboard.tabs.inspect.callbacks": "PAGE (Inspect tab)",
    "dashboard.callbacks": "PAGE (page shell)",
    "dashboard.tabs.explore.tree": "TREE (game tree)",
    "dashboard.tables": "FIGURES (table exports)",
    "dashboard.links": "FIGURES (links to the inspector)",
}

#: Callbacks of others known to fail this suite, by output key prefix, with
#: the finding (reported in the hand-over; each is an xfail, not strict).
KNOWN_FAILURES: dict[str, str] = {}


class _RecordingJobs:
    """Stands in for the background-solve registry: records, never starts a process."""

    def __init__(self):
        self.started = []

    def start(self, bound, *args, **kwargs):
        self.started.append(bound)

    def status(self, bound, rule=None):
        return None

    def __getattr__(self, name):  # any other method of the registry: a no-op answer
        return lambda *args, **kwargs: None


_APP = create_app()
_SERVER_CALLBACKS = {key: spec for key, spec in _APP.callback_map.items() if spec.get("callback") is not None}


def _module(spec) -> str:
    func = spec["callback"]
    return getattr(getattr(func, "__wrapped__", func), "__module__", "") or ""


@pytest.fixture(scope="module")
def served():
    warm_up()
    real_jobs = state.JOBS
    state.JOBS = _RecordingJobs()
    srv = page_server.make_server(_APP, "127.0.0.1", 0, threads=4)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{page_server.listening_port(srv)}"
    urllib.request.urlopen(url + "/", timeout=60).read()  # the first request sets the app up
    budget = {"deadline": time.process_time() + TOTAL_CPU_BUDGET_SECONDS}
    yield url, budget
    page_server.shutdown(srv)
    thread.join(10)
    state.JOBS = real_jobs


def _post(url: str, body: dict) -> tuple[int, float, str]:
    """Post ``body`` to the callback endpoint: the status, the CPU seconds this process spent, the text.

    The test's own thread only waits on the socket meanwhile, so the CPU time
    is the server's work on the request.
    """
    data = json.dumps(body, allow_nan=True).encode()
    request = urllib.request.Request(
        url + "/_dash-update-component", data=data, headers={"Content-Type": "application/json"}, method="POST"
    )
    start = time.process_time()
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            status, text = answer.status, answer.read(2000).decode(errors="replace")
    except urllib.error.HTTPError as exc:
        status, text = exc.code, exc.read(2000).decode(errors="replace")
    return status, time.process_time() - start, text


def _outputs(key: str):
    """The ``outputs`` of a request for the callback registered under ``key``."""
    if not key.startswith(".."):
        component, prop = key.rsplit(".", 1)
        return {"id": component, "property": prop}
    parts = key[2:-2].split("...")
    return [{"id": part.rsplit(".", 1)[0], "property": part.rsplit(".", 1)[1]} for part in parts]


def _payloads(key: str, spec):
    """A bounded list of malformed request bodies for one callback."""
    hostile = itertools.cycle(HOSTILE)
    # Start each callback at a different point of the list.
    for _ in range(zlib.crc32(key.encode()) % len(HOSTILE)):
        next(hostile)
    bodies = []
    for i in range(PAYLOADS_PER_CALLBACK):
        inputs = [{"id": d["id"], "property": d["property"], "value": next(hostile)} for d in spec["inputs"]]
        states = [{"id": d["id"], "property": d["property"], "value": next(hostile)} for d in spec["state"]]
        changed = spec["inputs"][i % len(spec["inputs"])]
        bodies.append(
            {
                "output": key,
                "outputs": _outputs(key),
                "inputs": inputs,
                "state": states,
                "changedPropIds": [f"{changed['id']}.{changed['property']}"],
            }
        )
    return bodies


def _cases():
    for key, spec in _SERVER_CALLBACKS.items():
        module = _module(spec)
        marks = []
        owner = OTHERS.get(module)
        known = next((reason for prefix, reason in KNOWN_FAILURES.items() if key.startswith(prefix)), None)
        if owner and known:
            marks.append(pytest.mark.xfail(reason=f"{owner}: {known}", strict=False))
        name = key.strip(".").split("...")[0].split("@")[0]
        yield pytest.param(key, id=f"{module.rsplit('.', 1)[-1]}:{name}", marks=marks)


def test_a_good_request_is_answered(served):
    # The fuzz below would pass against a server that answers nothing: this
    # request, well formed, must get the summary table.
    url, _ = served
    # The callback from the typed game, N and alpha to the setup and the summary.
    key = next(k for k in _SERVER_CALLBACKS if "summary.children" in k and "request-store.data" in k)
    values = {"n-input": "300", "alpha-input": "10", "rule-select": "put-or-take-a-square"}
    body = {
        "output": key,
        "outputs": _outputs(key),
        "inputs": [
            *[{"id": i, "property": "value", "value": v} for i, v in values.items()],
            {"id": "setup-ask", "property": "data", "value": 1},
        ],
        "state": [],
        "changedPropIds": ["n-input.value"],
    }
    status, _seconds, text = _post(url, body)
    assert status == 200 and "summary-count-W" in text


def _single(url, output, inputs, changed):
    component, prop = output.rsplit(".", 1)
    body = {
        "output": output,
        "outputs": {"id": component, "property": prop} if not output.startswith("..") else _outputs(output),
        "inputs": [{"id": i, "property": p, "value": v} for (i, p), v in inputs],
        "state": [],
        "changedPropIds": [changed],
    }
    return _post(url, body)


def test_item1_the_slider_payload_that_froze_the_server(served):
    # The security report's request: answered 500 after 47 s while every other request waited.
    # The slider and the box are now kept in step in the browser: no server
    # callback reads the slider, so its value can no longer reach the server.
    url, _ = served
    readers = [
        key
        for key, spec in _SERVER_CALLBACKS.items()
        if any(i["id"] == "n-slider" for i in spec["inputs"] + spec.get("state", []))
    ]
    assert readers == []
    # The box's value goes to the setup callback, which answers at once.
    key = next(k for k in _SERVER_CALLBACKS if "request-store.data" in k and "summary.children" in k)
    body = {
        "output": key,
        "outputs": _outputs(key),
        "inputs": [
            {"id": "n-input", "property": "value", "value": "1" + "0" * 400},
            {"id": "alpha-input", "property": "value", "value": "100"},
            {"id": "rule-select", "property": "value", "value": "put-or-take-a-square"},
            {"id": "setup-ask", "property": "data", "value": 1},
        ],
        "state": [],
        "changedPropIds": ["n-input.value"],
    }
    status, seconds, _text = _post(url, body)
    assert status in (200, 204) and seconds < MAX_CPU_SECONDS


def test_item2_a_lying_bound_is_refused_at_once(served):
    # Posting a setup with bound 10**9 solved it inside the request (57 s, 3.1 GB).
    url, _ = served
    setup = {"n": 10000, "alpha": 1, "bound": 1_000_000_000}
    # The CSV download reads the setup store and must not believe the bound.
    key = "..download.data...download-message.children.."
    body = {
        "output": key,
        "outputs": _outputs(key),
        "inputs": [{"id": "download-button", "property": "n_clicks", "value": 1}],
        "state": [{"id": "setup-store", "property": "data", "value": setup}],
        "changedPropIds": ["download-button.n_clicks"],
    }
    status, seconds, text = _post(url, body)
    assert status == 200 and seconds < MAX_CPU_SECONDS and "does not equal" in text


def test_every_server_callback_is_covered():
    modules = {_module(spec) for spec in _SERVER_CALLBACKS.values()}
    assert {"dashboard.tabs.explore.callbacks", "dashboard.tabs.thesis.callbacks", "dashboard.urlstate"} <= modules
    assert len(_SERVER_CALLBACKS) >= 20


@pytest.mark.parametrize("key", list(_cases()))
def test_malformed_payloads_never_give_a_server_error(served, key):
    url, budget = served
    if time.process_time() > budget["deadline"]:
        pytest.fail(f"the module's budget of {TOTAL_CPU_BUDGET_SECONDS:.0f} s of CPU ran out before this callback")
    failures = []
    for body in _payloads(key, _SERVER_CALLBACKS[key]):
        status, seconds, text = _post(url, body)
        if status >= 500 or seconds > MAX_CPU_SECONDS:
            shown = {i["id"] + "." + i["property"]: repr(i["value"])[:60] for i in body["inputs"] + body["state"]}
            failures.append(f"status {status} after {seconds:.2f} s of CPU for {shown}: {text[:200]!r}")
        if status not in (200, 204) and status < 500:
            # A 4xx is Dash refusing the request shape, which we build correctly.
            failures.append(f"status {status} for a well-formed request: {text[:200]!r}")
    assert not failures, "\n".join(failures)
