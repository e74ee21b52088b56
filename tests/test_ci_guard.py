"""CI's browser guard (``.ci/browser_guard.py``) counts the ``browser`` marker, not module names."""

from __future__ import annotations

import ast
import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"


def _guard():
    spec = importlib.util.spec_from_file_location("browser_guard", ROOT / ".ci" / "browser_guard.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _case(name: str, browser: bool, skipped: str | None = None) -> str:
    properties = '<properties><property name="marker" value="browser" /></properties>' if browser else ""
    skip = f'<skipped type="{skipped}" message="m" />' if skipped else ""
    return f'<testcase classname="tests.test_urlstate" name="{name}" time="0.1">{properties}{skip}</testcase>'


def _report(tmp_path: Path, *cases: str) -> str:
    path = tmp_path / "junit.xml"
    path.write_text(
        f'<?xml version="1.0"?><testsuites><testsuite name="pytest">{"".join(cases)}</testsuite></testsuites>'
    )
    return str(path)


def test_the_guard_counts_marked_tests_in_any_module(tmp_path):
    guard = _guard()
    ok, line = guard.check(_report(tmp_path, _case("a", True), _case("b", True, "pytest.xfail"), _case("c", False)))
    assert ok and line == "CI: 2 browser tests ran, none skipped (1 expected failure(s))"


def test_the_guard_fails_on_a_skipped_browser_test_outside_test_browser_modules(tmp_path):
    guard = _guard()
    ok, line = guard.check(_report(tmp_path, _case("a", True), _case("b", True, "pytest.skip")))
    assert not ok and line.startswith("CI: 1 of 2 browser test(s) were skipped (tests.test_urlstate::b")


def test_the_guard_fails_when_no_browser_test_ran(tmp_path):
    guard = _guard()
    assert guard.check(_report(tmp_path, _case("c", False))) == (False, "CI: no browser test ran")


_MODULE = """
import pytest

pytestmark = pytest.mark.browser


def test_marked():
    pass


@pytest.mark.skip(reason="no browser here")
def test_marked_and_skipped():
    pass
"""


@pytest.mark.slow
def test_the_conftest_records_the_marker_in_the_junit_report(tmp_path):
    # A browser module with any name: the project's own conftest marks its tests in the report.
    shutil.copy(TESTS / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "test_elsewhere.py").write_text(_MODULE)
    junit = tmp_path / "junit.xml"
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:dash", f"--junitxml={junit}"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    guard = _guard()
    assert [c.get("name") for c in guard.browser_cases(str(junit))] == ["test_marked", "test_marked_and_skipped"]
    done = subprocess.run(
        [sys.executable, str(ROOT / ".ci" / "browser_guard.py"), str(junit)], capture_output=True, text=True
    )
    assert done.returncode == 1
    assert done.stderr.startswith("CI: 1 of 2 browser test(s) were skipped (test_elsewhere::test_marked_and_skipped")


def _marked_browser(decorators: list[ast.expr]) -> bool:
    return any("mark.browser" in ast.unparse(d) for d in decorators)


def test_every_test_that_drives_a_browser_is_marked_browser():
    # A test that asks for Playwright's page (as an argument or through
    # request.getfixturevalue) is a browser test: marked, so the fast tier
    # leaves it out and CI's guard counts it.
    unmarked = []
    for path in sorted(TESTS.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module_marked = any(
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets)
            and "mark.browser" in ast.unparse(node.value)
            for node in tree.body
        )
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef) or not node.name.startswith("test_"):
                continue
            parametrized = " ".join(ast.unparse(d) for d in node.decorator_list if "parametrize" in ast.unparse(d))
            fixture = "page" in {a.arg for a in node.args.args} and "'page'" not in parametrized
            asked = any(
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Attribute)
                and call.func.attr == "getfixturevalue"
                and [ast.unparse(a) for a in call.args] == ["'page'"]
                for call in ast.walk(node)
            )
            asks = fixture or asked
            if asks and not (module_marked or _marked_browser(node.decorator_list)):
                unmarked.append(f"{path.name}::{node.name}")
    assert unmarked == []


def test_the_guard_fails_without_a_report(tmp_path):
    ok, line = _guard().check(str(tmp_path / "missing.xml"))
    assert not ok and line.startswith(f"CI: no readable JUnit report at {tmp_path / 'missing.xml'}")
    (tmp_path / "cut.xml").write_text('<?xml version="1.0"?><testsuites><testsuite name="pytest"><testcase')
    assert _guard().check(str(tmp_path / "cut.xml"))[0] is False


#: A stand-in for the virtual environment's python: ``-m pytest`` writes a report with one browser
#: test and exits with $FAKE_PYTEST_STATUS; anything else (the guard) runs with the real interpreter.
_FAKE_PYTHON = """#!/usr/bin/env bash
if [ "$1" = "-m" ] && [ "$2" = "pytest" ]; then
    echo '<?xml version="1.0"?><testsuites><testsuite name="pytest"><testcase classname="t" name="b">'\\
'<properties><property name="marker" value="browser" /></properties></testcase></testsuite></testsuites>' \\
        > test-artifacts/junit.xml
    exit "$FAKE_PYTEST_STATUS"
fi
echo "guard ran" >> guard.log
exec "$REAL_PYTHON" "$@"
"""


@pytest.mark.parametrize("pytest_status", [0, 1])
def test_ci_runs_the_browser_guard_whatever_pytest_says(tmp_path, pytest_status):
    # The tail of .ci/run, from the tests on, under its own `set -euo pipefail`, with pytest stood in for.
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    head = script.split("\n", 1)[0]
    tail = script[script.index("mkdir -p test-artifacts") :]
    (tmp_path / ".ci").mkdir()
    shutil.copy(ROOT / ".ci" / "browser_guard.py", tmp_path / ".ci" / "browser_guard.py")
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    fake = tmp_path / ".venv" / "bin" / "python"
    fake.write_text(_FAKE_PYTHON)
    fake.chmod(0o755)
    (tmp_path / "tail").write_text(f"{head}\nset -euo pipefail\n{tail}")
    env = {"PATH": "/usr/bin:/bin", "REAL_PYTHON": sys.executable, "FAKE_PYTEST_STATUS": str(pytest_status)}
    done = subprocess.run(["bash", "tail"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert (tmp_path / "guard.log").read_text() == "guard ran\n", done.stderr
    assert "CI: 1 browser tests ran, none skipped" in done.stdout
    if pytest_status:
        assert done.returncode == pytest_status and "CI: the tests failed (pytest exit status 1)" in done.stderr
    else:
        assert done.returncode == 0, done.stderr


def test_ci_runs_the_readmes_test_command():
    # The README's second command installs the test extras and runs the tests; CI runs the same pytest command,
    # with a JUnit report added for the browser guard.
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    install = next(line for line in readme.splitlines() if "pip install -e '.[test]'" in line and "pytest" in line)
    command = install.rsplit("&& ", 1)[1].strip()
    assert command.startswith(".venv/bin/python -m pytest")
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    runs = [line for line in script.splitlines() if line.startswith(".venv/bin/python -m pytest")]
    assert len(runs) == 1
    assert re.sub(r" --junitxml=\S+| \|\| tests=\$\?", "", runs[0]) == command
