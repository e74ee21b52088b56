"""``python -m dashboard`` serves with waitress: bounded threads, quiet logs, clear start-up errors."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from dashboard import server
from dashboard.__main__ import main
from dashboard.jobs import SolveJobs

DEV_SERVER_WORDS = ("development server", "Serving Flask app", "Debug mode", "Running on")


def start_dashboard(*args: str) -> tuple[subprocess.Popen, str]:
    """Start ``python -m dashboard --port 0 ...`` and return it with the address it prints."""
    child = subprocess.Popen(
        [sys.executable, "-m", "dashboard", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ),
    )
    line = child.stdout.readline()  # the one start-up line (or nothing if it failed)
    if "open http://" not in line:
        child.kill()
        raise AssertionError(f"no start-up line: {line!r} {child.stderr.read()!r}")
    url = line.split("open ", 1)[1].split()[0]
    return child, url


def stop(child: subprocess.Popen) -> tuple[int, str, str]:
    child.send_signal(signal.SIGTERM)
    try:
        out, err = child.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        child.kill()
        raise
    return child.returncode, out, err


@pytest.fixture
def small_app(monkeypatch):
    """``main`` builds a tiny WSGI app instead of the page (the page itself is served in the test above)."""

    def hello(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"hello"]

    monkeypatch.setattr("dashboard.__main__.create_app", lambda: hello)
    # main() stops the solve queue when it ends: give it one of its own.
    monkeypatch.setattr("dashboard.state.JOBS", SolveJobs())
    monkeypatch.setattr("dashboard.__main__.compile_in_background", lambda **hooks: None)
    return hello


@pytest.mark.slow
def test_the_page_is_served_by_waitress_with_one_line_and_no_development_warning():
    child, url = start_dashboard("--threads", "3")
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            assert response.status == 200
            assert response.headers["Server"] == "waitress"
            body = response.read().decode()
        assert "Put-or-Take-a-Square" in body and "_dash-config" in body
        for _ in range(5):
            with urllib.request.urlopen(url + "_dash-layout", timeout=30) as response:
                assert response.status == 200
    finally:
        code, out, err = stop(child)
    assert code == 0  # SIGTERM ends it cleanly
    # Nothing else was printed: no line per request, no development-server warning.
    # (Kernels missing from numba's cache are compiled in the background, and say so.)
    assert out == ""
    assert all(line.startswith(("compiling the solver's kernels", "kernels ready")) for line in err.splitlines()), err
    for words in DEV_SERVER_WORDS:
        assert words not in out + err


def test_listening_on_every_interface_prints_a_warning(capsys, monkeypatch, small_app):
    seen = {}

    def fake_serve(app, host, port, *, threads, on_ready):
        seen.update(host=host, port=port, threads=threads)
        on_ready(server.page_url(host, 8123), 8123)

    monkeypatch.setattr(server, "serve", fake_serve)
    assert main(["--host", "0.0.0.0", "--port", "8123", "--threads", "5"]) == 0
    assert seen == {"host": "0.0.0.0", "port": 8123, "threads": 5}
    out, err = capsys.readouterr()
    assert "open http://127.0.0.1:8123/" in out
    assert "every network interface" in err and "anyone who can reach this port" in err and "start solves" in err
    assert "--host 127.0.0.1" in err
    # On this machine only: no warning.
    assert main(["--port", "8123"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.count("\n") == 1 and f"{server.DEFAULT_THREADS} threads" in out


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.1.2.3", True),
        ("localhost", True),
        ("::1", True),
        ("[::1]", True),
        ("0.0.0.0", False),
        ("::", False),
        ("192.168.1.5", False),
        ("example.org", False),
    ],
)
def test_which_hosts_are_this_machine_only(host, loopback):
    assert server.is_loopback(host) is loopback
    assert (server.exposure_warning(host, 8050) is None) is loopback


def test_page_addresses():
    assert server.page_url("0.0.0.0", 80) == "http://127.0.0.1:80/"
    assert server.page_url("::", 8050) == "http://[::1]:8050/"
    assert server.page_url("::1", 8050) == "http://[::1]:8050/"
    assert server.page_url("localhost", 8050) == "http://localhost:8050/"


def test_a_port_in_use_is_a_clear_message_and_exit_2(capsys, small_app):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["--port", str(port)]) == 2
    out, err = capsys.readouterr()
    assert f"port {port}" in err and "already in use" in err and "--port" in err
    assert "Traceback" not in err and err.count("\n") == 1 and out == ""


def test_a_host_that_is_not_this_machine_is_a_clear_message(capsys, small_app):
    assert main(["--host", "no-such-host.invalid"]) == 2
    err = capsys.readouterr().err
    assert "no-such-host.invalid" in err and "--host 127.0.0.1" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--threads", "0"], "at least 1"),
        (["--threads", "65"], "at most 64"),
        (["--threads", "two"], "whole number"),
        (["--threads", "1.5"], "whole number"),
        (["--port", "70000"], "at most 65,535"),
        (["--port", "-1"], "at least 0"),
    ],
)
def test_bad_options_end_with_exit_2_and_one_line(args, words, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "usage" not in err


def test_make_server_checks_its_arguments():
    with pytest.raises(ValueError, match="threads"):
        server.make_server(lambda e, s: [], threads=0)
    with pytest.raises(TypeError):
        server.make_server(lambda e, s: [], threads="8")
    with pytest.raises(ValueError, match="port"):
        server.make_server(lambda e, s: [], port=65536)


@pytest.mark.slow
def test_the_thread_pool_is_bounded():
    """Twelve slow requests at once on a 2-thread server: never more than 2 run together."""
    import threading

    lock = threading.Lock()
    running = {"now": 0, "most": 0}

    def slow_app(environ, start_response):
        with lock:
            running["now"] += 1
            running["most"] = max(running["most"], running["now"])
        time.sleep(0.2)
        with lock:
            running["now"] -= 1
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"ok"]

    srv = server.make_server(slow_app, "127.0.0.1", 0, threads=2)
    url = f"http://127.0.0.1:{server.listening_port(srv)}/"
    loop = threading.Thread(target=srv.run, daemon=True)
    loop.start()
    answers = []

    def fetch():
        with urllib.request.urlopen(url, timeout=30) as response:
            answers.append(response.read())

    clients = [threading.Thread(target=fetch) for _ in range(12)]
    for client in clients:
        client.start()
    for client in clients:
        client.join(60)
    server.shutdown(srv)
    loop.join(10)
    assert not loop.is_alive()
    assert answers == [b"ok"] * 12
    assert running["most"] == 2
