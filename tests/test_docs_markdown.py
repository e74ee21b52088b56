"""The Markdown of the README and ``docs/``: code fences that open and close, shell examples a shell reads as meant.

Two slips this guards against: a merge left ``docs/cli.md`` with a stray
fence, which turned a whole section into code (and three commands outside
any block), and ``graph-games.md`` wrote ``--graph 0>1`` unquoted, which a
shell reads as ``--graph 0`` with its output sent to a file named ``1``.
``tests/test_doc_commands.py`` runs the commands through Python's ``shlex``,
which keeps ``0>1`` one word, so it did not see that.  This module is fast
(no command runs): it reads the pages, gives each shell block to
``bash -n``, and looks in shell blocks and inline code for an option's value
with an unquoted ``>``, ``<`` or ``|`` in it.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: The pages read: the README and every page of docs/ (as tests/docs_commands.py reads).
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SHELL_LANGUAGES = {"bash", "sh", "shell"}
_FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})(.*)$")


@dataclass
class Block:
    """A fenced code block: its info string (``bash``), first line (from 1) and text."""

    info: str
    line: int
    text: str


def read_blocks(markdown: str) -> tuple[list[Block], list[str]]:
    """The fenced blocks of ``markdown`` (CommonMark's fences) and what is wrong with its fences.

    A problem is a fence left open at the end, or a line inside a block that
    opens a fence with an info string (`````bash``): it cannot close the block,
    so a block meant to close before it did not (a stray fence above).
    """
    blocks: list[Block] = []
    problems: list[str] = []
    open_fence: tuple[str, int, str, int] | None = None  # fence characters, their count, info, line
    body: list[str] = []
    for number, line in enumerate(markdown.splitlines(), start=1):
        match = _FENCE.match(line)
        if open_fence is None:
            if match and not (match.group(2)[0] == "`" and "`" in match.group(3)):
                open_fence = (match.group(2)[0], len(match.group(2)), match.group(3).strip(), number)
                body = []
            continue
        char, count, info, start = open_fence
        if match and match.group(2)[0] == char and len(match.group(2)) >= count and not match.group(3).strip():
            blocks.append(Block(info, start, "\n".join(body)))
            open_fence = None
        elif match and match.group(3).strip():
            problems.append(
                f"line {number}: a fence with an info string ({line.strip()!r}) inside the block opened on line "
                f"{start}: a fence above it is stray or missing"
            )
            body.append(line)
        else:
            body.append(line)
    if open_fence is not None:
        problems.append(f"line {open_fence[3]}: a fence never closed")
    return blocks, problems


#: An option's value with ``>``, ``<`` or ``|`` in it, outside quotes: ``--graph 0>1``, ``--arrows=5>12``.  A
#: redirect of a descriptor (``2>/dev/null``, ``2>&1``) is not a value.
_UNQUOTED_OPERATOR = re.compile(r"(?<!\S)(--?[\w-]+)[ =](?!\d*[<>][&/])([^\s\"'<>|;&]+[<>|]\S*)")
_QUOTED = re.compile(r"\"(?:[^\"\\]|\\.)*\"|'[^']*'")
_INLINE_CODE = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)")


def unquoted_operators(command: str) -> list[str]:
    """The option values of ``command`` that a shell would cut at an unquoted ``>``, ``<`` or ``|``."""
    bare = _QUOTED.sub('""', command.split(" #", 1)[0])
    return [f"{m.group(1)} {m.group(2)}" for m in _UNQUOTED_OPERATOR.finditer(bare)]


def shell_commands(markdown: str) -> list[tuple[int, str]]:
    """Every command line of the shell blocks, and every inline code span that holds an option, with its line."""
    blocks, _ = read_blocks(markdown)
    commands = [
        (block.line + i, line)
        for block in blocks
        if block.info.split()[:1] and block.info.split()[0] in SHELL_LANGUAGES
        for i, line in enumerate(block.text.splitlines(), start=1)
    ]
    inside = {line for block in blocks for line in range(block.line, block.line + block.text.count("\n") + 2)}
    for number, line in enumerate(markdown.splitlines(), start=1):
        if number not in inside:
            commands += [
                (number, m.group(2)) for m in _INLINE_CODE.finditer(line) if re.search(r"(^| )--?\w", m.group(2))
            ]
    return commands


@pytest.mark.parametrize("page", PAGES, ids=[p.relative_to(ROOT).as_posix() for p in PAGES])
def test_code_fences_open_and_close(page):
    _blocks, problems = read_blocks(page.read_text(encoding="utf-8"))
    assert problems == [], page.name


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash")
@pytest.mark.parametrize("page", PAGES, ids=[p.relative_to(ROOT).as_posix() for p in PAGES])
def test_shell_blocks_parse_as_bash_reads_them(page):
    blocks, _ = read_blocks(page.read_text(encoding="utf-8"))
    for block in blocks:
        if block.info.split()[:1] and block.info.split()[0] in SHELL_LANGUAGES:
            done = subprocess.run(["bash", "-n"], input=block.text, capture_output=True, text=True, timeout=60)
            assert done.returncode == 0, f"{page.name}, block of line {block.line}: {done.stderr}"


@pytest.mark.parametrize("page", PAGES, ids=[p.relative_to(ROOT).as_posix() for p in PAGES])
def test_no_option_value_holds_an_unquoted_redirect_or_pipe(page):
    found = [
        f"line {number}: {value}"
        for number, command in shell_commands(page.read_text(encoding="utf-8"))
        for value in unquoted_operators(command)
    ]
    assert found == [], f"{page.name}: quote these values"


def test_the_checks_find_what_they_are_for():
    # The slips of issue 36, and what is fine.
    assert unquoted_operators("python -m solver graph-game --game tokens --graph 0>1") == ["--graph 0>1"]
    assert unquoted_operators("graph-game --arrows=5>12,14>3 --tokens 1") == ["--arrows 5>12,14>3"]
    assert unquoted_operators('graph-game --graph "0>1,1>0" --tokens 0') == []
    assert unquoted_operators("graph-game --graph '0>1' --json | head -3 2>/dev/null") == []
    assert unquoted_operators("solve --bound 100 2>&1 > out.txt") == []
    assert unquoted_operators("classify 5 # a comment: --graph 0>1") == []
    stray = "```bash\na\n```\n\ntext\n```\n\n## Section\n\n```bash\nb\n```\n"
    assert read_blocks(stray)[1] == [
        "line 10: a fence with an info string ('```bash') inside the block opened on line 6: "
        "a fence above it is stray or missing"
    ]
    assert read_blocks("```python\nx = 1\n")[1] == ["line 1: a fence never closed"]
    blocks, problems = read_blocks("````\n```\nnot a fence here\n```\n````\n~~~bash\nls\n~~~\n")
    assert problems == [] and [(b.info, b.line) for b in blocks] == [("", 1), ("bash", 6)]
    assert shell_commands("Run `tokens --graph 0>1` or `x > y`.\n") == [(1, "tokens --graph 0>1")]
    if shutil.which("bash"):
        assert subprocess.run(["bash", "-n"], input='echo "open', capture_output=True, text=True).returncode != 0
