"""``@FILE`` and ``@-``: every graph and position of ``python -m solver`` read from a file or standard input.

A graph of 100,000 arcs is about a million characters: more than one
command-line argument may hold on Linux (128 KiB), so it can only be given
through a file or a pipe.  The text read goes through the same parsing as a
typed one, so each command's answer (or refusal) is compared with the answer
to the same text typed in the argument list, which ``main`` takes in this
process without the system's limit.
"""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import solver.cli.common as cli_common
import solver.cli.main as cli

ROOT = Path(__file__).resolve().parents[1]
PROG = "python -m solver"
#: The most bytes one command-line argument may hold on Linux (MAX_ARG_STRLEN, 32 pages of 4 KiB).
ARGUMENT_LIMIT = 128 * 1024
#: Vertices of the large graphs.
VERTICES = 10_000


def run_here(*argv: str) -> tuple[int, str, str]:
    """Run ``main`` in this process; return (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main(list(argv))
        except SystemExit as exc:
            status = 0 if exc.code is None else int(exc.code)
    return status, out.getvalue(), err.getvalue()


def refused(*argv: str) -> str:
    """The one line of a refusal (exit status 2, nothing on stdout)."""
    status, out, err = run_here(*argv)
    assert status == 2, (status, out, err)
    assert out == ""
    assert err.count("\n") == 1 and err.startswith(PROG), err
    assert "Traceback" not in err
    return err


def _stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def large_graph(directed: bool) -> str:
    """100,000 arcs (or edges) on 10,000 vertices: each vertex joined to the ten after it, round the circle."""
    sep = ">" if directed else "-"
    pairs = sorted(
        (min(v, (v + k) % VERTICES), max(v, (v + k) % VERTICES)) if not directed else (v, (v + k) % VERTICES)
        for v in range(VERTICES)
        for k in range(1, 11)
    )
    return ",".join(f"{u}{sep}{w}" for u, w in pairs)


@pytest.fixture(scope="module")
def arcs_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    text = large_graph(directed=True)
    path = tmp_path_factory.mktemp("graphs") / "arcs.txt"
    path.write_text(text + "\n", encoding="utf-8")
    return path, text


def test_the_large_graph_cannot_be_one_argument(arcs_file):
    _path, text = arcs_file
    assert text.count(">") == 100_000
    assert len(text.encode()) > ARGUMENT_LIMIT


def test_a_100000_arc_graph_from_a_file_answers(arcs_file):
    path, text = arcs_file
    argv = ["graph-game", "--game", "tokens", "--tokens", "0,5,17", "--json"]
    status, out, err = run_here(*argv, "--graph", f"@{path}")
    assert status == 0, err
    answer = json.loads(out)
    assert len(answer["values"]) == VERTICES
    assert run_here(*argv, "--graph", text) == (status, out, err)


def test_a_100000_arc_graph_from_standard_input_answers(arcs_file, monkeypatch):
    path, text = arcs_file
    argv = ["graph-game", "--game", "tokens", "--tokens", "3", "--json"]
    _stdin(monkeypatch, path.read_bytes())
    status, out, err = run_here(*argv, "--graph", "@-")
    assert status == 0, err
    assert (status, out, err) == run_here(*argv, "--graph", text)


def test_a_100000_edge_graph_is_refused_by_the_game_not_by_its_length(tmp_path):
    text = large_graph(directed=False)
    assert text.count("-") == 100_000
    path = tmp_path / "edges.txt"
    path.write_text(text, encoding="utf-8")
    err = refused("graph-game", "--game", "monochrome", "--graph", f"@{path}")
    # Monochrome's own refusal of the graph read (a component of all 10,000 vertices), not of the text's length
    assert "10000 vertices" in err and "argument" not in err and "characters" not in err, err
    assert err == refused("graph-game", "--game", "monochrome", "--graph", text)


# Every option that takes a graph or a position: (argv with {} for the text, the text).
EVERY_OPTION = [
    (["graph-game", "--game", "tokens", "--graph", "{}", "--tokens", "0,0,2", "--json"], "0>1,1>2,2>0,1>3"),
    (["graph-game", "--game", "tokens", "--graph", "cycle-5", "--tokens", "{}", "--json"], "0,0,2"),
    (["graph-game", "--game", "monochrome", "--graph", "{}", "--json"], "petersen"),
    (["graph-game", "--game", "monochrome", "--graph", "path-9", "--marked", "{}"], "0,4"),
    (["graph-game", "--game", "snakes-and-adders", "--size", "20", "--arrows", "{}", "--tokens", "1"], "5>12,14>3"),
    (["graph-game", "--game", "fair-shares", "--position", "{}", "--json"], "3+2+1"),
    (["eraserhead", "--graph", "{}", "--erasers", "0,2,4", "--json"], "cycle-9"),
    (["eraserhead", "--graph", "cycle-9", "--erasers", "{}"], "0,2,4"),
    (["magnetism", "--position", "{}", "--json"], "+...-.."),
    (["magnetism", "--position", "{}"], "-..+."),
    (["spring-cleaning", "--position", "{}", "--json"], "#####/#..../#...."),
    (["moves", "--game", "eraserhead", "{}", "--json"], "cycle-9:0,2,4"),
    (["moves", "--game", "chomp-3x3", "{}"], "###/##./#.."),
    (["classify", "--rule", "wythoff", "{}", "1,2"], "3,5"),
    (["tree", "{}", "--rule", "octal-0.137", "--depth", "2"], "3+4"),
    (["tree", "{}", "--depth", "1"], "10**3"),
    (["sum", "{}", "7", "--rule", "kayles", "--json"], "3+4"),
]


@pytest.mark.parametrize("argv, text", EVERY_OPTION, ids=[" ".join(a[:3]) for a, _ in EVERY_OPTION])
def test_every_graph_and_position_is_read_from_a_file_as_typed(argv, text, tmp_path, monkeypatch):
    typed = run_here(*(text if a == "{}" else a for a in argv))
    assert typed[0] == 0, typed[2]
    path = tmp_path / "text.txt"
    path.write_text(text + "\n", encoding="utf-8")
    assert run_here(*(f"@{path}" if a == "{}" else a for a in argv)) == typed
    _stdin(monkeypatch, text.encode())
    assert run_here(*("@-" if a == "{}" else a for a in argv)) == typed


def test_a_bad_text_read_from_a_file_is_refused_as_typed(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("0>1,1-2\n", encoding="utf-8")
    err = refused("graph-game", "--game", "tokens", "--graph", f"@{path}")
    assert err == refused("graph-game", "--game", "tokens", "--graph", "0>1,1-2")


def test_the_text_keeps_all_but_one_trailing_line_break(tmp_path):
    path = tmp_path / "crlf.txt"
    path.write_bytes("\ufeff0>1,1>2\r\n".encode())  # a byte order mark and a Windows line break
    argv = ["graph-game", "--game", "tokens", "--tokens", "0", "--json"]
    assert run_here(*argv, "--graph", f"@{path}") == run_here(*argv, "--graph", "0>1,1>2")
    lines = tmp_path / "lines.txt"
    lines.write_text("0>1\n1>2\n", encoding="utf-8")  # a line break inside stays: the text is read as typed
    err = refused("graph-game", "--game", "tokens", "--graph", f"@{lines}")
    assert err == refused("graph-game", "--game", "tokens", "--graph", "0>1\n1>2")


def test_the_option_and_its_value_in_one_word(tmp_path):
    path = tmp_path / "arcs.txt"
    path.write_text("0>1,1>2", encoding="utf-8")
    argv = ["graph-game", "--game", "tokens", "--tokens", "0", "--json"]
    assert run_here(*argv, f"--graph=@{path}") == run_here(*argv, "--graph", "0>1,1>2")


def test_at_at_escapes_a_literal_at():
    err = refused("graph-game", "--game", "tokens", "--graph", "@@0>1")
    assert "'@0>1'" in err and "cannot read" not in err


@pytest.mark.parametrize(
    "name, words",
    [
        ("missing.txt", "cannot read @{dir}/missing.txt: no such file"),
        (".", "cannot read @{dir}/.: it is a directory, not a file"),
    ],
)
def test_a_file_that_cannot_be_read(name, words, tmp_path):
    err = refused("graph-game", "--game", "tokens", "--graph", f"@{tmp_path}/{name}")
    assert "argument --graph: " + words.format(dir=tmp_path) in err
    assert "@- standard input" in err  # the forms, for a text that starts with @


def test_an_unreadable_file(tmp_path, monkeypatch):
    path = tmp_path / "secret.txt"
    path.write_text("0>1", encoding="utf-8")

    def denied(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(cli_common, "open", denied, raising=False)
    err = refused("eraserhead", "--graph", f"@{path}", "--erasers", "0")
    assert f"argument --graph: cannot read @{path}: permission denied" in err


def test_bytes_that_are_not_utf8(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"0-1,1-2,caf\xe9")
    err = refused("graph-game", "--game", "monochrome", "--graph", f"@{path}")
    assert f"@{path} is not UTF-8 text: byte 0xe9 at offset 11" in err


def test_a_file_over_the_limit_is_refused_before_it_is_read_whole(tmp_path, monkeypatch):
    monkeypatch.setattr(cli_common, "MAX_ARGUMENT_FILE_BYTES", 1000)
    path = tmp_path / "big.txt"
    path.write_text("0>1," * 300, encoding="utf-8")
    err = refused("graph-game", "--game", "tokens", "--graph", f"@{path}")
    assert f"@{path} is larger than 1,000 bytes" in err
    _stdin(monkeypatch, b"+" * 1001)
    assert "standard input (@-) is larger than 1,000 bytes" in refused("magnetism", "--position", "@-")
    _stdin(monkeypatch, b"+" * 1000)  # at the limit: read, then refused as a strip
    assert "larger" not in refused("magnetism", "--position", "@-")


def test_the_limit_is_stated():
    assert cli_common.MAX_ARGUMENT_FILE_BYTES == 4 * 2**20
    assert "@FILE" in cli_common.argument_text.__doc__


def test_an_empty_file_or_standard_input(tmp_path, monkeypatch):
    path = tmp_path / "empty.txt"
    path.write_text("\n", encoding="utf-8")
    assert f"@{path} is empty" in refused("spring-cleaning", "--position", f"@{path}")
    _stdin(monkeypatch, b"")
    err = refused("moves", "--game", "monochrome", "@-")
    assert "@- read nothing from standard input" in err


def test_standard_input_on_a_terminal_or_closed(monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", Terminal("0>1"))
    assert "which is a terminal here" in refused("graph-game", "--game", "tokens", "--graph", "@-")
    monkeypatch.setattr(sys, "stdin", None)
    assert "which is closed" in refused("graph-game", "--game", "tokens", "--graph", "@-")


def test_a_lone_at():
    assert "a lone @ names no file" in refused("classify", "--rule", "wythoff", "@")


def test_standard_input_is_read_once(monkeypatch):
    _stdin(monkeypatch, b"3+4")
    err = refused("sum", "@-", "@-", "--rule", "kayles")
    assert "@- read nothing from standard input" in err and "one argument only" in err


@pytest.mark.slow
def test_the_program_reads_a_100000_arc_graph_from_a_pipe_but_not_from_its_arguments(arcs_file):
    path, text = arcs_file
    command = [sys.executable, "-m", "solver", "graph-game", "--game", "tokens", "--tokens", "1", "--json"]
    with path.open("rb") as handle:
        done = subprocess.run(
            [*command, "--graph", "@-"], cwd=ROOT, stdin=handle, capture_output=True, timeout=300, check=False
        )
    assert done.returncode == 0, done.stderr
    assert len(json.loads(done.stdout)["values"]) == VERTICES
    with pytest.raises(OSError) as raised:  # E2BIG: the text does not fit in one argument
        subprocess.run([*command, "--graph", text], cwd=ROOT, capture_output=True, timeout=300, check=False)
    assert raised.value.errno == 7
