"""CI's check that the real-browser tests ran: read the JUnit report and count the ``browser`` marker.

``tests/conftest.py`` gives every test marked ``browser`` (whatever its
module is called) the JUnit property ``marker=browser``.  Usage::

    python .ci/browser_guard.py test-artifacts/junit.xml

Exits 0 and prints how many browser tests ran when at least one ran and none
was skipped; otherwise exits 1 with one line saying what is wrong (an
expected failure, xfail, ran and does not count as skipped).
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET


def browser_cases(junit: str) -> list[ET.Element]:
    """The test cases of a JUnit report that carry the property ``marker=browser``."""
    cases = ET.parse(junit).getroot().iter("testcase")
    return [
        case
        for case in cases
        if any(p.get("name") == "marker" and p.get("value") == "browser" for p in case.iter("property"))
    ]


def check(junit: str) -> tuple[bool, str]:
    """Whether the browser tests of the report all ran, and the line to print."""
    try:
        browser = browser_cases(junit)
    except (OSError, ET.ParseError) as exc:  # pytest stopped before it wrote a whole report
        return False, f"CI: no readable JUnit report at {junit} ({exc})"
    skipped = [c for c in browser if c.find("skipped") is not None and c.find("skipped").get("type") != "pytest.xfail"]
    xfailed = [c for c in browser if c.find("skipped") is not None and c.find("skipped").get("type") == "pytest.xfail"]
    if not browser:
        return False, "CI: no browser test ran"
    if skipped:
        names = ", ".join(f"{c.get('classname')}::{c.get('name')}" for c in skipped[:3])
        return (
            False,
            f"CI: {len(skipped)} of {len(browser)} browser test(s) were skipped ({names}{', ...' if len(skipped) > 3 else ''})",
        )
    return True, f"CI: {len(browser)} browser tests ran, none skipped ({len(xfailed)} expected failure(s))"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python .ci/browser_guard.py JUNIT.xml", file=sys.stderr)
        return 2
    ok, line = check(argv[0])
    print(line, file=sys.stdout if ok else sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
