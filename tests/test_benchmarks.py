"""The benchmark scripts' own behaviour: what they say when a tool is missing, their options, --quick.

The figures they print are measured on demand, never here; these tests run
their code paths with the measurements faked.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _script(name: str):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", ["load", "browser_latency", "first_launch", "first_view", "finite_pick"])
def test_a_browser_benchmark_without_playwright_says_so_in_one_line(name, monkeypatch):
    module = _script(name)
    # As if the test extras were not installed: importing playwright fails.
    monkeypatch.setitem(sys.modules, "playwright", None)
    monkeypatch.setitem(sys.modules, "playwright.sync_api", None)
    monkeypatch.setattr(sys, "argv", [f"{name}.py"])
    with pytest.raises(SystemExit) as stopped:
        module.main()
    message = str(stopped.value.code)
    assert "\n" not in message
    assert message.startswith(f"{name}.py: ") and "Playwright" in message and "pip install -e '.[test]'" in message


def test_load_starts_the_server_on_the_port_asked_for(monkeypatch):
    module = _script("load")
    seen = {}

    class Child:
        pid = 1

        def __init__(self, command, **kwargs):
            seen["command"] = command
            self.stdout = self

        def readline(self):
            return "Put-or-Take-a-Square explorer: open http://127.0.0.1:8123/  (8 threads; Ctrl+C stops it)\n"

    monkeypatch.setattr(module.subprocess, "Popen", Child)
    child, url = module.start_server({}, None, 8123)
    assert seen["command"][-2:] == ["--port", "8123"] and url == "http://127.0.0.1:8123/"


def test_load_has_a_port_option(monkeypatch, capsys):
    module = _script("load")
    monkeypatch.setattr(sys, "argv", ["load.py", "--help"])
    with pytest.raises(SystemExit):
        module.main()
    assert "--port PORT" in capsys.readouterr().out


def test_compare_methods_quick_measures_the_short_list(monkeypatch, capsys):
    module = _script("compare_methods")
    asked = []

    def fake_child(args, limit):
        asked.append(args[:2])
        return {"seconds": 0.5, "peak": 2**20, "times": [0.5], "layers": {}, "top": 0, "repeats": 0, "draw_entries": 0}

    monkeypatch.setattr(module, "_run_child", fake_child)
    monkeypatch.setattr(module, "_check_layers", lambda *args: True)
    monkeypatch.setattr(module, "_check_naive", lambda *args: True)
    monkeypatch.setattr(module.os, "remove", lambda path: None)
    monkeypatch.setattr(sys, "argv", ["compare_methods.py", "--quick"])
    module.main()
    solver_bounds, layer_ns, naive_bounds = module.QUICK
    assert [int(a[1]) for a in asked if a[0] == "layers"] == layer_ns
    assert [int(a[1]) for a in asked if a[0] == "naive"] == naive_bounds
    assert max(int(a[1]) for a in asked if a[0] == "solver") == max(solver_bounds) < 10**7
    # The quick list is a part of the full one: the same measurements, fewer sizes.
    assert set(layer_ns) < set(module.LAYER_NS) and set(naive_bounds) < set(module.NAIVE_BOUNDS)
    assert "layers" in capsys.readouterr().out


def test_estimates_prints_each_case_and_the_worst_ratio_per_game(monkeypatch, capsys):
    module = _script("estimates")
    measured = iter([0.05, 0.3, 5.0])  # seconds of CPU of kayles' cases (the first warms up)

    def fake(words):
        return {
            "status": 0,
            "estimate_seconds": 2.0,
            "estimate_bytes": 100 << 20,
            "cpu": next(measured),
            "memory": 50 << 20,
            "error": "",
        }

    monkeypatch.setattr(module, "run_case", fake)
    assert module.main(["--game", "kayles"]) == 0
    out = capsys.readouterr().out
    assert "nim-values --rule kayles --n 100000" in out and "2.00     5.00   2.50" in out
    assert out.rstrip().splitlines()[-1].split() == ["kayles", "2.50", "0.50", "over", "2"]


def test_first_view_refuses_an_unknown_game_in_one_line(monkeypatch, capsys):
    module = _script("first_view")
    monkeypatch.setattr(sys, "argv", ["first_view.py", "--games", "wythoff", "no-such-game"])
    with pytest.raises(SystemExit) as stopped:
        module.main()
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "unknown game(s): no-such-game" in err and "Traceback" not in err
