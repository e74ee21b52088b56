"""The command lines of the shell blocks of the README and ``docs/``, read for ``tests/test_doc_commands.py``.

A shell block is a fenced block marked ``bash``, ``sh`` or ``shell``.  Each
line is one command, or several joined by ``&&``; ``#`` starts a comment
(outside quotes).  The docs' conventions, which this module reads:

- ``[...]`` marks an optional part.  A part with a placeholder (a word in
  capitals: ``[--bound B]``, ``[-o FILE]``) is left out when the command
  runs; a part without one (``[--json]``, ``[--n 10000]``) is kept.
- A comment that starts with ``fails:`` marks a command meant to fail: it
  must end with exit status 2 and one line on stderr, and the text after
  ``fails:`` in double quotes, if any, must be part of that line.
- ``<<< 'TEXT'`` (a here-string) gives the command ``TEXT`` and a line break
  on its standard input (``--graph @-``).
- A comment that starts with a JSON object (``# {"positions": 4096, ...}``)
  gives values the command's ``--json`` output must have, when the command
  is run with ``--json``.
"""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The pages whose shell blocks are read: the README and every page of docs/.
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SHELL_LANGUAGES = ("bash", "sh", "shell")
#: A placeholder: a word of capitals (B, FILE, HOST), maybe inside other text (tcp://HOST:8786).
_PLACEHOLDER = re.compile(r"(?<![a-z0-9])[A-Z][A-Z_]*(?![a-z0-9])")
_PYTHON = re.compile(r"^(\S*/)?python3?$")


@dataclass(frozen=True)
class DocCommand:
    """One command of a docs page's shell block, as it is run.

    Attributes
    ----------
    page : str
        The page, relative to the repository (``docs/cli.md``).
    line : int
        Its line number in the page (from 1).
    text : str
        The line as written (one command of it, for lines joined by ``&&``).
    argv : tuple of str
        The words run: optional parts with placeholders left out.
    comment : str
        The comment after the command, without ``#``.
    stdin : str or None
        What a here-string (``<<< 'TEXT'``) gives the command on its standard
        input (``TEXT`` and a line break, as bash gives it), or None.
    """

    page: str
    line: int
    text: str
    argv: tuple[str, ...]
    comment: str
    stdin: str | None = None

    @property
    def id(self) -> str:
        return f"{self.page}:{self.line}:{' '.join(self.argv)[:70]}"

    @property
    def module(self) -> str | None:
        """``solver`` for ``python -m solver ...``, ``dashboard``, ``pytest``: the module run, if any."""
        if len(self.argv) >= 3 and _PYTHON.match(self.argv[0]) and self.argv[1] == "-m":
            return self.argv[2]
        return None

    @property
    def script(self) -> str | None:
        """``benchmarks/load.py`` for ``python benchmarks/load.py ...``: the script run, if any."""
        if len(self.argv) >= 2 and _PYTHON.match(self.argv[0]) and self.argv[1].endswith(".py"):
            return self.argv[1]
        return None

    @property
    def arguments(self) -> list[str]:
        """The words after the module or script."""
        if self.module is not None:
            return list(self.argv[3:])
        if self.script is not None:
            return list(self.argv[2:])
        return list(self.argv[1:])

    @property
    def fails(self) -> bool:
        """Whether the docs mark the command as meant to fail (``# fails: ...``)."""
        return self.comment.startswith("fails:")

    @property
    def failure_text(self) -> str | None:
        """The quoted part of a ``# fails: "..."`` comment: text the error line must contain."""
        found = re.search(r'"([^"]+)"', self.comment) if self.fails else None
        return found.group(1) if found else None

    @property
    def json_values(self) -> dict | None:
        """The JSON object a comment starts with, if any (values the ``--json`` output must have)."""
        if not self.comment.startswith("{"):
            return None
        try:
            value, _ = json.JSONDecoder().raw_decode(self.comment)
        except json.JSONDecodeError:
            return None
        return value if isinstance(value, dict) else None


def split_comment(line: str) -> tuple[str, str]:
    """Split a shell line into its command and its comment (``#`` outside quotes, at a word's start)."""
    quote = None
    for i, char in enumerate(line):
        if quote:
            if char == quote:
                quote = None
        elif char in "'\"":
            quote = char
        elif char == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip(), line[i + 1 :].strip()
    return line.rstrip(), ""


def drop_placeholders(command: str) -> str:
    """Leave out the ``[...]`` parts that hold a placeholder; keep the others, without brackets.

    Brackets inside quotes (``'.[test]'``) are text, not optional parts.
    """
    out: list[str] = []
    quote = None
    i = 0
    while i < len(command):
        char = command[i]
        if quote:
            quote = None if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "[" and "]" in command[i:]:
            end = command.index("]", i)
            inner = command[i + 1 : end]
            out.append("" if _PLACEHOLDER.search(inner) else inner)
            i = end + 1
            continue
        out.append(char)
        i += 1
    return "".join(out)


def shell_blocks(page: Path) -> list[tuple[int, str]]:
    """The lines of a page's shell blocks, with their line numbers."""
    found: list[tuple[int, str]] = []
    inside = False
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1):
        fence = line.strip()
        if fence.startswith("```"):
            inside = not inside and fence[3:].strip() in SHELL_LANGUAGES
            continue
        if inside and line.strip():
            found.append((number, line))
    return found


def doc_commands(pages: list[Path] = PAGES) -> list[DocCommand]:
    """Every command of the shell blocks of ``pages``, in page order."""
    commands = []
    for page in pages:
        name = str(page.relative_to(ROOT))
        for number, line in shell_blocks(page):
            text, comment = split_comment(line)
            for part in text.split("&&"):
                part = part.strip()
                if not part:
                    continue
                words = shlex.split(drop_placeholders(part))
                stdin = None
                if "<<<" in words:  # a here-string: its word is the standard input, not an argument
                    at = words.index("<<<")
                    stdin = words[at + 1] + "\n"
                    words = words[:at] + words[at + 2 :]
                commands.append(DocCommand(name, number, part, tuple(words), comment, stdin))
    return commands
