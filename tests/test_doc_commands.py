"""Every command line in the shell blocks of the README and ``docs/`` runs, and does what the docs say.

``tests/docs_commands.py`` reads the blocks (its docstring has the docs'
conventions: ``[...]`` optional parts, ``# fails: "..."`` for a command meant
to fail, ``# {...}`` for values of its ``--json`` output).

- ``python -m solver ...``: the quick ones run in the fast tier, in this
  process through ``solver.cli.main.main`` (what ``python -m solver`` runs);
  the ones that take a second or more (:data:`SLOW`) run as real
  subprocesses in the slow tier.  Each must end with status 0, or, when the
  docs mark it ``fails:``, with status 2 and one line on stderr.
- ``python -m dashboard ...``: its options parse.
- ``python benchmarks/NAME.py ...``: the script exists, and (slow tier) every
  option the docs give is in its ``--help``.
- ``python -m pytest ...``, ``pip install``, ``bash scripts/...``: the paths,
  extras and markers they name exist.

A command of any other kind fails the test, so a new kind of example gets a
check before it lands in the docs.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

import pytest
from docs_commands import PAGES, ROOT, DocCommand, doc_commands

COMMANDS = doc_commands()
SOLVER = [c for c in COMMANDS if c.module == "solver"]
#: ``python -m solver`` commands of the docs that take a second or more here
#: (their words after ``-m solver``): they run in the slow tier.
SLOW = {
    "solve --bound 1e9 --json",
    "solve --bound 1000000000 --json",
    "records --bound 1e8",
    "bfile --sequence P --bound 1e8 -o b.txt",
    "bfile --sequence P --bound 1e8 --partial",
    "compare",
    "compare --n 10000 --bound 1e6 --json",
    "plane --rule wythoff --size 2000",
    "cold-positions --limit 4e7 --misere --json",
    "sum 5 5",
}


def _key(command: DocCommand) -> str:
    return " ".join(command.arguments)


def _check_result(command: DocCommand, status: int, out: str, err: str) -> None:
    where = f"{command.page}:{command.line}: {command.text}"
    if command.fails:
        assert status == 2, f"{where}: meant to fail with status 2, got {status}; stderr {err!r}"
        lines = err.splitlines()
        # argparse's own refusals name the subcommand: "python -m solver graph-game: error: argument --graph: ..."
        first = re.match(r"python -m solver( [a-z-]+)?: error: ", lines[0]) if lines else None
        assert len(lines) == 1 and first is not None, f"{where}: stderr {err!r}"
        if command.failure_text is not None:
            assert command.failure_text in lines[0], f"{where}: the docs say {command.failure_text!r}, got {lines[0]!r}"
        return
    assert status == 0, f"{where}: status {status}; stderr {err[-2000:]!r}"
    assert "Traceback" not in err, f"{where}: {err[-2000:]}"
    if "-o" not in command.arguments:  # (with -o FILE the output goes to the file)
        assert out.strip(), f"{where}: printed nothing"
    want = command.json_values
    if want is not None and "--json" in command.arguments:
        got = json.loads(out)
        for key, value in want.items():
            assert got.get(key) == value, (
                f"{where}: the docs say {key} = {value!r}, the command prints {got.get(key)!r}"
            )


def test_the_docs_have_commands_of_each_kind():
    # The reader must find something: a parser that found nothing would pass vacuously.
    assert len(SOLVER) >= 40
    pages = {c.page for c in SOLVER}
    assert {"README.md", "docs/cli.md", "docs/impartial-games.md"} <= pages
    assert any(c.fails for c in SOLVER), "no command is marked as meant to fail"
    assert any(c.json_values for c in SOLVER), "no command gives the values of its output"
    assert {c.module for c in COMMANDS} >= {"solver", "dashboard", "pytest"}
    assert any(c.script for c in COMMANDS)


def test_every_slow_entry_is_still_in_the_docs():
    assert {_key(c) for c in SOLVER} >= SLOW, sorted(SLOW - {_key(c) for c in SOLVER})


@pytest.mark.parametrize("command", [c for c in SOLVER if _key(c) not in SLOW], ids=lambda c: c.id)
def test_a_quick_solver_command_runs(command, capsys, tmp_path, monkeypatch):
    from solver.cli.main import main

    monkeypatch.setenv("PTSQ_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    if command.stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(command.stdin.encode()), encoding="utf-8"))
    try:
        status = main(command.arguments)
    except SystemExit as exc:  # argparse's own errors
        status = exc.code
    out, err = capsys.readouterr()
    _check_result(command, status, out, err)


@pytest.mark.slow
@pytest.mark.parametrize("command", [c for c in SOLVER if _key(c) in SLOW], ids=lambda c: c.id)
def test_a_slow_solver_command_runs(command):
    # A folder of its own for the solve cache and the files written (a 10**9 solve is 1 GB): removed after.
    with tempfile.TemporaryDirectory(prefix="ptsq-doc-") as folder:
        result = subprocess.run(
            [sys.executable, "-m", "solver", *command.arguments],
            cwd=folder,
            env=dict(os.environ, PTSQ_CACHE_DIR=str(Path(folder) / "cache"), PYTHONPATH=str(ROOT)),
            input=command.stdin,
            capture_output=True,
            text=True,
            timeout=1800,
        )
    _check_result(command, result.returncode, result.stdout, result.stderr)


@pytest.mark.parametrize("command", [c for c in COMMANDS if c.module == "dashboard"], ids=lambda c: c.id)
def test_a_dashboard_command_parses(command):
    from dashboard.__main__ import build_parser

    build_parser().parse_args(command.arguments)  # a bad option exits with status 2


_BENCHMARKS = [c for c in COMMANDS if c.script is not None]


@pytest.mark.parametrize("command", _BENCHMARKS, ids=lambda c: c.id)
def test_a_benchmark_of_the_docs_exists(command):
    assert command.script.startswith("benchmarks/"), command.text
    assert (ROOT / command.script).is_file(), command.text


@pytest.mark.slow
@pytest.mark.parametrize("command", _BENCHMARKS, ids=lambda c: c.id)
def test_the_options_of_a_benchmark_of_the_docs_are_in_its_help(command):
    result = subprocess.run(
        [sys.executable, command.script, "--help"], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.startswith("usage:"), f"{command.script} --help ran instead of printing its usage"
    for option in (word for word in command.arguments if word.startswith("--")):
        assert re.search(rf"(^|\s|\[){re.escape(option)}\b", result.stdout), f"{command.text}: no {option} in --help"


#: pytest's options with a value that the docs use (the marker expression of ``-m`` is checked on its own), and
#: what the value must be: the workers of pytest-xdist and how it deals the tests out.
PYTEST_VALUES = {"-n": r"\d+|auto|logical", "--dist": r"load|loadfile|loadscope|loadgroup|worksteal|no"}


def _markers() -> set[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return {line.split(":")[0] for line in config["tool"]["pytest"]["ini_options"]["markers"]}


@pytest.mark.parametrize(
    "command", [c for c in COMMANDS if c.module not in ("solver", "dashboard") and c.script is None], ids=lambda c: c.id
)
def test_every_other_command_names_what_exists(command):
    words = list(command.argv)
    if command.module == "venv":
        return
    if command.module == "pytest":
        arguments = command.arguments
        for i, word in enumerate(arguments):
            if word == "-m":
                names = set(re.findall(r"[A-Za-z_]+", arguments[i + 1])) - {"not", "and", "or"}
                assert names <= _markers(), f"{command.text}: unknown markers {names - _markers()}"
            elif word in PYTEST_VALUES:
                assert i + 1 < len(arguments) and re.fullmatch(PYTEST_VALUES[word], arguments[i + 1]), command.text
            elif not word.startswith("-") and (i == 0 or arguments[i - 1] not in {"-m", *PYTEST_VALUES}):
                assert (ROOT / word.split("::")[0]).exists(), f"{command.text}: no {word}"
        return
    if words[0].endswith("/pip") and words[1:3] == ["install", "-e"]:
        target = words[3]
        extras = re.fullmatch(r"\.(?:\[(.+)\])?", target)
        assert extras, f"{command.text}: installs {target!r}, not this project"
        if extras.group(1):
            config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
            assert extras.group(1) in config["project"]["optional-dependencies"], command.text
        return
    if words[0] == "bash":
        assert (ROOT / words[1]).is_file(), command.text
        return
    pytest.fail(f"{command.page}:{command.line}: no check for {command.text!r}; add one to this test")


#: Paths the docs name that exist only in an installed copy, not in the checkout.
INSTALLED_ONLY = {"dashboard/assets"}


def test_every_path_the_docs_name_exists():
    # `solver/...`, `tests/...` and the like, in backticks: a file moved since is a stale doc.
    missing = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for path in re.findall(r"`((?:solver|dashboard|tests|benchmarks|docs|assets|scripts)/[\w./*-]+)`", text):
            if path in INSTALLED_ONLY:
                continue
            if not (list(ROOT.glob(path)) if "*" in path else (ROOT / path).exists()):
                missing.append(f"{page.name}: {path}")
    assert missing == []


@pytest.mark.slow
def test_the_docs_tables_of_the_rules_side_by_side_are_the_commands_output(capsys):
    from solver.cli.main import main

    assert main(["compare"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| `")]
    assert len(rows) >= 12
    for name in ("family.md", "mathematics.md"):
        text = (ROOT / "docs" / name).read_text(encoding="utf-8")
        assert "\n".join(rows) in text, f"docs/{name}'s table is not what `python -m solver compare` prints"
